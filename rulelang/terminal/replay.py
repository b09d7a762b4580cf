"""`rulelang replay`: step through a recorded game move by move (Enter = next, b = back, N = move N, /KIND = the
next move with an event of that kind, e = end, q = quit; in a pipe, all of it).

From a save file the game is rebuilt and told as one seat saw it (its moves narrated through the same
projection the prompt uses, and its hand when it changes), or with every card shown (`--seat all`: the
record's moves as typed and every hand).  A --log file holds only what the table saw; that is what is shown.
"""
from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

from interpreter.events import Event, from_dict
from interpreter.narrator import Narrator, claim_of, english_list, hand_zone, tell
from interpreter.program import sort_key

from .. import load
from ..checker import count
from ..errors import RulesError
from ..save import SaveError, command, rebuild
from .host import Screen, card_ids, card_parts, styled, tell_lines as tell_styled


class Stepper:
    """Prints steps; at a terminal waits for Enter between them (q quits)."""

    def __init__(self, screen):
        self.screen = screen
        self.interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.shown_keys = False

    KEYS = "[Enter] next · b back · N go to move N · /KIND next event of a kind · e end · q quit"
    PROMPT = "  [Enter] next · ? keys › "  # short: the whole of KEYS is a line of its own, broken to fit

    def where(self, at: int, last: int):
        """What the person wants after move `at` of `last`: ("next"|"back"|"end"|"quit", None), ("go", N) or
        ("find", KIND).  In a pipe, always the next move."""
        if not self.interactive:
            return "next", None
        if not self.shown_keys:
            self.shown_keys = True
            self.screen.line(f"  {self.KEYS}")
        while True:
            try:
                answer = input(self.PROMPT).strip().lower()
            except (EOFError, KeyboardInterrupt):
                print()
                return "quit", None
            if answer in ("?", "h", "help"):
                self.screen.line(f"  {self.KEYS}")
                continue
            if answer in ("", "n", "next"):
                return "next", None
            if answer in ("q", "quit", "exit"):
                return "quit", None
            if answer in ("b", "back"):
                return "back", None
            if answer in ("e", "end"):
                return "end", None
            if answer.isascii() and answer.isdigit():  # (not `²`: a digit to isdigit, not to int)
                return "go", int(answer)
            if answer.startswith("/") and answer[1:].strip():
                return "find", answer[1:].strip()
            self.screen.line(f"  ? {answer!r}: {self.KEYS}")


# ---------------------------------------------------------------- from a save file


