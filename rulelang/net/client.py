"""`rulelang join HOST:PORT CODE`: play one seat of a table served elsewhere, at the same prompt as a local game.

The screen is the terminal host's (rulelang/terminal/host.py: the narrator's sentences, styled, the table and hand, the toolbar,
completion, validation before Enter, `help`, `rules`, `log`, `hand`), over a `RemoteGame` that holds what the
server sent this seat and nothing else: its view, its events, its decision.  Moves go to the server as text.
"""
from __future__ import annotations

import asyncio
import sys
import time
from urllib.parse import urlsplit

from interpreter.events import named
from interpreter.seat import read_move
from interpreter.narrator import Narrator, choices_sentence, english_list, hand_zone

from .. import load
from ..errors import MoveError, RulesError
from ..save import command
from ..terminal.commands import command_docs, command_for, command_named, extra_words
from ..terminal.host import (AGAIN, DONE, brief, KEYS, MENU_ROWS, MOVE, QUIT, YES, Host, Screen, prompt_keys,
                             prompt_helpers, tell_lines)
from ..terminal.editor import CONTROLS, echo, left_rule, no_mouse, rule_session
from ..terminal.summary import help_text
from . import need_websockets
from .protocol import (MAX_FROM_SERVER, VERSION, OtherVersion, ProtocolError, decision_from_wire, decode, encode,
                       event_from_wire, versioned)

STALE = object()  # the decision being typed for has gone (answered for, timed out, handed to a bot)
INPUT_ENDED = 3
LOST = 4  # the exit status when the connection to the server is lost
# Seconds waited before each try to take the seat again after the connection drops (about a minute in all);
# then the client gives up and says how to rejoin by hand.
RETRY_DELAYS = (0.25, 0.5, 1, 2, 4, 8, 8, 8, 8, 8, 8)
# Close codes after which trying again is useless: the server said why (a wrong code, another connection took
# the seat, a protocol fault, the game's rules failed: a table resumed would fail the same way), or closed the
# connection on purpose.
FINAL_CLOSES = (1000, 1008, 1011)


# The table's commands the host types at their own prompt with `serve --play` (the server's Table.command)
HOST_COMMANDS = {"start": "fill the open seats with bots and deal", "seats": "the seats, who is here, their codes",
                 "bot": "bot SEAT: a bot plays a seat whose person is gone"}


class Refused(RulesError):
    """The table answered, and refused this seat (a wrong code, a seat handed to a bot): trying again is useless."""


class RemoteGame:
    """What a Host reads of a game, filled from the server's messages for one seat."""

    def __init__(self, program, seat: int):
        self.program = program
        self.index = seat  # the seat this game is seen from
        self.names: list = []
        self.events: list = []
        self.v = None
        self.pending = None
        self.over = False
        self.winners: list = []
        self.scores: list = []
        self.house_texts: list = []
        self.turns = 0

    def take(self, msg: dict) -> list:
        """An update from the server; the events it adds."""
        events = [e for e in map(event_from_wire, msg.get("events") or []) if e is not None]
        if msg.get("redraw"):
            self.events = []
        self.events.extend(events)
        v = msg["view"]
        self.v = dict(v, seat=self.index)
        self.names = list(v["names"])
        self.turns = v.get("turn", 0)
        self.over = bool(v.get("over"))
        self.winners = list(v.get("winners") or [])
        self.scores = list(v.get("scores") or [])
        self.pending = decision_from_wire(msg["decision"]) if msg.get("decision") else None
        self.house_texts = list(msg.get("house") or [])
        return events

    # -- the members of Game a Host uses
    @property
    def house_rules(self) -> dict:
        return {}

    def view(self, seat=None) -> dict:
        return self.v

    def seat(self, index) -> "RemoteGame":
        """The seat's window, as the Host reads it (`.view()`): this seat's is all the server sends."""
        return self

    def tell(self, events, seat) -> list:
        """The events as sent (this seat's projection already, cards as numbers) told by the game's narrator."""
        program = self.program
        zones = program.zones
        you = self.names[seat] if seat is not None else None
        return Narrator(you, hand_zone(program), program, len(self.names) or None).tell(
            [named(ev, self.names, lambda z: zones[z].name, self._name) for ev in events])

    def _name(self, cid):
        return self.program.cards[cid].name if isinstance(cid, int) and 0 <= cid < len(self.program.cards) else None

    def narrate(self, ev: dict, seat) -> str | None:
        return ev.get("said")

    def parse(self, text: str):
        """The move `text` names among this seat's options, as the server will read it (checked there again)."""
        d = self.pending
        if d is None:
            raise MoveError("it is not your move")
        try:
            return read_move(self.program, d, text)
        except MoveError:
            raise
        except Exception:  # noqa: BLE001 - what needs the whole game to explain is refused plainly here
            some = [o.text for o in d.options[:8]] + ([f"{len(d.options) - 8} more"] if len(d.options) > 8 else [])
            raise MoveError(f"`{text.strip()}` is not one of the moves; you can: "  # as the machine's own refusals
                            + choices_sentence(some)) from None


