"""The rule editor at the prompt: rulelang highlighted as you type, names of the live game completed,
and a rule refused before Enter with the checker's own message and place."""
from __future__ import annotations

import asyncio
import random
import re
import sys
import time

from ..checker import BUILTIN_FUNCS, BUILTIN_NAMES
from ..errors import RulesError, RulesErrors
from .summary import brief, wrapped


def check_rule(game, text: str, seat):
    """None if `text` is a rule the live game accepts; else (message, line, column) of the first error."""
    try:
        game.program.compile_rule(text, None, seat)
    except RulesError as e:
        first = e.errors[0] if isinstance(e, RulesErrors) else e
        line, col = (first.loc.line, first.loc.column) if first.loc else (1, 1)
        msg = first.message + (f" ({first.hint})" if first.hint else "")
        return msg, line, col
    except Exception as e:  # noqa: BLE001 - typed text never ends the prompt: whatever fails is told
        return f"this rule could not be read: {e}", 1, 1
    return None


MAX_LINE = 4000  # characters in one line typed at the prompt (a move, a command, a rule), and in a rule written
                 # in the rule editor (of several lines)
PLAYER_WORDS = ("current", "next", "previous", "dealer")
_WORD = re.compile(r"[A-Za-z_]\w*$")
TAIL = 200  # the characters before the cursor that rule completion reads


def rule_completions(game, text: str) -> list[tuple[str, int, str]]:
    """What may come next in a rule being typed (`text` is what is before the cursor), by where the cursor is:
    after `card.` the game's attributes; after `card.colour ==` that attribute's values; inside `hand(` the
    players; after `when` the events.  Each is (text to insert, start position, what it is).  Keywords are
    never offered alone: they are short, and a keyword offered everywhere hides the names of the game."""
    p = game.program
    if text.count('"') % 2:
        return []  # inside a string
    blank = not text.strip()
    text = text[-TAIL:]  # what is offered hangs on the last words only: each key costs the same in a long rule
    word = _WORD.search(text)
    part = word.group(0) if word else ""
    before = text[: len(text) - len(part)]
    out: list[tuple[str, int, str]] = []

    def offer(names, meta):
        for n in names:
            if n.startswith(part) and n != part and all(n != o[0] for o in out):
                out.append((n, -len(part), meta))

    compared = re.search(r"[A-Za-z_]\w*\.([A-Za-z_]\w*)\s*(==|!=)\s*$", before)
    if compared:
        attr = p.attributes.get(compared.group(1))
        if attr is not None and not attr.numeric:
            offer([v.name for v in attr.values], f"a {compared.group(1)}")
        return out
    if re.search(r"[A-Za-z_]\w*\.$", before):
        offer(sorted(p.attributes), "an attribute of a card")
        return out
    call = re.search(r"([A-Za-z_]\w*)\(\s*$", before)
    if call:
        name = call.group(1)
        if name in p.events:
            offer(list(p.events[name]), f"what `{name}` is about")
            return out
        takes_player = any(z.name == name and z.per_player for z in p.zones)
        takes_player = takes_player or "player" in BUILTIN_FUNCS.get(name, ((),))[0]
        if takes_player:
            players = [v for v, k in p.var_kinds.items() if k == "player"]
            offer(list(PLAYER_WORDS) + players, "a player")
            return out
    if re.search(r"\bwhen\s+$", before):
        offer([f"{e}({', '.join(params)})" for e, params in p.events.items()], "an event")
        return out
    if blank:
        return [(f"when {e}({', '.join(params)}) if ", 0, "a rule") for e, params in p.events.items()]
    if not part:
        return out
    from ..lexer import keywords  # the lexer loads Pygments: only once a rule is being written (start-up speed)

    names = set(rule_words(game)) - set(keywords())
    offer(sorted(names), "")
    return out


