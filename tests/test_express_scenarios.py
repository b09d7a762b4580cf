"""UNO Express made executable: one scenario per paragraph of /work/shared/rulebooks/uno_express.md.

56 cards (1-9 once per colour, one Skip, Reverse and Draw One per colour, four Wild, four Wild Draw
Two), 5 dealt each, a match to 250.  Each test stacks the deck (see helpers.deal_stack), scripts the
moves and asserts the exact state after them.  Seats are 0-based: seat 0 is "P1" and goes first.
The last test drives the same kind of scenario through the `rulelang run` command line.
"""
from __future__ import annotations

import json
import subprocess
from collections import Counter

import pytest

from helpers import (ROOT, colour, deal_stack, deciding, discard, draw_pile, draw_size, events_of, hand,
                     hand_names, new_game, options, play, program, rest_of_deck, top, turn)
from helpers import rulelang_command
from interpreter import Game
from interpreter.bots import make_bot
from interpreter.events import as_dict

EXPRESS = "express"
DECK = 56

# Three players; nothing in these hands matches a Red 5 unless a test adds it.
A = ["G1", "G2", "B3", "B4", "Y6"]
B = ["B1", "B2", "G3", "G4", "Y1"]
C = ["G6", "G7", "G8", "B8", "Y9"]


def with_card(hand_, card, replace=-1):
    """A copy of a hand with one card replaced (the last, unless told)."""
    out = list(hand_)
    out[replace] = card
    return out


def test_the_deck_has_56_cards():
    """Contents: "56 cards" (the .rules file's reading: 1-9, Skip, Reverse, Draw One once per colour,
    four Wild and four Wild Draw Two), worth the points Keeping Score gives them."""
    prog = program(EXPRESS)
    assert len(prog.cards) == DECK
    counts = Counter(c.name for c in prog.cards)
    assert counts["Wild"] == 4 and counts["Wild Draw Two"] == 4
    assert counts["Red 7"] == 1 and counts["Blue Draw One"] == 1 and "Red 0" not in counts
    points = {c.short: c.attrs["points"] for c in prog.cards}
    assert (points["Y9"], points["GS"], points["BR"], points["RD1"], points["W"], points["W2"]) == (9, 20, 20, 20, 50, 50)


# ====================================================================== Set Up


def test_setup_deals_five_cards_each_and_flips_the_top_card():
    """Set Up 2-5: "Deal 5 cards to each player.  Place the remaining cards FACEDOWN ... DRAW PILE.  Flip
    over the top card of the DRAW PILE and place it FACEUP to form the DISCARD PILE.  The player to the
    left of the dealer goes first and play proceeds clockwise." """
    hands = [A, B, C, ["R1", "R2", "RS", "W", "W2"]]
    g = new_game(EXPRESS, hands, "Y5", ["B7", "G9"])
    for seat, h in enumerate(hands):
        assert hand(g, seat) == sorted(h)
    assert hand_names(g, 3) == ["Red 1", "Red 2", "Red Skip", "Wild", "Wild Draw Two"]
    assert discard(g) == ["Y5"]
    assert colour(g) == "yellow"
    assert draw_size(g) == DECK - 4 * 5 - 1
    assert draw_pile(g)[:2] == ["B7", "G9"]
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert [len(cards) for cards in events_of(g, "deal")[0].cards.values()] == [5, 5, 5, 5]


def test_setup_ignores_a_flipped_action_card_and_flips_the_next():
    """Set Up 4: "If this card is an Action Card, ignore it and flip over the next card."  Draw One,
    Skip, Reverse, Wild and Wild Draw Two flipped first do nothing and are left under the new top."""
    g = new_game(EXPRESS, [A, B, C], ["RD1", "YS", "BR", "W", "W2", "G5"], ["B7"])
    assert discard(g) == ["RD1", "YS", "BR", "W", "W2", "G5"]
    assert colour(g) == "green"
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert [hand(g, s) for s in range(3)] == [sorted(A), sorted(B), sorted(C)]
    assert draw_size(g) == DECK - 15 - 6
    assert draw_pile(g)[0] == "B7"
    assert events_of(g, "skip") == [] and events_of(g, "reverse") == []
    assert options(g) == ["play G1", "play G2", "draw"]


