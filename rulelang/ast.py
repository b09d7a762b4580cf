"""The rulelang syntax tree: one small frozen attrs class per construct, each knowing its location."""
from __future__ import annotations

from typing import Any

import attrs

from interpreter import records

from .errors import Loc


def node(cls):
    """Make a frozen syntax-tree node class whose `loc` is kept out of equality and repr.

    The class is made here, not by attrs: attrs compiling an `__attrs_init__` for each of the 77 classes and making
    each a slotted class again was most of a fresh process's load of a game from the compiled-program cache (#22).
    It still reads as an attrs class: `__attrs_attrs__` holds an `attrs.Attribute` per field, so `attrs.has`,
    `attrs.fields` and `attrs.evolve` work on nodes as before. Its methods are `interpreter.records`': `__init__`
    by keyword only; equality, hash and repr over the fields but `loc`, of the same class only; setting or deleting
    an attribute raises attrs' FrozenInstanceError.
    A node keeps its fields in its `__dict__`, so pickle rebuilds one without calling Python (the cache's tree)."""
    own = cls.__dict__
    fields = []
    for name in own.get("__annotations__", {}):
        default = own.get(name, attrs.NOTHING)
        if name in own:
            delattr(cls, name)  # the instance's own value is read, never the class's
        shown = default is not _NOT_COMPARED
        fields.append(records.attribute(name, default if shown else None, shown, kw_only=True))
    cls.__attrs_attrs__ = tuple(fields)
    cls.__init__ = records.init_keywords
    cls.__eq__, cls.__hash__, cls.__repr__ = records.eq, records.hash_, records.repr_
    cls.__setattr__ = cls.__delattr__ = records.frozen
    cls.__match_args__ = tuple(f.name for f in fields)
    cls._given = tuple((f.name, f.default) for f in fields)
    cls._compared = cls._shown = tuple(f.name for f in fields if f.eq)
    return cls


def inner_blocks(node) -> list:
    """The blocks a statement runs within itself (`if`'s two, a loop's body, a race's), not other decisions'."""
    return [b for b in (getattr(node, "then", None), getattr(node, "otherwise", None), getattr(node, "body", None))
            if b is not None]


_FIELDS: dict = {}  # node class -> the names of its fields but `loc`


def children(node):
    """The syntax-tree nodes directly inside a node."""
    names = _FIELDS.get(type(node))
    if names is None:
        names = _FIELDS[type(node)] = tuple(f.name for f in attrs.fields(type(node)) if f.name != "loc")
    for name in names:
        v = getattr(node, name)
        for item in (v if isinstance(v, tuple) else (v,)):
            if hasattr(type(item), "__attrs_attrs__"):
                yield item


def walk(node):
    """A node and every node inside it, the node first: the one walk over the tree (checker, compiler, loader...)."""
    yield node
    for child in children(node):
        yield from walk(child)


_NOT_COMPARED = object()  # `loc`'s default: None, and the field is left out of equality, hash and repr


def _loc():
    return _NOT_COMPARED


# ------------------------------------------------------------------ declarations


@node
class GameDecl:
    """The game's display name. `game "Eights"`"""

    name: str
    loc: Loc = _loc()


@node
class ExtendsDecl:
    """Build on another file, overriding its parts by name. `extends "eights.rules"`"""

    path: str
    loc: Loc = _loc()


@node
class PlayersDecl:
    """How many may play, and the default. `players 2..10 default 4`"""

    low: int
    high: int
    default: int | None
    loc: Loc = _loc()


@node
class OptionDecl:
    """A setting chosen at the command line with `--option name=value`. `option stacking = false "Draw Twos stack"`"""

    name: str
    value: Any
    doc: str | None
    loc: Loc = _loc()


@node
class ConstDecl:
    """A named constant a variant may override. `const hand_size = 7`"""

    name: str
    value: Any
    loc: Loc = _loc()


@node
class AttrValue:
    """One value of a card attribute and how it shows. `red "Red" short "R" symbol "♥" style "ansired"`"""

    name: str
    display: str | None
    short: str | None = None
    symbol: str | None = None
    style: str | None = None
    loc: Loc = _loc()


