"""How good the search bot's choices are at a budget, decision by decision: far more sensitive than counting wins.

At decision points of search-vs-greedy games (every third decision where the search bot had two candidates or more,
seeds from 2000, seat = seed mod players), an oracle plays every candidate on N samples of the hidden cards (the
same samples for every candidate) to the end of the hand and takes each one's mean result as its value.  Each
variant of the search (budget, z, depth, sharpness, playouts; even: false leaves out its pick among moves greedy
rates alike) then chooses at those points (4 times, with other random generators), and its regret is the oracle's
best value less the value of its choice: 0 is the oracle's choice everywhere; always the greedy move has the regret
printed on the oracle's line.  The oracle's best is biased up by its own noise (a constant for all variants), so
compare variants, not the figures with zero.

    nice -n 19 .venv/bin/python bench/search_regret.py games/uno.rules --points 60 --samples 100 \\
        --variants '[{"budget": 300}, {"budget": 300, "z": 0.5}, {"budget": 1200}]'
"""
from __future__ import annotations

import argparse
import json
import random
import statistics as stats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPEATS = 4


def oracle_values(bot, st, seat: int, moves: list, samples: int, rng: random.Random) -> list:
    """Each move's results played out to the end of the hand on `samples` samples common to all of them (the search
    bot's own sampling and playouts, its turns unbounded): a list of results per move."""
    values: list = [[] for _ in moves]
    bot.turns = 10 ** 6  # to the end of the hand
    for _ in range(samples):
        s = rng.getrandbits(64)
        base = bot.sample(st, seat, s, bot.believed(st, seat))
        for i, mv in enumerate(moves):
            values[i].append(bot._try(base, seat, mv, s)[0])
    return values


def points(program, players: int, count: int, samples: int, only_alike: bool = False) -> list:
    """(state, seat, candidates, search bot, oracle values, the candidates greedy rates alike) at `count` decision
    points."""
    from interpreter import Game
    from interpreter.bots import make_bot, search
    search.BUDGET = 300
    out: list = []
    seed = 2000
    while len(out) < count:
        g = Game(program, players, seed=seed, options={}, record=False)
        seat = seed % players
        bots = [make_bot("search" if i == seat else "greedy", seed * 1009 + i) for i in range(players)]
        searched = 0
        while not g.over and len(out) < count:
            d = g.pending
            move = bots[d.player].move(g, d.player, d)
            bot = bots[d.player]
            if d.player == seat and bot.last.get("tried", 0) >= 2:
                searched += 1
                looked = any(o.kind == "value" for o in d.options) if only_alike else \
                    searched % 3 == 0
                if looked:
                    st = g.state.fork()
                    moves = bot.candidates(d, bot.fallback.choose(program, g.view(seat), d, g))
                    alike = bot.alike(program, g.view(seat), d, moves)
                if looked and (alike or not only_alike):
                    values = oracle_values(bot, st, seat, moves, samples, random.Random(seed * 7 + searched))
                    out.append((st, seat, moves, bot, [stats.mean(v) for v in values], alike))
            g.apply(d.player, move, False)
        seed += 1
    return out


def regret(pts: list, variant: dict) -> tuple:
    """A variant's mean regret, its 95% half-interval and how often it took another move than greedy's."""
    from interpreter.bots import search
    regrets, other = [], 0
    saved = (search.SHARPNESS, search.PLAYOUTS)
    search.SHARPNESS = variant.get("sharpness", search.SHARPNESS)
    search.PLAYOUTS = variant.get("playouts", search.PLAYOUTS)
    for st, seat, moves, bot, means, alike in pts:
        kept = (bot.budget, bot.z, bot.depth)
        bot.budget, bot.z, bot.depth = variant.get("budget", 300), variant.get("z", 1.0), variant.get("depth", 10)
        for r in range(REPEATS):
            bot.rng = random.Random(r * 31 + 5)
            i = bot.search(st, seat, moves, alike if variant.get("even", True) else frozenset())
            regrets.append(max(means) - means[i])
            other += i != 0
        bot.budget, bot.z, bot.depth = kept
    search.SHARPNESS, search.PLAYOUTS = saved
    return stats.mean(regrets), 1.96 * stats.stdev(regrets) / len(regrets) ** 0.5, other / len(regrets)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--points", type=int, default=60, help="decision points (default 60)")
    ap.add_argument("--samples", type=int, default=100, help="the oracle's samples a point (default 100)")
    ap.add_argument("--only-alike", action="store_true", help="only (every) decision where some values named are rated "
                    "alike with the greedy move by greedy's own measure (`SearchBot.alike`)")
    ap.add_argument("--variants", default='[{"budget": 300}]', help="a json list of the search's settings to compare")
    args = ap.parse_args(argv)
    import rulelang
    pts = points(rulelang.load(args.file), args.players, args.points, args.samples, args.only_alike)
    print(f"{len(pts)} points, {stats.mean(len(p[2]) for p in pts):.1f} candidates a point; the oracle's best is the "
          f"greedy move at {sum(max(p[4]) == p[4][0] for p in pts) / len(pts):.0%} of them; always greedy: regret "
          f"{stats.mean(max(p[4]) - p[4][0] for p in pts):.4f}", flush=True)
    for variant in json.loads(args.variants):
        mean, half, other = regret(pts, variant)
        print(f"{json.dumps(variant)}: regret {mean:.4f} ± {half:.4f}, another move than greedy's {other:.0%}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
