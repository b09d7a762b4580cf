"""War (examples/more/war.rules) on a stacked deal: battles, a war, and a war fought with the last card."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game

from helpers import ROOT, interleave


@lru_cache(maxsize=None)
def war():
    return rulelang.load(ROOT / "examples" / "more" / "war.rules")


def test_a_player_short_of_cards_for_a_war_lays_what_is_left_the_last_face_up():
    high = [r + s for r in "9TJQKA" for s in "SHDC"]
    low = [r + s for r in "234567" for s in "SHDC"]
    # A stack's top is the card dealt last: P1 turns up 9S first, P2 2S; the eights come after 24 battles.
    g = Game(war(), 2, seed=1, stack=interleave([["8H", "8S"] + high[::-1], ["8D", "8C"] + low[::-1]]))
    prog = g.program
    for _ in range(24):   # each battle: P1's higher card takes both
        g.apply(g.pending.player, "turn_up")
    stacks = [len(g.state.zone(prog.zone_index["stack"], p)) for p in (0, 1)]
    assert stacks == [50, 2] and not g.over
    mark = len(g.events)
    g.apply(g.pending.player, "turn_up")   # 8 against 8: war, and P2 has a single card, the 8 of diamonds, left
    said = [e.text for e in g.events[mark:] if e.type == "say"]
    assert said == ["war!", f"{g.names[0]} takes the cards"]   # P1 lays 8H, 9S, 2S down and 9H up
    laid = {prog.cards[c].short: e.face for e in g.events[mark:] if e.type == "move" and e.dst == prog.zone_index["laid"]
            for c in e.cards}
    assert laid == {"8S": "up", "8C": "up", "8H": "down", "9S": "down", "2S": "down", "9H": "up", "8D": "up"}
    # (before, P2's 8D was laid face down: the card that lost the war was never shown)
    assert g.over and g.winners == [0]
