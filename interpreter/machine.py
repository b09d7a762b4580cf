"""The state machine: a running game's state, the instructions compiled rules are made of, and the one API every caller uses."""
from __future__ import annotations

import random
from array import array
from typing import Any

import attrs

from .errors import MoveError, RulesError, RuntimeRulesError

from . import places
from .journal import Journal
from .program import Program
from .view import view

MAX_STEPS_PER_MOVE = 200_000
# What a rule can make Python raise (arithmetic on `none`, a division by zero, a function calling itself
# for ever): each becomes a RuntimeRulesError that says where, and the game stays as it was.
RULE_FAILURES = (TypeError, ValueError, ZeroDivisionError, IndexError, KeyError, AttributeError, OverflowError,
                 RecursionError, MemoryError)
MAX_DEPTH = 200
CHECKPOINT_EVERY = 32


@attrs.frozen
class Move:
    """One legal move: a verb and an optional argument (a card id, seat, value or number)."""

    verb: str
    arg: Any = None
    text: str = ""
    option: int = 0
    doc: str = ""
    calls: frozenset = frozenset()
    kind: str = ""  # card | player | value | number | "" (no argument)
    reveals: bool = False  # choosing it turns hidden cards up (a challenge, a doubt)

    def __str__(self) -> str:
        return self.text


@attrs.define(eq=False)
class Decision:
    """What the game waits for: one player's choice among legal moves (made anew for each decision, and
    not changed after: a plain class, as it is made a hundred thousand times a second)."""

    player: int
    prompt: str
    options: tuple
    window: bool = False  # an `ask`: the player may pass and others may be asked next
    calls: tuple = ()  # calls a player may add to a move
    due: tuple = ()  # of those, the ones due now by the game's `when` (what a careful player would say)
    race: str = ""  # a race: everyone must do this; the move names who was last (the table decides, not a seat)


class Frame:
    """One running procedure: its code, where it is, and its local names."""

    __slots__ = ("code", "pc", "env", "name")

    def __init__(self, code, env, name=""):
        self.code = code
        self.pc = 0
        self.env = env
        self.name = name

    def copy(self) -> "Frame":
        f = Frame(self.code, self.env.copy(), self.name)
        f.pc = self.pc
        return f


class State:
    """The changing facts of one game, kept apart from the immutable Program so they copy cheaply."""

    def __init__(self, program: Program, names: list[str], seed: int, options: dict, record: bool = True):
        self.program = program
        self.names = list(names)
        self.n = len(names)
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.record = record
        self.events = Journal()  # what happened, for the narrator and the log; older events packed
        self.zones: list = []
        self.vars: dict = {}
        self.pvars: dict = {"score": [0] * self.n}
        self.facedown: dict = {}  # face-down card -> the frozenset of seats that know it (who laid it, who was shown)
        self.current = 0
        self.direction = 1
        self.skips = 0
        self.again = False
        self.turn_to = None  # a player named by `turn to`: they take the next turn
        self.called = [set() for _ in range(self.n)]
        self.stack: list[Frame] = []
        self.pending: Decision | None = None
        self.winners: list[int] = []
        self.finished: list[int] = []  # seats out of play by `out`, in order; at a hand's end, every seat in place order
        self.lost: list[int] = []  # seats out of play by `lose`, in order
        self.gone: frozenset = frozenset()  # the seats out of play this hand, either way
        self.last_places: list[int] = []  # the finishing order of the hand before (for roles: who gives whom cards)
        self.hand_no = 0
        self.hands_won = [0] * self.n
        self.over = False
        self.match = False
        self.stacked: list | None = None
        self.steps = 0
        self.limit = MAX_STEPS_PER_MOVE  # the work a move may do; expressions check it as they go
        self.turns = 0
        self.moves = Journal()  # (seat, move text): the game record
        self.house: dict = {}  # rules written in play: key -> {"name", "text", "author"}
        self.pending_author = None
        self.chosen: dict | None = None  # the last choice event that named a card, until that card moves
        self.chosen_at = 0  # its index in the events
        self.claim: dict | None = None  # the last claim made: who, which face-down cards, what they said
        self.shown: dict = {}  # card -> seats a `reveal` showed it to since the last decision (for texts naming it)
        self.stats: dict = {}  # counters for simulation reports: rules fired, cards played, verbs, tallies
        self.rng_uses = 0  # shuffles so far: a snapshot saves the random state only when it is next used
        self.rng_guards: list = []  # (generator, snapshot) for the latest snapshots, until the generator is used
        self.checkpoint = None  # a snapshot of a few moves ago, with rules written in play (see apply)
        self.since: list = []  # the moves made since it

    # -- zones
    def zone(self, zi: int, owner=None) -> list:
        z = self.zones[zi]
        return z[owner] if owner is not None else z

    def emit(self, type_: str, **data) -> None:
        if self.record:
            data["type"] = type_
            self.events.append(data)

    def snapshot(self) -> dict:
        """Everything that changes, copied: for undo, for a refused move, for a search bot's playouts."""
        snap = {
            "zones": [[h[:] for h in z] if per else z[:] for per, z in zip(self.program.per_player, self.zones)],
            "vars": dict(self.vars),
            "pvars": {k: list(v) for k, v in self.pvars.items()},
            "facedown": dict(self.facedown),
            "turn": (self.current, self.direction, self.skips, self.again, self.hand_no, self.over, self.turns, self.steps,
                     self.turn_to),
            "called": [set(c) for c in self.called],
            "stack": [f.copy() for f in self.stack],
            "pending": self.pending,
            "winners": list(self.winners),
            "left": (list(self.finished), list(self.lost), self.gone, list(self.last_places)),
            "hands_won": list(self.hands_won),
            "rng": None,  # saved by shuffle() when the generator is next used: most moves shuffle nothing
            "rng_uses": self.rng_uses,
            "events": len(self.events),
            "moves": len(self.moves),
            "program": self.program,
            "stacked": self.stacked,
            "claim": self.claim,
            "house": {k: dict(v) for k, v in self.house.items()} if self.house else {},
        }
        guards = self.rng_guards
        for rng, old in guards[:-7]:  # the generator is unused since: its state now is its state then
            version, words, gauss = rng.getstate()
            old["rng"] = (version, array("I", words), gauss)
        self.rng_guards = [*guards[-7:], (self.rng, snap)]  # a new list: a search bot's copy shares the old
        return snap

    def forget(self, snap: dict) -> None:
        """A snapshot that will not be restored: it need not save the random state."""
        self.rng_guards = [g for g in self.rng_guards if g[1] is not snap]

    def drop_checkpoint(self) -> None:
        if self.checkpoint is not None:
            self.forget(self.checkpoint)
        self.checkpoint, self.since = None, []

    def restore_from(self, snap: dict) -> None:
        """Take the copied facts of a snapshot into this (new) state, leaving its events and moves alone.
        The snapshot's lists become the state's: restore a snapshot once."""
        self.drop_checkpoint()
        self.zones = snap["zones"]
        self.vars = snap["vars"]
        self.pvars = snap["pvars"]
        self.facedown = snap["facedown"]
        (self.current, self.direction, self.skips, self.again, self.hand_no, self.over, self.turns, self.steps,
         self.turn_to) = snap["turn"]
        self.called = snap["called"]
        self.stack = snap["stack"]
        self.pending = snap["pending"]
        self.winners = snap["winners"]
        self.finished, self.lost, self.gone, self.last_places = snap["left"]
        self.hands_won = snap["hands_won"]
        self.claim = snap["claim"]
        self.house = snap["house"]

    def restore(self, snap: dict) -> None:
        """Go back to a snapshot of this state: its facts, its random generator, its record.  The eight latest
        snapshots keep their random state (restore no older one)."""
        self.restore_from(snap)
        if snap["rng"] is not None:
            version, words, gauss = snap["rng"]
            self.rng.setstate((version, tuple(words), gauss))
        elif self.rng_uses != snap["rng_uses"]:
            raise AssertionError("an older snapshot was restored after the random generator was used")
        self.rng_uses = snap["rng_uses"]
        del self.moves[snap["moves"]:]  # first: events let go are rebuilt from the moves, less those taken back
        del self.events[snap["events"]:]
        self.program = snap["program"]
        self.stacked = snap["stacked"]
        self.chosen = None


