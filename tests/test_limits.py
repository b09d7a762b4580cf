"""The limits of the language and of a game's run (docs/language.md, "Limits"): whatever a file or a rule typed in
play says within them runs, and what goes beyond them is refused in the language's words, never with Python's."""
from __future__ import annotations

import subprocess
import sys

import pytest

import rulelang
from interpreter import Game
from interpreter.bots.odds import hyper_at_least as _hyper_at_least
from interpreter.machine import plain_words
from rulelang.simulate.one import play_one

from helpers import ROOT, deal_stack, play, program

ENDLESS = ROOT / "tests" / "rules" / "endless_turn.rules"


def nested(kind: str, depth: int) -> str:
    """A rule whose body nests `depth` blocks of one kind, saying a word at the bottom."""
    opener = {"if": "if true {", "for": "for x in [1] {", "while": "while false {"}[kind]
    return ("rule deep: when played(card) {\n" + "\n".join([opener] * depth) + '\nsay "deep"\n'
            + "}\n" * depth + "}")


@pytest.mark.parametrize("kind", ["if", "for"])
def test_a_house_rule_nested_a_hundred_deep_runs(kind):
    """99 nested `if`s (Python: too many levels of indentation) or `for`s (too many statically nested blocks)
    typed in play compile into code Python accepts, and the rule acts."""
    ann, bo = ["R3", "B4", "Y6", "Y7", "G1"], ["B1", "B2", "G4", "G3", "Y1"]
    g = Game(program("express"), ["Ann", "Bo"], seed=5, stack=deal_stack([ann, bo], "R5", ["B7", "G9"]))
    g.house(1, nested(kind, 99))
    before = len(g.events)
    play(g, 0, "play R3")
    assert [e.text for e in g.events[before:] if e.type == "say"] == ["deep"]


def test_a_rule_nested_past_the_limit_is_refused_where_it_goes_too_deep():
    g = Game(program("express"), ["Ann", "Bo"], seed=5)
    with pytest.raises(rulelang.RulesError) as caught:
        g.house(1, nested("if", 100))
    assert caught.value.message == "blocks nest more than 100 deep here"
    assert caught.value.loc.line == 101
    assert g.house_rules == {}


def test_a_turn_that_never_ends_is_stopped_in_simulate_and_its_circle_named():
    r = play_one(rulelang.load(ENDLESS), seed=1, players=2, bots=["greedy"], options={})
    assert r["stalled"] == ("P1's turn never ends: more than 10000 decisions were made in it, going round: "
                            "P1: knock/tap")
    assert r["moves"] == 10_000


def test_a_bots_only_run_of_a_turn_that_never_ends_stops_with_the_circle_named():
    run = subprocess.run([sys.executable, "-m", "rulelang.cli", "run", str(ENDLESS), "--humans", "0", "--seed", "1",
                          "--names", "Ada,Bo"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert run.stderr == ("Ada's turn never ends: more than 10000 decisions were made in it, going round: "
                          "Ada: knock/tap\n")


def test_the_greedy_bots_odds_hold_for_decks_too_large_for_a_float():
    """The count of ways to draw from a 5,000-card pile is past a float's range (OverflowError before)."""
    assert _hyper_at_least(5000, 2500, 1000, 3) == 1.0
    assert _hyper_at_least(5000, 1, 1000, 1) == pytest.approx(0.2)


@pytest.mark.parametrize("error, words", [
    (TypeError("unhashable type: 'list'"), "a list is used where one value is needed"),
    (TypeError("'<' not supported between instances of 'list' and 'int'"),
     "values of different kinds are compared (a list and a number, say)"),
    (TypeError("unsupported operand type(s) for +: 'int' and 'list'"),
     "arithmetic on a value that is not a number (a list, say)"),
    (ValueError("Exceeds the limit (4300 digits) for integer string conversion"), "a number too large to write out"),
    (KeyError("x"), "there is no such item (a list or a zone is shorter than that)"),
])
def test_a_rule_failure_is_told_in_the_languages_words(error, words):
    assert plain_words(error) == words
