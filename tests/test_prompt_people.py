"""The prompt as people type at it, at the terminals they have: a narrow one (24 x 60), `help` about one thing,
keys no test typed before.  Read through a terminal emulator (pyte) where the screen's rows matter, as a person
sees them; a pseudo-terminal driven by pexpect as in tests/test_prompt.py."""
from __future__ import annotations

import re

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from helpers import plain, write_stack  # noqa: E402

CTRL_C, CTRL_L, ENTER, TAB = "\x03", "\x0c", "\r", "\t"
FAULTS = ("Traceback", "Unhandled exception", "Exception ")

# UNO Express, You and Ada: You hold R3 R5 B7 G2 Y9, Ada R8 B1 G4 Y6 B8; Red 1 is turned up; G9, Y2 follow.
EXPRESS_STACK = ["R3", "R8", "R5", "B1", "B7", "G4", "G2", "Y6", "Y9", "B8", "R1", "G9", "Y2"]
WORD = re.compile(r"[A-Za-z]")


def express(tmp_path, terminals, **kw):
    return terminals(["run", "games/express.rules", "--delay", "0", "--players", "2", "--seed", "7",
                      "--stack", str(write_stack(tmp_path, EXPRESS_STACK))], **kw)


def broken_words(rows: list[str], width: int) -> list[tuple[str, str]]:
    """Each pair of rows where a word runs from the right edge of one into the next (the terminal broke it)."""
    return [(a, b) for a, b in zip(rows, rows[1:])
            if len(a) == width and WORD.match(a[-1]) and b[:1].strip() and WORD.match(b[0])]


def test_a_narrow_terminal_breaks_every_line_between_words(tmp_path, terminals):
    """At 60 columns: the opening lines, the table's rule and a refusal under the prompt are broken between words,
    never in one (`l` / `eave.`, `play` / ` R0`), their next rows two spaces in."""
    t = express(tmp_path, terminals, rows=24, cols=60, emulate=True)
    rows = t.wait_for_screen(lambda rows: any(row.startswith("You>") for row in rows))
    assert broken_words(rows, 60) == []
    assert all(len(row) < 60 for row in rows[:-1])  # nothing reaches the edge: each line was broken to fit
    assert "Type `help` for the moves, `rules` for the game, `quit` to" in rows
    assert "  leave." in rows
    assert any(row.startswith("── You ──") for row in rows)
    t.line("pick g2")
    rows = t.wait_for_screen(lambda rows: any("pick g2`;" in row for row in rows))
    at = next(i for i, row in enumerate(rows) if "pick g2`;" in row)
    assert rows[at:at + 3] == ["no move or card is called `pick g2`; your hand: R3 R5 Y9 G2",
                               "  B7; you can: play R3, play R5, or draw",
                               ""]
    # A long line typed is told back by its start and its length, not whole.
    t.type(CTRL_C + "z" * 300 + ENTER)
    rows = t.wait_for_screen(lambda rows: any("(300 characters)" in row for row in rows))
    assert "  `zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…` (300 characters);" in rows
    t.type(CTRL_C + "quit" + ENTER)
    assert t.exit_status() == 0
    assert not [f for f in FAULTS if f in plain(t.raw)]


def test_help_about_one_command_move_or_call(tmp_path, terminals):
    """`help WORD` tells the one thing WORD names (it showed all of `help`, whatever followed): a command, a move's
    verb, a move as it is typed, a call; a word that names nothing is refused, saying so."""
    t = express(tmp_path, terminals)
    t.expect("You>")
    t.line("help undo")
    t.expect("undo: take back your last move")
    t.line("help exit")
    t.expect("quit: leave the game (`exit` is `quit`)")
    t.line("HELP PLAY")
    t.expect("play CARD")
    told = t.expect("You>")
    assert "e.g. play R3, play R5" in told and "Commands:" not in told
    assert "draw " not in told  # the verb asked about only
    t.line("help 3")
    t.expect("`3` is the move `play R3` (Red 3): play a card that matches the top of the discard pile")
    t.line("help uno")
    t.expect("uno: add it to a card move to call UNO! (e.g. `play R3 uno`)")
    t.line("help frog")
    t.expect("✗ `help frog`: no command, move or call now is called `frog`; `help` alone lists them")
    t.line("help")
    assert "Commands:" in t.expect("Keys: Tab completes")
    t.line("quit")
    assert t.exit_status() == 0
    assert not [f for f in FAULTS if f in plain(t.raw)]


