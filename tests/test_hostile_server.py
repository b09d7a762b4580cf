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


def test_a_welcome_of_the_wrong_shape_is_told_in_words_not_a_traceback():
    """A server (not a rulelang table, or a hostile one) whose welcome has fields of the wrong kind, a seat past the
    table's, or rules without the main file: `join` says it cannot read it and ends, status 1.  Before, `main` as a
    number was a TypeError traceback from pathlib; a seat of 99 went on to the game."""
    import asyncio
    import json

    import pytest
    from websockets.asyncio.server import serve

    from interpreter.errors import RulesError
    from rulelang.net.client import join

    good = {"v": 2, "type": "welcome", "seat": 0, "name": "x", "game": "g", "players": 2, "main": "m.rules",
            "texts": {"m.rules": (GAMES / "express.rules").read_text(encoding="utf-8")}, "started": False,
            "window": None}
    shapes = [({"main": 3}, "`main` is not text"), ({"texts": []}, "`texts` is not a mapping of texts"),
              ({"seat": "0"}, "`seat` is not a seat of the table"), ({"seat": 99}, "`seat` is not a seat of the table"),
              ({"players": "x"}, "`players` is not a number of players"),
              ({"main": "/etc/hostname"}, "`texts` does not hold the main file `/etc/hostname`")]

    async def one(changed):
        async def handler(ws):
            async for _ in ws:
                await ws.send(json.dumps({**good, **changed}))
        async with serve(handler, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            with pytest.raises(RulesError) as refused:
                await join(f"127.0.0.1:{port}", "ABCDEFGHJKLMNPQR", None, Screen(False))
        return str(refused.value)

    for changed, what in shapes:
        told = asyncio.run(asyncio.wait_for(one(changed), 10))
        assert told.startswith("the table at 127.0.0.1:") and told.endswith(
            f" sent a welcome this rulelang cannot read ({what}): is it a rulelang table of this release?"), told


def test_a_question_the_server_asks_drives_no_terminal(capsys, monkeypatch):
    """The `ask` a server sends (a house rule put to the table) is the prompt's own text: in a pipe it was written
    as it came, escape sequences and a carriage return (which writes the line again from its start) with it."""
    import asyncio
    import io
    import sys

    class Conn:
        sent = []

        async def send(self, text):
            self.sent.append(text)

    monkeypatch.setattr(sys, "stdin", io.StringIO("n\n"))
    program = load(GAMES / "uno.rules")
    host = JoinHost(RemoteGame(program, 0), 0, Screen(False), Conn())
    asyncio.run(host.answer({"type": "ask", "id": 1, "question": HOSTILE}))
    out = capsys.readouterr().out
    assert out.startswith("x?]0;owned??[2J???1m?gnp.exe y\tz [y/N] ") and '"yes":false' in Conn.sent[0]
