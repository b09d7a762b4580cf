"""Newcomer round 15: card games written from the docs alone, each with stacked decks, scripted moves and exact
results (the rules played, and the choices made, are at the top of each file).

- tests/rules/dominion.rules: deck-building: each player's own deck, discard pile and reshuffle (a zone per player
  refilled from another of the same player's), seventeen supply piles bought from, actions, buys and coins a turn,
  a Witch's curse answered by a Moat in a window, the end when the Provinces or three piles run out.
- tests/rules/mille_bornes.rules: each player's battle, speed and distance piles and safety area, hazards played on
  an opponent, remedies and safeties, the coup-fourré played out of turn (`turn to ... now`).
- tests/rules/dominoes.rules: tiles with two ends, a line with two open ends (a tile laid at the left goes under the
  line), the highest double leading, drawing from the boneyard, a blocked game.
- tests/rules/uno_flip.rules: two-sided cards; a Flip card turns the whole game to the dark side, whose rules differ
  (Draw Five, Skip Everyone, Wild Draw Colour)."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, zone_cards, options, play_pending as play, interleave, narration
from interpreter import Game
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"
DOMINION = RULES / "dominion.rules"
MILLE = RULES / "mille_bornes.rules"
DOMINOES = RULES / "dominoes.rules"
FLIP = RULES / "uno_flip.rules"


# ------------------------------------------------------------------ a zone per player refilled from the same player's

OWN_DECK = '''game "Own Deck"
players 2..2
attribute r 1..8
deck box { for n in 1..8 { card {r: n} } }
zone box hidden
zone hand private per player
zone deck hidden per player refill from used keep 0
zone used "used pile" public per player
setup {
  shuffle box
  deal 4 from box to deck
}
turn {
  choose current { draw "draw three cards" { move 3 from deck(current) to hand(current) } }
  move hand(current) to used(current)
  if size(used(current)) > 4 { win current }
}
'''


def test_a_zone_per_player_refills_from_the_same_players_zone():
    """Dominion: each player draws from their own deck, and an empty deck is made anew from their own discard
    pile, shuffled.  `refill` was for zones of the table only ("`refill` works between zones of the table, not per
    player"), so every draw had to be written as a loop testing the deck's size."""
    g = Game(rulelang.load_text(OWN_DECK), 2, seed=1, stack=["1", "2", "3", "4", "5", "6", "7", "8"])
    assert sorted(zone_cards(g, "deck", 0)) == ["1", "3", "5", "7"]
    play(g, "draw", "draw")                        # three each: one card left in each deck
    assert len(zone_cards(g, "deck", 0)) == 1 and len(zone_cards(g, "used", 0)) == 3
    play(g, "draw")                                # one card, then the used pile shuffled in, then two more
    assert len(zone_cards(g, "deck", 0)) == 1 and sorted(zone_cards(g, "used", 0) + zone_cards(g, "deck", 0)) == \
        ["1", "3", "5", "7"]
    assert zone_cards(g, "deck", 1) != [] and sorted(zone_cards(g, "deck", 1) + zone_cards(g, "used", 1)) == \
        ["2", "4", "6", "8"]                      # the other player's cards untouched
    told = narration(g, 0)
    assert "your used pile is shuffled into your deck (3 cards)" in told
    assert "P1's used pile is shuffled into their deck (3 cards)" in narration(g, 1)


def test_a_refill_between_a_zone_per_player_and_one_of_the_table_is_refused():
    text = OWN_DECK.replace('zone used "used pile" public per player', 'zone used "used pile" public')
    with pytest.raises(rulelang.RulesError, match="refill"):
        rulelang.load_text(text)


# ------------------------------------------------------------------ a word between the two faces of a card's name

TWO_FACES = '''game "Two Faces"
players 2..2
attribute colour { red "Red" short "R" }
attribute kind { number "" skip "Skip" short "S" }
attribute number 1..9
attribute back { teal "Teal" short "T" }
attribute back_kind { back_number "" everyone "Skip Everyone" short "SE" }
attribute back_number 1..9
name cards by colour kind number "/" back back_kind back_number
deck d {
  card {colour: red, kind: number, number: 7, back: teal, back_kind: back_number, back_number: 3}
  card {colour: red, kind: skip, back: teal, back_kind: everyone}
  card {kind: skip}
}
zone d hidden
zone h private per player
setup { shuffle d }
turn { choose current { go "end it" { win current } } }
'''


def test_a_word_between_attributes_is_said_when_any_value_before_and_after_it_is_in_the_name():
    """UNO Flip's cards are named by both faces, `name cards by colour kind number "/" back ...`: a Skip has no number,
    the attribute just before the word, so the word was left out ("Red Skip Teal Skip Everyone").  A word between
    attributes is said when the name has a value before it and one after it; at an end, as before, only when the
    value beside it is there (a joker is "Joker", not "Joker of")."""
    prog = rulelang.load_text(TWO_FACES)
    assert [c.name for c in prog.cards] == ["Red 7 / Teal 3", "Red Skip / Teal Skip Everyone", "Skip"]
    assert [c.short for c in prog.cards] == ["R7T3", "RSTSE", "S"]
