"""The `rulelang` command: check game files, run them at the terminal, simulate many bot games."""
from __future__ import annotations

import argparse
import os
import re
import sys

from interpreter.bots import BOTS
from interpreter.errors import unsafe_char

from . import emit_python, load
from .checker import warnings
from .errors import RulesError, closest
from .paths import bundled_games

# Each subcommand's module is imported when that subcommand runs (the terminal, the network, simulate): `rulelang
# check` does not load prompt_toolkit or websockets, and start-up stays fast.


def unobeyed(text: str) -> str:
    """What the command prints of what it was given (a name, a path, a file's name in a refusal): each control
    character a terminal would obey (ESC, BEL, CR...) and each bidi override written as its escape (`\\x1b`), the
    line breaks kept.  (A source line a message quotes shows them as `\ufffd` already, `RulesError.render`.)"""
    if text.isprintable():
        return text
    return "".join(ch if ch == "\n" or not unsafe_char(ch) else ascii(ch)[1:-1] for ch in text)


def cmd_check(args) -> int:
    status = 0
    for path in args.files:
        try:
            program = load(path)
        except RulesError as e:
            status = 1
            print(unobeyed(e.render()), file=sys.stderr)
            continue
        symbols, src = program.summary
        for w in warnings(symbols):  # the file passes; these are told at their place, and the game still runs
            print(unobeyed(src.attach(w).render()), file=sys.stderr)
        if args.emit_python:
            print(emit_python(program))
        else:
            print(unobeyed(f"{path}: ok"))
    return status


def cmd_run(args) -> int:
    from .terminal.host import run_host

    return run_host(args)


def option_values(items: list[str]) -> dict:
    """The `--option NAME=VALUE` items of run, serve and simulate as {name: value}, each without the spaces round
    it (`NAME` alone: `true`); a name given twice is refused, naming it (the last value was taken, silently), here
    for sweep's `NAME=A,B` grid too (`option_grid`)."""
    values: dict = {}
    first: dict = {}
    for item in items:
        k, eq, v = item.partition("=")
        name = k.strip()
        if name in first:
            raise RulesError(f"--option {name} is given twice (`{first[name]}`, then `{item.strip()}`): "
                             "give each option once")
        first[name] = item.strip()
        values[name] = v.strip() if eq else "true"
    return values


# Argument types: each refuses a bad value with argparse's one-line error ("argument --delay: ...").
MAX_DELAY = 60.0


def _count(low: int, high: int):
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number is needed, not {text!r}") from None
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high:,}, not {n}")
        return n
    parse.__name__ = "number"
    return parse


def _seed(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number is needed, not {text!r}") from None
    if not 0 <= n < 2 ** 63:
        raise argparse.ArgumentTypeError(f"must be from 0 to {2 ** 63 - 1}, not {n}")
    return n


def _seconds(most: float, zero: bool = True):
    """An argparse type for a time in seconds, up to `most` (from 0 if `zero`, else more than 0)."""
    def parse(text: str) -> float:
        try:
            x = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"seconds are needed, not {text!r}") from None
        if not (0 <= x if zero else 0 < x) or not x <= most:  # also refuses nan and inf
            span = f"from 0 to {most:g}" if zero else f"more than 0 and at most {most:g}"
            raise argparse.ArgumentTypeError(f"must be {span} seconds, not {text}")
        return x
    return parse


_delay = _seconds(MAX_DELAY)
_think = _seconds(60, zero=False)  # a search bot's time for a move
_window = _seconds(3600, zero=False)  # serve: a person's time to answer a window, a race, a proposal
_gone = _seconds(86400, zero=False)  # serve: how long a person may be gone before the host is told


def _out_file(what: str):
    """An argparse type for a file `what` (the log, the plot) can be written to: not a folder, in a folder that
    exists (told before the games, not after them)."""
    def parse(text: str) -> str:
        if os.path.isdir(text):
            raise argparse.ArgumentTypeError(f"{text} is a folder; name a file to write {what} to")
        folder = os.path.dirname(text) or "."
        if not os.path.isdir(folder):
            raise argparse.ArgumentTypeError(f"there is no folder {folder} to write {text} in")
        return text
    parse.__name__ = "file"
    return parse


_log_file = _out_file("the log")


def _bot_list(text: str) -> str:
    if not [b for b in text.split(",") if b.strip()]:
        raise argparse.ArgumentTypeError("name at least one kind of bot, e.g. greedy or greedy,random")
    return text


def _cluster(text: str) -> str:
    if not text.strip():  # (`--cluster "$SCHEDULER"`, the variable unset: else the games ran here, without a word)
        raise argparse.ArgumentTypeError("name a Dask scheduler's address (tcp://HOST:8786) or `local`")
    return text


