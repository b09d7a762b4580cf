"""Fixed-size encodings of any compiled game: the action space (every move the game can ever offer) and the
observation vector (what one seat's view holds), both worked out from the Program, nothing written per game."""
from __future__ import annotations

from array import array
from itertools import combinations

import attrs
import numpy as np

from interpreter.program import Choice, Proc

# Where a number of the observation may lie: counts, sizes, scores and variables stay well inside it (a float32
# holds every whole number up to 2**24 exactly).
BOUND = float(2**24)


@attrs.frozen
class Action:
    """One entry of the action space: a verb, what it takes (a card identity, a seat counted from the acting
    one, a value, a number, an example rule) and the calls said with it."""

    verb: str
    kind: str  # "" | card | player | value | number | rule
    item: object = None
    calls: frozenset = frozenset()
    label: str = ""


@attrs.frozen
class Segment:
    """A run of the observation vector: its name, where it starts, how long it is, and what each entry is."""

    name: str
    start: int
    size: int
    what: str
    labels: tuple = ()


def choices_of(program, extra: tuple = ()) -> tuple[list[Choice], bool]:
    """Every option of every decision the compiled game (and the rules in `extra`) can ask, found in its
    procedures' code and the tables the generated code reads, so nothing is listed twice or by hand; and
    whether it ever makes a claim."""
    found: dict = {}
    seen: set = set()
    roots = [program.setup, program.turn, program.main, program.score, program.procs, program.rules,
             list(program.namespace.values()), *extra]
    for root in roots:
        _walk(root, found, seen, 0)
    claims = found.pop("claim", False)
    return list(found.values()), claims


def _walk(obj, found: dict, seen: set, depth: int) -> None:
    if depth > 8 or id(obj) in seen or isinstance(obj, (str, bytes, int, float, type(None))):
        return
    seen.add(id(obj))
    if isinstance(obj, Choice):
        found[id(obj)] = obj
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            _walk(x, found, seen, depth + 1)
    elif isinstance(obj, dict):
        for x in obj.values():
            _walk(x, found, seen, depth + 1)
    elif isinstance(obj, Proc):
        _walk(obj.code, found, seen, depth + 1)
    elif hasattr(obj, "proc") and isinstance(getattr(obj, "proc", None), Proc):  # a Rule
        _walk(obj.proc, found, seen, depth + 1)
    elif callable(obj) and getattr(obj, "__closure__", None):  # an instruction made by a closure (ask, race)
        if getattr(obj, "__qualname__", "").startswith("op_claim."):
            found["claim"] = True
        for cell in obj.__closure__:
            try:
                _walk(cell.cell_contents, found, seen, depth + 1)
            except ValueError:  # an empty cell
                pass


KIND_ORDER = {"": 0, "card": 1, "player": 2, "value": 3, "number": 4, "rule": 5}


