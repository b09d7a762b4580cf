"""The game's record packs its older events and moves (interpreter/journal.py): it must read back exactly as
the list it stands for, through appends, undos (cut back to a length), pops, indexes and slices."""
import random

from interpreter.journal import BLOCK, KEEP, Journal


def test_a_journal_reads_as_the_list_it_stands_for():
    rng = random.Random(1)
    packed_seen = 0
    for trial in range(200):
        ref, j = [], Journal()
        for step in range(rng.randrange(8 * (BLOCK + KEEP))):
            op = rng.random()
            if op < 0.95 or not ref:
                item = {"type": "move", "cards": [step], "n": step}
                ref.append(item)
                j.append(item)
            elif op < 0.98:
                n = rng.randrange(len(ref) + 1) if rng.random() < 0.1 else max(0, len(ref) - rng.randrange(1, 40))
                del ref[n:]
                del j[n:]
            else:
                assert j.pop() == ref.pop()
            assert len(j) == len(ref)
            packed_seen = max(packed_seen, len(j.blocks))
        assert list(j) == ref and j == ref
        for _ in range(20):
            a, b = rng.randrange(-5, len(ref) + 5), rng.randrange(-5, len(ref) + 5)
            assert j[a:b] == ref[a:b] and j[a:] == ref[a:]
            if ref:
                i = rng.randrange(-len(ref), len(ref))
                assert j[i] == ref[i]
    assert packed_seen >= 4  # the packed path was exercised


def test_the_latest_items_stay_the_very_objects_appended():
    j = Journal()
    items = [{"n": i} for i in range(5 * BLOCK)]
    for item in items:
        j.append(item)
    assert len(j.recent) >= KEEP and j.blocks
    assert all(j[i] is items[i] for i in range(len(items) - KEEP, len(items)))
    assert j.index_of(items[-1]) == len(items) - 1 and j.index_of(items[0]) is None
