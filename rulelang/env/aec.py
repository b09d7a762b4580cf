"""Any game file as a PettingZoo AEC environment: agents are the seats, one acts at a time."""
from __future__ import annotations

import random
import re
import sys
import warnings
from itertools import repeat, takewhile
from operator import attrgetter, index
from pathlib import Path

import attrs
import gymnasium
import numpy as np
from pettingzoo import AECEnv

from interpreter.program import Program
from rulelang import load

from .encoding import BOUND, Encoding
from .table import Table
from .text import text_view

REWARDS = ("win", "score")


class ActionSpaceWarning(UserWarning):
    """The action space made from a file may not hold every move of the game: a number option whose range is worked
    out in play and cannot be bounded from the file (`bid k in 0..score(current)`)."""

MAX_MOVES = 20_000  # decisions in one episode before it is cut off (truncated); `rulelang simulate` cuts at 5,000 turns


_AGENTS = attrgetter("agents")
_SELECTED = attrgetter("agent_selection")


class Agents:
    """`agent_iter`'s iterable, as PettingZoo's `AECIterable`: each loop over it yields the agent to act while some
    agent is left, `max_iter` times at most; the iterator is made of C (`map` over `takewhile` over `repeat`), so a
    step costs no Python call for it."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env, max_iter: int):
        self.env, self.max_iter = env, max_iter

    def __iter__(self):
        return map(_SELECTED, takewhile(_AGENTS, repeat(self.env, max(0, min(self.max_iter, sys.maxsize)))))


def load_program(game):
    """A Program from a path or the name of a bundled game (or a Program, as it is)."""
    if isinstance(game, (str, Path)):
        return load(game)
    if not isinstance(game, Program):
        raise ValueError(f"game is a path, the name of a bundled game or a Program, not {game!r}")
    return game


def _whole(value, low: int | None = None) -> bool:
    """Whether `value` is a whole number (Python's or numpy's, not a bool), and at least `low`."""
    if isinstance(value, bool):
        return False
    try:
        n = index(value)
    except TypeError:
        return False
    return low is None or n >= low


def _refuse_seed(seed) -> None:
    """A seed (make_env's, reset's) not a whole number or None, refused by name."""
    if seed is not None and not _whole(seed):
        raise ValueError(f"seed is a whole number or None, not {seed!r}")


def _refuse_wrong_kinds(players, options, seed, max_moves, stack) -> None:
    """make_env's arguments of the wrong kind, refused by name (else they fail in the engine, in Python's words or
    in misleading ones: `players="3"` read as one player's name)."""
    if players is not None and not _whole(players):
        raise ValueError(f"players is a whole number of seats, not {players!r}")
    if options is not None and not (isinstance(options, dict) and all(isinstance(k, str) for k in options)):
        raise ValueError(f"options is a mapping of the game's options to values, not {options!r}")
    _refuse_seed(seed)
    if not _whole(max_moves, 1):
        raise ValueError(f"max_moves is a whole number from 1, not {max_moves!r}")
    if stack is not None and not (isinstance(stack, (list, tuple)) and all(isinstance(c, str) for c in stack)):
        raise ValueError(f"stack is a list of card names, first on top, not {stack!r}")


