"""Samples of what a seat cannot see: a copy of the game with every card hidden from the seat dealt anew
among the places it cannot see (`determinize`), and the facts of a program the samples and playouts need.
The search bot plays its moves out on such samples; the greedy bot weighs a challenge on a few."""
from __future__ import annotations

import math
import random

from .. import seat as m  # the machine as the seat API hands it to a bot's look-ahead
from ..seat import fork
from ..shuffling import shuffle
from ..view import knowers, zone_shows
from .odds import per_program

# ------------------------------------------------------------------ what the program says, worked out once


class Facts:
    """Per-program facts the playout policy needs, worked out once per program."""

    def __init__(self, program):
        self.program = program
        self.cards_ = program.cards
        attrs_ = program.attributes
        self.values = [tuple(v for a, v in c.attrs.items() if not attrs_[a].numeric and v is not None)
                       for c in program.cards]
        self.nums = [tuple((a, v) for a, v in c.attrs.items() if attrs_[a].numeric and v is not None)
                     for c in program.cards]
        self.deck = program.deck_size
        # What the table shows: value and card variables, the top card of each public pile.
        self.value_vars = [n for n, k in program.var_kinds.items() if k.startswith("value:")]
        self.card_vars = [n for n, k in program.var_kinds.items() if k == "card"]
        # the others that may hold cards: a sample swaps them too (`determinize`)
        self.held_vars = [v.name for v in program.vars if program.var_kinds.get(v.name) in ("card", "list:card")
                          and (v.per_player or program.var_kinds[v.name] == "list:card")]
        self.piles = [z.index for z in program.zones if not z.per_player and z.visibility == "public"]
        self.shared = [z.index for z in program.zones if not z.per_player]  # where a claim's cards lie
        # Zones a player holds and others cannot see (hands): fewer cards there is better.
        self.hands = [z.index for z in program.zones if z.per_player and z.visibility != "public"] or \
                     [z.index for z in program.zones if z.per_player]
        # Where the rules keep no score: the zones laid out in front of each player for all to see (books, cards
        # won), which a playout cut short counts for the player (`search.judge`).
        self.won = [z.index for z in program.zones if z.per_player and z.visibility == "public"] \
            if program.score is None else []
        keys = program.claim_attrs or tuple(program.attributes)
        self.claim_key = [tuple(c.attrs.get(a) for a in keys) for c in program.cards]
        # How many real cards could make each claim true: a bluffer names one of the commonest.
        counts: dict = {}
        for c in range(self.deck):
            counts[self.claim_key[c]] = counts.get(self.claim_key[c], 0) + 1
        self.copies = {k: sum(n for key, n in counts.items() if _covers(self.claim_key[k], key))
                       for k in program.claims}

        self.most = max(self.copies.values(), default=0)
        self.claim_sets = {k: frozenset(c for c in range(self.deck) if _covers(self.claim_key[k], self.claim_key[c]))
                           for k in program.claims}
        self.claims_of = [frozenset(k for k, cs in self.claim_sets.items() if c in cs) for c in range(self.deck)]
        self._fitting: dict = {}

    def matches(self, card: int, claim_card: int) -> bool:
        """Could this real card make a claim of `claim_card` true (its claimed attributes agree)?"""
        return _covers(self.claim_key[claim_card], self.claim_key[card])

    def fits(self, card: int, says, kind: str) -> bool:
        """Does a real card fit what a claim says: the card named, or a value it has?"""
        if kind == "card":
            return isinstance(says, int) and 0 <= says < len(self.cards_) and self.matches(card, says)
        return says in self.values[card] or any(says == v for _, v in self.nums[card])

    def fitting(self, says, kind: str) -> frozenset:
        """The real cards that fit what a claim says (kept per claim)."""
        key = (says, kind)
        out = self._fitting.get(key)
        if out is None:
            out = self._fitting[key] = frozenset(c for c in range(self.deck) if self.fits(c, says, kind))
        return out

    def choices(self, says) -> int:
        """How many values a claim of `says` was picked among (its attribute's values; a number's range)."""
        for a in self.program.attributes.values():
            if a.values and a.info(says):
                return len(a.values)
        return 1

    def truth_share(self, claim: dict, truthful) -> float:
        common, other = truthful
        says = claim["says"]
        if claim["kind"] == "card" and self.copies.get(says, 0) >= self.most:
            return common
        return other


