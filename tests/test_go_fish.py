"""Go Fish (examples/more/go_fish.rules) on a stacked deal."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game

from helpers import ROOT, interleave


@lru_cache(maxsize=None)
def go_fish():
    return rulelang.load(ROOT / "examples" / "more" / "go_fish.rules")


def shorts(g, zone, owner=None):
    return sorted(g.program.cards[c].short for c in g.state.zone(g.program.zone_index[zone], owner))


def test_a_card_fished_that_makes_a_book_of_another_rank_is_laid_down_and_said():
    g = Game(go_fish(), 2, seed=1, stack=interleave([["5C", "5D", "5H", "KC", "2C", "3C", "4C"],
                                                      ["6C", "6D", "7C", "7D", "8C", "8D", "9C"]]) + ["5S"])
    g.apply(0, "ask P2 King")   # no king: go fish, and the five of spades comes up
    said = [e.text for e in g.events if e.type == "say"]
    assert said[-2:] == ["P2: go fish!", "P1 lays down a book of 5s"]   # before: laid down without a word
    assert shorts(g, "books", 0) == ["5C", "5D", "5H", "5S"] and g.pending.player == 1
