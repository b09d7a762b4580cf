#!/usr/bin/env python3
"""Benchmarks for rulelang: random-bot playouts of every game file, against RLCard 1.2.0's UNO.

A script, not a test: `make bench` or `.venv/bin/python bench/bench.py [--budget S] [--json [PATH]] [--profile]`.
It installs nothing.  Without `rlcard` it says how to install it and measures only rulelang.

What it measures, in one run on one core (see bench/README.md for how to read the figures):
  * turns/s and moves (decisions)/s of random-bot playouts of every games/*.rules;
  * RLCard's UNO: `UnoGame` driven directly with random legal actions, and `rlcard.make('uno')` with
    RandomAgents through `env.run()`; and the ratios of rulelang's classic UNO to both;
  * load + compile time of every game file (in process, grammar cached) and the first load of a fresh
    process (with the Lark grammar cache on disk, and without it);
  * the size of a running game's state (everything reachable from `g.state` that the shared Program
    does not hold), and what a search bot's sample (interpreter.bots.search.determinize) costs;
  * the time from spawning `rulelang run games/express.rules` in a pseudo-terminal to its first prompt.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
TURN_LIMIT = 5_000  # as `rulelang simulate`: a game still going after this many turns is cut off (and counted)

TARGETS = {
    "play_first_vs_unogame": 2.0,  # the headline: play-first classic UNO turns/s over RLCard UnoGame steps/s, 2p and 4p
    "uno_vs_unogame": 1.0,  # random bots (long games with big hands): rulelang turns/s over UnoGame steps/s
    "turns_per_second": 100_000,  # every games/*.rules, random bots, one core
    "greedy_turns_per_second": {"express.rules": 60_000, "liars.rules": 20_000, "whos_lying.rules": 20_000},
    "simulate_within": 0.10,  # `rulelang simulate`'s game loop at most 10% below the bench's for the same bots
    "load_ms": 50.0,  # a fresh process's first load, compiled-program cache warm
    "first_prompt_s": 0.4,  # `rulelang run` to its first prompt
    "state_bytes": 50_000,  # a running game's state
    "rss_growth": 0.05,  # resident size over many Express games: no growth beyond noise
}


# ---------------------------------------------------------------- helpers


def pin_one_core() -> str:
    """Run on one core, so that every figure is a one-core figure."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})
        return f"pinned to CPU {cpus[-1]} (of {len(cpus)})"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity)"


def machine() -> dict:
    model = platform.processor() or platform.machine()
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
    }


