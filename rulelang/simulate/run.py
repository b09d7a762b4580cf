"""`rulelang simulate`: play many bot games of a rules file and report what a designer wants to know."""
from __future__ import annotations

import json
import math
import shutil
import sys
import textwrap
import time
from collections import Counter

from interpreter import Game
from interpreter.bots import bot_names

from .. import load
from ..loader import resolve
from .chunks import chunk_size, cut, play
from .cluster import engine_for
from .stall import TURN_LIMIT

def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a proportion (Wilson score)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def simulate(path: str, games: int, players: int, bots: list[str], seed: int = 0, workers: int = 1,
             options: dict | None = None, progress=None, cluster: str | None = None, chunk: int | None = None,
             think: float | None = None, match: bool = False) -> dict:
    """Play `games` games with seeds seed..seed+games-1, cut into chunks of seeds that run in this process,
    in `workers` local processes, or on a Dask cluster (`cluster`: `local` or a scheduler's address); the
    counts of the chunks merge exactly, so the report is the same for any workers and any cluster. `chunk`:
    games a chunk (default: about 8 chunks a worker, at most 200 games each); `think`: seconds a search bot
    may take a move; `match`: each game is a whole match (the report counts matches, and their hands)."""
    program = load(path)
    options = options or {}
    players = players or program.default_players
    Game(program, players, seed=seed, options=options, record=False)  # a player count or an option the game refuses
    with engine_for(cluster, workers, games) as engine:               # is said before any game is played
        start = time.perf_counter()
        chunks = cut(0, seed, games, chunk or chunk_size(games, engine.workers), path=str(resolve(str(path))),
                     files=program.files, players=players, bots=tuple(bots), options=options, think=think,
                     match=match)
        counts, failed = play(chunks, engine, {0: players}, progress)
        seconds = time.perf_counter() - start
    return report(program, counts[0], players, bots, seconds, failed, match=match)


