"""Newcomer round 5: common card games written from docs/language.md alone, unlike the bundled ones and the
examples, each with stacked decks, scripted moves and exact results per rule paragraph (the rules are at the top
of each file).

- tests/rules/love_letter.rules: a small deck whose cards target a player: guess their card, look at it, compare
  hands in secret, protection until your next turn, discard and draw, trade hands.
- tests/rules/hanabi.rules: cooperative; you see every hand but your own, hints tell a player where their cards of
  a colour or a number lie (`reveal NAME to PLAYER`: a value worked out from cards its holder does not see, told
  to the holder), a shared fuse.
- tests/rules/ratscrew.rules (Egyptian Ratscrew): face cards challenge the next player; doubles and sandwiches are
  slapped, the fastest slap (`ask playing race`) takes the pile.
- tests/rules/kings_corner.rules (Kings in the Corner): building down in alternate colours on eight piles, Kings
  in the corners, whole piles moved; piles are offered by number (an option cannot offer zones).
- tests/rules/spoons.rules: cards passed round face down; four of a kind sets off a `race`, whose last takes a
  letter; two options of one verb, a card of a rank held fewest first, so that bots keep their sets.

Every game ends under greedy and random bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, interleave, narration, play_pending as play
from interpreter import Game
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"
LOVE = rulelang.load(RULES / "love_letter.rules")
HANABI = rulelang.load(RULES / "hanabi.rules")
RATSCREW = rulelang.load(RULES / "ratscrew.rules")
KINGS = rulelang.load(RULES / "kings_corner.rules")


def legal(g: Game) -> list[str]:
    return [o.text for o in g.legal()]


def seen(g: Game, seat, zone: str, owner=None) -> list:
    """What `seat`'s view shows of a zone, as short names (None for a card it may not see)."""
    part = g.view(seat)["zones"][zone]
    cards = part[owner]["cards"] if owner is not None else part["cards"]
    return [g.program.cards[c].short if c is not None else None for c in cards]


def real(g: Game, zone: str, owner=None) -> list:
    return [g.program.cards[c].short for c in g.state.zone(g.program.zone_index[zone], owner)]


# ------------------------------------------------------------------ Love Letter


def love(players: int, *stack: str, **kw) -> Game:
    """The first name is the card set aside, (with 2 players the next three are laid face up,) then one card dealt
    to each seat, then the draws in order."""
    return Game(LOVE, players, seed=1, stack=list(stack), **kw)


def test_love_letter_setup_sets_one_card_aside_unseen_and_two_players_see_three_more():
    g = love(3, "X8", "G1", "P2", "B3", "H4")
    assert [seen(g, s, "aside") for s in (0, 1, 2, None)] == [[None]] * 4
    assert [seen(g, 0, "hand", p) for p in range(3)] == [["G1", "H4"], [None], [None]]  # the first player drew
    g = love(2, "X8", "G1", "G1", "P2", "B3", "H4")
    assert real(g, "aside") == ["X8"] and seen(g, 1, "faceup") == ["G1", "G1", "P2"]


def test_love_letter_a_guard_names_a_card_other_than_a_guard_and_a_protected_player_is_no_target():
    g = love(3, "X8", "G1", "P2", "B3", "H4", "G1", "R5", "K6")
    play(g, "play H4")                                      # Handmaid: P1 is protected until their next turn
    assert g.state.pvars["protected"] == [True, False, False]
    play(g, "play G1")
    assert legal(g) == [f"guess P3 {r}" for r in ("priest", "baron", "handmaid", "prince", "king", "countess",
                                                  "princess")]  # not P1, not a guard
    start = len(g.events)
    play(g, "guess P3 prince")                              # wrong: nothing happens, the table hears so
    assert narration(g, 0, start)[:2] == ["P2: guess P3 Prince", "P3 does not hold the Prince"]
    assert legal(g) == ["play B3", "play R5"]               # P3 drew R5
    play(g, "play R5")
    assert legal(g) == ["redraw P3", "redraw P2"]           # P1 is protected: the Prince takes P3 itself, or P2
    play(g, "redraw P2")                                    # P2 discards its Priest and draws the King
    assert real(g, "played", 1) == ["G1", "P2"] and real(g, "hand", 1) == ["K6"]
    assert g.pending.player == 0 and g.state.pvars["protected"] == [False] * 3  # ended as P1's turn began