def _covers(said: tuple, real: tuple) -> bool:
    return all(s is None or s == r for s, r in zip(said, real))


_FACTS: dict = {}


def facts(program) -> Facts:
    return per_program(_FACTS, program, Facts)


# ------------------------------------------------------------------ samples of what the seat cannot see

TRIES = 8  # deals tried for one that fits a claim (`determinize`'s `able`)


def gather(st: m.State, seat: int) -> tuple:
    """What `seat` cannot see, gathered once for any number of samples of the same state (`determinize`'s
    `gathered`): the hidden cards' places zone by zone ((zone, owner, their indices or None for the whole zone)),
    the cards in that order, whose zone each is in, and the cards sorted (the deal before it is shuffled)."""
    places, hidden, held_by = [], [], []
    down = knowers(st)  # face down or revealed: seen by those who know it
    for zi, spec in enumerate(st.program.zones):  # as `visible` says of each card, the zone's rule looked at once
        for owner in (range(st.n) if spec.per_player else (None,)):
            z = st.zone(zi, owner)
            if not z:
                continue
            shows = zone_shows(spec.visibility, owner, seat)
            if down and not down.keys().isdisjoint(z):
                at = [i for i, c in enumerate(z) if not (seat in down[c] if c in down else shows)]
                if at:
                    places.append((zi, owner, at))
                    hidden.extend([z[i] for i in at])
                    held_by.extend([owner] * len(at))
            elif not shows:
                places.append((zi, owner, None))
                hidden.extend(z)
                held_by.extend([owner] * len(z))
    return Gathered(places, hidden, held_by, sorted(hidden))


class Gathered:
    """What `gather` found, read as the four (places, hidden, held_by, ordered), and each hidden card's place in
    `hidden` (`at`), made when a sample first asks for it and kept for the others of this gathering (`_Swap`)."""

    __slots__ = ("places", "hidden", "held_by", "ordered", "_at")

    def __init__(self, places: list, hidden: list, held_by: list, ordered: list):
        self.places, self.hidden, self.held_by, self.ordered, self._at = places, hidden, held_by, ordered, None

    def __iter__(self):
        return iter((self.places, self.hidden, self.held_by, self.ordered))

    @property
    def at(self) -> dict:
        if self._at is None:
            self._at = {c: i for i, c in enumerate(self.hidden)}
        return self._at


