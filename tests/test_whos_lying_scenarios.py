"""Who's lying? made executable: one scenario per paragraph of the printed rules.

The rules are quoted from /work/shared/rulebooks/whos_lying.md; games/whos_lying.rules answers the gaps
(eight cards a suit, 1-8; what becomes of the table when everyone passes; how the two-player rules
read).  The stock is stacked: the first names are the cards taken out unseen (four, or ten with two
players), then the hands dealt round-robin from seat 0, then the leftovers set aside.  Seats are
0-based: seat 0 is "P1".  Card names: R3 is the Red 3, O orange, Y yellow, G green, B blue, P purple,
K pink; W is the rainbow card.
"""
from __future__ import annotations

import pytest

from helpers import (MoveError, deciding, events_of, facedown_names, interleave, narration, new_game_stacked,
                     options, play, program, turn, zone_cards)
from interpreter import Game
from interpreter.bots import make_bot

WL = "whos_lying"

# The book's example, three players of 17 cards: 57 cards, 4 out, 53 dealt, 2 left over.
OUT = ["K3", "K4", "K5", "K6"]
A = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8", "K1"]
B = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "W", "G1", "G2", "G3", "G4", "G5", "P1", "P2", "P3"]
C = ["B1", "B2", "B3", "B4", "B5", "P4", "G6", "G7", "G8", "B6", "B7", "B8", "P5", "P6", "P7", "P8", "K2"]
LEFT = ["K7", "K8"]

# Two players: five suits (purple and pink go out), ten more out, 15 each, one left over.
OUT2 = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "O7", "O8"]
A2 = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "O1", "O2", "O3", "O4", "O5", "O6", "W"]
B2 = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "G1", "G2", "G3", "G4", "G5", "G6", "G7"]
LEFT2 = ["G8"]


def game3(match=False) -> Game:
    return new_game_stacked(WL, 3, OUT + interleave([A, B, C]) + LEFT, match=match)


def game2(options=None) -> Game:
    return new_game_stacked(WL, 2, OUT2 + interleave([A2, B2]) + LEFT2, options=options)


def hand(g, seat) -> list[str]:
    return sorted(zone_cards(g, "hand", seat))


def penalty(g, seat) -> list[str]:
    return sorted(zone_cards(g, "penalty", seat))


def lay(g, seat, cards, colour, believe=False):
    """Seat lays `cards` face down and announces `colour` (after `believe` when answering a claim)."""
    moves = (["believe"] if believe else []) + [f"lay {c}" for c in cards]
    if len(cards) < len(zone_cards(g, "hand", seat)):
        moves.append("stop")
    play(g, seat, *moves, f"say {colour}")


def claim(g):
    c = g.view(None)["claim"]
    return (c["player"], c["count"], c["text"]) if c else None


# ====================================================================== set-up


@pytest.mark.parametrize("players,each,aside", [(3, 17, 2), (4, 13, 1), (5, 10, 3)])
def test_setup_four_cards_out_unseen_the_rest_dealt_evenly_leftovers_aside(players, each, aside):
    """The Deck: "Use all seven suits and the rainbow card."  Set-Up: "Shuffle the cards.  Draw four
    random cards and remove them from the deck; these cards will not be used for this game.  Deal the
    rest of the cards evenly to all the players.  Set any leftover cards aside." """
    prog = program(WL)
    assert prog.deck_size == 7 * 8 + 1
    g = Game(prog, players, seed=players)
    assert [len(zone_cards(g, "hand", s)) for s in range(players)] == [each] * players
    assert len(zone_cards(g, "out")) == 4 + aside
    assert zone_cards(g, "stock") == []
    for seat in list(range(players)) + [None]:
        v = g.view(seat)["zones"]
        assert v["out"]["cards"] == [None] * (4 + aside)  # unseen by anyone
        for s, h in enumerate(v["hand"]):
            assert (None in h["cards"]) == (s != seat)
    assert (turn(g), deciding(g)) == (0, 0)
    assert g.state.vars["rainbow_points"] == 10


def test_setup_a_stacked_deal():
    """Set-Up, with the stock stacked: the first four cards go out, the next 51 are dealt round-robin,
    the last two are set aside."""
    g = game3()
    assert [hand(g, s) for s in range(3)] == [sorted(A), sorted(B), sorted(C)]
    assert sorted(zone_cards(g, "out")) == sorted(OUT + LEFT)
    assert zone_cards(g, "laid") == zone_cards(g, "table") == []
    assert g.view(None)["claim"] is None


