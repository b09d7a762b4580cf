"""Three people play Liar's UNO over the network, each at `rulelang join` in a pseudo-terminal (pexpect).

The table is served in this process, on 127.0.0.1 at a free port, so that the test can see whose decision it
is and choose, as a person would, what to type at that person's terminal: a greedy bot's choice for a move,
Enter to let a challenge window pass.  Once, a claim by Ann (seat 1) is challenged by Cy (seat 3, not next
to her in four seats); mid-game Bob leaves with Ctrl-D and joins again with his code, his screen redrawn.
The game is played to its end; every terminal says so.
"""
from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("websockets")
pexpect = pytest.importorskip("pexpect")

import rulelang  # noqa: E402
from interpreter.bots import GreedyBot  # noqa: E402
from rulelang.net.server import Table, run_table  # noqa: E402
from helpers import PtyTerminal, plain  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAME_TIME = 150  # seconds the whole game may take
MAX_TYPED = 900  # lines typed, at most


class Served:
    """A table run by its own event loop in a thread; `call(fn)` runs fn on that loop and returns its result."""

    def __init__(self, table: Table):
        self.table = table
        self.loop = asyncio.new_event_loop()
        self.address = None
        ready = threading.Event()
        self.stop_event = None

        def ready_at(address):
            self.address = address
            ready.set()

        async def main():
            self.stop_event = asyncio.Event()

            async def commands():
                await self.stop_event.wait()
                yield "quit"

            await run_table(table, "127.0.0.1", 0, ready=ready_at, commands=commands())

        def serve():
            self.loop.run_until_complete(main())
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        assert ready.wait(15), "the table did not start listening"

    def call(self, fn):
        async def run():
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def stop(self):
        if self.stop_event is not None:
            self.loop.call_soon_threadsafe(self.stop_event.set)
        self.thread.join(10)


class Prompted(PtyTerminal):
    """A terminal whose lines are typed at a prompt, as a person waits for one: keys typed between two prompts (a
    command's answer being printed, a decision being shown) wait in the next prompt's line, their Enter not taken."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.child.delaybeforesend = None  # a line waits for its prompt (below), not pexpect's fixed 0.05 s a send

    def line(self, text: str) -> None:
        import termios

        deadline = time.monotonic() + 10
        while termios.tcgetattr(self.child.child_fd)[3] & termios.ISIG:  # a prompt reads keys raw (ISIG off)
            assert time.monotonic() < deadline, "no prompt came up"
            time.sleep(0.01)
        super().line(text)


class Joined(Prompted):
    """`rulelang join` at a 24x100 pseudo-terminal."""

    def __init__(self, address: str, code: str, name: str | None):
        super().__init__(["join", address, code] + (["--name", name] if name else []))
        self.handled = 0  # decisions shown on this screen and answered

    def shown(self) -> int:
        """How many decisions this screen has put to its person: a `Moves:` line, or a window's `Enter = no.`"""
        self.read_more(0.02)
        screen = plain(self.raw)
        return screen.count("\nMoves: ") + screen.count("Enter = no.")


