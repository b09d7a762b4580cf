"""`reveal` of what the checker cannot type (a procedure's untyped parameter, `key`, a let of either, a function's
result) shows no card a number happens to name: the runtime holds cards as numbers, so a number, a player or a
count shown "as cards" would show the card of that number wherever it lies (another's hand).

A two-player game: the stack deals seat 0 the cards 1, 3, 5 and seat 1 the cards 2, 4, 6 (card ids 0..5 in deck
order: id 3 is the card "4", in seat 1's hand).  Each case is one move of seat 0, and seat 0's view of seat 1's
hand must stay hidden."""
from __future__ import annotations

import pytest

import rulelang
from helpers import MoveError, new_game
from interpreter import Game

HEAD = '''game "Tell"
players 2..2
attribute r 1..6
name cards by r
deck d { for n in 1..6 { card {r: n} } }
zone d hidden
zone h private per player
var v = 0
setup {
  shuffle d
  deal 3 from d to h
}
define tell(x) {
  reveal x to current
}
define tell_on(y) {
  tell(y)
}
define show_next(x) {
  reveal x to next
}
define count(z) = size(z)
'''


def game(body: str) -> Game:
    text = HEAD + 'turn {\n  choose current {\n    go "go" {\n      ' + body.replace("\n", "\n      ") + \
        '\n    }\n  }\n  win current\n}\n'
    return Game(rulelang.load_text(text), 2, seed=1, stack=["1", "2", "3", "4", "5", "6"])


def others_hand(g: Game, seat: int) -> list:
    return [g.program.cards[c].short if c is not None else None for c in g.view(seat)["zones"]["h"][1 - seat]["cards"]]


@pytest.mark.parametrize("body", [
    "let n = 3\ntell(n)",                      # a local holding a number
    "set v = 3\ntell(v)",                      # a variable holding one
    "let n = size(h(next))\ntell(n)",          # a count of another's hand (3: known to all)
    "let n = count(h(next))\ntell(n)",         # the same through a function
    "let n = 3\ntell_on(n)",                   # passed on by another procedure
    "let q = next\ntell(q)",                   # a player (seat 1: the card numbered 1 lies in seat 1's hand too)
])
def test_a_name_holding_a_number_or_a_player_given_to_a_procedure_that_reveals_it_shows_no_card(body):
    g = game(body)
    assert others_hand(g, 0) == [None] * 3
    g.apply(0, "go")
    assert others_hand(g, 0) == [None] * 3
    assert g.state.revealed == {}
    assert not any(e.type == "reveal" for e in g.events)


def test_a_card_given_to_the_same_procedure_is_still_shown():
    g = game("show_next(top(h(current)))")
    g.apply(0, "go")
    assert others_hand(g, 1) == [None, None, "5"]   # seat 0's top card, shown to seat 1
    g = game("let c = top(h(current))\nshow_next(c)")
    g.apply(0, "go")
    assert others_hand(g, 1) == [None, None, "5"]


@pytest.mark.parametrize("body", ["reveal ident(3) to current", "tell(ident(3))"])
def test_what_the_checker_cannot_type_is_refused_as_cards_but_for_a_parameter(body):
    """`define ident(x) = x`: `ident(3)` is of no type the checker knows; shown as cards, it showed the card 3."""
    text = HEAD + "define ident(x) = x\n" + 'turn {\n  choose current {\n    go "go" {\n      ' + body + \
        '\n    }\n  }\n  win current\n}\n'
    with pytest.raises(rulelang.RulesError, match="cannot tell whether"):
        rulelang.load_text(text)


def test_a_let_of_an_untyped_parameter_revealed_in_the_procedure_is_refused():
    text = HEAD + "define tell_let(x) {\n  let n = x\n  reveal n to current\n}\n" + \
        'turn {\n  choose current {\n    go "go" {\n      tell_let(top(h(current)))\n    }\n  }\n  win current\n}\n'
    with pytest.raises(rulelang.RulesError, match="cannot tell whether"):
        rulelang.load_text(text)


# UNO House Rules: a rule written for a number, whose `key` is that number: `let n = key` then `reveal n` showed
# the card numbered so (here the Red 3, in Cy's hand) to whoever played the number.
ANN = ["R3+", "G1", "B4", "Y6", "Y7", "Y8", "B2"]
BO = ["G3", "B1", "G4", "Y1", "Y2", "Y9", "B8"]
CY = ["R3", "G6", "G7", "G8", "B6", "B9", "Y4"]


@pytest.mark.parametrize("rule", [
    "when played(card) if card.number == key { let n = key\n reveal n to current }",
    "when played(card) if card.number == key { reveal key to current }",
])
def test_a_house_rule_revealing_its_key_is_refused_and_shows_no_card(rule):
    g = new_game("house", [ANN, BO, CY], "R5", ["Y5", "G9", "G2", "R8"], names=["Ann", "Bo", "Cy"])
    assert g.program.cards[3].short == "R3"
    g.apply(0, "play R3+")
    with pytest.raises((MoveError, rulelang.RulesError), match="cannot tell whether"):
        g.apply(0, "write " + rule)
    assert g.house_rules == {}
    assert g.state.revealed == {}


def test_an_options_argument_named_as_the_parameter_is_not_the_parameter():
    """`go x in [ident(3)]` in `define tell(x)`: the option's `x` holds the number 3, not what the call gave."""
    text = HEAD + "define ident(z) = z\ndefine tell_choose(x) {\n  choose current {\n    go x in [ident(3)] \"go\" " \
        "{ reveal x to current }\n  }\n}\n" + \
        'turn {\n  choose current {\n    go "go" {\n      tell_choose(top(h(current)))\n    }\n  }\n  win current\n}\n'
    with pytest.raises(rulelang.RulesError, match="cannot tell whether `x`"):
        rulelang.load_text(text)
