"""One error family for rulelang, on the runtime's side (the language and every host import it from here or from
`rulelang.errors`): every error knows where it happened and prints gcc-style."""
from __future__ import annotations

import re
import unicodedata

import attrs


@attrs.frozen(slots=False)  # its fields in a __dict__: pickle rebuilds each of a cached tree's places in C (#22)
class Loc:
    """A place in a source text: file, 1-based line and column, and the end of the span.

    `parts` holds the places of the names inside a construct (the event of a rule, the
    zone of a `deal`), so that a message can point at the name rather than the whole.
    """

    file: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0
    parts: tuple = attrs.field(default=(), eq=False, repr=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def part(self, key: str) -> "Loc":
        """The place of one named part (`"event"`, `"name"`, ...), or the whole when it was not recorded."""
        for k, loc in self.parts:
            if k == key:
                return loc
        return self

    def head(self, width: int) -> "Loc":
        """The first `width` characters of the span: a name at its start."""
        return Loc(self.file, self.line, self.column, self.line, self.column + width)


def source_lines(text: str) -> list[str]:
    """A text's lines as the parser counts them: split at newlines only (a form feed or other separator
    `str.splitlines` would also split at is part of its line), so carets land on the line a message names."""
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]


def shown_plainly(line: str) -> str:
    """A source line as a message may print it: each control character (ESC, CR, BEL... a terminal would obey, and
    the bidi overrides that reorder what follows) as one `�`, so the caret under it stays in its column."""
    if line.isprintable():
        return line
    return "".join("\ufffd" if unsafe_char(ch) else ch for ch in line)


SHOWN_LINE = 120  # characters of a source line a message shows at most: a longer one around its place

BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")  # they reorder what follows


def unsafe_char(ch: str) -> bool:
    """A character a terminal would obey or that reorders what follows: Unicode's Cc category (ESC, BEL, CR, DEL,
    the C1 controls, the tab too) and the bidi embeddings, overrides and isolates."""
    return unicodedata.category(ch) == "Cc" or ch in BIDI


# Characters Unicode counts as letters or signs that draw nothing: the Hangul fillers and the blank Braille pattern.
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
NAME_SHOWN = "a name needs a letter, a digit or a sign that shows"


def shows(text: str) -> bool:
    """Whether a text draws something: a letter, a digit, a mark of punctuation or a symbol that is not blank (a
    player's name of spaces, combining marks, invisible characters or the Hangul fillers alone reads as no name)."""
    return any(unicodedata.category(ch)[0] in "LNPS" and ch not in BLANK for ch in text)


def code_points(text: str) -> str:
    """A text as its code points, for one that shows nothing: `U+3164 U+0020`."""
    return " ".join(f"U+{ord(ch):04X}" for ch in text[:8]) + (" …" if len(text) > 8 else "")


