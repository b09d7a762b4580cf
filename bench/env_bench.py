#!/usr/bin/env python3
"""rulelang.env beside the engine: environment steps per second next to the engine's moves per second, and
(with --episodes N) random masked play of N episodes of every game, checking every mask against the legal moves.

A script, not a test; it needs the `rl` extra.  `.venv/bin/python bench/env_bench.py [--budget S] [--episodes N]
[--games express,uno]`.  One core, CPU time, the same random-bot play on both sides:

  engine        RandomBot moves applied to a Game (record=False, unchecked), no view: `bench/bench.py`'s rows;
  engine+views  the same, building the deciding seat's view for each move (what `rulelang simulate` does);
  env           PettingZoo AEC loop: `env.last()` (the observation vector and mask), the action of the move a
                RandomBot seeded as the engine's picks (`env.action_of`), `env.step(action)`: the engine's games,
                move for move; one step is one move;
  no obs        the same loop with `env.last(observe=False)`;
  masked        the AEC loop with a uniformly random action of the mask (other games than the engine's: a card
                is as likely played with a call as without, so cards are played more often than drawn).

With --count LOOP (engine, moves, env, learner, noobs or masked) it plays --episodes games (seeds 0..N-1) of each of --games in that
loop alone, after a warm-up game, inside `operator.call`, so that callgrind counts the loop's instructions and nothing
else (this shared machine's CPU times move by tens of per cent with its load; instruction counts do not):

  moves         the engine's games, their moves chosen beforehand (no bot counted);
  learner       a learner's AEC loop on those games: `env.last()`, an action chosen beforehand, `env.step()` (no
                policy counted; the actions are worked out by an environment of their own, whose caches are not
                the measured one's);

  PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
      .venv/bin/python bench/env_bench.py --count env --games uno --episodes 3   # `Collected :` / the steps printed
"""
from __future__ import annotations

import argparse
import operator
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import rulelang  # noqa: E402
from interpreter import Game  # noqa: E402
from interpreter.bots import RandomBot  # noqa: E402
from rulelang.env import make_env  # noqa: E402

MAX_MOVES = 5_000


def pin_one_core() -> None:
    try:
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
    except (AttributeError, OSError):
        pass


def engine(program, budget: float, views: bool) -> float:
    moves = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        g = Game(program, program.default_players, seed=seed, record=False)
        bots = [RandomBot(seed * 1009 + i) for i in range(program.default_players)]
        seed += 1
        made = 0
        while not g.over and made < MAX_MOVES:
            d = g.pending
            if views:
                g.view(d.player)
            g.apply(d.player, bots[d.player].choose(program, None, d), checked=False)
            made += 1
        moves += made
    return moves / (time.process_time() - start)


def env_loop(program, budget: float, observe: bool, masked: bool = False) -> float:
    """Steps per CPU second of the AEC loop.  By default each step is the move a RandomBot seeded as in `engine`
    picks from the acting seat's decision (`env.action_of(move)`), so the env plays exactly the engine's games,
    move for move; with `masked`, a uniformly random action of the mask instead (other games: every card move
    is as likely with a call as without, so cards are played more often than drawn)."""
    env = make_env(program, seed=0, max_moves=MAX_MOVES)
    rng = random.Random(0)
    steps = 0
    seed = 0
    n = env.n
    start = time.process_time()
    while time.process_time() - start < budget:
        env.reset(seed=seed)
        bots = [RandomBot(seed * 1009 + i) for i in range(n)]
        seed += 1
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last(observe)
            if term or trunc:
                env.step(None)
                continue
            if masked:
                legal = (obs["action_mask"] if observe else info["action_mask"]).nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
            else:
                seat = env._seat
                env.step(env.action_of(bots[seat].choose(program, None, env.table.decision(seat))))
            steps += 1
    return steps / (time.process_time() - start)


