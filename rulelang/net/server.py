"""`rulelang serve`: one table, kept on this machine; people join its seats from their own terminals.

The server is the only holder of the game.  Each seat is reached with its own join code (random, compared in
constant time); what a seat is sent is built from its own view and its own projection of the events
(protocol.py, through seat.py); what it sends is text, parsed and checked here as a move typed at the local
prompt would be.  The game is saved after every move, as a local game is (rulelang/save.py), and the codes
beside it, so that `rulelang serve --resume FILE` brings the table back.
"""
from __future__ import annotations

import asyncio
import errno
import hmac
import json
import os
import random
import secrets
import sys
import time
from pathlib import Path

from interpreter.bots import BOTS, ask_bot, make_bot
from interpreter.game import check_players, parse_options
from interpreter.narrator import english_list, name_read
from interpreter.seat import race_move, racers
from interpreter.undo import UNDO_REFUSED, last_move_of, undo_refusal

from .. import load
from ..errors import MoveError, RulesError
from ..names import name_fault, pronoun_refusal
from ..save import (SaveLock, Saver, check_new_save, command, find_save, new_save_path, no_file_to_save_to, read_save,
                    rebuild, setup_from_program)
from ..terminal.commands import command_for, extra_words
from ..terminal.editor import CONTROLS, MAX_LINE, check_rule
from ..terminal.host import Screen, act_as, nothing_open, proposed_rule
from . import need_websockets
from .client import join
from .protocol import (BURST, MAX_FRAME, MAX_UPDATE_EVENTS, RATE, REJOIN_EVENTS, VERSION, Canon, OtherVersion, ProtocolError, decode,
                       encode, text_field, versioned, wire_decision, wire_event, wire_view)