class RulesEnv(AECEnv):
    """A `.rules` game as a PettingZoo AEC environment.

    Agents `player_0` .. `player_{n-1}` are the seats.  The agent to act is the seat the game's pending decision
    asks; a window (`ask`) asks the seats it names one at a time, in the order the rules give, so it is one
    agent at a time here too.  A race (everyone must do something; who was last) is no seat's decision: the
    environment settles it at random, as a table of bots does.  Observations are dicts
    `{"observation": float32 vector, "action_mask": int8 vector}` (see `describe()`); the mask is also in each
    agent's info as `action_mask`.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "rulelang_v0", "is_parallelizable": False}

    def __init__(self, game, players: int | None = None, options: dict | None = None, reward: str = "win",
                 seed: int | None = None, match: bool = False, max_moves: int = MAX_MOVES,
                 render_mode: str | None = None, stack: list | None = None, numbers: tuple | None = None):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {', '.join(self.metadata['render_modes'])}, not {render_mode!r}")
        _refuse_wrong_kinds(players, options, seed, max_moves, stack)
        self.program = load_program(game)
        n = self.program.default_players if players is None else players
        self.n = n
        self.game_options = dict(options or {})
        self.reward_kind = reward
        self._plain = reward == "win"  # no reward until the game ends: `step` need not look for one at each move
        self.match = match
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.stack = list(stack) if stack else None  # the top of the deck, first name on top (as `--stack`)
        slug = re.sub(r"[^a-z0-9]+", "_", self.program.name.lower()).strip("_")
        self.metadata = dict(self.metadata, name=f"rulelang_{slug}_v0")
        Table(self.program, n, 0, self.game_options, match, self.stack)  # refuses a bad player count, option, stack now
        self.encoding = enc = Encoding(self.program, n, numbers=numbers)
        for verb, place, doc, (lo, hi) in enc.open_numbers if numbers is None else ():
            warnings.warn(ActionSpaceWarning(
                f"{self.program.name}: `{verb}` (\"{doc}\") takes a number{f' (argument {place + 1})' if place else ''} "
                f"whose range is worked out in play and not bounded by the file: its actions are the numbers "
                f"{lo}..{hi}, and a number offered past them would stop an episode with an error; give "
                f"make_env(numbers=(LOW, HIGH)) to choose them"), stacklevel=3)
        self._decide = enc.decide
        self._action_of = enc.action_of
        self._observers = enc.observers  # each seat's: its vector from its glance
        if enc.pick_blocks:  # and the cards it has picked of a set picked a card at a time, while it picks them
            self._observers = [self._picker(seat, observe) for seat, observe in enumerate(enc.observers)]
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        self._no_actions = np.zeros(enc.size, dtype=np.int8)
        self._no_actions.flags.writeable = False
        self.action_spaces = {a: gymnasium.spaces.Discrete(enc.size) for a in self.possible_agents}
        self.observation_spaces = {a: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-BOUND, BOUND, (enc.obs_size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (enc.size,), np.int8),
        }) for a in self.possible_agents}
        self._seeds = random.Random(seed)  # the seeds of the games played when reset is given none
        self.table: Table | None = None
        self._seat = None
        self._now = None
        self._paid = False
        self._called: dict = {}  # (move, calls) -> the move with those calls
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    # ------------------------------------------------------------------ the API
    def agent_iter(self, max_iter: int = 2**63) -> Agents:
        """The agent to act, each time round the loop, while some agent is left (`AECEnv.agent_iter`)."""
        return Agents(self, max_iter)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def describe(self) -> str:
        """The layout of the observation vector and of the action space."""
        return self.encoding.describe()

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: with `seed`, that game exactly; without, the next of the seeds `make_env(seed=...)` gives.
        (`options` is accepted as PettingZoo asks; the game's options are fixed when the environment is made.)"""
        _refuse_seed(seed)
        game_seed = seed if seed is not None else self._seeds.randrange(2**31)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game_seed = game_seed
        self._table_rng = random.Random(game_seed * 7919 + 1)  # settles races: the same game, the same way
        self.table = table = Table(self.program, self.n, game_seed, self.game_options, self.match, self.stack)
        self._game = table.game  # its `pending`, read after each move
        self._acts = table.actors()  # each seat's act(move, False)
        self._glances = table.glancers()  # each seat's look at what it may see
        self.encoding.forget()  # each seat's last observation was of the game before
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.moves = 0
        self._standing = self._score_standing()
        self._seat = None  # the seat to act, while the game goes on
        self._now = None
        self._paid = False  # some reward was paid on the last step
        self._after_move(self._settle())

    def observe(self, agent):
        """The agent's observation: its vector and its mask (read-only: the one in its info, made once a decision;
        all zero for an agent that is not to act)."""
        seat = self._seat_of[agent]
        if seat != self._seat:
            return {"observation": self._observers[seat](self._glances[seat](), None), "action_mask": self._no_actions}
        now = self._now
        return {"observation": self._observers[seat](self._glances[seat](), now[2]), "action_mask": now[1]}

    def last(self, observe: bool = True):
        """The acting agent's (observation, cumulative reward, terminated, truncated, info), as `AECEnv.last`."""
        agent = self.agent_selection
        now = self._now
        if not observe:
            obs = None
        elif now is not None:  # the agent to act is the seat to act: `observe` without the look-ups
            seat = self._seat
            obs = {"observation": self._observers[seat](self._glances[seat](), now[2]), "action_mask": now[1]}
        else:
            obs = self.observe(agent)
        return obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], self.infos[agent]

    def action_mask(self, agent=None) -> np.ndarray:
        """The legal actions of an agent now (all zero for one that is not to act), read-only."""
        now = self._now_for(self._seat_of[agent or self.agent_selection])
        return now[1] if now is not None else self._no_actions

    def step(self, action) -> None:
        now = self._now
        if now is None:  # the game is over or cut off: every agent is done (`_after_move`)
            self._was_dead_step(action)
            return
        # While the game goes on, the agent to act is the seat to act: its moves are `_now`'s.
        agent = self.agent_selection
        try:  # an int, or numpy's (hashing as its int); another action is made an int first (`_action`)
            move, calls, text = now[0][action]
        except (KeyError, TypeError):
            action = self._action(action)
            if len(now) > 3 and self._pick(now, action, agent):  # a card of a set picked a card at a time
                return
            move, calls, text = self._legal(now, action, agent)
        else:
            if type(action) is not int:  # (True, 3.0 and "3" are no actions: True and 3.0 hash as 1 and 3)
                self._action(action)
        self._cumulative_rewards[agent] = 0.0
        if self._plain:  # the usual step, `_move_on` and `_after_move` written out: no reward until the end
            self._acts[self._seat](move if text is None and not calls else self._move(move, calls, text), False)
            self.moves += 1
            d = self._game.pending
            if d is not None and not d.race and self.moves < self.max_moves:
                seat = d.player
                self._now = now = self._decide(d, seat)
                if not now[0] and len(now) == 3:  # (a decision of sets picked a card at a time has a 4th)
                    self._outside(d, seat)
                self._seat = seat
                self.agent_selection = acting = self.possible_agents[seat]
                if acting != agent:
                    self.infos[agent] = {}
                self.infos[acting] = {"action_mask": now[1]}
            else:
                self._after_move(d if d is None or not d.race else self._settle())
                if self._paid:
                    self._accumulate_rewards()
        else:
            self._move_on(self._seat, move if text is None and not calls else self._move(move, calls, text))
        if self.render_mode == "human":
            print(self.render())

    def _action(self, action) -> int:
        """`action` as an int: a whole number (Python's or numpy's, not a bool) of the action space, else refused,
        as make_env's arguments are (a ValueError)."""
        if _whole(action, 0) and index(action) < self.encoding.size:
            return index(action)
        raise ValueError(f"action is a whole number from 0 to {self.encoding.size - 1}, not {action!r}")

    def _legal(self, now, action: int, agent) -> tuple:
        """The (move, calls, rule text) of an action of the action space (an int), or refused."""
        try:
            return now[0][action]
        except KeyError:
            raise ValueError(f"action {action!r} ({self.encoding.actions[action].label}) is not legal for {agent} "
                             f"now; legal: {sorted(now[0])[:20]}") from None

    def _picker(self, seat: int, observe):
        """A seat's observer that writes in the cards it has picked so far, while it picks a set card by card."""
        show = self.encoding.show_picks

        def observer(glance, mine):
            vector = observe(glance, mine)
            now = self._now
            if now is not None and len(now) > 3 and self._seat == seat:
                show(vector, now[3])
            return vector
        return observer

    def _pick(self, now, action, agent) -> bool:
        """A card picked of a set picked a card at a time (`encoding.PickBlock`): the same seat acts again, its
        mask what it may pick next (or done).  False if the action is no such card."""
        try:
            after = self.encoding.pick(now, int(action))
        except (TypeError, ValueError):
            return False
        if after is None:
            return False
        if self._paid:
            self._clear_rewards()
            self._paid = False
        self._cumulative_rewards[agent] = 0.0
        self._now = after
        self.infos[agent] = {"action_mask": after[1]}
        if self.render_mode == "human":
            print(self.render())
        return True

    def play_move(self, move) -> None:
        """Make a rulelang Move (a bot's) for the agent to act, as `step` makes an action's."""
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        self._move_on(self._seat_of[agent], move)

    def _move_on(self, seat: int, move) -> None:
        if self._paid:
            self._clear_rewards()
            self._paid = False
        self._acts[seat](move, False)
        self.moves += 1
        d = self._game.pending
        self._after_move(d if d is None or not d.race else self._settle())
        if self._paid:
            self._accumulate_rewards()

    def render(self):
        """The acting seat's view as text (the table, its cards, its moves), as the terminal shows it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (make the env with render_mode='ansi')")
            return None
        if self.table is None:
            return ""
        seat = self.table.deciding
        if seat is None:
            seat = self.possible_agents.index(self.agent_selection) if self.agent_selection in self.possible_agents else 0
        return text_view(self.table, seat)

    def close(self) -> None:
        self.table = None

    # ------------------------------------------------------------------ moving the game on
    def _settle(self):
        """Make the moves no seat decides (races) until a seat must decide or the game is over; the decision
        then pending (None when the game is over)."""
        table = self.table
        while True:
            d = table.pending
            if d is None or not d.race:
                return d
            table.act(d.player, table.settle(self._table_rng, d))
            self.moves += 1

    def _after_move(self, d) -> None:
        """After a move: rewards, the end of the game or the cut-off, else the next agent and its actions (`d`: the
        decision pending)."""
        if self.reward_kind == "score":
            standing = self._score_standing()
            if standing != self._standing:
                for i, a in enumerate(self.possible_agents):
                    self.rewards[a] = float(standing[i] - self._standing[i])
                self._paid = True
            self._standing = standing
        if d is None:  # the game is over
            self._now = self._seat = None
            table = self.table
            if self.reward_kind == "win":
                won = set(table.winners)
                if won and len(won) < self.n:
                    for i, a in enumerate(self.possible_agents):
                        self.rewards[a] = 1.0 if i in won else -1.0
                    self._paid = True
            self.terminations = {a: True for a in self.agents}
            for a in self.agents:
                self.infos[a] = {"winners": list(table.winners), "scores": list(table.scores), "moves": self.moves}
            return
        if self.moves >= self.max_moves:
            self._now = self._seat = None
            self.truncations = {a: True for a in self.agents}
            for a in self.agents:
                self.infos[a] = {"winners": [], "scores": list(self.table.scores), "moves": self.moves}
            return
        seat = d.player
        before = self.agent_selection
        self.agent_selection = agent = self.possible_agents[seat]
        self._seat = seat
        self._now = now = self._decide(d, seat)
        if not now[0] and len(now) == 3:
            self._outside(d, seat)
        if before != agent and before in self.infos:
            self.infos[before] = {}
        self.infos[agent] = {"action_mask": now[1]}

    def _outside(self, d, seat: int) -> None:
        raise RuntimeError(f"{self.program.name}: {self.possible_agents[seat]}'s moves "
                           f"({', '.join(m.text for m in d.options[:6])}) are outside the action space "
                           "made from the file (a rule written in play may ask something new)")

    def _score_standing(self) -> list[float]:
        """Each seat's score less the mean of the others' (what `reward="score"` pays out as it changes)."""
        if self.reward_kind != "score" or self.table is None:
            return [0.0] * self.n
        s = self.table.scores
        total = sum(s)
        return [s[i] - (total - s[i]) / (self.n - 1) for i in range(self.n)]

    def _refresh(self, d=None) -> tuple:
        """Work out again what the seat to act may do (its decision `d`): (its moves by action, the mask, the verb
        groups it offers).  A set being picked a card at a time keeps the cards picked so far (picked again, in
        order: the same mask and observation, unless the decision no longer allows them)."""
        now = self.encoding.decide(d if d is not None else self.table.decision(self._seat), self._seat)
        was = self._now
        if was is not None and len(was) > 3 and was[3].verb is not None and len(now) > 3:
            start = self.encoding.pick_blocks[was[3].verb].start
            for j in was[3].picked:
                after = self.encoding.pick(now, start + j)
                if after is None:
                    break
                now = after
        self._now = now
        self.infos[self.agent_selection] = {"action_mask": now[1]}
        return now

    def _now_for(self, seat: int):
        """(moves by action, mask) of a seat: None unless it is the seat to act."""
        return self._now if seat == self._seat else None

    def _verbs(self, seat: int) -> list:
        """The kinds of move (verb groups) the seat's pending decision offers (None unless it is the seat to act)."""
        return self._now[2] if seat == self._seat and self._now is not None else None

    def _move(self, move, calls, text):
        """The move of an action: the decision's own, or the one with the calls said with it or the rule text."""
        if text is not None:  # a rule to write: one of the game's example rules
            return attrs.evolve(move, arg=text, text=f"{move.verb} {text}")
        if not calls:
            return move
        key = (id(move), calls)
        kept = self._called.get(key)
        if kept is None or kept[0] is not move:  # moves are made once and kept by the engine: so is this
            if len(self._called) > 50_000:
                self._called.clear()
            kept = self._called[key] = (move, attrs.evolve(move, calls=calls))
        return kept[1]

    def action_of(self, move) -> int | None:
        """The action of a rulelang Move of the agent to act (one of its decision's options, with the calls said
        with it: a bot's move), so that a bot's play can be stepped or learnt from; None if it has none."""
        seat = self._seat  # the seat to act while the game goes on
        return self._action_of(move, seat if seat is not None else self._seat_of[self.agent_selection])

    def action_label(self, action: int) -> str:
        """What an action means: `play R7`, `play R7 uno`, `challenge +1`."""
        return self.encoding.actions[self._action(action)].label


def make_env(game, players: int | None = None, options: dict | None = None, reward: str = "win",
             seed: int | None = None, match: bool = False, max_moves: int = MAX_MOVES,
             render_mode: str | None = None, stack: list | None = None, numbers: tuple | None = None) -> RulesEnv:
    """A PettingZoo AEC environment of a game file (a path, a bundled game's name, or a Program).

    `players`: how many seats (the game's default if None); `options`: the game's options by name;
    `reward`: "win" (+1 to each winner, -1 to the others, at the end) or "score" (each change of a seat's score
    less the mean of the others'); `seed`: the seeds of the games `reset()` starts; `match`: play hands to the
    game's match target; `max_moves`: decisions before an episode is truncated; `render_mode`: "ansi" (render()
    returns the acting seat's text view) or "human" (it is also printed after each step); `stack`: card names
    for the top of the deck, first on top, as `rulelang run --stack` takes them; `numbers`: (low, high), the numbers
    of an option whose range is worked out in play and not bounded by the file (else the numbered attributes' and 0
    to the deck's size, with an ActionSpaceWarning).
    """
    return RulesEnv(game, players=players, options=options, reward=reward, seed=seed, match=match,
                    max_moves=max_moves, render_mode=render_mode, stack=stack, numbers=numbers)