# ------------------------------------------------------------------ running


def run(st: State) -> None:
    """Run instructions until a decision is pending or the game is over."""
    stack = st.stack
    st.limit = st.steps + MAX_STEPS_PER_MOVE
    fr = None
    try:
        while stack:
            fr = stack[-1]
            code = fr.code
            n = len(code)
            while True:  # the instructions of one frame, until it ends or another frame is put on top
                pc = fr.pc
                if pc >= n:
                    stack.pop()
                    break
                fr.pc = pc + 1
                if code[pc](st, fr):
                    return
                # Work is counted where it can repeat: by loops as they go back (codegen.Code), by expressions
                # over lists, by moves of cards; and calls nest no deeper than MAX_DEPTH.
                if not stack or stack[-1] is not fr:
                    if len(stack) > MAX_DEPTH:
                        raise RuntimeRulesError(f"rules call each other more than {MAX_DEPTH} deep (in `{fr.name}`)")
                    break
    except RuntimeRulesError as e:
        e.frames = [f.name for f in stack]
        places.locate(e, e.__traceback__)
        raise
    except RULE_FAILURES as e:
        # A rule did something impossible (arithmetic on `none`, a division by zero): say where, keep the game.
        where = f" in `{fr.name}`" if fr is not None else ""
        err = RuntimeRulesError(f"a rule failed{where}: {_plain(e)}")
        err.frames = [f.name for f in stack]
        places.locate(err, e.__traceback__)
        raise err from None


def step(st: State, fr) -> None:
    """One step of work where work can repeat without end: a loop going back, a turn, a hand."""
    st.steps += 1
    if st.steps > st.limit:
        raise RuntimeRulesError(f"the rules ran {MAX_STEPS_PER_MOVE} steps without asking anyone anything; "
                                f"a loop does not end (in `{fr.name}`)")


def _plain(e: Exception) -> str:
    if isinstance(e, ZeroDivisionError):
        return "division by zero"
    if isinstance(e, TypeError) and "NoneType" in str(e):
        return "a value is `none` where a number or card is needed"
    if isinstance(e, RecursionError):
        return "a function calls itself without end"
    if isinstance(e, OverflowError) and str(e).startswith("a number"):
        return str(e)
    if isinstance(e, (OverflowError, MemoryError)):
        return "a number or a list far too large"
    # Python's own words never reach a player: each other failure is told in the language's.
    text = str(e)
    if isinstance(e, TypeError):
        if "unhashable" in text:
            return "a list is used where one value is needed"
        if "not supported between" in text:
            return "values of different kinds are compared (a list and a number, say)"
        if "operand" in text or "concatenate" in text:
            return "arithmetic on a value that is not a number (a list, say)"
        return "a value of the wrong kind is used"
    if isinstance(e, ValueError):
        return "a number too large to write out" if "digits" in text else "a value out of range"
    if isinstance(e, (IndexError, KeyError)):
        return "there is no such item (a list or a zone is shorter than that)"
    if isinstance(e, AttributeError):
        return "a value has no such attribute"
    return "the rule cannot be carried out"


def push(st: State, proc, env: dict) -> None:
    st.stack.append(Frame(proc.code, env, proc.name))


# ------------------------------------------------------------------ cards and zones


def card_name(st: State, cid) -> str:
    return st.program.cards[cid].name


def find_card(st: State, cid: int):
    """(zone index, owner) of a card: every card is in exactly one zone.  Cards moved by name are mostly chosen
    from the current player's hand or taken from the top of a pile, so those places are looked at first."""
    zones = st.zones
    cur = st.current
    order = st.program.search_order
    for zi, per_player in order:
        if per_player:
            if cid in zones[zi][cur]:
                return zi, cur
        else:
            z = zones[zi]
            if z and z[-1] == cid:
                return zi, None
    for zi, per_player in order:
        z = zones[zi]
        if per_player:
            for p, h in enumerate(z):
                if p != cur and cid in h:
                    return zi, p
        elif cid in z:
            return zi, None
    raise RuntimeRulesError(f"card {card_name(st, cid)} is in no zone")


def _take(zone: list, cid: int) -> None:
    """Take a card out of a zone: from the top at once, or looked for."""
    if zone[-1] == cid:
        zone.pop()
    else:
        zone.remove(cid)


def refill(st: State, zi: int, owner) -> None:
    spec = st.program.zones[zi]
    if spec.refill_from is None or owner is not None:
        return
    src = st.zones[spec.refill_from]
    keep = spec.refill_keep
    if len(src) <= keep:
        return
    moving = src[: len(src) - keep]
    del src[: len(src) - keep]
    for cid in moving:
        st.facedown.pop(cid, None)
    shuffle_list(st, moving)
    st.zones[zi][:0] = moving
    if st.record:
        st.emit("refill", zone=spec.name, source=st.program.zones[spec.refill_from].name, count=len(moving))


