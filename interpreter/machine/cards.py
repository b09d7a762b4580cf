"""Cards and zones: where a card is, moving cards, faces, shuffling, a stacked deck, dealing."""
from __future__ import annotations

from array import array

import attrs

from ..errors import RuntimeRulesError
from ..events import DealEvent, MoveEvent, RefillEvent, SayEvent, ShuffleEvent
from ..shuffling import shuffle as shuffle_in_place
from ..view import visible
from .state import State


def card_name(st: State, cid) -> str:
    return st.program.cards[cid].name


def find_card(st: State, cid: int):
    """(zone index, owner) of a card: every card is in exactly one zone.  Cards moved by name are mostly chosen
    from the current player's hand or taken from the top of a pile, so those places are looked at first."""
    zones = st.zones
    cur = st.current
    order = st.program.search_order
    for zi, per_player in order:
        if per_player:
            if cid in zones[zi][cur]:
                return zi, cur
        else:
            z = zones[zi]
            if z and z[-1] == cid:
                return zi, None
    for zi, per_player in order:
        z = zones[zi]
        if per_player:
            for p, h in enumerate(z):
                if p != cur and cid in h:
                    return zi, p
        elif cid in z:
            return zi, None
    raise RuntimeRulesError(f"card {card_name(st, cid)} is in no zone")


def _take(zone: list, cid: int) -> None:
    """Take a card out of a zone: from the top at once, or looked for."""
    if zone[-1] == cid:
        zone.pop()
    else:
        zone.remove(cid)


def refill(st: State, zi: int, owner) -> None:
    """An emptied zone made anew from the one it refills from, shuffled: a player's own from that player's
    (`zone deck hidden per player refill from discard keep 0`, each player's deck from their discard pile)."""
    spec = st.program.zones[zi]
    if spec.refill_from is None:
        return
    src = st.zone(spec.refill_from, owner)
    keep = spec.refill_keep
    if len(src) <= keep:
        return
    moving = src[: len(src) - keep]
    del src[: len(src) - keep]
    for cid in moving:
        st.facedown.pop(cid, None)
    shuffle_list(st, moving)
    st.zone(zi, owner)[:0] = moving
    if st.revealed:
        unreveal(st, (spec.refill_from, owner), moving, (zi, owner))
    if st.record:
        st.emit(RefillEvent(zone=spec.name, source=st.program.zones[spec.refill_from].name, count=len(moving),
                            owner=owner))


def move_cards(st: State, cards: list, dest: tuple, face: str | None, under: int | None = None) -> None:
    """Move particular cards (wherever they are) to the top of a zone, or, given `under`, into it with that many of
    its cards above them (`move c to draw under 3`; its size or more: at the bottom)."""
    zi, owner = dest
    target = st.zones[zi] if owner is None else st.zones[zi][owner]
    if under is not None:
        if under.__class__ is not int:  # (in play: the value is not told, `State.in_play`)
            given = "something else" if st.in_play() else repr(under)
            raise RuntimeRulesError(f"`under` takes a number of cards, and was given {given}")
        if under < 0:
            count = "a negative number of" if st.in_play() else str(under)
            raise RuntimeRulesError(f"cannot put cards under {count} cards of the {st.program.zones[zi].name} pile"
                                    + ("" if st.in_play() else ": a count of cards cannot be negative"))
        cards = list(dict.fromkeys(cards))  # (a card named twice goes in once, as on top)
    st.steps += len(cards)  # the runaway bound counts work, not only instructions
    record = st.record
    revealed = st.revealed
    if record or revealed:
        by_zone: dict = {}
    if record:
        was_down = {c: st.facedown[c] for c in cards if c in st.facedown}
    zones = st.zones
    for cid in cards:
        loc = find_card(st, cid)
        _take(zones[loc[0]] if loc[1] is None else zones[loc[0]][loc[1]], cid)
        target.append(cid)
        if record or revealed:
            by_zone.setdefault(loc, []).append(cid)
        if face is not None:
            _set_face(st, cid, face, _knower(st, *loc))
    bottom = None
    if under is not None:  # the cards just put on top go down under `under` of the others
        put = len(target) - len(cards)  # where they were put
        above = min(under, put)
        bottom = 0 < above == put
        if above:
            target[put - above:] = target[put:] + target[put - above:put]
        under = above
    if revealed:
        for loc, ids in by_zone.items():
            unreveal(st, loc, ids, dest)
    if st.chosen is not None:
        _mark_chosen(st, cards, zi, face)
    if record:
        for (szi, sowner), ids in by_zone.items():
            st.emit(MoveEvent(cards=ids, src=szi, src_owner=sowner, dst=zi, dst_owner=owner, face=face,
                              was_down={c: k for c, k in was_down.items() if c in ids}, under=under,
                              bottom=bottom or None))


