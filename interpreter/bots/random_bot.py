"""The random bot: any legal move, as a baseline and for fuzzing."""
from __future__ import annotations

import random

from ..seat import Move
from .odds import table_move, with_calls


class RandomBot:
    """Picks any legal move; makes a due call (a "last card!") half the time, so missed calls happen."""

    name = "random"
    sees = False  # it looks at no view: none is built for it

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def move(self, game, seat: int, decision) -> Move:
        return self.choose(game.program, None, decision)

    follow = move  # replaying: its random generator moves on as it did

    def choose(self, program, view: dict, decision) -> Move:
        options = decision.options
        if decision.race or options[0].kind == "rule":
            return table_move(self.rng, program, decision)
        # rng.choice(options), written out as random.py's _randbelow does it: the same numbers, two calls fewer
        n = len(options)
        k = n.bit_length()
        getrandbits = self.rng.getrandbits
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
        move = options[i]
        if move.kind != "card" or not decision.due:  # a call goes with a card played, not with a draw or a pass
            return move
        calls = frozenset(c for c in decision.due if self.rng.random() < 0.5)
        return with_calls(move, calls)