def test_love_letter_a_right_guess_knocks_out_and_shows_the_card():
    g = love(3, "X8", "G1", "P2", "B3", "G1", "G1", "R5")
    play(g, "play G1", "guess P2 priest")
    assert g.state.lost == [1]
    assert real(g, "played", 1) == ["P2"] and seen(g, 2, "played", 1) == ["P2"]
    assert g.pending.player == 2                            # P2 is out: P3 plays next


def test_love_letter_a_priest_shows_one_hand_to_its_player_alone_while_the_card_stays_there():
    g = love(3, "X8", "P2", "K6", "G1", "G1")
    play(g, "play P2")
    assert legal(g) == ["look P2", "look P3"]
    start = len(g.events)
    play(g, "look P2")                                      # P2 then draws G1: the King stays known to P1
    assert [seen(g, s, "hand", 1) for s in (0, 1, 2, None)] == [["K6", None], ["K6", "G1"], [None, None], [None, None]]
    assert narration(g, 2, start)[:2] == ["P1: look P2", "P2 shows 1 card to P1"]


def test_love_letter_a_baron_compares_in_secret_and_the_lower_card_is_out_and_shown():
    g = love(3, "X8", "B3", "K6", "G1", "P2")
    play(g, "play B3", "compare P3")                        # P1 keeps the Priest (2) against P3's Guard (1)
    assert g.state.lost == [2] and real(g, "played", 2) == ["G1"]
    assert [seen(g, s, "hand", 0) for s in (0, 1, 2)] == [["P2"], [None], ["P2"]]  # P3 saw it; P2 did not
    g = love(3, "X8", "B3", "K6", "P2", "G1")
    play(g, "play B3", "compare P3")                        # P1's Guard against P3's Priest: P1 is out
    assert g.state.lost == [0] and real(g, "played", 0) == ["B3", "G1"]
    assert seen(g, 1, "hand", 2) == [None] and seen(g, 0, "hand", 2) == ["P2"]
    g = love(3, "X8", "B3", "K6", "P2", "P2")
    play(g, "play B3", "compare P3")                        # a tie: nobody is out
    assert g.state.lost == []


def test_love_letter_the_king_trades_hands_unseen_by_the_others_and_the_countess_must_go_with_a_king():
    g = love(3, "X8", "K6", "G1", "B3", "C7")
    assert legal(g) == ["play C7"]                          # King and Countess: the Countess must be played
    g = love(3, "X8", "K6", "G1", "B3", "P2")
    play(g, "play K6", "trade P2")
    assert real(g, "hand", 0) == ["G1"] and real(g, "hand", 1) == ["P2", "G1"]  # P2 then drew a Guard
    assert seen(g, 2, "hand", 0) == [None] and seen(g, 2, "hand", 1) == [None, None]
    assert seen(g, 0, "hand", 1) == ["P2", None] and seen(g, 1, "hand", 0) == ["G1"]  # each knows what it gave


def test_love_letter_the_princess_discarded_is_out_and_a_prince_on_an_empty_deck_draws_the_card_set_aside():
    g = love(3, "X8", "R5", "K6", "G1", "G1")
    play(g, "play R5", "redraw P1")                         # the Prince on oneself: the Guard goes, one is drawn
    assert real(g, "played", 0) == ["R5", "G1"] and len(real(g, "hand", 0)) == 1
    g = love(2, "G1", "H4", "H4", "B3", "R5", "X8", "G1", "G1", "G1", "G1", "P2", "P2", "B3", "R5", "K6", "C7",
             match=True)
    assert real(g, "hand", 0) == ["R5", "G1"] and real(g, "hand", 1) == ["X8"]
    play(g, "play R5", "redraw P2")                         # P2 discards the Princess: out, and P1 wins the hand
    assert g.state.hand_no == 2 and g.scores == [1, 0]
    assert g.state.current == 0                             # the winner of a hand goes first in the next


