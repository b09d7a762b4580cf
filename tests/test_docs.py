"""What the README and docs/ show a newcomer is true: the commands they print run, the outputs they print are what
the commands print, and the code the tutorial builds is the game in examples/.

Commands are those of ```console blocks, lines `$ rulelang ...`, `$ .venv/bin/rulelang ...` or `$ .venv/bin/python
...`, run as typed from the repository's root except that game counts are cut to a few (a newcomer's 10,000 games
prove nothing more here), and a file the command writes goes to a temporary folder. The few that cannot run
here are listed in SKIPPED with the test that covers them.
"""
from __future__ import annotations

import io
import re
import runpy
import shlex
import sys
from collections import Counter
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot
from rulelang import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TUTORIAL = ROOT / "docs" / "tutorial.md"

# Commands that cannot run in a test as printed, and where what they do is tested instead.
SKIPPED = {
    "--cluster": "a Dask cluster: tests/test_cluster.py",
    "rulelang serve": "a server (on 0.0.0.0 in the README): tests/test_net.py, tests/test_net_terminal.py",
    "rulelang join": "a client of a server: tests/test_net_terminal.py",
    "resume ~/": "a save that exists only on the reader's machine: tests/test_save.py",
    "resume          #": "the chooser at a terminal: tests/test_save.py",
}


def _blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```", text, flags=re.S | re.M)


def _commands() -> list[tuple[str, str]]:
    """(where, command line) for every `$ ` line of a console block, continuation lines joined."""
    found = []
    for doc in DOCS:
        for block in _blocks(doc.read_text(encoding="utf-8"), "console"):
            block = block.replace("\\\n", " ")
            for line in block.splitlines():
                if line.startswith("$ "):
                    found.append((doc.name, line[2:].strip()))
    return found


README_CHECK = ".venv/bin/rulelang check games/uno.rules games/express.rules examples/*.rules"  # with its output, below
COMMANDS = [(where, cmd) for where, cmd in _commands() if not any(key in cmd for key in SKIPPED) and cmd != README_CHECK]


def test_the_docs_show_commands_and_skip_only_what_is_listed():
    every = _commands()
    assert len(every) >= 20, "the console blocks were not found"
    for key in SKIPPED:
        assert any(key in cmd for _, cmd in every), f"SKIPPED names `{key}`, which no document shows any more"


def _argv(cmd: str, tmp: Path) -> tuple[str, list[str], list[str]]:
    """(the program, its arguments as the shell would give them, what it is piped into)."""
    words = shlex.split(cmd, comments=True)
    pipe = []
    if "|" in words:
        at = words.index("|")
        words, pipe = words[:at], words[at + 1:]
    program, args = words[0], []
    for i, arg in enumerate(words[1:], 1):
        if words[i - 1] == "--games":
            arg = str(min(int(arg), 3))
        elif arg in ("my_eights.rules", "queens.rules") or Path(arg).suffix in (".jsonl", ".png"):
            arg = str(tmp / arg)  # the tutorial's own files, and what a command writes
        if any(ch in arg for ch in "*?["):
            args += sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(arg))
        else:
            args.append(arg)
    return program, args, pipe


@pytest.fixture
def tutorial_files(tmp_path):
    """my_eights.rules as the tutorial leaves it (its chapter 9 says: the same as examples/crazy_eights.rules), and
    the variant queens.rules of its chapter 11, beside it."""
    (tmp_path / "my_eights.rules").write_text((ROOT / "examples" / "crazy_eights.rules").read_text(encoding="utf-8"),
                                              encoding="utf-8")
    chapter = TUTORIAL.read_text(encoding="utf-8").split("## 11.")[1].split("## 12.")[0]
    (queens,) = _blocks(chapter, "rules")
    assert queens.startswith('extends "my_eights.rules"')
    (tmp_path / "queens.rules").write_text(queens, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("where,cmd", COMMANDS, ids=[f"{w}:{c[:60]}" for w, c in COMMANDS])
def test_every_command_of_the_docs_runs(where, cmd, tutorial_files, monkeypatch, capsys):
    """Run in this process (`rulelang.cli.main`, or the script by `runpy`), which is what the command line does less
    its start-up: the test stays cheap."""
    program, args, pipe = _argv(cmd, tutorial_files)
    assert pipe in ([], ["cat"]), f"{where}: `{cmd}` pipes into something this test does not know"
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("XDG_DATA_HOME", str(tutorial_files / "data"))
    # A game with a person in it reads its moves from the pipe: `quit` leaves it (a bots-only game never asks).
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    if args[:1] == ["resume"]:  # a game to list: one move made, then left
        monkeypatch.setattr(sys, "stdin", io.StringIO("draw\nquit\n"))
        assert cli.main(["run", "express", "--seed", "1"]) == 0
        monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
        capsys.readouterr()
    if program in ("rulelang", ".venv/bin/rulelang"):
        status = cli.main(args)
    elif program == ".venv/bin/python":
        monkeypatch.setattr(sys, "argv", args)
        status = 0
        try:
            runpy.run_path(args[0], run_name="__main__")
        except SystemExit as e:
            status = e.code or 0
    else:
        raise AssertionError(f"{where}: a command runs `{program}`, which this test does not know")
    out, err = capsys.readouterr()
    assert status == 0, f"{where}: `{cmd}` exited {status}\n{out[-2000:]}\n{err[-2000:]}"
    assert out.strip(), f"{where}: `{cmd}` printed nothing"
    if args[:1] == ["resume"]:
        assert "UNO Express — You, Ada, Bo, Cy — 1 move · You to move" in out  # one move, not "1 moves"


def test_readme_check_output_is_what_check_prints(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(b for b in _blocks(readme, "console") if b.startswith("$ .venv/bin/rulelang check "))
    cmd, *shown = block.splitlines()
    assert cmd == "$ " + README_CHECK
    program, args, _ = _argv(cmd[2:], ROOT)
    assert cli.main(args) == 0
    assert capsys.readouterr().out.splitlines() == shown


def test_tutorial_first_check_prints_what_the_tutorial_shows(tmp_path, monkeypatch, capsys):
    """Chapter 1: the two first lines alone, checked, give the three errors the tutorial prints."""
    chapter = TUTORIAL.read_text(encoding="utf-8").split("## 1.")[1].split("## 2.")[0]
    (code,) = _blocks(chapter, "rules")
    (console,) = _blocks(chapter, "console")
    cmd, *shown = console.splitlines()
    assert cmd == "$ rulelang check my_eights.rules"
    (tmp_path / "my_eights.rules").write_text(code, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["check", "my_eights.rules"]) == 1
    assert capsys.readouterr().err.splitlines() == shown


# ------------------------------------------------------------------ the tutorial's President is examples/president.rules

def _code_lines(text: str) -> list[str]:
    """The lines of a rules text that are code: comments and blank lines dropped, spaces evened."""
    lines = []
    for line in text.splitlines():
        code = re.match(r'(?:[^"#]|"[^"]*")*', line).group()  # up to a `#` outside a string
        if code.split():
            lines.append(" ".join(code.split()))
    return lines


