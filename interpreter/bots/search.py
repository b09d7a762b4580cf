"""A search bot for any game: it samples the cards it cannot see (consistently with what its seat has seen),
plays each of its moves out many times with the engine and a quick greedy policy, and keeps the move that
does best.

Everything here is generic: it reads moves (kind, verb, option, reveals), decisions (window, due), zone
sizes and card attributes, never a game's or a card's name.  The number of playouts is fixed (counted in
engine decisions, not seconds), so a seed gives the same game whatever the machine or the workers."""
from __future__ import annotations

import functools
import math
import random
import time
import zlib
from statistics import NormalDist

from .. import machine as m
from .greedy import GreedyBot
from .odds import hyper_at_least, hyper_none, table_move
from .samples import Facts, determinize, facts, fork  # noqa: F401 - tests and bench take determinize from here

BUDGET = 12_000  # engine decisions a move may spend on playouts: about 0.2 s on a laptop of 2024
DEPTH = 10  # turns a playout plays before the hands judge it (games differ in decisions a turn: 1.5 to 5)
MAX_DECISIONS = 200  # and at most this many decisions, whatever the turns


# ------------------------------------------------------------------ the playout policy


class Policy:
    """A quick greedy player acting on the state: the first kind of move the rules list (play before draw),
    cards that share values with the rest of the hand, the value held most, the player with fewest cards,
    every call that is due, every chance a window offers but a doubt only now and then; a claim is true when
    the laid card allows, else it names the commonest card."""

    def __init__(self, program, rng: random.Random, doubt: float = 0.05, noise: float = 0.05, doubt_below: float = 0.1,
                 doubt_count_below: float = 0.5):
        self.f = facts(program)
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
            move = _with_due(move, d)
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
        first = min(o.option for o in opts)
        group = [o for o in opts if o.option == first]
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
        return _with_due(move, d) if move.kind == "card" and d.due else move


POLICIES = {"greedy": Policy, "random": RandomPolicy}

_at_least = functools.lru_cache(maxsize=4096)(hyper_at_least)  # the same few hands and counts come up again


def _rounds(k: int) -> int:
    """Rounds of halving for k candidates (the greedy move kept throughout): one, then one a halving of the rest."""
    return 1 + max(0, math.ceil(math.log2(k - 1))) if k > 1 else 1


@functools.lru_cache(maxsize=1024)
def _t_bar(z: float, compared: int, n: int) -> float:
    """How many standard errors a move's mean gain over the greedy move must reach: the one-sided level of `z`
    shared among the `compared` moves the best was picked from (Bonferroni), read from Student's t with n - 1
    degrees of freedom (a Cornish-Fisher expansion of the normal's quantile), since the spread is itself
    estimated from the n samples."""
    p = (1 - NormalDist().cdf(z)) / max(1, compared)
    x = NormalDist().inv_cdf(1 - p)
    v = max(1, n - 1)
    return (x + (x ** 3 + x) / (4 * v) + (5 * x ** 5 + 16 * x ** 3 + 3 * x) / (96 * v ** 2)
            + (3 * x ** 7 + 19 * x ** 5 + 17 * x ** 3 - 15 * x) / (384 * v ** 3))


def _count(values, cards) -> dict:
    counts: dict = {}
    for c in cards:
        for v in values[c]:
            counts[v] = counts.get(v, 0) + 1
    return counts


def _with_due(move: m.Move, d: m.Decision) -> m.Move:
    return m.Move(move.verb, move.arg, move.text, move.option, move.doc, frozenset(d.due) | move.calls, move.kind,
                  move.reveals)


def playout(st: m.State, seat: int, policy: Policy, turns: int = DEPTH, limit: int = MAX_DECISIONS,
            deadline: float | None = None) -> tuple[float | None, int]:
    """Play a sampled game on with the policy until its hand ends, `turns` turns are over or `limit` decisions
    are made; the result for `seat` (1 for a win, a shared win shares; a playout stopped early is judged by the
    cards held) and the number of decisions made.  Past `deadline` (a perf_counter time) it gives up: None."""
    start_hand = st.hand_no
    last_turn = st.turns + turns
    n = 0
    while n < limit:
        if st.over or st.hand_no != start_hand or st.pending is None or st.turns >= last_turn:
            break
        if deadline is not None and not n & 7 and time.perf_counter() > deadline:
            return None, n
        d = st.pending
        move = policy.move(st)
        policy.note(st, d.player, move)
        try:
            m.apply(st, d.player, move, checked=False)
        except Exception:  # a rule that fails in a sample says nothing about the move: call it even
            return 0.5, n + 1
        n += 1
    return judge(st, seat, policy.f, start_hand), n


