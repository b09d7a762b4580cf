"""Newcomer round 10: card games written from the docs alone, each with stacked decks, scripted moves and exact
results (the rules are at the top of each file).

- tests/rules/skull.rules: discs laid face down on one's own stack, bids and passes, the highest bidder turning up
  their own stack first, a disc lost taken blindly by the skull's owner, two challenges won.
- tests/rules/baccarat.rules: punto banco against the house, a bet of a side and a number, the fixed drawing
  table, payouts in twentieths of a chip.
- tests/rules/canasta.rules: partnership Canasta, two decks with jokers, red threes, melds with wild cards, the
  first meld's minimum, the frozen pile taken with a natural pair.
"""
from __future__ import annotations

from functools import lru_cache

import rulelang
from helpers import ROOT, interleave, zone_cards, play_pending as play
from interpreter import Game

RULES = ROOT / "tests" / "rules"
NAMES = ["Ann", "Bo", "Cy", "Dee"]


@lru_cache(maxsize=None)
def load(name: str):
    return rulelang.load(RULES / f"{name}.rules")


def moves(g: Game) -> list[str]:
    return sorted(m.text for m in g.pending.options)


# ------------------------------------------------------------------ Skull

def skull(seed: int = 1) -> Game:
    return Game(load("skull"), NAMES[:3], seed=seed)


def test_skull_a_disc_laid_is_hidden_from_the_others_and_the_bidder_turns_up_their_own_stack_first():
    g = skull()
    assert sorted(zone_cards(g, "hand", 0)) == ["RF", "RF", "RF", "RS"]
    assert moves(g) == ["lay RF", "lay RS"]                       # the first disc of the round, each in turn
    play(g, "lay RF", "lay BF", "lay GS")
    mats = g.view(0)["zones"]["mat"]
    assert mats[0]["cards"] != [None] and mats[1]["cards"] == [None] and mats[2]["cards"] == [None]
    # Ann's turn: one more disc, or a bid of 1 to 3 (every disc on the table); no pass before a bid
    assert moves(g) == ["bid 1", "bid 2", "bid 3", "lay RF", "lay RS"]
    play(g, "bid 2")
    assert moves(g) == ["bid 3", "pass"]                           # Bo raises or passes
    play(g, "pass", "pass")                                        # all but Ann passed: Ann turns up 2
    assert zone_cards(g, "shown", 0) == ["RF"]                     # her own stack first
    assert moves(g) == ["flip Bo", "flip Cy"]
    play(g, "flip Bo")
    assert g.state.pvars["wins"] == [1, 0, 0]
    # a new round: every disc back in its owner's hand, each lays one, Ann first
    assert [len(zone_cards(g, "hand", p)) for p in range(3)] == [4, 4, 4] and g.pending.player == 0


def test_skull_a_skull_costs_the_bidder_a_disc_taken_blindly_by_the_skulls_owner():
    g = skull()
    play(g, "lay RF", "lay BF", "lay GS", "bid 2", "pass", "pass", "flip Cy")
    assert g.pending.player == 2                                   # Cy, whose skull it was, takes a disc of Ann's
    assert moves(g) == ["take #1", "take #2", "take #3", "take #4"]
    play(g, "take #2")
    assert len(zone_cards(g, "lost")) == 1 and len(zone_cards(g, "hand", 0)) == 3
    assert g.view(1)["zones"]["lost"]["cards"] == [None]          # unseen by the others
    assert g.state.pvars["wins"] == [0, 0, 0]


def test_skull_two_challenges_won_win_the_game_and_a_bid_of_every_disc_ends_the_bidding():
    g = skull()
    play(g, "lay RF", "lay BF", "lay GF", "bid 2", "pass", "pass", "flip Bo")
    play(g, "lay RF", "lay BF", "lay GF", "bid 3")                 # every disc on the table: no one else is asked
    play(g, "flip Bo", "flip Cy")
    assert g.over and g.winners == [0]