def rulelang_commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "interpreter", "rulelang", "games", "grammar"],
                               cwd=ROOT, capture_output=True, text=True, timeout=10).stdout.strip()
        return head + ("+uncommitted changes" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return "?"


def game_files() -> list[Path]:
    return sorted(GAMES.glob("*.rules"))


class Clock:
    """CPU time of this process (what one core spent, whatever else the machine runs) and wall time.
    The budget is CPU seconds; rates are per CPU second, with the wall-clock rate beside them."""

    def __init__(self, budget: float):
        self.cpu0, self.wall0 = time.process_time(), time.perf_counter()
        self.deadline = self.cpu0 + budget

    def done(self) -> bool:
        return time.process_time() >= self.deadline

    def stop(self) -> tuple[float, float]:
        return time.process_time() - self.cpu0, time.perf_counter() - self.wall0


# ---------------------------------------------------------------- rulelang playouts


_PLAY_FIRST = None


def _play_first_bot(seed: int):
    """RandomBot, except that it plays a card whenever it may (a random one) and draws only when it must:
    RLCard's UNO offers `draw` only when nothing can be played, so this bot's games are about as long as
    RLCard's, with hands as small.  Windows (challenges, catches) and calls are as RandomBot's.
    (The class is made once: made per bot, it cost a class creation per seat per game.)"""
    global _PLAY_FIRST
    if _PLAY_FIRST is None:
        from interpreter.bots import RandomBot
        from interpreter.bots.odds import with_calls

        class PlayFirstBot(RandomBot):
            name = "play-first"

            def choose(self, program, view, decision):
                cards = [o for o in decision.options if o.kind == "card"] if not decision.window else None
                if not cards:
                    return super().choose(program, view, decision)
                # self.rng.choice(cards), written out as RandomBot does (the same numbers, two calls fewer)
                n = len(cards)
                k = n.bit_length()
                getrandbits = self.rng.getrandbits
                i = getrandbits(k)
                while i >= n:
                    i = getrandbits(k)
                move = cards[i]
                if not decision.due:
                    return move
                calls = frozenset(c for c in decision.due if self.rng.random() < 0.5)
                return with_calls(move, calls)

        _PLAY_FIRST = PlayFirstBot
    return _PLAY_FIRST(seed)


def play_rulelang(program, players: int, budget: float, seed0: int = 0, views: bool = False,
                  bot: str = "random") -> dict:
    """Bot games (interpreter.bots.RandomBot by default, calls included) until `budget` seconds have passed.

    Each bot is asked as `rulelang simulate` asks it (`bot.move(game, seat, decision)`): RandomBot looks at no
    view, so none is built for it and this is the engine alone; GreedyBot builds its seat's view (and, given the
    game, weighs challenges on samples), as in `rulelang simulate` with its default bots.
    views=True with random bots: a seat's view is built for every decision anyway, to show what a view costs.
    bot="play-first": see _play_first_bot.
    """
    from interpreter import Game
    from interpreter.bots import GreedyBot, RandomBot
    from interpreter.seat import play_bots

    make = {"random": RandomBot, "greedy": GreedyBot, "play-first": _play_first_bot}[bot]

    games = turns = moves = cut = 0
    seed = seed0
    gc.collect()
    clock = Clock(budget)
    while True:
        g = Game(program, players, seed=seed, record=False)
        bots = [make(seed * 1009 + i) for i in range(players)]
        st = g.state
        if not views:  # as `rulelang simulate` plays: the bots asked by the machine itself (interpreter.seat.play_bots)
            moves += play_bots(g, bots, TURN_LIMIT).moves  # (a game cut off: counted below)
        while not st.over:
            if st.turns >= TURN_LIMIT:
                cut += 1
                break
            d = st.pending
            if views and bot == "random":  # RandomBot reads no view: this row builds one anyway, to show its cost
                move = bots[d.player].choose(program, g.view(d.player), d)
            else:  # as a host asks a bot (interpreter.bots.ask_bot): the greedy bot reads its seat's glance
                move = bots[d.player].move(g, d.player, d)
            g.apply(d.player, move, checked=False)
            moves += 1
        turns += st.turns
        games += 1
        seed += 1
        if clock.done():
            break
    seconds, wall = clock.stop()
    return {"players": players, "games": games, "turns": turns, "moves": moves, "cut_off": cut,
            "cpu_seconds": round(seconds, 3), "wall_seconds": round(wall, 3),
            "turns_per_s": turns / seconds, "moves_per_s": moves / seconds, "turns_per_wall_s": turns / wall,
            "games_per_s": games / seconds, "turns_per_game": turns / games, "moves_per_turn": moves / max(1, turns)}


def play_simulate(program, players: int, budget: float, bots: str, games_a_round: int) -> dict:
    """`rulelang simulate`'s own game loop (rulelang.simulate.one.play_one: its bots made by name, asked through
    `ask_bot`, its stall bookkeeping) beside the bench's loop (play_rulelang's, the same bots), on the same seeds,
    in alternating rounds of `games_a_round` games until each has used `budget` CPU seconds: the load of this
    shared machine changes from minute to minute, so the two are timed side by side, not one after the other."""
    from interpreter import Game
    from interpreter.bots import make_bot
    from interpreter.seat import play_bots
    from rulelang.simulate.one import play_one

    def bench_loop(seeds) -> int:
        turns = 0
        for seed in seeds:
            g = Game(program, players, seed=seed, record=False)
            seats = [make_bot(bots, seed * 1009 + i) for i in range(players)]
            play_bots(g, seats, TURN_LIMIT)
            turns += g.turns + g.hand_no  # the turns begun, as `simulate` counts them since e1ea4f9 (its last one too)
        return turns

    def simulate_loop(seeds) -> int:
        return sum(play_one(program, seed, players, [bots], {})["turns"] for seed in seeds)

    cpu = {"simulate": 0.0, "bench": 0.0}
    turns = {"simulate": 0, "bench": 0}
    seed = 0
    gc.collect()
    while min(cpu.values()) < budget:
        seeds = range(seed, seed + games_a_round)
        for label, loop in (("simulate", simulate_loop), ("bench", bench_loop)):
            c = time.process_time()
            turns[label] += loop(seeds)
            cpu[label] += time.process_time() - c
        seed += games_a_round
    assert turns["simulate"] == turns["bench"], "the two loops played different games"
    return {"players": players, "bots": bots, "games": seed, "turns": turns["bench"],
            "cpu_seconds": {k: round(v, 3) for k, v in cpu.items()},
            "turns_per_s": turns["simulate"] / cpu["simulate"], "bench_turns_per_s": turns["bench"] / cpu["bench"],
            "fraction_of_bench": cpu["bench"] / cpu["simulate"]}


def headline(budget: float, players: int, rounds_of: int = 10) -> dict:
    """Play-first classic UNO (rulelang), RLCard's UnoGame driven directly, and the speed of light (bench/sol_uno.py,
    play-first), in alternating rounds of `rounds_of` games each until each has used `budget` CPU seconds: the
    ratios of the headline, measured side by side (this machine's load changes from minute to minute).  The three
    together use `budget` CPU seconds times three."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    import rulelang
    from interpreter import Game
    from interpreter.seat import play_bots

    sys.path.insert(0, str(ROOT / "bench"))
    import sol_uno

    program = rulelang.load(str(GAMES / "uno.rules"))
    pick = random.Random(0)

    def rulelang_games(seeds) -> int:
        turns = 0
        for seed in seeds:
            g = Game(program, players, seed=seed, record=False)
            bots = [_play_first_bot(seed * 1009 + i) for i in range(players)]
            play_bots(g, bots, TURN_LIMIT)
            turns += g.state.turns
        return turns

    def unogame_games(seeds) -> int:
        steps = 0
        for seed in seeds:
            game = UnoGame(num_players=players)
            game.np_random = np.random.RandomState(seed)
            game.init_game()
            n = 0
            try:
                while not game.is_over() and n < TURN_LIMIT:
                    game.step(pick.choice(game.get_legal_actions()))
                    n += 1
            except (IndexError, ValueError, TypeError):  # RLCard's UNO can fail when both piles run dry
                pass
            steps += n
        return steps

    def sol_games(seeds) -> int:
        return sum(sol_uno.play(seed, players, True)[0] for seed in seeds)

    loops = {"rulelang": rulelang_games, "UnoGame": unogame_games, "speed of light": sol_games}
    cpu = dict.fromkeys(loops, 0.0)
    turns = dict.fromkeys(loops, 0)
    seed = 0
    gc.collect()
    while sum(cpu.values()) < budget * len(loops):  # the speed of light is fast: it takes less of the time
        seeds = range(seed, seed + rounds_of)
        for label, loop in loops.items():
            c = time.process_time()
            turns[label] += loop(seeds)
            cpu[label] += time.process_time() - c
        seed += rounds_of
    rate = {k: turns[k] / cpu[k] for k in loops}
    return {"players": players, "games": seed, "turns": turns, "cpu_seconds": {k: round(v, 3) for k, v in cpu.items()},
            "turns_per_s": rate, "turns_per_game": {k: turns[k] / seed for k in loops},
            "rulelang_vs_unogame": rate["rulelang"] / rate["UnoGame"],
            "rulelang_vs_speed_of_light": rate["rulelang"] / rate["speed of light"],
            "speed_of_light_vs_unogame": rate["speed of light"] / rate["UnoGame"]}


def speed_of_light(budget: float) -> dict:
    """bench/sol_uno.py: classic UNO written by hand, all state in locals (the ceiling for pure Python)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import sol_uno

    out = {}
    for players in (4, 2):
        for policy in ("random", "play-first"):
            gc.collect()
            out[f"{players}p/{policy}"] = sol_uno.run(players, budget, policy == "play-first", Clock)
    return out


def rss_kb() -> int:
    """This process's resident size now (not its peak), in KiB."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def rss_over_games(program, path: str, checkpoints: list[int], bots: str = "greedy", progress=None) -> dict:
    """Resident size while one process plays many Express games through `rulelang simulate`'s loop
    (play_one, its default greedy bots), read at each checkpoint (a number of games)."""
    from rulelang.simulate.one import play_one

    out = {"bots": bots, "at": {}}
    gc.collect()
    out["start_kb"] = rss_kb()
    c, t = time.process_time(), time.perf_counter()
    seed = 0
    for target in sorted(checkpoints):
        while seed < target:
            play_one(program, seed, program.default_players, [bots], {})
            seed += 1
        out["at"][str(target)] = {"rss_kb": rss_kb(), "cpu_s": round(time.process_time() - c, 1),
                                  "wall_s": round(time.perf_counter() - t, 1)}
        if progress is not None:
            progress(target, out["at"][str(target)])
    return out


def rss_only(args) -> int:
    """`--rss-only`: the resident size over Express games alone, a JSON line at each checkpoint as it is reached."""
    import rulelang

    program = rulelang.load(str(GAMES / "express.rules"))
    checkpoints = [int(x) for x in args.rss.split(",") if x.strip()]

    def progress(games: int, row: dict) -> None:
        print(json.dumps({"games": games, **row, "loadavg": round(os.getloadavg()[0], 2),
                          "utc": time.strftime("%H:%M:%S", time.gmtime())}), flush=True)

    rss = rss_over_games(program, str(GAMES / "express.rules"), checkpoints, progress=progress)
    print(json.dumps(rss))
    if args.json:
        Path(args.json).write_text(json.dumps({"rss": rss}, indent=1) + "\n")
    return 0


# ---------------------------------------------------------------- RLCard


def rlcard_available() -> str | None:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return None
    try:
        from importlib.metadata import version

        return version("rlcard")
    except Exception:  # pragma: no cover
        return getattr(sys.modules["rlcard"], "__version__", "?")


def play_unogame(players: int, budget: float, seed0: int = 0) -> dict:
    """RLCard's UnoGame, driven directly: init_game, then step(random legal action) until is_over."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    games = steps = errors = 0
    seed = seed0
    rng = random.Random(seed0)
    gc.collect()
    clock = Clock(budget)
    while True:
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        n = 0
        try:
            while not game.is_over() and n < TURN_LIMIT:
                game.step(rng.choice(game.get_legal_actions()))
                n += 1
        except (IndexError, ValueError, TypeError):  # RLCard's UNO can fail when both piles run dry
            errors += 1
        steps += n
        games += 1
        seed += 1
        if clock.done():
            break
    seconds, wall = clock.stop()
    return {"players": players, "games": games, "steps": steps, "errors": errors, "cpu_seconds": round(seconds, 3),
            "wall_seconds": round(wall, 3), "steps_per_s": steps / seconds, "steps_per_wall_s": steps / wall, "games_per_s": games / seconds, "steps_per_game": steps / games}


def play_env(budget: float, seed0: int = 0) -> dict:
    """`rlcard.make('uno')` (two players: its UNO env takes no player count) with RandomAgents, `env.run()`."""
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": seed0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(seed0)  # RandomAgent draws from numpy's global generator
    games = steps = errors = 0
    gc.collect()
    clock = Clock(budget)
    while True:
        try:
            env.run(is_training=False)
        except (IndexError, ValueError, TypeError):
            errors += 1
        steps += len(env.action_recorder)
        games += 1
        if clock.done():
            break
    seconds, wall = clock.stop()
    return {"players": env.num_players, "games": games, "steps": steps, "errors": errors, "cpu_seconds": round(seconds, 3),
            "wall_seconds": round(wall, 3), "steps_per_s": steps / seconds, "steps_per_wall_s": steps / wall, "games_per_s": games / seconds, "steps_per_game": steps / games}


# ---------------------------------------------------------------- loading


def load_times(files: list[Path], repeats: int) -> dict:
    """Load + compile each file in this process after one warm-up load (grammar and imports cached)."""
    import rulelang

    out = {}
    for f in files:
        rulelang.load(str(f))  # warm-up: builds or reads the Lark grammar once, imports everything
        walls, cpus = [], []
        for _ in range(repeats):
            gc.collect()
            c, t = time.process_time(), time.perf_counter()
            rulelang.load(str(f))
            walls.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
        out[f.name] = {"median_ms": statistics.median(cpus) * 1000, "min_ms": min(cpus) * 1000,
                       "max_ms": max(cpus) * 1000, "wall_median_ms": statistics.median(walls) * 1000}
    return out


_COLD = r"""
import time, sys
c0, t0 = time.process_time(), time.perf_counter()
import rulelang
c1, t1 = time.process_time(), time.perf_counter()
rulelang.load(sys.argv[1])
c2, t2 = time.process_time(), time.perf_counter()
print(c1 - c0, c2 - c1, t1 - t0, t2 - t1)
"""


def bytecode_env(pycdir: str) -> dict:
    """The environment with Python's bytecode cache on, kept in `pycdir` (PYTHONPYCACHEPREFIX), not in the tree.
    (This workplace sets PYTHONDONTWRITEBYTECODE=1, so every process compiles every module from source; a
    user's installed copy has its .pyc files.)"""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = pycdir
    return env


def cold_loads(files: list[Path], pycdir: str, runs: int = 5) -> dict:
    """A fresh process: `import rulelang` and the first `rulelang.load` (CPU ms of the child), in three settings,
    each the median of `runs` fresh processes (min and max beside it):
    as_set: this machine's environment, the Lark grammar cache on disk (made by an earlier run);
    bytecode: the same with Python's bytecode cached (see bytecode_env): what a user's installed copy does;
    no_lark_cache: as_set with an empty TMPDIR (Lark keeps its grammar cache in tempfile.gettempdir()) and the
    compiled-program cache off (RULELANG_CACHE=off), so the file is parsed and compiled from nothing.
    In the first two the compiled-program cache (rulelang/cache.py) is warm: made by the run before."""
    out = {}
    py = sys.executable
    for f in files:
        row = {}
        for label in ("as_set", "bytecode", "no_lark_cache"):
            penv = bytecode_env(pycdir) if label == "bytecode" else dict(os.environ)
            got: dict = {}
            with tempfile.TemporaryDirectory() as tmp:
                if label == "no_lark_cache":  # no cache at all: neither Lark's grammar nor the compiled program
                    penv["TMPDIR"] = tmp
                    penv["RULELANG_CACHE"] = "off"
                else:  # make sure the caches exist first
                    subprocess.run([py, "-c", _COLD, str(f)], capture_output=True, text=True, env=penv, timeout=120)
                for _ in range(runs):
                    t = time.perf_counter()
                    r = subprocess.run([py, "-c", _COLD, str(f)], capture_output=True, text=True, env=penv,
                                       timeout=120)
                    wall = time.perf_counter() - t
                    try:
                        imp, load, imp_wall, load_wall = (float(x) for x in r.stdout.split())
                    except ValueError:
                        got = {"error": (r.stderr or r.stdout)[-300:]}
                        break
                    for key, v in (("import_ms", imp), ("first_load_ms", load), ("import_wall_ms", imp_wall),
                                   ("first_load_wall_ms", load_wall), ("process_wall_ms", wall)):
                        got.setdefault(key, []).append(v * 1000)
            if "error" in got:
                row[label] = got
                continue
            row[label] = {k: statistics.median(v) for k, v in got.items()}
            row[label].update(runs=runs, first_load_min_ms=min(got["first_load_ms"]),
                              first_load_max_ms=max(got["first_load_ms"]))
        out[f.name] = row
    return out


# ---------------------------------------------------------------- state size


def _walk(root, skip_ids: set, collect: set | None = None) -> int:
    """sys.getsizeof summed over every object reachable from `root`, each counted once, not entering
    objects whose id is in `skip_ids`, functions, classes or modules (code is the Program's, not the state's)."""
    seen = set(skip_ids)
    total = 0
    todo = [root]
    skip_types = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                  types.CodeType)
    while todo:
        o = todo.pop()
        i = id(o)
        if i in seen:
            continue
        seen.add(i)
        if collect is not None:
            collect.add(i)
        if isinstance(o, skip_types):
            continue
        total += sys.getsizeof(o)
        if isinstance(o, dict):
            todo.extend(o.keys())
            todo.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            todo.extend(o)
        elif isinstance(o, (str, bytes, int, float, bool, type(None))):
            pass
        else:
            d = getattr(o, "__dict__", None)
            if d is not None:
                todo.append(d)
            for cls in type(o).__mro__:
                for s in getattr(cls, "__slots__", ()):
                    if hasattr(o, s) and s not in ("__dict__", "__weakref__"):
                        todo.append(getattr(o, s))
    return total