def rule_words(game) -> list[str]:
    """Every name a rule may use in this game: keywords, zones, attributes and values, events, variables, definitions."""
    from ..lexer import keywords  # Pygments, only once a rule is being written (start-up speed)

    p = game.program
    symbols = p.summary[0] if p.summary else None
    out = set(keywords()) | set(BUILTIN_NAMES) | set(BUILTIN_FUNCS) | {"key", "house_rules", "claims"}
    out |= {z.name for z in p.zones} | set(p.attributes) | set(p.events) | set(p.calls)
    for a in p.attributes.values():
        out |= {v.name for v in a.values}
    out |= {v.name for v in p.vars} | set(p.procs)
    if symbols is not None:
        out |= set(symbols.functions) | set(symbols.classes) | set(symbols.consts) | set(symbols.options)
    return sorted(out)


# Control characters (but a new line and a tab) and the ones that turn text right to left: what a line shows never
# drives the terminal, whoever wrote it (a server `rulelang join` reached sends text; prompt_toolkit lets only ESC go;
# a file of moves piped in, echoed).
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def echo(line: str) -> None:
    """A line read from a pipe, echoed after its prompt as it was typed, a `?` for each control character: an escape
    sequence in a file of moves never drives the terminal the echo reaches (`cat moves | rulelang run` at one)."""
    print(CONTROLS.sub("?", line.rstrip("\n")), flush=True)


def piped_line(prompt: str) -> str | None:
    """A line read without a terminal (a pipe, a script): the prompt, then the line echoed as typed; None at the
    end of the input."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        return None
    echo(line)
    return line


def read_rule(game, seat: int, prompt: str, tty: bool, session_factory=None) -> str | None:
    """Ask a person for a rule.  At a terminal: highlighting, completion and validation as they type."""
    if not tty:
        line = piped_line(prompt)
        if line is not None and len(line) > MAX_LINE:
            print(f"A rule may have at most {MAX_LINE} characters; that one ({len(line)}) is not read.", flush=True)
            return None
        return line.strip() if line is not None else None
    session, kwargs = rule_session(game, seat)
    try:
        return session.prompt(prompt, handle_sigint=False, **kwargs).strip()  # the host's Ctrl-C handler stays
    except (EOFError, KeyboardInterrupt):
        left_rule(session)
        return None


RULE_HISTORY: dict = {}  # per seat: the rules typed at the editor, proposed or left (Up brings one back)
LEFT = "The rule is not proposed; it is kept: Up in the rule editor brings it back."


def left_rule(session) -> bool:
    """A rule typed and then left (Ctrl-C): kept in the seat's history of the editor, and the person told; True if
    there was one (nothing typed is lost without a word)."""
    text = session.default_buffer.text.strip()
    if not text:
        return False
    session.history.append_string(text)
    print(LEFT, flush=True)
    return True


def rule_session(game, seat: int):
    """The rule editor: a prompt_toolkit session and the arguments of its prompt (`session.prompt(text, **kwargs)`,
    or `prompt_async` in an event loop).  `game` needs only its `program`."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.lexers import PygmentsLexer
    from prompt_toolkit.validation import ValidationError, Validator

    from ..lexer import RulelangLexer

    class RuleValidator(Validator):
        def validate(self, document):
            text = document.text.strip()
            if not text or text.lower() in ("cancel", "quit"):
                return
            problem = check_rule(game, text, seat)
            if problem:
                msg, line, col = problem
                lines = document.text.splitlines() or [""]
                pos = sum(len(x) + 1 for x in lines[: line - 1]) + col - 1
                raise ValidationError(cursor_position=max(0, min(pos, len(document.text))), message=f"{line}:{col}: {msg}")

    from prompt_toolkit.history import InMemoryHistory

    history = RULE_HISTORY.setdefault(seat, InMemoryHistory())  # each seat's own: another's rules are not shown
    session = wrapped_refusals(PromptSession(history=history, enable_suspend=True))  # Ctrl-Z: as between prompts
    keys = one_tab_inserts()
    limit_line(keys, "A rule")  # a pasted megabyte is not checked at every key: refused, saying the limit
    return session, dict(lexer=PygmentsLexer(RulelangLexer), validator=RuleValidator(), validate_while_typing=True,
                         completer=rule_completer(game), complete_while_typing=True, key_bindings=keys,
                         bottom_toolbar=lambda: "a rule in rulelang · Tab completes · Enter takes it · "
                                                "`cancel` or Ctrl-C goes back")


REFUSAL_ROWS = 5  # the most rows a refusal under the prompt takes (a 60-column terminal needs 4 for a long one)


