"""Newcomer round 8: card games written from the docs alone, unlike the bundled ones and the examples, each with
stacked decks, scripted moves and exact results (the rules are at the top of each file).

- tests/rules/spite_and_malice.rules: building piles in the middle, a pay-off pile per player with its top face up,
  four discard piles per player, kings wild on the building piles.
- tests/rules/sheepshead.rules: a trump suit made of queens, jacks and diamonds, a blind picked up and buried, a
  secret partner (the holder of the jack of diamonds), card points.
- tests/rules/rummy500.rules: melds with wild jokers, any card of the spread discard pile taken with every card
  above it (`position(card, discard)`), the points of the cards laid scored by who laid them.

Every game ends under greedy and random bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, zone_cards
from interpreter import Game
from interpreter.errors import RulesError

RULES = ROOT / "tests" / "rules"


def play(g: Game, *moves: str) -> None:
    for text in moves:
        g.apply(g.pending.player, text)
        g.check_cards()


# ------------------------------------------------------------------ `position(item, list)`: an item's place in a zone

DIG = '''game "Dig"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone pile public show all
zone hand private per player
setup { shuffle stock  deal 1 from stock to hand  move 4 from stock to pile }
turn {
  choose current {
    dig c in pile "take this card and every card above it" {
      move [d for d in pile if position(d, pile) >= position(c, pile)] to hand(current)
      win current
    }
  }
}
'''


def test_position_of_a_card_in_a_zone_takes_a_card_and_the_cards_above_it():
    """A Rummy 500 player takes any card of the discard pile with every card above it: that needs a card's place in
    a zone. `position(d, pile)` was refused ("`position` takes 1 argument (a value), given 2"); `nth` goes from a
    place to an item and nothing went back. `position(ITEM, LIST)` is the item's place, counting from 1 as `nth`
    does (a zone from the bottom), `none` when it is not there."""
    g = Game(rulelang.load_text(DIG), 2, seed=1, stack=["1", "2", "3", "4", "5", "6"])
    assert zone_cards(g, "pile") == ["3", "4", "5", "6"]     # 3 at the bottom, 6 on top
    play(g, "dig 4")
    assert zone_cards(g, "pile") == ["3"] and zone_cards(g, "hand", 0) == ["1", "4", "5", "6"]
    assert g.winners == [0]


def test_position_in_a_list_gives_none_when_the_item_is_not_there():
    src = DIG.replace('win current', 'set where = position(7, [5, 7, 9])  set gone = position(8, [5, 7, 9])  '
                      'if where == 2 and gone == none { win current }').replace(
        'zone hand private per player', 'zone hand private per player\nvar where = 0\nvar gone = 0')
    g = Game(rulelang.load_text(src), 2, seed=1, stack=["1", "2", "3", "4", "5", "6"])
    play(g, "dig 6")
    assert g.winners == [0]


def test_position_of_an_item_of_another_type_than_the_list_is_refused():
    src = DIG.replace('position(d, pile) >= position(c, pile)', 'position(current, pile) >= 1')
    with pytest.raises(RulesError) as e:
        rulelang.load_text(src)
    assert "`position(ITEM, LIST)` looks for an item of the list: a card in a zone of cards, not a player" in str(e.value)


# ------------------------------------------------------------------ a `let` made inside a loop whose test reads hidden cards

LOOP = '''game "Loop"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone pile public
zone hand private per player
var rounds = 0
setup { shuffle stock  deal 2 from stock to hand }
turn {
  choose current { go { say "go" } }
  while rounds < 2 and any(c.rank > 5 for c in hand(next)) {
    let acted = false
    if rounds == 0 { set acted = true }
    set rounds = rounds + (if acted then 1 else 1)
  }
  win current
}
'''


def test_a_let_made_inside_a_loop_whose_test_reads_hidden_cards_ends_with_the_loop():
    """Rummy 500's turn loops while its player has cards, and notes in a `let` made inside the loop whether a move
    was made. When the loop's test read what some seat may not see, the loop's end noted every name set in it as
    known to those who saw the test, a `let` of its own body too, looked up among the table's variables: "a rule
    failed in `turn`: there is no such item", with no place. A name made inside the loop ends with it."""
    g = Game(rulelang.load_text(LOOP), 2, seed=1, stack=["1", "6", "2", "7"])
    play(g, "go")
    assert g.winners == [0] and g.state.vars["rounds"] == 2


# ------------------------------------------------------------------ identical cards in an option of several arguments

TWO_DECKS = '''game "Piles"
players 2..2
attribute rank 1..3
name cards by rank
deck stock { for r in 1..3 { 2 cards {rank: r} } }
zone stock hidden
zone hand private per player
zone left public
zone right public
define pile(i) = if i == 1 then left else right
setup { shuffle stock  deal 3 from stock to hand }
turn {
  choose current {
    put c in hand(current), i in 1..2 "put a card on pile i" { move c to pile(i) }
  }
  if size(hand(current)) == 0 { win current }
}
'''


def test_identical_cards_give_one_move_in_an_option_of_several_arguments():
    """Spite and Malice is played with two decks: a hand holding two 6s was offered `discard 6 1 / 6 2 / 6 3 / 6 4 /
    6 1 / 6 2 ...`, every move twice (and a random bot twice as likely to lay a 6). docs §7: identical cards give one
    move; so they do in an option of several arguments, as in an option of one."""
    g = Game(rulelang.load_text(TWO_DECKS), 2, seed=1, stack=["2", "1", "2", "1", "3", "3"])
    assert sorted(m.text for m in g.pending.options) == ["put 2 1", "put 2 2", "put 3 1", "put 3 2"]
    play(g, "put 2 1")
    assert sorted(m.text for m in g.pending.options) == ["put 1 1", "put 1 2", "put 3 1", "put 3 2"]
    play(g, "put 1 2", "put 2 2")
    assert zone_cards(g, "left") == ["2"] and zone_cards(g, "right") == ["1", "2"]


# ------------------------------------------------------------------ a list joined to a parameter on its right

POOL = '''game "Pool"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone pile public show all
zone hand private per player
define above(card) = [d for d in pile if position(d, pile) > position(card, pile)]
define pool(cs) = hand(current) + cs
define total(cs) = sum(c.rank for c in pool(cs))
setup { shuffle stock  deal 1 from stock to hand  move 3 from stock to pile }
turn {
  choose current {
    dig c in pile where total(above(c)) >= 10 "take the cards above it" {
      move above(c) to hand(current)
      win current
    }
  }
}
'''


def test_a_list_is_joined_to_a_parameter_on_its_right():
    """Rummy 500's `usable(card, above)` looked for a meld among the hand and the cards above the one taken:
    `hand(current) + above` was refused ("`+` joins two lists, and this is a value", with the hint `... + [above]`,
    a list of lists) though `cs + [c]`, the parameter on the left, is read as a list since nw7. A value the checker
    cannot type beside a list is a list, on either side; given anything else, the move fails in play."""
    g = Game(rulelang.load_text(POOL), 2, seed=1, stack=["5", "9", "2", "3", "4"])
    # P1 holds 5; the pile is 2 3 4 (4 on top): above 2 is 3 4 (5+3+4 = 12), above 3 is 4 (9), above 4 nothing (5)
    assert [m.text for m in g.pending.options] == ["dig 2"]
    play(g, "dig 2")
    assert zone_cards(g, "hand", 0) == ["5", "3", "4"] and g.winners == [0]