def move_cards(st: State, cards: list, dest: tuple, face: str | None) -> None:
    """Move particular cards (wherever they are) to the top of a zone."""
    zi, owner = dest
    target = st.zones[zi] if owner is None else st.zones[zi][owner]
    st.steps += len(cards)  # the runaway bound counts work, not only instructions
    record = st.record
    if record:
        by_zone: dict = {}
        was_down = {c: st.facedown[c] for c in cards if c in st.facedown}
    zones = st.zones
    for cid in cards:
        loc = find_card(st, cid)
        _take(zones[loc[0]] if loc[1] is None else zones[loc[0]][loc[1]], cid)
        target.append(cid)
        if record:
            by_zone.setdefault(loc, []).append(cid)
        if face is not None:
            _set_face(st, cid, face, loc[1])
    if st.chosen is not None:
        _mark_chosen(st, cards, zi, face)
    if record:
        for (szi, sowner), ids in by_zone.items():
            st.emit("move", cards=ids, src=szi, src_owner=sowner, dst=zi, dst_owner=owner, face=face,
                    was_down={c: k for c, k in was_down.items() if c in ids})


def move_card(st: State, cid, dest: tuple, face: str | None) -> None:
    """Move one card (or none) to the top of a zone: `move c to ZONE`."""
    if cid is None:
        return
    if st.record or st.chosen is not None:
        move_cards(st, [cid], dest, face)
        return
    zi, owner = dest
    zones = st.zones
    szi, sowner = find_card(st, cid)
    _take(zones[szi] if sowner is None else zones[szi][sowner], cid)
    (zones[zi] if owner is None else zones[zi][owner]).append(cid)
    if face is not None:
        _set_face(st, cid, face, sowner)
    st.steps += 1


def move_zone(st: State, src: tuple, dest: tuple, face: str | None) -> None:
    """Move every card of a zone to the top of another, in order (what `move ZONE to ZONE` does)."""
    szi, sowner = src
    source = st.zones[szi] if sowner is None else st.zones[szi][sowner]
    if not source:
        return
    if src == dest:
        move_cards(st, list(source), dest, face)  # to its own top: in place, faces as asked
        return
    zi, owner = dest
    target = st.zones[zi] if owner is None else st.zones[zi][owner]
    cards = source[:]
    source.clear()
    st.steps += len(cards)
    if st.record:
        was_down = {c: st.facedown[c] for c in cards if c in st.facedown}
    target += cards
    if face is not None:
        for cid in cards:
            _set_face(st, cid, face, sowner)
    if st.chosen is not None:
        _mark_chosen(st, cards, zi, face)
    if st.record:
        st.emit("move", cards=cards, src=szi, src_owner=sowner, dst=zi, dst_owner=owner, face=face, was_down=was_down)


def move_top(st: State, count: int, src: tuple, dest: tuple, face: str | None):
    """Move up to `count` cards from the top of a zone; returns the last card moved, or None."""
    szi, sowner = src
    zi, owner = dest
    zones = st.zones
    source = zones[szi] if sowner is None else zones[szi][sowner]
    target = zones[zi] if owner is None else zones[zi][owner]
    if count == 1 and source and face is None and not st.record and st.chosen is None:  # a draw, in a simulation
        cid = source.pop()
        target.append(cid)
        st.steps += 1
        return cid
    moved = []
    was_down = {}
    if count < 0:
        raise RuntimeRulesError(f"cannot move {count} cards from the {st.program.zones[szi].name} pile: a count of "
                                "cards cannot be negative")
    count = min(count, st.program.deck_size)  # no statement moves more cards than the game has
    st.steps += count
    for _ in range(count):
        if not source:
            refill(st, szi, sowner)
            if not source:
                break
        cid = source.pop()
        if cid in st.facedown:
            was_down[cid] = st.facedown[cid]
        target.append(cid)
        moved.append(cid)
        if face is not None:
            _set_face(st, cid, face, sowner)
    if st.chosen is not None and moved:
        _mark_chosen(st, moved, zi, face)
    if st.record and moved:
        st.emit("move", cards=moved, src=szi, src_owner=sowner, dst=zi, dst_owner=owner, face=face, was_down=was_down)
    if len(moved) < count and st.record:
        st.emit("say", text=f"the {st.program.zones[szi].name} pile is empty: {len(moved)} of {count} cards moved")
    return moved[-1] if moved else None


def _mark_chosen(st: State, cards, zi: int, face) -> None:
    """The card a player chose has moved: the table may learn the choice if the card now lies face up in public."""
    ev = st.chosen
    if ev["card"] in cards:
        ev["public"] = st.program.zones[zi].visibility == "public" and face != "down" and ev["card"] not in st.facedown
        if st.events[st.chosen_at] is not ev:  # the journal has packed it since: put the change there too
            st.events.put(st.chosen_at, ev)
        st.chosen = None


_KNOWS = tuple(frozenset((p,)) for p in range(16))  # who knows a card laid face down: the one who laid it


def _set_face(st: State, cid: int, face: str | None, knower) -> None:
    """`face down`: hidden from all but the player it came from; `face up`: shown; otherwise as it was."""
    if face == "down":
        if cid not in st.facedown:
            if knower is None:
                st.facedown[cid] = frozenset()
            else:
                st.facedown[cid] = _KNOWS[knower] if knower < len(_KNOWS) else frozenset((knower,))
    elif face == "up":
        st.facedown.pop(cid, None)


