"""The one projection of a game onto a seat: views, events and narration (`narrator`) all go through `visible`."""
from __future__ import annotations

import attrs

from .events import CallEvent, ChoiceEvent, ClaimEvent, DealEvent, Event, MoveEvent, RevealEvent, SayEvent


def visible(st, cid: int, zi: int, owner, seat) -> bool:
    """May `seat` see card `cid` lying in zone `zi` (of `owner`)?  A face-down card only those who know it; a card a
    `reveal` showed where it lies those it was shown to too (`knowers`)."""
    if cid in st.facedown:
        return seat in st.facedown[cid]
    revealed = st.revealed
    if revealed and cid in revealed:
        return seat in revealed[cid]
    return zone_shows(st.program.zones[zi].visibility, owner, seat)


def knowers(st) -> dict:
    """card -> the seats that see it, for the cards seen otherwise than their zone's rule says: laid face down
    (`st.facedown`), or shown by a `reveal` where they lie, a private or hidden zone (`st.revealed`).  The state's
    own dict while only one of the two holds cards (to read, not to keep)."""
    revealed = st.revealed
    if not revealed:
        return st.facedown
    facedown = st.facedown
    return {**revealed, **facedown} if facedown else revealed


def sees_card(st, cid: int, seat) -> bool:
    """May `seat` (None: the table) see card `cid` where it lies now?  (`visible` where it lies: a card face down or
    shown is known by who knows it wherever it lies, so its zone is looked for only otherwise.)"""
    down = st.facedown
    if cid in down:
        return seat in down[cid]
    revealed = st.revealed
    if revealed and cid in revealed:
        return seat in revealed[cid]
    p = st.program
    if cid >= p.deck_size:  # a claim's card (a name said, not a card of the deck) lies nowhere: known to all
        return True
    for zi, (per, z) in enumerate(zip(p.per_player, st.zones)):  # the piles' tops first: a card named by a variable
        if not per and z and z[-1] == cid:  # or a text has mostly just been played onto one
            return zone_shows(p.zones[zi].visibility, None, seat)
    for zi, (per, z) in enumerate(zip(p.per_player, st.zones)):
        if per:
            for owner, pile in enumerate(z):
                if cid in pile:
                    return zone_shows(p.zones[zi].visibility, owner, seat)
        elif cid in z:
            return zone_shows(p.zones[zi].visibility, None, seat)
    return True


def card_seer(st, seat):
    """`sees_card` for many cards of one state (a `where`'s, `ops.check_wheres`): the table's piles' top cards (where
    a card is mostly looked for) indexed once, not looked for pile by pile for each card; the state must not change
    while it is used."""
    p, zones, down, revealed = st.program, st.zones, st.facedown, st.revealed
    tops = {z[-1]: zi for zi, (per, z) in enumerate(zip(p.per_player, zones)) if not per and z}

    def sees(cid: int) -> bool:
        if cid in down or revealed and cid in revealed or cid >= p.deck_size:
            return sees_card(st, cid, seat)
        zi = tops.get(cid)
        return sees_card(st, cid, seat) if zi is None else zone_shows(p.zones[zi].visibility, None, seat)
    return sees


def zone_shows(visibility: str, owner, seat) -> bool:
    """Does a zone (of `owner`) show its face-up cards to `seat`: a public one to all, a private one to its owner."""
    return visibility == "public" or (visibility == "private" and seat is not None and owner == seat)


def view(st, seat) -> dict:
    p = st.program
    zones = {}
    down = knowers(st)
    for spec, z in zip(p.zones, st.zones):  # what `visible` says of each card, each zone's rule looked at once
        vis = spec.visibility
        if spec.per_player:
            zones[spec.name] = [{"size": len(h), "cards": _seen(h, zone_shows(vis, o, seat), down, seat)}
                                for o, h in enumerate(z)]
        else:
            zones[spec.name] = {"size": len(z), "cards": _seen(z, zone_shows(vis, None, seat), down, seat)}
    values, pvalues = seen_vars(st, seat)
    d = st.pending
    pending = None
    if d is not None:
        # The prompt may name what only the decider knows ("you drew Red 8"): it is theirs alone.
        pending = {"player": d.player, "window": d.window}
        if d.player == seat:
            pending["prompt"] = d.prompt
            pending["options"] = [o.text for o in d.options]
    return {
        "seat": seat,
        "names": list(st.names),
        "current": st.current,
        "direction": st.direction,
        "hand": st.hand_no,
        "turn": st.turns,
        "zones": zones,
        "vars": values,
        "player_vars": pvalues,
        "scores": list(st.pvars["score"]),
        "pending": pending,
        "claim": public_claim(st),
        "over": st.over,
        "winners": list(st.winners),
        "finished": list(st.finished),  # seats out of play by `out`, in order (every seat, once a hand is over)
        "lost": list(st.lost),  # seats knocked out by `lose`, in order
    }


