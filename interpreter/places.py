"""Where generated code came from: each function the compiler generates is registered here under a file name of
its own, with the `.rules` place of each of its lines, so that a rule failing inside it is reported at its
`.rules` line with a caret; its source goes into `linecache`, so a Python traceback, if one ever escapes,
shows the generated line."""
from __future__ import annotations

import itertools
import linecache

from .errors import Loc

LIMIT = 20_000  # functions remembered; the oldest are forgotten first (their failures then have no place)
_serial = itertools.count(1)
_places: dict[str, tuple] = {}  # generated file name -> (each line's Loc or None, the .rules texts by file name)


def register(name: str, lines: list[str], marks: dict, texts: dict, at: Loc | None = None) -> str:
    """Register generated `lines` (marker comments `# FILE:LINE:COL` name the statement the lines after them
    came from; `marks` maps each marker to its Loc; `at`, the place of the lines before any marker) and return
    the file name to compile them under."""
    filename = f"<rules {name} #{next(_serial)}>"
    where = []
    for line in lines:
        mark = marks.get(line.strip())
        if mark is not None:
            at = mark
        where.append(at)
    if len(_places) >= LIMIT:
        for old in list(_places)[: LIMIT // 4]:
            del _places[old]
            linecache.cache.pop(old, None)
    _places[filename] = (where, texts)
    text = "\n".join(lines) + "\n"
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    return filename


def place_of(tb) -> tuple[Loc, str | None] | None:
    """The `.rules` place of the innermost generated line in a traceback, and the text it is in."""
    found = None
    while tb is not None:
        entry = _places.get(tb.tb_frame.f_code.co_filename)
        if entry is not None:
            where, texts = entry
            i = tb.tb_lineno - 1
            if 0 <= i < len(where) and where[i] is not None:
                found = (where[i], texts.get(where[i].file))
        tb = tb.tb_next
    return found


def locate(err, tb) -> None:
    """Give a run-time error the place of the rules line it came from, if it has none and one is known."""
    if getattr(err, "loc", None) is not None:
        return
    found = place_of(tb)
    if found is not None:
        err.loc, err.source = found


def place_in(code) -> tuple[Loc, str | None] | None:
    """The first `.rules` place in a frame's instructions (its generated functions): where the procedure or rule it
    runs begins, to place an error raised about the frame itself rather than in one of its lines."""
    for op in code:
        entry = _places.get(getattr(getattr(op, "__code__", None), "co_filename", None))
        if entry is not None:
            where, texts = entry
            for loc in where:
                if loc is not None:
                    return loc, texts.get(loc.file)
    return None