def counted(program, loop: str, episodes: int) -> int:
    """The moves (engine) or steps (env loops) of `episodes` games in one loop, played inside `operator.call` after a
    warm-up game (callgrind's `--toggle-collect=_operator_call` counts them alone)."""
    if loop == "engine":
        def play(seeds):
            moves = 0
            for seed in seeds:
                g = Game(program, program.default_players, seed=seed, record=False)
                bots = [RandomBot(seed * 1009 + i) for i in range(program.default_players)]
                made = 0
                while not g.over and made < MAX_MOVES:
                    d = g.pending
                    g.apply(d.player, bots[d.player].choose(program, None, d), checked=False)
                    made += 1
                moves += made
            return moves
    elif loop == "moves":  # the engine's games with the moves chosen beforehand: no bot in the count
        made = recorded(program, [1000, *range(episodes)], moves=True)

        def play(seeds):
            moves = 0
            for seed in seeds:
                g = Game(program, program.default_players, seed=seed, record=False)
                for move in made[seed]:
                    g.apply(g.pending.player, move, checked=False)
                moves += len(made[seed])
            return moves
    elif loop == "learner":  # a learner's loop: last(), its action (chosen beforehand: no policy in the count), step
        actions = recorded(program, [1000, *range(episodes)], moves=False)
        env = make_env(program, seed=0, max_moves=MAX_MOVES)

        def play(seeds):
            steps = 0
            for seed in seeds:
                env.reset(seed=seed)
                it = iter(actions[seed])
                for _agent in env.agent_iter():
                    obs, reward, term, trunc, info = env.last()
                    env.step(next(it))
                    steps += 1
            return steps - len(seeds) * env.n  # the closing steps (None) of each agent are not moves
    else:
        env = make_env(program, seed=0, max_moves=MAX_MOVES)

        def play(seeds):
            return env_games(env, program, seeds, loop)
    play([1000])
    return operator.call(play, range(episodes))


def recorded(program, seeds, moves: bool) -> dict:
    """The engine's games of `seeds` (RandomBots seeded as in `engine`), each as its moves or as the actions of an
    environment of its own (so that the caches it warms are not those of the environment measured)."""
    env = make_env(program, seed=0, max_moves=MAX_MOVES)
    out = {}
    for seed in seeds:
        env.reset(seed=seed)
        bots = [RandomBot(seed * 1009 + i) for i in range(env.n)]
        made = out[seed] = []
        for _agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last(False)
            if term or trunc:
                env.step(None)
                if not moves:
                    made.append(None)
                continue
            seat = env._seat
            move = bots[seat].choose(program, None, env.table.decision(seat))
            action = env.action_of(move)
            made.append(move if moves else action)
            env.step(action)
    return out


def env_games(env, program, seeds, loop: str) -> int:
    """`env_loop`'s games for `counted` (env: the engine's RandomBots' moves; noobs: the same, observing nothing;
    masked: a random action of the mask, seeded by the game's seed)."""
    steps = 0
    n = env.n
    for seed in seeds:
        env.reset(seed=seed)
        bots = [RandomBot(seed * 1009 + i) for i in range(n)]
        rng = random.Random(seed)
        for _agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last(loop != "noobs")
            if term or trunc:
                env.step(None)
                continue
            if loop == "masked":
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
            else:
                seat = env._seat
                env.step(env.action_of(bots[seat].choose(program, None, env.table.decision(seat))))
            steps += 1
    return steps


def check_masks(path: Path, episodes: int, first: int = 0) -> dict:
    """Random masked play at the game's default players, every mask checked against the legal moves
    (`bench/env_masks.py`, which plays every file at its fewest and most players too).  Episode k is game seed k
    (from `first`), so a run may be split into parts."""
    sys.path.insert(0, str(ROOT / "bench"))
    from env_masks import run

    r = run(str(path), rulelang.load(path).default_players, episodes, first, MAX_MOVES)
    return {"episodes": episodes, "steps": r["steps"], "mismatches": len(r["problems"]), "cut_off": r["cut"],
            "seconds": r["seconds"]}


