"""The compiled-program cache on disk: what `rulelang.load` works out for a game file, kept for the next process.

An entry holds, for one game file, the merged syntax tree of it and the files it extends (pickled), and the code
objects of the Python the compiler generated for it (marshalled, each under its source text).  A load that finds
its entry parses nothing (no Lark is imported) and compiles no generated source again: it checks and compiles the
tree, taking each generated function's code from the entry.  Rules written in play are compiled as always.

An entry is used only if everything it was made from is unchanged: the texts of the game's files (SHA-256 of
each; a file whose size, times and inode are those it had when the entry was made, and that was last changed well
before, is taken as unchanged without being read, as git does), the language's own files that make the tree
(parser, grammar, syntax tree, loader, checker: their size and modification time, which change with each new
version of rulelang too) and Python's version (code objects are Python's own).  A stale entry is made anew; an
unreadable one (cut short, damaged, from another format) is ignored and made anew; a cache that cannot be written is
done without.  A load from the cache imports neither Lark nor hashlib's OpenSSL nor tempfile.

`RULELANG_CACHE` names the folder (default: `$XDG_CACHE_HOME/rulelang`, else `~/.cache/rulelang`); `off`
turns the cache off."""
from __future__ import annotations

import marshal
import os
import pickle
import sys
import time
import zlib
from pathlib import Path

from .loader import read_file
from .paths import grammar_path

FORMAT = 2
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


# A file changed less than this long before its entry was made may change again within the same tick of the
# file system's clock, keeping its size and time: its text is always compared (git's "racily clean" files).
RACY_NS = 2_000_000_000


def _language_key() -> str:
    """The language's own files (size, modification time) and Python's version, as one string."""
    parts = [f"{FORMAT} {sys.version} {sys.implementation.cache_tag}"]
    for f in [*(_HERE / n for n in LANGUAGE_FILES), _HERE.parent / "interpreter" / "errors.py", grammar_path()]:
        try:
            s = f.stat()
            parts.append(f"{f.name} {s.st_size} {s.st_mtime_ns}")
        except OSError:
            parts.append(f"{f.name} missing")
    return ";".join(parts)


def _digest(text: str) -> str:
    import hashlib  # only for a file changed since its entry was made (a load from the cache needs no OpenSSL)

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _stat(name: str) -> tuple | None:
    try:
        s = os.stat(name)
    except OSError:
        return None
    return s.st_size, s.st_mtime_ns, s.st_ctime_ns, s.st_ino  # the change time: no copy or `touch` can set it


def _entry_key(path: Path) -> str:
    return f"{path}\0{path.resolve()}"


def _entry_path(where: Path, key: str) -> Path:
    """One entry per file and per name it is loaded by: the program keeps the names its files were given
    (`games/uno.rules` or `/home/me/games/uno.rules`: in messages and in `files`), so a load by another name,
    or by the same relative name from another folder, has an entry of its own (the entry holds its key: two keys
    with the same file name only take each other's place)."""
    data = key.encode()
    return where / f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}.program"


def read(path: Path):
    """(the merged Source, {(mode, source): code}) kept for this game file, or None (none kept, stale, damaged)."""
    where = folder()
    if where is None:
        return None
    try:
        key = _entry_key(path)
        with open(_entry_path(where, key), "rb") as f:
            entry = pickle.load(f)
        if entry.get("format") != FORMAT or entry.get("key") != key or entry.get("language") != _language_key():
            return None
        restat = False  # a file compared by its text whose size and times may be trusted by now: kept for next time
        for name, (digest, stat) in entry["files"].items():
            now = _stat(name)
            if stat is not None and now == stat:
                continue
            if _digest(read_file(Path(name))) != digest:
                return None
            restat = restat or _settled(now)
        src = entry["source"]
        codes = marshal.loads(entry["codes"])
        if not isinstance(codes, dict):
            return None
        if restat:
            write(path, src, codes)
        return src, codes
    except Exception:  # anything unreadable (missing, cut short, damaged, another format): made anew
        return None


def write(path: Path, src, codes: dict) -> None:
    """Keep what a load worked out for this game file (written whole or not at all)."""
    where = folder()
    if where is None:
        return
    import tempfile  # only when an entry is written

    try:
        key = _entry_key(path)
        entry = {"format": FORMAT, "key": key, "language": _language_key(),
                 "files": {name: (_digest(text), _trusted_stat(name, text)) for name, text in src.texts.items()},
                 "source": src, "codes": marshal.dumps(codes)}
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=where, prefix=".tmp-", suffix=".program")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump(entry, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, _entry_path(where, key))
        except BaseException:
            os.unlink(tmp)
            raise
        _prune(where)
    except (OSError, pickle.PicklingError, ValueError, TypeError, RecursionError):
        pass  # no cache then: the next load compiles again


def _settled(stat: tuple | None) -> bool:
    return stat is not None and time.time_ns() - max(stat[1], stat[2]) >= RACY_NS


def _trusted_stat(name: str, text: str) -> tuple | None:
    """The file's (size, time) if a later load may trust them: the file still holds `text` (what was compiled)
    and was last changed long enough ago that a change of the same size cannot share its time."""
    stat = _stat(name)
    if not _settled(stat):
        return None
    try:
        if read_file(Path(name)) != text:
            return None
    except Exception:
        return None
    return stat


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
