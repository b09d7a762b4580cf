"""Keys typed while the bots' moves are told (a pause after each): never echoed among them, never sent as a move
the person has not seen; Ctrl-D asks at once whether to leave, and the key after it answers; Ctrl-C hurries the
bots, and never ends the game.  A pause of 30 s that only these keys cut short: the keys land in it, surely."""
from __future__ import annotations

import time

import pytest

pytest.importorskip("pexpect")

from helpers import PtyTerminal  # noqa: E402
from test_terminal import STACK, write_stack  # noqa: E402

CTRL_C, CTRL_D, ENTER = "\x03", "\x04", "\r"


@pytest.fixture
def slow_bots(tmp_path):
    t = PtyTerminal(["run", "games/express.rules", "--delay", "30", "--players", "2", "--seed", "7", "--bots", "greedy",
                     "--stack", str(write_stack(tmp_path, STACK)), "--save", str(tmp_path / "g.yaml")])
    t.child.delaybeforesend = None
    yield t
    t.close()


def test_keys_typed_while_the_bots_play_wait_in_the_line_and_ctrl_d_asks_at_once(slow_bots):
    t = slow_bots
    t.expect("You>")
    t.type("play R3" + ENTER + "he")  # typed with the Enter (the prompt reads it too), and then as the bot plays
    t.expect("Ada plays ♥Red 8")  # and the pause after it begins
    t.type(ENTER + CTRL_D)  # an Enter typed ahead; then Ctrl-D: asked now, not at the prompt
    t.expect("Leave the game? [y/N]")
    t.line("n")
    t.expect("(typed while the others played; not sent: Enter sends it)")
    t.expect("You> he")  # in the line, not sent, not echoed before
    t.line("lp")
    t.expect("Moves now:")  # `help`
    t.expect("You>")
    t.line("play R5")
    t.expect("Ada draws")
    t.type(CTRL_C)  # no pause until the prompt, and the game goes on
    t.expect("(Ctrl-C: the moves go on without a pause; Ctrl-D leaves the game)")
    t.expect("Moves: draw")
    t.expect("You>")
    t.line("draw")
    t.expect("Ada ")
    t.type(CTRL_D + "y" + ENTER)  # the lead's keys: the `y` answers the question, it is no move
    t.expect("Leave the game? [y/N]")
    t.expect("You leave the game; it is left unfinished.")
    assert t.exit_status() == 0
    assert "Traceback" not in t.raw and "Interrupted" not in t.raw


# You hold one yellow card, the Yellow 8, on a Yellow 1: `y` alone would name it.
ONE_YELLOW = ["Y8", "R8", "R5", "B1", "B7", "G4", "G2", "Y6", "R9", "B8", "Y1", "G9", "Y2"]


def test_a_reply_where_no_question_is_asked_is_no_move_and_a_card_not_named_is_written_out(capsys):
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import AGAIN, MOVE, Host, Screen

    g = Game(load("games/express.rules"), ["You", "Ada"], seed=7, stack=ONE_YELLOW)
    host, d = Host(g, humans=[0], bots={}, screen=Screen(tty=False), delay=0), g.pending
    assert host.unasked("y", d) == ("no question is asked now, so `y` is not taken for a move (as a move it would "
                                    "be `play Y8`: type that to make it); `help` lists the moves")
    assert host.unasked("q", d) == "`q` is not taken for a move; `quit` leaves the game"
    assert host.take_line(0, d, "Y") is AGAIN  # in a pipe too: told, not played
    assert "✗ no question is asked now, so `Y` is not taken" in capsys.readouterr().out
    assert host.take_line(0, d, "y8") == (MOVE, "y8")
    wild = Game(load("games/express.rules"), ["You", "Ada"], seed=7, stack=["W"] + ONE_YELLOW[1:])
    wild.seat(0).act("play W")  # the game's own question, the colour: `y` answers it (yellow)
    assert Host(wild, [0], {}, Screen(tty=False), 0).take_line(0, wild.pending, "y") == (MOVE, "y")
    # A card move typed without naming the card is written out for an Enter more; named, it is taken as typed.
    assert host.spelled_out("8", d) == ("play Y8", "Yellow 8")
    assert host.spelled_out("play", d) == ("play Y8", "Yellow 8")
    assert host.spelled_out("yellow uno", d) == ("play Y8 uno", "Yellow 8")
    assert [host.spelled_out(t, d) for t in ("play Y8", "★y8", "Yellow 8", "play yellow 8 uno", "draw", "help")] \
        == [None] * 6


