"""The environment's one window on a running game: the seat API (`interpreter/seat.py`), and the observation
read through the view's own masking rule (`observe`).

Every call the environments make on a game goes through `Table`, so what a learner or a bot sees is what its
seat's view says, and a change of the seat API is a change here only.
"""
from __future__ import annotations

from interpreter import Game
from interpreter.bots import ask_bot, table_move


class Table:
    """A game as the environment drives it: who decides, a seat's decision and view, making a move."""

    def __init__(self, program, players: int, seed: int, options: dict | None, match: bool, stack=None):
        self.game = Game(program, players=players, seed=seed, options=options, stack=stack, record=False, match=match)
        self.seats = self.game.seats

    @property
    def program(self):
        return self.game.program

    @property
    def deciding(self) -> int | None:
        """The seat whose decision is pending, or None when the game is over (`game.deciding`'s index)."""
        d = self.game.pending
        return d.player if d is not None else None

    @property
    def pending(self):
        """The decision the game waits for (None when it is over): whose it is, and its moves, for that seat only."""
        return self.game.pending

    def decision(self, seat: int):
        return self.seats[seat].pending

    def view(self, seat: int) -> dict:
        return self.seats[seat].view()

    def observe(self, seat: int, encoding, mine):
        """The seat's observation vector, from what it may see (`Seat.glance`: the view's masking, without
        building the view): the same numbers as `encoding.observe(self.view(seat), mine)`."""
        return encoding.observe_seen(self.seats[seat].glance(), seat, mine)

    def act(self, seat: int, move) -> None:
        """Make one of the seat's own moves, through the seat API.  Moves come from `decision(seat).options` (the
        action mask is made from them), so they are made as a simulated bot's are (`Seat.act(move, undoable=False)`):
        without a copy of the state to fall back to."""
        self.seats[seat].act(move, undoable=False)

    def actors(self) -> list:
        """Each seat's `act(move, False)` (`Seat.actor`: the machine's move bound to the seat): `act` above without
        its own call, nor `Seat.act`'s and `Game.apply`'s, for the step."""
        return [seat.actor() for seat in self.seats]

    def glancers(self) -> list:
        """Each seat's look at what it may see, as a function of nothing (`Seat.glancer`: `Seat.glance`'s tuple)."""
        return [seat.glancer() for seat in self.seats]

    def ask(self, bot, seat: int):
        """A rulelang bot's move for a seat, from that seat's view."""
        return ask_bot(bot, self.game, seat, self.seats[seat].pending)

    def settle(self, rng, decision):
        """A move no seat decides (who was last in a race): the table's, at random, as among bots."""
        return table_move(rng, self.program, decision)

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def winners(self) -> list[int]:
        return self.game.winners

    @property
    def scores(self) -> list[int]:
        return self.game.scores

    @property
    def names(self) -> list[str]:
        return self.game.names