def reachable_ids(root) -> set:
    ids: set = set()
    _walk(root, set(), ids)
    return ids


def program_ids(program) -> set:
    """What belongs to the program: everything reachable from it, and from the globals of its generated code
    (the options' specs and the moves made once per program, which every decision of every game shares)."""
    from interpreter.machine import card_moves
    from interpreter.program import Choice

    procs = [program.main, program.setup, *program.procs.values(), *(r.proc for rs in program.rules.values() for r in rs)]
    spaces = {id(f.__globals__): f.__globals__ for p in procs for f in p.code if hasattr(f, "__globals__")}.values()
    for ns in spaces:
        for spec in [v for v in ns.values() if isinstance(v, Choice) and v.kind == "card"]:
            card_moves(spec, program)  # made when first needed: made now, to be counted here
    ids = reachable_ids(program)
    for ns in spaces:
        _walk(ns, ids, ids)
    return ids


def state_size(state, skip: set) -> int:
    return _walk(state, skip | {id(state.program)})


def _parts(largest: dict) -> str:
    """The largest sample's biggest State attributes: `events 18.6 KB, moves 12.0 KB, ...`."""
    return ", ".join(f"{k} {v / 1024:.1f} KB" for k, v in largest.get("parts", {}).items())


def state_sizes(program, players: int, games: int = 8, every: int = 25, record: bool = False) -> dict:
    """The state's size at the start, every `every` moves (the interval doubling after 40 samples in a game,
    to bound the time a long game takes) and at the end of `games` random-bot games.  For the largest
    sample, the share of each State attribute."""
    from interpreter import Game
    from interpreter.bots import RandomBot

    skip = program_ids(program)
    start_sizes, sizes, bare = [], [], []
    biggest = (0, None)
    for seed in range(games):
        g = Game(program, players, seed=seed, record=record)
        bots = [RandomBot(seed * 1009 + i) for i in range(players)]
        start_sizes.append(state_size(g.state, skip))
        n, step, taken = 0, every, 0
        while not g.over and g.state.turns < TURN_LIMIT:
            d = g.pending
            g.apply(d.player, bots[d.player].choose(program, None, d), checked=False)
            n += 1
            if n % step == 0 or g.over or g.state.turns >= TURN_LIMIT:
                size = state_size(g.state, skip)
                sizes.append(size)
                # the state's own Program: with rules written in play it is no longer `program`
                bare.append(_walk(g.state, skip | {id(g.state.program), id(g.state.moves), id(g.state.events)}))
                taken += 1
                if taken % 40 == 0:
                    step *= 2
                if size > biggest[0]:
                    parts = {k: _walk(v, skip | {id(g.state.program)}) for k, v in vars(g.state).items()
                             if k != "program"}
                    biggest = (size, {"moves_made": n, "turns": g.state.turns, "record_len": len(g.state.moves),
                                      "parts": dict(sorted(parts.items(), key=lambda kv: -kv[1])[:6])})
    sizes = sizes or start_sizes
    bare = bare or start_sizes
    return {"start_bytes": statistics.median(start_sizes), "median_bytes": statistics.median(sizes),
            "max_bytes": max(sizes), "max_bytes_without_log": max(bare), "median_bytes_without_log": statistics.median(bare), "samples": len(sizes), "record": record, "largest": biggest[1]}


