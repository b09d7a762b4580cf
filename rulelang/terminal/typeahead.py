"""Keys typed while no prompt is showing (the bots' moves being told): read as they come, never echoed among the
narration, never taken as a line the person has not seen; Ctrl-C hurries the bots, Ctrl-D asks to leave at once."""
from __future__ import annotations

import codecs
import os
import select
import signal
import time

CTRL_C, CTRL_D, CTRL_U, ESC = 0x03, 0x04, 0x15, 0x1B
ENTERS, ERASES = (0x0A, 0x0D), (0x08, 0x7F)
STUCK = 3.0  # seconds a Ctrl-C may wait unseen before a second one stops the program (a computation that never ends)


class TypeAhead:
    """The keyboard between prompts, at a terminal, for a whole game (`with`): the terminal neither echoes keys
    nor collects lines, Ctrl-\\ kills nothing, and Ctrl-C never ends the game (`settle`, at every decision).
    While `watching()` (a bot thinks, its move is told, the pause after it) every key is read here, one byte at
    a time, so that what follows a Ctrl-D stays unread for the question it asks.  Letters typed go into `text`,
    which the next prompt shows in its line (an Enter typed ahead is not taken: the person sees the table before
    the move is sent); Ctrl-U and Backspace edit it; an escape sequence (an arrow, a function key) is dropped;
    Ctrl-C clears it and hurries the bots' moves (no more pauses until the person's prompt); Ctrl-D sets
    `leave`.  Ctrl-C stays a signal (ISIG), so that a computation that never ends can still be stopped: a second
    Ctrl-C once the first has gone unseen for STUCK seconds raises KeyboardInterrupt.  Not at a terminal, it
    does nothing but wait."""

    def __init__(self, fd: int | None):
        self.fd = fd if fd is not None and os.isatty(fd) else None
        self.termios = None  # the module, at a POSIX terminal
        self.saved = None  # the terminal's modes before the game, put back at its end
        self.handler = None  # the SIGINT handler before the game, put back at its end
        self.text = ""
        self.entered = False  # an Enter was typed ahead (and not taken)
        self.leave = False  # Ctrl-D was typed: the host asks whether to leave
        self.hurry = False  # Ctrl-C was typed: no pause until the person's next prompt
        self.told_hurry = False
        self.watched = False  # keys were watched since the last prompt
        self.unseen = None  # when a Ctrl-C came that no poll has seen yet
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    # ---------------------------------------------------------- the terminal's modes
    def __enter__(self):
        if self.fd is None:
            return self
        try:
            import termios
        except ImportError:  # no POSIX terminal (Windows): keys typed ahead go to the next prompt as they are
            self.fd = None
            return self
        try:
            self.saved = termios.tcgetattr(self.fd)
            self.termios = termios
        except termios.error:
            self.fd = None
            return self
        self.handler = signal.getsignal(signal.SIGINT)
        self.settle()
        return self

    def __exit__(self, *exc) -> None:
        if self.saved is not None:
            try:
                self.termios.tcsetattr(self.fd, self.termios.TCSANOW, self.saved)
            except self.termios.error:
                pass
            try:
                signal.signal(signal.SIGINT, self.handler if self.handler is not None else signal.default_int_handler)
            except ValueError:  # not the main thread
                pass

    def settle(self) -> None:
        """No echo, no line editing by the terminal, Ctrl-\\ no signal, Ctrl-C a signal caught here: set anew at
        every decision, since a prompt puts its own SIGINT handler back to Python's, and a shell after Ctrl-Z may
        put other modes in place."""
        if self.saved is None:
            return
        termios = self.termios
        try:
            mode = termios.tcgetattr(self.fd)
            mode[3] = (mode[3] & ~(termios.ECHO | termios.ICANON | termios.IEXTEN)) | termios.ISIG | termios.NOFLSH
            mode[6] = list(mode[6])
            mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
            mode[6][termios.VQUIT] = bytes([_vdisable(self.fd)])
            if mode != termios.tcgetattr(self.fd):
                termios.tcsetattr(self.fd, termios.TCSANOW, mode)
        except (termios.error, OSError, ValueError):  # the terminal went away
            pass
        try:
            signal.signal(signal.SIGINT, self._sigint)
        except ValueError:  # not the main thread: Python's own KeyboardInterrupt
            pass

    def watching(self):
        """A context for the bots' moves: keys read as they come."""
        return _Watching(self)

    def _sigint(self, signum, frame) -> None:
        now = time.monotonic()
        if self.unseen is not None and now - self.unseen > STUCK:
            raise KeyboardInterrupt
        if self.unseen is None:
            self.unseen = now
        self.hurry, self.text = True, ""

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
            try:
                ready = select.select([self.fd], [], [], max(0.0, min(left, 0.05)))[0]
            except (OSError, ValueError):  # the terminal went away
                self.fd = None
                return
            if ready:
                self.key(self.read_byte())
            elif left <= 0:
                return

    def absorb(self, input_obj) -> None:
        """Take in the keys a prompt read past its Enter (prompt_toolkit keeps them for the next prompt, which
        would send a line typed with it unseen): as typed here; from a Ctrl-D on, they are left to the question."""
        from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead

        presses = get_typeahead(input_obj)
        for i, press in enumerate(presses):
            data = press.data
            if data == "\x04":
                self.leave = True
                store_typeahead(input_obj, presses[i + 1:])
                return
            if press.key != "<bracketed-paste>" and data.startswith("\x1b"):  # an arrow, a function key
                continue
            for b in data.encode("utf-8", "replace"):
                self.key(b)

    def read_byte(self) -> int | None:
        if self.fd is None:
            return None
        try:
            b = os.read(self.fd, 1)
        except (InterruptedError, BlockingIOError):
            return None
        except OSError:  # the terminal went away
            self.fd = None
            return None
        return b[0] if b else None

    def key(self, b: int | None) -> None:
        if b is None:
            return
        if b == CTRL_D:
            self.leave = True
        elif b == CTRL_C:
            self.hurry, self.text = True, ""
        elif b in ENTERS:
            self.entered = True
        elif b in ERASES:
            self.text = self.text[:-1]
        elif b == CTRL_U:
            self.text = ""
        elif b == ESC:
            self.skip_sequence()
        elif b >= 0x20:
            ch = self.decoder.decode(bytes([b]))
            if ch.isprintable():
                self.text += ch
            if len(self.text) > 4000:  # no more than a line may hold (host.MAX_LINE)
                self.text = self.text[:4000]

    def skip_sequence(self) -> None:
        """An escape sequence after ESC (`ESC [ 1 ; 5 A`, `ESC O P`): read and dropped, as far as it has come."""
        def next_byte():
            try:
                return self.read_byte() if self.fd is not None and select.select([self.fd], [], [], 0.01)[0] else None
            except (OSError, ValueError):
                return None

        b = next_byte()
        if b == ord("O"):
            next_byte()
        elif b == ord("["):
            for _ in range(32):
                b = next_byte()
                if b is None or 0x40 <= b <= 0x7E:
                    break

    # ---------------------------------------------------------- what the next prompt gets
    def take(self) -> tuple[str, bool]:
        """The text typed ahead for the next prompt, and whether an Enter was typed with it; both cleared."""
        if self.watched:
            self.poll()
        text, entered = self.text, self.entered
        self.text, self.entered, self.hurry, self.told_hurry, self.watched, self.unseen = "", False, False, False, False, None
        return text, entered

    def drop(self) -> None:
        """Forget what was typed ahead (the keyboard goes to another person: an Enter typed ahead must not pass
        it on unseen); up to a Ctrl-D, which is left in `leave`."""
        self.take()


def _vdisable(fd: int) -> int:
    """The character that turns a terminal's special key off (0 on Linux)."""
    try:
        v = os.fpathconf(fd, "PC_VDISABLE")
    except (OSError, ValueError):
        return 0
    return v if 0 <= v < 256 else 0


class _Watching:
    def __init__(self, keys: TypeAhead):
        self.keys = keys

    def __enter__(self):
        self.keys.watched = True
        self.keys.settle()
        return self.keys

    def __exit__(self, *exc) -> None:
        pass
