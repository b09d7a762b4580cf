"""`rulelang sweep`: the same simulation over a grid of player counts and option values, one row a cell.

Every cell plays the same seeds, so cells differ by the players and options only. All the cells' chunks go
to one engine at once (this process, local processes or a Dask cluster) under one progress bar, and each
cell's counts are merged exactly as `simulate` merges them: a cell's figures are those `simulate` gives."""
from __future__ import annotations

import csv
import io
import itertools
import json
import math
import sys
import time

from interpreter import Game
from interpreter.bots import make_bot

from .. import load
from ..checker import MAX_PLAYERS
from ..cli import option_values
from ..errors import RulesError
from ..loader import resolve
from ..paths import open_text, written_over
from .chunks import chunk_size, cut, play
from .cluster import engine_for
from .run import counted, failures_told_once, report


def player_counts(text: str) -> list[int]:
    """`2..6`, `3`, or `2,4,6`."""
    out = []
    for part in text.split(","):
        lo, dots, hi = part.strip().partition("..")
        try:
            if dots and not hi:  # (`2..`: a range whose end was left off is no count)
                raise ValueError
            low, high = int(lo), int(hi or lo)
        except ValueError:
            raise RulesError(f"--players takes a count, a range or a list (`4`, `2..6`, `2,4,6`), not `{text}`") from None
        if low > high:
            raise RulesError(f"--players: `{part.strip()}` is an empty range: a range counts up (`{high}..{low}`)")
        if not 1 <= low <= high <= MAX_PLAYERS:  # checked before the range is made: `2..10000000000` is no list
            raise RulesError(f"--players: `{part.strip()}` is not a count from 1 to {MAX_PLAYERS}")
        out += range(low, high + 1)
    return sorted(set(out))


MAX_CELLS = 1_000  # cells of a grid (player counts × each option's values): each is set up before a game is played


def option_grid(items: list[str]) -> list[tuple[str, list[str]]]:
    """`--option name=a,b` (repeatable): each option with the values to try; `name` alone is `name=true`.  An option
    given twice (refused as run's, `option_values`), or a value named twice, is refused (it would multiply the grid
    by cells already in it)."""
    option_values(items)
    grid = []
    for item in items:
        name, _, values = item.partition("=")
        name = name.strip()
        values = [v.strip() for v in (values or "true").split(",") if v.strip()]
        twice = next((v for i, v in enumerate(values) if v in values[:i]), None)
        if twice is not None:
            raise RulesError(f"--option {item.strip()} names `{twice}` twice")
        grid.append((name, values))
    return grid


def grid_size(players: list[int], grid: list) -> int:
    """The cells of a grid, refused past MAX_CELLS before it is made."""
    cells = len(players) * math.prod(len(values) for _, values in grid)
    if cells > MAX_CELLS:
        counts = f"{len(players)} player count{'s' if len(players) != 1 else ''}"
        parts = " × ".join([counts] + [f"{len(v)} values of {name}" for name, v in grid])
        raise RulesError(f"the grid has {cells:,} cells ({parts}); a sweep has at most {MAX_CELLS:,}")
    return cells


def sweep(path: str, games: int, players: list[int], grid: list, bots: list[str], seed: int = 0,
          workers: int = 1, cluster: str | None = None, progress=None, chunk: int | None = None) -> dict:
    program = load(path)
    grid_size(players, grid)
    names = [name for name, _ in grid]
    cells = [(n, dict(zip(names, combo))) for n in players for combo in itertools.product(*(v for _, v in grid))]
    for n, options in cells:  # a player count or an option the game refuses is said before any game is played
        Game(program, n, seed=seed, options=options, record=False)
    with engine_for(cluster, workers, games * len(cells)) as engine:
        start = time.perf_counter()
        size = chunk or min(chunk_size(games * len(cells), engine.workers), max(1, games))
        chunks = [c for i, (n, options) in enumerate(cells)
                  for c in cut(i, seed, games, size, path=str(resolve(str(path))), files=program.files,
                               players=n, bots=tuple(bots), options=options)]
        counts, failed = play(chunks, engine, {i: n for i, (n, _) in enumerate(cells)}, progress)
        seconds = time.perf_counter() - start
    rows = []
    for i, (n, options) in enumerate(cells):
        rep = report(program, counts[i], n, bots, seconds, [f for f in failed if f.cell == i])
        rate, (lo, hi) = rep["win_rate"][0], rep["win_ci95"][0]
        rows.append({
            "players": n,
            "options": options,
            "games": rep["games"],
            "seat1_win_rate": rate,
            "seat1_ci95": [lo, hi],
            "even_share": round(1 / n, 4),
            "seat1_advantage": round(rate - 1 / n, 4),
            "mean_turns": rep["turns"]["mean"],
            "stalemates": rep["stalemates"]["count"],
            "failed": rep.get("failed", []),
        })
    return {"game": program.name, "games_per_cell": games, "seeds": [seed, seed + games - 1],
            "bots": list(bots), "cells": rows, "seconds": round(seconds, 3)}


def _options_text(options: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items()) or "-"


