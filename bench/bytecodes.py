"""Python bytecodes executed per function over random-bot games (`sys.settrace` with opcode events): where a turn's
work goes, by function, in seconds of this machine's time whatever its load (the eighth #22 session judged its steps
by it, beside callgrind's instructions, which take minutes under load):

    .venv/bin/python bench/bytecodes.py liars 1 1000     # games/NAME.rules (or a path), seeds 0..N-1, turns cut at T
    TOP=40 .venv/bin/python bench/bytecodes.py whos_lying 20 5000

Random bots (interpreter.bots.RandomBot, seeded as bench.py's), 4 players, no record, asked by the machine
(`interpreter.seat.play_bots`, as bench.py and simulate play); one game
(seed 100, to the same cut) is played first, untraced, so the deck's tables and memos are made.  Prints bytecodes
a turn and a move, then the TOP functions (default 30) by bytecodes a turn.
"""
from __future__ import annotations

import collections
import os
import sys

import rulelang
from interpreter import Game
from interpreter.bots import RandomBot
from interpreter.seat import play_bots


def main(argv: list[str]) -> None:
    name, seeds, limit = argv[0], int(argv[1]) if len(argv) > 1 else 1, int(argv[2]) if len(argv) > 2 else 5000
    program = rulelang.load(name if name.endswith(".rules") else f"games/{name}.rules")
    counts: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        code = frame.f_code
        key = (code.co_filename.split("/")[-1], code.co_name, code.co_firstlineno)

        def local(frame, event, arg):
            if event == "opcode":
                counts[key] += 1
            return local
        return local

    def play(seeds_, cut):
        moves = turns = 0
        for seed in seeds_:
            g = Game(program, 4, seed=seed, record=False)
            bots = [RandomBot(seed * 1009 + i) for i in range(4)]
            moves += play_bots(g, bots, cut).moves
            turns += g.state.turns
        return moves, turns

    play([100], limit)
    sys.settrace(tracer)
    moves, turns = play(range(seeds), limit)
    sys.settrace(None)
    total = sum(counts.values())
    print(f"{name}: {moves} moves {turns} turns; bytecodes a turn {total / turns:.0f}, a move {total / moves:.0f}")
    for key, c in counts.most_common(int(os.environ.get("TOP", "30"))):
        print(f"{c / turns:8.1f} a turn {c / total * 100:5.1f}%  {key}")


if __name__ == "__main__":
    main(sys.argv[1:])
