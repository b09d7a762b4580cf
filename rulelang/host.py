"""The terminal host: a thin prompt_toolkit REPL over the interpreter's API; it knows no game."""
from __future__ import annotations

import json
import os
import random
import sys
import time

from interpreter import Game
from interpreter.bots import make_bot
from interpreter.machine import Decision

from .errors import MoveError, RulesError
from .summary import help_text, rules_summary

COMMANDS = {
    "help": "the moves you can make now and how to type them",
    "rules": "a summary of this game, from its rules file",
    "log": "the last events (`log 50` for more)",
    "hand": "show your hand and the table again",
    "quit": "leave the game",
}


class Screen:
    """Where the host writes: styled text at a terminal, plain lines in a pipe; NO_COLOR is honoured."""

    def __init__(self, tty: bool):
        self.tty = tty
        self.color = tty and not os.environ.get("NO_COLOR")

    def line(self, parts="") -> None:
        """Print a line given as text or a list of (style, text) pairs."""
        if isinstance(parts, str):
            parts = [("", parts)]
        if self.tty:
            from prompt_toolkit import print_formatted_text
            from prompt_toolkit.formatted_text import FormattedText

            print_formatted_text(FormattedText([(s if self.color else "", t) for s, t in parts]))
        else:
            print("".join(t for _, t in parts), flush=True)

    def clear(self) -> None:
        if self.tty:
            from prompt_toolkit.shortcuts import clear

            clear()


def card_parts(program, cid, screen_color=True):
    """A card as styled text: its symbol and short name, e.g. `♥R7`."""
    if cid is None:
        return [("reverse", "▒▒")]
    c = program.cards[cid]
    style = c.style
    return [(style, f"{c.symbol}{c.short}")]


def sort_key(program, cid):
    c = program.cards[cid]
    key = []
    for a in program.name_attrs:
        attr = program.attributes[a]
        v = c.attrs.get(a)
        if v is None:
            key.append(10**6)
        elif attr.numeric:
            key.append(v)
        else:
            key.append([x.name for x in attr.values].index(v))
    return key


def show_value(program, v):
    if v is None:
        return "none"
    if isinstance(v, str):
        for a in program.attributes.values():
            info = a.info(v)
            if info:
                return f"{info.symbol}{info.display}".strip()
    return str(v)