def shuffle_list(st: State, xs: list) -> None:
    """Every use of the game's random generator: the snapshots that have not saved its state save it first."""
    if st.rng_guards:
        version, words, gauss = st.rng.getstate()
        state = (version, array("I", words), gauss)  # 2.5 KB, not a tuple of 625 ints (24 KB)
        keep = []
        for rng, snap in st.rng_guards:
            if rng is st.rng:
                snap["rng"] = state
            else:
                keep.append((rng, snap))
        st.rng_guards = keep
    st.rng_uses += 1
    # What random.Random.shuffle does (the same order from the same state), without a call per card.
    getrandbits = st.rng.getrandbits
    for i in range(len(xs) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        xs[i], xs[j] = xs[j], xs[i]


def shuffle(st: State, ref: tuple) -> None:
    z = st.zone(*ref)
    st.steps += len(z)
    shuffle_list(st, z)
    st.emit("shuffle", zone=st.program.zones[ref[0]].name)
    if st.stacked is not None and ref[0] == st.program.deck_zone and ref[1] is None:
        _stack_deck(st, z)


def _stack_deck(st: State, z: list) -> None:
    """Put the named cards on top of the shuffled deck, the first name on top."""
    chosen = []
    pool = list(z)
    for name in st.stacked:
        ids = [cid for cid in st.program.card_by_text(name) if cid in pool and cid not in chosen]
        if not ids:
            known = st.program.card_by_text(name)
            why = "there are not that many of it in the deck" if known else "no card of this game is called that"
            raise RuntimeRulesError(f"--stack names `{name}`, but {why}")
        chosen.append(ids[0])
    rest = [c for c in z if c not in set(chosen)]
    z[:] = rest + chosen[::-1]
    st.stacked = None


def deal(st: State, count, src: tuple, zi: int) -> None:
    """Deal `count` cards to each player in turn order, one at a time from the top of `src` (refilled
    as a draw would be); all of it if `count` is none."""
    source = st.zone(*src)
    if count is None:
        count = len(source) // st.n
    if count < 0:
        raise RuntimeRulesError(f"cannot deal {count} cards to each player: a count of cards cannot be negative")
    hands = st.zones[zi]
    order = [(st.current + i * st.direction) % st.n for i in range(st.n)]
    dealt = {p: [] for p in range(st.n)}
    count = min(count, st.program.deck_size)
    total = count * st.n
    if total <= len(source) and all(h is not source for h in hands):  # the same cards to the same players, by slices
        taken = source[len(source) - total:]
        del source[len(source) - total:]
        taken.reverse()  # in the order they come off the top
        for i, p in enumerate(order):
            dealt[p] = cards = taken[i::st.n]
            hands[p] += cards
        _dealt(st, dealt, total, src, zi)
        return
    record, st.record = st.record, False  # one `deal` event says it all
    moved = 0
    try:
        for _ in range(count):
            for p in order:
                if not source:
                    refill(st, src[0], src[1])
                    if not source:
                        break
                cid = source.pop()
                hands[p].append(cid)
                dealt[p].append(cid)
                moved += 1
            else:
                continue
            break
    finally:
        st.record = record
    _dealt(st, dealt, moved, src, zi)


def _dealt(st: State, dealt: dict, moved: int, src: tuple, zi: int) -> None:
    st.steps += moved
    if st.chosen is not None and moved:
        _mark_chosen(st, [c for cs in dealt.values() for c in cs], zi, None)
    st.emit("deal", zone=zi, src=src[0], cards=dealt)


# ------------------------------------------------------------------ turn order


def advance(st: State) -> None:
    if st.turn_to is not None:
        st.current = st.turn_to
        st.turn_to = None
        st.again = False
    elif st.again and st.current not in st.gone:
        st.again = False
    elif st.gone:  # seats out of play are passed over, by turns and by skips
        st.again = False
        st.current = seat_after(st, st.current, st.direction * (1 + st.skips))
    else:
        st.current = (st.current + st.direction * (1 + st.skips)) % st.n
    st.skips = 0
    st.turns += 1


def seat_after(st: State, p: int, k: int) -> int:
    """The seat `k` places after `p` in play (before it for a negative `k`), passing over seats out of play."""
    gone = st.gone
    if len(gone) >= st.n:
        return p
    step_ = 1 if k > 0 else -1
    for _ in range(abs(k)):
        p = (p + step_) % st.n
        while p in gone:
            p = (p + step_) % st.n
    return p


def playing(st: State) -> list:
    """The seats still in play, in turn order from the current player."""
    return [q for q in ((st.current + i * st.direction) % st.n for i in range(st.n)) if q not in st.gone]


def place(st: State, p, order=None):
    """A seat's place in the finishing order (1 for the first out), or none while it is in play."""
    order = st.finished if order is None else order
    return order.index(p) + 1 if p in order else None


def leave(st: State, p, lost: bool) -> None:
    """`out p` (p has finished: next in the finishing order) or `lose p` (p is knocked out).  Either way p takes no
    more turns and no window asks them.  When fewer than two seats are left in play the hand ends: the first seat
    out wins it, or if none went out, the last one in play."""
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < st.n:
        raise RuntimeRulesError(f"`{'lose' if lost else 'out'}` needs a player, and was given {p!r}")
    if p in st.gone:
        return
    (st.lost if lost else st.finished).append(p)
    st.gone = st.gone | {p}
    if st.record:
        st.emit("lose" if lost else "out", player=p, place=None if lost else len(st.finished))
    if st.n - len(st.gone) < 2:
        rest = playing(st)
        win(st, [st.finished[0]] if st.finished else rest)


def others(st: State, p: int) -> list:
    """Every other player in play, in turn order, starting with the one after `p` (a new list: the caller may
    change it)."""
    key = (st.n, st.direction, p)
    seats = _OTHERS.get(key)
    if seats is None:
        seats = tuple((p + i * st.direction) % st.n for i in range(1, st.n))
        if len(_OTHERS) < OTHERS_LIMIT:
            _OTHERS[key] = seats
    if st.gone:
        return [q for q in seats if q not in st.gone]
    return list(seats)


_OTHERS: dict = {}  # (players, direction, player) -> the others in turn order
OTHERS_LIMIT = 1024  # (a player that is not one, from a rule that fails later, is not kept)


_UNSEEN = object()


def fire(st: State, event: str, args: tuple) -> bool:
    """Run the rules that react to an event, in file order; conditions are tested now.  True if any will run."""
    program = st.program
    dispatch = program.dispatch.get(event, _UNSEEN)
    if dispatch is _UNSEEN:
        dispatch = program.dispatcher(event)
    if dispatch is None:
        return False
    ready = dispatch(st, *args)
    if not ready:
        return False
    stats = st.stats
    stack = st.stack
    for rule in reversed(ready):
        stack.append(Frame(rule.proc.code, dict(zip(rule.params, args)), rule.name))
        stats[rule.stat] = stats.get(rule.stat, 0) + 1
    if st.record:
        st.emit("rule", names=[r.name for r in ready], event=event)
    return True


def team(st: State, p) -> list:
    """The seats of p's team (`teams of N`: every (n / N)-th seat, so partners sit apart); p alone without teams."""
    size = st.program.team_size
    if not size:
        return [p]
    step_ = st.n // size
    return [(p + i * step_) % st.n for i in range(size)]


def partner(st: State, p):
    """p's first teammate after them in seat order (with teams of two, the one partner); none without teams."""
    mates = team(st, p)
    return mates[1] if len(mates) > 1 else None


def win(st: State, who) -> None:
    winners = list(who) if isinstance(who, (list, tuple)) else [who]
    if st.program.team_size:  # a team wins together
        winners = sorted({q for w in winners for q in team(st, w)})
    st.winners = winners
    # The finishing order, complete: those out, the winners, the rest in play, the last knocked out first.
    rest = [q for q in playing(st) if q not in winners]
    st.finished = st.finished + [w for w in winners if w not in st.gone] + rest + st.lost[::-1]
    for w in winners:
        st.hands_won[w] += 1
    st.stack.clear()
    st.pending = None
    st.emit("win", players=winners)
    st.stack.append(Frame((_end_hand,), {}, "end of hand"))
    if st.program.score is not None:
        push(st, st.program.score, {})


def _end_hand(st: State, fr) -> bool:
    step(st, fr)
    scores = st.pvars["score"]
    st.emit("hand_over", hand=st.hand_no, winners=list(st.winners), scores=list(scores))
    p = st.program
    done = True
    if st.match:
        if p.match_target is not None:
            done = max(scores) >= p.match_target
        elif p.match_hands is not None:
            done = st.hand_no >= p.match_hands
    if done:
        st.over = True
        st.emit("game_over", winners=match_winners(st), scores=list(scores), hands=st.hand_no)
        return True
    start_hand(st)
    return False


def match_winners(st: State) -> list:
    """The hand's winners for a single hand; for a match, the best score."""
    if not st.match or st.hand_no <= 1 and st.program.match_target is None and st.program.match_hands is None:
        return list(st.winners)
    scores = st.pvars["score"]
    lowest = st.program.match_lowest
    best = min(scores) if lowest is not None and lowest(st, {}) else max(scores)
    return [p for p, s in enumerate(scores) if s == best]


def start_hand(st: State) -> None:
    """Gather every card into the deck zone and run the setup; the first player is left of the dealer."""
    p = st.program
    st.hand_no += 1
    st.zones = [[[] for _ in range(st.n)] if z.per_player else [] for z in p.zones]
    st.zones[p.deck_zone].extend(range(p.deck_size))
    st.facedown = {}
    try:
        for v in p.vars:
            if v.name == "score":
                continue
            if v.per_player:
                st.pvars[v.name] = [v.init(st, {"player": i}) for i in range(st.n)]
            else:
                st.vars[v.name] = v.init(st, {})
    except RULE_FAILURES as e:
        raise RuntimeRulesError(f"a variable's first value cannot be worked out: {_plain(e)}") from None
    st.direction = 1
    st.skips = 0
    st.again = False
    st.turn_to = None
    st.claim = None
    st.winners = []
    st.last_places = st.finished
    st.finished, st.lost, st.gone = [], [], frozenset()
    st.called = [set() for _ in range(st.n)]
    st.current = (st.hand_no - 1) % st.n
    st.emit("hand", hand=st.hand_no, first=st.current)
    st.stack[:] = [Frame(p.main.code, {}, "game")]
    push(st, p.setup, {})


# ------------------------------------------------------------------ rules written in play


def add_house_rule(st: State, text: str, key, author) -> None:
    """Compile a rule written in play and put it in force; under a key already used, it replaces that rule."""
    rule = st.program.compile_rule(text, key, author)
    program = st.program
    old = st.house.pop(key, None) if key is not None else None
    if old is not None:
        program = program.without_rule(old["name"])
    # Only its own key replaces a rule made in play: a new rule whose name another key's rule holds takes the
    # first free `NAME_2`, `NAME_3`..., so that every rule listed in `house` is one that fires.
    taken = {r["name"] for r in st.house.values()}
    if rule.name in taken:
        n = 2
        while f"{rule.name}_{n}" in taken:
            n += 1
        rule = attrs.evolve(rule, name=f"{rule.name}_{n}")
    st.program = program.with_rule(rule)
    st.house[key if key is not None else rule.name] = {"name": rule.name, "text": text, "author": author}
    st.emit("house_rule", player=author, key=key, name=rule.name, text=text, replaced=old["text"] if old else None)


def house(st: State, seat: int, text: str) -> None:
    """The `house` command: the table agrees to a rule, within the game's limit; it is part of the record."""
    st.drop_checkpoint()  # the state changes outside a move
    made = sum(1 for v in st.house.values() if v.get("table"))
    if made >= st.program.house_limit:
        raise MoveError(f"this game allows {st.program.house_limit} house rule(s) added by the table; there are {made}")
    snap = st.snapshot()
    try:
        # A table's rule is known by the name it was written with (a new one of that name replaces it, even
        # one of the game's own rules), or else by its number among the table's rules.
        named = st.program.compile_rule(text, None, seat).name
        number = next(i for i in range(1, len(st.house) + 2) if f"table_rule_{i}" not in st.house)
        key = named if text.lstrip().startswith("rule ") else f"table_rule_{number}"
        # ... but not a rule the game made in play (an Add-a-Rule's): only the game's own rules change those.
        made = next((k for k, r in st.house.items() if r["name"] == key and not r.get("table")), None)
        if made is not None:
            raise MoveError(f"`{key}` is the rule made in play for {made}; only the game can change it: give the "
                            "table's rule another name")
        add_house_rule(st, text, key, seat)
        st.house[key]["table"] = True
    except RulesError:
        st.restore(snap)
        raise
    st.forget(snap)
    st.moves.append((seat, "house " + text))


# ------------------------------------------------------------------ decisions


def options_for(st: State, player: int, specs: tuple, env: dict) -> list:
    """The legal moves of one decision: each option's argument drawn from its domain, filtered by `where`.
    Two items that would read the same (two Red 7s) give one move."""
    out: list = []
    seen: set = set()
    for spec in specs:
        add_options(st, spec, env, out, seen)
    return out


def add_options(st: State, spec, env: dict, out: list, seen: set) -> None:
    """The moves of one option, added to `out`; `seen` holds what the decision's moves already read as."""
    kind = spec.kind
    legal = spec.legal(st, env) if spec.legal is not None else None  # an option with an argument has one
    if (legal.__class__ is tuple and kind != "player" and not spec.shared
            and (kind != "card" or spec.card_moves[0] is st.program.cards)):
        # Items kept by the values their `where` reads (a fixed list filtered): so are their moves.  An option
        # no other shares its verb with cannot meet another's moves in `seen`.
        kept = spec.kept.get(legal)
        if kept is None:
            if len(spec.kept) >= 4096:
                spec.kept.clear()
            kept = []
            _add_options(st, spec, env, kept, set(), legal)
            spec.kept[legal] = kept
        out += kept
        return
    _add_options(st, spec, env, out, seen, legal)


def _add_options(st: State, spec, env: dict, out: list, seen: set, legal) -> None:
    """`add_options` with the option's legal items worked out (None for an option without an argument)."""
    kind = spec.kind
    if kind == "card":
        cards, moves = spec.card_moves
        if cards is not st.program.cards:
            moves = _card_moves(spec, st.program)
        if st.program.distinct and not spec.shared:  # no two moves of this option can read the same
            out += [moves[c] for c in legal]
            return
        canon, twin = st.program.canon, st.program.twin
        group = spec.group
        # One move for the first of the cards of each name (`not seen.add(k)` is true, and notes k); a card
        # no other card shares its name with needs no looking.
        out += [moves[c] for c in legal if not twin[c] or (k := canon[c] + group) not in seen and not seen.add(k)]
        return
    if spec.bind is not None:  # several arguments, or a set of cards: each item a tuple, its move made here
        parts = spec.parts
        for item in legal:
            text = " ".join([spec.verb, *(arg_text(st, v, parts[i] if i < len(parts) else "card") for i, v in enumerate(item))])
            out.append(Move(spec.verb, item, text, spec.index, spec.doc, kind=kind, reveals=spec.reveals))
        return
    if spec.legal is None:
        if kind == "rule":
            out.append(_move(spec, None, f"{spec.verb} RULE"))
        elif spec.where is None or spec.where(st, env):
            out.append(spec.moves.get(None) or _move(spec, None, spec.verb))
        return
    moves = spec.moves
    group = spec.group
    for item in legal:
        key = (group, item)
        if key in seen:
            continue
        seen.add(key)
        if kind == "player":  # its text holds the player's name, which is this game's
            out.append(Move(spec.verb, item, f"{spec.verb} {st.names[item]}", spec.index, spec.doc, kind=kind,
                            reveals=spec.reveals))
            continue
        move = moves.get(item)
        out.append(move if move is not None else _move(spec, item, f"{spec.verb} {item}"))


def card_moves(spec, program) -> tuple:
    """A card option's moves, one per card id of the program (made once)."""
    cards, moves = spec.card_moves
    return moves if cards is program.cards else _card_moves(spec, program)


def _card_moves(spec, program) -> tuple:
    """The moves of a card option, one per card id of a program, made once."""
    moves = tuple(Move(spec.verb, c.id, f"{spec.verb} {c.short}", spec.index, spec.doc, kind="card", reveals=spec.reveals)
                  for c in program.cards)
    spec.card_moves = (program.cards, moves)
    return moves


def _move(spec, item, text: str) -> Move:
    """The move of an option and an item, made once and kept (moves are immutable)."""
    move = Move(spec.verb, item, text, spec.index, spec.doc, kind=spec.kind or "", reveals=spec.reveals)
    if spec.kind != "rule":
        spec.moves[item] = move
    return move


def arg_text(st: State, item, kind: str) -> str:
    """How a move's argument is typed: a card's short name, a player's name, a value as it is."""
    if kind == "card":
        return st.program.cards[item].short
    if kind == "player":
        return st.names[item]
    return str(item)


def parse_move(st: State, decision: Decision, text: str) -> Move:
    """Turn typed text into one of the decision's moves, or refuse it with a reason."""
    words = text.strip().split()
    if not words:
        raise MoveError("type a move; `help` lists them")
    calls = set()
    call_names = {c.lower(): c for c in decision.calls}
    while len(words) > 1 and words[-1].lower() in call_names:
        calls.add(call_names[words.pop().lower()])
    if len(words) == 1 and words[0].lower() in call_names and not any(m.verb == words[0].lower() for m in decision.options):
        example = next((m.text for m in decision.options if m.kind == "card"), decision.options[0].text)
        raise MoveError(f"`{words[0]}` is said with a move, as in `{example} {words[0]}`")
    verb, rest = words[0].lower(), " ".join(words[1:])
    mine = [m for m in decision.options if m.verb == verb]
    if mine and mine[0].kind == "rule":
        text = text.strip()[len(words[0]):].strip()
        if not text:
            raise MoveError(f"`{verb}` takes a rule: `{verb} when played(card) if ... {{ ... }}`")
        st.program.compile_rule(text, None, decision.player)  # refuses a bad rule, with its place, changing nothing
        return attrs.evolve(mine[0], arg=text, text=f"{verb} {text}")
    if not mine:
        if rest and any(spec.verb == verb and spec.kind == "card" for spec in _specs(st)):  # none open now
            _why_not(st, decision, verb, rest, [])
        # No verb: the text may name what to choose ("blue" for `colour blue`), if it names it for one verb only.
        key = "".join(w.lower() for w in words)
        named = [m for m in decision.options if m.arg is not None and m.kind != "rule" and key in _arg_keys(st, m)]
        if named and len({m.verb for m in named}) == 1:
            return attrs.evolve(named[0], calls=frozenset(calls))
        verbs = sorted({m.verb for m in decision.options})
        if named:
            raise MoveError(f"`{' '.join(words)}` could be {' or '.join(f'`{m.text}`' for m in named[:4])}: "
                            "say which, with its verb")
        partly = _partly_named(st, decision.options, key)
        if len(partly) == 1:
            return attrs.evolve(partly[0], calls=frozenset(calls))
        if partly:
            _ambiguous(st, " ".join(words), partly)
        if any(m.kind == "card" for m in decision.options) and not any(spec.verb == verb for spec in _specs(st)):
            _why_not(st, decision, None, " ".join(words), [m for m in decision.options if m.kind == "card"])
        raise MoveError(f"`{verb}` is not a move now; you can: {', '.join(verbs)}")
    if not rest:
        bare = [m for m in mine if m.arg is None]
        if bare:
            return attrs.evolve(bare[0], calls=frozenset(calls))
        if len(mine) == 1:
            return attrs.evolve(mine[0], calls=frozenset(calls))
        raise MoveError(f"`{verb}` what? for example `{mine[0].text}`")
    key = "".join(rest.lower().split())
    for m in mine:
        if m.arg is None:
            continue
        if key in _arg_keys(st, m):
            return attrs.evolve(m, calls=frozenset(calls))
    parted = [m for m in mine if isinstance(m.arg, tuple)]
    if parted:  # several arguments, or a set of cards, typed word by word (a set's cards in any order)
        words_ = [w for w in rest.lower().replace(",", " ").split() if w]
        specs = st.stack[-1].env["$options"]
        for m in parted:
            if _parts_match(st, specs[m.option], m.arg, words_):
                return attrs.evolve(m, calls=frozenset(calls))
    partly = _partly_named(st, mine, key)
    if len(partly) == 1:
        return attrs.evolve(partly[0], calls=frozenset(calls))
    if partly:
        _ambiguous(st, rest, partly)
    some = ", ".join(m.text for m in mine[:8])
    if mine[0].kind == "card":
        _why_not(st, decision, verb, rest, mine)
    return _refuse(f"`{verb} {rest}` is not one of the moves", some)


def _parts_match(st: State, spec, item: tuple, words: list) -> bool:
    if len(words) != len(item):
        return False
    parts = spec.parts
    keys = [_value_keys(st, v, parts[i] if i < len(parts) else "card") for i, v in enumerate(item)]
    if spec.kind != "cards":
        return all(w in k for w, k in zip(words, keys))
    left = list(keys)
    for w in words:  # each word names one card of the set, in any order
        hit = next((i for i, k in enumerate(left) if w in k), None)
        if hit is None:
            return False
        del left[hit]
    return True


def _value_keys(st: State, v, kind: str) -> set:
    """The words a player may type for one argument: a card's short or full name, a player's name, a value's
    name, display or short name, a number."""
    if kind == "card":
        c = st.program.cards[v]
        return {c.short.lower(), "".join(c.name.lower().split())}
    if kind == "player":
        return {st.names[v].lower()}
    keys = {str(v).lower()}
    if isinstance(v, str):
        for a in st.program.attributes.values():
            info = a.info(v)
            if info:
                keys.update({info.display.lower().replace(" ", ""), info.short.lower()})
    return keys
def _specs(st: State) -> list:
    """The options of the decision pending (each with its verb, kind, doc, domain and `where`)."""
    return list(st.stack[-1].env.get("$options") or ()) if st.stack else []


def _partly_named(st: State, moves, key: str) -> list:
    """Card moves whose card has `key` as the value of one of its naming attributes (`7`, `blue`)."""
    out = []
    for m in moves:
        if m.kind != "card" or m.arg is None:
            continue
        card = st.program.cards[m.arg]
        for a in st.program.name_attrs:
            v = card.attrs.get(a)
            if v is None:
                continue
            info = st.program.attributes[a].info(v) if isinstance(v, str) else None
            said = {str(v).lower()} | ({info.display.lower().replace(" ", ""), info.short.lower()} if info else set())
            if key in said:
                out.append(m)
                break
    return out


def _ambiguous(st: State, typed: str, moves) -> None:
    names = []
    for m in moves:
        name = st.program.cards[m.arg].name
        if name not in names:
            names.append(name)
    if len(names) == 1:  # the same card twice, under two verbs
        raise MoveError(f"`{typed}` could be {' or '.join(f'`{m.text}`' for m in moves[:4])}: say which, with its verb")
    raise MoveError(f"`{typed}` could be {_or_list(names[:6])}: say which")


def _or_list(items: list) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _why_not(st: State, decision: Decision, verb, typed: str, open_moves) -> None:
    """Refuse a card that is not a move now, saying why: the option whose `where` it fails (with the option's
    own words and what is on the table), that no card is called that, or that the player has none."""
    p = st.program
    specs = [s for s in _specs(st) if s.kind == "card" and (verb is None or s.verb == verb)]
    named = p.card_by_text(typed)
    key = "".join(typed.lower().split())
    if not named:  # `7`, `blue`: the cards of the player's that it names
        named = [c for s in specs for c in _spec_domain(st, s)
                 if _partly_named(st, [Move(s.verb, c, "", kind="card")], key)]
        if verb is None and len({p.cards[c].name for c in named}) > 1:
            return  # `blue` alone, for several cards none of which fits: not a card, but no move either
    some = ", ".join(m.text for m in (open_moves if verb else decision.options)[:8])
    tail = f"; you can: {some}" if some else f"; you can: {', '.join(sorted({m.verb for m in decision.options}))}"
    if not named:
        raise MoveError(f"no {'card' if verb else 'move or card'} is called `{typed}`" + _held(st, decision, specs)
                        + tail)
    for s in specs:
        mine = [c for c in _spec_domain(st, s) if c in named]
        if mine:
            what = p.cards[mine[0]].name
            raise MoveError((f"`{verb} {typed}`: " if verb else "") + f"{what} cannot be chosen now: it does not fit `{s.verb}`" + (f", “{s.doc}”" if s.doc else "")
                            + _table_now(st, decision) + tail)
    what = p.cards[named[0]].name
    raise MoveError((f"`{verb} {typed}`: " if verb else "") + f"you have no {what} to choose" + tail)


def _spec_domain(st: State, spec) -> list:
    return list(spec.domain(st, st.stack[-1].env)) if spec.domain is not None else []


def _held(st: State, decision: Decision, specs) -> str:
    """`; your ZONE: CARDS`: the cards the options draw from (a hand, as a rule), by their short names."""
    cards = []
    for s in specs:
        cards += [c for c in _spec_domain(st, s) if c not in cards and c is not None and c < st.program.deck_size]
    if not cards:
        return ""
    p = st.program
    where = next((z.name for z, held in zip(p.zones, st.zones)
                  if z.per_player and all(c in held[decision.player] for c in cards)), None)
    shown = " ".join(p.cards[c].short for c in cards[:20]) + (" ..." if len(cards) > 20 else "")
    return f"; your {where or 'cards'}: {shown}"


def _table_now(st: State, decision: Decision) -> str:
    """What a card is matched against, as the player sees it: the top of each shared pile that shows its top,
    and the table's values of the game's attributes (a colour chosen)."""
    v = view(st, decision.player)
    p = st.program
    facts = []
    for name, z in v["zones"].items():
        if isinstance(z, dict) and z["cards"] and z["cards"][-1] is not None:
            facts.append(f"{name}: {p.cards[z['cards'][-1]].name}")
    for name, value in v["vars"].items():
        kind = p.var_kinds.get(name, "")
        if p.shown_vars and name not in p.shown_vars:
            continue
        if isinstance(value, str) and kind.startswith("value:"):
            attr = p.attributes.get(kind[len("value:"):])
            info = attr.info(value) if attr is not None else None
            facts.append(f"{p.shown_vars.get(name) or name.replace('_', ' ')}: {info.display if info and info.display else value.replace('_', ' ')}")
    return f" ({', '.join(facts)})" if facts else ""


def _domain(st: State, move: Move) -> list:
    """Every item an option draws from, before its `where` filter."""
    fr = st.stack[-1]
    spec = fr.env["$options"][move.option]
    return list(spec.domain(st, fr.env)) if spec.domain is not None else []


def _refuse(msg: str, some: str):
    raise MoveError(f"{msg}; you can: {some}")


def _arg_keys(st: State, m: Move) -> set:
    """The ways a player may type a move's argument: its text, a card's full name, a value's display or short name."""
    keys = {"".join(m.text.split()[1:]).lower()}
    arg = m.arg
    if m.kind == "card":
        keys.add("".join(st.program.cards[arg].name.lower().split()))
    elif isinstance(arg, str):
        for a in st.program.attributes.values():
            info = a.info(arg)
            if info:
                keys.update({info.display.lower().replace(" ", ""), info.short.lower()})
    return keys


def apply(st: State, seat: int, move, checked: bool = True) -> None:
    """Make a move for `seat`: a Move from the pending options or typed text. Refused moves change nothing."""
    d = st.pending
    if d is None:
        raise MoveError("the game is over" if st.over else "no decision is pending")
    if seat != d.player:
        raise MoveError(f"it is {st.names[d.player]}'s decision, not {st.names[seat]}'s")
    if not checked and not st.house and move.__class__ is Move and move.kind != "rule":
        _resume(st, d, move)  # a bot's move, with no rule written in play to take back: nothing to keep
        run(st)
        return
    if isinstance(move, str):
        move = parse_move(st, d, move)
    elif move.kind == "rule":
        if not any(m.option == move.option and m.kind == "rule" for m in d.options) or not isinstance(move.arg, str):
            raise MoveError(f"`{move.text}` is not one of the moves now")
        st.program.compile_rule(move.arg, None, seat)
    elif checked and not any(m.option == move.option and m.arg == move.arg and m.verb == move.verb for m in d.options):
        raise MoveError(f"`{move.text}` is not one of the moves now")
    since = ()
    if checked:
        snap = st.snapshot()
    elif st.house:
        # Unchecked moves (bots, simulations) with rules written in play: a snapshot every few moves, and the
        # moves made since, bring back the state before this move if a rule written in play fails in it.
        if st.checkpoint is None or len(st.since) >= CHECKPOINT_EVERY:
            st.drop_checkpoint()
            st.checkpoint = st.snapshot()
        snap, since = st.checkpoint, st.since
    else:
        snap = None
    try:
        _resume(st, d, move)
        run(st)
    except RuntimeRulesError as e:
        if snap is None:
            raise
        st.restore(snap)
        for made in list(since):  # they went well before, and go the same way again
            _resume(st, st.pending, made)
            run(st)
        st.drop_checkpoint()
        culprit = _house_rule_in(st, getattr(e, "frames", ()))
        if culprit is None:
            raise
        # A rule written in play failed: it is dropped, the table is told why, and the move is made without it.
        key, rule = culprit
        del st.house[key]
        st.program = st.program.without_rule(rule["name"])
        st.stack[:] = [f for f in st.stack if f.name != rule["name"]]  # its runs already waiting go too
        at = f"line {e.loc.line}, column {e.loc.column}" if e.loc is not None and e.loc.file == "<rule>" else None
        st.emit("house_rule_dropped", key=key, name=rule["name"], text=rule["text"], reason=e.message, at=at)
        apply(st, seat, move, checked)
        return
    if checked:
        st.forget(snap)
        st.drop_checkpoint()
    elif since is st.since and st.checkpoint is not None:
        st.since.append(move)


def racers(d: Decision) -> list:
    """The seats in a race: everyone in a `race "WORD"`, those who acted in an `ask ... race`."""
    return [o.arg for o in d.options]


def race_move(d: Decision, times: dict) -> Move:
    """The move that settles a race, from how long each seat in it took (infinity: it missed it): `last NAME` for
    the slowest, `first NAME` for the fastest; on a tie, the one seated first."""
    by_seat = {o.arg: o for o in d.options}
    times = {s: t for s, t in times.items() if s in by_seat}
    if d.options[0].verb == "first":
        return by_seat[min(times, key=lambda s: (times[s], s))]
    return by_seat[max(times, key=lambda s: (times[s], -s))]


def _public(st: State, spec, move: Move) -> bool:
    """Whether the table may learn a move as it is chosen: not one that names cards of the deck (a hand's cards);
    their move, if they go where all see them, tells it."""
    if move.kind == "card":
        return move.arg >= st.program.deck_size
    if spec.bind is not None:
        parts = spec.parts
        return not any((parts[i] if i < len(parts) else "card") == "card" and v < st.program.deck_size
                       for i, v in enumerate(move.arg))
    return True


def _house_rule_in(st: State, frames) -> tuple | None:
    for key, rule in st.house.items():
        if rule["name"] in frames:
            return key, rule
    return None


def _resume(st: State, d: Decision, move: Move) -> None:
    fr = st.stack[-1]
    spec = fr.env["$options"][move.option]
    if spec.param is not None:
        fr.env[spec.param] = move.arg
    elif spec.bind is not None:
        spec.bind(fr.env, move.arg)
    fr.pc = spec.label.pos
    st.pending = None
    st.pending_author = d.player
    stats = st.stats
    key = spec.stat
    stats[key] = stats.get(key, 0) + 1
    if move.kind == "card":
        key = st.program.card_stats[move.arg]
        stats[key] = stats.get(key, 0) + 1
    if move.calls:
        st.called[d.player].update(move.calls)
    if not st.record:  # a simulation or a search bot's playout: no record, no events
        return
    if st.shown:
        st.shown = {}
    text = move.text + "".join(f" {c}" for c in sorted(move.calls))
    st.moves.append((d.player, text))
    st.emit("choice", player=d.player, move=move.text, verb=spec.verb, kind=move.kind, pass_=move.verb == "pass" and d.window,
            card=move.arg if move.kind == "card" else None, public=_public(st, spec, move),
            race=bool(d.race))
    if move.kind == "card" and move.arg < st.program.deck_size:
        st.chosen, st.chosen_at = st.events[-1], len(st.events) - 1
    for c in sorted(move.calls):
        st.emit("call", player=d.player, call=c)