def determinize(st: m.State, seat: int, rng: random.Random, truthful=None, known: dict | None = None,
                able: tuple | None = None, gathered: "Gathered | None" = None, refused: list | None = None,
                taken: dict | None = None) -> m.State:
    """A copy of the game in which every card `seat` cannot see is dealt anew at random among the places it
    cannot see.  What comes out depends on the seat's view and `rng` only, never on where the hidden cards
    really are: the hidden cards are gathered in a fixed order before they are shuffled.

    With `truthful` (two shares: for a claim of one of the commonest cards, for any other), a live claim by
    another seat is made true in that share of the samples, when some hidden card could make it true.  A
    player mostly says what they laid; a bluffer names a card that many could hold, so a claim of one of the
    commonest cards is believed less.

    With `able` too (three numbers: a, u, r), a live claim of several cards (not one named card) is believed as a
    player who names what they hold: a deal in which the claimer's hidden cards and the claimed ones could not make
    it true is dealt again (up to TRIES deals) but for one try in r; then the claim is made true from the claimer's
    own cards in a share a of the samples where they could, and from elsewhere in a share u of the others.

    `known` (card -> player) is what the seat remembers of where hidden cards are (`memory.Whereabouts`): each such
    card is dealt into that player's hidden cards.

    `taken` (card -> player) is what it remembers of cards others took from its hand (`memory.Asks`): each is dealt
    into that player's hidden cards at a place picked at random.

    `refused` ((player, cards, n) triples) is what the seat's own asks showed (`memory.Refusals`): the player holds at
    most n of those cards (the cards they got since), so a deal that puts more there swaps the extra ones, picked at
    random, with hidden cards elsewhere that are not among them."""
    clone = fork(st)
    clone.rng = Later(rng.getrandbits(64))  # the real future of shuffles is hidden too
    _unknown_values(st, clone, seat)
    places, hidden, held_by, ordered = gathered or gather(st, seat)
    if not hidden:
        return clone
    claim = st.claim
    live = truthful and claim is not None and claim["player"] != seat and claim["cards"]
    f = facts(st.program) if live else None
    if live and claim["kind"] == "card":
        able = None  # a claim naming one card: believed in the shares `truthful` gives (a bluffer names the commonest)
    for _ in range(TRIES if live and able is not None else 1):
        deal = ordered[:]
        shuffle(rng, deal)
        if known:
            _keep_known(deal, held_by, known)
        if taken:
            _keep_known(deal, held_by, taken, rng, known)
        if refused:
            _keep_out(deal, held_by, refused, {**known, **taken} if known and taken else known or taken or {}, rng)
        # A claimer names what they hold: a deal in which their cards could not make the claim true is kept only
        # in 1 / `able[2]` of the tries (the claim is that much likelier from a hand that could).
        if not live or able is None or _could(deal, hidden, held_by, claim, f) or rng.random() * able[2] < 1:
            break
    if live:
        if able is None:
            if rng.random() < f.truth_share(claim, truthful):
                _make_true(deal, hidden, claim, f, rng)
        else:
            _believe(deal, hidden, held_by, claim, f, rng, able[0], able[1])
    # the card really there -> the card the sample puts there (samples of one gathering find a card's place in
    # `hidden` from one dict made for all of them: `_Swap`)
    swap = _Swap(gathered.at, deal) if gathered else dict(zip(hidden, deal))
    pos, zones = 0, clone.zones
    for zi, owner, at in places:
        z = zones[zi] if owner is None else zones[zi][owner]
        if at is None:  # the whole zone
            z[:] = deal[pos:pos + len(z)]
            pos += len(z)
        else:
            for i in at:
                z[i] = deal[pos]
                pos += 1
    clone.facedown = {swap.get(c, c): k for c, k in clone.facedown.items()}
    if clone.revealed:
        clone.revealed = {swap.get(c, c): k for c, k in clone.revealed.items()}
    names = st.program.card_locals
    for fr in clone.stack:
        for key in names.get(fr.name, ()):
            if key in fr.env:
                fr.env[key] = _swap(fr.env[key], swap)
        given = fr.env.get("$c") if fr.env else None  # untyped parameters given cards (`ops.CARDS`)
        for key in given or ():
            if key in fr.env:
                fr.env[key] = _swap(fr.env[key], swap)
    for name in facts(st.program).card_vars:
        if name in clone.vars:
            clone.vars[name] = _swap(clone.vars[name], swap)
    for name in facts(st.program).held_vars:  # a list of cards, a player's card or cards: each card's stand-in
        if name in clone.vars:
            clone.vars[name] = _swap(clone.vars[name], swap)
        elif name in clone.pvars:
            clone.pvars[name] = [_swap(v, swap) for v in clone.pvars[name]]
    if clone.claim is not None:
        clone.claim = dict(clone.claim, cards=[swap.get(c, c) for c in clone.claim["cards"]])
    return clone


def _unknown_values(st: m.State, clone: m.State, seat: int) -> None:
    """The values a rule worked out from cards `seat` could not see (`ops.derive`: its view has None for them) are
    no more known in the sample than the cards are: a variable starts the hand again there (its declared value), a
    local is None, so that no playout reads what the real hidden cards made them (`set secret = top(hand(next)).r`,
    then a rule testing `secret`)."""
    seen = st.vars.get("$seen")
    if seen:
        specs = None
        for key, (value, who) in seen.items():
            if seat in who:
                continue
            specs = specs or {v.name: v for v in st.program.vars}
            if isinstance(key, tuple):
                name, p = key
                values = clone.pvars.get(name)
                if values is not None and values[p] == value:
                    values[p] = _start(clone, specs.get(name), {"player": p})
            elif key in clone.vars and clone.vars[key] == value:
                clone.vars[key] = _start(clone, specs.get(key), {})
    for fr in clone.stack:
        env = fr.env
        seen = env.get("$seen") if env else None
        if seen:
            for key, (value, who) in seen.items():
                if seat not in who and env.get(key) == value:
                    env[key] = None


def _start(clone: m.State, spec, env: dict):
    """A variable's value at the start of a hand, worked out in the sample (None if it cannot be)."""
    try:
        return spec.init(clone, env) if spec is not None else None
    except Exception:  # noqa: BLE001 - a start that reads what the sample cannot give: no value
        return None


