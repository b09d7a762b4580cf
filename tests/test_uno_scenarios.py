"""Classic UNO made executable: one scenario per paragraph of the printed rules.

The scenarios UNO Express, UNO House Rules and Let's Build a Droid play alike on the same cards (their rulebooks in
/work/shared/rulebooks/ word these paragraphs alike) run for every one of them: parametrized by `name`, on each
game's hands (`HANDS`).  What
only Express does, or does on other cards, is in test_express_scenarios.py.

The classic rules are quoted from /work/shared/rulebooks/uno_house_rules.md (its Let's Play, Calling "UNO",
Winning, Action Cards and Keeping Score sections are the classic game's) and, where classic UNO differs from the
variant books (the first card turned up) or the books say nothing (going out on a Wild Draw Four), from the
official UNO rules (docs/rulebooks.md).  Each test
stacks the deck (see helpers.deal_stack), scripts the moves and asserts the exact state after them.
Seats are 0-based: seat 0 is "P1" and goes first in hand 1.
"""
from __future__ import annotations

import json

import pytest

import test_express_scenarios as express
from helpers import (MoveError, colour, deal_stack, deciding, discard, draw_pile, draw_size, events_of, hand,
                     hand_names, narration, new_game, options, play, program, rest_of_deck, run_cli, top, turn)
from interpreter import Game
from interpreter.bots import make_bot
from interpreter.events import as_dict

UNO, EXPRESS, HOUSE, DROID = "uno", "express", "house", "droid"

# Three players for the action cards: nothing in these hands matches a red 5 unless a test adds it.
A3 = ["G1", "G2", "B3", "B4", "Y6", "Y7", "Y8"]
B3 = ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"]
C3 = ["G6", "G7", "G8", "B8", "B9", "Y4", "Y9"]
# The same seats in UNO Express, which deals 5 (and has each of 1-9 once per colour).
HANDS = {UNO: (A3, B3, C3), EXPRESS: (express.A, express.B, express.C), HOUSE: (A3, B3, C3), DROID: (A3, B3, C3)}


def hand_names_of(shorts):
    prog = program(UNO)
    return [prog.cards[prog.card_by_text(n)[0]].name for n in shorts]


def with_card(hand_, card, replace=-1):
    """A copy of a hand with one card replaced (the last, unless told)."""
    out = list(hand_)
    out[replace] = card
    return out


# ====================================================================== Contents


def test_the_deck_has_108_cards_worth_the_books_points():
    """The classic deck (the rulebooks' README): per colour one 0, two of each 1-9, two Skip, two Reverse, two
    Draw Two; four Wild; four Wild Draw Four -- 108.  Keeping Score: "All number cards (0-9) Face Value, Any
    Action Card 20 Points, Any Wild Card 50 Points"."""
    prog = program(UNO)
    assert len(prog.cards) == 108
    counts = {}
    for c in prog.cards:
        counts[c.short] = counts.get(c.short, 0) + 1
    for col in "RYGB":
        assert counts[f"{col}0"] == 1
        assert all(counts[f"{col}{n}"] == 2 for n in range(1, 10))
        assert counts[f"{col}S"] == counts[f"{col}R"] == counts[f"{col}D2"] == 2
    assert counts["W"] == counts["W4"] == 4
    kinds = {"number": None, "skip": 20, "reverse": 20, "draw_two": 20, "wild": 50, "wild_draw_four": 50}
    for c in prog.cards:
        want = kinds[c.attrs["kind"]]
        assert c.attrs["points"] == (c.attrs["number"] if want is None else want), c.name


# ====================================================================== Set Up


def test_setup_deals_seven_cards_each_and_flips_the_top_card():
    """Set Up 2-5: "Deal 7 cards to each player.  Place the remaining cards FACEDOWN ... DRAW PILE.
    Flip over the top card of the DRAW PILE ... to form the DISCARD PILE.  The player to the left of
    the dealer goes first and play proceeds clockwise." """
    hands = [A3, B3, C3, ["R1", "R2", "R3", "W", "W4", "GS", "BR"]]
    g = new_game(UNO, hands, "Y5", ["B7", "G9"])
    for seat, h in enumerate(hands):
        assert hand(g, seat) == sorted(h)
    assert hand_names(g, 3) == ["Blue Reverse", "Green Skip", "Red 1", "Red 2", "Red 3", "Wild", "Wild Draw Four"]
    assert discard(g) == ["Y5"]
    assert colour(g) == "yellow"
    assert draw_size(g) == 108 - 4 * 7 - 1
    assert draw_pile(g)[:2] == ["B7", "G9"]
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert g.scores == [0, 0, 0, 0]
    deal = events_of(g, "deal")
    assert [len(cards) for cards in deal[0].cards.values()] == [7, 7, 7, 7]


# The official UNO rules (their Action cards section): an Action card turned up first acts on the first player
# (the player to the left of the dealer; the dealer sits before them).  UNO Express, UNO House Rules, Liar's UNO
# and Let's Build a Droid ignore it instead (their books' Set Up 4: test_express_scenarios, test_house_rules,
# test_liars_scenarios, test_droid).


def test_setup_a_wild_draw_four_turned_up_first_goes_back_into_the_deck_and_another_card_is_turned_up():
    """Wild Draw Four turned up at the beginning of play: it goes back into the deck, which is shuffled, and a new
    card is turned over.  Ten players hold every Wild and Action card but one Wild Draw Four, which is turned
    up: it is shuffled back into the draw pile, whose other 37 cards are number cards, and one of those is turned
    up instead; P1 plays first, on its colour."""
    prog = program(UNO)
    numbers = [c.short for c in prog.cards if c.attrs["kind"] == "number"]
    specials = [c.short for c in prog.cards if c.attrs["kind"] != "number"]
    flip, specials = specials[-1], specials[:-1]  # a Wild Draw Four
    assert flip == "W4" and len(specials) == 31
    dealt = specials + numbers[:70 - 31]
    draw = numbers[70 - 31:]
    g = Game(prog, 10, seed=1, stack=deal_stack([dealt[7 * i: 7 * i + 7] for i in range(10)], flip, draw))
    assert len(discard(g)) == 1
    first = prog.cards[g.state.zone(prog.zone_index["discard"])[-1]]
    assert first.attrs["kind"] == "number" and first.short in draw
    assert colour(g) == first.attrs["colour"]
    assert sorted(draw_pile(g) + [first.short]) == sorted(draw + [flip])
    assert draw_pile(g)[:3] != draw[:3] or draw_pile(g)[3:6] != draw[3:6]  # shuffled
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert [len(hand(g, s)) for s in range(10)] == [7] * 10
    g.check_cards()


def test_setup_a_wild_turned_up_first_the_first_player_names_the_colour():
    """Wild turned up at the beginning of play: the player to the left of the dealer chooses the colour that begins
    play.  P1 names green and plays on it."""
    g = new_game(UNO, [A3, B3, C3], "W", ["B7"])
    assert discard(g) == ["W"]
    assert colour(g) is None
    assert deciding(g) == 0
    assert options(g) == ["colour red", "colour yellow", "colour green", "colour blue"]
    play(g, 0, "colour green")
    assert colour(g) == "green"
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert options(g) == ["play G1", "play G2", "draw"]
    play(g, 0, "play G1")
    assert (turn(g), deciding(g)) == (1, 1)


