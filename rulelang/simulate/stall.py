"""A game that goes on without end: the limits where `run` and simulate stop it (turns, decisions in one turn) and
what it repeated."""
from __future__ import annotations

from collections import Counter

from .. import ast
from ..errors import RulesError

# A game of bots alone that reaches it is taken not to end: simulate counts it a stalemate, `run` stops there.
TURN_LIMIT = 5_000
# Decisions one turn may take before the game is stopped as going round in a circle within it.
DECISION_LIMIT = 10_000


def cycle_note(recent: list, names: list) -> str:
    """The decisions a stuck turn keeps repeating: the shortest tail that repeats, as `who: prompt`."""
    loop = recent[-8:]
    for p in range(1, len(recent) // 2 + 1):
        if recent[-p:] == recent[-2 * p:-p]:
            loop = recent[-p:]
            break
    return " -> ".join(f"{names[who]}: {prompt}" for who, prompt in loop[:8])


def asked(d) -> tuple:
    """A decision as a stuck turn's report names it: who, and its prompt or the moves offered."""
    return (d.player, d.prompt or "/".join(sorted({o.verb for o in d.options})[:6]))


def stuck(game, recent: list) -> str:
    return (f"{game.names[game.current]}'s turn never ends: more than {DECISION_LIMIT} decisions were made in "
            "it, going round: " + cycle_note(recent, game.names))


LOOK_BACK = 200  # the moves looked at to say what repeated


def stall_error(game, limit: int = TURN_LIMIT) -> RulesError:
    """The message for a game stopped at the turn limit: the move made most in the last moves, placed at the
    option of the file that offers it (where a designer looks first for why the game never ends)."""
    moves = [text for _, text in game.record()[-LOOK_BACK:]]
    verbs = Counter(text.split()[0] for text in moves if text.split())
    message = (f"no winner after {limit} turns: the game was stopped" if game.hand_no <= limit else
               f"no winner after {limit} hands: the match was stopped")
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
        for node in ast.walk(body):
            if isinstance(node, ast.Option) and node.verb == verb and node.loc is not None:
                return node.loc.part("name")
    return None


HISTORY = 600  # moves kept to find a stalled game's cycle in


def find_cycle(moves: list) -> list | None:
    """The shortest run of moves that the latest moves repeat at least three times over, or None."""
    n = len(moves)
    for period in range(1, n // 3 + 1):
        tail = moves[n - 3 * period:]
        if all(tail[i] == tail[i + period] for i in range(2 * period)):
            return moves[n - period:]
    return None


def describe_cycle(moves: list, names: list) -> str:
    """What a stalled game repeated, who made each move: `P1 ask P2, P1 rank 3, P2 ask P1, ...`; with no exact
    cycle (cards going round, a different one each time), the kinds of move made and by whom, which reads the same
    for every game stalled so (`in 20 games: ...`): `the last 600 moves were all `pass`, by P1, P2, P3, P4`."""
    cycle = find_cycle(moves)
    if cycle is None:
        verbs = Counter(t.split()[0] for _, t in moves if t.split())
        by = ", ".join(names[p] for p in sorted({p for p, _ in moves}))
        if len(verbs) == 1:
            what = f" were all `{next(iter(verbs))}`"
        else:
            what = ": " + ", ".join(f"`{v}` {k}" for v, k in verbs.most_common(3)) + (", ..." if len(verbs) > 3 else "")
        return f"no exact cycle; the last {len(moves)} moves{what}, by {by}"
    return f"{len(cycle)} moves repeated: " + ", ".join(f"{names[p]} {t}" for p, t in cycle[:24]) + \
        (", ..." if len(cycle) > 24 else "")
