"""One bot game, as `rulelang simulate` plays it in each chunk: what happened in it, as plain data."""
from __future__ import annotations

from collections import deque

from interpreter import Game
from interpreter.bots import make_bot
from interpreter.seat import play_bots

from .stall import DECISION_LIMIT, HISTORY, TURN_LIMIT, asked, describe_cycle, stuck

TAIL = 1000  # the turns before the limit played move by move here, keeping the latest moves (`last`)


def play_one(program, seed: int, players: int, bots: list[str], options: dict, turn_limit: int = TURN_LIMIT,
             think: float | None = None, match: bool = False, by_themselves: bool = True) -> dict:
    """One bot game; what happened in it, as plain data.  `think`: seconds a search bot may take a move;
    `match`: the game is a whole match, hands until it ends by the rules (`match to N`, `match N hands`).

    The bots play by themselves (`interpreter.seat.play_bots`, the machine asking each) until the last `TAIL`
    turns before the limit, or a turn long enough to be watched (`DECISION_LIMIT`, less the moves a stalled turn is
    told by): from there this loop asks each bot and keeps the latest moves, to say what a stalled game repeated.  A
    game stalled with fewer of them kept than it made is played again move by move (`by_themselves=False`): the
    same moves."""
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
    if by_themselves and turn_limit > TAIL:
        table = play_bots(g, seats, turn_limit - TAIL, DECISION_LIMIT - 64 - HISTORY, turn_limit)
        moves = table.moves
        if table.turn == (g.hand_no, g.turns):  # the decisions counted in the turn being played
            turn, in_turn = table.turn, table.in_turn
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
    if stalled and len(last) < min(moves, HISTORY):  # the moves the bots made by themselves were not kept
        return play_one(program, seed, players, bots, options, turn_limit, think, match, by_themselves=False)
    return {
        "seed": seed,
        "winners": g.winners if not stalled else [],
        # The turns begun: the machine counts a turn when the next begins (`advance`), and no hand's last turn is
        # followed by one of the same hand, so each hand played adds its last (a game of one turn is 1 turn, not 0).
        "turns": g.turns + g.hand_no,
        "moves": moves,
        "stalled": stalled,
        "cycle": describe_cycle(list(last), g.names) if stalled else None,
        "stats": dict(g.stats),
        "hands": g.hand_no,
        "scores": g.scores,
    }
