"""The games #22's steps are judged by, for counting instructions with callgrind (this shared machine's CPU times
move by tens of per cent with its load; instructions do not).  The program is loaded and one game played first; the
games themselves run inside `operator.call`, so that callgrind counts them alone:

    PYTHONHASHSEED=0 PYTHONPYCACHEPREFIX=/tmp/pyc RULELANG_CACHE=/tmp/rlcache \\
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        .venv/bin/python bench/instructions.py uno        # or liars; `Collected :` is the count

uno: play-first uno.rules (bench.py's headline bot), 4 players, seeds 0-9 (1,002 moves).  liars: one random
4-player Liar's UNO game, seed 0 (5,000 turns, 17,360 moves).  NAME [N]: games/NAME.rules, random bots, seeds 0..N-1.
"""
from __future__ import annotations

import operator
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import rulelang  # noqa: E402
from interpreter import Game  # noqa: E402
from interpreter.bots import RandomBot  # noqa: E402
from interpreter.seat import play_bots  # noqa: E402

import bench  # noqa: E402


def games(program, players: int, seeds, make) -> tuple[int, int]:
    """Play the games as the bench does (no record, the bots asked by the machine: `play_bots`); the moves and turns
    made."""
    moves = turns = 0
    for seed in seeds:
        g = Game(program, players, seed=seed, record=False)
        bots = [make(seed * 1009 + i) for i in range(players)]
        moves += play_bots(g, bots, bench.TURN_LIMIT).moves
        turns += g.state.turns
    return moves, turns


def main(argv: list[str]) -> None:
    which = argv[0] if argv else "uno"
    if which == "uno":
        path, seeds, make = "games/uno.rules", range(10), bench._play_first_bot
    elif which == "liars":
        path, seeds, make = "games/liars.rules", [0], RandomBot
    else:
        path, seeds, make = f"games/{which}.rules", range(int(argv[1]) if len(argv) > 1 else 3), RandomBot
    program = rulelang.load(path)
    games(program, 4, [100], make)  # warm: the deck's tables and memos made, as in a long run
    moves, turns = operator.call(games, program, 4, seeds, make)
    print(f"{which}: {moves} moves, {turns} turns", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
