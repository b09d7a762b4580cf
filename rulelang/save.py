"""Saving a game as it is played, and reading it back: persistence only (the `resume` and `replay` commands are
`rulelang/terminal/resume.py`; which moves may be taken back is `interpreter/undo.py`).

A game is its rules text, its setup (seats, seed, options, stack, match) and the moves made (invariant 4),
so that is all a save file holds: a YAML mapping written after every move, atomically (a temporary file in
the same folder, then `os.replace`), with a sha256 checksum over everything else in it.  Resuming rebuilds
the Program from the saved texts (never the files on disk), starts the game from the seed and replays the
moves one by one through `Game.replay`; bots are asked again at each of their moves, so they come back in
the same state too.  Save files are read with `yaml.safe_load` only, and anything that is not exactly what
rulelang wrote (cut short, edited, foreign, tagged) is refused with a message, never played.
"""
from __future__ import annotations

import functools
import glob
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

import attrs

from interpreter import Game
from interpreter.bots import make_bot

from . import load
from .checker import count
from .errors import RulesError
from .names import names_refusal

FORMAT = "rulelang save"
VERSION = 1
SUFFIX = ".yaml"


class SaveError(RulesError):
    """A save file that cannot be used: what is wrong with it, in words (printed by the command, exit 1)."""


# ---------------------------------------------------------------- the setup of a game


@attrs.define
class Setup:
    """Everything but the moves that makes a game: with its moves, the whole game."""

    main: str  # the key of the game's own file in `texts`
    texts: dict  # {path: text} of every file the game was built from (`program.files`)
    names: list  # the seats' names, in seat order
    humans: list  # the seats people play at (the others are bots)
    seed: int
    options: dict = attrs.field(factory=dict)  # as given on the command line (NAME -> text)
    stack: list | None = None
    match: bool = False
    bots: str = "greedy"  # the kind of bot in the other seats
    program: object = attrs.field(default=None, eq=False, repr=False)

    def load_program(self):
        """The Program, compiled from the saved texts alone (what it `extends` is looked up among them)."""
        if self.program is None:
            self.program = load(self.main, texts=self.texts)
        return self.program

    def make_bots(self, **options) -> dict:
        """A fresh bot for every seat without a person, seeded from the game's seed and its seat; `options` go to
        the bots that take them (a search bot's `think`)."""
        return {s: make_bot(self.bots, self.seed * 100 + s, **options) for s in range(len(self.names))
                if s not in self.humans}

    def new_game(self):
        return Game(self.load_program(), list(self.names), seed=self.seed, options=dict(self.options),
                    stack=list(self.stack) if self.stack else None, match=self.match)

    def build(self, moves, dropped: list | None = None) -> tuple:
        """The game and its bots after `moves` ((seat, text) pairs), replayed one by one.
        Each bot is asked again at its own moves, so that its random generator and memory are where they were;
        what is played is always the recorded move.  A move the game refuses raises ReplayError; with `dropped`
        (a list), a rule the table wrote with `house` that this rulelang refuses is left out instead, and
        (index, seat, text, reason) is added to it."""
        game = self.new_game()
        bots = self.make_bots()
        for i, (seat, text) in enumerate(moves):
            d = game.pending
            if seat in bots and d is not None and d.player == seat and not text.startswith("house "):
                try:
                    bots[seat].follow(game, seat, d)
                except Exception:  # noqa: BLE001 - a bot's trouble must not stop a replay; the record decides
                    pass
            try:
                game.replay(seat, text)
            except RulesError as e:  # MoveError, a rule refused, a rule that fails at run time
                if dropped is not None and text.startswith("house "):
                    dropped.append((i, seat, text, e.message))
                    continue
                raise ReplayError(i, seat, text, e.message) from None
        return game, bots


class ReplayError(Exception):
    def __init__(self, index: int, seat: int, text: str, reason: str):
        super().__init__(reason)
        self.index, self.seat, self.text, self.reason = index, seat, text, reason