def test_a_quoted_command_is_not_broken_where_it_fits_a_row():
    """A line is broken between words, but a `quoted command` is one word while it fits a row (`rulelang` at the end
    of one row and `join` on the next could not be copied); one wider than a row is broken between its words."""
    from rulelang.terminal.host import wrapped

    def rows(text, width):
        return "".join(t for _, t in wrapped([("", text)], width)).split("\n")

    assert rows("You leave the table; your seat is kept: the same `rulelang join` takes it again.", 59) == [
        "You leave the table; your seat is kept: the same", "  `rulelang join` takes it again."]
    path = "/tmp/" + "x" * 50 + ".yaml"
    assert rows(f"You stop the table: `rulelang serve --resume {path}` brings it back.", 59) == [
        "You stop the table: `rulelang serve --resume", f"  {path}`", "  brings it back."]
    assert rows("✗ a `quoted` line that fits", 59) == ["✗ a `quoted` line that fits"]


def test_a_house_rule_whose_condition_fails_is_dropped_and_the_move_made(tmp_path, terminals):
    """A rule typed at the prompt whose condition fails when a card is played (a division by zero) is dropped and
    the move made without it, as docs/language.md §15 says: the failure was taken for the game's own `play`, the
    move refused, and every later card refused again (only `draw` was left)."""
    t = express(tmp_path, terminals)
    t.expect("You>")
    t.line("house when played(card) if card.number == 1 / 0 { skip }")
    t.expect("You make a house rule")
    t.line("play R3")
    t.expect("The house rule `table_rule_1` failed at line 1, column 22 of its text (a rule failed in `table_rule_1`: "
             "division by zero) and is dropped")
    t.expect("You play ♥Red 3")
    t.expect("You>")
    t.line("quit")
    assert t.exit_status() == 0
    screen = plain(t.raw)
    assert "the rules failed on that move" not in screen and not [f for f in FAULTS if f in screen]


def test_completion_and_help_list_the_cards_as_the_hand_shows_them(capsys):
    """Dealt the Red 5 before the Red 3, the options come as the hand holds them (R5, R3); the completion menu and
    help's examples list them as the hand and the Moves line show them: R3 first."""
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import Host, Screen

    stack = ["R5", "R8", "R3", "B1", "B7", "G4", "G2", "Y6", "Y9", "B8", "R1", "G9", "Y2"]
    g = Game(load("games/express.rules"), ["You", "Ada"], seed=7, stack=stack)
    assert [o.text for o in g.pending.options] == ["play R5", "play R3", "draw"]
    host = Host(g, [0], {}, Screen(tty=False), 0)
    assert [c[0] for c in host.candidates(g.pending, False)][:3] == ["play R3", "play R5", "draw"]
    host.cmd_help(0, g.pending, "")
    assert "e.g. play R3, play R5" in capsys.readouterr().out


def test_help_about_a_move_of_several_parts_and_a_card_that_is_no_move(capsys):
    """`help ask` in Go Fish names each part of the move (`ask PLAYER RANK`, not `ask X`); `help WC` for a card two
    verbs take says why it is no one move, as the prompt would."""
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import Host, Screen

    g = Game(load("examples/more/go_fish.rules"), ["You", "Ada", "Bo"], seed=2)
    Host(g, [0], {}, Screen(tty=False), 0).cmd_help(0, g.pending, "ask")
    assert capsys.readouterr().out.startswith("  ask PLAYER RANK  ask a player for every card of a rank you hold")
    g = Game(load("games/liars.rules"), ["You", "Ada", "Bo"], seed=2)
    assert [o.text for o in g.pending.options if o.arg == g.pending.options[0].arg] == ["play WC", "cheat WC"]
    host = Host(g, [0], {}, Screen(tty=False), 0)
    host.cmd_help(0, g.pending, "WC")
    host.cmd_help(0, g.pending, "frog")
    assert capsys.readouterr().out.splitlines() == [
        "✗ `help WC`: no command, move or call now is called `WC`; as a move: `WC` could be `play WC` or `cheat WC`: "
        "say which, with its verb",
        "✗ `help frog`: no command, move or call now is called `frog`; `help` alone lists them"]


