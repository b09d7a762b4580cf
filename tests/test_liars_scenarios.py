"""Liar's UNO made executable: one scenario per paragraph of the printed rules.

The rules are quoted from /work/shared/rulebooks/liars_uno.md; the gaps it leaves are answered in
games/liars.rules (and the book's README).  Each test stacks the deck (see helpers.deal_stack: the
hands dealt round-robin from seat 0, then the flipped card(s), then the draw pile in draw order),
scripts the moves and asserts the exact state after them.  Seats are 0-based: seat 0 is "P1".

Card names: a Liar's card starts with L (LR7 is the Liar's Red 7, R7 the Regular Red 7); the Skips,
Reverses, Draw Twos (LRS, LRR, LRD2, ...) and the Wild Draw 4s (LW4) are all Liar's cards; the Wild
Liar's Challenge (WC) is played face up.  A claim names a card without its face: `claim R7`.
"""
from __future__ import annotations

import json

import pytest

from helpers import (MoveError, colour, deal_stack, deciding, discard, draw_pile, draw_size, events_of,
                     facedown_names, hand, narration, new_game, options, play, program, run_cli, top, turn,
                     zone_cards)
from interpreter import Game
from interpreter.bots import make_bot

LIARS = "liars"
DECK = 112

# Three players.  On a Red 5, seat 0 can play the Regular R1, lay the Liar's LR2 truthfully, or bluff
# with LB3 / LY7; seats 1 and 2 hold nothing red, no 5 and no Liar's card that matches.
A3 = ["R1", "LR2", "LB3", "B4", "Y6", "LY7", "G8"]
B3 = ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"]
C3 = ["G6", "G7", "LG8", "B8", "B0", "Y4", "Y9"]
# What penalties and draws take, in order.
DRAWS = ["G1", "G2", "B6", "B7", "Y8", "LY5", "LY3", "LY4"]

# Every claim that fits a Red 5: any red card, any 5, a Wild Draw 4 -- never the Wild Liar's Challenge.
ON_RED_5 = ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "RS", "RR", "RD2", "Y5", "G5", "B5", "W4"]


def game3(a=A3, b=B3, c=C3, flip="R5", draw=DRAWS, **kw) -> Game:
    return new_game(LIARS, [a, b, c], flip, draw, **kw)


def with_card(hand_, card, replace=-1):
    out = list(hand_)
    out[replace] = card
    return out


def claims(g) -> list[str]:
    """The claims offered at a `claim` decision, as the card names typed after `claim`."""
    return [o.split()[1] for o in options(g) if o.startswith("claim ")]


def shown(g):
    """The card play goes on against: the face-up top card, or the claim card after a face-down play."""
    v = g.state.vars["shown"]
    return g.program.cards[v].short if v is not None else None


def lay(g, seat, verb_card, claim, *answers):
    """Seat lays a card face down (`truth LR2`, `bluff LB3`, `cheat R1`) with a claim; then the others
    in the window answer in order (`pass` / `challenge`)."""
    play(g, seat, verb_card, f"claim {claim}")
    n = len(g.names)
    asked = []
    for i, answer in enumerate(answers):
        who = (seat + (i + 1) * g.state.direction) % n
        asked.append(deciding(g))
        assert g.pending.window, f"no challenge window before answer {answer!r}"
        play(g, who, answer)
    return asked


# ====================================================================== Setup


def test_setup_deals_seven_each_and_flips_the_top_card():
    """SETUP 2-5: "Deal 7 cards to each player.  Place the remaining cards FACE DOWN ... This is the
    DRAW PILE.  Flip over the top card of the DRAW PILE and place it FACE UP to form the DISCARD PILE
    ... The player to the left of the dealer goes first and play proceeds clockwise." """
    g = game3()
    assert [hand(g, s) for s in range(3)] == [sorted(A3), sorted(B3), sorted(C3)]
    assert discard(g) == ["R5"]
    assert g.state.facedown == {}
    assert colour(g) == "red" and shown(g) == "R5"
    assert draw_size(g) == DECK - 21 - 1
    assert draw_pile(g)[:len(DRAWS)] == DRAWS
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert [len(c) for c in events_of(g, "deal")[0].cards.values()] == [7, 7, 7]
    assert options(g) == ["play R1", "truth LR2", "bluff LB3", "bluff LY7", "draw",
                          "cheat R1", "cheat B4", "cheat Y6", "cheat G8"]
    # The deck the book's README reads out of "112 Cards".
    cards = program(LIARS).cards[:DECK]
    liar = [c for c in cards if c.attrs.get("face") == "liar"]
    assert len(cards) == DECK and len(liar) == 40 + 24 + 4
    assert all(c.attrs["face"] == "liar" for c in cards if c.attrs["kind"] in ("skip", "reverse", "draw_two",
                                                                               "wild_draw_four"))
    assert sum(c.attrs["kind"] == "wild_liars_challenge" and c.attrs["face"] == "regular" for c in cards) == 4


def test_setup_a_liars_card_flipped_first_is_treated_as_a_normal_card():
    """SETUP 4: "... if it's a Liar's Card, treat it as a normal card." -- the Liar's Red 5 lies face up,
    every seat sees it, and it is matched like a Red 5."""
    g = game3(a=with_card(A3, "Y5"), flip="LR5")
    assert discard(g) == ["LR5"]
    assert g.state.facedown == {}
    for seat in (0, 1, 2, None):
        assert g.view(seat)["zones"]["discard"]["cards"] == list(g.state.zone(g.program.zone_index["discard"]))
    assert colour(g) == "red" and shown(g) == "LR5"
    assert options(g) == ["play R1", "play Y5", "truth LR2", "bluff LB3", "bluff LY7", "draw",
                          "cheat R1", "cheat B4", "cheat Y6", "cheat Y5"]


@pytest.mark.parametrize("first", ["LR7", "R0"])
def test_setup_a_seven_or_a_zero_turned_up_first_swaps_and_passes_nothing(first):
    """SETUP 4: the card turned up is not played, so its Special Rule does not act: a 7 ("When you play a 7 card
    ... swap your hand") or a 0 ("When you play a 0 card ... pass their hand") turned up first exchanges no hands;
    P1 plays on it (a Liar's 7 lies face up, "treat it as a normal card")."""
    g = game3(flip=first)
    assert discard(g) == [first] and g.state.facedown == {}
    assert [hand(g, s) for s in range(3)] == [sorted(A3), sorted(B3), sorted(C3)]
    assert (turn(g), deciding(g)) == (0, 0)
    assert colour(g) == "red" and shown(g) == first
    assert [o for o in options(g) if o.startswith("play ")] == ["play R1"]


def test_setup_an_action_card_flipped_first_is_ignored():
    """SETUP 4: "If this card is an Action Card, ignore it and flip over the next card" -- Skips,
    Reverses, Draw Twos, Wild Draw 4s and the Wild Liar's Challenge alike: none of them acts."""
    flip = ["LRS", "LBR", "LGD2", "LW4", "WC", "Y5"]
    g = game3(flip=flip)
    assert discard(g) == flip
    assert top(g) == "Y5" and colour(g) == "yellow" and shown(g) == "Y5"
    assert (turn(g), deciding(g), g.state.direction) == (0, 0, 1)
    assert [hand(g, s) for s in range(3)] == [sorted(A3), sorted(B3), sorted(C3)]
    assert draw_size(g) == DECK - 21 - len(flip)
    assert events_of(g, "skip") == [] and events_of(g, "reverse") == []
    assert options(g) == ["play Y6", "truth LY7", "bluff LR2", "bluff LB3", "draw",
                          "cheat R1", "cheat B4", "cheat Y6", "cheat G8"]


# ====================================================================== Regular cards


def test_a_regular_card_is_played_face_up():
    """PLAYING A REGULAR CARD: "If you have a Regular Card that matches the top card on the Discard Pile
    in either Color, Number or Symbol, play it face up.  Easy peasy." -- no claim, no challenge."""
    g = game3()
    play(g, 0, "play R1")
    assert discard(g) == ["R5", "R1"]
    assert g.state.facedown == {}
    for seat in (1, 2, None):
        assert g.view(seat)["zones"]["discard"]["cards"][-1] == g.program.card_by_text("R1")[0]
    assert g.view(1)["claim"] is None
    assert colour(g) == "red" and shown(g) == "R1"
    assert (turn(g), deciding(g)) == (1, 1)
    assert not g.pending.window
    assert "P1 puts Red 1 on the discard pile" in narration(g, 1)


def test_a_regular_card_that_does_not_match_cannot_be_played():
    """HOW TO PLAY: "You can only play a card if it matches at least one attribute of the top card" --
    a Regular Blue 4 on a Red 5 is refused, and nothing changes."""
    g = game3()
    before = (hand(g, 0), discard(g), len(g.events))
    with pytest.raises(MoveError):
        g.apply(0, "play B4")
    assert (hand(g, 0), discard(g), len(g.events)) == before


# ====================================================================== Liar's cards