def test_love_letter_the_deck_run_out_ends_the_hand_and_the_highest_card_wins():
    # 2 players: the King set aside, three Guards laid face up, a Handmaid each; then the ten draws
    g = love(2, "K6", "G1", "G1", "G1", "H4", "H4", "P2", "P2", "G1", "G1", "B3", "B3", "C7", "R5", "X8", "R5")
    play(g, "play H4", "play H4")                           # both protected in turn
    play(g, "play P2")                                      # P2 is protected: the Priest does nothing
    assert real(g, "played", 0) == ["H4", "P2"] and g.pending.player == 1
    play(g, "play P2", "look P1", "play G1", "guess P2 priest", "play G1", "guess P1 priest")
    play(g, "play C7", "play R5", "redraw P2")              # P2 throws its Baron away and draws the Princess
    assert real(g, "hand", 1) == ["X8"] and real(g, "hand", 0) == ["B3", "R5"] and real(g, "deck") == []
    play(g, "play R5", "redraw P1")                         # the deck is empty: P1 draws the King set aside
    assert real(g, "hand", 0) == ["K6"] and real(g, "aside") == []
    assert g.over and g.winners == [1]                      # the Princess beats the King
    assert seen(g, 0, "hand", 1) == ["X8"]                  # the hands are shown at the end


# ------------------------------------------------------------------ Hanabi

HANDS = [["R1", "R2", "G1", "B1", "Y5"], ["B2", "W5", "Y1", "G2", "W1"]]


def hanabi(*draws: str) -> Game:
    return Game(HANABI, 2, seed=1, stack=interleave(HANDS) + list(draws))


def test_hanabi_each_sees_every_hand_but_their_own():
    g = hanabi()
    assert [seen(g, 0, "hand", p) for p in (0, 1)] == [[None] * 5, HANDS[1]]
    assert [seen(g, 1, "hand", p) for p in (0, 1)] == [HANDS[0], [None] * 5]
    assert [seen(g, None, "hand", p) for p in (0, 1)] == [[None] * 5] * 2


def test_hanabi_a_hint_tells_its_player_where_their_cards_of_a_colour_lie_and_costs_a_clue():
    g = hanabi()
    assert [t for t in legal(g) if t.startswith("hint") and not t[-1].isdigit()] == \
        ["hint P2 yellow", "hint P2 green", "hint P2 blue", "hint P2 white"]  # no red
    start = len(g.events)
    play(g, "hint P2 white")
    told = {s: narration(g, s, start)[-1] for s in (0, 1, None)}
    assert told == {0: "You tell P2: the cards at 2, 5 are White",
                    1: "P1 tells you: the cards at 2, 5 are White",      # the holder is told: the hint's point
                    None: "P1 tells P2: the cards at (hidden) are White"}  # the table sees no hand
    assert g.state.vars["clues"] == 7 and seen(g, 1, "hand", 1) == [None] * 5  # told where, not what
    play(g, "hint P1 1")
    assert narration(g, 0)[-1] == "P2 tells you: the cards at 1, 3, 4 are 1s"


def test_hanabi_a_card_played_by_its_place_goes_up_when_it_fits_else_burns_the_fuse():
    g = hanabi("R3", "B4", "W2")
    play(g, "play 1")                                       # R1 starts the red firework; R3 is drawn, unseen by P1
    assert real(g, "fireworks") == ["R1"] and real(g, "hand", 0) == ["R2", "G1", "B1", "Y5", "R3"]
    assert seen(g, 0, "hand", 0) == [None] * 5 and seen(g, 1, "hand", 0)[-1] == "R3"
    play(g, "play 2")                                       # P2's W5 does not fit: discarded, the fuse burns down
    assert real(g, "discard") == ["W5"] and g.state.vars["fuse"] == 2
    play(g, "play 1")                                       # R2 on R1
    assert real(g, "fireworks") == ["R1", "R2"]


