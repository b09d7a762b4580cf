#!/usr/bin/env python3
"""Random masked play of every game file as an environment: at every step the mask must be exactly the legal moves.

Plays N episodes of every `.rules` file of games/, examples/, examples/more/ and tests/rules/ (but those written to
fail or not to end: `tests/test_env_every_file.py`'s NOT_PLAYED) at the game's default players and its fewest and
most, choosing uniformly among the actions the mask allows; at every step `rulelang.env.check.mask_problems` checks
the mask against the decision's moves (each move with an action, with each set of the calls it may be said with;
no action allowed that is not a legal move) and the step must be taken; after each episode every card lies in one
zone.  A script, not a test (it takes CPU minutes); it needs the `rl` extra.

    nice .venv/bin/python bench/env_masks.py --episodes 1000 --folders games,examples
    nice .venv/bin/python bench/env_masks.py --episodes 300 --folders examples/more,tests/rules --jobs 2
    nice .venv/bin/python bench/env_masks.py --episodes 50 --files liars --first 500   # a part of one

Episode k is game seed k, its random actions seeded by k and the player count, so a run may be split into parts
(`--first`).  Prints one line a file and player count (episodes, steps, problems, episodes cut off, CPU s), then the
totals; the exit status is 1 if any problem was found.
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import rulelang  # noqa: E402
from rulelang.env import make_env  # noqa: E402
from rulelang.env.check import play_checked  # noqa: E402

FOLDERS = ("games", "examples", "examples/more", "tests/rules")
MAX_MOVES = 5_000


def not_played() -> dict:
    """The files written to fail or not to end, with their reasons (tests/test_env_every_file.py keeps the list)."""
    import ast

    tree = ast.parse((ROOT / "tests" / "test_env_every_file.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "NOT_PLAYED" for t in node.targets):
            return ast.literal_eval(node.value)
    raise SystemExit("tests/test_env_every_file.py has no NOT_PLAYED")


def counts(program) -> list[int]:
    return sorted({program.min_players, program.default_players, program.max_players})


def run(path: str, players: int, episodes: int, first: int, max_moves: int) -> dict:
    start = time.process_time()
    program = rulelang.load(path)
    env = make_env(program, players=players, seed=1, max_moves=max_moves)
    problems: list = []
    steps = cut = 0
    for seed in range(first, first + episodes):
        made, c = play_checked(env, [seed], seed * 31 + players, problems)
        steps += made
        cut += c
    return {"path": path, "players": players, "episodes": episodes, "steps": steps, "cut": cut,
            "problems": problems, "seconds": time.process_time() - start, "actions": env.encoding.size}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=int, default=1000, help="episodes of each file at each player count")
    ap.add_argument("--first", type=int, default=0, help="the first episode's seed (to split a run into parts)")
    ap.add_argument("--folders", default=",".join(FOLDERS), help="comma-separated folders (default: all four)")
    ap.add_argument("--files", help="comma-separated file names without .rules (default: every file of the folders)")
    ap.add_argument("--players", help="comma-separated player counts (default: the game's fewest, default, most)")
    ap.add_argument("--counts", choices=("all", "default", "ends"), default="all",
                    help="without --players: the game's fewest, default and most players (all), its default alone, or "
                         "its fewest and most but the default (ends)")
    ap.add_argument("--max-moves", type=int, default=MAX_MOVES, help="decisions before an episode is cut off")
    ap.add_argument("--jobs", type=int, default=1, help="processes side by side")
    args = ap.parse_args(argv)
    skip = not_played()
    files = [p for folder in args.folders.split(",") for p in sorted((ROOT / folder).glob("*.rules"))
             if p.name not in skip and (not args.files or p.stem in args.files.split(","))]
    work = []
    for p in files:
        program = rulelang.load(p)
        ns = [int(x) for x in args.players.split(",")] if args.players else \
            [program.default_players] if args.counts == "default" else \
            [n for n in counts(program) if args.counts == "all" or n != program.default_players]
        work += [(str(p), n, args.episodes, args.first, args.max_moves)
                 for n in ns if program.min_players <= n <= program.max_players]
    print(f"random masked play, {args.episodes} episodes from seed {args.first} of {len(files)} files, "
          f"{len(work)} (file, players) pairs, cut off at {args.max_moves} decisions", flush=True)
    totals = {"episodes": 0, "steps": 0, "problems": 0, "cut": 0, "seconds": 0.0}
    with ProcessPoolExecutor(args.jobs) as pool:
        results = pool.map(run, *zip(*work)) if args.jobs > 1 else map(run, *zip(*work))
        for r in results:
            name = str(Path(r["path"]).relative_to(ROOT).with_suffix(""))
            print(f"{name:<34} {r['players']}p {r['episodes']:>5} episodes {r['steps']:>10,} steps "
                  f"{len(r['problems']):>3} problems {r['cut']:>4} cut off {r['seconds']:>6.0f} s "
                  f"({r['actions']:,} actions)", flush=True)
            for seed, step, what in r["problems"][:5]:
                print(f"    seed {seed} step {step}: {what}", flush=True)
            for k in ("episodes", "steps", "cut", "seconds"):
                totals[k] += r[k]
            totals["problems"] += len(r["problems"])
    print(f"total: {totals['episodes']:,} episodes, {totals['steps']:,} steps, {totals['problems']} problems, "
          f"{totals['cut']} cut off, {totals['seconds']:.0f} CPU s", flush=True)
    return 1 if totals["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