def test_a_matching_liars_card_is_laid_face_down_and_truthfully_named():
    """PLAYING A LIAR'S CARD, Matching: "If your Liar's Card MATCHES the top card on the Discard Pile,
    play it FACE DOWN and say out loud what it is.  Since it matches, you're telling the TRUTH." """
    g = game3()
    play(g, 0, "truth LR2")
    assert deciding(g) == 0
    assert g.pending.prompt == "you laid Liar's Red 2: say what it is (a card that could be played here)"
    assert claims(g) == ON_RED_5  # named as it is, or bluffed (games/liars.rules: the whole book says so)
    play(g, 0, "claim R2")
    assert discard(g) == ["R5", "LR2"]
    assert facedown_names(g) == {"LR2": [0]}  # face down: only its player knows it
    assert g.view(0)["zones"]["discard"]["cards"][-1] is not None
    for seat in (1, 2, None):
        assert g.view(seat)["zones"]["discard"]["cards"][-1] is None
        assert g.view(seat)["claim"]["text"] == "Red 2" and g.view(seat)["claim"]["count"] == 1
        assert g.view(seat)["claim"]["stands"]
    assert narration(g, 1)[-2:] == ["P1 puts 1 card on the discard pile face down", "P1 says it is Red 2"]
    assert "you put Liar's Red 2 on the discard pile face down" in narration(g, 0)
    # Nobody challenges: the card stays face down and play goes on from the claim.
    assert g.pending.window and deciding(g) == 1
    play(g, 1, "pass")
    play(g, 2, "pass")
    assert hand(g, 0) == sorted(["R1", "LB3", "B4", "Y6", "LY7", "G8"])
    assert facedown_names(g) == {"LR2": [0]}
    assert colour(g) == "red" and shown(g) == "R2"
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_non_matching_liars_card_is_laid_face_down_with_a_plausible_lie():
    """PLAYING A LIAR'S CARD, Non-Matching: "If your Liar's Card DOESN'T MATCH the top card on the
    Discard Pile, play it FACE DOWN and LIE about what it is." """
    g = game3()
    play(g, 0, "bluff LB3")
    assert claims(g) == ON_RED_5
    play(g, 0, "claim R9")
    assert discard(g) == ["R5", "LB3"]
    assert facedown_names(g) == {"LB3": [0]}
    for seat in (1, 2, None):
        assert g.view(seat)["zones"]["discard"]["cards"][-1] is None
        assert g.view(seat)["claim"]["text"] == "Red 9"
    play(g, 1, "pass")
    play(g, 2, "pass")
    assert hand(g, 0) == sorted(["R1", "LR2", "B4", "Y6", "LY7", "G8"])
    assert colour(g) == "red" and shown(g) == "R9"
    assert (turn(g), deciding(g)) == (1, 1)


def test_the_others_cannot_tell_a_truth_from_a_bluff():
    """PLAYING A LIAR'S CARD: the card is laid FACE DOWN -- the other players are told the same thing
    whether it matched or not (the `truth`/`bluff` word stays the player's)."""
    told = {}
    for move in ("truth LR2", "bluff LB3"):
        g = game3()
        start = len(g.events)
        play(g, 0, move, "claim R2")
        told[move] = [narration(g, s, start) for s in (1, 2, None)]
        assert [g.event_for(e, 1).move for e in events_of(g, "choice")] == [None, "claim R2"]
    assert told["truth LR2"] == told["bluff LB3"]


def test_a_lie_must_be_plausible():
    """PLAYING A LIAR'S CARD: "However, your lie must be plausible.  For example, if the top card is a
    Red 3, you can say your card is any Red Card (Red 7, Red Draw 2, etc.) or a matching Number Card
    (Blue 3, Yellow 3, etc.) or even a Wild Draw 4!"  The Wild Liar's Challenge is always played face
    up, so nobody can claim one."""
    g = game3(flip="R3", a=with_card(A3, "LB5", 1), draw=())
    play(g, 0, "bluff LB5")
    assert claims(g) == ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "RS", "RR", "RD2",
                         "Y3", "G3", "B3", "W4"]
    for implausible in ("claim B5", "claim Y7", "claim BS", "claim WC"):
        with pytest.raises(MoveError):
            g.apply(0, implausible)
    assert hand(g, 0) == sorted(with_card(A3, "LB5", 1)) and discard(g) == ["R3"]
    # A Liar's card that matches is not a bluff, one that does not is not a truth.
    g = game3()
    with pytest.raises(MoveError):
        g.apply(0, "truth LB3")
    with pytest.raises(MoveError):
        g.apply(0, "bluff LR2")


def test_play_goes_on_against_what_was_claimed_not_the_hidden_card():
    """PLAYING A LIAR'S CARD (and the README's gap "what the top card is after a face-down play"): the
    next player matches the claimed Red 9 -- their Blue 9 is playable, though the hidden card is a
    Blue 3 that their Blue 1 would have matched."""
    b = with_card(B3, "B9", 1)  # B1, B9, G3, ...
    g = game3(b=b)
    lay(g, 0, "bluff LB3", "R9", "pass", "pass")
    assert (turn(g), deciding(g)) == (1, 1)
    assert g.view(1)["zones"]["discard"]["cards"][-1] is None
    assert options(g) == ["play B9", "draw", "cheat B1", "cheat B9", "cheat G3", "cheat G4",
                          "cheat Y1", "cheat Y2", "cheat Y3"]
    with pytest.raises(MoveError):
        g.apply(1, "play B1")
    play(g, 1, "play B9")
    assert discard(g) == ["R5", "LB3", "B9"]
    assert colour(g) == "blue" and shown(g) == "B9"
    assert facedown_names(g) == {"LB3": [0]}  # still face down under the Blue 9


# ====================================================================== challenges


def test_any_player_may_challenge_asked_in_turn_order_from_the_next_player():
    """PLAYING A LIAR'S CARD: "After you play a card FACE DOWN, any player may challenge you" and "If
    no one challenges you before the next player begins their turn, you're safe."  Four players: the
    window asks P2, P3, P4 in turn, before P2 begins their turn."""
    d = ["R6", "G0", "LB0", "Y5", "G5", "B5", "LB8"]
    g = new_game(LIARS, [A3, B3, C3, d], "R5", DRAWS)
    asked = lay(g, 0, "truth LR2", "R2", "pass", "pass", "pass")
    assert asked == [1, 2, 3]
    assert (turn(g), deciding(g)) == (1, 1) and not g.pending.window
    # After a Reverse the next player is P4, and the window starts with them.
    g = new_game(LIARS, [with_card(A3, "LRR", 0), B3, C3, d], "R5", DRAWS)
    asked = lay(g, 0, "truth LRR", "RR", "pass", "pass", "pass")
    assert asked == [1, 2, 3]  # the Reverse acts only once nobody challenged it
    assert g.state.direction == -1 and turn(g) == 3
    play(g, 3, "play R6")
    play(g, 2, "bluff LG8", "claim R8")
    assert deciding(g) == 1 and g.pending.window  # P2 is next after P3, counter-clockwise
    play(g, 1, "pass")
    assert deciding(g) == 0
    play(g, 0, "pass")
    assert deciding(g) == 3
    play(g, 3, "pass")
    assert turn(g) == 1


def test_the_first_player_to_challenge_is_the_one():
    """"any player may challenge you": when P2 lets it pass and P3 challenges, P3 is the challenger;
    when P2 challenges, P3 is never asked."""
    g = game3()
    play(g, 0, "truth LR2", "claim R2")
    assert g.pending.prompt == "P1 lays a card face down and says it is Red 2"
    assert options(g) == ["challenge", "pass"]
    assert turn(g) == 0  # the next player has not begun their turn
    play(g, 1, "challenge")
    assert not g.pending.window and (turn(g), deciding(g)) == (1, 1)
    assert hand(g, 1) == sorted(B3 + DRAWS[:1])  # P2 challenged a truth and draws
    assert hand(g, 2) == sorted(C3)
    assert [e.player for e in events_of(g, "choice") if e.verb == "challenge"] == [1]


def test_challenged_and_truthful_the_challenger_draws_one():
    """"If you're challenged, you must reveal the card.  If you were telling the TRUTH, the player who
    challenged you must draw 1 card.  Sweet!" """
    g = game3()
    start = len(g.events)
    lay(g, 0, "truth LR2", "R2", "pass", "challenge")
    assert discard(g) == ["R5", "LR2"]
    assert g.state.facedown == {}  # turned up for everyone
    for seat in (0, 1, 2, None):
        assert g.view(seat)["zones"]["discard"]["cards"][-1] == g.program.card_by_text("LR2")[0]
    assert hand(g, 2) == sorted(C3 + DRAWS[:1])
    assert hand(g, 1) == sorted(B3)
    assert hand(g, 0) == sorted(["R1", "LB3", "B4", "Y6", "LY7", "G8"])
    assert colour(g) == "red" and shown(g) == "R2"
    assert (turn(g), deciding(g)) == (1, 1)
    told = narration(g, 1, start)
    assert "P1 shows: Liar's Red 2" in told and "it really is Red 2: P3 will draw 1" in told
    assert not any(g.view(seat)["claim"]["stands"] for seat in (0, 1, 2, None))  # settled by turning it up


