"""The rule editor at a terminal: a house rule typed at `rulelang run`, checked by the language's own checker
as it is typed (prompt_toolkit shows a validation error in the toolbar area, below the line, and refuses
Enter), fixed in place, then listed by `rules`.  A pseudo-terminal driven by pexpect, as in
tests/test_terminal.py: a 24x100 xterm, no cursor-position requests, 10 s timeouts."""
from __future__ import annotations

import time

import pytest

pexpect = pytest.importorskip("pexpect")

from helpers import PtyTerminal, plain  # noqa: E402

GAME = "games/express.rules"
SEED = "3"

# UNO Express, every 7 makes the next player draw a card; `numbr` is misspelt.  Column 27 is its `n`.
GOOD = "when played(card) if card.number == 7 { move 1 from draw to hand(next) }"
BAD = GOOD.replace("card.number", "card.numbr")
MESSAGE = "1:27: unknown attribute `numbr` (did you mean `number`?)"
FIX_AT = BAD.index("numbr") + len("numb")  # where the missing `e` goes

HOME, RIGHT, ENTER = "\x01", "\x1b[C", "\r"


class Terminal(PtyTerminal):
    """A person at a 24x100 terminal (the settings of tests/test_terminal.py)."""

    def __init__(self, args: list[str]):
        super().__init__(["run", GAME, "--delay", "0"] + args)
        self.child.delaybeforesend = None  # keys wait for what they are typed at (no fixed 0.05 s a send)

    def settle(self, wait: float = 0.5) -> str:
        """Read what arrives in `wait` seconds; return it as plain text (not consumed)."""
        end = time.monotonic() + wait
        start = len(plain(self.raw))
        while time.monotonic() < end and self.read_more(0.05):
            pass
        return plain(self.raw)[start:]


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


def test_a_rule_left_with_ctrl_c_is_kept_and_up_brings_it_back(terminal):
    """A rule typed in the editor, then Ctrl-C by mistake: before, it went without a word (each editor was a new
    one, with no history).  Now the editor says it is not proposed and kept; at the next editor, Up
    brings it back and Enter proposes it."""
    t = terminal
    t.expect("You>")
    t.line("house")
    t.expect("house rule>")
    t.type(GOOD)
    t.expect(GOOD)
    t.type("\x03")
    t.expect("The rule is not proposed; it is kept: Up in the rule editor brings it back.")
    t.expect("You>")
    t.line("house")
    t.expect("house rule>")
    t.type("\x1b[A")
    t.expect(GOOD)
    t.type(ENTER)
    t.expect("house rule> " + GOOD)
    see_the_rule_in_rules(t)


def test_a_paste_longer_than_a_rule_may_be_is_refused_saying_the_limit():
    """The rule editor had no bound: a pasted megabyte went in, to be checked and drawn at every key.  A paste
    past MAX_LINE characters is not put in, and the editor says the limit; what was typed stays, and a rule
    pasted whole within it is taken.  (A terminal emulator reads the screen: the message is drawn over the
    checker's, only the characters that differ.)"""
    t = PtyTerminal(["run", GAME, "--delay", "0", "--players", "2", "--seed", SEED], emulate=True)
    t.child.delaybeforesend = None  # each key waits for the screen it is typed at (no fixed 0.05 s a send)
    try:
        t.wait_for_screen(lambda rows: any(r.startswith("You>") for r in rows))
        t.line("house")
        t.wait_for_screen(lambda rows: any(r.startswith("house rule>") for r in rows))
        t.type("when ")
        t.wait_for_screen(lambda rows: any(r.startswith("house rule> when") for r in rows))
        t.type("\x1b[200~" + "x" * 50_000 + "\x1b[201~")
        limit = "A rule may have at most 4000 characters; a paste of 50000 characters is not put in."
        rows = t.wait_for_screen(lambda rows: limit in "\n".join(rows))
        assert "house rule> when" in "\n".join(rows) and "xxx" not in "\n".join(rows)
        t.type("\x15\x1b[200~" + GOOD + "\x1b[201~")  # Ctrl-U clears `when `: the rule pasted whole goes in
        t.wait_for_screen(lambda rows: any(r.startswith("house rule> " + GOOD[:60]) for r in rows))
        t.type(ENTER)
        t.wait_for_screen(lambda rows: any(r.startswith("You>") for r in rows))
        t.line("rules")
        t.wait_for_screen(lambda rows: "table_rule_1 (table rule, by You, agreed by the table):" in "\n".join(rows))
        assert "Traceback" not in t.raw
    finally:
        t.close()


def test_a_rule_longer_than_a_line_may_be_is_refused_in_a_pipe():
    import subprocess

    from helpers import ROOT, rulelang_command

    proc = subprocess.run(rulelang_command() + ["run", GAME, "--players", "2", "--seed", SEED, "--delay", "0"],
                          input="house\nwhen " + "x" * 5000 + "\nrules\nquit\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert "A rule may have at most 4000 characters; that one (5006) is not read." in proc.stdout
    assert "No house rules yet." in proc.stdout and "Traceback" not in proc.stderr


def test_a_define_written_in_play_gets_one_message_with_its_place():
    """`house define ...` said two things: a well-formed `define` was refused with `write a rule: when ...`, a
    misformed one was taught the form of a `define` (`expected (`), and any other word was told `expected define,
    rule or when`.  A rule written in play is a `when` rule: one message, at the `define`, whatever follows it."""
    t = PtyTerminal(["run", GAME, "--delay", "0", "--players", "2", "--seed", SEED], emulate=True)
    t.child.delaybeforesend = None  # each key waits for the screen it is typed at (no fixed 0.05 s a send)
    said = "1:1: unexpected `define`: expected `rule` or `when` (a rule written in play is `when EVENT(...) if"
    try:
        for typed in ("house define foo() { skip }", "house define x = 3"):
            t.wait_for_screen(lambda rows: any(r.startswith("You>") for r in rows))
            t.type(typed)
            t.wait_for_screen(lambda rows: any(r.startswith("You> " + typed) for r in rows))
            t.type(ENTER)
            rows = t.wait_for_screen(lambda rows: said in flat(rows))
            assert "`define` is for a game's file)" in flat(rows)
            assert "expected `(`" not in "\n".join(rows)
            t.type("\x03")
        t.wait_for_screen(lambda rows: any(r == "You>" for r in rows))
        t.line("house")  # the rule editor says the same
        t.wait_for_screen(lambda rows: any(r.startswith("house rule>") for r in rows))
        t.type("define x = 3")
        t.wait_for_screen(lambda rows: said in flat(rows))
        assert "Traceback" not in t.raw
    finally:
        t.close()


def flat(rows) -> str:
    """The screen's words, one space between each: a message broken across rows read whole."""
    return " ".join(" ".join(rows).split())
