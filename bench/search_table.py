"""The search bot against greedy bots, for every games/ and examples/ file: the table in the README.

For each file, at 4 players (and 2 where the game allows), seeds FROM, FROM+1, ...: one seat (seat `seed % players`,
so every seat takes its turn) is a search bot with a fixed budget of engine decisions a move (not seconds, so a
seed gives the same games on any machine), the others greedy bots; and on the same seeds, the same seat a greedy
bot too (the baseline).  Wins count as `rulelang simulate` counts them (a shared win shares); a game stopped at
the turn limit is a loss and is counted as stalled.

The work goes round the files in batches of `--batch` seeds, so that every row grows alike, and the table is
written after every batch (markdown and json), so a run stopped early leaves what finished:

    nice -n 19 .venv/bin/python bench/search_table.py --games 400 --budget 300 --workers 2
    .venv/bin/python bench/search_table.py --table      # only write the markdown again from the json
    # does an older run's table still hold? its first 10 seeds a row played again at this code:
    nice -n 19 .venv/bin/python bench/search_table.py --out bench/search_table_k17 --replay 10
    # chosen rows, each to its end before the next, into their own files:
    nice -n 19 .venv/bin/python bench/search_table.py --rows whos_lying:4,uno.rules:4 --out bench/search_table_400
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "search_table"


def files() -> list[Path]:
    """Every game of games/ and examples/, and of the folders of examples/ that hold whole games (examples/more/),
    not the house rules (examples/house_rules/: rules typed into a game, not games)."""
    return (sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "examples").glob("*.rules"))
            + sorted(p for p in (ROOT / "examples").glob("*/*.rules") if p.parent.name != "house_rules"))


def configs() -> list[tuple[str, int]]:
    import rulelang
    out = []
    for path in files():
        p = rulelang.load(path)
        counts = [n for n in (4, 2) if p.min_players <= n <= p.max_players]
        if not counts:  # a game for other numbers: the nearest to 4 it allows
            counts = [max(p.min_players, min(4, p.max_players))]
        out += [(str(path.relative_to(ROOT)), n) for n in counts]
    return out


_PROGRAMS: dict = {}


def play(task) -> list[dict]:
    """One batch of seeds of one file: each seed played twice, search and greedy in the same seat (the greedy game
    taken from `known`, seed -> its result in an earlier run, where that holds it: see `--greedy-from`)."""
    path, players, seeds, budget, known = (*task, {})[:5]
    import rulelang
    from interpreter.bots import search
    from rulelang.simulate.one import play_one
    search.BUDGET = budget
    program = _PROGRAMS.get(path) or _PROGRAMS.setdefault(path, rulelang.load(ROOT / path))
    out = []
    for seed in seeds:
        seat = seed % players
        row = {"seed": seed, "seat": seat}
        for kind in ("search", "greedy"):
            if kind == "greedy" and seed in known:
                row[kind] = known[seed]
                continue
            bots = ["greedy"] * players
            bots[seat] = kind
            t = time.process_time()
            r = play_one(program, seed, players, bots, {})
            row[kind] = {"win": (1 / len(r["winners"]) if seat in r["winners"] else 0.0) if r["winners"] else 0.0,
                         "stalled": bool(r["stalled"]), "turns": r["turns"], "cpu": round(time.process_time() - t, 3)}
        out.append(row)
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    from rulelang.simulate.run import wilson as w
    return w(wins, n, z)


def table(data: dict) -> str:
    import rulelang
    lines = [f"Search bot (budget {data['budget']:,} engine decisions a move, greedy playouts) in one seat, greedy bots in "
             f"the others, seeds from {data['from']} (seat = seed mod players); baseline: a greedy bot in that seat "
             f"on the same seeds. Code at `{data['commit']}`.", "",
             "| game | players | games | search bot wins (95% interval) | greedy bot in that seat (95% interval) | "
             "difference | stalled (search / greedy) | search CPU s a game |",
             "| --- | ---: | ---: | --- | --- | ---: | ---: | ---: |"]
    for key, rows in data["rows"].items():
        path, players = key.rsplit(":", 1)
        n = len(rows)
        if not n:
            continue
        title = rulelang.load(ROOT / path).name
        where = f" ({Path(path).parent}/)" if path.startswith("examples") else ""
        s = sum(r["search"]["win"] for r in rows)
        g = sum(r["greedy"]["win"] for r in rows)
        slo, shi = wilson(s, n)
        glo, ghi = wilson(g, n)
        diffs = [r["search"]["win"] - r["greedy"]["win"] for r in rows]
        mean = sum(diffs) / n
        sd = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
        half = 1.96 * sd / n ** 0.5
        stalled = (sum(r["search"]["stalled"] for r in rows), sum(r["greedy"]["stalled"] for r in rows))
        cpu = sum(r["search"]["cpu"] for r in rows) / n
        lines.append(f"| {title}{where} | {players} | {n} | {s / n:.1%} ({slo:.1%}–{shi:.1%}) | "
                     f"{g / n:.1%} ({glo:.1%}–{ghi:.1%}) | {mean:+.1%} ± {half:.1%} | {stalled[0]} / {stalled[1]} | "
                     f"{cpu:.2f} |")
    return "\n".join(lines) + "\n"


def write(data: dict) -> None:
    OUT.with_suffix(".json").write_text(json.dumps(data, indent=0) + "\n")
    OUT.with_suffix(".md").write_text(table(data))


def replay(data: dict, seeds: int, workers: int) -> None:
    """Play the first seeds of each row of a table again at this code and say, row by row, how many games are the
    same (the winner's share and the length, of the search game and of the greedy game): a row of an older run
    stands for this code only where they all are."""
    tasks = [(key.rsplit(":", 1)[0], int(key.rsplit(":", 1)[1]), [r["seed"] for r in rows[:seeds]], data["budget"])
             for key, rows in data["rows"].items() if rows]
    with ProcessPoolExecutor(workers) as pool:
        for task, new in zip(tasks, pool.map(play, tasks)):
            old = data["rows"][f"{task[0]}:{task[1]}"]
            same = {kind: sum((a[kind]["win"], a[kind]["turns"]) == (b[kind]["win"], b[kind]["turns"])
                              for a, b in zip(old, new)) for kind in ("search", "greedy")}
            print(f"{task[0]} {task[1]}p, {len(new)} seeds from {task[2][0]}: the same search games {same['search']}, "
                  f"the same greedy games {same['greedy']}", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400, help="seeds a row (default 400)")
    ap.add_argument("--budget", type=int, default=300, help="engine decisions a search move may spend (default 300, "
                    "the README table's)")
    ap.add_argument("--from", dest="start", type=int, default=1000, help="the first seed (default 1000)")
    ap.add_argument("--batch", type=int, default=25, help="seeds a task")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default="", help="files whose path contains this")
    ap.add_argument("--skip", default="", help="leave out the files whose path contains one of these (comma-separated): "
                    "a slow file run on its own")
    ap.add_argument("--players", type=int, default=0, help="only the rows of this many players")
    ap.add_argument("--rows", default="", help="only these rows, one after the other (each played to its end before "
                    "the next begins, so a run stopped early leaves whole rows), as FILE:PLAYERS, comma-separated, "
                    "FILE a part of the path (whos_lying:4,uno.rules:4)")
    ap.add_argument("--alike", action="store_true", help="with --rows, grow the rows alike, batch by batch (as without "
                    "--rows), not one after the other")
    ap.add_argument("--resume", action="store_true", help="keep the seeds the json at --out already holds (same budget "
                    "and first seed) and play only the others")
    ap.add_argument("--commit", default="", help="the code's commit, for the table (default: git's HEAD here)")
    ap.add_argument("--table", action="store_true", help="only write the markdown again from the json")
    ap.add_argument("--replay", type=int, default=0, metavar="N", help="play the first N seeds of each row of the json "
                    "at --out again (at its budget) and say how many games are the same at this code")
    ap.add_argument("--greedy-from", default="", metavar="JSON", help="take each row's greedy games from this earlier "
                    "run's json where it holds the seed (the greedy bot and the engine unchanged since: its first "
                    "--check seeds of each row are played again and must give the same games), so only the search "
                    "games are played")
    ap.add_argument("--check", type=int, default=5, help="with --greedy-from, the greedy games played again a row")
    ap.add_argument("--out", default=None, help="where the .json and .md go, less the suffix (default "
                    "bench/search_table): a run of a few rows need not replace the whole table")
    args = ap.parse_args(argv)
    global OUT
    OUT = Path(args.out) if args.out else OUT
    if args.table:
        write(json.loads(OUT.with_suffix(".json").read_text()))
        return 0
    if args.replay:
        replay(json.loads(OUT.with_suffix(".json").read_text()), args.replay, args.workers)
        return 0
    commit = args.commit or subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    skip = [part for part in args.skip.split(",") if part]
    rows = {f"{path}:{n}": [] for path, n in configs() if args.only in path and (not args.players or n == args.players)
            and not any(part in path for part in skip)}
    if args.rows:
        wanted = [w.rsplit(":", 1) for w in args.rows.split(",")]
        rows = {key: [] for part, n in wanted for key in rows
                if part in key.rsplit(":", 1)[0] and key.endswith(":" + n)}
    chosen = list(rows)
    done: dict = {}
    if args.resume and OUT.with_suffix(".json").exists():
        old = json.loads(OUT.with_suffix(".json").read_text())
        if (old["budget"], old["from"]) == (args.budget, args.start):
            for key in rows:
                rows[key] = old["rows"].get(key, [])
                done[key] = {r["seed"] for r in rows[key]}
            for key, kept in old["rows"].items():  # the rows not chosen this time stay as they were
                rows.setdefault(key, kept)
            commit = old["commit"] if old["commit"] == commit else f"{old['commit']}, {commit}"
    data = {"budget": args.budget, "from": args.start, "commit": commit, "rows": rows}
    batches = [list(range(args.start + b, args.start + min(b + args.batch, args.games)))
               for b in range(0, args.games, args.batch)]
    order = [(key, seeds) for key in chosen for seeds in batches] if args.rows and not args.alike else \
        [(key, seeds) for seeds in batches for key in chosen]
    order = [(key, [s for s in seeds if s not in done.get(key, ())]) for key, seeds in order]
    order = [(key, seeds) for key, seeds in order if seeds]
    tasks = [(key.rsplit(":", 1)[0], int(key.rsplit(":", 1)[1]), seeds, args.budget) for key, seeds in order]
    if args.greedy_from:
        earlier = json.loads(Path(args.greedy_from).read_text())["rows"]
        for key in chosen:
            held = {r["seed"]: r["greedy"] for r in earlier.get(key, [])}
            check = sorted(held)[: args.check]
            if check:  # the greedy games of the earlier run stand for this code only if these are the same
                again = {r["seed"]: r["greedy"] for r in play((key.rsplit(":", 1)[0], int(key.rsplit(":", 1)[1]),
                                                                check, args.budget, {}))}
                bad = [s for s in check if (again[s]["win"], again[s]["turns"]) != (held[s]["win"], held[s]["turns"])]
                if bad:
                    raise SystemExit(f"{key}: the greedy games of seeds {bad} differ from {args.greedy_from}'s")
                print(f"{key}: greedy games of {args.greedy_from} taken ({len(held)} seeds; the first {len(check)} "
                      f"played again, the same)", flush=True)
            tasks = [(*t, {s: held[s] for s in t[2] if s in held}) if f"{t[0]}:{t[1]}" == key else t for t in tasks]
    with ProcessPoolExecutor(args.workers) as pool:  # written as each batch ends: a slow file holds up no other
        futures = {pool.submit(play, task): task for task in tasks}
        for future in as_completed(futures):
            task, out = futures[future], future.result()
            rows[f"{task[0]}:{task[1]}"].extend(out)
            rows[f"{task[0]}:{task[1]}"].sort(key=lambda r: r["seed"])
            write(data)
            print(f"{time.strftime('%H:%M:%S')} {task[0]} {task[1]}p seeds {task[2][0]}-{task[2][-1]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