@node
class AttributeDecl:
    """A card attribute with named values; `ordered`: listed from lowest to highest, so they compare.
    `attribute colour { red "Red" short "R" ... }`, `attribute rank ordered { two "2" ... ace "Ace" }`"""

    name: str
    values: tuple
    ordered: bool = False
    loc: Loc = _loc()


@node
class RangeAttributeDecl:
    """A numeric card attribute. `attribute number 0..9`"""

    name: str
    low: int
    high: int
    loc: Loc = _loc()


@node
class NamesDecl:
    """Which attributes, in order, make a card's name, and words of the file's own between them.
    `name cards by colour kind number`, `name cards by rank "of" suit` (`words`: (index, text), the text said before
    the attribute `attributes[index]`; index len(attributes) for a word after the last)"""

    attributes: tuple
    words: tuple = ()
    loc: Loc = _loc()


@node
class ClaimsDecl:
    """Which attributes a claim names: a claim card exists for each such identity in the deck. `claim cards by colour kind number`"""

    attributes: tuple
    loc: Loc = _loc()


@node
class ClassDecl:
    """A named class of cards, a predicate over `card`. `class face = card.rank in [jack, queen, king]`"""

    name: str
    expr: Any
    loc: Loc = _loc()


@node
class DeckDecl:
    """The cards of the game and the zone they start in. `deck draw { 2 cards {colour: red, number: 7} }`"""

    zone: str
    items: tuple
    loc: Loc = _loc()


@node
class CardSpec:
    """Some identical cards. `2 cards {colour: c, kind: number, number: n}`"""

    count: int
    fields: tuple
    loc: Loc = _loc()


@node
class CardFor:
    """Cards for each value. `for c in colour { ... }`"""

    var: str
    iterable: Any
    items: tuple
    loc: Loc = _loc()


@node
class Field:
    """One attribute of a card in a deck. `colour: red`"""

    name: str
    expr: Any
    loc: Loc = _loc()


@node
class ZoneDecl:
    """A place cards lie and who sees them. `zone hand private per player`"""

    name: str
    per_player: bool
    visibility: str
    refill_from: str | None
    refill_keep: int
    shown: str | None = None  # `show top` | `show all`: how the status shows it; None: as its rules read it
    display: str | None = None  # the words the game tells it by (`"tricks won"`); None: its name
    # `zone column 1..8 public`: (1, 8), numbered zones of one kind, `column(i)` (the checker makes each a zone of
    # its own, `column 1` ... `column 8`, and `column` a function of the number); None: one zone
    numbers: tuple | None = None
    loc: Loc = _loc()


@node
class VarDecl:
    """A changing fact of the game, optionally one per player. `var current_colour = none`"""

    name: str
    per_player: bool
    init: Any
    loc: Loc = _loc()
    shown: str | None = None  # `show "LABEL"`: the toolbar shows it to the players, under this label
    kept: bool = False  # `kept`: its first value set at the first hand only, then kept from hand to hand


@node
class CallDecl:
    """A word a player must add to a move, like "last card!"; `when` says when it is due (for bots and hints). `call last "Last card!" when size(hand(player)) == 2`"""

    name: str
    text: str | None
    when: Any = None
    loc: Loc = _loc()


@node
class EventDecl:
    """Something that happens, that rules can react to. `event played(card)`"""

    name: str
    params: tuple
    loc: Loc = _loc()


@node
class FunctionDecl:
    """A named expression. `define playable(card) = card is eight or ...`"""

    name: str
    params: tuple
    body: Any
    loc: Loc = _loc()


@node
class ProcedureDecl:
    """A named sequence of statements. `define play(card) { move card to discard }`"""

    name: str
    params: tuple
    body: Any
    loc: Loc = _loc()


@node
class RuleDecl:
    """A trigger: when an event happens and a condition holds, do this. `rule skip: when played(card) if card.kind == skip { skip }`"""

    name: str | None  # None: typed at the prompt without a name
    event: str
    params: tuple
    cond: Any
    body: Any
    loc: Loc = _loc()


