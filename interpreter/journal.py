"""A list that packs its older items: the game's record (events and moves) grows by a few hundred bytes a move
as dicts, and by a few bytes once packed.

The latest items stay as they are: the host narrates them, a claim is found among them, a choice is marked
when its card moves.  Older ones are pickled and compressed in blocks; reading them (the whole log, a saved
game) unpacks a block at a time, and what comes back is a copy, equal to what was appended."""
from __future__ import annotations

import pickle
import zlib

BLOCK = 32  # items packed together: about 10 bytes an event, 5 a move
KEEP = 32  # items always kept unpacked at the end


class Journal:
    """Append, len, index, slice, iterate, pop and cut back to a length (an undo); items are plain data."""

    __slots__ = ("blocks", "recent", "_cache")

    def __init__(self, items=()):
        self.blocks: list[bytes] = []
        self.recent: list = []
        self._cache: dict = {}  # block number -> its items, for the two blocks read last (until an append)
        for item in items:
            self.append(item)

    # -- growing and cutting back
    def append(self, item) -> None:
        recent = self.recent
        recent.append(item)
        self._cache = {}
        if len(recent) >= KEEP + BLOCK:
            self.blocks.append(zlib.compress(pickle.dumps(recent[:BLOCK], pickle.HIGHEST_PROTOCOL)))
            del recent[:BLOCK]

    def truncate(self, n: int) -> None:
        """Keep the first `n` items."""
        packed = len(self.blocks) * BLOCK
        if n >= packed:
            del self.recent[n - packed:]
            return
        b = n // BLOCK
        keep = self._block(b)[: n - b * BLOCK] if n > b * BLOCK else []
        del self.blocks[b:]
        self._cache = {}
        self.recent = list(keep)

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
        return len(self.blocks) * BLOCK + len(self.recent)

    def _block(self, b: int) -> list:
        cache = self._cache
        items = cache.get(b)
        if items is None:
            if len(cache) >= 2:
                del cache[next(iter(cache))]
            items = cache[b] = pickle.loads(zlib.decompress(self.blocks[b]))
        return items

    def __getitem__(self, index):
        packed = len(self.blocks) * BLOCK
        if isinstance(index, slice):
            start, stop, step = index.indices(packed + len(self.recent))
            if step != 1:
                return list(self)[index]
            if start >= packed:
                return self.recent[start - packed: max(start, stop) - packed]
            out = []
            for b in range(start // BLOCK, min(len(self.blocks), (stop + BLOCK - 1) // BLOCK)):
                lo = b * BLOCK
                out += self._block(b)[max(0, start - lo): max(0, stop - lo)]
            return out + self.recent[: max(0, stop - packed)]
        if index < 0:
            index += packed + len(self.recent)
        if index >= packed:
            return self.recent[index - packed]
        if index < 0:
            raise IndexError("journal index out of range")
        return self._block(index // BLOCK)[index % BLOCK]

    def __iter__(self):
        for b in range(len(self.blocks)):  # through the cache: an item read is found again by index_of
            yield from self._block(b)
        yield from self.recent

    def index_of(self, item) -> int | None:
        """Where this very object is, among the items kept unpacked and the blocks read last (None if not there)."""
        recent = self.recent
        for i in range(len(recent) - 1, -1, -1):
            if recent[i] is item:
                return len(self.blocks) * BLOCK + i
        for b, items in self._cache.items():
            for i, x in enumerate(items):
                if x is item:
                    return b * BLOCK + i
        return None

    def __eq__(self, other) -> bool:
        if isinstance(other, Journal):
            other = list(other)
        return isinstance(other, list) and len(other) == len(self) and list(self) == other

    __hash__ = None

    def __repr__(self) -> str:
        return f"Journal({len(self)} items, {len(self.blocks)} packed blocks)"
