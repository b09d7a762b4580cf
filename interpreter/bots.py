"""Bots that play any game from one seat's view: a random one and a simple greedy one."""
from __future__ import annotations

import random
from collections import Counter

from .machine import Move


class RandomBot:
    """Picks any legal move; makes a due call (like UNO!) half the time, so missed calls happen."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, program, view: dict, decision) -> Move:
        move = self.rng.choice(decision.options)
        if move.kind != "card":  # a call goes with a card played, not with a draw or a pass
            return move
        calls = frozenset(c for c in decision.due if self.rng.random() < 0.5)
        return _with_calls(move, calls)


class GreedyBot:
    """Plays a card it holds when it can, keeping its most common values; names its commonest value;
    takes every chance a window offers; always makes the calls that are due."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, program, view: dict, decision) -> Move:
        opts = decision.options
        mine = _own_cards(view)
        if decision.window:
            acts = [o for o in opts if o.verb != "pass"]
            return acts[0] if acts else opts[0]
        cards = [o for o in opts if o.kind == "card" and o.arg in mine]
        if cards:
            counts = _value_counts(program, mine)
            best = max(cards, key=lambda o: _keep_score(program, o.arg, counts))
            return _with_calls(best, frozenset(decision.due))
        values = [o for o in opts if o.kind == "value"]
        if values:
            counts = _value_counts(program, mine)
            best = max(values, key=lambda o: counts.get(o.arg, 0))
            return best
        players = [o for o in opts if o.kind == "player"]
        if players:
            sizes = _hand_sizes(view)
            return min(players, key=lambda o: sizes.get(o.arg, 0))
        return opts[0]


def _with_calls(move: Move, calls: frozenset) -> Move:
    if not calls:
        return move
    import attrs

    return attrs.evolve(move, calls=calls)


def _own_cards(view: dict) -> set:
    seat = view["seat"]
    out = set()
    for z in view["zones"].values():
        if isinstance(z, list) and seat is not None and seat < len(z):
            out.update(c for c in z[seat]["cards"] if c is not None)
    return out


def _hand_sizes(view: dict) -> dict:
    sizes: Counter = Counter()
    for z in view["zones"].values():
        if isinstance(z, list):
            for p, h in enumerate(z):
                sizes[p] += h["size"]
    return sizes


def _value_counts(program, cards) -> Counter:
    counts: Counter = Counter()
    for c in cards:
        for a, v in program.cards[c].attrs.items():
            if not program.attributes[a].numeric:
                counts[v] += 1
    return counts


def _keep_score(program, cid, counts) -> float:
    """Higher for cards that share values with many others in hand (cheap to follow up), lower for unique ones like Wilds."""
    card = program.cards[cid]
    share = sum(counts[v] for a, v in card.attrs.items() if not program.attributes[a].numeric and a != "kind")
    numeric = sum(v for a, v in card.attrs.items() if program.attributes[a].numeric)
    return share * 100 + numeric


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, seed: int = 0):
    if kind not in BOTS:
        raise ValueError(f"unknown bot `{kind}`; bots: {', '.join(BOTS)}")
    return BOTS[kind](seed)
