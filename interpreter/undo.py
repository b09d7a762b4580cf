"""Which moves may be taken back: undo is for a slip, never for learning what was hidden (the terminal host's
`undo` and the network table's)."""
from __future__ import annotations

from .narrator import spec_pile, spec_the
from .view import visible_at


def undo_refusal(now, before, people: list[int]) -> str | None:
    """Why the moves `now` has beyond `before` (the same game replayed without them) cannot be taken back, or None.

    They cannot when, during them:
      - the random generator was used: a shuffle, a refill of the draw pile, anything random in the rules
        (its state now differs from its state after replaying without them);
      - a card left a zone nobody may see: a draw from the draw pile, by anyone;
      - cards were shown: a `reveal`, or a face-down card moved without staying face down (turned up);
      - a person at the keyboard got, into a zone only they see, cards they could not see before (a hand
        passed or swapped to them);
      - a person saw a card of a bot's that was hidden from them: a bot's answer played face up from its hand.
        The person would take their move back knowing the bot's cards and its reply, and play against them.
        (A card another person showed is that person's to forgive: they are asked to agree.)
    Otherwise the game rebuilt without the moves is exact: undo is for taking back a slip before anything
    hidden came into view.
    """
    st = now.state
    program = now.program
    if st.rng.getstate() != before.state.rng.getstate():
        return "a shuffle happened since"
    for ev in now.events[len(before.events):]:
        kind = ev.type
        if kind in ("refill", "shuffle"):
            return "a pile was shuffled since"
        if kind == "reveal":
            return "cards were shown since"
        if kind == "deal":
            return "cards were dealt since"
        if kind != "move":
            continue
        src = program.zones[ev.src]
        dst = program.zones[ev.dst]
        if src.visibility == "hidden":
            n = len(ev.cards)
            return f"{'a card was' if n == 1 else f'{n} cards were'} taken from {spec_the(src)} since"
        was_down = ev.was_down or {}
        if any(c in was_down for c in ev.cards) and ev.face != "down" and dst.visibility != "hidden":
            return "a face-down card was turned up since"
        if dst.visibility == "private" and ev.dst_owner in people and ev.face != "down":
            h = ev.dst_owner
            for c in ev.cards:
                knew = (h in was_down[c]) if c in was_down else visible_at(st, c, ev.src, ev.src_owner, h, False)
                if not knew:
                    whose = f"{now.names[ev.src_owner]}'s" if ev.src_owner is not None else "the"
                    return f"{now.names[h]} got cards from {whose} {spec_pile(src)} they could not see before"
        if ev.face == "down" or ev.src_owner in people:
            continue
        for c in ev.cards:
            for h in people:
                knew = (h in was_down[c]) if c in was_down else visible_at(st, c, ev.src, ev.src_owner, h, False)
                if not knew and visible_at(st, c, ev.dst, ev.dst_owner, h, False):
                    whose = f"{now.names[ev.src_owner]}'s" if ev.src_owner is not None else "the"
                    return (f"{program.cards[c].name} came out of {whose} {src.name} since, and a card hidden from "
                            f"{'you' if len(people) == 1 else now.names[h]} cannot be unseen")
    return None


# What a person whose move is not taken back may do (after the reason `undo_refusal` gives).
UNDO_REFUSED = "the game goes on from here: make your next move"


def last_move_of(moves, seat: int) -> int | None:
    """The index in the record of the seat's last move (a rule written with `house` counts), or None."""
    for i in range(len(moves) - 1, -1, -1):
        if moves[i][0] == seat:
            return i
    return None
