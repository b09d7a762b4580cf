"""The prompt's command table (terminal/host.COMMANDS): one entry per command, the handler it names, and `help`
listing them; a network seat reads lines through the same table."""
from __future__ import annotations

from helpers import program
from interpreter import Game
from rulelang.net.client import JoinHost
from rulelang.terminal.host import AGAIN, COMMANDS, DONE, MOVE, Host, Screen, command_named


def host_at(capsys):
    g = Game(program("uno"), 2, seed=1)
    host = Host(g, [0, 1], {}, Screen(False), 0.0)
    capsys.readouterr()
    return host, g


def test_every_command_has_its_handler_and_help_lists_them(capsys):
    host, g = host_at(capsys)
    for c in COMMANDS.values():
        assert callable(getattr(Host, c.run)) and callable(getattr(JoinHost, c.run))
    assert host.take_line(g.pending.player, g.pending, "help") is AGAIN
    told = capsys.readouterr().out
    assert all(f"{name}" in told and c.doc in told for name, c in COMMANDS.items())
    assert command_named("EXIT") is COMMANDS["quit"] and command_named("draw") is None


def test_a_line_is_a_command_or_a_move(capsys):
    host, g = host_at(capsys)
    d = g.pending
    assert host.take_line(d.player, d, "rules") is AGAIN
    assert g.program.name in capsys.readouterr().out
    assert host.take_line(d.player, d, "  draw ") == (MOVE, "draw")
    assert host.take_line(d.player, d, "quit") == (DONE, 0)
    assert "leave" in capsys.readouterr().out.lower()