def test_setup_with_no_number_card_left_to_turn_up_deals_again():
    """Set Up 4 with ten players: the six cards left after dealing 5 each are all Action or Wild cards.  Each
    is ignored in turn ("ignore it and flip over the next card") until none is left; reshuffling the discard
    pile would only turn up the same six, so (the .rules file's answer to what the book leaves open) the
    cards are dealt again: 5 each, and a number card turned up.  It used to loop until the step limit."""
    prog = program(EXPRESS)
    six = ["RS", "RR", "RD1", "W", "YS", "W2"]
    rest = rest_of_deck(EXPRESS, six)
    hands = [rest[5 * i: 5 * i + 5] for i in range(10)]
    g = Game(prog, 10, seed=1, stack=deal_stack(hands, six[:1], six[1:]))
    g.check_cards()
    assert [e.text for e in events_of(g, "say")] == ["no number card is left to turn up: the cards are dealt again"]
    deals = events_of(g, "deal")
    assert len(deals) == 2 and all(len(cards) == 5 for cards in deals[1].cards.values())
    assert [len(hand(g, s)) for s in range(10)] == [5] * 10
    pile = g.state.zone(prog.zone_index["discard"])
    kinds = [prog.cards[c].attrs["kind"] for c in pile]
    assert kinds[-1] == "number" and all(k != "number" for k in kinds[:-1])
    assert draw_size(g) + len(pile) == 6
    assert colour(g) == prog.cards[pile[-1]].attrs["colour"]
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert events_of(g, "skip") == [] and events_of(g, "reverse") == []


# ====================================================================== Matching


def test_a_card_matches_by_symbol():
    """Let's Play 1 and Action Cards NOTE: its symbol -- a Green Skip on a Red Skip; "Action cards may
    be played on other Action cards of the same color"."""
    c = ["GS", "BR", "GD1", "B2", "Y3"]
    b = ["B1", "B7", "G3", "G4", "Y1"]
    g = new_game(EXPRESS, [with_card(A, "RS"), b, c], "R5")
    play(g, 0, "play RS")
    assert (turn(g), deciding(g)) == (2, 2)
    assert options(g) == ["play GS", "draw"]
    play(g, 2, "play GS")
    assert discard(g) == ["R5", "RS", "GS"]
    assert colour(g) == "green"
    assert hand(g, 2) == sorted(["BR", "GD1", "B2", "Y3"])
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_wild_matches_anything_and_its_player_names_the_colour():
    """Wild: "This card matches anything so you can play it no matter what card is on the Discard Pile.
    When you play a Wild card, you also get to choose the color that continues play." """
    b = ["B7", "G5", "Y5", "R9", "G9"]
    g = new_game(EXPRESS, [with_card(A, "W"), b, C[:-1] + ["R1"]], "R5")
    assert options(g) == ["play W", "draw"]
    play(g, 0, "play W")
    assert options(g) == ["colour red", "colour yellow", "colour green", "colour blue"]
    play(g, 0, "colour Blue")  # the colour's display name works as well
    assert discard(g) == ["R5", "W"]
    assert colour(g) == "blue"
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play B7", "draw"]


# ====================================================================== Drawing


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_keeping_its_top_card():
    """Let's Play NOTE: "if there are no cards left in the Draw Pile, reshuffle the Discard Pile to form a
    new Draw Pile."  Ten players hold 50 cards; 5 are left to draw after the flip.  Once they are drawn,
    the next draw takes the discard pile but its top card."""
    prog = program(EXPRESS)
    dull = ["Y1", "Y2", "G1", "G2", "B1"]  # never match a Red 7
    others = rest_of_deck(EXPRESS, dull, ["R5", "R7"])
    hands = [["R7"] + others[:4]] + [others[4 + 5 * i: 9 + 5 * i] for i in range(9)]
    g = Game(prog, 10, seed=1, stack=deal_stack(hands, "R5", dull))
    assert draw_pile(g) == dull
    play(g, 0, "play R7")
    for seat in range(1, 6):
        play(g, seat, "draw")
        assert hand(g, seat) == sorted(hands[seat] + [dull[seat - 1]])
    assert (draw_size(g), discard(g), events_of(g, "refill")) == (0, ["R5", "R7"], [])
    play(g, 6, "draw")
    assert [(e.zone, e.source, e.count) for e in events_of(g, "refill")] == [("draw", "discard", 1)]
    assert discard(g) == ["R7"]
    assert draw_size(g) == 0
    assert hand(g, 6) == sorted(hands[6] + ["R5"])
    assert (deciding(g), options(g)) == (6, ["play R5", "keep"])


