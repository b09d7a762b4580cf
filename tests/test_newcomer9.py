"""Newcomer round 9: card games written from the docs alone, each with stacked decks, scripted moves and exact
results (the rules are at the top of each file).

- tests/rules/six_nimmt.rules: 6 nimmt!, cards chosen by all at once face down, turned up together and placed
  lowest first into four rows; the 6th card of a row takes it, a card below every row takes a row of its
  player's choice.
- tests/rules/sushi_go.rules: Sushi Go, a draft: everyone picks a card at once, then the hands pass on; sets scored.
- tests/rules/big_two.rules: Big Two, shedding singles, pairs, triples and five-card hands.
- tests/rules/lost_cities.rules: Lost Cities, two players' expeditions, wagers, shared discard piles.

Every game ends under greedy and random bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, zone_cards, play_pending as play
from interpreter import Game

RULES = ROOT / "tests" / "rules"


# ------------------------------------------------------------------ a `while` whose body ends in a procedure that asks

LOOP_CALL = '''game "Lay all"
players 2..2
attribute rank 1..6
name cards by rank
deck stock { for r in 1..6 { card {rank: r} } }
zone stock hidden
zone pile public
zone hand private per player
var rounds = 0
define lay(player) {
  set rounds = rounds + 1
  choose player { lay c in hand(player) "lay a card" { move c to pile } }
}
setup { shuffle stock  deal 2 from stock to hand }
turn {
  while size(hand(current)) > 0 { lay(current) }
  win current
}
'''


def test_a_while_tests_its_condition_after_the_procedure_its_body_ends_with():
    """6 nimmt! places the revealed cards `while any(size(chosen(p)) > 0 ...) { ... place_card(owner, low) }`,
    `place_card` asking a player to take a row when the card is below them all. The loop's test was made at the end
    of its body as the call was put on the stack, before the procedure ran: with the last card still to place the
    test held, and the body ran once more with no card left (`low` none: "Ada takes row 1 (0 cards) with
    nothing"). The test is made when the procedure has run."""
    g = Game(rulelang.load_text(LOOP_CALL), 2, seed=1, stack=["1", "2", "3", "4"])
    play(g, "lay 1", "lay 3")
    assert zone_cards(g, "pile") == ["1", "3"] and g.winners == [0]
    assert g.state.vars["rounds"] == 2


def options(g) -> list[str]:
    return [m.text for m in g.pending.options]


def card_sets(g) -> set:
    """The moves of the pending decision, each as its verb and the set of its words: a set of cards in any order."""
    return {(m.text.split()[0], frozenset(m.text.split()[1:])) for m in g.pending.options}


def interleave(*hands) -> list[str]:
    return [h[i] for i in range(len(hands[0])) for h in hands]


def said(g, seat=None) -> list[str]:
    """What the rules' `say`s told, as narrated to a seat (None: the table)."""
    return [g.narrate(e, seat) for e in g.events if type(e).__name__ == "SayEvent"]


# ------------------------------------------------------------------ 6 nimmt!

def nimmt(hands, rows, seed=1) -> Game:
    return Game(rulelang.load(RULES / "six_nimmt.rules"), len(hands), seed=seed, stack=interleave(*hands) + rows)


NIMMT_HANDS = [["11", "12", "13", "14", "15", "1", "2", "3", "55", "100"],
               ["20", "30", "40", "50", "60", "70", "80", "90", "99", "104"]]


def test_six_nimmt_bull_heads():
    heads = {c.short: c.attrs["heads"] for c in rulelang.load(RULES / "six_nimmt.rules").cards}
    assert len(heads) == 104
    assert [heads[n] for n in ["55", "11", "44", "10", "30", "5", "25", "1", "7", "104"]] == [7, 5, 5, 3, 3, 2, 2, 1, 1, 1]
    assert sum(heads.values()) == 171


def test_six_nimmt_a_chosen_card_is_hidden_from_the_others_until_all_are_turned_up():
    g = nimmt(NIMMT_HANDS, ["10", "25", "45", "65"])
    play(g, "play 11")
    assert g.pending.player == 1
    assert g.view(1)["zones"]["chosen"][0]["cards"] == [None]          # Bo sees a face-down card, not which
    assert g.view(None)["zones"]["chosen"][0]["cards"] == [None]       # nor does the table
    assert g.view(0)["zones"]["chosen"][0]["cards"] != [None]          # its player does
    assert not any("11" in (g.narrate(e, 1) or "") for e in g.events)
    play(g, "play 20")
    # turned up together and placed lowest first: 11 after 10 (row 1), then 20 after 11
    assert zone_cards(g, "row1") == ["10", "11", "20"]
    assert [zone_cards(g, "chosen", p) for p in (0, 1)] == [[], []]


def test_six_nimmt_hidden_information_over_bot_games(tmp_path):
    """The watcher of tests/test_hidden_information.py, over 6 nimmt! with its cards named "Bull 10" (a card
    called "10" cannot be told from "10 cards dealt" in a narrated line)."""
    from pathlib import Path
    import test_hidden_information as H
    src = tmp_path / "nimmt_named.rules"
    src.write_text(f'''extends "{RULES / 'six_nimmt.rules'}"
attribute tag {{ bull "Bull" short "B" }}
name cards by tag number
deck stock {{ for n in 1..104 {{ card {{tag: bull, number: n, heads: bulls(n)}} }} }}
''')
    out = H.play_and_watch(Path(src), games=4)
    assert out["failures"] == {} and out["counts"]["moves"] > 100 and out["counts"]["permutations"] > 4


@pytest.mark.parametrize("name", ["sushi_go", "lost_cities", "big_two"])
def test_hidden_information_over_bot_games(name):
    import test_hidden_information as H
    out = H.play_and_watch(RULES / f"{name}.rules", games=4)
    assert out["failures"] == {} and out["counts"]["moves"] > 100 and out["counts"]["permutations"] > 4


def test_six_nimmt_a_card_below_every_row_takes_a_row_of_its_players_choice_and_the_sixth_card_takes_the_row():
    g = nimmt(NIMMT_HANDS, ["10", "25", "45", "65"])
    play(g, "play 11", "play 20")                                     # row 1: 10 11 20
    play(g, "play 12", "play 30")
    # 12 is below every row's last card (20 25 45 65): its player takes a row of their choice, before 30 is placed
    assert g.pending.player == 0 and options(g) == ["take 1", "take 2", "take 3", "take 4"]
    assert zone_cards(g, "row1") == ["10", "11", "20"]
    play(g, "take 2")
    assert zone_cards(g, "taken", 0) == ["25"] and zone_cards(g, "row2") == ["12"]
    assert zone_cards(g, "row1") == ["10", "11", "20", "30"]          # 30 after 20, the highest below it
    play(g, "play 13", "play 40", "play 14", "play 50")
    # 14 after 13; 50 after 45, the highest row end below it (40 45 65 and 14)
    assert [zone_cards(g, f"row{i}") for i in range(1, 5)] == [
        ["10", "11", "20", "30", "40"], ["12", "13", "14"], ["45", "50"], ["65"]]
    play(g, "play 15", "play 60", "play 1", "play 70")
    play(g, "take 3")                                                 # 1 is below all: Ada takes 45 50 60
    play(g, "play 2", "play 80", "play 3", "play 90")
    assert [zone_cards(g, f"row{i}") for i in range(1, 5)] == [
        ["10", "11", "20", "30", "40"], ["12", "13", "14", "15"], ["1", "2", "3"], ["65", "70", "80", "90"]]
    play(g, "play 55", "play 99")
    # 55 is the 6th card of row 1: Ada takes its five cards, and 55 starts it; 99 goes to row 4, its 5th
    assert zone_cards(g, "row1") == ["55"] and zone_cards(g, "taken", 0)[-5:] == ["10", "11", "20", "30", "40"]
    assert zone_cards(g, "row4") == ["65", "70", "80", "90", "99"]
    play(g, "play 100", "play 104")
    # after ten rounds the hand ends: Ada took 25 45 50 60 10 11 20 30 40 65 70 80 90 99 (43 bull heads), Bo none
    assert zone_cards(g, "row4") == ["100", "104"]
    assert g.over and g.winners == [1]
    assert list(g.state.pvars["score"]) == [43, 0]


def test_six_nimmt_a_match_ends_at_66_and_the_fewest_win():
    g = Game(rulelang.load(RULES / "six_nimmt.rules"), 3, seed=4, match=True)
    from interpreter.bots import GreedyBot
    bots = [GreedyBot(s) for s in range(3)]
    while not g.over:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(g.program, g.view(d.player), d))
    scores = list(g.state.pvars["score"])
    assert max(scores) >= 66 and g.winners == [p for p in range(3) if scores[p] == min(scores)]