def move_card(st: State, cid, dest: tuple, face: str | None) -> None:
    """Move one card (or none) to the top of a zone: `move c to ZONE`."""
    if cid is None:
        return
    if st.record or st.chosen is not None:
        move_cards(st, [cid], dest, face)
        return
    zi, owner = dest
    zones = st.zones
    szi, sowner = find_card(st, cid)
    src = zones[szi] if sowner is None else zones[szi][sowner]
    if src[-1] == cid:  # (`_take` written in)
        src.pop()
    else:
        src.remove(cid)
    (zones[zi] if owner is None else zones[zi][owner]).append(cid)
    if face is not None:  # (`_set_face` and `_knower` written in)
        if face == "down":
            down = st.facedown
            if cid not in down:
                vis = st.program.zones[szi].visibility
                down[cid] = (_NOBODY if vis == "hidden" else frozenset(range(len(st.names))) if vis == "public"
                             else _KNOWS[sowner] if sowner < len(_KNOWS) else frozenset((sowner,)))
        elif face == "up":
            st.facedown.pop(cid, None)
    if st.revealed and (szi, sowner) in st.revealed_in:
        unreveal(st, (szi, sowner), (cid,), dest)
    st.steps += 1


def move_zone(st: State, src: tuple, dest: tuple, face: str | None) -> None:
    """Move every card of a zone to the top of another, in order (what `move ZONE to ZONE` does)."""
    szi, sowner = src
    source = st.zones[szi] if sowner is None else st.zones[szi][sowner]
    if not source:
        return
    if src == dest:
        move_cards(st, list(source), dest, face)  # to its own top: in place, faces as asked
        return
    zi, owner = dest
    target = st.zones[zi] if owner is None else st.zones[zi][owner]
    cards = source[:]
    source.clear()
    st.steps += len(cards)
    if st.record:
        was_down = {c: st.facedown[c] for c in cards if c in st.facedown}
    target += cards
    if face is not None:
        knower = _knower(st, szi, sowner)
        for cid in cards:
            _set_face(st, cid, face, knower)
    if st.revealed:
        unreveal(st, src, cards, dest)
    if st.chosen is not None:
        _mark_chosen(st, cards, zi, face)
    if st.record:
        st.emit(MoveEvent(cards=cards, src=szi, src_owner=sowner, dst=zi, dst_owner=owner, face=face,
                           was_down=was_down))


def move_top(st: State, count: int, src: tuple, dest: tuple, face: str | None):
    """Move up to `count` cards from the top of a zone; returns the last card moved, or None."""
    szi, sowner = src
    zi, owner = dest
    zones = st.zones
    source = zones[szi] if sowner is None else zones[szi][sowner]
    target = zones[zi] if owner is None else zones[zi][owner]
    if count == 1 and source and face is None and not st.record and st.chosen is None:  # a draw, in a simulation
        cid = source.pop()
        target.append(cid)
        st.steps += 1
        if st.revealed and (szi, sowner) in st.revealed_in:
            unreveal(st, src, (cid,), dest)
        return cid
    moved = []
    was_down = {}
    if count < 0:
        raise RuntimeRulesError(f"cannot move cards from the {st.program.zones[szi].name} pile: a count of cards "
                                "cannot be negative")  # (the count not told: it may be worked out from hidden cards)
    count = min(count, st.program.deck_size)  # no statement moves more cards than the game has
    st.steps += count
    for _ in range(count):
        if not source:
            refill(st, szi, sowner)
            if not source:
                break
        cid = source.pop()
        if cid in st.facedown:
            was_down[cid] = st.facedown[cid]
        target.append(cid)
        moved.append(cid)
        if face is not None:
            _set_face(st, cid, face, _knower(st, szi, sowner))
    if st.revealed and moved and (szi, sowner) in st.revealed_in:
        unreveal(st, src, moved, dest)
    if st.chosen is not None and moved:
        _mark_chosen(st, moved, zi, face)
    if st.record and moved:
        st.emit(MoveEvent(cards=moved, src=szi, src_owner=sowner, dst=zi, dst_owner=owner, face=face,
                           was_down=was_down))
    if len(moved) < count and st.record:
        name, said = st.program.zones[szi].name.replace("_", " "), f"is empty: {len(moved)} of {count} cards moved"
        if sowner is None:
            st.emit(SayEvent(f"the {name} pile {said}"))
        else:  # a player's own pile: theirs by name, "your" to them
            st.emit(SayEvent(f"{st.names[sowner]}'s {name} {said}", sowner, f"your {name} {said}"))
    return moved[-1] if moved else None