def test_with_nothing_left_to_draw_or_reshuffle_a_draw_takes_nothing_and_play_moves_on():
    """Let's Play NOTE (reshuffle) when the discard pile is only its top card: there is nothing to form a new Draw
    Pile from.  Ten players hold 50 cards; the five of the draw pile are drawn, then the Red 5 under the top card
    is reshuffled and drawn; the next player's draw takes nothing, and play continues with the next player."""
    prog = program(EXPRESS)
    dull = ["Y1", "Y2", "G1", "G2", "B1"]  # never match a Red 7
    others = rest_of_deck(EXPRESS, dull, ["R5", "R7"])
    hands = [["R7"] + others[:4]] + [others[4 + 5 * i: 9 + 5 * i] for i in range(9)]
    g = Game(prog, 10, seed=1, stack=deal_stack(hands, "R5", dull))
    play(g, 0, "play R7")
    for seat in range(1, 6):
        play(g, seat, "draw")
    play(g, 6, "draw", "keep")  # the Red 5, reshuffled from under the Red 7
    assert (draw_size(g), discard(g)) == (0, ["R7"])
    seven = hand(g, 7)
    assert "draw" in options(g) and deciding(g) == 7
    play(g, 7, "draw")
    assert hand(g, 7) == seven
    assert (draw_size(g), discard(g)) == (0, ["R7"])
    assert (turn(g), deciding(g)) == (8, 8)


def test_the_draw_pile_running_out_in_the_middle_of_a_penalty_is_refilled_for_the_rest():
    """Let's Play NOTE (reshuffle) with Wild Draw Two: one card is left when the next player must "Draw 2
    cards": they take it, the discard pile but its top (the Wild Draw Two) is reshuffled into a new draw
    pile, and they take the second card from that."""
    prog = program(EXPRESS)
    dull = ["Y1", "Y2", "G1", "G2", "B1"]
    others = iter(rest_of_deck(EXPRESS, dull, ["R5", "R7", "W2"]))
    hands = [["R7"] + [next(others) for _ in range(4)]]                 # seat 0 plays the Red 7
    hands += [[next(others) for _ in range(5)] for _ in range(1, 5)]    # seats 1-4 draw
    hands += [["W2"] + [next(others) for _ in range(4)]]                # seat 5 plays the Wild Draw Two
    hands += [[next(others) for _ in range(5)] for _ in range(6, 10)]   # seat 6 accepts it
    assert sorted(sum(hands, []) + dull + ["R5"]) == sorted(c.short for c in prog.cards)
    g = Game(prog, 10, seed=1, stack=deal_stack(hands, "R5", dull))
    play(g, 0, "play R7")
    for seat in range(1, 5):
        play(g, seat, "draw")
    assert (draw_pile(g), discard(g)) == (["B1"], ["R5", "R7"])
    play(g, 5, "play W2", "colour green")
    six = hand(g, 6)
    play(g, 6, "accept")
    assert [(e.source, e.count) for e in events_of(g, "refill")] == [("discard", 2)]
    assert discard(g) == ["W2"]
    gained = list(hand(g, 6))
    for c in six + ["B1"]:
        gained.remove(c)
    assert len(gained) == 1 and gained[0] in ("R5", "R7")
    assert draw_pile(g) == [{"R5": "R7", "R7": "R5"}[gained[0]]]
    assert (colour(g), turn(g), deciding(g)) == ("green", 7, 7)


# ====================================================================== Action cards


def test_reverse_changes_the_direction_of_play():
    """Reverse: "When played, the direction of play is reversed.  If play was moving clockwise, it now
    moves counterclockwise and vice versa." (three players: P1 → P3 → P2 → P1)"""
    c = with_card(C, "R2")
    b = with_card(B, "R3")
    g = new_game(EXPRESS, [with_card(A, "RR"), b, c], "R5")
    play(g, 0, "play RR")
    assert g.state.direction == -1
    assert (turn(g), deciding(g)) == (2, 2)
    play(g, 2, "play R2")
    assert (turn(g), deciding(g)) == (1, 1)
    play(g, 1, "play R3")
    assert (turn(g), deciding(g)) == (0, 0)
    assert discard(g) == ["R5", "RR", "R2", "R3"]


