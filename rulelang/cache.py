"""The compiled-program cache on disk: what `rulelang.load` works out for a game file, kept for the next process.

An entry holds, for one game file, the merged syntax tree of it and the files it extends (pickled), and the code
objects of the Python the compiler generated for it (marshalled, each under its source text).  A load that finds
its entry parses nothing (no Lark is imported) and compiles no generated source again: it checks and compiles the
tree, taking each generated function's code from the entry.  Rules written in play are compiled as always.

An entry is used only if everything it was made from is unchanged: the texts of the game's files (SHA-256 of
each), the language's own files that make the tree (parser, grammar, syntax tree, loader, checker: their size
and modification time, which change with each new version of rulelang too) and Python's version (code objects
are Python's own).  A stale entry is made anew; an unreadable one (cut short, damaged, from another format) is
ignored and made anew; a cache that cannot be written is done without.

`RULELANG_CACHE` names the folder (default: `$XDG_CACHE_HOME/rulelang`, else `~/.cache/rulelang`); `off`
turns the cache off."""
from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
import tempfile
from pathlib import Path

from .loader import read_file
from .paths import grammar_path

FORMAT = 1
KEEP = 256  # entries kept in the folder
_HERE = Path(__file__).resolve().parent
# What the syntax tree and the checker's verdict are made by: an entry made by other versions of these is stale.
LANGUAGE_FILES = ("ast.py", "loader.py", "parser.py", "syntax_errors.py", "checker.py", "errors.py", "paths.py",
                  "cache.py")


def folder() -> Path | None:
    where = os.environ.get("RULELANG_CACHE", "")
    if where.lower() in ("off", "0", "no", "false"):
        return None
    if where:
        return Path(where)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rulelang"


def _language_key() -> str:
    """The language's own files (size, modification time) and Python's version, as one digest."""
    h = hashlib.sha256(f"{FORMAT} {sys.version} {sys.implementation.cache_tag}".encode())
    for f in [*(_HERE / n for n in LANGUAGE_FILES), _HERE.parent / "interpreter" / "errors.py", grammar_path()]:
        try:
            s = f.stat()
            h.update(f"{f.name} {s.st_size} {s.st_mtime_ns};".encode())
        except OSError:
            h.update(f"{f.name} missing;".encode())
    return h.hexdigest()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _entry_path(where: Path, path: Path) -> Path:
    """One entry per file and per name it is loaded by: the program keeps the names its files were given
    (`games/uno.rules` or `/home/me/games/uno.rules`: in messages and in `files`), so a load by another name,
    or by the same relative name from another folder, has an entry of its own."""
    name = hashlib.sha256(f"{path}\0{path.resolve()}".encode()).hexdigest()[:32]
    return where / f"{name}.program"


def read(path: Path):
    """(the merged Source, {(mode, source): code}) kept for this game file, or None (none kept, stale, damaged)."""
    where = folder()
    if where is None:
        return None
    try:
        with open(_entry_path(where, path), "rb") as f:
            entry = pickle.load(f)
        if entry.get("format") != FORMAT or entry.get("language") != _language_key():
            return None
        for name, digest in entry["files"].items():
            if _digest(read_file(Path(name))) != digest:
                return None
        src = entry["source"]
        codes = marshal.loads(entry["codes"])
        if not isinstance(codes, dict):
            return None
        return src, codes
    except Exception:  # anything unreadable (missing, cut short, damaged, another format): made anew
        return None


def write(path: Path, src, codes: dict) -> None:
    """Keep what a load worked out for this game file (written whole or not at all)."""
    where = folder()
    if where is None:
        return
    try:
        entry = {"format": FORMAT, "language": _language_key(),
                 "files": {name: _digest(text) for name, text in src.texts.items()},
                 "source": src, "codes": marshal.dumps(codes)}
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=where, prefix=".tmp-", suffix=".program")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump(entry, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, _entry_path(where, path))
        except BaseException:
            os.unlink(tmp)
            raise
        _prune(where)
    except (OSError, pickle.PicklingError, ValueError, TypeError, RecursionError):
        pass  # no cache then: the next load compiles again


def _prune(where: Path) -> None:
    """Past KEEP entries (game files loaded once from a temporary folder, say), the older half goes."""
    entries = list(where.glob("*.program"))
    if len(entries) <= KEEP:
        return
    entries.sort(key=lambda e: e.stat().st_mtime)
    for e in entries[: len(entries) // 2]:
        e.unlink(missing_ok=True)


def renamed(code, filename: str):
    """A code object (and those nested in it: comprehensions, lambdas) with another file name."""
    if code.co_filename == filename:
        return code
    consts = tuple(renamed(c, filename) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)
