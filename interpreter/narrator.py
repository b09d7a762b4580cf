"""The one narrator: events told in words, to one seat or to the table.

It tells events in their words form (`in_words`: what a seat may know of an event, through `view.project_event`,
the one masking function, with players, zones and cards by name), which is also what a --log file holds, so a
game is told in the same sentences live, to a network seat and from a log read back.  It returns parts,
`(role, text)` pairs whose texts joined are the line (`plain`): a role says what the text is, and a host may
style it (the terminal colours a card and gives its symbol); the words are the narrator's alone.

Roles: "" (words), "bold" (what the table should not miss: a call, a win), ("card", NAME) a card by its full
name, ("short", NAME) a card in a hand just dealt, ("value", VALUE) a value chosen (its text is how it reads).

`line(e)` tells one event; `Narrator.tell(events)` tells a run of them as the prompt does, a whole move to a
sentence: the choice, the cards it moved and the calls made with it (`You play Red 5 and call UNO`).
"""
from __future__ import annotations

import itertools
import re
import unicodedata

import attrs

from .events import ChoiceEvent, Event, MoveEvent, named
from .program import sort_key
from .view import project_event

ASIDES = ("refill",)  # told as they happen, without cutting a move's line in two

# A seat named `You` (the one person's seat when they play alone, by default) is told as `you` in its own view and
# the table's (a --log, a replay of it): `You take 1 card`, never `You takes`; in another seat's view (a bot's, in a
# replay) by its name, as any other.  Hosts refuse `You` as any other seat's name, where people could read it as
# themselves, and a name that reads as another pronoun (`Me plays`): `reads_as_pronoun`.
PRONOUNS = frozenset("i me my myself you your yours yourself he him his she her it its we us our they them their"
                     .split())


# Letters of other scripts drawn as Latin ones (after casefolding): `Аnn` with a Cyrillic А reads as `Ann`.
LOOKALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y",
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "y", "χ": "x"})


def name_read(name) -> str:
    """How a player's name reads: in any case, wide or styled letters as plain ones (NFKC), letters of other
    scripts drawn as Latin ones as those.  Two names that read alike are one to the table."""
    return unicodedata.normalize("NFKC", str(name)).strip().casefold().translate(LOOKALIKES)


def reads_as_pronoun(name) -> bool:
    """Whether a player's name would read in the narration as a word of the sentence, not a name (`Me plays`)."""
    return str(name).strip().lower() in PRONOUNS


def named_you(name) -> bool:
    """Whether a player's name is `You` (in any case): told as `you` in every view."""
    return str(name).strip().lower() == "you"


def in_words(st, ev: Event, seat) -> Event:
    """An event as `seat` may know it (`project_event`), with players named, and a move of values chosen with its
    words (`text`: the values by their display names, `single Black Joker`): the form of a --log line."""
    e = named(project_event(st, ev, seat), st.names)
    if type(e) is ChoiceEvent and e.kind in ("value", "several") and e.move:
        verb, *args = e.move.split()
        said = [st.program.value_display(w) for w in args]
        if said != args:
            e = attrs.evolve(e, text=" ".join([verb, *said]))
    return e


def narrate(st, ev: Event, seat) -> str | None:
    """One line of plain text telling `seat` what happened, or None for bookkeeping it need not see."""
    if type(ev) is ChoiceEvent:
        i = _index(st.events, ev)
        if i is not None and claim_of(st.events, i) is not None and ev.kind != "player":
            return None  # the claim it makes tells it (not whom a choice of a player aims at: `claim_line`)
    by = moved_by(st.program, st.events, ev)
    return tell(in_words(st, ev, seat), st.names[seat] if seat is not None else None, hand_zone(st.program),
                zone_displays(st.program), st.names[by] if by is not None else None)


def in_view_of_all(program, zone, owner) -> bool:
    """Whether a move's source is a player's own zone that every seat sees (Cuttle's points, a field of beans)."""
    spec = program.zones[zone] if isinstance(zone, int) else next((z for z in program.zones if z.name == zone), None)
    return owner is not None and spec is not None and spec.per_player and spec.visibility == "public"


def chooser_at(events, i: int):
    """The seat whose choice led to `events[i]`: the latest choice made (not a pass) since the turn began, or None."""
    for j in range(i - 1, -1, -1):
        e = events[j]
        if e.type in ("turn", "hand"):
            return None
        if e.type == "choice" and not e.pass_ and not e.race:
            return e.player
    return None


def moved_by(program, events, ev):
    """Who moved the cards of a move from a player's zone in view onto a pile of the table at another's choice
    (a scuttle takes the card scuttled): that chooser, told as the mover, not the zone's owner; else None."""
    if type(ev) is not MoveEvent or ev.dst_owner is not None or not in_view_of_all(program, ev.src, ev.src_owner):
        return None
    i = _index(events, ev)
    by = chooser_at(events, i) if i is not None else None
    return by if by != ev.src_owner else None


def zone_displays(program) -> dict:
    """The words each zone is told by that its declaration gives (`zone won "tricks won"`, `column 2`)."""
    return {z.name: z.display for z in program.zones if z.display is not None}