def test_the_house_limit_is_said_before_a_rule_is_written(capsys):
    """The table's rules made (`house limit`, 5 by default), `house RULE` is refused as it is typed and `house` alone
    opens no editor: the limit was told only after the rule was written and Enter pressed."""
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import Host, Screen

    g = Game(load("games/uno.rules"), ["You", "Ada", "Bo", "Cy"], seed=1)
    host = Host(g, [0], {}, Screen(tty=False), 0)
    for n in range(5):
        assert host.refusal(f"house when played(card) if card.number == {n} {{ skip }}", g.pending, False) is None
        host.propose(0, f"when played(card) if card.number == {n} {{ skip }}")
    full = "this game takes 5 house rules from the table, and they are made: `rules` lists them"
    assert host.refusal("house when played(card) { skip }", g.pending, False) == full
    capsys.readouterr()
    host.propose(0, "")  # `house` alone: no editor is opened (in a pipe it would read the next line)
    assert capsys.readouterr().out == f"✗ {full}\n"


def test_a_rule_typed_without_house_says_how_to_propose_it():
    """`when played(card) { ... }` typed as a move was refused as "no move or card is called ...": it says a rule is
    proposed with `house`, the line to type, and the limit when the table's rules are made; `rule x` is still
    mended to `rules x`."""
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import Host, Screen

    g = Game(load("games/uno.rules"), ["You", "Ada", "Bo", "Cy"], seed=1)
    host = Host(g, [0], {}, Screen(tty=False), 0)
    rule = "when played(card) if card.number == 3 { skip }"
    assert host.refusal(rule, g.pending, False) == (
        f"a rule is not a move: type `house {rule}` to propose it to the table")
    assert host.refusal(f"rule mine: {rule}", g.pending, False) == (
        f"a rule is not a move: type `house rule mine: {rule}` to propose it to the table")
    assert host.mended(rule, g.pending) is None
    assert host.mended("rule x", g.pending) == "rules x"
    for n in range(5):
        host.propose(0, f"when played(card) if card.number == {n} {{ skip }}")
    assert host.refusal(rule, g.pending, False) == (
        "a rule is not a move, and this game takes 5 house rules from the table, and they are made: `rules` lists "
        "them")
    g = Game(load("examples/more/go_fish.rules"), ["You", "Ada", "Bo"], seed=2)
    host = Host(g, [0], {}, Screen(tty=False), 0)
    assert host.refusal(rule, g.pending, False).startswith("a rule is not a move: type `house when")


def test_a_pile_of_yours_that_you_cannot_see_says_so(tmp_path):
    """Slapjack's stack is yours but face down to you too: `Your stack (13):` with nothing after it read as if the
    cards had been left out; it says they are face down."""
    import subprocess

    from helpers import ROOT, rulelang_command

    done = subprocess.run(rulelang_command() + ["run", "examples/slapjack.rules", "--seed", "1", "--delay", "0",
                                                "--save", str(tmp_path / "s.yaml")],
                          input="quit\n", capture_output=True, text=True, timeout=60, cwd=str(ROOT))
    assert done.returncode == 0
    assert "Your stack (13): ▒▒ face down\n" in done.stdout