class Encoding:
    """The action space and observation layout of one game for a number of players."""

    def __init__(self, program, players: int, examples: tuple | None = None):
        self.program = program
        self.n = players
        self.examples = tuple(program.examples if examples is None else examples)
        # Card identities: cards of one short name are one identity (two Red 7s are the same move).  Real cards
        # come first in the program, so the identities of cards that lie in zones are the first `real`.
        self.ident_of: list[int] = []
        self.idents: list[str] = []
        index: dict = {}
        for c in program.cards:
            if c.short not in index:
                index[c.short] = len(self.idents)
                self.idents.append(c.short)
            self.ident_of.append(index[c.short])
        self.real = max((self.ident_of[c] for c in range(program.deck_size)), default=-1) + 1
        # Values: every value of every named attribute, once each.
        self.values: list[str] = []
        for a in program.attributes.values():
            for v in a.values:
                if v.name not in self.values:
                    self.values.append(v.name)
        self.value_index = {v: i for i, v in enumerate(self.values)}
        # Numbers: those of the numbered attributes (an option over values may offer them: `change 7`), and
        # for an option over numbers, every count of cards too.
        ranges = [(a.low, a.high) for a in program.attributes.values() if a.numeric]
        self.attr_numbers = sorted({k for lo, hi in ranges for k in range(lo, hi + 1)})
        self.numbers = sorted(set(self.attr_numbers) | set(range(program.deck_size + 1)))
        self._actions()
        self._layout()

    # ------------------------------------------------------------------ actions

    def _actions(self) -> None:
        p = self.program
        extra = []
        for text in self.examples:  # a rule written in play may ask what the file does not
            try:
                extra.append(p.compile_rule(text, None, 0))
            except Exception:  # noqa: BLE001 - an example that does not compile offers nothing more
                continue
        choices, self.claims = choices_of(p, tuple(extra))
        groups = sorted({(c.verb, c.kind or "") for c in choices},
                        key=lambda g: (KIND_ORDER.get(g[1], 9), g[0]))
        self.groups = groups
        actions: list[Action] = []
        n = self.n

        def seat_label(o: int) -> str:
            return "self" if o == 0 else f"+{o}"

        for verb, kind in groups:
            if kind == "":
                actions.append(Action(verb, kind, None, frozenset(), verb))
            elif kind == "card":
                actions += [Action(verb, kind, i, frozenset(), f"{verb} {s}") for i, s in enumerate(self.idents)]
            elif kind == "player":
                actions += [Action(verb, kind, o, frozenset(), f"{verb} {seat_label(o)}") for o in range(n)]
            elif kind == "value":
                actions += [Action(verb, kind, v, frozenset(), f"{verb} {v}") for v in self.values + self.attr_numbers]
            elif kind == "number":
                actions += [Action(verb, kind, k, frozenset(), f"{verb} {k}") for k in self.numbers]
            elif kind == "rule":
                count = max(1, len(self.examples))
                actions += [Action(verb, kind, i, frozenset(), f"{verb} example rule {i + 1}") for i in range(count)]
        # Calls go with a card played (as a person says "UNO!" laying the card): each card action once more for
        # every set of calls the game declares.
        calls = sorted(p.calls)
        self.call_sets = [frozenset(s) for k in range(1, len(calls) + 1) for s in combinations(calls, k)]
        card_actions = [a for a in actions if a.kind == "card"]
        for cs in self.call_sets:
            said = " ".join(sorted(cs))
            actions += [attrs.evolve(a, calls=cs, label=f"{a.label} {said}") for a in card_actions]
        self.actions = actions
        self.index = {(a.verb, a.kind, a.item, a.calls): i for i, a in enumerate(actions)}
        self.rule_base = {a.verb: i for i, a in enumerate(actions) if a.kind == "rule" and a.item == 0}
        self.size = len(actions)
        self._subsets: dict = {}

    def legal(self, decision, seat: int) -> dict:
        """The decision's moves by action: action index -> (move, calls, rule text).  A move outside the action
        space (one only a rule written in play could offer) has no action and is left out."""
        out: dict = {}
        index = self.index
        ident = self.ident_of
        subsets = self._subsets.get(decision.calls)
        if subsets is None:
            offered = set(decision.calls)
            subsets = self._subsets[decision.calls] = [cs for cs in self.call_sets if cs <= offered]
        none = frozenset()
        for mv in decision.options:
            kind = mv.kind
            if kind == "card":
                key = ident[mv.arg]
                i = index.get((mv.verb, kind, key, none))
                if i is None:
                    continue
                out[i] = (mv, none, None)
                for cs in subsets:
                    out[index[(mv.verb, kind, key, cs)]] = (mv, cs, None)
            elif kind == "player":
                i = index.get((mv.verb, kind, (mv.arg - seat) % self.n, none))
                if i is not None:
                    out[i] = (mv, none, None)
            elif kind == "rule":
                base = self.rule_base.get(mv.verb)
                if base is None:
                    continue
                texts = self.examples or ("when turn_ends(player) if false { }",)  # a rule that changes nothing
                for k, text in enumerate(texts):
                    out[base + k] = (mv, none, text)
            else:
                i = index.get((mv.verb, kind, mv.arg if kind else None, none))
                if i is not None:
                    out[i] = (mv, none, None)
        return out

    def mask(self, legal: dict) -> np.ndarray:
        m = np.zeros(self.size, dtype=np.int8)
        if len(legal) > 24:
            m[list(legal)] = 1
        else:  # a few: one by one beats a list made into an index array
            for i in legal:
                m[i] = 1
        return m

    # ------------------------------------------------------------------ observations

    def _layout(self) -> None:
        p = self.program
        n = self.n
        segs: list[Segment] = []
        at = 0
        offsets = tuple("self" if o == 0 else f"+{o}" for o in range(n))
        real = tuple(self.idents[: self.real])

        def add(name, size, what, labels=()):
            nonlocal at
            segs.append(Segment(name, at, size, what, tuple(labels)))
            at += size
            return segs[-1].start

        self.at_current = add("current", n, "one-hot: whose turn it is, by seat counted from you", offsets)
        self.at_direction = add("direction", 1, "1 or -1: the direction of play")
        self.at_pending = add("pending.player", n, "one-hot: whose decision is pending", offsets)
        self.at_window = add("pending.window", 1, "1 when the pending decision is a window (`ask`: act or pass)")
        self.verb_group = {g: i for i, g in enumerate(self.groups)}
        self.at_verbs = add("pending.verbs", len(self.groups), "1 for each kind of move your pending decision offers",
                            [f"{v} {k or '-'}".strip() for v, k in self.groups])
        self.zone_slots = []  # (zone name, per player, start of sizes, start of counts, start of top)
        for z in p.zones:
            if z.per_player:
                size_at = add(f"zone.{z.name}.size", n, "cards in each player's zone, by seat counted from you", offsets)
                counts = [add(f"zone.{z.name}[{offsets[o]}].cards", self.real,
                              "count of each card identity you can see there", real) for o in range(n)]
                self.zone_slots.append((z.name, True, size_at, counts, None))
            else:
                size_at = add(f"zone.{z.name}.size", 1, "cards in the zone")
                counts = add(f"zone.{z.name}.cards", self.real, "count of each card identity you can see there", real)
                top = add(f"zone.{z.name}.top", self.real, "one-hot: its top card, if you can see it", real)
                self.zone_slots.append((z.name, False, size_at, counts, top))
        self.var_slots = []
        for v in p.vars:
            if v.name == "score" or v.per_player:
                continue
            kind = p.var_kinds.get(v.name, "any")
            self.var_slots.append((v.name, kind, self._var_segment(add, f"var.{v.name}", kind)))
        self.pvar_slots = []
        pvars = ["score"] + [v.name for v in p.vars if v.per_player and v.name != "score"]
        for name in pvars:
            kind = "int" if name == "score" else p.var_kinds.get(name, "any")
            starts = [self._var_segment(add, f"pvar.{name}[{offsets[o]}]", kind) for o in range(n)]
            self.pvar_slots.append((name, kind, starts))
        if self.claims:  # a game that makes no claim has no room for one
            self.at_claim = add("claim", 3, "a claim is made · it still stands · how many cards it covers",
                                ("made", "stands", "count"))
            self.at_claim_player = add("claim.player", n, "one-hot: who made the last claim", offsets)
            self.at_claim_card = add("claim.says.card", len(self.idents), "one-hot: the card it names", self.idents)
            self.at_claim_value = add("claim.says.value", len(self.values), "one-hot: the value it names",
                                      self.values)
        self.segments = segs
        self.obs_size = at
        self._zeros = array("f", [0.0]) * at

    def _var_segment(self, add, name: str, kind: str) -> tuple:
        """Place one variable: (how it is encoded, where it starts)."""
        n = self.n
        offsets = tuple("self" if o == 0 else f"+{o}" for o in range(n))
        if kind == "card":
            return ("card", add(name, len(self.idents), "one-hot: the card it holds", self.idents))
        if kind == "list:card":
            return ("cards", add(name, len(self.idents), "count of each card identity it holds", self.idents))
        if kind == "player":
            return ("player", add(name, n, "one-hot: the player it holds, by seat counted from you", offsets))
        if kind == "list:player":
            return ("players", add(name, n, "1 for each player it holds, by seat counted from you", offsets))
        if kind.startswith("value:") or kind.startswith("list:value:"):
            attr = self.program.attributes.get(kind.split(":")[-1])
            values = tuple(v.name for v in attr.values) if attr is not None else tuple(self.values)
            many = kind.startswith("list:")
            return ("values" if many else "value", add(name, len(values), "1 for each value it holds" if many
                                                       else "one-hot: the value it holds", values), values)
        if kind.startswith("list"):
            return ("length", add(name, 1, "how many items it holds"))
        return ("number", add(name, 1, "its number (true = 1; anything else 0)"))

    def observe(self, view: dict, mine) -> np.ndarray:
        """The observation of one seat from its view (and the verb groups of its pending decision, `mine`).

        Written into a Python float array, one entry at a time (numpy is slow at many small writes), and handed
        to numpy once, without a copy."""
        seat = view["seat"]
        n = self.n
        ident = self.ident_of
        out = self._zeros[:]
        out[self.at_current + (view["current"] - seat) % n] = 1.0
        out[self.at_direction] = view["direction"]
        pend = view["pending"]
        if pend is not None:
            out[self.at_pending + (pend["player"] - seat) % n] = 1.0
            if pend["window"]:
                out[self.at_window] = 1.0
        if mine:
            for g in mine:
                out[self.at_verbs + g] = 1.0
        zones = view["zones"]
        for name, per, size_at, counts, top in self.zone_slots:
            z = zones[name]
            if per:
                for p, h in enumerate(z):
                    o = (p - seat) % n
                    cards = h["cards"]
                    out[size_at + o] = len(cards)
                    if cards and cards.count(None) != len(cards):
                        base = counts[o]
                        for c in cards:
                            if c is not None:
                                out[base + ident[c]] += 1.0
            else:
                cards = z["cards"]
                out[size_at] = len(cards)
                if cards and cards.count(None) != len(cards):
                    for c in cards:
                        if c is not None:
                            out[counts + ident[c]] += 1.0
                    if cards[-1] is not None:
                        out[top + ident[cards[-1]]] = 1.0
        values = view["vars"]
        for name, kind, slot in self.var_slots:
            v = values.get(name)
            if v is not None:
                self._put(out, slot, v, seat)
        pvars = view["player_vars"]
        for name, kind, starts in self.pvar_slots:
            vals = pvars.get(name)
            if vals is not None:
                for p, v in enumerate(vals):
                    if v is not None:
                        self._put(out, starts[(p - seat) % n], v, seat)
        claim = view.get("claim") if self.claims else None
        if claim is not None:
            out[self.at_claim] = 1.0
            out[self.at_claim_player + (claim["player"] - seat) % n] = 1.0
            if claim["stands"]:
                out[self.at_claim + 1] = 1.0
            out[self.at_claim + 2] = claim["count"]
            says = claim["says"]
            if claim["kind"] == "card" and isinstance(says, int):
                out[self.at_claim_card + ident[says]] = 1.0
            elif isinstance(says, str) and says in self.value_index:
                out[self.at_claim_value + self.value_index[says]] = 1.0
        return np.frombuffer(out, dtype=np.float32)

    def _put(self, out, slot: tuple, v, seat: int) -> None:
        how, start = slot[0], slot[1]
        if how == "number":
            if isinstance(v, (int, float)):
                out[start] = max(-BOUND, min(BOUND, v))
        elif how == "card":
            out[start + self.ident_of[v]] = 1.0
        elif how == "cards":
            for c in v:
                out[start + self.ident_of[c]] += 1.0
        elif how == "player":
            out[start + (v - seat) % self.n] = 1.0
        elif how == "players":
            for p in v:
                out[start + (p - seat) % self.n] = 1.0
        elif how == "value":
            if v in slot[2]:
                out[start + slot[2].index(v)] = 1.0
        elif how == "values":
            for x in v:
                if x in slot[2]:
                    out[start + slot[2].index(x)] = 1.0
        elif how == "length":
            out[start] = len(v)

    # ------------------------------------------------------------------ telling

    def describe(self) -> str:
        """The layout of the observation and the action space, one line per run of entries."""
        lines = [f"{self.program.name} for {self.n} players",
                 f"observation: {self.obs_size} numbers (float32); seats are counted from the observing one "
                 "(self, +1 next in seat order, ...)"]
        for s in self.segments:
            shown = ""
            if s.labels:
                shown = " [" + ", ".join(map(str, s.labels[:8])) + (", ..." if len(s.labels) > 8 else "") + "]"
            lines.append(f"  {s.start:>5}-{s.start + s.size - 1:<5} {s.name}: {s.what}{shown}")
        lines.append(f"actions: {self.size} (Discrete), with a mask of the legal ones in each observation")
        start = 0
        runs = []
        for i, a in enumerate(self.actions + [None]):
            if i and (a is None or (a.verb, a.kind, a.calls) != (self.actions[start].verb, self.actions[start].kind,
                                                                 self.actions[start].calls)):
                runs.append((start, i - 1))
                start = i
        for lo, hi in runs:
            a, b = self.actions[lo], self.actions[hi]
            what = a.label if lo == hi else f"{a.label} .. {b.label}"
            lines.append(f"  {lo:>5}-{hi:<5} {what}")
        return "\n".join(lines)