def test_challenged_and_lying_the_card_comes_back_with_one_more():
    """"If you were LYING, you must take the card back AND draw 1 card.  Ouch!"  The lie never took
    effect: play goes on against the Red 5, and the next player takes their turn."""
    g = game3()
    start = len(g.events)
    lay(g, 0, "bluff LB3", "R9", "challenge")
    assert discard(g) == ["R5"]
    assert g.state.facedown == {}
    assert hand(g, 0) == sorted(A3 + DRAWS[:1])
    assert hand(g, 1) == sorted(B3) and hand(g, 2) == sorted(C3)
    assert colour(g) == "red" and shown(g) == "R5"
    assert (turn(g), deciding(g)) == (1, 1)
    told = narration(g, 2, start)
    assert "P1 lied: it was Liar's Blue 3; it comes back, with 1 more" in told
    assert "P1 takes Liar's Blue 3 from the discard pile" in told
    assert not any(g.view(seat)["claim"]["stands"] for seat in (0, 1, 2, None))  # settled by turning it up


@pytest.mark.parametrize("verb_card,claim", [("bluff LB3", "RS"), ("truth LRS", "RS")], ids=["lie", "truth"])
def test_an_unchallenged_skip_takes_effect_whether_true_or_not(verb_card, claim):
    """"If no one challenges you before the next player begins their turn, you're safe.  If you said the
    card was an Action Card, the action takes effect whether you were lying or not." -- a Skip."""
    g = game3(a=with_card(A3, "LRS", 0))
    lay(g, 0, verb_card, claim, "pass", "pass")
    assert [e.player for e in events_of(g, "skip")] == [1]
    assert (turn(g), deciding(g)) == (2, 2)
    assert hand(g, 1) == sorted(B3)
    assert colour(g) == "red" and shown(g) == "RS"


def test_an_unchallenged_lie_of_a_draw_two_makes_the_next_player_draw_two():
    """"... the action takes effect whether you were lying or not." -- a Draw Two that was a Blue 3:
    "the next player must draw 2 cards and lose their turn." """
    g = game3()
    lay(g, 0, "bluff LB3", "RD2", "pass", "pass")
    assert hand(g, 1) == sorted(B3 + DRAWS[:2])
    assert (turn(g), deciding(g)) == (2, 2)
    assert discard(g) == ["R5", "LB3"] and facedown_names(g) == {"LB3": [0]}
    assert colour(g) == "red" and shown(g) == "RD2"


def test_an_unchallenged_lie_of_a_reverse_reverses():
    """"... the action takes effect whether you were lying or not." -- a Reverse: "the direction of
    play is reversed" (three players: P1 -> P3)."""
    g = game3()
    lay(g, 0, "bluff LB3", "RR", "pass", "pass")
    assert g.state.direction == -1
    assert (turn(g), deciding(g)) == (2, 2)


def test_a_claimed_action_challenged_and_false_does_not_happen():
    """"If you were LYING, you must take the card back AND draw 1 card." (the .rules file: a card taken
    back was never played, so its claimed Draw Two does nothing) -- the challenger plays next."""
    g = game3()
    lay(g, 0, "bluff LB3", "RD2", "challenge")
    assert hand(g, 0) == sorted(A3 + DRAWS[:1])
    assert hand(g, 1) == sorted(B3)
    assert events_of(g, "skip") == []
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_claimed_action_challenged_and_true_happens_and_the_challenger_draws_one_more():
    """"If you were telling the TRUTH, the player who challenged you must draw 1 card." -- and the
    Draw Two acts: the next player, who challenged, draws 2, then 1, and loses their turn."""
    a = with_card(A3, "LRD2", 0)
    g = game3(a=a)
    lay(g, 0, "truth LRD2", "RD2", "challenge")
    assert hand(g, 1) == sorted(B3 + DRAWS[:3])
    assert [e.player for e in events_of(g, "skip")] == [1]
    assert (turn(g), deciding(g)) == (2, 2)
    assert discard(g) == ["R5", "LRD2"] and g.state.facedown == {}


# ====================================================================== the cheat


def test_a_regular_card_played_face_down_and_caught_comes_back_with_six():
    """NOTE: "You MAY NOT play a Regular Card face down and try to pass it off as a Liar's Card.  If you
    get caught doing so, you must take the card back and draw 6 cards!" -- even when what you said
    was true."""
    g = game3()
    start = len(g.events)
    lay(g, 0, "cheat R1", "R1", "challenge")
    assert discard(g) == ["R5"]
    assert hand(g, 0) == sorted(A3 + DRAWS[:6])
    assert hand(g, 1) == sorted(B3)
    assert g.state.facedown == {}
    assert (turn(g), deciding(g)) == (1, 1)
    assert "P1 played a Regular card face down: it comes back, with 6 more" in narration(g, 2, start)


def test_a_regular_card_played_face_down_and_not_caught_stands_as_claimed():
    """NOTE (the README's gap "a cheat that a table can try"): uncaught, the Regular Blue 4 laid face
    down stands as the Red 4 it was said to be -- and the others were told exactly what a Liar's card
    laid face down would have told them."""
    g = game3()
    start = len(g.events)
    lay(g, 0, "cheat B4", "R4", "pass", "pass")
    assert discard(g) == ["R5", "B4"] and facedown_names(g) == {"B4": [0]}
    assert shown(g) == "R4" and colour(g) == "red"
    assert (turn(g), deciding(g)) == (1, 1)
    cheat_told = [narration(g, s, start) for s in (1, 2, None)]
    h = game3()
    start = len(h.events)
    lay(h, 0, "bluff LB3", "R4", "pass", "pass")
    assert [narration(h, s, start) for s in (1, 2, None)] == cheat_told


# ====================================================================== 7s and 0s


def test_a_seven_swaps_hands_with_a_player_of_your_choice():
    """SPECIAL RULES, 7's Swap: "When you play a 7 card of any color, you MUST swap your hand with
    another player of your choice.  Play then continues in current order." """
    a = with_card(A3, "R7", 0)
    g = game3(a=a)
    play(g, 0, "play R7")
    assert deciding(g) == 0 and options(g) == ["swap P2", "swap P3"]
    play(g, 0, "swap P3")
    assert hand(g, 0) == sorted(C3)
    assert hand(g, 2) == sorted(a[1:])
    assert hand(g, 1) == sorted(B3)
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("swap_with,drawer_hand", [("P3", "B3"), ("P2", "A3")], ids=["another", "the-challenger"])
def test_a_seven_challenged_and_true_the_penalty_is_drawn_after_the_swap(swap_with, drawer_hand):
    """SPECIAL RULES NOTE: "If a 7 or 0 is challenged, the penalty card is drawn AFTER any exchange of
    hands." -- P2 challenges a true Red 7; the hands are swapped, then P2 draws into the hand they hold
    by then (their own, or P1's if P1 swapped with them)."""
    a = with_card(A3, "LR7", 0)
    g = game3(a=a)
    lay(g, 0, "truth LR7", "R7", "challenge")
    assert deciding(g) == 0 and options(g) == ["swap P2", "swap P3"]
    assert hand(g, 1) == sorted(B3)  # not yet drawn
    play(g, 0, f"swap {swap_with}")
    rest_a = a[1:]
    if swap_with == "P3":
        assert hand(g, 0) == sorted(C3) and hand(g, 2) == sorted(rest_a)
        assert hand(g, 1) == sorted(B3 + DRAWS[:1])
    else:
        assert hand(g, 0) == sorted(B3) and hand(g, 2) == sorted(C3)
        assert hand(g, 1) == sorted(rest_a + DRAWS[:1])
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_seven_challenged_and_false_swaps_nothing():
    """"If you were LYING, you must take the card back AND draw 1 card" -- a lie of a Red 7 caught swaps
    no hands."""
    g = game3()
    lay(g, 0, "bluff LB3", "R7", "challenge")
    assert hand(g, 0) == sorted(A3 + DRAWS[:1])
    assert hand(g, 1) == sorted(B3) and hand(g, 2) == sorted(C3)
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_seven_claimed_falsely_and_not_challenged_still_swaps():
    """"If no one challenges you ... If you said the card was an Action Card, the action takes effect whether you
    were lying or not" -- a 7's swap is what a claimed 7 does, so a Liar's Blue 3 laid as a Red 7 that nobody
    challenges swaps hands like a true one (play goes on against the claim; the file says so at `claim_play`)."""
    g = game3()
    lay(g, 0, "bluff LB3", "R7", "pass", "pass")
    assert deciding(g) == 0 and options(g) == ["swap P2", "swap P3"]
    play(g, 0, "swap P2")
    rest = [c for c in A3 if c != "LB3"]
    assert hand(g, 0) == sorted(B3) and hand(g, 1) == sorted(rest) and hand(g, 2) == sorted(C3)
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_zero_claimed_falsely_and_not_challenged_still_passes_the_hands():
    """The same for a 0's pass: a Liar's Blue 3 laid as a Red 0 that nobody challenges passes every hand on."""
    g = game3()
    lay(g, 0, "bluff LB3", "R0", "pass", "pass")
    rest = [c for c in A3 if c != "LB3"]
    assert hand(g, 1) == sorted(rest) and hand(g, 2) == sorted(B3) and hand(g, 0) == sorted(C3)
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_zero_passes_every_hand_to_the_next_player():
    """SPECIAL RULES, 0's Pass: "When you play a 0 card of any color, ALL players must pass their hand
    to the next player in the current direction of play." """
    a = with_card(A3, "R0", 0)
    g = game3(a=a)
    play(g, 0, "play R0")
    assert hand(g, 1) == sorted(a[1:])
    assert hand(g, 2) == sorted(B3)
    assert hand(g, 0) == sorted(C3)
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("card, moves", [("R7", ["play R7", "swap P2"]), ("R0", ["play R0"])], ids=["7", "0"])
def test_two_players_a_seven_or_a_zero_exchanges_the_two_hands(card, moves):
    """SPECIAL RULES with two players: a 7 swaps with "another player of your choice" -- the only other one -- and
    a 0 passes each hand "to the next player": both exchange the two hands; then the other player plays."""
    a = with_card(A3, card, 0)
    g = new_game(LIARS, [a, B3], "R5", DRAWS)
    play(g, 0, *moves)
    assert hand(g, 0) == sorted(B3)
    assert hand(g, 1) == sorted(a[1:])
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_zero_after_a_reverse_passes_the_other_way():
    """0's Pass: "... to the next player in the current direction of play" -- counter-clockwise after
    an unchallenged Reverse."""
    b = with_card(B3, "R0", 0)
    g = game3(b=b)
    lay(g, 0, "bluff LB3", "RR", "pass", "pass")
    assert g.state.direction == -1 and turn(g) == 2
    play(g, 2, "draw")  # G1: not red, no match; kept
    assert turn(g) == 1
    play(g, 1, "play R0")
    assert hand(g, 0) == sorted(b[1:])
    assert hand(g, 2) == sorted(A3[:2] + A3[3:])
    assert hand(g, 1) == sorted(C3 + DRAWS[:1])


