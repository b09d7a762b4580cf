"""`a ** b`, a whole number to a power (a doubling game's 2 ** doublings), bounded as every number is: a power
past ±(10**18 - 1) is refused when the game is checked if both numbers are known then, else when it is worked out,
at its place, before any work is done for it (`2 ** 1000000` does not freeze the machine)."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import Game
from interpreter.errors import RuntimeRulesError
from rulelang.errors import RulesError

GAME = """game "Doubling"
players 2..2
attribute number 1..3
deck stock { for n in 1..3 { card {number: n} } }
zone stock hidden
const base = 3
var doublings = 10
var n = 0
var a = 0
var b = 0
var c = 0
var d = 0
var e = 0
var f = 0
setup {
  shuffle stock
  set a = 2 ** doublings
  set b = -2 ** 2
  set c = 2 ** 3 ** 2
  set d = base * 2 ** 2 + 1
  set e = (0 - base) ** 3
  set f = size(stock) ** 0 + 0 ** 0
  SET
}
turn {
  choose current "go" { go "go" { win current } }
}
"""


def test_powers_of_whole_numbers_bind_as_pythons_do():
    g = Game(rulelang.load_text(GAME.replace("SET", ""), "doubling.rules"), 2, seed=1)
    v = g.state.vars
    assert (v["a"], v["b"], v["c"], v["d"], v["e"], v["f"]) == (1024, -4, 512, 13, -27, 2)


@pytest.mark.parametrize("bad, message", [
    ("set n = 2 ** 1000000", "doubling.rules:23:11: `2 ** 1000000` is past the limit of numbers (±999,999,999,999,999,999)"),
    ("set n = base ** 40", "doubling.rules:23:11: `base ** 40` is past the limit of numbers (±999,999,999,999,999,999)"),
    ("set n = 2 ** (0 - 1)", "doubling.rules:23:11: a power's exponent is a whole number from 0 up, and this one is -1"),
])
def test_a_power_known_before_play_and_too_big_is_refused_when_checked(bad, message):
    with pytest.raises(RulesError) as refused:
        rulelang.load_text(GAME.replace("SET", bad), "doubling.rules")
    assert str(refused.value).splitlines()[0] == message


@pytest.mark.parametrize("exponent, message", [
    ("100 * doublings", "a number grew past the limit of numbers (±999,999,999,999,999,999)"),
    ("1000000 * doublings", "a number grew past the limit of numbers (±999,999,999,999,999,999)"),
    ("0 - doublings", "a power's exponent is a whole number from 0 up, and this one is -10"),
])
def test_a_power_worked_out_in_play_past_the_limit_fails_at_its_place(exponent, message):
    with pytest.raises(RuntimeRulesError) as failed:
        Game(rulelang.load_text(GAME.replace("SET", f"set n = 2 ** ({exponent})"), "doubling.rules"), 2, seed=1)
    assert failed.value.render().splitlines()[0] == f"doubling.rules:23:3: a rule failed in `setup`: {message}"


def test_one_and_zero_to_any_power_are_worked_out_at_once():
    text = GAME.replace("SET", "set n = 1 ** (1000000000 * doublings) + (0 - 1) ** (1000000001 * doublings + 1)")
    g = Game(rulelang.load_text(text, "doubling.rules"), 2, seed=1)
    assert g.state.vars["n"] == 0