from .seat import SeatPort

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud or copied by hand
CODE_LENGTH = 16  # about 79 bits
HELLO_TIMEOUT = 10.0  # seconds a new connection has to say which seat it is
MAX_STRANGERS = 32  # connections at once that have not said which seat they are; more are closed at once
MAX_STRIKES = 200  # messages refused for speed before the connection is closed
REJOIN_PAUSE = 1.0  # seconds a seat's code waits to join again after it joined: at most a join a second
RACE_WAIT = 10.0  # seconds a race waits for people when --window does not say
PROPOSAL_WAIT = 60.0  # seconds the table has to agree to a house rule or an undo when --window does not say
BOT_NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
YES = ("y", "yes")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Bucket:
    """A token bucket: `RATE` messages a second on average, `BURST` at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Seat:
    def __init__(self, index: int, code: str):
        self.index = index
        self.code = code
        self.name = None  # a person's name once they join
        self.kind = "open"  # open | person | bot
        self.conn = None  # the live connection, if any
        self.cursor = 0  # events already sent to it
        self.gone_since = None  # monotonic time the person's connection dropped
        self.told_gone = False
        self.sent = 0  # messages sent to this seat (what the leak test reads)
        self.joined_at = -REJOIN_PAUSE  # monotonic time a connection last came to join it

    def state(self) -> str:
        if self.kind == "bot":
            return "bot"
        if self.kind == "open":
            return "open"
        return "here" if self.conn is not None else "gone"


def joinable(address: str) -> str:
    """The address people are told to join: a server listening on every interface (`--host 0.0.0.0`, `::`) is
    reached at none of those (`rulelang join 0.0.0.0:8765` from a friend's machine finds nothing); this
    machine's address on its network is given (the one a route out would use: a UDP socket connected, no packet
    sent), else its name."""
    host, sep, port = address.rpartition(":")
    if host not in ("0.0.0.0", "::", "[::]"):
        return address
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: only the route is looked up
            found = s.getsockname()[0]
    except OSError:
        found = ""
    return f"{found if found and not found.startswith(('0.', '127.')) else socket.gethostname()}{sep}{port}"


class Table:
    """One game and its seats.  Everything here runs on one asyncio loop: a move is applied whole between awaits."""

    def __init__(self, program, players: int, bots: str = "greedy", options: dict | None = None, seed: int | None = None,
                 window: float | None = None, seat_timeout: float | None = None, save: str | Path | None = None,
                 delay: float = 0.0, out=None, stack: list | None = None):
        check_players(program, players)
        self.program = program
        self.players = players
        self.bot_kind = bots
        self.options = dict(options or {})
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
        self.window = window
        self.seat_timeout = seat_timeout
        self.save_path = Path(save) if save else None
        self.delay = delay
        self.stack = list(stack) if stack else None  # the top of the draw pile, by name (tests, `--stack`)
        self.out = out or (lambda line: print(line, flush=True))
        self.seats = [Seat(i, new_code()) for i in range(players)]
        self.game = None
        self.setup = None
        self.bots: dict = {}
        self.saver = None
        self.lock = None  # the save's lock (rulelang.save.SaveLock), taken before the game is (`--save`, `--resume`)
        self.stopping = False  # the host stopped the table: the players' connections close, no one "has left"
        self.canon = Canon(program)
        self.wake = asyncio.Event()
        self.deadline = None  # (decision, monotonic time) a person's window closes at
        self.race_at = None  # (decision, start, {seat: seconds}) while a race is on
        self.proposal = None  # a house rule or an undo the other people are asked to agree to
        self.proposal_id = 0
        self.strangers = 0  # connections that have not said which seat they are
        self.closed = asyncio.Event()
        self.host_seat = None  # the seat the host plays from the serving terminal (`--play`)
        self.told_other_version = False  # the host was told a client of another release tried to join
        self.address = "HOST:PORT"  # where it listens, once it does

    # ---------------------------------------------------------- seats
    def seat_for(self, code: str):
        """The seat whose code this is, or None; every seat's code is compared, each in constant time."""
        found = None
        given = code.encode("utf-8", "surrogatepass")
        for s in self.seats:
            if hmac.compare_digest(s.code.encode(), given):
                found = s
        return found

    def seat_line(self) -> str:
        parts = []
        d = self.game.pending if self.game is not None else None
        for s in self.seats:
            who = s.name or (self.game.names[s.index] if self.game else "")
            state = s.state()
            if state == "gone" and s.gone_since is not None:
                state = f"gone {int(time.monotonic() - s.gone_since)} s"
            elif state == "gone":  # a seat kept for a person never yet here (the host's, `--play`): not "gone"
                state = "joining"
            turn = " ◀" if d is not None and d.player == s.index and not d.race else ""
            parts.append(f"{s.index + 1} {who + ' ' if who else ''}({state}){turn}")
        return "Seats: " + " · ".join(parts)

    def show_seats(self) -> None:
        self.out(self.seat_line())

    def open_seats(self):
        return [s for s in self.seats if s.kind == "open"]

    # ---------------------------------------------------------- starting
    def start(self) -> str | None:
        """Fill the open seats with bots and deal.  An error in words, or None."""
        if self.game is not None:
            return "the game has started"
        people = [s for s in self.seats if s.kind == "person"]
        if not people:
            return "nobody has joined yet: a table of bots alone is `rulelang simulate`"
        used = {name_read(s.name) for s in people}
        spare = iter([n for n in BOT_NAMES if name_read(n) not in used] +
                     [f"Bot {i}" for i in range(1, self.players + 1)])
        for s in self.seats:
            if s.kind == "open":
                s.kind = "bot"
                s.name = next(spare)
        names = [s.name for s in self.seats]
        humans = [s.index for s in people]
        self.setup = setup_from_program(self.program, names, humans, self.seed, self.options, self.stack, False,
                                        self.bot_kind)
        try:
            self.bots = self.setup.make_bots()
            self.game = self.setup.new_game()
        except ValueError as e:
            raise RulesError(str(e)) from None
        path = self.save_path or new_save_path(self.program.name)
        self.saver = Saver(path, self.setup, chosen=self.save_path is not None)
        self.saver.hold(self.lock)  # one player of a save at a time: a local `resume` of it is refused meanwhile
        self.arm()
        self.save()
        self.out(f"The game starts: {', '.join(names)}.  Saved after every move to {path}")
        self.show_seats()
        self.push_all()
        self.wake.set()
        return None

    def resume(self, path, setup, game, bots, lock=None) -> None:
        """A table brought back from its save: its people's seats wait for them, with the codes saved beside it."""
        self.setup, self.game, self.bots = setup, game, bots
        self.saver = Saver(path, setup)
        self.saver.hold(lock)
        codes = read_codes(path)
        for s in self.seats:
            s.name = setup.names[s.index]
            if s.index in setup.humans:
                s.kind = "person"
                s.gone_since = time.monotonic()
                if codes and len(codes) == len(self.seats):
                    s.code = codes[s.index]
            else:
                s.kind = "bot"
        write_codes(path, self.seats)

    def save(self, durable: bool = True) -> None:
        if self.saver is None:
            return
        was = self.saver.failed
        if not self.saver.save(self.game, finished=self.game.over, durable=durable) and not was:
            self.out(f"✗ the game could not be saved to {self.saver.path}: {self.saver.failed}")
        elif not self.saver.failed:
            write_codes(self.saver.path, self.seats)

    # ---------------------------------------------------------- what a seat is sent
    def welcome(self, seat: Seat) -> str:
        p = self.program
        return encode("welcome", seat=seat.index, name=seat.name, game=p.name, players=self.players,
                      main=next(iter(p.files)), texts=dict(p.files), started=self.game is not None,
                      window=self.window)

    def lobby(self) -> str:
        return encode("lobby", seats=[{"seat": s.index, "name": s.name, "state": s.state()} for s in self.seats])

    def update_for(self, seat: Seat, redraw: bool = False, events: bool = True) -> str:
        """The events this seat has not been sent (none if not `events`), its view, and its decision if it has one."""
        g = self.game
        port = SeatPort(g, seat.index)
        sent = []
        if events:
            redraw = redraw or len(g.events) - seat.cursor > MAX_UPDATE_EVENTS  # (more would not fit in a message)
            start = max(0, len(g.events) - REJOIN_EVENTS) if redraw else seat.cursor
            pairs, seat.cursor = port.events(start)
            sent = [wire_event(self.canon, raw, seen, port.narrate(raw)) for raw, seen in pairs]
        d = port.pending if seat.kind == "person" else None  # a seat handed to a bot: its person watches on
        deadline = None
        if d is not None and self.deadline is not None and self.deadline[0] is d:
            deadline = round(max(0.0, self.deadline[1] - time.monotonic()), 1)
        return encode("update", events=sent, view=wire_view(self.canon, port.view()),
                      decision=wire_decision(self.canon, d) if d is not None and not d.race else None,
                      deadline=deadline, redraw=redraw, house=list(self._house_texts()))

    def _house_texts(self):
        for r in self.game.house_rules.values():
            yield r["text"]

    def push(self, seat: Seat, redraw: bool = False) -> None:
        if seat.conn is None or self.game is None:
            return
        self.send(seat, self.update_for(seat, redraw))

    def push_all(self) -> None:
        for s in self.seats:
            self.push(s)

    def send(self, seat: Seat, text: str) -> None:
        conn = seat.conn
        if conn is None:
            return
        seat.sent += 1
        asyncio.ensure_future(_send_quietly(conn, text))

    def tell_all(self, text: str, but=None) -> None:
        for s in self.seats:
            if s is not but:
                self.send(s, encode("notice", text=text))

    # ---------------------------------------------------------- acting
    def act(self, seat: Seat, text: str) -> str | None:
        """A person's typed move: None when made, else why not (the game is unchanged)."""
        g = self.game
        if g is None:
            return "the game has not started yet"
        if g.over:
            return "the game is over"
        d = g.pending
        if seat.kind != "person":
            return "this seat is played by a bot now"
        if d is not None and d.race:
            if self.race_at is None or self.race_at[0] is not d:
                return "wait for the race to start"
            return self.race_in(seat, text)
        if d is None or d.player != seat.index:
            whose = g.names[d.player] if d is not None else "nobody"
            return f"it is not your move: it is {whose}'s"
        text = text.strip()
        if not text:
            return "type a move; `help` lists them"
        port = SeatPort(g, seat.index)
        sep = " as " in text
        rule_verbs = {o.verb for o in d.options if o.kind == "rule"}
        word = text.split()[0]
        cmd = command_for(word, d)  # `/undo`, or `undo` where the game offers no move of that word
        if cmd is not None and cmd.name in ("house", "undo"):
            arg = text[len(word):].strip()
            return extra_words(cmd, text, arg) or self.propose(seat, cmd.name, arg)
        try:
            if sep and not d.window and text.split()[0].lower() not in rule_verbs:
                told = act_as(g, seat.index, text)  # `truth LR7 as R7`: a card laid, then what it is said to be
                if told:
                    self.moved()
                    return told
            else:
                port.act(text)
        except MoveError as e:
            return e.message
        except RulesError as e:
            return f"the rules failed on that move: {e.message} (the move was taken back)"
        self.moved()
        return None

    def arm(self) -> None:
        """With --window, the clock of a person's window starts when it opens (sent with it as `deadline`)."""
        d = self.game.pending
        if d is None or not d.window or not self.window or self.seats[d.player].kind != "person":
            self.deadline = None
        elif self.deadline is None or self.deadline[0] is not d:
            self.deadline = (d, time.monotonic() + self.window)

    def moved(self, durable: bool = True) -> None:
        self.let_pass_alone()
        self.arm()
        self.save(durable=durable)
        self.push_all()
        if self.game.over:
            self.out(f"Game over: {english_list(self.game.names[w] for w in self.game.winners)} "
                     f"win{'s' if len(self.game.winners) <= 1 else ''} · scores: "
                     + ", ".join(f"{n} {s}" for n, s in zip(self.game.names, self.game.scores)))
        self.wake.set()

    def let_pass_alone(self) -> None:
        """The one person at a table of bots is not asked a window in which nothing is open to them
        (`nothing_open`): it is let pass for them before anything is sent, as at a local terminal."""
        g = self.game
        if g is None or sum(1 for s in self.seats if s.kind == "person") != 1:
            return
        while not g.over and (d := g.pending) is not None and not d.race and self.seats[d.player].kind == "person" \
                and nothing_open(d):
            g.seat(d.player).act("pass")

    # ---------------------------------------------------------- what the whole table must agree to
    def propose(self, seat: Seat, kind: str, text: str) -> str | None:
        """`house RULE` or `undo`: checked now, then every other person is asked; all must say yes (bots do).
        None when asked (or done, with nobody to ask), else why not."""
        g = self.game
        if self.proposal is not None:
            return "the table is answering another proposal: wait for it"
        people = [s.index for s in self.seats if s.kind == "person"]
        if kind == "house":
            if not text:
                return "type the rule after `house`, on the same line: `house when played(card) if ... { ... }`"
            problem = check_rule(g, text, seat.index)
            if problem:
                msg, line, col = problem
                return f"{line}:{col}: {msg}"
            question = proposed_rule(seat.name, text)
            later = 0
        else:
            moves = g.record()
            i = last_move_of(moves, seat.index)
            if i is None:
                return "you have made no move to take back"
            try:
                before, _ = self.setup.build(moves[:i])
            except Exception as e:  # noqa: BLE001 - the game goes on as it was
                return f"the moves could not be replayed without yours: {e}"
            why = undo_refusal(g, before, people)
            if why:
                return f"your last move cannot be taken back: {why}; {UNDO_REFUSED}"
            later = len(moves) - i - 1
            # The move is not quoted as typed: it may name a card laid face down (`bluff LR8`), as the local prompt
            question = f"{seat.name} asks to take back their last move" + (
                f" and the {later} move{'s' if later != 1 else ''} after it." if later else ".")
        others = [s for s in self.seats if s.kind == "person" and s is not seat]
        self.proposal_id += 1
        p = {"id": self.proposal_id, "kind": kind, "by": seat, "text": text, "moves": len(g.record()),
             "asked": {s.index for s in others}, "yes": set()}
        if not others:
            self.carry_out(p)
            return None
        self.proposal = p
        limit = self.window or PROPOSAL_WAIT
        p["question"] = question + ("\nAgree?" if "\n" in question else " Agree?")
        p["until"] = time.monotonic() + limit
        for s in others:
            self.ask(s, p)
        self.send(seat, encode("notice", text=f"Asked {', '.join(s.name for s in others)}: waiting for their answers."))
        asyncio.ensure_future(self._proposal_times_out(p, limit))
        return None

    def ask(self, seat: Seat, p) -> None:
        """Put the proposal's question to a seat (again, to one that rejoins before answering), with the time left."""
        self.send(seat, encode("ask", id=p["id"], question=p["question"],
                               deadline=max(0.0, round(p["until"] - time.monotonic(), 1))))

    async def _proposal_times_out(self, p, limit: float) -> None:
        await asyncio.sleep(limit)
        if self.proposal is p:
            missing = [self.seats[i].name for i in sorted(p["asked"] - p["yes"])]
            self.refuse_proposal(p, f"{', '.join(missing)} did not answer in time")

    def answer(self, seat: Seat, pid, yes) -> str | None:
        p = self.proposal
        if not isinstance(pid, int) or not isinstance(yes, bool):
            raise ProtocolError("an answer has a number `id` and `yes` true or false")
        if p is None or p["id"] != pid or seat.index not in p["asked"]:
            return "nothing is asked of you now"
        if seat.index in p["yes"]:
            return "you have answered already"
        if not yes:
            self.refuse_proposal(p, f"{seat.name} does not agree")
            return None
        p["yes"].add(seat.index)
        if p["yes"] >= p["asked"]:
            self.proposal = None
            self.carry_out(p)
        return None

    def refuse_proposal(self, p, why: str) -> None:
        self.proposal = None
        what = "no rule is added" if p["kind"] == "house" else f"{p['by'].name}'s move stands"
        for s in self.seats:
            if s.kind == "person":
                self.send(s, encode("notice", text=f"{why}: {what}."))

    def carry_out(self, p) -> None:
        g, seat = self.game, p["by"]
        if len(g.record()) != p["moves"]:
            self.refuse_proposal(p, "the game moved on while the table was asked")
            return
        if p["kind"] == "house":
            try:
                g.seat(seat.index).propose(p["text"])
            except RulesError as e:
                self.send(seat, encode("error", message=e.message))
                return
            self.tell_all(f"The table agrees to {seat.name}'s house rule.")
            self.moved()
            return
        moves = g.record()
        i = last_move_of(moves, seat.index)
        before, bots = self.setup.build(moves[:i])
        self.game = before
        self.bots = {k: b for k, b in bots.items() if self.seats[k].kind == "bot"}
        later = len(moves) - i - 1
        since = f" and the {later} move{'s' if later != 1 else ''} after it." if later else "."
        self.tell_all(f"Taken back: {seat.name}'s last move{since}", but=seat)  # (its text may name a hidden card)
        self.send(seat, encode("notice", text=f"Taken back: your `{moves[i][1]}`{since}"))
        self.arm()
        self.save()
        for s in self.seats:
            s.cursor = 0
            self.push(s, redraw=True)
        self.wake.set()

    def hand_to_bot(self, index: int) -> str | None:
        if not 0 <= index < len(self.seats):
            return f"there is no seat {index + 1}"
        s = self.seats[index]
        if self.game is None:
            return "the game has not started: `start` fills the open seats with bots"
        if s.kind == "bot":
            return f"seat {index + 1} is a bot already"
        s.kind = "bot"
        self.bots[index] = make_bot(self.bot_kind, self.seed * 100 + index)
        if index in self.setup.humans:
            self.setup.humans.remove(index)
        if s.conn is not None:
            self.send(s, encode("notice", text="The host has handed your seat to a bot."))
        self.tell_all(f"{s.name}'s seat is played by a bot from now on.", but=s)
        self.show_seats()
        p = self.proposal
        if p is not None and index in p["asked"] and index not in p["yes"]:  # a bot agrees, as bots always do
            p["yes"].add(index)
            if p["yes"] >= p["asked"]:
                self.proposal = None
                self.carry_out(p)
        self.wake.set()
        return None

    # ---------------------------------------------------------- races
    def race_in(self, seat: Seat, text: str) -> str | None:
        d, start, times = self.race_at
        if seat.index in times:
            return "you have done it already"
        if text.strip().lower() != d.race.lower():
            return f"type `{d.race}`"
        times[seat.index] = time.monotonic() - start  # timed here, at arrival
        self.wake.set()
        return None

    async def race(self, d) -> None:
        g = self.game
        seats = racers(d)
        people = [s for s in self.seats if s.kind == "person" and s.index in seats]
        rng = random.Random(g.seed * 1_000_003 + len(g.record()))  # the same race again after a resume
        start = time.monotonic()
        times: dict = {}
        self.race_at = (d, start, times)
        limit = self.window or RACE_WAIT
        for s in people:
            self.send(s, encode("race", word=d.race, deadline=limit))
        while any(s.index not in times for s in people) and time.monotonic() - start < limit:
            self.wake.clear()
            try:
                await asyncio.wait_for(self.wake.wait(), limit - (time.monotonic() - start))
            except TimeoutError:
                break
        self.race_at = None
        for s in self.seats:
            if s.index not in seats:
                times.pop(s.index, None)
            elif s.kind == "bot":
                times[s.index] = rng.uniform(0.8, 3.0)  # a bot "does it" after a random delay
            elif s.index not in times:
                times[s.index] = float("inf")
        told = ", ".join(f"{g.names[i]} {'missed it' if t == float('inf') else f'{t:.2f} s'}"
                         for i, t in sorted(times.items(), key=lambda kv: kv[1]))
        self.tell_all(f"{d.race}! {told}")
        if self.game is g and g.pending is d:
            g.seat(d.player).act(race_move(d, times))
            self.moved()

    # ---------------------------------------------------------- the game's loop
    async def drive(self) -> None:
        """Play bots' moves, wait for people's, close windows that time out, until the game is over."""
        while self.game is None:
            self.wake.clear()
            await self.wake.wait()
        g = self.game
        while not self.game.over:
            g = self.game
            d = g.pending
            if d is None:
                raise RulesError("the game stopped with no decision pending")
            if d.race:
                await self.race(d)
                continue
            if d.player in self.bots and self.seats[d.player].kind == "bot":
                if self.delay:
                    await asyncio.sleep(self.delay)
                move = await asyncio.to_thread(ask_bot, self.bots[d.player], g, d.player, d)
                if self.game is g and g.pending is d and self.seats[d.player].kind == "bot":
                    g.seat(d.player).act(move)
                    self.moved(durable=False)
                continue
            timeout = None
            if d.window and self.window:
                if self.deadline is None or self.deadline[0] is not d:  # a seat handed back to a person, a resume
                    self.arm()
                    self.push(self.seats[d.player])
                timeout = max(0.0, self.deadline[1] - time.monotonic())
            self.wake.clear()
            try:
                await asyncio.wait_for(self.wake.wait(), timeout)
            except TimeoutError:
                if self.game is g and g.pending is d and any(o.verb == "pass" for o in d.options):
                    g.seat(d.player).act("pass")
                    self.send(self.seats[d.player], encode("notice", text="Time is up: you let it pass."))
                    self.moved()
        self.closed.set()

    # ---------------------------------------------------------- connections
    async def handle(self, conn) -> None:
        """One client connection: it says which seat it is (its code), then sends moves."""
        seat = None
        if self.strangers >= MAX_STRANGERS:
            await conn.close(1013, "too many connections waiting: try again later")
            return
        self.strangers += 1
        try:
            try:
                first = await asyncio.wait_for(conn.recv(), HELLO_TIMEOUT)
                msg = decode(first)
                if msg["type"] != "hello":
                    raise ProtocolError("say `hello` with your seat's code first")
                code = text_field(msg, "code", 64)
                name = msg.get("name")
                if name is not None and (why := name_fault(name)):
                    raise ProtocolError(why)
            except ProtocolError as e:
                if isinstance(e, OtherVersion) and not self.told_other_version:  # once: a stranger may send many
                    self.told_other_version = True
                    self.out(f"Someone tried to join with another release of rulelang (protocol {versioned(e.theirs)};"
                             f" this table speaks version {VERSION}): they were told to join with this table's release.")
                await conn.send(encode("error", message=str(e)))
                await conn.close(1008, "protocol")
                return
            except TimeoutError:
                await conn.close(1008, "no hello")
                return
            finally:
                self.strangers -= 1
            seat = self.seat_for(code)
            if seat is None:
                await asyncio.sleep(0.3)  # a wrong code costs its sender time
                await conn.send(encode("error", message="no seat at this table has that code"))
                await conn.close(1008, "bad code")
                return
            wait = seat.joined_at + REJOIN_PAUSE - time.monotonic()
            if wait > 0:  # a code joining again and again (each a welcome, a redraw, the host told): slowed down
                await asyncio.sleep(wait)
            seat.joined_at = time.monotonic()
            problem = self.attach(seat, conn, name)
            if problem:
                await conn.send(encode("error", message=problem))
                await conn.close(1008, "refused")
                seat = None
                return
            bucket = Bucket()
            strikes = 0
            async for raw in conn:
                if conn is not seat.conn:
                    break  # replaced by a newer connection with the same code
                if not bucket.take():
                    strikes += 1
                    if strikes > MAX_STRIKES:
                        await conn.close(1008, "too many messages")
                        break
                    if strikes % 20 == 1:
                        await conn.send(encode("error", message="too many messages: slow down"))
                    continue
                try:
                    msg = decode(raw)
                    reply = self.dispatch(seat, msg)
                except ProtocolError as e:
                    reply = encode("error", message=str(e))
                if reply:
                    await conn.send(reply)
        except Exception as e:  # noqa: BLE001 - one connection's trouble never stops the table
            if not _closed_error(e):
                self.out(f"(a connection failed: {type(e).__name__}: {e})")
        finally:
            if seat is not None:
                self.detach(seat, conn)

    def attach(self, seat: Seat, conn, name) -> str | None:
        if seat.kind == "bot":
            return "this seat is played by a bot now"
        if seat.kind == "open":
            taken = {name_read(s.name): s.name for s in self.seats if s.name and s is not seat}
            name = (name or f"Player {seat.index + 1}").strip()
            holder = taken.get(name_read(name))
            if holder is not None and holder.lower() == name.lower():
                return f"the name {name} is taken at this table: choose another with --name"
            if holder is not None:  # (`Аnn` with a Cyrillic `А`: the table would read two players as one)
                return f"the name {name} reads as {holder}, who is at this table: choose another with --name"
            why = pronoun_refusal(name)  # others read the table's narration
            if why:
                return why + " with --name"
            seat.name = name
            seat.kind = "person"
        old, seat.conn = seat.conn, conn
        if old is not None:
            asyncio.ensure_future(old.close(1000, "joined again from elsewhere"))
        seat.gone_since = None
        seat.told_gone = False
        if old is not None:  # the code used again elsewhere (the person's other terminal, or a code copied): said
            self.out(f"{seat.name}'s seat {seat.index + 1} is joined again from another connection; the first is closed.")
        else:
            self.out(f"{seat.name} {'rejoins' if self.game is not None and seat.cursor else 'joins'} seat {seat.index + 1}.")
        self.send(seat, self.welcome(seat))
        if self.game is not None:
            self.push(seat, redraw=True)
            p = self.proposal
            if p is not None and seat.index in p["asked"] and seat.index not in p["yes"]:
                self.ask(seat, p)  # asked while gone, or the question lost with the connection
        else:
            for s in self.seats:
                self.send(s, self.lobby())
        self.show_seats()
        if self.game is None and not self.open_seats():
            self.out("Every seat is taken.")
            self.start()
        return None

    def detach(self, seat: Seat, conn) -> None:
        if seat.conn is not conn:
            return
        seat.conn = None
        if seat.kind == "person" and not self.stopping:
            seat.gone_since = time.monotonic()
            self.out(f"{seat.name} has left seat {seat.index + 1}; the seat is kept (its code rejoins it).")
            self.show_seats()

    def dispatch(self, seat: Seat, msg: dict) -> str | None:
        kind = msg["type"]
        if kind == "move":
            text = text_field(msg, "text", MAX_LINE + 80)  # a move, or a rule as long as the prompt takes
            # (MAX_LINE characters, and the verb before it: `/house RULE`, `write RULE`)
            control = CONTROLS.search(text)  # (the prompt drops them as typed; a rule is told to the others as sent)
            if control:
                return encode("error", message=f"a move holds a control character ({ascii(control.group())[1:-1]}), "
                                               "which a terminal would obey: type it again without")
            problem = self.act(seat, text)
            return encode("error", message=problem) if problem else None
        if kind == "answer":
            problem = self.answer(seat, msg.get("id"), msg.get("yes"))
            return encode("error", message=problem) if problem else None
        if kind == "ping":
            return encode("pong")
        if kind == "hello":
            return encode("error", message="you have joined already")
        raise ProtocolError(f"unknown message type `{kind[:40]}`")

    # ---------------------------------------------------------- the host's terminal
    def command(self, line: str) -> bool:
        """A line typed by the host; False to stop the server."""
        words = line.split()
        if not words:
            return True
        word = words[0].lower()
        if word == "start":
            problem = self.start()
            if problem:
                self.out(f"✗ {problem}")
        elif word == "seats":
            self.show_seats()
            self.show_codes(only_open=False)
        elif word == "bot" and len(words) == 2 and words[1].isascii() and words[1].isdigit():  # (not `²`: int fails)
            # (a seat number of thousands of digits is no seat, and past what `int` reads: not read, only told)
            problem = self.hand_to_bot(int(words[1]) - 1) if len(words[1]) <= 9 else f"there is no seat {words[1][:10]}…"
            if problem:
                self.out(f"✗ {problem}")
        elif word in ("quit", "stop", "exit"):
            return False
        else:
            self.out("Commands: start (fill the open seats with bots and deal) · seats · bot SEAT (a bot plays a "
                     "seat whose person is gone) · quit")
        return True

    def stopped(self) -> str:
        """What the host is told when they stop the table: how a game left unfinished comes back."""
        if self.game is None or self.game.over:
            return "The table stops."
        if self.saver is None or self.saver.failed:
            return "The table stops; the game could not be saved, so it cannot be brought back."
        return (f"The table stops. The game is saved: `{command()} serve --resume {self.saver.path}` brings it back, "
                "and each person rejoins with their code.")

    def keep_for_host(self, name: str | None) -> Seat:
        """`--play`: the first seat a person may take is the host's, joined from this terminal."""
        seat = next((s for s in self.seats if s.kind == "person"), None) or self.open_seats()[0]
        if seat.kind == "open":
            seat.kind, seat.name = "person", name or "Host"
        self.host_seat = seat.index
        return seat

    def show_codes(self, only_open: bool = True, address: str | None = None) -> None:
        address = joinable(address or self.address)
        for s in self.seats:
            if s.index == self.host_seat:
                continue
            if s.kind == "person" or (s.kind == "open" or not only_open) and s.kind != "bot":
                self.out(f"  seat {s.index + 1}: rulelang join {address} {s.code}")

    def check_gone(self) -> None:
        if not self.seat_timeout or self.game is None or self.game.over:
            return
        for s in self.seats:
            if s.kind == "person" and s.conn is None and s.gone_since is not None and not s.told_gone \
                    and time.monotonic() - s.gone_since > self.seat_timeout:
                s.told_gone = True
                self.out(f"{s.name} has been gone over {self.seat_timeout:g} s: `bot {s.index + 1}` hands seat "
                         f"{s.index + 1} to a bot.")


