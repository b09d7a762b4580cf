"""The events a game records: one record class per kind, declared once, with its fields and what each field names.

The machine emits records (`st.emit(MoveEvent(...))`); the journal pickles them, the view projects them for a seat
(`view.project_event`: a record of the same class, cards it may not see None, zones by name), `named` puts seats,
zones and cards by name (the narrator's form), and `as_dict`/`from_dict` turn one into the plain form of a --log
line and a network message, `{"type": KIND, FIELD: value, ...}`, and back.  Readers take fields by name
(`ev.player`), and `type(ev)`/`ev.type` says the kind: no module keeps lists of keys of its own.

A field in `OPTIONAL` may be None where the event has nothing to say (a `say` about nobody; a field the projection
drops for a seat: `was_down`, `masked`, `public`; a field added as a seat is told it: `text`): the dict form leaves
it out then, as the dicts of a --log file written before these records did.
"""
from __future__ import annotations

from typing import Any, ClassVar

import attrs

from . import records


class Event:
    """What every kind shares: its name (`type`), its doc, and which of its fields hold a seat, a list of seats,
    one value per seat, a zone or cards (`named` reads these), and which may be None (`OPTIONAL`): upper case, as a kind's own fields are lower case."""

    __slots__ = ()
    type: ClassVar[str]
    DOC: ClassVar[str]
    FIELDS: ClassVar[tuple[str, ...]]
    # Which fields hold what (upper case: a kind's own fields are lower case, `cards` among them):
    SEATS: ClassVar[tuple[str, ...]] = ()  # a seat index, or None for no seat (a shared pile's owner)
    SEAT_LISTS: ClassVar[tuple[str, ...]] = ()  # a list of seat indices
    PER_SEAT: ClassVar[tuple[str, ...]] = ()  # a list with one value per seat, in seat order (scores)
    ZONES: ClassVar[tuple[str, ...]] = ()  # a zone index (some kinds name their zone already: `refill`, `shuffle`)
    CARDS: ClassVar[tuple[str, ...]] = ()  # a list of card ids (None where the seat told may not see one)
    OPTIONAL: ClassVar[tuple[str, ...]] = ()  # may be None, and are then left out of the dict form


KINDS: dict[str, type[Event]] = {}


def kind(name: str, doc: str, **roles):
    """Declare a kind: the class (its fields, frozen and slotted) under `name`, with its roles.

    The class is made here, not by attrs (`interpreter.records`: attrs generating and compiling the methods of each of
    the 30 kinds was a sixth of a fresh process's `import rulelang`, #22).  `attrs.fields` and `attrs.evolve` work on
    records as before; their fields are given in order or by keyword, equality, hash and repr are over every field,
    and a field set or deleted raises attrs' FrozenInstanceError."""
    def declare(cls):
        own = cls.__dict__
        fields = tuple(own.get("__annotations__", {}))
        given = tuple((f, own.get(f, attrs.NOTHING)) for f in fields)
        body = {k: v for k, v in own.items() if k not in fields and k not in ("__dict__", "__weakref__")}
        body.update(__slots__=fields, __match_args__=fields, _given=given, _compared=fields, _shown=fields,
                    type=name, DOC=doc, FIELDS=fields)
        cls = type(cls.__name__, cls.__bases__, body)
        cls.__attrs_attrs__ = tuple(records.attribute(f, d) for f, d in given)
        for role, names in roles.items():
            assert role.upper() in Event.__annotations__ and set(names) <= set(fields), (name, role, names)
            setattr(cls, role.upper(), tuple(names))
        KINDS[name] = cls
        return cls
    return declare


def _reduce(self):
    return self.__class__, tuple(getattr(self, f) for f in self.FIELDS)


Event.__init__, Event.__eq__, Event.__hash__, Event.__repr__ = records.init, records.eq, records.hash_, records.repr_
Event.__setattr__ = Event.__delattr__ = records.frozen
Event.__reduce__ = _reduce