def hashes(files, seeds=(1, 2, 3), cut: int = 600) -> dict:
    """A hash of each file's environment as a learner meets it: every agent's observation at every step, the legal
    actions' labels, each bot move's action, the rewards and the winners, over seeded masked random episodes (cut
    off at `cut` decisions) at the game's default players: the same hashes before and after a change for speed say
    it changed nothing a learner sees."""
    import hashlib

    out = {}
    for f in files:
        h = hashlib.sha256()
        env = make_env(f, seed=1, max_moves=cut)
        bots = [RandomBot(i) for i in range(env.n)]
        for seed in seeds:
            rng = random.Random(seed)
            env.reset(seed=seed)
            for agent in env.agent_iter():
                obs, reward, term, trunc, info = env.last()
                h.update(repr((agent, reward, term, trunc, sorted(k for k in info if k != "action_mask"))).encode())
                if term or trunc:
                    h.update(repr(info.get("winners")).encode())
                    env.step(None)
                    continue
                for other in env.possible_agents:
                    h.update(env.observe(other)["observation"].tobytes())
                legal = np.flatnonzero(obs["action_mask"])
                h.update(repr([env.action_label(a) for a in legal]).encode())
                seat = env._seat
                if len(env._now) == 3:  # a bot's move, as its action (a set picked a card at a time has none)
                    h.update(repr(env.action_of(bots[seat].choose(env.program, None, env.table.decision(seat))))
                             .encode())
                env.step(int(legal[rng.randrange(len(legal))]))
        out[f"{f.parent.name}/{f.stem}"] = h.hexdigest()[:16]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=float, default=3.0, help="CPU seconds per measurement")
    ap.add_argument("--rounds", type=int, default=3,
                    help="each measurement cut into this many rounds, the columns of a game measured in turn each "
                         "round, the median round reported (the columns stay comparable when the load changes)")
    ap.add_argument("--games", help="comma-separated names (default: every games/*.rules and examples/*.rules)")
    ap.add_argument("--episodes", type=int, default=0, help="also play N random masked episodes of each game")
    ap.add_argument("--first", type=int, default=0,
                    help="the first episode's seed (to split a long --episodes run into parts: 0 and 500, ...)")
    ap.add_argument("--no-speed", action="store_true", help="only the --episodes check")
    ap.add_argument("--hash", action="store_true",
                    help="print a hash of what a learner meets in each file of games/, examples/, examples/more/ and "
                         "tests/rules/ (observations, legal actions, bot moves' actions, rewards; seeds 1-3, masked "
                         "random play to 600 decisions): the same before and after a change for speed")
    ap.add_argument("--count", choices=("engine", "moves", "env", "learner", "noobs", "masked"),
                    help="play --episodes games of --games in this loop alone, for callgrind (see above)")
    args = ap.parse_args(argv)
    if args.hash:
        skip = {"fails_after_many_events", "fails_for_some_deals", "fire_in_a_rule", "negative_counts", "no_ask",
                "reveal_a_claim", "spin_in_a_sample", "where_fails_for_some_cards"}  # written to fail or not to end
        every = [f for d in ("games", "examples", "examples/more", "tests/rules") for f in sorted((ROOT / d).glob("*.rules"))
                 if f.stem not in skip and (not args.games or f.stem in args.games.split(","))]
        for name, digest in hashes(every).items():
            print(f"{name:<32} {digest}", flush=True)
        return 0
    if args.count:
        for name in (args.games or "uno").split(","):
            made = counted(rulelang.load(ROOT / "games" / f"{name}.rules"), args.count, args.episodes or 3)
            print(f"{name} {args.count}: {made} moves or steps", file=sys.stderr)
        return 0
    if not args.no_speed:
        pin_one_core()
    files = sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "examples").glob("*.rules"))
    if args.games:
        wanted = args.games.split(",")
        files = [f for f in files if f.stem in wanted]
    if not args.no_speed:
        print(f"{'game':<14}{'engine':>10}{'+views':>10}{'env':>10}{'env/engine':>11}{'no obs':>10}"
              f"{'masked':>10}  (moves or steps per CPU second)")
        for f in files:
            p = rulelang.load(f)
            b = args.budget / args.rounds
            rows = [(engine(p, b, False), engine(p, b, True), env_loop(p, b, True), env_loop(p, b, False),
                     env_loop(p, b, True, masked=True)) for _ in range(args.rounds)]
            e, ev, s, s0, sm = (statistics.median(col) for col in zip(*rows))
            ratio = statistics.median(r[2] / r[0] for r in rows)
            print(f"{f.stem:<14}{e:>10,.0f}{ev:>10,.0f}{s:>10,.0f}{ratio:>11.0%}{s0:>10,.0f}{sm:>10,.0f}", flush=True)
    if args.episodes:
        print(f"random masked play, {args.episodes} episodes per game from seed {args.first} "
              f"(cut off at {MAX_MOVES} moves):")
        for f in files:
            r = check_masks(f, args.episodes, args.first)
            print(f"  {f.stem:<14} {r['episodes']} episodes, {r['steps']:,} steps, {r['mismatches']} masks not the "
                  f"legal moves, {r['cut_off']} cut off, {r['seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
