"""The instructions one function takes in the greedy games of `bench/greedy_instructions.py` (the same games, seeds
and warm-up): the function is called through `operator.call` while the games are not, so that callgrind counts it
alone, every call of it added up:

    PYTHONHASHSEED=0 PYTHONPYCACHEPREFIX=/tmp/pyc RULELANG_CACHE=/tmp/rlcache \\
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        .venv/bin/python bench/greedy_parts.py uno interpreter.bots.greedy:GreedyBot.weigh

NAME MODULE:ATTRIBUTE: games/NAME.rules, and the function or method to count (`interpreter.bots.samples:determinize`,
`interpreter.bots.odds:Sight.of_game`).  A module-level function is replaced in every module that imported it by
name.  Only a function that does not call itself (through others or not) is counted right: callgrind's toggle stops
at the inner call's end.
"""
from __future__ import annotations

import importlib
import operator
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import rulelang  # noqa: E402
from interpreter.bots import GreedyBot  # noqa: E402

from greedy_instructions import SEEDS  # noqa: E402
from instructions import games  # noqa: E402


def main(argv: list[str]) -> None:
    which, spec = argv[0], argv[1]
    module, _, path = spec.partition(":")
    owner = importlib.import_module(module)
    *outer, name = path.split(".")
    for part in outer:
        owner = getattr(owner, part)
    counted = getattr(owner, name)

    def through_call(*args, **kwargs):
        return operator.call(counted, *args, **kwargs)
    program = rulelang.load(f"games/{which}.rules")
    games(program, 4, [100], GreedyBot)  # warm, as greedy_instructions does
    setattr(owner, name, through_call)
    if not outer:  # a module's function: in the modules that imported it by name too
        for other in list(sys.modules.values()):
            if other is not None and getattr(other, name, None) is counted:
                setattr(other, name, through_call)
    moves, turns = games(program, 4, range(SEEDS.get(which, 3)), GreedyBot)
    print(f"greedy {which}: {moves} moves, {turns} turns; counted: {spec}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
