"""Input that must never crash rulelang: every command-line argument is checked by its argparse type with a
one-line error, and what is typed at the prompt (`log ²`, bytes that are not UTF-8, a pasted line of 20,000
characters) is answered, not a traceback."""
from __future__ import annotations

import os
import subprocess

import pytest

from rulelang import cli

from test_save import ROOT, STACK, rulelang_command, write_stack


@pytest.mark.parametrize("args, error", [
    (["run", "express", "--delay", "-1"], "argument --delay: must be from 0 to 60 seconds, not -1"),
    (["run", "express", "--delay", "nan"], "argument --delay: must be from 0 to 60 seconds, not nan"),
    (["run", "express", "--delay", "1e300"], "argument --delay: must be from 0 to 60 seconds, not 1e300"),
    (["resume", "x", "--delay", "inf"], "argument --delay: must be from 0 to 60 seconds, not inf"),
    (["run", "express", "--log", "."], "argument --log: . is a folder; name a file to write the log to"),
    (["run", "express", "--players", "1000000000"], "argument --players: must be from 1 to 100, not 1000000000"),
    (["run", "express", "--seed", "x"], "argument --seed: a whole number is needed, not 'x'"),
    (["simulate", "express", "--bots", ","], "argument --bots: name at least one kind of bot, e.g. greedy or "
                                             "greedy,random"),
    (["simulate", "express", "--games", "0"], "argument --games: must be from 1 to 10,000,000, not 0"),
    (["simulate", "express", "--workers", "-3"], "argument --workers: must be from 1 to 256, not -3"),
    (["sweep", "express", "--games", "-5"], "argument --games: must be from 1 to 10,000,000, not -5"),
    (["sweep", "express", "--workers", "0"], "argument --workers: must be from 1 to 256, not 0"),
    (["sweep", "express", "--seed", "-1"], "argument --seed: must be from 0 to 9223372036854775807, not -1"),
    (["sweep", "express", "--plot", "."], "argument --plot: . is a folder; name a file to write the plot to"),
    (["sweep", "express", "--plot", "/nonexistent/x.png"],
     "argument --plot: there is no folder /nonexistent to write /nonexistent/x.png in"),
    (["serve", "express", "--port", "99999"], "argument --port: must be from 0 to 65,535, not 99999"),
    (["simulate", "express", "--frobnicate"], "unrecognized arguments: --frobnicate"),  # the subcommand's usage
    (["simulate", "express", "-n", "3"], "unrecognized arguments: -n 3"),
])
def test_a_bad_argument_is_refused_in_one_line(args, error, capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main(args)
    assert caught.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"rulelang {args[0]}: error: {error}"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_log_that_cannot_be_written_is_one_line(capsys):
    assert cli.main(["run", "express", "--humans", "0", "--seed", "1", "--log", "/dev/full"]) == 1
    assert capsys.readouterr().err == "cannot write the log /dev/full: No space left on device\n"


def test_odd_input_at_the_prompt_is_answered_not_a_crash(tmp_path):
    stdin = b"log \xc2\xb2\n\xff\xfe play\n" + b"x" * 20_000 + b"\nplay R3\nquit\ny\n"
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"}
    run = subprocess.run(rulelang_command() + ["run", "express", "--players", "2", "--seed", "7", "--stack",
                                               str(write_stack(tmp_path, STACK)), "--delay", "0", "--save",
                                               str(tmp_path / "g.yaml")],
                         input=stdin, capture_output=True, cwd=str(ROOT), timeout=120, env=env)
    out = run.stdout.decode("utf-8")
    assert run.returncode == 0, run.stderr.decode()
    assert run.stderr == b""
    assert ("You> log ²\n`log ²`: `log` takes how many events to show, as `log 50`; the last 15:\n"
            "  Hand 1: you go first\n") in out  # `log ²` shows the log, as `log` does, and says what it takes
    assert "You> �� play\n✗ no move or card is called `�� play`" in out
    assert ("You> (a line of 20001 characters)\nA line may have at most 4000 characters; that one is not read.\n"
            "You> play R3\n") in out


JUNK_LINES = int(os.environ.get("RULELANG_JUNK_LINES", "300"))  # 10000 for the full run


def junk_lines(n: int, seed: int = 15) -> bytes:
    """Lines a careless or hostile keyboard might send: commands with odd arguments, digits of other scripts,
    control and escape sequences, bytes that are not UTF-8, very long lines, half-typed moves."""
    import random

    rng = random.Random(seed)
    words = ["log", "hand", "help", "rules", "undo", "play", "draw", "house", "pass", "say", "uno", "rule", "when",
             "²", "٣", "-1", "1e300", "nan", "{", "}", "R3", "ＲＳ", "\x1b[31m", "\x1b[<0;1;1M", "\x00", "\x7f", "\t",
             "%s%n", "'", '"', "\\", "rule x: when played(card) { skip }", "when turn_begins(p) { say \"{p}\" }"]
    out = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.7:
            line = " ".join(rng.choice(words) for _ in range(rng.randint(1, 6))).encode("utf-8", "surrogatepass")
        elif kind < 0.85:
            line = bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))).replace(b"\n", b" ")
        else:
            line = ("x" * rng.choice([100, 4001, 20_000])).encode()
        out.append(line)
    return b"\n".join(out) + b"\n"