# Field annotations give the form the machine emits; a projection or `named` replaces seat, zone and card numbers
# by names.
@kind("move", "cards moved from one zone to another (or turned over where they lie)",
      seats=("src_owner", "dst_owner"), zones=("src", "dst"), cards=("cards",), optional=("was_down", "under", "bottom"))
class MoveEvent(Event):
    cards: list  # card ids
    src: Any  # zone index
    src_owner: Any  # seat, or None for a shared pile
    dst: Any
    dst_owner: Any
    face: str | None  # "up", "down" or None (as the zone lays it)
    was_down: dict | None = None  # card -> the seats who knew it as it lay face down (dropped as a seat is told)
    under: int | None = None  # put into the zone under this many of its cards (`move ... under N`); None: on top
    bottom: bool | None = None  # put under every card of the zone: at its bottom


@kind("deal", "cards dealt to every player from a pile: `cards` maps each seat to its cards", zones=("zone", "src"))
class DealEvent(Event):
    zone: Any
    src: Any
    cards: dict  # seat -> card ids


@kind("refill", "a pile shuffled into an emptied one; `owner`, the player whose own zones they are, else None",
      seats=("owner",), optional=("owner",))
class RefillEvent(Event):
    zone: str
    source: str
    count: int
    owner: Any = None


@kind("shuffle", "a pile shuffled; `owner`, the player whose own zone it is (`shuffle hand(p)`), else None",
      seats=("owner",), optional=("owner",))
class ShuffleEvent(Event):
    zone: str
    owner: Any = None


@kind("reveal", "cards shown to some seats; `holder` is the player in whose zones they all lie (told to the seats "
      "they are shown to)", seats=("owner", "holder"), seat_lists=("to",), cards=("cards",), optional=("holder",))
class RevealEvent(Event):
    cards: list
    to: list
    owner: Any
    holder: Any = None  # the seat whose zones hold every card shown (a Hanabi hand shown to the others), else None


@kind("choice", "a decision made: the move as typed, its verb and kind; a card chosen out of others' sight is "
      "public once it lands face up; `text` is the move in words, its values by their display names (`single Black "
      "Joker` for `single black_joker`), added as a seat is told it", seats=("player",), optional=("public", "text"))
class ChoiceEvent(Event):
    player: Any
    move: str | None
    verb: str | None
    kind: str
    pass_: bool
    card: Any
    public: bool | None  # None once told to a seat that may know it
    race: bool
    text: str | None = None


@kind("call", "a call made with a move (a word the rules declare, added to the move); `text` is its words, added as "
      "a seat is told it",
      seats=("player",), optional=("text",))
class CallEvent(Event):
    player: Any
    call: str
    text: str | None = None


@kind("claim", "what a player says of the cards they laid face down, or of cards they hold (`held`: Coup's \"I hold "
      "the Duke\"); `text` is what they said in words, added as a seat is told it", seats=("player",),
      optional=("text", "held"))
class ClaimEvent(Event):
    player: Any
    count: int
    says: Any
    kind: str
    text: str | None = None
    held: bool | None = None


@kind("say", "a text of the rules; `you` is its form told to the player it is about, `masked` the forms for "
      "seats that may not see a card it names", seats=("player",), optional=("player", "you", "masked"))
class SayEvent(Event):
    text: str
    player: Any = None
    you: str | None = None
    masked: dict | None = None


@kind("skip", "a player loses their turn", seats=("player",))
class SkipEvent(Event):
    player: Any


@kind("reverse", "the direction of play reverses")
class ReverseEvent(Event):
    direction: int


@kind("turn_to", "a player plays next, out of order", seats=("player",))
class TurnToEvent(Event):
    player: Any


@kind("turn_now", "a player who acted out of turn becomes the current player, play going on from them",
      seats=("player",))
class TurnNowEvent(Event):
    player: Any


@kind("again", "a player takes another turn", seats=("player",))
class AgainEvent(Event):
    player: Any


