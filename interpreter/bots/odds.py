"""What the bots share: the odds of hidden cards (what a seat has not seen, how many could make a claim true,
hypergeometric chances), what a view shows (own cards, hand sizes, values on the table), and the moves no
strategy decides (races, rules written in play)."""
from __future__ import annotations

import math
import operator
from collections import Counter

import attrs

from ..seat import Move
from ..view import glance


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
    return Move(move.verb, move.arg, move.text, move.option, move.doc, calls, move.kind, move.reveals)  # attrs.evolve


class Sight:
    """What one seat sees at a decision, as the greedy bot reads it: read from the seat's `glance` (the view's
    masking, nothing copied, no view built) or from a view already built, the same either way.  Each place
    (a zone, or one owner's part of a zone per player) is its cards in order with None for each the seat may not
    see, or the number of its cards when it sees none.  Read during the decision only: a place may be the game's
    own list.  What a helper works out from it is kept for the rest of the decision."""

    __slots__ = ("seat", "n", "names", "turn", "hand", "direction", "zones", "vars", "pvars", "claim", "prompt",
                 "_options", "_own", "_sizes", "_held", "_seen", "_unseen", "_hidden")

    def __init__(self, seat, names, turn, hand, direction, zones, values, pvalues, claim, prompt=None, options=()):
        self.seat, self.names, self.n, self.turn, self.hand, self.direction = seat, names, len(names), turn, hand, direction
        self.zones = zones  # [(zone name, per player, its place or a list of each owner's)]
        self.vars, self.pvars, self.claim = values, pvalues, claim
        self.prompt, self._options = prompt, options  # the pending decision's, if it is the seat's
        self._own = self._sizes = self._held = self._seen = self._unseen = self._hidden = None

    @classmethod
    def of_game(cls, game, seat: int, decision=None) -> "Sight":
        """The seat's sight of a running game (a Game or a State), from `view.glance`."""
        st = getattr(game, "state", game)
        _, _, _, _, zones, values, pvalues, claim = glance(st, seat)
        names, per = per_program(_HEADS, st.program, _heads)
        places = list(zip(names, per, zones))  # (zone name, per player, its place)
        d = decision if decision is not None and decision.player == seat else None
        return cls(seat, st.names, st.turns, st.hand_no, st.direction, places, values, pvalues, claim,
                   d.prompt if d is not None else None, d.options if d is not None else ())

    @classmethod
    def of_view(cls, view: dict) -> "Sight":
        """The same, from a view (`Seat.view`) already built (of which `own` reads only the seat and the zones)."""
        places = [(name, True, [h["cards"] for h in z]) if isinstance(z, list) else (name, False, z["cards"])
                  for name, z in view["zones"].items()]
        pending = view.get("pending") or {}
        return cls(view["seat"], view.get("names", ()), view.get("turn"), view.get("hand"), view.get("direction"),
                   places, view.get("vars", {}), view.get("player_vars", {}), view.get("claim"), pending.get("prompt"),
                   tuple(pending.get("options") or ()))

    @property
    def options(self) -> tuple:
        """The texts of the pending decision's moves, if it is the seat's (made when first asked for)."""
        options = self._options
        if options and options[0].__class__ is not str:
            options = self._options = tuple(map(_TEXT, options))
        return options

    def own(self) -> set:
        """The cards of the seat's own that it sees (in every zone per player)."""
        if self._own is None:
            seat, out = self.seat, set()
            if seat is not None:
                for _, per, z in self.zones:
                    if per and seat < len(z) and z[seat].__class__ is not int:
                        out.update(z[seat])
                out.discard(None)  # a card of its own it does not see (one laid face down by another)
            self._own = out
        return self._own

    def sizes(self) -> dict:
        """player -> how many cards they hold in all zones per player (read it with `get`)."""
        if self._sizes is None:
            sizes: dict = {}
            get = sizes.get
            for _, per, z in self.zones:
                if per:
                    for p, h in enumerate(z):
                        sizes[p] = get(p, 0) + (h if h.__class__ is int else len(h))
            self._sizes = sizes
        return self._sizes

    def hidden_held(self, player: int, default: int = 0) -> int:
        """How many cards `player` holds that this seat cannot see."""
        if self._held is None:
            held = [0] * self.n
            for _, per, z in self.zones:
                if per:
                    for p, h in enumerate(z[:self.n]):
                        held[p] += h if h.__class__ is int else h.count(None)
            self._held = held
        return self._held[player] if player < len(self._held) else default

    def seen(self) -> set:
        """Every card the seat sees, wherever it lies."""
        if self._seen is None:
            seen = set()
            for _, per, z in self.zones:
                for part in (z if per else (z,)):
                    if part.__class__ is not int:
                        seen.update(part)
            seen.discard(None)
            self._seen = seen
        return self._seen

    def hidden(self) -> dict:
        """(zone name, owner or None) -> how many cards there the seat does not see (kept: read it, do not change it)."""
        if self._hidden is None:
            out = {}
            for name, per, z in self.zones:
                if per:
                    for owner, part in enumerate(z):
                        out[name, owner] = part if part.__class__ is int else part.count(None)
                else:
                    out[name, None] = z if z.__class__ is int else z.count(None)
            self._hidden = out
        return self._hidden

    def tops(self):
        """The top card of each zone that is not per player, where the seat sees it."""
        for _, per, z in self.zones:
            if not per and z.__class__ is not int and z and z[-1] is not None:
                yield z[-1]


