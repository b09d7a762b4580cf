"""The game's record packs its older events and moves (interpreter/journal.py): it must read back exactly as
the list it stands for, through appends, undos (cut back to a length), pops, indexes and slices."""
import random
from pathlib import Path

import pytest

from interpreter.journal import BLOCK, KEEP, PACKED, Journal


def _one_change(rng, ref: list, j: Journal, step: int, item, far: float, back: int, puts: bool) -> None:
    """Mostly an append; now and then an undo (of a few items, or of a share `far` of them, anywhere), a put
    (with `puts`) or a pop."""
    op = rng.random()
    if op < 0.93 or not ref:
        ref.append(item)
        j.append(item)
    elif op < 0.96:
        n = rng.randrange(len(ref) + 1) if rng.random() < far else max(0, len(ref) - rng.randrange(1, back))
        del ref[n:]
        del j[n:]
    elif puts:
        i = rng.randrange(len(ref))
        ref[i] = (9, f"put {step}")
        j.put(i, ref[i])
    else:
        assert j.pop() == ref.pop()
    assert len(j) == len(ref)


def _reads_the_same(rng, ref: list, j: Journal, reads: int) -> None:
    assert list(j) == ref and j == ref and j[:] == ref
    for _ in range(reads):
        a, b = rng.randrange(-5, len(ref) + 5), rng.randrange(-5, len(ref) + 5)
        assert j[a:b] == ref[a:b] and j[a:] == ref[a:]
        if ref:
            i = rng.randrange(-len(ref), len(ref))
            assert j[i] == ref[i]


def test_a_journal_reads_as_the_list_it_stands_for():
    rng = random.Random(1)
    packed_seen = 0
    for trial in range(200):
        ref, j = [], Journal()
        for step in range(rng.randrange(8 * (BLOCK + KEEP))):
            _one_change(rng, ref, j, step, {"type": "move", "cards": [step], "n": step}, 0.1, 40, puts=False)
            packed_seen = max(packed_seen, len(j.blocks))
        _reads_the_same(rng, ref, j, 20)
    assert packed_seen >= 4  # the packed path was exercised


def test_a_journal_that_keeps_everything_packs_its_blocks_again_and_reads_the_same(monkeypatch):
    """Shelves (blocks packed again as one, moves as text): appends, undos into a shelf, puts into a shelf and
    into a block."""
    from interpreter import journal

    monkeypatch.setattr(journal, "SHELF", 2)  # shelves of 2 blocks, so a short journal has many
    rng = random.Random(3)
    shelved = 0
    for trial in range(60):
        ref, j = [], Journal()
        for step in range(rng.randrange(60 * BLOCK)):
            # moves as the record holds them; now and then one that cannot be written as text
            item = (rng.randrange(4), f"play {step}" if rng.random() < 0.99 else f"house x\0{step}")
            _one_change(rng, ref, j, step, item, 0.3, 60, puts=True)
            shelved = max(shelved, len(j.shelves))
        _reads_the_same(rng, ref, j, 10)
    assert shelved >= 4


def test_a_long_record_of_moves_packs_into_about_three_bytes_a_move():
    """A move record (seat, text) of 5,000 moves: its shelves hold nearly all of it, compactly."""
    rng = random.Random(4)
    words = ["play R7", "play G2 uno", "draw", "pass", "keep", "challenge", "claim B5", "truth LY3", "say red"]
    j = Journal()
    ref = [(rng.randrange(4), rng.choice(words)) for _ in range(5000)]
    ref[100] = (0, "house say \udcff")  # no UTF-8 for it: its shelf is pickled instead
    for item in ref:
        j.append(item)
    packed = sum(map(len, j.shelves)) + sum(map(len, j.blocks))
    assert len(j.shelves) == 4 and packed / 5000 < 4
    assert [s[:1] for s in j.shelves] == [b"P", b"T", b"T", b"T"] and list(j) == ref


def test_the_latest_items_stay_the_very_objects_appended():
    j = Journal()
    items = [{"n": i} for i in range(5 * BLOCK)]
    for item in items:
        j.append(item)
    assert len(j.recent) >= KEEP and j.blocks
    assert all(j[i] is items[i] for i in range(len(items) - KEEP, len(items)))
    assert j.index_of(items[-1]) == len(items) - 1 and j.index_of(items[0]) is None


def test_a_journal_that_can_rebuild_lets_its_oldest_blocks_go_and_reads_the_same():
    """Appends, undos near and far, and puts (one into the items let go must not leave a stale rebuilt copy)."""
    rng = random.Random(2)
    let_go = 0
    for trial in range(60):
        ref: list = []
        # copies, as a replay gives
        j = Journal(rebuild=lambda n: [x if isinstance(x, tuple) else dict(x) for x in ref[:n]])
        for step in range(rng.randrange(60 * BLOCK)):
            _one_change(rng, ref, j, step, {"n": step}, 0.1, 20, puts=True)
            if rng.random() < 0.05 and ref:
                assert j[0] == ref[0]  # the items let go are rebuilt and kept ...
                i = rng.randrange(len(ref))
                ref[i] = (9, f"put {step}")
                j.put(i, ref[i])
                assert j[i] == ref[i]  # ... and a put, even among them, is read back
            assert len(j.blocks) <= PACKED
            let_go = max(let_go, j.dropped)
        _reads_the_same(rng, ref, j, 10)
    assert let_go > 0