# ------------------------------------------------------------------ Lost Cities

def test_lost_cities_columns_rise_wagers_come_first_discards_are_shared_and_the_last_draw_ends_the_hand():
    p1 = ["YW", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]
    p2 = ["BW", "BW", "B10", "G5", "G6", "R2", "R3", "R4"]
    g = Game(rulelang.load(RULES / "lost_cities.rules"), 2, seed=1, stack=interleave(p1, p2))
    play(g, "play YW")
    assert options(g) == ["draw"]                     # nothing discarded yet: the draw pile only
    play(g, "draw", "play BW", "draw", "play Y2", "draw", "play B10", "draw", "play Y3", "draw")
    # a wager only before any number; a number only above the column's last
    assert "play BW" not in options(g) and "discard BW" in options(g)
    assert "play R2" in options(g)
    play(g, "discard G5")
    assert options(g) == ["draw"]                     # not the card just discarded
    play(g, "draw", "play Y4")
    assert options(g) == ["draw", "take green"]       # the other player's discard may be taken
    play(g, "take green")
    assert "G5" in zone_cards(g, "hand", 0) and zone_cards(g, "green_pile") == []
    play(g, "discard G6", "draw", "play Y5", "draw", "play R3", "draw")
    assert "play Y6" in options(g)
    play(g, "play Y6", "draw")
    assert "play R2" not in options(g) and "play R4" in options(g)   # R3 is down: R2 no longer goes on it
    play(g, "discard R2", "draw", "play Y7", "draw", "discard R4", "draw", "play Y8", "draw")
    # the rest: discards and draws until the last card of the draw pile is drawn (60 - 16 dealt, 44 draws)
    moves = 0
    while not g.over:
        play(g, next(o for o in options(g) if o.startswith("discard") or o == "draw"))
        moves += 1
    assert moves == 60 and zone_cards(g, "draw") == []
    assert zone_cards(g, "yellows", 0) == p1 and zone_cards(g, "blues", 1) == ["BW", "B10"]
    assert zone_cards(g, "reds", 1) == ["R3"]
    # yellow: (2 + ... + 8 - 20) x (1 + 1 wager) + 20 for 8 cards = 50; blue (10 - 20) x 2 = -20, red 3 - 20 = -17
    assert said(g)[-1] == "the last card is drawn: P1 scores 50, P2 scores -37"
    assert g.winners == [0] and list(g.state.pvars["score"]) == [50, -37]