def test_junk_lines_at_the_prompt_never_give_a_traceback(tmp_path):
    """Every junk line is read at a prompt: a game the junk ends (its moves are played too) is followed by a new
    one given the lines not yet read, until all were."""
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"}
    lines = junk_lines(JUNK_LINES).split(b"\n")[:-1]
    seed = 3
    while lines:
        run = subprocess.run(rulelang_command() + ["run", "express", "--players", "2", "--seed", str(seed), "--delay",
                                                   "0", "--bots", "greedy", "--save", str(tmp_path / f"{seed}.yaml")],
                             input=b"\n".join(lines) + b"\n", capture_output=True, cwd=str(ROOT), timeout=600, env=env)
        out, err = run.stdout.decode("utf-8", "replace"), run.stderr.decode("utf-8", "replace")
        assert "Traceback" not in err and "Traceback" not in out
        assert run.returncode in (0, 3), err
        read = out.count("You> ")  # the prompt, once for every line read (a `y/N` question reads none of these)
        assert read > 0 or not lines
        lines = lines[read:]
        seed += 1


def test_ctrl_c_then_a_colour_code_at_a_terminal_asks_again(tmp_path):
    """prompt_toolkit reads `ESC[31m` typed after Ctrl-C as a mouse event, whose handler raised ValueError (the
    line was asked for again); now it is dropped as the mouse report no prompt asked for, and the game goes on."""
    pexpect = pytest.importorskip("pexpect")
    import time

    cmd = rulelang_command()
    child = pexpect.spawn(cmd[0], cmd[1:] + ["run", "express", "--players", "2", "--seed", "7", "--delay", "0",
                                             "--save", str(tmp_path / "g.yaml")],
                          env={**os.environ, "TERM": "xterm"}, encoding="utf-8", timeout=60, dimensions=(40, 120))
    try:
        child.expect("You>")
        child.sendcontrol("c")
        time.sleep(0.3)
        child.send("\x1b[31m")
        child.send("hand\r")
        child.expect("Your hand")
        assert "Traceback" not in child.before and "could not be read" not in child.before
    finally:
        child.close(force=True)


