"""The `rulelang` command: check game files, run them at the terminal, simulate many bot games."""
from __future__ import annotations

import argparse
import sys

from .errors import RulesError


def cmd_check(args) -> int:
    from . import load

    status = 0
    for path in args.files:
        try:
            load(path)
        except RulesError as e:
            status = 1
            print(e.render(), file=sys.stderr)
            continue
        print(f"{path}: ok")
    return status


def cmd_run(args) -> int:
    from .host import run_host

    return run_host(args)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="rulelang", description="A language for card games: check a .rules file, or play it.")
    sub = ap.add_subparsers(dest="command", required=True)

    c = sub.add_parser("check", help="parse and check game files; print `FILE: ok` or the errors")
    c.add_argument("files", nargs="+", metavar="FILE")
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
    r.add_argument("--players", type=int, help="how many players (default: the game's)")
    r.add_argument("--humans", type=int, default=1, help="how many of them are people at this keyboard (0: bots only)")
    r.add_argument("--names", help="comma-separated player names, people first")
    r.add_argument("--seed", type=int, help="the random seed (default: a new one, printed)")
    r.add_argument("--stack", metavar="FILE", help="a YAML list of card names: the top of the draw pile, first name on top")
    r.add_argument("--log", metavar="FILE", help="write every event as JSON Lines; the last line is `game_over`")
    r.add_argument("--match", action="store_true", help="play hands until the game's match target")
    r.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="set an option the game declares")
    r.add_argument("--bots", default=None, choices=["greedy", "random", "search"],
                   help="the kind of bot for the other seats (default: search when a person plays, the strongest "
                        "bot, which samples hidden cards and plays moves out in about 0.2 s a move; greedy for "
                        "bots alone)")
    r.add_argument("--delay", type=float, default=None,
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
    s.add_argument("--log", metavar="FILE", help="write every event of the game, from its start, as JSON Lines")
    s.add_argument("--delay", type=float, default=None, help="seconds to pause after each bot move is told")
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
    m.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    m.add_argument("--players", type=int, help="how many players (default: the game's)")
    m.add_argument("--bots", default="greedy", help="bot kinds seat by seat, repeated round the table: e.g. greedy,random")
    m.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    m.add_argument("--workers", type=int, default=1, help="processes to spread the games over (default 1)")
    m.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="set an option the game declares")
    m.add_argument("--json", action="store_true", help="print the report as one JSON object")
    m.set_defaults(func=cmd_simulate)
    return ap


def cmd_resume(args) -> int:
    from .save import cmd_resume

    return cmd_resume(args)


def cmd_replay(args) -> int:
    from .save import cmd_replay

    return cmd_replay(args)


def cmd_simulate(args) -> int:
    from .simulate import run_simulate

    try:
        return run_simulate(args)
    except ValueError as e:
        raise RulesError(str(e)) from None


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except RulesError as e:
        print(e.render(), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
