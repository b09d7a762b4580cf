"""What a seat remembers of where cards went: a card of its own that its own move put out of its sight into one
player's hidden cards is known to be there.  Learnt from the seat's views alone: right after a move of its own
that moves a card (the view then is its to see), the cards it saw before the move and sees no more went to the one
place whose hidden cards changed, when that is one player's and it grew by as many.  Between its moves others'
moves are not seen one by one (hands swapped, piles taken, cards passed on), so it learns nothing there: at its
decisions it only forgets a card it sees again, all it knows of a player holding fewer hidden cards than that,
and everything when cards left its own hand by others' doing."""
from __future__ import annotations

from .. import seat as m  # the machine as the seat API hands it to a bot's look-ahead
from ..view import project_event, zone_shows
from .odds import Sight
from .samples import Later, fork


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
            held: dict = {}
            for (name, owner), n in sight.hidden().items():
                if owner is not None:
                    held[owner] = held.get(owner, 0) + n
            count: dict = {}
            for p in known.values():
                count[p] = count.get(p, 0) + 1
            for p in [p for p, n in count.items() if n > held.get(p, 0)]:
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
