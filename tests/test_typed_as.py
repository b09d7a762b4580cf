"""`MOVE as WHAT` typed in one line (`truth LR7 as R7`): WHAT answers the question the move asks next of the same
seat in the same turn, and nothing else.  Before, it answered whatever decision of that seat came next: after a
Skip in two seats, the seat's next turn (`play GS as W` played the Wild too); and where the move asked nothing,
` as WHAT` was dropped without a word.  The same at the local prompt and on the server."""
from __future__ import annotations

import asyncio

import pytest

from interpreter import Game
from rulelang.terminal.host import Host, Screen

from helpers import program

# UNO Express, seed 5, You and Ada: your hand GS B4 BD1 W W2 on a Green 6; a Skip gives you the next turn.


def local(capsys):
    g = Game(program("express"), ["You", "Ada"], seed=5)
    return g, Host(g, [0], {}, Screen(False), 0.0)


def test_as_after_a_move_that_asks_nothing_more_this_turn_is_not_taken_for_the_next_turn(capsys):
    g, host = local(capsys)
    assert host.make_move(0, g.pending, "play GS as W")
    assert g.record() == [(0, "play GS")]  # the Wild is not played on the turn the Skip gave back
    assert g.turns == 1 and g.pending.player == 0
    out = capsys.readouterr().out
    assert "✗ `as W` is not taken: `play GS` asks nothing more of you" in out


def test_as_answers_the_question_the_move_asks_in_the_same_turn(capsys):
    g, host = local(capsys)
    assert host.make_move(0, g.pending, "play W as red")
    assert g.record() == [(0, "play W"), (0, "colour red")]


def test_as_answers_a_claim_in_liars_uno(capsys):
    g = Game(program("liars"), ["You", "Ada"], seed=5)
    host = Host(g, [0], {}, Screen(False), 0.0)
    assert host.make_move(0, g.pending, "truth LG3 as G3")
    assert g.record() == [(0, "truth LG3"), (0, "claim G3")]


def test_the_server_takes_as_as_the_local_prompt_does(tmp_path):
    pytest.importorskip("websockets")
    from rulelang.net.server import Table

    async def main():
        t = Table(program("express"), 2, seed=5, save=tmp_path / "g.yaml", out=lambda line: None)
        seat = t.seats[0]
        seat.kind, seat.name = "person", "You"
        t.start()
        return t, t.act(seat, "play GS as W")

    t, told = asyncio.run(main())
    assert t.game.record() == [(0, "play GS")]
    assert told == "`as W` is not taken: `play GS` asks nothing more of you"