def test_a_zero_challenged_and_true_the_penalty_is_drawn_after_the_pass():
    """SPECIAL RULES NOTE: "If a 7 or 0 is challenged, the penalty card is drawn AFTER any exchange of
    hands." -- P3 challenges a true Red 0: every hand moves on one seat, then P3 draws into the hand
    passed to them."""
    a = with_card(A3, "LR0", 0)
    g = game3(a=a)
    lay(g, 0, "truth LR0", "R0", "pass", "challenge")
    assert hand(g, 1) == sorted(a[1:])
    assert hand(g, 2) == sorted(B3 + DRAWS[:1])
    assert hand(g, 0) == sorted(C3)
    assert discard(g) == ["R5", "LR0"] and g.state.facedown == {}
    assert (turn(g), deciding(g)) == (1, 1)


# ====================================================================== Wild Draw 4


def test_wild_draw_four_next_player_draws_four_loses_their_turn_and_the_colour_is_chosen():
    """ACTION CARDS, Wild Draw 4: "This card matches anything so you can play it no matter what card is
    on the Discard Pile.  When played, the next player must draw 4 cards and lose their turn.  You get
    to choose the color that continues play."  It is a Liar's card: laid face down, always truthfully."""
    a = with_card(A3, "LW4", 0)
    g = game3(a=a)
    assert "truth LW4" in options(g) and "bluff LW4" not in options(g)
    lay(g, 0, "truth LW4", "W4", "pass", "pass")
    assert deciding(g) == 0
    assert options(g) == ["colour red", "colour yellow", "colour green", "colour blue"]
    play(g, 0, "colour green")
    assert hand(g, 1) == sorted(B3 + DRAWS[:4])
    assert [e.player for e in events_of(g, "skip")] == [1]
    assert colour(g) == "green" and shown(g) == "W4"
    assert (turn(g), deciding(g)) == (2, 2)
    assert options(g)[:3] == ["play G6", "play G7", "truth LG8"]


def test_wild_draw_four_claimed_truthfully_and_challenged_the_challenger_draws_five():
    """Wild Draw 4 with "If you were telling the TRUTH, the player who challenged you must draw 1
    card": the next player, who challenged, draws 4 and then 1, and loses their turn."""
    a = with_card(A3, "LW4", 0)
    g = game3(a=a)
    lay(g, 0, "truth LW4", "W4", "challenge")
    play(g, 0, "colour blue")
    assert hand(g, 1) == sorted(B3 + DRAWS[:5])
    assert colour(g) == "blue"
    assert (turn(g), deciding(g)) == (2, 2)


def test_wild_draw_four_lie_unchallenged_still_acts():
    """"If you said the card was an Action Card, the action takes effect whether you were lying or not"
    -- a Blue 3 said to be a Wild Draw 4."""
    g = game3()
    lay(g, 0, "bluff LB3", "W4", "pass", "pass")
    play(g, 0, "colour yellow")
    assert hand(g, 1) == sorted(B3 + DRAWS[:4])
    assert colour(g) == "yellow"
    assert (turn(g), deciding(g)) == (2, 2)


# ====================================================================== Wild Liar's Challenge

WLC_A = ["WC", "R1", "B4", "Y6", "G8", "LY8", "LG2"]
WLC_B = ["R3", "B2", "G3", "G4", "Y1", "Y2", "Y3"]
WLC_C = ["G6", "G7", "LG8", "B8", "B9", "Y4", "Y9"]
WLC_D = ["LW4", "B5", "LB6", "Y5", "G5", "G0", "Y0"]


def wlc_game(colour_="red", lays=("R3", "G6", "LW4")) -> Game:
    """Four players; P1 plays the Wild Liar's Challenge, names a colour, and P2, P3, P4 lay a card each."""
    g = new_game(LIARS, [WLC_A, WLC_B, WLC_C, WLC_D], "R5", DRAWS)
    play(g, 0, "play WC")
    assert g.state.facedown == {} and top(g) == "WC"  # always played face up
    assert g.pending.prompt == "choose the colour that continues play"
    play(g, 0, f"colour {colour_}")
    for seat, card in zip((1, 2, 3), lays):
        assert deciding(g) == seat
        assert g.pending.prompt == f"lay a card face down in front of you: you say it is {colour_.capitalize()}"
        play(g, seat, card if " " in card else f"lay {card}")  # `cheat Y5`: not the colour though holding it
    return g


def test_wild_liars_challenge_every_other_player_lays_a_card_face_down():
    """ACTION CARDS, Wild Liar's Challenge: "When played, first you choose a color.  Next, all other
    players put a card of that color FACE DOWN in front of them and say out loud what the card is ...
    If they don't have a card of that color, they can put down any card, but they MUST say that it is a
    card matching the color you chose." -- each lays in turn, seeing only their own card."""
    g = wlc_game()
    assert [zone_cards(g, "front", s) for s in range(4)] == [[], ["R3"], ["G6"], ["LW4"]]
    assert facedown_names(g) == {"R3": [1], "G6": [2], "LW4": [3]}
    for seat in (0, 1, 2, 3, None):
        fronts = g.view(seat)["zones"]["front"]
        assert [f["size"] for f in fronts] == [0, 1, 1, 1]
        assert [f["cards"] != [None] for f in fronts[1:]] == [seat == s for s in (1, 2, 3)]
    assert [len(hand(g, s)) for s in range(4)] == [6, 6, 6, 6]
    assert deciding(g) == 0
    assert options(g) == ["challenge P2", "challenge P3", "challenge P4", "stop"]


def test_wild_liars_challenge_liars_take_back_and_draw_until_a_truthful_one():
    """Wild Liar's Challenge: "Next, you may challenge any player and force them.  If they were lying,
    they must take their card back and draw 1 card as a penalty.  You may continue challenging players
    until you challenge everyone, or until you challenge someone who reveals a card of the correct
    color."  A Wild Draw 4 is no red card: "(Wild Cards don't count)"."""
    g = wlc_game()
    play(g, 0, "challenge P3")
    assert hand(g, 2) == sorted(WLC_C + DRAWS[:1])
    assert options(g) == ["challenge P2", "challenge P4", "stop"]
    play(g, 0, "challenge P4")
    assert hand(g, 3) == sorted(WLC_D + DRAWS[1:2])
    assert options(g) == ["challenge P2", "stop"]
    play(g, 0, "challenge P2")  # a Red 3: the truth, and the challenging stops
    assert discard(g) == ["R5", "R3", "WC"]
    assert g.state.facedown == {}
    assert [zone_cards(g, "front", s) for s in range(4)] == [[], [], [], []]
    assert hand(g, 1) == sorted(WLC_B[1:])
    assert colour(g) == "red"
    assert (turn(g), deciding(g)) == (1, 1)


