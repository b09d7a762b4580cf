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


def test_a_file_of_more_words_than_the_limit_is_refused_at_the_first_word_past_it_at_once():
    """Reading a file costs time by its words and signs (a list of 490,000 numbers in a 1 MB file took 55 s and
    550 MB before it was refused, hx4): a file is read only up to 50,000 of them (the largest bundled game has about
    4,000), and one with more is refused at once, at the first one past the limit."""
    import time

    from interpreter.errors import RulesSyntaxError
    from rulelang.parser import parse
    from rulelang.paths import MAX_WORDS

    head = 'game "Long"\nplayers 2..3\nvar v = ['
    text = head + ",".join(["1"] * 300_000) + "]\n"
    start = time.process_time()
    with pytest.raises(RulesSyntaxError) as err:
        parse(text, "long.rules")
    assert time.process_time() - start < 2  # (it was parsed whole first: over 30 s)
    e = err.value
    assert f"more than {MAX_WORDS:,} words and signs" in str(e)
    # the word past the limit: a `1` or a `,` of the list, on line 3, where its column says
    assert e.loc.line == 3 and text.splitlines()[2][e.loc.column - 1] in "1,"
    parse(head + ",".join(["1"] * 10_000) + "]\n", "short.rules")  # within it: read


@pytest.mark.parametrize("column", [1, 60, 5_000, 9_990])
def test_a_message_shows_a_long_line_around_its_place_with_the_caret_under_it(column):
    """A message about a place on a long line (a 1 MB line of a hostile file printed whole to the terminal, 36 KB for a
    plain mistake at the end of a long list) shows at most 120 of its characters around the place, each cut end
    marked `…`, the caret under the character named."""
    from interpreter.errors import Loc, RulesError

    line = "".join(chr(ord("a") + i % 26) for i in range(10_000))
    shown, caret = RulesError("m", Loc("f", 1, column), source=line).render().splitlines()[1:3]
    assert len(shown) <= 4 + 122 and len(caret) <= len(shown)
    assert shown[len(caret) - 1] == line[column - 1]  # the character above the caret is the one named
    assert shown.startswith("    \u2026") == (column > 61) and shown.endswith("\u2026") == (column <= 10_000 - 60)