def test_skull_a_bidder_who_turns_up_their_own_skull_loses_a_disc_at_random():
    g = skull()
    play(g, "lay RS", "lay BF", "lay GF", "bid 1", "pass", "pass")
    assert len(zone_cards(g, "lost")) == 1 and len(zone_cards(g, "hand", 0)) == 3
    assert g.pending.player == 0                                   # Ann starts the next round


def test_skull_a_player_with_no_disc_left_is_out_of_the_game():
    g = skull()
    for _ in range(4):
        play(g, moves(g)[0], "lay BF", "lay GS", "bid 3")
        while g.pending.player == 0 and g.pending.options[0].verb == "flip":
            play(g, moves(g)[0])                                    # Bo's flower, then Cy's skull
        if g.pending.player == 2 and g.pending.options[0].verb == "take":
            play(g, "take #1")
    assert zone_cards(g, "hand", 0) == [] and len(zone_cards(g, "lost")) == 4
    assert g.state.lost == [0] and not g.over
    assert g.pending.player == 1                                     # Ann is out: Bo starts the round


# ------------------------------------------------------------------ Baccarat

def coup(cards, bets):
    """A coup with the shoe topped by `cards` (dealt Player, Banker, Player, Banker, then the third cards), the
    players betting `bets`; the game after it, and each player's score."""
    g = Game(load("baccarat"), NAMES[:3], seed=1, stack=cards)
    play(g, *bets)
    return g, g.scores


def test_baccarat_the_player_draws_on_5_and_the_banker_stands_on_5_against_an_8():
    g, scores = coup(["4S", "KS", "AS", "5S", "8S"], ["bet banco 2", "bet punto 3", "bet tie 1"])
    assert zone_cards(g, "punto_hand") == ["4S", "AS", "8S"] and zone_cards(g, "banco_hand") == ["KS", "5S"]
    assert list(scores) == [38, -60, -20] and g.winners == [0]    # the Banker wins 3 to 5, less 5%


def test_baccarat_a_tie_pays_8_to_1_and_returns_the_other_bets():
    g, scores = coup(["3S", "4S", "3H", "2S"], ["bet banco 2", "bet punto 3", "bet tie 1"])
    assert zone_cards(g, "punto_hand") == ["3S", "3H"] and zone_cards(g, "banco_hand") == ["4S", "2S"]
    assert list(scores) == [0, 0, 160] and g.winners == [2]


def test_baccarat_a_natural_stands_both_hands():
    g, scores = coup(["9S", "2S", "KS", "3S", "5S"], ["bet banco 2", "bet punto 3", "bet tie 1"])
    assert zone_cards(g, "punto_hand") == ["9S", "KS"] and zone_cards(g, "banco_hand") == ["2S", "3S"]
    assert list(scores) == [-40, 60, -20] and g.winners == [1]


def test_baccarat_the_banker_on_3_stands_against_an_8_and_draws_against_a_7():
    g, scores = coup(["AS", "KS", "AH", "3S", "8S", "5S"], ["bet banco 1", "bet punto 1", "bet tie 1"])
    assert zone_cards(g, "punto_hand") == ["AS", "AH", "8S"] and zone_cards(g, "banco_hand") == ["KS", "3S"]
    assert list(scores) == [19, -20, -20]                           # 3 beats 0
    g, scores = coup(["AS", "KS", "AH", "3S", "7S", "5S"], ["bet banco 1", "bet punto 1", "bet tie 1"])
    assert zone_cards(g, "punto_hand") == ["AS", "AH", "7S"] and zone_cards(g, "banco_hand") == ["KS", "3S", "5S"]
    assert list(scores) == [-20, 20, -20]                           # 9 beats 8


# ------------------------------------------------------------------ Canasta

P2 = ["4C", "4D", "5C", "5D", "6C", "6D", "7C", "7D", "8C", "8D", "9C"]
P3 = ["9D", "10C", "10D", "JC", "JD", "QC", "QD", "4H", "5H", "6H", "7H"]
P4 = ["8H", "9H", "10H", "JH", "QH", "4S", "4C", "5C", "6C", "7C", "8C"]