def test_wild_liars_challenge_the_truthful_one_and_all_unchallenged_put_their_cards_under_it():
    """Wild Liar's Challenge: "When that happens, that player AND all remaining unchallenged players get
    to put their cards under the Wild Liar's Challenge card and play continues as normal with the color
    you chose." -- the first challenge finds the truth; the two lies go under unchallenged."""
    g = wlc_game()
    play(g, 0, "challenge P2")
    assert discard(g) == ["R5", "R3", "G6", "LW4", "WC"]
    assert [len(hand(g, s)) for s in range(4)] == [6, 6, 6, 6]
    assert colour(g) == "red" and shown(g) == "WC"
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["draw", "cheat B2", "cheat G3", "cheat G4", "cheat Y1", "cheat Y2", "cheat Y3"]


def test_wild_liars_challenge_challenging_nobody_puts_every_card_under_it():
    """Wild Liar's Challenge: "you MAY challenge" -- stopping at once leaves everyone unchallenged."""
    g = wlc_game(colour_="green", lays=("G3", "G6", "cheat Y5"))
    play(g, 0, "stop")
    assert discard(g) == ["R5", "G3", "G6", "Y5", "WC"]
    assert colour(g) == "green"
    assert [len(hand(g, s)) for s in range(4)] == [6, 6, 6, 6]
    assert (turn(g), deciding(g)) == (1, 1)


def test_wild_liars_challenge_a_lone_liar_challenged_takes_back_and_everyone_else_goes_under():
    """Wild Liar's Challenge: "You may continue challenging players until you challenge everyone" --
    challenging every liar leaves nobody to go under but the truthful."""
    g = wlc_game(lays=("cheat B2", "G6", "LW4"))
    for p in ("P2", "P3", "P4"):
        play(g, 0, f"challenge {p}")
    assert discard(g) == ["R5", "WC"]
    assert [len(hand(g, s)) for s in range(4)] == [6, 8, 8, 8]
    assert (turn(g), deciding(g)) == (1, 1)


@pytest.mark.parametrize("answer", ["challenge P2", "stop"])
def test_wild_liars_challenge_with_two_players_the_one_other_player_lays_and_may_be_challenged(answer):
    """Wild Liar's Challenge with two players: "all other players" is P2 alone.  P2 holds a blue card but lays the
    Yellow 1 (a lie, `cheat`).  Challenged, it comes back with 1 more ("take their card back and draw 1 card");
    not challenged, it goes under the Wild Liar's Challenge face down.  Either way P2 plays next, on blue."""
    g = new_game(LIARS, [WLC_A, WLC_B], "R5", DRAWS)
    play(g, 0, "play WC", "colour blue")
    assert (deciding(g), [o for o in options(g) if o.startswith("lay ")]) == (1, ["lay B2"])
    play(g, 1, "cheat Y1")
    assert (deciding(g), options(g)) == (0, ["challenge P2", "stop"])
    play(g, 0, answer)
    if answer == "stop":
        assert discard(g) == ["R5", "Y1", "WC"] and facedown_names(g) == {"Y1": [1]}
        assert hand(g, 1) == sorted(set(WLC_B) - {"Y1"})
    else:
        assert discard(g) == ["R5", "WC"] and g.state.facedown == {}
        assert hand(g, 1) == sorted(WLC_B + DRAWS[:1])
    assert hand(g, 0) == sorted(WLC_A[1:])
    assert colour(g) == "blue" and shown(g) == "WC"
    assert (turn(g), deciding(g), g.state.direction) == (1, 1, 1)


# Three players for the end of a hand by a Wild Liar's Challenge: P1 draws every turn while P2 and P3
# play six Regular cards each, calling UNO with the sixth; then P1 plays the Wild Liar's Challenge.
END_A = ["WC", "B1", "B2", "B3", "B4", "B6", "B8"]       # 1+2+3+4+6+8 = 24 once the WC is played
END_B = ["R1", "R3", "R6", "Y8", "Y2", "Y4", "R9"]
END_C = ["R2", "R4", "R8", "Y1", "Y3", "Y6", "G9"]
END_DRAWS = ["G1", "G2", "G3", "G4", "G6", "G8"]         # 1+2+3+4+6+8 = 24


def last_cards_game() -> Game:
    g = new_game(LIARS, [END_A, END_B, END_C], "R5", END_DRAWS + ["LB5", "LB7"])
    for i in range(6):
        play(g, 0, "draw")
        if deciding(g) == 0:
            play(g, 0, "keep")
        play(g, 1, f"play {END_B[i]}" + (" uno" if i == 5 else ""))
        play(g, 2, f"play {END_C[i]}" + (" uno" if i == 5 else ""))
    assert [len(hand(g, s)) for s in range(3)] == [13, 1, 1]
    play(g, 0, "play WC", "colour red")
    play(g, 1, "lay R9")
    play(g, 2, "lay G9")
    return g


def test_wild_liars_challenge_last_cards_laid_under_it_win_together():
    """Wild Liar's Challenge NOTE: "If someone discards their LAST card this way, they win (if multiple
    players do this, they win TOGETHER)." -- P2 (a true Red 9) and P3 (a lie) both go under unchallenged
    and share the win; each scores P1's hand."""
    g = last_cards_game()
    play(g, 0, "stop")
    assert g.over
    assert g.winners == [1, 2]
    assert hand(g, 1) == [] and hand(g, 2) == []
    assert events_of(g, "win")[-1].players == [1, 2]
    assert g.scores == [0, 48, 48]


def test_wild_liars_challenge_a_last_card_caught_lying_comes_back():
    """Wild Liar's Challenge: a liar "must take their card back and draw 1 card" -- P3's last card
    comes back with one more; P2's truth then stops the challenge, and P2 alone wins."""
    g = last_cards_game()
    play(g, 0, "challenge P3")
    assert hand(g, 2) == sorted(["G9", "LB5"])
    play(g, 0, "challenge P2")
    assert g.over and g.winners == [1]
    assert g.scores == [0, 48 + 9 + 5, 0]


# Three players who each play six Regular cards (calling UNO with the sixth): P1 is left with the
# Wild Liar's Challenge, P2 with a red Liar's 3, P3 with a Blue 5.
RACE = [["WC", "R1", "R4", "R9", "Y2", "Y5", "G8"],
        ["R2", "R6", "Y9", "Y3", "Y6", "G1", "LR3"],
        ["R3", "R8", "Y1", "Y4", "Y8", "G2", "B5"]]


def race_game() -> Game:
    g = new_game(LIARS, RACE, "R5", ["G3", "G4"])
    for i in range(6):
        for seat in range(3):
            card = RACE[seat][i + 1] if seat == 0 else RACE[seat][i]
            play(g, seat, f"play {card}" + (" uno" if i == 5 else ""))
    assert [hand(g, s) for s in range(3)] == [["WC"], ["LR3"], ["B5"]]
    return g


def test_wild_liars_challenge_as_the_last_card_wins():
    """Winning: "When a player plays their final card, if no one challenges them, they win." -- the Wild
    Liar's Challenge is played face up and cannot be challenged; its effect runs first (P2 and P3 lay
    their last cards, and neither is green: both are caught and come back with one more), then P1 wins."""
    g = race_game()
    play(g, 0, "play WC", "colour green")
    play(g, 1, "lay LR3")
    play(g, 2, "lay B5")
    play(g, 0, "challenge P3")
    play(g, 0, "challenge P2")
    assert hand(g, 2) == ["B5", "G3"] and hand(g, 1) == ["G4", "LR3"]
    assert g.over and g.winners == [0]
    assert g.scores == [5 + 3 + 3 + 4, 0, 0]


def test_wild_liars_challenge_as_the_last_card_wins_with_those_who_empty_their_hand_by_it():
    """Winning: "When a player plays their final card, if no one challenges them, they win." and the Wild
    Liar's Challenge NOTE: "If someone discards their LAST card this way, they win (if multiple players
    do this, they win TOGETHER)." -- P1's final card is the Wild Liar's Challenge, which nobody can
    challenge; P2 and P3 put their last cards under it.  P1 is among the winners."""
    g = race_game()
    play(g, 0, "play WC", "colour red")
    play(g, 1, "lay LR3")
    play(g, 2, "lay B5")
    play(g, 0, "stop")
    assert g.over
    assert [hand(g, s) for s in range(3)] == [[], [], []]
    assert 0 in g.winners and {1, 2} <= set(g.winners)