class Host:
    """Runs one game at the terminal: people type, bots answer, everyone sees only their own view."""

    def __init__(self, game: Game, humans: list[int], bots: dict, screen: Screen, delay: float, log_file=None):
        self.game = game
        self.program = game.program
        self.humans = humans
        self.bots = bots
        self.screen = screen
        self.delay = delay
        self.log_file = log_file
        self.cursor = {h: 0 for h in humans}  # per person: events they have been shown
        self.public_cursor = 0
        self.logged = 0
        self.active = humans[0] if humans else None
        self.session = None
        if screen.tty and humans:
            self.session = self._make_session()

    # ---------------------------------------------------------- the loop
    def play(self) -> int:
        g = self.game
        self.flush_log()
        if self.active is not None:
            self.show_events(self.active)
            self.show_table(self.active)
        else:
            self.show_events(None)
        while not g.over:
            d = g.pending
            if d is None:
                raise RulesError("the game stopped with no decision pending")
            if d.player in self.bots:
                self.bot_move(d)
                continue
            status = self.human_move(d)
            if status is not None:
                return status
        self.show_events(self.active)
        self.flush_log()
        self.screen.line("")
        names = g.names
        self.screen.line([("bold", "Game over: " + " and ".join(names[w] for w in g.winners)
                           + (" wins" if len(g.winners) == 1 else " win")
                           + " · scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, g.scores)))])
        return 0

    def bot_move(self, d: Decision) -> None:
        g = self.game
        move = self.bots[d.player].choose(self.program, g.view(d.player), d)
        g.apply(d.player, move)
        self.flush_log()
        self.show_events(self.active)
        if self.delay and self.humans:
            time.sleep(self.delay)

    def human_move(self, d: Decision):
        g = self.game
        seat = d.player
        if seat != self.active:
            self.hand_over(seat)
        if d.window:
            return self.window(d)
        self.show_prompt_info(d)
        while True:
            line = self.read(seat, d)
            if line is None:
                if not self.screen.tty:
                    print(f"rulelang: the input ended while waiting for {g.names[seat]}'s move", file=sys.stderr)
                    return 3
                return self.quit()
            text = line.strip()
            if not text:
                continue
            word = text.split()[0].lower()
            if word in ("quit", "exit"):
                return self.quit()
            if word == "help":
                self.screen.line(help_text(self.program, d, COMMANDS))
                continue
            if word == "rules":
                self.screen.line(rules_summary(self.program))
                continue
            if word == "log":
                n = int(text.split()[1]) if len(text.split()) > 1 and text.split()[1].isdigit() else 15
                self.show_log(seat, n)
                continue
            if word == "hand":
                self.show_table(seat)
                self.show_prompt_info(d)
                continue
            try:
                g.apply(seat, text)
            except MoveError as e:
                self.screen.line([("ansired", f"✗ {e.message}")])
                continue
            except RulesError as e:
                self.screen.line([("ansired", f"✗ the rules failed: {e.message} (the move was taken back)")])
                continue
            self.flush_log()
            self.show_events(seat)
            return None

    def window(self, d: Decision):
        """A window (`ask`): the person may act, or press Enter to let it pass."""
        g = self.game
        seat = d.player
        acts = [o for o in d.options if o.verb != "pass"]
        prompt = d.prompt or "you may act"
        choices = " / ".join(f"{o.text}" for o in acts)
        self.screen.line([("bold", f"{g.names[seat]}: {prompt}"), ("", f" — {choices}? (Enter = no)")])
        while True:
            line = self.read(seat, d, window=True)
            if line is None:
                if not self.screen.tty:
                    print(f"rulelang: the input ended while waiting for {g.names[seat]}'s answer", file=sys.stderr)
                    return 3
                return self.quit()
            text = line.strip() or "pass"
            if text.lower() in ("n", "no"):
                text = "pass"
            if text.lower() in ("y", "yes") and len(acts) == 1:
                text = acts[0].text
            if text.split()[0].lower() in ("quit", "exit"):
                return self.quit()
            if text.split()[0].lower() == "help":
                self.screen.line(help_text(self.program, d, COMMANDS))
                continue
            try:
                g.apply(seat, text)
            except MoveError as e:
                self.screen.line([("ansired", f"✗ {e.message}")])
                continue
            self.flush_log()
            self.show_events(seat)
            return None

    def quit(self) -> int:
        self.screen.line("You leave the game.")
        return 0

    def hand_over(self, seat: int) -> None:
        """With several people at one keyboard: hide the last hand before the next person looks."""
        if self.active is not None and len(self.humans) > 1:
            name = self.game.names[seat]
            if self.screen.tty:
                self.screen.clear()
                self.screen.line([("bold", f"Pass the keyboard to {name}.")])
                try:
                    from prompt_toolkit import prompt

                    prompt(f"{name}, press Enter when only you can see the screen. ")
                except (EOFError, KeyboardInterrupt):
                    pass
                self.screen.clear()
            else:
                self.screen.line(f"--- {name}'s turn at the keyboard ---")
        self.active = seat
        self.show_events(seat)
        self.show_table(seat)

    # ---------------------------------------------------------- input
    def _make_session(self):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        return PromptSession(history=InMemoryHistory())

    def read(self, seat: int, d: Decision, window: bool = False):
        name = self.game.names[seat]
        if self.session is None:
            sys.stdout.write(f"{name}> ")
            sys.stdout.flush()
            line = sys.stdin.readline()
            if not line:
                print()
                return None
            if not self.screen.tty:
                print(line.rstrip("\n"))
            return line
        from prompt_toolkit.completion import WordCompleter

        words = [o.text for o in d.options] + list(COMMANDS)
        words += [f"{o.text} {c}" for o in d.options if o.kind == "card" for c in d.calls]
        completer = WordCompleter(words, ignore_case=True, sentence=True)
        try:
            return self.session.prompt(f"{name}> ", completer=completer, complete_while_typing=True,
                                       bottom_toolbar=lambda: self.toolbar(seat))
        except KeyboardInterrupt:
            return ""
        except EOFError:
            return None

    # ---------------------------------------------------------- output
    def toolbar(self, seat):
        from prompt_toolkit.formatted_text import FormattedText

        v = self.game.view(seat)
        return FormattedText([("", " " + " │ ".join(self.table_facts(v)) + " ")])

    def table_facts(self, v) -> list[str]:
        p = self.program
        facts = []
        for name, z in v["zones"].items():
            if isinstance(z, dict):
                top = z["cards"][-1] if z["cards"] else None
                if top is not None:
                    c = p.cards[top]
                    facts.append(f"{name}: {c.symbol}{c.name}")
                else:
                    facts.append(f"{name}: {z['size']} cards")
        for name, value in v["vars"].items():
            facts.append(f"{name.replace('_', ' ')}: {show_value(p, value)}")
        facts.append("direction: " + ("→" if v["direction"] == 1 else "←"))
        d = v["pending"]
        if d is not None:
            facts.append(f"to play: {v['names'][d['player']]}")
        for name, z in v["zones"].items():
            if isinstance(z, list):
                facts.append(f"{name}s: " + ", ".join(f"{n} {h['size']}" for n, h in zip(v["names"], z)))
        return facts

    def show_table(self, seat) -> None:
        if seat is None:
            return
        v = self.game.view(seat)
        p = self.program
        self.screen.line([("", "─" * 60)])
        self.screen.line(" · ".join(self.table_facts(v)))
        for name, z in v["zones"].items():
            if isinstance(z, list):
                mine = sorted((c for c in z[seat]["cards"] if c is not None), key=lambda c: sort_key(p, c))
                parts = [("bold", f"Your {name} ({len(z[seat]['cards'])}): ")]
                for c in mine:
                    parts += card_parts(p, c) + [("", " ")]
                self.screen.line(parts)

    def show_prompt_info(self, d: Decision) -> None:
        p = self.program
        g = self.game
        if d.prompt:
            self.screen.line([("bold", d.prompt)])
        parts = [("", "Moves: ")]
        for i, o in enumerate(d.options):
            if i:
                parts.append(("", ", "))
            if o.kind == "card":
                parts += [("", o.verb + " ")] + card_parts(p, o.arg)
            else:
                parts.append(("", o.text))
        if d.calls and any(o.kind == "card" for o in d.options):
            parts.append(("", "   (add " + " / ".join(f"`{c}`" for c in d.calls) + " to a move to call it)"))
        self.screen.line(parts)
        del g

    def show_events(self, seat) -> None:
        g = self.game
        if seat is None:
            start = self.public_cursor
            self.public_cursor = len(g.events)
        else:
            start = self.cursor.get(seat, 0)
            self.cursor[seat] = len(g.events)
        for ev in g.events[start:]:
            text = g.narrate(ev, seat)
            if text:
                self.screen.line([("ansibrightblack" if ev["type"] in ("move", "deal", "rule") else "", "  " + text)])

    def show_log(self, seat, n: int) -> None:
        g = self.game
        lines = [t for t in (g.narrate(ev, seat) for ev in g.events) if t]
        for t in lines[-n:]:
            self.screen.line("  " + t)

    def flush_log(self) -> None:
        if self.log_file is None:
            return
        g = self.game
        for ev in g.events[self.logged:]:
            self.log_file.write(json.dumps(public_event(g, ev), ensure_ascii=False) + "\n")
        self.logged = len(g.events)
        self.log_file.flush()


def public_event(g: Game, ev: dict) -> dict:
    """An event as the table sees it, with players named: what goes in a --log file."""
    e = g.event_for(ev, None)
    names = g.names
    for key in ("player", "first", "owner"):
        if key in e and isinstance(e[key], int):
            e[key] = names[e[key]]
    for key in ("players", "winners", "to"):
        if key in e:
            e[key] = [names[p] for p in e[key]]
    for key in ("src_owner", "dst_owner"):
        if e.get(key) is not None:
            e[key] = names[e[key]]
    if e["type"] == "deal":
        e["cards"] = {names[p]: cs for p, cs in e["cards"].items()}
    if "scores" in e:
        e["scores"] = dict(zip(names, e["scores"]))
    e.pop("pass_", None)
    return e


def read_stack(path: str) -> list[str]:
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
    except OSError as e:
        raise RulesError(f"cannot read the stack file {path}: {e.strerror}") from None
    except yaml.YAMLError as e:
        raise RulesError(f"{path} is not YAML: {e}") from None
    if not isinstance(data, list) or not all(isinstance(x, (str, int)) for x in data):
        raise RulesError(f"{path} must be a YAML list of card names, the top of the draw pile first")
    return [str(x) for x in data]


def run_host(args) -> int:
    from . import load

    program = load(args.game)
    players = args.players or program.default_players
    if not program.min_players <= players <= program.max_players:
        raise RulesError(f"{program.name} is for {program.min_players} to {program.max_players} players, not {players}")
    humans = args.humans
    if not 0 <= humans <= players:
        raise RulesError(f"--humans {humans}: there are only {players} seats")
    default_names = ["You"] if humans == 1 else [f"Player {i + 1}" for i in range(humans)]
    bot_names = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
    names = default_names + [n for n in bot_names][: players - humans]
    if args.names:
        given = [n.strip() for n in args.names.split(",") if n.strip()]
        if len(given) > players:
            raise RulesError(f"--names gives {len(given)} names for {players} players")
        names[: len(given)] = given
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    options = {}
    for item in args.option:
        if "=" not in item:
            options[item] = "true"
        else:
            k, v = item.split("=", 1)
            options[k.strip()] = v.strip()
    stack = read_stack(args.stack) if args.stack else None
    game = Game(program, names, seed=seed, options=options, stack=stack, match=args.match)
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    screen = Screen(tty)
    bots = {seat: make_bot(args.bots, seed * 100 + seat) for seat in range(humans, players)}
    delay = args.delay if args.delay is not None else (0.4 if tty and humans else 0.0)
    log_file = open(args.log, "w", encoding="utf-8") if args.log else None
    try:
        if log_file:
            log_file.write(json.dumps({"type": "start", "game": program.name, "file": str(args.game), "players": names,
                                       "humans": names[:humans], "seed": seed, "options": game.state.options,
                                       "match": args.match}, ensure_ascii=False) + "\n")
        screen.line([("bold", f"{program.name}"), ("", f" — {players} players: {', '.join(names)} · seed {seed}")])
        if humans:
            screen.line("Type `help` for the moves, `rules` for the game, `quit` to leave.")
        host = Host(game, list(range(humans)), bots, screen, delay, log_file)
        return host.play()
    finally:
        if log_file:
            log_file.close()
