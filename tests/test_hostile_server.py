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


def test_a_message_the_client_cannot_read_is_left_out_and_the_next_are_read(capsys):
    """An update without its view, one whose view lacks the names: each is told and left out, and the messages
    after them are still read (the task reading them ended at the first: the screen stood still, the game with it,
    and nothing said why)."""
    import asyncio
    import json
    from types import SimpleNamespace

    class Conn:  # what the client reads of a connection: its messages, then how it closed
        protocol = SimpleNamespace(close_rcvd=None)

        def __init__(self, messages):
            self.messages = [json.dumps({"v": 2, **m}) for m in messages]

        def __aiter__(self):
            return self

        async def __anext__(self):
            if not self.messages:
                raise StopAsyncIteration
            return self.messages.pop(0)

    program = load(GAMES / "uno.rules")
    conn = Conn([{"type": "update"}, {"type": "update", "view": {}}, {"type": "notice", "text": "still here"}])
    host = JoinHost(RemoteGame(program, 0), 0, Screen(False), conn, retry=False)
    asyncio.run(host.receive())
    assert capsys.readouterr().out.splitlines() == [
        "✗ the server sent a `update` message this rulelang cannot read (no `view`): it is left out",
        "✗ the server sent a `update` message this rulelang cannot read (no `names`): it is left out",
        "still here"]
    assert host.lost == "the connection closed"