def test_setup_a_skip_turned_up_first_the_first_player_is_skipped():
    """Skip turned up at the beginning of play: the player to the left of the dealer is skipped, and the player to
    the left of that player starts play."""
    g = new_game(UNO, [A3, B3, C3], "RS", ["B7"])
    assert discard(g) == ["RS"]
    assert colour(g) == "red"
    assert [hand(g, s) for s in range(3)] == [sorted(A3), sorted(B3), sorted(C3)]
    assert (turn(g), deciding(g), g.state.direction) == (1, 1, 1)
    assert [e.player for e in events_of(g, "skip")] == [0]  # told as P1's lost turn, to P1 and to the others
    assert narration(g, 0)[-1] == "you lose your turn" and narration(g, 1)[-1] == "P1 loses their turn"
    play(g, 1, "draw")  # a Blue 7: no match for a red Skip
    assert (turn(g), deciding(g)) == (2, 2)


def test_setup_a_draw_two_turned_up_first_the_first_player_draws_two_and_is_skipped():
    """Draw Two turned up at the beginning of play: the same rule applies, so the player to the left of the dealer
    draws 2 cards and loses their turn."""
    g = new_game(UNO, [A3, B3, C3], "BD2", ["R8", "Y5", "B7"])
    assert discard(g) == ["BD2"]
    assert colour(g) == "blue"
    assert hand(g, 0) == sorted(A3 + ["R8", "Y5"])
    assert [hand(g, s) for s in (1, 2)] == [sorted(B3), sorted(C3)]
    assert draw_pile(g)[0] == "B7"
    assert draw_size(g) == 108 - 21 - 1 - 2
    assert (turn(g), deciding(g), g.state.direction) == (1, 1, 1)
    assert [e.player for e in events_of(g, "skip")] == [0]
    assert narration(g, 2)[-2:] == ["P1 takes 2 cards from the draw pile", "P1 loses their turn"]
    assert options(g) == ["play B1", "play B2", "draw"]


def test_setup_a_reverse_turned_up_first_the_dealer_plays_first_and_play_moves_to_the_right():
    """Reverse turned up at the beginning of play: the dealer plays first, and play moves to the right instead of
    the left.  P1 is left of the dealer, so the dealer is P3 (of three): P3, then P2."""
    g = new_game(UNO, [A3, B3, C3], "GR", ["B7"])
    assert discard(g) == ["GR"]
    assert colour(g) == "green"
    assert (turn(g), deciding(g), g.state.direction) == (2, 2, -1)
    assert [hand(g, s) for s in range(3)] == [sorted(A3), sorted(B3), sorted(C3)]
    play(g, 2, "play G6")
    assert (turn(g), deciding(g)) == (1, 1)
    play(g, 1, "play G3")
    assert (turn(g), deciding(g)) == (0, 0)


def test_setup_a_reverse_turned_up_first_with_two_players_the_dealer_plays_first():
    """Reverse turned up with two players: the dealer (P2) plays first; with two a Reverse is a Skip, so the same
    seat goes first either way, and play then alternates."""
    g = new_game(UNO, [A3, B3], "GR", ["B7"])
    assert (turn(g), deciding(g)) == (1, 1)
    play(g, 1, "play G3")
    assert (turn(g), deciding(g)) == (0, 0)



@pytest.mark.parametrize("first, p1_draws, turns_to", [("RS", [], 1), ("BD2", ["Y8", "Y9"], 1), ("W", [], 0)],
                         ids=["skip", "draw_two", "wild"])
def test_setup_with_two_players_the_card_turned_up_acts_on_the_first_player(first, p1_draws, turns_to):
    """The official turn-up with two players: a Skip turned up skips P1, so the dealer (P2) plays first; a Draw Two
    makes P1 draw 2 and lose the turn to P2; a Wild has P1 name the colour and play.  The direction stays."""
    g = new_game(UNO, [A3, B3], first, ["Y8", "Y9", "G9"])
    assert discard(g) == [first]
    assert [hand(g, 0), hand(g, 1)] == [sorted(A3 + p1_draws), sorted(B3)]
    assert (turn(g), deciding(g), g.state.direction) == (turns_to, turns_to, 1)
    assert [e.player for e in events_of(g, "skip")] == ([0] if turns_to == 1 else [])
    if first == "W":
        assert g.pending.prompt == "choose the colour that continues play"
        play(g, 0, "colour green")
        assert (colour(g), turn(g), deciding(g)) == ("green", 0, 0)
        assert options(g) == ["play G1", "play G2", "draw"]
    else:
        play(g, 1, "draw")  # the dealer's first turn (a card that does not match); then P1 plays
        assert (turn(g), deciding(g)) == (0, 0)


def test_setup_over_seeded_deals_one_card_is_turned_up_never_a_wild_draw_four_and_it_acts_on_the_first_player():
    """A property of the official turn-up over 200 seeded deals of four players: the discard pile starts with one
    card, never a Wild Draw Four; who decides first and the hands follow from it (P4 is the dealer)."""
    prog = program(UNO)
    seen = set()
    reshuffled = 0
    for seed in range(1, 201):
        g = Game(prog, 4, seed=seed)
        reshuffled += len(events_of(g, "shuffle")) - 1  # a Wild Draw Four turned up went back, and the deck was shuffled
        assert len(discard(g)) == 1
        kind = prog.cards[g.state.zone(prog.zone_index["discard"])[0]].attrs["kind"]
        assert kind != "wild_draw_four"
        seen.add(kind)
        first, direction, sizes = {"skip": (1, 1, [7] * 4), "draw_two": (1, 1, [9, 7, 7, 7]),
                                   "reverse": (3, -1, [7] * 4)}.get(kind, (0, 1, [7] * 4))
        assert (deciding(g), g.state.direction) == (first, direction)
        assert [len(hand(g, s)) for s in range(4)] == sizes
        assert (colour(g) is None) == (kind == "wild")
    assert seen == {"number", "skip", "reverse", "draw_two", "wild"}
    assert reshuffled == 6


# Three players, a match: P1 plays its seven reds on the Red 5 (UNO with the sixth) while P2 and P3 draw cards that
# match nothing, and wins hand 1.  In hand 2 the deal has passed to the left: P1 is the dealer, P2 goes first.
RED7 = ["R1", "R2", "R3", "R4", "R6", "R7", "R8"]
NO_RED = ["B9", "B9", "G9", "G9", "Y9", "Y9", "B0", "G0", "Y0", "BS", "GS", "YS"]


@pytest.mark.parametrize("seed, first, turns_to, direction, p2_draws", [
    (6, "RR", 0, -1, 0),   # Reverse: the dealer, P1, plays first, and play goes to the right (P3 next)
    (10, "BS", 2, 1, 0),   # Skip: P2 is skipped
    (12, "RD2", 2, 1, 2),  # Draw Two: P2 draws 2 and is skipped
    (15, "W", 1, 1, 0),    # Wild: P2 names the colour and plays
], ids=["reverse", "skip", "draw_two", "wild"])
def test_setup_in_a_later_hand_the_card_turned_up_acts_on_that_hands_first_player(seed, first, turns_to, direction,
                                                                                   p2_draws):
    """Each hand's first player is the one to the left of its dealer (the deal passes to the left): the card turned
    up to start hand 2 acts on P2, or (a Reverse) has the dealer P1 play first.  (Seeds chosen for the card hand 2
    turns up.)"""
    g = new_game(UNO, [RED7, B3, ["G6", "G7", "G8", "B8", "B7", "Y4", "Y6"]], "R5", NO_RED, match=True, seed=seed)
    for i, c in enumerate(RED7):
        play(g, 0, f"play {c}" + (" uno" if i == 5 else ""))
        if i < 6:
            play(g, 1, "draw")
            play(g, 2, "draw")
    assert g.state.hand_no == 2 and [e.first for e in events_of(g, "hand")] == [0, 1]
    assert discard(g) == [first]
    assert [len(hand(g, s)) for s in range(3)] == [7, 7 + p2_draws, 7]
    assert (turn(g), deciding(g), g.state.direction) == (turns_to, turns_to, direction)
    if first == "W":
        assert colour(g) is None and options(g)[0] == "colour red"
        play(g, 1, "colour blue")
        assert colour(g) == "blue" and (turn(g), deciding(g)) == (1, 1)
    else:
        assert colour(g) == {"R": "red", "B": "blue"}[first[0]]