def test_lost_cities_an_expedition_not_started_scores_nothing_and_a_match_is_three_hands():
    g = Game(rulelang.load(RULES / "lost_cities.rules"), 2, seed=2, match=True)
    hands = 0
    while not g.over:
        opts = options(g)
        hands = g.hand_no
        play(g, next(o for o in opts if o.startswith("discard") or o == "draw"))
    # nobody laid a card on an expedition: every hand scores 0 to 0, a draw of both
    assert list(g.state.pvars["score"]) == [0, 0] and sorted(g.winners) == [0, 1] and hands == 3


# ------------------------------------------------------------------ Big Two

BIG_TWO_HANDS = [
    ["4S", "6D", "7C", "7S", "TC", "TS", "QS", "KD", "KS", "AH", "AS", "2H", "2S"],     # Ada
    ["3D", "4C", "5H", "6S", "7D", "8C", "8D", "8H", "9C", "9D", "JC", "JD", "JH"],     # Bo
    ["3H", "6H", "9H", "TH", "KH", "4H", "5C", "5S", "QD", "QC", "AD", "2D", "2C"],     # Cy
    ["3C", "3S", "4D", "5D", "6C", "7H", "8S", "9S", "TD", "JS", "QH", "KC", "AC"],     # Dee
]


def big_two() -> Game:
    return Game(rulelang.load(RULES / "big_two.rules"), 4, seed=1, stack=interleave(*BIG_TWO_HANDS))


