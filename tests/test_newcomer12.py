"""Newcomer round 12: four card games written from the docs alone, each with stacked decks, scripted moves and exact
results (the rules played, and the choices made, are at the top of each file).

- tests/rules/doppelkopf.rules: a doubled 48-card deck, hidden partnerships (the two holders of the Queen of Clubs),
  a fixed order of 26 trumps; of two identical cards in a trick the first played wins.
- tests/rules/tichu.rules: two partnerships, one card passed face down to each other player, sets of cards by kind
  (pairs, full houses, straights, runs of pairs), bombs laid out of turn, the Dog, the Dragon, the Phoenix; a card
  worth -25 points (`attribute points -25..25`, which did not parse before this round).
- tests/rules/schnapsen.rules: a talon and a trump card, exchanging the Jack of trumps, closing the talon, marriages
  for 20 and 40, following suit and heading the trick once the talon is closed or gone, 66 to win.
- tests/rules/french_tarot.rules: 78 cards, a bid, the dog taken by the taker, the Excuse kept by its owner,
  trumping and over-trumping, the points needed by the oudlers held.

Every game ends under greedy, random and search bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, zone_cards, options, play_pending as play
from interpreter import Game
from interpreter.errors import RulesError

RULES = ROOT / "tests" / "rules"
DOPPELKOPF = RULES / "doppelkopf.rules"
TICHU = RULES / "tichu.rules"
SCHNAPSEN = RULES / "schnapsen.rules"
TAROT = RULES / "french_tarot.rules"


# ------------------------------------------------------------------ a numeric attribute below zero

NEGATIVE = '''game "Below zero"
players 2..2
attribute points -25..25
deck d { card {points: -25}  card {points: 10}  card {points: 5} }
zone d hidden
zone h private per player
setup { shuffle d  deal 1 from d to h }
turn { choose current { go { win first(p for p in players if sum(c.points for c in h(p)) < 0) } } }
'''


def test_a_numeric_attribute_may_go_below_zero():
    """Tichu's Phoenix is worth -25 points: `attribute points -25..25` was refused at its `-` ("expected `ordered`,
    `{` or a number"), so a card could not be worth less than nothing."""
    prog = rulelang.load_text(NEGATIVE)
    g = Game(prog, 2, seed=1, stack=["10", "-25"])
    play(g, "go")
    assert g.winners == [1]


@pytest.mark.parametrize("change,told", [
    (("card {points: 5}", "card {points: -26}"), "-26 is outside `points` -25..25"),
    (("sum(c.points for c in h(p)) < 0", "any(c.points < -25 for c in h(p))"), "`c.points < -25` is never true: a card's `points` is one of -25..25"),
    (("-25..25", "25..-25"), "`25..-25` is an empty range"),
])
def test_a_range_below_zero_is_held_to_its_word(change, told):
    with pytest.raises(RulesError) as e:
        rulelang.load_text(NEGATIVE.replace(*change))
    assert told in str(e.value)


# ------------------------------------------------------------------ a player's variable read through a function

HELD = '''game "Held"
players 2..2
attribute r 1..3
deck d { for n in 1..3 { 4 cards {r: n} } }
zone d hidden
zone h private per player
var held per player = []
define has(player, k) = nth(held(player), k) > 0
setup { shuffle d  deal 3 from d to h }
turn {
  set held(current) = [count(c for c in h(current) if c.r == i) for i in 1..3]
  choose current {
    go k in 1..3 where has(current, k) "a number you hold" { }
    other "nothing" { }
  }
}
'''


def test_a_where_reads_a_players_variable_through_a_function_of_that_player():
    """Tichu counts each rank of the hand once a turn into a player's variable (`held(current)`), and its options
    ask `run_held(current, ...)`, a function reading `held(player)`.  The second player's turn was refused ("its
    `where` reads `held`, a value worked out from cards that P2 could not see"): through a function every
    player's value was looked at, the first player's too, where `nth(held(current), k)` written out looked at P2's
    alone."""
    prog = rulelang.load_text(HELD)
    g = Game(prog, 2, seed=1, stack=["1", "2", "3", "3", "1", "3"])   # P1: 1 3 1, P2: 2 3 3
    assert options(g) == ["go 1", "go 3", "other"]
    play(g, "other")
    assert g.pending.player == 1 and options(g) == ["go 2", "go 3", "other"]
