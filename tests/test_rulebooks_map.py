"""docs/rulebooks.md maps each rulebook paragraph to the lines of games/*.rules that play it and the scenario
tests that hold it: every line it names must still hold what it says, and every test it names must exist."""
from __future__ import annotations

import re

from helpers import ROOT

DOC = (ROOT / "docs" / "rulebooks.md").read_text()
TEST_FILES = {"uno": "test_uno_scenarios.py", "express": "test_express_scenarios.py", "house": "test_house_rules.py",
              "liars": "test_liars_scenarios.py", "droid": "test_droid.py", "whos": "test_whos_lying_scenarios.py"}
LINES = re.findall(r"`(\w+)\.rules:(\d+) ([^`]+)`", DOC)
TESTS = re.findall(r"`(\w+)::(test_\w+)`", DOC)


def test_every_line_the_map_names_holds_what_it_says():
    assert len(LINES) >= 60
    wrong = []
    for game, number, what in LINES:
        lines = (ROOT / "games" / f"{game}.rules").read_text().splitlines()
        held = lines[int(number) - 1] if int(number) <= len(lines) else ""
        if what not in held:
            wrong.append(f"{game}.rules:{number} does not hold `{what}`: {held.strip()!r}")
    assert wrong == []


def test_every_test_the_map_names_exists():
    assert len(TESTS) >= 150
    sources = {k: (ROOT / "tests" / f).read_text() for k, f in TEST_FILES.items()}
    missing = [f"{k}::{name}" for k, name in TESTS if f"def {name}(" not in sources[k]]
    assert missing == []
