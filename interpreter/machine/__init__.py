"""The state machine: a running game's state, the instructions compiled rules are made of, and the one API every
caller uses.  One module per topic; every name callers and generated code use (`m.move_card`, `m.apply`...) is here.

    state        Move, Decision, Frame, State (its snapshots), the bounds of a run
    running      run a frame's instructions until a decision is pending; a rule's failure in words
    cards        cards and zones: finding, moving, faces, shuffling, dealing
    turns        turn order, seats out of play, teams, rules fired by events, hands won and begun
    house_rules  rules written in play, by the game or by the table (`house`)
    options      a decision's legal moves
    typed        a move typed as text, read or refused saying why
    moves        a move made: checked, resumed, run; races settled
"""
from __future__ import annotations

from .state import CHECKPOINT_EVERY, MAX_DEPTH, MAX_STEPS_PER_MOVE, RULE_FAILURES, Decision, Frame, Move, State
from .running import plain_words, push, run, step, unwound
from .cards import (card_name, deal, find_card, move_card, move_cards, move_top, move_zone, refill, shuffle,
                    shuffle_list)
from .turns import (OTHERS_LIMIT, advance, fire, first_turn, fire_now, fire_ready, fire_then, leave, match_winners, others, partner, place, playing, seat_after,
                    start_hand, team, win)
from .house_rules import add_house_rule, house
from .options import add_options, arg_text, card_moves, options_for
from .typed import parse_move
from .moves import BotFailed, BotTable, apply, play_bots, race_move, racers

__all__ = [
    "CHECKPOINT_EVERY", "MAX_DEPTH", "MAX_STEPS_PER_MOVE", "RULE_FAILURES", "Decision", "Frame", "Move", "State",
    "plain_words", "push", "run", "step", "unwound",
    "card_name", "deal", "find_card", "move_card", "move_cards", "move_top", "move_zone", "refill", "shuffle",
    "shuffle_list",
    "OTHERS_LIMIT", "advance", "fire", "first_turn", "fire_now", "fire_ready", "fire_then", "leave", "match_winners", "others", "partner", "place", "playing", "seat_after",
    "start_hand", "team", "win",
    "add_house_rule", "house",
    "add_options", "arg_text", "card_moves", "options_for",
    "parse_move",
    "BotFailed", "BotTable", "apply", "play_bots", "race_move", "racers",
]