@node
class SetupDecl:
    """What happens before each hand. `setup { shuffle draw  deal 7 from draw to hand }`"""

    body: Any
    loc: Loc = _loc()


@node
class TurnDecl:
    """What the current player does on a turn. `turn { choose current { ... } }`"""

    body: Any
    loc: Loc = _loc()


@node
class ScoreDecl:
    """What happens when a hand is won. `score { for w in winners { ... } }`"""

    body: Any
    loc: Loc = _loc()


@node
class MatchTo:
    """A match is played until someone's score reaches a target; the highest score wins, or the lowest when
    `lowest` holds. `match to 500`, `match to 100 lowest wins`, `match to 500 lowest wins if alternate`"""

    target: int
    lowest: Any = None  # a true/false expression (`true` for a plain `lowest wins`), or None
    loc: Loc = _loc()


@node
class MatchHands:
    """A match is a fixed number of hands; the highest score wins, or the lowest when `lowest` holds (as for
    `MatchTo`). `match 3 hands`, `match 9 hands lowest wins`"""

    hands: int
    lowest: Any = None  # a true/false expression (`true` for a plain `lowest wins`), or None
    loc: Loc = _loc()


@node
class HouseLimitDecl:
    """How many rules a table may add mid-game with the `house` command (0: none). `house limit 3`"""

    limit: int
    loc: Loc = _loc()


@node
class ExamplesDecl:
    """Rules kept as examples, not in force: a bank that bots write house rules from. `examples { rule moo: ... }`"""

    rules: tuple
    loc: Loc = _loc()


@node
class TeamsDecl:
    """Partnerships: the seats make teams of this many, partners sitting apart (with four players and teams
    of two, seats 1 and 3 against 2 and 4); a team wins together. `teams of 2`; `teams of 2 at 4, 6 players`: at
    those numbers of players only (`counts`), everyone plays alone at the others"""

    size: int
    counts: tuple = ()
    loc: Loc = _loc()


@node
class OptionOverrideDecl:
    """In a variant: an option that replaces the base game's option of the same verb, wherever the base offers
    it, or is added to the first `choose` of the base's `turn`. `option draw "draw two" { move 2 from draw to hand(current) }`"""

    option: Any
    loc: Loc = _loc()


@node
class RemoveDecl:
    """Drop a named part of the file being extended, or (`option`) an option its decisions offer.
    `remove draw_two`, `remove option draw`"""

    name: str
    option: bool = False
    loc: Loc = _loc()


# ------------------------------------------------------------------ statements


@node
class Block:
    """Statements run in order. `{ skip  reverse }`"""

    stmts: tuple
    loc: Loc = _loc()


@node
class MoveStmt:
    """Move a card or list of cards to a zone: onto its top, or under `under` of its cards.
    `move card to discard face down`, `move card to draw under 3`"""

    cards: Any
    to: Any
    under: Any
    face: str | None
    loc: Loc = _loc()


@node
class MoveTopStmt:
    """Move some cards from the top of a zone, naming the last. `move 1 from draw to hand(current) as drawn`"""

    count: Any
    source: Any
    to: Any
    face: str | None
    bind: str | None
    loc: Loc = _loc()


@node
class DealStmt:
    """Deal cards one at a time round the table, from the first player. `deal 7 from draw to hand`"""

    count: Any  # None: deal all, evenly
    source: Any
    zone: str
    loc: Loc = _loc()


@node
class ShuffleStmt:
    """Shuffle a zone. `shuffle draw`"""

    zone: Any
    loc: Loc = _loc()


@node
class SetStmt:
    """Change a variable, or one player's. `set score(p) = score(p) + 10`"""

    name: str
    index: Any
    value: Any
    loc: Loc = _loc()


@node
class LetStmt:
    """Name a value for the rest of the block. `let guilty = any(...)`"""

    name: str
    value: Any
    loc: Loc = _loc()