# ====================================================================== Matching


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_a_card_matches_by_colour(name):
    """Let's Play 1: "You can only play a card if it matches at least one attribute of the top card on
    the Discard Pile: its color, number, or symbol." -- here, its colour."""
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [with_card(A3, "R9"), B3, C3], "R5")
    assert options(g) == ["play R9", "draw"]
    play(g, 0, "play R9")
    assert discard(g) == ["R5", "R9"]
    assert colour(g) == "red"
    assert hand(g, 0) == sorted(A3[:-1])
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_a_card_matches_by_number(name):
    """Let's Play 1: a card matches the top card by its number: a Green 5 on a Red 5, and the colour
    in play becomes green."""
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [with_card(A3, "G5"), B3, C3], "R5")
    assert options(g) == ["play G5", "draw"]
    play(g, 0, "play G5")
    assert discard(g) == ["R5", "G5"]
    assert colour(g) == "green"
    assert (turn(g), deciding(g)) == (1, 1)
    # Seat 1 now matches green (G3, G4), not red or 5.
    assert options(g) == ["play G3", "play G4", "draw"]


def test_a_card_matches_by_symbol():
    """Let's Play 1 and Action Cards NOTE: a card matches by symbol (a Skip on a Skip of another
    colour); "Action cards may be played on other Action cards of the same color"."""
    c = ["GS", "BR", "GD2", "B2", "Y3", "Y4", "G1"]
    g = new_game(UNO, [with_card(A3, "RS"), B3, c], "R5")
    play(g, 0, "play RS")  # colour: a Red Skip on a Red 5; seat 1 loses their turn
    assert (turn(g), deciding(g)) == (2, 2)
    assert options(g) == ["play GS", "draw"]  # not the Green Draw Two, nor the Blue Reverse
    play(g, 2, "play GS")
    assert discard(g) == ["R5", "RS", "GS"]
    assert colour(g) == "green"
    assert hand(g, 2) == sorted(["BR", "GD2", "B2", "Y3", "Y4", "G1"])
    assert (turn(g), deciding(g)) == (1, 1)  # the Green Skip skips seat 0


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_a_card_that_does_not_match_is_refused_and_nothing_changes(name):
    """Let's Play 1: "You can ONLY play a card if it matches ..." -- a Blue 3 on a Red 5 is refused
    with a reason, and the game is untouched."""
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [with_card(A3, "R1"), B3, C3], "R5")
    before = (hand(g, 0), discard(g), turn(g), len(g.events), options(g))
    assert before[-1] == ["play R1", "draw"]
    with pytest.raises(MoveError, match="Blue 3 cannot be chosen now"):
        g.apply(0, "play B3")
    with pytest.raises(MoveError, match="you have no Red 2"):
        g.apply(0, "play R2")  # not in the hand at all
    with pytest.raises(MoveError):
        g.apply(1, "draw")  # not seat 1's turn
    assert (hand(g, 0), discard(g), turn(g), len(g.events), options(g)) == before


def test_a_move_may_be_typed_by_what_it_chooses_when_one_verb_chooses_it():
    """At the prompt `blue` means `colour blue` and `R1` means `play R1`: the only moves that name them.
    Unknown text is still refused with the verbs there are."""
    g = new_game(UNO, [with_card(A3, "W"), B3, C3], "R5")
    with pytest.raises(MoveError, match="`blue` is not a move now; you can: play W or draw"):
        g.apply(0, "blue")
    g.apply(0, "wild")  # the card's full name
    assert (deciding(g), options(g)) == (0, ["colour red", "colour yellow", "colour green", "colour blue"])
    g.apply(0, "Blue")
    assert colour(g) == "blue"


def test_text_that_names_a_choice_of_two_verbs_is_refused_with_both():
    """Liar's UNO offers a Regular card to play face up or to lay face down as a cheat: `R1` alone is
    ambiguous, and the refusal names both moves."""
    g = new_game("liars", [["R1", "LR2", "LB3", "B4", "Y6", "LY7", "G8"], ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"],
                           ["G6", "G7", "LG8", "B8", "B0", "Y4", "Y9"]], "R5", ["G1", "G2"])
    with pytest.raises(MoveError, match="`R1` could be `play R1` or `cheat R1`: say which, with its verb"):
        g.apply(0, "R1")
    g.apply(0, "LR2")  # only `truth` lays it
    assert g.pending.prompt.startswith("you laid Liar's Red 2")


def test_a_wild_matches_anything_and_its_player_names_the_colour():
    """Wild card: "This card matches anything so you can play it no matter what card is on the Discard
    Pile.  When you play a Wild card, you also get to choose the color that continues play." """
    b = ["B8", "R5", "G5", "Y5", "R9", "G9", "Y9"]
    g = new_game(UNO, [with_card(A3, "W"), b, C3], "R5")
    assert options(g) == ["play W", "draw"]
    play(g, 0, "play W")
    assert deciding(g) == 0
    assert options(g) == ["colour red", "colour yellow", "colour green", "colour blue"]
    play(g, 0, "colour blue")
    assert discard(g) == ["R5", "W"]
    assert colour(g) == "blue"
    assert hand(g, 0) == sorted(A3[:-1])
    assert (turn(g), deciding(g)) == (1, 1)
    # Blue continues play: the fives and reds no longer match.
    assert options(g) == ["play B8", "draw"]


# ====================================================================== Drawing


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_without_a_match_you_draw_and_may_play_the_new_card(name):
    """Let's Play: "If you DO NOT HAVE a matching card, DRAW ONE CARD from the Draw Pile.  1. If your
    new card can be played, then you may play it now." """
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [A3, B3, C3], "R5", ["R8"])
    assert options(g) == ["draw"]
    play(g, 0, "draw")
    assert deciding(g) == 0
    assert g.pending.prompt == "you drew Red 8: play it or keep it"
    assert options(g) == ["play R8", "keep"]
    play(g, 0, "play R8")
    assert discard(g) == ["R5", "R8"]
    assert colour(g) == "red"
    assert hand(g, 0) == sorted(A3)
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_you_may_keep_a_drawn_card_that_could_be_played(name):
    """Let's Play: the drawn card *may* be played -- the player can keep it instead; then "Once you
    play or draw a card, play continues with the next player." """
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [A3, B3, C3], "R5", ["R8"])
    play(g, 0, "draw", "keep")
    assert hand(g, 0) == sorted(A3 + ["R8"])
    assert discard(g) == ["R5"]
    assert colour(g) == "red"
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_a_drawn_card_that_cannot_be_played_is_kept_and_play_moves_on(name):
    """Let's Play: draw one card; only "If your new card can be played" may it be played -- a Blue 6
    on a Red 5 stays in the hand and play continues with the next player."""
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [A3, B3, C3], "R5", ["B6"])
    play(g, 0, "draw")
    assert hand(g, 0) == sorted(A3 + ["B6"])
    assert discard(g) == ["R5"]
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("name,drawn", [(UNO, "Y9"), (EXPRESS, "Y7")])
def test_you_may_draw_even_when_you_could_play(name, drawn):
    """Let's Play 2: "You may choose to draw a card instead of playing one, even if you have a playable
    card in your hand." """
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [with_card(A3, "R1"), B3, C3], "R5", [drawn])
    assert options(g) == ["play R1", "draw"]
    play(g, 0, "draw")
    assert hand(g, 0) == sorted(A3[:-1] + ["R1", drawn])
    assert discard(g) == ["R5"]
    assert (turn(g), deciding(g)) == (1, 1)