def test_ctrl_z_at_the_prompt_and_while_the_bots_play_gives_the_shell_its_terminal_back(tmp_path):
    """Stopped (Ctrl-Z) at the prompt or while the keys are watched, the terminal is the shell's again: echoed (a
    shell that does not set its own modes, `sh`, was left typing blind; at the prompt Ctrl-Z was put in the line
    as `^Z`); `fg` puts the game's modes back and the game goes on."""
    import shutil

    import pexpect

    from helpers import ROOT, rulelang_command

    if shutil.which("dash") is None:
        pytest.skip("no dash: a shell that leaves the terminal's modes as it finds them")
    command = " ".join(rulelang_command() + ["run", "games/express.rules", "--delay", "30", "--players", "2", "--seed",
                                             "7", "--bots", "greedy", "--stack", str(write_stack(tmp_path, STACK)),
                                             "--save", str(tmp_path / "g.yaml")])
    sh = pexpect.spawn("dash", ["-i"], cwd=str(ROOT), env={"PS1": "$ ", "PATH": "/usr/bin:/bin", "TERM": "xterm",
                                                            "PROMPT_TOOLKIT_NO_CPR": "1"}, encoding="utf-8", timeout=10)

    def echoes(on: bool) -> bool:  # the modes are set just after the screen is: wait for them
        deadline = time.monotonic() + 5
        while sh.getecho() != on and time.monotonic() < deadline:
            time.sleep(0.02)
        return sh.getecho() == on

    try:
        sh.expect_exact("$ ")
        sh.sendline(command)
        sh.expect_exact("You>")
        assert echoes(False)  # the prompt's modes
        sh.send("play R")
        sh.sendcontrol("z")
        sh.expect_exact("$ ")
        assert echoes(True)  # the shell's
        sh.sendline("fg")
        sh.expect_exact("You>")  # drawn again, the line as it was
        assert echoes(False)
        sh.send("3\r")
        sh.expect_exact("You play")  # `play R` + `3`
        sh.expect_exact("Ada plays")  # the pause after the bot's move: the keys are watched
        sh.sendcontrol("z")
        sh.expect_exact("$ ")
        assert echoes(True)
        sh.sendline("fg")
        assert echoes(False)
        sh.sendcontrol("d")  # asked at once
        sh.expect_exact("Leave the game? [y/N]")
        sh.send("y\r")
        sh.expect_exact("You leave the game")
        sh.expect_exact("$ ")
        assert echoes(True)
        assert "^Z" not in sh.before
    finally:
        sh.close(force=True)


def test_ctrl_c_drops_the_keys_typed_before_it_and_keeps_those_after_it_while_a_bot_thinks(monkeypatch):
    """A bot thinks (no poll reads the keys): `dr`, Ctrl-C, `draw` is typed, then Ctrl-C and an Up arrow in one
    write.  The Ctrl-C was a signal, which overtakes the keys still unread: it dropped only what had been read,
    and `dr` came back after it (`drdraw`); dropping every key unread then lost the Up typed after it.  It is a
    key read in its place: what came before it is dropped, what came after it kept (the Up for the prompt)."""
    import os
    import signal

    from prompt_toolkit.keys import Keys

    from rulelang.terminal import typeahead
    from rulelang.terminal.typeahead import TypeAhead

    keyboard, terminal = os.openpty()
    handler = signal.getsignal(signal.SIGINT)
    try:
        with TypeAhead(terminal, 4000) as keys:
            keys.watch()
            with keys.thinking():
                os.write(keyboard, b"dr")
                thinks_until(lambda: keys.text == "dr")  # (read by a tick: a select on the terminal could wait for
                os.write(keyboard, b"\x03draw")         # keys a tick had already taken)
                thinks_until(lambda: keys.text == "draw")
                os.write(keyboard, b"\x03\x1b[Ax")
                thinks_until(lambda: len(keys.after) == 2)
            keys.poll(0.1)
            assert keys.hurry and [k.key for k in keys.after] == [Keys.Up, "x"]
            assert keys.take() == ("", False)
            keys.watch()
            with keys.thinking():
                os.write(keyboard, b"x\x04y")  # a Ctrl-D still asks to leave; `y` is left unread, to answer it
                thinks_until(lambda: keys.leave)
            assert os.read(terminal, 10) == b"y"
            keys.take()
            keys.leave = False
            monkeypatch.setattr(typeahead, "STUCK", 0.0)  # a computation that never ends: two Ctrl-Cs stop it
            keys.watch()
            with pytest.raises(KeyboardInterrupt), keys.thinking():
                os.write(keyboard, b"\x03")
                thinks_until(lambda: keys.hurry)
                os.write(keyboard, b"\x03")
                thinks_until(lambda: False)
    finally:
        signal.signal(signal.SIGINT, handler)
        os.close(keyboard)
        os.close(terminal)


def thinks_until(done) -> None:
    """A bot thinking (the processor busy, no key read but by `TypeAhead.thinking`'s ticks) until `done()`."""
    deadline = time.monotonic() + 10
    while not done():
        sum(range(1000))
        assert time.monotonic() < deadline, "the keys were never read"


def test_an_up_arrow_typed_with_a_ctrl_c_brings_the_last_line_back(slow_bots):
    """Ctrl-C and Up in one write, as a quick hand sends them: while the bots play (the Up was dropped with the
    keys unread, and an arrow typed ahead was dropped anyway), and at the prompt (prompt_toolkit took the Up
    before it had loaded the history: nothing came back)."""
    t = slow_bots
    t.expect("You>")
    t.line("play R3")
    t.expect("Ada plays ♥Red 8")  # and the pause after it
    t.type(CTRL_C + "\x1b[A")
    t.expect("(Ctrl-C: the moves go on without a pause; Ctrl-D leaves the game)")
    t.expect("You>")
    t.expect("play R3")  # the last line, again in the line
    t.type("x" + CTRL_C + "\x1b[A")  # at the prompt: the line cleared, and the last line back
    t.expect("play R3x")  # (the line as it was left)
    t.expect("You>")
    t.expect("play R3")
    t.type("\x7f5" + ENTER)  # mended in place
    t.expect("You play ♥Red 5")
    t.type(CTRL_D + "y" + ENTER)
    t.expect("You leave the game")
    assert t.exit_status() == 0
    assert "Traceback" not in t.raw

