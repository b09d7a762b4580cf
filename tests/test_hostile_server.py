"""What a server `rulelang join` reached sends is shown, never obeyed: no control character or escape sequence it
puts in a notice, an error or a name reaches the terminal (prompt_toolkit lets only ESC go; a pipe, nothing)."""
from pathlib import Path

from rulelang import load
from rulelang.net.client import JoinHost, RemoteGame
from rulelang.terminal.host import Screen

GAMES = Path(__file__).resolve().parent.parent / "games"
HOSTILE = "x\x1b]0;owned\x07\x1b[2J\r\x08\x9b1m\u202egnp.exe y\tz"


def test_a_servers_text_drives_no_terminal(capsys):
    program = load(GAMES / "uno.rules")
    host = JoinHost(RemoteGame(program, 0), 0, Screen(False), None)
    host.on_message({"type": "notice", "text": HOSTILE})
    host.on_message({"type": "error", "message": HOSTILE})
    out = capsys.readouterr().out
    assert out.splitlines() == ["x?]0;owned??[2J???1m?gnp.exe y\tz", "✗ x?]0;owned??[2J???1m?gnp.exe y\tz"]
