"""The rule editor at a terminal: a house rule typed at `rulelang run`, checked by the language's own checker
as it is typed (prompt_toolkit shows a validation error in the toolbar area, below the line, and refuses
Enter), fixed in place, then listed by `rules`.  A pseudo-terminal driven by pexpect, as in
tests/test_terminal.py: a 24x100 xterm, no cursor-position requests, 10 s timeouts."""
from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[1]
GAME = "games/express.rules"
SEED = "3"

# UNO Express, every 7 makes the next player draw a card; `numbr` is misspelt.  Column 27 is its `n`.
GOOD = "when played(card) if card.number == 7 { move 1 from draw to hand(next) }"
BAD = GOOD.replace("card.number", "card.numbr")
MESSAGE = "1:27: unknown attribute `numbr` (did you mean `number`?)"
FIX_AT = BAD.index("numbr") + len("numb")  # where the missing `e` goes

CSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78cM]")
HOME, RIGHT, ENTER = "\x01", "\x1b[C", "\r"


def rulelang_command() -> list[str]:
    script = Path(sys.executable).parent / "rulelang"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulelang.cli"]


def plain(raw: str) -> str:
    return CSI.sub("", raw).replace("\r", "")


class Terminal:
    """A person at a 24x100 terminal (the settings of tests/test_terminal.py)."""

    def __init__(self, args: list[str]):
        environ = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        environ.update(TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="100", LINES="24")
        cmd = rulelang_command() + ["run", GAME, "--delay", "0"] + args
        self.child = pexpect.spawn(cmd[0], cmd[1:], cwd=str(ROOT), env=environ, dimensions=(24, 100),
                                   encoding="utf-8", timeout=10)
        self.raw = ""
        self.seen = 0

    def read_more(self, wait: float) -> bool:
        try:
            self.raw += self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            return False
        return True

    def expect(self, text: str, timeout: float = 10) -> str:
        """Wait until `text` is on screen after what was already read; return the plain text before it."""
        deadline = time.monotonic() + timeout
        while True:
            screen = plain(self.raw)
            i = screen.find(text, self.seen)
            if i >= 0:
                before = screen[self.seen:i]
                self.seen = i + len(text)
                return before
            alive = self.read_more(0.1)
            if not alive or time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear; the screen since the last match:\n"
                                     f"{screen[self.seen:][-3000:]}")

    def settle(self, wait: float = 0.5) -> str:
        """Read what arrives in `wait` seconds; return it as plain text (not consumed)."""
        end = time.monotonic() + wait
        start = len(plain(self.raw))
        while time.monotonic() < end and self.read_more(0.05):
            pass
        return plain(self.raw)[start:]

    def type(self, keys: str) -> None:
        self.child.send(keys)

    def line(self, text: str) -> None:
        self.child.send(text + ENTER)

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


@pytest.fixture
def terminal():
    t = Terminal(["--players", "2", "--seed", SEED])
    yield t
    t.close()


def see_the_rule_in_rules(t: Terminal) -> None:
    t.expect("You>")
    t.line("rules")
    t.expect("House rules in force:")
    t.expect("table_rule_1 (table rule, by You, agreed by the table):")
    t.expect(GOOD)
    t.expect("You>")
    t.line("quit")
    t.expect("You leave the game")


def test_the_rule_editor_refuses_a_misspelt_name_before_enter_and_takes_the_fixed_rule(terminal):
    """`house` alone opens the rule editor (`house rule> `): the checker's message with its line and column
    shows while the rule is typed, Enter does not take it, the fixed rule is taken and `rules` lists it."""
    t = terminal
    t.expect("You>")
    t.line("house")
    t.expect("house rule>")
    t.type(BAD)
    t.expect(BAD)
    below = t.expect(MESSAGE)  # before any Enter
    assert "✗" not in below
    t.type(ENTER)
    after = t.settle(1.0)
    assert "You>" not in after and "✗" not in after  # Enter was refused: still in the editor
    t.type(HOME + RIGHT * FIX_AT + "e")  # the line is still there: put the missing `e` in
    t.type(ENTER)
    t.expect("house rule> " + GOOD)  # taken: the finished line is drawn once more, whole
    see_the_rule_in_rules(t)


def test_house_with_a_misspelt_rule_is_refused_before_enter_at_the_move_prompt(terminal):
    """`house RULE` on one line (as `help` advertises): the checker's message and place show in the toolbar
    area and the line is kept to be fixed; the fixed rule is taken and `rules` lists it."""
    t = terminal
    t.expect("You>")
    t.type("house " + BAD)
    t.expect("house " + BAD)
    t.type(ENTER)
    below = t.expect(MESSAGE)
    assert "✗" not in below[-20:], "the line was taken and refused after Enter, not validated before it"
    t.type(HOME + RIGHT * (len("house ") + FIX_AT) + "e")
    t.type(ENTER)
    t.expect("You> house " + GOOD)
    see_the_rule_in_rules(t)
