"""Where the project's data lies (the grammar, the bundled games) and how much one file may hold: kept apart from
the parser, so that finding and reading a game file imports no Lark (a load from the compiled-program cache
parses nothing)."""
from __future__ import annotations

from pathlib import Path

MAX_TEXT = 1_000_000  # characters in one file or one rule


_HERE = Path(__file__).resolve().parent


def _resource_dir(package: str, folder: str) -> Path:
    """A data folder of the project: in an installed copy, the package `rulelang.FOLDER` beside this file (where
    pyproject.toml puts it; read from the disk, not through importlib.resources, which takes longer to import than a
    game takes to load from the cache); else the folder of the source tree."""
    installed = _HERE / package.rpartition(".")[2]
    if installed.is_dir():
        return installed
    return _HERE.parent / folder


def grammar_path() -> Path:
    return _resource_dir("rulelang.grammar", "grammar") / "rulelang.lark"


def games_dir() -> Path:
    return _resource_dir("rulelang.games", "games")