@pytest.mark.slow
def test_three_people_play_liars_uno_to_the_end_over_the_network():
    prog = rulelang.load(ROOT / "games" / "liars.rules")
    table = Table(prog, 4, seed=4, out=lambda line: None, save=None)
    served = Served(table)
    terms = {}
    try:
        for seat, name in enumerate(["Ann", "Bob", "Cy"]):
            terms[seat] = Joined(served.address, table.seats[seat].code, name)
            terms[seat].expect("Waiting for the host to start")
        assert served.call(table.start) is None
        bot = GreedyBot(99)
        typed = 0
        challenged = None
        rejoined = False
        deadline = time.monotonic() + GAME_TIME

        def next_step():
            g = table.game
            d = g.pending
            if g.over or d is None:
                return None
            if table.seats[d.player].kind != "person":
                return ("wait", d.player, None, len(g.record()))
            if d.window:
                claim = g.view(d.player).get("claim")
                wants = challenged is None and d.player == 2 and claim and claim["player"] == 0
                return ("window", d.player, "challenge" if wants else "", len(g.record()))
            move = bot.choose(g.program, g.view(d.player), d)
            text = " ".join([move.text, *sorted(move.calls)])
            return ("move", d.player, text, len(g.record()))

        while True:
            assert time.monotonic() < deadline, "the game took too long"
            step = served.call(next_step)
            if step is None:
                break
            kind, seat, text, moves = step
            if kind == "wait":
                time.sleep(0.02)
                continue
            t = terms[seat]
            # Bob leaves at his tenth decision and joins again.
            if seat == 1 and not rejoined and t.handled >= 10 and kind == "move":
                while t.shown() <= t.handled:
                    assert time.monotonic() < deadline
                # Ctrl-D once the prompt is up (typed earlier, the terminal itself would take it as end of input)
                while plain(t.raw).rfind("Bob>") < plain(t.raw).rfind("\nMoves: "):
                    assert time.monotonic() < deadline
                    t.read_more(0.05)
                time.sleep(0.2)
                t.child.sendcontrol("d")
                t.expect("Leave the table? [y/N]")  # asked first, as at a local game
                t.line("y")
                t.expect("your seat is kept")
                assert t.exit_status() == 0
                assert served.call(lambda: table.seats[1].state()) == "gone"
                t = terms[1] = Joined(served.address, table.seats[1].code, None)
                t.expect("you have seat 2 (Bob)")
                t.expect("you are Bob")  # the screen drawn afresh from his view: the table, his hand, his moves
                t.expect("Your hand (")
                rejoined = True
            while t.shown() <= t.handled:
                assert time.monotonic() < deadline, f"seat {seat + 1} was never shown its decision"
            t.handled = t.shown()
            t.line(text)
            typed += 1
            assert typed <= MAX_TYPED
            if text == "challenge":
                challenged = moves
            # the move is made (or, for a window, answered) when the record grows
            while served.call(lambda: len(table.game.record())) == moves:
                assert time.monotonic() < deadline, f"{text!r} at seat {seat + 1} was not taken"
                time.sleep(0.02)

        g = table.game
        assert g.over
        record = g.record()
        assert challenged is not None and record[challenged] == (2, "challenge")
        claimer = next(s for s, t in reversed(record[:challenged]) if t.startswith(("truth", "bluff", "cheat", "claim")))
        assert claimer == 0  # Ann's claim, challenged by Cy across the table
        assert rejoined
        winners = " and ".join(g.names[w] for w in g.winners)
        for seat, t in terms.items():
            t.expect("Game over: ", timeout=15)
            assert t.exit_status() == 0
        assert winners
    finally:
        for t in terms.values():
            t.close()
        served.stop()


def test_a_race_at_the_prompt_is_lost_by_the_last_to_type():
    """House Rules, two people at `rulelang join` and a bot: Ann's Red 3 +Rule makes her write the book's
    formula, `race "moo"`; Bo's Green 3 sets it off; both terminals say `moo!`; Bo types it at once, Ann
    after the bot has surely done it, and Ann, the last, draws a card."""
    from helpers import deal_stack

    ann = ["R3+", "G1", "B4", "Y6", "Y7", "Y8", "B2"]
    bo = ["G3", "B1", "G4", "Y1", "Y2", "Y9", "B8"]
    cy = ["G6", "G7", "G8", "B6", "B9", "Y4", "B7"]
    stack = deal_stack([ann, bo, cy], "R5", ["Y5", "G9", "G2", "R8"])
    table = Table(rulelang.load(ROOT / "games" / "house.rules"), 3, seed=1, out=lambda line: None, stack=stack,
                  window=8)
    served = Served(table)
    terms = []
    try:
        for seat, name in enumerate(["Ann", "Bo"]):
            terms.append(Joined(served.address, table.seats[seat].code, name))
            terms[-1].expect("Waiting for the host to start")
        assert served.call(table.start) is None
        a, b = terms
        a.expect("Moves: ")
        a.line("help")  # the local prompt's commands, answered at the client from what the server sent
        a.expect("Commands:")
        a.line("rules")
        a.expect("No house rules yet.")
        a.line("fly")  # refused before Enter is taken (the validator), and by the server if it were sent
        a.type("\x15")  # Ctrl-U: the line is cleared
        a.line("play R3+")
        assert "✗" not in a.expect("You play")  # `fly` never reached the server
        a.expect("Make up a rule for every 3 played from now on")
        a.expect("Moves: write")
        a.line('write when played(card) if card.number == key { race "moo" }')
        b.expect("Moves: ")
        b.line("play G3")
        b.expect("Everyone: moo!")
        b.expect("(type `moo`)")
        b.line("moo")
        a.expect("Everyone: moo!")
        a.expect("(type `moo`)")
        time.sleep(3.2)  # slower than a bot (0.8 to 3 s)
        a.line("moo")
        told = a.expect("You were the last to do it and draw 1")
        times = {name: float(t) for name, t in re.findall(r"\b(Ann|Bo|Ada) (\d+\.\d+) s", told)}
        assert set(times) == {"Ann", "Bo", "Ada"} and "moo! " in told
        assert times["Ann"] >= 3.2 and times["Ann"] == max(times.values())
        assert "Bo was the last" not in b.expect("Ann was the last to do it and draws 1")
        record = served.call(table.game.record)
        assert record[record.index((1, "play G3")) + 1] == (1, "last Ann")
    finally:
        for t in terms:
            t.close()
        served.stop()