def test_hanabi_a_discard_wins_back_a_clue_but_not_past_eight_and_no_hint_without_one():
    g = hanabi(*["R3"] * 1, "B4", "W2", "Y2")
    assert not any(t.startswith("discard") for t in legal(g))  # all 8 clues
    for _ in range(4):
        play(g, "hint P2 1", "hint P1 1")
    assert g.state.vars["clues"] == 0 and not any(t.startswith("hint") for t in legal(g))
    play(g, "discard 5")
    assert real(g, "discard") == ["Y5"] and g.state.vars["clues"] == 1


def test_hanabi_the_third_mistake_ends_the_game_lost_by_all():
    g = hanabi("W3", "W4", "B5")
    play(g, "play 5", "play 2", "play 5")                   # Y5, W5, W3: none fits
    assert g.over and g.state.vars["fuse"] == 0 and g.scores == [0, 0] and g.winners == []  # lost by all


def test_hanabi_after_the_last_card_is_drawn_each_player_has_one_more_turn_and_the_fireworks_score():
    deck = [c.short for c in HANABI.cards]
    for c in HANDS[0] + HANDS[1]:
        deck.remove(c)
    g = Game(HANABI, 2, seed=1, stack=interleave(HANDS) + deck)
    play(g, "play 1")                                       # R1 up (one point)
    while g.state.vars["last_turns"] is None:
        play(g, next(t for t in legal(g) if t.startswith("hint")) if g.state.vars["clues"] else "discard 1")
    drawer = 1 - g.pending.player
    play(g, "hint P1 1" if drawer == 0 else "discard 1")
    assert not g.over
    play(g, legal(g)[0])
    assert g.over and g.winners == [0, 1] and g.scores == [len(real(g, "fireworks"))] * 2


TOLD = """game "Told"
players 3..3
attribute r 1..5
deck d { for n in 1..5 { card {r: n} } }
zone d hidden
zone h hidden per player
var said = none show "said"
var mark per player = none show "mark"
setup { shuffle d  deal 1 from d to h }
turn {
  choose current {
    tell "tell the next player their card's number" {
      set said = top(h(next)).r
      set mark(next) = top(h(next)).r
      reveal said to next
      reveal mark(next) to [next, current]
    }
  }
  win current
}
"""


def test_reveal_of_a_variable_or_a_players_variable_tells_its_value_to_those_players_only():
    """docs §6: a value worked out from cards nobody sees is known to nobody; `reveal NAME to PLAYERS` tells it to
    those players (their view has it), and to no one else, nor the table."""
    g = Game(rulelang.load_text(TOLD), 3, seed=1, stack=["1", "2", "3"])
    g.apply(0, "tell")
    views = {s: g.view(s) for s in (0, 1, 2, None)}
    assert {s: v["vars"].get("said") for s, v in views.items()} == {0: None, 1: 2, 2: None, None: None}
    assert {s: v["player_vars"]["mark"] for s, v in views.items()} == \
        {0: [None, 2, None], 1: [None, 2, None], 2: [None] * 3, None: [None] * 3}


