"""Where the project's data lies (the grammar, the bundled games) and how much one file may hold: kept apart from
the parser, so that finding and reading a game file imports no Lark (a load from the compiled-program cache
parses nothing)."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

MAX_TEXT = 1_000_000  # characters in one file or one rule


def _resource_dir(package: str, folder: str) -> Path:
    """A data folder of the project: from an installed copy, else beside the source tree."""
    try:
        path = Path(str(resources.files(package)))
        if path.is_dir():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / folder


def grammar_path() -> Path:
    return _resource_dir("rulelang.grammar", "grammar") / "rulelang.lark"


def games_dir() -> Path:
    return _resource_dir("rulelang.games", "games")
