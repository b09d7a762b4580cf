"""The rulelang runtime: a library that runs compiled games. It knows cards, zones, turns and decisions, never a game."""
from __future__ import annotations

from .game import Game
from .machine import Decision, Move
from .seat import Seat

__all__ = ["Game", "Decision", "Move", "Seat"]
