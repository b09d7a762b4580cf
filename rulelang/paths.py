"""Where the project's data lies (the grammar, the bundled games) and how much one file may hold: kept apart from
the parser, so that finding and reading a game file imports no Lark (a load from the compiled-program cache
parses nothing); and how a file named on the command line is opened (`open_text`: a named pipe nobody holds is
not waited for ever)."""
from __future__ import annotations

import errno
import os
import select
import stat
import time
from pathlib import Path

from .errors import RulesError

MAX_TEXT = 1_000_000  # characters in one file or one rule
MAX_WORDS = 50_000  # words and signs in one file or one rule (the largest bundled game has about 4,000): reading costs
#                     time by them (about 50 microseconds each), so a file of more is refused before it is read


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


def bundled_games() -> list[str]:
    """Lines naming the games there are to run: the bundled games (by name) and the examples beside them (by file,
    as named from the current folder), with how to run one."""
    games = sorted(p.stem for p in games_dir().glob("*.rules"))
    first = "express" if "express" in games else (games or ["GAME"])[0]
    examples = games_dir().parent / "examples"
    folders = [examples, examples / "more"] if examples.is_dir() else []
    found = [(f, sorted(p.stem for p in f.glob("*.rules"))) for f in folders]
    found = [(f, stems) for f, stems in found if stems]
    shown_folders = []
    for folder, stems in found:
        try:
            shown_folders.append((folder.resolve().relative_to(Path.cwd().resolve()), stems))
        except (OSError, ValueError):
            shown_folders.append((folder, stems))
    example = f"{shown_folders[0][0]}/{shown_folders[0][1][0]}.rules" if shown_folders else ""
    lines = [f"the games here: a bundled one by its name (`rulelang run {first}`)"
             + (f", an example by its file (`rulelang run {example}`)" if found else "") + ":"]
    lines.append(f"  games: {', '.join(games)}")
    for folder, stems in shown_folders:
        lines.append(f"  {folder}/: {', '.join(stems)}")
    return lines


PIPE_WAIT = 10.0  # seconds a named pipe given as --stack, --log or --plot waits for a program at its other end


def open_text(path: str, mode: str, option: str):
    """`open(path, mode)` ("r" or "w" in UTF-8, "wb" for bytes), but a named pipe no program writes to (to read) or
    reads (to write), where `open` waits for ever with nothing said, is waited for PIPE_WAIT seconds and then refused
    (a RulesError naming `option`); a pipe a program holds (`--stack <(...)`, `--log >(...)`, `--plot >(...)`) is used as a file."""
    encoding = None if "b" in mode else "utf-8"
    try:
        fifo = stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        fifo = False
    if not fifo:
        return open(path, mode, encoding=encoding)
    reading = mode.startswith("r")
    end = time.monotonic() + PIPE_WAIT
    fd = None
    while fd is None:
        try:
            fd = os.open(path, (os.O_RDONLY if reading else os.O_WRONLY) | os.O_NONBLOCK)
        except OSError as e:  # to write, opening fails at once (ENXIO) while no program reads: tried again
            if reading or e.errno != errno.ENXIO:
                raise
            if time.monotonic() > end:
                break
            time.sleep(0.05)
    if fd is not None and reading:  # opened at once; readable once a program has written, or closed its end
        poll = select.poll()
        poll.register(fd, select.POLLIN)
        if not poll.poll(max(0.0, end - time.monotonic()) * 1000):
            os.close(fd)
            fd = None
    if fd is None:
        does = "writes to" if reading else "reads"
        raise RulesError(f"{option} {path} is a pipe that no program {does} (waited {PIPE_WAIT:g} s): name a file, "
                         f"or start the program that {does} the pipe first")
    os.set_blocking(fd, True)
    return open(fd, mode, encoding=encoding)


def written_over(option: str, what: str, out: str, named: list) -> None:
    """`--log FILE` or `--plot FILE` naming a file the game reads or saves to (`named`: (what, path) pairs): refused,
    since the file is opened for writing, which empties it (the rules, a stack), or the save replaces it (the log)."""
    for name, path in named:
        if not path:
            continue
        try:
            same = os.path.samefile(out, path)
        except OSError:  # (one of them not there yet)
            same = os.path.realpath(out) == os.path.realpath(path)
        if same:
            raise RulesError(f"{option} {out} names {name}: {what} would write over it; name another file")
