"""Simulation cut into chunks of seeds: what one chunk counts, and how counts merge exactly, in any order.

A chunk plays the games of a range of seeds and returns `Counts`: integers and small tables only (wins
by seat and by how many shared them, a table of game lengths, the stats counters, the stalled games of
the lowest seeds), so the merged counts, and the report made from them, are the same whichever way the
seeds were cut and whichever worker ran them."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from .. import load
from ..errors import RulesError
from .one import play_one

KEPT_STALLED = 20  # the stalled games (lowest seeds first) a report shows


@dataclass(frozen=True)
class Chunk:
    """The games of seeds `first`..`last` of one cell (one player count and set of options) of a run."""
    cell: int
    first: int
    last: int
    path: str
    files: dict  # {path: text}: the rules texts, so a worker on another machine needs no copy of the files
    players: int
    bots: tuple
    options: dict
    think: float | None = None  # seconds a search bot may take a move (None: a fixed amount of work)
    match: bool = False  # each game a whole match: hands until the match ends by the rules

    @property
    def games(self) -> int:
        return self.last - self.first + 1

    @property
    def seeds(self) -> str:
        return f"{self.first}..{self.last}"


@dataclass
class Counts:
    """The partial counts of a report. `merge` adds integers and takes unions: exact, and the same in any
    grouping; merged in seed order, even the order of the keys is that of one process playing every seed."""
    players: int
    games: int = 0
    shares: list = field(default_factory=list)  # per seat: Counter {how many winners shared the win: games}
    turns: Counter = field(default_factory=Counter)  # {turns a game lasted: games}
    stats: Counter = field(default_factory=Counter)
    stalled: int = 0
    why: set = field(default_factory=set)
    stalled_games: list = field(default_factory=list)  # the results of the stalled games of the lowest seeds
    cycles: Counter = field(default_factory=Counter)  # {what a stalled game repeated: games}
    hands: Counter = field(default_factory=Counter)  # {hands a game (a match) lasted: games}
    scores: list = field(default_factory=list)  # per seat: the sum of its final scores

    def __post_init__(self):
        if not self.shares:
            self.shares = [Counter() for _ in range(self.players)]
        if not self.scores:
            self.scores = [0] * self.players

    def add(self, result: dict) -> None:
        """Count one game's result (as `simulate.play_one` returns it)."""
        self.games += 1
        for w in result["winners"]:
            self.shares[w][len(result["winners"])] += 1
        self.turns[result["turns"]] += 1
        self.hands[result.get("hands", 1)] += 1
        self.scores = [a + b for a, b in zip(self.scores, result.get("scores", [0] * self.players))]
        self.stats.update(result["stats"])
        if result["stalled"]:
            self.stalled += 1
            self.why.add(result["stalled"])
            self.stalled_games = _lowest(self.stalled_games + [result])
            if result.get("cycle"):
                self.cycles[result["cycle"]] += 1

    def merge(self, other: "Counts") -> "Counts":
        self.games += other.games
        for mine, theirs in zip(self.shares, other.shares):
            mine.update(theirs)
        self.turns.update(other.turns)
        self.hands.update(other.hands)
        self.scores = [a + b for a, b in zip(self.scores, other.scores)]
        self.stats.update(other.stats)
        self.stalled += other.stalled
        self.why |= other.why
        self.stalled_games = _lowest(self.stalled_games + other.stalled_games)
        self.cycles.update(other.cycles)
        return self

    def wins(self) -> list:
        """Wins by seat, a win shared by k winners counting 1/k, summed exactly."""

        return [float(sum((Fraction(n, k) for k, n in seat.items()), Fraction(0))) for seat in self.shares]


def _lowest(results: list) -> list:
    return sorted(results, key=lambda r: r["seed"])[:KEPT_STALLED]


def cut(cell: int, first: int, games: int, size: int, **common) -> list:
    """The chunks of seeds first..first+games-1, `size` games each (the last one may be shorter)."""
    return [Chunk(cell, s, min(s + size, first + games) - 1, **common) for s in range(first, first + games, size)]


def chunk_size(games: int, workers: int) -> int:
    """Chunks small enough to share out evenly (about 8 a worker), to re-run cheaply when a worker is lost,
    and to move the progress bar; large enough that handing them out costs little."""
    return max(1, min(200, games // (max(1, workers) * 8) or 1))


_programs: dict = {}  # in each worker process: the compiled programs it has loaded, by their texts


def program_of(chunk: Chunk):
    key = (chunk.path, tuple(sorted(chunk.files.items())))
    if key not in _programs:
        _programs.clear()  # one program at a time is what a run uses; do not keep old ones
        _programs[key] = load(chunk.path, texts=chunk.files)
    return _programs[key]


def run_chunk(chunk: Chunk):
    """Play a chunk's games; its Counts, or a `Failed` naming its seeds and the error when a game raised."""
    try:
        program = program_of(chunk)
        counts = Counts(chunk.players)
        for seed in range(chunk.first, chunk.last + 1):
            counts.add(play_one(program, seed, chunk.players, list(chunk.bots), chunk.options, think=chunk.think,
                                match=chunk.match))
        return counts
    except RulesError as e:
        return Failed(chunk.cell, chunk.first, chunk.last, e.render())
    except Exception as e:  # a bug, not the rules: still reported with its seeds, and the other chunks go on
        return Failed(chunk.cell, chunk.first, chunk.last, f"{type(e).__name__}: {e}")


@dataclass(frozen=True)
class Failed:
    """A chunk that did not complete: its seeds and why."""
    cell: int
    first: int
    last: int
    error: str

    def as_dict(self) -> dict:
        return {"seeds": [self.first, self.last], "error": self.error}


def play(chunks: list, engine, players: dict, progress=None) -> tuple[dict, list]:
    """Run the chunks on the engine: the merged Counts of each cell ({cell: Counts}, `players` giving each
    cell's player count), and the chunks that failed, in seed order. `progress(games)` after each chunk.
    The counts are merged in seed order once all are in, whatever order they came in: the sums would be the
    same in any order, and so is the order of the names in the tables (ties in "cards played" keep it)."""
    done, failed = {}, []
    for chunk, result in engine.map_unordered(run_chunk, chunks):
        if isinstance(result, BaseException):
            result = Failed(chunk.cell, chunk.first, chunk.last, f"{type(result).__name__}: {result}")
        if isinstance(result, Failed):
            failed.append(result)
        else:
            done[chunk.cell, chunk.first] = result
        if progress:
            progress(chunk.games)
    counts = {cell: Counts(n) for cell, n in players.items()}
    for (cell, _), part in sorted(done.items(), key=lambda kv: kv[0]):
        counts[cell].merge(part)
    return counts, sorted(failed, key=lambda f: (f.cell, f.first))