def sample_cost(program, players: int, n: int = 500) -> dict:
    """What one sample of a search bot costs, in the middle of a game: `interpreter.bots.search.determinize` where it
    exists (the sample a SearchBot plays out), else State.snapshot + restore.  Does it copy the rules?"""
    import copy

    from interpreter import Game
    from interpreter.bots import RandomBot

    g = Game(program, players, seed=7, record=False)
    bot = RandomBot(7)
    for _ in range(40):  # into the middle of a game
        if g.over:
            break
        d = g.pending
        g.apply(d.player, bot.choose(program, None, d), checked=False)
    st = g.state
    try:
        from interpreter.bots.search import determinize

        rng = random.Random(1)
        seat = st.pending.player if st.pending else 0
        how = "interpreter.bots.search.determinize"

        def sample():
            return determinize(st, seat, rng)
    except ImportError:
        how = "State.snapshot + State.restore"

        def sample():
            snap = st.snapshot()
            st.restore(snap)
            return snap

    deep = []
    real_deepcopy = copy.deepcopy

    def counting(x, *a, **k):
        deep.append(type(x).__name__)
        return real_deepcopy(x, *a, **k)

    copy.deepcopy = counting
    try:
        s = sample()
    finally:
        copy.deepcopy = real_deepcopy
    skip = program_ids(program) | {id(program)}
    if isinstance(s, dict):
        shares = s.get("program", program) is program
        frames = s.get("stack", [])
    else:
        shares = s.program is program
        frames = s.stack
    # Frames' code tuples must be the Program's own, not copies.
    procs = list(getattr(program, "procs", {}).values()) + [program.main, program.setup, program.turn]
    code_ids = {id(p.code) for p in procs} | {id(r.proc.code) for rs in program.rules.values() for r in rs}
    frames_share = all(id(f.code) in code_ids for f in frames if len(f.code) > 1)
    new_bytes = _walk(s, skip | reachable_ids(st) if not isinstance(s, dict) else skip)
    gc.collect()
    c = time.process_time()
    for _ in range(n):
        sample()
    per = (time.process_time() - c) / n
    return {"how": how, "sample_us": per * 1e6, "sample_bytes": _walk(s, skip), "new_bytes": new_bytes,
            "shares_program": bool(shares), "frames_share_code": frames_share, "deepcopy_calls": len(deep),
            "deep_copies_rules": not (shares and frames_share) or bool(deep)}


