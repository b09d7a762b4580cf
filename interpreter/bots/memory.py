"""What a seat remembers of the cards it has seen: a card it saw (its own) that its own move put out of its
sight into one player's hidden cards is still known to be there.  Learnt from the seat's views alone: right after
a move of its own that moves a card (the view then is its to see), the cards it saw before the move that it sees
no more went to the one place whose hidden cards changed, when that is one player's and it grew by as many.  Between its moves others' moves are not seen one by one (hands swapped, piles taken, cards passed on), so
it learns nothing there: it only forgets a card it sees again, or all it knows of a player who holds fewer
hidden cards than it knows of."""
from __future__ import annotations

import random

from .. import machine as m
from ..view import view as view_of
from .samples import fork


class Whereabouts:
    """card -> the player known to hold it hidden, from the seat's views."""

    def __init__(self):
        self.known: dict = {}  # card -> player holding it (hidden to this seat)
        self.last: set = set()  # the cards the seat saw at its last look
        self.hidden: dict = {}  # (zone name, owner) -> how many cards there it could not see at its last look
        self.own: set = set()  # the cards it held at its last look
        self.moved: set = set()  # ... that it has moved itself since

    def look(self, view: dict, learn: bool = False) -> None:
        seen, hidden = set(), {}
        for name, z in view["zones"].items():
            for owner, part in (enumerate(z) if isinstance(z, list) else ((None, z),)):
                cards = part["cards"]
                seen.update(c for c in cards if c is not None)
                hidden[(name, owner)] = part["size"] - sum(1 for c in cards if c is not None)
        seat = view["seat"]
        own = {c for z in view["zones"].values() if isinstance(z, list) for c in z[seat]["cards"] if c is not None}
        known = self.known
        if known and not learn and not own >= self.own - self.moved:
            known.clear()  # cards left its hand by others' doing (hands swapped, passed on, taken): all may have moved
        for c in seen.intersection(known):
            del known[c]  # seen again: it is wherever the view shows it
        gone = self.last - seen
        if learn and gone and self.hidden:
            changed = [(place, n - self.hidden.get(place, 0)) for place, n in hidden.items()
                       if n != self.hidden.get(place, 0)]
            if len(changed) == 1 and changed[0][1] == len(gone) and changed[0][0][1] is not None:
                for c in gone:  # nothing else moved out of its sight: they are all there
                    known[c] = changed[0][0][1]
        if known:  # a player holding fewer hidden cards than are known may have laid any of them: forget theirs
            held: dict = {}
            for (name, owner), n in hidden.items():
                if owner is not None:
                    held[owner] = held.get(owner, 0) + n
            count: dict = {}
            for p in known.values():
                count[p] = count.get(p, 0) + 1
            for p in [p for p, n in count.items() if n > held.get(p, 0)]:
                for c in [c for c, q in known.items() if q == p]:
                    del known[c]
        self.last, self.hidden, self.own = seen, hidden, own
        self.moved = set()

    def after(self, game, seat: int, move: m.Move) -> None:
        """Look at the seat's view right after its own move (made on a copy; the real game is not touched)."""
        st = game.state if hasattr(game, "state") else game
        if move.kind == "card":
            self.moved.add(move.arg)
        copy = fork(st)
        copy.rng = random.Random()
        copy.rng.setstate(st.rng.getstate())  # the copy's draws are the game's: its view is the one the seat will have
        try:
            m.apply(copy, seat, move, checked=False)
        except Exception:  # noqa: BLE001 - the move is refused or fails: it learns nothing from it
            return
        self.look(view_of(copy, seat), learn=True)

    def held_by(self, player: int) -> list:
        return [c for c, p in self.known.items() if p == player]
