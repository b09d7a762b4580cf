"""A hash of every move random, play-first (bench.py's headline bot) and greedy bots make (its seat, how many moves
were offered, its text and calls) and of each game's end (over, winners, turns, stats, hand, every per-player
variable), over every games/, examples/ and examples/more/ file at its default players, played through `play_bots`
(the machine asks the bots) and through the host's loop (`g.apply`).  An engine step that must keep every move prints
the same lines before and after (`bench/greedy_hashes.py` covers greedy bots more widely):

    PYTHONHASHSEED=0 .venv/bin/python bench/move_hashes.py [SEEDS (10; greedy a third)] [a path's part] > after.txt
"""
import glob
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rulelang  # noqa: E402
from interpreter import Game  # noqa: E402
from interpreter.bots import GreedyBot, RandomBot  # noqa: E402

import bench  # noqa: E402
from greedy_hashes import Hashing, play  # noqa: E402


def one(program, seed: int, h, make, host: bool, limit: int = 2000) -> None:
    """One game's moves and end into `h`, played by the bots themselves (`play_bots`) or, with `host`, each asked by
    the host's loop."""
    n = program.default_players
    g = Game(program, n, seed=seed, record=False)
    play(g, [Hashing(make(seed * 1009 + i), h) for i in range(n)], host, limit)
    st = g.state
    h.update(repr((st.over, st.winners, st.turns, sorted(st.stats.items()), st.hand_no,
                   sorted((k, repr(v)) for k, v in st.pvars.items()))).encode())


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    files = sorted(glob.glob("games/*.rules") + glob.glob("examples/*.rules") + glob.glob("examples/more/*.rules"))
    if len(sys.argv) > 2:
        files = [f for f in files if sys.argv[2] in f]
    total = hashlib.sha256()
    for f in files:
        program = rulelang.load(f)
        for name, make in (("random", RandomBot), ("play-first", bench._play_first_bot), ("greedy", GreedyBot)):
            for host in (False, True):
                h = hashlib.sha256()
                try:
                    for s in range(seeds if name != "greedy" else max(1, seeds // 3)):
                        one(program, s, h, make, host)
                    r = h.hexdigest()[:16]
                except Exception as e:  # noqa: BLE001 - a failure is part of what is hashed
                    r = h.hexdigest()[:16] + f" error {type(e).__name__}: {e}"[:80]
                key = f"{f} {name} {'host' if host else 'bots'}"
                print(key, r, flush=True)
                total.update((key + r).encode())
    print("TOTAL", total.hexdigest()[:16])


if __name__ == "__main__":
    main()