def test_a_value_worked_out_from_cards_stays_hidden_in_the_procedure_it_is_given_to_and_reveal_tells_it_there():
    """Before, `tell(next, n)` lost `n`'s mark: the procedure's `say "{at}"` told every seat a value read from a hand
    nobody sees; and `reveal at to player` of its untyped parameter would have shown the cards numbered so."""
    body = ("      set said = top(h(next)).r\n      set mark(next) = top(h(next)).r\n      reveal said to next\n"
            "      reveal mark(next) to [next, current]\n")
    assert body in TOLD
    text = TOLD.replace(body, "      let n = [top(h(next)).r]\n      tell(next, n)\n") + \
        'define tell(player, at) {\n  say "{player}: {at}"\n  reveal at to player\n  say "{player}: {at}"\n}\n'
    g = Game(rulelang.load_text(text), 3, seed=1, stack=["1", "2", "3"])
    start = len(g.events)
    g.apply(0, "tell")
    told = {s: narration(g, s, start)[1:3] for s in (0, 1, 2, None)}
    assert told == {0: ["P2: (hidden)"] * 2, 1: ["P2: (hidden)", "P2: [2]"], 2: ["P2: (hidden)"] * 2,
                    None: ["P2: (hidden)"] * 2}
    assert not any(e.type == "reveal" for e in g.events[start:])  # no card shown


# ------------------------------------------------------------------ Egyptian Ratscrew


def ratscrew(*flips) -> Game:
    """2 players; `flips[p]` the cards seat p turns up first, in order (the rest of the deck under them)."""
    rest = [c.short for c in RATSCREW.cards if all(c.short not in f for f in flips)]
    rest = [c for c in rest if c[0] not in "JQKA"] + [c for c in rest if c[0] in "JQKA"]  # no face card soon
    n = 26 - len(flips[0])                                      # (as many flips each)
    dealt = [rest[p * n:(p + 1) * n] + list(reversed(f)) for p, f in enumerate(flips)]  # the last dealt is on top
    return Game(RATSCREW, 2, seed=1, stack=interleave(dealt))


def test_ratscrew_a_face_card_makes_the_next_player_turn_up_until_one_comes_or_the_challenger_takes_the_pile():
    g = ratscrew(["QS", "3H", "4H"], ["2C", "5D", "6D"])
    play(g, "flip")                                         # P1's Queen: P2 owes two cards
    assert g.state.vars["challenger"] == 0 and g.state.vars["owed"] == 2
    play(g, "flip")
    assert g.pending.player == 1 and g.state.vars["owed"] == 1  # P2 goes on
    play(g, "flip")                                         # no face card: P1 takes the pile, under its stack
    assert real(g, "pile") == [] and real(g, "stack", 0)[:3] == ["QS", "2C", "5D"]
    assert len(real(g, "stack", 0)) == 28 and g.pending.player == 0  # and turns up the next card
    assert g.state.vars["challenger"] is None


def test_ratscrew_a_face_card_answers_a_challenge_and_passes_it_on():
    g = ratscrew(["JS", "3H", "4H"], ["KC", "5D", "6D"])
    play(g, "flip", "flip")                                 # a Jack, answered by a King: P1 owes three
    assert g.state.vars["challenger"] == 1 and g.state.vars["owed"] == 3 and g.pending.player == 0


def test_ratscrew_a_double_or_a_sandwich_is_slapped_and_the_fastest_takes_the_pile():
    g = ratscrew(["7S", "3H", "4H"], ["7C", "5D", "6D"])
    play(g, "flip", "flip")                                 # 7 on 7: everyone may slap
    assert g.pending.player == 1 and legal(g) == ["slap", "pass"]  # asked from the player who turned it up
    play(g, "slap", "slap")
    assert legal(g) == ["first P2", "first P1"]             # both slapped: the table says who was first
    play(g, "first P2")
    assert real(g, "pile") == [] and len(real(g, "stack", 1)) == 25 + 2 and g.pending.player == 1
    g = ratscrew(["7S", "8H", "4H"], ["3C", "5D", "6D"])
    play(g, "flip", "flip", "flip")                         # 7, 3, 8: nothing to slap: no window
    assert g.pending.player == 1 and legal(g) == ["flip"]
    g = ratscrew(["7S", "7H", "4H"], ["3C", "5D", "6D"])
    play(g, "flip", "flip", "flip")                         # 7, 3, 7: a sandwich
    assert legal(g) == ["slap", "pass"]
    play(g, "pass", "slap")                                 # P1 lets it pass; P2's slap alone takes it
    assert len(real(g, "stack", 1)) == 25 + 3 and g.pending.player == 1


