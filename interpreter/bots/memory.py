"""What a seat remembers of where cards went: a card of its own that its own move put out of its sight into one
player's hidden cards is known to be there.  Learnt from the seat's views alone: right after a move of its own
that moves a card (the view then is its to see), the cards it saw before the move and sees no more went to the one
place whose hidden cards changed, when that is one player's and it grew by as many.  Between its moves others'
moves are not seen one by one (hands swapped, piles taken, cards passed on), so it learns nothing there: at its
decisions it only forgets a card it sees again, all it knows of a player holding fewer hidden cards than that,
and everything when cards left its own hand by others' doing."""
from __future__ import annotations

import random

from .. import seat as m  # the machine as the seat API hands it to a bot's look-ahead
from ..view import project_event, zone_shows
from .odds import Sight, aimed_at
from .samples import Later, determinize, fork, gather


STAYS = 3  # a kind of move (verb) that left the card in sight this many times is not looked after again
IDLE = 8  # nor one that took it out of sight this many times but never into one player's hidden cards


class Whereabouts:
    """card -> the player known to hold it hidden, from the seat's views."""

    def __init__(self):
        self.known: dict = {}  # card -> player holding it (hidden to this seat)
        self.own: set = set()  # the cards it held at its last look
        self.moved: set = set()  # ... that it has moved itself since
        self.stays: dict = {}  # verb -> how many times a card it moved so stayed in its sight
        self.idle: dict = {}  # verb -> how many times a card it moved so went out of sight but into no one hand

    def look(self, sight: Sight) -> None:
        """At a decision: forget what its sight now contradicts."""
        known = self.known
        if not known:
            return
        seen, own = sight.seen(), sight.own()
        if not own >= self.own - self.moved:
            known.clear()  # cards left its hand by others' doing (hands swapped, passed on, taken): all may have moved
        for c in seen.intersection(known):
            del known[c]  # seen again: it is wherever the view shows it
        if known:  # a player holding fewer hidden cards than are known may have laid any of them: forget theirs
            count: dict = {}
            for p in known.values():
                count[p] = count.get(p, 0) + 1
            held = sight.hidden_held if sight.n else _hidden_by_owner(sight).get  # (a view that names no player)
            for p in [p for p, n in count.items() if n > held(p, 0)]:
                for c in [c for c, q in known.items() if q == p]:
                    del known[c]
        self.own, self.moved = own, set()

    def after(self, game, seat: int, move: m.Move, sight: Sight) -> None:
        """Look at the seat's sight right after its own move (made on a copy with the game's random state, so the
        sight it will have; the real game is not touched) beside `sight`, the one it decided from."""
        if move.kind == "card":
            self.moved.add(move.arg)
        if self.stays.get(move.verb, 0) >= STAYS or self.idle.get(move.verb, 0) >= IDLE:
            return  # this kind of move has always left the card in its sight, or never put one in a hand: nothing to learn
        copy = made_on_copy(game, seat, move)
        if copy is None:
            return
        before, hidden_before = sight.seen(), sight.hidden()
        now = Sight.of_game(copy, seat)
        seen, hidden, own = now.seen(), now.hidden(), now.own()
        if move.kind == "card":
            if move.arg in seen:
                self.stays[move.verb] = self.stays.get(move.verb, 0) + 1
            else:
                self.stays[move.verb] = -10 ** 9  # it can put a card out of sight: always look
        gone = before - seen
        changed = [(place, n - hidden_before.get(place, 0)) for place, n in hidden.items()
                   if n != hidden_before.get(place, 0)]
        if gone and len(changed) == 1 and changed[0][1] == len(gone) and changed[0][0][1] is not None:
            for c in gone:  # nothing else moved out of its sight: they are all there
                self.known[c] = changed[0][0][1]
            self.idle[move.verb] = -10 ** 9  # it can put a card in a hand: always look
        elif gone:
            self.idle[move.verb] = self.idle.get(move.verb, 0) + 1
        for c in seen.intersection(self.known):
            del self.known[c]
        self.own, self.moved = own, set()

    def held_by(self, player: int) -> list:
        return [c for c, p in self.known.items() if p == player]


def _hidden_by_owner(sight: Sight) -> dict:
    """player -> how many of their cards (in every zone per player) the sight does not show."""
    held: dict = {}
    for (_, owner), n in sight.hidden().items():
        if owner is not None:
            held[owner] = held.get(owner, 0) + n
    return held


def made_on_copy(game, seat: int, move: m.Move, record: bool = False):
    """The state right after the seat's own move, made on a copy of the game with its random state (so it is what the
    seat will see; the real game is not touched), recording events if `record`; None if the move is refused or
    fails (nothing is learnt from it)."""
    st = game.state if hasattr(game, "state") else game
    copy = fork(st)
    copy.rng = Later(st.rng)  # a generator given the game's state if the move uses it (most do not)
    if record:
        copy.record = True
    try:
        m.apply(copy, seat, move, checked=False)
    except Exception:  # noqa: BLE001 - the move is refused or fails
        return None
    return copy