def narrator(st, seat) -> "Narrator":
    """The narrator of a running game for `seat` (None: the table)."""
    program = st.program
    return Narrator(st.names[seat] if seat is not None else None, hand_zone(program), program, len(st.names))


def tell_events(st, events, seat) -> list[list]:
    """A run of a game's events told to `seat` as the prompt tells them: one line of parts a move."""
    return narrator(st, seat).tell([in_words(st, ev, seat) for ev in events])


def hand_zone(program) -> str | None:
    """The players' own zone (their hand: the first zone per player), where cards taken need not say where they go."""
    return next((z.name for z in program.zones if z.per_player), None)


def claim_of(events: list, i: int) -> int | None:
    """The index of the claim the choice `events[i]` made (the same player's, before anyone chooses
    again), or None: such a choice is told by its claim, not twice."""
    who = events[i].player
    for j in range(i + 1, len(events)):
        kind = events[j].type
        if kind == "choice":
            return None
        if kind == "claim" and events[j].player == who:
            return j
    return None


def _index(events, ev: Event) -> int | None:
    if hasattr(events, "index_of"):  # a Journal: this very event is among those not packed, or read since
        return events.index_of(ev)
    for i in range(len(events) - 1, -1, -1):
        if events[i] is ev:
            return i
    return None


def plain(parts) -> str:
    """A line of parts as plain text."""
    return "".join(t for _, t in parts)


def words(name) -> str:
    """A zone's name as words: `face_up` → `face up`."""
    return str(name).replace("_", " ")


def pile(name) -> str:
    """A zone named as a heap of cards: `the discard pile`, `the laid pile`."""
    name = words(name)
    return name if name.endswith("pile") else name + " pile"


# The nouns a zone's words may end in that are one heap however many cards it holds (`cards pile` is one pile).
_ONE_HEAP = frozenset("pile deck stack heap row hand box pot kitty stock waste".split())


def _looks_plural(word: str) -> bool:
    w = word.lower()
    return len(w) > 2 and w.endswith("s") and not w.endswith(("ss", "us", "is", "'s"))


def plural_words(words: str) -> bool:
    """Whether a zone's words name several things (`discs`, `free cells`, `tricks won`), for the verb to agree: their
    last word (a zone's number left out) in the plural, or their first when the last is no heap (`tricks won`: the
    noun first, then what is said of it).  English is not read: a guess from the endings."""
    ws = [w for w in words.split() if not w.isdigit()]
    if not ws:
        return False
    if _looks_plural(ws[-1]):
        return True
    return len(ws) > 1 and _looks_plural(ws[0]) and ws[-1].lower() not in _ONE_HEAP


def numbered(words: str) -> bool:
    """Whether a zone's words end in its number (`column 2`, `free cell 3`): a name, told with no article."""
    return words.rsplit(" ", 1)[-1].isdigit()


def the(words: str) -> str:
    """A zone of the table's words with their article: `the discard pile`, but `column 2` (a numbered zone's name)."""
    return words if numbered(words) else f"the {words}"


def is_are(words: str) -> str:
    """The verb `to be` agreeing with a zone's words: `the discs are shuffled`, `the draw pile is`."""
    return "are" if plural_words(words) else "is"


def placed(e, where: str, on: str = "") -> str:
    """Where a move put its cards: `where` (`the draw pile`, after `on`), or, for cards put under some of a zone's
    (`move ... under N`), `into the draw pile under 2 cards`, `at the bottom of the draw pile`."""
    if e.bottom:
        return f"at the bottom of {where}" if on else f"the bottom of {where}"
    if e.under:
        return f"{'into ' if on else ''}{where} under {count_text(e.under)}"
    return f"{on}{where}"


def zone_words(name: str, display: str | None = None) -> str:
    """A zone in words: those its declaration gives (`display`: `zone won "tricks won"`), else its name's."""
    return display if display is not None else words(name)


def zone_pile(name: str, display: str | None = None) -> str:
    """A zone of the table as a heap of cards, `discard pile`, or in the words its declaration gives (`display`)."""
    return display if display is not None else pile(name)


def spec_words(spec) -> str:
    """`zone_words` of a zone's `ZoneSpec`."""
    return zone_words(spec.name, spec.display)


def spec_pile(spec) -> str:
    """`zone_pile` of a zone's `ZoneSpec`."""
    return zone_pile(spec.name, spec.display)


def spec_the(spec) -> str:
    """`spec_pile` with its article (`the`)."""
    return the(spec_pile(spec))