def command() -> str:
    """How to type this program again: `rulelang` when that is what the shell finds, else the path it was
    started by (`.venv/bin/rulelang` after `make play`)."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else "rulelang"
    found = shutil.which("rulelang")
    if os.path.basename(argv0) != "rulelang" or (found and os.path.realpath(found) == os.path.realpath(argv0)):
        return "rulelang"
    here = os.path.relpath(argv0)
    return here if not here.startswith("..") else argv0


def setup_from_program(program, names, humans, seed, options, stack, match, bots) -> Setup:
    """The setup of a new game of `program`; the first of `program.files` is the game's own file."""
    files = dict(program.files)
    main = next(iter(files))
    return Setup(main=main, texts=files, names=list(names), humans=list(humans), seed=seed, options=dict(options),
                 stack=list(stack) if stack else None, match=bool(match), bots=bots, program=program)


# ---------------------------------------------------------------- writing


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "rulelang"


def saves_dir() -> Path:
    """Where games are saved when `--save` does not say: $XDG_DATA_HOME/rulelang/saves (~/.local/share/...)."""
    return data_dir() / "saves"


def new_save_path(game_name: str, folder: Path | None = None) -> Path:
    """A new file for a game: `<game>-<date>-<time>.yaml` in the saves folder, never one that exists."""
    folder = folder or saves_dir()
    slug = re.sub(r"[^a-z0-9]+", "-", game_name.lower()).strip("-") or "game"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{slug}-{stamp}{SUFFIX}"
    n = 2
    while path.exists() or SaveLock(path).path.exists():  # (a game begun this second, not saved yet, holds its lock)
        path = folder / f"{slug}-{stamp}-{n}{SUFFIX}"
        n += 1
    return path


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


def checksum(doc: dict) -> str:
    """sha256 over every field but the checksum, as canonical JSON (sorted keys, UTF-8)."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      default=lambda o: f"<{type(o).__name__}>")
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def document(setup: Setup, moves, *, finished: bool = False, started: str | None = None, game=None) -> dict:
    """The save file's contents, in the order they are written: what identifies it, then the setup, rules, moves."""
    program = setup.load_program()
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "checksum": "",
        "game": program.name,
        "started": started or _now(),
        "saved": _now(),
        "finished": bool(finished),
        "played": len(moves),
    }
    if game is not None and game.pending is not None and not finished:
        doc["waiting_for"] = setup.names[game.pending.player]
    if finished and game is not None:
        doc["winners"] = [setup.names[w] for w in game.winners]
    doc.update({
        "seats": [{"name": n, "person": s in setup.humans} for s, n in enumerate(setup.names)],
        "bots": setup.bots,
        "seed": setup.seed,
        "options": dict(setup.options),
        "stack": list(setup.stack) if setup.stack else None,
        "match": setup.match,
        "main": setup.main,
        "rules": dict(setup.texts),
        "moves": [[int(s), str(t)] for s, t in moves],
    })
    doc["checksum"] = checksum(doc)
    return doc


@functools.lru_cache(maxsize=1)
def _yaml():
    """YAML as the save writes it: rules texts as `|` blocks, where YAML allows it; short lists (a move) on one line."""
    import yaml

    class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
        pass

    def text(dumper, s):
        return dumper.represent_scalar("tag:yaml.org,2002:str", s, style="|" if "\n" in s else None)

    Dumper.add_representer(str, text)
    return lambda data: yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None,
                                  width=1000)


@functools.lru_cache(maxsize=4096)
def _move_line(seat: int, text: str) -> str:
    """One move as the moves list writes it: `- [0, play R3]`."""
    return _yaml()([[seat, text]])


def dump(doc: dict) -> str:
    """The save file's text.  The moves (the last key, and nearly all of a long game's file) are written a line
    each, each line made once: a game saved after every move costs a line a move, not the whole record again."""
    moves = doc.get("moves")
    if not moves or list(doc)[-1] != "moves":
        return _yaml()(doc)
    head = _yaml()({**doc, "moves": []})
    if not head.endswith("\nmoves: []\n"):
        return _yaml()(doc)
    return head[:-len(" []\n")] + "\n" + "".join(_move_line(s, t) for s, t in moves)


