"""The Pygments lexer for rulelang: highlighting at the rule editor, in `rules`, and in the docs."""
from __future__ import annotations

import re
from functools import lru_cache

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from .parser import grammar_path

_AGGREGATES = ("sum", "count", "any", "all", "first", "min", "max")


@lru_cache(maxsize=1)
def keywords() -> tuple[str, ...]:
    """Every keyword of the language, read from the grammar (the one definition of the syntax)."""
    text = grammar_path().read_text(encoding="utf-8")
    found = set(re.findall(r'"([a-z_]+)"', text))
    return tuple(sorted(found - set(_AGGREGATES), key=lambda w: (-len(w), w)))


class RulelangLexer(RegexLexer):
    """Keywords, names, numbers, strings with `{name}` parts, comments and operators of a .rules text."""

    name = "rulelang"
    aliases = ["rulelang", "rules"]
    filenames = ["*.rules"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"', String, "string"),
            (r"\d+", Number.Integer),
            (r"(rule)(\s+)([A-Za-z_]\w*)", bygroups(Keyword.Declaration, Whitespace, Name.Function)),
            (r"(when)(\s+)([A-Za-z_]\w*)", bygroups(Keyword, Whitespace, Name.Decorator)),
            (words(_AGGREGATES, suffix=r"(?=\s*\()"), Name.Builtin),
            (words(keywords(), prefix=r"\b", suffix=r"\b"), Keyword),
            (r"[A-Za-z_]\w*", Name),
            (r"==|!=|<=|>=|\.\.|[<>+\-*/%=]", Operator),
            (r"[{}()\[\],.:]", Punctuation),
            (r".", Text),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r"\{[A-Za-z_]\w*(\.[A-Za-z_]\w*)?\}", String.Interpol),
            (r'[^"\\{]+', String),
            (r"\{", String),
            (r'"', String, "#pop"),
        ],
    }