class RulesError(Exception):
    """An error in a rules text or a move, with its location when it has one."""

    kind = "error"

    def __init__(self, message: str, loc: Loc | None = None, hint=None, source: str | None = None):
        super().__init__(message)
        self.message = message
        self.loc = loc
        self.hint = hint
        self.source = source

    # A hint may be given as a function that works it out (a "did you mean" weighs the name against every known one):
    # it is worked out when first read, so a file with thousands of unknown names pays for the few errors shown.
    @property
    def hint(self) -> str | None:
        hint = self._hint
        if callable(hint):
            hint = self._hint = hint()
        return hint

    @hint.setter
    def hint(self, hint) -> None:
        self._hint = hint

    def __reduce__(self):
        cls, args, state = super().__reduce__()[:3]
        state = dict(state or {})
        state["_hint"] = self.hint  # (a function is not sent: its hint is)
        return cls, args, state

    def render(self) -> str:
        """The message gcc-style: `file:line:col: message`, the source line and a caret."""
        head = f"{self.loc}: {self.message}" if self.loc else self.message
        lines = [head]
        if self.loc and self.source is not None:
            text = source_lines(self.source)
            if 0 < self.loc.line <= len(text):
                line = text[self.loc.line - 1].expandtabs(1)
                at = self.loc.column - 1
                width = 1
                if self.loc.end_line == self.loc.line and self.loc.end_column > self.loc.column:
                    width = self.loc.end_column - self.loc.column
                if len(line) > SHOWN_LINE:  # a long line: the part around the place, its cut ends marked `…`
                    start = max(0, min(at - SHOWN_LINE // 2, len(line) - SHOWN_LINE))
                    cut = line[start:start + SHOWN_LINE]
                    line = ("…" if start else "") + cut + ("…" if start + SHOWN_LINE < len(line) else "")
                    at = at - start + (1 if start else 0)
                    width = max(1, min(width, SHOWN_LINE - (at - (1 if start else 0))))
                lines.append("    " + shown_plainly(line))
                lines.append("    " + " " * at + "^" + "~" * (width - 1))
        if self.hint:
            lines.append(f"    hint: {self.hint}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()


class RulesSyntaxError(RulesError):
    """The text does not follow the grammar."""

    kind = "syntax error"


class RulesCheckError(RulesError):
    """The text parses but says something impossible: an unknown name, a wrong type, too few cards."""

    kind = "check error"


class RulesErrors(RulesError):
    """Several errors found in one pass, in the order of the text; shows the first few and how many more."""

    SHOWN = 10

    def __init__(self, errors: list[RulesError]):
        self.errors = _in_order(errors)
        super().__init__(self.errors[0].message, self.errors[0].loc)

    def render(self) -> str:
        shown = [e.render() for e in self.errors[: self.SHOWN]]
        more = len(self.errors) - self.SHOWN
        if more > 0:
            shown.append(f"... and {more} more")
        return "\n".join(shown)


def _in_order(errors: list[RulesError]) -> list[RulesError]:
    """Errors by place, each once.  Files keep the order they first appear in (the caller's main
    file first); errors without a place come first, as they concern the whole."""
    rank: dict = {}
    for e in errors:
        if e.loc is not None:
            rank.setdefault(e.loc.file, len(rank))
    seen, out = set(), []
    for e in errors:
        key = (type(e).__name__, e.message, e.loc)  # (not the hint: worked out only for those shown)
        if key not in seen:
            seen.add(key)
            out.append(e)

    def place(e):
        if e.loc is None:
            return (-1, 0, 0)
        return (rank[e.loc.file], e.loc.line, e.loc.column)

    return sorted(out, key=place)


class MoveError(RulesError):
    """A move refused at run time; the game state is unchanged."""

    kind = "illegal move"


class RuntimeRulesError(RulesError):
    """A rule failed while the game ran (a bound exceeded, an impossible move); the game stays intact."""

    kind = "runtime error"


_NUMBERED = re.compile(r"[A-Za-z_][A-Za-z0-9_]* -?[0-9]+")


def closest(name: str, candidates, preferred=()) -> str | None:
    """The known name nearest to a mistyped one, if one is near; case does not count.  Among names
    about as near, one of `preferred` (say, the zones where a zone is expected) wins."""
    # (a name no one can type is never suggested: `column 1`, one of `zone column 1..8`, is typed `column(1)`)
    pool = sorted({str(c) for c in [*candidates, *preferred] if c and not _NUMBERED.fullmatch(str(c))})
    pool = [c for c in pool if c != name]
    if not pool or not name:
        return None
    import difflib  # only for a mistake: a game that loads and plays needs none

    favoured = {str(c) for c in preferred}
    best, best_score = None, 0.0
    for c in pool:
        if c.lower() == name.lower():
            return c
        score = difflib.SequenceMatcher(None, name.lower(), c.lower()).ratio()
        if score < 0.6:
            continue
        score += 0.05 if c in favoured else 0.0
        if score > best_score:
            best, best_score = c, score
    return best


def did_you_mean(name: str, candidates, preferred=()) -> str | None:
    """A hint naming the closest known name, if one is close."""
    close = closest(name, candidates, preferred)
    return f"did you mean `{close}`?" if close else None