def test_the_card_you_draw_is_seen_by_you_alone():
    """Set Up 3 / Let's Play: the Draw Pile is FACEDOWN and a drawn card goes into your hand, which only you
    see.  While P1 decides whether to play the Red 8 they drew, no other seat (nor a spectator) may learn
    it from its view -- and if it is kept, they never do."""
    g = new_game(UNO, [A3, B3, C3], "R5", ["R8"])
    play(g, 0, "draw")
    assert "Red 8" in json.dumps(g.view(0))
    for seat in (1, 2, None):
        assert "Red 8" not in json.dumps(g.view(seat)), f"seat {seat} sees the drawn card"
    play(g, 0, "keep")
    for seat in (1, 2, None):
        seen = [as_dict(g.event_for(e, seat)) for e in g.events]
        assert "Red 8" not in json.dumps(seen) + json.dumps(g.view(seat))


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_keeping_its_top_card():
    """Let's Play NOTE: "If there are no cards left in the Draw Pile, reshuffle the Discard Pile to form
    a new Draw Pile."  The top card stays as the Discard Pile.  Ten players hold 70 cards and the 37
    cards of the draw pile are all drawn; the next draw reshuffles the discard pile under the top."""
    prog = program(UNO)
    # The draw pile: 37 cards that never match a Red 7 (no red, no 7, no Wild); everything else is dealt.
    dull = [c.short for c in prog.cards
            if c.attrs.get("colour") not in (None, "red") and c.attrs.get("number") != 7][:37]
    others = rest_of_deck(UNO, dull, ["R5", "R7"])
    hands = [["R7"] + others[:6]] + [others[6 + 7 * i: 13 + 7 * i] for i in range(9)]
    g = Game(prog, 10, seed=1, stack=deal_stack(hands, "R5", dull))
    assert draw_pile(g) == dull
    play(g, 0, "play R7")
    for i in range(37):  # seats 1..9, 0, 1, ... each draw one card that does not match
        play(g, (i + 1) % 10, "draw")
    assert draw_size(g) == 0
    assert discard(g) == ["R5", "R7"]
    assert events_of(g, "refill") == []
    drawer = 38 % 10
    before = hand(g, drawer)
    play(g, drawer, "draw")  # the draw pile is empty: the Red 5 under the top is shuffled into it and drawn
    assert [(e.zone, e.source, e.count) for e in events_of(g, "refill")] == [("draw", "discard", 1)]
    assert discard(g) == ["R7"]
    assert draw_size(g) == 0
    assert hand(g, drawer) == sorted(before + ["R5"])
    assert options(g) == ["play R5", "keep"]  # it matches the Red 7, so it may be played at once


# ====================================================================== Action cards


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_skip_the_next_player_loses_their_turn(name):
    """Skip card: "When played, the next player loses their turn." """
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [with_card(A3, "RS"), B3, C3], "R5")
    play(g, 0, "play RS")
    assert discard(g) == ["R5", "RS"]
    assert [e.player for e in events_of(g, "skip")] == [1]
    assert hand(g, 1) == sorted(B3)
    assert (turn(g), deciding(g), g.state.direction) == (2, 2, 1)


def test_reverse_changes_the_direction_of_play():
    """Reverse card: "When played, the direction of play is reversed.  If play was moving clockwise, it
    now moves counterclockwise and vice versa." (four players: P1 → P4 → P3)"""
    d = ["R2", "R3", "G9", "B5", "B6", "Y5", "Y3"]
    g = new_game(UNO, [with_card(A3, "RR"), B3, C3, d], "R5")
    play(g, 0, "play RR")
    assert g.state.direction == -1
    assert (turn(g), deciding(g)) == (3, 3)
    play(g, 3, "play R2")
    assert (turn(g), deciding(g)) == (2, 2)
    assert discard(g) == ["R5", "RR", "R2"]


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_reverse_with_two_players_acts_as_a_skip(name):
    """Reverse card, two players (the .rules file: "With two players a Reverse acts as a Skip: the
    player who played it goes again")."""
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [with_card(with_card(A3, "RR"), "R1", 0), B3], "R5")
    play(g, 0, "play RR")
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert hand(g, 1) == sorted(B3)
    play(g, 0, "play R1")
    assert discard(g) == ["R5", "RR", "R1"]
    assert (turn(g), deciding(g)) == (1, 1)


def test_draw_two_next_player_draws_two_and_loses_their_turn():
    """Draw Two card: "When played, the next player must draw 2 cards and lose their turn." """
    g = new_game(UNO, [with_card(A3, "RD2"), B3, C3], "R5", ["R8", "BD2"])
    play(g, 0, "play RD2")
    assert discard(g) == ["R5", "RD2"]
    assert hand(g, 1) == sorted(B3 + ["R8", "BD2"])
    assert colour(g) == "red"
    assert (turn(g), deciding(g)) == (2, 2)
    assert draw_size(g) == 108 - 21 - 1 - 2


@pytest.mark.parametrize("name, card, held, wild_draw, drawn", [(UNO, "RD2", "RD2", "W4", ["R8", "BD2"]),
                                                                (EXPRESS, "RD1", "BD1", "W2", ["R8"]),
                                                                (HOUSE, "RD2", "RD2", "W4", ["R8", "BD2"]),
                                                                (DROID, "RD2", "RD2", "W4", ["R8", "BD2"])])
def test_draw_cards_do_not_stack_the_next_player_draws_even_holding_one(name, card, held, wild_draw, drawn):
    """No stacking (the books and the official rules give no way to pass a Draw card on): the next player, though
    they hold a Draw card of their own and a Wild Draw card, "must draw" and "lose their turn" -- they are offered
    nothing to play back."""
    A3, B3, C3 = HANDS[name]
    b = with_card(with_card(B3, held, 0), wild_draw, 1)
    g = new_game(name, [with_card(A3, card), b, C3], "R5", drawn)
    play(g, 0, f"play {card}")
    assert hand(g, 1) == sorted(b + drawn)
    assert discard(g) == ["R5", card]
    assert (turn(g), deciding(g)) == (2, 2)


@pytest.mark.parametrize("name, wild_draw, amount", [(UNO, "W4", 4), (EXPRESS, "W2", 2), (HOUSE, "W4", 4),
                                                     (DROID, "W4", 4)])
def test_a_wild_draw_card_does_not_stack_the_next_player_accepts_or_challenges_only(name, wild_draw, amount):
    """Wild Draw Four (UNO Express: Wild Draw Two): "the next player has 2 options: Draw 4 cards and lose their
    turn OR challenge" -- holding one of their own, they may not play it back."""
    A3, B3, C3 = HANDS[name]
    g = new_game(name, [[wild_draw] + A3[:-1], with_card(B3, wild_draw), C3], "R5", ["R6", "R7", "R8", "R9"])
    play(g, 0, f"play {wild_draw}", "colour green")
    assert deciding(g) == 1 and options(g) == ["accept", "challenge"]
    play(g, 1, "accept")
    assert hand(g, 1) == sorted(with_card(B3, wild_draw) + ["R6", "R7", "R8", "R9"][:amount])
    assert (turn(g), deciding(g)) == (2, 2)


# ====================================================================== Wild Draw Four

# Seat 0 holds a Wild Draw Four and, unless a test says otherwise, no red card: a legal play on a
# Red 5.  The six cards after the flip are what the penalties draw.
WD4_HAND = ["W4", "G1", "G2", "B3", "B4", "Y6", "Y7"]
PENALTY = ["R6", "R7", "R8", "R9", "Y9", "B9"]


