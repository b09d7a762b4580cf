"""Blind picks: an option over cards its chooser may not see offers them by place (`take #2`), never by name."""
from __future__ import annotations

from . import machine as m
from .view import visible


def offer(st, player: int, out: list, specs, env: dict) -> list:
    """A decision's moves as `player` may be offered them.  A card it may not see where it lies (in another's hand,
    face down) is not offered by name but by place: `VERB #k`, k counting the option's hidden cards zone by zone in
    the order its collection gives them, each zone's cards in an order shuffled anew for the decision by the game's
    seeded generator, so that a place tells nothing of its card.  `env["$blind"]` keeps where each such card lies,
    (option, k) -> (zone, owner, index), for the move to find it (a search bot's sample finds its own card there)."""
    deck = st.program.deck_size
    hidden = set()
    for mv in out:
        if mv.kind == "card" and mv.arg < deck and _hidden(st, mv.arg, player, specs[mv.option]):
            hidden.add(mv.option)
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
            result += _by_place(st, player, specs[i], env, places)
    env["$blind"] = places
    return result


def _hidden(st, cid: int, player: int, spec) -> bool:
    down = st.facedown
    if cid in down:
        return player not in down[cid]
    if not spec.blind:  # the compiler knows its cards lie where the chooser sees them (its own hand, a public pile)
        return False
    zi, owner = m.find_card(st, cid)
    return not visible(st, cid, zi, owner, player)


def _by_place(st, player: int, spec, env: dict, places: dict) -> list:
    """The moves of one option with hidden cards: the cards it sees by name (one move a name), the others by place."""
    deck = st.program.deck_size
    canon = st.program.canon
    moves = m.card_moves(spec, st.program)
    named, seen = [], set()
    zones: dict = {}  # (zone, owner) -> the indexes of the option's hidden cards there
    for c in spec.legal(st, env):
        if c is None:
            continue
        if c >= deck or not _hidden(st, c, player, spec):
            if canon[c] not in seen:
                seen.add(canon[c])
                named.append(moves[c])
            continue
        zi, owner = m.find_card(st, c)
        zones.setdefault((zi, owner), []).append(st.zone(zi, owner).index(c))
    k = 0
    for (zi, owner), at in zones.items():
        m.shuffle_list(st, at)
        for ix in at:
            k += 1
            places[(spec.index, k)] = (zi, owner, ix)
            named.append(m.Move(spec.verb, k, f"{spec.verb} #{k}", spec.index, spec.doc, kind="blind",
                                reveals=spec.reveals))
    return named