def _house_table(**kw):
    """House Rules for Ann at `rulelang join` and a bot, Ann to play first with Red 3 +Rule in hand."""
    from helpers import deal_stack

    ann = ["R3+", "G1", "B4", "Y6", "Y7", "Y8", "B2"]
    ada = ["G3", "B1", "G4", "Y1", "Y2", "Y9", "B8"]
    stack = deal_stack([ann, ada], "R5", ["Y5", "G9", "G2", "R8"])
    table = Table(rulelang.load(ROOT / "games" / "house.rules"), 2, seed=1, out=lambda line: None, stack=stack,
                  **kw)
    served = Served(table)
    return table, served


def test_a_joined_terminal_takes_its_seat_again_after_a_drop_and_writes_rules_in_the_local_editor():
    """The connection (not the server) is cut under a joined client: it tries again by itself with its code,
    takes its seat back, its screen drawn afresh from its view, and plays on.  Then `write` and `house` alone
    open the local rule editor over the network: a misspelt rule is refused as it is typed, with the checker's
    line and column (checked at the client against the rules' text, which is public), and the rule taken is put
    in force by the server."""
    table, served = _house_table()
    t = None
    try:
        t = Joined(served.address, table.seats[0].code, "Ann")
        t.expect("Waiting for the host to start")
        assert served.call(table.start) is None
        t.expect("Moves: ")
        first = served.call(lambda: table.seats[0].conn)
        served.call(lambda: first.transport.abort())  # the TCP connection dies; the table goes on
        t.expect("taking your seat again")
        t.expect("Back at the table.")
        t.expect("you are Ann")  # redrawn from her view
        t.expect("Moves: ")
        # A second drop: now the screen is cleared before the table is drawn afresh, by the terminal's own escape
        # sequence (not printed as the text `?[H?[2J`, as prompt_toolkit's stdout proxy shows it unless raw).
        again = served.call(lambda: table.seats[0].conn)
        served.call(lambda: again.transport.abort())
        t.expect("Back at the table.")
        t.expect("you are Ann")
        assert "\x1b[2J" in t.raw and "?[2J" not in t.raw
        t.expect("Moves: ")
        assert served.call(lambda: (table.seats[0].state(), table.seats[0].conn is not first)) == ("here", True)
        # The prompt's keys are a local game's: a refused line is selected, and what is typed next replaces it.
        t.line("play B9")  # refused (its message is in the toolbar, not drawn in this pty)
        t.line("play R3+")  # glued onto `play B9` it would be refused too
        t.expect("Moves: write")
        assert served.call(table.game.record) == [(0, "play R3+")]
        t.line("write")
        t.expect("rule>")
        t.type("when played(card) if card.numbr == key { }")
        t.expect("1:27: unknown attribute `numbr`")  # refused as typed, at its place: the checker's message
        t.type("\x15")  # Ctrl-U: the line is cleared
        t.line('when played(card) if card.number == key { say "three" }')
        t.expect("Moves: ")
        rules = served.call(lambda: [r["text"] for r in table.game.house_rules.values()])
        assert rules == ['when played(card) if card.number == key { say "three" }']
        # `house` alone: the same editor, for a rule of the whole table (nobody else to ask here)
        deadline = time.monotonic() + 10
        while served.call(lambda: table.game.pending.player) != 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        t.line("house")
        t.expect("house rule>")
        t.line('when played(card) if card.colour == blue { say "blue!" }')
        t.expect("The table agrees to Ann's house rule.")
        texts = served.call(lambda: [r["text"] for r in table.game.house_rules.values()])
        assert 'when played(card) if card.colour == blue { say "blue!" }' in texts
    finally:
        if t is not None:
            t.close()
        served.stop()


