"""Helpers for scenario tests: stack a deck, drive a game move by move, read the state as card names.

A stacked game is built from what each seat is dealt, the card(s) flipped to start the discard
pile and the cards that follow on the draw pile.  The interpreter deals round-robin from the first
player (seat 0 in hand 1), one card at a time, from the top of the draw pile; `Game(stack=...)`
puts the named cards on top of the shuffled deck, the first name on top.  So the stack is the hands
interleaved by round, then the flipped cards, then the draw pile in the order it will be drawn.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot, RandomBot
from interpreter.bots.samples import fork
from interpreter.view import visible
from rulelang.errors import MoveError

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


# The smallest game: five cards, one each, and a turn that wins; tests make what they need of it by replacing a line.
TINY = '''game "Tiny"
players 2..4
attribute r 1..5
deck d { for n in 1..5 { card {r: n} } }
zone d hidden
zone h private per player
setup { shuffle d  deal 1 from d to h }
turn { choose current { go { win current } } }
'''

__all__ = ["ROOT", "GAMES", "MoveError", "program", "deal_stack", "rest_of_deck", "new_game", "hand", "hand_names",
           "discard", "top", "draw_pile", "draw_size", "colour", "turn", "deciding", "options", "play", "events_of"]


@lru_cache(maxsize=None)
def program(name: str):
    """A compiled game from games/ (`uno` or `express`); compiled once per test session."""
    return rulelang.load(GAMES / f"{name}.rules")


def referee_game(name: str, players: int, seed: int, moves: int | None = None) -> Game:
    """A seeded game of games/NAME.rules for the rulebook referees: random bots (who challenge, lie, doubt, forget
    UNO! and catch it) beside greedy ones; played to its end (an endless one fails), or for `moves` moves."""
    prog = program(name)
    g = Game(prog, players, seed=seed)
    bots = [(RandomBot if (seed + i) % 2 else GreedyBot)(seed * 31 + i) for i in range(players)]
    made = 0
    while not g.over and made != moves:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(prog, g.view(d.player), d))
        made += 1
        assert moves is not None or made < 20_000, f"seed {seed}: no end"
    return g


def deal_stack(hands, flip, draw=()) -> list[str]:
    """The `stack` list for a deal: `hands[seat]` is what each seat is dealt (all the same size),
    `flip` the card(s) turned up at setup (the last one the top of the discard pile; any before it
    are Action/Wild cards the setup ignores), `draw` the next cards of the draw pile, in draw order."""
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise ValueError(f"every seat is dealt the same number of cards, not {sorted(sizes)}")
    size = sizes.pop()
    out = [hands[seat][i] for i in range(size) for seat in range(len(hands))]
    out += list(flip) if not isinstance(flip, str) else [flip]
    out += list(draw)
    return out


def rest_of_deck(name: str, *used) -> list[str]:
    """The short names of every card of the game's deck not among `used` (lists of short names, each
    name taken out as many times as it is listed), sorted: to deal out "everything else"."""
    left = Counter(c.short for c in program(name).cards)
    for names in used:
        taken = Counter(names)
        for n, k in taken.items():
            if left[n] < k:
                raise ValueError(f"the deck has {left[n]} `{n}` left, not {k}")
        left -= taken
    return sorted(left.elements())


def new_game(name: str, hands, flip, draw=(), seed: int = 1, match: bool = False, names=None) -> Game:
    """A game of `name` with a stacked deal (see `deal_stack`); players = len(hands)."""
    prog = program(name)
    players = names if names is not None else len(hands)
    return Game(prog, players, seed=seed, stack=deal_stack(hands, flip, draw), match=match)


# ------------------------------------------------------------------ reading the state


def _zone(g: Game, name: str, owner=None) -> list[int]:
    return g.state.zone(g.program.zone_index[name], owner)


def hand(g: Game, seat: int) -> list[str]:
    """A seat's hand as sorted short card names (R7, BS, W4)."""
    return sorted(g.program.cards[c].short for c in _zone(g, "hand", seat))


def hand_names(g: Game, seat: int) -> list[str]:
    """A seat's hand as sorted full card names (Red 7, Blue Skip, Wild Draw Four)."""
    return sorted(g.program.cards[c].name for c in _zone(g, "hand", seat))


