"""An emitted expression: the Python source the compiler wrote for it, with what the code around it must know (what
it reads, whether it may be worked out early, whether it can be none), set by the emitter as it writes it."""
from __future__ import annotations

import attrs

INDENT = "    "
NOTHING: frozenset = frozenset()


@attrs.frozen
class Py:
    """An expression as Python source.  `free` is what it reads besides the names bound inside it, when that is only
    values worked out before it (`("h", n)`: `_h<n>`) and the frame's locals (`("env", name)`); None when it reads
    the game's state or calls code that might: then what it gives cannot be kept by the values it reads."""

    src: str
    varies: bool = False  # reads a name bound inside the expression being compiled: not to be worked out before them
    safe: bool = False  # cannot fail and does no work worth repeating: may be worked out early
    free: frozenset | None = None
    simple: bool = False  # a name, a subscript by a constant, an attribute, a literal: cheap and harmless to write twice
    seat: bool = False  # a seat's arithmetic (`next`): cheap enough to write twice to index a zone with
    atom: bool = False  # a literal, a constant or a name the compiler bound: nothing to gain by working it out early
    number: bool = False  # a whole number written out, or its negation
    never_none: bool = False  # a whole number written out, the size of a zone
    constant: bool = False  # a constant of the generated code's namespace (a fixed list, a zone...)
    nonnull: bool = False  # an item of the cards of a zone: never none
    listed: bool = False  # a list, never none (a set of cards tried, a group of `splits`)
    uncounted: bool = False  # a group of `splits`: already counted as work, not to be counted again
    current: bool = False  # the current player
    zone_list: bool = False  # a zone's own list, by number: its size is never none


def free(*pys: Py) -> frozenset | None:
    """What source made of these parts (and of constants and pure helpers) reads: None if any part reads the state."""
    out = NOTHING
    for p in pys:
        if p.free is None:
            return None
        out = out | p.free
    return out


def free_values(cond: Py) -> list[str] | None:
    """The key a `where`'s results are kept by: the source of each value it reads (a local as `env.get(...)`: the
    `where` may not read it), values worked out before it first; None if it reads the state or calls code that
    might (then it is tested card by card)."""
    if cond.free is None:
        return None
    return [f"_h{n}" for kind, n in sorted(cond.free) if kind == "h"] + \
        [f"env.get({n!r})" for kind, n in sorted(cond.free, key=lambda f: repr(f[1])) if kind == "env"]