def test_the_moves_line_lists_moves_of_several_parts_in_order(capsys):
    """Go Fish's asks by player, then rank in the deck's order (they came as the hand held them: four, jack, seven,
    ace...); Hearts' sets of three by their cards as the hand shows them, each set's cards so too (typed so, taken)."""
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import Host, Screen

    g = Game(load("examples/more/go_fish.rules"), ["You", "Ada", "Bo"], seed=2)
    Host(g, [0], {}, Screen(tty=False), 0).show_moves(g.pending)
    assert capsys.readouterr().out.splitlines()[-1].startswith(
        "Moves: ask Ada ace / Ada three / Ada four / Ada seven / Ada jack / Ada queen / Ada king / Bo ace / Bo three")
    g = Game(load("examples/hearts.rules"), 4, seed=1)
    Host(g, [0, 1, 2, 3], {}, Screen(tty=False), 0).show_moves(g.pending)
    line = capsys.readouterr().out.splitlines()[-1]
    assert line.startswith("Moves: pass 2H 3D 3S / 2H 3D 5D / 2H 3D 6S / "), line
    assert g.parse("pass 2H 3D 3S").arg == g.parse("pass 3S 3D 2H").arg
    # Completion offers the sets so written, in that order: `pass 2h 3d` completes to the sets holding both.
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from rulelang.terminal.host import prompt_helpers

    host = Host(g, [0, 1, 2, 3], {}, Screen(tty=False), 0)
    completer = prompt_helpers()[0](host, 0, g.pending, False)
    found = [c.text for c in completer.get_completions(Document("pass 2h 3d"), CompleteEvent())]
    assert found[:3] == ["pass 2H 3D 3S", "pass 2H 3D 5D", "pass 2H 3D 6S"] and len(found) == 11


def _express_log(tmp_path):
    """The --log of a bots' game of UNO Express (seed 3), for `replay`."""
    import subprocess

    from helpers import ROOT, rulelang_command

    log = tmp_path / "game.log"
    subprocess.run(rulelang_command() + ["run", "games/express.rules", "--humans", "0", "--seed", "3", "--log",
                                         str(log)], check=True, capture_output=True, cwd=str(ROOT), timeout=60)
    return log


def test_a_log_file_replays_with_the_keys_it_names(tmp_path, terminals):
    """`rulelang replay LOG` at a terminal: back, a move's number, /KIND and the end do what the keys line says (for a
    --log file every key but q went to the next move); the keys line is its own line, broken between words, and
    the prompt is short (at 60 columns it ran over two rows, broken in a word)."""
    log = _express_log(tmp_path)
    t = terminals(["replay", str(log)], rows=24, cols=60)
    t.expect("  [Enter] next · b back · N go to move N · /KIND next event\n    of a kind · e end · q quit")
    t.expect("[Enter] next · ? keys ›")
    t.line("3")
    t.expect("Move 3/")
    t.line("b")
    t.expect("Move 2/")
    t.line("/win")
    moves = t.expect("wins")
    assert "Move " in moves
    t.line("q")
    assert t.exit_status() == 0
    assert not [f for f in FAULTS if f in plain(t.raw)]


def test_a_move_number_in_other_digits_at_replay_is_asked_again(tmp_path, terminals):
    """`²` at replay's prompt: a digit to str.isdigit, not to int; before, a ValueError traceback ended the replay."""
    log = _express_log(tmp_path)
    t = terminals(["replay", str(log)], rows=24, cols=100)
    t.expect("[Enter] next · ? keys ›")
    t.line("\u00b2")
    t.expect("? '\u00b2': [Enter] next · b back · N go to move N")
    t.line("q")
    assert t.exit_status() == 0
    assert not [f for f in FAULTS if f in plain(t.raw)]


def test_a_second_enter_does_not_pass_the_keyboard_on_unseen(tmp_path, terminals):
    """Two people at one keyboard: Ann makes her move with Enter pressed twice.  The second Enter, read by her
    prompt past the first, answered the 'press Enter when only you can see the screen' of Bob's turn at once:
    Bob's hand showed to Ann, still at the keyboard.  It waits for an Enter typed once the screen asks."""
    import time

    stack = ["R3", "B1", "R5", "B2", "R6", "B3", "R7", "B4", "R9", "B5", "R1", "G1", "G2", "G3", "G4"]
    t = terminals(["run", "games/express.rules", "--delay", "0", "--players", "2", "--humans", "2", "--names",
                   "Ann,Bob", "--seed", "7", "--stack", str(write_stack(tmp_path, stack))])
    t.expect("Pass the keyboard to Ann.")
    t.line("")
    t.expect("Ann>")
    t.type("play R3\r\r")
    t.expect("Pass the keyboard to Bob.")
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        t.read_more(0.05)
    assert "B1" not in plain(t.raw)[t.seen:]  # Bob's hand is not on screen
    t.line("")
    t.expect("Your hand (5): ♦B1 ♦B2 ♦B3 ♦B4 ♦B5")
    t.line("quit")
    assert t.exit_status() == 0


