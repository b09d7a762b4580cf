"""Every `.rules` file as a reinforcement-learning environment: PettingZoo (AEC, all seats) and Gymnasium
(one seat against rulelang bots).  Needs the `rl` extra: `pip install 'rulelang[rl]'`.

    from rulelang.env import make_env
    env = make_env("games/express.rules", players=4, seed=1)
    env.reset(); print(env.describe())
"""
from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - what a user without the extra sees
    raise ImportError(f"rulelang.env needs the `rl` extra (pettingzoo, gymnasium, numpy), which is not installed "
                      f"({e.name} is missing): pip install 'rulelang[rl]'") from e

from .aec import ActionSpaceWarning, RulesEnv, make_env
from .encoding import Encoding, OutsideActionSpace
from .single import SingleAgentEnv


def make_gym_env(game, opponents=("greedy",), **kwargs) -> SingleAgentEnv:
    """A Gymnasium environment of a game file: seat 0 (or `seat=`) learns, `opponents` are rulelang bots."""
    return SingleAgentEnv(game, opponents=opponents, **kwargs)


__all__ = ["make_env", "make_gym_env", "RulesEnv", "SingleAgentEnv", "Encoding", "ActionSpaceWarning",
           "OutsideActionSpace"]
