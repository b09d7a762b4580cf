"""`rulelang run` as a person meets it: at a terminal (a pseudo-terminal driven by pexpect), in a pipe, and
with bots alone.  The deck is stacked so every hand is known."""
from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from helpers import PtyTerminal, rulelang_command  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME = "games/express.rules"

# Two players are dealt alternately, You first: You get R3 R5 B7 G2 Y9, Ada (a bot) R8 B1 G4 Y6 B8.
# Then Red 1 is flipped, and G9, Y2 are the next cards of the draw pile.
STACK = ["R3", "R8", "R5", "B1", "B7", "G4", "G2", "Y6", "Y9", "B8", "R1", "G9", "Y2"]
HAND = "Your hand (5): ♥R3 ♥R5 ★Y9 ♣G2 ♦B7"  # sorted by colour as the rules declare them, then number

# Ann and Bob at one keyboard: Ann gets R3 R5 R6 R7 R9, Bob B1-B5; Red 1 is flipped; then G1, G2, ...
STACK_TWO_PEOPLE = ["R3", "B1", "R5", "B2", "R6", "B3", "R7", "B4", "R9", "B5", "R1", "G1", "G2", "G3", "G4"]

SGR = re.compile(r"\x1b\[([0-9;]*)m")


def write_stack(tmp_path: Path, cards: list[str]) -> Path:
    path = tmp_path / "stack.yaml"
    path.write_text("# the top of the draw pile first\n" + "".join(f"- {c}\n" for c in cards), encoding="utf-8")
    return path


def colour_codes(raw: str) -> list[str]:
    """The SGR parameters in `raw` that set a colour (foreground or background, 8/16/256/true colour)."""
    found = []
    for params in SGR.findall(raw):
        for p in params.split(";"):
            if p.isdigit() and (30 <= int(p) <= 38 or 40 <= int(p) <= 48 or 90 <= int(p) <= 107):
                found.append(params)
                break
    return found


class Terminal(PtyTerminal):
    """A person at a 24x100 terminal playing `rulelang run` of the game with no delay between bots' moves."""

    def __init__(self, args: list[str], **env):
        super().__init__(["run", GAME, "--delay", "0"] + args, **env)


@pytest.fixture
def terminals():
    opened = []

    def open_terminal(args, **env):
        t = Terminal(args, **env)
        opened.append(t)
        return t

    yield open_terminal
    for t in opened:
        t.close()


# ---------------------------------------------------------------- at a terminal


def test_a_game_at_the_terminal(tmp_path, terminals):
    """Start with a known hand, try an illegal move (refused with the reason, nothing changes), play,
    see the bot's moves told as they happen, complete a move with Tab, ask for help, quit with status 0."""
    t = terminals(["--players", "2", "--seed", "7", "--stack", str(write_stack(tmp_path, STACK))])
    t.expect("UNO Express — 2 players: You, Ada · seed 7")
    t.expect(HAND)
    t.expect("Moves: play ♥R3 / ♥R5 · draw")
    t.expect("You>")

    # An illegal move is refused before Enter is taken, with the reason, and the line stays to be edited.
    t.line("play B7")
    t.expect("Blue 7 cannot be chosen now: it does not fit `play`")  # the engine's reason, then what can be done
    t.expect("you can: play R3, play R5")
    t.type("\x15")  # Ctrl-U clears the line
    t.line("hand")
    table = t.expect(HAND)
    assert "discard: ♥Red 1" in table and "hand: You 5, Ada 5" in table  # the state is untouched

    # A legal move, and the bot's answer narrated.
    t.expect("You>")
    t.line("play R3")
    t.expect("You play ♥Red 3")
    t.expect("Ada plays ♥Red 8")
    t.expect("Your hand (4): ♥R5 ★Y9 ♣G2 ♦B7")

    # Completion: `pl` and Tab give the only legal play, in any case.
    t.expect("You>")
    t.type("PL")
    t.expect("play ♥R5")  # the completion menu
    t.type("\t")
    t.line("")
    t.expect("You play ♥Red 5")
    t.expect("Ada draws 1 card from the draw pile")  # Ada holds no red and no 5
    t.expect("Your hand (3): ★Y9 ♣G2 ♦B7")

    t.expect("You>")
    t.line("help")
    help_text = t.expect("(asking first).")
    assert "Moves now:" in help_text and "draw a card from the draw pile" in help_text
    assert "quit" in help_text

    # Ctrl-C clears the line (else `hand` would be refused as `somethinghand`).
    t.expect("You>")
    t.type("something")
    t.expect("something")
    t.type("\x03")
    t.line("hand")
    t.expect("Your hand (3): ★Y9 ♣G2 ♦B7")
    t.expect("Moves: draw")

    # Ctrl-D asks before leaving; `n` stays in the game.
    t.expect("You>")
    t.type("\x04")
    t.expect("Leave the game? [y/N]")
    t.line("n")
    t.expect("You>")
    t.line("quit")
    t.expect("You leave the game")
    assert t.exit_status() == 0


