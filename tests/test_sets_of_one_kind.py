"""An option taking a set of cards whose `where` says they are of one kind (`all(c.rank == first(cs).rank for c in
cs)`, here or in a function given the set) makes only the sets of cards alike in that attribute: the same sets, in
the same order, as making every set and asking the `where` of each, at a fraction of the work (Palace's hand of 40
cards after taking the pile: 100,000 sets of 1..4 asked about, against a few hundred)."""
import random
from itertools import combinations

import pytest

import rulelang
from helpers import ROOT
from rulelang import codegen


class _St:
    steps, limit = 0, 10**9


@pytest.mark.parametrize("seed", range(30))
def test_the_sets_made_by_kind_are_every_set_of_one_kind_in_the_same_order(seed):
    rng = random.Random(seed)
    canon = {c: c if rng.random() > 0.3 else c % 7 for c in range(60)}  # twins: cards that read the same ...
    kind_of = {k: rng.choice("abcd") if rng.random() > 0.1 else None for k in range(60)}  # None: a card without it
    kinds = [kind_of[canon[c]] for c in range(60)]  # ... and so are alike in every attribute
    cards = rng.sample(range(60), rng.randrange(0, 18))
    low, high = rng.randrange(0, 3), rng.randrange(1, 5)
    by: dict = {}
    for i, c in enumerate(cards):
        by.setdefault(kinds[c], []).append(i)
    grouped = list(codegen._sets(_St(), cards, canon, low, high, list(by.values())))
    every = [s for s in codegen._sets(_St(), cards, canon, low, high) if len({kinds[c] for c in s}) <= 1]
    assert grouped == every


@pytest.mark.parametrize("path, verb, same", [
    ("examples/president.rules", "play", True),   # through `beats(cs) = same_rank(cs) and ...`
    ("tests/rules/palace.rules", "play", True),
    ("tests/rules/palace.rules", "lay", True),    # `size(...) == 0 and all(...)`
    ("tests/rules/lay_sets.rules", "lay", True),
    ("tests/rules/rummy.rules", "meld", False),   # a set or a run: not one kind
    ("tests/rules/cassino.rules", "take", False),
])
def test_the_compiler_sees_which_set_options_take_cards_of_one_kind(path, verb, same):
    program = rulelang.load(str(ROOT / path))
    specs = [v for k, v in program.namespace.items()
             if k.startswith("SPEC") and getattr(v, "verb", None) == verb and v.kind == "cards"]
    assert specs and all(s.legal.same is same for s in specs)

def test_a_hand_of_forty_cards_offers_its_sets_of_one_rank_within_the_work_of_a_move():
    """Every set of 1..4 of 40 cards is 101,270 sets, past the 20,000 an option may ask its `where` about: made by
    rank, 10 ranks of 4 cards are 150 sets."""
    from interpreter import Game
    program = rulelang.load(str(ROOT / "tests/rules/lay_sets.rules"))
    g = Game(program, 2, seed=1)
    hand, me = program.zone_index["hand"], g.state.current
    mine = list(range(min(40, program.deck_size)))
    for zi, z in enumerate(g.state.zones):  # the first 40 cards of the deck into the hand, from wherever they lie
        for pile in (z if program.zones[zi].per_player else [z]):
            pile[:] = [c for c in pile if c not in mine]
    g.state.zones[hand][me] = mine
    spec = next(v for k, v in program.namespace.items() if k.startswith("SPEC") and getattr(v, "verb", None) == "lay")
    sets = spec.legal(g.state, {"player": me})
    ranks = {}
    for c in mine:
        ranks[program.cards[c].attrs.get("rank")] = ranks.get(program.cards[c].attrs.get("rank"), 0) + 1
    assert len(sets) == sum(len(list(combinations(range(n), k))) for n in ranks.values() for k in range(1, 5))
