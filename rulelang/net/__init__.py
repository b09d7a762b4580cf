"""Network play: `rulelang serve` keeps a game on one machine, `rulelang join` plays a seat of it from another.

The server holds the game (rules, seed, every card); a client is given only its seat's view and the events its
seat may see, and sends moves as text, which the server parses and checks.  The protocol is JSON over
WebSocket (the `websockets` library on asyncio), documented in docs/network.md.  Install with
`pip install 'rulelang[net]'`.
"""
from __future__ import annotations

from ..errors import RulesError


def need_websockets():
    """The `websockets` module, or a RulesError naming the extra that installs it."""
    try:
        import websockets
    except ImportError:
        raise RulesError("network play needs the `websockets` library: pip install 'rulelang[net]'") from None
    return websockets