def test_a_paste_longer_than_a_line_is_refused_as_it_arrives_at_a_terminal(tmp_path):
    """A bracketed paste of 20,000 characters is not put into the line (it would be lexed, completed and drawn
    for seconds before being refused): the prompt says why at once, the line stays as it was, play goes on.
    Before it, every control key a keyboard sends (bar Ctrl-C, Ctrl-D, Enter, Ctrl-Z, Esc) typed at once, a paste
    of several lines, text of other scripts, a screen shrunk to 10 x 20 and grown back; after it, Ctrl-\\ while
    the bot plays: each answered, and never a traceback."""
    pytest.importorskip("pexpect")
    import time

    from helpers import PtyTerminal

    term = PtyTerminal(["run", "express", "--players", "2", "--seed", "7", "--delay", "0", "--stack",
                        str(write_stack(tmp_path, STACK)), "--save", str(tmp_path / "g.yaml")])
    term.child.delaybeforesend = None
    try:
        term.expect("You>")
        term.type("".join(chr(c) for c in range(32) if chr(c) not in "\x03\x04\r\n\x1a\x1b") + "\x07\x03")
        term.line("hand")
        term.expect("Your hand (5)")
        term.expect("You>")
        term.type("\x1b[200~draw\nplay R3\nquit\n\x1b[201~\r")  # Enter does not send three moves as one
        term.expect("one move a line: this holds 3 lines; type or paste them one by one")
        term.type("漢字 ☃ é\u202e\u0301" + "\r" + "\x0c")  # replaces the refused paste (selected), refused too;
        term.expect("no move or card is called `漢字 ☃ é")  # Ctrl-L redraws the screen whole, message and all
        term.child.setwinsize(10, 20)
        time.sleep(0.2)
        term.child.setwinsize(24, 100)
        term.type("\x03")
        term.type("play R3")
        term.type("\x1b[200~" + "x" * 20_000 + "\x1b[201~")
        term.expect("A line may have at most 4000 characters; a paste of 20000 characters is not put in.")
        term.type("\r\x1c")  # the line typed before the paste is whole: it is played; Ctrl-\ ends nothing
        term.expect("You play ♥Red 3")
        term.expect("You>")
        term.type("\x1b[200~draw\x1b[201~")  # a paste that fits goes in as typed
        term.line("")
        term.expect("You draw")
        term.expect("You>")
        term.line("quit")
        assert term.exit_status() == 0
        assert "Traceback" not in term.raw and "Exception" not in term.raw and "x" * 100 not in term.raw
    finally:
        term.close()