class _Swap:
    """`dict(zip(hidden, deal)).get`, with each hidden card's place in `hidden` found in the gathering's dict (`at`,
    `Gathered.at`: the samples of one `gather` share it)."""

    __slots__ = ("at", "deal")

    def __init__(self, at: dict, deal: list):
        self.at, self.deal = at, deal

    def get(self, card, default=None):
        i = self.at.get(card)
        return default if i is None else self.deal[i]


class Later(random.Random):
    """A generator seeded only when it is first used, then a plain `random.Random` with the same numbers as
    `random.Random(seed)`: most samples are played out without a shuffle, and seeding costs more than the rest of
    making a sample's generator.  Given a generator instead of a seed, it takes that one's state when first used
    (a copy of a game's generator, for a move made on a copy: the game's is left alone until then)."""

    __slots__ = ()  # the layout of random.Random, so that it can become one

    def __new__(cls, seed):
        self = random.Random.__new__(cls)
        self.later = seed
        return self

    def __init__(self, seed):
        pass

    # A bound method taken before the generator woke (`random.Random._randbelow` keeps `getrandbits`) may be called
    # after: each wakes it only if it still sleeps.
    def getrandbits(self, k):
        return random.Random.getrandbits(_wake(self), k)

    def random(self):
        return random.Random.random(_wake(self))

    def getstate(self):
        return random.Random.getstate(_wake(self))

    def setstate(self, state):
        _wake(self, False)
        random.Random.setstate(self, state)

    def seed(self, *args, **kwargs):
        _wake(self, False)
        random.Random.seed(self, *args, **kwargs)

    def __reduce__(self):
        return random.Random.__reduce__(_wake(self))


def _wake(rng, seed: bool = True) -> random.Random:
    """A `Later` made a plain generator, seeded as it was promised (unless it is about to be given a state)."""
    later = rng.__dict__.pop("later", None)
    if type(rng) is Later:
        rng.__class__ = random.Random
        if seed:
            if isinstance(later, random.Random):
                random.Random.setstate(rng, later.getstate())
            else:
                random.Random.seed(rng, later)
    return rng


def _keep_known(deal: list, held_by: list, known: dict, rng: random.Random | None = None, kept: dict | None = None) \
        -> None:
    """Swap each card known to be in a player's hidden cards into one of that player's places (one holding a card
    not known to be there), when it was dealt elsewhere: the first such place, or with `rng` one at random (where
    the card lies in that hand is not known: a hand drawn from by its place).  `kept`: cards known elsewhere too,
    left where they are."""
    at = {c: j for j, c in enumerate(deal)}
    kept = kept or {}
    for c, p in known.items():
        j = at.get(c)
        if j is None or held_by[j] == p:
            continue
        if rng is None:
            k = next((k for k, o in enumerate(held_by) if o == p and known.get(deal[k]) != p), None)
        else:
            free = [k for k, o in enumerate(held_by) if o == p and known.get(deal[k]) != p and kept.get(deal[k]) != p]
            k = free[rng.randrange(len(free))] if free else None
        if k is None:
            continue
        deal[j], deal[k] = deal[k], deal[j]
        at[deal[j]], at[deal[k]] = j, k


def _keep_out(deal: list, held_by: list, refused: list, known: dict, rng: random.Random) -> None:
    """Swap the cards a player holds beyond what `refused` lets them (`determinize`) with cards from elsewhere, neither
    known to be where they are nor refused to the place they go to."""
    barred = {}  # player -> the cards a fact of theirs lets none of
    for q, other, n in refused:
        if n <= 0:
            barred.setdefault(q, set()).update(other)
    for p, cards, allowed in refused:
        at = [j for j, c in enumerate(deal) if held_by[j] == p and c in cards and known.get(c) != p]
        extra = len(at) - max(0, allowed)
        if extra <= 0:
            continue
        for j in rng.sample(at, extra):
            free = [k for k, c in enumerate(deal) if held_by[k] != p and c not in cards and c not in known
                    and deal[j] not in barred.get(held_by[k], ()) and c not in barred.get(p, ())]
            if not free:
                break
            k = free[rng.randrange(len(free))]
            deal[j], deal[k] = deal[k], deal[j]


