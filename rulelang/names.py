"""The rules for a player's name a person gives (`--names`, `join --name`, `serve --play --name`) or a save holds:
one set, kept wherever a name comes in."""
from __future__ import annotations

from interpreter.errors import NAME_SHOWN, code_points, shows
from interpreter.narrator import name_read, reads_as_pronoun

def pronoun_refusal(name: str, alone: bool = False) -> str | None:
    """Why a player's name is refused, or None: one that reads as a pronoun would be misread in the narration
    (`Me plays`); `You` is told as `you` in every view, so it may name only the one person of a game (`alone`),
    whose seat it names by default (README: `--names`)."""
    read = name_read(name)  # (`Yоu` with a Cyrillic `о` reads as `You` too)
    if read == "you" and not alone:
        return (f"a seat named `{name}` is told as `you play ...` in every view, so the others would read its moves "
                f"as their own (`You` names only a person playing alone): choose another name")
    if reads_as_pronoun(read) and read != "you":
        return f"`{name}` reads as a pronoun, not a name (`{name} plays ...`): choose another name"
    return None


NAME_MOST = 24  # characters in a player's name a person gives (--names, join --name, serve --name)
NAME_RULE = f"a name is 1 to {NAME_MOST} printable characters"


def fit_name(name) -> bool:
    """Whether a name a person gives (`--names`, `join --name`, `serve --play --name`) may be told to the table: text
    of 1 to NAME_MOST printable characters (no control character, no escape sequence: a terminal prints it as it
    is)."""
    return isinstance(name, str) and bool(name.strip()) and len(name) <= NAME_MOST and name.isprintable()


def name_fault(name) -> str | None:
    """Why one name a person gives (`join --name`, `serve --play --name`) may not be told to the table, or None: not
    1 to NAME_MOST printable characters (`fit_name`), or showing nothing (`ㅤ joins seat 2`: a Hangul filler)."""
    if not fit_name(name):
        return NAME_RULE
    if not shows(name):
        return NAME_SHOWN
    return None


def names_refusal(names: list, alone: int | None, given: str) -> str | None:
    """Why the seats' names `names` are refused, or None, told as from `given` (`--names`, a save's `seats`): one
    empty, one that shows nothing, one longer than NAME_MOST, one that reads as a pronoun (`You` only at the seat
    `alone`, the one person of a game), two that read alike.  (A control character is refused by Game, for every
    host.)"""
    empty = next((i for i, n in enumerate(names) if not n.strip()), None)
    if empty is not None:
        return f"{given}: name {empty + 1} of {len(names)} is empty: {NAME_RULE}"
    blank = next((i for i, n in enumerate(names) if not shows(n) and n.isprintable()), None)
    if blank is not None:
        return f"{given}: name {blank + 1} of {len(names)} shows nothing ({code_points(names[blank])}): {NAME_SHOWN}"
    for name in names:
        if len(name) > NAME_MOST:
            return f"{given}: `{name[:NAME_MOST]}…` has {len(name):,} characters: {NAME_RULE}"
    for s, name in enumerate(names):
        why = pronoun_refusal(name, alone=s == alone)
        if why:
            return f"{given}: {why}"
    for i, name in enumerate(names):
        first = next((m for m in names[:i] if name_read(m) == name_read(name)), None)
        if first is not None:
            twice = f"`{name}` twice" if first.lower() == name.lower() else f"`{first}` and `{name}`, which read alike"
            return f"{given} gives {twice}: each player needs a name of their own"
    return None
