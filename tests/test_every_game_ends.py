"""Every game ends: for every file in games/, examples/ and examples/more/, at least 99% of bot games end before the
turn limit, with greedy bots (20 seeds a file) and with a search bot in seat 1 thinking 0.003 s a move (2 seeds a file),
at 4 players or as near as the game allows (War and Speed: 2)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

import rulelang
from rulelang.simulate.one import play_one

ROOT = Path(__file__).resolve().parent.parent
# examples/house_rules/ holds rules to type in play, not games
FILES = sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "examples").glob("*.rules")) \
    + sorted((ROOT / "examples" / "more").glob("*.rules"))


@lru_cache(maxsize=None)
def load(path):
    """A file's program, compiled once in this process for its two tests (a program is never changed by its games)."""
    return rulelang.load(path)


def _ended(path, seeds, bots, think=None):
    program = load(path)
    players = max(program.min_players, min(4, program.max_players))
    out = [play_one(program, seed, players, bots, {}, think=think) for seed in seeds]
    stalled = [r for r in out if r["stalled"]]
    assert len(stalled) <= 0.01 * len(out), [(r["seed"], r["cycle"]) for r in stalled]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_greedy_games_end(path):
    _ended(path, range(100, 120), ["greedy"])


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_games_with_a_search_bot_end(path):
    _ended(path, range(200, 202), ["search", "greedy"], think=0.003)