def test_big_two_the_three_of_diamonds_leads_five_card_hands_rank_by_kind_and_the_last_player_leads_again():
    g = big_two()
    assert g.pending.player == 1                                   # Bo holds the 3 of diamonds
    assert all("3D" in words for _, words in card_sets(g))          # and the first play holds it
    assert ("play", frozenset(["3D", "4C", "5H", "6S", "7D"])) in card_sets(g)
    play(g, "play 3D 4C 5H 6S 7D")                                 # a straight
    assert all(len(words) == 5 for verb, words in card_sets(g) if verb == "play")   # as many cards
    assert ("play", frozenset(["2D"])) not in card_sets(g)
    play(g, "play 3H 6H 9H TH KH")                                 # a flush beats a straight
    # Dee's straight 5D 6C 7H 8S 9S is below a flush; only a pass
    assert options(g) == ["pass"]
    play(g, "pass")
    assert ("play", frozenset(["4S", "7S", "TS", "QS", "KS"])) in card_sets(g)    # a flush to the K of spades beats one to the K of hearts
    play(g, "pass")
    assert ("play", frozenset(["8C", "8D", "8H", "9C", "9D"])) in card_sets(g)
    play(g, "play 8C 8D 8H 9C 9D")                                 # a full house beats a flush
    play(g, "pass", "pass", "pass")
    # everyone else passed: Bo leads anything, and may not pass
    assert g.pending.player == 1 and "pass" not in options(g) and ("play", frozenset(["JC"])) in card_sets(g)
    play(g, "play JC JD JH")
    # Bo is out first and wins; each other scores a point a card, twice with 10 or more, three times with 13
    assert g.winners == [1] and list(g.state.pvars["score"]) == [39, 0, 8, 39]


def test_big_two_singles_by_rank_then_suit_pairs_of_as_many_cards_and_higher():
    g = big_two()
    play(g, "play 3D")
    assert ("play", frozenset(["3H"])) in card_sets(g) and ("play", frozenset(["5C", "5S"])) not in card_sets(g)
    play(g, "play 3H")
    # a 3 of clubs is below the 3 of hearts (diamonds, clubs, hearts, spades), the 3 of spades above it
    assert ("play", frozenset(["3C"])) not in card_sets(g) and ("play", frozenset(["3S"])) in card_sets(g)
    play(g, "play 3S", "play 2S", "pass", "pass", "pass")
    assert g.pending.player == 0 and "pass" not in options(g)      # Ada's 2 of spades stood: she leads
    play(g, "play 7C 7S")
    assert ("play", frozenset(["8C", "8D"])) in card_sets(g) and ("play", frozenset(["JC"])) not in card_sets(g)
    play(g, "play 8C 8D")
    assert ("play", frozenset(["5C", "5S"])) not in card_sets(g) and ("play", frozenset(["QD", "QC"])) in card_sets(g)
    play(g, "play QD QC", "pass")
    assert ("play", frozenset(["TC", "TS"])) not in card_sets(g) and ("play", frozenset(["KD", "KS"])) in card_sets(g)


def test_big_two_four_of_a_kind_beats_a_full_house_and_a_straight_flush_beats_four_of_a_kind():
    ranks = ["3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2"]
    bo = ["3D", "3C", "3H", "4D", "4C"]
    cy = ["9C", "9D", "9H", "9S", "5C"]
    dee = ["TS", "JS", "QS", "KS", "AS"]
    rest = [r + s for s in "DCHS" for r in ranks if r + s not in bo + cy + dee]
    hands = [rest[0:13], bo + rest[13:21], cy + rest[21:29], dee + rest[29:37]]
    g = Game(rulelang.load(RULES / "big_two.rules"), 4, seed=1, stack=interleave(*hands))
    play(g, "play 3D 3C 3H 4D 4C")
    assert ("play", frozenset(cy)) in card_sets(g)
    play(g, "play " + " ".join(cy))
    assert ("play", frozenset(dee)) in card_sets(g)
    play(g, "play " + " ".join(dee))
    assert zone_cards(g, "pile")[-5:] == dee and g.state.vars["to_beat"] > 900


# ------------------------------------------------------------------ Sushi Go!

SUSHI_A = ["Wa", "Sq", "Pu", "Pu", "Mk3", "Tp", "Tp", "Ch", "Sn", "Du"]
SUSHI_B = ["Sa", "Sa", "Sa", "Mk2", "Mk2", "Eg", "Du", "Du", "Mk1", "Eg"]


def sushi() -> Game:
    # round 1 as below; round 2 ten tempura and ten sashimi, round 3 ten dumplings and ten maki rolls of 2
    stack = interleave(SUSHI_A, SUSHI_B) + interleave(["Tp"] * 10, ["Sa"] * 10) + interleave(["Du"] * 10, ["Mk2"] * 10)
    return Game(rulelang.load(RULES / "sushi_go.rules"), 2, seed=1, stack=stack)