def count_text(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


MANY = 4  # copies of one card in a row from which they are told as their count and the name once


def _cards(cards, role: str = "card", sep: str = ", ") -> list:
    """Cards as parts, by name when all are known, else how many; four or more of one name in a row are told once,
    with their count: "46 × Copper" (a Dominion supply pile laid out)."""
    if cards and all(cards):
        out = []
        for c, run in itertools.groupby(cards):
            n = len(list(run))
            for told in [[("", f"{n} × "), ((role, c), str(c))]] if n >= MANY else [[((role, c), str(c))]] * n:
                if out:
                    out.append(("", sep))
                out += told
        return out
    return [("", count_text(len(cards or [])))]


def claim_said(e) -> tuple[str, str]:
    """What a claim says, as a verb and what follows it: `say`, `it is Red 2` or `they are 3 × Orange` of cards laid
    face down; `claim`, `to hold a Duke` or `to hold Red 2` of cards the claimer holds (Coup's "I hold the Duke")."""
    n = e.count
    says = e.says
    what = e.text or (says if isinstance(says, str) else "a card")
    many = "" if n == 1 and e.kind == "card" else f"{n} × "
    if e.held:
        one = "" if e.kind == "card" else "an " if what[:1].lower() in "aeiou" else "a "
        return "claim", f"to hold {one if n == 1 else many}{what}"
    return "say", f"{'it is' if n == 1 else 'they are'} {many}{what}"


def third(verb: str) -> str:
    """The verb for he/she/they-singular: play → plays, catch → catches, carry → carries."""
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


# A move's verb is told as the verb of a sentence (`Bo plays Red 5`) when it is an English verb: its first word (of
# `pick_up`) among these, which read with the move's object after them.  Any other word (`truth`, `high`, `colour`)
# is told as the option chosen (`Bo chooses truth: Red 5`), which reads for every word: no game's verb is told as a
# verb it is not (`Bo truths Red 5`).  A verb missing here reads the second way, which stays English.
VERBS = frozenset("""
    accept accuse add answer ask attack beat believe bet bid block bomb build burn buy call capture catch challenge
    change cheat check claim close collect compare cover cut deal declare defend discard double doubt draw drop end
    exchange finish flip fold follow give go guess hide hint hit hold jump keep knock lay lead leave look match meld
    move name offer open pass peek pick place play point put raise redraw reveal roll say score sell shift show
    sing skip slap snap spin split stand stay steal stop swap take tap throw trade trump turn wait win write bluff
    climb mix pair protest rob
""".split())
# Verbs that take a card they are made with, not on (`Bo bluffs with Liar's Red 5`; `Bo attacks with 6 Hearts`).
WITH_CARD = frozenset("answer attack beat bet bluff block cheat cover defend double knock raise respond trump".split())
# Verbs that take a value or a number as their object (`Bo says Red`, `Bo bids 3`); others choose it (`Bo chooses
# colour Red`: `colour` is a noun there).
WITH_VALUE = frozenset("bet bid call declare guess hint jump name pick raise say swap take".split())
# Verbs that take a player, and the word before them (`Bo challenges Ada`, `Bo trades with Ada`); any other verb
# reads `Bo chooses Ada to redraw`.
WITH_PLAYER = {"accuse": "", "ask": "", "attack": "", "block": "", "catch": "", "challenge": "", "hint": "",
               "compare": "with ", "exchange": "with ", "swap": "with ", "trade": "with ", "look": "at ",
               "peek": "at ", "point": "at "}


# Verbs that say a taking of cards themselves: a move of one of them that takes cards is one clause (`Bo draws 1
# card from the draw pile`, `You pick up 4 cards from the discard pile`), not `Bo draws and takes 1 card ...`.
TAKING = frozenset("collect draw pick steal take".split())


def is_verb(verb) -> bool:
    """Whether a move's verb reads as an English verb (`play`, `pick_up`), not a word of the game (`truth`)."""
    return str(verb).split("_")[0].lower() in VERBS


def english_list(items) -> str:
    """`A`, `A and B`, `A, B and C`; `nobody` for none."""
    items = [str(i) for i in items]
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def choices_sentence(items) -> str:
    """`A`, `A or B`, `A, B, or C`: the moves a player can make, as a refusal lists them."""
    items = [str(i) for i in items]
    return " or ".join(items) if len(items) <= 2 else ", ".join(items[:-1]) + ", or " + items[-1]


def capital(parts: list) -> list:
    """The line with its first letter a capital."""
    for i, (s, t) in enumerate(parts):
        if t:
            parts[i] = (s, t[0].upper() + t[1:])
            break
    return parts


def tell(e: Event, you: str | None = None, hand: str | None = None, displays: dict | None = None,
         by: str | None = None) -> str | None:
    """One line for an event in words (`in_words`, or a line of a --log file), or None for bookkeeping.

    `you` is the name of the seat told (`you take ...`), None for the table; `hand` is the players' own
    zone, where cards taken need not say where they go; `displays`, the zones' own words (`zone_displays`);
    `by`, who moved the cards of a move from another's zone in view (`moved_by`).
    """
    if e.type == "choice" and e.race:  # settled by the table, not chosen by a seat ("P1: last P2" named P1 as its
        return None                    # chooser): told by what the race makes them do, as `tell_events` does
    narrator = Narrator(you, hand)
    if displays:
        narrator.displays = displays
    parts = narrator.line(e, by)
    return plain(parts) if parts is not None else None


class Narrator:
    """Tells events in words to one seat: `you` is its name (None: the table); `hand` the players' own zone;
    `program`, when there is one, gives the values' names, the cards' order in a hand and which choices named a
    real card (a log read back has none, and is told event by event)."""

    def __init__(self, you: str | None = None, hand: str | None = None, program=None, players=None):
        self.you = you
        self.hand = hand
        self.program = program
        self.players = players  # how many seats the table has, when known: cards shown to all are turned up
        self.displays = zone_displays(program) if program is not None else {}

    # -- words
    def is_you(self, name) -> bool:
        return name == self.you if self.you is not None else named_you(name)

    def who(self, name) -> str:
        return "you" if self.is_you(name) else str(name)

    def does(self, name, verb: str) -> str:
        """`play`/`plays`; a verb of several words agrees by its first: `pick_up` → `picks up`."""
        first, *rest = verb.split("_")
        return " ".join([first if self.is_you(name) else third(first), *rest])

    def acts(self, name, verb: str) -> str:
        """`you play`, `Bo plays`."""
        return f"{self.who(name)} {self.does(name, verb)}"

    def zone_words(self, name) -> str:
        """A zone told by its name (`zone_words`, with the words its declaration gives)."""
        return zone_words(name, self.displays.get(name))

    def zone_pile(self, name) -> str:
        """A zone of the table told by its name as a heap of cards (`zone_pile`)."""
        return zone_pile(name, self.displays.get(name))

    def the_pile(self, name) -> str:
        """`zone_pile` with its article: `the discard pile`, `column 2` (`the`)."""
        return the(self.zone_pile(name))

    def whose(self, name) -> str:
        return "your" if self.is_you(name) else f"{name}'s"

    def value(self, v: str) -> tuple:
        """A value chosen, as a part: read by its display name."""
        text = v.replace("_", " ")
        if self.program is not None:
            for a in self.program.attributes.values():
                info = a.info(v)
                if info:
                    text = info.display or text
                    break
        return ("value", v), text

    # -- one event
    def move_clause(self, e, by=None):
        """A move of cards taken or put by a player, as (actor, verb, rest) so a choice can lead into it; `by`, who
        moved cards from another's zone in view onto a pile (`moved_by`): the mover, saying whose zone it was."""
        so, do = e.src_owner, e.dst_owner
        down = [("", " face down")] if e.face == "down" else []
        what = _cards(e.cards)
        if by is not None and so is not None and do is None and by != so:
            return by, "put", what + [("", f" from {self.whose(so)} {self.zone_words(e.src)} "
                                           + placed(e, f"{self.the_pile(e.dst)}", "on "))] + down
        if so is None and do is not None:
            dst = e.dst
            into = [("", " " + placed(e, f"{'your' if self.is_you(do) else 'their'} {self.zone_words(dst)}", "into "))] \
                if self.hand is not None and dst != self.hand or e.under else []
            return do, "take", what + [("", f" from {self.the_pile(e.src)}")] + into + down
        if so is not None and do is None:
            return so, "put", what + [("", " " + placed(e, f"{self.the_pile(e.dst)}", "on "))] + down
        return None, None, None

    def line(self, e: Event, by=None) -> list | None:
        """One event told as parts (not capitalised), or None for bookkeeping; `by` as `move_clause`'s."""
        kind = e.type
        p = getattr(e, "player", None)
        if kind == "move":
            actor, verb, rest = self.move_clause(e, by)
            if actor is not None:
                return [("", f"{self.acts(actor, verb)} ")] + rest
            so, do = e.src_owner, e.dst_owner
            src, dst = e.src, e.dst
            n = len(e.cards or [])
            where = f"{self.the_pile(dst)}" if do is None else f"{self.whose(do)} {self.zone_words(dst)}"
            if e.under:
                where = placed(e, where)
            if (src, so) == (dst, do) and e.face in ("up", "down"):  # turned over where it lies
                return _cards(e.cards) + [("", f" {'is' if n == 1 else 'are'} turned face {e.face} on {where}")]
            src = f"{self.the_pile(src)}" if so is None else f"{self.whose(so)} {self.zone_words(src)}"
            down = " face down" if e.face == "down" else ""
            return _cards(e.cards) + [("", f" {'goes' if n == 1 else 'go'} from {src} to {where}{down}")]
        if kind == "deal":
            cards = e.cards or {}
            n = max((len(c) for c in cards.values()), default=0)
            parts = [("", f"{count_text(n)} dealt to each player from {self.the_pile(e.src)}")]
            mine = cards.get(self.you) if self.you is not None else None
            if mine and all(mine):
                parts += [("", "; you get ")] + _cards(self.in_order(mine), "short")
            return parts
        if kind == "choice":
            if e.move is None or e.pass_ or e.kind == "card":
                return None  # a card played is told by its move of cards (laid out of sight: only that)
            if e.verb == "pass":
                return [("", f"{self.acts(p, 'let')} it pass")]
            if e.kind == "blind":  # a card it may not see, by its place: `Bo takes #2`
                return [("", f"{self.acts(p, e.verb)} {e.move.split(None, 1)[-1]}")]
            return [("", f"{self.who(p)}: {e.text or e.move}")]
        if kind == "claim":
            verb, said = claim_said(e)
            return [("", f"{self.acts(p, verb)} {said}")]
        if kind == "say":
            return [("", str(e.you if e.you and self.is_you(p) else e.text))]
        if kind == "call":
            return [("", f"{self.acts(p, 'call')} "), ("bold", str(e.text or e.call))]
        if kind == "skip":
            return [("", f"{self.acts(p, 'lose')} {'your' if self.is_you(p) else 'their'} turn")]
        if kind == "reverse":
            return [("", "the direction of play reverses")]
        if kind == "again":
            return [("", f"{self.acts(p, 'take')} another turn")]
        if kind == "turn_to":
            return [("", f"{self.acts(p, 'play')} next")] if p is not None else None
        if kind == "turn_now":
            return [("", f"play goes on from {self.who(p)}")] if p is not None else None
        if kind == "reveal":
            cards = e.cards or []
            owner = e.owner
            if owner is None:  # cards of the table nobody knew (a face-down card dealt from a pile), or looked at by one
                to = list(dict.fromkeys(e.to or []))
                if not any(cards):
                    shows = "shown"
                elif self.players is not None and len(to) < self.players:  # not the whole table's to see
                    shown = sorted(to, key=lambda t: not self.is_you(t))  # `you` first
                    shows = f"shown to {english_list(self.who(t) for t in shown)}"
                else:
                    shows = "shown to you" if len(to) == 1 and self.is_you(to[0]) else "turned up"
            else:
                shows = f"{self.who(owner)} show" if self.is_you(owner) else f"{owner} shows"
                to = [t for t in dict.fromkeys(e.to or []) if t != owner]
                if any(cards) and to and self.players is not None and len(to) < self.players - 1:  # to some only
                    shows += " " + english_list(self.who(t) for t in sorted(to, key=lambda t: not self.is_you(t)))
            holder = getattr(e, "holder", None) if owner is None else None  # whose cards nobody showed (Hanabi's)
            whose = f"{self.whose(holder)} card{'s' if len(cards) != 1 else ''} " if holder is not None else ""
            if any(cards):
                return [("", f"{whose}{shows}: ")] + _cards([c for c in cards if c])
            to = [self.who(t) for t in e.to or []]
            if owner is None:
                whose = f"{self.whose(holder)} " if holder is not None else ""
                return [("", f"{whose}{count_text(len(cards))} shown to {' and '.join(to)}")]
            return [("", f"{shows} {count_text(len(cards))} to {' and '.join(to)}")]
        if kind == "shuffle":
            owner = getattr(e, "owner", None)
            if owner is not None:  # a player's own zone (`shuffle hand(p)`)
                words = self.zone_words(e.zone)
                return [("", f"{self.whose(owner)} {words} {is_are(words)} shuffled")]
            words = self.zone_pile(e.zone)
            return [("", f"{the(words)} {is_are(words)} shuffled")]
        if kind == "refill":
            owner = getattr(e, "owner", None)
            if owner is not None:  # a player's own zone from their own (`zone deck per player refill from discard`)
                words = self.zone_words(e.source)
                return [("", f"{self.whose(owner)} {words} {is_are(words)} shuffled into "
                             f"{'your' if self.is_you(owner) else 'their'} {self.zone_words(e.zone)} "
                             f"({count_text(e.count or 0)})")]
            words = self.zone_pile(e.source)
            return [("", f"{the(words)} {is_are(words)} shuffled into {self.the_pile(e.zone)} "
                         f"({count_text(e.count or 0)})")]
        if kind == "hand":
            first = self.who(e.first)
            return [("", f"hand {e.hand}: {first} go{'' if first == 'you' else 'es'} first")]
        if kind == "out":
            place = e.place
            nth = {1: "first", 2: "second", 3: "third"}.get(place, f"number {place}")
            return [("", f"{self.who(p)} {'are' if self.is_you(p) else 'is'} out, {nth} to finish")]
        if kind == "lose":
            return [("", f"{self.who(p)} {'are' if self.is_you(p) else 'is'} knocked out")]
        if kind == "win":
            ps = e.players or []
            many = len(ps) > 1 or (len(ps) == 1 and self.is_you(ps[0]))
            return [("bold", f"{english_list(self.who(w) for w in ps)} {'win' if many else 'wins'} the hand")]
        if kind == "hand_over":
            scores = e.scores
            return [("", "scores: " + ", ".join(f"{k} {v}" for k, v in scores.items()))] \
                if isinstance(scores, dict) else None
        if kind == "game_over":
            ws = e.winners or []
            one = len(ws) <= 1 and not (ws and self.is_you(ws[0]))  # `nobody wins`
            return [("", f"game over: {english_list(self.who(w) for w in ws)} win{'s' if one else ''}")]
        if kind == "house_rule":
            author = self.acts(p, "make") if p is not None else "the table makes"
            key = e.key
            what = f" for {key}" if key is not None and not isinstance(key, str) else ""
            replaces = " (it replaces the one before)" if e.replaced else ""
            lines = str(e.text).splitlines()
            if len(lines) > 1:  # a rule of several lines below, as written (its own indents kept under one more)
                return [("", f"{author} a house rule{what}{replaces}:" + "".join(f"\n    {t}" for t in lines))]
            return [("", f"{author} a house rule{what}: {e.text}{replaces}")]
        if kind == "house_rule_dropped":
            at = f" at {e.at} of its text" if e.at else ""
            told = [("", f"the house rule `{e.name}` failed{at} ({e.reason}) and is dropped")]
            return told + _caret(e.text, e.at)
        if kind == "undo":  # written by the host into a --log file
            n = e.moves
            return [("", f"{self.acts(p, 'take')} back {n} move{'s' if n != 1 else ''}; the events above since then "
                         "did not happen")]
        return None

    def in_order(self, names: list) -> list:
        """Cards of a hand in the order the rules name them (as dealt, without a program)."""
        if self.program is None:
            return names
        program = self.program
        order = {}
        for cid, c in enumerate(program.cards):
            order.setdefault(c.name, sort_key(program, cid))
        return sorted(names, key=lambda n: order.get(n, []))

    # -- a run of events, a move to a sentence
    def tell(self, events: list) -> list[list]:
        """Lines of parts, capitalised: one per move (its choice, calls and cards), one per other event; the game's
        end is left to the host's own summary."""
        out = []
        act = None  # the latest choice, waiting for the cards it moves

        def finish():
            nonlocal act
            if act is not None and not act["told"]:
                e = act["e"]
                p = e.player
                if e.kind == "card":  # a card chosen that no move told (it waits on a choice after): by its name
                    named = self.program is not None and e.card is not None and e.card < deck
                    body = self.with_cards(p, e.verb, _cards([self.program.cards[e.card].name]) if named
                                           else [("", e.move.split(None, 1)[-1])])
                else:
                    body = self.choice_clause(e)
                out.append(self.sentence(p, [body] + self.call_clauses(p, act["calls"])))
            act = None

        told_to = -1  # events up to here were told with the claim they led to
        deck = self.program.deck_size if self.program is not None else None
        # Since a hand began in these events, every shared pile but the deck's started empty: how many cards each
        # holds (None: no hand began here), whether a card has moved yet (the setup's shuffle of a full deck is
        # not told), where cards moved between shared piles came from (a card turned up that goes back), and the
        # line that told the latest move into a shared pile (a shuffle of that pile is told in it).
        counts, moved, origins, into = None, False, {}, None
        chooser = None  # the latest choice's seat this turn: the mover of cards from another's zone in view
        for i, e in enumerate(events):
            kind = e.type
            empty = None  # a move's destination pile was empty before it (None: not known)
            if kind in ("turn", "hand"):
                chooser = None
            elif kind == "choice" and not e.pass_ and not e.race:
                chooser = e.player
            if kind == "hand":
                counts, moved = {}, False
            elif kind in ("move", "deal"):
                moved = True
                if kind == "move" and counts is not None:
                    n = len(e.cards or [])
                    if e.dst_owner is None:
                        empty = counts.get(e.dst, 0) == 0
                        counts[e.dst] = counts.get(e.dst, 0) + n
                    if e.src_owner is None:
                        counts[e.src] = counts.get(e.src, 0) - n
            elif kind == "refill" and counts is not None and getattr(e, "owner", None) is None:
                counts[e.zone] = counts.get(e.zone, 0) + (e.count or 0)
                counts[e.source] = counts.get(e.source, 0) - (e.count or 0)
            if i <= told_to:
                continue
            if kind == "choice" and e.race:
                continue  # who was last is told by what the race makes them do
            if kind == "choice":
                finish()
                j = claim_of(events, i) if e.verb is not None else None
                if j is not None:  # a choice that makes a claim is told once, by the claim
                    line = self.claim_line(events, i, j)
                    if line is not None:
                        out.append(line)
                        told_to = j
                    continue
                if not e.pass_ and e.verb is not None:  # a hidden choice is told by its move
                    act = {"e": e, "calls": [], "told": False}
                continue
            if kind == "call":
                text = e.text or e.call
                if act is not None and not act["told"] and act["e"].player == e.player:
                    act["calls"].append(text)
                else:
                    out.append(self.sentence(e.player, self.call_clauses(e.player, [text])))
                continue
            if kind == "move" and act is not None and not act["told"]:
                choice = act["e"]
                p = choice.player
                actor, verb, rest = self.move_clause(e)
                clauses = None
                chose_a_card = choice.card is None or deck is None or choice.card < deck  # not a claim
                if choice.kind in ("card", "cards") and e.src_owner == p and chose_a_card:  # from their own zone
                    body = self.with_cards(p, choice.verb, _cards(e.cards))
                    clauses = [body + ([("", " face down")] if e.face == "down" else [])]
                elif choice.kind in ("card", "cards") and e.src_owner is not None and chose_a_card:
                    # from another's zone (a dummy's hand, its declarer choosing): whose it was
                    clauses = [self.with_cards(p, choice.verb, _cards(e.cards))
                               + [("", f" from {self.whose(e.src_owner)} {self.zone_words(e.src)}")]]
                elif choice.kind in ("card", "cards") and actor == p and chose_a_card:  # cards from a shared pile
                    clauses = [self.with_cards(p, choice.verb, rest)]
                elif choice.kind == "blind" and e.dst_owner == p:  # a card taken by its place
                    so = e.src_owner
                    src = f"{self.the_pile(e.src)}" if so is None else f"{self.whose(so)} {self.zone_words(e.src)}"
                    clauses = [self.choice_clause(choice) + [("", ": ")] + _cards(e.cards)
                               + [("", f" from {src}")]]
                elif not choice.kind and actor == p and verb == "take" and choice.verb.split("_")[0] in TAKING:
                    clauses = [[("", self.does(p, choice.verb) + " ")] + rest]  # `draws 1 card from the draw pile`
                elif not choice.kind and actor == p:
                    clauses = [self.choice_clause(choice), [("", self.does(p, verb) + " ")] + rest]
                if clauses is not None:
                    out.append(self.sentence(p, clauses + self.call_clauses(p, act["calls"])))
                    act["told"] = True
                    continue
            if (kind == "house_rule" and act is not None and not act["told"] and not act["calls"]
                    and act["e"].kind == "rule" and act["e"].player == e.player):
                act["told"] = True  # the rule written is told once, by the house rule it makes
            if kind == "game_over":
                continue
            if kind == "shuffle":
                if counts is not None and not moved:
                    continue  # the setup's shuffle of the whole deck, before a card is dealt: the deal tells it
                if into is not None and into == (len(out) - 1, e.zone):  # the cards just put there and shuffled in
                    out[-1] = out[-1] + [("", ", which is shuffled")]
                    into = None
                    continue
            if (kind == "say" and act is not None and not act["told"] and not act["calls"] and e.player is not None
                    and act["e"].player == e.player):
                said = self.line(e)
                if said and self.says_the_move(act["e"], plain(said)):
                    act["told"] = True  # the rules' own sentence about the move tells it (`You tell Ada: ...`)
            line = self.table_move(e, empty, origins) if kind == "move" else None
            by = chooser if kind == "move" and self.program is not None and e.dst_owner is None and \
                in_view_of_all(self.program, e.src, e.src_owner) else None
            line = line or self.line(e, by)
            if kind == "move" and e.src_owner is None and e.dst_owner is None:
                for c in e.cards or []:
                    if c:
                        origins[c] = e.src
            if line:
                if kind not in ASIDES:
                    finish()
                out.append(capital(line))
                if kind == "move" and e.dst_owner is None:
                    into = (len(out) - 1, e.dst)
        finish()
        return out

    def table_move(self, e, empty, origins) -> list | None:
        """Known cards moved between two of the table's piles, told as the table sees it: turned up from a pile
        nobody sees (`Red 5 is turned up from the draw pile to start the discard pile`, `... onto the discard
        pile`), or put back where they were turned up from (`Wild Draw Four goes back from the discard pile into
        the draw pile`); None for the plain telling (`line`)."""
        cards = e.cards or []
        if (self.program is None or e.under or e.src_owner is not None or e.dst_owner is not None or e.src == e.dst
                or not cards or not all(cards)):
            return None
        seen = {z.name: z.visibility for z in self.program.zones if not z.per_player}
        n = len(cards)
        if seen.get(e.src) == "hidden" and seen.get(e.dst) not in (None, "hidden") and e.face != "down":
            start = f" to start {self.the_pile(e.dst)}" if empty else f" onto {self.the_pile(e.dst)}"
            return _cards(cards) + [("", f" {'is' if n == 1 else 'are'} turned up from {self.the_pile(e.src)}{start}")]
        if all(origins.get(c) == e.dst for c in cards):
            down = " face down" if e.face == "down" else ""
            return _cards(cards) + [("", f" {'goes' if n == 1 else 'go'} back from {self.the_pile(e.src)} into "
                                         f"{self.the_pile(e.dst)}{down}")]
        return None

    def choice_clause(self, e):
        """What a player chose, as words: `VERBs` alone, `VERBs VALUE` or `chooses VERB VALUE`, `VERBs PLAYER`,
        `VERBs PLAYER: VALUE`; a verb that is no English verb (`truth`, `high`) as the option chosen
        (`chooses truth`)."""
        p, verb, kind = e.player, e.verb, e.kind or ""
        words_ = e.move.split(None, 1)
        arg = words_[1] if len(words_) > 1 else ""
        first = verb.split("_")[0].lower()
        if kind == "" or not arg:
            return [("", self.does(p, verb) if is_verb(verb) else f"{self.does(p, 'choose')} {words(verb)}")]
        if kind == "player":
            if first in WITH_PLAYER:  # `ask_player P2`: `asks P2`, the word naming the kind of argument left out
                said = verb[:-len("_player")] if verb.lower().endswith("_player") else verb
                return [("", f"{self.does(p, said)} {WITH_PLAYER[first]}{self.who(arg)}")]
            if is_verb(verb):
                return [("", f"{self.does(p, 'choose')} {self.who(arg)} to {words(verb)}")]
            return [("", f"{self.does(p, 'choose')} {words(verb)}: {self.who(arg)}")]
        if kind in ("blind", "card", "cards"):  # cards by their place (`takes #2`) or as typed
            return self.with_cards(p, verb, [("", arg)])
        if kind == "several":
            return self.several(p, verb, arg)
        if first in WITH_VALUE or kind == "number" and is_verb(verb):  # `says Red`; `lays 3`, `takes 2`
            return [("", f"{self.does(p, verb)} "), self.value(arg)]
        return [("", f"{self.does(p, 'choose')} {words(verb)} "), self.value(arg)]

    def with_cards(self, p, verb: str, cards: list) -> list:
        """A move of cards as a clause: `plays Red 5`, `bluffs with Liar's Red 5`, `chooses truth: Red 5`."""
        if verb.split("_")[0].lower() in WITH_CARD:
            return [("", f"{self.does(p, verb)} with ")] + cards
        if is_verb(verb):
            return [("", f"{self.does(p, verb)} ")] + cards
        return [("", f"{self.does(p, 'choose')} {words(verb)}: ")] + cards

    def arguments(self, arg: str) -> list:
        """The arguments of a move of several, as parts: a value (or number) a word each, read by its display name;
        the words between values one argument (a player's name may have several words), `you` for the seat told."""
        out, text = [], []

        def flush():
            if text:
                out.append(("", self.who(" ".join(text))))
                text.clear()
        for w in arg.split():
            if w.startswith("#") and w[1:].isdigit():  # a card by its place (`take Ada #2`): a part of its own
                flush()
                out.append(("", w))
            elif w.lstrip("-").isdigit() or self.known_value(w):
                flush()
                out.append(self.value(w))
            else:
                text.append(w)
        flush()
        return out

    def known_value(self, v: str) -> bool:
        return self.program is not None and any(a.info(v) for a in self.program.attributes.values())

    def several(self, p, verb: str, arg: str) -> list:
        """A move of several arguments: `guesses Dee: King`, `hints Ada: Red`, `chooses left: 2, Red`."""
        args = self.arguments(arg)
        if not args:
            return [("", f"{self.does(p, verb)} {arg}")]
        if len(args) == 2 and args[1][1].startswith("#") and args[0][0] == "":  # a player and a place in their cards
            who = args[0][1]
            mine = "yours" if who == "you" else f"{who}'s"
            return [("", f"{self.does(p, verb) if is_verb(verb) else self.does(p, 'choose') + ' ' + words(verb)} "
                         f"{args[1][1]} of {mine}")]
        tail = []
        for i, a in enumerate(args[1:]):
            tail += [("", ", " if i else ": "), a]
        if is_verb(verb) and args[0][0] != "":  # values and numbers alone, as they are typed: `shifts 2 1`, not `2: 1`
            return [("", f"{self.does(p, verb)} ")] + [part for i, a in enumerate(args) for part in [("", " ")] * bool(i) + [a]]
        if is_verb(verb):
            return [("", f"{self.does(p, verb)} "), args[0]] + tail
        return [("", f"{self.does(p, 'choose')} {words(verb)}: "), args[0]] + [
            (r, ", " if t == ": " else t) for r, t in tail]

    def says_the_move(self, e, said: str) -> bool:
        """Whether a sentence of the rules about the chooser of `e` names everything the move named (`hint Ada red`
        then `You tell Ada: the cards at 1, 4 are Red`): then it tells the move, which is not told before it."""
        if not e.move or e.kind not in ("", "player", "value", "number", "several"):
            return False
        if not e.kind:  # a move without arguments: its word (`uno`, then `Bo yells UNO!`)
            args = [words(e.verb)]
        elif " " not in e.move:
            return False
        else:
            arg = e.move.split(None, 1)[1]
            args = [plain([a]) for a in (self.arguments(arg) if e.kind == "several" else
                                         [("", self.who(arg))] if e.kind == "player" else [self.value(arg)])]
        return all(re.search(rf"(?<!\w){re.escape(a)}(?!\w)", said, re.IGNORECASE) for a in args)

    def claim_line(self, events, i, j):
        """The choice `events[i]`, the cards it laid and the claim `events[j]` as one sentence: `Bo puts 1 card on
        the discard pile face down and says it is Blue 9`; None when something else happened in between."""
        p = events[i].player
        clauses, calls = [], []
        for e in events[i + 1:j]:
            if e.type == "call" and e.player == p:
                calls.append(e.text or e.call)
                continue
            actor, verb, rest = self.move_clause(e) if e.type == "move" else (None, None, None)
            if actor != p or e.src_owner != p:
                return None
            clauses.append([("", self.does(p, verb) + " ")] + rest)
        if not clauses and events[i].kind == "player" and events[i].move:  # whom it aims at (Coup's steal), the
            clauses.append(self.choice_clause(events[i]))                    # claim saying only what is claimed
        verb, said = claim_said(events[j])
        clauses.append([("", f"{self.does(p, verb)} {said}")])
        return self.sentence(p, clauses + self.call_clauses(p, calls))

    def call_clauses(self, p, calls) -> list:
        return [[("", f"{self.does(p, 'call')} "), ("bold", str(c))] for c in calls]

    def sentence(self, p, clauses) -> list:
        """The player's name (or `you`) and clauses joined as English: `NAME A, B and C`."""
        parts = [("", self.who(p) + " ")]
        for i, c in enumerate(clauses):
            if i:
                parts.append(("", " and " if i == len(clauses) - 1 else ", "))
            parts += c
        return capital(parts)


def _caret(text, at) -> list:
    """The line of a rule's text that `at` ("line L, column C") names, and a caret under its column, as a check
    error shows them: [] when there is no such place."""
    m = re.fullmatch(r"line (\d+), column (\d+)", at or "")
    lines = text.splitlines() if isinstance(text, str) else []
    if m is None or not 1 <= int(m[1]) <= len(lines):
        return []
    line = lines[int(m[1]) - 1]
    column = min(int(m[2]), len(line) + 1)
    return [("", f"\n    {line}\n    {' ' * (column - 1)}^")]