def test_a_long_recorded_game_keeps_a_bounded_log_and_tells_every_event(monkeypatch):
    """The events a game let go are rebuilt by replaying its moves: the same as a game that kept them all."""
    from interpreter import Game, journal
    from interpreter.bots import RandomBot
    from helpers import program as load

    program = load("uno")

    def play(moves=400):
        g = Game(program, 4, seed=11)
        bots = [RandomBot(100 + i) for i in range(4)]
        while not g.over and len(g.state.moves) < moves:
            d = g.pending
            g.apply(d.player, bots[d.player].choose(program, None, d))
        return g

    g = play()
    assert g.state.events.dropped > 0 and len(g.state.events.blocks) <= PACKED
    monkeypatch.setattr(journal, "PACKED", 10**9)
    whole = play()
    assert whole.state.events.dropped == 0
    assert list(g.events) == list(whole.events) and g.record() == whole.record()


def test_a_rule_written_in_play_that_fails_after_many_events_is_taken_back_with_them():
    """A move whose rules emit more events than the journal keeps, then fail, is taken back: the events
    before it come back from a replay that stops before the move."""
    from interpreter import Game
    from interpreter.bots import RandomBot

    from helpers import program as load

    program = load("uno")
    g = Game(program, 4, seed=11)
    bots = [RandomBot(100 + i) for i in range(4)]
    for _ in range(120):
        d = g.pending
        g.apply(d.player, bots[d.player].choose(program, None, d))
    assert g.state.events.dropped > 0
    g.house(g.pending.player, "when turn_ends(player) { while true { move 1 from draw to discard\n"
                              "move 1 from discard to draw } }")
    before = list(g.events)
    d = g.pending
    g.apply(d.player, bots[d.player].choose(g.program, None, d))  # the rule loops, is dropped, the move is made
    after = list(g.events)
    assert after[: len(before)] == before
    assert [e.type for e in after[len(before):]].count("house_rule_dropped") == 1
    assert len(after) - len(before) < 50  # the looping rule's events went with it


RULES = Path(__file__).parent / "rules"


class _PlainList(list):
    """The record as it was before journals: a plain list (what a journal must read as)."""

    rebuild = None

    def put(self, index, item):
        self[index] = item


def _played(program, players, seed, moves, plain, monkeypatch):
    from interpreter import Game, machine

    with monkeypatch.context() as mp:
        if plain:
            mp.setattr(machine.state, "Journal", _PlainList)
        g = Game(program, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.over:
            break
        d = g.pending
        opts = [o for o in d.options if o.kind != "rule"] or d.options
        g.apply(d.player, rng.choice(opts))
    return g


@pytest.mark.parametrize("name,players", [("uno", 4), ("whos_lying", 5), ("liars", 4), ("card_moves_late", 2)])
def test_a_recorded_game_reads_and_is_told_as_one_that_kept_plain_lists(name, players, monkeypatch):
    """Events, their projections for each seat and the narration, with packing and letting go, against plain
    lists; a choice whose card moves after its event was packed is still marked public."""
    import rulelang

    from helpers import program as load

    program = rulelang.load(RULES / f"{name}.rules") if (RULES / f"{name}.rules").exists() else load(name)
    for seed in range(2):
        g = _played(program, players, seed, 300, False, monkeypatch)
        ref = _played(program, players, seed, 300, True, monkeypatch)
        assert list(g.events) == list(ref.events) and g.record() == ref.record()
        assert g.state.events.blocks  # packing happened
        for seat in (None, *range(players)):
            assert [g.event_for(e, seat) for e in g.events] == [ref.event_for(e, seat) for e in ref.events]
            assert ([g.narrate(e, seat) for e in g.events[len(g.events) // 2:]]
                    == [ref.narrate(e, seat) for e in ref.events[len(ref.events) // 2:]])


def test_a_move_refused_after_many_events_leaves_nothing_behind():
    import rulelang
    from interpreter import Game
    from rulelang.errors import RulesError

    g = Game(rulelang.load(RULES / "fails_after_many_events.rules"), 2, seed=1)
    g.apply(0, g.legal()[0])
    events, record = list(g.events), g.record()
    with pytest.raises(RulesError, match="cannot be negative"):
        g.apply(1, "boom")
    assert list(g.events) == events and g.record() == record
    g.apply(1, g.legal()[0])  # the game goes on, and its whole log still reads
    assert list(g.events)[: len(events)] == events