def test_a_race_typed_wrong_is_asked_again_saying_why():
    """`moo!` answered `mooo`: asked again with the same words, as if the line had been lost; now it says what was
    typed and how many tries are left."""
    import random

    from rulelang.terminal.editor import race_times

    answers, asked = iter(["mooo", "", "moo"]), []

    def ask(seat, prompt):
        asked.append(prompt)
        return next(answers)

    times = race_times("moo", [0], [1], ["You", "Ada"], ask, random.Random(1))
    assert asked == ["You, moo! (type `moo`) ", "You: not `mooo`; type `moo` (2 more tries) ",
                     "You: type `moo` (1 more try) "]
    assert times[0] < float("inf") and 0.8 <= times[1] <= 3.0


def test_a_house_rule_of_several_lines_reads_as_written_and_the_keyboard_comes_back_first(terminals):
    """Two people at one keyboard, UNO House Rules: Ann pastes a rule of three lines at `house`.  Bob is asked
    with the rule as written, its indents kept (it was quoted in the question's line, its next lines at the left
    edge); once he agrees the keyboard goes back to Ann before her prompt shows (her prompt came up under Bob's
    fingers, and her next move passed to Bob's turn with no hand-over: his hand showed to her); each is told the
    rule as written."""
    rule = "when played(card) if card.number == 7 {\n  skip\n}"
    written = "    when played(card) if card.number == 7 {\n      skip\n    }"
    t = terminals(["run", "games/house.rules", "--delay", "0", "--players", "2", "--humans", "2", "--names",
                   "Ann,Bob", "--seed", "7"])
    t.expect("Pass the keyboard to Ann.")
    t.line("")
    t.expect("Your hand (7): ♥R2 ♥R5+ ★Y6 ♣G0 ♣G4 ♣GD2 W4")
    t.expect("Ann>")
    t.type("house \x1b[200~" + rule + "\x1b[201~")
    t.expect("skip")  # the paste is in the line
    t.type(ENTER)
    t.expect("Pass the keyboard to Bob.")
    t.line("")
    t.expect("Bob: Ann proposes this house rule:\n" + written + "\nAgree? [y/N]")
    t.line("y")
    shown = t.expect("Pass the keyboard to Ann.")
    assert "Ann>" not in shown and "Your hand" not in shown
    t.line("")
    t.expect("  You make a house rule:\n" + written + "\n")
    t.expect("Ann>")
    t.line("play R2")
    shown = t.expect("Pass the keyboard to Bob.")
    assert "♥R7" not in shown  # Bob's hand
    t.line("")
    t.expect("  Ann makes a house rule:\n" + written + "\n  Ann plays ♥Red 2")
    t.expect("Your hand (7): ♥R7 ♥R9 ♥RS ★Y1+ ★YR ♣G8 ♦B7+")
    t.line("quit")
    assert t.exit_status() == 0
    assert not any(f in t.raw for f in FAULTS)


@pytest.mark.parametrize("ask", ["house when played(card) { skip }", "undo"])
def test_a_person_handed_the_keyboard_to_agree_who_leaves_leaves(tmp_path, terminals, ask):
    """Two people at one keyboard: Ann proposes a rule (or to take back her Skip); the keyboard goes to Bob, who
    answers "Pass the keyboard to Bob" with Ctrl-D and says y to "Leave the game?".  Before, that was read as "Bob
    does not agree" and the game went on: Ann's hand and prompt came up at once, with no hand-over, in front of
    Bob, who had said he was leaving.  Now he leaves: the game is left unfinished, saved."""
    stack = ["RS", "B1", "R5", "B2", "R6", "B3", "R7", "B4", "R9", "B5", "R1", "G1", "G2", "G3", "G4"]
    t = terminals(["run", "games/express.rules", "--delay", "0", "--players", "2", "--humans", "2", "--names",
                   "Ann,Bob", "--seed", "7", "--stack", str(write_stack(tmp_path, stack)),
                   "--save", str(tmp_path / "game.yaml")])
    t.expect("Pass the keyboard to Ann.")
    t.line("")
    t.expect("Ann>")
    if ask == "undo":
        t.line("play RS")  # Bob loses his turn: Ann's again
        t.expect("Bob loses their turn")
        t.expect("Ann>")
    t.line(ask)
    t.expect("Pass the keyboard to Bob.")
    t.type("\x04")
    t.expect("Leave the game? [y/N]")
    t.line("y")
    shown = t.expect("Bob leaves the game; it is left unfinished.")
    assert "Ann>" not in shown and "Your hand" not in shown and "does not agree" not in shown
    assert t.exit_status() == 0
    assert not any(f in t.raw for f in FAULTS)