def test_keys_typed_past_the_longest_line_are_not_put_in(monkeypatch):
    """Without bracketed paste a paste arrives as keys: those past the limit are dropped as they come (the limit
    made 40 here, so that few keys show it), a paste that fits still goes in whole, and Enter reads the line."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    import rulelang.terminal.editor as editor
    import rulelang.terminal.host as host

    monkeypatch.setattr(editor, "MAX_LINE", 40)
    with create_pipe_input() as keys:
        session = PromptSession(input=keys, output=DummyOutput())
        keys.send_text("\x1b[200~play \x1b[201~" + "x" * 60 + "\r")
        assert session.prompt("> ", key_bindings=host.prompt_keys()) == "play " + "x" * 35
    with create_pipe_input() as keys:
        session = PromptSession(input=keys, output=DummyOutput())
        keys.send_text("draw" + "\x1b[200~" + "y" * 37 + "\x1b[201~" + "\r")  # 41 characters: not put in
        assert session.prompt("> ", key_bindings=host.prompt_keys()) == "draw"



def test_a_key_typed_in_a_long_line_reads_no_more_of_it_than_in_a_short_one(monkeypatch):
    """Completion runs at every key and the lexer at every redraw, so a paste that comes without bracketed paste
    (a key a character) cost the square of its length: 3,000 characters took 2.2 CPU s to appear.  Past
    COMPLETED_MOST characters a line is not read to complete a move, and the lexer styles each word once a
    prompt; a short line is completed as before (`play R3 u` offers the call `uno`)."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import COMPLETED_MOST, Host, Screen, prompt_helpers

    g = Game(load(ROOT / "games" / "express.rules"), ["You", "Ada"], seed=7, stack=STACK)
    host, d = Host(g, [0], {}, Screen(tty=False), 0), g.pending
    completer_cls, _, lexer_cls = prompt_helpers()
    read = []
    clean = host.clean
    monkeypatch.setattr(host, "clean", lambda text: read.append(text) or clean(text))

    def completed(text):
        read.clear()
        return [c.text for c in completer_cls(host, 0, d, False).get_completions(Document(text), CompleteEvent())]

    assert completed("play R3 u") == ["uno"] and read == ["play R3 u"]
    long = "play R3 uno " * (COMPLETED_MOST // 12 + 1)
    assert completed(long) == [] and read == []
    lexer = lexer_cls(host, d)
    read.clear()
    for typed in (long, long + "play"):  # drawn again after a key
        line = lexer.lex_document(Document(typed))(0)
    assert sorted(read) == ["R3", "play"]  # looked up as a card once each (the first `play` is the verb)
    card = g.program.cards[g.program.card_by_text("R3")[0]]
    assert ("".join(t for _, t in line) == long + "play"
            and {s for s, t in line if t == "R3"} == {card.style} and line[0] == ("bold", "play"))


def test_a_refusal_quoting_two_short_things_is_told_whole():
    """`brief` cuts a long quote of a pasted line; the text between two short quotes is no quote: the house rule's
    refusal "`position(...)` takes ... (use `card.number` itself)" was told as "`position(...)` takes a value of an
    ordered att…` (74 characters)card.number` itself)"."""
    from rulelang.terminal.summary import brief

    said = ("1:31: `position(...)` takes a value of an ordered attribute, and this is already a number "
            "(use `card.number` itself)")
    assert brief(said) == said
    assert brief(f"no card is called `{'x' * 300}`; your hand: `R7`") == \
        f"no card is called `{'x' * 32}…` (300 characters); your hand: `R7`"


def test_a_stack_file_that_is_not_yaml_is_told_in_one_line_at_its_place(tmp_path, capsys):
    bad = tmp_path / "stack.yaml"
    bad.write_text("[R7, Blue 3\n")
    assert cli.main(["run", "express", "--humans", "0", "--seed", "1", "--stack", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:2:1: the stack file is not YAML (") and len(err.splitlines()) == 1


def test_a_name_given_twice_is_told_with_its_option(capsys):
    assert cli.main(["run", "express", "--humans", "2", "--names", "Ann,ann"]) == 1
    assert capsys.readouterr().err == "--names gives `ann` twice: each player needs a name of their own\n"


@pytest.mark.parametrize("names, told", [
    ("Ann,\u0410nn", "--names gives `Ann` and `\u0410nn`, which read alike: each player needs a name of their own\n"),
    ("Ann,\uff21\uff4e\uff4e", "--names gives `Ann` and `\uff21\uff4e\uff4e`, which read alike: each player needs a "
                               "name of their own\n"),
    ("Y\u043eu,Bo", "--names: a seat named `Y\u043eu` is told as `you play ...` in every view, so the others would "
                    "read its moves as their own (`You` names only a person playing alone): choose another name\n"),
])
def test_a_name_that_reads_as_another_or_as_a_pronoun_in_other_letters_is_refused(names, told, capsys):
    """A Cyrillic `А` (U+0410) for a Latin one, fullwidth letters, a Cyrillic `о` in `You`: the table would read
    two players as one, or a player as `you`.  Before, each was taken as a name of its own."""
    assert cli.main(["run", "express", "--humans", "2", "--names", names]) == 1
    assert capsys.readouterr().err == told


def test_a_log_naming_a_file_the_game_reads_or_saves_to_is_refused_and_the_file_kept(tmp_path, capsys):
    """`--log` opens its file for writing, emptying it: naming the game's own file, the --stack file or the --save
    file, it wrote the events over the rules or the stack (a save then replaced the log: the log lost).  Refused
    before anything is written."""
    from helpers import TINY

    game = tmp_path / "tiny.rules"
    game.write_text(TINY, encoding="utf-8")
    stack = tmp_path / "stack.yaml"
    stack.write_text("[1]\n", encoding="utf-8")
    for log, what in ((game, f"the game's file {game}"), (stack, "the --stack file"), (tmp_path / "g.yaml", "the --save file")):
        assert cli.main(["run", str(game), "--humans", "0", "--seed", "1", "--stack", str(stack), "--save",
                         str(tmp_path / "g.yaml"), "--log", str(log)]) == 1
        assert capsys.readouterr().err == f"--log {log} names {what}: the log would write over it; name another file\n"
    assert game.read_text(encoding="utf-8") == TINY and stack.read_text(encoding="utf-8") == "[1]\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_plot_that_cannot_be_written_is_one_line(capsys):
    """`sweep --plot /dev/full`: the games played, the report printed, then PIL's OSError was a traceback."""
    pytest.importorskip("matplotlib")
    assert cli.main(["sweep", "express", "--games", "1", "--players", "2", "--csv", "--plot", "/dev/full"]) == 1
    assert capsys.readouterr().err == "cannot write the plot /dev/full: No space left on device\n"