def refusal_rows(message: str, width: int) -> list:
    """A refusal as the rows it is shown in under the prompt: broken between words to fit `width` columns (a
    word longer than a row, such as a long line typed back, between characters), the next rows two spaces in;
    at most REFUSAL_ROWS, the last cut with `…` when it says more."""
    from prompt_toolkit.utils import get_cwidth

    width = max(width, 10)
    rows = []
    for part in "".join(t for _, t in wrapped([("", brief(message))], width)).split("\n"):
        while get_cwidth(part) > width:  # a word wider than a row
            cut = width
            while get_cwidth(part[:cut]) > width:
                cut -= 1
            rows.append(part[:cut])
            part = "  " + part[cut:]
        rows.append(part)
    if len(rows) > REFUSAL_ROWS:
        last = rows[REFUSAL_ROWS - 1]
        while last and get_cwidth(last) > width - 1:
            last = last[:-1]
        rows = rows[:REFUSAL_ROWS - 1] + [last + "…"]
    return rows


def wrapped_refusals(session):
    """A refusal is read whole: prompt_toolkit's validation toolbar is one row, cut at the edge; here it is broken
    between words (`refusal_rows`), as `help` is, to at most REFUSAL_ROWS rows (a terminal would break a row
    inside a word: `dra` at the end of a row, `w(...)` on the next)."""
    from prompt_toolkit.application.current import get_app
    from prompt_toolkit.layout.dimension import Dimension

    def shown():
        app = get_app()
        error = app.current_buffer.validation_error
        if not error:
            return []
        rows = refusal_rows(error.message, app.output.get_size().columns - 1)
        return [("class:validation-toolbar", "\n".join(rows))]

    for window in session.app.layout.find_all_windows():
        text = getattr(window.content, "text", None)
        if callable(text) and text.__qualname__.startswith("ValidationToolbar."):
            window.content.text = shown
            window.height = Dimension(min=1, max=REFUSAL_ROWS)
    session.app.on_reset += history_before_typeahead
    return session


def history_before_typeahead(app) -> None:
    """The keys typed before a prompt opened (read by the one before it, past its Enter or Ctrl-C) are taken by
    the new prompt once its history is loaded: prompt_toolkit takes them at once, and loads the history only as
    it first draws the line, so an Up arrow typed with a Ctrl-C found no history and was lost.  (Called as an
    application is reset: at its start, before it takes those keys.)"""
    from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead

    if not app.is_running:
        return
    presses = get_typeahead(app.input)
    if not presses:
        return
    buf = app.current_buffer

    async def take() -> None:
        buf.load_history_if_not_yet_loaded()
        loading = getattr(buf, "_load_history_task", None)  # (prompt_toolkit's own: no public way to wait for it)
        if loading is not None:
            await asyncio.wait([loading])
        if app.is_done:  # closed meanwhile: the keys go to the next prompt
            store_typeahead(app.input, presses + get_typeahead(app.input))
            return
        app.key_processor.feed_multiple(presses)
        try:
            app.key_processor.process_keys()
        except Exception as e:  # noqa: BLE001 - as from keys taken at the start: the prompt raises it (a key misread)
            if not app.is_done:
                app.exit(exception=e)

    app.create_background_task(take())


