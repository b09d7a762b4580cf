"""A `for` over values worked out from cards a seat could not see (docs/language.md §11): each value the loop's name
takes is as hidden as the list it is drawn from, and so is what a rule sets from it.  Before, the name was told as
it was: `for x in [n] { set said = x }` (n read from another's hidden card) showed the card's number in every seat's
view, the table's too, and in a text.

Three players; each holds one card of a hidden hand, the stack dealing seat 0 "1", seat 1 (next) the second card of
the stack, seat 2 "3".  Seat 0 acts; nobody may know seat 1's card but who sees it: nobody (a hand nobody sees)."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import Game
from helpers import narration

BASE = """game "Told"
players 3..3
attribute r 1..5
deck d { for n in 1..5 { card {r: n} } }
zone d hidden
zone h hidden per player
var said = none show "said"
var mark per player = none show "mark"
setup { shuffle d  deal 1 from d to h }
BEFORE
turn {
  choose current {
    tell "tell" {
      let n = top(h(next)).r
      BODY
    }
  }
  win current
}
"""


@pytest.mark.parametrize("body", [
    "for x in [n] { set said = x }",                          # a list of the value
    "for x in 1..n { set said = x }",                         # counting up to it
    "for x in [c.r for c in h(next)] { set said = x }",       # the cards' numbers, read in the list
    "for x in [n] { set mark(current) = x }",                 # a player's variable
    "for x in [n] { let y = x + 1\nset said = y }",           # worked out from the loop's name
    "for x in [n] { say \"it is {x}\" }",                     # a text
    "walk([n])",                                              # in a procedure, the list given to it
], ids=["list", "range", "comprehension", "player-var", "let", "say", "procedure"])
def test_a_loop_over_values_worked_out_from_hidden_cards_tells_them_to_no_one_who_could_not_see_them(body):
    text = BASE.replace("BODY", body.replace("\n", "\n      ")).replace(
        "BEFORE", "define walk(xs) {\n  for x in xs { set said = x\n say \"it is {x}\" }\n}")
    program = rulelang.load_text(text)
    seen = []
    for card in ("2", "4"):                                   # seat 1's card: all seats' looks must not change
        g = Game(program, 3, seed=1, stack=["1", card, "3"])
        start = len(g.events)
        g.apply(0, "tell")
        seen.append({s: (g.view(s)["vars"]["said"], g.view(s)["player_vars"]["mark"], narration(g, s, start))
                     for s in (0, 1, 2, None)})
    assert seen[0] == seen[1]
    assert all(said is None for said, _, _ in seen[0].values())


def test_a_loop_over_values_anyone_may_know_still_tells_them():
    text = BASE.replace("BODY", "for x in 1..size(h(next)) { set said = x }").replace("BEFORE", "")
    g = Game(rulelang.load_text(text), 3, seed=1, stack=["1", "2", "3"])
    g.apply(0, "tell")
    assert [g.view(s)["vars"]["said"] for s in (0, 1, 2, None)] == [1, 1, 1, 1]
