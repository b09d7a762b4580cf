"""The engine's shuffle (`interpreter.shuffling.shuffle`: the game's shuffles and the bots' samples) is Python's
`random.Random.shuffle`: the same order of the same list from the same generator state, and the generator left in
the same state after, for every length (each length's steps are worked out once and kept)."""
import random

from interpreter.shuffling import shuffle


def test_the_same_order_and_generator_state_as_random_shuffle():
    for n in (*range(0, 40), 52, 53, 97, 108, 112, 130, 260, 129, 75, 3):  # (longer lists, then shorter ones again)
        for seed in range(12):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b, (n, seed)
            assert ours.getstate() == theirs.getstate(), (n, seed)
            shuffle(ours, a)  # a second time, from the length's kept steps
            theirs.shuffle(b)
            assert a == b, (n, seed)
