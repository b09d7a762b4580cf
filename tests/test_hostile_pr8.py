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
