"""The `rulelang resume` and `rulelang replay` commands: a saved game chosen, rebuilt and played on, or stepped
through (`save.py` reads and writes the files; `replay.py` tells a game move by move)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ..save import (SaveError, SaveLock, Saver, command, describe, find_save, read_save, rebuild, recent_saves,
                    refused, save_files, saves_dir, shown)
from .editor import no_mouse
from ..paths import written_over
from .host import play_game
from .replay import replay_log, replay_save


def choose_save(tty: bool) -> Path | None:
    """`rulelang resume` without a file: at a terminal, offer the recent games; in a pipe, list them (None)."""
    skipped: list = []
    saves = recent_saves(skipped=skipped)
    for p, why in skipped:
        print(shown(f"Skipped {p.name}: {why}"), file=sys.stderr)
    if not saves:
        raise SaveError(f"no unfinished game is saved in {saves_dir()}; `rulelang run GAME` starts one")
    if not tty:
        print(f"Unfinished games saved in {saves_dir()}, the newest first:")
        for i, (p, head) in enumerate(saves, 1):
            print(f"{i:3}. {describe(p, head)}")
        print(f"Resume one with `{command()} resume FILE`.")
        return None
    labels = [(str(p), describe(p, head)) for p, head in saves]
    try:
        from prompt_toolkit.shortcuts import choice
    except ImportError:  # an older prompt_toolkit: a numbered list
        from prompt_toolkit import prompt

        for i, (_, label) in enumerate(labels, 1):
            print(f"{i:3}. {label}")
        while True:
            answer = prompt("Resume which game? [1] ", key_bindings=no_mouse()).strip() or "1"
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(labels):
                return Path(labels[int(answer) - 1][0])
    return Path(choice(message="Resume which game? (↑/↓, Enter; Ctrl-C: none)", options=labels, key_bindings=no_mouse()))






def cmd_resume(args) -> int:
    """`rulelang resume [FILE]`: rebuild a saved game and play on, saving to the same file."""
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    if args.file:
        path = find_save(args.file)
    else:
        path = choose_save(tty)
        if path is None:
            return 0
    lock = SaveLock(path).acquire()  # before reading: another player's moves must not come after what is read
    try:
        return resume_game(args, path, lock)
    finally:
        lock.release()


def resume_game(args, path: Path, lock: SaveLock) -> int:
    setup, moves, doc = read_save(path)
    if doc["finished"]:
        won = doc.get("winners")
        result = f" ({', '.join(map(str, won))} won)" if isinstance(won, list) and won else ""
        raise refused(path, f"this game is finished{result}; `rulelang replay {path}` steps through it")
    notes: list = []
    game, bots = rebuild(path, setup, moves, notes)
    for note in notes:
        print(note)
    if args.log:
        written_over("--log", "the log", args.log, [("the save", str(path))])
    saver = Saver(path, setup, started=doc.get("started") if isinstance(doc.get("started"), str) else None)
    saver.hold(lock)
    return play_game(setup, game, bots, saver=saver, delay=args.delay, log=args.log, resumed=(path, len(moves)))


def cmd_replay(args) -> int:
    """`rulelang replay FILE [--seat NAME|all]`: step through a saved game or a --log file, move by move."""
    path = Path(args.file)
    if not path.is_file():
        path = find_save(args.file)
    if looks_like_log(path):
        return replay_log(path, args)
    setup, moves, _doc = read_save(path)
    return replay_save(path, setup, moves, args)


def looks_like_log(path: Path) -> bool:
    """A --log file: JSON Lines whose first line is the `start` event."""
    try:
        with open(path, encoding="utf-8") as f:
            first = f.readline()
    except (OSError, UnicodeDecodeError):
        return False
    if not first.lstrip().startswith("{"):
        return False
    try:
        return json.loads(first).get("type") == "start"
    except (ValueError, AttributeError):
        return False


def saves_hint() -> str:
    """What to replay: the saves folder, and its newest save, by name."""
    folder = saves_dir()
    files = save_files(folder)
    if not files:
        return f"name a save file (games are saved in {folder}; none is there yet) or a --log file"
    return f"name a save file or a --log file; the newest save: `rulelang replay {files[0]}`"
