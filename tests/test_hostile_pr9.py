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