def test_a_window_at_a_joined_terminal_shows_its_countdown_and_passes_when_time_is_up():
    """Liar's UNO with `--window 1`: Ann plays her first option at each turn until the bot's claim puts a
    challenge window to her; her terminal shows the seconds she has, and when she does not answer, it passes."""
    table = Table(rulelang.load(ROOT / "games" / "liars.rules"), 2, seed=0, out=lambda line: None, window=1)
    served = Served(table)
    t = None
    try:
        t = Joined(served.address, table.seats[0].code, "Ann")
        t.expect("Waiting for the host to start")
        assert served.call(table.start) is None
        deadline = time.monotonic() + 30
        for _ in range(12):  # seed 0: the window is her fourth decision
            d = served.call(lambda: table.game.pending)
            while d is None or d.player != 0:
                assert time.monotonic() < deadline, "Ann was never asked again"
                time.sleep(0.02)
                d = served.call(lambda: table.game.pending)
            if d.window:
                break
            moves = served.call(lambda: len(table.game.record()))
            t.expect("Moves: ")
            t.line(d.options[0].text)
            while served.call(lambda: len(table.game.record())) == moves:
                assert time.monotonic() < deadline
                time.sleep(0.02)
        assert d.window
        at = served.call(lambda: len(table.game.record()))
        t.expect("Enter = no.")
        left = int(re.search(r"⏱ (\d+) s to answer", t.expect("s to answer") + "s to answer").group(1))
        assert left == 1
        t.expect("Time is up: you let it pass.")
        assert served.call(table.game.record)[at] == (0, "pass")
    finally:
        if t is not None:
            t.close()
        served.stop()


def test_while_others_play_a_joined_terminal_takes_commands_and_ctrl_d_leaves_keeping_the_seat():
    """A joined terminal waiting (the lobby; another's move) has a prompt for the commands answered there: `help`
    and the like at once, anything else told it is not their move yet; Ctrl-C clears the line, as at the move
    prompt; Ctrl-D asks, as at a local game, and `y` leaves as `quit` does, saying that the seat is kept."""
    table, served = _house_table()
    t = None
    try:
        t = Joined(served.address, table.seats[0].code, "Ann")
        t.expect("Waiting for the host to start")
        t.expect("waiting>")
        assert "No house rules yet." in t.answer("waiting>", "rules")
        t.line("play r3")
        t.expect("It is not your move yet (↑ at your move's prompt brings the line back)")
        t.type("hand")
        t.expect("hand")  # as a person types: they see the line, then clear it, then see the new prompt
        t.type("\x03")
        t.expect("waiting>")
        t.type("\x04")
        t.expect("Leave the table? [y/N]")
        t.line("y")
        t.expect("your seat is kept: the same `rulelang join` takes it again")
        assert t.exit_status() == 0
        deadline = time.monotonic() + 10
        while served.call(lambda: table.seats[0].state()) != "gone":
            assert time.monotonic() < deadline
            time.sleep(0.02)
    finally:
        if t is not None:
            t.close()
        served.stop()


