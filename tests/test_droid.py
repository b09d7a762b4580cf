"""UNO: Let's Build a Droid made executable: the Wild Let's Build a Droid card and the foil card, one scenario
per paragraph of the printed rules (/work/shared/rulebooks/uno_build_a_droid.md).

The game is games/droid.rules (it extends games/uno.rules).  The Droid card is `WD`, its foil alternate
`WD*`.  Each test stacks the deck (helpers.deal_stack), scripts the moves (`lay CARD` in the droid round)
and asserts the exact state: the parts laid in front of each player (zone `parts`), the hands, who draws.
"""
from __future__ import annotations

import pytest

from helpers import (MoveError, colour, deal_stack, deciding, discard, draw_pile, draw_size, events_of, hand,
                     new_game_stacked, options, play, program, top, turn, zone_cards)
from interpreter import Game

DROID = "droid"
COLOURS = ["colour red", "colour yellow", "colour green", "colour blue"]


def droid_game(hands, flip="R5", draw=(), names=None, options_=None, match=False) -> Game:
    stack = deal_stack(hands, flip, draw)
    return new_game_stacked(DROID, names or len(hands), stack, options=options_, match=match)


def parts(g, seat) -> list[str]:
    """The parts laid in front of a seat, in the order laid."""
    return zone_cards(g, "parts", seat)


def all_parts(g) -> list[list[str]]:
    return [parts(g, s) for s in range(len(g.names))]


def lay(g, seat, card, choices) -> None:
    """Lay `card` for `seat`, first checking it is that seat's part to lay and what it may lay."""
    assert deciding(g) == seat, f"the part is seat {deciding(g)}'s to lay, not seat {seat}'s"
    assert g.pending.prompt.startswith("lay a droid part: a card of a different colour than ")
    assert options(g) == [f"lay {c}" for c in choices]
    play(g, seat, f"lay {card}")


# ====================================================================== Set Up


def test_setup_deals_seven_and_ignores_a_flipped_droid_or_other_action_card():
    """Set Up 2-5: "Deal 7 cards to each player ... Flip over the top card of the DRAW PILE ... If this card
    is an Action Card, ignore it and flip over the next card.  The player to the left of the dealer goes
    first."  A Droid card, Wild Draw Four, Draw Two, Wild, Reverse or Skip turned up does nothing: no droid
    round, no colour named, nobody draws or is skipped; they stay under the Green 5."""
    flip = ["WD", "W4", "BD2", "W", "RR", "YS", "G5"]
    g = droid_game([ANN2[1:] + ["B9"], BO2], flip=flip, draw=DRAW2, names=["Ann", "Bo"])
    assert discard(g) == flip
    assert colour(g) == "green"
    assert [hand(g, 0), hand(g, 1)] == [sorted(ANN2[1:] + ["B9"]), sorted(BO2)]
    assert all_parts(g) == [[], []]
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert g.pending.prompt != "choose the colour that continues play"
    assert events_of(g, "skip") == [] and events_of(g, "reverse") == []
    assert draw_size(g) == 112 - 14 - len(flip)
    assert draw_pile(g)[:4] == DRAW2
    assert options(g) == ["play G2", "play W", "play W4", "draw"]


# ====================================================================== the droid round

# Two players: Ann plays the Droid card on a Red 5.
ANN2 = ["WD", "R1", "G2", "Y3", "W", "W4", "Y4"]
BO2 = ["B5", "R6", "Y7", "Y8", "Y9", "Y1", "B3"]
DRAW2 = ["G7", "G8", "B8", "R9"]