def canasta(p1, after) -> Game:
    return Game(load("canasta"), NAMES, seed=1, stack=interleave([p1, P2, P3, P4]) + after)


def test_canasta_a_red_three_is_laid_out_and_replaced_and_a_first_meld_short_of_50_is_taken_back():
    g = canasta(["3H", "KS", "KH", "KC", "5S", "6S", "7S", "8S", "9S", "10S", "JS"], ["AS", "4D", "QS"])
    assert zone_cards(g, "reds", 0) == ["3H"] and "AS" in zone_cards(g, "hand", 0)
    assert zone_cards(g, "pile") == ["4D"]
    play(g, "draw")
    assert "QS" in zone_cards(g, "hand", 0)
    play(g, "meld KS KH KC")                                          # 30 of the 50 a first meld needs
    assert zone_cards(g, "mk", 0) == ["KS", "KH", "KC"]
    assert "take_back" in moves(g) and not any(m.startswith("discard") for m in moves(g))
    play(g, "take_back")
    assert zone_cards(g, "mk", 0) == [] and all(m.startswith("discard") for m in moves(g))
    play(g, "discard 5S")
    assert g.pending.player == 1 and zone_cards(g, "pile") == ["4D", "5S"]


def test_canasta_a_frozen_pile_is_taken_with_a_natural_pair_only_and_thaws():
    g = canasta(["AS", "AH", "2C", "KC", "5S", "6S", "7S", "8S", "9S", "10S", "JS"], ["2D", "AD"])
    assert zone_cards(g, "pile") == ["2D", "AD"] and g.state.vars["frozen"] is True
    takes = [m for m in moves(g) if m.startswith("take")]
    assert takes == ["take AS AH"] or takes == ["take AH AS"]         # not the ace with the two: the pile is frozen
    play(g, takes[0])
    assert sorted(zone_cards(g, "ma", 0)) == ["AD", "AH", "AS"] and "2D" in zone_cards(g, "hand", 0)
    assert g.state.vars["frozen"] is False and zone_cards(g, "pile") == []
    assert any(m.startswith("discard") for m in moves(g))            # 60 points: the first meld is made


# ------------------------------------------------------------------ Scopone

def test_scopone_all_forty_cards_are_dealt_and_a_sweep_counts_for_the_partners_together():
    ranks = ["A", "2", "3", "4", "5", "6", "7", "J", "N", "K"]
    deck = [r + s for s in "DCSB" for r in ranks]
    ann = ["5D"] + [c for c in deck if c.endswith("B")][:9]
    bo = ["3C"] + [c for c in deck if c.endswith("S") and c != "JS"][:9]
    cy = ["JS"] + [c for c in deck if c.endswith("D") and c != "5D"][:9]
    dee = [c for c in deck if c not in ann + bo + cy]
    g = Game(load("scopone"), NAMES, seed=1, stack=interleave([ann, bo, cy, dee]))
    assert zone_cards(g, "table") == [] and [len(zone_cards(g, "hand", p)) for p in range(4)] == [10] * 4
    play(g, "play 5D", "play 3C")                                   # nothing to take: both stay on the table
    assert zone_cards(g, "table") == ["5D", "3C"]
    play(g, "play JS")                                              # the jack (8) takes 5 + 3: a scopa
    assert moves(g) == ["take 5D 3C"]
    play(g, "take 5D 3C")
    assert sorted(zone_cards(g, "taken", 2)) == ["3C", "5D", "JS"] and g.state.pvars["scope"] == [0, 0, 1, 0]
    while not g.over:
        play(g, g.pending.options[0].text)
    # Ann's points are her team's: Cy's scopa among them, and the partners score alike
    assert g.scores[0] == g.scores[2] and g.scores[1] == g.scores[3] and g.scores[0] >= 1
    assert sorted(g.winners) in ([0, 2], [1, 3], [0, 1, 2, 3])
