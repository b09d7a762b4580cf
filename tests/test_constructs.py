"""The constructs of issue #16, each in a small game written for it: what the docs say each does, played."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import Game
from rulelang.errors import RulesError

# A small deck shared by the games below: four ranks in two colours, two of each card.
BASE = """
game "T"
players 2..4
attribute colour { red "Red" short "R"  blue "Blue" short "B" }
attribute rank { two "2" three "3" four "4" ace "Ace" short "A" }
name cards by colour rank
deck draw { for c in colour { for r in rank { 2 cards {colour: c, rank: r} } } }
zone draw hidden
zone pile public
zone hand private per player
"""


def game(text: str, players: int = 2, stack=None, seed: int = 1) -> Game:
    return Game(rulelang.load_text(BASE + text), players, seed=seed, stack=stack)


def play(g: Game, *moves: str) -> None:
    for text in moves:
        g.apply(g.pending.player, text)


# ------------------------------------------------------------------ if ... then ... else


def test_if_then_else_gives_one_value_or_the_other():
    g = game("""
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    lay c in hand(current) {
      move c to pile
      set score(current) = score(current) + (if c.colour == red then 10 else 1)
      if size(pile) == 2 { win current }
    }
  }
}
""", stack=["R2", "B2", "B3", "R3"])
    play(g, "lay R2", "lay B2")
    assert g.scores == [10, 1]


def test_if_then_else_nests_and_binds_loosest():
    g = game("""
setup { shuffle draw  deal 1 from draw to hand }
define worth(card) = if card.colour == red then if card.rank == ace then 5 else 2 else 0
turn {
  choose current {
    lay c in hand(current) { set score(current) = worth(c) + 1  win current }
  }
}
""", stack=["RA", "B2"])
    play(g, "lay RA")
    assert g.scores == [6, 0]


def test_if_then_else_branches_of_two_types_are_refused():
    with pytest.raises(RulesError) as e:
        rulelang.load_text(BASE + """
setup { shuffle draw }
turn { choose current { go { set score(current) = if size(pile) == 0 then 1 else red } } }
""")
    assert "gives a number one way and a colour the other" in str(e.value)