class JoinHost(Host):
    """The local host's screen and prompt, for one seat of a remote table."""

    def __init__(self, game: RemoteGame, seat: int, screen: Screen, conn, address: str = "", code: str = "",
                 retry: bool = True, table=None):
        super().__init__(game, [seat], {}, screen, 0.0)
        self.seat = seat
        self.conn = conn
        self.address, self.code = address, code  # to take the seat again when the connection drops
        self.retry = retry
        self.table = table  # the server's Table when its host plays this seat (`rulelang serve --play`)
        self.changed = asyncio.Event()
        self.key = None  # what the decision shown is: a new one is shown afresh
        self.deadline = None  # monotonic time the window being answered closes
        self.race = None  # (word, monotonic deadline) while a race is on
        self.app = None  # the prompt being shown, to be closed when its decision goes
        self.lost = None
        self.started = False
        self.asks = []  # questions the table asks this person (a house rule, an undo): answered y/N
        self.waiting = False  # the prompt for commands while others play is up
        self.cleared = False  # the move's prompt was left with Ctrl-C (the line cleared): it opens again at once

    # ---------------------------------------------------------- what the server says
    async def receive(self) -> None:
        """Take the server's messages; when the connection drops (not closed on purpose), take the seat again."""
        from websockets.exceptions import ConnectionClosed

        while True:
            conn = self.conn
            try:
                async for raw in conn:
                    try:
                        msg = decode(raw, MAX_FROM_SERVER)
                    except ProtocolError as e:
                        self.screen.line([("ansired", f"✗ the server sent something unreadable: {e}")])
                        continue
                    try:
                        self.on_message(msg)
                    except Exception as e:  # noqa: BLE001 - one message this side cannot read is left out, told; the
                        # next are read (this task ended: every later message went unread, the screen stood still)
                        what = f"no `{e.args[0]}`" if isinstance(e, KeyError) and e.args else "a part of the wrong kind"
                        self.screen.line([("ansired", f"✗ the server sent a `{str(msg.get('type'))[:40]}` message this "
                                                      f"rulelang cannot read ({what}): it is left out")])
            except ConnectionClosed:
                pass
            rcvd = conn.protocol.close_rcvd  # the server's close frame, if one came
            why = rcvd.reason if rcvd is not None and rcvd.reason else "the connection closed"
            if self.game.over or not self.retry or (rcvd is not None and rcvd.code in FINAL_CLOSES):
                break
            if not await self.reconnect(why):
                why = f"{why}, and taking the seat again failed"
                break
        self.lost = why
        self.changed.set()
        self.close_prompt()

    async def reconnect(self, why: str) -> bool:
        """Take the seat again with its code, waiting longer after each failed try (RETRY_DELAYS); the server
        redraws the screen from the seat's view.  False when every try failed or the table refused."""
        self.screen.line([("ansired", f"✗ {why}: taking your seat again…")])
        for wait in RETRY_DELAYS:
            await asyncio.sleep(wait)
            try:
                self.conn, _ = await open_seat(self.address, self.code, None)
            except Refused as e:
                self.screen.line([("ansired", f"✗ {e.message}")])
                return False
            except RulesError:
                continue
            self.screen.line([("bold", "Back at the table.")])
            return True
        return False

    async def send(self, text: str) -> bool:
        """Send a message; False (and said) when the connection is down."""
        try:
            await self.conn.send(text)
        except Exception:  # noqa: BLE001 - a dropped connection: the receiver takes the seat again
            self.screen.line([("ansired", "✗ not connected to the table: that was not sent")])
            return False
        return True

    def on_message(self, msg: dict) -> None:
        kind = msg["type"]
        g = self.game
        if kind == "update":
            redraw = msg.get("redraw")
            g.take(msg)
            if redraw:
                self.redraw()
            else:
                self.show_events(self.seat)
            d = g.pending
            deadline = msg.get("deadline")
            self.deadline = time.monotonic() + deadline if deadline is not None else None
            key = (len(g.events), tuple(o.text for o in d.options) if d else None, d.prompt if d else None)
            # the prompt while others play stays open until a decision comes to the seat
            if key != self.key and not (self.waiting and (d is None or d.player != self.seat) and not g.over):
                self.close_prompt()
        elif kind == "error":
            self.screen.line([("ansired", f"✗ {brief(str(msg.get('message')))}")])
        elif kind == "notice":
            self.screen.line([("bold", str(msg.get("text")))])
        elif kind == "race":
            self.race = (str(msg.get("word")), time.monotonic() + float(msg.get("deadline") or 10))
            self.close_prompt()
        elif kind == "ask":
            self.asks.append(msg)
            self.close_prompt()
        elif kind == "lobby" and self.table is None:  # the host sees the seats in the toolbar
            seats = msg.get("seats") or []
            here = ", ".join(s["name"] for s in seats if s.get("name"))
            open_ = sum(1 for s in seats if s.get("state") == "open")
            self.screen.line(f"At the table: {here or 'nobody yet'}; {open_} seat{'s' if open_ != 1 else ''} open. "
                             "Waiting for the host to start…")
        self.changed.set()

    def redraw(self) -> None:
        """Joined (or rejoined) a game in progress: how it stands, told afresh from this seat's view."""
        g = self.game
        if self.started:
            self.screen.clear()
        self.started = True
        names = g.names
        self.screen.line([("bold", self.program.name),
                          ("", f" — {len(names)} players: {', '.join(names)} · you are {names[self.seat]}")])
        lines = tell_lines(g, g.events, self.seat)[-8:]
        if lines and g.turns:
            self.screen.line("So far:")
        for line in lines:
            self.screen.told(line)
        self.cursor[self.seat] = len(g.events)
        self.key = None
        self.table_shown = None
        self.screen.line("Type `help` for the moves, `rules` for the game, " + (
            "`seats` for the table, `quit` to stop the table." if self.table is not None
            else "`quit` to leave (your seat is kept)."))

    def close_prompt(self) -> None:
        app = self.app
        if app is not None and app.is_running and not app.future.done():
            self.keys.keep(app.current_buffer.text)  # what was being typed waits in the next prompt's line
            app.exit(result=STALE)

    # ---------------------------------------------------------- the seat's loop
    async def run(self) -> int:
        with self.keys:  # the terminal's modes as they were, at the end
            return await self.play_on()

    async def play_on(self) -> int:
        g = self.game
        while True:
            self.keys.watch()  # between prompts, as at a local game: keys kept for the next prompt, Ctrl-C no signal
            if self.lost:
                self.screen.line([("ansired", f"✗ Lost the table: {self.lost}.")])
                self.screen.line("`rulelang join` with the same code takes your seat again.")
                return LOST
            if g.over:
                return self.game_over()
            if self.asks:
                await self.answer(self.asks.pop(0))
                continue
            if self.race is not None:
                await self.run_race()
                continue
            d = g.pending
            if d is None or d.player != self.seat:
                status = await self.waits()
                if status is not None:
                    return status
                continue
            key = (len(g.events), tuple(o.text for o in d.options), d.prompt)
            if key != self.key:
                self.key = key
                if d.window:
                    self.show_window(d)
                    if self.deadline is not None:  # counted down in the toolbar too
                        left = max(0, int(self.deadline - time.monotonic() + 0.999))
                        self.screen.line([("bold", f"⏱ {left} s to answer")])
                else:
                    self.show_table(self.seat, brief=self.table_shown == (self.seat, g.turns))
                    self.show_moves(d)
            line = await self.read_async(d)
            if line is STALE:
                continue
            if line is None:
                print("rulelang: the input ended while waiting for your move; your seat is kept", file=sys.stderr)
                return INPUT_ENDED
            if line == QUIT:
                return self.leave()
            words = self.clean(line).split()
            if words and self.host_command(words):
                continue
            house = len(words) == 1 and getattr(command_for(words[0], d), "name", None) == "house"
            if len(words) == 1 and (house or words[0].lower() in self.rule_verbs(d)):
                # the rule editor, as at a local game: checked as it is typed against the rules' text (public),
                # and again by the server, which alone puts it in force (`house` the command: `/house`, or `house`
                # where the game offers no move of that word)
                rule = await self.read_rule("house rule> " if house else "rule> ")
                if not rule or rule.lower() == "cancel":
                    continue
                line = f"{words[0]} {rule}"
            what = self.take_line(self.seat, d, line)
            if what is AGAIN:
                continue
            if what[0] == DONE:
                return what[1]
            await self.send_move(what[1])

    # -- the commands and moves that differ from a local game's (Host.take_line reads the line)
    def cmd_quit(self, seat: int, d, arg: str):
        return DONE, self.leave()

    def cmd_help(self, seat: int, d, arg: str):
        if arg:
            self.help_about(d, arg)
            return AGAIN
        text = help_text(self.program, d, command_docs()) if d is not None else "Commands: rules · log · hand · quit"
        if self.table is not None:
            text += "\nAs the host: seats · bot SEAT (a bot plays a seat whose person is gone)" + (
                " · start (bots take the open seats)" if self.table.game is None else "")
        self.screen.line(self.screen.fit(text + (f"\nKeys: {KEYS}" if self.screen.tty and d is not None else "")))
        return AGAIN

    def cmd_log(self, seat: int, d, arg: str):
        return super().cmd_log(seat, d, arg) if self.game.v is not None else AGAIN

    def cmd_hand(self, seat: int, d, arg: str):
        if self.game.v is not None:
            self.show_table(self.seat, full=True)  # the table too: no toolbar shows it while waiting
            if d is not None:
                (self.show_window if d.window else self.show_moves)(d)
        return AGAIN

    def cmd_house(self, seat: int, d, arg: str):
        taken = self.rule_move(seat, d, "house", arg)  # the server asks the table
        return taken if taken is AGAIN else (MOVE, "/" + taken[1])  # `/house`: never a move the game names so

    def cmd_undo(self, seat: int, d, arg: str):
        return MOVE, "/undo"  # the server asks the table

    def rule_move(self, seat: int, d, verb: str, rule: str):
        if not rule:
            self.screen.line(f"Type the rule after `{verb}`, on the same line: `{verb} when played(card) ...`")
            return AGAIN
        if self.refuse_rule(rule, self.seat):  # checked here against the public rules, then by the server
            return AGAIN
        return MOVE, f"{verb} {rule}"

    def leave(self) -> int:
        if self.table is not None:
            where = f": `{command()} serve --resume {self.table.saver.path}` brings it back" if self.table.saver else ""
            self.screen.line(f"You stop the table{where}.")
        else:
            self.screen.line("You leave the table; your seat is kept: the same `rulelang join` takes it again.")
        return 0

    def local_command(self, words: list, d) -> bool:
        """`help`, `rules`, `log`, `hand` (the commands answered here, from what the server sent) typed while no
        decision is this seat's: run from the prompt's command table.  True if `words` was one."""
        cmd = command_named(words[0])
        if cmd is None or cmd.name not in ("help", "rules", "log", "hand"):
            return False
        why = extra_words(cmd, " ".join(words), " ".join(words[1:]))
        if why:
            self.screen.line(f"✗ {why}")
            return True
        getattr(self, cmd.run)(self.seat, d, " ".join(words[1:]))
        return True

    def host_command(self, words: list) -> bool:
        """The table's commands, for the host who plays at the serving terminal: start, seats, bot SEAT."""
        if self.table is None or words[0].lower() not in HOST_COMMANDS:
            return False
        self.table.command(" ".join(words))
        return True

    def refusal(self, text: str, d, window: bool):
        words = text.split()
        if self.table is not None and words and words[0].lower() in HOST_COMMANDS:
            return None
        return super().refusal(text, d, window)

    def candidates(self, d, window: bool):
        out = super().candidates(d, window)
        if self.table is not None:
            out += [(name, name, doc, [(name, name)]) for name, doc in HOST_COMMANDS.items() if name != "start"]
        return out

    async def waits(self):
        """While the game is not at this seat: a prompt for the commands answered here (help, rules, log, hand,
        quit; the host of `serve --play` also gives the table's commands, with the seats in the toolbar), closed
        when a decision comes to the seat.  An exit status, or None."""
        host = self.table is not None
        if not self.screen.tty and (not host or self.table.game is not None):
            self.changed.clear()  # piped lines are read only for the seat's decisions
            await self.changed.wait()
            return None
        ahead = await self.typed_ahead() if self.screen.tty else ""
        if ahead is None or ahead is STALE:
            return self.leave() if ahead is None else None
        self.waiting = True
        try:
            # The toolbar: the seats, for the host; whose turn it is and the table, for a player (as at the move's
            # prompt: it showed nothing while others played)
            bar = (lambda: self.table.seat_line()) if host else \
                (lambda: self.toolbar(self.seat) if self.game.v is not None else " waiting for the host to start")
            line = await self.read_plain("host> " if host else "waiting> ", interrupted="",  # Ctrl-C clears the line
                                         toolbar=bar, default=ahead)
        finally:
            self.waiting = False
        if line is STALE:
            return None
        if line is None:
            if self.screen.tty:  # Ctrl-D asks first, as at a local game
                return self.leave() if await self.asked_to_leave() else None
            self.changed.clear()  # no more input: the table waits for the others
            await self.changed.wait()
            return None
        words = line.split()
        if not words:
            return None
        if words[0].lower() in ("quit", "exit") + (("stop",) if host else ()):
            return self.leave()
        if not self.local_command(words, self.game.pending if self.game.v is not None else None) \
                and not self.host_command(words):
            if host:
                self.screen.line("Commands: " + ("start · " if self.table.game is None else "")
                                 + "seats · bot SEAT · rules · log · hand · help · quit (stops the table)")
            else:  # the line is kept where the move prompt's ↑ finds it: typed again, not lost
                if self.screen.tty:
                    self.session(self.seat).history.append_string(line.strip())
                kept = " (↑ at your move's prompt brings the line back)" if self.screen.tty else ""
                self.screen.line(f"It is not your move yet{kept}. Commands: rules · log · hand · help · quit "
                                 "(your seat is kept)")
        return None

    async def read_rule(self, prompt: str):
        """A rule, from the local game's rule editor (highlighting, completion, validation with the checker's place);
        None when cancelled or the decision has gone."""
        if not self.screen.tty:
            line = await self.read_plain(prompt)
            return line.strip() if isinstance(line, str) else None
        session, kwargs = rule_session(self.game, self.seat)
        try:
            task = session.prompt_async(prompt, handle_sigint=False, **kwargs)
            self.app = session.app
            line = await task
        except (EOFError, KeyboardInterrupt):
            left_rule(session)
            return None
        finally:
            self.app = None
        return line.strip() if isinstance(line, str) else None

    async def typed_ahead(self):
        """What was typed since the last prompt, for the line of the prompt about to open, as at a local game
        (`Host.read`): the keys a prompt read past its Enter, those typed between prompts (`keys`), and what a
        prompt closed under the person's fingers held (`close_prompt`); an Enter among them is not taken.  A Ctrl-D
        among them asks at once whether to leave: None if yes, STALE if not (the decision may have gone meanwhile:
        the loop looks again, the text kept)."""
        keys = self.keys
        if keys.fd is not None and not self.cleared:  # (after a Ctrl-C at the prompt the keys typed after it are
            keys.absorb(self.session(self.seat).input)  # the next prompt's own, Enter and all, as at a local game)
        self.cleared = False
        ahead, entered = keys.take()
        self.note_ahead(ahead, entered)
        if keys.leave:
            keys.leave = False
            if await self.asked_to_leave():
                return None
            keys.keep(ahead)
            return STALE
        return ahead

    async def asked_to_leave(self) -> bool:
        """Ctrl-D asks first, as at a local game: a seat is not left (nor the table stopped) on a stray key."""
        line = await self.read_plain("Stop the table? [y/N] " if self.table is not None else "Leave the table? [y/N] ",
                                     closable=False, interrupted="")
        return line is None or line.strip().lower() in YES

    async def send_move(self, text: str) -> None:
        self.changed.clear()
        if not await self.send(encode("move", text=text)):
            return
        try:
            await asyncio.wait_for(self.changed.wait(), 30)
        except TimeoutError:
            self.screen.line([("ansired", "✗ the server did not answer in 30 s")])

    async def answer(self, ask: dict) -> None:
        question = ask.get("question")
        question = question if isinstance(question, str) and question else "The table asks you to agree."
        question = CONTROLS.sub("?", question)  # (the server's text: shown, never obeyed, as each line it sends)
        line = await self.read_plain(f"{question} [y/N] ", closable=False)
        yes = isinstance(line, str) and line.strip().lower() in YES
        await self.send(encode("answer", id=ask.get("id"), yes=yes))

    async def run_race(self) -> None:
        word, until = self.race
        self.race = None
        self.screen.line([("bold", f"Everyone: {word}!")])
        for _ in range(3):
            if time.monotonic() > until:
                break
            line = await self.read_plain(f"{word}! (type `{word}`) ")
            if line is STALE or line is None:
                return
            if line.strip().lower() == word.lower():
                await self.send_move(line.strip())
                return

    def game_over(self) -> int:
        g = self.game
        names = g.names

        winners = english_list([names[w] for w in g.winners])  # (`nobody` for none)
        one = len(g.winners) <= 1 and g.winners != [self.seat]  # `Ann wins`, `nobody wins`, `you win`
        self.screen.line("")
        self.screen.line([("bold", f"Game over: {'you' if g.winners == [self.seat] else winners} win{'s' if one else ''}"),
                          ("", " · scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, g.scores)))])
        return 0

    def show_house_rules(self) -> None:
        texts = self.game.house_texts
        if not texts:
            self.screen.line("No house rules yet.")
            return
        self.screen.line([("bold", "House rules in force:")])
        for t in texts:
            self.screen.line("  " + t)

    # ---------------------------------------------------------- reading a line
    def toolbar(self, seat):
        from prompt_toolkit.formatted_text import FormattedText

        bar = super().toolbar(seat)
        if self.table is not None:  # the host sees the seats as they play
            bar = FormattedText(list(bar) + [("", "\n "), ("", self.table.seat_line())])
        if self.deadline is not None:
            left = max(0, int(self.deadline - time.monotonic() + 0.999))
            return FormattedText(list(bar) + [("", "\n "), ("bold", f"⏱ {left} s to answer")])
        return bar

    async def read_async(self, d):
        name = self.game.names[self.seat]
        if not self.screen.tty:
            return await self.read_plain(f"{name}> ")
        ahead = await self.typed_ahead()
        if ahead is None or ahead is STALE:
            return QUIT if ahead is None else STALE
        completer_cls, validator_cls, lexer_cls = prompt_helpers()
        session = self.session(self.seat)
        self.keys.give(session.input)  # an arrow typed ahead, and what followed it
        try:
            task = session.prompt_async(
                f"{name}> ", default=ahead, handle_sigint=False,  # TypeAhead's SIGINT handler stays, between prompts
                completer=completer_cls(self, self.seat, d, d.window), complete_while_typing=True,
                validator=validator_cls(self, d, d.window), validate_while_typing=False,
                lexer=lexer_cls(self, d) if self.screen.color else None,
                bottom_toolbar=lambda: self.toolbar(self.seat),
                key_bindings=prompt_keys(), reserve_space_for_menu=MENU_ROWS,  # the keys and rows of a local game
                refresh_interval=0.5 if self.deadline is not None else 0)
            self.app = session.app
            return await task
        except KeyboardInterrupt:
            self.cleared = True
            return ""
        except EOFError:  # Ctrl-D asks first, as at a local game
            self.app = None
            return QUIT if await self.asked_to_leave() else STALE
        finally:
            self.app = None

    async def read_plain(self, prompt: str, closable: bool = True, toolbar=None, interrupted=None, default: str = ""):
        """A line typed at a plain prompt; None at the end of input (Ctrl-D), `interrupted` on Ctrl-C."""
        if self.screen.tty:
            from prompt_toolkit import PromptSession

            session = PromptSession(enable_suspend=True, key_bindings=no_mouse())
            try:
                task = session.prompt_async(prompt, bottom_toolbar=toolbar, refresh_interval=1 if toolbar else 0,
                                            default=default, handle_sigint=False)
                self.app = session.app if closable else None
                return await task
            except KeyboardInterrupt:
                return interrupted
            except EOFError:
                return None
            finally:
                self.app = None
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        if not line:
            print()
            return None
        echo(line)
        return line


DEFAULT_PORT = 8765  # `rulelang serve`'s


def table_uri(address: str) -> str:
    """The websocket address of a table typed as `rulelang serve` prints it (HOST:PORT), or as a person may type it:
    without the port (serve's default, 8765), or after `http://` (a browser's habit: the table is at `ws://`)."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "ws", address
    scheme = {"http": "ws", "https": "wss"}.get(scheme.lower(), scheme.lower())
    host, slash, path = rest.partition("/")
    if host and ":" not in host.rsplit("]", 1)[-1]:  # no port (after an IPv6 address's `]`, as in `[::1]:8765`)
        host += f":{DEFAULT_PORT}"
    return f"{scheme}://{host}{slash}{path}"


def address_wrong(uri: str) -> str:
    """What is wrong with a table's websocket address that no connection need be tried to tell (urllib's words for
    a port or a host it cannot read were its own: "port could not be cast to integer value as '-1'"), or ""."""
    try:
        parts = urlsplit(uri)
        port, host = parts.port, parts.hostname
    except ValueError as e:  # a `[` never closed, a port that is no number
        if "port" in str(e).lower():
            return "the port is a number from 1 to 65535"
        return str(e)[:1].lower() + str(e)[1:]
    if not host:
        return f"it names no host (`127.0.0.1:{port or DEFAULT_PORT}` for a table on this machine)"
    if port is not None and not 1 <= port <= 65535:
        return "the port is a number from 1 to 65535"
    return ""


ANSWER_WAIT = 15  # seconds a table has to answer a seat's hello (its welcome, or why not)


async def open_seat(address: str, code: str, name: str | None):
    """Connect to the table at `address` and take the seat of `code`: (the connection, the welcome).
    Refused when the table answers no; RulesError when it cannot be reached."""
    need_websockets()
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    uri = table_uri(address)
    if address.strip().isdigit():  # `join 8765 CODE`: a port typed alone reads as a host (an IPv4 number, 0.0.34.61)
        raise RulesError(f"`{address}` is a port alone: type the table's HOST:PORT, as `rulelang serve` prints it "
                         f"(`127.0.0.1:{address.strip()}` for a table on this machine)")
    wrong = address_wrong(uri)
    if wrong:
        raise RulesError(f"`{address}` is not an address of a table (HOST:PORT, as `rulelang serve` prints it): {wrong}")
    try:
        conn = await asyncio.wait_for(connect(uri, max_size=MAX_FROM_SERVER, compression=None, open_timeout=10), 15)
    except ConnectionRefusedError:  # the machine answered: no program listens at that port
        raise RulesError(f"cannot reach a table at {address}: nothing listens there; is `rulelang serve` running, "
                         f"and is this the address it printed?") from None
    except (OSError, TimeoutError, InvalidURI) as e:
        raise RulesError(f"cannot reach a table at {address}: {getattr(e, 'strerror', None) or e}") from None
    except InvalidHandshake:  # something answers there, but not as a table does (a web server, another program)
        raise RulesError(f"no rulelang table answers at {address} ({uri}): something else listens there; "
                         f"check the address `rulelang serve` printed") from None
    except ValueError as e:  # urllib's: a port past 65535, a `[` never closed
        raise RulesError(f"`{address}` is not an address of a table (HOST:PORT, as `rulelang serve` prints it): "
                         f"{str(e)[:1].lower() + str(e)[1:]}") from None
    try:
        await conn.send(encode("hello", code=code, name=name))
        msg = decode(await asyncio.wait_for(conn.recv(), ANSWER_WAIT), MAX_FROM_SERVER)
    except OtherVersion as e:  # its welcome, or its refusal of this side's hello: either way, another release
        await conn.close()
        raise Refused(f"the table at {address} speaks {versioned(e.theirs)} of rulelang's network protocol and this "
                      f"rulelang speaks version {VERSION}: join with the same release of rulelang as the table's") from None
    except TimeoutError:  # the connection held open, and no word on it
        await conn.close()
        raise RulesError(f"the table at {address} did not answer this seat's hello in {ANSWER_WAIT:g} seconds: is it "
                         "a rulelang table, and not stuck?") from None
    except (ConnectionClosed, ProtocolError):
        await conn.close()
        raise RulesError(f"the table at {address} closed the connection") from None
    if msg["type"] != "welcome":
        await conn.close()
        if msg["type"] == "error":
            raise Refused(f"the table at {address} refused: {msg.get('message')}")
        raise Refused(f"the table at {address} did not welcome this seat")
    what = welcome_problem(msg)
    if what:
        await conn.close()
        raise RulesError(f"the table at {address} sent a welcome this rulelang cannot read ({what}): is it a "
                         "rulelang table of this release?")
    return conn, msg


def welcome_problem(msg: dict) -> str | None:
    """What is wrong with a welcome's shape (the fields `join` reads before the game), or None."""
    players = msg.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 100:
        return "`players` is not a number of players"
    seat = msg.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        return "`seat` is not a seat of the table"
    if not isinstance(msg.get("main"), str):
        return "`main` is not text"
    texts = msg.get("texts")
    if not isinstance(texts, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in texts.items()):
        return "`texts` is not a mapping of texts"
    if msg["main"] not in texts:  # (the rules are the table's, never a file of this machine)
        return f"`texts` does not hold the main file `{msg['main']}`"
    if msg.get("name") is not None and not isinstance(msg.get("name"), str):
        return "`name` is not text"
    return None


async def join(address: str, code: str, name: str | None, screen: Screen, table=None) -> int:
    """Play the seat of `code` at the table at `address`.  `table`: the server's own Table, when its host plays a
    seat from the serving terminal (`serve --play`): the host's commands are taken at this prompt too."""
    conn, msg = await open_seat(address, code, name)
    try:
        try:
            program = load(msg["main"], texts=msg["texts"])
        except RulesError as e:
            raise RulesError("the table's rules do not compile with this rulelang:\n" + e.render()) from None
        seat = msg["seat"]
        screen.line([("bold", program.name), ("", f" at {address}: you have seat {seat + 1}"
                                                  + (f" ({msg['name']})" if msg.get("name") else "") + ".")])
        host = JoinHost(RemoteGame(program, seat), seat, screen, conn, address, code, retry=table is None,
                        table=table)
        receiver = asyncio.ensure_future(host.receive())
        try:
            if screen.tty:
                from prompt_toolkit.patch_stdout import patch_stdout

                with patch_stdout():
                    return await host.run()
            return await host.run()
        finally:
            receiver.cancel()
            conn = host.conn
    finally:
        await conn.close()


def cmd_join(args) -> int:
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        return asyncio.run(join(args.address, args.code, args.name, Screen(tty)))
    except KeyboardInterrupt:  # Ctrl-C while no prompt is up (someone else's move, the lobby): leave, as `quit`
        print("\nYou leave the table; your seat is kept: the same `rulelang join` takes it again.", flush=True)
        return 130
