"""Gin Rummy (examples/gin_rummy.rules) by its usual rules, on stacked deals: melds of sets and runs found by
`splits`, knocking, laying off, undercuts, gin, the card just taken, a void hand."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot, SearchBot

from helpers import ROOT, interleave

MELDED = ["AC", "2C", "3C", "7H", "7D", "7S", "9S", "TS", "JS"]  # a run, a set, a run: nine cards


@lru_cache(maxsize=None)
def gin():
    return rulelang.load(ROOT / "examples" / "gin_rummy.rules")


def deal(first, second, upcard, stock=(), match=False) -> Game:
    return Game(gin(), 2, seed=1, stack=interleave([first, second]) + [upcard, *stock], match=match)


def both_pass(g) -> None:
    """The upcard is offered to the non-dealer (P1), then the dealer: both leave it, and P1 draws from the stock."""
    g.apply(0, "pass")
    g.apply(1, "pass")
    assert [m.text for m in g.legal()] == ["draw"]


def said(g) -> list[str]:
    return [ev.text for ev in g.events if ev.type == "say"]


def shorts(g, zone, owner=None) -> list[str]:
    return sorted(g.program.cards[c].short for c in g.state.zone(g.program.zone_index[zone], owner))


def test_a_knock_lays_out_the_melds_the_other_lays_off_and_the_knocker_scores_the_difference():
    g = deal(MELDED + ["KH"], ["4C", "7C", "QS", "5D", "5H", "5S", "8D", "9D", "KD", "3H"], "6H", ["2H"])
    both_pass(g)
    g.apply(0, "draw")
    assert [m.text for m in g.legal()][0] == "knock"  # K and 2 of hearts: discarding the king leaves 2 points
    g.apply(0, "knock")
    assert [m.text for m in g.legal()] == ["discard KH", "discard 2H"]  # breaking a meld would leave more than 10
    g.apply(0, "discard KH")
    assert shorts(g, "spread", 0) == sorted(MELDED) and shorts(g, "hand", 0) == ["2H"]
    assert sorted(m.text for m in g.legal()) == ["lay 4C", "lay 7C", "lay QS", "stop"]
    g.apply(1, "lay 4C")
    g.apply(1, "lay QS")
    g.apply(1, "lay 7C")  # nothing more fits: the laying off ends by itself
    assert g.over and g.winners == [0]
    assert said(g)[-1] == "P1 knocks with 2 against 30"  # 8 + 9 + 10 + 3 left beside the set of fives
    assert g.scores == [28, 0]


def test_a_card_laid_off_takes_further_cards_in_its_turn():
    g = deal(MELDED + ["KH"], ["KS", "7C", "QS", "5D", "5H", "5S", "8D", "9D", "KD", "3H"], "6H", ["2H"])
    both_pass(g)
    g.apply(0, "draw")
    g.apply(0, "knock")
    g.apply(0, "discard KH")
    assert sorted(m.text for m in g.legal()) == ["lay 7C", "lay QS", "stop"]   # the K of spades fits nothing yet
    g.apply(1, "lay QS")
    assert sorted(m.text for m in g.legal()) == ["lay 7C", "lay KS", "stop"]   # 9-10-J-Q of spades takes it now
    g.apply(1, "lay KS")
    g.apply(1, "stop")   # the 7 of clubs is kept: 7 more points of deadwood
    assert g.over and said(g)[-1] == "P1 knocks with 2 against 37" and g.scores == [35, 0]
    assert shorts(g, "spread", 0) == sorted(MELDED + ["QS", "KS"])


def test_a_card_is_not_laid_off_between_two_melds_it_would_only_regroup():
    # Sets of four sixes and four eights: the 7 of clubs would make 6-7-8 of clubs and leave two sets of three,
    # but it joins no meld of the knocker's.
    g = deal(["6C", "6D", "6H", "6S", "8C", "8D", "8H", "8S", "AH", "2D"],
             ["7C", "KS", "QS", "JD", "3C", "4D", "9H", "TH", "2S", "3S"], "KC", ["QD"])
    both_pass(g)
    g.apply(0, "draw")
    g.apply(0, "knock")
    g.apply(0, "discard QD")   # before: `lay 7C` was offered
    assert g.over and said(g)[-1] == "P1 knocks with 3 against 68" and g.scores == [65, 0]


def test_no_knock_that_counts_on_discarding_the_card_just_taken():
    # 4 and 5 left over (9 points): taking the K of diamonds, only discarding it again would leave 10 or less.
    g = deal(["AC", "2C", "3C", "4C", "7H", "7D", "7S", "7C", "4H", "5D"],
             ["5H", "6S", "8D", "9D", "KC", "2D", "QD", "AH", "3H", "JS"], "KD", ["2H", "6D"])
    g.apply(0, "take KD")
    texts = [m.text for m in g.legal()]
    assert "knock" not in texts and "discard KD" not in texts and "discard 5D" in texts   # before: knock, then 19
    g.apply(0, "discard 5D")
    g.apply(1, "draw")
    g.apply(1, "discard 2H")
    g.apply(0, "draw")   # the 6 of diamonds: discarding the K now leaves 4 + 6
    assert [m.text for m in g.legal()][0] == "knock"
    g.apply(0, "knock")
    assert [m.text for m in g.legal()] == ["discard KD"]


def test_the_other_undercuts_a_knock_with_no_more_deadwood():
    g = deal(MELDED + ["4H"], ["5D", "5H", "5S", "8D", "9D", "TD", "2D", "3D", "4D", "AH"], "QH", ["KH"])
    both_pass(g)
    g.apply(0, "draw")
    g.apply(0, "knock")
    g.apply(0, "discard KH")
    assert g.over and g.winners == [1] and said(g)[-1] == "P2 undercuts P1"
    assert g.scores == [0, 25 + 4 - 1]


def test_gin_scores_25_and_the_others_deadwood_and_nothing_is_laid_off():
    g = deal(MELDED + ["4C"], ["5C", "8S", "5H", "5S", "8D", "9D", "KD", "2D", "QD", "AH"], "QH", ["QS"])
    both_pass(g)
    g.apply(0, "draw")
    assert shorts(g, "hand", 0) == sorted(MELDED + ["4C", "QS"])
    g.apply(0, "knock")
    g.apply(0, "discard 4C")  # 5C and 8S would fit the melds, but after gin nothing is laid off
    assert g.over and g.winners == [0] and said(g)[-1] == "P1 goes gin"
    assert g.scores == [25 + 8 + 8 + 9 + 10 + 2 + 10 + 1, 0]  # the fives are a set: no deadwood


def test_the_card_taken_from_the_discard_pile_is_not_discarded_at_once_and_knocking_needs_ten_or_less():
    g = deal(["AC", "2C", "3C", "7H", "7D", "7S", "9S", "TS", "KH", "QH"], ["5D", "5H", "5S", "8D", "9D", "KD", "2D",
                                                                      "QD", "AH", "3H"], "JS", ["2H"])
    assert [m.text for m in g.legal()] == ["take JS", "pass"]  # the upcard, offered to the non-dealer first
    g.apply(0, "take JS")
    texts = [m.text for m in g.legal()]
    assert "discard JS" not in texts and "discard KH" in texts
    assert texts[0] == "knock"  # K and Q of hearts: discarding one leaves 10
    g.apply(0, "discard QH")
    assert [m.text for m in g.legal()] == ["draw", "take QH"]
    g.apply(1, "draw")
    assert [m.text for m in g.legal()][0] == "discard 5D"  # 33 points of deadwood: no knock


def test_the_dealer_may_take_the_upcard_the_non_dealer_passed():
    g = deal(MELDED + ["KH"], ["4C", "7C", "QS", "5D", "5H", "5S", "8D", "9D", "KD", "3H"], "6H", ["2H"])
    g.apply(0, "pass")
    assert g.pending.player == 1 and [m.text for m in g.legal()] == ["take 6H", "pass"]
    g.apply(1, "take 6H")
    g.apply(1, "discard KD")
    assert g.pending.player == 0 and [m.text for m in g.legal()] == ["draw", "take KD"]


def test_a_hand_with_two_cards_left_in_the_stock_is_void():
    g = Game(gin(), 2, seed=3)
    turns = 0
    both_pass(g)
    while not g.over:
        g.apply(g.pending.player, "draw")
        drawn = g.program.cards[g.state.zone(g.program.zone_index["hand"], g.pending.player)[-1]].short
        g.apply(g.pending.player, f"discard {drawn}")
        turns += 1
    assert turns == 52 - 21 - 2 and g.winners == []
    assert said(g)[-1] == "two cards left in the stock: the hand is void"


def test_greedy_bots_play_a_hand_to_its_end():
    g = Game(gin(), 2, seed=2)
    bots = [GreedyBot(1), GreedyBot(2)]
    while not g.over:
        d = g.pending
        g.apply(d.player, bots[d.player].move(g, d.player, d))
    assert g.state.hand_no == 1 and (g.winners or said(g)[-1].endswith("the hand is void"))


def test_a_search_bot_knocks_when_its_deadwood_allows_and_the_hand_ends():
    g = deal(MELDED + ["KH"], ["4C", "7C", "QS", "5D", "5H", "5S", "8D", "9D", "KD", "3H"], "6H", ["2H"])
    # (a budget of 100 engine decisions of the shedding game's cost: a knock's playout scores the hand, whose melds
    # are many steps of work, and counts as several)
    bots = [SearchBot(1, budget=100, depth=1), GreedyBot(2)]
    for _ in range(8):
        d = g.pending
        g.apply(d.player, bots[d.player].move(g, d.player, d))
        if g.over:
            break
    assert g.over and g.winners == [0] and g.scores[0] > 0
