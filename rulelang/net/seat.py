"""The one place the network code touches a running game: one seat's share of it.

These are the calls of the seat API (`game.seat(i)`: pending, options, view, act, events, narrate), written
over `Game`'s public members until `interpreter/seat.py` lands; switching is this file alone.
"""
from __future__ import annotations


class SeatPort:
    """What one seat may do and see of a game: its decision, its view, the events as it may know them."""

    def __init__(self, game, seat: int):
        self.game = game
        self.seat = seat

    @property
    def pending(self):
        """The decision pending, if it is this seat's; else None."""
        d = self.game.pending
        return d if d is not None and d.player == self.seat else None

    def options(self) -> list:
        d = self.pending
        return list(d.options) if d is not None else []

    def view(self) -> dict:
        return self.game.view(self.seat)

    def act(self, move) -> None:
        """Make a move (typed text or a Move); a refused move raises MoveError and changes nothing."""
        self.game.apply(self.seat, move)

    def events(self, since: int) -> tuple[list[tuple[dict, dict]], int]:
        """(raw event, event as this seat may know it) for the events from `since`, and the new position.
        The raw event stays on the server: it is what `narrate` needs."""
        evs = self.game.events
        n = len(evs)
        return [(ev, self.game.event_for(ev, self.seat)) for ev in evs[since:n]], n

    def narrate(self, event: dict) -> str | None:
        return self.game.narrate(event, self.seat)
