"""`random.Random.shuffle`'s order (the same list from the same generator state), without a Python call per card:
the game's shuffles (machine.cards) and a bot's samples (bots.samples) share it."""
from __future__ import annotations

import random

_STEPS: dict = {}  # a list's length -> its shuffle's steps: (i, the bits drawn for a place among 0..i), i from the last


def _steps(n: int) -> tuple:
    steps = _STEPS[n] = tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
    return steps


def shuffle(rng: random.Random, xs: list) -> None:
    """Shuffle `xs` in place as `rng.shuffle(xs)` would: each place from the last down swapped with one drawn among
    those up to it (`_randbelow`: `k` bits drawn until they are at most `i`), the steps' bits worked out once a length."""
    getrandbits = rng.getrandbits
    n = len(xs)
    for i, k in _STEPS.get(n) or _steps(n):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        xs[i], xs[j] = xs[j], xs[i]
