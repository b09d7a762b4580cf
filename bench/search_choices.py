"""Does a game offer the search bot's seat decisions that matter?  At the search seat's decisions of search-vs-greedy
games (budget 300, seeds from FROM, seat = seed mod players), every distinct move it would consider (`candidates`) is
played to the end of the hand on the same N samples of what the seat cannot see (as its search deals them), and the
moves' results are compared in pairs with the first (greedy's): a decision has more than one distinct outcome where
some move's mean result differs from greedy's by more than the noise of N paired samples allows (two-sided, 5%
shared among the moves compared: Bonferroni).  Where the moves cannot be told apart from the seat's view (cards
drawn unseen by their place), about 5% of decisions pass that bar by chance.

    nice -n 19 .venv/bin/python bench/search_choices.py examples/more/old_maid.rules --players 4 --games 20
    # how often a budget lets the search compare moves at all (no oracle):
    nice -n 19 .venv/bin/python bench/search_choices.py examples/president.rules --games 8 --samples 0 --budget 1200
"""
from __future__ import annotations

import argparse
import random
import statistics as stats
import sys
from pathlib import Path
from statistics import NormalDist

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search_regret import oracle_values  # noqa: E402  (bench/, this script's folder)


def decisions(program, players: int, start: int, games: int, samples: int, every: int, budget: int = 300) -> dict:
    from interpreter import Game
    from interpreter.bots import make_bot, search
    search.BUDGET = budget
    out = {"decisions": 0, "options": 0, "candidates": 0, "looked": 0, "distinct": 0, "gaps": [], "other": 0,
           "searched": 0, "compared": 0}
    for seed in range(start, start + games):
        g = Game(program, players, seed=seed, options={}, record=False)
        seat = seed % players
        bots = [make_bot("search" if i == seat else "greedy", seed * 1009 + i) for i in range(players)]
        k = 0
        while not g.over:
            d = g.pending
            bot = bots[d.player]
            if d.player == seat:
                out["decisions"] += 1
                out["options"] += len(d.options) > 1
            if d.player == seat and len(d.options) > 1 and not d.race and \
                    not any(o.kind == "rule" for o in d.options):
                greedy = bot.fallback.choose(program, g.view(seat), d, g)
                moves = bot.candidates(d, greedy)
                out["candidates"] += len(moves) > 1
                k += 1
                if len(moves) > 1 and samples and k % every == 0:
                    st = g.state.fork()
                    values = oracle_values(bot, st, seat, moves, samples, random.Random(seed * 7 + k))
                    bar = NormalDist().inv_cdf(1 - 0.025 / (len(moves) - 1))
                    worst = 0.0
                    for v in values[1:]:
                        diffs = [a - b for a, b in zip(v, values[0])]
                        sd = stats.stdev(diffs)
                        t = abs(stats.mean(diffs)) / (sd / len(diffs) ** 0.5) if sd else (0.0 if not any(diffs) else 99)
                        worst = max(worst, t / bar)
                    means = [stats.mean(v) for v in values]
                    out["looked"] += 1
                    out["distinct"] += worst > 1
                    out["gaps"].append(max(means) - min(means))
            bot.last = {}
            move = bot.move(g, d.player, d)
            if d.player == seat and bot.last:
                out["searched"] += 1
                out["compared"] += bot.last.get("tried", 0) >= 2 and bot.last.get("samples", 0) >= 2
            if d.player == seat and bot.last.get("best") is not None:
                out["other"] += bot.last["gain"] > bot.last["need"]
            g.apply(d.player, move, False)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--from", dest="start", type=int, default=2000)
    ap.add_argument("--samples", type=int, default=100, help="samples a decision looked at (default 100; 0: none, "
                    "only the search's own figures)")
    ap.add_argument("--every", type=int, default=3, help="look at every Nth decision with two moves or more")
    ap.add_argument("--budget", type=int, default=300, help="the search bot's budget (default 300, the table's)")
    args = ap.parse_args(argv)
    import rulelang
    r = decisions(rulelang.load(args.file), args.players, args.start, args.games, args.samples, args.every,
                  args.budget)
    print(f"{args.file} at {args.players}, {args.games} games from seed {args.start}: the search seat made "
          f"{r['decisions']} decisions, {r['options']} with more than one move offered, {r['candidates']} with more "
          f"than one distinct move; of {r['looked']} of those looked at ({args.samples} samples each, to the end of "
          f"the hand), {r['distinct']} ({r['distinct'] / max(1, r['looked']):.0%}) had moves of clearly different "
          f"results; mean gap best-worst {stats.mean(r['gaps'] or [0]):.3f} of a win; at a budget of {args.budget} "
          f"the search compared two moves or more on two samples or more at {r['compared']} of the {r['searched']} "
          f"decisions it searched, and left greedy's move at {r['other']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