def replay_save(path: Path, setup, moves, args) -> int:
    names = setup.names
    # An unfinished game of several people is told only as the table saw it: any of them could read another's
    # hand and then resume.  Its seed is not printed either (with the moves it deals every hand again).
    secret = len(setup.humans) >= 2 and not rebuild(path, setup, moves)[0].over
    if secret and args.seat:
        raise RulesError(f"--seat {args.seat}: this game is not over and {len(setup.humans)} people play it; its "
                         "replay shows only what the whole table saw, until the game is over")
    seat = None if secret else _which_seat(args.seat, setup)
    game, _bots = rebuild(path, setup, [])
    program = game.program
    screen = Screen(sys.stdin.isatty() and sys.stdout.isatty())
    stepper = Stepper(screen)
    # Told in the words of the one person's seat (`you`) when there is one; with `all`, every hand is shown too.
    voice = seat if seat is not None else (setup.humans[0] if len(setup.humans) == 1 else None)
    view_of = "what the table saw (the game is not over)" if secret else \
        "every card shown" if seat is None else f"as {names[seat]} saw it"
    seed = "" if secret else f" · seed {setup.seed}"
    screen.line([("bold", program.name),
                 ("", f" — {len(names)} players: {', '.join(names)}{seed} · {count(len(moves), 'move')} · {view_of}")])
    told = 0
    shown_zones: dict = {}

    def zones_lines():
        """Per-player zones that changed since last shown: the seat's own, or everyone's with every card."""
        out = []
        if secret:
            return out  # no hand is shown
        zones = game.open_zones()
        for spec in program.zones:
            if not spec.per_player:
                continue
            for owner in range(len(names)):
                if seat is not None and owner != seat:
                    continue
                cards = sorted(zones[spec.name][owner], key=lambda c: sort_key(program, c))
                key = (spec.index, owner)
                if shown_zones.get(key) == cards:
                    continue
                shown_zones[key] = cards
                whose = "Your" if owner == voice else f"{names[owner]}'s"
                parts = [("bold", f"{whose} {spec.name} ({len(cards)}):")]
                for c in cards:
                    parts += [("", " ")] + card_parts(program, c)
                out.append(parts)
        return out

    def tell_since():
        nonlocal told
        lines = tell_styled(game, game.events[told:], voice)
        told = len(game.events)
        for line in lines:
            screen.told(line)
        for line in zones_lines():
            screen.told(line)

    def make(i):
        who, text = moves[i]
        try:
            game.replay(who, text)
        except RulesError as e:
            raise SaveError(f"{path}: move {i + 1} ({names[who]}: `{text}`) is refused on replay: {e.message}") from None

    def show(i):
        """Make move i (0-based) and tell it."""
        make(i)
        who, text = moves[i]
        # Who moved is public; what they typed is not always (a card laid face down): all of it only with `all`.
        head = f"Move {i + 1}/{len(moves)} — {names[who]}" + (f": {text}" if seat is None and not secret else "")
        screen.line([("bold", head)])
        tell_since()

    def silently_to(n):
        """The game after its first n moves, nothing told (going back rebuilds it from the start: exact)."""
        nonlocal game, told
        if n < len(game.record()):
            game = rebuild(path, setup, [])[0]
        for i in range(len(game.record()), n):
            make(i)
        told = len(game.events)
        shown_zones.clear()  # after a jump, the hand is shown again as it stands

    screen.line("The start:")
    if secret:
        voice = None  # nobody's words: the table's
    tell_since()
    at = 0  # moves made
    while at < len(moves):
        what, arg = stepper.where(at, len(moves))
        if what == "quit":
            return 0
        if what == "next":
            show(at)
        elif what in ("back", "go", "end"):
            target = max(1, at - 1) if what == "back" else len(moves) if what == "end" else min(max(1, arg), len(moves))
            silently_to(target - 1)
            show(target - 1)
        elif what == "find":
            kinds = {ev.type for ev in game.events}
            start = len(game.events)
            for i in range(at, len(moves)):
                make(i)
                if any(ev.type.startswith(arg) for ev in game.events[start:]):
                    silently_to(i)
                    show(i)
                    break
                start = len(game.events)
            else:
                screen.line(f"  no `{arg}` event after move {at}" + (f" (kinds: {', '.join(sorted(kinds))})" if kinds else ""))
                silently_to(at)
                continue
        at = len(game.record())
    if game.over:
        winners = english_list([names[w] for w in game.winners])
        screen.line([("bold", f"Game over: {winners} won"),
                     ("", " · scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, game.scores)))])
    else:
        pend = game.pending
        waiting = f", waiting for {names[pend.player]}" if pend is not None else ""
        screen.line(f"(The game stopped here{waiting}: `{command()} resume {path}` continues it.)")
    return 0


def _which_seat(given: str | None, setup):
    """None for `all`; a seat index for a name; by default the one person's seat, else all."""
    if given is None:
        return setup.humans[0] if len(setup.humans) == 1 else None
    if given.lower() == "all":
        return None
    for i, n in enumerate(setup.names):
        if n.lower() == given.lower():
            return i
    raise RulesError(f"--seat {given}: no seat has that name; the seats: {', '.join(setup.names)}, or `all`")


# ---------------------------------------------------------------- from a --log file


# What a hand-edited or damaged --log file may hold wrong, read as a refusal of its line, not a traceback.
_DAMAGED = (TypeError, KeyError, ValueError, AttributeError, IndexError, RecursionError)


def _plain_text(value) -> bool:
    """No string in a decoded JSON value holds a control character (it would be written to the terminal) but a line
    break or a tab."""
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):  # a rule written in play may hold line breaks and tabs, as the rule editor allows
            if not v.isprintable() and any(unicodedata.category(ch) == "Cc" and ch not in "\n\t" for ch in v):
                return False
        elif isinstance(v, dict):
            todo += list(v.keys()) + list(v.values())
        elif isinstance(v, list):
            todo += v
    return True


def replay_log(path: Path, args) -> int:
    raw, lines = [], []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                ev = json.loads(line)
            except (ValueError, RecursionError):
                raise RulesError(f"{path}:{n}: not a JSON event; a --log file has one JSON object a line") from None
            if not isinstance(ev, dict) or "type" not in ev:
                raise RulesError(f"{path}:{n}: not an event (no `type`)")
            if not _plain_text(ev):
                raise RulesError(f"{path}:{n}: a text of this event holds a control character; rulelang writes none")
            raw.append(ev)
            lines.append(n)
    start = raw[0]
    if not isinstance(start.get("players", []), list) or not all(isinstance(p, str) for p in start.get("players", [])):
        raise RulesError(f"{path}:{lines[0]}: `players` is not a list of names")
    zones = start.get("zones", {})  # the words each zone is told by (`zone home "foundation" 1..4`)
    if not isinstance(zones, dict) or not all(isinstance(w, str) for w in zones.values()):
        raise RulesError(f"{path}:{lines[0]}: `zones` is not a mapping of zones to the words they are told by")
    events = []
    for n, d in zip(lines[1:], raw[1:]):  # the records they stand for
        if "pass" in d:  # a window let go by (`public_event`)
            d = {**d, "pass_": d["pass"] is True}
        try:
            ev = from_dict(d)
        except _DAMAGED:
            raise RulesError(f"{path}:{n}: not an event this rulelang writes (damaged, or edited by hand)") from None
        wrong = _wrong_field(ev) if ev is not None else None
        if wrong:
            raise RulesError(f"{path}:{n}: `{wrong[0]}` of this `{ev.type}` event is not {wrong[1]}: not an event this "
                             "rulelang writes (damaged, or edited by hand)")
        if ev is not None:
            events.append((n, ev))
    try:
        return _replay_events(path, args, start, [e for _, e in events])
    except _DAMAGED:
        n = _untold_line(events, start)
        raise RulesError(f"{path}{f':{n}' if n else ''}: an event cannot be told (damaged, or edited by hand)") from None


# The kinds of value an event's fields are declared to hold (`winners: list`), and their words.
_DECLARED = {"list": (list, "a list"), "dict": (dict, "a mapping"), "str": (str, "a text"),
             "int": (int, "a whole number"), "bool": (bool, "true or false")}


def _wrong_field(ev) -> tuple[str, str] | None:
    """The first field of a --log line's event not of the kind its record declares (`winners` a list, `count` a
    whole number), and the words for that kind; or None.  A field missing (None) is let be: a log an older
    rulelang wrote lacks some."""
    for f, declared in type(ev).__annotations__.items():
        v = getattr(ev, f)
        kind = _DECLARED.get(declared.removesuffix(" | None"))
        if v is not None and kind is not None and (not isinstance(v, kind[0]) or
                                                   (kind[0] is int and isinstance(v, bool))):
            return f.rstrip("_"), kind[1]
    return None


def _untold_line(events: list, start: dict) -> int | None:
    """The line of the first of a --log file's events (line, event) that cannot be told by itself, or None."""
    told = [e for _, e in events]
    hand = next((ev.zone for ev in told if ev.type == "deal"), None)
    for i, (n, _) in enumerate(events):
        try:
            tell_public(told, i, hand, start.get("zones"))
        except _DAMAGED:
            return n
    return None


def _replay_events(path: Path, args, start: dict, events: list) -> int:
    if args.seat and args.seat.lower() != "all":
        print(f"rulelang: {path} is a --log file: it holds what the table saw, so that is shown (not one seat's "
              "hand)", file=sys.stderr)
    screen = Screen(sys.stdin.isatty() and sys.stdout.isatty())
    stepper = Stepper(screen)
    players = start.get("players") or []
    moves = sum(1 for e in events if e.type == "choice")
    screen.line([("bold", str(start.get("game", "?"))),
                 ("", f" — {len(players)} players: {', '.join(map(str, players))} · seed {start.get('seed')} · "
                      f"{count(moves, 'move')} · what the table saw")])
    screen.line("The start:")
    # The players' own zone, where cards taken need not say where they go: the first one dealt to.
    hand = next((ev.zone for ev in events if ev.type == "deal"), None)
    starts = [i for i, ev in enumerate(events) if ev.type == "choice"] + [len(events)]  # each move's first event

    program = _logged_program(path, start, events)

    def tell_span(lo: int, hi: int) -> None:
        if program is not None:  # in the words the table was told live: `Bo plays ♥Red 7`, a move to a line
            cards = card_ids(program)
            for line in Narrator(None, hand_zone(program), program, len(players)).tell(events[lo:hi]):
                screen.told(styled(program, line, cards))
            ends = [tell_public(events, i) for i in range(lo, hi) if events[i].type == "game_over"]
            for text in filter(None, ends):  # the narrator leaves the game's end to its teller
                screen.line("  " + text[0].upper() + text[1:])
            return
        for i in range(lo, hi):
            text = tell_public(events, i, hand, start.get("zones"))
            if text:
                screen.line("  " + text[0].upper() + text[1:])

    def show(k: int) -> None:  # move k (1 to moves) and what followed it
        screen.line([("bold", f"Move {k}/{moves} — {events[starts[k - 1]].player}")])
        tell_span(starts[k - 1], starts[k])

    tell_span(0, starts[0])
    at = 0  # the move shown last
    while at < moves:  # the same keys as a save's replay: back, a move's number, /KIND, the end
        what, arg = stepper.where(at, moves)
        if what == "quit":
            return 0
        if what == "find":
            found = next((k for k in range(at + 1, moves + 1)
                          if any(ev.type.startswith(arg) for ev in events[starts[k - 1]:starts[k]])), None)
            if found is None:
                kinds = sorted({ev.type for ev in events})
                screen.line(f"  no `{arg}` event after move {at}" + (f" (kinds: {', '.join(kinds)})" if kinds else ""))
                continue
            at = found
        else:
            at = {"next": at + 1, "back": max(1, at - 1), "end": moves}.get(what) or min(max(1, arg or 1), moves)
        show(at)
    if not any(e.type == "game_over" for e in events):
        screen.line("(The log ends here: the game was left unfinished.)")
    return 0


def _logged_program(path: Path, start: dict, events: list):
    """The game a --log file was written by, when its file can be read again as it was (the `file` of its first
    line, as given or beside the log; the same game's name; every card the log names a card of it), so that the
    replay tells the moves in the words the table was told live; None otherwise (each event told by itself)."""
    file = start.get("file")
    if not isinstance(file, str) or not file:
        return None
    for where in (file, str(path.parent / file)):
        try:
            program = load(where)
        except Exception:  # noqa: BLE001 - any file that cannot be read as the game: told without it
            continue
        names = {c.name for c in program.cards}
        cards = [c for e in events for c in _named_cards(e)]
        if program.name == start.get("game") and all(c in names for c in cards if c is not None):
            return program
    return None


def _named_cards(e: Event) -> list:
    cards = getattr(e, "cards", None)
    if isinstance(cards, dict):
        return [c for cs in cards.values() for c in cs]
    return list(cards) if isinstance(cards, list) else []


def tell_public(events: list[Event], i: int, hand=None, displays: dict | None = None) -> str | None:
    """One line for the event `events[i]` of a --log file (players and cards by name), or None: the game's
    own narrator tells it, in the words a seat is told live (`displays`: the zones' words, as the log's start line
    gives them); a choice that made a claim is told by the claim."""
    ev = events[i]
    if ev.type == "choice" and claim_of(events, i) is not None:
        return None
    return tell(ev, None, hand, displays)