# ---------------------------------------------------------------- first prompt


def first_prompt(game: str = "express.rules", runs: int = 5, env: dict | None = None) -> dict:
    """Seconds from spawning `rulelang run GAME --seed 1 --delay 0` in a pty to its prompt (`NAME> `).

    prompt_toolkit asks the terminal where the cursor is (ESC [6n) before it draws; a real terminal answers at
    once, so this one does too (ESC [1;1R) rather than let prompt_toolkit wait for an answer that never comes."""
    try:
        import pexpect
    except ImportError:
        return {"error": "pexpect is not installed (pip install pexpect)"}
    exe = Path(sys.executable).parent / "rulelang"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "rulelang.cli"]
    prompt = r"\w> |\w>\x1b\[0m"  # prompt_toolkit may send the space after the `>` as a cursor move
    import resource

    data = tempfile.mkdtemp(prefix="rulelang-bench-data-")  # its save files (if any) go here, not the user's folder
    times, cpus = [], []
    for i in range(runs + 1):  # the first run warms the caches (and is dropped)
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        child = pexpect.spawn(cmd[0], cmd[1:] + ["run", str(GAMES / game), "--seed", "1", "--delay", "0"],
                              cwd=str(ROOT), dimensions=(40, 120), encoding="utf-8", timeout=30,
                              env={**(env or os.environ), "TERM": "xterm-256color", "XDG_DATA_HOME": data})
        try:
            while True:
                k = child.expect([r"\x1b\[6n", prompt])
                if k == 0:
                    child.send("\x1b[1;1R")
                    continue
                times.append(time.perf_counter() - t)
                break
        except (pexpect.TIMEOUT, pexpect.EOF) as e:
            return {"error": f"no prompt: {type(e).__name__}: {child.before[-300:]!r}"}
        finally:
            child.close(force=True)  # reaped, so its CPU time shows in RUSAGE_CHILDREN
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        # The child waits idle at the prompt, so its CPU time is (nearly all) the time it spent reaching it.
        cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    first, times, cpus = times[0], times[1:], cpus[1:]
    return {"first_s": first, "median_s": statistics.median(times), "runs": times,
            "cpu_median_s": statistics.median(cpus), "cpu_runs": cpus}


# ---------------------------------------------------------------- profile


def profile(path: Path, players: int, budget: float, top: int = 30) -> str:
    import cProfile
    import io
    import pstats

    import rulelang

    program = rulelang.load(str(path))
    pr = cProfile.Profile()
    pr.enable()
    r = play_rulelang(program, players, budget)
    pr.disable()
    s = io.StringIO()
    st = pstats.Stats(pr, stream=s)
    st.sort_stats("tottime").print_stats(top)
    st.sort_stats("cumulative").print_stats(top)
    return f"{path.name}: {r['games']} games, {r['turns']} turns, {r['moves']} moves under cProfile\n" + s.getvalue()


