"""A list that packs its older items, and may let the oldest go: the game's record (events and moves) would grow
by about a kilobyte a move as it is.

The latest items stay as they are: the host narrates them, a claim is found among them, a choice is marked
when its card moves.  Older ones are pickled and compressed in blocks (about 10 bytes an event, 6-9 a move),
and in a journal that keeps everything (the moves) every SHELF blocks are packed again as one, which
compresses better (1.3-1.7 bytes a move).  A journal that can rebuild itself (the events of a game, which its
moves and seed replay exactly) keeps only its latest blocks and lets older ones go: reading that far back
(the whole log, a saved game told again) replays the game once.  What comes back from a block or a replay is
a copy, equal to what was appended."""
from __future__ import annotations

import bz2
import pickle
import zlib
from typing import Callable

BLOCK = 16  # items packed together
KEEP = 16  # items always kept unpacked at the end (a choice is marked when its card moves, a few events on)
PACKED = 16  # blocks kept by a journal that can rebuild itself (older ones are let go): 256 items
SHELF = 64  # blocks packed again as one by a journal that keeps everything (1,024 items)


def _pack(items: list, shelf: bool = False) -> bytes:
    """Items as bytes: pickled and compressed; a shelf of moves, (seat, text) each, as text, which compresses
    better (bz2, about 1.3-1.7 bytes a move against 3 for a pickle)."""
    if shelf and all(type(x) is tuple and len(x) == 2 and type(x[0]) is int and type(x[1]) is str
                     and "\0" not in x[1] and "\1" not in x[1] for x in items):
        try:
            return b"T" + bz2.compress("\0".join(f"{seat}\1{text}" for seat, text in items).encode(), 9)
        except UnicodeEncodeError:  # a text no file could hold as UTF-8 (a lone surrogate): pickled as it is
            pass
    return b"P" + zlib.compress(pickle.dumps(items, pickle.HIGHEST_PROTOCOL), 9 if shelf else 6)


def _unpack(data: bytes) -> list:
    if data[:1] == b"T":
        lines = bz2.decompress(data[1:]).decode().split("\0")
        return [(int(seat), text) for seat, text in (line.split("\1", 1) for line in lines)]
    return pickle.loads(zlib.decompress(data[1:]))


