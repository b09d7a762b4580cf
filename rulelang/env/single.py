"""Any game file as a Gymnasium environment for one learner: the other seats are rulelang bots."""
from __future__ import annotations

import gymnasium
import numpy as np

from interpreter.bots import BOTS, make_bot

from .aec import MAX_MOVES, RulesEnv
from .text import text_view


class SingleAgentEnv(gymnasium.Env):
    """One seat learns (`seat`); every other seat is a rulelang bot (`opponents`, in seat order after it).

    `step(action)` makes the learner's move, then the bots' moves, until the learner must decide again or the
    game is over.  Observations are the AEC environment's dicts (`{"observation", "action_mask"}`); the mask is
    also in `info["action_mask"]` and `action_masks()` (as masked learners such as MaskablePPO ask for it).
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game, opponents=("greedy",), seat: int = 0, players: int | None = None,
                 options: dict | None = None, reward: str = "win", seed: int | None = None, match: bool = False,
                 max_moves: int = MAX_MOVES, render_mode: str | None = None, numbers: tuple | None = None):
        opponents = [opponents] if isinstance(opponents, str) else list(opponents)
        for kind in opponents:
            if kind not in BOTS:
                raise ValueError(f"unknown bot `{kind}`; bots: {', '.join(BOTS)}")
        if players is None:
            players = len(opponents) + 1
        if len(opponents) == 1 and players > 2:
            opponents = opponents * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents (or one kind for all), "
                             f"not {len(opponents)}")
        if not 0 <= seat < players:
            raise ValueError(f"seat is 0 to {players - 1}, not {seat}")
        self.env = RulesEnv(game, players=players, options=options, reward=reward, seed=seed, match=match,
                            max_moves=max_moves, numbers=numbers)
        self.seat = seat
        self.agent = self.env.possible_agents[seat]
        self.opponents = opponents
        self.render_mode = render_mode
        self.observation_space = self.env.observation_space(self.agent)
        self.action_space = self.env.action_space(self.agent)
        self.bots: dict = {}

    def describe(self) -> str:
        return self.env.describe()

    def reset(self, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        env = self.env
        env.reset(seed=seed)
        others = [s for s in range(env.n) if s != self.seat]
        # Bots seeded from the game's seed, as `rulelang simulate` seeds them: the same game, the same play.
        self.bots = {s: make_bot(kind, env.game_seed * 1009 + s) for s, kind in zip(others, self.opponents)}
        self._reward = 0.0
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action):
        env = self.env
        if env.terminations.get(self.agent) or env.truncations.get(self.agent):
            raise RuntimeError("the episode is over: call reset()")
        self._reward = 0.0
        env.step(action)
        self._reward += env.rewards.get(self.agent, 0.0)
        self._play_bots()
        terminated = bool(env.terminations.get(self.agent))
        truncated = bool(env.truncations.get(self.agent))
        if self.render_mode == "human":
            print(self.render())
        return self._observe(), float(self._reward), terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        return self.env.action_mask(self.agent).astype(bool)

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (make the env with render_mode='ansi')")
            return None
        return text_view(self.env.table, self.seat)

    def close(self) -> None:
        self.env.close()

    # ------------------------------------------------------------------
    def _play_bots(self) -> None:
        env = self.env
        while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]) \
                and env.agent_selection != self.agent:
            seat = env.possible_agents.index(env.agent_selection)
            env.play_move(env.table.ask(self.bots[seat], seat))
            self._reward += env.rewards.get(self.agent, 0.0)

    def _observe(self):
        return self.env.observe(self.agent)

    def _info(self) -> dict:
        info = dict(self.env.infos.get(self.agent, {}))
        info["action_mask"] = self.env.action_mask(self.agent)
        return info
