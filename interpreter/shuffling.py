"""`random.Random.shuffle`'s order (the same list from the same generator state), without a Python call per card:
the game's shuffles (machine.cards) and a bot's samples (bots.samples) share it."""
from __future__ import annotations

import random


def shuffle(rng: random.Random, xs: list) -> None:
    """Shuffle `xs` in place as `rng.shuffle(xs)` would."""
    getrandbits = rng.getrandbits
    for i in range(len(xs) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        xs[i], xs[j] = xs[j], xs[i]
