"""Keys typed while no prompt is showing (the bots' moves being told): read as they come, never echoed among the
narration, never taken as a line the person has not seen; Ctrl-C hurries the bots, Ctrl-D asks to leave at once;
an arrow typed after the last letter (Up: the last line again) is done at the next prompt."""
from __future__ import annotations

import contextlib
import functools
import os
import select
import signal
import time

STUCK = 3.0  # seconds a Ctrl-C may wait unseen before a second one stops the program (a computation that never ends)
TICK = 0.1  # seconds between two looks at the keyboard while a bot thinks (`thinking`)


class TypeAhead:
    """The keyboard between prompts, at a terminal, for a whole game (`with`): the terminal neither echoes keys
    nor collects lines, Ctrl-\\ kills nothing, and Ctrl-C never ends the game (`settle`, at every decision).
    While `watching()` (a bot thinks, its move is told, the pause after it) every key is read here, one byte at
    a time, so that what follows a Ctrl-D stays unread for the question it asks.  Letters typed go into `text`,
    which the next prompt shows in its line (an Enter typed ahead is not taken: the person sees the table before
    the move is sent); Ctrl-U and Backspace edit it; from an arrow, Home, End or Delete on, the keys are kept as
    typed in `after`, for the next prompt to do (`give`: Up brings the last line back); another escape sequence
    (a function key) is dropped; Ctrl-C clears them and hurries the bots' moves (no more pauses until the
    person's prompt); Ctrl-D sets `leave`.  Ctrl-C is a key read in its place among the others, not a signal
    (a signal overtakes the keys typed before it, and after it, still unread: those after it were dropped with
    those before); while a bot thinks the keyboard is read every TICK seconds (`thinking`), so that a
    computation that never ends can still be stopped: a second Ctrl-C once the first has gone unseen for STUCK
    seconds raises KeyboardInterrupt.  Ctrl-Z stops the game with the terminal as it was before it (the
    shell's), and `fg` puts the game's modes back.  Not at a terminal, it does nothing but wait."""

    def __init__(self, fd: int | None, longest: int):
        self.fd = fd if fd is not None and os.isatty(fd) else None
        self.longest = longest  # the most characters kept (no more than a line may hold: editor.MAX_LINE)
        self.termios = None  # the module, at a POSIX terminal
        self.modes = None  # prompt_toolkit's raw_mode, as the game keeps it (`settle`)
        self.saved = None  # the terminal's modes before the game, put back at its end
        self.handler = None  # the SIGINT handler before the game, put back at its end
        self.stop_handler = None  # ... and the SIGTSTP one (Ctrl-Z)
        self.text = ""
        self.after = []  # the keys (prompt_toolkit KeyPresses) from the first arrow typed ahead on, as typed
        self.entered = False  # an Enter was typed ahead (and not taken)
        self.leave = False  # Ctrl-D was typed: the host asks whether to leave
        self.hurry = False  # Ctrl-C was typed: no pause until the person's next prompt
        self.told_hurry = False
        self.watched = False  # keys were watched since the last prompt
        self.unseen = None  # when a Ctrl-C came that no poll has seen yet
        self.reader = None  # prompt_toolkit's PosixStdinReader (bytes to text), read one byte at a time
        self.parser = None  # prompt_toolkit's Vt100Parser (text to keys: ControlD, Up, ...), calling `press`
        self.pending = False  # the parser holds a key's start (an ESC) that the next byte may end
        self.escaped = False  # the parser gave a lone Escape: the rest of what it gives now is a sequence it knows not
        self.ticking = False  # a bot thinks: the keyboard is read at each SIGALRM (`thinking`)
        self.in_tick = False  # (no tick within a tick)
        self.stuck = False  # a second Ctrl-C came while a bot thought, the first unseen for STUCK seconds

    # ---------------------------------------------------------- the terminal's modes
    def __enter__(self):
        if self.fd is None:
            return self
        try:
            import termios

            from prompt_toolkit.input.vt100 import raw_mode
        except ImportError:  # no POSIX terminal (Windows): keys typed ahead go to the next prompt as they are
            self.fd = None
            return self

        class Modes(raw_mode):  # prompt_toolkit's: saved when made, put back at `__exit__`
            """Raw, but Ctrl-Z stays a signal (ISIG) that flushes nothing typed (NOFLSH); Ctrl-S/Ctrl-Q and Enter's
            CR -> NL as they were (no prompt is showing).  Ctrl-C and Ctrl-\\ are no signal (`settle`)."""
            @classmethod
            def _patch_lflag(cls, attrs: int) -> int:
                return (attrs & ~(termios.ECHO | termios.ICANON | termios.IEXTEN)) | termios.ISIG | termios.NOFLSH

            @classmethod
            def _patch_iflag(cls, attrs: int) -> int:
                return attrs

        self.modes, self.termios = Modes(self.fd), termios
        self.saved = self.modes.attrs_before
        if self.saved is None:
            self.fd = None
            return self
        from prompt_toolkit.input.posix_utils import PosixStdinReader
        from prompt_toolkit.input.vt100_parser import Vt100Parser

        self.reader, self.parser = PosixStdinReader(self.fd, errors="replace"), Vt100Parser(self.press)
        self.handler = signal.getsignal(signal.SIGINT)
        self.stop_handler = signal.getsignal(signal.SIGTSTP)
        self.settle()
        return self

    def __exit__(self, *exc) -> None:
        if self.saved is not None:
            self.modes.__exit__()
            try:
                signal.signal(signal.SIGINT, self.handler if self.handler is not None else signal.default_int_handler)
                signal.signal(signal.SIGTSTP, self.stop_handler if self.stop_handler is not None else signal.SIG_DFL)
            except ValueError:  # not the main thread
                pass

    def settle(self) -> None:
        """No echo, no line editing by the terminal, Ctrl-\\ and Ctrl-C no signal (Ctrl-C is read as a key), and a
        SIGINT sent from elsewhere caught here: set anew at every decision, since a prompt puts its own SIGINT
        handler back to Python's, and a shell after Ctrl-Z may put other modes in place."""
        if self.saved is None:
            return
        termios = self.termios
        try:
            self.modes.__enter__()
            mode = termios.tcgetattr(self.fd)
            off = bytes([_vdisable(self.fd)])
            if mode[6][termios.VQUIT] != off or mode[6][termios.VINTR] != off:  # special characters: no flag of
                mode[6][termios.VQUIT] = mode[6][termios.VINTR] = off                # prompt_toolkit's turns them off
                termios.tcsetattr(self.fd, termios.TCSANOW, mode)
        except (termios.error, OSError, ValueError):  # the terminal went away
            pass
        try:
            signal.signal(signal.SIGINT, self._sigint)
            signal.signal(signal.SIGTSTP, self._sigtstp)
        except ValueError:  # not the main thread: Python's own KeyboardInterrupt
            pass

    @contextlib.contextmanager
    def watching(self):
        """A context for the bots' moves: keys read as they come."""
        self.watch()
        yield self

    def watch(self) -> None:
        """From now until the next prompt, keys typed are this object's (`settle`), read by `poll` and `take`."""
        self.watched = True
        self.settle()

    def _sigint(self, signum, frame) -> None:
        """A SIGINT sent from elsewhere (`kill -INT`): as a Ctrl-C."""
        if self.interrupted():
            raise KeyboardInterrupt
        self.hurry, self.text, self.after = True, "", []

    def interrupted(self) -> bool:
        """A Ctrl-C came: whether it is the second one while the first has gone unseen for STUCK seconds."""
        now = time.monotonic()
        if self.unseen is not None and now - self.unseen > STUCK:
            return True
        if self.unseen is None:
            self.unseen = now
        return False

    @contextlib.contextmanager
    def thinking(self):
        """A context for a bot's thinking: the keyboard is read every TICK seconds (a SIGALRM), so that the keys
        come in their order whatever the bot does meanwhile, and two Ctrl-Cs STUCK seconds apart stop a
        computation that never ends (KeyboardInterrupt)."""
        if self.fd is None:
            yield self
            return
        try:
            before = signal.signal(signal.SIGALRM, self._tick)
        except ValueError:  # not the main thread
            yield self
            return
        self.ticking = True
        signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
        try:
            yield self
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.ticking = False
            signal.signal(signal.SIGALRM, before)

    def _tick(self, signum, frame) -> None:
        if not self.ticking or self.in_tick:
            return
        self.in_tick = True
        try:
            while self.fd is not None and not self.leave and select.select([self.fd], [], [], 0)[0]:
                self.read()
        except (OSError, ValueError):  # the terminal went away
            self.fd = None
        finally:
            self.in_tick = False
        if self.stuck:
            self.stuck = False
            raise KeyboardInterrupt

    def drop_unread(self) -> None:
        """The keys typed that no poll has read yet: dropped (the keyboard goes to another person), up to a
        Ctrl-D among them, which still asks to leave; what follows it is the question's."""
        if self.fd is None:
            return
        try:
            while select.select([self.fd], [], [], 0)[0]:
                byte = os.read(self.fd, 1)
                if not byte:
                    return
                if byte == b"\x04":
                    self.leave = True
                    return
        except (OSError, ValueError):  # the terminal went away
            return

    def _sigtstp(self, signum, frame) -> None:
        """Ctrl-Z: stopped with the terminal's modes as they were before the game (a shell that sets none of its own,
        `sh`, is not left typing blind), and the modes of the moment put back when continued (`fg`)."""
        termios = self.termios
        mode = None
        if self.fd is not None:
            try:
                mode = termios.tcgetattr(self.fd)
                termios.tcsetattr(self.fd, termios.TCSANOW, self.saved)
            except (termios.error, OSError, ValueError):  # the terminal went away
                mode = None
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)  # stopped here, until continued
        signal.signal(signal.SIGTSTP, self._sigtstp)
        if mode is not None:
            try:
                termios.tcsetattr(self.fd, termios.TCSANOW, mode)
            except (termios.error, OSError, ValueError):
                pass

    # ---------------------------------------------------------- reading
    def poll(self, wait: float = 0.0) -> None:
        """Read the keys typed so far, and wait up to `wait` seconds for more (ending early on Ctrl-D or Ctrl-C)."""
        if self.fd is None:
            if wait > 0 and not self.hurry:
                time.sleep(wait)
            return
        end = time.monotonic() + wait
        while not self.leave:
            if self.hurry:  # no more pauses; what was typed is still read
                self.unseen, end = None, 0.0
            left = end - time.monotonic()
            # In slices: a Ctrl-C (a signal) lands in the handler, and the wait must end soon after it.
            # A key begun (ESC) waits 0.01 s for its end; then it is taken as it came (a lone Escape).
            try:
                ready = select.select([self.fd], [], [], max(0.01 if self.pending else 0.0, min(left, 0.05)))[0]
            except (OSError, ValueError):  # the terminal went away
                self.fd = None
                return
            if ready:
                self.read()
            elif self.pending:
                self.pending = False
                self.parser.flush()
            elif left <= 0:
                return

    def absorb(self, input_obj) -> None:
        """Take in the keys a prompt read past its Enter (prompt_toolkit keeps them for the next prompt, which
        would send a line typed with it unseen): as typed here; from a Ctrl-D on, they are left to the question."""
        from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead

        presses = get_typeahead(input_obj)
        for i, press in enumerate(presses):
            self.escaped = False
            self.press(press)
            if self.leave:
                store_typeahead(input_obj, presses[i + 1:])
                return

    def read(self) -> None:
        """One byte more (no more: what follows a Ctrl-D stays unread, for the question it asks), to the parser."""
        text = self.reader.read(1)
        if self.reader.closed:  # the terminal went away
            self.fd = None
        elif text:
            self.pending, self.escaped = True, False  # pending until the parser calls `press`: a key is whole
            self.parser.feed(text)

    def press(self, press) -> None:
        """A key typed (a prompt_toolkit KeyPress): a letter goes into `text`; Enter, Backspace, Ctrl-U, Ctrl-C and
        Ctrl-D as told in the class; from an arrow (Home, End, Delete) on, keys go into `after` as typed; another
        escape sequence (a function key, one the parser does not know) and other keys are dropped."""
        from prompt_toolkit.keys import Keys

        self.pending = False
        key = press.key
        if self.escaped or key == Keys.Escape:  # `ESC [ 9 9 Z`, `ESC x`: dropped whole, as far as it has come
            self.escaped = True
        elif key == Keys.ControlD:
            self.leave = True
        elif key == Keys.ControlC:
            self.hurry, self.text, self.after = True, "", []
            if self.ticking and self.interrupted():  # a bot thinks on: raised once the key is read whole (`_tick`)
                self.stuck = True
        elif key in (Keys.ControlM, Keys.ControlJ):
            self.entered = True
        elif key == Keys.BracketedPaste:  # as typed
            from prompt_toolkit.input.vt100_parser import Vt100Parser

            Vt100Parser(self.press).feed_and_flush(press.data)
        elif key in moving_keys() or self.after and (key in (Keys.ControlH, Keys.ControlU) or not isinstance(key, Keys)
                                              and key.isprintable()):
            if len(self.text) + len(self.after) < self.longest:
                self.after.append(press)
        elif key == Keys.ControlH:  # Backspace (DEL) too
            self.text = self.text[:-1]
        elif key == Keys.ControlU:
            self.text = ""
        elif not isinstance(key, Keys) and key.isprintable():
            self.text = (self.text + key)[:self.longest]

    # ---------------------------------------------------------- what the next prompt gets
    def take(self) -> tuple[str, bool]:
        """The text typed ahead for the next prompt, and whether an Enter was typed with it; both cleared.  The
        keys typed from an arrow on wait for `give`."""
        if self.watched:
            self.poll()
        text, entered = self.text, self.entered
        self.text, self.entered, self.hurry, self.told_hurry, self.watched, self.unseen = "", False, False, False, False, None
        return text, entered

    def give(self, input_obj) -> None:
        """The keys typed ahead from an arrow on, to the prompt about to open on `input_obj`, which does them
        after putting the text in its line (`editor.history_before_typeahead`: Up finds the last line)."""
        from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead

        if self.after:
            store_typeahead(input_obj, self.after + get_typeahead(input_obj))
            self.after = []

    def keep(self, text: str) -> None:
        """Text a prompt held when it was closed under the person's fingers (its decision went, another came):
        typed ahead, for the next prompt's line."""
        self.text = (self.text + text)[:self.longest]

    def drop(self) -> None:
        """Forget what was typed ahead (the keyboard goes to another person: an Enter typed ahead must not pass
        it on unseen), read or not yet; up to a Ctrl-D, which is left in `leave`."""
        self.take()
        self.after = []
        self.drop_unread()


@functools.cache
def moving_keys() -> frozenset:
    """The keys that start `TypeAhead.after`: those that move in the line or through its history."""
    from prompt_toolkit.keys import Keys

    return frozenset({Keys.Up, Keys.Down, Keys.Left, Keys.Right, Keys.Home, Keys.End, Keys.Delete})


def _vdisable(fd: int) -> int:
    """The character that turns a terminal's special key off (0 on Linux)."""
    try:
        v = os.fpathconf(fd, "PC_VDISABLE")
    except (OSError, ValueError):
        return 0
    return v if 0 <= v < 256 else 0

