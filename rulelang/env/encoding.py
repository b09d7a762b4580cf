"""Fixed-size encodings of any compiled game: the action space (every move the game can ever offer) and the
observation vector (what one seat's view holds), both worked out from the Program, nothing written per game."""
from __future__ import annotations

import sys
import sysconfig
from array import array
from bisect import bisect_right
from collections import Counter
from itertools import chain, combinations
from math import comb, prod

import attrs
import numpy as np

from interpreter.program import Choice, Proc

from .bounds import number_bounds

# Where a number of the observation may lie: counts, sizes, scores and variables stay well inside it (a float32
# holds every whole number up to 2**24 exactly).
BOUND = float(2**24)
F32 = np.dtype(np.float32)
I8 = np.dtype(np.int8)
# The most actions an environment may have: the sets of cards an option may take are many (`play 1..4 cs` over
# 52 cards is 367,289 actions), and a game whose sets would need more is refused with the option named.
MAX_ACTIONS = 2**20
# New masks of an action space of up to 4,096 actions are rows of blocks of this many, made beforehand: a numpy view of
# a row costs half of making an array.
MASK_ROWS = 256
# Masks are kept by the actions they allow, 4,096 at most, and no more than MASK_BYTES of them: an action space of
# sets of cards numbered one by one is large (President's 368,720 actions, Palace's 734,683), each mask a whole array
# of it, so 4,096 of them were up to 3 GB of memory mapped (half a GB resident after five Palace games).
MASK_BYTES = 1 << 26
# An observation handed out is the learner's: a later look never changes it.  Where reference counts tell (CPython with
# its GIL), an array handed out at one of a seat's last two looks and held by nobody since (not the learner, nor a view
# of it, a dict or a list: each holds a reference) is written again and handed out once more, instead of a new copy:
# numpy's copy is about 2,500 instructions, the write 900.  FREE is its count then: the kept pair's own reference and
# its memoryview's, the generated code's local and getrefcount's argument.
FREE = 4


def _free_count() -> int:
    """The reference count the generated code reads of an array held by a kept pair alone, measured in code of its
    shape.  A Python that counts otherwise (3.14 borrows references on its stack: one less) would take an array the
    learner holds for a free one: the trick is then not used."""
    a = np.zeros(1, dtype=np.float32)
    g = [a, memoryview(a), None, None]
    del a
    a = g[0]
    return sys.getrefcount(a)


REUSE = (sys.implementation.name == "cpython" and not sysconfig.get_config_var("Py_GIL_DISABLED")
         and _free_count() == FREE)
# A run of cards at least this long is counted from its last count when only cards were added on top since.
LONG_RUN = 12


class OutsideActionSpace(RuntimeError):
    """A decision offers a move the action space made from the file has no action for."""


@attrs.frozen
class Action:
    """One entry of the action space: a verb, what it takes (a card identity, a seat counted from the acting
    one, a value, a number, an example rule) and the calls said with it."""

    verb: str
    kind: str  # "" | card | player | value | number | rule | several | cards
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


class SetBlock:
    """The actions of the options of one verb that take a set of cards: one action per multiset of card
    identities of `low`..`high` cards (the sizes of those options together), smaller sets first.  A set is
    numbered without a table: its sorted identities a_0 <= a_1 <= ... are made strictly increasing
    (b_i = a_i + i) and ranked in the combinatorial number system, so each size k takes C(N + k - 1, k) actions
    (N identities), some of them sets no deck can hold (two of a card there is one of): never legal.
    An option whose cards may lie out of its chooser's sight offers those by place (`pass #1 #3`): its block
    counts `places` more identities after the cards', `#1` .. `#places`.
    In a game with calls the block holds its sets once more for each set of calls said with them (`Calls`)."""

    kind = "cards"

    def __init__(self, start: int, verb: str, idents: list, low: int, high: int, places: int = 0, calls=()):
        self.start, self.verb, self.low, self.high = start, verb, low, high
        self.cards = len(idents)
        self.places = places
        self.idents = idents = [*idents, *(f"#{k}" for k in range(1, places + 1))]
        n = len(idents)
        self.sizes = list(range(low, high + 1))
        self.offsets = []
        at = 0
        for k in self.sizes:
            self.offsets.append(at)
            at += comb(n + k - 1, k)
        self.base = at
        self.calls = list(calls)
        self.size = at * (1 + len(self.calls))
        self.ranks = [[comb(a + i, i + 1) for a in range(n)] for i in range(high)]  # C(a + i, i + 1), looked up
        self.ranks_np = np.array(self.ranks, dtype=np.int64).reshape(high, n)

    def ids(self, item: tuple, ident: list) -> list | None:
        """The identities of a set's parts: a card's, or a place's (`"#k"`) after the cards'; None if a part has
        none here."""
        out = []
        for c in item:
            if c.__class__ is int:
                out.append(ident[c])
            elif c.__class__ is str and c[:1] == "#" and c[1:].isdigit() and 1 <= int(c[1:]) <= self.places:
                out.append(self.cards + int(c[1:]) - 1)
            else:
                return None
        return out

    def index(self, ids: list | None) -> int | None:
        """The action of a set given by its cards' identities (any order)."""
        if ids is None:
            return None
        k = len(ids)
        if not self.low <= k <= self.high:
            return None
        ids.sort()
        ranks = self.ranks
        return self.start + self.offsets[k - self.low] + sum(ranks[i][a] for i, a in enumerate(ids))

    def action(self, j: int) -> Action:
        said, j = divmod(j, self.base)
        at = bisect_right(self.offsets, j) - 1
        k, r = self.sizes[at], j - self.offsets[at]
        out = []
        for i in range(k - 1, -1, -1):
            b = i
            while comb(b + 1, i + 1) <= r:
                b += 1
            r -= comb(b, i + 1)
            out.append(b - i)
        item = tuple(reversed(out))
        calls = self.calls[said - 1] if said else frozenset()
        return Action(self.verb, "cards", item, calls,
                      " ".join([self.verb, *(self.idents[a] for a in item), *sorted(calls)]))

    def row(self, i: int) -> dict:
        """The actions of one set (action `i`, said without calls) by the calls said with it."""
        return call_row(self, i)

    def describe(self) -> str:
        places = f" and {self.places} places (#1..#{self.places}: cards out of sight)" if self.places else ""
        return (f"{self.verb} a set of {self.low}..{self.high} cards: each multiset of the {self.cards} card "
                f"identities{places}, ranked by size then in the combinatorial number system (docs/env.md)"
                f"{said_with(self)}")


class PickBlock:
    """The actions of a verb whose sets of cards are too many to number one by one (`meld` 3..7 of 52 cards would
    take 341 million): the set is picked a card at a time, `meld +H7` for each card identity (and place), then
    `meld done` to lay the cards picked.  The seat to act stays the same until it says done; the mask allows only
    a card that some legal set still holds one more of, and done when the cards picked are a legal set; the cards
    picked so far are in its observation (`picking.VERB`).  (A move of another option is allowed only before the
    first card is picked.)"""

    kind = "cards"
    ids = SetBlock.ids

    def __init__(self, start: int, verb: str, idents: list, low: int, high: int, places: int = 0, calls=()):
        self.start, self.verb, self.low, self.high = start, verb, low, high
        self.cards, self.places = len(idents), places
        self.idents = [*idents, *(f"#{k}" for k in range(1, places + 1))]
        self.done = start + len(self.idents)
        self.calls = list(calls)  # in a game with calls, done is said with each set of them too: `meld done uno`
        self.done_with = {cs: self.done + 1 + k for k, cs in enumerate(self.calls)}
        self.size = len(self.idents) + 1 + len(self.calls)

    def action(self, j: int) -> Action:
        if j < len(self.idents):
            return Action(self.verb, "pick", j, frozenset(), f"{self.verb} +{self.idents[j]}")
        calls = self.calls[j - len(self.idents) - 1] if j > len(self.idents) else frozenset()
        return Action(self.verb, "done", None, calls, " ".join([f"{self.verb} done", *sorted(calls)]))

    def describe(self) -> str:
        places = f" and {self.places} places" if self.places else ""
        said = f", or done said with each set of the calls ({len(self.calls)})" if self.calls else ""
        return (f"{self.verb} a set of {self.low}..{self.high} cards picked a card at a time: + each of the "
                f"{self.cards} card identities{places}, then done{said} (docs/env.md)")