def _believe(deal: list, hidden: list, held_by: list, claim: dict, f: Facts, rng: random.Random, able: float,
             unable: float) -> None:
    """Make the claim true or leave it as dealt, as a player who mostly tells the truth when they can: when the
    claimer's hidden cards and the claimed ones (as the sample deals them) hold enough cards the claim names, it is
    made true from the claimer's own cards in `able` of the samples; when they do not, it is made true from
    elsewhere in `unable` of them (the sample's guess at the claimer's hand may be what is wrong)."""
    wrong, own = _short(deal, hidden, held_by, claim, f)
    if wrong is None:
        return
    if len(own) >= len(wrong):
        if rng.random() < able:
            for i, j in zip(wrong, rng.sample(own, len(wrong))):
                deal[i], deal[j] = deal[j], deal[i]
    elif rng.random() < unable:
        _make_true(deal, hidden, claim, f, rng)


def _short(deal: list, hidden: list, held_by: list, claim: dict, f: Facts) -> tuple:
    """The places of the claimed cards the deal makes wrong, and those of the claimer's hidden cards that fit the
    claim; (None, None) when no claimed card is hidden."""
    slot = {c: i for i, c in enumerate(hidden)}
    says, kind, player = claim["says"], claim["kind"], claim["player"]
    claimed = [slot[c] for c in claim["cards"] if c in slot]
    if not claimed:
        return None, None
    wrong = [i for i in claimed if not f.fits(deal[i], says, kind)]
    own = [j for j, p in enumerate(held_by) if p == player and f.fits(deal[j], says, kind)]
    return wrong, own


def _could(deal: list, hidden: list, held_by: list, claim: dict, f: Facts) -> bool:
    """Could the claimer's cards, as the deal has them, make the claim true?"""
    wrong, own = _short(deal, hidden, held_by, claim, f)
    return wrong is None or len(own) >= len(wrong)


def _make_true(deal: list, hidden: list, claim: dict, f: Facts, rng: random.Random) -> None:
    """Change the sample so that the claimed face-down cards (those still hidden) are cards the claim names:
    each that is not is swapped with a hidden card that is, from elsewhere."""
    slot = {c: i for i, c in enumerate(hidden)}
    says, kind = claim["says"], claim["kind"]
    claimed = {slot[c] for c in claim["cards"] if c in slot}
    for i in sorted(claimed):
        if f.fits(deal[i], says, kind):
            continue
        fits = [j for j, d in enumerate(deal) if j not in claimed and f.fits(d, says, kind)]
        if not fits:
            return
        j = fits[rng.randrange(len(fits))]
        deal[i], deal[j] = deal[j], deal[i]


def _swap(value, swap):
    if isinstance(value, int) and not isinstance(value, bool):
        return swap.get(value, value)
    if isinstance(value, list):
        return [swap.get(v, v) if isinstance(v, int) else v for v in value]
    return value


def settle(st: m.State, seat: int, move: m.Move, limit: int = 12) -> float:
    """Make `move` for `seat` on a sample and let what it sets off run out (every later choice the first legal
    move that does not turn cards up, a window passed) until the next turn begins; `seat`'s share of a win
    judged by the cards each player holds (fewer is better), or -1 for a move the sample refuses."""
    f = facts(st.program)
    start = st.turns
    try:
        m.apply(st, seat, move, checked=False)
        n = 0
        while n < limit and not st.over and st.pending is not None and st.turns == start:
            d = st.pending
            quiet = [o for o in d.options if not o.reveals]
            plain = [o for o in quiet if o.verb == "pass"] if d.window else []
            pick = (plain or quiet or list(d.options))[0]
            m.apply(st, d.player, pick, checked=False)
            n += 1
    except Exception:  # noqa: BLE001 - a rule that fails in a sample says nothing of the move
        return -1.0
    if st.winners:
        return 1.0 / len(st.winners) if seat in st.winners else 0.0
    hands = f.hands
    if len(hands) == 1 and len(st.zones[hands[0]]) == st.n:  # (the same sizes, read in C)
        sizes = list(map(len, st.zones[hands[0]]))
    else:
        sizes = [sum(len(st.zones[zi][p]) for zi in hands) for p in range(st.n)]
    low = min(sizes)
    weights = [math.exp(-0.6 * (s - low)) for s in sizes]
    return weights[seat] / sum(weights)
