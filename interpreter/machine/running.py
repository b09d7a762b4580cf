"""Running compiled rules: a frame's instructions in turn until a decision is pending, the work a move may do, and
a rule's failure told in the language's words."""
from __future__ import annotations

from .. import places
from ..errors import RuntimeRulesError
from .state import MAX_DEPTH, RULE_FAILURES, Frame, State


def run(st: State) -> None:
    """Run instructions until a decision is pending or the game is over."""
    stack = st.stack
    st.limit = st.steps + st.work
    fr = None
    depth = MAX_DEPTH
    try:
        while stack:  # one block a round: the frame on top may have changed with each (a call, a return)
            fr = stack[-1]
            pc = fr.pc
            code = fr.code
            if pc >= len(code):  # the frame's code has ended (not an IndexError caught: raising one costs more)
                stack.pop()
                continue
            fr.pc = pc + 1
            if code[pc](st, fr):
                return
            # Work is counted where it can repeat: by loops as they go back (codegen.Code), by expressions over
            # lists, by moves of cards; and calls nest no deeper than MAX_DEPTH.
            if len(stack) > depth:
                err = RuntimeRulesError(f"rules call each other more than {MAX_DEPTH} deep (in `{stack[-1].name}`)")
                found = places.place_in(stack[-1].code)  # placed where the frame that went too deep begins
                if found is not None:
                    err.loc, err.source = found
                raise err
    except RuntimeRulesError as e:
        e.frames = [f.name for f in stack] + _unwound(e)
        places.locate(e, e.__traceback__)
        raise
    except RULE_FAILURES as e:
        # A rule did something impossible (arithmetic on `none`, a division by zero): say where, keep the game.
        inner = _unwound(e)
        top = stack[-1] if stack else fr  # (not `fr`: `op_main` runs the first block of the turn it puts on top)
        name = inner[-1] if inner else top.name if top is not None else None
        where = f" in `{name}`" if name is not None else ""
        err = RuntimeRulesError(f"a rule failed{where}: {plain_words(e)}")
        err.frames = [f.name for f in stack] + inner
        places.locate(err, e.__traceback__)
        raise err from None


def unwound(e: BaseException, name: str) -> None:
    """A failure leaving a procedure or rule run as a plain Python call (no frame of its own on the stack): its
    name is noted on the exception, innermost first, for the frames the error names (`run`)."""
    try:
        e.plain_frames.append(name)
    except AttributeError:
        try:
            e.plain_frames = [name]
        except AttributeError:  # (an exception that takes no attribute: the frames on the stack alone are named)
            pass


def _unwound(e: BaseException) -> list:
    """The names `unwound` noted, outermost first (as the stack's frames)."""
    return getattr(e, "plain_frames", [])[::-1]


def step(st: State, fr) -> None:
    """One step of work where work can repeat without end: a loop going back, a turn, a hand."""
    st.steps += 1
    if st.steps > st.limit:
        raise RuntimeRulesError(f"the rules ran {st.work} steps without asking anyone anything; "
                                f"a loop does not end (in `{fr.name}`)")


def plain_words(e: Exception) -> str:
    if isinstance(e, ZeroDivisionError):
        return "division by zero"
    if isinstance(e, TypeError) and "NoneType" in str(e):
        return "a value is `none` where a number or card is needed"
    if isinstance(e, RecursionError):
        return "a function calls itself without end"
    if isinstance(e, OverflowError) and str(e).startswith(("a number", "a power")):
        return str(e)
    if isinstance(e, (OverflowError, MemoryError)):
        return "a number or a list far too large"
    # Python's own words never reach a player: each other failure is told in the language's.
    text = str(e)
    if isinstance(e, TypeError):
        if "unhashable" in text:
            return "a list is used where one value is needed"
        if "not supported between" in text:
            return "values of different kinds are compared (a list and a number, say)"
        if "operand" in text or "concatenate" in text:
            return "arithmetic on a value that is not a number (a list, say)"
        return "a value of the wrong kind is used"
    if isinstance(e, ValueError):
        return "a number too large to write out" if "digits" in text else "a value out of range"
    if isinstance(e, (IndexError, KeyError)):
        return "there is no such item (a list or a zone is shorter than that)"
    if isinstance(e, AttributeError):
        return "a value has no such attribute"
    return "the rule cannot be carried out"


def push(st: State, proc, env: dict) -> None:
    st.stack.append(Frame(proc.code, env, proc.name))
