"""A compiled game: immutable tables of cards, zones and code that every running game shares."""
from __future__ import annotations

import collections
from typing import Any, Callable

import attrs

from . import places


@attrs.frozen
class AttrValueInfo:
    """One value of a card attribute and how it shows."""

    name: str
    display: str
    short: str
    symbol: str = ""
    style: str = ""


@attrs.frozen
class Attribute:
    """A card attribute: named values (in order), or a range of numbers."""

    name: str
    values: tuple = ()  # of AttrValueInfo; empty for a numeric attribute
    low: int = 0
    high: int = 0

    @property
    def numeric(self) -> bool:
        return not self.values

    def info(self, value) -> AttrValueInfo | None:
        for v in self.values:
            if v.name == value:
                return v
        return None


@attrs.frozen
class Card:
    """One physical card: its id, attributes and names."""

    id: int
    attrs: dict
    name: str
    short: str
    style: str = ""
    symbol: str = ""


@attrs.frozen
class ZoneSpec:
    """A zone of the table: who sees it and, for a draw pile, where it refills from."""

    name: str
    index: int
    per_player: bool
    visibility: str  # public | private | hidden
    refill_from: int | None = None
    refill_keep: int = 0
    shown: str = "top"  # how the status shows a zone of the table: its "top" card, or "all" its cards (the last few)
    display: str | None = None  # the words it is told by (`zone won "tricks won"`); None: its name, in words


@attrs.frozen
class Proc:
    """Compiled code: a flat tuple of instructions run by the machine."""

    name: str
    params: tuple
    code: tuple


@attrs.frozen
class Rule:
    """A trigger: on `event`, if `cond(state, *arguments)` holds, run `proc` with the arguments bound."""

    name: str
    event: str
    params: tuple
    cond: Callable | None
    proc: Proc
    author: str | None = None
    text: str | None = None
    # `plain(state, env)`: the rule's body as one Python function, when nothing in it (or in what it calls or fires)
    # can leave a decision pending; `machine.fire_now` runs it, in a program whose rules are the file's.
    plain: Callable | None = attrs.field(default=None, eq=False)
    cond_src: str | None = attrs.field(default=None, eq=False)  # `cond` as Python source, over `_r0`, `_r1`...
    cond_at: Any = attrs.field(default=None, eq=False)  # the condition's .rules place (a Loc): a failure is shown there
    # the events its body fires, at any depth (through the procedures it calls and the file's rules of those events):
    # its `plain` is the file's code for them, so it runs as a call only while their rules are the file's
    fires: frozenset = attrs.field(default=frozenset(), eq=False)
    stat: str = attrs.field(init=False, eq=False)  # its counter in a simulation's report

    @stat.default
    def _stat(self):
        return "rule:" + self.name


class Choice:
    """One option of a decision, compiled: its verb, what its argument is drawn from, and where its body is.

    `legal(state, env)` gives the items the option allows (its domain filtered by `where`, in one generated
    function); `domain` gives them unfiltered; `where` is the test of an option without an argument.  The
    moves made from it are kept in `moves`, one per item, since a move depends on nothing else."""

    __slots__ = ("verb", "param", "domain", "legal", "where", "doc", "label", "kind", "reveals", "index", "group",
                 "shared", "stat", "moves", "card_moves", "kept", "bind", "parts", "types", "blind", "down", "peeks",
                 "offers", "in_sight")

    def __init__(self, verb, param, domain, legal, where, doc, label, kind, reveals):
        self.verb, self.param, self.domain, self.legal, self.where = verb, param, domain, legal, where
        self.doc, self.label, self.kind, self.reveals = doc, label, kind, reveals
        self.index = self.group = 0
        self.shared = False  # another option of the decision has the same verb
        self.stat = "verb:" + verb
        self.moves: dict = {}
        self.card_moves: tuple = ((), ())  # (a program's cards, the move for each): a card option's moves
        self.kept: dict = {}  # legal items kept by the values they depend on (a tuple) -> their moves
        # An option of several arguments or of a set of cards: its items are tuples; `bind(env, item)` names their
        # parts in the option's body, and `parts` gives the kind of each part ("card", "player", "value", "number").
        self.bind = None
        self.parts: tuple = ()
        # What each argument is drawn from, as the checker types an element of its domain (`value:colour`, `int`,
        # `player`, `card`, `any`): one per argument, () for an option without one (read by the RL environment,
        # whose actions for a value option are the values it can take).
        self.types: tuple = ()
        # A card option whose cards may lie where its chooser cannot see them: each is checked when offered, and a
        # hidden one is offered by its place (`interpreter.blind`).  The compiler clears it when the cards lie in
        # the chooser's own zone or a public one.
        self.blind = True
        # A card option over a zone its chooser sees, where the rules may lay cards face down (a layout of face-down
        # cards): those are offered by place too, when some lie face down (`st.facedown`).  Set by the compiler.
        self.down = False
        # What its `where` reads that the chooser may not see, looked at when the decision comes
        # (`ops.check_wheres`): (tests its own cards, the zones and cards it reads, those of each item, (its Loc,
        # source), who may know the values it reads), or None.
        self.peeks = None
        # What the list of values or numbers it offers is worked out from that the chooser may not see, looked at
        # when the decision comes (`ops.check_offers`): (the zones and cards it reads, those of each item, who may
        # know the values it reads, their names and places, the list's place), or None.
        self.offers = None
        # A card option whose body first of all moves the card chosen to a zone that shows it to its chooser (a public
        # one, or the chooser's own: `move c to discard`, or `play(c)` that does so first): the greedy bot knows from
        # it that such a card stays in its sight (`GreedyBot.hides`).  Set by the compiler; False where not so known.
        self.in_sight = False