# ====================================================================== how to play


def test_the_first_player_lays_cards_face_down_and_announces_colour_and_count():
    """How to play: "The first player chooses one or more cards of the same color from his or her hand
    and places them face down on the table.  After he or she puts them down, the player announces the
    color and the number of cards, saying (for example), "Three oranges!"" -- the count said is the
    number really laid; the colour is the player's to choose."""
    g = game3()
    assert g.pending.prompt == "lay cards face down: 0 laid, at least 1"
    assert "stop" not in options(g)  # at least one card
    play(g, 0, "lay O1", "lay O2")
    assert g.pending.prompt == "lay cards face down: 2 laid, at least 1"
    play(g, 0, "lay O3", "stop")
    assert g.pending.prompt == "say the colour of what you laid (3 face down)"  # one card or several: no "the 1 cards"
    assert options(g) == ["say red", "say orange", "say yellow", "say green", "say blue", "say purple", "say pink"]
    start = len(g.events)
    play(g, 0, "say orange")
    assert zone_cards(g, "laid") == ["O1", "O2", "O3"]
    assert facedown_names(g) == {"O1": [0], "O2": [0], "O3": [0]}
    for seat in (1, 2, None):
        assert g.view(seat)["zones"]["laid"]["cards"] == [None, None, None]
    assert claim(g) == (0, 3, "Orange")
    assert g.state.vars["count"] == 3
    assert narration(g, 1, start)[-1] == "P1 says they are 3 × Orange"
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_player_may_lie_about_what_they_lay():
    """How to play: "The player does not have to tell the truth.  The player may put down any three
    cards (two pink and one green card, for example) and still say, "Three orange cards!"" -- and the
    others are told exactly what a true announcement would have told them."""
    told = []
    for cards in (["O1", "O2", "O3"], ["R1", "K1", "O8"]):
        g = game3()
        start = len(g.events)
        lay(g, 0, cards, "orange")
        assert claim(g) == (0, 3, "Orange")
        told.append([narration(g, s, start) for s in (1, 2, None)])
    assert told[0] == told[1]


def test_the_next_player_doubts_believes_and_lays_as_many_or_more_or_passes():
    """How to play: "The next player must decide if they believe the previous player.  ... If the second
    player believes the previous player, the second player may either lay down the same number or more
    cards than the first player, or pass.  The player does not have to play or announce the same color
    as the previous player." """
    g = game3()
    lay(g, 0, ["O1", "O2", "O3"], "orange")
    assert g.pending.prompt == "P1 laid 3, saying they are Orange"
    assert options(g) == ["doubt", "believe", "pass"]
    play(g, 1, "believe", "lay Y1", "lay Y2")
    assert "stop" not in options(g)  # not fewer than three
    play(g, 1, "lay Y3")
    assert g.pending.prompt == "lay cards face down: 3 laid, at least 3"
    play(g, 1, "lay Y4", "stop", "say yellow")
    assert claim(g) == (1, 4, "Yellow")
    assert zone_cards(g, "table") == ["O1", "O2", "O3"]  # P1's cards lie under P2's
    assert zone_cards(g, "laid") == ["Y1", "Y2", "Y3", "Y4"]
    assert facedown_names(g) == {"O1": [0], "O2": [0], "O3": [0], "Y1": [1], "Y2": [1], "Y3": [1], "Y4": [1]}
    assert (turn(g), deciding(g)) == (2, 2)
    play(g, 2, "pass")
    assert (turn(g), deciding(g)) == (0, 0)
    assert g.pending.prompt == "P2 laid 4, saying they are Yellow"


def test_believing_needs_as_many_cards_as_were_laid():
    """How to play: the believer "may ... lay down the same number or more cards" -- with fewer in hand,
    only doubting or passing is left."""
    g = game3()
    lay(g, 0, ["O1", "O2", "O3"], "orange")
    lay(g, 1, B[:15], "yellow", believe=True)
    play(g, 2, "pass")
    assert len(hand(g, 0)) == 14
    assert g.pending.prompt == "P2 laid 15, saying they are Yellow"
    assert options(g) == ["doubt", "pass"]
    with pytest.raises(MoveError):
        g.apply(0, "believe")


