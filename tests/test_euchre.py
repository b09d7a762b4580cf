"""Euchre (examples/more/euchre.rules): bidding from the player after the dealer, the dealer last, in every hand."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot

from helpers import ROOT


@lru_cache(maxsize=None)
def euchre():
    return rulelang.load(ROOT / "examples" / "more" / "euchre.rules")


def test_in_a_later_hand_the_player_after_the_dealer_bids_first_and_the_dealer_is_stuck_last():
    g = Game(euchre(), 4, seed=3, match=True)
    bots = [GreedyBot(i) for i in range(4)]
    while g.state.hand_no == 1:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(g.program, g.view(d.player), d))
    assert not g.over and g.state.hand_no == 2
    # Hand 2: seat 1 plays first, so seat 0 deals; the first round goes 1, 2, 3, then the dealer.
    for seat in (1, 2, 3, 0):
        assert g.pending.player == seat and [m.text for m in g.legal()] == ["order", "pass"]
        g.apply(seat, "pass")
    for seat in (1, 2, 3):
        assert g.pending.player == seat and [m.text for m in g.legal()][-1] == "pass"
        g.apply(seat, "pass")
    assert g.pending.player == 0 and all(m.verb == "name" for m in g.legal()) and len(g.legal()) == 3