def test_draw_one_next_player_draws_one_and_loses_their_turn():
    """Draw One: "When played, the next player must draw 1 card and lose their turn." """
    g = new_game(EXPRESS, [with_card(A, "RD1"), B, C], "R5", ["R8", "BD1"])
    play(g, 0, "play RD1")
    assert discard(g) == ["R5", "RD1"]
    assert hand(g, 1) == sorted(B + ["R8"])
    assert draw_pile(g)[0] == "BD1"
    assert colour(g) == "red"
    assert (turn(g), deciding(g)) == (2, 2)


# ====================================================================== Wild Draw Two

WD2_HAND = ["W2", "G1", "G2", "B3", "Y6"]   # no red: a legal Wild Draw Two on a Red 5
PENALTY = ["R6", "R7", "R8", "R9"]


def wd2_game(hand0=WD2_HAND):
    g = new_game(EXPRESS, [hand0, B, C], "R5", PENALTY)
    play(g, 0, "play W2", "colour green")
    assert deciding(g) == 1
    assert g.pending.prompt == "P1 played a Wild Draw Two: accept it or challenge"
    assert options(g) == ["accept", "challenge"]
    return g


def test_wild_draw_two_accepted_next_player_draws_two_and_loses_their_turn():
    """Wild Draw Two: "When played, the next player has 2 options: Draw 2 cards and lose their turn OR
    challenge." -- accepting."""
    g = wd2_game()
    play(g, 1, "accept")
    assert hand(g, 1) == sorted(B + PENALTY[:2])
    assert hand(g, 0) == sorted(WD2_HAND[1:])
    assert discard(g) == ["R5", "W2"]
    assert colour(g) == "green"
    assert (turn(g), deciding(g)) == (2, 2)


def test_wild_draw_two_challenge_fails_challenger_draws_four_and_loses_their_turn():
    """Wild Draw Two: "If you DO NOT have a card that matches color: the challenger draws 4 cards instead
    of 2 and loses their turn." """
    g = wd2_game()
    play(g, 1, "challenge")
    assert [(e.owner, e.to, len(e.cards)) for e in events_of(g, "reveal")] == [(0, [1], 4)]
    assert hand(g, 1) == sorted(B + PENALTY)
    assert hand(g, 0) == sorted(WD2_HAND[1:])
    assert colour(g) == "green"
    assert (turn(g), deciding(g)) == (2, 2)


def test_wild_draw_two_challenge_succeeds_player_draws_two_challenger_plays_next():
    """Wild Draw Two: "If you DO have a card that matches color: YOU must draw 2 cards and they draw
    none." -- the challenger keeps their turn."""
    guilty = with_card(WD2_HAND, "R1")
    g = wd2_game(guilty)
    play(g, 1, "challenge")
    assert hand(g, 0) == sorted(guilty[1:] + PENALTY[:2])
    assert hand(g, 1) == sorted(B)
    assert colour(g) == "green"
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play G3", "play G4", "draw"]


def test_wild_draw_two_a_plain_wild_in_hand_counts_as_a_match():
    """Wild Draw Two: "... a card that matches the color of the discard pile – Wild cards are considered a
    match, too." """
    holds_wild = with_card(WD2_HAND, "W")
    g = wd2_game(holds_wild)
    play(g, 1, "challenge")
    assert hand(g, 0) == sorted(holds_wild[1:] + PENALTY[:2])
    assert hand(g, 1) == sorted(B)
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("hand0,answer,drawer,drawn,next_up", [
    (WD2_HAND, "accept", 1, 2, 2),
    (WD2_HAND, "challenge", 1, 4, 2),
    (with_card(WD2_HAND, "R1"), "challenge", 0, 2, 1),
], ids=["accepted", "challenge-fails", "challenge-succeeds"])
def test_wild_draw_two_colour_stands_whatever_the_outcome(hand0, answer, drawer, drawn, next_up):
    """Wild Draw Two: "This card is also a Wild card, so you get to choose the color that continues play
    (regardless of the outcome of any challenge)." """
    g = wd2_game(hand0)
    sizes = [len(hand(g, s)) for s in range(3)]
    play(g, 1, answer)
    assert (colour(g), top(g), turn(g)) == ("green", "W2", next_up)
    assert [len(hand(g, s)) - sizes[s] for s in range(3)] == [drawn if s == drawer else 0 for s in range(3)]


# ====================================================================== UNO! and winning