def test_if_all_pass_the_last_player_to_lay_starts_afresh():
    """How to play: "If all the players pass their turn, the game restarts with the last person who
    discarded any cards.  The player may lay down any number of cards."  (The .rules file: the cards on
    the table stay there, face down, for the next doubt to take.)"""
    g = game3()
    lay(g, 0, ["O1", "O2", "O3"], "orange")
    play(g, 1, "pass")
    play(g, 2, "pass")
    assert (turn(g), deciding(g)) == (0, 0)
    assert g.pending.prompt == "lay cards face down: 0 laid, at least 1"
    lay(g, 0, ["R1"], "red")  # one card is enough now
    assert zone_cards(g, "table") == ["O1", "O2", "O3"] and zone_cards(g, "laid") == ["R1"]
    assert claim(g) == (0, 1, "Red")
    play(g, 1, "doubt")  # true: P2 takes the table too
    assert penalty(g, 1) == ["O1", "O2", "O3", "R1"]


# ====================================================================== doubting


def test_doubting_a_false_announcement_the_liar_takes_back_their_cards_and_the_table():
    """Doubting Players, "If a player's announcement is false": "the player who lied must take the cards
    that he or she just played and put them back into his or her hand.  He or she also must take all the
    other cards that have been played on the table.  These cards should be kept in a separate pile and
    will be counted as minus points at the end of the game.  The player who called the first player's
    bluff starts their turn." """
    g = game3()
    lay(g, 0, ["R1", "R2"], "red")
    lay(g, 1, ["Y1", "Y2", "G1"], "yellow", believe=True)  # a lie
    start = len(g.events)
    play(g, 2, "doubt")
    reveal = events_of(g, "reveal")[-1]
    assert reveal.to == [0, 1, 2] and len(reveal.cards) == 3
    assert "P2 shows: Yellow 1, Yellow 2, Green 1" in narration(g, 0, start)
    assert "P2 lied: they take their cards back, and the table" in narration(g, 0, start)
    assert hand(g, 1) == sorted(B)
    assert penalty(g, 1) == ["R1", "R2"]
    assert penalty(g, 0) == penalty(g, 2) == []
    assert zone_cards(g, "laid") == zone_cards(g, "table") == []
    assert (turn(g), deciding(g)) == (2, 2)  # the doubter starts afresh
    assert g.pending.prompt == "lay cards face down: 0 laid, at least 1"


@pytest.mark.parametrize("cards, liar_hand, taker, next_up", [
    (["R1", "O1"], A, 0, 2),                       # a lie: P1 takes its cards back; the doubter starts
    (["R1", "R2"], sorted(set(A) - {"R1", "R2"}), 2, 0),  # the truth: the doubter takes them; P1 lays again
], ids=["false", "true"])
def test_after_a_pass_the_player_after_may_still_doubt_the_last_cards_laid(cards, liar_hand, taker, next_up):
    """How to play: the player who passed believed; the one after faces the same announcement ("P1 laid 2, saying
    they are Red") and may doubt it, as in "Doubting Players"."""
    g = game3()
    lay(g, 0, cards, "red")
    play(g, 1, "pass")
    assert (deciding(g), g.pending.prompt, options(g)) == (2, "P1 laid 2, saying they are Red",
                                                            ["doubt", "believe", "pass"])
    play(g, 2, "doubt")
    assert hand(g, 0) == sorted(liar_hand)
    assert penalty(g, taker) == (sorted(cards) if taker == 2 else [])
    assert penalty(g, 1) == [] and hand(g, 1) == sorted(B)
    assert zone_cards(g, "laid") == zone_cards(g, "table") == []
    assert (turn(g), deciding(g)) == (next_up, next_up)
    assert g.pending.prompt == "lay cards face down: 0 laid, at least 1"