@node
class IfStmt:
    """Do one thing or another. `if size(players) == 2 { skip } else { reverse }`"""

    cond: Any
    then: Any
    otherwise: Any
    loc: Loc = _loc()


@node
class ForStmt:
    """Do something for each item. `for p in others(current) { ... }`"""

    var: str
    iterable: Any
    body: Any
    loc: Loc = _loc()


@node
class WhileStmt:
    """Repeat while a condition holds (bounded at run time). `while top(discard).kind != number { ... }`"""

    cond: Any
    body: Any
    loc: Loc = _loc()


@node
class Option:
    """One thing a player may choose, typed as its verb and argument. `play c in hand(current) where playable(c) "..." { play(c) }`"""

    verb: str
    param: str | None
    domain: Any
    where: Any
    doc: str | None
    body: Any
    takes: str | None = None  # "rule": the argument is a rule the player writes (`write r as rule`);
    # "several": one item from each of several lists (`params`); "cards": a set of cards from `domain`, `size` many
    params: tuple = ()  # "several": ((name, domain), ...), each domain may name the ones before it
    size: tuple | None = None  # "cards": (fewest, most)
    loc: Loc = _loc()


# An option of several arguments, `ask p in others(current), r in rank { ... }`, and an option that takes a set of
# cards, `lay 1..4 cs from hand(current) where ... { ... }`, are `Option`s with `takes` "several" and "cards".


@node
class ChooseStmt:
    """One player makes a decision. `choose current { draw { ... } }`"""

    who: Any
    prompt: str | None
    options: tuple
    loc: Loc = _loc()


@node
class AskStmt:
    """A window: players are asked in order; the first to act wins it, the others may pass; `as` names who is asked.
    `ask others(p) as q { catch { ... } }`.  With `race`, all are asked at once and the fastest to act wins it:
    `ask playing() race as slapper { slap { ... } }`"""

    who: Any
    prompt: str | None
    options: tuple
    bind: str | None = None
    race: bool = False
    loc: Loc = _loc()


@node
class FireStmt:
    """Announce an event, running every rule that reacts to it. `fire played(card)`"""

    event: str
    args: tuple
    loc: Loc = _loc()


@node
class SkipStmt:
    """The next player loses their turn. `skip`"""

    loc: Loc = _loc()


@node
class ReverseStmt:
    """The direction of play reverses. `reverse`"""

    loc: Loc = _loc()


@node
class AgainStmt:
    """The current player takes another turn. `again`"""

    loc: Loc = _loc()


@node
class WinStmt:
    """The hand ends; a player or list of players wins it. `win player`"""

    who: Any
    loc: Loc = _loc()


@node
class OutStmt:
    """A player finishes and leaves play: the next place in the finishing order is theirs; turns, `next`, `others`
    and windows pass over them. `out player`"""

    who: Any
    loc: Loc = _loc()


@node
class LoseStmt:
    """A player is knocked out and leaves play; the last one left in play wins the hand. `lose player`"""

    who: Any
    loc: Loc = _loc()


@node
class RevealStmt:
    """Show cards to players. `reveal hand(current) to next`"""

    cards: Any
    to: Any
    loc: Loc = _loc()


@node
class SayStmt:
    """Narrate something to the table; `{name}` shows a value. `say "{player} draws 2"`"""

    text: str
    loc: Loc = _loc()


@node
class TurnToStmt:
    """Give the next turn to a player, whatever the direction, skips or `again` (`turn to doubter`); with `now`, make
    them the current player at once, play going on from them (`turn to jumper now`)."""

    who: Any
    now: bool = False
    loc: Loc = _loc()


@node
class ClaimStmt:
    """Record a public claim: these face-down cards are said to be this (a claim card, a value...). `claim card as k`"""

    cards: Any
    says: Any
    loc: Loc = _loc()


@node
class AddStmt:
    """Put a rule a player wrote into force, under a key (one rule per key: a new one replaces it). `add r for card.number`"""

    rule: Any
    key: Any
    loc: Loc = _loc()