# Three players.  Seat 0 plays its reds one a turn; seats 1 and 2 draw (cards that never match).
RUN = ["R1", "R2", "R3", "R4"]
S1 = ["B1", "B2", "G3", "YS", "W"]     # 1 + 2 + 3 + 20 + 50 = 76
S2 = ["G6", "GR", "B8", "Y9", "W2"]    # 6 + 20 + 8 + 9 + 50 = 93
DRAWS = ["Y7", "G9", "B7", "Y8", "G5", "B9", "G8", "Y5", "R8", "BS", "Y4"]


def two_left(last="R6", match=False, draws=DRAWS) -> Game:
    g = new_game(EXPRESS, [RUN + [last], S1, S2], "R5", draws, match=match)
    for card in RUN[:3]:
        play(g, 0, f"play {card}")
        play(g, 1, "draw")
        play(g, 2, "draw")
    assert hand(g, 0) == sorted(["R4", last])
    assert hand(g, 1) == sorted(S1 + ["Y7", "B7", "G5"])
    assert hand(g, 2) == sorted(S2 + ["G9", "Y8", "B9"])
    assert (turn(g), deciding(g), g.pending.due) == (0, 0, ("uno",))
    return g


def test_uno_called_with_the_play_cannot_be_caught():
    """Calling "UNO!": "The moment you only have 1 card in your hand, you must yell "UNO" to alert the
    other players you are about to win." -- said with the move, nothing is left to catch."""
    g = two_left()
    play(g, 0, "play R4 UNO")
    assert [(e.player, e.call) for e in events_of(g, "call")] == [(0, "uno")]
    assert hand(g, 0) == ["R6"]
    assert (turn(g), deciding(g), g.pending.window) == (1, 1, False)
    assert "catch" not in options(g)


def test_uno_missed_the_next_player_passes_and_a_later_one_catches_it():
    """Calling "UNO!": "if someone catches you and calls out "UNO" before you (and before the next player
    begins their turn), then you must draw 2 cards!"  Anyone may catch it: asked in turn order, the
    next player lets it pass and the one after catches."""
    g = two_left()
    play(g, 0, "play R4")
    assert (deciding(g), g.pending.window, options(g)) == (1, True, ["catch", "pass"])
    play(g, 1, "pass")
    assert (deciding(g), g.pending.window, options(g)) == (2, True, ["catch", "pass"])
    play(g, 2, "catch")
    assert hand(g, 0) == sorted(["R6", "G8", "Y5"])
    assert [e.text for e in events_of(g, "say")][-1] == "P1 is caught without calling UNO and draws 2"
    assert (turn(g), deciding(g), g.pending.window) == (1, 1, False)
    # Told to the player caught, the rule's text says "you" and agrees (`{is|are}`, `{draws|draw}`).
    said = events_of(g, "say")[-1]
    assert g.narrate(said, 0) == "You are caught without calling UNO and draw 2"
    assert g.narrate(said, 2) == g.narrate(said, None) == "P1 is caught without calling UNO and draws 2"


def test_uno_missed_but_nobody_catches_it():
    """Calling "UNO!": when nobody catches the player before the next player begins their turn, there is
    no penalty and the chance is gone."""
    g = two_left()
    play(g, 0, "play R4")
    play(g, 1, "pass")
    play(g, 2, "pass")
    assert hand(g, 0) == ["R6"]
    assert (turn(g), deciding(g), g.pending.window) == (1, 1, False)
    assert "catch" not in options(g)
    play(g, 1, "draw")
    assert (turn(g), deciding(g), g.pending.window) == (2, 2, False)


def test_uno_is_due_again_when_a_drawn_card_played_leaves_one_card():
    """Calling "UNO!": "The moment you only have 1 card in your hand" -- also when a player down to one
    card draws and plays the drawn card: without a new call they can be caught."""
    g = two_left(last="B5")
    play(g, 0, "play R4 uno")
    play(g, 1, "draw")      # G8
    play(g, 2, "draw")      # Y5
    assert options(g) == ["draw"]  # a Blue 5 on a Red 4
    play(g, 0, "draw")      # R8: it matches
    assert (deciding(g), options(g), g.pending.due) == (0, ["play R8", "keep"], ("uno",))
    play(g, 0, "play R8")
    assert (deciding(g), g.pending.window) == (1, True)
    play(g, 1, "catch")
    assert hand(g, 0) == sorted(["B5", "BS", "Y4"])
    assert discard(g) == ["R5", "R1", "R2", "R3", "R4", "R8"]
    assert (turn(g), deciding(g), g.pending.window) == (1, 1, False)