def discard(g: Game) -> list[str]:
    """The discard pile bottom to top, as short names."""
    return [g.program.cards[c].short for c in _zone(g, "discard")]


def top(g: Game) -> str:
    """The top card of the discard pile (short name)."""
    return discard(g)[-1]


def draw_pile(g: Game) -> list[str]:
    """The draw pile in draw order (the next card drawn first), as short names."""
    return [g.program.cards[c].short for c in reversed(_zone(g, "draw"))]


def draw_size(g: Game) -> int:
    return len(_zone(g, "draw"))


def colour(g: Game):
    """The colour in play (`current_colour`)."""
    return g.state.vars["current_colour"]


def turn(g: Game) -> int:
    """Whose turn it is."""
    return g.state.current


def deciding(g: Game):
    """The seat the pending decision waits for (None when the game is over)."""
    return g.pending.player if g.pending is not None else None


def options(g: Game) -> list[str]:
    """The texts of the legal moves of the pending decision."""
    return [o.text for o in g.legal()]


def play(g: Game, seat: int, *moves: str) -> None:
    """Make typed moves for `seat`, one after another, each checking it is that seat's decision."""
    for text in moves:
        assert g.pending is not None, f"the game is over; cannot make `{text}` for seat {seat}"
        assert g.pending.player == seat, (f"`{text}`: the pending decision is seat {g.pending.player}'s "
                                          f"({options(g)}), not seat {seat}'s")
        g.apply(seat, text)
        g.check_cards()


def play_pending(g: Game, *moves: str) -> None:
    """Make typed moves, each for the seat whose decision is pending, the cards checked after each."""
    for text in moves:
        g.apply(g.pending.player, text)
        g.check_cards()


def events_of(g: Game, kind: str) -> list[dict]:
    return [e for e in g.events if e.type == kind]


# ------------------------------------------------------------------ bluffing games (Liar's UNO, Who's lying?)

__all__ += ["zone_cards", "interleave", "facedown_names", "narration", "new_game_stacked"]


def zone_cards(g: Game, name: str, owner=None) -> list[str]:
    """Any zone, bottom to top, as short names (`zone_cards(g, "front", 2)`, `zone_cards(g, "laid")`)."""
    return [g.program.cards[c].short for c in _zone(g, name, owner)]


def interleave(hands) -> list[str]:
    """The hands dealt round-robin from seat 0, one card a round (every hand the same size)."""
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise ValueError(f"every seat is dealt the same number of cards, not {sorted(sizes)}")
    size = sizes.pop()
    return [hands[seat][i] for i in range(size) for seat in range(len(hands))]


def new_game_stacked(name: str, players, stack, seed: int = 1, match: bool = False, options=None) -> Game:
    """A game of `name` with the draw pile (the deck's zone) topped by `stack`, the first name on top."""
    return Game(program(name), players, seed=seed, stack=list(stack), match=match, options=options)


def facedown_names(g: Game) -> dict:
    """Every face-down card as {short name: sorted seats that know it}."""
    return {g.program.cards[c].short: sorted(k) for c, k in g.state.facedown.items()}


def narration(g: Game, seat, since: int = 0) -> list[str]:
    """The lines `seat` is told for the events from index `since` on (bookkeeping left out)."""
    out = []
    for ev in g.events[since:]:
        line = g.narrate(ev, seat)
        if line is not None:
            out.append(line)
    return out


# ------------------------------------------------------------------ the public command line

__all__ += ["rulelang_command", "Played", "run_cli"]


def rulelang_command() -> list[str]:
    """The `rulelang` command of this environment (its script, or `python -m rulelang.cli`)."""
    import sys

    script = Path(sys.executable).parent / "rulelang"
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulelang.cli"]


class Played:
    """What `run_cli` saw: the exit status, the screen (stdout, stderr), the log's events and the game rebuilt
    from the save file, exactly as it stood after the last move (read it with the helpers above)."""

    def __init__(self, proc, events: list, game):
        self.status, self.out, self.err = proc.returncode, proc.stdout, proc.stderr
        self.lines = proc.stdout.splitlines()
        self.events = events
        self.game = game

    def said(self, kind: str) -> list[dict]:
        return [e for e in self.events if e["type"] == kind]


