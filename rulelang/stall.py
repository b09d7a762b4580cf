"""A game that goes on without end: where `run` stops it (the turn limit simulate uses) and what repeated."""
from __future__ import annotations

from collections import Counter

from . import ast
from .checker import walk
from .errors import RulesError
from .simulate import TURN_LIMIT  # a game of bots alone that reaches it is taken not to end, as simulate takes it
LOOK_BACK = 200  # the moves looked at to say what repeated


def stall_error(game, limit: int = TURN_LIMIT) -> RulesError:
    """The message for a game stopped at the turn limit: the move made most in the last moves, placed at the
    option of the file that offers it (where a designer looks first for why the game never ends)."""
    st = game.state
    moves = [text for _, text in st.moves[max(0, len(st.moves) - LOOK_BACK):len(st.moves)]]
    verbs = Counter(text.split()[0] for text in moves if text.split())
    message = f"no winner after {limit} turns: the game was stopped"
    if not verbs:
        return RulesError(message + "; its turns ask nobody anything")
    verb, times = verbs.most_common(1)[0]
    texts = Counter(t for t in moves if t.split()[0] == verb).most_common(3)
    shown = ", ".join(f"`{t}`" for t, _ in texts)
    message += f"; of the last {len(moves)} moves, {times} were `{verb}` ({shown})"
    loc = _option_loc(game.program, verb)
    hint = ("a game ends when a rule does `win`: check that this move brings the game nearer its end, "
            "or that something else can") if loc is not None else None
    source = game.program.files.get(loc.file) if loc is not None and game.program.files else None
    return RulesError(message, loc, hint=hint, source=source)


def _option_loc(program, verb: str):
    """Where the file offers the option of this verb (the first one, if several do)."""
    summary = getattr(program, "summary", None)
    if not summary:
        return None
    symbols = summary[0]
    bodies = [d.body for d in (symbols.turn, symbols.setup, *symbols.procedures.values(), *symbols.rules, symbols.score)
              if d is not None]
    for body in bodies:
        for node in walk(body):
            if isinstance(node, ast.Option) and node.verb == verb and node.loc is not None:
                return node.loc.part("name")
    return None