def test_droid_round_with_two_players():
    """Wild Let's Build a Droid: "First, take a card of any color and place it in front of you.  The next
    player in current order must then place a card of a DIFFERENT color in front of them.  This continues
    from player to player ... until one player is unable to play a card of a different color than the last
    card laid down.  That player must draw 3 card from the Draw Pile, and all players return the cards they
    laid down back in to their hand.  This is also a wild card, so you get to choose the color that resumes
    play." """
    g = droid_game([ANN2, BO2], draw=DRAW2, names=["Ann", "Bo"])
    assert "play WD" in options(g)
    play(g, 0, "play WD")
    assert g.pending.prompt == "lay a droid part: a card of a different colour than nothing"
    # Any coloured card first -- not a Wild (see the test below).
    lay(g, 0, "R1", ["R1", "G2", "Y3", "Y4"])
    lay(g, 1, "B5", ["B5", "Y7", "Y8", "Y9", "Y1", "B3"])  # not the Red 6
    assert g.pending.prompt == "lay a droid part: a card of a different colour than Blue 5"
    lay(g, 0, "G2", ["G2", "Y3", "Y4"])
    lay(g, 1, "R6", ["R6", "Y7", "Y8", "Y9", "Y1", "B3"])  # any card but a green one
    lay(g, 0, "Y3", ["Y3", "Y4"])
    lay(g, 1, "B3", ["B3"])  # only the Blue 3 is not yellow
    lay(g, 0, "Y4", ["Y4"])
    # Bo holds only yellow cards: he cannot lay a part, draws 3, and every part goes back.
    assert deciding(g) == 0
    assert g.pending.prompt == "choose the colour that continues play"
    assert options(g) == COLOURS
    assert events_of(g, "say")[-1].text == "Bo cannot add a part and draws 3"
    assert all_parts(g) == [[], []]
    assert hand(g, 0) == sorted(["R1", "G2", "Y3", "W", "W4", "Y4"])
    assert hand(g, 1) == sorted(BO2 + DRAW2[:3])
    laid = [e.move for e in events_of(g, "choice") if e.verb == "lay"]
    assert laid == ["lay R1", "lay B5", "lay G2", "lay R6", "lay Y3", "lay B3", "lay Y4"]
    back = events_of(g, "move")[-2:]  # the parts returned, each to its owner's hand
    names = lambda ids: [g.program.cards[c].short for c in ids]
    assert [(e.src_owner, e.dst_owner, names(e.cards)) for e in back] == [
        (0, 0, ["R1", "G2", "Y3", "Y4"]), (1, 1, ["B5", "R6", "B3"])]
    play(g, 0, "colour green")
    assert colour(g) == "green" and top(g) == "WD"
    assert discard(g) == ["R5", "WD"]
    assert draw_pile(g)[0] == "R9"
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play G7", "play G8", "draw"]
    g.check_cards()


def test_droid_round_with_three_players():
    """"The next player in current order" -- round the table: Ann, Bo, Cy, Ann, Bo, and Cy, who holds only
    yellow cards after her first part, cannot follow Bo's Yellow 2: Cy draws 3."""
    ann = ["WD", "G1", "B4", "W", "W4", "B6", "G6"]
    bo = ["R2", "R3", "B1", "B9", "R7", "R8", "Y2"]
    cy = ["G3", "Y1", "Y3", "Y4", "Y6", "W", "Y7"]
    g = droid_game([ann, bo, cy], draw=["R4", "B7", "G9", "G8"], names=["Ann", "Bo", "Cy"])
    play(g, 0, "play WD")
    lay(g, 0, "G1", ["G1", "B4", "B6", "G6"])
    lay(g, 1, "R2", ["R2", "R3", "B1", "B9", "R7", "R8", "Y2"])
    lay(g, 2, "G3", ["G3", "Y1", "Y3", "Y4", "Y6", "Y7"])
    lay(g, 0, "B4", ["B4", "B6"])
    assert all_parts(g) == [["G1", "B4"], ["R2"], ["G3"]]
    lay(g, 1, "Y2", ["R3", "R7", "R8", "Y2"])
    # Cy: Y1 Y3 Y4 Y6 Y7 and a Wild -- no part of another colour than yellow.
    assert (deciding(g), options(g)) == (0, COLOURS)
    assert events_of(g, "say")[-1].text == "Cy cannot add a part and draws 3"
    assert all_parts(g) == [[], [], []]
    assert hand(g, 0) == sorted(ann[1:])
    assert hand(g, 1) == sorted(bo)
    assert hand(g, 2) == sorted(cy + ["R4", "B7", "G9"])
    play(g, 0, "colour blue")
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play B1", "play B9", "draw"]
    g.check_cards()