def test_you_can_reads_as_a_sentence_whatever_was_typed():
    """The moves a refusal lists read as a sentence, in the Moves line's order, the same after a verb the game
    knows and after a word it does not (that list had no `or`: `play R3, play R5, draw`); two are `A or B`."""
    from interpreter import Game
    from rulelang import load
    from rulelang.errors import MoveError

    g = Game(load("games/express.rules"), ["You", "Ada"], seed=7, stack=EXPRESS_STACK)
    told = []
    for typed in ("play B7", "pick g2", "zz"):
        with pytest.raises(MoveError) as refused:
            g.parse(typed)
        told.append(refused.value.message.split("; you can: ")[1])
    assert told == ["play R3, play R5, or draw"] * 3  # (two: test_uno_scenarios, `blue`: `you can: play or draw`)


def test_a_misspelt_verb_or_command_is_offered_as_meant_and_enter_takes_it(tmp_path, terminals):
    """A new player's slips: `paly R3`, `hlep`, `gren` at the colour question were refused with the list of
    moves only.  The prompt offers the line as it was likely meant (only their moves and the commands), and the
    next Enter takes it; Ctrl-C clears it.  In a pipe the refusal says it."""
    t = express(tmp_path, terminals, emulate=True)
    t.wait_for_screen(lambda rows: any(r.startswith("You>") for r in rows))

    def said(text):
        return t.wait_for_screen(lambda rows: text in " ".join(" ".join(rows).split()))

    t.type("hlep" + ENTER)
    said("`hlep`: did you mean `help`? Enter runs this command; Ctrl-C clears the line")
    t.type(ENTER)
    said("Commands:")
    t.type("paly R3" + ENTER)
    said("`paly R3`: did you mean `play R3`? Enter makes this move")
    t.type(ENTER)
    said("You play ♥Red 3")
    said("Moves: play ♥R5")
    t.wait_for_screen(lambda rows: "You>" in rows)  # the prompt up (else, under load, the Enter is typed ahead)
    t.type("drwa" + ENTER)
    said("`drwa`: did you mean `draw`?")
    t.type(CTRL_C + "play R5" + ENTER)  # cleared: what is typed instead is taken as typed
    said("You play ♥Red 5")
    t.type("\x04" + "y" + ENTER)
    said("You leave the game")
    assert not any(f in t.raw for f in FAULTS)


def test_a_misspelt_word_is_said_in_a_pipe_and_a_chosen_value_too(tmp_path):
    import subprocess

    from helpers import ROOT, rulelang_command
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import Host, Screen

    g = Game(load("games/express.rules"), ["You", "Ada"], seed=7, stack=["W"] + EXPRESS_STACK[1:])
    host = Host(g, [0], {}, Screen(tty=False), 0)
    assert [host.mended(t, g.pending) for t in ("paly W", "hlep", "ruels", "zz", "play W")] == \
        ["play W", "help", "rules", None, None]
    g.seat(0).act("play W")
    assert [host.mended(t, g.pending) for t in ("gren", "yelow", "colur blue")] == \
        ["colour green", "colour yellow", "colour blue"]
    out = subprocess.run(rulelang_command() + ["run", "games/express.rules", "--players", "2", "--seed", "7", "--delay",
                                               "0", "--stack", str(write_stack(tmp_path, EXPRESS_STACK))],
                         input="paly R3\nquit\n", capture_output=True, text=True, cwd=ROOT, timeout=60).stdout
    assert "(did you mean `play R3`?)" in out