@pytest.mark.parametrize("answer,p2_draws", [("pass", 0), ("challenge", 1)], ids=["unchallenged", "challenged"])
def test_two_players_a_reverse_claimed_truthfully_acts_as_a_skip(answer, p2_draws):
    """Reverse card with two players (the README's gap: as in classic UNO it acts as a Skip), in Liar's UNO: P1
    lays the Liar's Red Reverse saying so; unchallenged, or challenged and true (P2 then draws 1 after the
    action), the direction stays and P1 plays again."""
    g = new_game(LIARS, [with_card(A3, "LRR", 0), B3], "R5", DRAWS)
    lay(g, 0, "truth LRR", "RR", answer)
    assert [e.player for e in events_of(g, "skip")] == [1] and events_of(g, "reverse") == []
    assert (g.state.direction, turn(g), deciding(g)) == (1, 0, 0)
    assert hand(g, 1) == sorted(B3 + DRAWS[:p2_draws])
    assert hand(g, 0) == sorted(A3[1:])
    assert colour(g) == "red" and shown(g) == "RR"


def test_two_players_a_reverse_claimed_falsely_and_caught_does_nothing():
    """Two players: a Blue 3 said to be a Red Reverse, caught: P1 takes it back and draws 1, nothing is skipped,
    and P2 plays next."""
    g = new_game(LIARS, [A3, B3], "R5", DRAWS)
    lay(g, 0, "bluff LB3", "RR", "challenge")
    assert events_of(g, "skip") == [] and events_of(g, "reverse") == []
    assert hand(g, 0) == sorted(A3 + DRAWS[:1]) and hand(g, 1) == sorted(B3)
    assert (turn(g), deciding(g)) == (1, 1)
    assert shown(g) == "R5"


# ====================================================================== Winning and UNO!

# Two players.  P1 lays six Liar's Skips truthfully (with two players a Skip gives P1 another turn);
# P2 lets each pass.  P1 is then left with one card.
SKIPS = ["LRS", "LRS", "LYS", "LYS", "LGS", "LGS"]
SKIP_CLAIMS = ["RS", "RS", "YS", "YS", "GS", "GS"]
OPP = ["LR7", "LBS", "LW4", "WC", "R0", "B9", "Y1"]  # 7 + 20 + 50 + 50 + 0 + 9 + 1 = 137


def down_to(last, uno=True, match=False, opp=OPP) -> Game:
    g = new_game(LIARS, [SKIPS + [last], opp], "R5", DRAWS, match=match)
    for i, (card, claim) in enumerate(zip(SKIPS, SKIP_CLAIMS)):
        assert (turn(g), deciding(g)) == (0, 0)
        call = " uno" if uno and i == 5 else ""
        if i == 5:
            assert g.pending.due == ("uno",)
        play(g, 0, f"truth {card}{call}", f"claim {claim}")
        play(g, 1, "pass")
    assert hand(g, 0) == [last]
    assert (turn(g), deciding(g)) == (0, 0)
    assert colour(g) == "green" and shown(g) == "GS"
    return g


def test_the_last_card_unchallenged_wins_even_a_lie():
    """Winning: "When a player plays their final card, if no one challenges them, they win." -- P1's
    last card is a Blue 3 said to be a Green 3, and nobody challenges."""
    g = down_to("LB3")
    assert options(g) == ["bluff LB3", "draw"]
    lay(g, 0, "bluff LB3", "G3", "pass")
    assert g.over and g.winners == [0]
    assert g.scores == [137, 0]
    assert facedown_names(g)["LB3"] == [0]  # never revealed
    assert all(k == [0] for k in facedown_names(g).values())


def test_the_last_card_challenged_and_true_wins():
    """Winning: the last card challenged and true stands: P1 wins, and the challenger's penalty card
    counts in the score."""
    g = down_to("LG3")
    lay(g, 0, "truth LG3", "G3", "challenge")
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(OPP + DRAWS[:1])
    assert g.scores == [137 + 1, 0]  # the Green 1 drawn by the challenger


def test_the_last_card_caught_lying_comes_back_and_play_continues():
    """Winning: "If challenged and caught lying, they must take their card back, draw 1 card as a penalty
    and then play continues." """
    g = down_to("LB3")
    lay(g, 0, "bluff LB3", "G3", "challenge")
    assert not g.over and g.winners == []
    assert hand(g, 0) == sorted(["LB3", DRAWS[0]])
    assert discard(g)[-1] == "LGS"
    assert (turn(g), deciding(g)) == (1, 1)
    assert not g.pending.window  # two cards again: no UNO to catch


@pytest.mark.parametrize("answer", ["pass", "challenge"])
def test_the_last_card_a_regular_card_laid_face_down_wins_unless_caught_then_comes_back_with_six(answer):
    """NOTE: "You MAY NOT play a Regular Card face down and try to pass it off as a Liar's Card.  If you get caught
    doing so, you must take the card back and draw 6 cards!" -- on the last card too.  P1's last card is the Regular
    Green 8, laid face down and said to be a Green 3.  Not challenged, it wins as any last card does ("if no one
    challenges them, they win"); challenged, it is caught whatever was said (a Regular card face down is the
    offence): it comes back with 6 more, the challenger draws nothing, and play continues with P2."""
    g = down_to("G8")
    assert options(g) == ["play G8", "draw", "cheat G8"]
    lay(g, 0, "cheat G8", "G3", answer)
    if answer == "pass":
        assert g.over and g.winners == [0]
        assert g.scores == [137, 0]
        assert facedown_names(g)["G8"] == [0]
    else:
        assert not g.over and g.winners == []
        assert events_of(g, "say")[-1].text == "P1 played a Regular card face down: it comes back, with 6 more"
        assert hand(g, 0) == sorted(["G8"] + DRAWS[:6])
        assert hand(g, 1) == sorted(OPP)
        assert discard(g)[-1] == "LGS" and shown(g) == "GS"
        assert (turn(g), deciding(g), g.pending.window) == (1, 1, False)


@pytest.mark.parametrize("answer, drawn", [("pass", ["G1", "G2"]), ("challenge", ["G1", "G2", "B6"])],
                         ids=["unchallenged", "challenged-true"])
def test_the_last_card_a_draw_two_still_makes_the_next_player_draw_and_those_cards_score(answer, drawn):
    """Winning with an Action card: P1's last card, a Liar's Green Draw Two said to be one, wins ("if no one
    challenges them, they win"; challenged, it is true and stands); the Draw Two still makes the next player "draw
    2 cards" (and the challenger 1 more, after it), and Keeping Score counts them."""
    g = down_to("LGD2")
    lay(g, 0, "truth LGD2", "GD2", answer)
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(OPP + drawn)
    assert g.scores == [137 + {"pass": 1 + 2, "challenge": 1 + 2 + 6}[answer], 0]


def test_the_last_card_a_wild_draw_four_challenged_and_true_the_challenger_draws_five():
    """Winning with a Wild Draw 4: challenged and true, it stands; its player names no colour (play does not go
    on), the next player draws 4 ("must draw 4 cards and lose their turn") and 1 more for the failed challenge, and
    they count."""
    g = down_to("LW4")
    lay(g, 0, "truth LW4", "W4", "challenge")
    assert not [e for e in events_of(g, "choice") if e.verb == "colour"]
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(OPP + DRAWS[:5])
    assert g.scores == [137 + 1 + 2 + 6 + 7 + 8, 0]


def test_uno_called_with_the_lay_cannot_be_caught():
    """Calling "UNO!": "The moment you only have 1 card in your hand, you must yell "UNO"" -- said with
    the card laid face down (`truth LGS uno`), there is nothing to catch."""
    g = down_to("G8")
    assert [(e.player, e.call) for e in events_of(g, "call")] == [(0, "uno")]
    assert not any(o == "catch" for o in options(g))
    assert hand(g, 1) == sorted(OPP)


def test_uno_missed_and_caught_draws_two():
    """Calling "UNO!": "However, if someone beats you to it and calls out "UNO" before the next player
    takes their turn then you must draw 2 cards!" -- after the challenge window, a second window."""
    g = new_game(LIARS, [SKIPS + ["G9"], OPP], "R5", DRAWS)
    for card, claim in zip(SKIPS[:5], SKIP_CLAIMS[:5]):
        lay(g, 0, f"truth {card}", claim, "pass")
    play(g, 0, "truth LGS", "claim GS")
    assert g.pending.prompt == "P1 lays a card face down and says it is Green Skip"
    play(g, 1, "pass")  # the claim stands ...
    assert g.pending.window and g.pending.prompt == "P1 did not call UNO!"
    assert options(g) == ["catch", "pass"]
    play(g, 1, "catch")  # ... but the missed UNO is caught
    assert hand(g, 0) == sorted(["G9"] + DRAWS[:2])
    assert (turn(g), deciding(g)) == (0, 0)  # the Skip still gives P1 another turn


def test_scoring_counts_the_cards_left_in_the_other_hands():
    """Keeping Score: "When a player wins a hand, they receive points based on the cards remaining in
    their opponent's hands.  All number cards (0-9) Face Value, Any Action Card 20 Points, Any Wild
    Card 50 Points" -- Liar's or Regular alike (the Liar's 7, a Liar's Skip, a Wild Draw 4, a Wild
    Liar's Challenge, a 0, a 9 and a 1)."""
    g = down_to("G9")
    play(g, 0, "play G9")
    assert g.over and g.winners == [0]
    assert g.scores == [137, 0]
    assert events_of(g, "hand_over")[-1].scores == [137, 0]


