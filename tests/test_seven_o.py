"""Seven-O (examples/seven_o.rules) on stacked deals: a 7 swaps hands, and a hand a swap leaves one card owes the
UNO! call, its new holder asked first."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game

from helpers import ROOT, deal_stack, hand, options, play


@lru_cache(maxsize=None)
def seven_o():
    return rulelang.load(ROOT / "examples" / "seven_o.rules")


def deal(first, second) -> Game:
    return Game(seven_o(), 2, seed=1, stack=deal_stack([first, second], "R5", ["B1", "B2", "B3", "B4"]))


def said(g) -> list[str]:
    return [e.text for e in g.events if e.type == "say"]


def swapped_into_one_card() -> Game:
    """P2 plays down to one card (two Skips and two Reverses give a second player another turn), calling UNO!;
    P1, with five cards, plays a 7 and takes that one card in the swap."""
    g = deal(["R1", "R2", "R7", "G1", "G2", "G3", "G4"], ["RS", "RS", "RR", "RR", "R8", "R9", "Y9"])
    play(g, 0, "play R1")
    play(g, 1, "play RS", "play RS", "play RR", "play RR", "play R8")
    play(g, 0, "play R2")
    play(g, 1, "play R9 uno")
    play(g, 0, "play R7", "swap P2")
    assert hand(g, 0) == ["Y9"] and hand(g, 1) == ["G1", "G2", "G3", "G4"]
    return g


def test_a_player_swapped_into_one_card_may_yell_uno_first():
    g = swapped_into_one_card()
    # Before, P2 was asked at once to catch P1, who could not have called with the play (five cards then).
    assert g.pending.player == 0 and options(g) == ["uno", "pass"]
    play(g, 0, "uno")
    assert said(g)[-1] == "P1 yells UNO!"
    assert g.pending.player == 1 and options(g) == ["draw"]   # P2's turn (no green on the 7): no catch


def test_a_player_swapped_into_one_card_who_does_not_yell_may_be_caught():
    g = swapped_into_one_card()
    play(g, 0, "pass")
    assert g.pending.player == 1 and options(g) == ["catch", "pass"]
    play(g, 1, "catch")
    assert said(g)[-1] == "P1 is caught without calling UNO and draws 2"
    assert hand(g, 0) == ["B1", "B2", "Y9"]


def test_a_player_handed_one_card_by_anothers_seven_owes_the_call():
    g = deal(["RS", "RS", "RR", "RR", "R1", "R7", "G1"], ["R2", "G2", "G3", "G4", "G5", "G6", "G7"])
    play(g, 0, "play RS", "play RS", "play RR", "play RR", "play R1")
    play(g, 1, "play R2")
    play(g, 0, "play R7 uno", "swap P2")   # P1 called: two cards before the play
    assert hand(g, 0) == ["G2", "G3", "G4", "G5", "G6", "G7"] and hand(g, 1) == ["G1"]
    assert g.pending.player == 1 and options(g) == ["uno", "pass"]
    play(g, 1, "pass")
    play(g, 0, "catch")
    assert hand(g, 1) == ["B1", "B2", "G1"]
