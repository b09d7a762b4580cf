"""Blind picks: an option over cards its chooser may not see offers them by place (`take #2`), never by name."""
from __future__ import annotations

from . import machine as m
from .view import zone_shows


def offer_seen(st, player: int, out: list, specs, env: dict) -> list:
    """`offer` for a decision whose options draw their cards one at a time from where the player sees them (its own
    hand, a public pile: none `blind`), asked while cards lie face down: the moves as they are when none of their
    arguments is a card face down (looked up all at once), as `offer` finds them then."""
    try:
        if st.facedown.keys().isdisjoint([mv.arg for mv in out]):  # (an argument not a card may match: looked at)
            env.pop("$blind", None)
            return out
    except TypeError:  # an argument that is a list
        pass
    return offer(st, player, out, specs, env)


def offer(st, player: int, out: list, specs, env: dict) -> list:
    """A decision's moves as `player` may be offered them.  A card it may not see where it lies (in another's hand,
    face down) is not offered by name but by place: `VERB #k`, k counting the option's hidden cards zone by zone in
    the order its collection gives them, each zone's cards in an order shuffled anew for the decision by the game's
    seeded generator, so that a place tells nothing of its card.  `env["$blind"]` keeps where each such card lies,
    (option, k) -> (zone, owner, index), for the move to find it (a search bot's sample finds its own card there)."""
    deck = st.program.deck_size
    down = st.facedown
    where = Places(st)
    hidden = set()
    looked: dict = {}  # card -> hidden from the player (the cards of sets and of several arguments, looked at once)
    for mv in out:
        if mv.kind == "card":
            # `_hidden` written in (it is asked of every card move while any card lies face down): an option
            # found hidden is not looked at again
            c, i = mv.arg, mv.option
            if c < deck and i not in hidden and (player not in down[c] if c in down else
                                                 specs[i].blind and _unseen(st, c, player, where)):
                hidden.add(i)
        elif mv.kind in ("cards", "several") and mv.option not in hidden:
            spec = specs[mv.option]
            for c in _cards_of(spec, mv.arg, deck):
                if c not in looked:
                    looked[c] = _hidden(st, c, player, spec, where)
                if looked[c]:
                    hidden.add(mv.option)
                    break
    if not hidden:
        env.pop("$blind", None)
        return out
    places: dict = {}
    result: list = []
    done: set = set()
    for mv in out:
        i = mv.option
        if i not in hidden:
            result.append(mv)
        elif i not in done:
            done.add(i)
            spec = specs[i]
            result += _by_place(st, player, spec, env, places, where) if spec.bind is None else \
                _items_by_place(st, player, spec, env, places, where)
    env["$blind"] = places
    return result


class Places:
    """Where cards lie, (zone, owner, index), for one decision's offer: a card asked for is looked for once
    (`find_card`), and the place it lies in is mapped whole, so its other cards (an option's cards mostly lie
    together: a hand) are read from the map; before, `find_card` and `list.index` went over the zones for each."""

    __slots__ = ("st", "at")

    def __init__(self, st):
        self.st = st
        self.at: dict = {}

    def __call__(self, cid: int) -> tuple:
        where = self.at.get(cid)
        if where is None:
            zi, owner = m.find_card(self.st, cid)
            self.at.update({c: (zi, owner, ix) for ix, c in enumerate(self.st.zone(zi, owner))})
            where = self.at[cid]
        return where


def _hidden(st, cid: int, player: int, spec, where: Places) -> bool:
    down = st.facedown
    if cid in down:
        return player not in down[cid]
    if not spec.blind:  # the compiler knows its cards lie where the chooser sees them (its own hand, a public pile)
        return False
    return _unseen(st, cid, player, where)


def _unseen(st, cid: int, player: int, where: Places) -> bool:
    """Whether a card not face down lies where `player` may not see it (and was not shown it there)."""
    revealed = st.revealed
    if revealed and cid in revealed:
        return player not in revealed[cid]
    zi, owner, _ = where(cid)
    return not zone_shows(st.program.zones[zi].visibility, owner, player)


