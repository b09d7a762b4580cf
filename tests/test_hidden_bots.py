"""A bot decides from its seat's view alone (design invariant 3): two games whose only difference is a card its seat
cannot see, and a value a rule worked out from that card (`set secret = top(h(next)).r`: the seat's view has None
for it, docs/language.md §11), get the same moves from the greedy and the search bots of the same seeds.  Before,
their samples dealt the hidden cards anew but kept the true value, so each bot "guessed" right every time."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot
from interpreter.bots.search import SearchBot

GUESS = '''game "Guess"
players 2..2
attribute r 1..6
name cards by r
deck d { for n in 1..6 { card {r: n} } }
zone d hidden
zone h private per player
var secret = 0
var told per player = 0
var held = none
var kept = []
var pick per player = none
setup {
  shuffle d
  deal 1 from d to h
  WORKED_OUT
}
turn {
  choose current "guess" {
    high "the other holds more than 3" { if SECRET > 3 { win current } else { win next } }
    low "the other holds 3 or less" { if SECRET <= 3 { win current } else { win next } }
  }
}
'''
# the value: a variable of the table, a player's variable, a local of the frame the decision waits in
KINDS = {
    "variable": ("set secret = top(h(next)).r", "secret"),
    "player's variable": ("set told(current) = top(h(next)).r", "told(current)"),
    # a card of the other's hand held by a variable: in a sample another card lies there, and the name follows it
    "card variable": ("set held = top(h(next))", "held.r"),
    "list of cards": ("set kept = [top(h(next))]", "first(kept).r"),
    "player's card variable": ("set pick(current) = top(h(next))", "pick(current).r"),
}


def picks(program, other: str, bot: str) -> list[str]:
    out = []
    for seed in range(6):
        g = Game(program, 2, seed=seed, stack=["2", other])
        d = g.pending
        assert d.player == 0
        if bot == "greedy":
            out.append(GreedyBot(seed).choose(program, g.view(0), d, g).text)
        else:
            out.append(SearchBot(seed, budget=60).choose(program, g.view(0), d, g.state).text)
    return out


@pytest.mark.parametrize("bot", ["greedy", "search"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_bot_does_not_know_a_value_worked_out_from_a_card_it_cannot_see(kind, bot):
    worked_out, name = KINDS[kind]
    program = rulelang.load_text(GUESS.replace("WORKED_OUT", worked_out).replace("SECRET", name))
    low, high = Game(program, 2, seed=0, stack=["2", "1"]), Game(program, 2, seed=0, stack=["2", "6"])
    assert low.view(0) == high.view(0)  # the seat cannot tell the two games apart
    assert picks(program, "1", bot) == picks(program, "6", bot)


def test_a_local_worked_out_from_a_card_it_cannot_see_is_not_known_either():
    text = GUESS.replace("WORKED_OUT", "").replace("SECRET", "n").replace(
        'choose current "guess" {', 'let n = top(h(next)).r\n  choose current "guess" {')
    program = rulelang.load_text(text)
    for bot in ("greedy", "search"):
        assert picks(program, "1", bot) == picks(program, "6", bot)


def test_a_card_given_to_a_procedures_untyped_parameter_is_dealt_anew_in_a_sample():
    """`define judge(x)`, `judge(top(h(next)))`: the options read `x.r`; the sample kept the true card in `x`."""
    text = GUESS.replace("WORKED_OUT", "").replace(
        '  choose current "guess" {', '  judge(top(h(next)))\n}\ndefine judge(x) {\n  choose current "guess" {'
    ).replace("SECRET", "x.r")
    program = rulelang.load_text(text)
    for bot in ("greedy", "search"):
        assert picks(program, "1", bot) == picks(program, "6", bot)
