"""Play many seeded bot games of a rules file and count the wins per seat: how a variant behaves.

    .venv/bin/python examples/simulate.py                          # UNO Express, 200 games, 4 greedy bots
    .venv/bin/python examples/simulate.py examples/seven_o.rules --games 100 --players 3 --bots greedy,random,random
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout even without `pip install -e .`

import rulelang  # noqa: E402
from interpreter import Game  # noqa: E402
from interpreter.bots import make_bot  # noqa: E402


MOVE_LIMIT = 20_000  # a variant whose hands never end is reported, not waited for


def play_one(program, players: int, seed: int, kinds: list[str], options: dict) -> tuple[list[int], int]:
    """One hand, every seat a bot; returns the winners' seats (none if it never ended) and the moves made."""
    game = Game(program, players, seed=seed, options=options, record=False)
    bots = [make_bot(kinds[seat % len(kinds)], seed * 100 + seat) for seat in range(players)]
    moves = 0
    while not game.over and moves < MOVE_LIMIT:
        decision = game.pending
        # A bot sees what a person in that seat would see: the seat's view, never the whole state.
        move = bots[decision.player].choose(program, game.view(decision.player), decision)
        game.apply(decision.player, move)
        moves += 1
    return (game.winners if game.over else []), moves


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default=str(ROOT / "games" / "express.rules"), help="a .rules file")
    ap.add_argument("--games", type=int, default=200, help="how many games (seeds 1..N)")
    ap.add_argument("--players", type=int, help="how many players (default: the game's)")
    ap.add_argument("--bots", default="greedy", help="bot kinds, comma-separated, given to the seats in turn")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="set an option of the game")
    args = ap.parse_args(argv)

    try:
        program = rulelang.load(args.game)
    except rulelang.RulesError as e:
        print(e.render(), file=sys.stderr)
        return 1
    players = args.players or program.default_players
    kinds = [k.strip() for k in args.bots.split(",")]
    options = {}
    for item in args.option:
        name, has_value, value = item.partition("=")
        options[name.strip()] = value.strip() if has_value else "true"

    wins: Counter = Counter()
    total_moves = unfinished = 0
    start = time.perf_counter()
    try:
        for seed in range(1, args.games + 1):
            winners, moves = play_one(program, players, seed, kinds, options)
            total_moves += moves
            unfinished += not winners
            for seat in winners:
                wins[seat] += 1
    except rulelang.RulesError as e:  # a bad option, too many players, a rule that fails at run time
        print(e.render(), file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start

    print(f"{program.name}: {args.games} games, {players} players, "
          f"{total_moves / args.games:.1f} moves a game, {elapsed:.1f}s")
    if unfinished:
        print(f"  {unfinished} games did not end within {MOVE_LIMIT} moves")
    for seat in range(players):
        kind = kinds[seat % len(kinds)]
        share = wins[seat] / args.games
        print(f"  seat {seat + 1} ({kind:>6}): {wins[seat]:4d} wins  {share:6.1%}  {'#' * round(share * 50)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