def test_playing_the_last_card_wins_and_scores_the_other_hands():
    """Winning: "When a player plays their final card, they win." and Keeping Score: "they receive points
    based on the cards remaining in their opponent's hands ... number cards (1-9) Face Value, Any Action
    Card 20 Points, Any Wild Card 50 Points." """
    g = two_left()
    play(g, 0, "play R4 uno")
    play(g, 1, "draw")      # G8
    play(g, 2, "draw")      # Y5
    play(g, 0, "play R6")
    assert g.over and g.winners == [0]
    assert hand(g, 0) == []
    assert hand(g, 1) == sorted(S1 + ["Y7", "B7", "G5", "G8"])   # 76 + 27
    assert hand(g, 2) == sorted(S2 + ["G9", "Y8", "B9", "Y5"])   # 93 + 31
    assert g.scores == [103 + 124, 0, 0]
    assert [e.type for e in g.events[-3:]] == ["win", "hand_over", "game_over"]


def test_a_last_card_draw_one_still_makes_the_next_player_draw_and_that_card_scores():
    """Winning with an Action card: a Draw One played as the last card still makes the next player "draw
    1 card", and Keeping Score counts it among the cards remaining in their hand."""
    g = two_left(last="RD1")
    play(g, 0, "play R4 uno")
    play(g, 1, "draw")      # G8
    play(g, 2, "draw")      # Y5
    play(g, 0, "play RD1")
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(S1 + ["Y7", "B7", "G5", "G8", "R8"])
    assert g.scores == [103 + 8 + 124, 0, 0]


@pytest.mark.parametrize("answer, drawn", [("accept", ["R8", "BS"]), ("challenge", ["R8", "BS", "Y4", "G2"])])
def test_a_last_card_wild_draw_two_still_makes_the_next_player_draw_and_those_cards_score(answer, drawn):
    """Going out on a Wild Draw Two (as classic UNO's Wild Draw Four): its player names no colour, the next player
    accepts ("Draw 2 cards") or challenges -- a last card leaves no card in hand to match, so the play was legal and
    the challenger "draws 4 cards instead of 2" -- and the hand is won with those cards counted."""
    g = two_left(last="W2", draws=DRAWS + ["G2"])
    play(g, 0, "play R4 uno")
    play(g, 1, "draw")      # G8
    play(g, 2, "draw")      # Y5
    play(g, 0, "play W2")
    assert not g.over and (deciding(g), options(g)) == (1, ["accept", "challenge"])
    play(g, 1, answer)
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(S1 + ["Y7", "B7", "G5", "G8"] + drawn)
    assert g.scores == [103 + 124 + {"accept": 8 + 20, "challenge": 8 + 20 + 4 + 2}[answer], 0, 0]


@pytest.mark.parametrize("last", ["RS", "RR", "W"])
def test_a_last_card_skip_reverse_or_wild_wins_at_once_and_every_kind_scores(last):
    """Winning: "When a player plays their final card, they win." -- a Skip, a Reverse or a Wild played last ends
    the hand at once, with nobody asked anything: no colour is named (play does not go on).  Keeping
    Score counts every kind left in the other hands: "number cards (1-9) Face Value, Any Action Card 20 Points -
    Skip, Reverse, Draw One, Any Wild Card 50 Points - Wild, Wild Draw Two"."""
    g = two_left(last=last)
    play(g, 0, "play R4 uno")
    play(g, 1, "draw")      # G8
    play(g, 2, "draw")      # Y5
    play(g, 0, f"play {last}")
    assert g.over and g.winners == [0] and g.pending is None
    assert not [e for e in events_of(g, "choice") if e.verb == "colour"]
    assert hand(g, 0) == []
    assert hand(g, 1) == sorted(S1 + ["Y7", "B7", "G5", "G8"])   # B1 B2 G3 YS W: 76; drawn 27
    assert hand(g, 2) == sorted(S2 + ["G9", "Y8", "B9", "Y5"])   # G6 GR B8 Y9 W2: 93; drawn 31
    assert g.scores == [76 + 27 + 93 + 31, 0, 0]
    assert [e.type for e in g.events[-3:]] == ["win", "hand_over", "game_over"]


# ====================================================================== a match to 250


