"""Network play over a real socket: a table served on 127.0.0.1 (a free port), clients speaking the protocol.

Security: codes are random and a seat acts only with its own; junk, oversized, too many and out-of-turn
messages are refused with an error and the table goes on.  Faults: a seat is kept when its person leaves and
rejoined with its code (redrawn from its view); the host hands a gone seat to a bot; a window closes after
--window seconds.  Every test bounds its time (`bounded`) and its requests (`Client.budget`) and stops its
server.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import re
from pathlib import Path

import pytest

websockets = pytest.importorskip("websockets")

import rulelang  # noqa: E402
from rulelang.net import protocol  # noqa: E402
from rulelang.net.server import CODE_ALPHABET, CODE_LENGTH, Table, run_table  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TEST_TIME = 40  # seconds any one test may take


def bounded(coro_fn):
    """Run an async test with a time limit."""
    @functools.wraps(coro_fn)
    def run(*args, **kwargs):
        asyncio.run(asyncio.wait_for(coro_fn(*args, **kwargs), TEST_TIME))
    return run


@contextlib.asynccontextmanager
async def serving(tmp_path, game="express", players=2, **kw):
    """A table on 127.0.0.1 at a free port: (table, address, host commands queue, host's lines)."""
    lines = []
    path = ROOT / game if game.endswith(".rules") else ROOT / "games" / f"{game}.rules"  # a name of games/, or a path
    table = Table(rulelang.load(path), players, out=lines.append,
                  save=tmp_path / "table.yaml", seed=kw.pop("seed", 7), **kw)
    ready = asyncio.get_running_loop().create_future()
    commands = asyncio.Queue()

    async def typed():
        while True:
            yield await commands.get()

    task = asyncio.ensure_future(run_table(table, "127.0.0.1", 0, ready=ready.set_result, commands=typed()))
    address = await asyncio.wait_for(ready, 10)
    assert address.startswith("127.0.0.1:")
    try:
        yield table, address, commands, lines
    finally:
        task.cancel()
        with contextlib.suppress(BaseException):
            await task


class Client:
    """One connection, with a budget of messages it may send."""

    def __init__(self, conn, budget: int = 300):
        self.conn = conn
        self.budget = budget
        self.last_update = None

    @classmethod
    async def open(cls, address, code=None, name=None, budget: int = 300):
        conn = await connect(f"ws://{address}", max_size=protocol.MAX_FROM_SERVER)
        c = cls(conn, budget)
        if code is not None:
            await c.send("hello", code=code, name=name)
        return c

    async def send_raw(self, raw) -> None:
        self.budget -= 1
        assert self.budget >= 0, "the test sent more messages than it allowed itself"
        await self.conn.send(raw)

    async def send(self, kind, **fields) -> None:
        await self.send_raw(protocol.encode(kind, **fields))

    async def recv(self, kind=None, timeout: float = 10, where=None) -> dict:
        """The next message (of `kind`, and for which `where(msg)` holds), skipping others."""
        while True:
            msg = json.loads(await asyncio.wait_for(self.conn.recv(), timeout))
            if msg["type"] == "update":
                self.last_update = msg
            if (kind is None or msg["type"] == kind) and (where is None or where(msg)):
                return msg

    async def my_turn(self, timeout: float = 10) -> dict:
        return await self.recv("update", timeout, where=lambda m: m["decision"] is not None)

    async def close(self):
        await self.conn.close()


async def joined_and_started(tmp_path_table, names=("Ann",)):
    table, address, commands, lines = tmp_path_table
    clients = []
    for i, name in enumerate(names):
        c = await Client.open(address, table.seats[i].code, name)
        assert (await c.recv("welcome"))["seat"] == i
        clients.append(c)
    await commands.put("start")
    return clients


# ---------------------------------------------------------------- codes


def test_join_codes_are_random_long_and_distinct():
    prog = rulelang.load(ROOT / "games" / "liars.rules")
    codes = [s.code for _ in range(20) for s in Table(prog, 4, out=lambda line: None).seats]
    assert len(set(codes)) == len(codes)
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert len(CODE_ALPHABET) ** CODE_LENGTH > 2**75


@bounded
async def test_a_wrong_code_is_refused_and_the_connection_closed(tmp_path):
    async with serving(tmp_path) as (table, address, commands, lines):
        right = table.seats[0].code
        wrong = right[:-1] + ("a" if right[-1] != "a" else "b")
        c = await Client.open(address, wrong, "Eve")
        msg = await c.recv()
        assert msg == {"v": 2, "type": "error", "message": "no seat at this table has that code"}
        with pytest.raises(ConnectionClosed):
            await c.recv(timeout=5)
        assert table.seats[0].kind == "open"
        ok = await Client.open(address, right, "Ann")
        assert (await ok.recv("welcome"))["name"] == "Ann"
        await ok.close()


@bounded
async def test_join_takes_the_address_as_a_person_types_it(tmp_path):
    """`rulelang join` reads HOST:PORT as serve prints it, and also `http://HOST:PORT` (a browser's habit) and HOST
    alone (serve's default port, 8765): each reaches the table, not "Name or service not known"."""
    from rulelang.net.client import open_seat, table_uri

    assert table_uri("192.168.1.20") == "ws://192.168.1.20:8765" and table_uri("[::1]") == "ws://[::1]:8765"
    assert table_uri("127.0.0.1:9") == "ws://127.0.0.1:9" and table_uri("HTTPS://h:9") == "wss://h:9"
    async with serving(tmp_path) as (table, address, commands, lines):
        conn, welcome = await open_seat(f"http://{address}", table.seats[0].code, "Ann")
        assert welcome["name"] == "Ann"
        await conn.close()



@bounded
async def test_join_to_a_port_alone_asks_for_host_and_port():
    """`rulelang join 8765 CODE` (the port, without the host): said so, not read as the host `8765` (an IPv4 number,
    which reached whatever answered at 0.0.34.61:8765 and was told "something else listens there")."""
    from rulelang.errors import RulesError
    from rulelang.net.client import open_seat

    with pytest.raises(RulesError) as e:
        await open_seat("8797", "CODE", None)
    assert str(e.value) == ("`8797` is a port alone: type the table's HOST:PORT, as `rulelang serve` prints it "
                            "(`127.0.0.1:8797` for a table on this machine)")


@bounded
async def test_join_to_a_port_where_no_table_listens_says_so(tmp_path):
    """A web server (or any program that answers, not as a table does) at the address: told so, not a traceback of
    the WebSocket handshake (InvalidMessage, InvalidStatus)."""
    from rulelang.errors import RulesError
    from rulelang.net.client import open_seat

    async def answer(reader, writer):
        await reader.read(1024)
        writer.write(b"HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()
        writer.close()

    async def mute(reader, writer):
        writer.close()

    for handler in (answer, mute):
        server = await asyncio.start_server(handler, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            with pytest.raises(RulesError) as told:
                await open_seat(f"127.0.0.1:{port}", "abc", "Ann")
            assert f"no rulelang table answers at 127.0.0.1:{port}" in str(told.value) \
                or "closed the connection" in str(told.value)
        finally:
            server.close()
            await server.wait_closed()


@bounded
async def test_join_to_a_table_of_another_release_says_so():
    """A table whose protocol version is not this side's (an older or newer rulelang): the person is told to join with
    the table's release, whether the table refuses the hello in its own version's words or welcomes in its own."""
    from websockets.asyncio.server import serve

    from rulelang.net.client import Refused, open_seat

    older_refusal = {"v": 1, "type": "error", "message": "protocol version 2; this side speaks version 1"}
    newer_welcome = {"v": 3, "type": "welcome", "seat": 0}
    for reply, theirs in ((older_refusal, "version 1"), (newer_welcome, "version 3"),
                          ({"v": "\x1b[2J", "type": "error"}, "an unknown version"), ({"type": "error"}, "no version")):
        async def answer(conn, reply=reply):
            await conn.recv()
            await conn.send(json.dumps(reply))
            await conn.wait_closed()

        async with serve(answer, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            with pytest.raises(Refused) as told:
                await open_seat(f"127.0.0.1:{port}", "abc", "Ann")
            assert str(told.value) == (f"the table at 127.0.0.1:{port} speaks {theirs} of rulelang's network "
                                       f"protocol and this rulelang speaks version {protocol.VERSION}: join with the "
                                       f"same release of rulelang as the table's")


@bounded
async def test_the_first_message_must_be_hello(tmp_path):
    async with serving(tmp_path) as (table, address, commands, lines):
        c = await Client.open(address)
        await c.send("move", text="play R1")
        assert (await c.recv())["message"] == "say `hello` with your seat's code first"
        with pytest.raises(ConnectionClosed):
            await c.recv(timeout=5)


# ---------------------------------------------------------------- junk, size, rate, turn


@bounded
async def test_junk_is_refused_with_an_error_and_the_table_goes_on(tmp_path):
    async with serving(tmp_path) as served:
        table = served[0]
        (ann,) = await joined_and_started(served)
        first = await ann.my_turn()
        junk = {
            "not json": "not JSON",
            "[1, 2]": "a message is a JSON object",
            '{"v": 1, "type": "move", "text": "draw"}': "this table speaks version 2 of rulelang's network protocol and "
                                                       "you sent version 1: join with the same release of rulelang "
                                                       "as the table's",
            '{"type": "move", "text": "draw"}': "this table speaks version 2 of rulelang's network protocol and you "
                                                "sent no version: join with the same release of rulelang as the table's",
            '{"v": 2}': "a message has a `type`",
            '{"v": 2, "type": "dance"}': "unknown message type `dance`",
            '{"v": 2, "type": "move", "text": 5}': "`text` must be text of at most 4080 characters",
            '{"v": 2, "type": "move", "text": "' + "x" * 4500 + '"}': "`text` must be text of at most 4080 characters",
            '{"v": 2, "type": "hello", "code": "x"}': "you have joined already",
            '{"v": 2, "type": "move", "text": "fly away"}': None,  # the game's own refusal, below
        }
        for raw, expected in junk.items():
            await ann.send_raw(raw)
            msg = await ann.recv()
            assert msg["type"] == "error", raw
            if expected is not None:
                assert msg["message"] == expected, raw
            else:
                assert msg["message"].startswith("no move or card is called `fly away`; your hand: ")
        await ann.send_raw(b"\x00\xff binary")
        assert (await ann.recv())["message"] == "messages are JSON text, not binary"
        assert table.game.record() == []  # nothing changed
        move = first["decision"]["options"][0]["text"]
        await ann.send("move", text=move)
        after = await ann.recv("update")
        assert table.game.record()[0] == (0, move)
        assert after["events"]


@bounded
async def test_oversized_messages_are_refused_and_the_seat_is_kept(tmp_path):
    async with serving(tmp_path) as served:
        table, address = served[0], served[1]
        (ann,) = await joined_and_started(served)
        await ann.my_turn()
        await ann.send("move", text="x" * 30000)  # over 24 KiB: refused, the connection stays
        assert (await ann.recv())["message"] == f"message too long (at most {protocol.MAX_MESSAGE} bytes)"
        await ann.send("ping")
        assert (await ann.recv())["type"] == "pong"
        await ann.send("move", text="x" * 100_000)  # over the frame limit: the connection is closed
        with pytest.raises(ConnectionClosed) as closed:
            await ann.recv(timeout=5)
        assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
        again = await Client.open(address, table.seats[0].code)
        await again.recv("welcome")
        redrawn = await again.my_turn()
        assert redrawn["redraw"] is True
        assert table.seats[0].name == "Ann" and table.game.record() == []


@bounded
async def test_too_many_messages_are_refused(tmp_path):
    async with serving(tmp_path) as served:
        (ann,) = await joined_and_started(served)
        await ann.my_turn()
        for _ in range(120):
            await ann.send("ping")
        pongs, refusals = 0, 0
        while pongs + refusals < 120:
            try:  # not every refused message is answered (one in 20): the replies end when the socket goes quiet
                msg = await ann.recv(timeout=0.3 if refusals else 2)
            except TimeoutError:
                break
            if msg["type"] == "pong":
                pongs += 1
            elif msg["type"] == "error":
                assert msg["message"] == "too many messages: slow down"
                refusals += 1
        assert refusals >= 1 and pongs < 120
        await asyncio.sleep(0.25)  # the allowance comes back (RATE a second: 5 messages by then)
        await ann.send("ping")
        assert (await ann.recv(where=lambda m: m["type"] != "error"))["type"] == "pong"


@bounded
async def test_a_move_out_of_turn_is_refused_and_no_seat_acts_for_another(tmp_path):
    async with serving(tmp_path) as served:
        table = served[0]
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        d = (await ann.my_turn())["decision"]
        assert d["player"] == 0
        update = await bob.recv("update")
        assert update["decision"] is None  # Bob is not sent Ann's options
        assert "options" not in update["view"]["pending"] and "prompt" not in update["view"]["pending"]
        for text in [o["text"] for o in d["options"]][:3]:
            await bob.send("move", text=text, seat=0, player=0)  # naming Ann's seat changes nothing
            assert (await bob.recv("error"))["message"] == "it is not your move: it is Ann's"
        assert table.game.record() == []
        hand = [c for c in update["view"]["zones"]["hand"][0]["cards"]]
        assert hand and all(c is None for c in hand)  # and Bob does not see Ann's hand


# ---------------------------------------------------------------- faults


@bounded
async def test_a_seat_is_kept_when_its_person_leaves_and_rejoined_with_its_code(tmp_path):
    async with serving(tmp_path, players=2) as served:
        table, address, commands, lines = served
        (ann,) = await joined_and_started(served)
        first = await ann.my_turn()
        move = first["decision"]["options"][0]["text"]
        await ann.send("move", text=move)
        await ann.recv("update")
        mine = await ann.my_turn(timeout=15)
        await ann.close()
        await asyncio.sleep(0.3)
        assert table.seats[0].state() == "gone"
        assert any("has left seat 1; the seat is kept" in line for line in lines)
        back = await Client.open(address, table.seats[0].code)
        welcome = await back.recv("welcome")
        assert (welcome["seat"], welcome["name"], welcome["started"]) == (0, "Ann", True)
        redrawn = await back.my_turn()
        assert redrawn["redraw"] is True
        assert redrawn["view"] == mine["view"] and redrawn["decision"] == mine["decision"]
        assert any(e.get("type") == "choice" and e.get("move") == move for e in redrawn["events"])
        assert table.game.record()[0] == (0, move)


@bounded
async def test_the_host_hands_a_gone_seat_to_a_bot(tmp_path):
    async with serving(tmp_path, players=2, seat_timeout=0.2) as served:
        table, address, commands, lines = served
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        msg = await ann.my_turn()
        await bob.close()
        told = "Bob has been gone over 0.2 s: `bot 2` hands seat 2 to a bot."
        for _ in range(100):  # the table looks for gone seats once a second: told within 1.2 s, waited for up to 5 s
            if told in lines:
                break
            await asyncio.sleep(0.05)
        assert told in lines
        await commands.put("bot 2")
        # Ann plays on against the bot to the end of the game
        for _ in range(250):
            if msg["view"]["over"]:
                break
            if msg["decision"] is not None:
                await ann.send("move", text=msg["decision"]["options"][0]["text"])
            msg = await ann.recv("update", timeout=15)
        assert table.game.over and msg["view"]["over"]
        assert any(seat == 1 for seat, _ in table.game.record())
        refused = await Client.open(address, table.seats[1].code)
        assert (await refused.recv())["message"] == "this seat is played by a bot now"


@bounded
async def test_a_seat_number_in_other_digits_is_refused_and_the_table_goes_on(tmp_path):
    """`bot ²` (a digit to str.isdigit, not to int) at the host's terminal: before, a ValueError ended the task
    reading the host's commands, and the table stopped at once, every connection closed, nothing said."""
    async with serving(tmp_path, players=2) as served:
        table, address, commands, lines = served
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        await ann.my_turn()
        before = len(lines)
        for line in ("bot \u00b2", "bot \u0661"):  # (int reads the second as 1: Ann's seat)
            await commands.put(line)
        await commands.put("seats")
        for _ in range(60):  # up to 3 s for the `seats` typed after them
            if any(line.startswith("Seats:") for line in lines[before:]):
                break
            await asyncio.sleep(0.05)
        assert lines.count("Commands: start (fill the open seats with bots and deal) · seats · bot SEAT (a bot plays "
                           "a seat whose person is gone) · quit") == 2
        assert not table.closed.is_set() and table.seats[0].kind == table.seats[1].kind == "person"
        await ann.send("ping")
        assert (await ann.recv("pong"))["type"] == "pong"


@bounded
async def test_a_rule_holding_control_characters_is_refused_not_put_to_the_others(tmp_path):
    """A client sends a rule whose comment holds a carriage return (the line written again from its start), a
    right-to-left mark or an escape sequence: put to Bob as it was, it could show him another rule than the one he
    agrees to (`# \r Ann proposes the house rule `...` a harmless one`), or drive his terminal.  The prompt drops
    them as they are typed; a move from the network holding one is refused, with its character named."""
    async with serving(tmp_path) as served:
        table = served[0]
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        await ann.my_turn()
        for sign, named in (("\r", "\\r"), ("\u202e", "\\u202e"), ("\x1b[2J", "\\x1b")):
            await ann.send("move", text=f"/house when played(card) {{ skip }} # {sign}harmless")
            assert (await ann.recv("error"))["message"] == (f"a move holds a control character ({named}), which "
                                                            "a terminal would obey: type it again without")
        await ann.send("move", text="/house when played(card) {\n  skip\n}")  # a rule of several lines, as typed
        assert (await bob.recv("ask"))["question"].startswith("Ann proposes this house rule:")
        assert table.game.house_rules == {}


@bounded
async def test_a_move_of_very_many_events_is_sent_as_a_redraw_and_keeps_the_players(tmp_path):
    """A house rule within the bounds that tries many draws from an empty pile: an event each (`the draw pile is
    empty`).  At 60,000 their update was 7 MB, past what a client takes (4 MB): every player's connection closed
    (1009) at each card played.  Now a seat more than MAX_UPDATE_EVENTS behind is sent a redraw, as a rejoin is:
    the last events and the table as it stands (5,000 here, to be quick)."""
    from rulelang.net.protocol import MAX_UPDATE_EVENTS, REJOIN_EVENTS

    async with serving(tmp_path) as served:
        table = served[0]
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        d = (await ann.my_turn())["decision"]
        await ann.send("move", text="/house when played(card) { for x in 1..5000 { move 1 from draw to hand(next) } }")
        await bob.send("answer", id=(await bob.recv("ask"))["id"], yes=True)
        await ann.recv("update")
        before = len(table.game.events)
        await ann.send("move", text=next(o["text"] for o in d["options"] if o["verb"] == "play"))
        told = await bob.recv("update", timeout=30, where=lambda m: m["redraw"])
        assert len(table.game.events) - before > MAX_UPDATE_EVENTS and len(told["events"]) <= REJOIN_EVENTS
        await bob.send("ping")
        assert (await bob.recv("pong"))["type"] == "pong"


@bounded
async def test_a_person_whose_seat_is_handed_to_a_bot_is_sent_no_decision_of_it(tmp_path):
    """The host hands a seat to a bot while its person is still here (slow, or away from the keys): the person
    watches on, sent the events and the view, but not the seat's decisions, which the bot makes.  Before, every
    update still carried the seat's decision: their prompt kept asking for moves the table refused ("this seat is
    played by a bot now"), the bot's already made."""
    async with serving(tmp_path, players=2) as served:
        table, address, commands, lines = served
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        await ann.my_turn()
        await commands.put("bot 1")
        assert (await ann.recv("notice"))["text"] == "The host has handed your seat to a bot."
        asked, bots_moves = [], lambda: sum(1 for seat, _ in table.game.record() if seat == 0)
        for _ in range(200):  # Bob plays on; the bot plays Ann's seat, twice
            if bots_moves() >= 2 or table.game.over:
                break
            msg = await bob.recv("update", timeout=15)
            if msg["decision"] is not None:
                await bob.send("move", text=msg["decision"]["options"][0]["text"])
        assert bots_moves() >= 2
        while True:
            try:
                msg = await ann.recv("update", timeout=0.5)
            except TimeoutError:
                break
            asked.append(msg["decision"])
        assert asked and all(d is None for d in asked)


@bounded
async def test_a_house_rule_that_lets_the_games_own_rules_peek_does_not_stop_the_table(tmp_path):
    """Ann's rule sets the colour in play from the hidden top of the draw pile; the game's own `where` reads it at
    the next decision.  Before, the bot's next play failed on it, and the table stopped for everyone (its loop
    ended with the error).  Now the rule is dropped, the table told why, and the game goes on."""
    async with serving(tmp_path) as served:
        table = served[0]
        (ann,) = await joined_and_started(served)
        await ann.my_turn()
        await ann.send("move", text="/house when played(card) { set current_colour = top(draw).colour }")
        assert (await ann.recv("notice"))["text"] == "The table agrees to Ann's house rule."
        for _ in range(60):
            msg = await ann.recv("update", timeout=15)
            if msg["decision"] is not None:
                await ann.send("move", text=msg["decision"]["options"][0]["text"])
            if len(table.game.record()) >= 6:
                break
        assert len(table.game.record()) >= 6 and table.game.house_rules == {}
        assert [e.name for e in table.game.events if e.type == "house_rule_dropped"] == ["table_rule_1"]


@bounded
async def test_the_host_is_told_when_a_seat_is_taken_by_a_second_connection(tmp_path):
    """A second connection with Ann's code takes her seat (her first is closed): the host's terminal says so.
    Before, it said "Ann joins seat 1." again, as if nothing had happened: a code copied by someone else took a
    seat unseen."""
    async with serving(tmp_path) as served:
        table, address, commands, lines = served
        ann = await Client.open(address, table.seats[0].code, "Ann")
        await ann.recv("welcome")
        again = await Client.open(address, table.seats[0].code, "Zed")
        assert (await again.recv("welcome"))["name"] == "Ann"
        with pytest.raises(ConnectionClosed):
            while True:
                await ann.recv(timeout=5)
        assert [line for line in lines if "seat 1" in line and not line.startswith("Seats")] == [
            "Ann joins seat 1.", "Ann's seat 1 is joined again from another connection; the first is closed."]


@bounded
async def test_a_name_that_reads_as_anothers_in_other_letters_is_refused(tmp_path):
    """`Аnn` with a Cyrillic `А`, `Ａｎｎ` in fullwidth letters: the table would read two
    players as one (a vote, a move told by name).  Before, each was taken beside Ann."""
    async with serving(tmp_path, players=3) as served:
        table, address, commands, lines = served
        ann = await Client.open(address, table.seats[0].code, "Ann")
        await ann.recv("welcome")
        for name in ("\u0410nn", "\uff21\uff4e\uff4e"):
            other = await Client.open(address, table.seats[1].code, name)
            assert (await other.recv())["message"] == (f"the name {name} reads as Ann, who is at this table: choose "
                                                      "another with --name")
        assert table.seats[1].kind == "open"


@bounded
async def test_a_window_closes_after_its_time_with_a_countdown(tmp_path):
    # Liar's UNO: Ann never answers; each challenge window she is asked in passes after 0.5 s.
    async with serving(tmp_path, game="liars", players=3, window=0.5, seed=2) as served:
        table = served[0]
        (ann,) = await joined_and_started(served)
        passed = 0
        for _ in range(300):
            msg = await ann.recv(timeout=15)
            if msg["type"] == "notice" and msg["text"] == "Time is up: you let it pass.":
                passed += 1
                if passed == 2:
                    break
            if msg["type"] == "update" and msg["decision"] is not None:
                d = msg["decision"]
                if d["window"]:
                    assert 0 < msg["deadline"] <= 0.5
                else:
                    await ann.send("move", text=d["options"][0]["text"])
        assert passed == 2
        assert sum(1 for seat, text in table.game.record() if seat == 0 and text == "pass") >= 2


def test_serve_on_a_port_in_use_says_how_to_take_another(tmp_path, capsys):
    import socket

    from rulelang import cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "express", "--port", str(port), "--save", str(tmp_path / "t.yaml")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"cannot listen on 127.0.0.1:{port}: ") and "`--port 0` takes any free port" in err


def test_serve_refuses_a_game_and_resume_both_missing(capsys):
    from rulelang.cli import main

    assert main(["serve"]) == 1
    assert "serve needs a game" in capsys.readouterr().err


@pytest.mark.parametrize("flag, value, told", [
    ("--window", "-1", "argument --window: must be more than 0 and at most 3600 seconds, not -1"),
    ("--window", "nan", "argument --window: must be more than 0 and at most 3600 seconds, not nan"),
    ("--seat-timeout", "inf", "argument --seat-timeout: must be more than 0 and at most 86400 seconds, not inf"),
    ("--delay", "-5", "argument --delay: must be from 0 to 60 seconds, not -5"),
    ("--seed", "-5", "argument --seed: must be from 0 to 9223372036854775807, not -5"),
    ("--players", "0", "argument --players: must be from 1 to 100, not 0"),
])
def test_serve_refuses_a_time_or_number_out_of_bounds_as_run_does(flag, value, told, monkeypatch, capsys):
    """Before, `serve` took any float and int: `--window -1` (or nan) closed every window and race at once,
    `--seed -5` made a table `run` would refuse to replay the same way."""
    import rulelang.net.server as server
    from rulelang.cli import main

    served = []
    monkeypatch.setattr(server, "run_table", lambda *a, **k: served.append(a))
    with pytest.raises(SystemExit) as exited:
        main(["serve", "express", flag, value, "--port", "0"])
    assert exited.value.code == 2 and not served
    assert capsys.readouterr().err.splitlines()[-1] == f"rulelang serve: error: {told}"


def test_serve_sets_the_table_from_its_flags_and_refuses_a_wrong_option_or_bot(tmp_path, monkeypatch, capsys):
    """`rulelang serve GAME --players --bots --option --seed --window --seat-timeout` reach the table (served
    here by a stand-in that only keeps it: no socket); a wrong option or bot is told before anything listens."""
    import rulelang.net.server as server
    from rulelang.cli import main

    served = []

    async def keep(table, host, port, ready=None, commands=None):
        served.append((table, host, port))
        return 0

    monkeypatch.setattr(server, "run_table", keep)
    assert main(["serve", "express", "--players", "3", "--bots", "random", "--option", "alternate_scoring=true",
                 "--seed", "9", "--window", "4", "--seat-timeout", "30", "--port", "0",
                 "--save", str(tmp_path / "t.yaml")]) == 0
    (table, host, port), = served
    assert (host, port, table.players, table.seed, table.window, table.seat_timeout) == ("127.0.0.1", 0, 3, 9, 4, 30)
    table.send = lambda seat, text: None  # no socket: Ann's messages go nowhere
    table.attach(table.seats[0], object(), "Ann")
    assert table.start() is None
    assert table.game.options == {"alternate_scoring": True}  # parsed by the game's declared type
    assert [type(b).__name__ for b in table.bots.values()] == ["RandomBot"] * 2
    capsys.readouterr()
    assert main(["serve", "express", "--option", "nope=1", "--port", "0"]) == 1
    assert "unknown option `nope`; this game's options: alternate_scoring" in capsys.readouterr().err
    assert main(["serve", "express", "--bots", "nobot", "--port", "0"]) == 1
    assert "unknown bot `nobot`; bots: random, greedy, search" in capsys.readouterr().err
    assert len(served) == 1


def test_the_join_codes_are_saved_beside_the_save_for_its_owner_alone(tmp_path):
    async def go():
        async with serving(tmp_path) as served:
            await joined_and_started(served)
            await asyncio.sleep(0.3)
            return served[0]
    table = asyncio.run(asyncio.wait_for(go(), TEST_TIME))
    codes = tmp_path / "table.yaml.codes"
    assert json.loads(codes.read_text()) == [s.code for s in table.seats]
    assert codes.stat().st_mode & 0o077 == 0
    assert re.search(r"^seed: 7$", (tmp_path / "table.yaml").read_text(), re.M)


# ---------------------------------------------------------------- the command: kill -9 and --resume


def serve_command(*args):
    import sys

    script = Path(sys.executable).parent / "rulelang"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "rulelang.cli"]
    return cmd + ["serve", *args]


def test_a_killed_server_resumes_from_its_save_with_the_same_codes(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    import signal

    save = tmp_path / "killed.yaml"
    cmd = serve_command("express", "--port", "0", "--players", "2", "--seed", "5", "--save", str(save), "--delay", "0")
    server = pexpect.spawn(cmd[0], cmd[1:], encoding="utf-8", timeout=15, cwd=str(ROOT))
    try:
        server.expect(r"listening on this machine only \(127\.0\.0\.1\)")
        server.expect(r"seat 1: rulelang join (127\.0\.0\.1:\d+) (\w+)")
        address, code1 = server.match.group(1), server.match.group(2)
        server.expect(r"seat 2: rulelang join \S+ (\w+)")
        code2 = server.match.group(1)

        async def first_half():
            ann, bob = await Client.open(address, code1, "Ann"), await Client.open(address, code2, "Bob")
            server.sendline("start")
            made, ready, who = [], {}, 0
            clients = (ann, bob)
            while True:  # each plays the first option offered, until it is Ann's turn after six moves or more
                c = clients[who]
                msg = ready.pop(who, None) or await c.recv("update", where=lambda m: m["decision"] is not None)
                if len(made) >= 6 and who == 0:
                    return made, msg
                text = msg["decision"]["options"][0]["text"]
                await c.send("move", text=text)
                made.append(text)
                after = await c.recv("update")
                assert not after["view"]["over"]
                who = after["view"]["pending"]["player"]
                if after["decision"] is not None:
                    ready[who] = after

        made, standing = asyncio.run(asyncio.wait_for(first_half(), TEST_TIME))
        os.kill(server.pid, signal.SIGKILL)
        server.expect(pexpect.EOF)
    finally:
        server.close(force=True)

    cmd = serve_command("--resume", str(save), "--port", "0", "--delay", "0")
    again = pexpect.spawn(cmd[0], cmd[1:], encoding="utf-8", timeout=15, cwd=str(ROOT))
    try:
        again.expect(r"Resumed .*killed\.yaml \((\d+) moves\)")
        assert int(again.match.group(1)) == len(made)
        again.expect(r"seat 1: rulelang join (127\.0\.0\.1:\d+) (\w+)")
        address, code = again.match.group(1), again.match.group(2)
        assert code == code1

        async def second_half():
            ann = await Client.open(address, code1)
            welcome = await ann.recv("welcome")
            redrawn = await ann.my_turn()
            await ann.send("move", text=redrawn["decision"]["options"][0]["text"])
            after = await ann.recv("update")
            return welcome, redrawn, after

        welcome, redrawn, after = asyncio.run(asyncio.wait_for(second_half(), TEST_TIME))
        assert (welcome["name"], welcome["started"]) == ("Ann", True)
        assert redrawn["view"] == standing["view"] and redrawn["decision"] == standing["decision"]
        assert any(e.get("type") == "choice" for e in after["events"])
        again.sendline("quit")
        again.expect(pexpect.EOF)
    finally:
        again.close(force=True)
    from rulelang.save import read_save

    _, moves, _ = read_save(save)
    assert [t for _, t in moves[:len(made)]] == made and len(moves) == len(made) + 1


# ---------------------------------------------------------------- what the whole table agrees to, races


async def answer_asks(client, yes: bool) -> dict:
    ask = await client.recv("ask")
    await client.send("answer", id=ask["id"], yes=yes)
    return ask


RULE = "when played(card) if card.number == 7 { again }"


@bounded
async def test_a_house_rule_needs_every_person_to_agree(tmp_path):
    async with serving(tmp_path, game="uno", players=3) as served:
        table = served[0]
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        await ann.my_turn()
        await ann.send("move", text="house " + RULE)
        ask = await answer_asks(bob, False)
        assert ask["question"] == f"Ann proposes the house rule `{RULE}`. Agree?"
        assert (await ann.recv("notice", where=lambda m: "agree" in m["text"]))["text"] == \
            "Bob does not agree: no rule is added."
        assert table.game.house_rules == {} and table.game.record() == []
        await ann.send("move", text="house " + RULE)
        await answer_asks(bob, True)
        told = await ann.recv("update", where=lambda m: m["house"])
        assert told["house"] == [RULE]
        assert table.game.record() == [(0, "house " + RULE)]
        await ann.send("move", text="house when played(card) if card.numbr == 7 { again }")
        refusal = (await ann.recv("error"))["message"]
        assert refusal.startswith("1:") and "numbr" in refusal  # checked before anyone is asked


@bounded
async def test_undo_needs_the_others_consent_and_redraws_every_screen(tmp_path):
    # Express, Ann and Bob: Ann plays, Bob plays, Ann asks to take hers back (and Bob's after it).
    async with serving(tmp_path, players=2, seed=9) as served:
        table = served[0]
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        first = await ann.my_turn()
        plays = ["play B8"]  # seed 9: Ann may play B8, then Bob B4
        assert plays[0] in [o["text"] for o in first["decision"]["options"]]
        await ann.send("move", text=plays[0])
        d = (await bob.my_turn())["decision"]
        assert "play B4" in [o["text"] for o in d["options"]]
        await bob.send("move", text="play B4")
        await ann.my_turn()
        await ann.send("move", text="undo 2")  # `undo` takes nothing after it: refused, nobody asked
        assert (await ann.recv("error"))["message"].startswith("`undo 2`: `undo` takes nothing after it")
        await ann.send("move", text="undo")
        ask = await answer_asks(bob, False)
        assert ask["question"] == "Ann asks to take back their last move and the 1 move after it. Agree?"
        await ann.recv("notice", where=lambda m: m["text"] == "Bob does not agree: Ann's move stands.")
        assert len(table.game.record()) == 2
        await ann.send("move", text="/undo")  # as a client sends it (a game may name a move `undo`)
        await answer_asks(bob, True)
        redrawn = await ann.recv("update", where=lambda m: m["redraw"])
        assert table.game.record() == []
        assert redrawn["view"] == first["view"] and redrawn["decision"] == first["decision"]
        assert (await bob.recv("update", where=lambda m: m["redraw"]))["decision"] is None


@bounded
async def test_a_race_is_timed_on_the_server_as_each_line_arrives(tmp_path):
    from helpers import deal_stack

    ann_hand = ["R3+", "G1", "B4", "Y6", "Y7", "Y8", "B2"]
    bo_hand = ["G3", "B1", "G4", "Y1", "Y2", "Y9", "B8"]
    cy_hand = ["G6", "G7", "G8", "B6", "B9", "Y4", "B7"]
    stack = deal_stack([ann_hand, bo_hand, cy_hand], "R5", ["Y5", "G9", "G2", "R8"])
    async with serving(tmp_path, game="house", players=3, stack=stack, window=6) as served:
        table = served[0]
        ann, bo = await joined_and_started(served, ("Ann", "Bo"))
        await ann.my_turn()
        await ann.send("move", text="play R3+")
        await ann.my_turn()
        await ann.send("move", text='write when played(card) if card.number == key { race "moo" }')
        await bo.my_turn()
        await bo.send("move", text="play G3")
        race = await bo.recv("race")
        assert race == {"v": 2, "type": "race", "word": "moo", "deadline": 6}
        await bo.send("move", text="moo")
        assert (await ann.recv("race"))["word"] == "moo"
        await asyncio.sleep(3.2)  # slower than any bot (0.8 to 3 s)
        await ann.send("move", text="MOO")
        told = (await ann.recv("notice", where=lambda m: m["text"].startswith("moo!")))["text"]
        times = dict(re.findall(r"(\w+) (\d+\.\d+) s", told))
        assert set(times) == {"Ann", "Bo", "Ada"}  # Ada: the bot in the third seat
        assert float(times["Bo"]) < float(times["Ann"]) and float(times["Ann"]) >= 3.2  # each as its line arrived
        record = table.game.record()
        assert record[record.index((1, "play G3")) + 1] == (1, "last Ann")


@bounded
async def test_connections_that_never_say_hello_are_capped_and_do_not_stop_the_table(tmp_path):
    from rulelang.net.server import MAX_STRANGERS

    async with serving(tmp_path) as (table, address, commands, lines):
        silent = [await Client.open(address) for _ in range(MAX_STRANGERS)]
        await asyncio.sleep(0.2)
        extra = await Client.open(address)
        with pytest.raises(ConnectionClosed) as closed:
            await extra.recv(timeout=5)
        assert closed.value.rcvd.code == 1013
        for c in silent[:4]:
            await c.close()
        await asyncio.sleep(0.2)
        ann = await Client.open(address, table.seats[0].code, "Ann")
        assert (await ann.recv("welcome"))["seat"] == 0


def test_the_hosts_own_seat_reads_joining_not_gone_before_it_connects():
    """`serve --play`: the seats are listed before the host's own client has connected; its seat was "(gone)"."""
    prog = rulelang.load(ROOT / "games" / "uno.rules")
    table = Table(prog, 3, out=lambda line: None, save=None)
    table.keep_for_host("Ann")
    assert table.seat_line() == "Seats: 1 Ann (joining) · 2 (open) · 3 (open)"


@bounded
async def test_the_host_is_told_once_when_a_client_of_another_release_tries_to_join(tmp_path):
    """A friend on an older rulelang is refused with both versions; the host, who would else see nothing happen,
    is told so on the serving terminal (once: a stranger may try many times)."""
    async with serving(tmp_path) as (table, address, commands, lines):
        for _ in range(2):
            c = await Client.open(address)
            await c.send_raw(json.dumps({"v": 1, "type": "hello", "code": table.seats[0].code}))
            assert "you sent version 1" in (await c.recv("error"))["message"]
            await c.close()
        told = [line for line in lines if "another release" in line]
        assert told == ["Someone tried to join with another release of rulelang (protocol version 1; this table speaks "
                        f"version {protocol.VERSION}): they were told to join with this table's release."]


@bounded
async def test_join_where_nothing_listens_says_so_in_words():
    """A port nobody listens on: said in words, not asyncio's "Connect call failed ('127.0.0.1', PORT)"."""
    import socket

    from rulelang.errors import RulesError
    from rulelang.net.client import open_seat

    with socket.socket() as s:  # a port that was free a moment ago, and is closed again
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(RulesError) as e:
        await open_seat(f"127.0.0.1:{port}", "CODE", None)
    assert str(e.value) == (f"cannot reach a table at 127.0.0.1:{port}: nothing listens there; is `rulelang serve` "
                            f"running, and is this the address it printed?")


@bounded
async def test_a_house_rule_that_spends_a_moves_work_is_dropped_and_the_table_plays_on(tmp_path):
    """Ann's rule makes each play reveal the draw pile 30,000 times: the first play drops it (the table is told
    why) and the bot and Ann play on.  Before, the loop ran 1.4 million steps and the game's own rules failed after
    it: the bot's play stopped the table, and every player's connection with it."""
    async with serving(tmp_path, delay=0.0) as served:
        table, lines = served[0], served[3]
        (ann,) = await joined_and_started(served)
        await ann.my_turn()
        await ann.send("move", text="house when played(card) { for x in 1..30000 { reveal draw to current } }")
        turns = 0
        while not any(e.type == "house_rule_dropped" for e in table.game.events):
            msg = await ann.my_turn()
            options = [o["text"] for o in msg["decision"]["options"]]
            await ann.send("move", text=next((o for o in options if not o.startswith("play")), options[0]))
            turns += 1
            assert turns < 30, "no play in 30 turns"
        after = await ann.my_turn()  # the table goes on: Ann's turn comes again
        assert after["decision"]["options"]
        assert table.game.house_rules == {}
        assert not any("failed" in line or "Traceback" in line for line in lines), lines


@bounded
async def test_a_table_whose_rules_fail_tells_each_player_why_it_stops(tmp_path, monkeypatch):
    """The rules fail at a bot's move (a rule written in play that made every next move fail, a game's own bug):
    the table cannot go on.  Before, each player's connection was just dropped ("going away"), and `join` tried to
    take the seat again for a minute, where no table was, never saying why.  Now each is told the failure, and the
    connection closes with it (1011, which `join` does not try again after)."""
    from rulelang.errors import RulesError
    from rulelang.net import client, server

    def failing(bot, game, seat, d):
        raise RulesError("a rule failed in `t`: division by zero")

    monkeypatch.setattr(server, "ask_bot", failing)
    async with serving(tmp_path) as served:
        table, address, commands, lines = served
        (ann,) = await joined_and_started(served)
        d = (await ann.my_turn())["decision"]
        await ann.send("move", text=next(o["text"] for o in d["options"] if o["verb"] == "draw"))
        told = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                msg = await ann.recv(timeout=5)
                if msg["type"] == "notice":
                    told.append(msg["text"])
        assert told[-1] == "The table stops: the rules failed: a rule failed in `t`: division by zero"
        assert closed.value.rcvd.code == 1011 and closed.value.rcvd.reason == "the rules failed"
        assert 1011 in client.FINAL_CLOSES


@bounded
async def test_the_host_stopping_a_game_is_told_how_to_bring_it_back_and_each_player_why_it_closed(tmp_path):
    """`quit` at the server mid-game: the host's terminal says the save and the command that brings it back (it
    said nothing: the save's path was told once, at the start), and each player's connection closes with the
    reason, which `join` shows (it said "the connection closed")."""
    async with serving(tmp_path) as served:
        commands, lines = served[2], served[3]
        (ann,) = await joined_and_started(served)
        await ann.my_turn()
        await commands.put("quit")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await ann.recv(timeout=5)
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1001, "the host stopped the table")
        from rulelang.save import command
        assert lines[-1] == (f"The table stops. The game is saved: `{command()} serve --resume {tmp_path / 'table.yaml'}` "
                             "brings it back, and each person rejoins with their code.")


@bounded
async def test_a_question_put_to_a_person_is_put_again_when_they_rejoin(tmp_path):
    """Bob's connection drops while the table is asked to agree to Ann's rule: when he rejoins with his code he is
    asked again, with the time left, and his yes makes the rule (before, the question was lost with the
    connection and the proposal waited out its minute)."""
    async with serving(tmp_path, game="uno", players=3) as served:
        table, address = served[0], served[1]
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        await ann.my_turn()
        await ann.send("move", text="house " + RULE)
        first = await bob.recv("ask")
        await bob.close()
        again = await Client.open(address, table.seats[1].code)
        ask = await again.recv("ask")
        assert (ask["id"], ask["question"]) == (first["id"], first["question"])
        assert 0 < ask["deadline"] <= first["deadline"]
        await again.send("answer", id=ask["id"], yes=True)
        assert (await ann.recv("update", where=lambda m: m["house"]))["house"] == [RULE]


@bounded
async def test_a_seat_handed_to_a_bot_while_the_table_is_asked_agrees_as_bots_do(tmp_path):
    """Bob leaves while asked to agree to Ann's rule and the host hands his seat to a bot: the bot agrees, as bots
    always do, and the rule is made at once (before, the table waited out the proposal's minute for his answer)."""
    async with serving(tmp_path, game="uno", players=3) as served:
        commands = served[2]
        ann, bob = await joined_and_started(served, ("Ann", "Bob"))
        await ann.my_turn()
        await ann.send("move", text="house " + RULE)
        await bob.recv("ask")
        await bob.close()
        await commands.put("bot 2")
        assert (await ann.recv("update", where=lambda m: m["house"], timeout=5))["house"] == [RULE]


def test_serve_play_refuses_a_name_with_a_control_character_as_join_does(tmp_path, monkeypatch, capsys):
    """`serve --play --name` takes the names `join --name` may give (1 to 24 printable characters): a name holding
    an escape sequence went to the seats' line, printed as it is at the host's terminal, to every player's view."""
    import rulelang.net.server as server
    from rulelang.cli import main

    served = []

    async def keep(table, args, ready):
        served.append(table)
        return 0

    monkeypatch.setattr(server, "serve_and_play", keep)
    for name in ("\x1b[2JAnn", "A" * 25, "  "):
        assert main(["serve", "express", "--play", "--name", name, "--port", "0", "--save", str(tmp_path / "t.yaml")]) == 1
        assert capsys.readouterr().err.strip() == "--name: a name is 1 to 24 printable characters"
    assert main(["serve", "express", "--play", "--name", "Ann", "--port", "0", "--save", str(tmp_path / "t.yaml")]) == 0
    assert len(served) == 1


@bounded
async def test_one_person_among_bots_is_not_asked_a_window_with_nothing_open_to_them(tmp_path):
    """Durak's throw-in window asks every attacker whether or not they can throw in (whether the table waits tells
    nothing of a hand); the one person at a table of bots is let pass where nothing is open to them, as at a local
    terminal: every window Ann is sent holds a card to throw in, and the game goes on through those she is not."""
    async with serving(tmp_path, game="examples/more/durak.rules", players=3, seed=1) as served:
        table = served[0]
        (ann,) = await joined_and_started(served)
        windows = moves = 0
        for _ in range(400):
            if table.game is not None and table.game.over:
                break
            try:
                msg = await ann.recv(timeout=15)
            except websockets.ConnectionClosed:  # the game over, the table closes
                break
            if msg["type"] != "update" or msg["decision"] is None:
                continue
            d = msg["decision"]
            texts = [o["text"] for o in d["options"]]
            if d["window"]:
                windows += 1
                assert texts != ["pass"]
                await ann.send("move", text="pass")
            else:
                await ann.send("move", text=texts[0])
            moves += 1
            if moves >= 40:
                break
        passed_for_her = sum(1 for seat, text in table.game.record() if seat == 0 and text == "pass") - windows
        assert (moves >= 40 or table.game.over) and passed_for_her > 0, (moves, windows, passed_for_her)