def judge(st: m.State, seat: int, f: Facts, start_hand: int) -> float:
    if st.winners or st.hand_no != start_hand or st.over:
        winners = st.winners if st.winners else m.match_winners(st) if st.over else []
        if winners:
            return 1.0 / len(winners) if seat in winners else 0.0
    # Stopped early: a chance of winning from the cards each player holds (fewer is better).
    sizes = [sum(len(st.zones[zi][p]) for zi in f.hands) for p in range(st.n)]
    weights = [math.exp(-0.6 * s) for s in sizes]
    return weights[seat] / sum(weights)


# ------------------------------------------------------------------ the bot


class SearchBot:
    """Information-set Monte Carlo: sample the hidden cards, make each candidate move, play on with the quick
    policy, and keep the move with the best mean result.  All candidates are tried on the same samples
    (with the same random choices after them), so what differs is the move; the weaker half is dropped
    after each round and the playouts go to the rest.  It reads only its own seat's view: the samples are
    dealt from what the seat cannot see, whatever those cards really are."""

    name = "search"
    options = ("budget", "think", "playouts")  # what make_bot passes on: simulate --think, say

    def __init__(self, seed: int = 0, budget: int | None = None, depth: int | None = None, think: float | None = None,
                 playouts: str = "greedy",
                 truthful: tuple = (0.25, 0.9), doubt: float = 0.05, max_moves: int = 16, z: float = 1.0,
                 reveal_margin: float = 0.05):
        self.seed = seed
        self.rng = random.Random(seed)
        # Engine decisions a move may spend; with `think` (seconds a move, never exceeded) none unless given.
        self.budget = (BUDGET if think is None else 10 ** 9) if budget is None else budget
        self.think = think
        self.policy = POLICIES[playouts]  # how the samples are played on
        self.depth = DEPTH if depth is None else depth  # in turns
        self.truthful = truthful
        self.doubt = doubt
        self.max_moves = max_moves
        self.z = z  # how clearly a move must beat the greedy one (in standard errors of the difference)
        self.reveal_margin = reveal_margin  # and by how much more to turn cards up (players mostly play fair)
        self.fallback = GreedyBot(seed)
        self.deadline = None
        self.last = {}  # what the last search found: candidates, playouts, means (for tests and tuning)

    def move(self, game, seat: int, decision) -> m.Move:
        return self.choose(game.program, game.view(seat), decision, game)

    def follow(self, game, seat: int, decision) -> None:
        """Replaying: searching again would take a fifth of a second a move, so only its greedy helper's memory is
        brought along (its own randomness comes from where the game is)."""
        if not (decision.race or any(o.kind == "rule" for o in decision.options)):
            self.fallback.choose(game.program, game.view(seat), decision, game)  # as `choose` asks it

    def choose(self, program, view: dict, decision, game=None) -> m.Move:
        start = time.perf_counter()
        # Time left for the search once the greedy move is known; a little is kept back for what follows it.
        self.deadline = None if self.think is None else start + self.think * 0.95
        if game is not None:
            # Its randomness for this move comes from where the game is as its seat sees it, not from the moves
            # before: a game rebuilt from its record (a resumed save) gets the same moves from it.  Only the view:
            # the engine's work counter (`steps`) depends on the hidden cards (a `where` over a hand tests each).
            self.rng = random.Random(self.seed * 1_000_003 + zlib.crc32(repr(view).encode()))
        if decision.race or any(o.kind == "rule" for o in decision.options):
            return table_move(self.rng, program, decision)
        # The greedy helper sees the game as a greedy bot does (its memory of where cards went, of claims shown
        # true or false, its numbers weighed to the end of the hand), and keeps its memory of the turn.
        greedy = self.fallback.choose(program, view, decision, game)
        if game is None or len(decision.options) == 1:
            return greedy
        st = game.state if hasattr(game, "state") else game
        moves = self.candidates(decision, greedy)
        if len(moves) == 1:
            return moves[0]
        return moves[self.search(st, decision.player, moves)]

    def candidates(self, decision, greedy: m.Move) -> list:
        """The distinct moves worth a search, the greedy one first, then the first move of each other kind of move
        (option) in the rules' order, then the rest; due calls go with every card played.  When a budget affords
        few candidates, the different kinds of move (doubt, believe, pass) are the ones kept."""
        moves, seen, kinds = [], set(), set()
        later = []
        for o in [greedy, *decision.options]:
            key = (o.option, o.verb, o.text)
            if key in seen:
                continue
            seen.add(key)
            move = _with_due(o, decision) if o.kind == "card" and decision.due else o
            if o.option in kinds:
                later.append(move)
            else:
                kinds.add(o.option)
                moves.append(move)
        return (moves + later)[: self.max_moves]

    def affordable(self, k: int, playouts: float) -> int:
        """How many candidates (the greedy move among them) a search of `playouts` playouts can try and still
        judge: each gets at least two samples in the first round (the rounds share the playouts alike)."""
        while k > 2 and playouts < _rounds(k) * 2 * k:
            k -= 1
        return k if playouts >= 4 else 1

    def search(self, st: m.State, seat: int, moves: list) -> int:
        """Try the moves on the same samples; after each round keep the better half (and the greedy move, the
        first).  The best of the last round is taken only when it beats the greedy move clearly on the samples
        both were tried on (a paired test: the samples are shared, so only the move differs), the bar raised
        for the number of moves it was picked among and the few samples it stands on.

        The first playout is the greedy move's alone: what it costs (decisions, seconds) says how many
        candidates the budget or the time can judge, and the others past that number are not tried."""
        k = len(moves)
        values: list[list] = [[] for _ in moves]
        deadline = self.deadline
        began = time.perf_counter()
        seed = self.rng.getrandbits(64)
        first = determinize(st, seat, random.Random(seed), self.truthful, self.fallback.where.known)
        value, n = self._try(first, seat, moves[0], seed, deadline)
        spent = n + 1
        if value is None:
            self.last = {"moves": [str(mv) for mv in moves], "samples": 0, "decisions": spent, "means": []}
            return 0
        cost = time.perf_counter() - began
        values[0].append(value)
        playouts = (self.budget - spent) / spent + 1
        if deadline is not None:
            playouts = min(playouts, (deadline - time.perf_counter()) / max(cost, 1e-6) + 1)
        k = self.affordable(k, playouts)
        if k == 1:
            self.last = {"moves": [str(mv) for mv in moves], "samples": 1, "decisions": spent, "means": [value],
                         "tried": 1}
            return 0
        others = list(range(1, k))
        rounds = _rounds(k)
        samples = 0
        slowest = cost  # the longest a sample has taken: none is begun that would not end in time
        pending = (first, seed)  # the first sample, its greedy playout made: the others are tried on it too
        for r in range(rounds):
            share = (self.budget - spent) // (rounds - r)
            ends = None if deadline is None else time.perf_counter() + (deadline - time.perf_counter()) / (rounds - r)
            alive = [0, *others]
            used = 0
            while used < share or (samples < 2 and deadline is None):
                began = time.perf_counter()
                if ends is not None and (began >= ends or began + slowest > deadline):
                    break  # the next sample would not finish in time
                if pending is not None:
                    (base, seed), pending = pending, None
                    todo = others
                    done = [(0, values[0].pop())]
                else:
                    seed = self.rng.getrandbits(64)
                    base = determinize(st, seat, random.Random(seed), self.truthful, self.fallback.where.known)
                    todo, done = alive, []
                for i in todo:
                    value, n = self._try(base, seat, moves[i], seed, deadline)
                    used += n + 1
                    if value is None:  # out of time: this sample is dropped for every move
                        break
                    done.append((i, value))
                if len(done) < len(alive):
                    deadline = ends = time.perf_counter()  # no time for more: the rounds end here
                    break
                samples += 1
                for i, value in done:
                    values[i].append(value)
                slowest = max(slowest, time.perf_counter() - began)
            spent += used
            if r < rounds - 1 and all(values[i] for i in others):
                others.sort(key=lambda i: -sum(values[i]) / len(values[i]))  # stable: ties keep the rules' order
                others = others[: (len(others) + 1) // 2]
        if pending is not None:
            values[0].clear()  # the first sample's greedy playout was never paired
        if not values[0] or not any(values[i] for i in others):
            self.last = {"moves": [str(mv) for mv in moves], "samples": 0, "decisions": spent, "means": [], "tried": k}
            return 0  # no sample finished in the time: the greedy move
        others = [i for i in others if values[i]]
        means = [sum(v) / len(v) if v else None for v in values]
        best = max(others, key=lambda i: means[i])
        diffs = [a - b for a, b in zip(values[best], values[0])]
        n = len(diffs)
        gain = sum(diffs) / n
        sd = math.sqrt(max(0.0, sum((d - gain) ** 2 for d in diffs) / max(1, n - 1)))
        bar = _t_bar(self.z, k - 1, n)
        need = bar * sd / math.sqrt(n) + (self.reveal_margin if moves[best].reveals else 0.0)
        choice = best if gain > need else 0
        self.last = {"moves": [str(mv) for mv in moves], "samples": samples, "decisions": spent, "tried": k,
                     "means": [round(x, 3) if x is not None else None for x in means]}
        return choice

    def _try(self, base: m.State, seat: int, move: m.Move, seed: int, deadline: float | None = None
             ) -> tuple[float | None, int]:
        sample = fork(base)
        sample.rng = random.Random(seed ^ 0x5EED)  # the same future for every move tried on this sample
        policy = self.policy(sample.program, random.Random(seed), self.doubt)
        policy.note(sample, seat, move)
        try:
            m.apply(sample, seat, move, checked=False)
        except Exception:
            return -1.0, 1
        return playout(sample, seat, policy, self.depth, deadline=deadline)
