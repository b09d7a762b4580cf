"""What the compiler learns from the Python source it emitted: whether a `where` reads only values worked out
before it (then its results may be kept by those values)."""
from __future__ import annotations

import re

INDENT = "    "
# A constant of the namespace (a fixed list), and what shows that source reads the state or calls code.
CONSTANT = re.compile(r"^[A-Z][A-Za-z_0-9]*$")
_READS_STATE = re.compile(r"\bst\b|\benv\b")
_ENV_READ = re.compile(r"\benv\[('\w+')\]")
_HOISTED = re.compile(r"\b_h\d+\b")
_CALL = re.compile(r"\b([A-Za-z_]\w*)\(")
# Helpers that give the same result for the same arguments and read nothing else.
_PURE_CALL = re.compile(r"^(?:len|all|any|ordered|attr|is_|any_early|SAME\d+|AGG_\w+|MUL|ADD|SUB)$")
_NAME = re.compile(r"\b[A-Za-z_]\w*\b")
_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_KEYWORDS = frozenset(("and", "or", "not", "if", "else", "is", "in", "for", "None", "True", "False"))
# Python names the compiler binds: an option's item, a comprehension's, a value worked out before, a twin's key.
_BOUND = re.compile(r"^_[hovkf]\d*$")


def free_values(cond: str) -> list[str] | None:
    """What a `where` reads besides its item, if it reads only values worked out before it (`_h...`) and the
    frame's locals: the source of each (a local as `env.get(...)`: the `where` may not read it), as the key
    its results are kept by.  None if it reads the state or calls code that might."""
    rest = _ENV_READ.sub("", cond)
    if _READS_STATE.search(rest) or not all(_PURE_CALL.match(f) for f in _CALL.findall(rest)):
        return None
    names = _NAME.findall(_STRING.sub("", rest))  # anything else must be a constant, the item, or bound inside
    if not all(n in _KEYWORDS or _PURE_CALL.match(n) or _BOUND.match(n) or n[0].isupper() for n in names):
        return None
    return sorted(set(_HOISTED.findall(cond)), key=lambda h: int(h[2:])) + \
        [f"env.get({n})" for n in sorted(set(_ENV_READ.findall(cond)))]

