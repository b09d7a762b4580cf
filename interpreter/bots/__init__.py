"""Bots that play any game from one seat: random, greedy and search, found by name in `BOTS`.

Every bot has the same two methods the callers use: `move(game, seat, decision)` (its move, from what its
seat may see) and `follow(game, seat, decision)` (a recorded move is about to be replayed: bring its memory
along without the work of choosing, as a resumed save does)."""
from __future__ import annotations

from ..seat import Move
from .greedy import GreedyBot
from .odds import table_move
from .random_bot import RandomBot
from .search import SearchBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}

__all__ = ["BOTS", "GreedyBot", "RandomBot", "SearchBot", "ask_bot", "bot_names", "make_bot", "table_move"]


def make_bot(kind: str, seed: int = 0, **options):
    """A bot of a kind named in `BOTS`; `options` go to its class (a search bot's `think`, say)."""
    cls = BOTS.get(kind)
    if cls is None:
        raise ValueError(f"unknown bot `{kind}`; bots: {', '.join(BOTS)}")
    return cls(seed, **{k: v for k, v in options.items() if k in getattr(cls, "options", ())})


def bot_names(text: str) -> list[str]:
    """A per-seat list of bot kinds (`search,greedy,random`), each checked against `BOTS`."""
    kinds = [b.strip() for b in text.split(",") if b.strip()]
    if not kinds:
        raise ValueError(f"no bot named; bots: {', '.join(BOTS)}")
    for kind in kinds:
        if kind not in BOTS:
            raise ValueError(f"unknown bot `{kind}`; bots: {', '.join(BOTS)}")
    return kinds


def ask_bot(bot, game, seat: int, decision) -> Move:
    """A bot's move at a live game, from its seat's view."""
    return bot.move(game, seat, decision)
