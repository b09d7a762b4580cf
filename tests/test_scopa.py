"""Scopa (examples/more/scopa.rules) on stacked deals: what a played card takes, and the scopa."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game

from helpers import ROOT, interleave


@lru_cache(maxsize=None)
def scopa():
    return rulelang.load(ROOT / "examples" / "more" / "scopa.rules")


def shorts(g, zone, owner=None):
    return sorted(g.program.cards[c].short for c in g.state.zone(g.program.zone_index[zone], owner))


def test_a_card_takes_as_many_table_cards_as_add_up_to_it_and_sweeping_them_is_a_scopa():
    # The four aces are turned up; a five takes nothing (no five there, the aces add up to four at most).
    g = Game(scopa(), 2, seed=1, stack=interleave([["5D", "2C", "3C"], ["ND", "KS", "KB"]]) + ["AD", "AC", "AS", "AB"])
    g.apply(0, "play 5D")
    assert shorts(g, "table") == ["5D", "AB", "AC", "AD", "AS"]
    g.apply(1, "play ND")   # the knight (9): five cards add up to it, and it must take them
    assert [m.text for m in g.legal()] == ["take AD AC AS AB 5D"]
    g.apply(1, "take AD AC AS AB 5D")
    assert shorts(g, "table") == [] and shorts(g, "taken", 1) == ["5D", "AB", "AC", "AD", "AS", "ND"]
    assert g.state.pvars["scope"] == [0, 1]
    assert [e.text for e in g.events if e.type == "say"][-1] == f"{g.names[1]} sweeps the table: scopa!"
