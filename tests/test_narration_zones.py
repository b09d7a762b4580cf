"""A zone told in a sentence: its verb agrees with its words (`the discs are shuffled`, `the tricks won are
shuffled`, `the draw pile is shuffled`), a player's own zone shuffled is told as theirs (`P2's hand is shuffled`,
not `the hand pile`), and a numbered zone is told by its name and number, as a name, with no article
(`from column 2 to column 1`, not `the column 2`)."""
from __future__ import annotations

import pytest

import rulelang
from helpers import narration
from interpreter import Game
from interpreter.narrator import plural_words

GAME = """\
game "Zones told"
players 2..2
attribute rank 1..9
attribute suit { stars "Stars" short "S" }
name cards by rank "of" suit
deck stock { for r in 1..9 { card {rank: r, suit: stars} } }
zone stock hidden
zone discs "discs" public
zone won "tricks won" public
zone box public
zone column 1..2 public show all
zone hand private per player
setup {
  shuffle stock
  for i in 1..2 { move 1 from stock to column(i) }
  deal 2 from stock to hand
  move 1 from stock to discs
  move 1 from stock to won
  move 1 from stock to box
}
turn {
  choose current {
    mix "shuffle" {
      shuffle hand(current)
      shuffle discs
      shuffle won
      shuffle box
    }
    shift "move column 1's top onto column 2" {
      move top(column(1)) to column(2)
    }
  }
}
"""
STACK = [f"{n}S" for n in range(1, 10)]


def game() -> Game:
    return Game(rulelang.load_text(GAME), 2, seed=1, stack=STACK, record=True)


def test_a_shuffle_is_told_with_its_zone_s_number_and_owner():
    g = game()
    since = len(g.events)
    g.apply(0, "mix")
    told = narration(g, 1, since)
    assert told[1:] == ["P1's hand is shuffled", "the discs are shuffled", "the tricks won are shuffled",
                        "the box pile is shuffled"]
    assert narration(g, 0, since)[1] == "your hand is shuffled"


def test_a_numbered_zone_is_told_without_an_article():
    g = game()
    since = len(g.events)
    g.apply(0, "shift")
    assert narration(g, 1, since)[1:] == ["1 of Stars goes from column 1 to column 2"]


@pytest.mark.parametrize("words, plural", [
    ("discs", True), ("tricks won", True), ("free cells", True), ("draw pile", False), ("stock", False),
    ("pass pile", False), ("bonus", False), ("column 2", False), ("free cell 3", False), ("cards 2", True),
    ("glass", False), ("crisis", False), ("hand", False),
])
def test_the_number_of_a_zone_s_words(words, plural):
    assert plural_words(words) is plural