def test_doubting_a_true_announcement_the_doubter_takes_the_table():
    """Doubting Players, "If a player's announcement is true": "the doubter must take up all the cards
    that have been played on the table, including the cards just played by the previous player.  These
    cards should be kept in a separate pile and be counted as minus points at the end of the game.  The
    player who told the truth takes another turn." """
    g = game3()
    lay(g, 0, ["R1", "R2"], "red")
    lay(g, 1, ["Y1", "Y2", "Y3"], "yellow", believe=True)
    start = len(g.events)
    play(g, 2, "doubt")
    assert "it was true: P3 takes the table" in narration(g, 1, start)
    assert penalty(g, 2) == ["R1", "R2", "Y1", "Y2", "Y3"]
    assert hand(g, 2) == sorted(C)
    assert hand(g, 1) == sorted(set(B) - {"Y1", "Y2", "Y3"})
    assert zone_cards(g, "laid") == zone_cards(g, "table") == []
    assert (turn(g), deciding(g)) == (1, 1)  # P2 repeats their turn ...
    assert g.pending.prompt == "lay cards face down: 0 laid, at least 1"  # ... and lays afresh
    # The yellows were turned up for everyone; the reds P1 laid earlier are still face down in the pile.
    assert facedown_names(g) == {"R1": [0], "R2": [0]}


def test_cards_taken_from_the_table_stay_face_down_in_the_minus_pile():
    """Doubting Players: only the doubted player's cards "must be turned up"; the cards played before
    them go into the minus pile unseen -- in every view, only the player who laid them knows them."""
    g = game3()
    lay(g, 0, ["R1", "R2"], "red")
    lay(g, 1, ["Y1", "Y2", "Y3"], "yellow", believe=True)
    play(g, 2, "doubt")
    reds = [g.program.card_by_text(n)[0] for n in ("R1", "R2")]
    for seat in (0, 1, 2, None):
        shown = g.view(seat)["zones"]["penalty"][2]["cards"]
        assert [c in shown for c in reds] == [seat == 0, seat == 0]


def test_cards_taken_from_the_table_are_not_named_to_those_who_did_not_lay_them():
    """Doubting Players: the cards played before the doubted ones go into the minus pile face down, and
    the narration must not name them to anyone but the player who laid them."""
    g = game3()
    lay(g, 0, ["R1", "R2"], "red")
    lay(g, 1, ["Y1", "Y2", "Y3"], "yellow", believe=True)
    start = len(g.events)
    play(g, 2, "doubt")
    assert "you take Red 1, Red 2 from the table pile into your penalty" not in narration(g, 2, start)
    for seat in (1, 2, None):
        told = " ".join(narration(g, seat, start))
        assert "Red 1" not in told and "Red 2" not in told, told


def test_the_rainbow_card_counts_as_any_colour():
    """How to play: "The rainbow card can be used as any color." -- two yellows and the rainbow card are
    "three yellows"; nobody may announce "rainbow" itself."""
    g = game3()
    lay(g, 0, ["R1"], "red")
    play(g, 1, "believe", "lay Y1", "lay W", "lay Y2", "stop")
    assert "say rainbow" not in options(g)
    play(g, 1, "say yellow")
    play(g, 2, "doubt")
    assert penalty(g, 2) == ["R1", "W", "Y1", "Y2"]
    assert (turn(g), deciding(g)) == (1, 1)


# ====================================================================== game over


def test_the_last_card_not_doubted_wins():
    """Game Over: "The player who puts his or her last card on the table and either is not doubted ...
    wins the game." -- P1 lays all 17 cards at once, saying "17 reds", and P2 lets it pass."""
    g = game3()
    lay(g, 0, A, "red")
    assert hand(g, 0) == []
    play(g, 1, "pass")
    assert g.over and g.winners == [0]


def test_the_last_card_believed_wins():
    """Game Over: "... is not doubted" -- believing is not doubting: P2 believes P1's last cards."""
    g = game3()
    lay(g, 0, A, "red")
    play(g, 1, "believe")
    assert g.over and g.winners == [0]


def test_the_last_card_doubted_and_false_comes_back():
    """Game Over, and "If an announcement is revealed to be false, the player who lied must take the
    cards that he or she just played and put them back into his or her hand."  No win."""
    g = game3()
    lay(g, 0, A, "red")
    play(g, 1, "doubt")
    assert not g.over
    assert hand(g, 0) == sorted(A)
    assert (turn(g), deciding(g)) == (1, 1)


def test_the_last_card_doubted_and_true_wins_and_the_extended_score():
    """Game Over: "... or, upon being doubted, proves that he or she was telling the truth, wins the
    game."  Extended Rule: the winner "gets a 10-point bonus"; every other player counts "the total
    number of cards remaining in their hand and in their negative point pile.  Each card is worth -1
    point and the rainbow card is worth -10 points." -- P1 lays nine, everyone passes, P1 lays the eight
    reds that are left and P2 doubts them: P2 takes 17 cards and keeps a hand of 17 with the rainbow."""
    g = game3()
    lay(g, 0, A[8:], "orange")  # O1-O8 and K1: a lie nobody doubts
    play(g, 1, "pass")
    play(g, 2, "pass")
    lay(g, 0, A[:8], "red")  # the last cards, and true
    play(g, 1, "doubt")
    assert g.over and g.winners == [0]
    assert penalty(g, 1) == sorted(A)
    assert g.scores == [10, -(17 + 16 + 10), -17]