class Claims:
    """What a seat saw of claims put to the test by its own doubts: for each player, how many of their claims were
    shown true and how many false, and where the cards a doubt turned up went (into `where`, a `Whereabouts`).
    Learnt from the events of its own doubting move as its seat is told them (the move is made on a copy with
    the game's random state, so the events are those the real game will tell it; the real game is not touched):
    the cards the reveal shows it, then the moves that carry them into a player's hidden cards."""

    def __init__(self):
        self.shown: dict = {}  # player -> [claims shown true, claims shown false]

    def false_rate(self, player: int) -> float:
        """The share of the player's tested claims that were false, with one of each counted beforehand (0.5 when
        none was tested)."""
        true, false = self.shown.get(player, (0, 0))
        return (false + 1) / (true + false + 2)

    def after(self, game, seat: int, move: m.Move, claim: dict, fits, where: Whereabouts) -> None:
        """After its own move `move` that turns up the cards of `claim` (the view's claim, another player's):
        whether the claim was true (`fits(card)`: does a card fit what the claim said), and where its cards went."""
        copy = made_on_copy(game, seat, move, record=True)
        if copy is None:
            return
        shown: list = []  # the cards turned up that this seat was shown (as it is told: the raw event's ids where
        for ev in copy.events:  # its projection names the card)
            kind = ev.type
            if kind == "reveal":
                if not shown:
                    told = project_event(copy, ev, seat).cards
                    shown = [c for c, t in zip(ev.cards, told) if t is not None]
                    shown_set = set(shown)
                continue
            if kind != "move" or not shown or ev.face == "up":
                continue
            owner = ev.dst_owner
            hidden = owner is not None and owner != seat and not zone_shows(
                copy.program.zones[ev.dst].visibility, owner, seat)
            if not hidden or shown_set.isdisjoint(ev.cards):
                continue  # a move that takes no card it was shown into a hand it cannot see: nothing to learn (the
                # projection, the dearest part, is made only for a move that can teach it something)
            told = project_event(copy, ev, seat).cards
            for c, t in zip(ev.cards, told):
                if t is not None and c in shown_set:
                    where.known[c] = owner  # shown to it, then taken into a hand it cannot see
        if len(shown) == claim["count"]:
            tally = self.shown.setdefault(claim["player"], [0, 0])
            tally[0 if all(fits(c) for c in shown) else 1] += 1