def number_choices(specs: tuple) -> tuple:
    """Give each option of a decision its place; options with the same verb share a group (one `play R7`)."""
    first: dict = {}
    verbs = collections.Counter(spec.verb for spec in specs)
    for i, spec in enumerate(specs):
        spec.index = i
        spec.group = first.setdefault(spec.verb, i) << 20
        spec.shared = verbs[spec.verb] > 1
    return specs


@attrs.frozen
class OptionSpec:
    """A setting chosen when the game starts."""

    name: str
    default: Any
    doc: str = ""


@attrs.frozen
class VarSpec:
    """A variable of the game, reset to `init` each hand (one per player, or one for the table); `kept`: set to
    `init` at the first hand only."""

    name: str
    per_player: bool
    init: Callable
    kept: bool = False


def deck_tables(cards: tuple, claims: tuple) -> dict:
    """The tables of a deck's names, worked out once: the compiler's generated code reads them (CANON, TWIN) and
    the Program keeps them.  canon: card id -> the first card of the same short name; twin: another card has its
    name; distinct: no two cards have the same name; deck_size: the real cards (claim cards come after them)."""
    first: dict = {}
    canon = tuple(first.setdefault(c.short, c.id) for c in cards)
    counts: dict = {}
    for k in canon:
        counts[k] = counts.get(k, 0) + 1
    return {"canon": canon, "twin": tuple(counts[k] > 1 for k in canon),
            "distinct": all(c.id == k for c, k in zip(cards, canon)),
            "deck_size": claims[0] if claims else len(cards)}


