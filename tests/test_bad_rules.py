"""Broken games beside the exact messages `rulelang check` prints for them, and every bundled game checking clean.

Each `tests/bad_rules/NAME.rules` that has a `NAME.err` is a case: the check is run from that folder
with the bare file name, so the paths in the messages do not depend on where the repository lies.
To write the `.err` files anew after a deliberate change of wording, run
`RULELANG_UPDATE_GOLDEN=1 pytest tests/test_bad_rules.py` and read the diff before keeping it.
"""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rulelang
from rulelang import cli
from rulelang.checker import Checker, collect
from rulelang.compiler import Compiler
from rulelang.errors import RulesError, RulesSyntaxError
from rulelang.loader import load as load_source
from rulelang.parser import parse_rule

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "bad_rules"
GAMES = sorted((ROOT / "games").glob("*.rules"))
UPDATE = os.environ.get("RULELANG_UPDATE_GOLDEN") == "1"
CASES = sorted(p for p in BAD.glob("*.rules") if UPDATE or p.with_suffix(".err").exists())


def test_every_broken_file_has_its_golden_message():
    orphans = [p.name for p in BAD.glob("*.rules") if not p.with_suffix(".err").exists()]
    assert orphans == [], "a case without a .err is never tested; partner files belong in a subfolder"
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_check_prints_the_golden_message(case, capsys, monkeypatch):
    monkeypatch.chdir(BAD)
    status = cli.main(["check", case.name])
    out, err = capsys.readouterr()
    golden = case.with_suffix(".err")
    if UPDATE:
        golden.write_text(err, encoding="utf-8")
    assert out == ""
    assert status == 1
    assert err == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_load_raises_the_same_error(case, monkeypatch):
    """The library call and the command agree: `load` raises a RulesError that renders as the golden text."""
    monkeypatch.chdir(BAD)
    with pytest.raises(RulesError) as caught:
        rulelang.load(case.name)
    assert caught.value.render() + "\n" == case.with_suffix(".err").read_text(encoding="utf-8")


def test_check_passes_every_bundled_game():
    names = [str(p.relative_to(ROOT)) for p in GAMES]
    run = subprocess.run([sys.executable, "-m", "rulelang.cli", "check", *names], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.stderr == ""
    assert run.stdout.splitlines() == [f"{name}: ok" for name in names]
    assert run.returncode == 0


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_each_game_parses_checks_and_compiles(game):
    src = load_source(game)
    assert src.decls, "parsed to nothing"
    symbols, errors = collect(src.decls)
    checker = Checker(symbols)
    checker.check_game(src.decls, src.decls[0].loc)
    assert [e.render() for e in errors + checker.errors] == []
    program = Compiler(symbols, src.texts).program()
    assert program.cards and program.zones
    assert rulelang.load(game).name == program.name


def _refused_at_the_prompt(rule: str) -> str:
    """The message a rule typed at the prompt is refused with."""
    with pytest.raises(RulesSyntaxError) as caught:
        parse_rule(rule)
    return caught.value.render()


def test_a_rule_typed_at_the_prompt_gets_the_same_messages():
    assert _refused_at_the_prompt("rule lucky: when played(card) { shufle draw }") == (
        "<prompt>:1:33: unknown statement `shufle`\n"
        "    rule lucky: when played(card) { shufle draw }\n"
        "                                    ^~~~~~\n"
        "    hint: did you mean `shuffle`?")


def test_a_place_in_a_zone_after_move_to_is_explained_there_not_as_a_statement_of():
    """`move c to bottom of pile` reads `move c to bottom`, then a statement `of`: the error says what `to` takes."""
    assert _refused_at_the_prompt("rule under: when played(card) { move card to bottom of pile }") == (
        "<prompt>:1:46: `move ... to` takes a zone: `bottom of ...` is not a place there\n"
        "    rule under: when played(card) { move card to bottom of pile }\n"
        "                                                 ^~~~~~\n"
        "    hint: no statement puts cards at the bottom of a zone: to slip them under a pile, move the pile to a "
        "spare zone, move the cards, and move the pile back (`move ZONE to ZONE` keeps the cards' order)")


_TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|[A-Za-z_][A-Za-z0-9_]*|\d+|\.\.|==|!=|<=|>=|\S')
_JUNK = ["move", "to", "from", "{", "}", "(", ")", "=", "==", "if", "in", "rule", ":", ",", "..", "@", "!", "'",
         ";", "set", "x", "7", '"s"', "and", "not", "[", "]", "all", "maxi", "zones", "is", "as", "face"]


def test_no_mangled_game_gets_past_the_checker_with_anything_but_a_rules_error():
    """A file with a token dropped, changed, added or cut short is refused with a RulesError (never a Lark
    exception or a traceback), and its message names a place in the file."""
    text = (ROOT / "games" / "uno.rules").read_text(encoding="utf-8")
    spans = [m.span() for m in _TOKEN.finditer(text)]
    rng = random.Random(20240601)
    for _ in range(60):
        a, b = rng.choice(spans)
        junk = rng.choice(_JUNK)
        mangled = rng.choice([text[:a] + text[b:], text[:a] + junk + " " + text[a:], text[:a], text[:a] + junk + text[b:]])
        try:
            rulelang.load_text(mangled, "mangled.rules")
        except RulesError as e:
            first = e.render().splitlines()[0]
            assert first.startswith("mangled.rules:"), first
            assert "Token(" not in e.render() and "__ANON" not in e.render(), e.render()


def test_every_statement_and_declaration_of_the_grammar_has_its_form_for_messages():
    """`syntax_errors._FORMS` (the `the form is ...` hints) is checked against the grammar, so it cannot drift."""
    import re

    from rulelang.syntax_errors import _FORMS

    grammar = (Path(__file__).resolve().parent.parent / "grammar" / "rulelang.lark").read_text()
    words = set()
    for _, body in re.findall(r"^(\w+_(?:decl|stmt)):\s*(.*?)(?=^\S|\Z)", grammar, re.M | re.S):
        for alternative in re.split(r"\n\s*\|", body):
            first = re.match(r'\s*"(\w+)"', alternative)
            if first:
                words.add(first.group(1))
    assert sorted(words - set(_FORMS)) == [], "keywords of the grammar with no form in syntax_errors._FORMS"
    assert sorted(set(_FORMS) - words) == [], "forms in syntax_errors._FORMS for keywords the grammar lacks"