def test_a_match_is_played_to_500():
    """Keeping Score: "Keep a running tally of each player's points from hand to hand.  When a player
    reaches 500 points, they are the winner." -- bots finish the match begun by the stacked hand."""
    assert program(LIARS).match_target == 500
    g = down_to("G9", match=True)
    play(g, 0, "play G9")
    assert not g.over and g.scores == [137, 0]
    prog = program(LIARS)
    bots = [make_bot("greedy", 3), make_bot("greedy", 4)]
    moves = 0
    while not g.over:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(prog, g.view(d.player), d))
        moves += 1
        assert moves < 50_000
    ends = events_of(g, "hand_over")
    assert len(ends) >= 2
    assert all(max(e.scores) < 500 for e in ends[:-1]) and max(ends[-1].scores) >= 500
    for before, after in zip(ends, ends[1:]):
        gained = [b - a for a, b in zip(before.scores, after.scores)]
        assert all(x >= 0 for x in gained)
    assert g.winners == [s for s, v in enumerate(g.scores) if v == max(g.scores)]


# ====================================================================== drawing


def test_without_a_card_to_play_draw_one_and_a_liars_card_drawn_may_be_laid_at_once():
    """IF YOU CAN'T PLAY A CARD: "If you don't have a matching Regular Card or any Liar's Cards, draw a
    card from the Draw Pile.  If that card is playable, you may play it.  Otherwise, your turn is over."
    A Liar's card drawn can always be laid face down: truthfully if it matches, as a bluff if not."""
    g = game3(a=B3, b=A3, draw=["LG1"] + DRAWS)
    assert options(g) == ["draw", "cheat B1", "cheat B2", "cheat G3", "cheat G4", "cheat Y1", "cheat Y2", "cheat Y3"]
    play(g, 0, "draw")
    assert g.pending.prompt == "you drew Liar's Green 1: play it or keep it"
    assert options(g) == ["bluff LG1", "keep"]
    play(g, 0, "bluff LG1", "claim R1")
    play(g, 1, "pass")
    play(g, 2, "pass")
    assert discard(g) == ["R5", "LG1"] and hand(g, 0) == sorted(B3)
    assert shown(g) == "R1"
    assert (turn(g), deciding(g)) == (1, 1)


def test_a_drawn_regular_card_that_cannot_be_played_ends_the_turn():
    """IF YOU CAN'T PLAY A CARD: "If that card is playable, you may play it.  Otherwise, your turn is
    over." """
    g = game3()
    play(g, 0, "play R1")
    play(g, 1, "draw")  # G1 on a Red 1: plays by number
    assert options(g) == ["play G1", "keep"]
    play(g, 1, "keep")
    play(g, 2, "draw")  # G2: no match
    assert hand(g, 2) == sorted(C3 + ["G2"])
    assert (turn(g), deciding(g)) == (0, 0)


def test_an_empty_draw_pile_is_refilled_keeping_a_face_down_top_card_and_its_claim():
    """HOW TO PLAY NOTE: "If there are no cards left in the Draw Pile, reshuffle the Discard Pile to form a new
    Draw Pile."  The top card stays: here P1's Liar's Blue 3, laid face down as a Red 9 and never challenged.
    It stays face down (known to P1 alone) and play still goes on against the Red 9 claimed; only the Red 5
    under it is shuffled into the new Draw Pile.  Ten players hold 70 cards; the 41 left are all drawn first."""
    prog = program(LIARS)
    others = sorted(c.short for c in prog.cards[:prog.deck_size])  # the deck (the claim cards follow it)
    for c in ("LB3", "R5"):
        others.remove(c)
    hands = [["LB3"] + others[:6]] + [others[6 + 7 * i: 13 + 7 * i] for i in range(9)]
    pile = others[69:]
    g = Game(prog, 10, seed=1, stack=deal_stack(hands, "R5", pile))
    assert draw_pile(g) == pile and len(pile) == 41
    lay(g, 0, "bluff LB3", "R9", *["pass"] * 9)
    for i in range(41):  # seats 1..9, 0, 1, ... each draw one card and keep it
        seat = (i + 1) % 10
        play(g, seat, "draw")
        if deciding(g) == seat and not g.pending.window:
            play(g, seat, "keep")
    assert (draw_size(g), discard(g), events_of(g, "refill")) == (0, ["R5", "LB3"], [])
    drawer = 42 % 10
    before = hand(g, drawer)
    play(g, drawer, "draw")
    assert [(e.zone, e.source, e.count) for e in events_of(g, "refill")] == [("draw", "discard", 1)]
    assert discard(g) == ["LB3"] and draw_size(g) == 0
    assert facedown_names(g) == {"LB3": [0]}
    assert shown(g) == "R9" and colour(g) == "red"
    assert hand(g, drawer) == sorted(before + ["R5"])
    assert (deciding(g), options(g)) == (drawer, ["play R5", "keep"])  # red on the Red 9 claimed
    g.check_cards()


def test_the_table_line_shows_a_claim_while_it_stands_only():
    """The status line at the prompt names the claim while its card lies face down; once a challenge has
    turned it up (true or a lie), the claim is settled and no longer shown."""
    from rulelang.terminal.host import Host, Screen

    def shown_claim(g):
        host = Host(g, humans=[0, 1, 2], bots={}, screen=Screen(tty=False), delay=0)
        text = "".join(t for fact in host.table_facts(1) for _, t in fact)
        return "claim: P1 says" in text

    g = game3()
    play(g, 0, "truth LR2", "claim R2")
    assert shown_claim(g)
    play(g, 1, "challenge")
    assert not shown_claim(g)
    g = game3()
    lay(g, 0, "truth LR2", "R2", "pass", "pass")  # unchallenged: it stands until a card covers it
    assert shown_claim(g)
    play(g, 1, next(o for o in options(g) if o.split()[0] in ("play", "truth", "bluff")))
    assert not shown_claim(g)
    g = game3()
    lay(g, 0, "bluff LB3", "R9", "challenge")
    assert not shown_claim(g)


# ====================================================================== at the command line (issue 14)
#
# Each scenario below is played through `rulelang run games/liars.rules` with every seat a person, a
# stacked deck and the moves typed on standard input (helpers.run_cli); the exact result is read from the
# screen, the --log file and the game rebuilt from the --save file.

def skips_then(*moves, uno_on=None) -> list[str]:
    """Ann lays the six Liar's Skips (SKIPS) truthfully, Bo letting each pass; `uno` with the one numbered
    `uno_on` (0-5); then `moves`."""
    out = []
    for i, (card, claim_) in enumerate(zip(SKIPS, SKIP_CLAIMS)):
        out += [f"truth {card}", f"claim {claim_}" + (" uno" if i == uno_on else ""), "pass"]
    return out + list(moves)


@pytest.mark.parametrize("last,moves", [("LG7", ["truth LG7", "claim G7", "pass"]), ("G0", ["play G0"])],
                         ids=["liars-7-face-down", "regular-0-face-up"])
def test_cli_a_seven_or_a_zero_as_the_last_card_wins_and_exchanges_nothing(tmp_path, last, moves):
    """Winning: "When a player plays their final card, if no one challenges them, they win." -- also when it
    is a 7 or a 0 (7's Swap, 0's Pass): Ann goes out and wins; nobody is handed her empty hand, nor she
    another, and Bo keeps his seven cards."""
    run = run_cli(tmp_path, LIARS, deal_stack([SKIPS + [last], OPP], "R5", DRAWS), skips_then(*moves, uno_on=5),
                  ["Ann", "Bo"])
    assert run.status == 0, run.err
    assert "swap your hand" not in run.out and "✗" not in run.out
    assert run.lines[-1] == "Game over: Ann wins · scores: Ann 137, Bo 0 · seed 1"  # the seed, now the game is over
    g = run.game
    assert g.over and g.winners == [0]
    assert hand(g, 0) == [] and hand(g, 1) == sorted(OPP)
    assert run.events[-1] == {"type": "game_over", "winners": ["Ann"], "scores": {"Ann": 137, "Bo": 0}, "hands": 1}


# Two players for the Wild Liar's Challenge: Ann draws and keeps; Bo lays two Liar's Red Skips and two
# Reverses (with two players a Reverse acts as a Skip) and plays his Red 4, down to two cards (LR3, B2); Ann
# plays the Wild Liar's Challenge and names red.
CH_ANN = ["WC", "G1", "G2", "Y6", "Y7", "Y8", "B9"]
CH_BO = ["LRS", "LRS", "LRR", "LRR", "R4", "LR3", "B2"]
CH_DRAWS = ["B1", "G3", "G4", "Y1"]


def challenge_moves(*moves) -> list[str]:
    out = ["draw"]  # Ann draws the Blue 1: no match on a Red 5, kept
    for card, claim_ in zip(CH_BO[:4], ["RS", "RS", "RR", "RR"]):
        out += [f"truth {card}", f"claim {claim_}", "pass"]
    return out + ["play R4", "play WC", "colour red"] + list(moves)