def _mark_chosen(st: State, cards, zi: int, face) -> None:
    """The card a player chose has moved: the table may learn the choice if the card now lies face up in public."""
    ev = st.chosen
    if ev.card in cards:
        public = st.program.zones[zi].visibility == "public" and face != "down" and ev.card not in st.facedown
        st.events[st.chosen_at] = attrs.evolve(ev, public=public)  # the record in its place, packed or not
        st.chosen = None


_KNOWS = tuple(frozenset((p,)) for p in range(16))  # who knows a card laid face down from its owner's hand
_NOBODY = frozenset()


def _knower(st: State, szi: int, sowner):
    """Who knows a card laid face down from zone `szi` of `sowner`: the seats that saw it there.  A private zone's
    owner; every seat for a card that lay face up in a public zone (a pile, or a player's cards laid out); nobody
    for a hidden zone's card (a stack its owner does not see either)."""
    vis = st.program.zones[szi].visibility
    if vis == "hidden":
        return _NOBODY
    if vis == "public":
        return frozenset(range(len(st.names)))
    return _KNOWS[sowner] if sowner < len(_KNOWS) else frozenset((sowner,))


def _set_face(st: State, cid: int, face: str | None, knower) -> None:
    """`face down`: hidden from all but the seats that saw it (`_knower`); `face up`: shown; otherwise as it was."""
    if face == "down":
        if cid not in st.facedown:
            st.facedown[cid] = knower
    elif face == "up":
        st.facedown.pop(cid, None)


def unreveal(st: State, src: tuple, cards, dest: tuple) -> None:
    """`cards` have moved from zone `src` to `dest` while some card lies where a `reveal` showed it (`st.revealed`):
    they are seen where they lie now as that place says (face down, by who knew them).  A seat that knew cards of
    `src` by a `reveal` and does not see where each moved card went cannot tell which cards left: it knows none of
    `src`'s any more (only its own rule's seers do).  Called after the cards moved and were turned."""
    counts = st.revealed_in
    src = (src[0], src[1])
    if src == (dest[0], dest[1]):  # moved within their zone (`move hand(p) to hand(p)`): they lie where they were shown
        return
    n = counts.get(src)
    if not n:  # no card of `src` was shown: neither the cards moved nor any left there
        return
    revealed = st.revealed
    for cid in cards:
        if revealed.pop(cid, None) is not None:
            n -= 1
    if not n:
        del counts[src]
        return
    zi, owner = dest
    if st.program.zones[zi].visibility == "public" and st.facedown.keys().isdisjoint(cards):
        counts[src] = n  # laid face up where every seat sees them (a card played): no one loses sight of the others
        return
    held = revealed.keys() & st.zone(*src)
    vis = st.program.zones[src[0]].visibility
    own = frozenset((src[1],)) if vis == "private" and src[1] is not None else _NOBODY
    follows: dict = {}  # seat -> whether it sees every moved card where it lies now

    def follow(seat) -> bool:
        got = follows.get(seat)
        if got is None:
            got = follows[seat] = all(visible(st, c, zi, owner, seat) for c in cards)
        return got

    lost = frozenset(s for s in frozenset().union(*[revealed[c] for c in held]) if s not in own and not follow(s))
    if lost:  # (a card played face up where all see it: none lost, nothing to change)
        for c in held:
            keep = revealed[c] - lost
            if keep <= own:
                del revealed[c]
                n -= 1
            else:
                revealed[c] = keep
    if n:
        counts[src] = n
    else:
        del counts[src]


