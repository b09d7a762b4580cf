"""`rulelang replay`: step through a recorded game move by move (Enter = next, q = quit; in a pipe, all of it).

From a save file the game is rebuilt and told as one seat saw it (its moves narrated through the same
projection the prompt uses, and its hand when it changes), or with every card shown (`--seat all`: the
record's moves as typed and every hand).  A --log file holds only what the table saw; that is what is shown.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .errors import RulesError
from .save import SaveError, rebuild


class Stepper:
    """Prints steps; at a terminal waits for Enter between them (q quits)."""

    def __init__(self, screen):
        self.screen = screen
        self.interactive = sys.stdin.isatty() and sys.stdout.isatty()

    def more(self) -> bool:
        """After a step: False when the person quits."""
        if not self.interactive:
            return True
        try:
            answer = input("  [Enter] next · q quit ")
        except (EOFError, KeyboardInterrupt):
            print()
            return False
        return answer.strip().lower() not in ("q", "quit", "exit")


# ---------------------------------------------------------------- from a save file


def replay_save(path: Path, setup, moves, args) -> int:
    from .host import Screen, Teller, _english_list, card_parts, sort_key

    names = setup.names
    seat = _which_seat(args.seat, setup)
    game, _bots = rebuild(path, setup, [])
    program = game.program
    screen = Screen(sys.stdin.isatty() and sys.stdout.isatty())
    stepper = Stepper(screen)
    teller = Teller(game)
    # Told in the words of the one person's seat (`you`) when there is one; with `all`, every hand is shown too.
    voice = seat if seat is not None else (setup.humans[0] if len(setup.humans) == 1 else None)
    view_of = "every card shown" if seat is None else f"as {names[seat]} saw it"
    screen.line([("bold", program.name),
                 ("", f" — {len(names)} players: {', '.join(names)} · seed {setup.seed} · {len(moves)} moves · "
                      f"{view_of}")])
    told = 0
    shown_zones: dict = {}

    def zones_lines():
        """Per-player zones that changed since last shown: the seat's own, or everyone's with every card."""
        out = []
        st = game.state
        for spec in program.zones:
            if not spec.per_player:
                continue
            for owner in range(len(names)):
                if seat is not None and owner != seat:
                    continue
                cards = sorted(st.zone(spec.index, owner), key=lambda c: sort_key(program, c))
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
        lines = teller.tell(game.events[told:], voice)
        told = len(game.events)
        for line in lines:
            screen.line([("", "  ")] + line)
        for line in zones_lines():
            screen.line([("", "  ")] + line)

    screen.line("The start:")
    tell_since()
    for i, (who, text) in enumerate(moves):
        if not stepper.more():
            return 0
        try:
            game.replay(who, text)
        except RulesError as e:
            raise SaveError(f"{path}: move {i + 1} ({names[who]}: `{text}`) is refused on replay: {e.message}") from None
        teller.program = game.program
        # Who moved is public; what they typed is not always (a card laid face down): all of it only with `all`.
        head = f"Move {i + 1}/{len(moves)} — {names[who]}" + (f": {text}" if seat is None else "")
        screen.line([("bold", head)])
        tell_since()
    if game.over:
        winners = _english_list([names[w] for w in game.winners])
        screen.line([("bold", f"Game over: {winners} won"),
                     ("", " · scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, game.scores)))])
    else:
        pend = game.pending
        waiting = f", waiting for {names[pend.player]}" if pend is not None else ""
        screen.line(f"(The game stopped here{waiting}: `rulelang resume {path}` continues it.)")
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


def replay_log(path: Path, args) -> int:
    from .host import Screen

    events = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                ev = json.loads(line)
            except ValueError:
                raise RulesError(f"{path}:{n}: not a JSON event; a --log file has one JSON object a line") from None
            if not isinstance(ev, dict) or "type" not in ev:
                raise RulesError(f"{path}:{n}: not an event (no `type`)")
            events.append(ev)
    start, events = events[0], events[1:]
    if args.seat and args.seat.lower() != "all":
        print(f"rulelang: {path} is a --log file: it holds what the table saw, so that is shown (not one seat's "
              "hand)", file=sys.stderr)
    screen = Screen(sys.stdin.isatty() and sys.stdout.isatty())
    stepper = Stepper(screen)
    players = start.get("players") or []
    moves = sum(1 for e in events if e.get("type") == "choice")
    screen.line([("bold", str(start.get("game", "?"))),
                 ("", f" — {len(players)} players: {', '.join(map(str, players))} · seed {start.get('seed')} · "
                      f"{moves} moves · what the table saw")])
    screen.line("The start:")
    k = 0
    for ev in events:
        if ev["type"] == "choice":
            if not stepper.more():
                return 0
            k += 1
            screen.line([("bold", f"Move {k}/{moves} — {ev.get('player')}")])
        text = tell_public(ev)
        if text:
            screen.line("  " + text[0].upper() + text[1:])
    if not any(e.get("type") == "game_over" for e in events):
        screen.line("(The log ends here: the game was left unfinished.)")
    return 0


def _pile(name) -> str:
    name = str(name)
    return name if name.endswith("pile") else name + " pile"


def _cards(cards) -> str:
    if cards and all(cards):
        return ", ".join(map(str, cards))
    n = len(cards or [])
    return f"{n} card{'s' if n != 1 else ''}"


def tell_public(e: dict) -> str | None:
    """One line for a public event as the --log file holds it (players and cards by name), or None."""
    t = e.get("type")
    p = e.get("player")
    if t == "hand":
        return f"hand {e.get('hand')}: {e.get('first')} goes first"
    if t == "deal":
        cards = e.get("cards") or {}
        n = max((len(c) for c in cards.values()), default=0)
        return f"{n} card{'s' if n != 1 else ''} dealt to each player from the {e.get('src')} pile"
    if t == "move":
        so, do = e.get("src_owner"), e.get("dst_owner")
        what = _cards(e.get("cards"))
        down = " face down" if e.get("face") == "down" else ""
        src, dst = _pile(e.get("src")), _pile(e.get("dst"))
        if so is None and do is not None:
            return f"{do} takes {what} from the {src} into their {e.get('dst')}{down}"
        if so is not None and do is None:
            return f"{so} puts {what} on the {dst}{down}"
        src = f"{so}'s {e.get('src')}" if so else f"the {src}"
        dst = f"{do}'s {e.get('dst')}" if do else f"the {dst}"
        goes = "goes" if len(e.get("cards") or []) == 1 else "go"
        return f"{what} {goes} from {src} to {dst}{down}"
    if t == "choice":
        if e.get("move") is None or e.get("kind") == "card":
            return None  # a card played is told by its move of cards (laid out of sight: only that)
        if e.get("verb") == "pass":
            return f"{p} lets it pass"
        return f"{p}: {e['move']}"
    if t == "call":
        return f"{p} calls {e.get('call')}"
    if t == "skip":
        return f"{p} loses their turn"
    if t == "reverse":
        return "the direction of play reverses"
    if t == "again":
        return f"{p} takes another turn"
    if t == "turn_to":
        return f"{p} plays next"
    if t == "refill":
        return f"the {e.get('source')} pile is shuffled into the {e.get('zone')} pile ({e.get('count')} cards)"
    if t == "shuffle":
        return f"the {e.get('zone')} pile is shuffled"
    if t == "reveal":
        return f"{e.get('owner')} shows {_cards(e.get('cards'))} to {', '.join(map(str, e.get('to') or []))}"
    if t == "claim":
        says = e.get("says")
        what = says if isinstance(says, str) else "a card"
        return f"{p} says: {e.get('count')} × {what}"
    if t == "say":
        return str(e.get("text"))
    if t == "house_rule":
        return f"{p} adds a rule: {e.get('text')}"
    if t == "win":
        ps = e.get("players") or []
        return f"{' and '.join(map(str, ps))} win{'s' if len(ps) == 1 else ''} the hand"
    if t == "hand_over":
        scores = e.get("scores") or {}
        return "scores: " + ", ".join(f"{k} {v}" for k, v in scores.items()) if isinstance(scores, dict) else None
    if t == "game_over":
        ws = e.get("winners") or []
        return f"game over: {' and '.join(map(str, ws))} win{'s' if len(ws) == 1 else ''}"
    if t == "undo":
        return f"{p} takes back {e.get('moves')} move(s); the events above since then did not happen"
    if t in ("rule", "turn"):
        return None
    rest = {k: v for k, v in e.items() if k != "type"}
    return f"[{t}] {json.dumps(rest, ensure_ascii=False)}"