class Asks:
    """What a seat learns of others' hidden cards from asks, its own and others', seen from its seat.

    Refused: a move of its own aimed at another player for a value (`ask Ada nine`; or a player chosen, then a value,
    in the same turn) that took no card from that player's hidden cards says they hold none of that value, when the
    rules would have taken one had they held it (tried once on a sample of the hidden cards with such a card dealt to
    them: a rule that lets the askee refuse, or takes from elsewhere, teaches nothing).  The fact holds until the
    player gets cards: each card seen to come into their hidden cards since lets one card of that value back into
    their hand in a sample (`determinize`'s `refused`).

    Taken: cards of its own that left its hand by others' doing, out of its sight, when one other player holds hidden
    cards, their hidden cards grew by at least as many and no other place it cannot see grew, are known to be that
    player's (`known`; `determinize`'s `taken`), until it sees them again, or the player loses more hidden cards than
    came into sight meanwhile.  With more players holding cards the counts cannot tell who took them: a card taken
    by one may have been drawn from them by the next between two of its looks (at four players of a game of drawing
    from the next hand, the search won 2.1 ± 1.6 points less than greedy in its seat, 400 games, believing it).

    Learnt from its own moves made on a copy with the game's random state (what the seat is told of them: which zones
    lost or got cards, never which hidden cards) and from its sight at its decisions; forgotten at a new hand."""

    def __init__(self):
        self.facts: dict = {}  # player -> {cards of the value asked for: their `gained` when it was learnt}
        self.known: dict = {}  # card -> the player who took it from this seat's hand
        self.gained: list = []  # player -> cards seen to come into their hidden cards this hand
        self.held: list = []  # player -> their hidden cards when it last looked (or after its last move)
        self.shared: dict = {}  # (zone, None) -> hidden cards of a place of no player's, as `held`
        self.own = None  # its own cards after its last move (None: not known)
        self.seen = 0  # how many cards it saw, as `held`
        self.hand = None
        self.aim = None  # (turn, player) chosen by a move of its own this turn (a value may follow)

    def look(self, sight: Sight) -> None:
        """At a decision of the seat's: count the cards each player got since, and see what was taken from it."""
        if sight.hand != self.hand or len(self.held) != sight.n:
            self.hand, self.facts, self.known, self.aim, self.own = sight.hand, {}, {}, None, None
            self.gained, self.held = [0] * sight.n, [sight.hidden_held(p) for p in range(sight.n)]
            self.shared = _shared(sight)
            self.seen = len(sight.seen())
            return
        seen, n, shared = sight.seen(), sight.n, _shared(sight)
        now = [sight.hidden_held(p) for p in range(n)]
        grew = [p for p in range(n) if now[p] > self.held[p]]
        came = len(seen) - self.seen  # cards that came into its sight since (or left it, below 0)
        others = [p for p in range(n) if p != sight.seat and (now[p] or self.held[p])]
        if self.own is not None and len(others) == 1:
            gone = self.own - sight.own() - seen
            stock_grew = any(v > self.shared.get(k, 0) for k, v in shared.items())
            if gone and grew == others and now[grew[0]] - self.held[grew[0]] >= len(gone) and not stock_grew:
                for c in gone:
                    self.known[c] = grew[0]
        for p in range(n):
            if now[p] > self.held[p]:
                self.gained[p] += now[p] - self.held[p]
            elif self.held[p] - now[p] > max(0, came) and self.known:
                for c in [c for c, q in self.known.items() if q == p]:
                    del self.known[c]  # lost more than came into sight: passed on, maybe
        for c in seen.intersection(self.known):
            del self.known[c]
        self.held, self.own, self.seen, self.shared = now, None, len(seen), shared

    def refused(self) -> list:
        """(player, cards, how many of them the player may hold) for each fact: `determinize`'s `refused`."""
        return [(p, cards, self.gained[p] - at) for p, facts in self.facts.items() for cards, at in facts.items()]

    def after(self, game, seat: int, move: m.Move, sight: Sight, fits) -> None:
        """After its own move `move`, decided from `sight`; `fits(card, value)`: does a card have that value."""
        if not self.held:
            return
        st = getattr(game, "state", game)
        copy = made_on_copy(st, seat, move, record=True)
        if copy is None:
            self.own = None
            return
        took = self._count(copy, seat)
        now = Sight.of_game(copy, seat)
        self.own, self.seen = now.own(), len(now.seen())
        self.shared = _shared(now)
        for c in now.seen().intersection(self.known):
            del self.known[c]
        if move.kind == "player":
            self.aim = (sight.turn, move.arg)
            return
        if move.kind == "several":
            player = aimed_at(sight, move)
            values = list(move.arg)
            if player in values:
                values.remove(player)
        elif move.kind in ("value", "number") and self.aim is not None and self.aim[0] == sight.turn:
            player, values = self.aim[1], [move.arg]
        else:
            return
        values = [v for v in values if isinstance(v, (str, int)) and not isinstance(v, bool)]
        if player is None or player == seat or player >= sight.n or not values:
            return
        asked = frozenset(c for c in range(st.program.deck_size) if any(fits(c, v) for v in values))
        if not asked:
            return
        if took.get(player):
            self.facts.get(player, {}).pop(asked, None)
        elif sight.hidden_held(player) and self._would_take(st, seat, move, player, asked):
            self.facts.setdefault(player, {})[asked] = self.gained[player]

    def _count(self, copy, seat: int) -> dict:
        """From the events of its move made on a copy: player -> cards that left their hidden places; the cards that
        came into them are counted as got (`gained`), so that the next look measures from there."""
        zones, took = copy.program.zones, {}
        for ev in copy.events:
            if ev.type != "move":
                continue
            n = len(ev.cards)
            src, dst = ev.src_owner, ev.dst_owner
            if src is not None and src != seat and src < len(self.held) and \
                    not zone_shows(zones[ev.src].visibility, src, seat):
                took[src] = took.get(src, 0) + n
                self.held[src] = max(0, self.held[src] - n)
            if dst is not None and dst != seat and dst < len(self.held) and \
                    not zone_shows(zones[ev.dst].visibility, dst, seat) and ev.face != "up":
                self.gained[dst] += n
                self.held[dst] += n
        return took

    def _would_take(self, st, seat: int, move: m.Move, player: int, asked: frozenset) -> bool:
        """Would the move have taken a card from `player` had they held one of `asked`: tried on a sample of the
        hidden cards (from the seat's view) with one such card dealt into their hidden cards."""
        sample = determinize(st, seat, random.Random(0))
        places, hidden, held_by, _ = gather(sample, seat)
        mine = [i for i, p in enumerate(held_by) if p == player]
        elsewhere = [j for j, p in enumerate(held_by) if p != player and hidden[j] in asked]
        if not mine or not elsewhere:
            return False
        if not any(hidden[i] in asked for i in mine):
            i, j = mine[0], elsewhere[0]
            spots = _spots(sample, places)
            (zi, ai), (zj, aj) = spots[i], spots[j]
            zi[ai], zj[aj] = zj[aj], zi[ai]
        copy = made_on_copy(sample, seat, move, record=True)
        if copy is None:
            return False
        zones = copy.program.zones
        return any(ev.type == "move" and ev.src_owner == player and not zone_shows(zones[ev.src].visibility, player, seat)
                   for ev in copy.events)


def _shared(sight: Sight) -> dict:
    """(zone, None) -> hidden cards of each place of no player's (a stock): `Asks.shared`."""
    return {k: v for k, v in sight.hidden().items() if k[1] is None}


def _spots(st, places) -> list:
    """(the zone's list, the index in it) of each hidden card, in `gather`'s order."""
    out = []
    for zi, owner, at in places:
        z = st.zones[zi] if owner is None else st.zones[zi][owner]
        out += [(z, i) for i in (range(len(z)) if at is None else at)]
    return out
