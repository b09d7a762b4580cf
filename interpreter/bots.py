"""Bots that play any game from one seat's view: a random one and a greedy one that bluffs and doubts."""
from __future__ import annotations

import math
import random
from collections import Counter
from itertools import chain

import attrs

from .machine import Move


class RandomBot:
    """Picks any legal move; makes a due call (a "last card!") half the time, so missed calls happen."""

    name = "random"
    sees = False  # it looks at no view: none is built for it

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, program, view: dict, decision) -> Move:
        options = decision.options
        if decision.race or options[0].kind == "rule":
            return table_move(self.rng, program, decision)
        # rng.choice(options), written out as random.py's _randbelow does it: the same numbers, two calls fewer
        n = len(options)
        k = n.bit_length()
        getrandbits = self.rng.getrandbits
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
        move = options[i]
        if move.kind != "card" or not decision.due:  # a call goes with a card played, not with a draw or a pass
            return move
        calls = frozenset(c for c in decision.due if self.rng.random() < 0.5)
        return _with_calls(move, calls)


class GreedyBot:
    """A simple player for any game, from its own view only.

    It takes the first kind of move the rules list that it can make (so `play` before `draw`), and among
    cards the one that fits the table best (shares a value with what is shown) and keeps its hand flexible.
    It names the value it holds most of, makes every call that is due, takes every chance a window offers,
    and with claims in the game it tells the truth when it can, bluffs when it cannot, and challenges a
    claim only when the cards it has seen make the claim unlikely.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, doubt_below: float = 0.5, doubt_card_below: float = 0.1):
        self.rng = random.Random(seed)
        self.doubt_below = doubt_below  # doubt a claim of "N of a value" less likely than this
        self.doubt_card_below = doubt_card_below  # doubt a claim of one named card when so few unseen cards could be it
        self.turn = None
        self.laid: list[int] = []  # cards this bot chose from its hand this turn (what a claim should describe)

    def choose(self, program, view: dict, decision) -> Move:
        if decision.race or any(o.kind == "rule" for o in decision.options):
            return table_move(self.rng, program, decision)
        if view.get("turn") != self.turn:
            self.turn, self.laid = view.get("turn"), []
        move = self._choose(program, view, decision)
        if move.kind == "card" and move.arg < program.deck_size:
            self.laid.append(move.arg)
            return _with_calls(move, frozenset(decision.due))
        return move

    def _choose(self, program, view, decision) -> Move:
        opts = decision.options
        claim = view.get("claim")
        live = claim is not None and claim["stands"] and claim["player"] != view["seat"]  # not a settled one
        revealing = [o for o in opts if o.reveals]
        if revealing and live:
            if self.unlikely(program, view, claim):
                return min(revealing, key=lambda o: o.option)
            opts = [o for o in opts if not o.reveals] or opts
        elif decision.window:
            acts = [o for o in opts if o.verb != "pass"]
            return acts[0] if acts else opts[0]
        mine = _own_cards(view)
        if any(o.kind == "card" and o.arg >= program.deck_size for o in opts):
            return self.claim(program, view, [o for o in opts if o.kind == "card"])
        plain = [o for o in opts if o.kind == ""]
        if self.laid and plain and any(o.kind == "card" for o in opts):
            # Laying several cards: go on while they match the first ones, then stop.
            matches = self.matches_laid(program)
            more = [o for o in opts if o.kind == "card" and o.arg in mine and matches(o.arg)]
            if more:
                fit = self.fit(program, view, mine)
                return max(more, key=lambda o: fit(o.arg))
            return min(plain, key=lambda o: o.option)
        first = min(o.option for o in opts)
        group = [o for o in opts if o.option == first]
        if group[0].kind == "card":
            cards = [o for o in group if o.arg in mine] or group
            fit = self.fit(program, view, mine)
            return max(cards, key=lambda o: fit(o.arg))
        if group[0].kind == "value":
            counts = _value_counts(program, self.laid or mine)
            return _best(self.rng, group, lambda o: counts.get(o.arg, 0))
        if group[0].kind == "player":
            sizes = _hand_sizes(view)
            return _best(self.rng, group, lambda o: -sizes.get(o.arg, 0))
        return group[0]

    # -- what fits, what is true
    def fit(self, program, view, mine):
        """How well a card fits, card id -> score: higher for a card sharing values with what the table shows
        and with many other cards of this hand (what the table shows and the hand's values counted once)."""
        values_of = _card_values(program)
        if self.laid:  # laying several: keep to the values already laid
            laid = _value_counts(program, self.laid)
            return lambda cid: sum(laid[v] for v in values_of[cid][0])
        shown = _shown_values(program, view)
        counts = _value_counts(program, mine)

        def fit(cid) -> float:
            values, numbers, own = values_of[cid]
            table = sum(1 for v in values if v in shown) + sum(0.5 for a, v in numbers if ("#" + a, v) in shown)
            others = sum(counts[v] - own[v] for v in values) if cid in mine else sum(counts[v] for v in values)
            return table * 100 + others + sum(v for a, v in numbers) / 100
        return fit

    def matches_laid(self, program):
        """card id -> does the card share a value (not a number) with a card laid this turn."""
        laid_values = set(_value_counts(program, self.laid))
        values_of = _card_values(program)
        return lambda cid: any(v in laid_values for v in values_of[cid][0])

    def claim(self, program, view, opts) -> Move:
        """Name the card it laid when the rules allow; else the claim most cards it has not seen could make true."""
        if self.laid:
            actual = program.cards[self.laid[-1]].attrs
            for o in opts:
                claim = program.cards[o.arg].attrs
                if all(actual.get(a) == claim.get(a) for a in program.claim_attrs):
                    return o
        unseen = _unseen(program, view)
        return _best(self.rng, opts, lambda o: (_copies(program, o.arg, unseen), -o.option))

    def unlikely(self, program, view, claim) -> bool:
        """Is the live claim more likely false than true, given every card this seat has seen?"""
        unseen = _unseen(program, view)
        pool = sum(unseen.values())
        hand = _hand_sizes(view).get(claim["player"], 0) + claim["count"]
        if claim["kind"] == "card":
            have = _copies(program, claim["says"], unseen)
            if have == 0:
                return True
            # A truthful player names the very card it holds, so a named card is only doubted when few
            # unseen cards could make it true.
            return 1 - _hyper_none(pool, have, hand) < self.doubt_card_below
        elif isinstance(claim["says"], str):
            # "N of a value": the claimer picks the value it holds most of, so ask how likely it is that
            # some value (of as many as the game has) reaches N, not this one in particular.
            have = sum(n for key, n in unseen.items() if claim["says"] in key)
            attr = next((a for a in program.attributes.values() if a.info(claim["says"])), None)
            choices = len(attr.values) if attr else 1
            one = _hyper_at_least(pool, have, hand, claim["count"])
            p_true = 1 - (1 - one) ** choices
        else:
            return self.rng.random() < 0.25
        return p_true < self.doubt_below


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


def _with_calls(move: Move, calls: frozenset) -> Move:
    if not calls:
        return move
    return attrs.evolve(move, calls=calls)


def _own_cards(view: dict) -> set:
    seat = view["seat"]
    out = set()
    for z in view["zones"].values():
        if isinstance(z, list) and seat is not None and seat < len(z):
            out.update(c for c in z[seat]["cards"] if c is not None)
    return out


def _best(rng, options: list, key):
    """The option with the highest key; among several as high, one at random (the first listed would favour
    whatever the rules list first: Red, the next seat)."""
    keys = [key(o) for o in options]
    top = max(keys)
    ties = [o for o, k in zip(options, keys) if k == top]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def _hand_sizes(view: dict) -> dict:
    sizes: Counter = Counter()
    for z in view["zones"].values():
        if isinstance(z, list):
            for p, h in enumerate(z):
                sizes[p] += h["size"]
    return sizes


def _per_deck(cache: dict, program, make):
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


def _card_values(program) -> list:
    """Each card's values that are not numbers (in attribute order), its (attribute, number) pairs, and how
    many times each value comes in it."""
    def make(p):
        out = []
        for c in p.cards:
            values = [v for a, v in c.attrs.items() if not p.attributes[a].numeric]
            out.append((values, [(a, v) for a, v in c.attrs.items() if p.attributes[a].numeric], Counter(values)))
        return out
    return _per_deck(_VALUES, program, make)


def _value_counts(program, cards) -> Counter:
    """How many of the cards have each value that is not a number."""
    values_of = _card_values(program)
    return Counter(chain.from_iterable([values_of[c][0] for c in cards]))


def _shown_values(program, view) -> set:
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


def _unseen(program, view) -> Counter:
    """Cards this seat has not seen, counted by identity (a tuple of attribute values)."""
    seen = set()
    for z in view["zones"].values():
        for part in (z if isinstance(z, list) else [z]):
            seen.update(part["cards"])
    keys = _identity_keys(program)
    return Counter([keys[cid] for cid in range(program.deck_size) if cid not in seen])


_KEYS: dict = {}


def _identity_keys(program) -> list:
    """Each card's identity as a frozenset of its attribute values."""
    return _per_deck(_KEYS, program, lambda p: [frozenset(str(v) for v in c.attrs.values()) for c in p.cards])


def _copies(program, claim_id, unseen) -> int:
    """How many unseen cards a claim of this card would be true of (their identity holds all of its values)."""
    covers = _per_deck(_COVERS, program, lambda p: {})
    keys = covers.get(claim_id)
    if keys is None:  # the identities of the real cards it is true of, found once
        want = _identity_keys(program)[claim_id]
        keys = covers[claim_id] = tuple({k for k in _identity_keys(program)[:program.deck_size] if want <= k})
    return sum([unseen.get(k, 0) for k in keys])


_COVERS: dict = {}


def _hyper_none(pool: int, good: int, draws: int) -> float:
    """P(no good card among `draws` taken from `pool`)."""
    if draws <= 0 or good <= 0:
        return 1.0
    if draws > pool:
        return 0.0
    return math.comb(pool - good, draws) / math.comb(pool, draws) if pool - good >= draws else 0.0


def _hyper_at_least(pool: int, good: int, draws: int, k: int) -> float:
    """P(at least k good cards among `draws` taken from `pool`)."""
    draws = min(draws, pool)
    if k <= 0:
        return 1.0
    total = math.comb(pool, draws) if pool >= draws else 1
    p = 0  # an exact sum: the counts of large decks are too large for a float
    for i in range(k, min(good, draws) + 1):
        p += math.comb(good, i) * math.comb(pool - good, draws - i)
    return p / total if total else 0.0


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": None}


def make_bot(kind: str, seed: int = 0):
    if kind not in BOTS:
        raise ValueError(f"unknown bot `{kind}`; bots: {', '.join(BOTS)}")
    if kind == "search":
        from .search import SearchBot

        return SearchBot(seed)
    return BOTS[kind](seed)


def ask_bot(bot, game, seat: int, decision) -> Move:
    """A bot's move: from its seat's view (a search bot also samples the cards that view hides)."""
    view = game.view(seat) if getattr(bot, "sees", True) else None
    if getattr(bot, "name", "") == "search":
        return bot.choose(game.program, view, decision, game)
    return bot.choose(game.program, view, decision)