def test_the_books_extended_scoring_example():
    """Extended Rule, the book's example: "Player A was the first player to get rid of all his cards.
    Player A does not have to count any minus cards and gets a 10-point bonus to add to A's total score.
    Player B has accumulated 18 minus cards and also has three cards left in his/her hand, for a total of
    -21 points."  Here P1 is A and P2 is B (18 minus cards, no rainbow, three in hand); P3 holds eleven
    cards and seventeen minus cards, the rainbow among them: -11 - 16 - 10."""
    g = game3()
    lay(g, 0, A[:8], "red")                      # R1-R8, true
    play(g, 1, "doubt")                          # P2 takes 8; P1 again
    lay(g, 0, A[8:16], "orange")                 # O1-O8, true
    lay(g, 1, B[:9], "yellow", believe=True)     # Y1-Y8 and the rainbow, true
    play(g, 2, "doubt")                          # P3 takes 17; P2 again
    lay(g, 1, B[9:14], "green")                  # G1-G5, true
    lay(g, 2, C[:5], "blue", believe=True)       # B1-B5, true
    play(g, 0, "pass")                           # one card: P1 cannot believe five
    play(g, 1, "doubt")                          # P2 takes 10; P3 again
    lay(g, 2, ["P4"], "purple")
    lay(g, 0, ["K1"], "pink", believe=True)      # P1's last card
    play(g, 1, "pass")
    assert g.over and g.winners == [0]
    assert len(penalty(g, 1)) == 18 and "W" not in penalty(g, 1) and len(hand(g, 1)) == 3
    assert "W" in penalty(g, 2) and len(penalty(g, 2)) == 17 and len(hand(g, 2)) == 11
    assert g.scores == [10, -21, -(11 + 16 + 10)]
    assert events_of(g, "hand_over")[-1].scores == [10, -21, -37]


def test_three_hands_make_a_match_and_the_best_total_wins():
    """Extended Rule: "The player with the a least amount of total points after three games is the
    winner." -- read with the scores as the book counts them (a bonus for winning, minus points for
    cards), so the best total wins; the match is three hands (`match 3 hands`)."""
    assert program(WL).match_hands == 3
    g = game3(match=True)
    lay(g, 0, A, "red")
    play(g, 1, "pass")
    assert not g.over
    assert g.scores == [10, -(16 + 10), -17]
    prog = program(WL)
    bots = [make_bot("greedy", 5), make_bot("random", 6), make_bot("greedy", 7)]
    moves = 0
    while not g.over:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(prog, g.view(d.player), d))
        moves += 1
        assert moves < 20_000
    ends = events_of(g, "hand_over")
    assert [e.hand for e in ends] == [1, 2, 3]
    assert [e.first for e in events_of(g, "hand")] == [0, 1, 2]
    for before, after in zip(ends, ends[1:]):  # each hand: +10 for its winners, minus points for the others
        gained = [b - a for a, b in zip(before.scores, after.scores)]
        assert sorted(p for p, x in enumerate(gained) if x == 10) == after.winners
        assert all(x <= 0 for p, x in enumerate(gained) if p not in after.winners)
    assert g.winners == [p for p, s in enumerate(g.scores) if s == max(g.scores)]


# ====================================================================== two players


@pytest.mark.parametrize("options", [None, {"players2": True}], ids=["two-players", "option"])
def test_two_players_five_suits_ten_cards_out(options):
    """Rules for Two Players: "Use five suits of any color and the rainbow card.  Draw ten cards before
    starting a game." (the .rules file: purple and pink go out, and ten more are taken out unseen, as the
    four are; 31 cards dealt, 15 each, one left over)."""
    g = game2(options)
    assert [hand(g, s) for s in range(2)] == [sorted(A2), sorted(B2)]
    out = zone_cards(g, "out")
    assert len(out) == 16 + 10 + 1
    assert sorted(c for c in out if c[0] not in "PK") == sorted(OUT2 + LEFT2)
    assert g.state.vars["rainbow_points"] == 5
    # Purple and pink are out of the game: nobody announces them (the rainbow card is no colour to announce).
    play(g, 0, "lay R1", "stop")
    assert [o.text for o in g.legal()] == ["say red", "say orange", "say yellow", "say green", "say blue"]
    with pytest.raises(MoveError):
        g.apply(0, "say purple")


