"""`random.Random.shuffle`'s order (the same list from the same generator state), without a Python call per card:
the game's shuffles (machine.cards) and a bot's samples (bots.samples) share it."""
from __future__ import annotations

import random

_STEPS: dict = {}  # a list's length -> its shuffle's steps: (i, the bits drawn for a place among 0..i), i from the last
_LONGEST: tuple = ()  # the steps of the longest list shuffled so far: every shorter list's are its end


def _steps(n: int) -> tuple:
    global _LONGEST
    if n - 1 > len(_LONGEST):
        longest = max(n, 2 * len(_LONGEST))
        _LONGEST = tuple((i, (i + 1).bit_length()) for i in range(longest - 1, 0, -1))
    steps = _STEPS[n] = _LONGEST[len(_LONGEST) - n + 1:] if n > 1 else ()
    return steps


def shuffle(rng: random.Random, xs: list) -> None:
    """Shuffle `xs` in place as `rng.shuffle(xs)` would: each place from the last down swapped with one drawn among
    those up to it (`_randbelow`: `k` bits drawn until they are at most `i`), the steps' bits worked out once."""
    n = len(xs)
    if n < 2:  # (nothing drawn: a refill's one card, Liar's UNO's commonest shuffle)
        return
    getrandbits = rng.getrandbits
    for i, k in _STEPS.get(n) or _steps(n):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        xs[i], xs[j] = xs[j], xs[i]