def test_cli_wild_liars_challenge_one_holding_the_colour_lays_it_and_a_card_not_of_it_is_a_lie(tmp_path):
    """Wild Liar's Challenge: "all other players put a card of that color FACE DOWN ... If they don't have
    a card of that color, they can put down any card" -- Bo holds the Liar's Red 3, so `lay B2` is refused;
    laying the Blue 2 anyway (`cheat B2`) is a lie, which Ann's challenge catches: it comes back with 1 more
    ("If they were lying, they must take their card back and draw 1 card as a penalty")."""
    run = run_cli(tmp_path, LIARS, deal_stack([CH_ANN, CH_BO], "R5", CH_DRAWS),
                  challenge_moves("lay B2", "cheat B2", "challenge Bo"), ["Ann", "Bo"])
    assert run.status == 3  # the input ends at Bo's turn
    assert "Moves: lay ♥LR3 · cheat ♦B2" in run.out
    assert ("✗ `lay B2`: Blue 2 cannot be chosen now: it does not fit `lay`, “lay this card” (discard: Wild Liar's "
            "Challenge, current colour: Red); you can: lay LR3") in run.out
    assert "Bo lied: it was Blue 2; they take it back and draw 1" in run.out
    g = run.game
    assert hand(g, 1) == sorted(["LR3", "B2", "G3"])
    assert discard(g)[-1] == "WC" and colour(g) == "red"
    assert (turn(g), deciding(g)) == (1, 1)


def test_cli_wild_liars_challenge_a_card_nobody_challenged_goes_under_face_down(tmp_path):
    """Wild Liar's Challenge: "that player AND all remaining unchallenged players get to put their cards under
    the Wild Liar's Challenge card" -- a card nobody challenged stays face down there, as any unchallenged
    face-down play does: Bo's Blue 2 (a lie, laid as a cheat) is never shown to Ann, nor to the log."""
    run = run_cli(tmp_path, LIARS, deal_stack([CH_ANN, CH_BO], "R5", CH_DRAWS),
                  challenge_moves("cheat B2 uno", "stop"), ["Ann", "Bo"])
    assert run.status == 3
    g = run.game
    assert discard(g)[-2:] == ["B2", "WC"]
    assert facedown_names(g)["B2"] == [1]  # only Bo knows it
    assert g.view(0)["zones"]["discard"]["cards"][-2] is None
    assert not any("Blue 2" in line for line in narration(g, 0))  # Ann is never told it
    assert not any("Blue 2" in json.dumps(e) for e in run.events)  # nor is the table
    assert hand(g, 1) == ["LR3"]
    assert (turn(g), deciding(g)) == (1, 1)


def test_cli_wild_liars_challenge_the_truthful_card_goes_under_face_up(tmp_path):
    """Wild Liar's Challenge: "until you challenge someone who reveals a card of the correct color" -- the
    card turned up goes under face up."""
    run = run_cli(tmp_path, LIARS, deal_stack([CH_ANN, CH_BO], "R5", CH_DRAWS),
                  challenge_moves("lay LR3 uno", "challenge Bo"), ["Ann", "Bo"])
    assert "Bo told the truth" in run.out
    g = run.game
    assert discard(g)[-2:] == ["LR3", "WC"]
    assert "LR3" not in facedown_names(g)
    assert hand(g, 1) == ["B2"]


@pytest.mark.parametrize("answer,bo_after", [("uno", ["B2"]), ("pass", ["B2", "G3", "G4"])],
                         ids=["yelled", "caught"])
def test_cli_wild_liars_challenge_leaving_one_card_the_call_is_due(tmp_path, answer, bo_after):
    """Calling "UNO!": "The moment you only have 1 card in your hand, you must yell "UNO" ... if someone beats
    you to it ... you must draw 2 cards!" -- Bo's lay leaves him one card on Ann's turn; he did not say it
    with the lay, so when the turn ends he is asked first: yelling it now, nothing happens; letting it pass,
    Ann catches him and he draws 2."""
    moves = challenge_moves("lay LR3", "challenge Bo", answer) + (["catch"] if answer == "pass" else [])
    run = run_cli(tmp_path, LIARS, deal_stack([CH_ANN, CH_BO], "R5", CH_DRAWS), moves, ["Ann", "Bo"])
    assert "Bo has one card left: yell UNO! before anyone else does" in run.out
    if answer == "uno":
        assert "You yell UNO!" in run.out and "did not call UNO" not in run.out
    else:
        assert "Bo is caught without calling UNO and draws 2" in run.out
    g = run.game
    assert hand(g, 1) == sorted(bo_after)
    assert (turn(g), deciding(g)) == (1, 1)


def test_cli_wild_liars_challenge_uno_said_with_the_lay_is_made(tmp_path):
    """Calling "UNO!": said with the card laid (`lay LR3 uno`), it is made: nobody is asked."""
    run = run_cli(tmp_path, LIARS, deal_stack([CH_ANN, CH_BO], "R5", CH_DRAWS),
                  challenge_moves("lay LR3 uno", "stop"), ["Ann", "Bo"])
    assert "one card left" not in run.out and "did not call UNO" not in run.out
    assert [(e["player"], e["call"]) for e in run.said("call")] == [("Bo", "uno")]
    assert hand(run.game, 1) == ["B2"]


# Two players for the 7 and the 0: Ann lays five Liar's Skips, then plays a Green 7 (or 0) with her second to
# last card, calling UNO; her Green 3 goes to Bo.
SWAP_ANN = SKIPS[:5] + ["G3"]


@pytest.mark.parametrize("card,exchange", [("G7", ["swap Bo"]), ("G0", [])], ids=["seven", "zero"])
@pytest.mark.parametrize("answer", ["uno", "pass"])
def test_cli_a_hand_left_with_one_card_by_a_swap_or_a_pass_must_call_and_can_be_caught(tmp_path, card, exchange,
                                                                                        answer):
    """Calling "UNO!" with 7's Swap and 0's Pass: Ann's 7 (or 0) hands Bo her last card.  "The moment you only
    have 1 card in your hand, you must yell "UNO"": Bo made no move since, so he is asked first when the turn
    ends.  Yelling, he is safe, and wins with the Green 3 on his turn; letting it pass, Ann "beats him to it"
    and he draws 2."""
    moves = []
    for c, k in zip(SKIPS[:5], SKIP_CLAIMS[:5]):
        moves += [f"truth {c}", f"claim {k}", "pass"]
    moves += [f"play {card} uno", *exchange, answer]
    moves += ["play G3"] if answer == "uno" else ["catch"]
    run = run_cli(tmp_path, LIARS, deal_stack([SWAP_ANN + [card], OPP], "R5", DRAWS), moves, ["Ann", "Bo"])
    assert "Bo has one card left: yell UNO! before anyone else does" in run.out
    assert "✗" not in run.out
    g = run.game
    assert hand(g, 0) == sorted(OPP)
    if answer == "uno":
        assert run.status == 0
        assert run.lines[-1] == "Game over: Bo wins · scores: Ann 0, Bo 137 · seed 1"
    else:
        assert "Bo is caught without calling UNO and draws 2" in run.out
        assert hand(g, 1) == sorted(["G3"] + DRAWS[:2])
        assert (turn(g), deciding(g)) == (1, 1)


def test_cli_a_matching_liars_card_may_be_bluffed_as_another_card(tmp_path):
    """PLAYING A LIAR'S CARD with the whole book: "When you play a Liar's Card, you MUST play it FACE DOWN,
    and then say out loud what it is, but the real fun begins when you decide whether to tell the truth or
    bluff." -- Ann's Liar's Red 2 matches the Red 5, but she says it is a Red Draw Two.  Unchallenged, "the
    action takes effect whether you were lying or not": Bo draws 2 and loses his turn; challenged, Ann is
    caught lying and takes it back with 1 more."""
    names = ["Ann", "Bo", "Cy"]
    run = run_cli(tmp_path, LIARS, deal_stack([A3, B3, C3], "R5", DRAWS), ["truth LR2", "claim RD2", "pass", "pass"],
                  names)
    g = run.game
    assert "Ann puts 1 card on the discard pile face down and says it is Red Draw Two" in run.out
    assert hand(g, 1) == sorted(B3 + DRAWS[:2]) and facedown_names(g) == {"LR2": [0]}
    assert (turn(g), deciding(g)) == (2, 2)
    run = run_cli(tmp_path, LIARS, deal_stack([A3, B3, C3], "R5", DRAWS), ["truth LR2", "claim RD2", "challenge"],
                  names)
    assert "Ann lied: it was Liar's Red 2; it comes back, with 1 more" in run.out
    g = run.game
    assert hand(g, 0) == sorted(A3 + DRAWS[:1]) and hand(g, 1) == sorted(B3)
    assert (turn(g), deciding(g)) == (1, 1)