@attrs.frozen
class Program:
    """Everything a game file says, compiled once; running games share it and never change it."""

    name: str
    min_players: int
    max_players: int
    default_players: int
    attributes: dict
    name_attrs: tuple
    cards: tuple
    zones: tuple
    zone_index: dict
    deck_zone: int
    vars: tuple
    calls: dict  # name -> the words shown when it is called
    call_due: dict  # name -> predicate(state, {"player": seat}): the call is due on this decision
    events: dict
    rules: dict  # event name -> tuple of Rule, in file order
    setup: Proc
    turn: Proc
    score: Proc | None
    main: Proc
    match_target: int | None
    match_hands: int | None
    options: dict
    procs: dict
    classes: dict  # name -> predicate(card id) -> bool
    var_kinds: dict = attrs.field(factory=dict)  # variable -> card | player | value:ATTR | int | ... (what it holds)
    shown_vars: dict = attrs.field(factory=dict)  # variable -> label, for the table's variables declared `show`
    card_locals: dict = attrs.field(factory=dict)  # procedure/rule name -> names of its locals holding cards
    compile_rule: Any = None  # (text, key, author, agreed) -> Rule: the language's own checker and compiler, for rules written in play
    house_limit: int = 5  # how many rules a table may add with the `house` command
    knocks_out: bool = False  # the rules can knock a player out (`lose`): the greedy bot looks a move ahead for it
    match_lowest: Any = None  # `match to N lowest wins [if ...]`: (state, env) -> does the lowest score win
    team_size: int = 0  # `teams of N`: partnerships of N seats (0: everyone for themselves)
    team_counts: tuple = ()  # `teams of N at 4, 6 players`: the numbers of players there are teams at (empty: every one)
    examples: tuple = ()  # texts of example rules (the `examples` block): what bots write house rules from
    claims: tuple = ()  # ids of the claim cards (`claim cards by ...`): one per identity a claim can name
    claim_attrs: tuple = ()
    shuffles_deck: bool = True  # whether the rules may shuffle the deck's zone, where a `--stack` is applied
    source: str = ""
    files: dict = attrs.field(factory=dict)
    summary: Any = None
    namespace: dict = attrs.field(factory=dict, eq=False, repr=False)  # the globals of the generated code
    # The rules are the file's, as compiled (no rule written in play added or dropped): only then does generated code
    # run a procedure or an event's rules that cannot leave a decision pending as plain Python calls (`Rule.plain`).
    fixed: bool = attrs.field(default=False, eq=False, repr=False)
    # The events whose rules are not the file's (a rule written in play added for one, or dropped from one): code
    # that fires none of them, at any depth, still runs as plain calls in a program that is not `fixed`.
    changed: frozenset = attrs.field(default=frozenset(), eq=False, repr=False)
    dispatch: dict = attrs.field(init=False, factory=dict, eq=False, repr=False)  # event -> its dispatcher (made when first fired)
    # Tables of the cards and zones, worked out once (a program with a rule more keeps them):
    canon: tuple = attrs.field(default=None, eq=False, repr=False)  # card id -> the first card of the same short name
    twin: tuple = attrs.field(default=None, eq=False, repr=False)  # card id -> another card has its name
    distinct: bool = attrs.field(default=None, eq=False, repr=False)  # no two cards have the same name
    card_stats: tuple = attrs.field(default=None, eq=False, repr=False)  # card id -> its counter in a simulation's report
    search_order: tuple = attrs.field(default=None, eq=False, repr=False)  # (zone index, per player): where cards are looked for
    per_player: tuple = attrs.field(default=None, eq=False, repr=False)  # zone index -> one per player
    # (zone index, who sees its face-up cards: None for everyone) of each zone that is not one per player
    pile_seers: tuple = attrs.field(default=None, eq=False, repr=False)
    # The number of real cards; ids from here on are claim cards, which name a card and lie nowhere.
    deck_size: int = attrs.field(default=None, eq=False, repr=False)

    def __attrs_post_init__(self):
        if self.card_stats is not None:  # a program with a rule more (attrs.evolve): the same cards and claims
            return
        tables = {
            "card_stats": tuple("card:" + c.name for c in self.cards),
            # hands first: cards moved by name are mostly chosen from one
            "search_order": tuple(sorted(((z.index, z.per_player) for z in self.zones), key=lambda z: not z[1])),
            "per_player": tuple(z.per_player for z in self.zones),
            # the public piles first: a card a rule reads has mostly just been played onto one (`ops.card_seers`)
            "pile_seers": tuple(sorted(((z.index, None if z.visibility == "public" else frozenset())
                                        for z in self.zones if not z.per_player), key=lambda z: z[1] is not None)),
        }
        if self.canon is None:  # else the compiler worked them out (deck_tables), for its generated code
            tables.update(deck_tables(self.cards, self.claims))
        for name, value in tables.items():
            object.__setattr__(self, name, value)

    def dispatcher(self, event: str):
        """One generated function that tests the conditions of all of an event's rules, in file order, and
        gives the rules that will run; None for an event no rule reacts to."""
        rules = self.rules.get(event, ())
        if not rules:
            self.dispatch[event] = None
            return None
        made = self.namespace.setdefault("__dispatchers__", {})  # by rules: a program with one more rule makes
        key = (event, tuple(map(id, rules)))                       # only its event's dispatcher anew
        if key in made:
            self.dispatch[event] = made[key]
            return made[key]
        if any(rule.text is not None for rule in rules):  # rules written in play come and go: no code is made
            # for them, but the file's rules before them (as a rule written in play is added: at the end) are
            # tested by the generated dispatcher of those rules alone, made once, and then the others in order
            head = 0
            while head < len(rules) and rules[head].text is None:
                head += 1
            first = self._generated(event, rules[:head], made) if head else None

            def dispatch(st, *args, _first=first, _rules=rules[head:]):
                ready = _first(st, *args) if _first is not None else []
                for rule in _rules:
                    try:
                        if rule.cond is None or rule.cond(st, *args):
                            ready.append(rule)
                    except Exception as e:  # a condition that fails is its rule's failure (a rule written in play's
                        # is dropped: `machine.moves.apply`), not the caller's: named as `machine.running.unwound` does
                        e.plain_frames = getattr(e, "plain_frames", []) + [rule.name]
                        raise
                return ready
            self.dispatch[event] = made[key] = dispatch
            return dispatch
        fn = self._generated(event, rules, made)
        self.dispatch[event] = fn
        return fn

    def _generated(self, event: str, rules: tuple, made: dict):
        """The generated dispatcher of rules of the file (none written in play), kept in `made` by the rules."""
        key = (event, tuple(map(id, rules)))
        if key in made:
            return made[key]
        params = [f"_r{i}" for i in range(len(rules[0].params))]
        lines = [f"def dispatch(st, {''.join(p + ', ' for p in params)}_rules=None):", "    ready = []"]
        marks: dict = {}  # each condition follows the mark of its .rules place (interpreter.places)
        for i, rule in enumerate(rules):
            if rule.cond is None:
                lines.append(f"    ready.append(_rules[{i}])")
            else:
                test = rule.cond_src if rule.cond_src is not None else f"_rules[{i}].cond(st, {', '.join(params)})"
                at = rule.cond_at
                if at is not None:
                    mark = f"# {at.file}:{at.line}:{at.column}"
                    marks[mark] = at
                    lines.append("    " + mark)
                lines += [f"    if {test}:", f"        ready.append(_rules[{i}])"]
        lines.append("    return ready")
        scope: dict = {}
        exec(compile("\n".join(lines), places.register(f"dispatch {event}", lines, marks, self.files), "exec"),
             self.namespace, scope)
        fn = scope["dispatch"]
        fn.__defaults__ = (rules,)
        made[key] = fn
        return fn

    def teams_at(self, players: int) -> int:
        """The size of the teams at this number of players (`teams of N [at ... players]`); 0: everyone alone."""
        return self.team_size if not self.team_counts or players in self.team_counts else 0

    def value_display(self, v) -> str:
        """How a value shows in the narration and the view: an attribute's value by its display name
        (`black_joker "Black Joker"`: `Black Joker`; one without: its name in words, `Red`), anything else as it is."""
        if v.__class__ is str:
            for a in self.attributes.values():
                info = a.info(v)
                if info:
                    return info.display
        return str(v)

    def card_by_text(self, text: str) -> list[int]:
        """Ids of the real cards whose full or short name is `text`, ignoring case and spaces."""
        key = _norm(text)
        return [c.id for c in self.cards[: self.deck_size] if _norm(c.short) == key or _norm(c.name) == key]

    def without_rule(self, name: str) -> "Program":
        return self._ruled({ev: tuple(r for r in rs if r.name != name) for ev, rs in self.rules.items()})

    def with_rule(self, rule: Rule) -> "Program":
        """A copy of this program with one rule added, or replacing the rule of the same name."""
        rules = {ev: tuple(r for r in rs if r.name != rule.name) for ev, rs in self.rules.items()}
        rules[rule.event] = rules.get(rule.event, ()) + (rule,)
        return self._ruled(rules)

    def _ruled(self, rules: dict) -> "Program":
        """A copy of this program with these rules: the events whose rules differ join `changed`."""
        old = self.rules
        differ = {ev for ev in {*old, *rules} if tuple(map(id, old.get(ev, ()))) != tuple(map(id, rules.get(ev, ())))}
        # (attrs.evolve, written out: its keyword arguments and `__init__` cost more than copying the fields, and a
        # rule written in play makes a new Program each time; `dispatch` is the copy's own, made as rules fire)
        new = object.__new__(Program)
        for name in _FIELDS:
            object.__setattr__(new, name, getattr(self, name))
        for name, value in (("rules", rules), ("fixed", False), ("changed", self.changed | differ), ("dispatch", {})):
            object.__setattr__(new, name, value)
        return new


_FIELDS = tuple(f.name for f in attrs.fields(Program))


def _norm(text: str) -> str:
    return "".join(text.lower().split())


def sort_key(program: Program, cid: int) -> list:
    """Cards in the order the rules name them: by each naming attribute, values in declaration order."""
    c = program.cards[cid]
    key = []
    for a in program.name_attrs:
        attr = program.attributes[a]
        v = c.attrs.get(a)
        if v is None:
            key.append(10**6)
        elif attr.numeric:
            key.append(v)
        else:
            key.append([x.name for x in attr.values].index(v))
    return key
