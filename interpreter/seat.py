"""The seat API: the one way a host drives a game — what is pending for a seat, what it may see, its moves,
acting, and the events it may know of.

Every host stands on it: the terminal prompt, simulate and the bots, the network server, the RL environment.
A `Seat` hands out only what its player may know: the view and the events come projected through
`interpreter.view`, the one place hidden cards are masked.  A spectator is a seat with no index (`None`): it
sees what is public and never acts.
"""
from __future__ import annotations

from functools import partial
from types import SimpleNamespace

from .errors import MoveError, RulesError
from .events import Event
from .machine import play_bots as machine_play_bots
from .machine import (RULE_FAILURES, Decision, Move, State, apply, match_winners, parse_move, push, race_move,
                      racers, run, team)
from .narrator import in_words
from .view import glance, glancer

# What a host needs beside a Seat: the decision and move records it is handed, the seats in a race and the move that
# settles one from each seat's time (`racers`, `race_move`), and a typed line read against the rules alone.
# What a bot's look-ahead needs (interpreter/bots: search, samples, greedy): a copy of the game's state that no seat
# sees and nothing records, to play forward on (`fork`, a `State`), moves made on it (`apply`), and who won it
# (`match_winners`, `team`), and how the rules would rank the players were the hand to end now (`standing`).  The bots
# import nothing else of the machine (tests/test_architecture.py).
__all__ = ["Seat", "Decision", "Move", "racers", "race_move", "read_move", "State", "fork", "apply", "match_winners",
           "team", "standing", "play_bots"]


def fork(game) -> State:
    """A copy of a game's state (given the Game, or a State) for a bot to play forward on: no record, and nothing a
    move changes shared with the game (`State.fork`)."""
    return getattr(game, "state", game).fork()


def play_bots(game, bots: list, turns: int, in_turn_limit: int | None = None, hands: int | None = None):
    """Let a game's bots play on by themselves (a game kept with no record: simulate, the bench): `bots` holds a
    bot for each seat (None for a seat the host asks itself), and the game goes on until it is over, a seat with no
    bot is to decide, or `turns` turns have begun; with `in_turn_limit`, also before a turn's decision past that
    many, or the first decision of a hand past `hands`.  The moves are those of a host that asks each bot
    `bot.move(game, seat, decision)` and makes its move with `seat.act(move, undoable=False)`, in the same order;
    but each bot is asked where its decision is made and the game goes on from there, without the round trip
    through the host, `apply` and the machine's loop for each move.  Returns the table it played with
    (`machine.BotTable`): `moves` made; with `in_turn_limit`, `turn` (hand, turns) and the decisions `in_turn` it
    counted in it."""
    return machine_play_bots(game, bots, turns, in_turn_limit, hands)


def read_move(program, decision: Decision, text: str) -> Move:
    """A line typed for `decision`, read against the rules alone, with no game at hand (a client across the network
    checks a line before it sends it): one of the decision's moves, or MoveError with the reason."""
    return parse_move(SimpleNamespace(program=program), decision, text)


def standing(st: State) -> list | None:
    """How the rules would rank the players were the hand to end now, with no winner: what the game's `score` block
    adds to each seat's score, signed so that more is better (turned round where the lowest score wins, `match to N
    lowest wins`).  None when the rules give no such ranking: no score block, or one that fails or asks something
    mid-hand.  The score block runs on a copy; the state is left as it was."""
    proc = st.program.score
    if proc is None:
        return None
    copy = st.fork()
    copy.stack, copy.pending = [], None
    push(copy, proc, {})
    try:
        run(copy)
    except (RulesError, *RULE_FAILURES):
        return None
    if copy.pending is not None or copy.stack:
        return None
    before, after = st.pvars["score"], copy.pvars["score"]
    try:
        gains = [float(a - b) for a, b in zip(after, before)]
    except TypeError:
        return None
    lowest = st.program.match_lowest
    if lowest is not None and lowest(st, {}):
        gains = [-g for g in gains]
    return gains