def wd4_game(hand0=WD4_HAND):
    g = new_game(UNO, [hand0, B3, C3], "R5", PENALTY)
    play(g, 0, "play W4")
    assert options(g) == ["colour red", "colour yellow", "colour green", "colour blue"]
    play(g, 0, "colour green")
    assert deciding(g) == 1
    assert g.pending.prompt == "P1 played a Wild Draw Four: accept it or challenge"
    assert options(g) == ["accept", "challenge"]
    return g


def test_wild_draw_four_accepted_next_player_draws_four_and_loses_their_turn():
    """Wild Draw Four: "When played, the next player has 2 options: Draw 4 cards and lose their turn
    OR challenge." -- accepting."""
    g = wd4_game()
    play(g, 1, "accept")
    assert hand(g, 1) == sorted(B3 + PENALTY[:4])
    assert hand(g, 0) == sorted(WD4_HAND[1:])
    assert discard(g) == ["R5", "W4"]
    assert colour(g) == "green"
    assert (turn(g), deciding(g)) == (2, 2)
    assert options(g) == ["play G6", "play G7", "play G8", "draw"]


def test_wild_draw_four_challenge_fails_challenger_draws_six_and_loses_their_turn():
    """Wild Draw Four: "If you DO NOT have a card that matches color: the challenger draws 6 cards
    instead of 4 and loses their turn." """
    g = wd4_game()
    play(g, 1, "challenge")
    reveal = events_of(g, "reveal")
    assert [(e.owner, e.to, len(e.cards)) for e in reveal] == [(0, [1], 6)]
    # "you must show THEM your entire hand": the challenger sees it, the third player does not
    assert sorted(g.event_for(reveal[0], 1).cards) == sorted(hand_names_of(WD4_HAND[1:]))
    assert g.event_for(reveal[0], 2).cards == [None] * 6
    assert hand(g, 1) == sorted(B3 + PENALTY)
    assert hand(g, 0) == sorted(WD4_HAND[1:])
    assert colour(g) == "green"
    assert (turn(g), deciding(g)) == (2, 2)


def test_wild_draw_four_challenge_succeeds_player_draws_four_challenger_plays_next():
    """Wild Draw Four: "If you DO have a card that matches color: YOU must draw 4 cards and they draw
    none." -- and the challenger, who did not lose their turn, plays next."""
    guilty = with_card(WD4_HAND, "R1")  # a red card: the colour in play when the W4 was played
    g = wd4_game(guilty)
    play(g, 1, "challenge")
    assert hand(g, 0) == sorted(guilty[1:] + PENALTY[:4])
    assert hand(g, 1) == sorted(B3)
    assert discard(g) == ["R5", "W4"]
    assert colour(g) == "green"
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play G3", "play G4", "draw"]


def test_wild_draw_four_a_plain_wild_in_hand_counts_as_a_match():
    """Wild Draw Four: "... whether or not you have a card that matches the color of the discard pile
    – Wild cards are considered a match, too."  Holding a Wild makes the Wild Draw Four illegal."""
    holds_wild = with_card(WD4_HAND, "W")
    g = wd4_game(holds_wild)
    play(g, 1, "challenge")
    assert hand(g, 0) == sorted(holds_wild[1:] + PENALTY[:4])
    assert hand(g, 1) == sorted(B3)
    assert colour(g) == "green"
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("name", [UNO, EXPRESS, HOUSE, DROID])
def test_wild_draw_another_wild_draw_card_in_hand_does_not_make_it_illegal(name):
    """Wild Draw Four / Wild Draw Two: "Wild cards are considered a match, too" (the README's gap; the .rules
    file: a plain Wild or a variant's own Wild counts, another Wild Draw card of the same kind does not -- it is
    restricted itself, and counting it would forbid a pair outright).  Holding a second one, the play was
    legal: the challenger draws 6 (4 in Express) and loses their turn."""
    if name == UNO:
        held = with_card(WD4_HAND, "W4")
        g = wd4_game(held)
        b, penalty, drawn = B3, PENALTY, 6
    else:
        held = with_card(express.WD2_HAND, "W2")
        g = express.wd2_game(held)
        b, penalty, drawn = express.B, express.PENALTY, 4
    play(g, 1, "challenge")
    assert hand(g, 1) == sorted(b + penalty[:drawn])
    assert hand(g, 0) == sorted(held[1:])
    assert (colour(g), turn(g), deciding(g)) == ("green", 2, 2)


@pytest.mark.parametrize("held, guilty", [("G1", True), ("R1", False)], ids=["named-colour", "colour-under-it"])
def test_wild_draw_four_on_a_wild_is_judged_by_the_colour_named_for_it(held, guilty):
    """Wild Draw Four played on a Wild: "you can only play a Wild Draw 4 if you DO NOT HAVE ANY CARD IN YOUR HAND THAT
    MATCHES THE COLOR OF THE DISCARD PILE" -- on a Wild, the colour of the discard pile is the one named for it
    (green), not the colour of the card under it (red).  Two players: P1 plays a Wild naming green, P2 draws a card
    that does not match, P1 plays the Wild Draw Four naming blue and P2 challenges.  Holding a green card, P1 draws
    4 and P2 plays next; holding only a red one, the play was legal: P2 draws 6 and loses the turn, so P1 plays
    again."""
    hand0 = ["W", "W4", "B3", "B4", "Y6", "Y7", held]
    hand1 = ["B1", "B2", "Y1", "Y2", "Y3", "Y4", "Y5"]
    g = new_game(UNO, [hand0, hand1], "R5", ["Y8"] + PENALTY)
    play(g, 0, "play W", "colour green")
    play(g, 1, "draw")  # the Yellow 8 does not match green: kept, the turn ends
    play(g, 0, "play W4", "colour blue")
    play(g, 1, "challenge")
    assert discard(g) == ["R5", "W", "W4"] and colour(g) == "blue"
    if guilty:
        assert hand(g, 0) == sorted(hand0[2:] + PENALTY[:4])
        assert hand(g, 1) == sorted(hand1 + ["Y8"])
        assert (turn(g), deciding(g)) == (1, 1)
    else:
        assert hand(g, 0) == sorted(hand0[2:])
        assert hand(g, 1) == sorted(hand1 + ["Y8"] + PENALTY)
        assert (turn(g), deciding(g)) == (0, 0)


def test_wild_draw_four_a_card_matching_only_by_number_does_not_count():
    """Wild Draw Four: "you can only play a Wild Draw 4 if you DO NOT HAVE ANY CARD IN YOUR HAND THAT
    MATCHES THE COLOR" -- the colour, not the number: a Blue 5 on a Red 5 does not make it illegal."""
    number_only = with_card(WD4_HAND, "B5")
    g = wd4_game(number_only)
    play(g, 1, "challenge")
    assert hand(g, 1) == sorted(B3 + PENALTY)
    assert hand(g, 0) == sorted(number_only[1:])
    assert (turn(g), deciding(g)) == (2, 2)


@pytest.mark.parametrize("hand0,answer,drawer,drawn,next_up", [
    (WD4_HAND, "accept", 1, 4, 2),
    (WD4_HAND, "challenge", 1, 6, 2),
    (with_card(WD4_HAND, "R1"), "challenge", 0, 4, 1),
], ids=["accepted", "challenge-fails", "challenge-succeeds"])
def test_wild_draw_four_colour_stands_whatever_the_outcome(hand0, answer, drawer, drawn, next_up):
    """Wild Draw Four: "This card is also a Wild card, so you get to choose the color that continues
    play (regardless of the outcome of any challenge)." """
    g = wd4_game(hand0)
    sizes = [len(hand(g, s)) for s in range(3)]
    play(g, 1, answer)
    assert colour(g) == "green"
    assert top(g) == "W4"
    assert [len(hand(g, s)) - sizes[s] for s in range(3)] == [drawn if s == drawer else 0 for s in range(3)]
    assert turn(g) == next_up
    # the next play must be green (or wild), whoever makes it
    assert all(o == "draw" or o.startswith("play G") or o.startswith("play W") for o in options(g))


