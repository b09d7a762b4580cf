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

from .. import seat as m  # the machine as the seat API hands it to a bot's look-ahead
from .greedy import GreedyBot
from .memory import Asks
from .odds import Sight, table_move, value_counts
from .policy import POLICIES, STEPS_A_DECISION, Policy, playout_cost, with_due  # noqa: F401 - tests take Policy and STEPS_A_DECISION from here
from .samples import Facts, determinize, facts, fork  # noqa: F401 - tests and bench take determinize and facts from here

BUDGET = 12_000  # engine decisions a move may spend on playouts: about 0.2 s on a laptop of 2024
DEPTH = 10  # turns a playout plays before the hands judge it (games differ in decisions a turn: 1.5 to 5)
MAX_DECISIONS = 200  # and at most this many decisions, whatever the turns
# What costs about as much CPU as one engine decision of the classic shedding game (~20 µs: 2 to 3 steps, 3 moves
# offered), counted against the budget where a game's decisions do more (`policy.playout_cost`): CPU a decision of a playout was
# ~20 µs + 0.13 µs a step (laying sets of one rank: 3,600 steps a decision, 510 µs; a running count pegged by
# pairs and runs: 236, 57 µs).
# The steps one move of a sample may take (a real game's move may take 200,000): a sample dealt a state the real game
# cannot reach (nobody able to ask) may turn round without asking anyone, and that is a playout's work at most.
SAMPLE_WORK = STEPS_A_DECISION * MAX_DECISIONS
# Playouts a move should have: when the budget affords fewer of DEPTH turns, they are made shorter (as many turns as
# make this many, a round at least).  At a budget of 300 engine decisions, in the bundled game of laying cards face
# down and doubting (about 40 decisions a playout of 10 turns) at four players the search won +8.0 ± 7.4 points over
# greedy in its seat (200 games) with playouts of 4 turns, +1.0 ± 6.8 with 10; the classic shedding game (about 15)
# keeps its 10 turns (README: bench/search_table.py).
PLAYOUTS = 16
# A claim of several cards is made true in 90% of the samples where the claimer's cards could make it true, in 20% of
# the others, and a deal where they could not is kept in one try of 8 (a claimer names what they hold).  Over the live
# claims a greedy seat doubted or believed in 20 four-player games of a claim game, the samples' share of true
# claims had a Brier score of 0.180 against what the claims were (believing 90% of claims: 0.243).
ABLE = (0.9, 0.2, 8)
# A playout stopped early gives each player a share of the win growing by e^0.6 with each point of the rules' ranking
# (or each card fewer held).
SHARPNESS = 0.6
WEIGHT = 4  # and a claimer's claims its doubts showed true or false move those shares as much as 4 claims would


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


def playout(st: m.State, seat: int, policy: Policy, turns: int = DEPTH, limit: int = MAX_DECISIONS,
            deadline: float | None = None, cap: int | None = None) -> tuple[float | None, int]:
    """Play a sampled game on with the policy until its hand ends, `turns` turns are over or `limit` decisions
    are made; the result for `seat` (`judge`) and the engine decisions it cost (`_cost`).  Past `deadline` (a
    perf_counter time), or needing more than `cap` decisions (what is left of a budget), it gives up: None."""
    start_hand = st.hand_no
    last_turn = st.turns + turns
    n = offered = 0
    steps = st.steps
    while n < limit:
        if st.over or st.hand_no != start_hand or st.pending is None or st.turns >= last_turn:
            break
        if deadline is not None and not n & 7 and time.perf_counter() > deadline:
            return None, playout_cost(n, st.steps - steps, offered)
        if cap is not None:
            spent = playout_cost(n, st.steps - steps, offered)
            if spent >= cap:
                return None, spent
        d = st.pending
        offered += len(d.options)
        move = policy.move(st)
        policy.note(st, d.player, move)
        try:
            m.apply(st, d.player, move, checked=False)
        except Exception:  # a rule that fails in a sample says nothing about the move: call it even
            return 0.5, playout_cost(n + 1, st.steps - steps, offered)
        n += 1
    return judge(st, seat, policy.f, start_hand), playout_cost(n, st.steps - steps, offered)