def test_sushi_go_picks_are_hidden_until_all_are_turned_up_and_the_hands_pass_on():
    g = sushi()
    play(g, "pick Wa")
    assert g.pending.player == 1 and g.view(1)["zones"]["picked"][0]["cards"] == [None]
    assert g.view(None)["zones"]["picked"][0]["cards"] == [None]
    assert not any("Wasabi" in (g.narrate(e, 1) or "") for e in g.events)
    play(g, "pick Sa")
    assert zone_cards(g, "front", 0) == ["Wa"] and zone_cards(g, "front", 1) == ["Sa"]
    # the hands went round: Ada now holds what Bo was dealt, less his pick
    assert sorted(zone_cards(g, "hand", 0)) == sorted(SUSHI_B[1:])
    assert sorted(zone_cards(g, "hand", 1)) == sorted(SUSHI_A[1:])


def test_sushi_go_wasabi_chopsticks_round_scoring_puddings_and_the_end():
    g = sushi()
    play(g, "pick Wa", "pick Sa", "pick Mk2", "pick Ch")
    assert not any(w == "chopsticks" for w, _ in card_sets(g))    # the chopsticks are Bo's
    play(g, "pick Sq", "pick Sa")
    assert zone_cards(g, "dipped", 0) == ["Sq"]                    # a squid nigiri on Ada's wasabi
    play(g, "pick Mk2")
    assert ("chopsticks", frozenset(["Tp"])) in card_sets(g) or ("chopsticks", frozenset(["Tp", "Tp"])) in card_sets(g)
    play(g, "chopsticks Tp Tp")
    # two cards kept, and the chopsticks went back into the hand, passed on to Ada
    assert zone_cards(g, "front", 1) == ["Sa", "Sa", "Tp", "Tp"] and "Ch" in zone_cards(g, "hand", 0)
    play(g, "pick Pu", "pick Sa", "pick Du", "pick Mk3", "pick Pu", "pick Du", "pick Mk1", "pick Du")
    play(g, "pick Sn", "pick Eg")
    assert zone_cards(g, "front", 0)[-1] == "Sn"                   # the wasabi holds one nigiri only
    play(g, "pick Eg", "pick Ch")
    # Ada: maki 2+2+1 = 5, the most: 6; 1 dumpling 1; salmon 2, egg 1; squid on wasabi 9: 19.
    # Bo: maki 3, second: 3; tempura pair 5; sashimi three 10; 2 dumplings 3; egg 1: 22.
    assert said(g) == ["round 1: P1 scores 19", "round 1: P2 scores 22"]
    assert list(g.state.pvars["points"]) == [19, 22]
    assert zone_cards(g, "puddings", 0) == ["Pu", "Pu"] and zone_cards(g, "front", 0) == []   # puddings stay
    while not g.over:
        play(g, options(g)[0])
    # round 2: each keeps 5 tempura (two pairs, 10) and 5 sashimi (one set, 10); round 3: 5 dumplings (15) and
    # 10 maki icons each, a tie for the most: 6 / 2 = 3 each, no second. Puddings: Ada 2, Bo 0: Ada 6, and with
    # two players nobody loses 6.
    assert said(g)[2:] == ["round 2: P1 scores 20", "round 2: P2 scores 20", "round 3: P1 scores 18",
                           "round 3: P2 scores 18", "puddings: P1 scores 6", "puddings: P2 scores 0"]
    assert g.winners == [0] and list(g.state.pvars["score"]) == [63, 60]


def test_sushi_go_with_three_players_the_fewest_puddings_lose_six():
    # round 1: Ada is dealt six puddings and three tempura; rounds 2 and 3 hold no pudding
    round1 = interleave(["Pu"] * 6 + ["Tp"] * 3, ["Sa"] * 9, ["Du"] * 9)
    later = ["Mk2"] * 12 + ["Mk3"] * 8 + ["Mk1"] * 6 + ["Sn"] * 10 + ["Sq"] * 5 + ["Eg"] * 5 + ["Tp"] * 8
    g = Game(rulelang.load(RULES / "sushi_go.rules"), 3, seed=1, stack=round1 + later[:54])
    while not g.over:
        opts = options(g)
        seat = g.pending.player
        if seat == 0 and "pick Pu" in opts:
            play(g, "pick Pu")                                          # Ada takes a pudding whenever she can
        else:
            play(g, next((o for o in opts if o != "pick Pu"), opts[0]))
    # Ada took puddings at turns 1, 4 and 7; Bo took the tempura at 2 and 5, then a pudding at 8; Cy tempura at 3,
    # puddings at 6 and 9: Ada 3 (the most: 6), Bo 1 (the fewest: -6), Cy 2
    assert [len(zone_cards(g, "puddings", p)) for p in range(3)] == [3, 1, 2]
    assert said(g)[-3:] == ["puddings: P1 scores 6", "puddings: P2 scores -6", "puddings: P3 scores 0"]
