"""The one API every caller uses: start a game, see what decision is pending, apply a move, read a seat's view."""
from __future__ import annotations

from .errors import NAME_SHOWN, MoveError, RulesError, code_points, did_you_mean, shows

from . import machine as m
from .seat import Seat
from .events import Event
from .narrator import narrate, tell_events
from .view import project_event, view as seat_view


def check_players(program, players: int) -> None:
    """Refuse a number of players the game's `players` range does not allow: "Klondike is for 1 player, not 2"."""
    low, high = program.min_players, program.max_players
    if not low <= players <= high:
        allowed = f"{low} player{'s' * (low != 1)}" if low == high else f"{low} to {high} players"
        raise RulesError(f"{program.name} is for {allowed}, not {players}")


class Game:
    """A running game: a Program (shared, immutable) and a State (this game's changing facts)."""

    def __init__(self, program, players=None, seed: int = 0, options: dict | None = None, stack: list | None = None,
                 record: bool = True, match: bool = False):
        if players is None:
            players = program.default_players
        names = [f"P{i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        check_players(program, len(names))
        for n in names:  # shown on every screen: an escape sequence in a name would be written to each terminal
            if not isinstance(n, str) or not n.strip() or not n.isprintable():
                raise RulesError(f"a player's name is printable text, not {n!r}")
            if not shows(n):  # (`ㅤ plays Wild` reads as a move by nobody)
                raise RulesError(f"a player's name shows nothing ({code_points(n)}): {NAME_SHOWN}")
        if len(set(n.lower() for n in names)) != len(names):
            raise RulesError("two players have the same name")
        if stack and not program.shuffles_deck:  # (it goes on top at the first shuffle of the deck's zone)
            zone = program.zones[program.deck_zone].name
            raise RulesError(f"--stack: {program.name} never shuffles `{zone}`, the deck's zone, so no card could "
                             "be put on top: a stack is applied at its first `shuffle`")
        self._setup = (program, names, seed, dict(options or {}), list(stack) if stack else None, match)
        self.st = self._started(record, keep_all=False)

    def _started(self, record: bool, keep_all: bool) -> m.State:
        """A state of this game's setup, run to its first decision."""
        program, names, seed, options, stack, match = self._setup
        st = m.State(program, names, seed, parse_options(program, options or {}), record)
        st.match = match
        st.stacked = list(stack) if stack else None
        if record and not keep_all:  # the oldest events are let go: the moves and the seed replay them exactly
            st.events.rebuild = self._replayed_events
        m.start_hand(st)
        m.run(st)
        return st

    def _replayed_events(self, upto: int) -> list[Event]:
        """The first `upto` events of this game (or more), by playing its record again in a game of the same
        setup.  Only the moves needed are played: the last one may be a move being taken back."""
        again = Game.__new__(Game)
        again._setup = self._setup
        again.st = again._started(True, keep_all=True)
        for seat, text in self.st.moves:
            if len(again.st.events) >= upto:
                break
            try:
                again.replay(seat, text)
            except RulesError:  # a move being taken back: the events before it are all there are
                break
        return list(again.st.events)

    # -- what is going on
    @property
    def program(self):
        """The rules in force: the file's, and any written in play since."""
        return self.st.program

    @property
    def state(self) -> m.State:
        return self.st

    @property
    def names(self) -> list[str]:
        return self.st.names

    @property
    def pending(self) -> m.Decision | None:
        return self.st.pending

    @property
    def over(self) -> bool:
        return self.st.over

    @property
    def events(self) -> list[Event]:
        return self.st.events

    @property
    def seed(self) -> int:
        """The seed: with the rules, options, names and moves, the whole game."""
        return self.st.seed

    @property
    def options(self) -> dict:
        """The game's options, as in force (each with its value, given or by default)."""
        return self.st.options

    @property
    def turns(self) -> int:
        """Turns begun so far."""
        return self.st.turns

    @property
    def hand_no(self) -> int:
        """The number of the hand being played (1 for the first): how many a match has lasted once it is over."""
        return self.st.hand_no

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self.st.current

    @property
    def stats(self) -> dict:
        """The counters a simulation reports: rules fired, cards played, verbs, tallies."""
        return self.st.stats

    @property
    def winners(self) -> list[int]:
        return m.match_winners(self.st) if self.st.over else list(self.st.winners)

    @property
    def scores(self) -> list[int]:
        return list(self.st.pvars["score"])

    def legal(self) -> list[m.Move]:
        return list(self.st.pending.options) if self.st.pending else []

    # -- acting
    def apply(self, seat: int, move, checked: bool = True) -> None:
        """Make a move (a Move or typed text) for a seat. A refused move raises MoveError and changes nothing."""
        m.apply(self.st, seat, move, checked)

    def record(self) -> list[tuple]:
        """Every move made so far, as (seat, text): with the rules, options, names and seed, the whole game."""
        return list(self.st.moves)

    def replay(self, seat: int, text: str) -> None:
        """Make a recorded move again (anything `record()` holds)."""
        if text.startswith("house "):
            self.house(seat, text[len("house "):])
        else:
            self.apply(seat, text)

    def house(self, seat: int, text: str) -> None:
        """Add a rule the table agreed to (the `house` command); a bad rule is refused and changes nothing."""
        m.house(self.st, seat, text)

    @property
    def house_rules(self) -> dict:
        """Rules written in play and in force: key -> {name, text, author}."""
        return dict(self.st.house)

    def parse(self, text: str) -> m.Move:
        if self.st.pending is None:
            raise MoveError("no decision is pending")
        return m.parse_move(self.st, self.st.pending, text)

    # -- the seat API (interpreter.seat): what hosts use
    def seat(self, index: int | None) -> "Seat":
        """One seat's window on this game: its pending decision, view, moves and events (None: a spectator)."""
        return Seat(self, index)

    @property
    def seats(self) -> list["Seat"]:
        return [Seat(self, i) for i in range(len(self.st.names))]

    @property
    def deciding(self) -> "Seat | None":
        """The seat the pending decision asks, or None when the game is over."""
        d = self.st.pending
        return Seat(self, d.player) if d is not None else None

    # -- seeing
    def view(self, seat: int | None) -> dict:
        """What one seat may see (None: a spectator, who sees only what is public)."""
        return seat_view(self.st, seat)

    def open_zones(self) -> dict:
        """Every zone with every card in it, face down or not, as card ids (a per-player zone: a list per seat): what
        a replay shows with every card shown.  It is no seat's view: a host hands it to no player of a game going on."""
        st = self.st
        return {spec.name: [h[:] for h in z] if spec.per_player else z[:] for spec, z in zip(st.program.zones, st.zones)}

    def event_for(self, event: Event, seat: int | None) -> Event:
        return project_event(self.st, event, seat)

    def narrate(self, event: Event, seat: int | None) -> str | None:
        """One event told to `seat` in plain words (None: nothing to tell it)."""
        return narrate(self.st, event, seat)

    def tell(self, events, seat: int | None) -> list[list]:
        """A run of this game's events told to `seat` a move to a line, as parts (`interpreter.narrator`)."""
        return tell_events(self.st, events, seat)

    def card(self, cid: int):
        return self.program.cards[cid]

    # -- invariants
    def check_cards(self) -> None:
        """Every card is in exactly one zone."""
        seen = []
        for zi, spec in enumerate(self.program.zones):
            z = self.st.zones[zi]
            if spec.per_player:
                for h in z:
                    seen.extend(h)
            else:
                seen.extend(z)
        if sorted(seen) != list(range(self.program.deck_size)):
            raise AssertionError(f"cards not conserved: {len(seen)} placed, {len(set(seen))} distinct, "
                                 f"{self.program.deck_size} in the game")


OPTION_NUMBER = 10 ** 18 - 1  # a number a file may write has at most 18 digits; an option's value is held to the same


def parse_options(program, given: dict) -> dict:
    """The game's options with command-line values, each read as its default's type."""
    out = {name: spec.default for name, spec in program.options.items()}
    for name, raw in given.items():
        spec = program.options.get(name)
        if spec is None:
            hint = did_you_mean(name, program.options) or (
                f"this game's options: {', '.join(program.options)}" if program.options else "this game has no options")
            raise RulesError(f"unknown option `{name}`; {hint}")
        out[name] = _coerce(name, raw, spec.default)
    return out


def _coerce(name, raw, default):
    if not isinstance(raw, str):
        return raw
    text = raw.strip().lower()
    if isinstance(default, bool):
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise RulesError(f"option `{name}` is true or false, not `{raw}`")
    if isinstance(default, int):
        try:
            value = int(text)
        except ValueError:
            raise RulesError(f"option `{name}` is a number, not `{raw}`") from None
        if abs(value) > OPTION_NUMBER:  # the numbers a game works with (`rulelang.codegen.MAX_NUMBER`)
            raise RulesError(f"option `{name}` is a number from -{OPTION_NUMBER:,} to {OPTION_NUMBER:,}, not `{raw}`")
        return value
    return raw
