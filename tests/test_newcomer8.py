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
from helpers import ROOT, zone_cards, play_pending as play
from interpreter import Game
from interpreter.errors import RulesError

RULES = ROOT / "tests" / "rules"


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


# ------------------------------------------------------------------ the three games, stacked

def spite_stack(top1: str, top2: str, hands, stock) -> list[str]:
    """The first 50 + len(stock) cards of a Spite and Malice deal: P1's pay-off pile (20, its top last), P2's, the
    hands dealt round, then the stock; the pay-off piles filled under their tops with cards no test reads."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    left = {r: 8 for r in ranks}
    for name in [top1, top2, *[c for h in zip(*hands) for c in h], *stock]:
        left[name] -= 1
    filler = [r for r in ["4", "8", "9", "10", "J", "Q", "7", "6"] for _ in range(left[r])]
    return filler[:19] + [top1] + filler[19:38] + [top2] + [c for h in zip(*hands) for c in h] + list(stock)


def test_spite_and_malice_a_turn_builds_from_the_pay_off_pile_and_the_hand_a_king_wild():
    g = Game(rulelang.load(RULES / "spite_and_malice.rules"), 2, seed=1,
             stack=spite_stack("A", "7", [["2", "3", "K", "5", "6"], ["8", "8", "9", "9", "10"]],
                               ["J", "J", "Q", "Q", "7"]))
    assert zone_cards(g, "payoff", 0)[-1] == "A" and zone_cards(g, "hand", 0) == ["2", "3", "K", "5", "6"]
    assert "build 5 1" not in [m.text for m in g.pending.options]      # building pile 1 is empty: an ace first
    play(g, "pay 1", "build 2 1", "build 3 1", "build K 1", "build 5 1")   # the king stands for a 4
    assert zone_cards(g, "build1") == ["A", "2", "3", "K", "5"] and len(zone_cards(g, "payoff", 0)) == 19
    play(g, "build 6 1")                    # the hand is empty: 5 more from the stock
    assert zone_cards(g, "hand", 0) == ["J", "J", "Q", "Q", "7"]
    play(g, "build 7 1", "discard Q 3")
    assert zone_cards(g, "side3", 0) == ["Q"] and g.pending.player == 1
    assert zone_cards(g, "build1") == ["A", "2", "3", "K", "5", "6", "7"]


def test_sheepshead_the_picker_buries_and_the_jack_of_diamonds_is_the_partner():
    # dealt 3 at a time: P1..P5 three cards each, the blind 2, then three each again
    first = [["QC", "QS", "AD"], ["7C", "8C", "9C"], ["JD", "7H", "8H"], ["7S", "8S", "9S"], ["KC", "KS", "KH"]]
    blind = ["AC", "AS"]
    second = [["QH", "QD", "10D"], ["10C", "JC", "9H"], ["JS", "JH", "AH"], ["10S", "KD", "9D"], ["10H", "8D", "7D"]]
    stack = [c for i in range(3) for c in [h[i] for h in first]] + blind + \
            [c for i in range(3) for c in [h[i] for h in second]]
    g = Game(rulelang.load(RULES / "sheepshead.rules"), 5, seed=1, stack=stack)
    play(g, "pick", "bury AC AS")           # P1 picks and buries 22 points
    assert g.state.vars["picker"] == 0 and g.state.vars["mate"] == 2     # P3 holds the jack of diamonds
    assert zone_cards(g, "won", 0) == ["AC", "AS"]
    # trick 1: P1 leads the queen of clubs; everyone must follow trumps if they can
    play(g, "play QC")
    assert sorted(m.text for m in g.pending.options) == ["play JC"]          # P2's only trump
    play(g, "play JC")
    assert sorted(m.text for m in g.pending.options) == ["play AH", "play JD", "play JH", "play JS"][1:]
    play(g, "play JS", "play KD", "play 8D")
    assert zone_cards(g, "won", 0) == ["AC", "AS", "QC", "JC", "JS", "KD", "8D"]
    assert g.state.pvars["tricks_taken"] == [1, 0, 0, 0, 0]


def test_rummy500_a_card_deep_in_the_discard_pile_is_taken_with_those_above_and_melded():
    p1 = ["7H", "8H", "2S", "4S", "6S", "8S", "10S", "QS", "3C", "5C", "7C", "9C", "JC"]
    p2 = ["2D", "4D", "6D", "8D", "10D", "QD", "3H", "5H", "JH", "KH", "AS", "AC", "AD"]
    g = Game(rulelang.load(RULES / "rummy500.rules"), 2, seed=1,
             stack=[c for pair in zip(p1, p2) for c in pair] + ["9H", "2C", "3D", "KC"])
    assert [m.text for m in g.pending.options] == ["take 9H", "draw"]     # 9H melds with 7H 8H
    play(g, "draw", "discard 2C", "draw", "discard 3D")
    assert zone_cards(g, "discard") == ["9H", "2C", "3D"]
    assert [m.text for m in g.pending.options] == ["take 9H", "draw"]     # 2C and 3D meld with nothing
    play(g, "take 9H")
    assert zone_cards(g, "discard") == [] and len(zone_cards(g, "hand", 0)) == 16
    assert not any(m.verb == "discard" for m in g.pending.options)        # the 9H must reach the table first
    play(g, "meld 7H 8H 9H", "discard 2C")
    assert zone_cards(g, "meld1") == ["7H", "8H", "9H"] and g.state.pvars["laid"] == [15, 0]
    assert zone_cards(g, "discard") == ["2C"] and "3D" in zone_cards(g, "hand", 0)


# ------------------------------------------------------------------ an option whose sets cost too much work

MANY_SETS = '''game "Many sets"
players 2..2
attribute rank 1..40
name cards by rank
deck stock { for r in 1..40 { card {rank: r} } }
class low = card.rank < 10
zone stock hidden
zone pile public
zone hand private per player
define spread(cs) = all(count(d for d in hand(current) if d != c and d is low) >= 0 for c in cs)
setup { shuffle stock  deal 8 from stock to hand }
turn {
  choose current {
    meld 3..8 cs from hand(current) where spread(cs) "lay down a meld" { move cs to pile  win current }
  }
}
'''


def test_an_option_whose_where_costs_too_much_work_is_named_with_the_way_out():
    """Rummy 500 first offered `meld 3..8 cs from hand(current) where ... meld(cs)`: a hand of 13 and more stopped
    the game with "the rules did too much work without asking anyone anything; a loop or an expression does not
    end", which nothing in the file does: it was the option's sets, each asked of its `where`. The message names the
    option, how many sets it looked at, and the way out."""
    src = MANY_SETS.replace("deal 8", "deal 14")
    with pytest.raises(RulesError) as e:
        Game(rulelang.load_text(src), 2, seed=1)
    text = str(e.value)
    assert "option `meld` did too much work finding its moves: its `where` was asked of the sets of 3..8 of 14 " \
           "cards; narrow what it chooses from (fewer cards at a time, or a cheap test first in its `where`)" in text
    assert ":14:" in text.splitlines()[0]      # at the option's `where`
    g = Game(rulelang.load_text(MANY_SETS.replace("3..8", "3")), 2, seed=1)    # sets of 3: within the work
    assert g.pending.options
