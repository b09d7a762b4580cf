"""The quick playout policy the bots play samples on: a greedy player acting on the engine's state (the search
bot's playouts, the greedy bot's hands played out to weigh a bid), or one at random."""
from __future__ import annotations

import functools
import random

from .. import seat as m  # the machine as the seat API hands it to a bot's look-ahead
from .odds import hyper_at_least, hyper_none, table_move, values_held
from .samples import facts

# What a playout costs, counted against a budget (the search bot's, the greedy bot's weighing of plain moves):
# CPU a decision of the classic shedding game is worth this many steps ...
STEPS_A_DECISION = 150
MOVES_A_DECISION = 10  # ... and moves offered (passing 3 of 13 cards: 286 moves, building them ~2 ms)


def playout_cost(decisions: int, steps: int, offered: int) -> int:
    """What a playout cost, in engine decisions of the cost the budget was set by (the classic shedding game's: a
    few steps and moves each): its decisions, or more where the rules did much more work a decision (`steps`:
    cards moved, items a `where` looked at; a running count's pairs and runs read from the last cards laid) or
    offered many moves (sets of cards to pass), so a move's search takes about as long in every game.  The same on
    every machine: a seed still gives the same game."""
    return max(decisions, -(-steps // STEPS_A_DECISION), -(-offered // MOVES_A_DECISION))


def plain_only(opts) -> bool:
    """A choice among plain moves only (`hit` or `stand`: no card, value, number or player, nothing turned up)."""
    return len(opts) > 1 and all(o.kind == "" and not o.reveals for o in opts)


# ------------------------------------------------------------------ the playout policy


class Policy:
    """A quick greedy player acting on the state: the first kind of move the rules list (play before draw; among
    plain moves only, with `plain_at_random`, any),
    cards that share values with the rest of the hand, the value held most, the player with fewest cards,
    every call that is due, every chance a window offers but a doubt only now and then; a claim is true when
    the laid card allows, else it names the commonest card."""

    def __init__(self, program, rng: random.Random, doubt: float = 0.05, noise: float = 0.05, doubt_below: float = 0.1,
                 doubt_count_below: float = 0.5, plain_at_random: bool = False):
        self.f = facts(program)
        # A choice among plain moves only (`hit` or `stand`: no card, value, number or player, nothing turned up) made
        # at random, not the first listed: the first whatever the cards is `hit` on 20 (the search's playouts; the
        # greedy bot's weighing of numbers keeps the rules' order).
        self.plain_at_random = plain_at_random
        self.rng = rng
        self.doubt = doubt  # doubting at random, besides
        self.doubt_below = doubt_below  # as the greedy bot's: a claim of one card
        self.doubt_count_below = doubt_count_below  # and of N of a value
        self.noise = noise
        self.turn = None
        self.laid: dict = {}  # seat -> cards it chose this turn (what its claim should describe)

    def note(self, st: m.State, seat: int, move: m.Move) -> None:
        if st.turns != self.turn:
            self.turn, self.laid = st.turns, {}
        if move.kind == "card" and move.arg < self.f.deck:
            self.laid.setdefault(seat, []).append(move.arg)

    def move(self, st: m.State) -> m.Move:
        d = st.pending
        opts = d.options
        if d.race or opts[0].kind == "rule":
            return table_move(self.rng, st.program, d)
        if st.turns != self.turn:
            self.turn, self.laid = st.turns, {}
        if len(opts) == 1:
            move = opts[0]
        else:
            move = self._pick(st, d, opts)
        if move.kind == "card" and d.due:
            move = with_due(move, d)
        return move

    def _pick(self, st, d, opts) -> m.Move:
        rng = self.rng
        revealing = [o for o in opts if o.reveals]
        if d.window:
            if revealing:
                if self._unlikely(st, d.player) or rng.random() < self.doubt:
                    return revealing[0]
                rest = [o for o in opts if not o.reveals]
                return rest[-1] if rest else opts[-1]
            acts = [o for o in opts if o.verb != "pass"]
            return acts[0] if acts else opts[0]
        f = self.f
        if opts[0].kind == "card" and opts[0].arg >= f.deck:
            return self._claim(d.player, opts)
        if revealing and len(revealing) < len(opts):
            if self._unlikely(st, d.player) or rng.random() < self.doubt:
                return revealing[rng.randrange(len(revealing))]
            opts = [o for o in opts if not o.reveals]
        laid = self.laid.get(d.player)
        if laid:
            plain = [o for o in opts if o.kind == ""]
            if plain and any(o.kind == "card" for o in opts):
                # Laying several: go on while they share a value with the first, then stop.
                want = set(f.values[laid[0]])
                more = [o for o in opts if o.kind == "card" and want.intersection(f.values[o.arg])]
                return more[0] if more else min(plain, key=lambda o: o.option)
        if self.plain_at_random and plain_only(opts):
            return opts[rng.randrange(len(opts))]
        first = min(o.option for o in opts)
        group = [o for o in opts if o.option == first]
        if group[0].kind == "number":
            # A number beside plain moves (a bid or `pass`): a plain move as often as a number (a player who always
            # bids makes every auction run to its top; the greedy bot weighs the two on such playouts).
            plain = [o for o in opts if o.kind == "" and not o.reveals]
            if plain and rng.random() < 0.5:
                return plain[rng.randrange(len(plain))]
        if len(group) == 1:
            return group[0]
        if rng.random() < self.noise:
            return group[rng.randrange(len(group))]
        kind = group[0].kind
        if kind == "card":
            return max(group, key=self._fit(st, d.player))
        if kind == "number":  # a number it has no rule for (a bid): any, not always the first listed
            return group[rng.randrange(len(group))]
        if kind == "value":
            counts = self._hand_values(st, d.player) if not laid else _count(f.values, laid)
            return max(group, key=lambda o: counts.get(o.arg, 0) + rng.random() * 0.5)
        if kind == "player":
            return min(group, key=lambda o: self._held(st, o.arg) + rng.random() * 0.5)
        if kind == "several":  # `ask Ada nine`: the value it holds most of, to anyone (as the greedy bot)
            counts = self._hand_values(st, d.player)
            return max(group, key=lambda o: values_held(counts, o) + rng.random() * 0.5)
        return group[0]

    def _fit(self, st, seat):
        """As the greedy bot: a card sharing values with what the table shows, then with the rest of the hand."""
        f = self.f
        values, nums = f.values, f.nums
        shown = set()
        for name in f.value_vars:
            v = st.vars.get(name)
            if isinstance(v, str):
                shown.add(v)
        tops = [st.vars.get(name) for name in f.card_vars]
        tops += [st.zones[zi][-1] for zi in f.piles if st.zones[zi] and st.zones[zi][-1] not in st.facedown]
        for c in tops:
            if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(values):
                shown.update(values[c])
                shown.update(nums[c])
        counts = self._hand_values(st, seat)
        rng = self.rng

        def fit(o):
            c = o.arg
            table = sum(1 for v in values[c] if v in shown) + 0.5 * sum(1 for an in nums[c] if an in shown)
            share = sum(counts.get(v, 0) for v in values[c]) - len(values[c])  # the card itself is in the hand
            return table * 100 + share + rng.random() * 0.5
        return fit

    def _unlikely(self, st, seat) -> bool:
        """As the greedy bot doubts, from what `seat` sees in the sample: a claim of one card when few cards it has
        not seen could make it true; a claim of N of a value when it is unlikely that the claimer held N of some
        value (the claimer names the one it holds most of)."""
        claim = st.claim
        if claim is None or claim["player"] == seat:
            return False
        f = self.f
        cards = claim["cards"]
        if not cards or cards[-1] not in st.facedown or not any(st.zones[zi][-1:] == cards[-1:] for zi in f.shared):
            return False  # settled (turned up) or covered: nothing to doubt
        says, kind = claim["says"], claim["kind"]
        good = f.claim_sets.get(says) if kind == "card" else f.fitting(says, kind)
        if not good:
            return kind == "card" and good is not None
        seen = have_seen = 0
        zones = st.zones
        for zi in f.hands:
            hand = zones[zi][seat]
            seen += len(hand)
            have_seen += len(good.intersection(hand))
        for zi in f.piles:
            pile = zones[zi]
            seen += len(pile)
            have_seen += len(good.intersection(pile))
        down = st.facedown  # face down: not seen (the claimed cards among them)
        seen -= len(down)
        have_seen -= len(good.intersection(down))
        have = len(good) - have_seen
        if have <= 0:
            return True
        count = len(claim["cards"])
        held = sum(len(st.zones[zi][claim["player"]]) for zi in f.hands) + count
        if kind == "card":
            return 1 - hyper_none(f.deck - seen, have, held) < self.doubt_below
        one = _at_least(f.deck - seen, have, held, count)
        return 1 - (1 - one) ** f.choices(says) < self.doubt_count_below

    def _claim(self, seat, opts) -> m.Move:
        f = self.f
        laid = self.laid.get(seat)
        if laid:
            can = f.claims_of[laid[-1]]
            true = [o for o in opts if o.arg in can]
            if true:
                return true[0]
        best = max(f.copies.get(o.arg, 0) for o in opts)
        top = [o for o in opts if f.copies.get(o.arg, 0) == best]
        return top[self.rng.randrange(len(top))]

    def _hand_values(self, st, seat) -> dict:
        counts: dict = {}
        values = self.f.values
        for zi in self.f.hands:
            for c in st.zones[zi][seat]:
                for v in values[c]:
                    counts[v] = counts.get(v, 0) + 1
        return counts

    def _held(self, st, seat) -> int:
        return sum(len(st.zones[zi][seat]) for zi in self.f.hands)


class RandomPolicy(Policy):
    """Playouts at random: any legal move (due calls made), for games where the greedy order misleads."""

    def move(self, st: m.State) -> m.Move:
        d = st.pending
        if d.race or d.options[0].kind == "rule":
            return table_move(self.rng, st.program, d)
        move = d.options[self.rng.randrange(len(d.options))]
        return with_due(move, d) if move.kind == "card" and d.due else move


POLICIES = {"greedy": Policy, "random": RandomPolicy}

_at_least = functools.lru_cache(maxsize=4096)(hyper_at_least)  # the same few hands and counts come up again


def _count(values, cards) -> dict:
    counts: dict = {}
    for c in cards:
        for v in values[c]:
            counts[v] = counts.get(v, 0) + 1
    return counts


def with_due(move: m.Move, d: m.Decision) -> m.Move:
    return m.Move(move.verb, move.arg, move.text, move.option, move.doc, frozenset(d.due) | move.calls, move.kind,
                  move.reveals)