def test_the_two_player_rules_as_an_option_with_three_players():
    """Rules for Two Players, by `--option players2` at a table of three: five suits, ten out, 31 dealt
    (10 each, one left over), the rainbow -5."""
    g = Game(program(WL), 3, seed=3, options={"players2": True})
    hands = [zone_cards(g, "hand", s) for s in range(3)]
    assert [len(h) for h in hands] == [10, 10, 10]
    assert not any(c[0] in "PK" for h in hands for c in h)
    assert len(zone_cards(g, "out")) == 16 + 10 + 1
    assert g.state.vars["rainbow_points"] == 5
    play(g, 0, f"lay {hands[0][0]}", "stop")
    assert options(g) == ["say red", "say orange", "say yellow", "say green", "say blue"]


def test_two_players_a_caught_liar_takes_two_more_cards_from_the_other_hand():
    """Rules for Two Players: "Any player who received negative points must take two more cards from the
    other player's hand." (read: two cards taken blind from the other's hand into one's own) -- P2 lies,
    P1 doubts: P2 takes back their three cards, the table's two into their minus pile, and two of P1's
    cards into their hand."""
    g = game2()
    lay(g, 0, ["R1", "R2"], "red")
    lay(g, 1, ["Y1", "Y2", "Y3"], "green", believe=True)
    play(g, 0, "doubt")
    assert penalty(g, 1) == ["R1", "R2"]
    took = sorted(set(hand(g, 1)) - set(B2))
    assert len(took) == 2 and set(took) <= set(A2[2:])
    assert hand(g, 0) == sorted(set(A2[2:]) - set(took))
    assert len(hand(g, 1)) == 17
    assert (turn(g), deciding(g)) == (0, 0)


def test_two_players_a_doubter_of_the_truth_takes_two_more_cards_from_the_other_hand():
    """Rules for Two Players: "Any player who received negative points must take two more cards from the
    other player's hand." -- P2 doubts P1's truth: P2 takes the table and two cards of P1's hand."""
    g = game2()
    lay(g, 0, ["R1", "R2"], "red")
    play(g, 1, "doubt")
    assert penalty(g, 1) == ["R1", "R2"]
    assert len(hand(g, 0)) == 11 and len(hand(g, 1)) == 17
    assert set(hand(g, 1)) - set(B2) <= set(A2[2:])
    assert (turn(g), deciding(g)) == (0, 0)


def test_two_players_a_liar_who_receives_no_minus_points_takes_nothing():
    """Rules for Two Players: "Any player who received negative points must take two more cards from the
    other player's hand." -- P1 lies on an empty table and is caught: the card goes back into P1's hand,
    no card goes to P1's minus pile, so P1 received no negative points and takes nothing from P2."""
    g = game2()
    lay(g, 0, ["R1"], "orange")
    play(g, 1, "doubt")
    assert penalty(g, 0) == []
    assert hand(g, 0) == sorted(A2)
    assert hand(g, 1) == sorted(B2)


def test_two_players_emptied_by_the_other_taking_two_cards_wins_and_the_rainbow_is_minus_five():
    """Rules for Two Players: when the doubter takes the last two cards of the truthful player's hand,
    that player has got rid of all their cards ("by any means necessary") and wins; "The rainbow card
    counts as -5 points." """
    g = game2()
    lay(g, 0, A2[:8] + ["W"], "red")  # nine, true
    play(g, 1, "doubt")               # P2: nine minus cards, and two of P1's six
    assert len(hand(g, 0)) == 4
    two = sorted(zone_cards(g, "hand", 0))[:2]
    lay(g, 0, two, "orange")          # true
    play(g, 1, "doubt")               # P2 takes two more minus cards and P1's last two cards
    assert g.over and g.winners == [0]
    assert hand(g, 0) == []
    assert len(hand(g, 1)) == 15 + 4 and len(penalty(g, 1)) == 11 and "W" in penalty(g, 1)
    assert g.scores == [10, -(19 + 10 + 5)]
