"""What greedy bots cost (#22's `rulelang simulate` targets), counted in instructions with callgrind, beside the
engine alone replaying the very same moves (the floor a free bot would leave):

    PYTHONHASHSEED=0 PYTHONPYCACHEPREFIX=/tmp/pyc RULELANG_CACHE=/tmp/rlcache \\
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        .venv/bin/python bench/greedy_instructions.py uno 20 [replay]    # `Collected :` is the count

NAME SEEDS: games/NAME.rules (or a path), 4 greedy bots, seeds 0..SEEDS-1, as `rulelang simulate` plays them (no
record, moves unchecked).  With `replay`, the games are played first (not counted) and their moves replayed on new
games (counted): the engine's share.  The turns and moves go to stderr.
"""
from __future__ import annotations

import operator
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rulelang  # noqa: E402
from interpreter import Game  # noqa: E402
from interpreter.bots import make_bot  # noqa: E402

TURN_LIMIT = 5_000  # as `rulelang simulate`


def play(program, seeds, players: int = 4) -> tuple[int, int, list]:
    """Greedy games as simulate plays them: turns, moves, and each game's moves (seat, move)."""
    turns = moves = 0
    made = []
    for seed in seeds:
        g = Game(program, players, seed=seed, record=False)
        bots = [make_bot("greedy", seed * 1009 + i) for i in range(players)]
        st, mine = g.state, []
        while not st.over and st.turns < TURN_LIMIT:
            d = st.pending
            move = bots[d.player].move(g, d.player, d)
            mine.append((d.player, move))
            g.apply(d.player, move, checked=False)
        turns, moves = turns + st.turns, moves + len(mine)
        made.append(mine)
    return turns, moves, made


def replay(program, seeds, made, players: int = 4) -> tuple[int, int, list]:
    """The same games' moves made again with no bot: the engine's part."""
    turns = moves = 0
    for seed, mine in zip(seeds, made):
        g = Game(program, players, seed=seed, record=False)
        for seat, move in mine:
            g.apply(seat, move, checked=False)
        turns, moves = turns + g.turns, moves + len(mine)
    return turns, moves, made


def main(argv: list[str]) -> None:
    name = argv[0] if argv else "uno"
    seeds = range(int(argv[1]) if len(argv) > 1 else 10)
    path = name if name.endswith(".rules") else f"games/{name}.rules"
    program = rulelang.load(path)
    play(program, [10_000])  # warm: the deck's tables and memos made, as in a long run
    if len(argv) > 2 and argv[2] == "replay":
        made = play(program, seeds)[2]
        turns, moves, _ = operator.call(replay, program, seeds, made)
    else:
        turns, moves, _ = operator.call(play, program, seeds)
    print(f"{name}: {moves} moves, {turns} turns", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