def no_mouse(kb=None):
    """Key bindings (`kb`'s, or new ones) for every prompt: a mouse report, which no prompt here asks the terminal
    for, is dropped.  A colour code typed or pasted (`ESC [ 31 m`, `ESC [ 0 m`) reads as one, and prompt_toolkit's
    own handler failed on it: "Unhandled exception in event loop", a traceback, "Press ENTER to continue..."."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    kb = kb if kb is not None else KeyBindings()

    @kb.add(Keys.Vt100MouseEvent)
    def _(event):
        pass

    return kb


def one_tab_inserts():
    """Key bindings: Tab with one candidate inserts it at once (as fish and IPython do); with several, it steps
    through them as prompt_toolkit does."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.completion.base import get_common_complete_suffix
    from prompt_toolkit.filters import has_selection
    from prompt_toolkit.key_binding import KeyBindings

    kb = no_mouse(KeyBindings())

    @kb.add("tab", filter=~has_selection)
    def _(event):
        buf = event.current_buffer
        state = buf.complete_state
        if state is None or state.complete_index is None:
            try:
                found = list(buf.completer.get_completions(buf.document, CompleteEvent(completion_requested=True)))
            except Exception:  # noqa: BLE001 - completion is a help, never a fault
                found = []
            if len(found) == 1:
                if state is not None:
                    buf.cancel_completion()
                buf.apply_completion(found[0])
                return
            common = get_common_complete_suffix(buf.document, found) if found else ""
            if found and (common or state is None):  # what they all share, then the menu: the same whether the
                buf.complete_state = None             # menu (made as one types) has come yet or not
                if common:
                    buf.insert_text(common)
                buf.start_completion(select_first=False)
                return
        if state is not None:
            buf.complete_next()
        else:
            buf.start_completion(insert_common_part=True)

    return kb


def limit_line(kb, what: str = "A line") -> None:
    """A line (`what`: or a rule) never grows past MAX_LINE characters as it is typed or pasted: a paste that would
    make it longer is not put in, nor a key typed at the limit, and the prompt says why (a 20,000-character paste
    would otherwise be lexed, completed and drawn, a rule checked, for seconds before being refused)."""
    from prompt_toolkit.filters import Condition, has_selection
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.validation import ValidationError

    def refuse(buf, typed: str) -> None:  # shown where a refused move is; the line is still checked on Enter
        buf.validation_error = ValidationError(len(buf.text), f"{what} may have at most {MAX_LINE} characters; "
                                                              f"{typed} is not put in.")

    @kb.add(Keys.BracketedPaste)
    def _(event):
        buf = event.current_buffer
        data = event.data.replace("\r\n", "\n").replace("\r", "\n")
        start, end = buf.document.selection_range() if buf.selection_state else (0, 0)
        if len(buf.text) - (end - start) + len(data) > MAX_LINE:  # a selection is replaced by the paste
            refuse(buf, f"a paste of {len(data)} characters")
            return
        if buf.selection_state:
            buf.cut_selection()
        buf.insert_text(data)

    @kb.add(Keys.Any, filter=Condition(_full) & ~has_selection)
    def _(event):
        refuse(event.current_buffer, "what is typed past them")


def _full() -> bool:
    from prompt_toolkit.application import get_app

    return len(get_app().current_buffer.text) >= MAX_LINE


def rule_completer(game, skip: int = 0):
    """A prompt_toolkit completer of rule text by `rule_completions`; `skip`: how many characters of the line
    come before the rule (`write ` at the move prompt).  A failure completes nothing: it never reaches the screen."""
    from prompt_toolkit.completion import Completer, Completion

    class RuleCompleter(Completer):
        def get_completions(self, document, complete_event):
            try:
                found = rule_completions(game, document.text_before_cursor[skip:])
            except Exception:  # noqa: BLE001 - completion is a help, never a fault
                return
            for text, start, meta in found:
                yield Completion(text, start_position=start, display_meta=meta)

    return RuleCompleter()


def race_times(word: str, humans: list[int], bots: list[int], names: list[str], ask, rng: random.Random) -> dict:
    """How long each player took to do `word`: people type it (timed from their prompt), bots answer after a
    random delay.  `ask(seat, prompt)` reads a line for one person."""
    times = {}
    for seat in humans:
        start = time.monotonic()
        tries, prompt = 0, f"{names[seat]}, {word}! (type `{word}`) "
        while True:
            line = ask(seat, prompt)
            tries += 1
            if line is None or line.strip().lower() == word.lower() or tries >= 3:
                break
            # asked again, saying why (the same prompt again read as if the line had been lost)
            typed = line.strip()[:20]
            prompt = (f"{names[seat]}: {f'not `{typed}`; ' if typed else ''}type `{word}` "
                      f"({3 - tries} more tr{'ies' if tries == 1 else 'y'}) ")
        times[seat] = time.monotonic() - start if line is not None and line.strip().lower() == word.lower() else float("inf")
    for seat in bots:
        times[seat] = rng.uniform(0.8, 3.0)  # a bot "does it" after a random delay
    return times
