"""The events a game records: one declaration per kind, with its fields and what each field names.

An event is a plain dict, `{"type": KIND, FIELD: value, ...}`: it is pickled into the journal, written to a --log
file, sent over the network and kept in saves' replays, and the machine marks a choice public in place once its
card lands face up, so events stay dicts rather than frozen objects.  What they may hold is declared here, once:
the machine emits only these kinds and fields (`State.emit` checks each against `KINDS` under
RULELANG_CHECK_EVENTS=1, which the tests set), and the readers (`in_words`, the narrator, a network client) turn
seats, zones and cards into names by the roles declared here instead of lists of keys of their own.
"""
from __future__ import annotations

import attrs


@attrs.frozen
class Kind:
    """One kind of event: its fields, and which of them hold a seat, a list of seats, a zone or cards."""

    name: str
    doc: str
    fields: tuple[str, ...]
    seats: tuple[str, ...] = ()  # a seat index, or None for no seat (a shared pile's owner)
    seat_lists: tuple[str, ...] = ()  # a list of seat indices
    per_seat: tuple[str, ...] = ()  # a list with one value per seat, in seat order (scores)
    zones: tuple[str, ...] = ()  # a zone index (some kinds name their zone already: `refill`, `shuffle`)
    cards: tuple[str, ...] = ()  # a list of card ids (None where the seat told may not see one)
    optional: tuple[str, ...] = ()  # fields an event of this kind may be emitted without
    told: tuple[str, ...] = ()  # fields added as a seat is told it (`view.project_event`), never emitted


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("move", "cards moved from one zone to another (or turned over where they lie)",
         ("cards", "src", "src_owner", "dst", "dst_owner", "face", "was_down"),
         seats=("src_owner", "dst_owner"), zones=("src", "dst"), cards=("cards",)),
    Kind("deal", "cards dealt to every player from a pile: `cards` maps each seat to its cards",
         ("zone", "src", "cards"), zones=("zone", "src")),
    Kind("refill", "a pile shuffled into an emptied one", ("zone", "source", "count")),
    Kind("shuffle", "a pile shuffled", ("zone",)),
    Kind("reveal", "cards shown to some seats", ("cards", "to", "owner"),
         seats=("owner",), seat_lists=("to",), cards=("cards",)),
    Kind("choice", "a decision made: the move as typed, its verb and kind; a card chosen out of others' sight is "
         "public once it lands face up", ("player", "move", "verb", "kind", "pass_", "card", "public", "race"),
         seats=("player",)),
    Kind("call", "a call made with a move (`uno`); `text` is its words, added as a seat is told it",
         ("player", "call", "text"), seats=("player",), told=("text",)),
    Kind("claim", "what a player says of the cards they laid face down; `text` is what they said in words, added as "
         "a seat is told it", ("player", "count", "says", "kind", "text"), seats=("player",), told=("text",)),
    Kind("say", "a text of the rules; `you` is its form told to the player it is about, `masked` the forms for "
         "seats that may not see a card it names", ("text", "player", "you", "masked"), seats=("player",),
         optional=("player", "you", "masked")),
    Kind("skip", "a player loses their turn", ("player",), seats=("player",)),
    Kind("reverse", "the direction of play reverses", ("direction",)),
    Kind("turn_to", "a player plays next, out of order", ("player",), seats=("player",)),
    Kind("turn_now", "a player who acted out of turn becomes the current player, play going on from them",
         ("player",), seats=("player",)),
    Kind("again", "a player takes another turn", ("player",), seats=("player",)),
    Kind("turn", "a turn begins", ("player",), seats=("player",)),
    Kind("rule", "rules fired by an event", ("names", "event")),
    Kind("out", "a player is out of play, finished in `place`", ("player", "place"), seats=("player",)),
    Kind("lose", "a player is knocked out", ("player", "place"), seats=("player",)),
    Kind("win", "players win the hand", ("players",), seat_lists=("players",)),
    Kind("hand", "a hand begins", ("hand", "first"), seats=("first",)),
    Kind("hand_over", "a hand is over: its winners and every seat's score", ("hand", "winners", "scores"),
         seat_lists=("winners",), per_seat=("scores",)),
    Kind("game_over", "the game is over", ("winners", "scores", "hands"), seat_lists=("winners",),
         per_seat=("scores",)),
    Kind("house_rule", "a rule written in play is in force", ("player", "key", "name", "text", "replaced"),
         seats=("player",)),
    Kind("house_rule_dropped", "a rule written in play failed and is dropped", ("key", "name", "text", "reason",
                                                                                "at")),
    Kind("undo", "moves taken back (written by the terminal host into a --log file)", ("player", "moves"),
         seats=("player",)),
)}


# For each kind, the fields an emitted event may hold, and those it must (`type` among both).
EMITTED = {k.name: frozenset(k.fields).difference(k.told).union(("type",)) for k in KINDS.values()}
REQUIRED = {k.name: frozenset(k.fields).difference(k.told, k.optional).union(("type",)) for k in KINDS.values()}


class EventError(AssertionError):
    """The machine emitted an event its declaration in `KINDS` does not allow: a fault of the runtime, never of a
    game's rules (so no rule's failure, which a game survives, is made of it)."""


def problem(ev) -> str | None:
    """What is wrong with `ev` as an emitted event (an unknown kind, a field its kind does not declare, one it
    declares missing), or None."""
    if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
        return "not an event (no `type`)"
    name = ev["type"]
    if name not in KINDS:
        return f"no event kind `{name}` is declared in interpreter/events.py (KINDS)"
    keys = ev.keys()
    if keys <= EMITTED[name] and REQUIRED[name] <= keys:
        return None
    extra = sorted(keys - EMITTED[name])
    missing = sorted(REQUIRED[name] - keys)
    return (f"a `{name}` event " + "; ".join(
        ([f"has no field {', '.join(f'`{f}`' for f in extra)}"] if extra else [])
        + ([f"lacks its field {', '.join(f'`{f}`' for f in missing)}"] if missing else []))
        + f" (declared: {', '.join(KINDS[name].fields)})")


def check(ev: dict) -> None:
    """Refuse an event `KINDS` does not allow, saying what is wrong (`State.emit` calls it when events are checked)."""
    why = problem(ev)
    if why is not None:
        raise EventError(f"the machine emitted {ev!r}: {why}")


def named(ev: dict, names, zone=None, card=None) -> dict:
    """`ev` with its seats by name (`names[seat]`), and, given `zone` and `card` (index -> name), its zones and
    cards by name too: the form of a --log line, which the narrator tells.  Fields its kind does not say hold a
    seat, a zone or cards are left as they are."""
    kind = KINDS.get(ev.get("type"))
    if kind is None:
        return dict(ev)
    e = dict(ev)
    for f in kind.seats:
        v = e.get(f)
        if isinstance(v, int) and not isinstance(v, bool):
            e[f] = names[v]
    for f in kind.seat_lists:
        if f in e:
            e[f] = [names[p] for p in e[f]]
    for f in kind.per_seat:
        if isinstance(e.get(f), list):
            e[f] = dict(zip(names, e[f]))
    if kind.name == "deal":
        e["cards"] = {names[int(p)]: cs for p, cs in e["cards"].items()}
    if zone is not None:
        for f in kind.zones:
            if isinstance(e.get(f), int):
                e[f] = zone(e[f])
    if card is not None:
        for f in kind.cards:
            e[f] = [card(c) for c in e[f]]
        if kind.name == "deal":
            e["cards"] = {p: [card(c) for c in cs] for p, cs in e["cards"].items()}
    return e
