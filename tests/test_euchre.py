"""Euchre (examples/more/euchre.rules): bidding from the player after the dealer, the dealer last, in every hand."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot

from helpers import ROOT, interleave


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


def lone_hand(hands, bids, discard):
    """A stacked hand (seat 0 after the dealer, seat 3 the dealer; the 9♠ turned up) bid by `bids` (seat, move)."""
    g = Game(euchre(), 4, seed=1, stack=interleave(hands) + ["9S"], match=True)
    for seat, move in bids:
        g.apply(seat, move)
    g.apply(3, discard)
    return g


def play_first_legal_until_the_hand_ends(g):
    """Plays each seat's first legal move to the end of the hand; the seats that played, in order."""
    seen = []
    while g.state.hand_no == 1:
        seen.append(g.pending.player)
        g.apply(g.pending.player, g.legal()[0].text)
    return seen


def test_a_lone_maker_who_takes_all_five_tricks_scores_four_while_the_partner_sits_out():
    hands = [["JS", "JC", "AS", "KS", "QS"], ["9H", "TH", "JH", "QH", "KH"],
             ["9D", "TD", "JD", "QD", "KD"], ["AH", "AD", "AC", "KC", "QC"]]
    g = lone_hand(hands, [(0, "order"), (0, "alone")], "discard QC")
    seen = play_first_legal_until_the_hand_ends(g)
    assert seen == [0, 1, 3] * 5   # the partner (seat 2) plays no card; a trick is three cards
    said = [ev.text for ev in g.events if ev.type == "say"]
    assert said[1:3] == ["P1 makes Spades trumps", "P1 goes alone"] and said.count("P1 takes the trick") == 5
    assert g.scores == [4, 0, 4, 0]


def test_a_lone_maker_who_takes_three_tricks_scores_one():
    # seat 0 alone with the three top trumps and two low hearts; seat 3 (dealer) holds the top hearts
    hands = [["JS", "JC", "AS", "9H", "TH"], ["9D", "TD", "JD", "QD", "KD"],
             ["9C", "TC", "QC", "KC", "AC"], ["AH", "KH", "QH", "JH", "AD"]]
    g = lone_hand(hands, [(0, "order"), (0, "alone")], "discard AD")
    play_first_legal_until_the_hand_ends(g)
    said = [ev.text for ev in g.events if ev.type == "say"]
    assert said.count("P1 takes the trick") == 3 and said.count("P4 takes the trick") == 2
    assert g.scores == [1, 0, 1, 0]


def test_when_the_player_after_the_dealer_sits_out_the_next_player_leads():
    hands = [["9H", "TH", "JH", "QH", "KH"], ["9D", "TD", "JD", "QD", "KD"],
             ["JS", "JC", "AS", "KS", "QS"], ["AH", "AD", "AC", "KC", "QC"]]
    g = lone_hand(hands, [(0, "pass"), (1, "pass"), (2, "order"), (2, "alone")], "discard QC")
    assert g.pending.player == 1 and [m.text for m in g.legal()][0] == "play 9D"


def test_when_the_dealers_partner_orders_up_alone_the_dealer_still_takes_the_card_and_sits_out():
    hands = [["9H", "TH", "JH", "QH", "KH"], ["JS", "JC", "AS", "KS", "QS"],
             ["9D", "TD", "JD", "QD", "KD"], ["AH", "AD", "AC", "KC", "QC"]]
    g = lone_hand(hands, [(0, "pass"), (1, "order"), (1, "alone")], "discard QC")
    seen = play_first_legal_until_the_hand_ends(g)
    assert seen == [0, 1, 2] + [1, 2, 0] * 4   # the dealer (seat 3) plays no card; seat 1 takes every trick
    assert g.scores == [0, 4, 0, 4]
