"""The one place the network code touches a running game: one seat's share of it, through the seat API
(`interpreter.seat.Seat`, `game.seat(i)`).

The server also reads the recorded events themselves (`game.events`) beside their projection, for two things
the projection leaves out: which card ids a shown card stands for (sent as numbers, protocol.Canon) and the
recorded event the narrator tells (`Seat.narrate` takes it as the game recorded it).  Nothing of a raw event
is sent: a card goes out only where the projection shows it.
"""
from __future__ import annotations

from interpreter.events import Event


class SeatPort:
    """What one seat may do and see of a game: its decision, its view, the events as it may know them."""

    def __init__(self, game, seat: int):
        self.game = game
        self.seat = seat
        self.api = game.seat(seat)

    @property
    def pending(self):
        """The decision pending, if it is this seat's; else None."""
        return self.api.pending

    def options(self) -> list:
        return self.api.options()

    def view(self) -> dict:
        return self.api.view()

    def act(self, move) -> None:
        """Make a move (typed text or a Move); a refused move raises MoveError and changes nothing."""
        self.api.act(move)

    def events(self, since: int) -> tuple[list[tuple[Event, Event]], int]:
        """(recorded event, event as this seat may know it) for the events from `since`, and the new position."""
        seen, end = self.api.events(since)
        return list(zip(self.game.events[since:end], seen)), end

    def narrate(self, event: Event) -> str | None:
        return self.api.narrate(event)
