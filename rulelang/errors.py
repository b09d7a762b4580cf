"""One error family for rulelang: every error knows where it happened and prints gcc-style."""
from __future__ import annotations

import attrs


@attrs.frozen
class Loc:
    """A place in a source text: file, 1-based line and column, and the end of the span."""

    file: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class RulesError(Exception):
    """An error in a rules text or a move, with its location when it has one."""

    kind = "error"

    def __init__(self, message: str, loc: Loc | None = None, hint: str | None = None, source: str | None = None):
        super().__init__(message)
        self.message = message
        self.loc = loc
        self.hint = hint
        self.source = source

    def render(self) -> str:
        """The message gcc-style: `file:line:col: message`, the source line and a caret."""
        head = f"{self.loc}: {self.message}" if self.loc else self.message
        lines = [head]
        if self.loc and self.source is not None:
            text = self.source.splitlines()
            if 0 < self.loc.line <= len(text):
                line = text[self.loc.line - 1].expandtabs(1)
                lines.append("    " + line)
                width = 1
                if self.loc.end_line == self.loc.line and self.loc.end_column > self.loc.column:
                    width = self.loc.end_column - self.loc.column
                lines.append("    " + " " * (self.loc.column - 1) + "^" + "~" * (width - 1))
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
    """Several errors found in one pass; shows the first few and how many more."""

    SHOWN = 10

    def __init__(self, errors: list[RulesError]):
        self.errors = errors
        super().__init__(errors[0].message, errors[0].loc)

    def render(self) -> str:
        shown = [e.render() for e in self.errors[: self.SHOWN]]
        more = len(self.errors) - self.SHOWN
        if more > 0:
            shown.append(f"... and {more} more")
        return "\n".join(shown)


class MoveError(RulesError):
    """A move refused at run time; the game state is unchanged."""

    kind = "illegal move"


class RuntimeRulesError(RulesError):
    """A rule failed while the game ran (a bound exceeded, an impossible move); the game stays intact."""

    kind = "runtime error"


def did_you_mean(name: str, candidates) -> str | None:
    """A hint naming the closest known name, if one is close."""
    import difflib

    close = difflib.get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None