def _president_chapter() -> str:
    return "\n".join(_blocks(TUTORIAL.read_text(encoding="utf-8").split("## 14.")[1].split("## Where next")[0], "rules"))


def test_tutorial_president_builds_the_example(tmp_path):
    """Chapter 14's blocks, put together in the order the chapter gives them, are a whole game with exactly the lines of
    examples/president.rules (in another order) and it plays exactly as the example does."""
    written = _president_chapter()
    example = (ROOT / "examples" / "president.rules").read_text(encoding="utf-8")
    assert Counter(_code_lines(written)) == Counter(_code_lines(example))
    (tmp_path / "president.rules").write_text(written, encoding="utf-8")
    games = []
    for program in (rulelang.load(tmp_path / "president.rules"), rulelang.load(ROOT / "examples" / "president.rules")):
        g = Game(program, 4, seed=3, match=True)
        bots = [GreedyBot(seed=i) for i in range(4)]
        moves = []
        while not g.over and len(moves) < 2000:
            d = g.pending
            move = bots[d.player].choose(program, g.view(d.player), d)
            moves.append(move.text)
            g.apply(d.player, move)
        assert g.over
        games.append((moves, g.winners, g.scores))
    assert games[0] == games[1]
    assert len(games[0][0]) > 100  # a match of several hands, with the card exchange of the later hands


def test_readme_python_of_the_api_runs(monkeypatch, capsys):
    """"Using it from Python": its two blocks, run one after the other as a reader would paste them."""
    monkeypatch.chdir(ROOT)
    blocks = [b for b in _blocks((ROOT / "README.md").read_text(encoding="utf-8"), "python")
              if "from interpreter import Game" in b or "game.deciding" in b]
    assert len(blocks) == 2
    names: dict = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), names)
    assert names["game"].record()[:1] == [(0, "draw")]  # the second block's seat drew
    printed = capsys.readouterr().out.splitlines()
    # the first block's seat to decide (Bob: seed 1 turns up a Draw Two, and Ann draws 2 and is skipped), then its
    # game ended
    assert printed[0].startswith("Bob ['play ") and printed[1].startswith("[")


def test_tutorial_crazy_eights_writes_every_line_of_the_example():
    """Chapter 9 says the file is now examples/crazy_eights.rules: every code line of the example is written in
    chapters 1-9 (the chapters also show a first `turn` and `play` that chapter 7 replaces, so not the reverse)."""
    chapters = TUTORIAL.read_text(encoding="utf-8").split("## 1.")[1].split("## 10.")[0]
    written = Counter(line for block in _blocks(chapters, "rules") for line in _code_lines(block))
    example = Counter(_code_lines((ROOT / "examples" / "crazy_eights.rules").read_text(encoding="utf-8")))
    assert example - written == Counter()
    assert "turn {" in written and written["turn {"] == example["turn {"] + 1  # the first turn, then the one that stays
