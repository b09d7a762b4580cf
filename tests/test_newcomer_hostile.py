"""What a careless or hostile user types at the command line, in a .rules file or at the prompt, found by a newcomer
(lane nw): each is refused in one line with its place, within a bounded time and memory, never a traceback."""
from __future__ import annotations

import pytest

from rulelang import cli


@pytest.mark.parametrize("args, error", [
    (["sweep", "express", "--players", "2..100000000000"], "--players: `2..100000000000` is not a count from 1 to 100"),
    (["sweep", "express", "--players", "5..2"], "--players: `5..2` is an empty range: a range counts up (`2..5`)"),
    (["sweep", "express", "--players", "0"], "--players: `0` is not a count from 1 to 100"),
    (["simulate", "express", "--players", "50"], "UNO Express is for 2 to 10 players, not 50"),
    (["simulate", "express", "--option", "nope"], "unknown option `nope`; this game's options: alternate_scoring"),
    (["simulate", "express", "--option", "alternate_scoring=maybe"],
     "option `alternate_scoring` is true or false, not `maybe`"),
])
def test_a_sweep_or_simulate_the_game_refuses_is_one_line_before_any_game(args, error, capsys):
    # (a range of ten thousand million player counts was made as a list: MemoryError; a bad option or player count
    # in simulate played no game and printed a whole empty report with "Seeds 1..1 failed")
    assert cli.main([*args, "--games", "2"]) == 1
    out, err = capsys.readouterr()
    assert err.strip() == error and "Wins" not in out