def glance(st, seat) -> tuple:
    """What `seat` may see, with `view`'s masking, read cheaply for a host that looks at every move (the RL
    environment): `(current, direction, pending player or None, window, zones, vars, player vars, claim)`.
    `zones` has an entry per zone of the program (a list of one per owner for a per-player zone): the zone's own
    list of cards when the seat sees every card in it (to read, never to keep or change), a tuple with None for
    each card it may not see when it sees only some (face-down cards known to some), or the number of cards when
    it sees none.  The variables are `seen_vars`' without a copy, the claim `public_claim`'s without its text."""
    p = st.program
    got = _seen_by_program(p, st.n, seat)
    down = knowers(st)
    if down and st.facedown:  # face-down or revealed cards: each seen only by those who know it, wherever it lies
        zones = got[4](st.zones, down.keys(), down, seat)  # (`_seen_by`'s function)
    elif down:  # revealed cards alone: looked for in the zones the state counts them in
        zones = got[6](st.zones, st.revealed_in, down, seat)
    else:  # each zone whole or its size, as `_seen_by` wrote it down for this seat
        zones = got[3](st.zones)
    d = st.pending
    # Masked when a variable may hold a card, or holds a value worked out from cards some seats could not see.
    values, pvalues = seen_vars(st, seat, copy=False) if got[2] or "$seen" in st.vars else (st.vars, st.pvars)
    return (st.current, st.direction, d.player if d is not None else None, d is not None and d.window, zones,
            values, pvalues, public_claim(st, text=False) if st.claim is not None else None)


def glancer(st, seat):
    """`glance(st, seat)` as a function of nothing, for a host that looks at every move of one game (the RL
    environment): the same tuple each call, from a function written for what each zone shows the seat (as
    `_readers` writes them), which reads the zones itself (as `whole` and `seen` do) and finds what the seat sees
    again only when the program changed (a rule written in play)."""
    return _readers(_seen_by_program(st.program, st.n, seat)[1])[2](st, seat, glance)


def _seen_by_program(p, n: int, seat) -> tuple:
    got = _SEEN.get((id(p), n, seat))
    return got if got is not None and got[0] is p else _seen_by(p, n, seat)


def _glimpse(z: list, sees: bool, down: dict, seat):
    """One zone for `glance` with cards face down or shown in it (`down`: their knowers): a tuple with None for the
    cards `seat` may not see, or its size when it sees none of them."""
    cards = [c if (seat in down[c] if c in down else sees) else None for c in z]  # (a list made in one frame)
    return tuple(cards) if cards.count(None) != len(cards) else len(z)


def _shown(z: list, sees: bool, down: dict, seat):
    """`_glimpse` of a zone holding cards a `reveal` showed where they lie (none face down): the zone's own list when
    `seat` sees every card, its size when it sees none, found from those cards alone (a hand shown to one seat is
    still seen whole by its owner and not at all by the rest, look after look).  Every card shown, wherever it lies,
    is looked at first (a few, seen by one or two sets of seats, most often one): when none is seen otherwise than
    the zone shows it to `seat`, neither is any in the zone, and the zone's cards are not looked for among them."""
    if sees:
        for k in down.values():
            if seat not in k:
                break
        else:
            return z
        for c in down.keys() & z:  # the cards in it that lie otherwise than the zone shows them (found in C)
            if seat not in down[c]:
                return _glimpse(z, sees, down, seat)
        return z
    for k in down.values():
        if seat in k:
            break
    else:
        return len(z)
    for c in down.keys() & z:
        if seat in down[c]:
            return _glimpse(z, sees, down, seat)
    return len(z)


