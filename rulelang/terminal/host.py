"""The terminal host: a thin prompt_toolkit REPL over the interpreter's API; it knows no game."""
from __future__ import annotations

import difflib
import functools
import itertools
import json
import os
import random
import shutil
import sys
import unicodedata

from interpreter import Game
from interpreter.game import check_players
from interpreter.bots import ask_bot
from interpreter.events import Event, UndoEvent, as_dict
from interpreter.seat import Decision, race_move, racers
from interpreter.narrator import capital, english_list, name_read, spec_words, zone_displays
from interpreter.program import sort_key
from interpreter.undo import UNDO_REFUSED, last_move_of, undo_refusal

from .. import load
from ..compiler.deck import MAX_CARDS
from ..errors import MoveError, RulesError
from ..names import names_refusal
from ..paths import open_text, written_over
from ..save import (MAX_YAML_BYTES, Saver, YamlRefused, check_new_save, command, load_yaml, new_save_path,
                    setup_from_program)
from ..simulate.stall import DECISION_LIMIT, TURN_LIMIT, asked, stall_error, stuck
from .commands import ALIASES, COMMANDS, command_docs, command_for, extra_words
from .editor import (CONTROLS, MAX_LINE, check_rule, echo, limit_line, no_mouse, one_tab_inserts, piped_line,
                     race_times, read_rule, rule_completions, wrapped_refusals)
from .summary import brief, fitted, help_about, help_text, rules_summary, wrapped
from .typeahead import TypeAhead


KEYS = ("Tab completes a move (one candidate at once), ↑/↓ recall earlier lines, Ctrl-C clears the line, "
        "Ctrl-D leaves (asking first).")
YES, NO = ("y", "yes"), ("n", "no")
ANSWERS = YES + NO + ("q",)  # a reply to a question, never a move by abbreviation where no question is asked
QUIT = "quit"
SHOWN_SETS = 12  # moves of several arguments (or a set of cards) the Moves line lists for one verb: `pass` of 3 of 13 has 286
TOOLBAR_ROWS, MENU_ROWS = 1, 3  # at most three rows of a 24-row screen kept below the prompt (MENU_ROWS counts the prompt line)
AGAIN = object()  # read() gave no line, or a line was told or refused: ask for the same decision again
DONE, MOVE = "done", "move"  # what a line typed comes to (Host.take_line)
INPUT_ENDED = 3  # the exit status when the input ends while a person must still move


# ---------------------------------------------------------------- writing