# ------------------------------------------------------------------ Kings in the Corner

SIDES = ["TS", "8C", "7D", "AS"]                             # north, east, south, west
KINGS_HANDS = [["9H", "KS", "5C", "QD", "2S", "3S", "4S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]]


def kings(*draws: str) -> Game:
    return Game(KINGS, 2, seed=1, stack=interleave(KINGS_HANDS) + SIDES + list(draws))


def test_kings_corner_cards_build_down_in_alternate_colours_kings_take_the_corners_and_piles_move_whole():
    g = kings("JC")
    assert real(g, "north") == ["TS"] and real(g, "hand", 0)[-1] == "JC"  # four side piles; P1 drew
    lays = [t for t in legal(g) if t.startswith("lay")]
    assert lays == ["lay 9H 1", "lay KS 5", "lay KS 6", "lay KS 7", "lay KS 8"]  # red 9 on black 10; Kings in corners
    assert [t for t in legal(g) if t.startswith("shift")] == ["shift 3 2"]  # the red 7 onto the black 8
    play(g, "lay 9H 1", "shift 3 2")
    assert real(g, "east") == ["8C", "7D"] and real(g, "south") == []
    assert "lay 2S 3" in legal(g) and "lay QD 5" not in legal(g)  # any card on an empty side pile; not a corner
    play(g, "lay KS 5", "lay QD 5", "lay 5C 3")
    assert real(g, "north_east") == ["KS", "QD"] and real(g, "south") == ["5C"]
    assert real(g, "hand", 0) == ["2S", "3S", "4S", "JC"]
    play(g, "done")
    assert g.pending.player == 1 and len(real(g, "hand", 1)) == 8


def test_kings_corner_the_last_card_laid_wins_at_once():
    run = ["KS", "QD", "JC", "TH", "9S", "8D", "7C"]
    g = Game(KINGS, 2, seed=1, stack=interleave([run, KINGS_HANDS[1]]) + SIDES + ["6D"])
    for c in run:
        play(g, f"lay {c} 8")                               # down from the King in a corner
    assert not g.over and real(g, "hand", 0) == ["6D"]
    play(g, "lay 6D 8")
    assert g.over and g.winners == [0] and len(real(g, "north_west")) == 8


def test_kings_corner_with_the_stock_gone_a_round_without_a_card_laid_ends_it_and_the_fewest_cards_win():
    g = kings()
    play(g, "lay 9H 1")
    while real(g, "stock"):                                 # nothing more laid while the stock lasts: 34 draws
        play(g, "done")
    assert g.pending.player == 1 and g.state.vars["idle"] == 0  # P2 drew the last card
    play(g, "lay 7H 2")                                     # a card laid: the count starts again
    play(g, "done", "done")
    assert not g.over and g.state.vars["idle"] == 1
    play(g, "done")                                         # P2 lays nothing again: a whole round without a card
    sizes = [len(real(g, "hand", p)) for p in (0, 1)]
    assert g.over and sizes == [23, 23] and g.winners == [0, 1]  # 7 + 17 draws - 1 laid each: a tie, both win


# ------------------------------------------------------------------ Spoons

SPOONS = rulelang.load(RULES / "spoons.rules")
SPOON_HANDS = [["2S", "2H", "2D", "3S"], ["3H", "3D", "4S", "4H"], ["4D", "5S", "5H", "5D"]]


def test_spoons_cards_go_round_face_down_and_the_last_of_the_chain_throws_away():
    g = Game(SPOONS, 3, seed=1, stack=interleave(SPOON_HANDS) + ["4C", "3C"])
    assert len(real(g, "box")) == 52 - 16                   # four of a kind a player and one more: 2s to 5s
    assert real(g, "hand", 0) == ["2S", "2H", "2D", "3S", "4C"] and g.pending.prompt == "pass a card on to P2"
    assert legal(g) == ["pass 2S", "pass 2H", "pass 2D", "pass 3S", "pass 4C"]
    start = len(g.events)
    play(g, "pass 4C")
    assert real(g, "hand", 1)[-1] == "4C" and narration(g, 2, start) == ["1 card goes from P1's hand to P2's hand"]
    play(g, "pass 3H", "pass 3H")                           # P2 passes on a 3, P3 throws it away
    assert real(g, "trash") == ["3H"] and g.pending.player == 1  # the next round: P2 draws


def test_spoons_four_of_a_kind_grabs_a_spoon_and_the_last_to_grab_one_takes_a_letter():
    g = Game(SPOONS, 3, seed=1, stack=interleave(SPOON_HANDS) + ["2C"], match=True)
    play(g, "pass 3S")                                      # P1 keeps four 2s: everyone scrambles
    assert g.pending.race and legal(g) == ["last P1", "last P2", "last P3"]  # who was last: the table's to say
    start = len(g.events)
    play(g, "last P2")
    assert g.scores == [0, 1, 0] and g.state.hand_no == 2
    assert narration(g, 1, start)[:2] == ["You are left without a spoon", "P1 and P3 win the hand"]  # not "P1: last"


# ------------------------------------------------------------------ `knows` in an option of several arguments


def test_knows_of_its_chooser_narrows_an_option_of_several_arguments_to_the_cards_it_has_not_seen():
    """docs §7: `spy p in others(current), c in grid(p) where not knows(current, c)` (tests/rules/cabo.rules) leaves
    out a card of another's grid its chooser was shown, and offers the others by place."""
    cabo = rulelang.load(RULES / "cabo.rules")
    g = Game(cabo, 2, seed=1, stack=["1S", "2S", "13S", "12S", "5H", "6H", "7H", "8H", "9C", "10D", "9D", "4C"])
    play(g, "draw", "throw")                                # a 9: look at a card of P2's
    assert legal(g) == ["spy P2 #1", "spy P2 #2", "spy P2 #3", "spy P2 #4"]
    play(g, "spy P2 #1")
    assert seen(g, 0, "grid", 1) == [None, None, None, "8H"]
    play(g, "draw", "throw", "spy P1 #1", "draw", "throw")  # P2 looks at one of P1's; P1 throws the 9D away
    assert legal(g) == ["spy P2 #1", "spy P2 #2", "spy P2 #3"]  # 8H, seen, is left out


# ------------------------------------------------------------------ every game, under bots


def test_love_letter_hanabi_and_spoons_no_view_event_or_relabelling_shows_a_seat_what_it_may_not_see():
    """tests/test_hidden_information.py's watch over seeded bot games: Love Letter's looks, compares and trades,
    Hanabi's hands seen by all but their holders and its hints, Spoons' cards passed face down. The bots' Spoons goes
    on past the watch's 600 moves in every seed (its cards go round and round): watched for 150 moves a game, where
    each game has passed cards round the table many times (12 games: 1,800 moves, hundreds of permutations)."""
    from test_hidden_information import play_and_watch
    for name, most in (("love_letter", 600), ("hanabi", 600), ("spoons", 150)):
        out = play_and_watch(RULES / f"{name}.rules", max_moves=most)
        assert out["failures"] == {} and out["counts"]["moves"] >= 100 and out["counts"]["permutations"] > 0, name


@pytest.mark.parametrize("path", [RULES / f"{n}.rules" for n in ("love_letter", "hanabi", "ratscrew", "kings_corner",
                                                                 "spoons")],
                         ids=lambda p: p.stem)
@pytest.mark.parametrize("bots", [["greedy"], ["random"]])
def test_every_seeded_game_ends(path, bots):
    report = simulate(str(path), games=6, players=3, bots=bots, seed=1)
    assert report["games"] == 6 and report["stalemates"]["count"] == 0 and report["turns"]["total"] >= 6
