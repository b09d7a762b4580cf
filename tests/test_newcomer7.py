"""Newcomer round 7: card games written from the docs alone, unlike the bundled ones and the examples, each with
stacked decks, scripted moves and exact results (the rules are at the top of each file).

- tests/rules/briscola.rules: card points and a trump suit turned up under the stock, no duty to follow suit, the
  taker of a trick drawing first.
- tests/rules/exploding_kittens.rules: as many cards as you like and then a draw, a Nope chain (a window asked
  again after every Nope), a drawn Kitten put back into the pile at a depth its player chooses, turns owed.
- tests/rules/cribbage.rules: the crib, the starter, the play to 31 and the show (every set of five cards adding
  up to 15, runs counted as often as they are made), a match to 121 won as soon as it is reached.

Every game ends under greedy and random bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, options, play_greedy, zone_cards
from interpreter import Game
from interpreter.errors import RulesError, RuntimeRulesError
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"


def play(g: Game, *moves: str) -> None:
    for text in moves:
        g.apply(g.pending.player, text)
        g.check_cards()


# ------------------------------------------------------------------ `+` joins a list to a value the checker cannot type

JOIN = '''game "Join"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone pile public
zone hand private per player
var kept per player = []
define with_top(cs) = cs + [top(pile)]
define total(cs) = sum(c.rank for c in with_top(cs))
setup { shuffle stock  deal 2 from stock to hand  move 1 from stock to pile }
turn {
  choose current {
    lay c in hand(current) {
      set kept(current) = kept(current) + [c]
      move c to pile
      if total(kept(current)) > 12 { win current }
    }
  }
}
'''


def test_a_list_is_joined_to_a_parameter_or_a_variable_the_checker_cannot_type():
    """docs §8: `a + b` joins lists when `a` is a list. A parameter not named after its type (`cs`), or a variable
    first set to `[]`, is "any" to the checker, and `cs + [top(pile)]` was refused ("expected a number, found a list
    of cards", with the hint to write `[cs] + ...`, a list of lists): a list on the right joins them."""
    g = Game(rulelang.load_text(JOIN), 2, seed=1, stack=["1", "5", "4", "8", "2"])
    play(g, "lay 1", "lay 5")
    assert g.state.pvars["kept"] == [[0], [4]] and g.winners == []
    play(g, "lay 4")           # P1 kept 1 and 4, the pile's top 4: 9
    assert g.winners == []
    play(g, "lay 8")           # P2 kept 5 and 8, the top 8: 21
    assert g.winners == [1] and zone_cards(g, "pile") == ["2", "1", "5", "4", "8"]


# ------------------------------------------------------------------ a greedy bot in a long game with a player's list

NOTES = '''game "Notes"
players 2..2
attribute rank 1..4
name cards by rank
deck stock { for r in 1..4 { card {rank: r} } }
zone stock hidden
zone hand private per player
var noted per player = []
var turns = 0
setup { shuffle stock  deal 2 from stock to hand }
turn {
  choose current {
    note c in hand(current) "write the card's rank down" { set noted(current) = noted(current) + [c.rank] }
    wait "write nothing" { }
  }
  set turns = turns + 1
  if turns == 80 { win current }
}
'''


def test_a_greedy_bot_plays_on_past_sixty_turns_when_a_players_variable_holds_a_list():
    """A greedy bot remembers where it stood from the 60th turn on, as a key of everything it sees; a player's
    variable holding a list (Cribbage's cards laid, for the show) made that key a list inside a tuple, and the
    bot failed with a Python error ("unhashable type: 'list'") at its 60th turn."""
    g = play_greedy(rulelang.load_text(NOTES), 2, seed=1)
    assert g.winners == [1] and g.state.vars["turns"] == 80
    assert [len(n) for n in g.state.pvars["noted"]] == [40, 40]   # the first option, `note`, every time


# ------------------------------------------------------------------ `move ... to ZONE under N`: cards put into a pile

UNDER = '''game "Under"
players 2..2
attribute rank 1..9
name cards by rank
deck draw { for r in 1..9 { card {rank: r} } }
zone draw hidden
zone pile public
zone hand private per player
setup { shuffle draw  deal 1 from draw to hand  move 2 from draw to pile }
turn {
  choose current {
    bury c in hand(current), n in 0..size(draw) "put your card into the pile with n cards above it" {
      move c to draw under n
    }
    sink "put the top card of the pile at its bottom" { move top(draw) to draw under size(draw) }
    tuck "put the laid cards under the top card of the pile" { move pile to draw under 1 }
    dig "put your card under a count worked out in play" { move hand(current) to draw under 2 - size(draw) }
  }
  if size(hand(current)) == 0 { win current }
}
'''
STACKED = ["1", "2", "3", "4", "5", "6", "7", "8", "9"]


def under(*moves) -> Game:
    g = Game(rulelang.load_text(UNDER), 2, seed=1, stack=STACKED)
    play(g, *moves)
    return g


def told(g: Game, start: int, seat: int) -> list[str]:
    return ["".join(t for _, t in line) for line in g.tell(g.events[start:], seat)]


def test_cards_are_put_into_a_pile_under_as_many_cards_as_a_move_says():
    """`move CARDS to ZONE under N` puts the cards into the zone with N of its cards above them (0: on top; N at
    least the zone's size: at the bottom), in their order: the Exploding Kitten put back at the depth its player
    chooses, the trump turned up under the stock. No statement could put a card anywhere but on top."""
    g = under()
    assert zone_cards(g, "draw") == ["9", "8", "7", "6", "5"] and zone_cards(g, "pile") == ["3", "4"]  # bottom first
    start = len(g.events)
    play(g, "bury 1 2")
    assert zone_cards(g, "draw") == ["9", "8", "7", "1", "6", "5"] and g.winners == [0]
    assert told(g, start, 0)[:2] == ["You choose bury: 1, 2", "You put 1 into the draw pile under 2 cards"]
    assert told(g, start, 1)[0] == "P1 puts 1 card into the draw pile under 2 cards"
    assert zone_cards(under("bury 1 0"), "draw") == ["9", "8", "7", "6", "5", "1"]
    g = under()
    start = len(g.events)
    play(g, "bury 1 5")
    assert zone_cards(g, "draw") == ["1", "9", "8", "7", "6", "5"]
    assert told(g, start, 1)[0] == "P1 puts 1 card at the bottom of the draw pile"
    g = under()
    start = len(g.events)
    play(g, "sink")
    assert zone_cards(g, "draw") == ["5", "9", "8", "7", "6"]
    assert told(g, start, 1)[1] == "1 card goes from the draw pile to the bottom of the draw pile"
    g = under()
    start = len(g.events)
    play(g, "tuck")
    assert zone_cards(g, "draw") == ["9", "8", "7", "6", "3", "4", "5"] and zone_cards(g, "pile") == []
    assert told(g, start, 1)[1] == "3, 4 go from the pile to the draw pile under 1 card"


def test_a_count_of_cards_above_that_is_negative_is_refused():
    """As with `move N from`: a negative count known before play is refused by the checker, one worked out in play
    is a run-time error that leaves the game as it was."""
    with pytest.raises(RulesError, match="cannot put cards under -1 cards: a count of cards cannot be negative"):
        rulelang.load_text(UNDER.replace("under size(draw) }", "under -1 }"))
    g = under()
    with pytest.raises(RuntimeRulesError, match="cannot put cards under -3 cards of the draw pile"):
        g.apply(0, "dig")
    assert zone_cards(g, "draw") == ["9", "8", "7", "6", "5"] and g.pending.player == 0


# ------------------------------------------------------------------ a card taken blind from a player chosen with it

STEAL = '''game "Steal"
players 3..3
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone hand private per player
setup { shuffle stock  deal 2 from stock to hand }
turn {
  choose current {
    take p in others(current), c in hand(p) "take a card, unseen, from a player" { move c to hand(current) }
  }
  win current
}
'''


def test_a_card_taken_by_its_place_from_a_player_chosen_with_it_is_told_as_that_players():
    """Exploding Kittens' pair of cats: `take p in others(current), c in hand(p)` offers `take P2 #1`. It was told
    as "P1 takes P2 #1", the player and the place read as one name, so the player robbed was not told "you" (at the
    prompt, whose seat is called "You": "Cy takes You #3")."""
    g = Game(rulelang.load_text(STEAL), 3, seed=1, stack=["1", "2", "3", "4", "5", "6"])
    start = len(g.events)
    play(g, "take P2 #1")
    assert told(g, start, 1)[0] == "P1 takes #1 of yours"
    assert told(g, start, 2)[0] == "P1 takes #1 of P2's"
    assert told(g, start, 0)[0].startswith("You take #1 of P2's")


# ------------------------------------------------------------------ `+` of two values the checker cannot type

TWO_ANY = '''game "Two any"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone pile public
zone hand private per player
var kept per player = []
var total = 0
define keep(player, cs) { set kept(player) = kept(player) + cs }
define add_up(a, b) = a + b
setup { shuffle stock  deal 2 from stock to hand }
turn {
  choose current {
    lay c in hand(current) {
      move c to pile
      keep(current, [c])
      set total = add_up(total, c.rank)
      if size(kept(current)) == 2 { win current }
    }
  }
}
'''


def test_two_lists_the_checker_cannot_type_are_joined_and_two_numbers_added():
    """Pinochle keeps the cards each player melded in a kind: `set married(player) = married(player) + cs`, `cs` a
    parameter. Neither side has a type the checker knows (a parameter that is a list cannot be named so), and the
    `+` was taken for arithmetic: the move failed with "values of different kinds are compared (a list and a number,
    say)". Worked out in play, `+` joins two lists and adds two numbers; a list and a number are refused so."""
    g = Game(rulelang.load_text(TWO_ANY), 2, seed=1, stack=["1", "5", "4", "8"])
    play(g, "lay 1", "lay 5", "lay 4")
    assert g.state.pvars["kept"] == [[0, 3], [4]] and g.state.vars["total"] == 10 and g.winners == [0]
    bad = TWO_ANY.replace("keep(current, [c])", "keep(current, c.rank)")
    g = Game(rulelang.load_text(bad), 2, seed=1, stack=["1", "5", "4", "8"])
    with pytest.raises(RuntimeRulesError, match="`\\+` adds two numbers or joins two lists, and was given a list and a number"):
        g.apply(0, "lay 1")