def shuffle_list(st: State, xs: list) -> None:
    """Every use of the game's random generator: the snapshots that have not saved its state save it first."""
    if st.rng_guards:
        version, words, gauss = st.rng.getstate()
        state = (version, array("I", words), gauss)  # 2.5 KB, not a tuple of 625 ints (24 KB)
        keep = []
        for rng, snap in st.rng_guards:
            if rng is st.rng:
                snap["rng"] = state
            else:
                keep.append((rng, snap))
        st.rng_guards = keep
    st.rng_uses += 1
    shuffle_in_place(st.rng, xs)


def shuffle(st: State, ref: tuple) -> None:
    z = st.zone(*ref)
    st.steps += len(z)
    shuffle_list(st, z)
    down = st.facedown
    if down:  # a face-down card shuffled: whoever knew it no longer knows where it lies
        for cid in z:
            if cid in down:
                down[cid] = _NOBODY
    if st.revealed and st.revealed_in.pop((ref[0], ref[1]), None):  # and a card shown where it lay: nor does whoever
        revealed = st.revealed                                        # was shown it
        for cid in z:
            revealed.pop(cid, None)
    if st.record:
        st.emit(ShuffleEvent(zone=st.program.zones[ref[0]].name, owner=ref[1]))
    if st.stacked is not None and ref[0] == st.program.deck_zone and ref[1] is None:
        _stack_deck(st, z)


def _stack_deck(st: State, z: list) -> None:
    """Put the named cards on top of the shuffled deck, the first name on top."""
    chosen = []
    pool = list(z)
    for name in st.stacked:
        ids = [cid for cid in st.program.card_by_text(name) if cid in pool and cid not in chosen]
        if not ids:
            known = st.program.card_by_text(name)
            why = "there are not that many of it in the deck" if known else "no card of this game is called that"
            shown = name if str(name).isprintable() else ascii(name)[1:-1]  # a file's escape sequence, not obeyed
            raise RuntimeRulesError(f"--stack names `{shown}`, but {why}")
        chosen.append(ids[0])
    rest = [c for c in z if c not in set(chosen)]
    z[:] = rest + chosen[::-1]
    st.stacked = None


def deal(st: State, count, src: tuple, zi: int) -> None:
    """Deal `count` cards to each player in turn order, one at a time from the top of `src` (refilled
    as a draw would be); all of it if `count` is none."""
    source = st.zone(*src)
    if count is None:
        count = len(source) // st.n
    if count < 0:
        raise RuntimeRulesError("cannot deal cards to each player: a count of cards cannot be negative")
    hands = st.zones[zi]
    order = [(st.current + i * st.direction) % st.n for i in range(st.n)]
    dealt = {p: [] for p in range(st.n)}
    count = min(count, st.program.deck_size)
    total = count * st.n
    if total <= len(source) and all(h is not source for h in hands):  # the same cards to the same players, by slices
        taken = source[len(source) - total:]
        del source[len(source) - total:]
        taken.reverse()  # in the order they come off the top
        for i, p in enumerate(order):
            dealt[p] = cards = taken[i::st.n]
            hands[p] += cards
        _dealt(st, dealt, total, src, zi)
        return
    record, st.record = st.record, False  # one `deal` event says it all
    moved = 0
    try:
        for _ in range(count):
            for p in order:
                if not source:
                    refill(st, src[0], src[1])
                    if not source:
                        break
                cid = source.pop()
                hands[p].append(cid)
                dealt[p].append(cid)
                moved += 1
            else:
                continue
            break
    finally:
        st.record = record
    _dealt(st, dealt, moved, src, zi)


def _dealt(st: State, dealt: dict, moved: int, src: tuple, zi: int) -> None:
    st.steps += moved
    if st.revealed and st.revealed_in.get((src[0], src[1])):  # a card of the source shown: each hand's cards dealt
        for p, cards in dealt.items():
            if cards:
                unreveal(st, src, cards, (zi, p))
    if st.chosen is not None and moved:
        _mark_chosen(st, [c for cs in dealt.values() for c in cs], zi, None)
    if st.record:
        st.emit(DealEvent(zone=zi, src=src[0], cards=dealt))
