"""A search bot for any game: it samples the cards it cannot see (consistently with what its seat has seen),
plays each of its moves out many times with the fast engine, and keeps the move that wins most."""
from __future__ import annotations

import random
import time

from . import machine as m
from .bots import GreedyBot, table_move
from .view import visible

PLAYOUT_DECISIONS = 400


def determinize(st: m.State, seat: int, rng: random.Random) -> m.State:
    """A copy of the game in which every card `seat` cannot see is dealt anew at random among the places it
    cannot see.  What comes out depends on the seat's view and `rng` only, never on where the hidden cards
    really are: the hidden cards are gathered in a fixed order before they are shuffled."""
    snap = st.snapshot()
    clone = m.State.__new__(m.State)
    clone.__dict__.update(st.__dict__)
    clone.record = False
    clone.events = []
    clone.moves = []
    clone.stats = {}
    clone.chosen = None
    clone.rng = random.Random(rng.getrandbits(64))  # the real future of shuffles is hidden too
    clone.restore_from(snap)
    places, hidden = [], []
    for zi, spec in enumerate(st.program.zones):
        owners = range(st.n) if spec.per_player else (None,)
        for owner in owners:
            z = clone.zone(zi, owner)
            for i, c in enumerate(z):
                if not visible(st, c, zi, owner, seat):
                    places.append((z, i))
                    hidden.append(c)
    if not hidden:
        return clone
    deal = sorted(hidden)
    rng.shuffle(deal)
    swap = dict(zip(hidden, deal))  # the card really there -> the card the sample puts there
    for (z, i), c in zip(places, deal):
        z[i] = c
    clone.facedown = {swap.get(c, c): k for c, k in clone.facedown.items()}
    names = st.program.card_locals
    for fr in clone.stack:
        for key in names.get(fr.name, ()):
            if key in fr.env:
                fr.env[key] = _swap(fr.env[key], swap)
    for name, kind in st.program.var_kinds.items():
        if kind == "card" and name in clone.vars:
            clone.vars[name] = _swap(clone.vars[name], swap)
    if clone.claim is not None:
        clone.claim = dict(clone.claim, cards=[swap.get(c, c) for c in clone.claim["cards"]])
    return clone


def _swap(value, swap):
    if isinstance(value, int) and not isinstance(value, bool):
        return swap.get(value, value)
    if isinstance(value, list):
        return [swap.get(v, v) if isinstance(v, int) else v for v in value]
    return value


def _fast_move(st: m.State, rng: random.Random) -> m.Move:
    """The playout policy: the first kind of move the rules list (play before draw), any one of it."""
    d = st.pending
    if d.race or d.options[0].kind == "rule":
        return table_move(rng, st.program, d)
    opts = d.options
    if d.window:
        return opts[-1] if rng.random() < 0.7 else rng.choice(opts)  # mostly let it pass
    first = min(o.option for o in opts)
    group = [o for o in opts if o.option == first]
    if rng.random() < 0.1:
        move = rng.choice(group)
    elif group[0].kind in ("card", "value"):
        counts = _hand_values(st, d.player)
        if group[0].kind == "card":
            move = max(group, key=lambda o: _share(st.program, o.arg, counts) + rng.random() * 0.5)
        else:
            move = max(group, key=lambda o: counts.get(o.arg, 0) + rng.random() * 0.5)
    elif group[0].kind == "player":
        move = min(group, key=lambda o: _cards_of(st, o.arg) + rng.random() * 0.5)
    else:
        move = group[0]
    if move.kind == "card" and d.due:
        move = m.Move(move.verb, move.arg, move.text, move.option, move.doc, frozenset(d.due), move.kind, move.reveals)
    return move


def _hand_values(st: m.State, seat: int) -> dict:
    counts: dict = {}
    p = st.program
    for z in p.zones:
        if z.per_player:
            for c in st.zones[z.index][seat]:
                for a, v in p.cards[c].attrs.items():
                    if not p.attributes[a].numeric:
                        counts[v] = counts.get(v, 0) + 1
    return counts


def _share(program, cid, counts) -> float:
    """How many cards of the hand share this card's values: play from strength, keep the odd ones (Wilds)."""
    card = program.cards[cid]
    return sum(counts.get(v, 0) for a, v in card.attrs.items() if not program.attributes[a].numeric)


def _cards_of(st: m.State, seat: int) -> int:
    return sum(len(st.zones[z.index][seat]) for z in st.program.zones if z.per_player)


def playout(st: m.State, seat: int, rng: random.Random) -> float:
    """Play a sampled game to its end with the fast policy: 1 for a win (shared wins share), else a share by
    cards left when the playout stops early."""
    start_hand = st.hand_no
    for _ in range(PLAYOUT_DECISIONS):
        if st.over or st.hand_no != start_hand or st.pending is None:
            break
        try:
            m.apply(st, st.pending.player, _fast_move(st, rng), checked=False)
        except Exception:  # a rule that fails in a sample says nothing about the move: call it even
            return 0.5
    if st.winners:
        return 1.0 / len(st.winners) if seat in st.winners else 0.0
    sizes = [sum(len(st.zones[z.index][p]) for z in st.program.zones if z.per_player) for p in range(st.n)]
    better = sum(1 for p in range(st.n) if sizes[p] > sizes[seat])
    return better / max(1, st.n - 1) * 0.5


class SearchBot:
    """Information-set Monte Carlo: for each legal move, sample the hidden cards, make the move, play out
    with the fast engine; keep the move with the best mean result.  It reads only its own seat's view:
    the samples are dealt from what the seat cannot see, whatever those cards really are."""

    name = "search"

    def __init__(self, seed: int = 0, playouts: int = 120, seconds: float = 0.8):
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.fallback = GreedyBot(seed)

    def choose(self, program, view: dict, decision, game=None) -> m.Move:
        if decision.race or any(o.kind == "rule" for o in decision.options):
            return table_move(self.rng, program, decision)
        if game is None or len(decision.options) == 1:
            return self.fallback.choose(program, view, decision)
        st = game.state if hasattr(game, "state") else game
        seat = decision.player
        greedy = self.fallback.choose(program, view, decision)
        moves = list(decision.options)
        if decision.due:
            moves = [m.Move(o.verb, o.arg, o.text, o.option, o.doc, frozenset(decision.due) if o.kind == "card" else o.calls,
                            o.kind, o.reveals) for o in moves]
        totals = {i: 0.0 for i in range(len(moves))}
        counts = {i: 0 for i in range(len(moves))}
        deadline = time.monotonic() + self.seconds
        budget = self.playouts * len(moves)
        n = 0
        while n < budget and time.monotonic() < deadline:
            i = n % len(moves)
            sample = determinize(st, seat, self.rng)
            try:
                m.apply(sample, seat, moves[i], checked=False)
            except Exception:
                totals[i] -= 1
                counts[i] += 1
                n += 1
                continue
            totals[i] += playout(sample, seat, self.rng)
            counts[i] += 1
            n += 1
        best = max(range(len(moves)), key=lambda i: (totals[i] / counts[i] if counts[i] else -1,
                                                      moves[i].text == greedy.text))
        self.fallback.choose(program, view, decision)  # keep the greedy helper's memory of this turn
        return moves[best]
