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