class Journal:
    """Append, len, index, slice, iterate, pop, cut back to a length (an undo) and put back an item changed
    since; items are plain data.

    Items [0, dropped) were let go (`rebuild(dropped)` gives them back), [dropped, base) are packed in `shelves`
    (SHELF blocks each), [base, cut) in `blocks`, and [cut, len) are `recent`."""

    __slots__ = ("shelves", "blocks", "recent", "dropped", "rebuild", "_cache", "_full")

    def __init__(self, items=(), rebuild: Callable[[int], list] | None = None):
        self.shelves: list[bytes] = []
        self.blocks: list[bytes] = []
        self.recent: list = []
        self.dropped = 0
        self.rebuild = rebuild  # rebuild(n): the first n items (or more)
        self._cache: dict = {}  # block number -> its items, for the blocks read since the last change
        self._full: list | None = None  # the items rebuilt (until a change)
        for item in items:
            self.append(item)

    @property
    def base(self) -> int:
        return self.dropped + len(self.shelves) * SHELF * BLOCK

    @property
    def cut(self) -> int:
        return self.base + len(self.blocks) * BLOCK

    # -- growing and cutting back
    def append(self, item) -> None:
        recent = self.recent
        recent.append(item)
        if self._cache or self._full is not None:
            self._cache, self._full = {}, None
        if len(recent) >= KEEP + BLOCK:
            blocks = self.blocks
            blocks.append(_pack(recent[:BLOCK]))
            del recent[:BLOCK]
            if self.rebuild is not None:
                if len(blocks) > PACKED:
                    del blocks[0]
                    self.dropped += BLOCK
            elif len(blocks) >= SHELF + 8:  # the latest blocks stay small: an undo or a put reaches them
                items: list = []
                for data in blocks[:SHELF]:
                    items += _unpack(data)
                self.shelves.append(_pack(items, shelf=True))
                del blocks[:SHELF]

    def truncate(self, n: int) -> None:
        """Keep the first `n` items."""
        cut, base = self.cut, self.base
        if n >= cut:
            del self.recent[n - cut:]
        elif n >= self.dropped:
            if n >= base:  # into a block: it goes, and the items of it kept come back as the latest
                p = (n - base) // BLOCK
                lo = base + p * BLOCK
                keep = self._block(lo // BLOCK)[: n - lo]
                del self.blocks[p:]
            else:  # into a shelf: likewise, the items of it kept packed again as they come back
                s = (n - self.dropped) // (SHELF * BLOCK)
                keep = self._range(self.dropped + s * SHELF * BLOCK, n)
                del self.shelves[s:]
                self.blocks = []
            self.recent = []
            for item in keep:  # (the first append forgets what was read)
                self.append(item)
        else:
            items = self._rebuilt()[:n]
            self.shelves, self.blocks, self.recent, self.dropped = [], [], [], 0
            for item in items:
                self.append(item)
        self._cache, self._full = {}, None

    def put(self, index: int, item) -> None:
        """Put back an item changed after it was appended (one let go is rebuilt with the change anyway)."""
        cut, base = self.cut, self.base
        if index >= cut:
            self.recent[index - cut] = item
        elif index >= base:
            items = list(self._block(index // BLOCK))
            items[index % BLOCK] = item
            self.blocks[(index - base) // BLOCK] = _pack(items)
        elif index >= self.dropped:
            s = (index - self.dropped) // (SHELF * BLOCK)
            lo = self.dropped + s * SHELF * BLOCK
            items = self._range(lo, lo + SHELF * BLOCK)
            items[index - lo] = item
            self.shelves[s] = _pack(items, shelf=True)
        self._cache, self._full = {}, None  # (one let go: the rebuilt copy read before would be stale)

    __setitem__ = put

    def pop(self):
        item = self[-1]
        self.truncate(len(self) - 1)
        return item

    def __delitem__(self, index) -> None:
        if not isinstance(index, slice) or index.stop is not None or index.step is not None:
            raise TypeError("a journal can only be cut back: del journal[n:]")
        start = index.start or 0
        self.truncate(start if start >= 0 else max(0, len(self) + start))

    # -- reading
    def __len__(self) -> int:
        return self.cut + len(self.recent)

    def _block(self, b: int) -> list:
        """The items of block `b` (block b holds items b*BLOCK to (b+1)*BLOCK - 1), from its own block or its shelf
        (whose blocks are all kept as read)."""
        items = self._cache.get(b)
        if items is None:
            lo, base = b * BLOCK, self.base
            if lo >= base:
                items = self._cache[b] = _unpack(self.blocks[(lo - base) // BLOCK])
            else:
                s = (lo - self.dropped) // (SHELF * BLOCK)
                first = (self.dropped + s * SHELF * BLOCK) // BLOCK
                whole = _unpack(self.shelves[s])
                for k in range(SHELF):
                    self._cache[first + k] = whole[k * BLOCK: (k + 1) * BLOCK]
                items = self._cache[b]
        return items

    def _rebuilt(self) -> list:
        if self._full is None:
            if self.rebuild is None:
                raise AssertionError("a journal let items go that it cannot rebuild")
            self._full = self.rebuild(self.dropped)
        return self._full

    def __getitem__(self, index):
        n = len(self)
        if isinstance(index, slice):
            start, stop, step = index.indices(n)
            if step != 1:
                return list(self)[index]
            return self._range(start, max(start, stop))
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("journal index out of range")
        cut = self.cut
        if index >= cut:
            return self.recent[index - cut]
        if index >= self.dropped:
            return self._block(index // BLOCK)[index % BLOCK]
        return self._rebuilt()[index]

    def _range(self, start: int, stop: int) -> list:
        cut, dropped = self.cut, self.dropped
        if start >= cut or start >= stop:
            return self.recent[start - cut: stop - cut]
        out = self._rebuilt()[start: min(stop, dropped)] if start < dropped else []
        for b in range(max(start, dropped) // BLOCK, (min(stop, cut) + BLOCK - 1) // BLOCK):
            lo = b * BLOCK
            out += self._block(b)[max(0, start - lo): max(0, stop - lo)]
        return out + self.recent[: max(0, stop - cut)]

    def __iter__(self):
        if self.dropped:
            yield from self._rebuilt()[: self.dropped]
        for b in range(self.dropped // BLOCK, self.cut // BLOCK):  # through the cache: index_of finds what is read
            yield from self._block(b)
        yield from self.recent

    def index_of(self, item) -> int | None:
        """Where this very object is, among the items kept unpacked and those read since the last change (None if
        not there)."""
        recent = self.recent
        for i in range(len(recent) - 1, -1, -1):
            if recent[i] is item:
                return self.cut + i
        for b, items in self._cache.items():
            for i, x in enumerate(items):
                if x is item:
                    return b * BLOCK + i
        for i, x in enumerate(self._full[: self.dropped] if self._full is not None else ()):
            if x is item:
                return i
        return None

    def __eq__(self, other) -> bool:
        if isinstance(other, Journal):
            other = list(other)
        return isinstance(other, list) and len(other) == len(self) and list(self) == other

    __hash__ = None

    def __repr__(self) -> str:
        return (f"Journal({len(self)} items, {len(self.shelves)} shelves and {len(self.blocks)} blocks packed, "
                f"{self.dropped} let go)")