# ---------------------------------------------------------------- main


def fmt(x: float) -> str:
    return f"{x:,.0f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=4.0, help="CPU seconds of play per playout measurement (default 4)")
    ap.add_argument("--json", nargs="?", const=str(ROOT / "bench" / "results.json"), metavar="PATH",
                    help="also write the results as JSON (default path bench/results.json)")
    ap.add_argument("--profile", action="store_true", help="also cProfile random playouts of uno.rules and print them")
    ap.add_argument("--skip-pty", action="store_true", help="do not measure the first prompt of `rulelang run`")
    ap.add_argument("--rss", default="1000,10000,100000", metavar="N,N,...",
                    help="read the resident size after these many Express games, one process (default "
                         "1000,10000,100000; empty to skip)")
    ap.add_argument("--rss-only", action="store_true",
                    help="measure only the resident size (--rss checkpoints), printing a line at each checkpoint as it "
                         "is reached: for long runs (100,000 or 1,000,000 games), niced, beside other work")
    args = ap.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    if args.rss_only:
        return rss_only(args)
    pinned = pin_one_core()
    res: dict = {"machine": machine(), "pinned": pinned, "commit": rulelang_commit(), "budget_cpu_s": args.budget,
                 "date": time.strftime("%Y-%m-%d %H:%M:%S"), "targets": TARGETS, "loadavg_start": os.getloadavg()}
    m = res["machine"]
    print(f"rulelang bench — {m['cpu']}, {m['cores']} cores, Python {m['python']} ({m['implementation']}); {pinned}")
    print(f"commit {res['commit']}; {args.budget:g} CPU s per playout measurement; "
          f"load average {res['loadavg_start'][0]:.2f} (other processes share the machine when it is above 0)")
    print("Rates are per CPU second of this process (one core); per wall second in the JSON.\n")

    import rulelang

    files = game_files()
    programs = {f.name: rulelang.load(str(f)) for f in files}

    # -- playouts
    print("Bot playouts (interpreter.bots.RandomBot unless named; `greedy`: GreedyBot from each seat's view, as `rulelang simulate` plays by default; record=False)")
    print(f"  {'game':<30}{'players':>8}{'games':>8}{'turns/s':>12}{'moves/s':>12}{'turns/game':>12}{'moves/turn':>12}")
    plays = {}
    runs = [(f.name, programs[f.name].default_players, False, "random") for f in files]
    runs += [("uno.rules", 2, False, "random"), ("uno.rules", 4, True, "random"), ("uno.rules", 4, False, "play-first"),
             ("uno.rules", 2, False, "play-first")]
    # as `rulelang simulate` plays by default: greedy bots, each deciding from its seat's view
    runs += [(f.name, programs[f.name].default_players, True, "greedy") for f in files]
    for name, players, views, bot in runs:
        key = f"{name}/{players}p" + ("/views" if views else "") + (f"/{bot}" if bot != "random" else "")
        r = play_rulelang(programs[name], players, args.budget, views=views, bot=bot)
        plays[key] = r
        label = name + (" +views" if views and bot == "random" else "") + (f" {bot}" if bot != "random" else "")
        print(f"  {label:<30}{players:>8}{r['games']:>8}{fmt(r['turns_per_s']):>12}{fmt(r['moves_per_s']):>12}"
              f"{r['turns_per_game']:>12.1f}{r['moves_per_turn']:>12.2f}"
              + (f"  ({r['cut_off']} cut off at {TURN_LIMIT} turns)" if r["cut_off"] else ""))
    res["rulelang"] = plays

    # -- `rulelang simulate` as users run it, beside the bench's loop for the same bots
    print("\n`rulelang simulate`'s game loop (rulelang.simulate.one.play_one) beside the bench's for the same bots and seeds, timed in alternating rounds")
    sims = {}
    sim_runs = [("uno.rules", "random")] + [(f.name, "greedy") for f in files]
    for name, bot in sim_runs:
        p = programs[name]
        r = play_simulate(p, p.default_players, args.budget, bot, 2 if bot == "random" else 10)
        sims[f"{name}/{bot}"] = r
        print(f"  {name + ' ' + bot:<30}{p.default_players:>8}{r['games']:>8}{fmt(r['turns_per_s']):>12} turns/s"
              f"  = {r['fraction_of_bench'] * 100:5.1f}% of the bench loop's {fmt(r['bench_turns_per_s'])} (same seeds, alternating)")
    res["simulate"] = sims

    # -- the speed of light: classic UNO written by hand
    sol = speed_of_light(args.budget)
    res["speed_of_light"] = sol
    print("\nSpeed of light: bench/sol_uno.py, classic UNO by hand (all state in locals), and rulelang's fraction of it")
    for key, r in sol.items():
        players, policy = key.split("/")
        ours = plays[f"uno.rules/{players}" + ("/play-first" if policy == "play-first" else "")]
        r["rulelang_fraction"] = ours["turns_per_s"] / r["turns_per_s"]
        print(f"  {policy + ' ' + players:<30}{r['games']:>8}{fmt(r['turns_per_s']):>12} turns/s"
              f"{r['turns_per_game']:>10.1f} turns/game  rulelang {fmt(ours['turns_per_s'])} = "
              f"{r['rulelang_fraction'] * 100:.0f}%")

    # -- RLCard
    version = rlcard_available()
    res["rlcard_version"] = version
    print()
    if version is None:
        print("RLCard is not installed, so there is no comparison.  To add it (it pulls numpy):")
        print("    .venv/bin/pip install rlcard==1.2.0")
        res["rlcard"] = None
    else:
        if version != "1.2.0":
            print(f"(note: RLCard {version} is installed; the targets are stated against 1.2.0)")
        print(f"RLCard {version} UNO, random legal actions (one step = one action = one turn: a draw ends RLCard's turn)")
        print(f"  {'engine':<34}{'players':>8}{'games':>8}{'steps/s':>12}{'steps/game':>12}")
        rl = {}
        for label, fn in (("UnoGame direct/4p", lambda: play_unogame(4, args.budget)),
                          ("UnoGame direct/2p", lambda: play_unogame(2, args.budget)),
                          ("rlcard.make('uno') env.run/2p", lambda: play_env(args.budget))):
            r = fn()
            rl[label] = r
            print(f"  {label:<34}{r['players']:>8}{r['games']:>8}{fmt(r['steps_per_s']):>12}{r['steps_per_game']:>12.1f}"
                  + (f"  ({r['errors']} games failed inside RLCard)" if r["errors"] else ""))
        res["rlcard"] = rl
        direct4, direct2 = rl["UnoGame direct/4p"]["steps_per_s"], rl["UnoGame direct/2p"]["steps_per_s"]
        env2 = rl["rlcard.make('uno') env.run/2p"]["steps_per_s"]
        ratios = {
            "uno 4p play-first turns/s ÷ UnoGame direct 4p (the headline)": plays["uno.rules/4p/play-first"]["turns_per_s"] / direct4,
            "uno 2p play-first turns/s ÷ UnoGame direct 2p (the headline)": plays["uno.rules/2p/play-first"]["turns_per_s"] / direct2,
            "speed of light play-first 4p ÷ UnoGame direct 4p": sol["4p/play-first"]["turns_per_s"] / direct4,
            "uno 4p turns/s ÷ UnoGame direct 4p steps/s": plays["uno.rules/4p"]["turns_per_s"] / direct4,
            "uno 2p turns/s ÷ UnoGame direct 2p steps/s": plays["uno.rules/2p"]["turns_per_s"] / direct2,
            "uno 2p turns/s ÷ make('uno') env 2p steps/s": plays["uno.rules/2p"]["turns_per_s"] / env2,
            "uno 4p moves/s ÷ UnoGame direct 4p steps/s": plays["uno.rules/4p"]["moves_per_s"] / direct4,
            "uno 2p play-first turns/s ÷ make('uno') env 2p": plays["uno.rules/2p/play-first"]["turns_per_s"] / env2,
        }
        res["ratios"] = ratios
        print("\nThe headline, side by side: play-first classic UNO (rulelang), RLCard UnoGame direct and the speed of"
              " light, in alternating rounds of 10 games on the same seeds (turns/s per CPU second)")
        heads = {}
        for players in (4, 2):
            h = headline(args.budget, players)
            heads[f"{players}p"] = h
            r = h["turns_per_s"]
            print(f"  {players}p: rulelang {fmt(r['rulelang'])}, UnoGame {fmt(r['UnoGame'])}, speed of light "
                  f"{fmt(r['speed of light'])} (turns/game {h['turns_per_game']['rulelang']:.1f} / "
                  f"{h['turns_per_game']['UnoGame']:.1f} / {h['turns_per_game']['speed of light']:.1f}):  rulelang ÷ "
                  f"UnoGame {h['rulelang_vs_unogame']:.2f}×, rulelang ÷ speed of light "
                  f"{h['rulelang_vs_speed_of_light'] * 100:.0f}%, speed of light ÷ UnoGame {h['speed_of_light_vs_unogame']:.2f}×")
        res["headline"] = heads
        print("\nRatios (rulelang classic UNO ÷ RLCard; the headline: play-first, games as long as RLCard's, target ≥ 2.0)")
        for k, v in ratios.items():
            print(f"  {k:<50}{v:>8.2f}×")

    # -- loading
    print("\nLoad + compile (rulelang.load), CPU ms: in this process after one warm-up (grammar cached), and the")
    print("first load of a fresh process (after `import rulelang`; CPU ms, median of 5 processes), as this machine is"
          " set, with bytecode cached (both with the compiled-program cache warm), and with no cache (no Lark grammar"
          " cache, RULELANG_CACHE=off)")
    pycdir = tempfile.mkdtemp(prefix="rulelang-bench-pyc-")
    res["pythondontwritebytecode"] = os.environ.get("PYTHONDONTWRITEBYTECODE", "")
    loads = load_times(files, repeats=15)
    cold = cold_loads(files, pycdir)
    print(f"  {'file':<20}{'warm median':>12}{'min':>9}  |{'fresh':>9}{'+bytecode':>11}{'no caches':>15}"
          f"  | import rulelang{' (+bytecode)':>12}")
    for f in files:
        w, c = loads[f.name], cold[f.name]
        a, b, n = (c.get(k, {}) for k in ("as_set", "bytecode", "no_lark_cache"))
        print(f"  {f.name:<20}{w['median_ms']:>10.1f}ms{w['min_ms']:>7.1f}ms  |{a.get('first_load_ms', -1):>7.1f}ms"
              f"{b.get('first_load_ms', -1):>9.1f}ms{n.get('first_load_ms', -1):>13.1f}ms  |{a.get('import_ms', -1):>13.1f}ms"
              f"{b.get('import_ms', -1):>10.1f}ms")
    res["load"] = {"warm": loads, "cold": cold}

    # -- state size and search samples
    print("\nRunning game state (deep sys.getsizeof of g.state, less what the Program holds; record=False)")
    sizes = {}
    for f in files:
        p = programs[f.name]
        s = state_sizes(p, p.default_players)
        sizes[f.name] = s
        print(f"  {f.name:<20} start {s['start_bytes'] / 1024:6.1f} KB  median {s['median_bytes'] / 1024:6.1f} KB"
              f"  max {s['max_bytes'] / 1024:7.1f} KB  | without the move record: max {s['max_bytes_without_log'] / 1024:5.1f} KB")
        if s["largest"]:
            big = s["largest"]
            print(f"  {'':<20} largest, after {big['moves_made']} moves: {_parts(big)}")
    print("With the record (record=True, as `rulelang run` keeps it: the moves packed, the latest events kept)")
    for f in files:
        p = programs[f.name]
        rec = state_sizes(p, p.default_players, games=4, record=True)
        sizes[f"{f.name}/record"] = rec
        big = rec["largest"] or {}
        print(f"  {f.name:<20} start {rec['start_bytes'] / 1024:6.1f} KB  median {rec['median_bytes'] / 1024:6.1f} KB"
              f"  max {rec['max_bytes'] / 1024:7.1f} KB  (after {big.get('moves_made', 0)} moves: {_parts(big)})")
    res["state"] = sizes
    sc = sample_cost(programs["uno.rules"], 4)
    res["search_sample"] = sc
    print(f"\nSearch bot sample (uno.rules, 4 players, {sc['how']}): {sc['sample_us']:.0f} µs, "
          f"{sc['new_bytes'] / 1024:.1f} KB new; shares the Program: {sc['shares_program']}; frames share the compiled "
          f"code: {sc['frames_share_code']}; copy.deepcopy calls: {sc['deepcopy_calls']}")

    # -- first prompt
    if not args.skip_pty:
        fp = {"as_set": first_prompt(), "bytecode": first_prompt(env=bytecode_env(pycdir))}
        res["first_prompt"] = fp
        print("\nFirst prompt of `rulelang run games/express.rules --seed 1 --delay 0` in a pty (median of 5, after one"
              " warm-up run)")
        for label, r in fp.items():
            name = {"as_set": "as this machine is set", "bytecode": "with bytecode cached"}[label]
            if "error" in r:
                print(f"  {name}: {r['error']}")
            else:
                print(f"  {name:<24} {r['median_s']:.2f} s wall, {r['cpu_median_s']:.2f} s of the child's CPU")
    shutil.rmtree(pycdir, ignore_errors=True)

    # -- resident size over many games
    checkpoints = [int(x) for x in args.rss.split(",") if x.strip()]
    if checkpoints:
        rss = rss_over_games(programs["express.rules"], str(GAMES / "express.rules"), checkpoints)
        res["rss"] = rss
        print(f"\nResident size over Express games in one process (simulate's loop, {rss['bots']} bots): "
              f"start {rss['start_kb'] / 1024:.1f} MiB; " + "; ".join(
                  f"after {int(k):,} games {v['rss_kb'] / 1024:.1f} MiB ({v['cpu_s']:.0f} CPU s)"
                  for k, v in rss["at"].items()))

    # -- targets
    met = {}
    if res.get("ratios"):
        for players in (4, 2):
            r = res["headline"][f"{players}p"]["rulelang_vs_unogame"]
            met[f"play-first classic UNO ≥ 2× RLCard UnoGame ({players}p): {r:.2f}×"] = r >= TARGETS["play_first_vs_unogame"]
        r = res["ratios"]["uno 4p turns/s ÷ UnoGame direct 4p steps/s"]
        met[f"random-bot classic UNO ≥ RLCard UnoGame (4p): {r:.2f}×"] = r >= TARGETS["uno_vs_unogame"]
    for f in files:
        r = plays[f"{f.name}/{programs[f.name].default_players}p"]
        met[f"{f.name} ≥ 100,000 turns/s (random): {fmt(r['turns_per_s'])}"] = r["turns_per_s"] >= TARGETS["turns_per_second"]
    for name, goal in TARGETS["greedy_turns_per_second"].items():
        r = plays[f"{name}/{programs[name].default_players}p/views/greedy"]
        met[f"{name} greedy ≥ {fmt(goal)} turns/s: {fmt(r['turns_per_s'])}"] = r["turns_per_s"] >= goal
    for key, r in sims.items():
        met[f"simulate within 10% of the bench, {key}: {r['fraction_of_bench'] * 100:.0f}%"] = \
            r["fraction_of_bench"] >= 1 - TARGETS["simulate_within"]
    if res.get("rss"):
        at = list(res["rss"]["at"].values())
        growth = at[-1]["rss_kb"] / at[0]["rss_kb"] - 1
        met[f"flat resident size over {list(res['rss']['at'])[-1]} Express games: {growth * 100:+.1f}% from the first checkpoint"] = \
            growth <= TARGETS["rss_growth"]
    met["every load + compile < 50 ms (grammar cached, in process)"] = all(
        v["median_ms"] < TARGETS["load_ms"] for v in loads.values())
    met["the first load of a fresh process < 50 ms (bytecode and compiled-program cache warm)"] = all(
        c.get("bytecode", {}).get("first_load_ms", 1e9) < TARGETS["load_ms"] for c in cold.values())
    for label, r in res.get("first_prompt", {}).items():
        if "error" not in r:
            name = {"as_set": "as this machine is set", "bytecode": "bytecode cached"}[label]
            met[f"first prompt < 0.4 s (wall, median; {name}): {r['median_s']:.2f} s"] = r["median_s"] < TARGETS["first_prompt_s"]
    met["state < 50 KB all game long"] = all(v["max_bytes"] < TARGETS["state_bytes"] for k, v in sizes.items()
                                             if not k.endswith("/record"))
    met["... with the record (as `rulelang run` keeps it)"] = all(
        v["max_bytes"] < TARGETS["state_bytes"] for k, v in sizes.items() if k.endswith("/record"))
    met["... less the move record"] = all(v["max_bytes_without_log"] < TARGETS["state_bytes"]
                                          for k, v in sizes.items() if not k.endswith("/record"))
    met["a search sample copies no rules"] = not sc["deep_copies_rules"]
    res["met"] = met
    res["loadavg_end"] = os.getloadavg()
    print("\nTargets")
    for k, v in met.items():
        print(f"  [{'x' if v else ' '}] {k}")
    print(f"\nload average at the end {res['loadavg_end'][0]:.2f}")

    if args.profile:
        text = profile(GAMES / "uno.rules", 4, args.budget)
        res["profile"] = text
        print("\n" + text)

    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
