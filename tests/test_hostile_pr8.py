"""Hostile input, lane pr8: a person at the prompt, at the network and with files, trying to break rulelang as a
user can.  Each test failed before its fix."""
from __future__ import annotations

import pytest

from test_save import main


@pytest.mark.parametrize("command", [["run", "uno", "--humans", "0"], ["simulate", "uno", "--games", "1"],
                                     ["serve", "uno", "--port", "0"]])
def test_an_option_given_twice_is_refused_naming_it(command, capsys, monkeypatch):
    """`run --option X=a --option X=b` played with the last value and said nothing of the first (sweep refuses an
    option given twice).  Now refused before anything is played or served, naming the option and both values."""
    status, out, err = main(capsys, monkeypatch, *command, "--seed", "1", "--option", "alternate_scoring=true",
                            "--option", " alternate_scoring = false")
    assert (status, out) == (1, "")
    assert err == ("--option alternate_scoring is given twice (`alternate_scoring=true`, then "
                   "`alternate_scoring = false`): give each option once\n")


def test_a_plot_to_a_named_pipe_that_no_program_reads_is_refused_before_the_games(tmp_path, capsys, monkeypatch):
    """`sweep --plot FIFO` with nothing reading the pipe played every game, printed the grid, then waited for ever
    in `open` with nothing said.  Now the plot's file is opened before the games: such a pipe is waited for
    paths.PIPE_WAIT seconds (10; 0.3 here) and refused in one line, as --log is; a pipe a program reads gets the
    PNG."""
    import os
    import threading

    from rulelang import paths

    pytest.importorskip("matplotlib")
    monkeypatch.setattr(paths, "PIPE_WAIT", 0.3)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    status, out, err = main(capsys, monkeypatch, "sweep", "express", "--games", "1", "--players", "2", "--plot", pipe)
    assert (status, out) == (1, "")
    assert err == f"--plot {pipe} is a pipe that no program reads (waited 0.3 s): name a file, or start the " \
                  "program that reads the pipe first\n"
    got: list = []

    def read():
        with open(pipe, "rb") as f:
            got.append(f.read())

    reader = threading.Thread(target=read)
    reader.start()
    status, out, err = main(capsys, monkeypatch, "sweep", "express", "--games", "1", "--players", "2", "--plot", pipe)
    reader.join()
    assert (status, err) == (0, "") and out.endswith(f"plot: {pipe}\n")
    assert got[0][:8] == b"\x89PNG\r\n\x1a\n"
