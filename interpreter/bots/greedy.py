"""The greedy bot: a simple player for any game, from its own seat's view only."""
from __future__ import annotations

import math
import random

from ..machine import Move
from .odds import (best, card_values, copies, hand_sizes, hyper_at_least, hyper_none, own_cards, shown_values,
                   table_move, unseen_cards, value_counts, with_calls)


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

    def move(self, game, seat: int, decision) -> Move:
        return self.choose(game.program, game.view(seat), decision)

    follow = move  # replaying: its memory of the turn comes along

    def choose(self, program, view: dict, decision) -> Move:
        if decision.race or any(o.kind == "rule" for o in decision.options):
            return table_move(self.rng, program, decision)
        if view.get("turn") != self.turn:
            self.turn, self.laid = view.get("turn"), []
        move = self._choose(program, view, decision)
        if move.kind == "card" and move.arg < program.deck_size:
            self.laid.append(move.arg)
            return with_calls(move, frozenset(decision.due))
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
        mine = own_cards(view)
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
            counts = value_counts(program, self.laid or mine)
            return best(self.rng, group, lambda o: counts.get(o.arg, 0))
        if group[0].kind == "player":
            sizes = hand_sizes(view)
            return best(self.rng, group, lambda o: -sizes.get(o.arg, 0))
        return group[0]

    # -- what fits, what is true
    def fit(self, program, view, mine):
        """How well a card fits, card id -> score: higher for a card sharing values with what the table shows
        and with many other cards of this hand (what the table shows and the hand's values counted once)."""
        values_of = card_values(program)
        if self.laid:  # laying several: keep to the values already laid
            laid = value_counts(program, self.laid)
            return lambda cid: sum(laid[v] for v in values_of[cid][0])
        shown = shown_values(program, view)
        counts = value_counts(program, mine)

        def fit(cid) -> float:
            values, numbers, own = values_of[cid]
            table = sum(1 for v in values if v in shown) + sum(0.5 for a, v in numbers if ("#" + a, v) in shown)
            others = sum(counts[v] - own[v] for v in values) if cid in mine else sum(counts[v] for v in values)
            return table * 100 + others + sum(v for a, v in numbers) / 100
        return fit

    def matches_laid(self, program):
        """card id -> does the card share a value (not a number) with a card laid this turn."""
        laid_values = set(value_counts(program, self.laid))
        values_of = card_values(program)
        return lambda cid: any(v in laid_values for v in values_of[cid][0])

    def claim(self, program, view, opts) -> Move:
        """Name the card it laid when the rules allow; else the claim most cards it has not seen could make true."""
        if self.laid:
            actual = program.cards[self.laid[-1]].attrs
            for o in opts:
                claim = program.cards[o.arg].attrs
                if all(actual.get(a) == claim.get(a) for a in program.claim_attrs):
                    return o
        unseen = unseen_cards(program, view)
        return best(self.rng, opts, lambda o: (copies(program, o.arg, unseen), -o.option))

    def unlikely(self, program, view, claim) -> bool:
        """Is the live claim more likely false than true, given every card this seat has seen?"""
        unseen = unseen_cards(program, view)
        pool = sum(unseen.values())
        hand = hand_sizes(view).get(claim["player"], 0) + claim["count"]
        if claim["kind"] == "card":
            have = copies(program, claim["says"], unseen)
            if have == 0:
                return True
            # A truthful player names the very card it holds, so a named card is only doubted when few
            # unseen cards could make it true.
            return 1 - hyper_none(pool, have, hand) < self.doubt_card_below
        elif isinstance(claim["says"], str):
            # "N of a value": the claimer picks the value it holds most of, so ask how likely it is that
            # some value (of as many as the game has) reaches N, not this one in particular.
            have = sum(n for key, n in unseen.items() if claim["says"] in key)
            attr = next((a for a in program.attributes.values() if a.info(claim["says"])), None)
            choices = len(attr.values) if attr else 1
            one = hyper_at_least(pool, have, hand, claim["count"])
            p_true = 1 - (1 - one) ** choices
        else:
            return self.rng.random() < 0.25
        return p_true < self.doubt_below