def test_match_goes_on_to_a_second_hand_with_a_fresh_deal_and_the_next_player_first():
    """Winning: "Time to shuffle the cards and play again!"; Keeping Score: "Keep a running tally of each
    player's points from hand to hand."  227 points do not reach 250: hand 2 is dealt afresh (5 each,
    a number card on top) and the next player (seat 1) goes first."""
    g = two_left(match=True)
    play(g, 0, "play R4 uno")
    play(g, 1, "draw")
    play(g, 2, "draw")
    play(g, 0, "play R6")
    assert not g.over
    assert g.scores == [227, 0, 0]
    assert [(e.hand, e.first) for e in events_of(g, "hand")] == [(1, 0), (2, 1)]
    assert (g.state.hand_no, turn(g), deciding(g), g.state.direction) == (2, 1, 1, 1)
    assert [len(hand(g, s)) for s in range(3)] == [5, 5, 5]
    g.check_cards()
    prog = program(EXPRESS)
    pile = g.state.zone(prog.zone_index["discard"])
    assert draw_size(g) == DECK - 15 - len(pile)
    assert prog.cards[pile[-1]].attrs["kind"] == "number"
    assert colour(g) == prog.cards[pile[-1]].attrs["colour"]
    assert g.state.hands_won == [1, 0, 0]


def test_match_ends_when_a_score_reaches_250():
    """Keeping Score: "When a player reaches 250 points, they are the winner." """
    g = two_left(match=True)
    play(g, 0, "play R4 uno")
    play(g, 1, "draw")
    play(g, 2, "draw")
    play(g, 0, "play R6")
    prog = program(EXPRESS)
    bots = [make_bot("greedy", 1), make_bot("random", 2), make_bot("greedy", 3)]
    moves = 0
    while not g.over:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(prog, g.view(d.player), d))
        moves += 1
        assert moves < 20_000
    ends = events_of(g, "hand_over")
    assert len(ends) >= 2 and ends[0].scores == [227, 0, 0]
    assert all(max(e.scores) < 250 for e in ends[:-1])
    assert max(ends[-1].scores) >= 250
    best = max(g.scores)
    assert g.winners == [s for s, v in enumerate(g.scores) if v == best]
    assert as_dict(g.events[-1]) == {"type": "game_over", "winners": g.winners, "scores": g.scores, "hands": len(ends)}


def test_a_hand_worth_exactly_250_ends_the_match():
    """Keeping Score: "When a player reaches 250 points, they are the winner." -- reaching it exactly is enough.
    Two players: P1's four Skips keep the turn (P2 never plays) and the Yellow 3 goes out; P2 holds four Wilds
    and a Wild Draw Two, 5 x 50 = 250."""
    you = ["RS", "GS", "BS", "YS", "Y3"]
    g = new_game(EXPRESS, [you, ["W", "W", "W", "W", "W2"]], "R5", match=True)
    play(g, 0, "play RS", "play GS", "play BS", "play YS uno", "play Y3")
    assert g.over and g.winners == [0] and g.scores == [250, 0]
    assert [(e.hand, e.scores) for e in events_of(g, "hand_over")] == [(1, [250, 0])]


def test_a_hand_worth_less_than_250_does_not_end_the_match():
    """Keeping Score: below 250 ("a running tally of each player's points from hand to hand") a second hand is
    dealt: P2's three Wilds, Wild Draw Two and Red 9 are 209."""
    you = ["RS", "GS", "BS", "YS", "Y3"]
    g = new_game(EXPRESS, [you, ["W", "W", "W", "W2", "R9"]], "R5", match=True)
    play(g, 0, "play RS", "play GS", "play BS", "play YS uno", "play Y3")
    assert not g.over and g.scores == [209, 0]
    assert (g.state.hand_no, turn(g)) == (2, 1)


