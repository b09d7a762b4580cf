"""What a search move costs at the search bot's default budget (`search.BUDGET`), in CPU seconds, for every games/
and examples/ file (at 4 players, or the nearest number the game allows): greedy games from seed FROM, and at
every few decisions of seat 0 that offer more than one move, the search bot (the prompt's default) chooses from
there; its CPU time (process time, not wall: the machine is shared) is counted.  The work a move does is the same
on any machine; the seconds are this machine's.

    nice -n 19 .venv/bin/python bench/search_cost.py --moves 6
    nice -n 19 .venv/bin/python bench/search_cost.py --only hearts --moves 10
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cost(path: str, players: int, moves: int, start: int, every: int) -> list[float]:
    """CPU seconds of `moves` search moves of seat 0 in greedy games of `path`."""
    import rulelang
    from interpreter import Game
    from interpreter.bots import make_bot
    program = rulelang.load(ROOT / path)
    out: list[float] = []
    seed = start
    k = 0  # decisions of seat 0 with a choice, counted across games (a game may offer it only a few)
    while len(out) < moves and seed < start + 50:
        g = Game(program, players, seed=seed, options={}, record=False)
        bots = [make_bot("greedy", seed * 1009 + i) for i in range(players)]
        searcher = make_bot("search", seed * 1009)
        while not g.over and len(out) < moves:
            d = g.pending
            if d.player == 0 and len(d.options) > 1 and not d.race:
                k += 1
                if k % every == 0:
                    t = time.process_time()
                    searcher.move(g, 0, d)
                    out.append(time.process_time() - t)
            g.apply(d.player, bots[d.player].move(g, d.player, d), False)
        seed += 1
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=6, help="search moves a file (default 6)")
    ap.add_argument("--every", type=int, default=4, help="search at every Nth decision of seat 0 with a choice")
    ap.add_argument("--from", dest="start", type=int, default=3000)
    ap.add_argument("--only", default="")
    ap.add_argument("--json", default="", help="write the figures here too")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "bench"))
    from search_table import configs
    seen, rows = set(), {}
    for path, players in configs():
        if path in seen or args.only not in path:
            continue
        seen.add(path)  # the first count of each file: 4 where the game allows
        times = cost(path, players, args.moves, args.start, args.every)
        if not times:
            continue
        rows[f"{path}:{players}"] = times
        print(f"{path} at {players}: {len(times)} moves, CPU s a move mean {sum(times) / len(times):.2f}, "
              f"most {max(times):.2f}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=0) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