# ====================================================================== UNO! and winning

# Two players.  Seat 0's five Skips and Reverses each give it another turn (a Reverse acts as a Skip
# with two players), leaving it with two cards: B7 and LAST.
RUN = ["RS", "RR", "GR", "GS", "BS"]
OPP = ["Y1", "Y2", "G9", "R0", "B1", "W", "YD2"]  # 1 + 2 + 9 + 0 + 50 + 20 = 82 once B1 is played
DRAWS = ["Y7", "Y8", "G7", "G8"]


def two_left(last="B8", draw=DRAWS, match=False, name=UNO) -> Game:
    g = new_game(name, [RUN + ["B7", last], OPP], "R5", draw, match=match)
    play(g, 0, *(f"play {c}" for c in RUN))
    assert hand(g, 0) == sorted(["B7", last])
    assert (turn(g), deciding(g)) == (0, 0)
    assert g.pending.due == ("uno",)  # the call is due: this play will leave one card
    return g


@pytest.mark.parametrize("name", [UNO, HOUSE, DROID])
def test_uno_called_with_the_play_cannot_be_caught(name):
    """Calling "UNO": "The moment you only have 1 card in your hand, you must yell "UNO" to alert the
    other players" -- said with the move (`play B7 uno`), it leaves nothing to catch."""
    g = two_left(name=name)
    play(g, 0, "play B7 uno")
    assert [(e.player, e.call) for e in events_of(g, "call")] == [(0, "uno")]
    assert hand(g, 0) == ["B8"]
    assert (turn(g), deciding(g)) == (1, 1)
    assert not g.pending.window
    assert "catch" not in options(g)


@pytest.mark.parametrize("name", [UNO, HOUSE, DROID])
def test_uno_missed_another_player_catches_it_and_the_player_draws_two(name):
    """Calling "UNO": "if someone catches you and calls out "UNO" before you (and before the next player
    begins their turn), then you must draw 2 cards!" """
    g = two_left(name=name)
    play(g, 0, "play B7")
    assert g.pending.window and deciding(g) == 1
    assert g.pending.prompt == "P1 did not call UNO!"
    assert options(g) == ["catch", "pass"]
    assert turn(g) == 0  # the next player has not begun their turn
    play(g, 1, "catch")
    assert hand(g, 0) == sorted(["B8"] + DRAWS[:2])
    assert hand(g, 1) == sorted(OPP)
    assert discard(g) == ["R5"] + RUN + ["B7"]
    assert (turn(g), deciding(g)) == (1, 1)
    assert not g.pending.window


@pytest.mark.parametrize("name", [UNO, HOUSE, DROID])
def test_uno_missed_but_nobody_catches_it(name):
    """Calling "UNO": the penalty needs someone to catch it before the next player begins their turn;
    when everyone lets it pass, the player keeps one card and the chance is gone."""
    g = two_left(name=name)
    play(g, 0, "play B7", )
    play(g, 1, "pass")
    assert hand(g, 0) == ["B8"]
    assert (turn(g), deciding(g)) == (1, 1)
    assert not g.pending.window
    assert "catch" not in options(g)
    play(g, 1, "play B1")
    assert (turn(g), deciding(g)) == (0, 0)
    assert not g.pending.window


@pytest.mark.parametrize("card, moves, opp_drew, next_up", [
    ("W", ["colour yellow"], [], 1),
    ("W4", ["colour yellow", "accept"], ["Y7", "Y8", "G7", "G8"], 0),
    ("BD2", [], ["Y7", "Y8"], 0),
    ("BS", [], [], 0),
], ids=["wild", "wild-draw-four-accepted", "draw-two-two-players", "skip-two-players"])
def test_uno_missed_on_a_wild_or_an_action_card_is_caught_once_it_has_acted(card, moves, opp_drew, next_up):
    """Calling "UNO": the catch comes "before the next player begins their turn", so after the card has done all
    it does: after the colour is named for a Wild, after the next player has accepted a Wild Draw Four (and drawn
    4), and, with two players, after a Draw Two or a Skip that gives its player the next turn (Bo may still catch
    it: he loses his turn, not his say).  Caught, P1 draws 2 and the turn goes where the card sent it."""
    g = two_left(last=card, draw=DRAWS + ["G1", "G2"])
    play(g, 0, f"play {card}", *moves[:1])
    for move in moves[1:]:
        play(g, 1, move)
    assert hand(g, 0) == ["B7"] and hand(g, 1) == sorted(OPP + opp_drew)
    assert (turn(g), deciding(g), g.pending.window, options(g)) == (0, 1, True, ["catch", "pass"])
    assert g.pending.prompt == "P1 did not call UNO!"
    play(g, 1, "catch")
    caught = (DRAWS + ["G1", "G2"])[len(opp_drew):len(opp_drew) + 2]
    assert hand(g, 0) == sorted(["B7"] + caught)
    assert events_of(g, "say")[-1].text == "P1 is caught without calling UNO and draws 2"
    assert (turn(g), deciding(g), g.pending.window) == (next_up, next_up, False)
    if card.startswith("W"):
        assert colour(g) == "yellow"


@pytest.mark.parametrize("kept, guilty", [("B7", True), ("Y7", False)], ids=["guilty", "legal"])
def test_uno_missed_on_a_challenged_wild_draw_four_is_caught_only_if_the_play_stands(kept, guilty):
    """Calling "UNO" with a Wild Draw Four challenged: P1 plays it with two cards and no call, on blue.  Holding
    the Blue 7, P1 is guilty ("YOU must draw 4 cards and they draw none"): five cards, nothing left to catch, and Bo
    plays.  Holding the Yellow 7 the play was legal: Bo "draws 6 cards instead of 4 and loses [his] turn", and then
    P1, still on one card without a call, can be caught by Bo."""
    draws = ["Y7", "Y8", "G7", "G8", "G1", "G2", "B6", "B9"]
    g = new_game(UNO, [RUN + [kept, "W4"], OPP], "R5", draws)
    play(g, 0, *(f"play {c}" for c in RUN))
    play(g, 0, "play W4", "colour red")
    play(g, 1, "challenge")
    if guilty:
        assert hand(g, 0) == sorted([kept] + draws[:4]) and hand(g, 1) == sorted(OPP)
        assert (turn(g), deciding(g), g.pending.window) == (1, 1, False)
        assert "catch" not in options(g)
    else:
        assert hand(g, 0) == [kept] and hand(g, 1) == sorted(OPP + draws[:6])
        assert (turn(g), deciding(g), g.pending.window, options(g)) == (0, 1, True, ["catch", "pass"])
        play(g, 1, "catch")
        assert hand(g, 0) == sorted([kept] + draws[6:8])
        assert (turn(g), deciding(g), g.pending.window) == (0, 0, False)
    assert colour(g) == "red"


