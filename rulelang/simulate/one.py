"""One bot game, as `rulelang simulate` plays it in each chunk: what happened in it, as plain data."""
from __future__ import annotations

from collections import deque

from interpreter import Game
from interpreter.bots import make_bot

from .stall import DECISION_LIMIT, HISTORY, TURN_LIMIT, asked, describe_cycle, stuck


def play_one(program, seed: int, players: int, bots: list[str], options: dict, turn_limit: int = TURN_LIMIT,
             think: float | None = None, match: bool = False) -> dict:
    """One bot game; what happened in it, as plain data.  `think`: seconds a search bot may take a move;
    `match`: the game is a whole match, hands until it ends by the rules (`match to N`, `match N hands`)."""
    g = Game(program, players, seed=seed, options=options, record=False, match=match)
    seats = [make_bot(bots[i % len(bots)], seed * 1009 + i, think=think) for i in range(players)]
    moves = 0
    stalled = None
    turn, in_turn, recent = -1, 0, []
    last: deque = deque(maxlen=HISTORY)  # the latest moves, (seat, text): what repeated, if the game stalls
    # each bot's move and the game's `apply`, looked up once (a random bot's move costs little: simulate runs within a
    # tenth of the bench's bare loop, bench/bench.py); a bot asked as `ask_bot` asks it, its move made unchecked
    asks = [bot.move for bot in seats]
    apply = g.apply
    while not g.over:
        d = g.pending
        turns = g.turns
        if turns >= turn_limit:
            stalled = f"no winner after {turn_limit} turns"
            break
        if g.hand_no > turn_limit:  # hands each won in the turn they began count no turn: a match of them is held too
            stalled = f"no winner after {turn_limit} hands"
            break
        turns = (g.hand_no, turns)  # a turn of another hand is another turn, though the count stood still
        if turns != turn:
            turn, in_turn = turns, 0
        in_turn += 1
        if in_turn > DECISION_LIMIT - 64:
            recent.append(asked(d))
            if in_turn > DECISION_LIMIT:
                stalled = stuck(g, recent)
                break
        move = asks[d.player](g, d.player, d)
        last.append((d.player, move.text))
        apply(d.player, move, False)
        moves += 1
    return {
        "seed": seed,
        "winners": g.winners if not stalled else [],
        "turns": g.turns,
        "moves": moves,
        "stalled": stalled,
        "cycle": describe_cycle(list(last), g.names) if stalled else None,
        "stats": dict(g.stats),
        "hands": g.hand_no,
        "scores": g.scores,
    }