class Picking:
    """A decision whose sets of cards of some verbs are picked a card at a time (`PickBlock`): the legal sets of
    each such verb (each as a count of each identity, and its move), the moves of the decision's other options by
    action, and the verb and cards picked so far."""

    __slots__ = ("sets", "others", "verb", "picked", "calls")

    def __init__(self, sets: dict, others: dict, verb=None, picked: tuple = (), calls: tuple = ()):
        self.sets, self.others, self.verb, self.picked = sets, others, verb, picked
        self.calls = calls  # the sets of calls the decision lets be said (done is said with each)


class ProductBlock:
    """The actions of an option of several arguments: one per combination of one item of each argument's domain
    (cards by identity, players by seat counted from the acting one, values, numbers), the last argument
    varying fastest.  In a game with calls the block holds its moves once more for each set of calls said with
    them (`give +1 R7 uno`)."""

    kind = "several"

    def __init__(self, start: int, verb: str, parts: tuple, domains: list, kinds: tuple = (), calls=()):
        self.start, self.verb, self.parts, self.kinds = start, verb, parts, kinds or parts
        self.labels = [d[0] for d in domains]  # each part: the label of each position
        self.codes = [d[1] for d in domains]  # each part: item (and seat) -> position, or None
        self.radix = [len(x) for x in self.labels]
        self.base = prod(self.radix)
        self.calls = list(calls)
        self.size = self.base * (1 + len(self.calls))

    def index(self, arg: tuple, seat: int) -> int | None:
        i = 0
        for code, r, v in zip(self.codes, self.radix, arg):
            pos = code(v, seat)
            if pos is None:
                return None
            i = i * r + pos
        return self.start + i

    def action(self, j: int) -> Action:
        said, j = divmod(j, self.base)
        digits = []
        for r in reversed(self.radix):
            j, d = divmod(j, r)
            digits.append(d)
        digits.reverse()
        words = [str(self.labels[p][d]) for p, d in enumerate(digits)]
        calls = self.calls[said - 1] if said else frozenset()
        return Action(self.verb, "several", tuple(digits), calls, " ".join([self.verb, *words, *sorted(calls)]))

    def row(self, i: int) -> dict:
        """The actions of one move (action `i`, said without calls) by the calls said with it."""
        return call_row(self, i)

    def describe(self) -> str:
        return f"{self.verb} " + " x ".join(f"{p} ({r})" for p, r in zip(self.parts, self.radix)) + said_with(self)


def call_row(block, i: int) -> dict:
    """A block's actions of one move (action `i`, said without calls) by the calls said with it: the block holds its
    moves said without calls, then once more for each set of the game's calls, in `block.calls`' order."""
    row = {frozenset(): i}
    for k, cs in enumerate(block.calls, 1):
        row[cs] = i + k * block.base
    return row


def said_with(block) -> str:
    if not block.calls:
        return ""
    return f"; then each once more for each set of the calls ({len(block.calls)}: {' '.join(sorted(block.calls[0]))} ...)"


class ActionList:
    """The action space as a sequence of Actions: those listed one by one, then the blocks of options of several
    arguments and of sets of cards, each Action made when asked for (a block may hold hundreds of thousands)."""

    def __init__(self, listed: list, blocks: list):
        self.listed, self.blocks = listed, blocks
        self.starts = [b.start for b in blocks]
        self.size = len(listed) + sum(b.size for b in blocks)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> Action:
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(i)
        if i < len(self.listed):
            return self.listed[i]
        b = self.blocks[bisect_right(self.starts, i) - 1]
        return b.action(i - b.start)


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


def recount(kept: list, cards: list, ident: list, none: array) -> array:
    """The count of each card identity in a zone seen whole (`cards`: a copy of its list, kept as it is), from
    `kept` = [the cards last counted, their counts], changed in place to these cards' (`ident`: each card's
    identity; `none`: no counts).
    Only the cards put on or taken off its top since are counted when the rest is as it was, else the cards that
    came or went (told apart by sets: a card lies in one place, so a zone's cards are all different; checked), or,
    when more went than are left, the cards now."""
    before = kept[0]
    if cards == before:
        return kept[1]
    j, k = len(before), len(cards)
    counts = kept[1]
    if k > j and cards[:j] == before:  # cards put on top
        for c in cards[j:]:
            counts[ident[c]] += 1.0
    elif k < j and before[:k] == cards:  # cards taken off the top
        for c in before[k:]:
            counts[ident[c]] -= 1.0
    else:  # cards taken from under others, or put among them: a card lies in one place, so the cards of each
        # list are all different, and what changed is what one holds alone (unless more went than are left: the
        # pile turned over into the stock but its top card, say: the cards now are fewer to count)
        fresh = k < j - k
        if not fresh:
            now, then = set(cards), set(before)
            fresh = len(now) != k or len(then) != j
        if fresh:
            counts[:] = none
            for c in cards:
                counts[ident[c]] += 1.0
        else:
            for c in then.difference(now):
                counts[ident[c]] -= 1.0
            for c in now.difference(then):
                counts[ident[c]] += 1.0
    kept[0] = cards
    return counts


_CODES: dict = {}  # (an observer's source, its name) -> its code: made again for the same game and number of players
# (a vector of environments, each episode's env of a script), the observer is compiled once a process (~50 ms each)


def _compiled(source: str, name: str):
    key = (source, name)
    code = _CODES.get(key)
    if code is None:
        if len(_CODES) >= 64:
            _CODES.clear()
        code = _CODES[key] = compile(source, name, "exec")
    return code


# What an action space and observation layout are made of, by (id of the program, players, example rules, numbers):
# (the program, Encoding's attributes that depend on nothing else).  Worked out once a process (Liar's UNO's 6,105
# actions listed were most of make_env) and shared, read-only, by every Encoding of them (a vector of environments,
# an env made for each episode); the program is held, so its id is no other program's while it is kept (a rule
# written in play makes a new program: its own space).  At most SPACES_KEPT, the oldest let go first.
_SPACES: dict = {}
SPACES_KEPT = 32


KIND_ORDER = {"": 0, "card": 1, "player": 2, "value": 3, "number": 4, "rule": 5, "several": 6, "cards": 7}