class Screen:
    """Where the host writes: styled text at a terminal, plain lines in a pipe; NO_COLOR is honoured."""

    def __init__(self, tty: bool):
        self.tty = tty
        self.color = tty and not os.environ.get("NO_COLOR")
        self.style = None  # prompt_toolkit's default styles merged, made once (see line)

    def line(self, parts="") -> None:
        """Print a line given as text or a list of (style, text) pairs."""
        if isinstance(parts, str):
            parts = [("", parts)]
        if any(CONTROLS.search(t) for _, t in parts):
            parts = [(s, CONTROLS.sub("?", t)) for s, t in parts]
        if self.tty:
            from prompt_toolkit.application.current import get_app_or_none, get_app_session

            parts = wrapped(parts, self.width() - 1)  # broken between words: the terminal would break one anywhere
            from prompt_toolkit.formatted_text import FormattedText

            fragments = FormattedText([(s if self.color else "", t) for s, t in parts] + [("", "\n")])
            if get_app_or_none() is not None:  # a prompt is showing: printed above it, as prompt_toolkit does
                from prompt_toolkit import print_formatted_text

                print_formatted_text(fragments, end="")
                return
            # prompt_toolkit's print_formatted_text merges its default styles anew at every call, and the merged
            # style works out each style string again: a third of the time to the first prompt's lines (#22).
            from prompt_toolkit.renderer import print_formatted_text as render
            from prompt_toolkit.styles import default_pygments_style, default_ui_style, merge_styles

            if self.style is None:
                self.style = merge_styles([default_ui_style(), default_pygments_style()])
            render(get_app_session().output, fragments, self.style)
        else:
            print("".join(t for _, t in parts), flush=True)

    def lines(self, rows) -> None:
        for row in rows:
            self.line(row)

    def told(self, parts: list) -> None:
        """A line of the game's story (the narrator's), indented; at a terminal broken between words to fit, as
        every line is (`line`: a line of several lines, such as one ending in a command to copy, as it is)."""
        self.line([("", "  ")] + parts)

    def width(self) -> int:
        """The terminal's width now (after a resize too: asked of the terminal before $COLUMNS, which a resize
        leaves as it was), at least 40."""
        try:
            columns = os.get_terminal_size(sys.stdout.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = shutil.get_terminal_size((100, 24)).columns
        return max(40, columns or 100)

    def fit(self, text: str) -> str:
        """Text of several lines, each wrapped to the terminal's width under its own indent (a pipe gets it as
        it is: a line a thing)."""
        return fitted(text, self.width() - 1) if self.tty else text

    def clear(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback: the last hand must not show."""
        if self.tty:  # through prompt_toolkit's output, as every line is: in order with them, and never the text
            # `?[H?[2J` that its stdout proxy (a joined terminal's, `patch_stdout`) makes of an escape sequence
            from prompt_toolkit.application.current import get_app_session

            out = get_app_session().output
            out.write_raw("\x1b[H\x1b[2J\x1b[3J")
            out.flush()


WHOLE_MOST = 12  # the most cards of a zone shown whole in the status: the last laid


def card_parts(program, cid, long: bool = False):
    """A card as styled text in the style its rules give it: symbol and short name, or symbol and full name."""
    if cid is None:
        return [("reverse", "▒▒")]
    c = program.cards[cid]
    return [(c.style, f"{c.symbol}{c.name if long else c.short}")]


def value_parts(program, v):
    """A value as styled text: an attribute value by its symbol and display name, a seat by its name."""
    if v is None:
        return [("", "none")]
    if isinstance(v, str):
        for a in program.attributes.values():
            info = a.info(v)
            if info:
                return [(info.style, f"{info.symbol}{info.display or v.replace('_', ' ')}")]
    if isinstance(v, bool):
        return [("", "yes" if v else "no")]
    return [("", str(v))]


def by_numbers(labels: list) -> list:
    """Zones' words with a numbered row's told once, by its numbers: `free cell 1`, `free cell 2`, `free cell 4` →
    `free cell 1, 2, 4`; `foundation 1` to `foundation 4` → `foundation 1 to 4` (three or more in a run)."""
    out, rows = [], {}
    for label in labels:
        words, _, number = label.rpartition(" ")
        if number.isdigit() and words:
            if words not in rows:
                rows[words] = []
                out.append(words)
            rows[words].append(int(number))
        else:
            out.append(label)
    told = []
    for item in out:
        numbers = rows.get(item)
        if numbers is None or item in told:
            told.append(item)
            continue
        runs: list = []
        for n in numbers:
            if runs and n == runs[-1][1] + 1:
                runs[-1][1] = n
            else:
                runs.append([n, n])
        parts = [f"{a} to {b}" if b - a >= 2 else ", ".join(str(k) for k in range(a, b + 1)) for a, b in runs]
        told.append(f"{item} {', '.join(parts)}")
    return told


def wrap(facts, width: int, sep: str = " · ", most: int | None = None):
    """Join styled facts with `sep` into as few lines as fit in `width` columns; with `most`, into at most that
    many lines, leaving out each fact that no longer fits on the last (a shorter one after it may)."""
    rows, row, used = [], [], 0
    for fact in facts:
        n = sum(len(t) for _, t in fact)
        if row and used + len(sep) + n > width:
            if most is not None and len(rows) + 1 >= most:
                continue
            rows.append(row)
            row, used = [], 0
        if row:
            row.append(("", sep))
            used += len(sep)
        row += fact
        used += n
    if row:
        rows.append(row)
    return rows


def _plain(parts) -> str:
    return "".join(t for _, t in parts)


# ---------------------------------------------------------------- telling what happened


def styled(program, parts, cards: dict | None = None) -> list:
    """A line of the narrator's parts (`interpreter.narrator`) as styled text: its words as they are, a card in the
    style its rules give it with its symbol, a value chosen likewise.  `cards` is `card_ids(program)`, if made."""
    out = []
    for role, text in parts:
        if isinstance(role, tuple):
            what, ref = role
            if what == "value":
                out += value_parts(program, ref)
                continue
            if cards is None:
                cards = card_ids(program)
            cid = cards.get(ref)
            out += card_parts(program, cid, long=what == "card") if cid is not None else [("", text)]
        else:
            out.append((role, text))
    return out


def card_ids(program) -> dict:
    """Card name -> the first card of that name (cards of one name look alike)."""
    out = {}
    for cid, c in enumerate(program.cards):
        out.setdefault(c.name, cid)
    return out


MOST_SAME_LINES = 100  # a longer run of one line (a house rule's loop: 60,000 `the draw pile is empty`) is told once


def tell_lines(game, events, seat) -> list:
    """Lines of styled text telling `seat` the events: the narrator's words (`Game.tell`), styled; a run of more than
    MOST_SAME_LINES same lines told once, then counted."""
    program = game.program
    lines = game.tell(events, seat)
    cards = card_ids(program) if lines else None
    out = []
    for line, run in itertools.groupby(lines):
        n = sum(1 for _ in run)
        if n > MOST_SAME_LINES:
            out += [styled(program, line, cards), [("", f"(the same line {n - 1:,} times more)")]]
        else:
            out += [styled(program, line, cards) for _ in range(n)]
    return out


def highlighted(text: str) -> list:
    """Rule text as styled parts, by the rulelang Pygments lexer (what the rule editor shows as you type)."""
    # Pygments (and the lexer built on it) load when a rule is first shown, not with the prompt: start-up speed.
    from pygments import lex
    from pygments.token import Comment, Keyword, Name, Number, String

    from ..lexer import RulelangLexer

    styles = [(Keyword, "ansiblue"), (String, "ansigreen"), (Number, "ansicyan"), (Comment, "ansibrightblack"),
              (Name.Function, "bold"), (Name.Builtin, "ansimagenta")]
    out = []
    for token, value in lex(text, RulelangLexer()):
        style = next((st for t, st in styles if token in t), "")
        out.append((style, value.rstrip("\n")))
    return out


# ---------------------------------------------------------------- the prompt's helpers


@functools.cache
def prompt_helpers():
    """The completer, validator and lexer, built on prompt_toolkit's base classes (imported only at a terminal)."""
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.lexers import Lexer
    from prompt_toolkit.validation import ValidationError, Validator

    class MoveCompleter(Completer):
        """Completes the legal moves and the commands, in any case; after a card move, the calls."""

        def __init__(self, host: "Host", seat: int, d: Decision, window: bool):
            self.host, self.seat, self.d, self.window = host, seat, d, window
            self.found = None  # the candidates of this decision, worked out at the first key

        def get_completions(self, document: Document, complete_event):
            try:
                yield from self.completions(document)
            except Exception:  # noqa: BLE001 - completion is a help: a failure offers nothing, never a traceback
                return

        def completions(self, document: Document):
            host, d = self.host, self.d
            rule_at = host.rule_start(document.text_before_cursor, d)
            if rule_at is not None:
                for text, start, meta in rule_completions(host.game, document.text_before_cursor[rule_at:]):
                    yield Completion(text, start_position=start, display_meta=meta)
                return
            if len(document.text_before_cursor) > COMPLETED_MOST:  # no move is that long: nothing read, every key
                return                                             # of a long paste costs the same
            text = host.clean(document.text_before_cursor)
            words = text.split()
            ends_in_space = text.endswith(" ")
            if d.calls and words and (len(words) >= 3 or (len(words) == 2 and ends_in_space)):
                head = words if ends_in_space else words[:-1]
                part = "" if ends_in_space else words[-1].lower()
                said = {w.lower() for w in head}
                try:
                    move = host.game.parse(" ".join(head))
                except MoveError:
                    move = None
                if move is not None and move.kind == "card":
                    for c in d.calls:
                        if c.lower().startswith(part) and c.lower() not in said:
                            yield Completion(c, start_position=-len(part), display_meta=f"call {host.program.calls.get(c, c)}")
                    return
            typed = " ".join(words).lower() + (" " if ends_in_space and words else "")
            if self.found is None:
                self.found = host.candidates(d, self.window)
            for value, display, meta, forms in self.found:
                insert = next((ins for form, ins in forms if form.lower().startswith(typed)), None)
                if insert is not None:
                    yield Completion(insert, start_position=-len(document.text_before_cursor),
                                     display=display, display_meta=meta)

    class MoveValidator(Validator):
        """Refuses, before Enter is taken, a line that is neither a command nor a legal move, with the reason."""

        def __init__(self, host: "Host", d: Decision, window: bool):
            self.host, self.d, self.window = host, d, window

        def validate(self, document: Document) -> None:
            try:
                reason = self.host.refusal(document.text, self.d, self.window)
                full = None if reason or self.window else self.host.spelled_out(document.text, self.d)
            except Exception as e:  # noqa: BLE001 - whatever fails on typed text is told, never a traceback
                reason, full = f"that could not be read: {e}", None
            if full:  # a card move typed without naming its card: shown in full, and the next Enter makes it
                line, card = full
                typed = self.host.clean(document.text).strip()
                error = ValidationError(message=f"`{typed}` is `{line}` ({card}): Enter makes this move",
                                        cursor_position=len(line))
                error.spelled = line
                error.select_line = True  # typing replaces it (another move), a space goes on from its end (a call)
                raise error
            meant = self.host.mended(document.text, self.d) if reason and not isinstance(reason, tuple) else None
            if meant:  # a word misspelt: the line as it was likely meant, and the next Enter takes it
                typed = self.host.clean(document.text).strip()
                does = "runs this command" if command_for(meant.split()[0], self.d) else "makes this move"
                error = ValidationError(message=f"`{typed}`: did you mean `{meant}`? Enter {does}; "
                                                f"Ctrl-C clears the line", cursor_position=len(meant))
                error.spelled = meant
                error.select_line = True  # typing replaces it (`help` typed again is not `helphelp`); Enter takes it
                raise error
            if reason:
                message, at = reason if isinstance(reason, tuple) else (reason, len(document.text))
                error = ValidationError(message=message, cursor_position=at)
                error.select_line = not isinstance(reason, tuple)  # a refused move; a rule is mended at its place
                raise error

    class MoveLexer(Lexer):
        """Colours the typed line: commands, verbs, cards in their own style, and calls."""

        def __init__(self, host: "Host", d: Decision):
            self.host, self.d = host, d
            self.styles = {}  # (word, first) -> its style: a line is drawn again at every key, its words known

        def lex_document(self, document: Document):
            host, d = self.host, self.d
            verbs = {o.verb for o in d.options}
            calls = {c.lower() for c in d.calls}
            line = document.lines[0] if document.lines else ""
            styles = self.styles

            def style(word: str, first: bool) -> str:
                found = styles.get((word, first))
                if found is None:
                    found = styles[(word, first)] = word_style(word, first)
                return found

            def word_style(word: str, first: bool) -> str:
                w = word.lower()
                if first and command_for(w, d) is not None:
                    return "ansicyan"
                if first and w in verbs:
                    return "bold"
                if not first and w in calls:
                    return "bold ansimagenta"
                ids = host.program.card_by_text(host.clean(word))
                if ids:
                    return host.program.cards[ids[0]].style
                return ""

            rule_at = host.rule_start(line, d)

            def get_line(i: int):
                if i != 0:
                    return [("", document.lines[i])]
                if rule_at is not None:
                    return [("ansicyan" if line[:rule_at].strip().lower() == "house" else "bold", line[:rule_at])] \
                        + highlighted(line[rule_at:])
                out, first, word = [], True, ""
                for ch in line + " ":
                    if ch.isspace():
                        if word:
                            out.append((style(word, first), word))
                            first, word = False, ""
                        out.append(("", ch))
                    else:
                        word += ch
                return out[:-1]

            return get_line

    return MoveCompleter, MoveValidator, MoveLexer


@functools.cache
def prompt_keys():
    """Keys of the move prompt: Enter on a refused move selects the line, so that typing replaces it (ptpython's
    way) instead of gluing text onto it; an arrow, Home or End leaves the selection to mend the line in place.
    A refused rule (`house`, `write`) is not selected: its cursor is at the place to mend."""
    from prompt_toolkit.filters import has_selection
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.buffer import ValidationState

    kb = one_tab_inserts()

    def enter(buf) -> None:
        buf.validate_and_handle()
        error = buf.validation_error if buf.validation_state == ValidationState.INVALID else None
        if getattr(error, "spelled", None):  # the move written out in full in the line, its message kept (the
            buf.text = error.spelled           # state left unknown: the next Enter checks the line anew)
            buf.cursor_position = len(buf.text)
            buf.validation_error = error

    @kb.add("enter", filter=~has_selection)
    def _(event):
        buf = event.current_buffer
        enter(buf)
        error = buf.validation_error
        if getattr(error, "select_line", False) and (buf.validation_state == ValidationState.INVALID
                                                     or getattr(error, "spelled", None) == buf.text):
            buf.cursor_position = 0
            buf.start_selection()
            buf.cursor_position = len(buf.text)

    @kb.add("enter", filter=has_selection)
    def _(event):
        event.current_buffer.exit_selection()
        enter(event.current_buffer)

    @kb.add(Keys.Any, filter=has_selection)
    def _(event):
        buf = event.current_buffer
        buf.cut_selection()
        buf.insert_text(event.data)

    @kb.add(" ", filter=has_selection)
    def _(event):
        """A space after a line offered as meant (`play W`) goes on from its end, for a call (`play W uno`)."""
        buf = event.current_buffer
        if getattr(buf.validation_error, "spelled", None) == buf.text:
            buf.exit_selection()
            buf.cursor_position = len(buf.text)
        else:
            buf.cut_selection()
        buf.insert_text(" ")

    # Ctrl-C clears a refused line as any other: at once.  (Emacs mode has `Ctrl-C >` for a selection, so a Ctrl-C
    # there waited for a second key and then took it: the first key typed after it was lost.)
    @kb.add("c-c", filter=has_selection, eager=True)
    def _(event):
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    @kb.add("backspace", filter=has_selection)
    @kb.add("delete", filter=has_selection)
    def _(event):
        event.current_buffer.cut_selection()

    for key, move in (("left", lambda b: b.cursor_left()), ("right", lambda b: b.cursor_right()),
                      ("home", lambda b: setattr(b, "cursor_position", 0)),
                      ("end", lambda b: setattr(b, "cursor_position", len(b.text)))):
        @kb.add(key, filter=has_selection)
        def _(event, move=move):
            buf = event.current_buffer
            buf.exit_selection()
            move(buf)

    limit_line(kb)
    return kb


# ---------------------------------------------------------------- the host


class Host:
    """Runs one game at the terminal: people type, bots answer, everyone sees only their own view."""

    def __init__(self, game: Game, humans: list[int], bots: dict, screen: Screen, delay: float, log_file=None,
                 setup=None, saver=None):
        self.game = game
        self.setup = setup  # what the game was made from (rulelang.save.Setup): `undo` rebuilds it from the record
        self.saver = saver  # rulelang.save.Saver: the game is saved before each wait for a person, and after each move
        self.notice = None  # a line for the person the keyboard goes to next (what became of their `undo`)
        self.leaving = None  # a person handed the keyboard to agree or to race who said they leave the game
        self.program = game.program
        self.humans = humans
        self.bots = bots
        self.screen = screen
        self.delay = delay
        self.log_file = log_file
        self.cursor = {h: 0 for h in humans}  # per person: events they have been told
        self.public_cursor = 0
        self.logged = 0
        # The person at the keyboard; with several people nobody yet: the first is handed it before their hand shows.
        self.active = humans[0] if len(humans) == 1 else None
        self.sessions = {}  # one prompt per person, so nobody's history shows another's lines
        self.table_shown = None  # (seat, turn number) of the last full table: a second decision in a turn is brief
        # Symbols that are not letters or digits may be typed with a card (as the hand shows it) and are dropped.
        self.symbols = {ch for a in self.program.attributes.values() for v in a.values for ch in v.symbol
                        if not ch.isalnum() and not ch.isspace()}
        self.unsymbol = dict.fromkeys(map(ord, self.symbols))  # str.translate's table: the symbols dropped
        self.keys = TypeAhead(_stdin_fd() if screen.tty else None, MAX_LINE)  # the keys typed while bots play
        self.opening = []  # the game's opening lines, shown to each person at their first turn at the keyboard
        self.greeted = set()  # (several people at one keyboard: the screen was cleared before they saw them)

    # ---------------------------------------------------------- the loop
    def play(self) -> int:
        with self.keys:  # the terminal's modes as they were, at the end
            return self.play_on()

    def play_on(self) -> int:
        self.flush_log()
        turn, in_turn, recent = -1, 0, []  # bots only: a turn going round in a circle is stopped (simulate's bound)
        try:
            while not self.game.over:  # `undo` may put a rebuilt game in its place
                self.keys.settle()  # between prompts: no echo, and a Ctrl-C hurries the bots, never ends the game
                if self.leaving is not None:  # said at a keyboard handed to them for something else: they leave
                    status = self.quit(self.leaving)
                    self.flush_log()
                    self.checkpoint()
                    return status
                d = self.game.pending
                if d is None:
                    raise RulesError("the game stopped with no decision pending")
                if not self.humans and (self.game.turns >= TURN_LIMIT or self.game.hand_no > TURN_LIMIT):
                    self.flush_log()  # bots alone, a game that never ends (or a match of hands won at once)
                    raise stall_error(self.game)
                if not self.humans:
                    now = (self.game.hand_no, self.game.turns)  # a new hand is a new turn, though the count stood
                    turn, in_turn = (turn, in_turn + 1) if now == turn else (now, 1)
                    if in_turn > DECISION_LIMIT - 64:
                        recent.append(asked(d))
                        if in_turn > DECISION_LIMIT:
                            raise RulesError(stuck(self.game, recent))
                if d.race and self.humans:
                    self.race(d)
                    continue
                if d.player in self.bots:
                    self.bot_move(d)
                    if self.keys.leave and self.leave_asked():  # Ctrl-D while the bots played
                        status = self.quit(self.active if self.active is not None else self.humans[0])
                        self.flush_log()
                        self.checkpoint()
                        return status
                    continue
                status = self.human_move(d)
                if status is not None:
                    self.flush_log()
                    self.checkpoint()
                    return status
        except KeyboardInterrupt:
            self.flush_log()
            self.checkpoint()
            self.screen.line("Interrupted: the game is left unfinished." + self.saved_note())
            return 130
        g = self.game
        self.show_events(self.active)
        self.flush_log()
        self.checkpoint(finished=True)
        names = g.names
        alone = len(self.humans) == 1
        winners = english_list([names[w] for w in g.winners])
        one = len(g.winners) <= 1 and not (alone and g.winners and g.winners[0] == self.humans[0])  # nobody wins
        self.screen.line("")
        seed = f" · seed {g.seed}" if len(self.humans) >= 2 else ""  # not told before the end
        self.screen.line([("bold", f"Game over: {winners} win{'s' if one else ''}"),
                          ("", " · scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, g.scores)) + seed)])
        return 0

    def bot_move(self, d: Decision) -> None:
        g = self.game
        self.checkpoint()  # a person's move is on disk before a bot thinks (a no-op when nothing new was played)
        with self.keys.watching() as keys:  # what the person types meanwhile is kept for their prompt, not echoed
            if self.sessions and keys.fd is not None:  # and what they typed with their Enter
                keys.absorb(next(iter(self.sessions.values())).input)
            with keys.thinking():  # the keyboard read meanwhile, in the order typed
                move = ask_bot(self.bots[d.player], g, d.player, d)
                g.seat(d.player).act(move)
            self.flush_log()
            self.checkpoint(durable=False)
            told = self.show_events(self.active)
            keys.poll(self.delay if told else 0.0)
            if keys.hurry and not keys.told_hurry:
                keys.told_hurry = True
                self.screen.line([("ansibrightblack", "  (Ctrl-C: the moves go on without a pause; "
                                                      "Ctrl-D leaves the game)")])

    def leave_asked(self) -> bool:
        """Ctrl-D was typed while no prompt showed: asked at once whether to leave (what was typed after it
        answers; what was typed before it is kept for the person's prompt, if they stay)."""
        self.keys.leave = False
        return self.confirm_leave()

    def human_move(self, d: Decision):
        g = self.game
        seat = d.player
        if len(self.humans) == 1 and nothing_open(d) and self.make_move(seat, d, "pass"):
            return None  # the one person at the table: nobody reads their waiting (`nothing_open`)
        self.checkpoint()
        if seat != self.active:
            if self.hand_over(seat) == QUIT:
                return self.quit(seat)
        if self.notice:
            self.screen.line(self.notice)
            self.notice = None
        self.show_events(seat)
        if d.window:
            self.show_window(d)
        else:
            self.show_table(seat, brief=self.table_shown == (seat, g.turns))
            self.show_moves(d)
        while True:
            line = self.read(seat, d, d.window)
            if line is None:
                what = "answer" if d.window else "move"
                print(f"rulelang: the input ended while waiting for {g.names[seat]}'s {what}; the game is left "
                      f"unfinished{self.saved_note()}", file=sys.stderr)
                return INPUT_ENDED
            if line is AGAIN:  # Ctrl-C, or Ctrl-D and then no: the same decision, asked again (never answered)
                continue
            what = self.take_line(seat, d, line)
            if what is AGAIN:
                continue
            if what[0] == DONE:
                return what[1]
            if self.make_move(seat, d, what[1]):
                return None

    def take_line(self, seat: int, d: Decision, line: str):
        """What a line typed for `d` means, the same at this prompt and a network client's: AGAIN (it was told
        or refused; read the next line), (DONE, what the decision's turn ends with) or (MOVE, the move's text)."""
        text = self.clean(line).strip()
        if d.window:
            low = text.lower()
            if low in ("",) + NO:
                text = "pass"
            elif low in YES and len(self.acts(d)) == 1:
                text = self.acts(d)[0].text
        if not text:
            return AGAIN
        why = self.unasked(text, d, d.window)
        if why:
            self.screen.line([("ansired", f"✗ {why}")])
            return AGAIN
        words = text.split()
        word = words[0].lower()
        cmd = command_for(word, d)
        if cmd is not None:
            arg = text[len(words[0]):].strip()
            why = extra_words(cmd, text, arg)
            if why:
                self.screen.line([("ansired", f"✗ {brief(why)}")])
                return AGAIN
            return getattr(self, cmd.run)(seat, d, arg)
        if word in self.rule_verbs(d):
            return self.rule_move(seat, d, word, text[len(words[0]):].strip())
        return MOVE, text

    def make_move(self, seat: int, d: Decision, text: str) -> bool:
        """Make the move typed; True if it was made, False if refused (and told why)."""
        if " as " in f" {text} " and not d.window and text.split()[0].lower() not in self.rule_verbs(d):
            return self.move_as(seat, text)
        try:
            self.game.seat(seat).act(text)
        except MoveError as e:
            meant = self.mended(text, d)
            why = None if meant else self.misspelt(text, d)
            self.screen.line([("ansired", f"✗ {brief(why or e.message)}" + (f" (did you mean `{meant}`?)" if meant else ""))])
            return False
        except RulesError as e:
            self.screen.line([("ansired", f"✗ the rules failed on that move: {e.message} (the move was taken back)")])
            return False
        self.flush_log()
        self.show_events(seat)
        return True

    def rule_move(self, seat: int, d: Decision, verb: str, rule: str):
        """A move that writes a rule (`VERB RULE`): the verb alone opens the rule editor; a bad rule is refused
        with its place."""
        if not rule:
            rule = read_rule(self.game, seat, "rule> ", self.screen.tty)
            if not rule or rule.lower() == "cancel":
                return AGAIN
        if self.refuse_rule(rule, seat):
            return AGAIN
        return MOVE, f"{verb} {rule}"

    # ---------------------------------------------------------- the commands (COMMANDS): each gives what take_line does
    def cmd_help(self, seat: int, d: Decision, arg: str):
        if arg:
            self.help_about(d, arg)
            return AGAIN
        self.screen.line(self.screen.fit(help_text(self.program, d, command_docs())
                                         + (f"\nKeys: {KEYS}" if self.screen.tty else "")))
        return AGAIN

    def help_about(self, d: Decision | None, arg: str) -> None:
        """`help WORD`: the one command, move or call it names, or why nothing is told."""
        typed = self.clean(arg).strip()
        word = typed.split()[0] if typed else arg.strip()
        text = help_about(self.program, d, command_docs(), ALIASES, word)
        why = ""
        if text is None and d is not None:  # a move as it is typed (`R9`, `blue`): what it is
            try:
                move = self.game.parse(typed)
            except MoveError as e:  # a card that is no move: why, as the prompt would refuse it (`WC` could be ...)
                move = None
                why = f"; as a move: {e.message}" if self.program.card_by_text(typed) else ""
            except Exception:  # noqa: BLE001 - not a move: told below
                move = None
            if move is not None:
                what = self.program.cards[move.arg].name if move.kind == "card" and isinstance(move.arg, int) else ""
                text = f"`{arg.strip()}` is the move `{move.text}`" + (f" ({what})" if what else "") + \
                    (f": {move.doc}" if getattr(move, "doc", "") else "")
        if text is None:
            what = "command, move or call" if d is not None else "command"
            self.screen.line([("ansired", brief(f"✗ `help {arg.strip()}`: no {what}{' now' * (d is not None)} is "
                                                f"called `{word}`" + (why or "; `help` alone lists them")))])
        else:
            self.screen.line(self.screen.fit(text))

    def cmd_rules(self, seat: int, d: Decision, arg: str):
        self.screen.line(self.screen.fit(rules_summary(self.program, self.screen.width() - 1)))
        self.show_house_rules()
        return AGAIN

    def cmd_log(self, seat: int, d: Decision, arg: str):
        word = arg.split()[0] if arg.split() else ""
        number = word.isascii() and word.isdigit()
        n = int(word) if number else 15
        if word and not number:  # `log abc`, `log -1`: said, and the last events shown
            self.screen.line(brief(f"`log {word}`: `log` takes how many events to show, as `log 50`; the last {n}:"))
        self.show_log(seat, n)
        return AGAIN

    def cmd_hand(self, seat: int, d: Decision, arg: str):
        self.show_table(seat, full=True)
        (self.show_window if d.window else self.show_moves)(d)
        return AGAIN

    def cmd_undo(self, seat: int, d: Decision, arg: str):
        if self.undo(seat):
            return DONE, None  # the decision (of the rebuilt game) is asked for afresh, at the right keyboard
        return AGAIN

    def cmd_house(self, seat: int, d: Decision, arg: str):
        if self.propose(seat, arg):
            return DONE, None  # the decision asked for afresh, at the proposer's keyboard once it is back with them
        return AGAIN

    def cmd_quit(self, seat: int, d: Decision, arg: str):
        return DONE, self.quit(seat)

    # ---------------------------------------------------------- rules written in play, races, claims
    def show_house_rules(self) -> None:
        rules = self.game.house_rules
        if not rules:
            self.screen.line("No house rules yet.")
            return
        self.screen.line([("bold", "House rules in force:")])
        for key, r in rules.items():
            who = self.game.names[r["author"]] if isinstance(r.get("author"), int) else "the table"
            label = f"for {key}" if not isinstance(key, str) else "table rule"
            self.screen.line(f"  {r['name']} ({label}, by {who}{', agreed by the table' if r.get('table') else ''}):")
            for line in r["text"].splitlines():
                self.screen.line([("", "      ")] + highlighted(line))

    def house_full(self) -> str | None:
        """Why the table may add no more rules (`house limit N`, §15), or None: said before a rule is written."""
        limit = getattr(self.program, "house_limit", None)
        made = sum(1 for r in self.game.house_rules.values() if r.get("table"))
        if limit is None or made < limit:
            return None
        if not limit:
            return "this game takes no house rules from the table (`house limit 0`)"
        return (f"this game takes {limit} house rule{'s' if limit != 1 else ''} from the table, and "
                f"{'they are' if limit != 1 else 'it is'} made: `rules` lists them")

    def propose(self, seat: int, text: str) -> bool:
        """The `house` command: a rule for the whole table; every other person must agree, bots always do.  True
        when the keyboard went to others to agree: what came of it is told to the proposer once it is back with
        them (`notice`, and their events), never to the last who answered, on the proposer's prompt."""
        g = self.game
        full = self.house_full()
        if full:
            self.screen.line([("ansired", f"✗ {full}")])
            return False
        if not text:
            text = read_rule(g, seat, "house rule> ", self.screen.tty) or ""
            if not text or text.lower() == "cancel":
                return False
        if self.refuse_rule(text, seat):
            return False
        later = len(g.record())
        others = [other for other in self.humans if other != seat]
        for other in others:
            if not self.agree(other, seat, later, what=proposed_rule(g.names[seat], text)):
                self.notice = f"{g.names[other]} does not agree: no rule is added."
                return True
        try:
            g.seat(seat).propose(text)
        except RulesError as e:
            self.notice = [("ansired", f"✗ {brief(e.message)}")]
        self.flush_log()
        self.checkpoint()
        if not others:
            if self.notice:
                self.screen.line(self.notice)
                self.notice = None
            self.show_events(seat)
        return bool(others)

    def refuse_rule(self, text: str, seat: int) -> bool:
        """Tell why a rule typed in play is refused, with its line and a caret under the place; False if it is fine."""
        problem = check_rule(self.game, text, seat)
        if not problem:
            return False
        msg, line, col = problem
        self.screen.line([("ansired", f"✗ {line}:{col}: {msg}")])
        lines = text.splitlines() or [""]
        source = lines[min(line, len(lines)) - 1]
        self.screen.line([("", "    ")] + highlighted(source))
        self.screen.line([("", "    " + " " * (col - 1)), ("ansired", "^")])
        return True

    def race(self, d: Decision) -> None:
        """Everyone must do it: people type the word (timed), bots answer after a random delay; the slowest loses."""
        g = self.game
        rng = random.Random(g.seed * 1_000_003 + len(g.record()))  # the same race again after a resume
        first = d.options[0].verb == "first"  # an `ask ... race`: of those who acted, the fastest wins
        self.screen.line([("bold", f"Who was first? Each who did it: {d.race}!" if first else f"Everyone: {d.race}!")])

        def ask(seat, prompt):
            if self.leaving is not None:  # the game is left once the race is run: nobody else is handed the keys
                return None
            if seat != self.active and self.hand_over(seat) == QUIT:
                self.leaving = seat
                return None
            return self.read_line(seat, prompt)
        seats = racers(d)
        times = race_times(d.race, [s for s in self.humans if s in seats], [s for s in seats if s not in self.humans],
                           g.names, ask, rng)
        for s in sorted(times, key=times.get):
            t = times[s]
            self.screen.line(f"  {g.names[s]}: {'missed it' if t == float('inf') else f'{t:.2f} s'}")
        g.seat(d.player).act(race_move(d, times))
        self.flush_log()
        self.show_events(self.active)

    def read_line(self, seat: int, prompt: str):
        if not self.screen.tty:
            return piped_line(prompt)
        from prompt_toolkit import prompt as pt_prompt

        try:
            return pt_prompt(prompt, handle_sigint=False, key_bindings=no_mouse())
        except (EOFError, KeyboardInterrupt):
            return None

    def move_as(self, seat: int, text: str) -> bool:
        """`truth LR7 as R7`: a card laid, then what it is said to be, in one line."""
        try:
            told = act_as(self.game, seat, text)
        except RulesError as e:
            self.screen.line([("ansired", f"✗ {brief(e.message)}")])
            return False
        if told:
            self.screen.line([("ansired", f"✗ {brief(told)}")])
        self.flush_log()
        self.show_events(seat)
        return True

    def quit(self, seat) -> int:
        who = "You leave" if len(self.humans) == 1 else f"{self.game.names[seat]} leaves"
        self.screen.line(f"{who} the game; it is left unfinished.{self.saved_note()}")
        return 0

    def hand_over(self, seat: int):
        """With several people at one keyboard: hide the last hand before the next person looks."""
        name = self.game.names[seat]
        if len(self.humans) > 1:
            self.keys.drop()  # nothing typed ahead goes to the next person
            if self.keys.leave and self.leave_asked():
                return QUIT
            if self.screen.tty:
                # Nor what the last prompt read past its Enter: a second Enter there passed the screen below at
                # once, and the next person's hand showed to the one still at the keyboard.
                from prompt_toolkit.input.typeahead import clear_typeahead

                for session in self.sessions.values():
                    clear_typeahead(session.input)
                self.screen.clear()
                self.screen.line([("bold", f"Pass the keyboard to {name}.")])
                self.screen.line(f"{name}: press Enter when only you can see the screen.")
                while True:
                    try:
                        from prompt_toolkit import prompt

                        prompt("", handle_sigint=False, enable_suspend=True, key_bindings=no_mouse())
                        break
                    except KeyboardInterrupt:
                        continue
                    except EOFError:
                        if self.confirm_leave():
                            return QUIT
                self.screen.clear()
                if seat not in self.greeted:
                    self.greeted.add(seat)
                    self.screen.lines(self.opening)
            else:
                self.screen.line(f"--- pass the keyboard to {name} ---")
        self.active = seat
        return None

    # ---------------------------------------------------------- saving and undo (rulelang/save.py)
    def checkpoint(self, finished: bool = False, durable: bool = True) -> None:
        """Save the game if its record changed: before every wait for a person, after every move, at the end.
        A failed write is told once and the game goes on."""
        if self.saver is None:
            return
        was = self.saver.failed
        if not self.saver.save(self.game, finished=finished, durable=durable) and not was:
            self.screen.line([("ansired", f"✗ the game could not be saved to {self.saver.path}: {self.saver.failed}")])

    def saved_note(self) -> str:
        if self.saver is None or self.saver.failed:
            return ""
        if self.saver.forget_if_empty(self.game):
            again = f" (`--seed {self.game.seed}` deals this game again)" if len(self.humans) < 2 else ""
            return f"\nNothing was played, so nothing is kept{again}."
        return f"\nIt is saved: `{command()} resume {self.saver.path}` continues it."

    def undo(self, seat: int) -> bool:
        """Take back the seat's last move and every move since: the game is rebuilt from the seed and the record
        without them, so it is exact.  Refused when a card was drawn, shown or shuffled since (the person would
        know what they should not, see `undo_refusal`), and, with several people here, unless all agree (each is
        handed the keyboard to answer).  True when the decision pending must be asked for afresh."""
        g = self.game
        if self.setup is None:
            self.screen.line([("ansired", "✗ this game cannot take moves back")])
            return False
        moves = g.record()
        i = last_move_of(moves, seat)
        if i is None:
            self.screen.line([("ansired", "✗ you have made no move to take back")])
            return False
        try:
            before, bots = self.setup.build(moves[:i])
        except Exception as e:  # noqa: BLE001 - the game goes on as it was
            self.screen.line([("ansired", f"✗ the moves could not be replayed without yours: {e}")])
            return False
        why = undo_refusal(g, before, self.humans)
        if why:
            self.screen.line([("ansired", f"✗ your last move cannot be taken back: {why}; {UNDO_REFUSED}")])
            return False
        later = len(moves) - i - 1
        for other in self.humans:
            if other != seat and not self.agree(other, seat, later):
                self.notice = [("ansired", f"✗ {g.names[other]} does not agree: your move stands")]
                return True  # the keyboard goes back to the one whose decision it is
        mine = moves[i][1]
        self.game, self.bots = before, bots
        self.program = before.program
        n = len(before.events)
        self.cursor = {h: min(c, n) for h, c in self.cursor.items()}
        self.public_cursor = min(self.public_cursor, n)
        if self.log_file is not None:
            undo = UndoEvent(player=g.names[seat], moves=len(moves) - i, events=self.logged - min(self.logged, n))
            self.log_file.write(json.dumps(as_dict(undo)) + "\n")
            self.logged = min(self.logged, n)
        self.table_shown = None
        since = f" and the {later} move{'s' if later != 1 else ''} after it" if later else ""
        told = [("bold", f"Taken back: your `{mine}`{since}.")]
        if len(self.humans) == 1:
            self.screen.line(told)
        else:  # the screen is another person's now: told to the mover once the keyboard is back with them
            self.notice = told
        self.checkpoint()
        return True

    def agree(self, other: int, seat: int, later: int, what: str | None = None) -> bool:
        """Hand the keyboard to another person and ask whether they agree (to take back a move, or to `what`, the
        proposal's sentence: `proposed_rule`); only yes agrees."""
        names = self.game.names
        if self.hand_over(other) == QUIT:  # no answer: they leave the game (play_on), which is left unfinished
            self.leaving = other
            return False
        if what:
            question = f"{names[other]}: {what}{chr(10) if chr(10) in what else ' '}Agree? [y/N] "
        else:
            question = f"{names[other]}: take back {names[seat]}'s last move" + (
                f" and the {later} after it" if later else "") + "? [y/N] "
        if not self.screen.tty:
            sys.stdout.write(question)
            sys.stdout.flush()
            line = sys.stdin.readline()
            echo(line)
            return line.strip().lower() in YES
        from prompt_toolkit import prompt

        try:
            return prompt(question, handle_sigint=False, enable_suspend=True, key_bindings=no_mouse()).strip().lower() in YES
        except (EOFError, KeyboardInterrupt):
            return False

    def resume_view(self) -> None:
        """A game rebuilt from a save: nobody is told it all again; one person sees how it stood, several pass
        the keyboard first.  A --log file still gets every event from the start."""
        g = self.game
        n = len(g.events)
        if len(self.humans) == 1:
            lines = tell_lines(self.game, g.events, self.humans[0])[-8:]
            if lines:
                self.screen.line("Before the game stopped:")
                for line in lines:
                    self.screen.told(line)
        else:
            self.active = None
        self.cursor = {h: n for h in self.humans}
        self.public_cursor = n

    # ---------------------------------------------------------- input
    def clean(self, text: str) -> str:
        """A typed line without the rules' card symbols, so a card typed as a hand shows it reads as its short name,
        and without control characters (Ctrl-V puts any in a line: an escape sequence told back in a refusal would
        be the terminal's to obey), bar the line breaks and tabs a rule may hold."""
        if text.isprintable():  # no control character at all (the common case; at every key, so at C's speed)
            return text.translate(self.unsymbol)
        return "".join(ch for ch in text if ch not in self.symbols
                       and (ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf")))

    def rule_verbs(self, d: Decision) -> set:
        return {o.verb for o in d.options if o.kind == "rule"}

    def rule_start(self, text: str, d: Decision):
        """Where the rule begins in a line that writes one (`house RULE`, or `VERB RULE` for an option that takes a
        rule), or None for any other line."""
        stripped = text.lstrip()
        words = stripped.split(None, 1)
        if not words or not stripped[len(words[0]):][:1].isspace():
            return None
        verb = words[0].lower()
        cmd = command_for(verb, d)  # `house`, `/house` (where the game names no move `house`), or a rule's verb
        if (cmd is None or cmd.name != "house") and verb not in self.rule_verbs(d):
            return None
        at = len(text) - len(stripped) + len(words[0])
        return at + len(text[at:]) - len(text[at:].lstrip())

    def acts(self, d: Decision):
        return [o for o in d.options if o.verb != "pass"]

    def refusal(self, text: str, d: Decision, window: bool):
        """Why a typed line is neither a command nor a legal move now, or None when it is fine."""
        text = self.clean(text).strip()
        if not text:
            return None
        low = text.lower()
        if window and (low in YES + NO):
            return None
        why = self.unasked(text, d, window)
        if why:
            return why
        rule_at = self.rule_start(text, d)
        full = self.house_full() if rule_at is not None and \
            getattr(command_for(low.split()[0], d), "name", None) == "house" else None  # `house` or `/house` RULE
        if full:
            return full
        if rule_at is not None:  # `house RULE`, `write RULE`: refused with the checker's message, at its place
            problem = check_rule(self.game, text[rule_at:], d.player)
            if not problem:
                return None
            msg, line, col = problem
            lines = text[rule_at:].splitlines() or [""]
            at = rule_at + sum(len(x) + 1 for x in lines[: line - 1]) + col - 1
            return f"{line}:{col}: {msg}", max(0, min(at, len(text)))
        if "\n" in text:  # a paste of several lines (a rule may have several: it is read above)
            return f"one move a line: this holds {text.count(chr(10)) + 1} lines; type or paste them one by one"
        if low.split()[0] in self.rule_verbs(d):
            return None  # the verb alone: Enter opens the rule editor
        if command_for(low.split()[0], d) is not None:
            return None
        if " as " in f" {text} " and not window and not any(o.kind == "rule" for o in d.options):
            text = text.partition(" as ")[0]  # `truth LR7 as R7`: the claim is checked when it is made
        try:
            self.game.parse(text)
        except MoveError as e:
            return self.one_card_a_move(text, d) or self.misspelt(text, d) or self.rule_unmarked(text, d) \
                or e.message
        return None

    RULE_WORDS = ("when", "rule")  # the words a rule typed at the prompt begins with (the grammar's `rule_input`)

    def rule_unmarked(self, text: str, d: Decision) -> str | None:
        """Why `when played(card) { ... }` typed as it stands is no move: a rule is proposed with `house` (or the
        game's own verb for writing one), said so with the line to type; None for any other line."""
        first, _, rest = self.clean(text).strip().partition(" ")
        if first.lower() not in self.RULE_WORDS or not rest.strip() or \
                (first.lower() == "rule" and "when" not in rest.split()):  # `rule x`: `rules x` misspelt, likelier
            return None
        verbs = sorted(self.rule_verbs(d))
        verb = verbs[0] if verbs else "house" if getattr(command_for("house", d), "name", None) == "house" else None
        if verb is None:
            return None
        if verb == "house" and self.house_full():
            return f"a rule is not a move, and {self.house_full()}"
        return f"a rule is not a move: type `{verb} {self.clean(text).strip()}` to propose it to the table"

    def one_card_a_move(self, text: str, d: Decision) -> str | None:
        """`lay Y5 Y6` (or `Y5 Y6`, or `lay Pink 6 Red 5` where a card's name has several words) where a move takes
        one card and each of them alone is a move: told so, with the first move to type, rather than "no card is
        called `Y5 Y6`"; None otherwise."""
        words = text.split()
        if not 2 <= len(words) <= 20:
            return None
        verb = words[0] if any(o.verb.lower() == words[0].lower() for o in d.options) else None
        cards = words[1:] if verb else words

        @functools.cache
        def card(start, end):  # the move of cards[start:end] as one card, or None
            try:
                move = self.game.parse(" ".join([verb, *cards[start:end]] if verb else cards[start:end]))
            except MoveError:
                return None
            return move if move.kind == "card" else None

        @functools.cache
        def split(start):  # the moves of one card each that cards[start:] reads as, longest names first, or None
            if start == len(cards):
                return ()
            for end in range(len(cards), start, -1):
                if card(start, end) is not None and split(end) is not None:
                    return (card(start, end), *split(end))
            return None

        moves = split(0)
        if moves is None or len(moves) < 2 or len({m.verb for m in moves}) > 1:
            return None
        return f"`{text}` names {len(moves)} cards and a move takes one: type `{moves[0].text}` first"

    def unasked(self, text: str, d: Decision, window: bool = False) -> str | None:
        """Why a reply (`y`, `n`, `q`) typed where no question is asked is not taken as a move, or None when it is no
        such reply, or a window asks (its yes and no are answers), or the game names a move so, or asks a question
        of its own (a value `yes`, typed `y`): an answer to a question gone by, or a stray key, must not play the
        one card of a colour whose name starts with it."""
        low = text.lower()
        if window or low not in ANSWERS:
            return None
        if any(form.lower() == low for *_, forms in self.candidates(d, False) for form, _ in forms):
            return None
        try:
            move = self.game.parse(text)
        except MoveError:
            move = None
        if move is not None and move.kind != "card":  # the game's own question (a value, a player): `y` answers it
            return None
        would = f" (as a move it would be `{move.text}`: type that to make it)" if move is not None else ""
        if low == "q":
            return f"`q` is not taken for a move{would}; `quit` leaves the game"
        return f"no question is asked now, so `{text}` is not taken for a move{would}; `help` lists the moves"

    def mended(self, text: str, d: Decision) -> str | None:
        """The line a refused one was likely meant to be, or None: its first word misspelt for a verb of the
        decision or a command (`paly R6`, `hlep`), or a word alone misspelt for what a move chooses (`gren` for
        `colour green`); only what the person may know is offered (their moves, the commands)."""
        words = self.clean(text).strip().split()
        if not words or d.window:
            return None
        first = words[0].lower()
        verbs = list(dict.fromkeys(o.verb.lower() for o in d.options))
        if first in verbs or command_for(first, d) is not None or first in self.rule_verbs(d) \
                or self.rule_unmarked(text, d):
            return None
        if first.startswith("/"):  # `/undp`: a command, misspelt
            close = difflib.get_close_matches(first[1:], list(COMMANDS), n=1, cutoff=0.7)
            return " ".join(["/" + close[0]] + words[1:]) if close else None
        close = difflib.get_close_matches(first, verbs + list(COMMANDS), n=1, cutoff=0.7)
        if close:
            fixed = " ".join([close[0]] + words[1:])
            if command_for(close[0], d) is not None:
                return fixed
            try:
                self.game.parse(fixed)
            except MoveError:
                return None
            full = self.spelled_out(fixed, d)  # `plya 3`: `play R3`, the card named
            return fixed if full is None else full[0]
        if len(words) == 1:  # a value, a player: what a move chooses, the verb left out
            chosen = {o.text.split(None, 1)[1].lower(): o.text for o in d.options
                      if o.kind in ("value", "player") and " " in o.text}
            close = difflib.get_close_matches(first, list(chosen), n=1, cutoff=0.75)
            if close:
                return chosen[close[0]]
        return None

    def misspelt(self, text: str, d: Decision) -> str | None:
        """Why `plya Y9` is refused where its verb, misspelt, reads as one of the decision's (`play`) and the line so
        mended is refused in its turn (Yellow 9 cannot be played now): the mended line, and that refusal; None
        otherwise (`mended` offers a line that is a move)."""
        words = self.clean(text).strip().split()
        if len(words) < 2 or d.window:
            return None
        first = words[0].lower()
        verbs = list(dict.fromkeys(o.verb.lower() for o in d.options))
        if first in verbs or first.startswith("/") or command_for(first, d) is not None \
                or first in self.rule_verbs(d):
            return None
        close = difflib.get_close_matches(first, verbs, n=1, cutoff=0.7)
        if not close:
            return None
        fixed = " ".join([close[0]] + words[1:])
        try:
            self.game.parse(fixed)
        except MoveError as e:
            why = e.message.removeprefix(f"`{fixed}`: ")
            return f"`{' '.join(words)}`: did you mean `{fixed}`? It is refused: {why}"
        return None

    def spelled_out(self, text: str, d: Decision):
        """(the move in full, its card's name) when `text` makes a card move without naming the card (`7`, `red`,
        `play 7`, or the verb alone for its one card), else None: at a terminal such a line is written out in full
        before it is taken, so that nobody plays a card they did not name."""
        text = self.clean(text).strip()
        words = text.split()
        if not words or " as " in f" {text} " or command_for(words[0], d) is not None \
                or words[0].lower() in self.rule_verbs(d):
            return None
        try:
            move = self.game.parse(text)
        except MoveError:
            return None
        if move.kind != "card" or not isinstance(move.arg, int):
            return None
        calls, said = [], {c.lower() for c in d.calls}
        while len(words) > 1 and words[-1].lower() in said:
            calls.insert(0, words.pop())
        if words[0].lower() == move.verb.lower():
            words = words[1:]
        card = self.program.cards[move.arg]
        if "".join(words).lower() in (card.short.lower(), "".join(card.name.lower().split())):
            return None
        return " ".join([move.text] + calls), card.name

    def candidates(self, d: Decision, window: bool):
        """(text, display, meta, forms) for each move and command: `forms` are the ways of typing it that are
        matched against what is typed, each with what completing it inserts (a form without its verb, such as
        `blue` for `colour blue`, inserts itself, when the game takes it for that move)."""
        out = []
        verbs: dict = {}  # each verb's place among the options: the menu keeps them so, each verb's cards sorted
        for o in d.options:
            verbs.setdefault(o.verb, len(verbs))
        cards = [(o, sort_key(self.program, o.arg) if o.kind == "card" and isinstance(o.arg, int) else
                  self._arg_order(o)) for o in d.options]
        for o, _ in sorted(cards, key=lambda ok: (verbs[ok[0].verb], ok[1])):  # as the hand and the Moves line show them
            if window and o.verb == "pass":
                continue
            said = []  # the argument, as a person may type it without the verb
            if o.kind == "card":
                card = self.program.cards[o.arg]
                display = [("", o.verb + " ")] + card_parts(self.program, o.arg)
                said = [o.text.split(None, 1)[1], card.name]
                meta = card.name
            elif o.kind == "value":
                display = [("", o.verb + " ")] + value_parts(self.program, o.arg)
                said = [_plain(value_parts(self.program, o.arg)).lstrip("".join(self.symbols))]
                meta = o.doc
            elif o.kind == "rule":  # completed to the verb: Enter on it opens the rule editor
                out.append((o.verb, o.text, o.doc, [(o.verb, o.verb)]))
                continue
            elif (shown := self._set_shown(o)) is not None:  # a set: as the Moves line has it
                text = f"{o.verb} {shown}"
                out.append((o.text, text, o.doc, [(text, text), (o.text, o.text)]))
                continue
            else:
                display = o.text
                said = [o.text.split(None, 1)[1]] if o.kind == "player" else []
                meta = o.doc
            if not self.screen.color and isinstance(display, list):
                display = _plain(display)
            forms = [(o.text, o.text)] + [(f"{o.verb} {a}", o.text) for a in said]
            for a in said:
                try:
                    if self.game.parse(a) == o:
                        forms.append((a, a))
                except Exception:  # noqa: BLE001 - a form the game does not take for this move is not offered
                    pass
            out.append((o.text, display, meta, forms))
        for name, doc in command_docs().items():  # `/undo` too; only it where the game offers a move `undo`
            slash = "/" + name
            out.append((slash, slash, doc, [(slash, slash)]) if command_for(name, d) is None else
                       (name, name, doc, [(name, name), (slash, slash)]))
        return out

    def session(self, seat: int):
        if seat not in self.sessions:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import InMemoryHistory
            from prompt_toolkit.styles import Style

            style = Style.from_dict({"bottom-toolbar": "noreverse bg:#303030 #e0e0e0"} if self.screen.color else {})
            self.sessions[seat] = wrapped_refusals(PromptSession(history=InMemoryHistory(), style=style,
                                                                 enable_suspend=True))  # Ctrl-Z: to the shell
        return self.sessions[seat]

    def read(self, seat: int, d: Decision, window: bool = False):
        """One line from the person at `seat`: the text, "" to ask again, QUIT, or None when the input has ended."""
        name = self.game.names[seat]
        self.checkpoint()
        if not self.screen.tty:
            sys.stdout.write(f"{name}> ")
            sys.stdout.flush()
            line = sys.stdin.readline()
            if not line:
                print()
                return None
            if len(line) > MAX_LINE:
                print(f"(a line of {len(line)} characters)", flush=True)
                self.screen.line(f"A line may have at most {MAX_LINE} characters; that one is not read.")
                return ""
            echo(line)
            return line
        ahead, entered = self.keys.take()
        if self.keys.leave:  # Ctrl-D typed while the bots played, just before this prompt
            if self.leave_asked():
                return QUIT
        self.note_ahead(ahead, entered)
        completer_cls, validator_cls, lexer_cls = prompt_helpers()
        self.keys.give(self.session(seat).input)  # an arrow typed ahead, and what followed it
        try:
            line = self.session(seat).prompt(
                f"{name}> ",
                default=ahead,
                completer=completer_cls(self, seat, d, window),
                complete_while_typing=True,
                validator=validator_cls(self, d, window),
                validate_while_typing=False,
                lexer=lexer_cls(self, d) if self.screen.color else None,
                bottom_toolbar=lambda: self.toolbar(seat),
                key_bindings=prompt_keys(),
                reserve_space_for_menu=MENU_ROWS,
                handle_sigint=False,  # TypeAhead's handler stays: a Ctrl-C as a prompt opens is no traceback
            )
        except KeyboardInterrupt:
            return AGAIN
        except EOFError:
            return QUIT if self.confirm_leave() else AGAIN
        except ValueError:  # prompt_toolkit misread a key sequence (a colour code typed after Ctrl-C): ask again
            self.screen.line("That input could not be read; type the line again.")
            return AGAIN
        if len(line) > MAX_LINE:
            self.screen.line(f"A line may have at most {MAX_LINE} characters; that one is not read.")
            return AGAIN
        return line

    def note_ahead(self, ahead: str, entered: bool) -> None:
        """Keys typed while no prompt showed go into the next prompt's line; an Enter typed with them is not taken."""
        if ahead and entered:
            self.screen.line([("ansibrightblack", "(typed while the others played; not sent: Enter sends it)")])

    def confirm_leave(self) -> bool:
        """Ctrl-D asks first: a game is not lost to a stray key."""
        from prompt_toolkit import prompt

        try:
            answer = prompt("Leave the game? [y/N] ", handle_sigint=False, enable_suspend=True, key_bindings=no_mouse())
        except EOFError:
            return True
        except KeyboardInterrupt:
            return False
        return answer.strip().lower() in YES

    # ---------------------------------------------------------- output
    def table_facts(self, seat, ranked: bool = False) -> list:
        """The table as styled facts from the seat's view: shared piles, the game's variables, direction,
        whose decision it is, and every player's card count per zone. `ranked`: as (rank, fact), the rank
        saying what a player needs most (0) to least (5) when not all of it fits on the toolbar's row."""
        p = self.program
        v = self.game.seat(seat).view()
        facts: list = []
        empty: list = []  # the empty zones of the table: told together, in one fact where the first was
        for name, z in v["zones"].items():
            if isinstance(z, dict):
                spec = p.zones[p.zone_index[name]]
                label = spec_words(spec)  # as the narrator does: `trump card`, not `trump_card`
                top = z["cards"][-1] if z["cards"] else None
                if not z["size"]:
                    if not empty:
                        facts.append((5, empty))
                    empty.append(label)
                    continue
                if spec.shown == "all" and len(z["cards"]) > 1 and any(c is not None for c in z["cards"]):
                    shown = z["cards"][-WHOLE_MOST:]  # every card matters (docs/language.md, "Zones"), the last few
                    more = z["size"] - len(shown)
                    fact = [("", f"{label}: ")] + [("", f"… {more} more, ")] * bool(more)
                    facts.append((2, fact + [part for i, c in enumerate(shown)
                                             for part in [("", " ")] * bool(i) + card_parts(p, c)]))
                elif top is not None:
                    facts.append((2, [("", f"{label}: ")] + card_parts(p, top, long=True)))
                elif z["size"] and spec.visibility == "public":
                    facts.append((2, [("", f"{label}: "), ("reverse", "▒▒"), ("", f" face down ({z['size']})")]))
                else:
                    facts.append((5, [("", f"{label}: {z['size']} card{'s' if z['size'] != 1 else ''}")]))
        if empty:
            empty[:] = [("", "empty: " + ", ".join(by_numbers(empty)))]
        declared = p.shown_vars  # a file that declares which variables to show: those only, under their labels
        for name, value in v["vars"].items():
            if value is None or (declared and name not in declared):
                continue
            label = declared.get(name) or name.replace("_", " ")
            kind = p.var_kinds.get(name, "any")
            if kind == "card":
                shown = card_parts(p, value, long=True)
            elif kind == "list:card" and isinstance(value, list):  # a card the seat may not see is None: "a card"
                shown = [part for i, c in enumerate(value) for part in [("", ", ")] * bool(i) + (
                    card_parts(p, c) if c is not None else [("", "a card")])] or [("", "none")]
            elif kind == "player":
                shown = [("", v["names"][value])]
            else:
                shown = value_parts(p, value)
            facts.append((1, [("", f"{label}: ")] + shown))
        for name, values in v.get("player_vars", {}).items():  # one declared `show`: each player's known value
            if name in declared and any(x is not None for x in values):
                fact = [("", f"{declared[name] or name.replace('_', ' ')}: ")]
                if all(isinstance(x, bool) for x in values if x is not None):  # a yes/no of each: who has it
                    facts.append((1, fact + [("", ", ".join(n for n, x in zip(v["names"], values) if x) or "nobody")]))
                    continue
                for i, (n, x) in enumerate((n, x) for n, x in zip(v["names"], values) if x is not None):
                    fact += [("", ", ")] * bool(i) + [("", f"{n} ")] + (
                        card_parts(p, x) if p.var_kinds.get(name) == "card" else value_parts(p, x))
                facts.append((1, fact))
        claim = v.get("claim")
        if claim is not None and claim["stands"]:  # a claim settled (its cards turned up) is no longer news
            many = f"{claim['count']} × " if claim["count"] > 1 or claim["kind"] != "card" else ""
            who = "you say" if claim["player"] == seat else f"{v['names'][claim['player']]} says"
            facts.append((1, [("", f"claim: {who} "), ("bold", f"{many}{claim['text']}")]))
        facts.append((4, [("", "direction: " + ("→" if v["direction"] == 1 else "←"))]))
        facts_seen_hand = False
        pend = v["pending"]
        if pend is not None:
            who = "you" if pend["player"] == seat else v["names"][pend["player"]]
            facts.append((0, [("", "to answer: " if pend["window"] else "to play: "), ("bold", who)]))
        for name, z in v["zones"].items():
            if isinstance(z, list):
                if facts_seen_hand and not any(h["size"] for h in z):
                    continue  # every pile of this kind is empty
                facts_seen_hand = True
                fact = [("", f"{spec_words(p.zones[p.zone_index[name]])}: ")]  # the file's own word: no guessed plural
                for i, (n, h) in enumerate(zip(v["names"], z)):
                    if i:
                        fact.append(("", ", "))
                    fact.append(("bold" if pend and pend["player"] == i else "", f"{n} {h['size']}"))
                facts.append((3, fact))
        return facts if ranked else [fact for _, fact in facts]

    def toolbar(self, seat):
        from prompt_toolkit.application import get_app
        from prompt_toolkit.formatted_text import FormattedText

        width = get_app().output.get_size().columns - 2
        # What a player needs most first (whose move, the game's state, the cards on top, the others' hands), each
        # fact that fits: one that does not is left out whole, and a shorter one after it may still fit.
        facts = [fact for _, fact in sorted(self.table_facts(seat, ranked=True), key=lambda rf: rf[0])]
        rows = wrap(facts, width, " │ ", TOOLBAR_ROWS)
        out = []
        for i, row in enumerate(rows):
            if i:
                out.append(("", "\n"))
            out += [("", " ")] + [(s if self.screen.color else "", t) for s, t in row]
        return FormattedText(out)

    def show_table(self, seat, brief: bool = False, full: bool = False) -> None:
        """The table and the seat's own cards; `brief`: only the cards (a second decision in the same turn).
        At a terminal the table's state is said once, in the toolbar, kept up to date; `full` (the `hand`
        command) prints it too."""
        if seat is None:
            return
        v = self.game.seat(seat).view()
        p = self.program
        if not brief:
            width = self.screen.width()
            title = f" {self.game.names[seat]} "
            self.screen.line([("", "──" + title + "─" * max(0, min(width - 1, 72) - len(title) - 2))])
            if full or not self.screen.tty:
                self.screen.lines(wrap(self.table_facts(seat), width - 1))
            self.table_shown = (seat, self.game.turns)

        def seen(pile):  # the cards of a pile this seat sees, in a hand's order, each with a space before it
            cards = sorted((c for c in pile["cards"] if c is not None), key=lambda c: sort_key(p, c))
            return cards, [part for c in cards for part in [("", " ")] + card_parts(p, c)]

        first = True
        for name, z in v["zones"].items():
            if isinstance(z, list):
                spec = p.zones[p.zone_index[name]]
                said = spec_words(spec)
                if first or z[seat]["size"]:  # an empty pile in front of you (parts, a penalty pile) says nothing
                    first = False
                    mine, shown = seen(z[seat])
                    parts = [("bold", f"Your {said} ({len(z[seat]['cards'])}):"), *shown]
                    unseen = len(z[seat]["cards"]) - len(mine)  # yours, but face down to you too (a Slapjack stack)
                    if unseen:
                        parts += [("", " "), ("reverse", "▒▒"), ("", f" {unseen} more face down" if mine else " face down")]
                    self.screen.line(parts)
                visibility = spec.visibility
                if brief:
                    continue
                for other, h in enumerate(z):  # another's private cards this seat was shown (a challenged hand)
                    if other == seat:
                        continue
                    known, shown = seen(h)
                    if not known:
                        continue
                    if visibility == "hidden":  # a hand nobody holds face up, revealed card by card (Hanabi): in
                        shown = [part for c in h["cards"]  # its order, where a card's place is what a hint names
                                 for part in [("", " ")] + (card_parts(p, c) if c is not None else [("reverse", "▒▒")])]
                    if visibility == "public":  # laid out before them for all to see (Love Letter's played cards,
                        self.screen.line([("", f"{v['names'][other]}'s {said} ({h['size']}):"), *shown])
                        continue                  # books, melds): as yours is listed
                    many = "all" if len(known) == h["size"] else f"{len(known)} of {h['size']}"
                    self.screen.line([("", f"{v['names'][other]}'s {said}, shown to you ({many}):"), *shown])

    def show_moves(self, d: Decision) -> None:
        """The moves open now, grouped by verb: `Moves: VERB CARD / CARD · VERB`."""
        p = self.program
        if d.prompt:
            self.screen.line([("bold", capital([("", d.prompt)])[0][1])])
        groups: dict = {}
        for o in d.options:
            groups.setdefault(o.verb, []).append(o)
        parts = [("", "Moves: ")]
        for i, (verb, opts) in enumerate(groups.items()):
            if i:
                parts.append(("", " · "))
            parts.append(("", verb))
            args = sorted((o for o in opts if o.kind == "card"), key=lambda o: sort_key(p, o.arg))
            args += sorted((o for o in opts if o.kind and o.kind not in ("card", "rule")), key=self._arg_order)
            if any(o.kind == "rule" for o in opts):
                parts.append(("", " RULE"))
            for j, o in enumerate(args):
                parts.append(("", " " if j == 0 else " / "))
                if isinstance(o.arg, tuple):  # several arguments or a set of cards: as typed, the first few only
                    if j == SHOWN_SETS:
                        parts.append(("", f"… ({len(args)} in all)"))
                        break
                    shown = self._set_shown(o)
                    parts.append(("", o.text[len(verb) + 1:] if shown is None else shown))
                elif o.kind == "player":  # as it is typed: by name
                    parts.append(("", self.game.names[o.arg]))
                elif o.kind == "blind":  # a card it may not see, by its place
                    parts.append(("", f"#{o.arg}"))
                else:
                    parts += card_parts(p, o.arg) if o.kind == "card" else value_parts(p, o.arg)
        if d.due and any(o.kind == "card" for o in d.options):  # the hint only when a call is due
            calls = " / ".join(d.calls)
            parts.append(("", f"   (a call goes after the move: `{self._example(d)} {calls}`)"))
        self.screen.line(parts)

    def _set_shown(self, o) -> str | None:
        """A set of cards as the hand shows them (`2H 3D` for `pass 3D 2H`), or None for any other move."""
        if o.kind != "cards" or not all(isinstance(c, int) for c in o.arg):
            return None
        return " ".join(self.program.cards[c].short for c in sorted(o.arg, key=lambda c: sort_key(self.program, c)))

    def _arg_order(self, o) -> list:
        """Where a move of several parts goes on the Moves line: by each part in turn, a value in its attribute's
        order (`ask Ada ace / Ada three / ...`, not as the hand happened to hold them); other moves as they come."""
        if not isinstance(o.arg, tuple):
            return []
        if o.kind == "cards":  # a set of cards: by its cards, as the hand shows them
            return sorted(sort_key(self.program, c) for c in o.arg if isinstance(c, int))
        key = []
        for v in o.arg:
            if isinstance(v, str):
                attr = next((a for a in self.program.attributes.values() if a.info(v)), None)
                names = [x.name for x in attr.values] if attr is not None else []
                key.append((1, names.index(v) if v in names else len(names), v))
            elif isinstance(v, int) and not isinstance(v, bool):
                key.append((0, v, ""))
            else:
                key.append((2, 0, str(v)))
        return key

    def _example(self, d: Decision) -> str:
        cards = sorted((o for o in d.options if o.kind == "card"), key=lambda o: sort_key(self.program, o.arg))
        return cards[0].text if cards else d.options[0].text

    def show_window(self, d: Decision) -> None:
        """An `ask`: the person may act now, or let it pass with Enter."""
        acts = self.acts(d)
        prompt = _plain(capital([("", d.prompt or "You may act now")]))
        if not acts:  # asked though nothing is open to them (`ask`, §7: whether the table waits tells nothing)
            if d.prompt:
                self.screen.line([("bold", prompt), ("", " — nothing you can do now: Enter lets it pass.")])
            else:
                self.screen.line("Nothing you can do now: Enter lets it pass.")
            return
        offers = " or ".join(f"`{o.text}`" + (f" ({o.doc})" if o.doc else "") for o in acts)
        self.screen.line([("bold", prompt), ("", f" — {offers}? Enter = no.")])
        if d.due and any(o.kind == "card" for o in acts):  # a call may go with a card laid out of turn
            self.screen.line(f"   (a call goes after the move: `{self._example(d)} {' / '.join(d.calls)}`)")

    def show_events(self, seat) -> bool:
        """Tell the person at the keyboard what happened since they last looked; True if anything was told."""
        g = self.game
        if seat is None:
            start, self.public_cursor = self.public_cursor, len(g.events)
        else:
            start, self.cursor[seat] = self.cursor.get(seat, 0), len(g.events)
        lines = tell_lines(self.game, g.events[start:], seat)
        for line in lines:
            self.screen.told(line)
        return bool(lines)

    def show_log(self, seat, n: int) -> None:
        lines = tell_lines(self.game, self.game.events, seat)
        for line in lines[-n:]:
            self.screen.told(line)

    def flush_log(self) -> None:
        if self.log_file is None:
            return
        g = self.game
        try:
            for ev in g.events[self.logged:]:
                self.log_file.write(json.dumps(public_event(g, ev), ensure_ascii=False) + "\n")
            self.logged = len(g.events)
            self.log_file.flush()
        except OSError as e:  # the disk filled up: the game goes on without its log, and says so once
            self.screen.line([("ansired", f"✗ the log cannot be written any more ({e.strerror or e}); it stops here")])
            self.log_file = None


def nothing_open(d: Decision) -> bool:
    """A window asking a player to whom nothing but `pass` is open: it asks all the same where what is open is
    decided by cards the others may not see, so that the table's waiting tells nothing of a hand (`ask`, §7).  The
    one person at a table of bots is not asked it (here and at `serve`): no other person reads that waiting, and
    bots do not; it is let pass for them."""
    return d.window and not any(o.verb != "pass" for o in d.options)


def act_as(game, seat: int, text: str) -> str | None:
    """`MOVE as WHAT` (`truth LR7 as R7`, `play W as red`): the move, then WHAT as the answer to the question that
    move asks next of the same seat in the same turn (a claim, a colour), never to a later turn's (a Skip in two
    seats gives the seat the next turn).  A first move refused raises as any move does (nothing changed); once it
    is made, None if WHAT was taken too, else what to tell the person of it."""
    first, _, rest = text.partition(" as ")
    first, rest = first.strip(), rest.strip()
    turn = game.turns
    game.seat(seat).act(first)
    d = game.pending
    verbs = [o.verb for o in d.options if o.kind] if d is not None and d.player == seat and game.turns == turn else []
    if not verbs:
        return f"`as {rest}` is not taken: `{first}` asks nothing more of you"
    try:
        game.seat(seat).act(f"{verbs[0]} {rest}")
    except RulesError as e:
        return f"{e.message} — say it again"
    return None


def public_event(g: Game, ev: Event) -> dict:
    """An event as the table sees it, with players named, in its plain form: what goes in a --log file (the
    narrator's own form, `Seat.words`, so that `rulelang replay` tells it in the words of the game)."""
    e = as_dict(g.seat(None).words(ev))
    if e.pop("pass_", None):  # a window let go by (nobody challenged): `"pass": true`, as the network says it, so
        e["pass"] = True      # that `rulelang replay` tells it as the table was told it, not as a move
    return e


def _stdin_fd() -> int | None:
    try:
        return sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # a stdin replaced by an object with no file behind it
        return None


def read_stack(path: str) -> list[str]:
    import yaml

    try:
        with open_text(path, "r", "--stack") as f:
            data = load_yaml(f.read(MAX_YAML_BYTES + 1),
                             (MAX_CARDS, f"it names more than {MAX_CARDS:,} cards, more than any deck holds"))
    except OSError as e:
        raise RulesError(f"cannot read the stack file {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RulesError(f"the stack file {path} is not a text file in UTF-8") from None
    except YamlRefused as e:
        raise RulesError(f"the stack file {path} is refused: {e}") from None
    except yaml.YAMLError as e:  # one line, with its place: `STACK:2: ...` (as a save file's error)
        mark = getattr(e, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise RulesError(f"{path}{where}: the stack file is not YAML ({getattr(e, 'problem', None) or e}); it is "
                         "a list of card names, e.g. `[R7, Blue 3]`") from None
    if not isinstance(data, list) or not all(isinstance(x, (str, int)) for x in data):
        raise RulesError(f"{path} must be a YAML list of card names, the top of the draw pile first")
    return [str(x) for x in data]


def check_stack(program, names: list[str], path: str) -> None:
    """Refuses, before the game begins, a stack naming a card the game does not have or more copies of one than its
    deck holds, with the entry's place in the file (the same check when the deck is shuffled names only the
    shuffle's rule, a place in the game's file, not in the stack's)."""
    real = program.cards[: program.deck_size]
    left: dict = {}
    for at, name in enumerate(names, 1):
        ids = program.card_by_text(name)
        shown = name if name.isprintable() else ascii(name)[1:-1]  # a file's escape sequence, not obeyed
        where = f"{path}, card {at} of the stack: --stack names `{shown}`, but"
        if not ids:
            close = difflib.get_close_matches(name, [c.name for c in real] + [c.short for c in real], n=1)
            raise RulesError(f"{where} no card of this game is called that"
                             + (f" (did you mean `{close[0]}`?)" if close else ""))
        left[ids[0]] = left.get(ids[0], len(ids)) - 1
        if left[ids[0]] < 0:
            raise RulesError(f"{where} the deck holds only {len(ids)} {'copy' if len(ids) == 1 else 'copies'} of it")


COMPLETED_MOST = 200  # the longest line completed as a move while it is typed (completion runs at every key)

BOT_NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]


def proposed_rule(name: str, text: str) -> str:
    """A house rule put to the table: `Ann proposes the house rule `TEXT`.`, or a rule of several lines below
    that, as written (its own indents kept under one more)."""
    lines = text.splitlines()
    if len(lines) <= 1:
        return f"{name} proposes the house rule `{text}`."
    return f"{name} proposes this house rule:" + "".join(f"\n    {t}" for t in lines)


def seat_names(players: int, humans: int, given: str | None) -> list[str]:
    """People first (`You` when alone, else `Player N`), then bots; --names names the seats from the first."""
    people = ["You"] if humans == 1 else [f"Player {i + 1}" for i in range(humans)]
    taken = [n.strip() for n in given.split(",")] if given else []
    if len(taken) > players:
        raise RulesError(f"--names gives {len(taken)} names for {players} players")
    why = names_refusal(taken, 0 if humans == 1 else None, "--names")
    if why:
        raise RulesError(why)
    used = {name_read(n) for n in taken}
    spare = iter([n for n in BOT_NAMES if name_read(n) not in used] + [f"Bot {i}" for i in range(1, players + 1)])
    return [taken[s] if s < len(taken) else people[s] if s < humans else next(spare) for s in range(players)]


def run_host(args) -> int:
    program = load(args.game)
    players = args.players or program.default_players
    check_players(program, players)
    humans = args.humans
    if not 0 <= humans <= players:
        raise RulesError(f"--humans {humans}: there {'is 1 seat' if players == 1 else f'are {players} seats'}")
    names = seat_names(players, humans, args.names)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    options = args.options  # (`cli.option_values`)
    stack = read_stack(args.stack) if args.stack else None
    if stack:
        check_stack(program, stack, args.stack)
    # With a person at the table the strongest bot that answers at once (search: about 0.2 s a move); bots
    # alone play greedy, many times faster.
    bots = args.bots or ("search" if humans else "greedy")
    setup = setup_from_program(program, names, range(humans), seed, options, stack, args.match, bots)
    try:
        bots = setup.make_bots(think=getattr(args, "think", None))
    except ValueError as e:
        raise RulesError(str(e)) from None
    game = setup.new_game()
    # A game with a person in it is saved (to --save, or a new file in the saves folder); bots alone only to --save.
    save = getattr(args, "save", None)
    if save:
        check_new_save(save)  # never over an unfinished game, or a file that is no save
    saver = Saver(save if save else new_save_path(program.name), setup, chosen=bool(save)) if save or humans else None
    if args.log:
        written_over("--log", "the log", args.log, [(f"the game's file {f}", f) for f in program.files]
                     + [("the --stack file", args.stack), ("the --save file", save)])
    return play_game(setup, game, bots, saver=saver, delay=args.delay, log=args.log, file=str(args.game))


def play_game(setup, game: Game, bots: dict, saver=None, delay=None, log=None, file=None, resumed=None) -> int:
    """Play a game at the terminal from where it stands: a new one, or one rebuilt from a save (`resumed`:
    the save's path and how many moves were replayed)."""
    program = game.program
    names = game.names
    humans = list(setup.humans)
    players = len(names)
    # A dumb terminal (TERM=dumb: an editor's shell, a serial line) gets the plain lines a pipe gets: no escapes.
    tty = sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") != "dumb"
    screen = Screen(tty)
    delay = delay if delay is not None else (0.4 if tty and humans else 0.0)
    if saver is not None:
        saver.hold()  # one player of a save at a time (SaveError, naming the other, if it is taken)
    try:
        log_file = open_text(log, "w", "--log") if log else None
        if log_file:
            log_file.write(json.dumps({"type": "start", "game": program.name, "file": file or setup.main, "players": names,
                                       "humans": [names[h] for h in humans], "seed": setup.seed,
                                       "options": game.options, "match": setup.match,
                                       "zones": zone_displays(program)}, ensure_ascii=False) + "\n")
            log_file.flush()
    except (OSError, RulesError) as e:
        if saver is not None:
            saver.let_go()
        if isinstance(e, RulesError):  # (a pipe no program reads)
            raise
        raise RulesError(f"cannot write the log {log}: {e.strerror or e}") from None
    try:
        if resumed:
            path, n = resumed
            screen.line(f"Resuming {path}: {n} move{'s' if n != 1 else ''} replayed.")
        # With several people at the table the seed is told only when the game is over: with it and the moves
        # anyone could deal every hand again.
        seed = f" · seed {setup.seed}" if len(humans) < 2 else ""
        opening = [[("bold", program.name), ("", f" — {players} players: {', '.join(names)}{seed}"
                                                 + (" · a match" if setup.match else ""))]]
        if program.options:
            opening.append("Options: " + ", ".join(f"{k} = {str(v).lower() if isinstance(v, bool) else _plain(value_parts(program, v))}" for k, v in game.options.items())
                           + "  (set with --option NAME=VALUE; `rules` explains them)")
        if humans:
            opening.append("Type `help` for the moves, `rules` for the game, `quit` to leave.")
        screen.lines(opening)
        host = Host(game, humans, bots, screen, delay, log_file, setup=setup, saver=saver)
        host.opening = opening if len(humans) > 1 else []  # each person is shown it again, once the screen is theirs
        if resumed:
            host.resume_view()
        return host.play()
    finally:
        if saver is not None:
            saver.let_go()
        if log_file:
            try:
                log_file.close()
            except OSError:
                pass
