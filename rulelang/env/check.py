"""The environment checked against the engine: at a decision, the action mask must be exactly the decision's moves
(each move with an action, said with each set of the calls the decision lets be said), and a step of any action the
mask allows must be a legal move.  Used by `tests/test_env_every_file.py` at every step of its episodes and by
`bench/env_masks.py`, which plays a thousand random masked episodes of every file."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import numpy as np

from interpreter.bots.odds import with_calls


def mask_problems(env) -> tuple[np.ndarray, list[str]]:
    """The legal actions of the agent to act, as its mask gives them, and what is wrong with the mask, if anything:
    an action allowed that is no move of the decision (or a move with a call it may not say), a move or a set of
    calls said with it that has no action, an action whose move gives another action back (`action_of`).
    A set of a verb picked a card at a time (`PickBlock`: too many sets to number) is checked by `picks`."""
    seat = env._seat
    enc = env.encoding
    decision = env.table.decision(seat)
    now = env._now
    legal = now[0]
    mask = env.action_mask()
    problems: list[str] = []
    if mask.shape != (enc.size,) or mask.dtype != np.int8:
        problems.append(f"a mask of shape {mask.shape} and type {mask.dtype}")
    state = now[3] if len(now) > 3 else None
    expected = set(legal) | (picks(env, decision, state) if state is not None else set())
    allowed = np.flatnonzero(mask)
    if allowed.tolist() != sorted(expected):
        extra = sorted(set(allowed.tolist()) - expected)
        missing = sorted(expected - set(allowed.tolist()))
        problems.append(f"the mask allows {[env.action_label(a) for a in extra[:5]]} more and "
                        f"{[env.action_label(a) for a in missing[:5]]} less than the moves")
    if state is not None and state.verb is not None:
        return allowed, problems  # the cards of one set being picked: done (if they are a set) and those to follow
    options = {id(m): m for m in decision.options}
    offered = set(decision.calls) & set(env.program.calls)
    for action, (move, calls, text) in legal.items():
        label = env.action_label(action)
        if options.get(id(move)) is not move:
            problems.append(f"{label}: not a move of the decision")
            continue
        if not calls <= offered:
            problems.append(f"{label}: says a call the decision does not let be said")
        if label.split()[0] != move.verb:
            problems.append(f"{label}: the action of {move.text}")
        if text is None and env.action_of(with_calls(move, calls) if calls else move) != action:
            problems.append(f"{label}: action_of gives {env.action_of(with_calls(move, calls) if calls else move)}")
    said = {(id(m), c) for m, c, _ in legal.values()}
    subsets = [frozenset(s) for k in range(len(offered) + 1) for s in combinations(sorted(offered), k)]
    for m in decision.options:
        if m.kind == "cards" and m.verb in enc.pick_blocks:
            continue  # said with calls at its `done` (checked by `picks`)
        for cs in (subsets if m.kind != "rule" else subsets[:1]):
            if (id(m), cs) in said:
                continue
            # another move of the same cards' identities (two Red 7s) may stand for it: the same action
            a = env.action_of(with_calls(m, cs) if cs else m)
            if a is None or a not in legal or legal[a][1] != cs or legal[a][0].verb != m.verb:
                problems.append(f"{' '.join([m.text, *sorted(cs)])} has no action")
    return allowed, problems


def picks(env, decision, state) -> set:
    """The actions allowed of sets picked a card at a time, worked out from the decision's moves: before the first
    card, each card some legal set holds; then each card a set holding those picked holds one more of, and done
    (the set's move, with each set of the calls the decision lets be said) when they are one."""
    enc = env.encoding
    out = set()
    offered = set(decision.calls) & set(env.program.calls)
    for verb, block in enc.pick_blocks.items():
        if state.verb not in (None, verb):
            continue
        picked = Counter(state.picked)
        for m in decision.options:
            if m.kind != "cards" or m.verb != verb:
                continue
            ids = Counter(block.ids(m.arg, enc.ident_of))
            if picked - ids:
                continue
            out.update(block.start + j for j in ids if ids[j] > picked[j])
            if state.verb is not None and ids == picked:
                out.add(block.done)
                out.update(a for cs, a in getattr(block, "done_with", {}).items() if cs <= offered)
    return out


def play_checked(env, seeds, rng_seed: int, problems: list, limit: int = 20) -> tuple[int, int]:
    """Masked random play over the seeded episodes, the mask checked at every decision (`mask_problems`), and every
    card in one place after each episode: (the decisions made, the episodes cut off).  What is wrong is added to
    `problems` (as `(seed, step, what)`, `limit` at most); a step the mask allows that the environment refuses is
    one too."""
    rng = random.Random(rng_seed)
    made = cut = 0
    for seed in seeds:
        try:
            env.reset(seed=seed)
        except Exception as e:  # noqa: BLE001 - reported, with the seed: the game's own set-up failed
            problems.append((seed, 0, f"reset: {type(e).__name__}: {e}"))
            continue
        step = 0
        for agent in env.agent_iter():
            _, _, term, trunc, _ = env.last(observe=False)
            if term or trunc:
                cut += trunc and agent == env.possible_agents[0]
                env.step(None)
                continue
            allowed, wrong = mask_problems(env)
            if wrong and len(problems) < limit:
                problems += [(seed, step, w) for w in wrong[:3]]
            if not len(allowed):
                problems.append((seed, step, "no action allowed"))
                break
            action = int(allowed[rng.randrange(len(allowed))])
            try:
                env.step(action)
            except Exception as e:  # noqa: BLE001 - reported, with the action
                problems.append((seed, step, f"step {env.action_label(action)}: {type(e).__name__}: {e}"))
                break
            made += 1
            step += 1
        try:
            env.table.game.check_cards()
        except Exception as e:  # noqa: BLE001 - reported
            problems.append((seed, step, f"cards: {type(e).__name__}: {e}"))
    return made, cut