class Encoding:
    """The action space and observation layout of one game for a number of players."""

    def __init__(self, program, players: int, examples: tuple | None = None, numbers: tuple | None = None):
        examples = tuple(program.examples if examples is None else examples)
        if numbers is not None:
            lo, hi = numbers
            if not (isinstance(lo, int) and isinstance(hi, int) and lo <= hi):
                raise ValueError(f"numbers is (low, high), two whole numbers, low <= high: not {numbers!r}")
            if hi - lo >= MAX_ACTIONS:
                raise ValueError(f"numbers {lo}..{hi} would be more than {MAX_ACTIONS:,} actions")
            numbers = (lo, hi)
        key = (id(program), players, examples, numbers)
        got = _SPACES.get(key)
        if got is None or got[0] is not program:
            space = object.__new__(Encoding)  # (worked out on an object of its own, whose __dict__ is read: this
            space._space(program, players, examples, numbers)  # one's attributes stay where CPython reads them fastest)
            while len(_SPACES) >= SPACES_KEPT:
                del _SPACES[next(iter(_SPACES))]
            got = _SPACES[key] = (program, space.__dict__)  # the program held: its id is no other's while kept
        for name, value in got[1].items():
            setattr(self, name, value)
        self._own()

    def _space(self, program, players: int, examples: tuple, numbers: tuple | None) -> None:
        """What depends only on the program, the number of players, the example rules and `numbers`: the action
        space and the observation's layout (shared, read-only, by every Encoding of them: `_SPACES`)."""
        self.program = program
        self.n = players
        self.examples = examples
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
        # The numbers of an option whose range is worked out in play and cannot be bounded from the file (`bid k in
        # 0..score(current)`): `numbers` = (low, high) if given, else `self.numbers`.  Each such option is noted in
        # `open_numbers` as (verb, argument's place, text, (low, high)): `make_env` warns of them.
        self.open_span = list(range(numbers[0], numbers[1] + 1)) if numbers is not None else self.numbers
        self.open_numbers: list = []
        self._actions()  # (adds to `numbers` those of ranges written with numbers in options: `bid k in 0..300`)
        self._layout()
        if self.size <= 4096:  # each action's verb group as a bit (0: none), for `_mask`
            self._bit_of = [0 if g is None else 1 << g for g in map(self._group, range(self.size))]

    def _own(self) -> None:
        """What each Encoding keeps of its own play: the moves asked and their actions, the masks, each seat's last
        observation and its observer."""
        self._subsets: dict = {}  # the calls a decision offers -> the sets of the game's calls among them
        self._of_move: dict = {}  # id of a move -> its entry (`_move_actions`)
        self._quick: dict = {}  # (seat, calls offered) -> {id of a move: its (action, (move, calls, text)) pairs}
        self._masks: dict = {}  # the actions legal at a decision, in order -> (their mask (read-only), verb groups)
        self._masks_kept = max(16, min(4096, MASK_BYTES // max(self.size, 1)))  # at most this many (MASK_BYTES)
        self._ident_np = np.array(self.ident_of, dtype=np.intp)
        self._action_kept: list = [{} for _ in range(self.n)]  # each seat's: id of a move -> (the move, its action)
        if self.size <= 4096:  # the first block of masks
            self._groups_of: dict = {}  # bits of verb groups -> the groups, in order
            self._new_rows()
        self._zeros = array("f", [0.0]) * self.obs_size
        self._no_cards = array("f", [0.0]) * self.real
        self._tallies: dict = {}  # a zone (of an owner; and a seat, seen in part) -> (its cards, their tally)
        self.observe_seen = self._observer()

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
        self.counts = self._number_domains(choices)
        groups = sorted({(c.verb, c.kind or "") for c in choices},
                        key=lambda g: (KIND_ORDER.get(g[1], 9), g[0]))
        self.groups = groups
        actions: list[Action] = []
        n = self.n

        def seat_label(o: int) -> str:
            return "self" if o == 0 else f"+{o}"

        takes = self._value_domains(choices)
        for verb, kind in groups:
            if kind == "":
                actions.append(Action(verb, kind, None, frozenset(), verb))
            elif kind == "card":
                actions += [Action(verb, kind, i, frozenset(), f"{verb} {s}") for i, s in enumerate(self.idents)]
            elif kind == "player":
                actions += [Action(verb, kind, o, frozenset(), f"{verb} {seat_label(o)}") for o in range(n)]
            elif kind == "value":
                actions += [Action(verb, kind, v, frozenset(), f"{verb} {v}") for v in takes[verb, 0]]
            elif kind == "number":
                actions += [Action(verb, kind, k, frozenset(), f"{verb} {k}") for k in self.counts[verb, 0]]
            elif kind == "rule":
                count = max(1, len(self.examples))
                actions += [Action(verb, kind, i, frozenset(), f"{verb} example rule {i + 1}") for i in range(count)]
            # several arguments and sets of cards: blocks, after every action listed one by one
        # A card the seat may not see is offered by its place (`take #2`, interpreter.blind): an action for each
        # place, for each verb of an option whose cards may lie out of the chooser's sight.
        # A zone the chooser sees may hold cards laid face down (a layout of them): those are offered by place too.
        for verb in sorted({c.verb for c in choices if c.kind == "card" and (c.blind or c.down)}):
            actions += [Action(verb, "blind", k, frozenset(), f"{verb} #{k}") for k in range(1, p.deck_size + 1)]
        # Calls may be said with any move (as a person says "UNO!" laying the card): each action listed one by one
        # (but an example rule's) once more for every set of calls the game declares, the cards' first (the calls
        # a person says most) then the others'.  Moves of several arguments and sets of cards are said without.
        calls = sorted(p.calls)
        self.call_sets = [frozenset(s) for k in range(1, len(calls) + 1) for s in combinations(calls, k)]
        card_actions = [a for a in actions if a.kind == "card"]
        other_actions = [a for a in actions if a.kind != "card" and a.kind != "rule"]
        for said_with in (card_actions, other_actions):
            for cs in self.call_sets:
                said = " ".join(sorted(cs))
                actions += [attrs.evolve(a, calls=cs, label=f"{a.label} {said}") for a in said_with]
        self.index = {(a.verb, a.kind, a.item, a.calls): i for i, a in enumerate(actions)}
        self.call_rows: dict = {}  # an action said without calls -> {calls said with it: action}
        for i, a in enumerate(actions):
            if a.kind != "rule":
                base = self.index[a.verb, a.kind, a.item, frozenset()]
                self.call_rows.setdefault(base, {})[a.calls] = i
        self.rule_base = {a.verb: i for i, a in enumerate(actions) if a.kind == "rule" and a.item == 0}
        self.shape_of: dict = {}  # (verb, place in its decision, text) of an option of several arguments -> kinds
        blocks = self._blocks(choices, len(actions), takes)
        self.actions = ActionList(actions, blocks)
        self.set_blocks = {b.verb: b for b in blocks if b.__class__ is SetBlock}
        self.pick_blocks = {b.verb: b for b in blocks if b.__class__ is PickBlock}
        self.product_blocks = {(b.verb, b.kinds): b for b in blocks if b.kind == "several"}
        self.size = len(self.actions)

    def _number_domains(self, choices: list) -> dict:
        """The numbers each number argument of a verb can take, by (verb, argument's place): those of the ranges
        written with numbers its options draw it from (`bid k in 0..300`: `Choice.types` says `int:0..300`); of a
        range worked out in play, those its ends can be shown to lie within from the file (`0..hand_size`,
        `2..size(row)`, `slots(p)`: `bounds.number_bounds`), else `open_span` (`numbers` given to make_env, or the
        numbered attributes' and every count of cards), the option noted in `open_numbers`."""
        wanted: dict = {}
        bounds = None
        for c in choices:
            if c.kind != "number" and c.kind != "several":
                continue
            parts = (c.kind,) if c.kind == "number" else c.parts
            for i, part in enumerate(parts):
                if part != "number":
                    continue
                t = c.types[i] if i < len(c.types) else "int"
                got = wanted.setdefault((c.verb, i), set())
                if t.startswith("int:"):
                    lo, hi = map(int, t[4:].split(".."))
                    if hi - lo > MAX_ACTIONS:
                        raise ValueError(f"`{c.verb}` takes a number of {lo}..{hi}: more than {MAX_ACTIONS:,} actions")
                    got.update(range(lo, hi + 1))
                    continue
                if bounds is None:
                    bounds = number_bounds(self.program)
                lo, hi = bounds.get((c.verb, c.doc, i), (None, None))
                if lo is not None and hi is not None and hi - lo < MAX_ACTIONS:
                    got.update(range(lo, hi + 1))
                else:
                    got.add(None)
                    span = (self.open_span[0], self.open_span[-1])
                    if (c.verb, i, c.doc, span) not in self.open_numbers:
                        self.open_numbers.append((c.verb, i, c.doc, span))
        out = {}
        for key, got in wanted.items():
            if None in got:
                got.discard(None)
                got.update(self.open_span)
            out[key] = sorted(got)
        return out

    def _value_domains(self, choices: list) -> dict:
        """The values each value argument of a verb can take, by (verb, argument's place): those of the attribute
        its domain is typed by (`c in colour`, `r in [c.rank for c in hand(p)]`: the attribute's named values),
        for every option of that verb; every value of every attribute and every number of a numbered one when
        some option's domain is not typed by one attribute (`any`).  In the order of `values` then
        `attr_numbers`."""
        everything = self.values + self.attr_numbers
        attrs_ = self.program.attributes
        wanted: dict = {}
        for c in choices:
            if c.kind != "value" and c.kind != "several":
                continue
            parts = (c.kind,) if c.kind == "value" else c.parts
            for i, part in enumerate(parts):
                if part != "value":
                    continue
                t = c.types[i] if i < len(c.types) else "any"
                a = attrs_.get(t[len("value:"):]) if t.startswith("value:") else None
                got = wanted.setdefault((c.verb, i), set())
                if a is None or a.numeric:
                    got.update(everything)
                else:
                    got.update(v.name for v in a.values)
        return {key: [v for v in everything if v in got] for key, got in wanted.items()}

    def _blocks(self, choices: list, at: int, takes: dict) -> list:
        """The blocks of actions of the options taking several arguments (one per verb and kinds of argument) and
        of those taking a set of cards (one per verb, over the sizes its options take)."""
        sets: dict = {}
        shapes: dict = {}
        placed: set = set()  # (verb, kind) of options whose cards may lie out of the chooser's sight: by place too
        for c in choices:
            if c.kind == "cards":
                low, high = getattr(c.legal, "sizes", (1, 1))
                lo, hi = sets.get(c.verb, (low, high))
                sets[c.verb] = (min(lo, low), max(hi, high))
            elif c.kind == "several":
                # One block per verb and kinds of argument (`hint P2 red`, `hint P2 3`: two blocks of `hint`); a
                # move finds its block by its option (verb, place in its decision, text), unless two options so
                # alike take arguments of different kinds.
                parts = tuple(c.parts)
                shapes[c.verb, len(parts), parts] = parts
                other = self.shape_of.setdefault((c.verb, c.index, c.doc), parts)
                if other != parts:
                    raise ValueError(f"two options `{c.verb}` (each option {c.index + 1} of its decision, "
                                     f"\"{c.doc}\") take arguments of different kinds ({', '.join(other)} and "
                                     f"{', '.join(parts)}): the environment cannot tell their moves apart; give "
                                     "them different verbs or texts")
            if c.kind in ("cards", "several") and (c.blind or c.down):
                placed.add((c.verb, c.kind, tuple(c.parts) if c.kind == "several" else len(c.parts)))
        n = self.n
        deck = self.program.deck_size
        offsets = ["self" if o == 0 else f"+{o}" for o in range(n)]
        ident = self.ident_of
        count = len(ident)  # the cards (each card's identity: cards alike share one)
        kinds = len(self.idents)  # the card identities, which the places follow
        number_pos = {v: i for i, v in enumerate(self.numbers)}
        places = [f"#{k}" for k in range(1, deck + 1)]

        def place(v, seat):  # a card by its place, `#k`, after the card identities
            if v.__class__ is int:
                return ident[v] if 0 <= v < count else None
            if v.__class__ is str and v[:1] == "#" and v[1:].isdigit() and 1 <= int(v[1:]) <= deck:
                return kinds + int(v[1:]) - 1
            return None

        domains = {
            "card": (self.idents, lambda v, seat: ident[v] if v.__class__ is int and 0 <= v < count else None),
            "place": ([*self.idents, *places], place),
            "player": (offsets, lambda v, seat: (v - seat) % n if v.__class__ is int else None),
            "number": (self.numbers, lambda v, seat: number_pos.get(v)),
        }

        def numbers(verb: str, i: int) -> tuple:  # a number argument: the numbers it can take (`_number_domains`)
            listed = self.counts.get((verb, i)) or self.numbers
            pos = {v: k for k, v in enumerate(listed)}
            return listed, lambda v, seat: pos.get(v)

        def values(verb: str, i: int) -> tuple:  # a value argument: the values it can take (`_value_domains`)
            listed = takes.get((verb, i)) or self.values + self.attr_numbers
            pos = {v: k for k, v in enumerate(listed)}
            return listed, lambda v, seat: pos.get(v)

        blocks: list = []
        for (verb, _, _), parts in sorted(shapes.items()):
            by_place = (verb, "several", parts) in placed
            shown = tuple("card or place" if p == "card" and by_place else p for p in parts)
            blocks.append(ProductBlock(at, verb, shown, [
                numbers(verb, i) if p == "number" else
                domains["place" if p == "card" and by_place else p] if p in domains else values(verb, i)
                for i, p in enumerate(parts)], parts, self.call_sets))
            at += blocks[-1].size
        # Sets of cards: each set numbered, unless there are too many (more actions than MAX_ACTIONS in all):
        # then the verbs of the most are picked a card at a time (`PickBlock`) until the rest fit.
        shape = {verb: (low, high, deck if (verb, "cards", 0) in placed else 0) for verb, (low, high) in sets.items()}
        calls = self.call_sets
        whole = {verb: SetBlock(0, verb, self.idents, *shape[verb], calls).size for verb in shape}
        picked: set = set()
        while at + sum(whole[v] if v not in picked else len(self.idents) + shape[v][2] + 1 + len(calls)
                       for v in whole) > MAX_ACTIONS and len(picked) < len(whole):
            picked.add(max((v for v in whole if v not in picked), key=whole.__getitem__))
        for verb in sorted(sets):
            kind = PickBlock if verb in picked else SetBlock
            blocks.append(kind(at, verb, self.idents, *shape[verb], calls))
            at += blocks[-1].size
        if at > MAX_ACTIONS:
            big = max(blocks, key=lambda b: b.size)
            raise ValueError(f"{self.program.name} would need {at:,} actions (at most {MAX_ACTIONS:,}): "
                             f"`{big.verb}` alone takes {big.size:,} ({big.describe()})")
        return blocks

    def decide(self, decision, seat: int) -> tuple:
        """What the seat may do at its decision: (its moves by action: action index -> (move, calls, rule text);
        the mask of those actions; the verb groups it offers, for the observation).  A move's actions are worked
        out once and kept by the move (the engine makes each move once and offers it again and again; a set of
        cards is worked out each time); a move outside the action space (one only a rule written in play could
        offer) has no action and is left out.

        Every move asked before (of this seat, with these calls) is looked up in one pass of C (`_quick`: its
        (action, (move, calls, rule text)) pairs, which hold the move, so no other move takes its id); the mask
        and verb groups are kept by the actions they come from.  Otherwise `_decide` works the moves out."""
        asked = (seat, decision.calls)
        quick = self._quick.get(asked)
        if quick is None:
            quick = self._quick[asked] = {}
        try:
            out = dict(chain.from_iterable(map(quick.__getitem__, map(id, decision.options))))
        except KeyError:
            return self._decide(decision.options, asked, quick)
        acts = tuple(out)
        got = self._masks.get(acts)
        if got is None:
            got = self._mask(acts)
        return out, got[0], got[1]

    def _mask(self, acts: tuple) -> tuple:
        """The mask of the actions `acts` (read-only: shared by infos and observations) and their verb groups,
        kept by the actions (the same actions legal again, in another order of moves or with others', find them).
        Called when they are not kept (`_masks`)."""
        if self.size <= 4096:  # a row of a block of masks made beforehand, written through its bytes
            at = self._row
            if at == MASK_ROWS:
                self._new_rows()
                at = 0
            self._row = at + 1
            made = self._made
            base = at * self.size
            bit = self._bit_of
            bits = 0
            for i in acts:  # each action's 1, and its verb group's bit
                made[base + i] = 1
                bits |= bit[i]
            mask = self._row_list[at]
            groups = self._groups_of.get(bits)
            if groups is None:  # the verb groups of those bits, in order (a few kinds of move: kept)
                groups = self._groups_of[bits] = tuple(g for g in range(len(self.groups)) if bits >> g & 1)
        else:
            mask = np.zeros(self.size, dtype=I8)
            mask[list(acts)] = 1
            mask.flags.writeable = False
            listed = self._group_of
            n = len(listed)
            groups = {listed[i] if i < n else self._group(i) for i in acts}
            groups.discard(None)
            groups = tuple(sorted(groups))
        if len(self._masks) > self._masks_kept:
            self._masks.clear()
        got = self._masks[acts] = (mask, groups)
        return got

    def _new_rows(self) -> None:
        """A block of MASK_ROWS masks to be, all zero, read-only as numpy sees them: `_mask` writes each row once,
        through the block's bytes, before it hands it out (a row is never written again: a mask a learner keeps
        stays as it was; the block is let go when none of its rows is held any longer).  The rows' numpy views are
        made all at once (`list` of the block: one view each, made in C)."""
        self._made = bytearray(MASK_ROWS * self.size)
        rows = np.frombuffer(self._made, I8).reshape(MASK_ROWS, self.size)
        rows.flags.writeable = False
        self._row_list, self._row = list(rows), 0

    def _group(self, i: int):
        """The verb group of an action (the kind of move it is), or None."""
        a = self.actions.listed[i] if i < len(self.actions.listed) else None
        if a is not None:
            return self.verb_group.get((a.verb, a.kind))
        b = self.actions.blocks[bisect_right(self.actions.starts, i) - 1]
        return self.verb_group.get((b.verb, b.kind))

    def _decide(self, options, asked: tuple, quick: dict) -> tuple:
        """`decide` for moves not asked before: each move's actions worked out (`_move_actions`, `_asked_actions`)
        and noted in `quick`; sets of cards ranked together."""
        out: dict = {}
        groups = set()
        kept = self._of_move
        sets = None
        if options and options[-1].kind == "cards":  # sets of cards (and maybe a pass first): ranked at once below
            sets = [mv for mv in options if mv.kind == "cards"]
            options = [mv for mv in options if mv.kind != "cards"]
        if len(quick) > 20_000:
            quick.clear()
        for mv in options:
            e = kept.get(id(mv))
            if e is None or e[0] is not mv:
                if mv.kind == "cards":  # sets of cards, made anew each decision: ranked all at once below
                    if sets is None:
                        sets = []
                    sets.append(mv)
                    continue
                e = self._move_actions(mv)
            pairs = e[4].get(asked)
            if pairs is None:
                pairs = self._asked_actions(e, asked)
            if pairs:  # (a move without actions is not noted: nothing would hold it)
                quick[id(mv)] = pairs
            else:
                self.outside(mv)
            out.update(pairs)
            groups.add(e[3])
        if sets is not None:
            picking = self._set_actions(sets, out, groups, asked[1])
            if picking:
                return self._start_picking(picking, out, groups, asked[1])
        acts = tuple(out)
        got = self._masks.get(acts) or self._mask(acts)
        groups.discard(None)
        return out, got[0], tuple(sorted(groups))

    def outside(self, mv) -> None:
        """A move of a decision has no action: an error that names it and says why, rather than a mask without it
        (a learner must be able to make every legal move)."""
        name = self.program.name
        opened = [x for x in self.open_numbers if x[0] == mv.verb]
        if opened:
            lo, hi = opened[0][3]
            raise OutsideActionSpace(
                f"{name}: `{mv.text}` has no action: `{mv.verb}` takes a number whose range is worked out in play "
                f"and not bounded by the file, and its actions are the numbers {lo}..{hi} (make_env warned of it); "
                f"make the environment with make_env(numbers=(LOW, HIGH)) covering this game's numbers")
        raise OutsideActionSpace(f"{name}: `{mv.text}` has no action in the space made from the file (a rule "
                                 "written in play may offer what the file does not)")

    def action_of(self, move, seat: int) -> int | None:
        """The action of one of the seat's moves (a Move of its decision, with the calls said with it, as a bot
        makes it), or None if the action space has none."""
        if move.calls:  # the action of the move said without them, then its row of calls
            kind = move.kind
            if kind == "several" or kind == "cards":  # a block's: its row of calls is the block's
                i = self.action_of(attrs.evolve(move, calls=frozenset()), seat)
                row = self._block_row(i)
                return row.get(move.calls) if row is not None else None
            item = self.ident_of[move.arg] if kind == "card" else (move.arg - seat) % self.n if kind == "player" \
                else move.arg if kind else None
            row = self.call_rows.get(self.index.get((move.verb, kind, item, frozenset())))
            return row.get(move.calls) if row is not None else None
        kept = self._action_kept[seat]
        got = kept.get(id(move))
        if got is not None and got[0] is move:
            return got[1]
        e = self._of_move.get(id(move))
        if e is None or e[0] is not move:
            e = self._move_actions(move)
        pairs = e[4].get((seat, ()))
        if pairs is None:
            pairs = self._asked_actions(e, (seat, ()))
        if move.kind == "rule":  # a rule to write: the example rule it names
            pairs = [a for a in pairs if a[1][2] == move.arg] or pairs
        action = pairs[0][0] if pairs else None
        if move.kind != "cards" and move.kind != "rule":  # kept by the move, which it holds (no other takes its id)
            if len(kept) > 20_000:
                kept.clear()
            kept[id(move)] = (move, action)
        return action

    def legal(self, decision, seat: int) -> dict:
        """The decision's moves by action: action index -> (move, calls, rule text)."""
        return self.decide(decision, seat)[0]

    def _move_actions(self, mv) -> tuple:
        """One move's entry: (the move, its actions said without calls as (action, (move, no calls, rule text))
        pairs (a list of them by acting seat for a move naming a player), its card's actions by calls said or
        None, its verb group, its pairs with the calls it may be said with by (acting seat, calls offered):
        `_asked_actions`).  Kept by the move, but for a set of cards (made anew for each decision)."""
        none = frozenset()
        kind = mv.kind
        row = None
        if kind == "card":
            i = self.index.get((mv.verb, kind, self.ident_of[mv.arg], none))
            row = self.call_rows.get(i)
            pairs = ((i, (mv, none, None)),) if i is not None else ()
        elif kind == "player" or kind == "several":  # by acting seat, each worked out when first asked
            pairs = [None] * self.n
        elif kind == "cards":
            block = self.set_blocks.get(mv.verb)
            i = block.index(block.ids(mv.arg, self.ident_of)) if block is not None else None
            pairs = ((i, (mv, none, None)),) if i is not None else ()
        elif kind == "rule":
            base = self.rule_base.get(mv.verb)
            texts = self.examples or ("when turn_ends(player) if false { }",)  # a rule that changes nothing
            pairs = tuple((base + k, (mv, none, text)) for k, text in enumerate(texts)) if base is not None else ()
        else:
            i = self.index.get((mv.verb, kind, mv.arg if kind else None, none))
            row = self.call_rows.get(i)
            pairs = ((i, (mv, none, None)),) if i is not None else ()
        e = (mv, pairs, row, self.verb_group.get((mv.verb, kind)), {})
        if kind != "cards":
            if len(self._of_move) > 20_000:
                self._of_move.clear()
            self._of_move[id(mv)] = e
        return e

    def _asked_actions(self, e: tuple, asked: tuple) -> tuple:
        """A move's (action, (move, calls, rule text)) pairs when `asked` = (acting seat, calls the decision lets be
        said): its own, counted from the seat if it names players, then its card's with each set of those calls;
        kept in its entry."""
        seat, calls = asked
        pairs = e[1]
        row = e[2]
        if pairs.__class__ is list:  # a move naming players: its actions count them from the acting seat
            pairs = pairs[seat] or self._seat_actions(e, seat)
            if calls and len(pairs) == 1:
                row = self.call_rows.get(pairs[0][0]) or self._block_row(pairs[0][0])
        if row is not None and calls:
            subsets = self._offered(calls)
            mv = e[0]
            pairs = (*pairs, *((row[cs], (mv, cs, None)) for cs in subsets))
        e[4][asked] = pairs
        return pairs

    def _offered(self, calls: tuple) -> list:
        """The sets of the game's calls a decision lets be said (`calls`: the calls it offers), in `call_sets`' order."""
        subsets = self._subsets.get(calls)
        if subsets is None:
            offered = set(calls)
            subsets = self._subsets[calls] = [cs for cs in self.call_sets if cs <= offered]
        return subsets

    def _block_row(self, i) -> dict | None:
        """The actions of a move of a block (action `i`, said without calls) by the calls said with it; None if `i`
        is none of a block's or its block is said without calls (a game without calls)."""
        if i is None or i < len(self.actions.listed) or not self.call_sets:
            return None
        b = self.actions.blocks[bisect_right(self.actions.starts, i) - 1]
        return b.row(i) if b.__class__ is not PickBlock else None

    def _set_actions(self, sets: list, out: dict, groups: set, calls: tuple = ()) -> dict:
        """The actions of a decision's sets of cards, ranked together with numpy (a decision may offer hundreds:
        every three cards of a hand to pass), into `out`, each with every set of the calls the decision lets be
        said (`calls`: those it offers); their verb groups into `groups`.  The sets of a verb picked a card at a
        time are given back: verb -> [(their identities in order, the move)]."""
        by: dict = {}
        none = frozenset()
        picking: dict = {}
        said = [(k, cs) for k, cs in enumerate(self.call_sets, 1) if cs in set(self._offered(calls))] if calls else ()
        for mv in sets:
            pick = self.pick_blocks.get(mv.verb)
            if pick is not None:
                ids = pick.ids(mv.arg, self.ident_of)
                if ids is None:
                    self.outside(mv)
                picking.setdefault(mv.verb, []).append((tuple(sorted(ids)), mv))
            elif all(c.__class__ is int for c in mv.arg):
                by.setdefault((mv.verb, len(mv.arg)), []).append(mv)
            else:  # a set with hidden cards by place ('#k'): ranked alone
                block = self.set_blocks.get(mv.verb)
                i = block.index(block.ids(mv.arg, self.ident_of)) if block is not None else None
                if i is None:
                    self.outside(mv)
                else:
                    out[i] = (mv, none, None)
                    for k, cs in said:
                        out[i + k * block.base] = (mv, cs, None)
                    groups.add(self.verb_group.get((mv.verb, "cards")))
        for (verb, k), moves in by.items():
            block = self.set_blocks.get(verb)
            if block is None or not block.low <= k <= block.high:
                self.outside(moves[0])
            ids = self._ident_np[np.array([mv.arg for mv in moves], dtype=np.intp)]
            ids.sort(axis=1)
            ranks = block.ranks_np
            at = np.full(len(moves), block.start + block.offsets[k - block.low], dtype=np.int64)
            for i in range(k):
                at += ranks[i][ids[:, i]]
            out.update(zip(at.tolist(), [(mv, none, None) for mv in moves]))
            for j, cs in said:
                out.update(zip((at + j * block.base).tolist(), [(mv, cs, None) for mv in moves]))
            groups.add(self.verb_group.get((verb, "cards")))
        return picking

    def _start_picking(self, picking: dict, out: dict, groups: set, calls: tuple = ()) -> tuple:
        """A decision with sets picked a card at a time (`PickBlock`): the other moves by action, the mask of those
        and of each first card a legal set holds, the verb groups, and the `Picking` to go on from."""
        first = set()
        for verb, sets in picking.items():
            start = self.pick_blocks[verb].start
            first.update(start + j for ids, _ in sets for j in ids)
            groups.add(self.verb_group.get((verb, "cards")))
        groups.discard(None)
        mask = self._mask(tuple(sorted([*out, *first])))[0]
        return out, mask, tuple(sorted(groups)), Picking(picking, out, calls=tuple(self._offered(calls)) if calls else ())

    def pick(self, now: tuple, action: int) -> tuple | None:
        """The seat to act picks a card of a set (`PickBlock`) at `now` (a decision's moves, mask, verb groups and
        `Picking`): the moves, mask, verb groups and `Picking` after it, or None if the action is no card it may
        pick now.  Done is then the move of the set picked, when the cards are one."""
        state = now[3]
        if not 0 <= action < self.size or not now[1][action]:
            return None
        for verb, block in self.pick_blocks.items():
            if block.start <= action < block.done and (state.verb is None or state.verb == verb):
                break
        else:
            return None
        picked = tuple(sorted((*state.picked, action - block.start)))
        need = Counter(picked)
        sets = [(ids, mv) for ids, mv in state.sets[verb] if not need - Counter(ids)]
        out = {block.done: (mv, frozenset(), None) for ids, mv in sets if ids == picked}
        for ids, mv in sets:  # done said with the calls the decision lets be said
            if ids == picked:
                out.update((block.done_with[cs], (mv, cs, None)) for cs in state.calls)
        more = set()
        for ids, _ in sets:
            have = Counter(ids)
            more.update(block.start + j for j in have if have[j] > need[j])
        mask = self._mask(tuple(sorted([*out, *more])))[0]
        group = self.verb_group.get((verb, "cards"))
        return out, mask, (group,) if group is not None else (), Picking({verb: sets}, {}, verb, picked, state.calls)

    def show_picks(self, vector: np.ndarray, state: Picking) -> None:
        """The cards picked so far of a set being picked (`Picking`), counted into the picker's observation."""
        if state.verb is not None:
            at = self.pick_at[state.verb]
            for j in state.picked:
                vector[at + j] += 1.0

    def _seat_actions(self, e: tuple, seat: int) -> tuple:
        """The actions of a move naming players (its entry `e`) when `seat` acts, kept in the entry."""
        mv = e[0]
        none = frozenset()
        if mv.kind == "player":
            i = self.index.get((mv.verb, "player", (mv.arg - seat) % self.n, none))
        else:
            block = self.product_blocks.get((mv.verb, self.shape_of.get((mv.verb, mv.option, mv.doc))))
            i = block.index(mv.arg, seat) if block is not None else None
        pairs = e[1][seat] = ((i, (mv, none, None)),) if i is not None else ()
        return pairs

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
        self._group_of = [self.verb_group.get((a.verb, a.kind)) for a in self.actions.listed]  # of each action listed
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
        self.var_start = at  # the variables, the players' variables and the claim from here
        self.var_slots = []
        for v in p.vars:
            if v.name == "score" or v.per_player:
                continue
            kind = p.var_kinds.get(v.name, "any")
            self.var_slots.append((v.name, self._var_segment(add, f"var.{v.name}", kind)))
        self.pvar_slots = []  # (name, where the seats' numbers start if it is a number, each seat's slot)
        self.pvar_spans = []  # each player variable's run of the vector: (start, end)
        pvars = ["score"] + [v.name for v in p.vars if v.per_player and v.name != "score"]
        for name in pvars:
            kind = "int" if name == "score" else p.var_kinds.get(name, "any")
            first = at
            starts = [self._var_segment(add, f"pvar.{name}[{offsets[o]}]", kind) for o in range(n)]
            number = starts[0][1] if starts and starts[0][0] == "number" else None  # one a seat, from here
            self.pvar_slots.append((name, number, starts))
            self.pvar_spans.append((first, at))
        if self.claims:  # a game that makes no claim has no room for one
            self.at_claim = add("claim", 3, "a claim is made · it still stands · how many cards it covers",
                                ("made", "stands", "count"))
            self.at_claim_player = add("claim.player", n, "one-hot: who made the last claim", offsets)
            self.at_claim_card = add("claim.says.card", len(self.idents), "one-hot: the card it names", self.idents)
            self.at_claim_value = add("claim.says.value", len(self.values), "one-hot: the value it names",
                                      self.values)
        self.pick_at = {}  # a verb whose sets are picked a card at a time -> where its cards picked so far are
        for verb, block in sorted(self.pick_blocks.items()):
            self.pick_at[verb] = add(f"picking.{verb}", len(block.idents), "count of each card identity (and place) "
                                     "you have picked so far of the set being chosen", block.idents)
        self.segments = segs
        self.obs_size = at

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
                                                       else "one-hot: the value it holds", values), values,
                    {v: i for i, v in enumerate(values)})
        if kind.startswith("list"):
            return ("length", add(name, 1, "how many items it holds"))
        return ("number", add(name, 1, "its number (true = 1; anything else 0)"))

    def observe(self, view: dict, mine) -> np.ndarray:
        """The observation of one seat from its view (and the verb groups of its pending decision, `mine`), every
        card counted afresh: the numbers `observe_seen` gives from the seat's glance (tests/test_env.py checks
        that the two agree at every step of its games)."""
        seat = view["seat"]
        n = self.n
        ident = self.ident_of
        pend = view["pending"]
        out = self._start(seat, view["current"], view["direction"], pend and pend["player"], pend and pend["window"],
                          mine)
        zones = view["zones"]
        for name, per, size_at, counts, top in self.zone_slots:
            z = zones[name]
            if per:
                parts = [(size_at + (o - seat) % n, counts[(o - seat) % n], h["cards"]) for o, h in enumerate(z)]
            else:
                parts = [(size_at, counts, z["cards"])]
            for size, base, cards in parts:
                if cards:
                    out[size] = len(cards)
                    for c in cards:
                        if c is not None:
                            out[base + ident[c]] += 1.0
                    if not per and cards[-1] is not None:
                        out[top + ident[cards[-1]]] = 1.0
        return self._finish(out, seat, view["vars"], view["player_vars"], view.get("claim") if self.claims else None)

    def _observer(self):
        """`observe_seen(seen, seat, mine)`: the observation of one seat from its glance (`Seat.glance()`: what its
        view holds, with the view's masking, nothing copied) and the verb groups of its pending decision (`mine`);
        `observers[seat](seen, mine)` is the same for one seat, without the dispatch.

        Python functions written for this game and number of players, one for each seat (as the compiler writes a
        game's code): each zone, owner and variable has its place in that seat's vector as a constant (seats
        counted from it), so a look runs no loop over the layout.  Each seat's last vector is kept with what its
        glance showed of each zone (of each owner) then, and only what changed is written:

        - a zone the seat sees none of (the glance gives its size) has its size written, and nothing else unless
          it showed cards last time (their counts and top are cleared then);
        - a zone it sees cards of is written again only when they differ from last time (one C comparison): its
          size, top and counts; a zone seen whole of fewer than LONG_RUN cards (a hand) is counted in place, each
          card's entry looked up in a table of the part's own (`POS`), or, when it was seen whole last time too and
          has since lost one card (played: found as what the sums of the card ids differ by, the rest checked to
          be the list of before without it) or gained some on top (drawn), only that card or those are counted
          (the counts written then are its list's); a longer one's counts are kept by the zone
          (shared by every seat that sees it whole) and moved on by the cards put on or taken off its top since
          they were last worked out (`recount`); a zone seen in part is counted by `_tally`, per seat;
        - whose turn it is, the verbs, the variables and the claim are written each time (most looks change one).

        The vector is a Python float array, written by slices (and single numbers through a memoryview of it); the
        seat gets a copy of numpy's view of it (the next look writes the kept one), or, where reference counts tell
        (REUSE), an array it was given at one of its last two looks and let go since, written again."""
        n, real = self.n, self.real
        head = self.at_verbs + len(self.groups)  # whose turn, the direction, whose decision, the verbs: each time
        zone_end = self.var_start
        claim_at = self.at_claim if self.claims else self.obs_size
        ident = self.ident_of
        pos: dict = {}  # where a part's counts start -> each card's entry there

        def table(at: int) -> str:
            if at not in pos:
                pos[at] = len(pos)
                consts[f"POS{pos[at]}"] = [at + ident[c] for c in range(len(ident))]
            return f"POS{pos[at]}"

        consts = {"HEAD": self._zeros[:head], "NONE": self._no_cards, "VARS": self._zeros[zone_end:claim_at],
                  "CLAIMS": self._zeros[claim_at:], "ROT": [[(c - s) % n for c in range(n)] for s in range(n)],
                  "TALLY": self._tally, "RECOUNT": recount, "IDENT": ident, "PUT": self._put, "BOUND": BOUND,
                  "array": array, "VALUE_INDEX": self.value_index, "RC": sys.getrefcount, "FREE": FREE}
        self._outs = [self._zeros[:] for _ in range(n)]
        self._nps = [np.frombuffer(out, dtype=F32) for out in self._outs]
        parts = sum(n if per else 1 for _, per, *_ in self.zone_slots)
        # each part's last glance, then whether a claim was written, then each player number's values last written
        self._was = [[None] * (parts + 1 + len(self.pvar_slots)) for _ in range(n)]
        self._counts = [[[], self._no_cards[:]] for _ in range(parts)]  # a long zone's cards last counted, their counts
        self._heads = [{} for _ in range(n)]  # each seat's: (whose turn, direction, pending, window, verbs) -> the head
        consts["HEAD_OF"] = self._head
        sources = []
        for seat in range(n):
            consts[f"OUT{seat}"], consts[f"NP{seat}"], consts[f"WAS{seat}"] = (self._outs[seat], self._nps[seat],
                                                                             self._was[seat])
            consts[f"MV{seat}"] = memoryview(self._outs[seat])
            consts[f"AT_CURRENT{seat}"] = [self.at_current + (c - seat) % n for c in range(n)]
            consts[f"AT_PENDING{seat}"] = [self.at_pending + (c - seat) % n for c in range(n)]
            lines = [f"def observe_{seat}(seen, mine):",
                     "    current, direction, pend, window, zones, values, pvalues, claim = seen",
                     f"    out = OUT{seat}",
                     f"    mv = MV{seat}  # single numbers written through a memoryview: array's item writes parse their argument",
                     f"    was = WAS{seat}",
                     "    key = (current, direction, pend, window, mine)",
                     f"    h = HEADS{seat}.get(key)",
                     f"    out[0:{head}] = h if h is not None else HEAD_OF({seat}, key)"]
            consts[f"HEADS{seat}"] = self._heads[seat]
            k = 0
            for i, (name, per, size_at, counts, top) in enumerate(self.zone_slots):
                if per:
                    lines.append(f"    zz = zones[{i}]  # {name}, one per player")
                    spots = [(f"zz[{o}]", size_at + (o - seat) % n, counts[(o - seat) % n], None) for o in range(n)]
                else:
                    spots = [(f"zones[{i}]  # {name}", size_at, counts, top)]
                for got, size, at, top_at in spots:
                    clear = [f"            out[{at}:{at + real}] = NONE"]
                    if top_at is not None:
                        clear.append(f"            out[{top_at}:{top_at + real}] = NONE")
                    lines += [f"    z = {got}",
                              "    if z.__class__ is int:",
                              f"        mv[{size}] = z",
                              f"        if was[{k}] is not None:",
                              f"            was[{k}] = None",
                              *clear,
                              f"    elif z != was[{k}]:",
                              f"        p = was[{k}]",
                              f"        was[{k}] = z[:] if z.__class__ is list else z",
                              f"        mv[{size}] = len(z)"]
                    if top_at is not None:
                        lines.append(f"        out[{top_at}:{top_at + real}] = NONE")
                    pt = table(at)
                    lines += ["        if z.__class__ is list:",
                              f"            if len(z) < {LONG_RUN}:  # a few cards: counted here, or the change since last look",
                              "                j = len(p) if p.__class__ is list else -1  # (the counts written then: its list's)",
                              # (a list of LONG_RUN cards or more may be a long zone's kept one, `t[0]`: not changed)
                              f"                if len(z) + 1 == j < {LONG_RUN} and (c := sum(p) - sum(z)) in p and not p.remove(c) and p == z:",
                              f"                    mv[{pt}[c]] -= 1.0  # one card went (what the sums of the ids differ by)",
                              "                elif len(z) > j >= 0 and z[:j] == p:  # cards put on top",
                              "                    for c in z[j:]:",
                              f"                        mv[{pt}[c]] += 1.0",
                              "                else:",
                              f"                    out[{at}:{at + real}] = NONE",
                              "                    for c in z:",
                              f"                        mv[{pt}[c]] += 1.0",
                              "            else:  # its counts kept by the zone: moved on by the cards put on top, if only that",
                              f"                t = COUNTS{k}",
                              "                p = t[0]",
                              "                j = len(p)",
                              "                if len(z) > j and z[:j] == p:",
                              "                    m = t[1]",
                              "                    for c in z[j:]:",
                              "                        m[IDENT[c]] += 1.0",
                              f"                    t[0] = was[{k}]",
                              f"                    out[{at}:{at + real}] = m",
                              "                else:",
                              f"                    out[{at}:{at + real}] = RECOUNT(t, was[{k}], IDENT, NONE)",
                              "        elif z:",
                              f"            out[{at}:{at + real}] = TALLY(({k}, {seat}), z)",
                              "        else:",
                              f"            out[{at}:{at + real}] = NONE"]
                    if top_at is not None:
                        lines += ["        if z:",
                                  "            c = z[-1]",
                                  "            if c is not None:",
                                  f"                mv[{top_at} + IDENT[c]] = 1.0"]
                    consts[f"COUNTS{k}"] = self._counts[k]
                    k += 1
            pvars_at = self.pvar_spans[0][0] if self.pvar_spans else claim_at
            if zone_end < pvars_at:
                lines.append(f"    out[{zone_end}:{pvars_at}] = VARS  # the variables: written each time (most looks change one)")
                consts["VARS"] = self._zeros[zone_end:pvars_at]
            for j, (name, slot) in enumerate(self.var_slots):
                consts[f"SLOT{j}"] = slot
                lines.append(f"    v = values.get({name!r})")
                if slot[0] == "number":
                    lines += ["    if v.__class__ is int and -BOUND <= v <= BOUND:",
                              "        if v:",
                              f"            mv[{slot[1]}] = v",
                              "    elif v is not None:",
                              f"        PUT(out, SLOT{j}, v, {seat})"]
                elif slot[0] == "value":
                    consts[f"VALUES{j}"] = slot[3]
                    lines += ["    if v.__class__ is str:",
                              f"        at = VALUES{j}.get(v)",
                              "        if at is not None:",
                              f"            mv[{slot[1]} + at] = 1.0",
                              "    elif v is not None:",
                              f"        PUT(out, SLOT{j}, v, {seat})"]
                else:
                    lines += ["    if v is not None:",
                              f"        PUT(out, SLOT{j}, v, {seat})"]
            for j, (name, number, starts) in enumerate(self.pvar_slots):
                consts[f"STARTS{j}"] = starts
                lo, hi = self.pvar_spans[j]
                consts[f"PVARS{j}"] = self._zeros[lo:hi]
                lines.append(f"    vals = pvalues.get({name!r})")
                puts = ["            for o, v in enumerate(vals):",
                        "                if v is not None and v is not False:",
                        f"                    PUT(out, STARTS{j}[ROT[{seat}][o]], v, {seat})"]
                if number is not None:  # numbers, one a seat: written when they changed, at once if all are numbers
                    # (what is kept is a copy of the list: a number is never changed in place, and what is not a
                    # number, `PUT` writes nothing of)
                    w = parts + 1 + j
                    lines += [f"    if vals != was[{w}]:",
                              f"        was[{w}] = vals[:] if vals.__class__ is list else vals",
                              f"        out[{lo}:{hi}] = PVARS{j}",
                              "        if vals is not None and any(vals):",
                              "            try:",
                              f"                a = array('f', vals[{seat}:] + vals[:{seat}])" if seat else
                              "                a = array('f', vals)",
                              "                whole = -BOUND <= min(a) and max(a) <= BOUND",
                              "            except (TypeError, OverflowError):  # a player's number not set, or not a number",
                              "                whole = False",
                              "            if whole:",
                              f"                out[{number}:{number + n}] = a",
                              "            else:",
                              *["    " + x for x in puts]]
                else:
                    lines += [f"    out[{lo}:{hi}] = PVARS{j}",
                              "    if vals is not None:",
                              *[x[4:] for x in puts]]
            if self.claims:  # `_claim`, written out for the seat
                lines += [f"    if claim is not None or was[{k}]:",
                          f"        out[{claim_at}:] = CLAIMS",
                          f"        was[{k}] = claim is not None",
                          "        if claim is not None:",
                          f"            mv[{self.at_claim}] = 1.0",
                          f"            mv[AT_CLAIMER{seat}[claim['player']]] = 1.0",
                          "            if claim['stands']:",
                          f"                mv[{self.at_claim + 1}] = 1.0",
                          f"            out[{self.at_claim + 2}] = claim['count']",
                          "            says = claim['says']",
                          "            if claim['kind'] == 'card' and isinstance(says, int):",
                          f"                mv[{self.at_claim_card} + IDENT[says]] = 1.0",
                          "            elif isinstance(says, str):",
                          "                at = VALUE_INDEX.get(says)",
                          "                if at is not None:",
                          f"                    mv[{self.at_claim_value} + at] = 1.0"]
                consts[f"AT_CLAIMER{seat}"] = [self.at_claim_player + (c - seat) % n for c in range(n)]
            if REUSE:  # the arrays handed out at this seat's last two looks: one let go since is written again
                lines += [f"    g = GIVEN{seat}",
                          "    a = g[0]",
                          "    if a is not None and RC(a) == FREE:",
                          "        g[1][:] = out",
                          "        return a",
                          "    a = g[2]",
                          "    if a is not None and RC(a) == FREE:",
                          "        g[3][:] = out",
                          "        return a",
                          f"    a = NP{seat}.copy()",
                          "    g[2], g[3] = g[0], g[1]",
                          "    g[0], g[1] = a, memoryview(a)",
                          "    return a"]
                consts[f"GIVEN{seat}"] = [None] * 4
            else:
                lines.append(f"    return NP{seat}.copy()")
            sources.append("\n".join(lines) + "\n")
        sources.append(f"OBSERVERS = [{', '.join(f'observe_{s}' for s in range(n))}]\n\n"
                       "def observe_seen(seen, seat, mine):\n"
                       "    return OBSERVERS[seat](seen, mine)\n")
        source = "\n".join(sources)
        exec(_compiled(source, f"<observation of {self.program.name} for {n}>"), consts)
        self.observer_source = source
        self.observers = consts["OBSERVERS"]
        return consts["observe_seen"]

    def _head(self, seat: int, key: tuple) -> array:
        """The head of a seat's vector (whose turn it is, the direction, whose decision, a window, the verbs of its
        own decision), kept by what it shows."""
        heads = self._heads[seat]
        if len(heads) > 4096:
            heads.clear()
        out = heads[key] = self._start(seat, *key)[:self.at_verbs + len(self.groups)]
        return out

    def forget(self) -> None:
        """Let go of each seat's last observation (a new game): the next is written whole."""
        for out, was in zip(self._outs, self._was):
            out[:] = self._zeros
            was[:] = [None] * len(was)

    def _tally(self, key, cards: tuple) -> array:
        """The count of each card identity among `cards` (a zone seen in part: a tuple with None for the cards not
        seen), kept under `key` and worked out again only when they changed."""
        memo = self._tallies.get(key)
        ident = self.ident_of
        if memo is not None:
            before = memo[0]
            if before == cards:
                return memo[1]
            j, k = len(before), len(cards)
            if k > j and cards[:j] == before:  # cards put on top (a pile laid on face down): those counted
                t = memo[1]  # (handed out only as a copy: moved on in place)
                for c in cards[j:]:
                    if c is not None:
                        t[ident[c]] += 1.0
                self._tallies[key] = (cards, t)
                return t
        t = self._no_cards[:]
        for c in cards:
            if c is not None:
                t[ident[c]] += 1.0
        self._tallies[key] = (cards, t)
        return t

    def _start(self, seat: int, current: int, direction: int, pending, window, mine) -> array:
        """A fresh observation with whose turn, the direction, whose decision and the verbs of the seat's own."""
        n = self.n
        out = self._zeros[:]
        out[self.at_current + (current - seat) % n] = 1.0
        out[self.at_direction] = direction
        if pending is not None:
            out[self.at_pending + (pending - seat) % n] = 1.0
            if window:
                out[self.at_window] = 1.0
        if mine:
            for g in mine:
                out[self.at_verbs + g] = 1.0
        return out

    def _finish(self, out, seat: int, values: dict, pvars: dict, claim) -> np.ndarray:
        """The variables, per-player variables and the public claim; the vector as numpy, without a copy."""
        n = self.n
        put = self._put
        for name, slot in self.var_slots:
            v = values.get(name)
            if v is not None:
                if slot[0] == "number" and v.__class__ is int and -BOUND <= v <= BOUND:
                    if v:
                        out[slot[1]] = v
                else:
                    put(out, slot, v, seat)
        for name, number, starts in self.pvar_slots:
            vals = pvars.get(name)
            if vals is None:
                continue
            if number is not None:  # numbers, one a seat from `number`: written at once if all are
                try:
                    r = array("f", vals[seat:] + vals[:seat])
                    if -BOUND <= min(r) and max(r) <= BOUND:
                        out[number:number + n] = r
                        continue
                except (TypeError, OverflowError):  # a player's number not set, or not a number
                    pass
            o = -seat % n
            for v in vals:
                if v is not None and v is not False:
                    put(out, starts[o], v, seat)
                o = o + 1 if o + 1 < n else 0
        if claim is not None:
            self._claim(out, seat, claim)
        return np.frombuffer(out, dtype=F32)

    def _claim(self, out, seat: int, claim: dict) -> None:
        """The public claim: made, standing, how many cards, who, what it says."""
        out[self.at_claim] = 1.0
        out[self.at_claim_player + (claim["player"] - seat) % self.n] = 1.0
        if claim["stands"]:
            out[self.at_claim + 1] = 1.0
        out[self.at_claim + 2] = claim["count"]
        says = claim["says"]
        if claim["kind"] == "card" and isinstance(says, int):
            out[self.at_claim_card + self.ident_of[says]] = 1.0
        elif isinstance(says, str) and says in self.value_index:
            out[self.at_claim_value + self.value_index[says]] = 1.0

    def _put(self, out, slot: tuple, v, seat: int) -> None:
        how, start = slot[0], slot[1]
        if how == "number":
            if isinstance(v, (int, float)):
                out[start] = max(-BOUND, min(BOUND, v))
        elif how == "card":
            out[start + self.ident_of[v]] = 1.0
        elif how == "cards":  # (None for a card the seat may not see)
            for c in v:
                if c is not None:
                    out[start + self.ident_of[c]] += 1.0
        elif how == "player":
            out[start + (v - seat) % self.n] = 1.0
        elif how == "players":
            for p in v:
                out[start + (p - seat) % self.n] = 1.0
        elif how == "value":
            at = slot[3].get(v)
            if at is not None:
                out[start + at] = 1.0
        elif how == "values":
            for x in v:
                at = slot[3].get(x)
                if at is not None:
                    out[start + at] = 1.0
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
        listed = self.actions.listed
        for i, a in enumerate(listed + [None]):
            if i and (a is None or (a.verb, a.kind, a.calls) != (listed[start].verb, listed[start].kind,
                                                                 listed[start].calls)):
                runs.append((start, i - 1))
                start = i
        for lo, hi in runs:
            a, b = listed[lo], listed[hi]
            what = a.label if lo == hi else f"{a.label} .. {b.label}"
            lines.append(f"  {lo:>5}-{hi:<5} {what}")
        for block in self.actions.blocks:
            lo, hi = block.start, block.start + block.size - 1
            lines.append(f"  {lo:>5}-{hi:<5} {block.describe()}: {self.actions[lo].label} .. {self.actions[hi].label}")
        return "\n".join(lines)