# A word a new user may try for a command, and the command it is.
COMMAND_WORDS = {"play": "run", "start": "run", "new": "run", "game": "run", "load": "resume", "continue": "resume",
                 "watch": "replay", "host": "serve", "connect": "join", "test": "check", "validate": "check",
                 "lint": "check", "sim": "simulate"}


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusals a new user can act on: a game missing names the games there are, a command
    mistyped or guessed (`play`) names the one meant."""

    def error(self, message):
        extra = []
        if "GAME.rules" in message and "required" in message:
            extra = bundled_games()
        if self.prog.endswith(" replay") and "FILE" in message and "required" in message:
            from .terminal.resume import saves_hint  # the saves' module, only on this refusal

            extra = [saves_hint()]
        choice = re.search(r"invalid choice: '([^']*)'", message)
        if choice:
            word = choice[1].strip().lower()
            commands = re.findall(r"'([a-z]+)'", message.split("choose from", 1)[-1])
            meant = COMMAND_WORDS.get(word) or closest(word, commands)
            if meant:
                extra = [f"did you mean `rulelang {meant}`?"]
        self.print_usage(sys.stderr)
        text = f"{self.prog}: error: {message}\n" + "".join(f"  {line}\n" for line in extra)
        self.exit(2, unobeyed(text))


def parser() -> argparse.ArgumentParser:
    ap = Parser(prog="rulelang", description="A language for card games: check a .rules file, or play it.",
                epilog="To start: `rulelang run express` plays UNO Express against 3 bots; `rulelang run --help` tells "
                       "the options of a game's run.")
    sub = ap.add_subparsers(dest="command", required=True)

    c = sub.add_parser("check", help="parse and check game files; print `FILE: ok` or the errors")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--emit-python", action="store_true",
                   help="print the Python each file compiles to, with comments naming the .rules line of each statement")
    c.set_defaults(func=cmd_check)

    r = sub.add_parser(
        "run", help="play a game at the terminal, with people and bots",
        description="Play a game at the terminal.  At the prompt type a move as `help` shows it (a call the "
                    "game declares goes after the move), or `help`, `rules`, `log`, `hand`, `undo`, `quit`.  Tab completes "
                    "the legal moves; "
                    "Ctrl-C clears the line; Ctrl-D leaves (after asking).  Without a terminal the same lines are "
                    "read from standard input; if it ends while a person must move, the exit status is 3.  "
                    "A game with a person in it is saved after every move (see --save); `rulelang resume` "
                    "continues it.")
    r.add_argument("game", metavar="GAME.rules", help="a game file, or the name of a bundled game")
    r.add_argument("--players", type=_count(1, 100), help="how many players (default: the game's)")
    r.add_argument("--humans", type=_count(0, 100), default=1, help="how many of them are people at this keyboard (0: bots only)")
    r.add_argument("--names", help="comma-separated player names, people first")
    r.add_argument("--seed", type=_seed, help="the random seed (default: a new one, printed)")
    r.add_argument("--stack", metavar="FILE", help="a YAML list of card names: the top of the draw pile, first name on top")
    r.add_argument("--log", metavar="FILE", type=_log_file, help="write every event as JSON Lines; the last line is `game_over`")
    r.add_argument("--match", action="store_true", help="play hands until the game's match target")
    r.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="set an option the game declares")
    r.add_argument("--bots", default=None, choices=list(BOTS),
                   help="the kind of bot for the other seats (default: search when a person plays, the strongest "
                        "bot, which samples hidden cards and plays moves out in about 0.2 s a move; greedy for "
                        "bots alone)")
    r.add_argument("--think", type=_think, default=None, metavar="SECONDS",
                   help="the time a search bot may take a move, never exceeded (default: a fixed amount of work, "
                        "about 0.2 s a move on a laptop, the same moves on any machine; not kept in a save)")
    r.add_argument("--delay", type=_delay, default=None,
                   help="seconds to pause after each bot move is told (default 0.4 at a terminal with people, else 0)")
    r.add_argument("--save", metavar="FILE",
                   help="save the game to FILE after every move (default, when a person plays: a new file in "
                        "$XDG_DATA_HOME/rulelang/saves/); `rulelang resume FILE` continues it")
    r.set_defaults(func=cmd_run)

    s = sub.add_parser(
        "resume", help="continue a saved game exactly where it stopped",
        description="Rebuild a saved game from the rules texts, seed and moves in its save file, and play on at the "
                    "prompt, saving to the same file.  Without FILE: at a terminal, choose among the unfinished games "
                    "in the saves folder (the newest first); in a pipe, list them.  A save that was cut short, "
                    "edited or is not rulelang's is refused (exit status 1).")
    s.add_argument("file", nargs="?", metavar="FILE", help="a save file (or its name in the saves folder)")
    s.add_argument("--log", metavar="FILE", type=_log_file, help="write every event of the game, from its start, as JSON Lines")
    s.add_argument("--delay", type=_delay, default=None, help="seconds to pause after each bot move is told")
    s.set_defaults(func=cmd_resume)

    p = sub.add_parser(
        "replay", help="step through a recorded game, move by move",
        description="Step through a saved game (a save file) or a --log file, move by move: Enter shows the next "
                    "move, b goes back, a number goes to that move, /KIND to the next move with an event of that "
                    "kind, e to the end, q quits.  Without a terminal everything is printed.  From a save file, "
                    "the game is told as one seat saw it (--seat NAME) or with every card shown (--seat all); a "
                    "game of two or more people that is not over only as the table saw it (--seat is refused).  "
                    "A --log file holds only what the table saw, and that is what is shown.")
    p.add_argument("file", metavar="FILE", help="a save file, or a --log file (JSON Lines)")
    p.add_argument("--seat", metavar="NAME|all",
                   help="whose view: a seat's name, or `all` (default: the one person's seat, else all)")
    p.set_defaults(func=cmd_replay)

    m = sub.add_parser("simulate", help="play many bot games and report wins per seat, game length, rules fired",
                       description="Play N bot games (seeds S..S+N-1) and report what a designer wants to know: "
                                   "wins per seat with 95% intervals, turns per game, stalemates, cards played, "
                                   "rules fired and never fired, tallies, and throughput.  The result for a seed "
                                   "is the same whatever the number of workers.")
    m.add_argument("game", metavar="GAME.rules")
    m.add_argument("--games", type=_count(1, 10_000_000), default=1000, help="how many games (default 1000)")
    m.add_argument("--players", type=_count(1, 100), help="how many players (default: the game's)")
    m.add_argument("--bots", default="greedy", type=_bot_list,
                   help="bot kinds seat by seat, repeated round the table: e.g. search,greedy,greedy,random")
    m.add_argument("--think", type=_think, default=None, metavar="SECONDS",
                   help="the time a search bot may take a move, never exceeded (default: a fixed amount of work, "
                        "about 0.2 s a move on a laptop, which gives the same games for a seed on any machine; "
                        "with --think the games depend on the machine's speed)")
    m.add_argument("--seed", type=_seed, default=0, help="the first seed (default 0)")
    m.add_argument("--workers", type=_count(1, 256), default=1, help="processes to spread the games over (default 1)")
    m.add_argument("--cluster", metavar="ADDRESS", type=_cluster,
                   help="run the games on a Dask distributed cluster: a scheduler's address (tcp://HOST:8786), "
                        "or `local` for a cluster of --workers processes on this machine (default: its cores); "
                        "needs rulelang[cluster]; the report is the same as with one worker")
    m.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="set an option the game declares")
    m.add_argument("--match", action="store_true",
                   help="each game a whole match: hands until the match ends by the game's `match` rule (a target "
                        "score, a number of hands); the report counts matches won and the hands they lasted")
    m.add_argument("--json", action="store_true", help="print the report as one JSON object")
    m.set_defaults(func=cmd_simulate)
    n = sub.add_parser(
        "serve", help="keep a table on this machine for people to join from their own terminals",
        description="Serve a game over the network: print a join code per seat, wait for people (`rulelang join`), "
                    "and when the host types `start`, fill the open seats with bots and play.  The game lives here "
                    "alone: each person is sent only what their seat may see.  It is saved after every move; "
                    "`--resume FILE` brings a table back.  Host commands: start, seats, bot SEAT, quit.  "
                    "Needs the [net] extra.")
    n.add_argument("game", nargs="?", metavar="GAME.rules", help="a game file, or the name of a bundled game")
    n.add_argument("--port", type=_count(0, 65535), default=8765, help="the port to listen on (default 8765; 0: any free one)")
    n.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: your network)")
    n.add_argument("--players", type=_count(1, 100), help="how many seats (default: the game's)")
    n.add_argument("--bots", default="greedy", help="the kind of bot for the seats nobody takes (greedy, random, search)")
    n.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="set an option the game declares")
    n.add_argument("--seed", type=_seed, help="the random seed (default: a new one, never sent to the players)")
    n.add_argument("--save", metavar="FILE", help="save the game to FILE (default: a new file in the saves folder)")
    n.add_argument("--resume", metavar="FILE", help="bring back a table from its save file (codes kept beside it)")
    n.add_argument("--window", type=_window, metavar="SECONDS",
                   help="how long a person has to answer a window (a challenge, a catch) or a race; then it passes")
    n.add_argument("--seat-timeout", type=_gone, metavar="SECONDS",
                   help="tell the host when a person has been gone this long (`bot SEAT` hands the seat to a bot)")
    n.add_argument("--delay", type=_delay, default=0.5, help="seconds a bot waits before its move (default 0.5)")
    n.add_argument("--play", action="store_true",
                   help="take a seat yourself at this terminal (the table's commands are typed at your prompt)")
    n.add_argument("--name", help="your name at the table, with --play (default: Host)")
    n.set_defaults(func=cmd_serve)

    j = sub.add_parser("join", help="play a seat of a table served with `rulelang serve`",
                       description="Join a table at HOST:PORT with your seat's code and play at the same prompt as a "
                                   "local game.  Leaving (or a lost connection) keeps the seat: the same command "
                                   "takes it again.  Needs the [net] extra.")
    j.add_argument("address", metavar="HOST:PORT", help="the table's address, as `rulelang serve` prints it "
                                                         "(the port may be left out when it is 8765, the default)")
    j.add_argument("code", metavar="CODE", help="your seat's join code, as the host's terminal shows it")
    j.add_argument("--name", help="your name at the table (default: Player N)")
    j.set_defaults(func=cmd_join)

    w = sub.add_parser("sweep", help="simulate a grid of player counts and option values: one table row a cell",
                       description="Play N bot games (seeds S..S+N-1, the same in every cell) for each player count "
                                   "and each combination of option values, and print one row a cell: seat 1's win "
                                   "share with its 95% interval, the even share and the difference, the mean game "
                                   "length and the stalemates.  --cluster runs every cell's games on a Dask cluster "
                                   "at once; a cell's figures are those `simulate` gives for it.")
    w.add_argument("game", metavar="GAME.rules")
    w.add_argument("--players", metavar="N|LO..HI|N,M", help="player counts: 4, 2..6 or 2,4,6 (default: the game's)")
    w.add_argument("--option", action="append", default=[], metavar="NAME=A,B",
                   help="an option the game declares and the values to try (repeat for a grid of several)")
    w.add_argument("--games", type=_count(1, 10_000_000), default=1000, help="games a cell (default 1000)")
    w.add_argument("--bots", default="greedy", type=_bot_list, help="bot kinds seat by seat, repeated round the table")
    w.add_argument("--seed", type=_seed, default=0, help="the first seed of every cell (default 0)")
    w.add_argument("--workers", type=_count(1, 256), default=1, help="processes to spread the games over (default 1)")
    w.add_argument("--cluster", metavar="ADDRESS", type=_cluster, help="a Dask scheduler's address, or `local` (see simulate)")
    out = w.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the grid as one JSON object")
    out.add_argument("--csv", action="store_true", help="print the grid as CSV, one line a cell")
    w.add_argument("--plot", metavar="FILE.png", type=_out_file("the plot"), help="draw seat 1's advantage against the player count (matplotlib)")
    w.set_defaults(func=cmd_sweep)
    return ap


def cmd_serve(args) -> int:
    from .net.server import cmd_serve

    if not args.resume and not args.game:
        raise RulesError("serve needs a game (GAME.rules) or --resume FILE")
    return cmd_serve(args)


def cmd_join(args) -> int:
    from .net.client import cmd_join

    return cmd_join(args)


def cmd_resume(args) -> int:
    from .terminal.resume import cmd_resume

    return cmd_resume(args)


def cmd_replay(args) -> int:
    from .terminal.resume import cmd_replay

    return cmd_replay(args)


def cmd_simulate(args) -> int:
    from .simulate.run import run_simulate

    try:
        return run_simulate(args)
    except ValueError as e:
        raise RulesError(str(e)) from None


def cmd_sweep(args) -> int:
    from .simulate.sweep import run_sweep

    try:
        return run_sweep(args)
    except ValueError as e:
        raise RulesError(str(e)) from None


def main(argv=None) -> int:
    ap = parser()
    if not (sys.argv[1:] if argv is None else argv):  # `rulelang` alone: what it does and the games to play
        ap.print_help(sys.stderr)
        print("\n" + "\n".join(bundled_games()), file=sys.stderr)
        return 2
    args, extra = ap.parse_known_args(argv)
    if extra:  # told by the subcommand's own parser: its usage, `rulelang simulate: error: ...`, not rulelang's
        sub = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
        sub.choices[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 on standard input reads as "�", not a crash
        try:
            sys.stdin.reconfigure(errors="replace")
        except (OSError, ValueError):
            pass
    try:
        if args.command in ("run", "serve", "simulate"):
            args.options = option_values(args.option)  # (read once here, for the command)
        return args.func(args)
    except RulesError as e:
        print(unobeyed(e.render()), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