def test_the_hand_reads_without_colour_under_NO_COLOR(tmp_path, terminals):
    """NO_COLOR: the same hand, told apart by symbols and letters, with no colour codes at all."""
    t = terminals(["--players", "2", "--seed", "7", "--stack", str(write_stack(tmp_path, STACK))], NO_COLOR="1")
    t.expect(HAND)
    t.expect("You>")
    t.line("quit")
    assert t.exit_status() == 0
    assert colour_codes(t.raw) == []

    # The same game with colour does colour the cards, so the test above tests something.
    t = terminals(["--players", "2", "--seed", "7", "--stack", str(write_stack(tmp_path, STACK))])
    t.expect(HAND)
    start = t.raw.index("Your hand")
    assert colour_codes(t.raw[start:start + 200])


def test_two_people_at_one_keyboard_pass_it_over(tmp_path, terminals):
    """After Ann's move the screen is cleared and Bob is asked to take the keyboard; he sees his hand, not hers."""
    t = terminals(["--players", "2", "--humans", "2", "--names", "Ann,Bob", "--seed", "7",
                   "--stack", str(write_stack(tmp_path, STACK_TWO_PEOPLE))])
    t.expect("Pass the keyboard to Ann.")  # Ann's hand, too, only once she has the keyboard
    t.line("")
    # The screen cleared, the game's opening lines are said again, to each person at their first turn: no one saw
    # `help` named before.
    assert "Type `help` for the moves" in t.expect("Your hand (5): ♥R3 ♥R5 ♥R6 ♥R7 ♥R9")
    t.expect("Ann>")
    t.line("play R3")
    t.expect("You play ♥Red 3")
    t.expect("Pass the keyboard to Bob.")
    handover = t.raw.index("Pass the keyboard to Bob.")
    assert t.raw.rfind("You play", 0, handover) < t.raw.rfind("\x1b[2J", 0, handover)  # cleared in between
    t.line("")
    bobs_screen = t.expect("Your hand (5): ♦B1 ♦B2 ♦B3 ♦B4 ♦B5")
    t.expect("Bob>")
    assert "Ann plays ♥Red 3" in bobs_screen and "Type `help` for the moves" in bobs_screen
    assert "R5" not in bobs_screen and "♥R6" not in bobs_screen  # nothing of Ann's hand
    t.line("quit")
    assert t.exit_status() == 0


# ---------------------------------------------------------------- in a pipe


def run_piped(args: list[str], lines: list[str]) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    return subprocess.run(rulelang_command() + ["run", GAME, "--delay", "0"] + args, cwd=ROOT, env=env,
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True, timeout=30)


def test_piped_input_is_read_line_by_line_and_stops_non_zero_at_the_end(tmp_path):
    """Without a terminal: the same commands, plain text, refusals printed; the end of input while a
    person must move stops the game with a message and a non-zero status."""
    proc = run_piped(["--players", "2", "--seed", "7", "--stack", str(write_stack(tmp_path, STACK))],
                     ["play B7", "hand", "play r3", "help"])
    out = proc.stdout
    assert "\x1b" not in out
    assert out.count(HAND) == 2  # dealt, and shown again unchanged after the refused move
    assert re.search(r"You> play B7\n✗ `play B7`: Blue 7 cannot be chosen now: it does not fit `play`, “play a card that matches the top of the discard pile” \(discard: Red 1, current colour: Red\); you can: play R3, play R5, or draw\n", out)
    assert "You play ♥Red 3\n  Ada plays ♥Red 8\n" in out
    assert "Moves now:" in out
    assert proc.returncode != 0
    assert "the input ended while waiting for You's move" in proc.stderr


def test_piped_quit_exits_zero(tmp_path):
    proc = run_piped(["--players", "2", "--seed", "7", "--stack", str(write_stack(tmp_path, STACK))], ["quit"])
    assert proc.returncode == 0, proc.stderr
    assert "You leave the game" in proc.stdout


def test_piped_catch_window_for_a_second_person(tmp_path):
    """Ann leaves herself one card without `uno`; Bob is asked whether to catch it and does."""
    proc = run_piped(["--players", "2", "--humans", "2", "--names", "Ann,Bob", "--seed", "7",
                      "--stack", str(write_stack(tmp_path, STACK_TWO_PEOPLE))],
                     ["play R3", "draw", "play R5", "draw", "play R6", "draw", "play R7", "catch", "quit"])
    out = proc.stdout
    assert "--- pass the keyboard to Bob ---" in out
    assert "Ann did not call UNO! — `catch`" in out and "Enter = no" in out
    assert "Ann is caught without calling UNO and draws 2" in out
    assert proc.returncode == 0, proc.stderr


def test_bots_alone_play_a_whole_game_and_log_it(tmp_path):
    log = tmp_path / "game.jsonl"
    proc = subprocess.run(rulelang_command() + ["run", GAME, "--humans", "0", "--seed", "1", "--log", str(log)],
                          cwd=ROOT, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert "Game over:" in proc.stdout.splitlines()[-1]
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert events[0]["type"] == "start" and events[0]["humans"] == []
    last = events[-1]
    assert last["type"] == "game_over" and last["winners"]
    assert set(last["scores"]) == set(events[0]["players"])
