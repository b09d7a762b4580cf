"""The rule editor at the prompt: rulelang highlighted as you type, names of the live game completed,
and a rule refused before Enter with the checker's own message and place."""
from __future__ import annotations

import random
import sys
import time

from ..errors import RulesError, RulesErrors


def check_rule(game, text: str, seat):
    """None if `text` is a rule the live game accepts; else (message, line, column) of the first error."""
    try:
        game.program.compile_rule(text, None, seat)
    except RulesError as e:
        first = e.errors[0] if isinstance(e, RulesErrors) else e
        line, col = (first.loc.line, first.loc.column) if first.loc else (1, 1)
        msg = first.message + (f" ({first.hint})" if first.hint else "")
        return msg, line, col
    return None


def rule_words(game) -> list[str]:
    """Every name a rule may use in this game: keywords, zones, attributes and values, events, variables, definitions."""
    from ..checker import BUILTIN_FUNCS, BUILTIN_NAMES
    from ..lexer import keywords

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


def read_rule(game, seat: int, prompt: str, tty: bool, session_factory=None) -> str | None:
    """Ask a person for a rule.  At a terminal: highlighting, completion and validation as they type."""
    if not tty:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return None
        print(line.rstrip("\n"))
        return line.strip()
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
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

    session = PromptSession()
    try:
        return session.prompt(prompt, lexer=PygmentsLexer(RulelangLexer), validator=RuleValidator(),
                              validate_while_typing=True,
                              completer=WordCompleter(rule_words(game), ignore_case=False, WORD=False),
                              complete_while_typing=True).strip()
    except (EOFError, KeyboardInterrupt):
        return None


def race_times(word: str, humans: list[int], bots: list[int], names: list[str], ask, rng: random.Random) -> dict:
    """How long each player took to do `word`: people type it (timed from their prompt), bots answer after a
    random delay.  `ask(seat, prompt)` reads a line for one person."""
    times = {}
    for seat in humans:
        start = time.monotonic()
        tries = 0
        while True:
            line = ask(seat, f"{names[seat]}, {word}! (type `{word}`) ")
            tries += 1
            if line is None or line.strip().lower() == word.lower() or tries >= 3:
                break
        times[seat] = time.monotonic() - start if line is not None and line.strip().lower() == word.lower() else float("inf")
    for seat in bots:
        times[seat] = rng.uniform(0.8, 3.0)  # a bot "does it" after a random delay
    return times
