"""Keys typed while the bots' moves are told (a pause after each): never echoed among them, never sent as a move
the person has not seen; Ctrl-D asks at once whether to leave, and the key after it answers; Ctrl-C hurries the
bots, and never ends the game.  A pause of 30 s that only these keys cut short: the keys land in it, surely."""
from __future__ import annotations

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
    t.line("play R3")
    t.expect("Ada plays ♥Red 8")  # and the pause after it begins
    t.type("he" + ENTER + CTRL_D)  # typed ahead, Enter too; then Ctrl-D: asked now, not at the prompt
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