def test_the_host_plays_a_seat_at_the_serving_terminal(tmp_path):
    """`rulelang serve --play`: the host has seat 1 at the serving terminal, with the local prompt (hand, moves,
    help) and the table's commands (seats, start, bot SEAT) at the same prompt; Bob
    joins seat 2 from another terminal with the code the host's screen shows; `quit` stops the table."""
    host = Prompted(["serve", "games/express.rules", "--players", "3", "--port", "0", "--play", "--name", "Ann",
                        "--seed", "3", "--delay", "0", "--save", str(tmp_path / "table.json")])
    bob = None
    try:
        printed = host.expect("host>")
        address, code = re.search(r"seat 2: rulelang join (\S+) (\S+)", printed).groups()
        assert "seat 1: rulelang join" not in printed  # the host's own seat is taken here, not by a code
        bob = Joined(address, code, "Bob")
        bob.expect("Waiting for the host to start")
        host.expect("Bob joins seat 2.")
        host.line("seats")
        host.expect("Seats: 1 Ann (here) · 2 Bob (here) · 3 (open)")
        host.expect("seat 3: rulelang join")  # the command's own lines (Bob's joining printed the seats alone)
        host.line("start")
        host.expect("Your hand (5): ")
        host.expect("Moves: play")
        # The seats are in the toolbar under her prompt (not drawn in a pseudo-terminal that does not answer
        # prompt_toolkit's cursor questions) and a command at it:
        host.line("seats")
        host.expect("Seats: 1 Ann (here) ◀ · 2 Bob (here) · 3 Ada (bot)")
        host.line("help")
        host.expect("As the host: seats · bot SEAT")
        host.line("play Y4")
        host.expect("You play")
        bob.expect("Ann plays")  # Bob is told her move; his own decision comes
        bob.expect("Moves: ")
        host.expect("host>")  # while others play: the table's commands
        host.line("bot 2")
        bob.expect("The host has handed your seat to a bot.")
        host.expect("Bob's seat is played by a bot from now on")
        host.expect("Moves: ")  # the bots play round to her (a line typed as her prompt opens would wait in it)
        host.expect("Ann>")
        host.line("quit")
        host.expect("serve --resume")  # (`.venv/bin/rulelang serve ...`, as the shell found it)
        assert host.exit_status() == 0
    finally:
        host.close()
        if bob is not None:
            bob.close()


def test_keys_typed_while_others_play_at_a_joined_terminal_wait_for_the_prompt_as_at_a_local_one():
    """As at `rulelang run` (test_typeahead.py): what Ann types while Bob plays waits in her next prompt's line (the
    `waiting>` prompt's line too, when her decision closes it), an Enter typed ahead is not sent, a Ctrl-C between
    prompts (the server slow to answer) ends nothing, and a Ctrl-D typed ahead asks at once.  Bob is a person
    whose moves the test makes at the table, so that every key lands where it is meant to."""
    import termios

    from test_terminal import STACK

    table = Table(rulelang.load(ROOT / "games" / "express.rules"), 2, seed=7, out=lambda line: None, stack=STACK)
    served = Served(table)
    t = None

    def bob(move):
        assert served.call(lambda: table.act(table.seats[1], move)) is None

    def moves():
        return [text for _, text in served.call(table.game.record)]

    try:
        def bob_sits():
            table.seats[1].kind, table.seats[1].name = "person", "Bob"
        served.call(bob_sits)
        t = Joined(served.address, table.seats[0].code, "Ann")
        t.child.delaybeforesend = None
        t.expect("Ann>")  # every seat taken: the game starts
        t.type("play R3\rhe")  # the prompt reads `he` past the Enter: it goes to the next prompt's line
        t.expect("You play ♥Red 3")
        t.expect("waiting> he")
        t.type("l")
        bob("play R8")  # Ann's decision closes the `waiting>` prompt under her fingers: `hel` is kept
        t.expect("Bob plays ♥Red 8")
        t.expect("Ann> hel")
        t.line("p")
        t.expect("Moves now:")
        t.expect("Ann>")  # the prompt again (keys typed before it would wait in its line, their Enter not taken)
        # The server holds Ann's move a while: no prompt shows, and the terminal is the game's (ISIG: no prompt
        # reads it raw; Ctrl-C is a key the client reads in its place) until her move comes back.
        held, release = threading.Event(), threading.Event()

        async def hold():
            held.set()
            release.wait(10)
        asyncio.run_coroutine_threadsafe(hold(), served.loop)
        assert held.wait(10)
        t.line("play R5")
        t.expect("Ann> play R5")
        deadline = time.monotonic() + 10
        while not termios.tcgetattr(t.child.child_fd)[3] & termios.ISIG:  # the prompt has closed
            assert time.monotonic() < deadline
            time.sleep(0.01)
        # Ctrl-C between prompts, and a move with its Enter typed ahead in the same instant: the Ctrl-C is a key
        # read in its place (it was a signal, which dropped the keys still unread, those after it too: the test
        # waited 0.5 s between them, and could lose `draw` on a loaded machine).
        t.type("\x03draw\r")
        release.set()
        t.expect("You play ♥Red 5")
        t.expect("(typed while the others played; not sent: Enter sends it)")
        t.expect("waiting> draw")
        bob("draw")
        t.expect("Bob draws")
        t.expect("Ann> draw")  # still not sent
        assert moves() == ["play R3", "play R8", "play R5", "draw"]
        t.type("\x15\x04")  # Ctrl-U, Ctrl-D: asked, as at a local game
        t.expect("Leave the table? [y/N]")
        t.line("n")
        t.expect("Ann>")
        t.type("draw\r\x04y\r")  # the `y` after the Ctrl-D answers the question; it is no move
        t.expect("You draw")
        t.expect("Leave the table? [y/N]")
        t.expect("You leave the table; your seat is kept")
        assert t.exit_status() == 0
        assert moves() == ["play R3", "play R8", "play R5", "draw", "draw"]
        assert "Traceback" not in t.raw and "^C" not in plain(t.raw)
    finally:
        if t is not None:
            t.close()
        served.stop()