async def _send_quietly(conn, text: str) -> None:
    try:
        await conn.send(text)
    except Exception:  # noqa: BLE001 - a connection that has gone is noticed by its reader
        pass


def _closed_error(e: Exception) -> bool:
    from websockets.exceptions import ConnectionClosed

    return isinstance(e, ConnectionClosed)


def codes_path(path) -> Path:
    path = Path(path)
    return path.with_name(path.name + ".codes")


def write_codes(path, seats) -> None:
    """The join codes beside the save (readable by its owner alone), so a resumed table keeps them."""
    target = codes_path(path)
    try:
        fd = os.open(str(target) + ".tmp", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump([s.code for s in seats], f)
        os.replace(str(target) + ".tmp", target)
    except OSError:
        pass


def read_codes(path) -> list | None:
    try:
        codes = json.loads(codes_path(path).read_text())
    except (OSError, ValueError):
        return None
    if isinstance(codes, list) and all(isinstance(c, str) and len(c) == CODE_LENGTH for c in codes):
        return codes
    return None


# ---------------------------------------------------------------- running it


async def run_table(table: Table, host: str, port: int, ready=None, commands=None) -> int:
    """Serve `table` until its game is over (and a moment after, for the last messages) or the host quits.
    `ready(address)` is called once listening; `commands` is an async iterator of the host's lines (None: stdin)."""
    need_websockets()
    from websockets.asyncio.server import serve

    # close_timeout: at the end, a player whose connection is gone without a word (a machine off, a cable out)
    # holds the host's quit for this long at most, not websockets' default 10 s.
    async with serve(table.handle, host, port, max_size=MAX_FRAME, max_queue=16, ping_interval=20,
                     ping_timeout=20, close_timeout=1, compression=None) as server:
        sock = server.sockets[0].getsockname()
        address = table.address = f"{host}:{sock[1]}"
        if ready is not None:
            ready(address)
        driver = asyncio.ensure_future(table.drive())
        reader = asyncio.ensure_future(_read_commands(table, commands))
        watcher = asyncio.ensure_future(_watch(table))
        done, _ = await asyncio.wait([driver, reader], return_when=asyncio.FIRST_COMPLETED)
        if driver in done:
            try:
                driver.result()  # a rules failure stops the table with its message, told to every player too
            except RulesError as e:
                table.stopping = True
                told = encode("notice", text=f"The table stops: the rules failed: {e.message}")
                live = [s.conn for s in table.seats if s.conn is not None]
                await asyncio.gather(*(_send_quietly(c, told) for c in live))
                await asyncio.gather(*(c.close(1011, "the rules failed") for c in live), return_exceptions=True)
                raise
            await asyncio.sleep(0.5)  # the last updates reach the players
        else:  # the host stopped it: each player is told so (their client tries to take the seat again a while)
            if table.host_seat is None:  # (`--play`: the host's own prompt said it)
                table.out(table.stopped())
            table.stopping = True
            await asyncio.gather(*(s.conn.close(1001, "the host stopped the table") for s in table.seats
                                   if s.conn is not None), return_exceptions=True)
        for t in (driver, reader, watcher):
            t.cancel()
        await asyncio.gather(driver, reader, watcher, return_exceptions=True)
    return 0


async def _watch(table: Table) -> None:
    while True:
        await asyncio.sleep(1.0)
        table.check_gone()


async def _read_commands(table: Table, commands) -> None:
    if commands is None:
        loop = asyncio.get_running_loop()
        while True:
            line = await loop.run_in_executor(None, sys.stdin.readline)
            if not line:  # no terminal (or it closed): the table runs until its game is over
                await table.closed.wait()
                return
            if not table.command(line):
                return
    else:
        async for line in commands:
            if not table.command(line):
                return
        await table.closed.wait()


def cmd_serve(args) -> int:
    need_websockets()
    options = args.options  # (`cli.option_values`)
    if args.resume:
        args.resume = str(find_save(args.resume))  # a file (or a name in the saves folder), not a folder
    if args.save and not args.resume:
        no_file_to_save_to(args.save)  # (a folder: before its lock, named from the file's)
    # The save is locked before it is read or the table set: one player of a save at a time, as a local game
    lock = SaveLock(args.resume or args.save).acquire() if args.resume or args.save else None
    try:
        table = _table_from_args(args, options, lock)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    try:
        return _serve(table, args)
    finally:
        if table.saver is not None:
            table.saver.let_go()
        elif lock is not None:
            lock.release()


def _table_from_args(args, options: dict, lock) -> Table:
    if args.resume:
        setup, moves, doc = read_save(args.resume)
        if doc["finished"]:
            raise RulesError(f"{args.resume}: this game is finished")
        game, bots = rebuild(args.resume, setup, moves)
        table = Table(setup.program, len(setup.names), bots=setup.bots, options=setup.options, seed=setup.seed,
                      window=args.window, seat_timeout=args.seat_timeout, save=args.resume, delay=args.delay)
        table.resume(args.resume, setup, game, bots, lock)
        return table
    if args.save:
        check_new_save(args.save)  # never over an unfinished game, or a file that is no save
    program = load(args.game)
    players = args.players or program.default_players
    table = Table(program, players, bots=args.bots, options=options, seed=args.seed, window=args.window,
                  seat_timeout=args.seat_timeout, save=args.save, delay=args.delay)
    table.lock = lock
    parse_options(program, options)  # a wrong option is told now, not when the game starts
    if args.bots not in BOTS:
        raise RulesError(f"unknown bot `{args.bots}`; bots: {', '.join(BOTS)}")
    return table


def _serve(table: Table, args) -> int:
    def ready(address: str) -> None:
        where = (f"this machine only ({args.host}); `--host 0.0.0.0` lets others on your network join"
                 if args.host in ("127.0.0.1", "localhost", "::1") else f"{args.host}: anyone who can reach it may try a code")
        out = table.out
        out(f"{table.program.name}: a table for {table.players} at {address}, listening on {where}.")
        if table.game is None:
            out("Each person joins one seat with its code:")
            table.show_codes(address=address)
            out("Type `start` when everyone is here: bots take the seats still open.  `seats` lists them, "
                "`quit` stops.")
        else:
            out(f"Resumed {args.resume} ({len(table.game.record())} moves). Each person rejoins with their code:")
            table.show_codes(address=address)
        table.show_seats()
        if table.host_seat is not None:
            out(f"You play seat {table.host_seat + 1} here; the table's commands are typed at your prompt.")

    if getattr(args, "play", False) and args.name is not None and (why := name_fault(args.name)):
        raise RulesError(f"--name: {why}")
    if getattr(args, "play", False) and args.name and (why := pronoun_refusal(args.name)):
        raise RulesError(f"--name: {why}")
    try:
        if getattr(args, "play", False):
            return asyncio.run(serve_and_play(table, args, ready))
        return asyncio.run(run_table(table, args.host, args.port, ready=ready))
    except OSError as e:
        busy = "; another program (another table?) listens there: `--port 0` takes any free port" \
            if e.errno == errno.EADDRINUSE else ""
        raise RulesError(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}{busy}") from None


async def serve_and_play(table: Table, args, ready) -> int:
    """`rulelang serve --play`: serve the table and play one of its seats at this terminal, as `rulelang join`
    would from another (over a loopback connection: the host's screen is a client's, told only its seat's share);
    the table's commands are typed at the same prompt.  The table stops when the host leaves."""
    seat = table.keep_for_host(args.name)
    loop = asyncio.get_running_loop()
    listening = loop.create_future()
    stop = asyncio.Event()

    def at(address: str) -> None:
        ready(address)
        listening.set_result(address)

    async def commands():  # the host's lines go to the seat's prompt, which passes the table's commands on
        await stop.wait()
        yield "quit"

    server = asyncio.ensure_future(run_table(table, args.host, args.port, ready=at, commands=commands()))
    await asyncio.wait([server, listening], return_when=asyncio.FIRST_COMPLETED)
    if server.done():
        return server.result()
    port = listening.result().rsplit(":", 1)[1]
    local = "127.0.0.1" if args.host in ("0.0.0.0", "", "localhost") else "[::1]" if args.host == "::" else args.host
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        status = await join(f"{local}:{port}", seat.code, None, Screen(tty), table=table)
    finally:
        stop.set()
        await server
    return status