@node
class RaceStmt:
    """Every player must do something; the last to do it loses (`race_lost` fires, or the block runs). `race "moo"`"""

    word: str
    bind: str | None
    body: Any
    loc: Loc = _loc()


@node
class TallyStmt:
    """Count something for the simulation report. `tally lie_caught`"""

    name: str
    loc: Loc = _loc()


@node
class CallStmt:
    """Run a procedure. `play(c)`"""

    name: str
    args: tuple
    loc: Loc = _loc()


# ------------------------------------------------------------------ expressions


@node
class BoolOp:
    """`a and b`, `a or b`"""

    op: str
    left: Any
    right: Any
    loc: Loc = _loc()


@node
class IfExpr:
    """One value or another, by a condition. `if size(hand(p)) == 1 then 20 else 5`"""

    cond: Any
    then: Any
    otherwise: Any
    loc: Loc = _loc()


@node
class Not:
    """`not a`"""

    expr: Any
    loc: Loc = _loc()


@node
class Compare:
    """`a == b`, `a < b`"""

    op: str
    left: Any
    right: Any
    loc: Loc = _loc()


@node
class In:
    """Membership. `card.kind in [skip, reverse]`"""

    item: Any
    collection: Any
    loc: Loc = _loc()


@node
class Is:
    """Class membership. `card is face`"""

    expr: Any
    cls: str
    loc: Loc = _loc()


@node
class Range:
    """A range of whole numbers, both ends included. `1..9`"""

    low: Any
    high: Any
    loc: Loc = _loc()


@node
class Arith:
    """`a + b`, `a * b`, `2 ** n`"""

    op: str
    left: Any
    right: Any
    loc: Loc = _loc()


@node
class Neg:
    """`-a`"""

    expr: Any
    loc: Loc = _loc()


@node
class Attr:
    """A card's attribute. `card.colour`"""

    expr: Any
    name: str
    loc: Loc = _loc()


@node
class Name:
    """A name: a local, a variable, a constant, an attribute value, a zone. `current_colour`"""

    name: str
    loc: Loc = _loc()


@node
class Call:
    """A function, a per-player zone or variable. `top(discard)`, `hand(p)`, `score(p)`"""

    name: str
    args: tuple
    loc: Loc = _loc()


@node
class ListLit:
    """`[skip, reverse]`"""

    items: tuple
    loc: Loc = _loc()


@node
class Aggregate:
    """Sum, count, any, all, first, min or max of a collection. `count(hand(p))`"""

    fn: str
    expr: Any
    loc: Loc = _loc()


@node
class Comprehension:
    """An aggregate over items; `min`/`max` may rank them `by` keys. `sum(c.points for c in hand(p) if c is face)`,
    `max(p for p in players by played(p).suit == trumps, played(p).rank)`"""

    fn: str
    expr: Any
    var: str
    iterable: Any
    cond: Any
    keys: tuple = ()
    inner_fors: tuple = ()  # the `for`s after the first (`ComprehensionFor`), each inside the one before
    loc: Loc = _loc()

    def fors(self) -> tuple:
        """Each `for` of it as (name, collection), the first first: `for p in players for c in hand(p)`."""
        return ((self.var, self.iterable), *((f.var, f.iterable) for f in self.inner_fors))


@node
class ComprehensionFor:
    """A comprehension's `for` after its first, inside the one before: `for c in hand(p)` of
    `count(c for p in players for c in hand(p))`."""

    var: str
    iterable: Any
    loc: Loc = _loc()


@node
class Splits:
    """Every way to take groups the condition holds for out of a collection, as many as will go: the items each way
    leaves over. `min(rest for rest in splits(g in hand(p) where meld(g)) by sum(c.points for c in rest))`.
    With `kind` "subsets", every group the condition holds for: `size(subsets(g in cs where total(g) == 15))`."""

    var: str
    iterable: Any
    cond: Any
    kind: str = "splits"  # "splits": the items each way leaves over; "subsets": the groups themselves
    loc: Loc = _loc()


@node
class Literal:
    """A number, string, `true`, `false` or `none`. `7`"""

    value: Any
    loc: Loc = _loc()
