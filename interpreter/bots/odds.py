"""What the bots share: the odds of hidden cards (what a seat has not seen, how many could make a claim true,
hypergeometric chances), what a view shows (own cards, hand sizes, values on the table), and the moves no
strategy decides (races, rules written in play)."""
from __future__ import annotations

import math
from collections import Counter
from itertools import chain

import attrs

from ..seat import Move


def table_move(rng, program, decision) -> Move:
    """Moves no strategy decides: who was last in a race (bots answer after a random delay), and a rule to
    write, taken from the game's bank of example rules."""
    if decision.race:
        return rng.choice(decision.options)
    writes = [o for o in decision.options if o.kind == "rule"]
    if writes:
        # From the game's bank; a game with none gets a rule that changes nothing (valid in every game).
        text = rng.choice(program.examples) if program.examples else "when turn_ends(player) if false { }"
        return attrs.evolve(writes[0], arg=text, text=f"{writes[0].verb} {text}")
    others = [o for o in decision.options if o.kind != "rule"]
    return rng.choice(others or decision.options)


def with_calls(move: Move, calls: frozenset) -> Move:
    if not calls:
        return move
    return attrs.evolve(move, calls=calls)


def own_cards(view: dict) -> set:
    seat = view["seat"]
    out = set()
    for z in view["zones"].values():
        if isinstance(z, list) and seat is not None and seat < len(z):
            out.update(c for c in z[seat]["cards"] if c is not None)
    return out


def best(rng, options: list, key):
    """The option with the highest key; among several as high, one at random (the first listed would favour
    whatever the rules list first: Red, the next seat)."""
    keys = [key(o) for o in options]
    top = max(keys)
    ties = [o for o, k in zip(options, keys) if k == top]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def hand_sizes(view: dict) -> dict:
    sizes: Counter = Counter()
    for z in view["zones"].values():
        if isinstance(z, list):
            for p, h in enumerate(z):
                sizes[p] += h["size"]
    return sizes


def per_deck(cache: dict, program, make):
    """`make(program)`, worked out once per deck and kept (a program with rules written in play has the same
    cards); a cache holds a few decks at most."""
    cards = program.cards
    kept = cache.get(id(cards))
    if kept is not None and kept[0] is cards:
        return kept[1]
    value = make(program)
    if len(cache) >= 64:
        cache.clear()
    cache[id(cards)] = (cards, value)
    return value


_VALUES: dict = {}


def card_values(program) -> list:
    """Each card's values that are not numbers (in attribute order), its (attribute, number) pairs, and how
    many times each value comes in it."""
    def make(p):
        out = []
        for c in p.cards:
            values = [v for a, v in c.attrs.items() if not p.attributes[a].numeric]
            out.append((values, [(a, v) for a, v in c.attrs.items() if p.attributes[a].numeric], Counter(values)))
        return out
    return per_deck(_VALUES, program, make)


def value_counts(program, cards) -> Counter:
    """How many of the cards have each value that is not a number."""
    values_of = card_values(program)
    return Counter(chain.from_iterable([values_of[c][0] for c in cards]))


def shown_values(program, view) -> set:
    """Values the table shows: public variables holding values or cards, and the top card of each public pile."""
    out = set()
    cards = []
    for name, v in view["vars"].items():
        kind = program.var_kinds.get(name, "any")
        if isinstance(v, str) and kind.startswith("value:"):
            out.add(v)
        elif kind == "card" and v is not None:
            cards.append(v)
    for z in view["zones"].values():
        if isinstance(z, dict) and z["cards"] and z["cards"][-1] is not None:
            cards.append(z["cards"][-1])
    for c in cards:
        for a, v in program.cards[c].attrs.items():
            out.add(v if not program.attributes[a].numeric else ("#" + a, v))
    return out


def unseen_cards(program, view) -> Counter:
    """Cards this seat has not seen, counted by identity (a tuple of attribute values)."""
    seen = set()
    for z in view["zones"].values():
        for part in (z if isinstance(z, list) else [z]):
            seen.update(part["cards"])
    keys = identity_keys(program)
    return Counter([keys[cid] for cid in range(program.deck_size) if cid not in seen])


_KEYS: dict = {}


def identity_keys(program) -> list:
    """Each card's identity as a frozenset of its attribute values."""
    return per_deck(_KEYS, program, lambda p: [frozenset(str(v) for v in c.attrs.values()) for c in p.cards])


def copies(program, claim_id, unseen) -> int:
    """How many unseen cards a claim of this card would be true of (their identity holds all of its values)."""
    covers = per_deck(_COVERS, program, lambda p: {})
    keys = covers.get(claim_id)
    if keys is None:  # the identities of the real cards it is true of, found once
        want = identity_keys(program)[claim_id]
        keys = covers[claim_id] = tuple({k for k in identity_keys(program)[:program.deck_size] if want <= k})
    return sum([unseen.get(k, 0) for k in keys])


_COVERS: dict = {}


def hyper_none(pool: int, good: int, draws: int) -> float:
    """P(no good card among `draws` taken from `pool`)."""
    if draws <= 0 or good <= 0:
        return 1.0
    if draws > pool:
        return 0.0
    return math.comb(pool - good, draws) / math.comb(pool, draws) if pool - good >= draws else 0.0


def hyper_at_least(pool: int, good: int, draws: int, k: int) -> float:
    """P(at least k good cards among `draws` taken from `pool`)."""
    draws = min(draws, pool)
    if k <= 0:
        return 1.0
    total = math.comb(pool, draws) if pool >= draws else 1
    p = 0  # an exact sum: the counts of large decks are too large for a float
    for i in range(k, min(good, draws) + 1):
        p += math.comb(good, i) * math.comb(pool - good, draws - i)
    return p / total if total else 0.0


def unseen_ids(program, view) -> list:
    """The ids of the real cards this seat has not seen."""
    seen = set()
    for z in view["zones"].values():
        for part in (z if isinstance(z, list) else [z]):
            seen.update(part["cards"])
    return [cid for cid in range(program.deck_size) if cid not in seen]


_NUMBERS: dict = {}


def card_numbers(program) -> list:
    """Each card's numbers (the values of its numeric attributes), as a set."""
    return per_deck(_NUMBERS, program, lambda p: [frozenset(v for a, v in c.attrs.items() if p.attributes[a].numeric)
                                                  for c in p.cards])


def hidden_held(view: dict, player: int) -> int:
    """How many cards `player` holds that this seat cannot see."""
    n = 0
    for z in view["zones"].values():
        if isinstance(z, list) and player < len(z):
            n += sum(1 for c in z[player]["cards"] if c is None)
    return n


def situation(view: dict, earlier: list) -> tuple:
    """Where a seat stands, as a key: everything its view shows but the turn's number, and the moves it made
    this turn so far.  The same key twice means nothing it can see has changed in between."""
    seat = view["seat"]
    zones = []
    for z in view["zones"].values():  # sizes, the cards this seat holds and each pile's top: cheap, and enough
        if isinstance(z, list):
            zones.append(tuple(tuple(h["cards"]) if p == seat else h["size"] for p, h in enumerate(z)))
        else:
            cards = z["cards"]
            zones.append((z["size"], cards[-1] if cards else None))
    claim = view.get("claim")
    pending = view.get("pending") or {}
    return (tuple(zones), _frozen(view["vars"]), _frozen(view["player_vars"]), view["direction"], view["hand"],
            tuple(sorted((k, v) for k, v in claim.items() if k != "turn")) if claim else None,
            pending.get("prompt"), tuple(pending.get("options") or ()), tuple(earlier))


def _frozen(d: dict) -> tuple:
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in d.items())
