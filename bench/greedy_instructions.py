"""The greedy games #22's greedy steps are judged by, for counting instructions with callgrind (as
`bench/instructions.py`: the program loaded and one game played first, the games counted alone inside
`operator.call`):

    PYTHONHASHSEED=0 PYTHONPYCACHEPREFIX=/tmp/pyc RULELANG_CACHE=/tmp/rlcache \\
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        .venv/bin/python bench/greedy_instructions.py uno      # `Collected :` is the count

NAME [N]: games/NAME.rules, greedy bots (as `rulelang simulate` plays by default), 4 players, seeds 0..N-1, played by
themselves (`play_bots`).  The default N: express and uno 20, liars 2, whos_lying 10 (the games of bench/README.md's
greedy sections).
"""
from __future__ import annotations

import operator
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import rulelang  # noqa: E402
from interpreter.bots import GreedyBot  # noqa: E402

from instructions import games  # noqa: E402

SEEDS = {"express": 20, "uno": 20, "liars": 2, "whos_lying": 10}


def main(argv: list[str]) -> None:
    which = argv[0] if argv else "uno"
    n = int(argv[1]) if len(argv) > 1 else SEEDS.get(which, 3)
    program = rulelang.load(f"games/{which}.rules")
    games(program, 4, [100], GreedyBot)  # warm: the deck's tables and memos made, as in a long run
    moves, turns = operator.call(games, program, 4, range(n), GreedyBot)
    print(f"greedy {which}: {moves} moves, {turns} turns", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
