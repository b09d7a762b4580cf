"""Newcomer round 13: four card games written from the docs alone, each with stacked decks, scripted moves and exact
results (the rules played, and the choices made, are at the top of each file).

- tests/rules/dou_dizhu.rules: three players, 54 cards with two jokers, an auction for the landlord, the kitty shown
  and taken, plays named by kind and rank (chains, trios with cards attached, airplanes, bombs, the rocket).
- tests/rules/leduc_holdem.rules: RLCard's six-card poker, two betting rounds with raises of 2 then 4, two raises
  a round at most, one private and one public card.
- tests/rules/contract_bridge.rules: an auction with doubles and redoubles, the declarer who first named the
  denomination, the dummy laid face up after the opening lead and played by the declarer, duplicate scoring.
- tests/rules/cuttle.rules: points, scuttling, one-offs countered by 2s, permanents (Kings, Queens, the glasses),
  Jacks stealing point cards, the 7 that plays the deck's top card.

Cuttle's options are written once for two sources of cards (the hand, or the card a 7 turns up), in a procedure
given the cards: such an option offered the cards by their numbers inside the runtime (`points 3`), the cards of
another's hand too (`take 1`, `take 3` named exactly which cards it held).  A parameter named `cards` now holds a
list of cards (docs/language.md §10), and an option over the items of a name the checker cannot type is refused."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, zone_cards, options, play_pending as play, interleave
from interpreter import Game
from interpreter.errors import RulesError
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"
DOU_DIZHU = RULES / "dou_dizhu.rules"
LEDUC = RULES / "leduc_holdem.rules"
BRIDGE = RULES / "contract_bridge.rules"
CUTTLE = RULES / "cuttle.rules"


# ------------------------------------------------------------------ an option over a procedure's untyped parameter

TAKE = '''game "Take"
players 2..2
attribute r 1..6
deck d { for n in 1..6 { card {r: n} } }
zone d hidden
zone h private per player
define grab(cards) {
  choose current { take c in cards "take a card" { move c to h(current) } }
}
setup { shuffle d  deal 2 from d to h }
turn { grab(h(next))  win current }
'''


def test_a_parameter_named_cards_offers_another_players_cards_by_place():
    """Given the next player's hand, the procedure's option offered `take 1`, `take 3`: the runtime's numbers of the
    cards it held, which name them.  A parameter named `cards` holds a list of cards: the option offers the cards
    its chooser may not see by place, as `take c in h(next)` written out does."""
    g = Game(rulelang.load_text(TAKE), 2, seed=1, stack=["1", "2", "3", "4"])
    assert options(g) == ["take #1", "take #2"]
    play(g, "take #1")
    assert len(zone_cards(g, "h", 0)) == 3


def test_a_parameter_named_cards_offers_the_choosers_own_cards_by_name():
    g = Game(rulelang.load_text(TAKE.replace("grab(h(next))", "grab(h(current))")), 2, seed=1, stack=["1", "2", "3", "4"])
    assert options(g) == ["take 1", "take 3"]


def test_an_option_over_the_items_of_an_untyped_parameter_is_refused():
    with pytest.raises(RulesError) as e:
        rulelang.load_text(TAKE.replace("(cards)", "(src)").replace("in cards", "in src"))
    assert "option `take` offers the items of `src`, which the checker cannot type" in str(e.value)
    assert "name the parameter `cards`" in str(e.value)


def test_an_option_of_several_arguments_over_an_untyped_parameter_is_refused():
    text = TAKE.replace("(cards)", "(src)").replace("take c in cards", "take c in src, k in 1..2")
    with pytest.raises(RulesError) as e:
        rulelang.load_text(text)
    assert "option `take` offers the items of `src`, which the checker cannot type" in str(e.value)