@pytest.mark.parametrize("p2, over, winners, scores", [
    (["W", "W", "W", "W", "W2"], True, [0], [0, 250]),
    (["W", "W", "W", "W2", "R9"], False, [], [0, 209]),
], ids=["reaches-250", "below-250"])
def test_the_official_alternate_scoring_each_scores_their_own_hand_and_the_lowest_wins_at_250(p2, over, winners,
                                                                                               scores):
    """`--option alternate_scoring=true` (classic UNO's official alternate scoring, inherited from uno.rules) with
    UNO Express's own target: each player scores the cards left in their own hand, and when one reaches 250
    ("When a player reaches 250 points") the match ends and the lowest total wins.  P2's own four Wilds and Wild
    Draw Two (250) end it with P1 (0) the winner; 209 does not, and hand 2 is dealt, P2 first."""
    you = ["RS", "GS", "BS", "YS", "Y3"]
    g = Game(program(EXPRESS), 2, seed=1, stack=deal_stack([you, p2], "R5"), match=True,
             options={"alternate_scoring": True})
    play(g, 0, "play RS", "play GS", "play BS", "play YS uno", "play Y3")
    assert [(e.hand, e.winners, e.scores) for e in events_of(g, "hand_over")] == [(1, [0], scores)]
    assert g.scores == scores and g.over is over
    if over:
        assert g.winners == winners
        assert as_dict(g.events[-1]) == {"type": "game_over", "winners": [0], "scores": scores, "hands": 1}
    else:
        assert (g.state.hand_no, turn(g), [len(hand(g, s)) for s in (0, 1)]) == (2, 1, [5, 5])


# ====================================================================== the command line


def test_command_line_scenario_with_a_stacked_deck_piped_moves_and_a_log(tmp_path):
    """The same rules at the prompt: `rulelang run games/express.rules --humans 1 --players 2 --stack
    FILE --seed 1 --delay 0`, moves piped on stdin.  You (seat 0) chain four Skips (with two players the
    bot Ada loses every turn), forget UNO on the fourth and are caught by Ada (draw 2), then win."""
    you = ["RS", "GS", "BS", "YS", "Y3"]
    ada = ["G1", "G2", "B1", "B2", "R1"]   # 1 + 2 + 1 + 2 + 1, plus the two cards Ada draws: 7 + 7
    stack = tmp_path / "stack.yaml"
    stack.write_text("# You and Ada are dealt alternately; then the flip; then the draw pile\n"
                     + json.dumps(deal_stack([you, ada], "R5", ["Y4", "Y6", "G7", "B7"])) + "\n")
    log = tmp_path / "game.jsonl"
    moves = ["play RS", "play GS", "play BS", "play YS", "play Y3", "play Y4 uno", "play Y6"]
    proc = subprocess.run(
        rulelang_command() + ["run", "games/express.rules", "--humans", "1", "--players", "2", "--stack", str(stack),
                              "--seed", "1", "--delay", "0", "--log", str(log)],
        input="\n".join(moves) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    lines = out.splitlines()
    assert lines[0].startswith("UNO Express — 2 players: You, Ada · seed 1")
    assert "\x1b[" not in out  # not a terminal: plain text, no escape codes
    assert [line for line in lines if line.startswith("You> ")] == [f"You> {m}" for m in moves]  # echoed
    assert "✗" not in out  # every move was accepted
    assert "Ada catches" in out or "Ada: catch" in out
    assert "You are caught without calling UNO and draw 2" in out  # the rule's text, told to you
    assert lines[-1].startswith("Game over: You win")
    assert lines[-1].endswith("scores: You 21, Ada 0")

    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert events[0]["type"] == "start"
    assert (events[0]["players"], events[0]["seed"], events[0]["game"]) == (["You", "Ada"], 1, "UNO Express")
    assert events[-1] == {"type": "game_over", "winners": ["You"], "scores": {"You": 21, "Ada": 0}, "hands": 1}
    assert [e["player"] for e in events if e["type"] == "skip"] == ["Ada"] * 4
    assert [e["player"] for e in events if e["type"] == "choice" and e["move"] == "catch"] == ["Ada"]
    assert [e["player"] for e in events if e["type"] == "call"] == ["You"]
    # The log is what the table sees: the cards played are named, the cards drawn are not.
    assert [e["cards"] for e in events if e["type"] == "move" and e.get("dst_owner") == "You"] == [[None, None]]
    assert [e["cards"][0] for e in events if e["type"] == "move" and e.get("dst") == "discard"] == [
        "Red 5", "Red Skip", "Green Skip", "Blue Skip", "Yellow Skip", "Yellow 3", "Yellow 4", "Yellow 6"]
    ada_draws = [e for e in events if e["type"] == "move" and e.get("dst_owner") == "Ada"]
    assert [e["cards"] for e in ada_draws] == [[None], [None]]
    assert [e for e in events if e["type"] == "hand_over"][-1]["scores"] == {"You": 21, "Ada": 0}
