"""Do the search bot's samples mislead it?  At decision points of search-vs-greedy games (as `search_regret.py` picks
them), every candidate move is played to the end of the hand on N samples of what the seat cannot see (the model the
search plays on) and on the real hidden cards with N random futures (the truth).  Where the model's pick on its first
N/2 samples differs from greedy's move, its gain over greedy's is measured on the other N/2 samples (held out: no
selection bias) and on the truth.  A model that misleads shows a held-out gain the truth does not.

    nice -n 19 .venv/bin/python bench/search_truth.py games/uno.rules --players 4 --points 120 --samples 200
"""
from __future__ import annotations

import argparse
import random
import statistics as stats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from search_regret import points  # noqa: E402  (bench/, this script's folder)


def interval(values: list) -> str:
    if len(values) < 2:
        return "(too few)"
    return f"{stats.mean(values):+.4f} ± {1.96 * stats.stdev(values) / len(values) ** 0.5:.4f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--points", type=int, default=120, help="decision points (default 120)")
    ap.add_argument("--samples", type=int, default=200, help="samples and futures a point (default 200)")
    args = ap.parse_args(argv)
    import rulelang
    from interpreter.bots import search
    from interpreter.bots.samples import Later
    pts = points(rulelang.load(args.file), args.players, args.points, 1)
    half = args.samples // 2
    held, truth = [], []
    for k, (st, seat, moves, bot, _) in enumerate(pts):
        bot.turns = 10 ** 6  # to the end of the hand
        rng = random.Random(k)
        model: list = [[] for _ in moves]
        real: list = [[] for _ in moves]
        for _ in range(args.samples):
            s = rng.getrandbits(64)
            base = bot.sample(st, seat, s, bot.believed(st, seat))
            known = search.fork(st)
            known.rng = Later(s)  # the real cards, a future at random
            for i, mv in enumerate(moves):
                model[i].append(bot._try(base, seat, mv, s)[0])
                real[i].append(bot._try(known, seat, mv, s)[0])
        pick = max(range(len(moves)), key=lambda i: stats.mean(model[i][:half]))
        if pick:
            held.append(stats.mean(model[pick][half:]) - stats.mean(model[0][half:]))
            truth.append(stats.mean(real[pick]) - stats.mean(real[0]))
    print(f"{args.file} at {args.players}: {len(pts)} points; the model's pick on {half} samples differs from greedy's "
          f"move at {len(held)}; its gain over greedy's there on {args.samples - half} held-out samples "
          f"{interval(held)}, on the real hidden cards ({args.samples} futures) {interval(truth)} (wins of the hand)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