class Seat:
    """One seat's window on a running game (`game.seat(i)`; `game.seat(None)` for a spectator)."""

    __slots__ = ("game", "index")

    def __init__(self, game, index: int | None):
        if index is not None and not 0 <= index < len(game.names):
            raise MoveError(f"there is no seat {index}; this game has {len(game.names)}")
        self.game = game
        self.index = index

    def __repr__(self) -> str:
        return f"<Seat {self.index} {self.name!r}>"

    @property
    def name(self) -> str:
        return self.game.names[self.index] if self.index is not None else "spectator"

    # -- what is asked of this seat
    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, if it is this seat's to make; else None."""
        d = self.game.pending
        return d if d is not None and d.player == self.index else None

    def options(self) -> list[Move]:
        """This seat's legal moves now, each with its text (what to type) and its doc (the rules' words)."""
        d = self.pending
        return list(d.options) if d is not None else []

    # -- what this seat may see
    def view(self) -> dict:
        """Everything this seat may see now: zones with the cards it may see (None for the others), public
        facts, and the pending decision (its prompt and options only if it is this seat's)."""
        return self.game.view(self.index)

    def glance(self) -> tuple:
        """What `view` holds of the table, cheaply, for a host that reads it at every move (the RL environment):
        the same masking, nothing copied or put in words (`interpreter.view.glance` says what it holds)."""
        return glance(self.game.state, self.index)

    def glancer(self):
        """`glance` as a function of nothing (the same tuple each call gives), for a host that looks at every move:
        one Python call less a look."""
        return glancer(self.game.state, self.index)

    def events(self, since: int = 0) -> tuple[list[Event], int]:
        """The events from position `since`, each as this seat may know it, and the position to ask from next."""
        game = self.game
        events = game.events
        end = len(events)
        return [game.event_for(ev, self.index) for ev in events[since:end]], end

    def words(self, event: Event) -> Event:
        """One event (as the game recorded it) as this seat may know it, with seats, zones and cards by name: the
        form of a --log line, which the narrator tells."""
        return in_words(self.game.state, event, self.index)

    def narrate(self, event: Event) -> str | None:
        """One event (as the game recorded it) told in words for this seat, or None for one it is not told."""
        return self.game.narrate(event, self.index)

    def tell(self, events) -> list[list]:
        """A run of recorded events told to this seat a move to a line: parts, `(role, text)` pairs whose texts
        are the line and whose roles a host may style (`interpreter.narrator`)."""
        return self.game.tell(events, self.index)

    # -- acting
    def parse(self, text: str) -> Move:
        """The move typed text stands for, if this seat may make it now; refused with the reason otherwise."""
        self._deciding()
        return self.game.parse(text)

    def act(self, move, undoable: bool = True) -> None:
        """Make a move for this seat: a Move from `options()` or typed text.  A refused move raises MoveError
        and changes nothing.  `undoable=False` is for a bot's move taken from `options()` in a simulation: made
        without a snapshot to fall back to (a rule failing in it is not taken back, and the move is not checked
        against the options again), which is most of a simulated move's cost."""
        if self.index is None:
            raise MoveError("a spectator cannot make moves")
        self.game.apply(self.index, move, checked=undoable)  # refused, as `_deciding` would, when not this seat's

    def actor(self):
        """`act(move, undoable=False)` as a function of the move and `False` (`actor()(move, False)`), for a host
        that acts at every move with moves taken from `options()` (the RL environment): the machine's own `apply`
        bound to the game's state and this seat, so a move costs no Python call of `act`'s and `Game.apply`'s."""
        if self.index is None:
            return self.act  # (refused, as `act` refuses a spectator)
        return partial(apply, self.game.state, self.index)

    def propose(self, text: str) -> None:
        """Put a rule written in play in force for the table (the `house` command, once the table agreed)."""
        if self.index is None:
            raise MoveError("a spectator cannot write rules")
        self.game.house(self.index, text)

    def _deciding(self) -> None:
        if self.index is None:
            raise MoveError("a spectator cannot make moves")
        d = self.game.pending
        if d is None:
            raise MoveError("the game is over" if self.game.over else "no decision is pending")
        if d.player != self.index:
            raise MoveError(f"it is {self.game.names[d.player]}'s decision, not {self.name}'s")