@pytest.mark.parametrize("address, why", [("127.0.0.1:99999", "the port is a number from 1 to 65535"),
                                          ("127.0.0.1:-1", "the port is a number from 1 to 65535"),
                                          (":8765", "it names no host (`127.0.0.1:8765` for a table on this machine)"),
                                          ("[::1", "invalid IPv6 URL")])
def test_join_refuses_an_address_that_is_none_without_a_traceback(address, why):
    """A mistyped address (a port past 65535 or below 1, no host, a `[` never closed) is told, as one that cannot be
    reached is: it ended in urllib's ValueError and a traceback, then in urllib's words ("port could not be cast to
    integer value as '-1'", "isn't a valid URI: hostname isn't provided").  Nothing is sent anywhere: the address is
    refused as it is read."""
    import subprocess

    from helpers import rulelang_command

    done = subprocess.run(rulelang_command() + ["join", address, "abc"], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == (f"`{address}` is not an address of a table (HOST:PORT, as `rulelang serve` prints "
                                   f"it): {why}")


def test_a_move_typed_while_waiting_comes_back_with_the_up_arrow_at_the_move_prompt():
    """A move typed at `waiting>` (not the seat's turn yet) is not lost: told it is not their move, the person finds
    it with ↑ at the move's prompt when the decision comes (the waiting prompt kept no history of its own).  Keys
    typed just after a Ctrl-C at the move's prompt go to the prompt opened again, as at a local game: they were
    taken for keys typed while others played, their Enter not taken."""
    table, served = _house_table()
    t = None
    try:
        t = Joined(served.address, table.seats[0].code, "Ann")
        t.expect("waiting>")
        t.line("play r3+")
        t.expect("It is not your move yet (↑ at your move's prompt brings the line back)")
        t.expect("waiting>")
        assert served.call(table.start) is None
        t.expect("Ann>")
        t.type("\x1b[A")  # ↑
        t.expect("play r3+")
        t.type("\x03" + "play r3+\r")  # Ctrl-C clears the line; what is typed after it is the next prompt's, Enter too
        t.expect("You play ♥Red 3 +Rule")
        assert "typed while the others played" not in plain(t.raw)  # (they were taken for keys typed ahead)
        t.type("\x04y\r")
        t.expect("your seat is kept")
        assert t.exit_status() == 0
        assert "Traceback" not in t.raw
    finally:
        if t is not None:
            t.close()
        served.stop()


def test_while_others_play_the_waiting_prompt_shows_whose_turn_it_is():
    """The `waiting>` prompt's toolbar says whose turn it is and how the table stands, as the move's prompt does (it
    had none: nothing on screen said whose move was awaited); in the lobby, that the host has not started.  Read
    through a terminal emulator, which draws the toolbar as a terminal does."""
    table, served = _house_table()
    t = None
    try:
        t = PtyTerminal(["join", served.address, table.seats[1].code, "--name", "Bob"], emulate=True)
        t.child.delaybeforesend = None
        t.wait_for_screen(lambda rows: rows[-1] == " waiting for the host to start")
        assert served.call(table.start) is None  # a bot takes the open seat, the first to play
        rows = t.wait_for_screen(lambda rows: "to play:" in rows[-1])
        assert rows[-1].startswith(" to play: ")
        t.type("\x04y\r")
        t.expect("your seat is kept")
        assert t.exit_status() == 0
    finally:
        if t is not None:
            t.close()
        served.stop()