_HEADS: dict = {}
_TEXT = operator.attrgetter("text")


def _heads(program) -> tuple:
    """Each zone's name, and whether it is per player (`Sight.of_game`'s places, zipped with the glance's)."""
    return tuple(z.name for z in program.zones), tuple(z.per_player for z in program.zones)


def best(rng, options: list, key):
    """The option with the highest key; among several as high, one at random (the first listed would favour
    whatever the rules list first: Red, the next seat)."""
    keys = [key(o) for o in options]
    top = max(keys)
    ties = [o for o, k in zip(options, keys) if k == top]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def per_deck(cache: dict, program, make):
    """`make(program)`, worked out once per deck and kept (a program with rules written in play has the same
    cards); a cache holds a few decks at most."""
    cards = program.cards
    kept = cache.get(id(cards))  # (the hit read here, the miss in `_kept`: a call fewer where it is asked most)
    if kept is not None and kept[0] is cards:
        return kept[1]
    return _kept(cache, cards, program, make)


def per_program(cache: dict, program, make):
    """`make(program)`, worked out once per program (a rule written in play makes a new one) and kept."""
    kept = cache.get(id(program))
    if kept is not None and kept[0] is program:
        return kept[1]
    return _kept(cache, program, program, make)


def _kept(cache: dict, owner, program, make):
    kept = cache.get(id(owner))
    if kept is not None and kept[0] is owner:
        return kept[1]
    value = make(program)
    if len(cache) >= 64:
        cache.clear()
    cache[id(owner)] = (owner, value)
    return value


_VALUES: dict = {}


def card_values(program) -> list:
    """Each card's values that are not numbers (in attribute order), its (attribute, number) pairs, and how
    many times each value comes in it."""
    return per_deck(_VALUES, program, _card_values)


def _card_values(p) -> list:
    out = []
    for c in p.cards:
        values = [v for a, v in c.attrs.items() if not p.attributes[a].numeric]
        out.append((values, [(a, v) for a, v in c.attrs.items() if p.attributes[a].numeric], Counter(values)))
    return out


def value_counts(program, cards) -> dict:
    """How many of the cards have each value that is not a number (a value none has is absent: read it with `get`),
    in the order first met (as a `Counter` of them, without its Python calls)."""
    values_of = per_deck(_VALUES, program, _card_values)
    counts: dict = {}
    get = counts.get
    for c in cards:
        for v in values_of[c][0]:
            counts[v] = get(v, 0) + 1
    return counts


class Counted:
    """`value_counts` of a bot's own cards, kept from one decision to the next: only the cards that came into its
    hand or left it since are counted (a value it no longer holds is kept at 0: read the counts with `get`)."""

    __slots__ = ("cards", "held", "counts")

    def __init__(self):
        self.cards = self.held = self.counts = None

    def of(self, program, held: set) -> dict:
        """The counts of `held` (read them during the decision: the next one changes them)."""
        if self.cards is not program.cards:
            counts = value_counts(program, held)
        else:
            counts, before = self.counts, self.held
            if held != before:
                values_of = per_deck(_VALUES, program, _card_values)
                get = counts.get
                for c in held - before:
                    for v in values_of[c][0]:
                        counts[v] = get(v, 0) + 1
                for c in before - held:
                    for v in values_of[c][0]:
                        counts[v] -= 1
        self.cards, self.held, self.counts = program.cards, frozenset(held), counts
        return counts


def values_held(counts: dict, move) -> int:
    """How many cards of the values a move of several arguments names (`ask Ada nine`: nines) are in `counts` (a
    hand's `value_counts`): a bot asks for what it holds most of."""
    return sum(counts.get(v, 0) for v in move.arg if isinstance(v, str))


def shown_values(program, sight: Sight) -> set:
    """Values the table shows: public variables holding values or cards, and the top card of each public pile."""
    out = set()
    kinds, shows = per_program(_SHOWS, program, _make_shows)
    values = sight.vars
    for name, kind in kinds.items():  # (the few variables that may show one, not every variable the seat sees)
        v = values.get(name, _ABSENT)
        if v is _ABSENT:
            continue
        if kind:  # a card
            if v is not None:
                out.update(shows[v])
        elif isinstance(v, str):
            out.add(v)
    for _, per, z in sight.zones:  # the top card of each zone not per player, where the seat sees it (`tops`)
        if not per and z.__class__ is not int and z and z[-1] is not None:
            out.update(shows[z[-1]])
    return out


_ABSENT = object()


_SHOWS: dict = {}


def _shows(program) -> tuple:
    """For `shown_values`, worked out once per program: variable name -> True for a card, False for a value (the
    others show nothing); and what each card shows (its values, and ("#attribute", number) for its numbers)."""
    return per_program(_SHOWS, program, _make_shows)