def write_atomically(path: Path, text: str, durable: bool = True) -> None:
    """Write a file so that a reader (or a killed process) sees the old contents or the new, never a part.
    `durable`: also wait until the disk has it (fsync), so that not even a power cut loses it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class SaveLock:
    """Who plays a saved game now: an exclusive lock on a file beside the save (`.NAME.lock`), naming its holder.
    The system lets it go when the process ends, even by kill -9, so a lock is never left held by nobody."""

    def __init__(self, path: str | Path):
        self.save_path = Path(path)
        self.path = self.save_path.with_name("." + self.save_path.name + ".lock")
        self.fd = None

    def acquire(self) -> "SaveLock":
        try:
            import fcntl
        except ImportError:  # no locks on this system: as before, one player is trusted to resume a game once
            return self
        while True:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:  # a folder that cannot hold it (read-only, or a file where it would be made): saving
                return self  # will say what is wrong
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = os.read(fd, 300).decode("utf-8", "replace").strip() or "another process"
                os.close(fd)
                raise SaveError(f"{self.save_path}: this game is being played now by {holder}; two players of one "
                                "save would lose each other's moves, so it is left to that one") from None
            try:  # the holder before may have removed the file as it let go: then lock the one now there
                if os.stat(self.path).st_ino == os.fstat(fd).st_ino:
                    break
            except OSError:
                pass
            os.close(fd)
        import socket

        os.ftruncate(fd, 0)
        os.write(fd, f"rulelang process {os.getpid()} on {socket.gethostname()}, since {_now()}".encode())
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is not None:
            try:
                os.unlink(self.path)  # removed while still held: a process that opened it sees that and tries again
            except OSError:
                pass
            os.close(self.fd)
            self.fd = None


class Saver:
    """Keeps one game's save file up to date: `save(game)` after every move; the last one marks it finished."""

    def __init__(self, path: str | Path, setup: Setup, started: str | None = None, chosen: bool = True):
        self.path = Path(path)
        self.chosen = chosen  # named by the player (--save, a resumed file), not made up in the saves folder
        self.setup = setup
        self.started = started or _now()
        self.last = None  # the record last written
        self.failed = None  # why the last write failed, if it did
        self.lock: SaveLock | None = None  # held while the game is played (`hold`)

    def hold(self, lock: SaveLock | None = None) -> None:
        """Lock the save for this process (a lock already taken, or a new one): SaveError if another holds it."""
        if self.lock is None:
            self.lock = lock or SaveLock(self.path).acquire()
        # Half-written copies left by a process killed while writing: no one else writes this save now.
        for tmp in self.path.parent.glob("." + glob.escape(self.path.name) + ".*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass

    def let_go(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def save(self, game, finished: bool = False, durable: bool = True) -> bool:
        """Write the game's record now if it changed (or it just finished). False if the file could not be written.
        `durable=False` (after a bot's move) skips the fsync: os.replace alone already survives a killed process."""
        moves = game.record()
        key = (moves, finished)
        if key == self.last:
            return True
        if not moves and not finished and not self.chosen:
            return True  # nobody moved: the seed deals this game again, and nothing is written (nor YAML loaded)
        doc = document(self.setup, moves, finished=finished, started=self.started, game=game)
        try:
            write_atomically(self.path, dump(doc), durable)
        except OSError as e:
            self.failed = f"{e.strerror or e}"
            return False
        self.last, self.failed = key, None
        return True

    def forget_if_empty(self, game) -> bool:
        """A game left before anyone moved, saved under a name made up for it: its file is removed (a new game
        with the same seed is the same game), so the list of games to resume holds games.  True if removed."""
        if self.chosen or game.record():
            return False
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass  # never written (see `save`)
        except OSError:
            return False
        return True


# ---------------------------------------------------------------- reading


def refused(path, why: str) -> SaveError:
    """A save refused, and why: what it quotes of the file (a move, a name, a rule) with each control character
    written as an escape (`\\x1b`), since a file from anyone must not drive the terminal that reads the message."""
    return SaveError(shown(f"{path}: {why}"))


def shown(text: str) -> str:
    """Text read from a file from anyone, fit to print: each control character (but a line's end) written as an
    escape (`\\x1b`), so that the file cannot drive the terminal that shows it."""
    if text.isprintable():
        return text
    return "".join(ch if ch == "\n" or unicodedata.category(ch) != "Cc" else ascii(ch)[1:-1] for ch in text)


# What rulelang reads of a YAML file (a save, a --stack): bounded, so that a crafted file cannot take the memory,
# the time or the stack a reader has (an alias bomb, a list 10,000 deep, a number of 5,000 digits).
MAX_YAML_BYTES = 16_000_000
MAX_YAML_DEPTH = 20
MAX_YAML_DIGITS = 30


class YamlRefused(Exception):
    """A YAML text rulelang will not read, and why."""


def _bounded_loader(items=None):
    import yaml

    class Loader(yaml.SafeLoader):
        depth = 0
        read = 0  # the items read so far (`items`: (at most, what it is refused as))

        def compose_node(self, parent, index):
            if self.check_event(yaml.AliasEvent):
                mark = self.peek_event().start_mark
                raise YamlRefused(f"it uses a YAML alias (line {mark.line + 1}); rulelang's files have none")
            self.read += 1
            if items is not None and self.read > items[0] + 1:  # (the list holding them is one)
                raise YamlRefused(f"{items[1]} (line {self.peek_event().start_mark.line + 1})")
            self.depth += 1
            if self.depth > MAX_YAML_DEPTH:
                mark = self.peek_event().start_mark
                raise YamlRefused(f"it nests more than {MAX_YAML_DEPTH} deep (line {mark.line + 1})")
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

        def construct_yaml_int(self, node):
            if len(node.value) > MAX_YAML_DIGITS:
                raise YamlRefused(f"it holds a number of {len(node.value)} digits (line {node.start_mark.line + 1})")
            return super().construct_yaml_int(node)

    Loader.add_constructor("tag:yaml.org,2002:int", Loader.construct_yaml_int)
    return Loader


def load_yaml(text: str, items: tuple | None = None):
    """A YAML text as plain data, within MAX_YAML_BYTES, MAX_YAML_DEPTH and MAX_YAML_DIGITS and without aliases:
    YamlRefused beyond them; yaml.YAMLError if it is not YAML.  `items`: (the most items it may hold, why more are
    refused), for a file whose use bounds it (a --stack: a deck's cards), refused as they are read, not after."""
    import yaml

    if len(text) > MAX_YAML_BYTES:
        raise YamlRefused(f"it is larger than {MAX_YAML_BYTES:,} characters")
    return yaml.load(text, Loader=_bounded_loader(items))  # noqa: S506 - a SafeLoader, bounded


def load_document(path: str | Path) -> dict:
    """A save file's mapping, checked: rulelang's format, a version this program reads, the fields it must have
    with the types they must have, and the checksum.  Anything else is refused with a SaveError."""
    import yaml

    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_YAML_BYTES + 1)
    except OSError as e:
        raise refused(path, f"cannot read it: {e.strerror or e}") from None
    if len(raw) > MAX_YAML_BYTES:
        raise refused(path, f"not a rulelang save: it is larger than {MAX_YAML_BYTES:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise refused(path, "not a rulelang save: it is not a text file in UTF-8") from None
    try:
        doc = load_yaml(text)
    except YamlRefused as e:
        raise refused(path, f"refused: {e}") from None
    except yaml.constructor.ConstructorError as e:
        where = f" (line {e.problem_mark.line + 1})" if e.problem_mark else ""
        raise refused(path, f"refused: it holds a YAML tag rulelang does not read{where}: {e.problem}; a save file "
                            "holds only plain data (text, numbers, lists, mappings)") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise refused(path, f"not a rulelang save: it cannot be read as YAML{where} "
                            f"({getattr(e, 'problem', None) or e}); was it cut short or edited?") from None
    if doc is None:
        raise refused(path, "the file is empty; it is not a saved game")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise refused(path, f"not a rulelang save (it has no `format: {FORMAT}`)")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise refused(path, "damaged: its `version` is missing or not a number")
    if version > VERSION:
        raise refused(path, f"written by a newer rulelang (save format {version}); this one reads format {VERSION}")
    problem = _shape_problem(doc)
    if problem:
        raise refused(path, f"damaged or cut short: {problem}; refusing it rather than playing a different game")
    if doc["checksum"] != checksum(doc):
        raise refused(path, "changed or cut short since rulelang wrote it (its sha256 checksum does not match its "
                            "contents); refusing it rather than playing a different game")
    return doc


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _shape_problem(doc: dict) -> str | None:
    """What is missing or of the wrong kind in a save's mapping, or None."""
    need = {"checksum": str, "finished": bool, "seats": list, "bots": str, "seed": int, "options": dict,
            "match": bool, "main": str, "rules": dict, "moves": list}
    for key, kind in need.items():
        if key not in doc:
            return f"`{key}` is missing"
        v = doc[key]
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            words = {str: "a text", bool: "true or false", int: "a whole number", dict: "a mapping", list: "a list"}
            return f"`{key}` is not {words[kind]}"
    if "stack" in doc and doc["stack"] is not None and not (
            isinstance(doc["stack"], list) and all(isinstance(x, str) for x in doc["stack"])):
        return "`stack` is not a list of card names"
    seats = doc["seats"]
    if not seats or not all(isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("person"), bool)
                            for s in seats):
        return "`seats` is not a list of {name, person}"
    if not all(isinstance(k, str) and isinstance(v, (str, int, bool)) for k, v in doc["options"].items()):
        return "`options` is not a mapping of names to values"
    rules = doc["rules"]
    if not rules or not all(isinstance(k, str) and isinstance(v, str) for k, v in rules.items()):
        return "`rules` is not a mapping of file names to texts"
    if doc["main"] not in rules:
        return f"`main` names `{doc['main']}`, which is not among the `rules`"
    for i, mv in enumerate(doc["moves"]):
        if not (isinstance(mv, list) and len(mv) == 2 and _is_int(mv[0]) and isinstance(mv[1], str)):
            return f"move {i + 1} is not a pair [seat, move]"
        if not 0 <= mv[0] < len(seats):
            return f"move {i + 1} names seat {mv[0]}, but there are {len(seats)} seats"
    return None


def read_save(path: str | Path) -> tuple[Setup, list, dict]:
    """The setup, the moves and the whole mapping of a checked save file."""
    doc = load_document(path)
    setup = Setup(main=doc["main"], texts=dict(doc["rules"]), names=[s["name"] for s in doc["seats"]],
                  humans=[i for i, s in enumerate(doc["seats"]) if s["person"]], seed=doc["seed"],
                  options=dict(doc["options"]), stack=doc.get("stack"), match=doc["match"], bots=doc["bots"])
    why = names_refusal(setup.names, setup.humans[0] if len(setup.humans) == 1 else None, "its `seats`")
    if why:  # (a save edited by hand: its names keep the rules `--names` keeps)
        raise refused(path, f"refused: {why}")
    moves = [(s, t) for s, t in doc["moves"]]
    return setup, moves, doc


def rebuild(path, setup: Setup, moves, notes: list | None = None) -> tuple:
    """The game and bots a checked save describes; its rules compiled from the saved texts, its moves replayed.
    A rule the table wrote that this rulelang refuses is left out, and why is added to `notes`."""
    dropped: list = []
    try:
        setup.load_program()
    except RulesError as e:
        raise refused(path, "its rules do not compile with this rulelang:\n" + e.render()) from None
    try:
        game, bots = setup.build(moves, dropped)
    except ReplayError as e:
        who = setup.names[e.seat]
        raise refused(path, f"move {e.index + 1} ({who}: `{e.text}`) is refused on replay: {e.reason}; "
                            "the file does not describe a game this rulelang can continue") from None
    except (RulesError, ValueError) as e:  # the setup itself: players, names, options, stack, bot kind
        msg = e.message if isinstance(e, RulesError) else str(e)
        raise refused(path, f"its game cannot be set up again: {msg}") from None
    gone = {i for i, *_ in dropped}
    if game.record() != [mv for i, mv in enumerate(moves) if i not in gone]:
        raise refused(path, "its moves replay to a different record; refusing it rather than playing a different game")
    for i, seat, text, reason in dropped:
        if notes is not None:
            notes.append(f"The rule {setup.names[seat]} wrote at move {i + 1} is left out: {reason}.")
    return game, bots


# ---------------------------------------------------------------- finding saves


def peek(path: Path, why: list | None = None) -> dict | None:
    """The head of a save (everything before its rules), read cheaply for a list; None if it is not one (and,
    with `why`, the reason appended to it)."""
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            head, size = [], 0
            for line in f:
                if line.startswith(("rules:", "moves:", "main:")):
                    break
                size += len(line)
                if size > MAX_YAML_BYTES:
                    raise YamlRefused(f"its head is larger than {MAX_YAML_BYTES:,} characters")
                head.append(line)
        doc = load_yaml("".join(head))
    except YamlRefused as e:
        why is not None and why.append(str(e))
        return None
    except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError, RecursionError) as e:
        why is not None and why.append(f"it cannot be read ({type(e).__name__})")
        return None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        why is not None and why.append("it is not a rulelang save")
        return None
    return doc