_SEEN: dict = {}  # (id of a program, players, seat) -> (the program, what each zone shows the seat, holds_cards,
#                    the zones as the seat sees them when no card is face down, when some are, `glancer`'s
#                    function, and the zones when some cards are shown but none face down)


def _seen_by(p, n: int, seat) -> tuple:
    """For `glance`, asked once per program, number of players and seat: whether each zone (each owner's, for a
    zone per player) shows its face-up cards to `seat` (`zone_shows`), whether a variable may hold a card, and
    `_readers`' functions giving `glance`'s zones."""
    if len(_SEEN) > 4096:
        _SEEN.clear()
    shows = [[zone_shows(z.visibility, o, seat) for o in range(n)] if z.per_player else zone_shows(z.visibility, None, seat)
             for z in p.zones]
    got = _SEEN[(id(p), n, seat)] = (p, shows, holds_cards(p), *_readers(shows))
    return got


_READERS: dict = {}  # what each zone shows a seat (`_seen_by`'s `shows`, as a tuple) -> `_readers`' functions


def _readers(shows: list) -> tuple:
    """`glance`'s zones for a seat that each zone (each owner's) shows as `shows` says, as functions written once for
    each such shape (a program changed by a rule written in play has the shape of the one before): with no card face
    down or shown, with some face down, with some shown alone; and `glancer`'s."""
    key = tuple(tuple(each) if each.__class__ is list else each for each in shows)
    got = _READERS.get(key)
    if got is not None:
        return got
    if len(_READERS) > 4096:
        _READERS.clear()
    # What the seat sees of the zones, written once as functions: with no card face down (each zone's list or its
    # size, the same each time), with some (a zone holding one is `_glimpse`d), and with cards shown by a `reveal`
    # where they lie but none face down: only the zones the state counts such cards in (`revealed_in`: (zone, owner)
    # -> how many, kept by the machine) are glimpsed, the others read as with none.
    whole, seen, shown = ["def whole(z):"], ["def seen(z, downs, down, seat):"], ["def shown(z, rin, down, seat):"]
    for i, each in enumerate(shows):
        parts = ([(f"h[{o}]", s, (i, o)) for o, s in enumerate(each)] if each.__class__ is list
                 else [(f"z[{i}]", each, (i, None))])
        if each.__class__ is list:  # a zone per player: each owner's
            for lines in (whole, seen, shown):
                lines.append(f"    h = z[{i}]")
        said = [x if s else f"len({x})" for x, s, _ in parts]
        glimpsed = [f"({x} if downs.isdisjoint({x}) else _glimpse({x}, True, down, seat))" if s else
                    f"(len({x}) if downs.isdisjoint({x}) else _glimpse({x}, False, down, seat))" for x, s, _ in parts]
        counted = [f"({x} if {where!r} not in rin else _shown({x}, True, down, seat))" if s else
                   f"(len({x}) if {where!r} not in rin else _shown({x}, False, down, seat))" for x, s, where in parts]
        for lines, got in ((whole, said), (seen, glimpsed), (shown, counted)):
            lines.append(f"    p{i} = [{', '.join(got)}]" if each.__class__ is list else f"    p{i} = {got[0]}")
    for lines in (whole, seen, shown):
        lines.append(f"    return [{', '.join(f'p{i}' for i in range(len(shows)))}]")
    # `glancer`'s function for one state and seat: `glance` with the program's entry kept (looked up again when the
    # program is another) and `whole` and `seen` written in (their lines, on the state's zones)
    look = ["def glancer(st, seat, glance):",
            "    p = st.program",
            "    got = SEEN_BY(p, st.n, seat)",
            "    def look():",
            "        if st.program is not p:  # a rule written in play: another program, maybe other zones",
            "            return glance(st, seat)",
            "        z = st.zones",
            "        down = st.facedown  # face down, or shown by a `reveal` where they lie (`knowers`, written in)",
            "        revealed = st.revealed",
            "        if down:",
            "            if revealed:",
            "                down = {**revealed, **down}",
            "            downs = down.keys()",
            *["        " + x for x in seen[1:-1]],
            "        " + seen[-1].replace("return", "zones =", 1),
            "        elif revealed:  # shown cards alone: the zones they lie in are counted",
            "            down = revealed",
            "            rin = st.revealed_in",
            *["        " + x for x in shown[1:-1]],
            "        " + shown[-1].replace("return", "zones =", 1),
            "        else:",
            *["        " + x for x in whole[1:-1]],
            "        " + whole[-1].replace("return", "zones =", 1),
            "        d = st.pending",
            "        values, pvalues = SEEN_VARS(st, seat, copy=False) if got[2] or '$seen' in st.vars else (st.vars, st.pvars)",
            "        return (st.current, st.direction, d.player if d is not None else None, d is not None and d.window, "
            "zones, values, pvalues, CLAIM(st, text=False) if st.claim is not None else None)",
            "    return look"]
    space: dict = {"_glimpse": _glimpse, "_shown": _shown, "SEEN_BY": _seen_by_program, "SEEN_VARS": seen_vars,
                   "CLAIM": public_claim}
    exec(compile("\n".join(whole + seen + shown + look) + "\n", "<what a seat sees>", "exec"), space)
    got = _READERS[key] = (space["whole"], space["seen"], space["glancer"], space["shown"])
    return got


