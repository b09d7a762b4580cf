"""The observation arrays a seat is handed again (rulelang.env.encoding.REUSE): only one nothing holds, and only where
the reference count the generated code reads is the one measured for an array held by nobody (`_free_count`)."""
from __future__ import annotations

import weakref

import pytest

np = pytest.importorskip("numpy", reason="the `rl` extra (make test installs it)")
pytest.importorskip("pettingzoo", reason="the `rl` extra (make test installs it)")

from helpers import GAMES  # noqa: E402
from rulelang.env import encoding, make_env  # noqa: E402


def test_an_array_is_handed_again_only_once_let_go():
    env = make_env(GAMES / "uno.rules", seed=3, max_moves=100)
    env.reset(seed=3)
    seat = env._seat

    def look():
        return env.table.observe(seat, env.encoding, env._verbs(seat))

    held = look()
    again = look()
    assert again is not held  # the learner holds the first: a new array
    gone = weakref.ref(held)  # (a weak reference holds nothing)
    before = held.copy()
    del held
    third = look()
    # let go: written again and handed out once more where the count is the one the generated code expects; never
    # where another Python counts otherwise
    assert (third is gone()) == (encoding.REUSE and encoding._free_count() == encoding.FREE)
    assert encoding.REUSE <= (encoding._free_count() == encoding.FREE)
    assert np.array_equal(third, before) and np.array_equal(again, before)
