"""Hostile input, lane pr9: a person at the prompt, at the network and with files, trying to break rulelang as a
user can.  Each test failed before its fix."""
from __future__ import annotations

import pytest

from test_save import main


@pytest.mark.parametrize("bots", [",", " ", " , "])
def test_sweep_with_no_kind_of_bot_is_refused_as_simulate_refuses_it(bots, capsys, monkeypatch):
    """`sweep --bots ,` (or spaces) named no bot and ended in a ZeroDivisionError traceback after the grid was made
    (simulate refuses it with argparse's one line).  Now refused the same way, before any game."""
    with pytest.raises(SystemExit) as stopped:
        main(capsys, monkeypatch, "sweep", "express", "--games", "1", "--players", "2", "--bots", bots)
    out, err = capsys.readouterr()
    assert (stopped.value.code, out) == (2, "")
    assert err.endswith("rulelang sweep: error: argument --bots: name at least one kind of bot, e.g. greedy or "
                        "greedy,random\n")
    assert "Traceback" not in err


@pytest.mark.parametrize("decl, column, told", [
    ("var x = 1 / 0", 9, "division by zero"),
    ("var x per player = 1000000000000 * 1000000000", 20,
     "a number grew past the limit of numbers (±999,999,999,999,999,999)"),
])
def test_a_variable_whose_first_value_fails_is_told_at_its_place_by_its_name(decl, column, told, tmp_path, capsys,
                                                                             monkeypatch):
    """A `var` whose first value fails when the hand begins (a division by zero, a number past the limit: `check`
    passes it) was told as 'a variable's first value cannot be worked out: division by zero', with no file, line
    or name: in a file of many variables, no way to tell which.  Now at the `var`'s value, with its caret, naming
    it."""
    from helpers import TINY

    path = tmp_path / "bad_var.rules"
    path.write_text(TINY + decl + "\n", encoding="utf-8")
    line = TINY.count("\n") + 1
    status, out, err = main(capsys, monkeypatch, "run", path, "--humans", "0", "--seed", "1")
    assert status == 1
    assert err.splitlines()[0] == f"{path}:{line}:{column}: `x`'s first value cannot be worked out: {told}"
    assert err.splitlines()[1:3] == [f"    {decl}", " " * (3 + column) + "^" + "~" * (len(decl) - column)]
    assert "Traceback" not in err