def save_files(folder: Path) -> list[Path]:
    """The save files in `folder` (none if it cannot be read), the most recently saved first."""
    try:
        files = [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file()]
    except OSError:
        return []
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return files


def recent_saves(folder: Path | None = None, limit: int = 20, skipped: list | None = None) -> list[tuple[Path, dict]]:
    """Unfinished saved games in the saves folder, the most recently saved first; files that cannot be read as
    saves are left out (with `skipped`, as (path, reason))."""
    out = []
    for p in save_files(folder or saves_dir()):
        why: list = []
        head = peek(p, why)
        if head is None and skipped is not None:
            skipped.append((p, why[0] if why else "it cannot be read"))
        if head is None or head.get("finished"):
            continue
        out.append((p, head))
        if len(out) >= limit:
            break
    return out


def describe(path: Path, head: dict) -> str:
    seats = head.get("seats") or []
    names = ", ".join(str(s.get("name")) for s in seats if isinstance(s, dict))
    played = head.get("played")
    played = count(played, "move") if isinstance(played, int) else "? moves"
    waiting = f" · {head['waiting_for']} to move" if head.get("waiting_for") else ""
    saved = str(head.get("saved", "?"))[:16]  # to the minute
    where = path.name if path.parent == saves_dir() else str(path)
    return shown(f"{head.get('game', '?')} — {names} — {played}{waiting} — saved {saved} — {where}")


