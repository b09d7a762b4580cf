"""Which moves may be taken back: undo is for a slip, never for learning what was hidden (the terminal host's
`undo` and the network table's)."""
from __future__ import annotations

from .narrator import pile
from .view import visible_at


def undo_refusal(now, before, people: list[int]) -> str | None:
    """Why the moves `now` has beyond `before` (the same game replayed without them) cannot be taken back, or None.

    They cannot when, during them:
      - the random generator was used: a shuffle, a refill of the draw pile, anything random in the rules
        (its state now differs from its state after replaying without them);
      - a card left a zone nobody may see: a draw from the draw pile, by anyone;
      - cards were shown: a `reveal`, or a face-down card moved without staying face down (turned up);
      - a person at the keyboard got, into a zone only they see, cards they could not see before (a hand
        passed or swapped to them).
    A card played face up from a hand onto the table is not counted: that is the game going on, and undo is
    for taking back a slip, with the bots' answers to it.  Otherwise the game rebuilt without the moves is exact.
    """
    st = now.state
    program = now.program
    if st.rng.getstate() != before.state.rng.getstate():
        return "a shuffle happened since"
    for ev in now.events[len(before.events):]:
        kind = ev["type"]
        if kind in ("refill", "shuffle"):
            return "a pile was shuffled since"
        if kind == "reveal":
            return "cards were shown since"
        if kind == "deal":
            return "cards were dealt since"
        if kind != "move":
            continue
        src = program.zones[ev["src"]]
        dst = program.zones[ev["dst"]]
        if src.visibility == "hidden":
            n = len(ev["cards"])
            return f"{'a card was' if n == 1 else f'{n} cards were'} taken from the {pile(src.name)} since"
        was_down = ev.get("was_down") or {}
        if any(c in was_down for c in ev["cards"]) and ev.get("face") != "down" and dst.visibility != "hidden":
            return "a face-down card was turned up since"
        if dst.visibility == "private" and ev["dst_owner"] in people and ev.get("face") != "down":
            h = ev["dst_owner"]
            for c in ev["cards"]:
                knew = (h in was_down[c]) if c in was_down else visible_at(st, c, ev["src"], ev["src_owner"], h, False)
                if not knew:
                    whose = f"{now.names[ev['src_owner']]}'s" if ev["src_owner"] is not None else "the"
                    return f"{now.names[h]} got cards from {whose} {pile(src.name)} they could not see before"
    return None


def last_move_of(moves, seat: int) -> int | None:
    """The index in the record of the seat's last move (a rule written with `house` counts), or None."""
    for i in range(len(moves) - 1, -1, -1):
        if moves[i][0] == seat:
            return i
    return None
