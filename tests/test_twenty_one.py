"""Twenty-One (examples/more/twenty_one.rules): doubling down on the first two cards, by a stacked shoe."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game

from helpers import ROOT


@lru_cache(maxsize=None)
def twenty_one():
    return rulelang.load(ROOT / "examples" / "more" / "twenty_one.rules")


def shoe(first, second, house, draws):
    """The stack: one card to each player, the house's up card, a second to each player, the hole card, then draws."""
    return list(first) + [house[0]] + list(second) + [house[1]] + list(draws)


def test_a_double_takes_exactly_one_card_and_a_win_pays_the_doubled_stake():
    # seat 0: 6 + 5 = 11, doubles and draws a King (21); seat 1: 10 + 9 = 19 stands; the house 9 + 8 = 17
    g = Game(twenty_one(), 2, seed=1, stack=shoe(["6H", "TC"], ["5D", "9D"], ["9S", "8C"], ["KH"]), match=True)
    assert [m.text for m in g.legal()] == ["hit", "double", "stand"]
    g.apply(0, "double")
    assert g.pending.player == 1   # no further card or choice for seat 0
    g.apply(1, "stand")
    said = [ev.text for ev in g.events if ev.type == "say"]
    assert said == ["P1 doubles and draws King Hearts: 21", "the house shows 17"]
    assert g.scores == [4, 2]


def test_a_doubled_hand_that_loses_costs_the_doubled_stake_and_a_double_is_only_on_two_cards():
    # seat 0: 5 + 6 = 11, doubles and draws a 2 (13) and loses to 17; seat 1: 4 + 3 hits a 2 (9), then may not double
    g = Game(twenty_one(), 2, seed=1, stack=shoe(["5H", "4C"], ["6D", "3D"], ["9S", "8C"], ["2S", "2C"]), match=True)
    g.apply(0, "double")
    g.apply(1, "hit")
    assert [m.text for m in g.legal()] == ["hit", "stand"]
    g.apply(1, "stand")
    assert g.scores == [-4, -2]