def test_droid_round_with_five_players_follows_the_current_order_after_a_reverse():
    """Five players; Ann's Reverse turns play counterclockwise, so Eve plays the Droid card and "the next
    player in current order" is Dee, then Cy, Bo, Ann and Eve again; Dee, holding only green cards, cannot
    follow Eve's Green 9 and draws 3."""
    ann = ["RR", "B6", "Y6", "Y7", "Y8", "G8", "R0"]
    bo = ["Y4", "R3", "R4", "B3", "B4", "Y3", "W"]
    cy = ["G3", "G4", "R6", "R7", "Y1", "Y2", "W4"]
    dee = ["B2", "G1", "G2", "G5", "G6", "G7", "W"]
    eve = ["WD", "R1", "B7", "R8", "R9", "G9", "B9"]
    g = droid_game([ann, bo, cy, dee, eve], draw=["Y5", "B5", "G0", "Y0"],
                   names=["Ann", "Bo", "Cy", "Dee", "Eve"])
    play(g, 0, "play RR")
    assert (turn(g), g.state.direction) == (4, -1)
    play(g, 4, "play WD")
    lay(g, 4, "R1", ["R1", "B7", "R8", "R9", "G9", "B9"])
    lay(g, 3, "B2", ["B2", "G1", "G2", "G5", "G6", "G7"])
    lay(g, 2, "G3", ["G3", "G4", "R6", "R7", "Y1", "Y2"])
    lay(g, 1, "Y4", ["Y4", "R3", "R4", "B3", "B4", "Y3"])
    lay(g, 0, "B6", ["B6", "G8", "R0"])
    assert all_parts(g) == [["B6"], ["Y4"], ["G3"], ["B2"], ["R1"]]
    lay(g, 4, "G9", ["R8", "R9", "G9"])  # round the table to Eve again
    assert (deciding(g), options(g)) == (4, COLOURS)
    assert events_of(g, "say")[-1].text == "Dee cannot add a part and draws 3"
    assert all_parts(g) == [[], [], [], [], []]
    assert [hand(g, s) for s in range(5)] == [sorted(ann[1:]), sorted(bo), sorted(cy),
                                              sorted(dee + ["Y5", "B5", "G0"]), sorted(eve[1:])]
    play(g, 4, "colour yellow")
    assert colour(g) == "yellow"
    assert (turn(g), deciding(g)) == (3, 3)  # counterclockwise still
    assert options(g) == ["play W", "play Y5", "draw"]
    g.check_cards()


# ====================================================================== nobody can continue


def test_the_second_player_holds_only_the_first_parts_colour():
    """"until one player is unable to play a card of a different color than the last card laid down" --
    at once: Bo holds only red cards (and a Wild) against Ann's Red 1; he draws 3 and the Red 1 goes back."""
    bo = ["R2", "R3", "R4", "R6", "R7", "R8", "W"]
    g = droid_game([ANN2, bo], draw=DRAW2, names=["Ann", "Bo"])
    play(g, 0, "play WD")
    lay(g, 0, "R1", ["R1", "G2", "Y3", "Y4"])
    assert (deciding(g), options(g)) == (0, COLOURS)
    assert events_of(g, "say")[-1].text == "Bo cannot add a part and draws 3"
    assert all_parts(g) == [[], []]
    assert hand(g, 0) == sorted(ANN2[1:])
    assert hand(g, 1) == sorted(bo + DRAW2[:3])
    play(g, 0, "colour red")
    assert (turn(g), deciding(g)) == (1, 1)