def render(sw: dict) -> str:
    """One table, one row a cell."""
    head = ["players", "options", "games", "seat 1 wins (95% interval)", "even share", "advantage",
            "mean turns", "stalemates"]
    body = [[str(r["players"]), _options_text(r["options"]), str(r["games"]),
             f"{r['seat1_win_rate'] * 100:5.1f}% ({r['seat1_ci95'][0] * 100:.1f}%–{r['seat1_ci95'][1] * 100:.1f}%)",
             f"{r['even_share'] * 100:.1f}%", f"{r['seat1_advantage'] * 100:+.1f} pts",
             f"{r['mean_turns']:.1f}", str(r["stalemates"])] for r in sw["cells"]]
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
    left = {1}  # the options read left to right; numbers line up on the right

    def line(row):
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()
    out = [f"{sw['game']}: {counted(sw['games_per_cell'], 'game')} a cell (seeds {sw['seeds'][0]}..{sw['seeds'][1]}), "
           f"bots {', '.join(sw['bots'])}", "", line(head), line(["-" * w for w in widths])]
    out += [line(row) for row in body]
    for r in sw["cells"]:
        for (first, last), error in failures_told_once(r["failed"]):
            out += ["", f"{r['players']} players, {_options_text(r['options'])}: seeds {first}..{last} "
                        "failed (not counted above):"] + ["  " + x for x in error.splitlines()]
    out += ["", f"({sw['seconds']} s)"]
    return "\n".join(out)


def to_csv(sw: dict) -> str:
    names = list(sw["cells"][0]["options"]) if sw["cells"] else []
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["players", *names, "games", "seat1_win_rate", "seat1_ci95_low", "seat1_ci95_high", "even_share",
                "seat1_advantage", "mean_turns", "stalemates", "failed_chunks"])
    for r in sw["cells"]:
        w.writerow([r["players"], *(r["options"][k] for k in names), r["games"], r["seat1_win_rate"], *r["seat1_ci95"],
                    r["even_share"], r["seat1_advantage"], r["mean_turns"], r["stalemates"], len(r["failed"])])
    return buf.getvalue()


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise RulesError("--plot draws with matplotlib, which is not installed: pip install 'rulelang[cluster]' "
                         "(or: pip install matplotlib)") from None
    matplotlib.use("Agg")  # a file, never a window
    import matplotlib.pyplot as plt

    return plt


def plot(sw: dict, out, path: str) -> None:
    """Seat 1's advantage (its win share less an even share, with its 95% interval) against the player count,
    one line for each set of option values, as a PNG written to `out` (the file `path`, opened before the games),
    which is closed."""
    plt = _pyplot()
    lines: dict = {}
    for r in sw["cells"]:
        lines.setdefault(_options_text(r["options"]), []).append(r)
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    ax.axhline(0, color="grey", linewidth=0.8)
    for label, rows in lines.items():
        xs = [r["players"] for r in rows]
        ys = [r["seat1_advantage"] * 100 for r in rows]
        lo = [(r["seat1_win_rate"] - r["seat1_ci95"][0]) * 100 for r in rows]
        hi = [(r["seat1_ci95"][1] - r["seat1_win_rate"]) * 100 for r in rows]
        ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=label if label != "-" else None)
    ax.set_xlabel("players")
    ax.set_ylabel("seat 1 win share − even share (points)")
    ax.set_title(f"{sw['game']}: first seat's advantage ({sw['games_per_cell']} games a point, 95% intervals)")
    ax.set_xticks(sorted({r["players"] for r in sw["cells"]}))
    if any(label != "-" for label in lines):
        ax.legend(title="options")
    fig.tight_layout()
    try:
        with out:
            fig.savefig(out, format="png")
    except OSError as e:  # (a full disk: told in one line, as the log's)
        raise ValueError(f"cannot write the plot {path}: {e.strerror or e}") from None
    plt.close(fig)


def run_sweep(args) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    for b in bots:
        make_bot(b)
    players = player_counts(args.players) if args.players else []
    if not players:
        players = [load(args.game).default_players]
    grid = option_grid(args.option)
    if args.plot:
        _pyplot()  # a missing matplotlib is said before the games, not after
        written_over("--plot", "the plot", args.plot, [(f"the game's file {f}", f) for f in load(args.game).files])
    cells = grid_size(players, grid)
    # The plot's file is opened before the games: a named pipe no program reads is refused now, not waited for
    # for ever once they are played (`open_text`).
    out = _opened(args.plot) if args.plot else None
    try:
        return _swept(args, players, grid, bots, cells, out)
    finally:
        if out is not None:
            out.close()


def _opened(path: str):
    try:
        return open_text(path, "wb", "--plot")
    except OSError as e:
        raise RulesError(f"cannot write the plot {path}: {e.strerror or e}") from None


def _swept(args, players, grid, bots, cells, out) -> int:
    total = args.games * cells
    if sys.stderr.isatty() and not (args.json or args.csv):
        from prompt_toolkit.shortcuts import ProgressBar  # the prompt's library, loaded only at a terminal

        with ProgressBar(title=f"sweeping {cells} cells of {args.games} games") as pb:
            counter = pb(total=total, label="games")

            def tick(k):
                for _ in range(k):
                    counter.item_completed()
            sw = sweep(args.game, args.games, players, grid, bots, args.seed, args.workers, args.cluster, tick)
    else:
        sw = sweep(args.game, args.games, players, grid, bots, args.seed, args.workers, args.cluster)
    if args.json:
        print(json.dumps(sw, indent=2))
    elif args.csv:
        print(to_csv(sw), end="")
    else:
        print(render(sw))
    if args.plot:
        plot(sw, out, args.plot)
        if not (args.json or args.csv):
            print(f"plot: {args.plot}")
    return 1 if any(r["failed"] for r in sw["cells"]) else 0