def run_cli(tmp_path, game: str, stack, moves, names, options=(), match: bool = False) -> Played:
    """`rulelang run games/GAME.rules --players N --humans N --names ... --stack FILE --seed 1 --delay 0 --log
    FILE --save FILE [--option ...]`: every seat a person, `moves` typed on standard input one line each (each
    line goes to whoever must move then).  Input that ends while a person must move ends it (status 3)."""
    import json
    import subprocess

    from rulelang.save import read_save, rebuild

    stack_file = tmp_path / "stack.yaml"
    stack_file.write_text("# the top of the draw pile first\n" + "".join(f"- {c}\n" for c in stack), encoding="utf-8")
    log, save = tmp_path / "game.jsonl", tmp_path / "game.save"
    save.unlink(missing_ok=True)  # a game left unfinished by an earlier call: a new game is not saved over it
    args = ["run", f"games/{game}.rules", "--players", str(len(names)), "--humans", str(len(names)),
            "--names", ",".join(names), "--stack", str(stack_file), "--seed", "1", "--delay", "0",
            "--log", str(log), "--save", str(save)]
    for o in options:
        args += ["--option", o]
    if match:
        args.append("--match")
    proc = subprocess.run(rulelang_command() + args, input="".join(m + "\n" for m in moves), capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    setup, made, _ = read_save(save)
    setup.program = saved_program(setup.main, tuple(sorted(setup.texts.items())))
    g, _ = rebuild(save, setup, made)
    return Played(proc, events, g)


@lru_cache(maxsize=None)
def saved_program(main: str, texts: tuple):
    """The program a save's rules compile to (`Setup.load_program`: from the saved texts alone), compiled once per
    test session for the same texts: a program is never changed by the games that share it."""
    return rulelang.load(main, texts=dict(texts))


# ------------------------------------------------------------------ a person at a terminal

__all__ += ["CSI", "plain", "PtyTerminal"]

import re as _re  # noqa: E402

CSI = _re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78cM]")


def plain(raw: str) -> str:
    """What the screen says, without escape sequences or carriage returns."""
    return CSI.sub("", raw).replace("\r", "")