@pytest.mark.parametrize("name", [UNO, HOUSE, DROID])
def test_playing_the_last_card_wins_and_scores_the_other_hands(name):
    """Winning: "When a player plays their final card, they win." and Keeping Score: "When a player wins
    a hand, they receive points based on the cards remaining in their opponent's hands ... number cards
    (0-9) Face Value, Any Action Card 20 Points, Any Wild Card 50 Points." """
    g = two_left(name=name)
    play(g, 0, "play B7 uno")
    play(g, 1, "play B1")
    play(g, 0, "play B8")
    assert g.over
    assert g.winners == [0]
    assert hand(g, 0) == []
    assert hand(g, 1) == sorted(["Y1", "Y2", "G9", "R0", "W", "YD2"])
    assert g.scores == [1 + 2 + 9 + 0 + 50 + 20, 0]
    assert [e.type for e in g.events[-3:]] == ["win", "hand_over", "game_over"]
    assert g.pending is None


@pytest.mark.parametrize("name", [UNO, HOUSE, DROID])
def test_a_last_card_draw_two_still_makes_the_next_player_draw_and_those_cards_score(name):
    """Winning with an Action card: a Draw Two played as the last card still makes the next player
    "draw 2 cards", and Keeping Score counts the cards "remaining in their opponent's hands" then."""
    g = two_left(last="BD2", name=name)
    play(g, 0, "play B7 uno")
    play(g, 1, "play B1")
    play(g, 0, "play BD2")
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(["Y1", "Y2", "G9", "R0", "W", "YD2", "Y7", "Y8"])
    assert g.scores == [82 + 7 + 8, 0]


@pytest.mark.parametrize("name, last", [(UNO, "W"), (HOUSE, "W"), (HOUSE, "WG"), (DROID, "W"), (UNO, "BS"),
                                        (UNO, "BR")])
def test_a_last_card_wild_skip_or_reverse_wins_at_once(name, last):
    """Winning: "When a player plays their final card, they win." -- a Wild played last (a Game Changer with no
    rule in play is a plain Wild), a Skip or a Reverse ends the hand at once, with nobody asked anything: play does
    not go on, so no colour is named (the files asked for one).  The other hand scores."""
    g = two_left(last=last, name=name)
    play(g, 0, "play B7 uno")
    play(g, 1, "play B1")
    play(g, 0, f"play {last}")
    assert not [e for e in events_of(g, "choice") if e.verb == "colour"]
    assert g.over and g.winners == [0] and g.pending is None
    assert hand(g, 0) == []
    assert hand(g, 1) == sorted(["Y1", "Y2", "G9", "R0", "W", "YD2"])
    assert g.scores == [82, 0]


@pytest.mark.parametrize("answer, drawn", [("accept", 4), ("challenge", 6)])
def test_a_last_card_wild_draw_four_still_makes_the_next_player_draw_and_those_cards_score(answer, drawn):
    """Going out on a Wild Draw Four (the official rules: when the last card played in a hand is a Draw Two or Wild
    Draw Four, the next player must still draw the 2 or 4 cards): its player names no colour (play does not go on),
    the next player still accepts (draws 4) or challenges -- a last card leaves no card of the colour in hand, so
    the play is legal and the challenger draws 6 -- and the hand is won with those cards counted."""
    draws = DRAWS + ["G1", "G2"]  # 7 + 8 + 7 + 8 + 1 + 2
    g = two_left(last="W4", draw=draws)
    play(g, 0, "play B7 uno")
    play(g, 1, "play B1")
    play(g, 0, "play W4")
    assert not g.over and (deciding(g), options(g)) == (1, ["accept", "challenge"])
    play(g, 1, answer)
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(["Y1", "Y2", "G9", "R0", "W", "YD2"] + draws[:drawn])
    assert g.scores == [82 + sum([7, 8, 7, 8, 1, 2][:drawn]), 0]


@pytest.mark.parametrize("name, card, drawn", [(UNO, "RD2", ["R8", "BD2"]), (EXPRESS, "RD1", ["R8"])])
def test_two_players_a_draw_card_makes_the_other_draw_and_its_player_goes_again(name, card, drawn):
    """Two players (the official rules): a Draw Two (UNO Express: a Draw One) makes the other player draw and
    lose their turn, so its player plays again at once."""
    A3, B3, _ = HANDS[name]
    g = new_game(name, [with_card(with_card(A3, card), "R1", 0), B3], "R5", drawn + ["Y5"])
    play(g, 0, f"play {card}")
    assert hand(g, 1) == sorted(B3 + drawn)
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    play(g, 0, "play R1")
    assert discard(g) == ["R5", card, "R1"]
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("name, card, amount", [(UNO, "W4", 4), (EXPRESS, "W2", 2), (HOUSE, "W4", 4), (DROID, "W4", 4)])
def test_two_players_a_wild_draw_card_accepted_makes_the_other_draw_and_its_player_goes_again(name, card, amount):
    """Two players (the official rules): a Wild Draw Four (UNO Express: a Wild Draw Two) accepted makes the other
    player draw and lose their turn, so its player plays again at once, on the colour they named."""
    A3, B3, _ = HANDS[name]
    drawn = ["R8", "R9", "Y9", "B9"][:amount]
    g = new_game(name, [with_card(with_card(A3, card), "B7", 0), B3], "R5", drawn + ["Y5"])
    play(g, 0, f"play {card}", "colour blue")
    play(g, 1, "accept")
    assert hand(g, 1) == sorted(B3 + drawn)
    assert (colour(g), turn(g), deciding(g), g.state.direction) == ("blue", 0, 0, 1)
    assert "play B7" in options(g)
    play(g, 0, "play B7")
    assert discard(g) == ["R5", card, "B7"]
    assert (turn(g), deciding(g)) == (1, 1)


def test_scoring_counts_every_other_hand():
    """Keeping Score: the winner "receive[s] points based on the cards remaining in their opponent's
    hands" -- all of them, with three players; number cards (0-9) at face value, Action cards 20,
    Wild cards 50."""
    a = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
    b = ["R8", "G5", "GS", "GR", "GD2", "W4", "B0"]   # 8+5+20+20+20+50+0 = 123
    c = ["Y1", "Y9", "W", "YR", "B1", "B2", "B3"]     # 1+9+50+20+1+2+3 = 86
    # What seats 1 and 2 draw, alternately; none of it matches a red 1-6.
    draws = ["Y8", "G8", "B8", "Y9", "G9", "B9", "Y0", "G0", "YS", "GS", "BS", "YD2"]
    g = new_game(UNO, [a, b, c], "R9", draws)
    for card in a[:-1]:
        play(g, 0, f"play {card}" + (" uno" if card == "R6" else ""))
        play(g, 1, "draw")  # allowed even with the Red 8 in hand
        play(g, 2, "draw")
    play(g, 0, "play R7")
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(b + ["Y8", "B8", "G9", "Y0", "YS", "BS"])  # 123 + 65
    assert hand(g, 2) == sorted(c + ["G8", "Y9", "B9", "G0", "GS", "YD2"])  # 86 + 66
    assert g.scores == [123 + 65 + 86 + 66, 0, 0]
    assert events_of(g, "hand_over")[-1].scores == [340, 0, 0]


# ====================================================================== a match to 500