def no_file_to_save_to(path) -> None:
    """`--save PATH` naming no file a save could be (a folder, `.` or `/` too, a device, a pipe): SaveError, before
    the save is locked (its lock is named from the file's) or anything is played."""
    path = Path(path)
    try:
        if path.is_dir():
            raise refused(path, "it is a folder; name a file to save the game to")
        if path.exists() and not path.is_file():  # renamed over, it would be a file after
            raise refused(path, "it is not a file (a device or a pipe); name a file to save the game to")
    except OSError:
        return


def check_new_save(path) -> None:
    """A new game to be saved to `path` (`--save FILE`): SaveError if that would write over what is there, an
    unfinished game with moves played (`rulelang resume` continues it), a file that is no save, or no file at all (a
    folder, a device, a pipe: `no_file_to_save_to`).  A save with no move played, or of a finished game, may be
    replaced."""
    no_file_to_save_to(path)
    path = Path(path)
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return
    except OSError:
        return
    head = peek(path)
    if head is None:
        raise refused(path, "it is not a rulelang save, and a new game would write over it: name another file")
    played = head.get("played")
    if head.get("finished") is True or played == 0:
        return
    moves = count(played, "move") if isinstance(played, int) else "moves"
    raise refused(path, f"it holds an unfinished game ({head.get('game', '?')}, {moves}): `{command()} resume "
                        f"{path}` continues it; name another file (or remove this one) to start a new game")


def find_save(name: str) -> Path:
    """A save named on the command line: as given, else in the saves folder."""
    p = Path(name)
    if p.is_file():
        return p
    for cand in (saves_dir() / name, saves_dir() / (name + SUFFIX)):
        if cand.is_file():
            return cand
    if p.is_dir():
        raise SaveError(f"{name} is a folder, not a save file (`rulelang resume` alone lists the saves)")
    if p.exists():
        raise SaveError(shown(f"{name} is not a save file: it is a device or a pipe"))
    raise SaveError(f"no such save file: {name}")