@kind("turn", "a turn begins", seats=("player",))
class TurnEvent(Event):
    player: Any


@kind("rule", "rules fired by an event")
class RuleEvent(Event):
    names: list
    event: str


@kind("out", "a player is out of play, finished in `place`", seats=("player",))
class OutEvent(Event):
    player: Any
    place: int | None


@kind("lose", "a player is knocked out", seats=("player",))
class LoseEvent(Event):
    player: Any
    place: int | None


@kind("win", "players win the hand", seat_lists=("players",))
class WinEvent(Event):
    players: list


@kind("hand", "a hand begins", seats=("first",))
class HandEvent(Event):
    hand: int
    first: Any


@kind("hand_over", "a hand is over: its winners and every seat's score", seat_lists=("winners",),
      per_seat=("scores",))
class HandOverEvent(Event):
    hand: int
    winners: list
    scores: Any  # one a seat; by name once named


@kind("game_over", "the game is over", seat_lists=("winners",), per_seat=("scores",))
class GameOverEvent(Event):
    winners: list
    scores: Any
    hands: int


@kind("house_rule", "a rule written in play is in force", seats=("player",))
class HouseRuleEvent(Event):
    player: Any
    key: Any
    name: str
    text: str
    replaced: str | None


@kind("house_rule_dropped", "a rule written in play failed and is dropped")
class HouseRuleDroppedEvent(Event):
    key: Any
    name: str
    text: str
    reason: str
    at: str | None


@kind("undo", "moves taken back (written by the terminal host into a --log file): `events` is how many of the "
      "events logged before it they undo", seats=("player",), optional=("events",))
class UndoEvent(Event):
    player: Any
    moves: int
    events: int | None = None


def as_dict(ev: Event) -> dict:
    """The plain form of an event: `{"type": KIND, FIELD: value, ...}`, an optional field left out when None (a
    --log line, a network message: what a file or a wire holds)."""
    out = {"type": ev.type}
    optional = ev.OPTIONAL
    for f in ev.FIELDS:
        v = getattr(ev, f)
        if v is not None or f not in optional:
            out[f] = v
    return out


def from_dict(d: dict) -> Event | None:
    """The record a plain event stands for (a --log line read back, a network message), or None for one of no
    declared kind (a log's `start` line).  Fields of no declaration are let go; a missing one reads None."""
    cls = KINDS.get(d.get("type")) if isinstance(d, dict) else None
    if cls is None:
        return None
    return cls(**{f: d.get(f) for f in cls.FIELDS})


def named(ev: Event, names, zone=None, card=None) -> Event:
    """`ev` with its seats by name (`names[seat]`), and, given `zone` and `card` (index -> name), its zones and
    cards by name too: the form of a --log line, which the narrator tells.  Fields its kind does not say hold a
    seat, a zone or cards are left as they are."""
    cls = type(ev)
    changes = {}
    for f in cls.SEATS:
        v = getattr(ev, f)
        if isinstance(v, int) and not isinstance(v, bool):
            changes[f] = names[v]
    for f in cls.SEAT_LISTS:
        v = getattr(ev, f)
        if v is not None:
            changes[f] = [names[p] for p in v]
    for f in cls.PER_SEAT:
        v = getattr(ev, f)
        if isinstance(v, list):
            changes[f] = dict(zip(names, v))
    if cls is DealEvent:
        changes["cards"] = {names[int(p)]: cs for p, cs in ev.cards.items()}
    if zone is not None:
        for f in cls.ZONES:
            v = getattr(ev, f)
            if isinstance(v, int):
                changes[f] = zone(v)
    if card is not None:
        for f in cls.CARDS:
            changes[f] = [card(c) for c in getattr(ev, f)]
        if cls is DealEvent:
            changes["cards"] = {p: [card(c) for c in cs] for p, cs in changes["cards"].items()}
    return attrs.evolve(ev, **changes) if changes else ev
