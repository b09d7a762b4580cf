"""A hash of every move greedy bots make (its seat, how many moves were offered, its text and calls) and of each
game's end (over, winners, turns, stats, hands, scores), over a fixed set of games: the six games/ files at 2 and 4
players (30 seeds; 100 for liars and whos_lying), greedy beside random bots (a third of the seeds), 3 seeds through the
host's loop (`g.apply`), and 6 seeds of every examples/, examples/more/ and tests/rules/ file at its default players.
Played through `play_bots` as simulate plays (at most 3,000 turns, 2,000 decisions a turn, then the host's loop for
at most 20,000 moves).  A greedy step that must keep the moves prints the same lines before and after:

    PYTHONHASHSEED=0 .venv/bin/python bench/greedy_hashes.py [a path's part, to hash only those files] > after.txt
"""
import glob
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import rulelang  # noqa: E402
from interpreter import Game  # noqa: E402
from interpreter.bots import GreedyBot, RandomBot  # noqa: E402
from interpreter.seat import play_bots  # noqa: E402


class Hashing:
    """A bot whose every move goes into a hash."""

    def __init__(self, bot, h):
        self.bot, self.h = bot, h

    def move(self, game, seat, d):
        mv = self.bot.move(game, seat, d)
        calls = tuple(sorted(getattr(mv, "calls", ()) or ()))
        self.h.update(repr((seat, len(d.options), getattr(mv, "text", mv), calls)).encode())
        return mv


def play(g, bots, host: bool, limit: int) -> None:
    """Play `g` to its end or `limit` turns: by the bots themselves (`play_bots`, as simulate plays: 2,000 decisions
    a turn at most), then (or, with `host`, from the start) each move asked by the host's loop, 20,000 at most."""
    st = g.state
    if not host:
        play_bots(g, bots, limit, 2000)
    n = 0
    while not st.over and st.turns < limit and n < 20000:
        n += 1
        d = st.pending
        g.apply(d.player, bots[d.player].move(g, d.player, d), checked=False)


def one(program, players: int, seed: int, h, mix: bool = False, host: bool = False, limit: int = 3000) -> None:
    """One game's moves and end into `h`: greedy bots (every other seat random with `mix`), played by themselves
    (`play_bots`) or, with `host`, each asked by the host's loop."""
    g = Game(program, players, seed=seed, record=False)
    bots = [Hashing((RandomBot if (mix and i % 2) else GreedyBot)(seed * 1009 + i), h) for i in range(players)]
    play(g, bots, host, limit)
    st = g.state
    h.update(repr((st.over, st.winners, st.turns, sorted(st.stats.items()), st.hand_no, st.pvars.get("score"))).encode())


def main() -> None:
    which = sys.argv[1] if len(sys.argv) > 1 else "all"
    files = []
    for f in sorted(glob.glob("games/*.rules")):
        n = 100 if os.path.basename(f) in ("liars.rules", "whos_lying.rules") else 30
        for p in (2, 4):
            files.append((f, p, range(n), False, False))
            files.append((f, p, range(n // 3), True, False))  # greedy beside random bots
            files.append((f, p, range(3), False, True))  # through the host's loop
    others = sorted(glob.glob("examples/*.rules") + glob.glob("examples/more/*.rules") + glob.glob("tests/rules/*.rules"))
    files += [(f, None, range(6), False, False) for f in others]
    if which != "all":
        files = [x for x in files if which in x[0]]
    total = hashlib.sha256()
    for f, p, seeds, mix, host in files:
        program = rulelang.load(f)
        players = p or program.default_players
        h = hashlib.sha256()
        try:
            for s in seeds:
                one(program, players, s, h, mix, host)
            r = h.hexdigest()[:16]
        except Exception as e:  # noqa: BLE001 - a file made to fail (tests/rules): the moves before it, and how it failed
            r = h.hexdigest()[:16] + f" error {type(e).__name__}: {e}"[:60]
        key = f"{f} {players}p {'mix' if mix else ''}{'host' if host else ''}"
        print(key, r, flush=True)
        total.update((key + r).encode())
    print("TOTAL", total.hexdigest()[:16])


if __name__ == "__main__":
    main()
