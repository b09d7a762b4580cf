"""The parts of each bundled game a variant may replace or remove by name, as Markdown: docs/overridable.md is
this module's output (`python -m rulelang.overridable > docs/overridable.md`), and a test keeps the two equal."""
from __future__ import annotations

import sys

from . import ast
from .loader import load
from .paths import games_dir

# What a variant names, by kind: the declaration and how the table heads it.
_KINDS = (
    ("settings (`option NAME = VALUE`)", ast.OptionDecl),
    ("constants (`const`)", ast.ConstDecl),
    ("rules (`rule`)", ast.RuleDecl),
    ("functions and procedures (`define`)", (ast.FunctionDecl, ast.ProcedureDecl)),
)


def game_names(path) -> list[tuple[str, list[str]]]:
    """Each kind of overridable part of a game (with what it extends), and the names of that kind."""
    decls = load(path).decls
    out = [(title, [d.name for d in decls if isinstance(d, kind)]) for title, kind in _KINDS]
    verbs: list[str] = []
    for d in decls:
        if isinstance(d, (ast.ProcedureDecl, ast.RuleDecl, ast.SetupDecl, ast.TurnDecl, ast.ScoreDecl)):
            for n in ast.walk(d.body):
                if isinstance(n, ast.Option) and n.verb not in verbs:
                    verbs.append(n.verb)
    out.append(("options of its decisions (`option VERB ...`, `remove option VERB`)", verbs))
    return out


def markdown() -> str:
    lines = ["# What a variant can change in each bundled game", "",
             "Generated from the files by `python -m rulelang.overridable` (a test keeps it up to date). A variant",
             "(`extends \"GAME.rules\"`) replaces any of these by declaring one of the same kind and name, removes one",
             "with `remove NAME` (`remove option VERB` for an option), and changes one option of a decision with",
             "`option VERB ...` (docs/language.md §13).", ""]
    for path in sorted(games_dir().glob("*.rules")):
        lines += [f"## {path.name}", ""]
        for title, names in game_names(path):
            shown = ", ".join(f"`{n}`" for n in names) if names else "none"
            lines.append(f"- **{title}**: {shown}")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(markdown())