class PtyTerminal:
    """`rulelang ARGS` in a pseudo-terminal of `rows` x `cols`, as a person uses it: types keys, reads what is on
    screen (escape codes stripped).  No cursor-position requests: no terminal emulator is here to answer them,
    unless `emulate`: then a terminal emulator (pyte) keeps the screen as a person sees it, cell by cell, and
    answers them, so prompt_toolkit draws everything it draws at a real terminal (the bottom toolbar too);
    `rows_on_screen()` reads it."""

    def __init__(self, args: list[str], rows: int = 24, cols: int = 100, emulate: bool = False, **env):
        import os

        import pexpect

        environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PROMPT_TOOLKIT_NO_CPR")}
        environ.update({"TERM": "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows), **env})
        if not emulate:
            environ["PROMPT_TOOLKIT_NO_CPR"] = "1"
        cmd = rulelang_command() + args
        self.child = pexpect.spawn(cmd[0], cmd[1:], cwd=str(ROOT), env=environ, dimensions=(rows, cols),
                                   encoding="utf-8", timeout=10)
        self.raw = ""
        self.seen = 0  # how far into the plain text earlier `expect`s have read
        self.screen = None
        if emulate:
            import pyte

            self.screen = pyte.Screen(cols, rows)
            self.screen.write_process_input = self.child.send  # its answers (the cursor's place) go to the program
            self.stream = pyte.Stream(self.screen)

    def read_more(self, wait: float) -> bool:
        import pexpect

        try:
            text = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.raw += text
        if self.screen is not None:
            self.stream.feed(text)
        return True

    def rows_on_screen(self) -> list[str]:
        """The screen of an `emulate` terminal now, one string a row (trailing blanks cut)."""
        return [row.rstrip() for row in self.screen.display]

    def wait_for_screen(self, check, timeout: float = 10) -> list[str]:
        """Read until `check(rows)` is true of the emulated screen; return its rows then."""
        import time

        deadline = time.monotonic() + timeout
        while True:
            rows = self.rows_on_screen()
            if check(rows):
                return rows
            if not self.read_more(0.1) or time.monotonic() > deadline:
                raise AssertionError("the screen never became as expected; it shows:\n" + "\n".join(rows))

    def expect(self, text: str, timeout: float = 10) -> str:
        """Wait until `text` is on screen after what was already read; return the plain text up to it."""
        import time

        deadline = time.monotonic() + timeout
        while True:
            screen = plain(self.raw)
            i = screen.find(text, self.seen)
            if i >= 0:
                before = screen[self.seen:i]
                self.seen = i + len(text)
                return before
            alive = self.read_more(0.1)
            if not alive or time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear; the screen since the last match:\n"
                                     f"{screen[self.seen:][-3000:]}")

    def answer(self, prompt: str, typed: str, timeout: float = 10) -> str:
        """Types the line `typed` at `prompt` (such as "Ann>") and returns the plain text the program shows before
        its next prompt.  prompt_toolkit draws the prompt with the accepted line again as the prompt ends, once or
        twice as the keys happen to arrive: a prompt followed by the line typed is that drawing, not the next
        prompt, whose line is empty."""
        import time

        self.line(typed)
        self.expect(f"{prompt} {typed}", timeout)
        echo = f" {typed}"
        shown = ""
        while True:
            shown += self.expect(prompt, timeout)
            quiet = time.monotonic() + 0.5  # what follows a prompt comes in the same write: half a second is ample
            while True:  # enough of what follows this prompt to tell the two apart
                after = plain(self.raw)[self.seen:]
                if after.startswith(echo) or not echo.startswith(after) or time.monotonic() > quiet:
                    break
                before = len(self.raw)
                if not self.read_more(0.1):
                    break
                if len(self.raw) > before:
                    quiet = time.monotonic() + 0.5
            if not after.startswith(echo):
                return shown
            self.seen += len(echo)

    def type(self, keys: str) -> None:
        self.child.send(keys)

    def line(self, text: str) -> None:
        self.child.send(text + "\r")

    def exit_status(self) -> int:
        import pexpect

        self.child.expect(pexpect.EOF, timeout=10)
        self.raw += self.child.before or ""
        self.child.close()
        return self.child.exitstatus

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def with_hidden_cards_moved(st, seat, rng):
    """A copy of the state that `seat` cannot tell from it: cards it cannot see exchanged among the places it
    cannot see (other hands, the draw pile), and the engine's work counter changed (it counts what rules did
    with hidden cards).  Cards the game still refers to (a claim's, a card variable's) stay where they are: the
    seat may know where those went."""
    other = fork(st)
    named = set(st.claim["cards"]) if st.claim else set()
    named.update(v for k, v in st.vars.items() if st.program.var_kinds.get(k) == "card")
    for fr in st.stack:
        named.update(v for k, v in fr.env.items() if isinstance(v, int) and k in st.program.card_locals.get(fr.name, ()))
    places = [(z, i) for zi, spec in enumerate(st.program.zones)
              for owner, z in (enumerate(other.zones[zi]) if spec.per_player else [(None, other.zones[zi])])
              for i, c in enumerate(z)
              if c not in st.facedown and c not in named and not visible(st, c, zi, owner, seat)]
    cards = [z[i] for z, i in places]
    rng.shuffle(cards)
    for (z, i), c in zip(places, cards):
        z[i] = c
    other.steps += 12_345
    return other, len(places)


def play_greedy(program, players: int, seed: int, match: bool = False) -> Game:
    """A whole game (or match) of greedy bots, each deciding from its seat's view, the cards checked after every
    move; it must end within 20,000 moves."""
    g = Game(program, players, seed=seed, match=match)
    bots = [GreedyBot(seed * 10 + i) for i in range(players)]
    for _ in range(20_000):
        if g.over:
            break
        d = g.pending
        g.apply(d.player, bots[d.player].choose(program, g.view(d.player), d))
        g.check_cards()
    assert g.over
    return g


def write_stack(tmp_path: Path, cards: list[str]) -> Path:
    """A `--stack` file of these cards, top first, in `tmp_path`."""
    path = tmp_path / "stack.yaml"
    path.write_text("".join(f"- {c}\n" for c in cards), encoding="utf-8")
    return path