def test_the_droid_player_holds_no_coloured_card():
    """The Droid card's player lays the first part, "a card of any color"; holding only Wilds they cannot,
    and draw 3 themselves.  No part is laid; the colour is chosen as usual."""
    ann = ["WD", "W", "W", "W4", "W4", "W", "W4"]
    g = droid_game([ann, BO2], draw=DRAW2, names=["Ann", "Bo"])
    play(g, 0, "play WD")
    assert (deciding(g), options(g)) == (0, COLOURS)
    assert events_of(g, "say")[-1].text == "Ann cannot add a part and draws 3"
    assert not [e for e in events_of(g, "choice") if e.verb == "lay"]
    assert hand(g, 0) == sorted(ann[1:] + DRAW2[:3])
    assert hand(g, 1) == sorted(BO2)
    play(g, 0, "colour blue")
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play B5", "play B3", "draw"]


def test_a_wild_cannot_be_a_part():
    """A part is "a card of any color", "a card of a DIFFERENT color": a Wild or Wild Draw Four has no
    colour, so it is never offered and is refused when typed; nothing changes."""
    g = droid_game([ANN2, BO2], draw=DRAW2, names=["Ann", "Bo"])
    play(g, 0, "play WD")
    assert "lay W" not in options(g) and "lay W4" not in options(g)
    before = (hand(g, 0), all_parts(g), options(g), len(g.events))
    for wild in ("W", "W4", "Wild", "Wild Draw Four"):
        with pytest.raises(MoveError, match="cannot be chosen now"):
            g.apply(0, f"lay {wild}")
    assert (hand(g, 0), all_parts(g), options(g), len(g.events)) == before


# ====================================================================== the Droid card as the last card


def test_the_droid_card_as_the_last_card_wins_without_a_round():
    """Winning: "When a player plays their final card, they win." -- the Droid card as the last card
    starts no round; the hand ends and the other hand scores (Keeping Score: the Droid card is a Wild
    Card, 50 points)."""
    run = ["RS", "RR", "GR", "GS", "BS"]
    bo = ["Y1", "Y2", "G9", "R0", "B1", "W", "YD2"]  # 1 + 2 + 9 + 0 + 50 + 20 = 82 once B1 is played
    g = droid_game([run + ["B7", "WD"], bo], draw=["Y7", "Y8"], names=["Ann", "Bo"])
    play(g, 0, *(f"play {c}" for c in run))
    play(g, 0, "play B7 uno")
    play(g, 1, "play B1")
    play(g, 0, "play WD")
    assert not [e for e in events_of(g, "choice") if e.verb == "lay"]
    assert all_parts(g) == [[], []]
    # A Wild played last names no colour (as uno.rules: play does not go on); the hand ends at once.
    assert not [e for e in events_of(g, "choice") if e.verb == "colour"]
    assert g.over and g.winners == [0]
    assert hand(g, 0) == []
    assert hand(g, 1) == sorted(["Y1", "Y2", "G9", "R0", "W", "YD2"])
    assert g.scores == [82, 0]
    assert not any("cannot add a part" in e.text for e in events_of(g, "say"))


def test_a_last_card_laid_as_a_part_is_not_going_out_and_an_empty_hand_cannot_lay_the_next_part():
    """Wild Let's Build a Droid with one card left after it: Ann lays her last card, the Blue 7, as the first part
    -- a part laid "in front of you" is not a card played on the Discard Pile, so she has not won ("When a player
    plays their final card").  When the round comes back to her she holds nothing, so she "is unable to play a
    card of a different color": she draws 3, every part goes back, she names the colour and Bo plays next.  She
    then holds four cards: no UNO! is left to catch."""
    run = ["RS", "RR", "GR", "GS", "BS"]
    bo = ["Y1", "Y2", "G9", "R0", "B1", "W", "YD2"]
    g = droid_game([run + ["B7", "WD"], bo], draw=["Y7", "Y8", "G7", "G8"], names=["Ann", "Bo"])
    play(g, 0, *(f"play {c}" for c in run))
    play(g, 0, "play WD")
    lay(g, 0, "B7", ["B7"])
    assert hand(g, 0) == [] and not g.over
    lay(g, 1, "Y1", ["Y1", "Y2", "G9", "R0", "YD2"])
    assert events_of(g, "say")[-1].text == "Ann cannot add a part and draws 3"
    assert all_parts(g) == [[], []]
    assert hand(g, 0) == sorted(["B7", "Y7", "Y8", "G7"]) and hand(g, 1) == sorted(bo)
    assert (deciding(g), options(g)) == (0, COLOURS)
    play(g, 0, "colour green")
    assert not g.over and not events_of(g, "win")
    assert (turn(g), deciding(g), g.pending.window) == (1, 1, False)
    assert options(g) == ["play G9", "play W", "draw"]