def _by_place(st, player: int, spec, env: dict, places: dict, where: Places) -> list:
    """The moves of one option with hidden cards: the cards it sees by name (one move a name), the others by place."""
    deck = st.program.deck_size
    canon = st.program.canon
    moves = m.card_moves(spec, st.program)
    named, seen = [], set()
    zones: dict = {}  # (zone, owner) -> the indexes of the option's hidden cards there
    for c in spec.legal(st, env):
        if c is None:
            continue
        if c >= deck or not _hidden(st, c, player, spec, where):
            if canon[c] not in seen:
                seen.add(canon[c])
                named.append(moves[c])
            continue
        zi, owner, ix = where(c)
        zones.setdefault((zi, owner), []).append(ix)
    kept = spec.moves  # a card option's moves are its card_moves: `moves` keeps its moves by place
    for k in range(1, len(_number(st, spec, zones, places)) + 1):
        move = kept.get(("#", k))
        if move is None:
            move = kept[("#", k)] = m.Move(spec.verb, k, f"{spec.verb} #{k}", spec.index, spec.doc, kind="blind",
                                           reveals=spec.reveals)
        named.append(move)
    return named


def _number(st, spec, zones: dict, places: dict) -> dict:
    """Number the places of an option's hidden cards, `zones` ((zone, owner) -> their indexes there) zone by zone,
    each zone's in an order shuffled anew by the game's seeded generator: into `places`, (option, k) -> (zone,
    owner, index); and back, (zone, owner, index) -> k."""
    k = 0
    numbers = {}
    for (zi, owner), at in zones.items():
        m.shuffle_list(st, at)
        for ix in at:
            k += 1
            places[(spec.index, k)] = (zi, owner, ix)
            numbers[(zi, owner, ix)] = k
    return numbers


def _cards_of(spec, item: tuple, deck: int) -> list:
    """The cards of the deck among an item's parts: a set's cards, or the arguments of kind card."""
    parts = spec.parts
    return [v for i, v in enumerate(item) if (spec.kind == "cards" or (parts[i] if i < len(parts) else "card") == "card")
            and v.__class__ is int and v < deck]


def _items_by_place(st, player: int, spec, env: dict, places: dict, where: Places) -> list:
    """The moves of an option of sets of cards or of several arguments with hidden cards: each hidden card in them
    by its place (`pass #1 #3`, `ask Ann #2`), numbered as `_by_place` numbers them; the item a move carries holds
    its places as texts (`"#2"`), for the move to find the cards lying there."""
    deck = st.program.deck_size
    if spec.kind == "cards":  # hidden twins are sets apart, as cards that differ would be
        hidden: dict = {}
        items = list(spec.legal(st, env, lambda c: hidden[c] if c in hidden else
                                hidden.setdefault(c, c < deck and _hidden(st, c, player, spec, where))))
    else:
        items = list(spec.legal(st, env))
    zones: dict = {}
    seen_at: dict = {}  # hidden card -> its (zone, owner, index)
    for item in items:
        for c in _cards_of(spec, item, deck):
            if c not in seen_at and _hidden(st, c, player, spec, where):
                seen_at[c] = zi, owner, ix = where(c)
                zones.setdefault((zi, owner), []).append(ix)
    for at in zones.values():
        at.sort()  # the zone's order, then shuffled: the same places whatever order the items came in
    place_of = {where: f"#{k}" for where, k in _number(st, spec, zones, places).items()}
    parts = spec.parts
    kinds = [parts[i] if spec.kind == "several" and i < len(parts) else "card" for i in range(max(map(len, items)))]
    made: dict = {}
    for item in items:
        arg = tuple(place_of[seen_at[v]] if kinds[i] == "card" and v.__class__ is int and v in seen_at else v
                    for i, v in enumerate(item))
        if spec.kind == "cards":  # a set: its places in order, after the cards it names
            arg = tuple(sorted(arg, key=_place_order))
        if arg not in made:
            made[arg] = " ".join([spec.verb, *(v if kinds[i] == "card" and v.__class__ is str else
                                               m.arg_text(st, v, kinds[i]) for i, v in enumerate(arg))])
    return [m.Move(spec.verb, arg, text, spec.index, spec.doc, kind=spec.kind, reveals=spec.reveals)
            for arg, text in sorted(made.items(), key=lambda a: [_place_order(v) for v in a[0]])]


def _place_order(v) -> tuple:
    """A part of an item, ordered: what it names, in the option's order, then places by number."""
    return (1, int(v[1:])) if v.__class__ is str and v[:1] == "#" else (0, 0)
