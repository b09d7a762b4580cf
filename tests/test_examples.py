"""Every example game checks and plays to the end; every example house rule is accepted by the games it is for."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot

ROOT = Path(__file__).resolve().parent.parent
HOUSE = sorted((ROOT / "examples" / "house_rules").glob("*.rules"))


EXAMPLES = sorted((ROOT / "examples").glob("*.rules"))
# games written from the docs alone, by someone new to the language (#17): checked and played once here only
MORE = sorted((ROOT / "examples" / "more").glob("*.rules"))


def play_out(program, bots) -> Game:
    g = Game(program, len(bots), seed=1, record=False)
    for _ in range(20_000):
        if g.over:
            break
        d = g.pending
        g.apply(d.player, bots[d.player].move(g, d.player, d), checked=False)
    assert g.over
    # A hand may end with no winner (Gin Rummy's void hand, the stock run down); else its winners are seats.
    assert all(w in range(len(bots)) for w in g.winners)
    return g


@pytest.mark.parametrize("path", EXAMPLES + MORE, ids=lambda p: p.stem)
def test_example_games_play_to_the_end(path):
    program = rulelang.load(path)
    players = min(max(3, program.min_players), program.max_players)  # three, where the game allows
    g = play_out(program, [GreedyBot(i) for i in range(players)])
    assert g.winners or path.stem in ("gin_rummy", "twenty_one")  # a void hand; the house won


@pytest.mark.parametrize("path", HOUSE, ids=lambda p: p.stem)
def test_example_house_rules_are_accepted_and_act(path):
    game = "express" if "draw_one" in path.read_text() else "house"
    program = rulelang.load(ROOT / "games" / f"{game}.rules")
    g = Game(program, 3, seed=2)
    g.house(0, path.read_text())
    assert len(g.house_rules) == 1
    bots = [GreedyBot(i) for i in range(3)]
    for _ in range(3000):  # the rule runs in play without breaking the game
        if g.over:
            break
        d = g.pending
        g.apply(d.player, bots[d.player].choose(g.program, g.view(d.player), d))
        g.check_cards()
    assert g.house_rules, "an example rule failed in play and was dropped"
