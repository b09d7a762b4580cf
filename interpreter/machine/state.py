"""A running game's state, kept apart from the immutable Program: the move, the decision, the running frame and
the State, with its snapshots; and the bounds every run keeps."""
from __future__ import annotations

import random
from array import array
from typing import Any

import attrs

from ..events import ChoiceEvent, Event
from ..journal import Journal
from ..program import Program

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
    unseen: bool = False  # a window asking each player of its list whatever they hold, `pass` alone or more, since
    # what they may do is decided by cards others may not see (`ops.op_ask_next`): how it is answered must not tell


class Frame:
    """One running procedure: its code, where it is, and its local names."""

    __slots__ = ("code", "pc", "env", "name")

    def __init__(self, code, env, name=""):
        self.code = code
        self.pc = 0
        self.env = env
        self.name = name

    def copy(self) -> "Frame":
        f = _new_frame(Frame)  # (no __init__ run: its four fields set here)
        f.code = self.code
        f.pc = self.pc
        f.env = self.env.copy()
        f.name = self.name
        return f


_new_frame = object.__new__
_COPIED = (list, set, dict)  # a frame's values a fork copies (what a move may change in place)


class State:
    """The changing facts of one game, kept apart from the immutable Program so they copy cheaply."""

    work = MAX_STEPS_PER_MOVE  # the steps a move may take; a bot's sample may be given fewer (State.fork keeps it)
    # A copy a bot plays forward on (`fork`): there a set option asks of every set as it always has (`card_sets`'
    # `same`), so the work a bot's look-ahead measures, and the moves its budget buys, are those of before (#17)
    forked = False

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
        # a card of a private or hidden zone a `reveal` showed -> the frozenset of seats that see it where it lies (its
        # zone's owner, if it shows it, and those it was shown to; None too, shown to every seat): `cards.unreveal`
        self.revealed: dict = {}
        self.revealed_in: dict = {}  # (zone, owner) -> how many cards of `revealed` lie there (a move from elsewhere: nothing to look at)
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
        self.limit = MAX_STEPS_PER_MOVE  # where the steps of this move stop: expressions check it as they go
        self.turns = 0
        self.moves = Journal()  # (seat, move text): the game record
        self.house: dict = {}  # rules written in play: key -> {"name", "text", "author"}
        self.pending_author = None
        self.chosen: ChoiceEvent | None = None  # the last choice event that named a card, until that card moves
        self.chosen_at = 0  # its index in the events
        self.claim: dict | None = None  # the last claim made: who, which face-down cards, what they said
        self.shown: dict = {}  # card -> seats a `reveal` showed it to since the last decision (for texts naming it)
        self.stats: dict = {}  # counters for simulation reports: rules fired, cards played, verbs, tallies
        self.rng_uses = 0  # shuffles so far: a snapshot saves the random state only when it is next used
        self.rng_guards: list = []  # (generator, snapshot) for the latest snapshots, until the generator is used
        self.checkpoint = None  # a snapshot of a few moves ago, with rules written in play (see apply)
        self.since: list = []  # the moves made since it
        self.bots = None  # while bots play by themselves (`moves.play_bots`), what asks them at a decision (`BotTable.decide`)

    # -- zones
    def zone(self, zi: int, owner=None) -> list:
        z = self.zones[zi]
        return z[owner] if owner is not None else z

    def in_play(self) -> bool:
        """Whether a rule written in play is running (itself, or a procedure it calls, or the rules of an event it
        fires): what it fails on is told to the whole table and the game goes on, so a failure tells no value it
        was given, which may be worked out from cards some player cannot see."""
        house = {rule["name"] for rule in self.house.values()}
        return bool(house) and any(f.name in house for f in self.stack)

    def emit(self, ev: Event) -> None:
        """Record an event (one of `interpreter.events`' records, whose class declares its fields), if this game
        keeps its record."""
        if self.record:
            self.events.append(ev)

    def fork(self) -> "State":
        """A copy to play forward on (a bot's look-ahead): no record, and nothing a move changes shared, not even a
        frame's lists; the random generator is this one until the copy is given its own.  What `snapshot` copies,
        copied straight into the copy (as `restore_from` of a snapshot, with no snapshot made)."""
        clone = State.__new__(State)
        clone.__dict__.update(self.__dict__)
        clone.record = False
        clone.forked = True
        clone.events = []
        clone.moves = []
        clone.stats = {}
        clone.chosen = None
        clone.bots = None  # a look-ahead is played by its own caller, never by the game's bots
        clone.checkpoint, clone.since, clone.rng_guards = None, [], []
        guards = self.rng_guards  # as `snapshot` then `forget` leave them: the eight latest keep their random state
        for rng, old in guards[:-7]:  # the generator is unused since: its state now is its state then
            version, words, gauss = rng.getstate()
            old["rng"] = (version, array("I", words), gauss)
        self.rng_guards = guards[-7:]
        clone.zones = [[h[:] for h in z] if per else z[:] for per, z in zip(self.program.per_player, self.zones)]
        clone.vars = dict(self.vars)
        clone.pvars = {k: list(v) for k, v in self.pvars.items()}
        clone.facedown = dict(self.facedown)
        clone.revealed = dict(self.revealed)
        clone.revealed_in = dict(self.revealed_in)
        clone.called = [set(c) for c in self.called]
        clone.stack = stack = [f.copy() for f in self.stack]
        clone.winners = list(self.winners)
        clone.finished, clone.lost, clone.last_places = list(self.finished), list(self.lost), list(self.last_places)
        clone.hands_won = list(self.hands_won)
        clone.house = {k: dict(v) for k, v in self.house.items()} if self.house else {}
        for fr in stack:
            env = fr.env
            for k, v in env.items():
                if isinstance(v, _COPIED):
                    env[k] = v.copy()
        return clone

    def snapshot(self) -> dict:
        """Everything that changes, copied: for undo, for a refused move, for a search bot's playouts."""
        snap = {
            "zones": [[h[:] for h in z] if per else z[:] for per, z in zip(self.program.per_player, self.zones)],
            "vars": dict(self.vars),
            "pvars": {k: list(v) for k, v in self.pvars.items()},
            "facedown": dict(self.facedown),
            "revealed": dict(self.revealed),
            "revealed_in": dict(self.revealed_in),
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
        self.revealed = snap["revealed"]
        self.revealed_in = snap["revealed_in"]
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