def judge(st: m.State, seat: int, f: Facts, start_hand: int) -> float:
    """The result of a playout for `seat`: 1 for a win, a shared win shares; a playout stopped early, a chance of
    winning from the game's own ranking of the players were the hand to end now (`standing`: its score block, the
    lowest first where the lowest wins); in a game with no score block, from the cards laid out in front of each
    player in zones all see (books of a kind, cards won: more is better), where it has such zones; where the
    rules rank nobody apart, from the cards each holds (fewer is better).  A game that ended with no winner (the house beat everyone, a void hand) is lost by every seat, as
    `rulelang simulate` counts it: not judged by the ranking, which would make the seat holding fewest cards its
    winner (it stood, in a game against a dealer)."""
    if st.winners or st.hand_no != start_hand or st.over:
        winners = st.winners if st.winners else m.match_winners(st) if st.over else []
        if winners:
            return 1.0 / len(winners) if seat in winners else 0.0
        if st.over:
            return 0.0
    gains = m.standing(st)
    ranked = gains is not None and max(gains) > min(gains)
    if gains is None and f.won:  # no score: the cards laid out before each player (books) count for them, alone
        gains = [sum(len(st.zones[zi][p]) for zi in f.won) for p in range(st.n)]
        ranked = True
    if ranked:
        top = max(gains)
        weights = [math.exp(SHARPNESS * (g - top)) for g in gains]
    else:
        sizes = [sum(len(st.zones[zi][p]) for zi in f.hands) for p in range(st.n)]
        weights = [math.exp(-SHARPNESS * s) for s in sizes]
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
                 truthful: tuple = (0.25, 0.9), able: tuple | None = ABLE, doubt: float = 0.05, max_moves: int = 16,
                 z: float = 1.0,
                 reveal_margin: float = 0.05, plain_at_random: bool = True, even: bool = True):
        self.seed = seed
        self.rng = random.Random(seed)
        # Engine decisions a move may spend; with `think` (seconds a move, never exceeded) none unless given.
        self.budget = (BUDGET if think is None else 10 ** 9) if budget is None else budget
        self.think = think
        self.policy = POLICIES[playouts]  # how the samples are played on
        self.plain_at_random = plain_at_random  # ... a choice among plain moves at random (`Policy`)
        self.depth = DEPTH if depth is None else depth  # in turns
        self.turns = self.depth  # those of this move's playouts (fewer when the budget affords few playouts)
        self.truthful = truthful
        self.able = able  # how a claim of several cards is believed in the samples (`determinize`)
        self.doubt = doubt
        self.max_moves = max_moves
        self.z = z  # how clearly a move must beat the greedy one (in standard errors of the difference)
        self.reveal_margin = reveal_margin  # and by how much more to turn cards up (players mostly play fair)
        self.even = even  # among values greedy rates alike (it took one at random), the samples' best with no bar
        self.fallback = GreedyBot(seed)
        self.asks = Asks()  # what asks showed of the others' hidden cards (the samples keep to it)
        self.following = None  # the decision last replayed, its state and sight kept until the record shows its move
        self.deadline = None
        self.last = {}  # what the last search found: candidates, playouts, means (for tests and tuning)

    def move(self, game, seat: int, decision) -> m.Move:
        return self.choose(game.program, game.view(seat), decision, game)

    def follow(self, game, seat: int, decision) -> None:
        """Replaying: searching again would take a fifth of a second a move, so only its greedy helper's memory is
        brought along (its own randomness comes from where the game is), and its memory of what asks showed
        (`asks`): it looks as at a live decision, and learns from the move replayed once the record holds it (at its
        next decision, replayed or live: `caught_up`).  The helper is not told the move replayed, so where the
        search had laid another card than its helper, the helper's memory of the turn is not mended: a game resumed
        in the middle of such a turn may claim otherwise than the live game would have."""
        self.caught_up(game)
        if not (decision.race or any(o.kind == "rule" for o in decision.options)):
            self.fallback.deadline = None  # not the time a live move left it, long past: the samples as with no time
            self.fallback.choose(game.program, game.view(seat), decision, game)  # as `choose` asks it
        st = getattr(game, "state", None)
        if st is None or decision.race:
            return
        sight = Sight.of_view(game.view(seat))
        self.asks.look(sight)
        before = fork(st)
        before.rng = random.Random()
        before.rng.setstate(st.rng.getstate())  # its own copy: the game's goes on as the replay goes on
        self.following = (before, sight, len(st.moves), decision)

    def caught_up(self, game) -> None:
        """What asks showed at the decision last replayed (`follow`), learnt from the move the record holds for it,
        made on the state kept from before it (as `choose` learns from a live move)."""
        kept, self.following = self.following, None
        if kept is None:
            return
        before, sight, at, decision = kept
        record = getattr(getattr(game, "state", None), "moves", ())
        if len(record) <= at or record[at][0] != decision.player:
            return
        try:
            move = m.read_move(before.program, decision, record[at][1])
        except Exception:  # noqa: BLE001 - a move this bot cannot read teaches it nothing
            return
        f = facts(before.program)
        self.asks.after(before, decision.player, move, sight, lambda c, v: f.fits(c, v, "value"))

    def mend(self, program, greedy: m.Move, made: m.Move) -> None:
        """The greedy helper remembers the cards it chose to lay this turn (what its claim should name); where the
        search made another move than the helper's, that memory is mended: the helper's card (the last it noted)
        was not laid, the search's was.  Not worked out from the view: a card laid by a block that asks more
        (the claim) before it moves the card is still in the hand at those decisions, and one laid face down before
        its owner is still among the seat's own cards, so a view's cards cannot tell what was laid (mended so, the
        search's claims named another card than the one laid even where it made the helper's move)."""
        laid = self.fallback.laid
        if greedy.kind == "card" and laid and laid[-1] == greedy.arg:
            laid.pop()
        if made.kind == "card" and made.arg < program.deck_size:
            laid.append(made.arg)

    def choose(self, program, view: dict, decision, game=None) -> m.Move:
        """Its move (`decide`), its memory of what asks showed of others' hidden cards (`Asks`) brought up to date
        around it."""
        if game is not None:
            self.caught_up(game)  # the last decision replayed, when a resumed game goes on live
        sight = Sight.of_view(view) if game is not None and view is not None else None
        if sight is not None:
            self.asks.look(sight)
        move = self.decide(program, view, decision, game)
        if sight is not None and not decision.race:
            f = facts(program)
            self.asks.after(game, decision.player, move, sight, lambda c, v: f.fits(c, v, "value"))
        return move

    def decide(self, program, view: dict, decision, game=None) -> m.Move:
        start = time.perf_counter()
        # Time left for the search once the greedy move is known; a little is kept back for what follows it.
        self.deadline = None if self.think is None else start + self.think * 0.95
        # Its greedy helper's weighing on samples (a plain choice, a bid, a challenge) has half the time at most.
        self.fallback.deadline = None if self.think is None else start + self.think * 0.5
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
        # A window that asks each player whatever they hold (`Decision.unseen`): searched when this seat may act and
        # answered at once with `pass` alone, the time taken would tell the table which; the greedy move either way.
        if game is None or len(decision.options) == 1 or decision.unseen or self.weighed(program, decision):
            return greedy
        st = game.state if hasattr(game, "state") else game
        moves = self.candidates(decision, greedy)
        if len(moves) == 1:
            return moves[0]
        alike = self.alike(program, view, decision, moves) if self.even else ()
        i = self.search(st, decision.player, moves, alike)
        if i:
            self.mend(program, greedy, moves[i])
        return moves[i]

    def weighed(self, program, decision) -> bool:
        """Is this a choice of a number that moves no card (a bid), which the greedy helper weighed on hands played
        to their end?  Such a number shows its worth only when the hand is scored; a playout cut short judges it by
        the score as if the hand ended there, where a contract not yet made counts as failed, so lower bids would
        look better: the greedy helper's number is kept."""
        first = decision.options[0]
        return first.kind == "number" and all(o.option == first.option for o in decision.options) and \
            self.fallback.quiet_numbers.get((id(program.cards), first.option)) is True

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
            move = with_due(o, decision) if o.kind == "card" and decision.due else o
            if o.option in kinds:
                later.append(move)
            else:
                kinds.add(o.option)
                moves.append(move)
        return (moves + later)[: self.max_moves]

    def alike(self, program, view: dict, decision, moves: list) -> frozenset:
        """The candidates (by place in `moves`, the greedy move first) naming a value that the greedy helper's own
        measure rates as high as its move (the values of the cards laid this turn, else of the hand: the colour of
        a wild card laid, which no value of its cards decides), among which it took one at random (`odds.best`).
        Its pick among them is a coin toss, so the search need not defend it: the one its samples rate best is
        taken (`search`).  Only values named: a player chosen or asked (`ask P3 nine`), rated alike by the fewest
        cards held or the value held most, is remembered by the helper as the one it aimed at (whom to ask again),
        which another choice would leave wrong; taken so in Go Fish at 4 the search won 8.4 ± 5.2 points less than
        before on the same 325 seeds."""
        greedy = moves[0]
        if greedy.kind != "value" or view is None:
            return frozenset()
        sight = Sight.of_view(view)
        allowed = {o.text for o in self.fallback.not_missed(sight, decision.options) if o.option == greedy.option}
        counts = value_counts(program, self.fallback.laid or sight.own())
        top = counts.get(greedy.arg, 0)
        return frozenset(i for i, mv in enumerate(moves) if i and mv.option == greedy.option and mv.kind == "value"
                         and mv.text in allowed and counts.get(mv.arg, 0) == top)

    def affordable(self, k: int, playouts: float) -> int:
        """How many candidates (the greedy move among them) a search of `playouts` playouts can try and still
        judge: each gets at least two samples in the first round (the rounds share the playouts alike)."""
        while k > 2 and playouts < _rounds(k) * 2 * k:
            k -= 1
        return k if playouts >= 4 else 1

    def believed(self, st: m.State, seat: int) -> tuple | None:
        """How the live claim is believed in the samples: `able`, its shares moved towards what this seat's doubts
        showed of the claimer's claims (true or false, its greedy helper's memory), each doubt counting as one
        of `WEIGHT` samples' worth of the prior."""
        claim, able = st.claim, self.able
        if able is None or claim is None or claim["player"] == seat:
            return able
        true, false = self.fallback.claims.shown.get(claim["player"], (0, 0))
        if not true + false:
            return able
        share = (able[0] * WEIGHT + true) / (WEIGHT + true + false)
        return share, able[1] * share / able[0], able[2]

    def sample(self, st: m.State, seat: int, seed: int, able: tuple | None) -> m.State:
        """A sample of what the seat cannot see (`determinize`), keeping to what it remembers: where cards went (its
        greedy helper's memory and its own of cards taken from it) and what asks were refused."""
        return determinize(st, seat, random.Random(seed), self.truthful, self.fallback.where.known, able,
                           refused=self.asks.refused(), taken=self.asks.known)

    def search(self, st: m.State, seat: int, moves: list, alike: frozenset = frozenset()) -> int:
        """Try the moves on the same samples; after each round keep the better half (and the greedy move, the
        first).  The best of the last round is taken only when it beats the greedy move clearly on the samples
        both were tried on (a paired test: the samples are shared, so only the move differs), the bar raised
        for the number of moves it was picked among and the few samples it stands on.  Among the moves `alike` the
        greedy move (the greedy helper took one of them at random), the one with the best mean over the samples
        both it and the greedy move were tried on is taken when the better one is not: no bar.

        The first playout is the greedy move's alone: what it costs (decisions, seconds) says how many
        candidates the budget or the time can judge, and the others past that number are not tried."""
        k = len(moves)
        values: list[list] = [[] for _ in moves]
        deadline = self.deadline
        began = time.perf_counter()
        seed = self.rng.getrandbits(64)
        able = self.believed(st, seat)
        first = self.sample(st, seat, seed, able)

        def first_playout(spent: int, began: float) -> tuple:
            """The greedy move's playout on the first sample (of `self.turns` turns): its value, the decisions spent
            with it, how many playouts of its cost the budget and the time leave, and what it cost in seconds since
            `began`."""
            value, n = self._try(first, seat, moves[0], seed, deadline, self.budget - spent - 1)
            spent += n + 1
            cost = time.perf_counter() - began
            playouts = (self.budget - spent) / (n + 1) + 1
            if deadline is not None:
                playouts = min(playouts, (deadline - time.perf_counter()) / max(cost, 1e-6) + 1)
            return value, spent, playouts, cost

        self.turns = self.depth
        value, spent, playouts, cost = first_playout(0, began)
        if value is not None and playouts < PLAYOUTS and self.depth > st.n:
            # Too few playouts for the budget: shorter ones (no fewer turns than a round), the first made again.
            turns = max(st.n, int(self.depth * playouts / PLAYOUTS))
            if turns < self.depth:
                self.turns = turns
                value, spent, playouts, cost = first_playout(spent, time.perf_counter())
        if value is None:
            self.last = {"moves": [str(mv) for mv in moves], "samples": 0, "decisions": spent, "means": []}
            return 0
        values[0].append(value)
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
        played = [spent, 1]  # decisions the playouts made (each move included), and how many playouts
        for r in range(rounds):
            share = (self.budget - spent) // (rounds - r)
            ends = None if deadline is None else time.perf_counter() + (deadline - time.perf_counter()) / (rounds - r)
            alive = [0, *others]
            used = 0
            while used < share or (samples < 2 and deadline is None):
                began = time.perf_counter()
                if ends is not None and (began >= ends or began + slowest > deadline):
                    break  # the next sample would not finish in time
                if samples >= 2 and used + (len(others) if pending else len(alive)) * played[0] / played[1] > share:
                    break  # the next sample would likely take the round past its share of the budget
                if pending is not None:
                    (base, seed), pending = pending, None
                    todo = others
                    done = [(0, values[0].pop())]
                else:
                    seed = self.rng.getrandbits(64)
                    base = self.sample(st, seat, seed, able)
                    todo, done = alive, []
                for i in todo:
                    if spent + used >= self.budget:
                        break  # no decision left for the move: the sample is dropped
                    value, n = self._try(base, seat, moves[i], seed, deadline, self.budget - spent - used - 1)
                    used += n + 1
                    played[0] += n + 1
                    played[1] += 1
                    if value is None:  # out of time or budget: this sample is dropped for every move
                        break
                    done.append((i, value))
                if len(done) < len(alive):
                    deadline = ends = time.perf_counter()  # no time or budget for more: the rounds end here
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
        if not choice and alike:
            # The greedy move was a coin toss among these: the best of them on the samples, the last round's
            # survivors first (they stand on the most samples).
            tried = [i for i in alike if values[i]]
            last = [i for i in tried if i in others]
            pick = max(last or tried, key=lambda i: sum(a - b for a, b in zip(values[i], values[0])) / len(values[i]),
                       default=None)
            if pick is not None and sum(a - b for a, b in zip(values[pick], values[0])) > 0:
                choice = pick
        self.last = {"moves": [str(mv) for mv in moves], "samples": samples, "decisions": spent, "tried": k,
                     "means": [round(x, 3) if x is not None else None for x in means], "best": best,
                     "gain": gain, "need": need, "pairs": n}
        return choice

    def _try(self, base: m.State, seat: int, move: m.Move, seed: int, deadline: float | None = None,
             cap: int | None = None) -> tuple[float | None, int]:
        sample = fork(base)
        sample.work = SAMPLE_WORK
        sample.rng = random.Random(seed ^ 0x5EED)  # the same future for every move tried on this sample
        policy = self.policy(sample.program, random.Random(seed), self.doubt, plain_at_random=self.plain_at_random)
        policy.note(sample, seat, move)
        try:
            m.apply(sample, seat, move, checked=False)
        except Exception:  # the move fails on this sample: the worst, at the cost of the work it did
            return -1.0, playout_cost(1, sample.steps - base.steps, 0)
        return playout(sample, seat, policy, self.turns, deadline=deadline, cap=cap)
