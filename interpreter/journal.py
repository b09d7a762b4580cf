"""A list that packs its older items, and may let the oldest go: the game's record (events and moves) would grow
by about a kilobyte a move as dicts.

The latest items stay as they are: the host narrates them, a claim is found among them, a choice is marked
when its card moves.  Older ones are pickled and compressed in blocks (about 10 bytes an event, 6-9 a move).
A journal that can rebuild itself (the events of a game, which its moves and seed replay exactly) keeps only
its latest blocks and lets older ones go: reading that far back (the whole log, a saved game told again)
replays the game once.  What comes back from a block or a replay is a copy, equal to what was appended."""
from __future__ import annotations

import pickle
import zlib
from typing import Callable

BLOCK = 32  # items packed together
KEEP = 16  # items always kept unpacked at the end (a choice is marked when its card moves, a few events on)
PACKED = 8  # blocks kept by a journal that can rebuild itself (older ones are let go)


class Journal:
    """Append, len, index, slice, iterate, pop, cut back to a length (an undo) and put back an item changed
    since; items are plain data.

    Items [0, dropped) were let go (`rebuild(dropped)` gives them back), [dropped, cut) are packed in `blocks`, and
    [cut, len) are `recent`."""

    __slots__ = ("blocks", "recent", "dropped", "rebuild", "_cache", "_full")

    def __init__(self, items=(), rebuild: Callable[[int], list] | None = None):
        self.blocks: list[bytes] = []
        self.recent: list = []
        self.dropped = 0
        self.rebuild = rebuild  # rebuild(n): the first n items (or more)
        self._cache: dict = {}  # block number -> its items, for the blocks read since the last change
        self._full: list | None = None  # the items rebuilt (until a change)
        for item in items:
            self.append(item)

    @property
    def cut(self) -> int:
        return self.dropped + len(self.blocks) * BLOCK

    # -- growing and cutting back
    def append(self, item) -> None:
        recent = self.recent
        recent.append(item)
        if self._cache or self._full is not None:
            self._cache, self._full = {}, None
        if len(recent) >= KEEP + BLOCK:
            blocks = self.blocks
            blocks.append(zlib.compress(pickle.dumps(recent[:BLOCK], pickle.HIGHEST_PROTOCOL)))
            del recent[:BLOCK]
            if self.rebuild is not None and len(blocks) > PACKED:
                del blocks[0]
                self.dropped += BLOCK

    def truncate(self, n: int) -> None:
        """Keep the first `n` items."""
        cut = self.cut
        if n >= cut:
            del self.recent[n - cut:]
        elif n >= self.dropped:
            b = n // BLOCK
            keep = self._block(b)[: n - b * BLOCK]
            del self.blocks[b - self.dropped // BLOCK:]
            self.recent = list(keep)
        else:
            items = self._rebuilt()[:n]
            self.blocks, self.recent, self.dropped = [], [], 0
            for item in items:
                self.append(item)
        self._cache, self._full = {}, None

    def put(self, index: int, item) -> None:
        """Put back an item changed after it was appended (one let go is rebuilt with the change anyway)."""
        cut = self.cut
        if index >= cut:
            self.recent[index - cut] = item
        elif index >= self.dropped:
            b = index // BLOCK
            items = list(self._block(b))
            items[index - b * BLOCK] = item
            self.blocks[b - self.dropped // BLOCK] = zlib.compress(pickle.dumps(items, pickle.HIGHEST_PROTOCOL))
            self._cache, self._full = {}, None

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
        """The items of block `b` (block b holds items b*BLOCK to (b+1)*BLOCK - 1)."""
        items = self._cache.get(b)
        if items is None:
            items = self._cache[b] = pickle.loads(zlib.decompress(self.blocks[b - self.dropped // BLOCK]))
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
        return f"Journal({len(self)} items, {len(self.blocks)} packed blocks, {self.dropped} let go)"
