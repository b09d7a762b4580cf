#!/usr/bin/env python3
"""Train a small policy on UNO Express against rulelang's greedy bot, with numpy alone, and plot its win rate.

The policy is linear and softmax over the legal actions only (the mask): the score of action a is W[a] · x,
where x is the observation rulelang.env makes from the seat's view (scaled) and a constant 1.  It learns by
REINFORCE (policy gradient): after each game, every choice it made is pushed toward the result (+1 won, -1
lost), less a running mean of results.  Nothing in it knows UNO: give it another .rules file and it trains there.

    pip install 'rulelang[rl-example]'          # pettingzoo, gymnasium, numpy and matplotlib
    nice python examples/rl/train.py --minutes 4 --plot examples/rl/win_rate.png

It prints the win rate of each block of games as it trains, then plays --eval games with the policy before and
after training (the same seeds; actions drawn from the policy, as in training) and says both.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from rulelang.env import make_gym_env

ROOT = Path(__file__).resolve().parent.parent.parent


def features(obs) -> np.ndarray:
    """The observation, squashed so that counts, sizes and scores weigh alike, with a constant 1 at the end."""
    x = obs["observation"]
    return np.append(np.tanh(x / 4.0), 1.0).astype(np.float64)


class Policy:
    def __init__(self, actions: int, size: int, rng: np.random.Generator):
        self.W = np.zeros((actions, size))
        self.rng = rng

    def probs(self, x, legal):
        z = self.W[legal] @ x
        z -= z.max()
        p = np.exp(z)
        return p / p.sum()

    def act(self, obs):
        x = features(obs)
        legal = np.flatnonzero(obs["action_mask"])
        p = self.probs(x, legal)
        i = int(self.rng.choice(len(legal), p=p))
        return int(legal[i]), (x, legal, p, i)


def play(env, policy, seed: int, learn=None):
    """One game; returns +1 if the learner won, else -1 (a game cut off counts as lost)."""
    obs, info = env.reset(seed=seed)
    trace = []
    done = False
    reward = 0.0
    while not done:
        action, step = policy.act(obs)
        trace.append(step)
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    result = 1.0 if reward > 0 else -1.0
    if learn is not None:
        learn(trace, result)
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default=str(ROOT / "games" / "express.rules"))
    ap.add_argument("--opponents", default="greedy", help="comma-separated rulelang bots for the other seats")
    ap.add_argument("--minutes", type=float, default=4.0, help="training time (CPU minutes)")
    ap.add_argument("--block", type=int, default=500, help="games per point of the win-rate curve")
    ap.add_argument("--eval", type=int, default=500, help="games to measure the policy before and after")
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", help="write the win-rate curve to this PNG (needs matplotlib)")
    args = ap.parse_args(argv)

    env = make_gym_env(args.game, opponents=args.opponents.split(","), seed=args.seed, max_moves=2000)
    rng = np.random.default_rng(args.seed)
    size = env.observation_space["observation"].shape[0] + 1
    policy = Policy(env.action_space.n, size, rng)
    baseline = [0.0]

    def learn(trace, result):
        advantage = result - baseline[0]
        baseline[0] += 0.01 * (result - baseline[0])
        for x, legal, p, i in trace:
            g = -p
            g[i] += 1.0  # d log p(i) / d scores of the legal actions
            policy.W[legal] += (args.lr * advantage) * np.outer(g, x)

    eval_seeds = range(10**6, 10**6 + args.eval)  # games never trained on
    before = np.mean([play(env, policy, s) > 0 for s in eval_seeds])
    print(f"{Path(args.game).name} vs {args.opponents}: the untrained policy wins {before:.1%} of {args.eval} games",
          flush=True)

    curve = []
    wins = games = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < args.minutes * 60:
        wins += play(env, policy, seed, learn=learn) > 0
        games += 1
        seed += 1
        if games == args.block:
            curve.append((seed, wins / games))
            print(f"  games {seed - games + 1:>6}-{seed:<6} won {wins / games:.1%}", flush=True)
            wins = games = 0
    after = np.mean([play(env, policy, s) > 0 for s in eval_seeds])
    spent = time.process_time() - start
    print(f"trained on {seed} games in {spent / 60:.1f} CPU minutes; the trained policy wins {after:.1%} "
          f"of the same {args.eval} games (untrained: {before:.1%})")
    if args.plot and curve:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 3.2), dpi=80)
        ax.plot([c[0] for c in curve], [100 * c[1] for c in curve], marker=".", label="training (sampled actions)")
        ax.axhline(100 * before, color="grey", linestyle=":", label=f"untrained: {before:.0%}")
        ax.axhline(100 * after, color="green", linestyle="--", label=f"trained: {after:.0%}")
        ax.set_xlabel("games played")
        ax.set_ylabel(f"win rate, % (per {args.block} games)")
        ax.set_title(f"Linear policy gradient on {Path(args.game).stem} vs {args.opponents}", fontsize=10)
        ax.legend(fontsize=8, loc="lower right")
        ax.grid(alpha=0.3)
        fig.tight_layout()
        fig.savefig(args.plot)
        print(f"wrote {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