def test_the_droid_cards_are_worth_fifty_points():
    """Keeping Score: "Any Wild Card ..... 50 Points - Wild, Wild Draw 4, Wild Let's Build a Droid"."""
    prog = program(DROID)
    droids = [c for c in prog.cards if c.short in ("WD", "WD*")]
    assert sorted(c.short for c in droids) == ["WD", "WD*"]
    assert {c.attrs["points"] for c in droids} == {50}
    assert [c.name for c in droids if c.short == "WD*"] == ["Wild Let's Build a Droid (foil)"]


# ====================================================================== the foil card


def test_without_the_option_the_foil_card_is_set_aside():
    """Special Foil Card: "You may keep it separate as a souvenir" -- by default the plain Droid card is in
    play and the foil lies in the box: 112 cards in play of the 113."""
    g = droid_game([ANN2, BO2], draw=DRAW2, names=["Ann", "Bo"])
    assert g.state.options["foil_card"] is False
    assert zone_cards(g, "box") == ["WD*"]
    assert draw_size(g) + 14 + len(discard(g)) == 112
    assert "WD*" not in draw_pile(g) and "WD" in hand(g, 0)


def test_with_the_foil_option_the_foil_card_plays_as_the_droid_card():
    """Special Foil Card: "use it in game play to spice up the deck!" (`--option foil_card=true`): the foil
    is in play and starts the droid round as the Droid card does."""
    ann = ["WD*"] + ANN2[1:]
    g = droid_game([ann, BO2], draw=DRAW2, names=["Ann", "Bo"], options_={"foil_card": "true"})
    assert g.state.options["foil_card"] is True
    assert hand(g, 0) == sorted(ann)
    play(g, 0, "play WD*")
    assert top(g) == "WD*"
    lay(g, 0, "R1", ["R1", "G2", "Y3", "Y4"])
    lay(g, 1, "B5", ["B5", "Y7", "Y8", "Y9", "Y1", "B3"])
    assert all_parts(g) == [["R1"], ["B5"]]
    g.check_cards()


# ====================================================================== bugs found


def test_wild_draw_four_the_droid_card_in_hand_counts_as_a_match():
    """Wild Draw Four: "Wild cards are considered a match, too." -- the Droid card is one of the Wild
    cards (Keeping Score: "Any Wild Card - Wild, Wild Draw 4, Wild Let's Build a Droid")."""
    ann = ["W4", "G1", "G2", "B3", "B4", "Y6", "WD"]
    bo = ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"]
    penalty = ["R6", "R7", "R8", "R9", "Y9", "B9"]
    g = droid_game([ann, bo], draw=penalty, names=["Ann", "Bo"])
    play(g, 0, "play W4", "colour green")
    play(g, 1, "challenge")
    assert hand(g, 0) == sorted(ann[1:] + penalty[:4])
    assert hand(g, 1) == sorted(bo)


def test_with_the_foil_option_the_plain_droid_card_is_set_aside():
    """Special Foil Card: "If you use it, be sure to take the other Wild Let's Build a Droid Card out of the
    deck and set it aside." """
    g = droid_game([["WD*"] + ANN2[1:], BO2], draw=DRAW2, names=["Ann", "Bo"], options_={"foil_card": True})
    assert zone_cards(g, "box") == ["WD"]
    assert "WD" not in draw_pile(g)
    assert draw_size(g) + 14 + len(discard(g)) == 112
