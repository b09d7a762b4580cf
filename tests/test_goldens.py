"""No game changes by accident: `simulate` reports for fixed seeds, held as golden files.

A change to the engine, the bots or the compiler that changes how any bundled game plays shows here.  When a
change is meant (a rule made right, a bot made stronger), regenerate with
`RULELANG_UPDATE_GOLDEN=1 pytest tests/test_goldens.py`, read the diff, and say why in the commit.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rulelang.simulate.run import simulate

ROOT = Path(__file__).resolve().parent.parent
GOLDENS = Path(__file__).resolve().parent / "goldens"
UPDATE = os.environ.get("RULELANG_UPDATE_GOLDEN") == "1"
TIMINGS = ("seconds", "games_per_second", "turns_per_second")
GAMES = ["uno", "express", "liars", "whos_lying", "house", "droid"]
# (bots seat by seat, games): random bots make long games (Liar's UNO's run to thousands of turns), so fewer of
# them; greedy ones are what designers run.
MIXES = {"random": (["random"], 6), "greedy": (["greedy"], 20), "greedy-random": (["greedy", "random"], 20)}


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("game", GAMES)
def test_simulate_report_is_the_golden_one(game, mix):
    bots, games = MIXES[mix]
    report = simulate(str(ROOT / "games" / f"{game}.rules"), games=games, players=4, bots=bots, seed=1)
    for key in TIMINGS:
        report.pop(key, None)
    text = json.dumps(report, indent=1, sort_keys=True) + "\n"
    path = GOLDENS / f"{game}-{mix}.json"
    if UPDATE:
        path.write_text(text)
    assert path.exists(), f"no golden for {game} with {mix} bots: run with RULELANG_UPDATE_GOLDEN=1"
    assert text == path.read_text(), f"{game} with {mix} bots plays differently: see the diff, and if meant, " \
                                     "regenerate with RULELANG_UPDATE_GOLDEN=1"