def test_match_goes_on_to_a_second_hand_with_a_fresh_deal_and_the_next_player_first():
    """Winning: "Time to shuffle the cards and play again!" and Keeping Score: "Keep a running tally of
    each player's points from hand to hand."  In a match (`--match`) the hand won with 82 points is
    followed by a new hand: every card gathered and reshuffled, 7 dealt to each, a card flipped, and
    the player to the left of the last first player (the new dealer's left) goes first."""
    g = two_left(match=True)
    play(g, 0, "play B7 uno")
    play(g, 1, "play B1")
    play(g, 0, "play B8")
    assert not g.over
    assert g.scores == [82, 0]
    assert [(e.hand, e.winners, e.scores) for e in events_of(g, "hand_over")] == [(1, [0], [82, 0])]
    assert [(e.hand, e.first) for e in events_of(g, "hand")] == [(1, 0), (2, 1)]
    st = g.state
    assert st.hand_no == 2
    assert (turn(g), deciding(g), st.direction) == (1, 1, 1)
    assert [len(hand(g, s)) for s in range(2)] == [7, 7]
    assert len(events_of(g, "deal")) == 2
    # A fresh deal: 108 cards again, the discard pile the one card turned up (here a number card, so the first
    # player, seat 1, plays first).
    g.check_cards()
    assert len(discard(g)) == 1
    assert draw_size(g) == 108 - 14 - 1
    prog = program(UNO)
    kinds = [prog.cards[cid].attrs["kind"] for cid in st.zone(prog.zone_index["discard"])]
    assert kinds == ["number"]
    assert colour(g) == prog.cards[st.zone(prog.zone_index["discard"])[-1]].attrs["colour"]
    # not the stacked hands of hand 1 again (the stack only sets up the first deal)
    assert hand(g, 0) != sorted(RUN + ["B7", "B8"]) or hand(g, 1) != sorted(OPP)
    assert st.hands_won == [1, 0]
    assert g.winners == []  # nobody has won hand 2 yet


def test_match_ends_when_a_score_reaches_500():
    """Keeping Score: "When a player reaches 500 points, they are the winner."  Bots finish the match
    begun by the stacked hand; every hand before the last leaves all scores under 500."""
    g = two_left(match=True)
    play(g, 0, "play B7 uno")
    play(g, 1, "play B1")
    play(g, 0, "play B8")
    prog = program(UNO)
    bots = [make_bot("greedy", 7), make_bot("random", 8)]
    moves = 0
    while not g.over:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(prog, g.view(d.player), d))
        moves += 1
        assert moves < 20_000
    ends = events_of(g, "hand_over")
    assert len(ends) >= 2
    assert all(max(e.scores) < 500 for e in ends[:-1])
    assert max(ends[-1].scores) >= 500
    for before, after in zip(ends, ends[1:]):  # a running tally: only the hand's winner gains
        gained = [b - a for a, b in zip(before.scores, after.scores)]
        assert all(x >= 0 for x in gained) and sum(1 for x in gained if x) <= 1
    best = max(g.scores)
    assert g.winners == [s for s, v in enumerate(g.scores) if v == best]
    assert [e.type for e in g.events].count("game_over") == 1
    assert as_dict(g.events[-1]) == {"type": "game_over", "winners": g.winners, "scores": g.scores, "hands": len(ends)}
    assert g.state.hand_no == len(ends)
    assert [e.first for e in events_of(g, "hand")] == [(h - 1) % 2 for h in range(1, len(ends) + 1)]


@pytest.mark.parametrize("name", [UNO, "droid", "house"])
def test_a_hand_worth_500_ends_the_match_at_once(name):
    """Keeping Score: "When a player reaches 500 points, they are the winner." -- also in one hand: Ann's
    two Wild Draw Fours (accepted) and her five greens leave Bo 19 cards worth 549, so the match (`match=True`)
    ends with hand 1; UNO: Let's Build a Droid and UNO House Rules keep the classic target."""
    g = new_game(name, [ALT_ANN, ALT_BO], "R5", ALT_DRAWS, match=True, names=["Ann", "Bo"])
    for move in ALT_MOVES:
        play(g, deciding(g), move)
    assert g.over and g.winners == [0]
    assert g.scores == [549, 0]
    assert [(e.hand, e.winners, e.scores) for e in events_of(g, "hand_over")] == [(1, [0], [549, 0])]
    assert len(events_of(g, "hand")) == 1


# ====================================================================== the official alternate scoring (issue 14)

# Two players.  Ann plays two Wild Draw Fours (naming green; Bo accepts both) and then her five greens,
# calling UNO with the fourth; Bo draws every turn.  Bo ends the hand with 19 cards: his four Wilds, two Wild
# Draw Fours and Yellow 9 (309 points), the 8 cards of the Draw Fours and the 4 he drew (12 Skips, Reverses
# and Draw Twos of red, yellow and blue: 240 points) -- 549.
ALT_ANN = ["W4", "W4", "G1", "G2", "G3", "G4", "G5"]
ALT_BO = ["W", "W", "W", "W", "W4", "W4", "Y9"]
ALT_DRAWS = ["RS", "RR", "RD2", "YS", "YR", "YD2", "BS", "BR", "BD2", "RS", "RR", "RD2"]
ALT_MOVES = ["play W4", "colour green", "accept", "play W4", "colour green", "accept",
             "play G1", "draw", "play G2", "draw", "play G3", "draw", "play G4 uno", "draw", "play G5"]


@pytest.mark.parametrize("alternate", [True, False], ids=["alternate", "standard"])
def test_cli_the_official_alternate_scoring_each_scores_their_own_hand_and_the_lowest_wins_at_500(tmp_path,
                                                                                                  alternate):
    """Classic UNO's official alternate scoring, `--option alternate_scoring=true`: "each player's points are
    the cards left in their own hand; when a player reaches 500 the game ends and the lowest total wins".
    Bo's 549 in his own hand ends the match at once, and Ann, with 0, wins it.  Without the option the
    book's scoring stands: Ann scores the 549 in Bo's hand, reaches 500 and wins."""
    run = run_cli(tmp_path, UNO, deal_stack([ALT_ANN, ALT_BO], "R5", ALT_DRAWS), ALT_MOVES, ["Ann", "Bo"],
                  options=[f"alternate_scoring={str(alternate).lower()}"], match=True)
    assert run.status == 0, run.err
    assert "✗" not in run.out
    assert f"Options: alternate_scoring = {str(alternate).lower()}" in run.out
    scores = {"Ann": 0, "Bo": 549} if alternate else {"Ann": 549, "Bo": 0}
    assert run.lines[-1] == f"Game over: Ann wins · scores: Ann {scores['Ann']}, Bo {scores['Bo']} · seed 1"
    assert run.said("hand_over") == [{"type": "hand_over", "hand": 1, "winners": ["Ann"], "scores": scores}]
    assert run.events[-1] == {"type": "game_over", "winners": ["Ann"], "scores": scores, "hands": 1}
    g = run.game
    assert len(hand(g, 1)) == 19 and sum(g.program.cards[c].attrs["points"] for c in
                                         g.state.zone(g.program.zone_index["hand"], 1)) == 549


def test_cli_alternate_scoring_below_500_plays_another_hand_and_the_lowest_leads(tmp_path):
    """Alternate scoring: nobody has reached 500, so the match goes on to a second hand; Bo's own 243 points
    count against him, Ann's 0 for her."""
    bo = ["Y1", "Y2", "Y3", "B4", "B5", "B6", "B9"]  # 30
    moves = ["play W4", "colour green", "accept", "play W4", "colour green", "accept",
             "play G1", "draw", "play G2", "draw", "play G3", "draw", "play G4 uno", "draw", "play G5"]
    run = run_cli(tmp_path, UNO, deal_stack([ALT_ANN, bo], "R5", ["G6", "G7"] + ALT_DRAWS[:10]), moves,
                  ["Ann", "Bo"], options=["alternate_scoring=true"], match=True)
    assert run.status == 3, run.err  # the input ends in hand 2
    assert "✗" not in run.out
    # Bo took G6 and G7 (13 points) with the first Draw Four, and 10 action cards (200) in all.
    assert run.said("hand_over") == [{"type": "hand_over", "hand": 1, "winners": ["Ann"],
                                      "scores": {"Ann": 0, "Bo": 30 + 13 + 200}}]
    assert [e["hand"] for e in run.said("hand")] == [1, 2]
    g = run.game
    assert g.scores == [0, 243] and not g.over