def report(program, counts, players: int, bots: list[str], seconds: float, failed: list = (),
           match: bool = False) -> dict:
    """The report from the merged counts of the chunks (`chunks.Counts`); chunks that failed, if any, are listed
    with their seeds and the error, and their games are not counted.  With `match`, each game was a whole match:
    the report adds the hands a match lasted and the mean final scores.  A game of teams adds the wins of each
    team (a team wins together: its seats' wins summed)."""
    n = counts.games
    wins = counts.wins()
    stats = counts.stats
    rules = [r.name for rs in program.rules.values() for r in rs]
    fired = {k[5:]: v for k, v in stats.items() if k.startswith("rule:")}
    played = {k[5:]: v for k, v in stats.items() if k.startswith("card:")}
    verbs = {k[5:]: v for k, v in stats.items() if k.startswith("verb:")}
    tallies = {k[6:]: v for k, v in stats.items() if k.startswith("tally:")}
    lengths = sorted(counts.turns.items())
    total_turns = sum(t * c for t, c in lengths)
    rep = {
        "game": program.name,
        "games": n,
        "players": players,
        "bots": [bots[i % len(bots)] for i in range(players)],
        "wins": [round(w, 3) for w in wins],
        "win_rate": [round(w / n, 4) if n else 0 for w in wins],
        "win_ci95": [[round(x, 4) for x in wilson(w, n)] for w in wins],
        "verdict": verdict(wins, n, players, [bots[i % len(bots)] for i in range(players)]),
        "turns": {
            "total": total_turns,
            "mean": round(total_turns / n, 2) if n else 0,
            "median": (_nth(lengths, (n - 1) // 2) + _nth(lengths, n // 2)) / 2 if n % 2 == 0 and n else
                      _nth(lengths, n // 2) if n else 0,
            "p95": _nth(lengths, min(n - 1, int(0.95 * n))) if n else 0,
            "longest": lengths[-1][0] if n else 0,
            "histogram": histogram(lengths),
        },
        "stalemates": {"count": counts.stalled, "why": sorted(counts.why),
                       "seeds": [r["seed"] for r in counts.stalled_games],
                       "cycles": [[c, k] for c, k in sorted(counts.cycles.items(), key=lambda ck: (-ck[1], ck[0]))[:3]]},
        "cards_played": dict(sorted(played.items(), key=lambda kv: -kv[1])),
        "moves": dict(sorted(verbs.items(), key=lambda kv: -kv[1])),
        "rules_fired": {r: fired.get(r, 0) for r in rules},
        "rules_never_fired": [r for r in rules if not fired.get(r)],
        "tallies": tallies,
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 1) if seconds else 0,
        "turns_per_second": round(total_turns / seconds, 1) if seconds else 0,
    }
    if match:
        hands = sorted(counts.hands.items())
        rep["match"] = {
            "hands_mean": round(sum(h * c for h, c in hands) / n, 2) if n else 0,
            "hands_median": _nth(hands, n // 2) if n else 0,
            "hands_longest": hands[-1][0] if n else 0,
            "hands_histogram": histogram(hands),
            "mean_score": [round(s / n, 2) if n else 0 for s in counts.scores],
        }
    size = program.teams_at(players)
    if size and players % size == 0:
        step = players // size
        teams = [[p + i * step for i in range(size)] for p in range(step)]
        rep["teams"] = [{"seats": [p + 1 for p in seats], "wins": round(sum(wins[p] for p in seats), 3),
                         "win_rate": round(sum(wins[p] for p in seats) / n, 4) if n else 0,
                         "win_ci95": [round(x, 4) for x in wilson(sum(wins[p] for p in seats), n)]}
                        for seats in teams]
    if failed:
        rep["failed"] = [f.as_dict() for f in failed]
    return rep


def verdict(wins: list, n: int, players: int, bots: list) -> str:
    """One line on seat fairness: seat 1's share of wins against an even share, with its 95% interval."""
    if not n:
        return "no games"
    if players == 1:
        return "one seat: there is no first player to compare with the others"
    if sum(wins) < 1e-9:
        return "no game had a winner: no seat won more than another"
    even = even_share(wins, n, players)
    lo, hi = wilson(wins[0], n)
    rate = wins[0] / n
    if lo > even:
        word = "a first-player advantage"
    elif hi < even:
        word = "a first-player disadvantage"
    else:
        word = "no clear first-player advantage"
    line = (f"{word}: seat 1 wins {rate * 100:.1f}% [{lo * 100:.1f}–{hi * 100:.1f}%] of {counted(n, 'game')} against an even "
            f"{even * 100:.1f}% ({(rate - even) * 100:+.1f} points [{(lo - even) * 100:+.1f} to {(hi - even) * 100:+.1f}])")
    if len(set(bots)) > 1:
        line += "; the seats play different bots, so this compares the bots too"
    return line


def even_share(wins: list, n: int, players: int) -> float:
    """A seat's even share of wins: of the games someone won (a game stopped at the limit, or one the rules end
    with no winner, is nobody's), one seat's part."""
    won = sum(wins) / n if n else 0
    return (won if won > 1e-9 else 1) / players


def _nth(lengths: list, i: int) -> int:
    """The i-th smallest value (from 0) of a sorted table of (value, how many)."""
    for value, count in lengths:
        if i < count:
            return value
        i -= count
    raise IndexError(i)


def histogram(lengths: list, bins: int = 10) -> list[list]:
    """`bins` equal bins over a sorted table of (value, how many): [low, high, how many] each."""
    if not lengths:
        return []
    lo, hi = lengths[0][0], lengths[-1][0]
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts: Counter = Counter()
    for v, c in lengths:
        counts[(v - lo) // width] += c
    return [[lo + i * width, lo + (i + 1) * width - 1, counts.get(i, 0)] for i in range((hi - lo) // width + 1)]


def counted(n, word: str) -> str:
    """`1 game`, `2 games`: a count and its word."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def render(rep: dict) -> str:
    """The report as text for a terminal."""
    games = "matches" if "match" in rep else "games"
    out = [f"{rep['game']}: {counted(rep['games'], games[:-1])}, {counted(rep['players'], 'player')} ({', '.join(rep['bots'])})", "",
           f"{'Matches won' if 'match' in rep else 'Wins'} by seat (95% CI):"]
    labels = [f"seat {i + 1} ({bot}):" for i, bot in enumerate(rep["bots"])]
    for label, w, r, ci in zip(labels, rep["wins"], rep["win_rate"], rep["win_ci95"]):
        out.append(f"  {label:<{max(map(len, labels))}} {w:>8g}  {r * 100:5.1f}%  [{ci[0] * 100:5.1f}% – {ci[1] * 100:5.1f}%]")
    fair = 100 * even_share(rep["wins"], rep["games"], rep["players"])
    nobody = round(rep["games"] - sum(rep["wins"]))  # a won game's shares add up to one
    if rep["games"] and nobody == rep["games"]:
        out.append("  (no game had a winner)")
    else:
        out.append(f"  (an even share is {fair:.1f}%" + (f": {counted(nobody, 'game')} had no winner)" if nobody else ")"))
    out.append(f"Seat fairness: {rep['verdict']}")
    if "teams" in rep:
        out += ["", "Wins by team (95% CI):"]
        for team in rep["teams"]:
            label = "seats " + " and ".join(map(str, team["seats"])) + ":"
            ci = team["win_ci95"]
            out.append(f"  {label:<16} {team['wins']:>8g}  {team['win_rate'] * 100:5.1f}%  [{ci[0] * 100:5.1f}% – {ci[1] * 100:5.1f}%]")
    if "match" in rep:
        mt = rep["match"]
        out += ["", f"Hands per match: mean {mt['hands_mean']}, median {mt['hands_median']}, longest {mt['hands_longest']}"]
        peak = max((c for _, _, c in mt["hands_histogram"]), default=1) or 1
        for lo, hi, c in mt["hands_histogram"]:
            out.append(f"  {lo:>6}–{hi:<6} {'█' * max(0, round(40 * c / peak)):<40} {c}")
        out.append("Mean final score by seat: " + ", ".join(f"seat {i + 1} {s:g}" for i, s in enumerate(mt["mean_score"])))
    t = rep["turns"]
    out += ["", f"Turns per {'match' if 'match' in rep else 'game'}: mean {t['mean']}, median {t['median']:g}, "
                f"95th percentile {t['p95']}, longest {t['longest']}"]
    peak = max((c for _, _, c in t["histogram"]), default=1) or 1
    for lo, hi, c in t["histogram"]:
        out.append(f"  {lo:>6}–{hi:<6} {'█' * max(0, round(40 * c / peak)):<40} {c}")
    s = rep["stalemates"]
    out += ["", f"Stalemates (turn limit {TURN_LIMIT}): {s['count']}" + (f" — {'; '.join(s['why'])}; seeds {s['seeds']}" if s["count"] else "")]
    for cycle, k in s.get("cycles", []):
        out += _wrapped(f"  in {k} game{'s' if k != 1 else ''}:", [cycle])
    if rep["cards_played"]:
        out += ["", "Cards played (most first):"]
        items = list(rep["cards_played"].items())
        out += _wrapped("", [f"{k} {v}" for k, v in items[:24]] + (["..."] if len(items) > 24 else []))
    out += [""] + _wrapped("Moves:", [f"{k} {v}" for k, v in rep["moves"].items()])
    out += [""] + _wrapped("Rules fired:", [f"{k} {v}" for k, v in rep["rules_fired"].items()])
    if rep["rules_never_fired"]:
        out += _wrapped("Rules that never fired:", rep["rules_never_fired"])
    if rep["tallies"]:
        out += [""] + _wrapped("Tallies:", [f"{k} {v}" for k, v in sorted(rep["tallies"].items())])
    out += ["", f"Throughput: {rep['games_per_second']} games/s, {rep['turns_per_second']} turns/s ({rep['seconds']} s)"]
    for (first, last), error in failures_told_once(rep.get("failed", ())):
        out += ["", f"Seeds {first}..{last} failed (not counted above):"]
        out += ["  " + line for line in error.splitlines()]
    return "\n".join(out)


def failures_told_once(failed) -> list:
    """The failed chunks, in seed order, those next to each other that failed alike told as one range: a rule that
    fails in every game is said once, not once a chunk."""
    told: list = []
    for f in failed:
        (first, last), error = f["seeds"], f["error"]
        if told and told[-1][1] == error and told[-1][0][1] + 1 == first:
            told[-1] = ((told[-1][0][0], last), error)
        else:
            told.append(((first, last), error))
    return told


def _wrapped(head: str, items: list[str]) -> list[str]:
    """`head item, item, ...` in lines that fit the terminal, broken between items, never inside one."""
    width = max(40, shutil.get_terminal_size((100, 24)).columns - 1)
    glued = ", ".join(item.replace(" ", "\xa0") for item in items)  # textwrap breaks at ASCII spaces only
    lines = textwrap.wrap(glued, width, initial_indent=(head + " ") if head else "  ", subsequent_indent="  ",
                          break_long_words=False, break_on_hyphens=False)
    return [line.replace("\xa0", " ") for line in lines] or [head]


def run_simulate(args) -> int:
    from prompt_toolkit.shortcuts import ProgressBar  # the prompt's library, loaded only at a terminal

    bots = bot_names(args.bots)  # refuses an unknown name before any game is played
    options = args.options  # (`cli.option_values`: as run and serve read them)
    if sys.stderr.isatty() and not args.json:
        with ProgressBar(title=f"simulating {args.games} games") as pb:
            counter = pb(total=args.games, label="games")

            def tick(k):
                for _ in range(k):
                    counter.item_completed()
            rep = simulate(args.game, args.games, args.players, bots, args.seed, args.workers, options, tick,
                           cluster=args.cluster, think=args.think, match=args.match)
    else:
        rep = simulate(args.game, args.games, args.players, bots, args.seed, args.workers, options,
                       cluster=args.cluster, think=args.think, match=args.match)
    print(json.dumps(rep, indent=2) if args.json else render(rep))
    return 1 if rep.get("failed") else 0
