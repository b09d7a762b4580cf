"""Comprehensions with several `for`s (`count(c for p in players for c in hand(p))`), as Python's: each `for` inside
the one before, its collection may read the names of those before it, the `if` tests every combination."""
from __future__ import annotations

import pytest

import rulelang
from helpers import options
from interpreter import Game
from interpreter.errors import RuntimeRulesError
from rulelang.errors import RulesError

GAME = """
game "Pairs"
players 2..2
attribute number 1..6
attribute colour { red "Red" short "R" black "Black" short "B" }
name cards by number colour
deck stock { for c in colour { for n in number { card {number: n, colour: c} } } }
zone stock hidden
zone grid public show all
zone hand private per player
var total = 0
var reds = 0
var held = 0
var matched = false
var apart = false
var below = 0
var above = 0
var best = 0
var triples = 0
setup {
  shuffle stock
  move 3 from stock to grid
  deal 2 from stock to hand
  set total = sum(c.number for p in players for c in hand(p))
  set reds = count(c for p in players for c in hand(p) if c.colour == red)
  set held = count(c for p in players for c in hand(p))
  set matched = any(a.number == b.number for a in grid for b in hand(next))
  set apart = all(a.number != b.number for a in grid for b in hand(current))
  set below = size([a for a in grid for b in grid if a.number < b.number])
  set above = sum(c.number for c in [b for a in grid for b in grid if a.number < b.number])
  set best = max(c for p in players for c in hand(p) by c.number).number
  set triples = count(a for a in grid for b in grid for c in grid if a.number + b.number == c.number)
}
turn {
  choose current {
    draw where size(stock) > 0 and WHERE "draw a card" { move 1 from stock to hand(current) }
  }
  if size(stock) == 0 { win current }
}
"""

# the grid: 1, 2 and 3 Red; P1 holds 1 and 2 Black, P2 3 Black and 6 Red
STACK = ["1 Red", "2 Red", "3 Red", "1 Black", "3 Black", "2 Black", "6 Red"]


def test_several_fors_in_each_form_of_comprehension():
    """Before, a second `for` was refused with a way round it (a function of the outer name)."""
    g = Game(rulelang.load_text(GAME.replace("WHERE", "true")), 2, seed=1, stack=STACK)
    v = g.state.vars
    assert (v["total"], v["reds"], v["held"]) == (1 + 2 + 3 + 6, 1, 4)
    assert (v["matched"], v["apart"]) == (True, False)  # P2 holds a 3 of the grid; P1 a 1 and a 2 of it
    assert (v["below"], v["above"]) == (3, 2 + 3 + 3)  # (1<2, 1<3, 2<3): the second `for`'s items listed
    assert v["best"] == 6
    assert v["triples"] == 3  # 1+1=2, 1+2=3, 2+1=3


def test_the_checker_types_the_second_name_and_places_its_errors():
    text = GAME.replace("WHERE", "true").replace("for c in hand(p) if c.colour == red", "for c in p if c.colour == red")
    with pytest.raises(RulesError) as refused:
        rulelang.load_text(text)
    assert "`for` goes through a list or a zone, not a player" in str(refused.value)
    assert str(refused.value).startswith("<rules>:25:48: ")  # at `p`, the second `for`'s collection
    text = GAME.replace("WHERE", "true").replace("c.colour == red", "c.colur == red")
    with pytest.raises(RulesError) as refused:
        rulelang.load_text(text)
    assert str(refused.value).startswith("<rules>:25:61: unknown attribute `colur`")  # c typed a card


def test_a_where_reading_another_hand_through_the_second_for_is_refused():
    """Hidden information: the second `for`'s collection (`hand(p)`, p each player) is read by the `where` as
    a `for` alone reading `hand(next)` is: refused when the decision comes, naming the hand."""
    program = rulelang.load_text(GAME.replace("WHERE", "any(d.number == 6 for p in players for d in hand(p))"))
    with pytest.raises(RuntimeRulesError) as refused:
        Game(program, 2, seed=1, stack=STACK)
    assert "option `draw`: its `where` reads hand(P2), cards that P1 may not see" in str(refused.value)


def test_a_where_reading_only_the_choosers_hand_through_the_second_for_is_not_refused():
    program = rulelang.load_text(GAME.replace("WHERE", "any(d.number == 2 for p in [current] for d in hand(p))"))
    g = Game(program, 2, seed=1, stack=STACK)
    assert options(g) == ["draw"]  # P1 holds the 2: `draw` offered, nothing hidden read