def holds_cards(program) -> bool:
    """Whether a variable of the game may hold a card (a hidden one, then, at times)."""
    return any(k in ("card", "list:card") for k in program.var_kinds.values())


def seen_vars(st, seat, copy: bool = True) -> tuple[dict, dict]:
    """The table's variables and the per-player ones as `seat` sees them: a card it may not see is None.  Without
    `copy`, what holds no card and was worked out from no hidden card is the state's own (to read, not to keep)."""
    kinds = st.program.var_kinds
    held = [k for k, kind in kinds.items() if kind in ("card", "list:card")]  # only these may hide anything
    seen = st.vars.get("$seen")  # values worked out from cards some seats could not see (`ops.derive`)
    values = dict(st.vars) if copy or held or "$seen" in st.vars else st.vars
    if values is not st.vars:
        values.pop("$seen", None)
    pvalues = {k: list(v) for k, v in st.pvars.items()} if copy or seen else dict(st.pvars) if held else st.pvars
    for k in held:
        if k in values:
            values[k] = _held(st, values[k], kinds[k], seat)
        if k in pvalues:
            pvalues[k] = [_held(st, x, kinds[k], seat) for x in pvalues[k]]
    for key, (value, who) in (seen or {}).items():  # (the value marked is the state's, not the masked one above)
        if seat not in who:
            if isinstance(key, tuple):
                if st.pvars[key[0]][key[1]] == value:
                    pvalues[key[0]][key[1]] = None
            elif key in values and st.vars.get(key) == value:
                values[key] = None
    return values, pvalues


def _held(st, value, kind, seat):
    """A variable's value as `seat` sees it: a card it may not see where it lies now is None, as in a zone."""
    if kind == "card" and isinstance(value, int) and not isinstance(value, bool):
        return value if sees_card(st, value, seat) or seat in st.shown.get(value, ()) else None
    if kind == "list:card" and isinstance(value, (list, tuple)):
        return [c if not isinstance(c, int) or sees_card(st, c, seat) or seat in st.shown.get(c, ()) else None
                for c in value]
    return value


def _seen(z: list, sees: bool, down: dict, seat) -> list:
    """A zone's cards as `seat` sees them (None for one it may not), `sees` saying whether it sees the zone."""
    if down and not down.keys().isdisjoint(z):  # face-down cards among them: each known only to some
        return [c if (seat in down[c] if c in down else sees) else None for c in z]
    return z[:] if sees else [None] * len(z)


def public_claim(st, text: bool = True) -> dict | None:
    """The last claim as the table knows it: who, how many cards, what they said (never the cards), and
    whether it stands: its cards still lie face down on top of a shared pile (turned up, it was settled;
    covered, play has gone past it), or, claimed where the claimer holds them out of the others' sight, still lie
    there (gone, it was settled).  Without `text`, what was said is not put in words."""
    c = st.claim
    if c is None:
        return None
    cards = c["cards"]
    stands = False
    held = c.get("held")
    if held is not None and cards:
        zi, owner = held
        zone = st.zones[zi][owner]
        stands = all(x in zone for x in cards)
    elif cards:  # (loops, not generators: the RL environment asks at every step)
        laid = set(cards)
        if laid <= st.facedown.keys():
            k = len(cards)
            for z, per in zip(st.zones, st.program.per_player):
                if not per and len(z) >= k and set(z[-k:]) == laid:
                    stands = True
                    break
    return {"player": c["player"], "count": len(cards), "says": c["says"], "kind": c["kind"],
            "text": show(st, c["says"], c["kind"]) if text else None, "turn": c["turn"], "stands": stands,
            "held": held is not None}