def _make_shows(p) -> tuple:
    kinds = {name: kind == "card" for name, kind in p.var_kinds.items() if kind == "card" or kind.startswith("value:")}
    shows = [tuple(v if not p.attributes[a].numeric else ("#" + a, v) for a, v in c.attrs.items()) for c in p.cards]
    return kinds, shows


def unseen_cards(program, sight: Sight, kept: "Unseen | None" = None) -> Counter:
    """Cards this seat has not seen, counted by identity (a frozenset of attribute values; one of which it has seen
    every card counts 0).  Kept for the rest of the decision (read it, do not change it).  With `kept` (a bot's
    `Unseen`, carried from one decision to the next), only the cards that came into or left its sight since the
    last count are counted: the same counts, and then the counts of that decision are changed at the next."""
    got = sight._unseen
    if got is not None and got[0] is program.cards:
        return got[1]
    keys = identity_keys(program)
    deck = program.deck_size
    seen = sight.seen()
    if kept is not None and kept.cards is program.cards:
        unseen, before = kept.counts, kept.seen
        for cid in seen - before:
            if cid.__class__ is int and 0 <= cid < deck:
                unseen[keys[cid]] -= 1
        for cid in before - seen:
            if cid.__class__ is int and 0 <= cid < deck:
                unseen[keys[cid]] += 1
    else:
        unseen = per_deck(_DECKS, program, lambda p: Counter(keys[:deck])).copy()  # the whole deck, less what it saw
        for cid in seen:
            if cid.__class__ is int and 0 <= cid < deck:
                unseen[keys[cid]] -= 1  # (an identity it has seen every card of stays, at 0)
    if kept is not None:
        kept.cards, kept.seen, kept.counts = program.cards, seen, unseen
    sight._unseen = (program.cards, unseen)
    return unseen


class Unseen:
    """`unseen_cards`' counts kept by a bot between its decisions, with the cards it saw when they were counted."""

    __slots__ = ("cards", "seen", "counts")

    def __init__(self):
        self.cards = self.seen = self.counts = None


_DECKS: dict = {}


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


def unseen_ids(program, sight) -> list:
    """The ids of the real cards this seat has not seen (from its Sight, or a view)."""
    seen = (sight if isinstance(sight, Sight) else Sight.of_view(sight)).seen()
    return [cid for cid in range(program.deck_size) if cid not in seen]


_NUMBERS: dict = {}


def card_numbers(program) -> list:
    """Each card's numbers (the values of its numeric attributes), as a set."""
    return per_deck(_NUMBERS, program, lambda p: [frozenset(v for a, v in c.attrs.items() if p.attributes[a].numeric)
                                                  for c in p.cards])


def situation(sight: Sight, earlier: list) -> tuple:
    """Where a seat stands, as a key: everything it sees but the turn's number, and the moves it made this turn so
    far.  The same key twice means nothing it can see has changed in between."""
    seat = sight.seat
    zones = []
    for _, per, z in sight.zones:  # sizes, the cards this seat holds and each pile's top: cheap, and enough
        if per:
            each = [h if h.__class__ is int else len(h) for h in z]
            if seat is not None and 0 <= seat < len(z):
                h = z[seat]
                each[seat] = (None,) * h if h.__class__ is int else tuple(h)
            zones.append(tuple(each))
        elif z.__class__ is int:
            zones.append((z, None))
        else:
            zones.append((len(z), z[-1] if z else None))
    said = None
    if sight.claim:  # (its items but the turn and the text, sorted: by key, as no two keys are the same)
        said = dict(sight.claim)
        said.pop("turn", None)
        said.pop("text", None)
        said = tuple(sorted(said.items()))
    return (tuple(zones), _frozen(sight.vars), _frozen(sight.pvars), sight.direction, sight.hand, said,
            sight.prompt, sight.options, tuple(earlier))


def _frozen(d: dict) -> tuple:
    """The items of `d`, a list among its values made a tuple (read in C when its values are all lists or none is)."""
    kinds = set(map(type, d.values()))
    if list not in kinds and not any(issubclass(k, list) for k in kinds):
        return tuple(d.items())
    if kinds == _LISTS:
        return tuple(zip(d, map(_tuple, d.values())))
    return tuple((k, _tuple(v) if isinstance(v, list) else v) for k, v in d.items())


def _tuple(v: list) -> tuple:
    """A list as a tuple, and so each list inside it (a player's variable holding a list: one list per seat)."""
    t = tuple(v)
    if any(x.__class__ is list for x in t):
        return tuple(_tuple(x) if isinstance(x, list) else x for x in t)
    return t


_LISTS = {list}


def aimed_at(view: Sight, move: Move):
    """The other player a move of several arguments names (`ask Ada nine`), or None."""
    if move.kind != "several":
        return None
    words = f" {move.text} "
    return next((p for p, name in enumerate(view.names)
                 if p != view.seat and p in move.arg and f" {name} " in words), None)