def show(st, v, kind) -> str:
    if v is None:
        return "nothing"
    if kind == "card":
        return st.program.cards[v].name
    if kind == "player":
        return st.names[v]
    return st.program.value_display(v)


def project_event(st, ev: Event, seat) -> Event:
    """An event as `seat` may know it: cards it could not see become None, zones are named, and what only the
    machine keeps (`was_down`, `public`, `masked`) is let go; a record of the same kind."""
    cls = type(ev)
    if cls is MoveEvent:
        down = ev.face == "down"
        was_down = ev.was_down or {}
        zones = st.program.zones
        src_vis = [(seat in was_down[c]) if c in was_down
                   else visible_at(st, c, ev.src, ev.src_owner, seat, False) for c in ev.cards]
        # A card laid face down stays known to whoever knew it: the player it came from (if its zone showed it them).
        up = ev.face == "up"
        # A face-down card stays face down unless moved `face up`: known at its new place to whoever knew it.
        dst_vis = [(seat in was_down[c]) if c in was_down and not up
                   else (seat is not None and ev.src_owner == seat
                         and zones[ev.src].visibility != "hidden") if down
                   else visible_at(st, c, ev.dst, ev.dst_owner, seat, False) for c in ev.cards]
        cards = [st.program.cards[c].name if a or b else None for c, a, b in zip(ev.cards, src_vis, dst_vis)]
        return MoveEvent(cards, zones[ev.src].name, ev.src_owner, zones[ev.dst].name, ev.dst_owner, ev.face,
                         under=ev.under, bottom=ev.bottom)
    if cls is DealEvent:
        names = st.program.cards
        zi = ev.zone
        return DealEvent(st.program.zones[zi].name, st.program.zones[ev.src].name,
                         {p: [names[c].name if visible_at(st, c, zi, p, seat, False) else None for c in cs]
                          for p, cs in ev.cards.items()})
    if cls is RevealEvent:
        # Shown to every player is shown to the table, spectators included.
        shown = (seat is not None and (seat in ev.to or seat == ev.owner)) or len(set(ev.to)) == st.n
        # Whose they are is told to those who see them and to that player: to others, one player's holding them all
        # could say where cards of the kind asked for lie (`reveal` of every 7 there is: only Bo has any).
        return attrs.evolve(ev, cards=[st.program.cards[c].name if shown else None for c in ev.cards],
                            holder=ev.holder if shown or (seat is not None and seat == ev.holder) else None)
    if cls is ChoiceEvent and seat != ev.player and ev.public is False:
        # A card chosen out of this seat's sight (laid face down, kept in a hand) is told only by the move that
        # hides it: not even the verb, which could say "cheat".  The engine marks a choice public once its card
        # lands face up where everyone sees it.
        return attrs.evolve(ev, move=None, verb=None, card=None)
    if cls is ChoiceEvent:
        return attrs.evolve(ev, public=None) if ev.public is not None else ev
    if cls is ClaimEvent:
        # What was said is public (never the cards), in words, so that a log read back can tell it.
        return attrs.evolve(ev, text=show(st, ev.says, ev.kind))
    if cls is CallEvent:
        return attrs.evolve(ev, text=st.program.calls.get(ev.call, ev.call))
    if cls is SayEvent and ev.masked is not None:
        if seat in ev.masked:  # a card it names is out of this seat's sight: its own text, "you" included
            mine = ev.masked[seat]
            return SayEvent(mine, ev.player, mine if seat is not None and seat == ev.player else None)
        return SayEvent(ev.text, ev.player, ev.you)
    return ev


def visible_at(st, cid, zi, owner, seat, face_down) -> bool:
    return not face_down and zone_shows(st.program.zones[zi].visibility, owner, seat)
