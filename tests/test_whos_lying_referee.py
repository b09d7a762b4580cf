"""An independent referee for Who's lying?: seeded bot games replayed from their events alone.

The scenario tests (test_whos_lying_scenarios.py) pin each paragraph of the book on a stacked deal; this one asks
the same rules of whole games nobody scripted, three to five players.  The referee keeps its own hands, laid
cards, table and minus piles from the events and checks, in plain Python that shares nothing with
games/whos_lying.rules: a lay is one card or more, or as many as were laid or more after believing ("lay down the
same number or more cards"); each turn goes to the next player, or after a doubt to the doubter (a lie) or the
truthful player ("takes another turn"); everyone passing hands the turn back to the last to lay, who starts afresh;
a doubt is judged on the laid cards with the rainbow card as any colour, and sends the laid cards and the table
where the book says; the hand ends with the last card not doubted or doubted and true; and the Extended Rule's
score (+10, -1 a card in hand and minus pile, the rainbow card -10).
"""
from __future__ import annotations

import pytest

from helpers import referee_game
from interpreter import Game


def referee(g: Game) -> list[str]:
    """What in the game's events breaks the book: [] when nothing does."""
    prog, n = g.program, len(g.names)
    zone = prog.zone_index
    colour_of = [c.attrs["colour"] for c in prog.cards]
    hands, minus = [set() for _ in range(n)], [set() for _ in range(n)]
    laid: list[int] = []
    table: list[int] = []
    last_layer, claimed, count, laying, least = None, None, 0, 0, None
    current, expected, fresh = None, None, True
    due = None       # what the hands and minus piles must be once a doubt has been settled
    winner = None    # who has won, once they have
    wrong = []

    def place(z, owner):
        return {zone["hand"]: hands[owner] if owner is not None else None,
                zone["penalty"]: minus[owner] if owner is not None else None,
                zone["laid"]: laid, zone["table"]: table}.get(z)

    for i, e in enumerate(g.events):
        if due and e.type in ("turn", "choice", "hand_over"):
            wrong += [f"event {i}: P{seat + 1}'s {what} is not as the book says" for what, seat, now, want in
                      ((w, s, hands[s] if w == "hand" else minus[s], cards) for w, s, cards in due) if now != want]
            due = None
        if e.type == "deal":
            for seat, cards in e.cards.items():
                hands[int(seat)] |= set(cards)
        elif e.type == "move":
            src, dst = place(e.src, e.src_owner), place(e.dst, e.dst_owner)
            for c in e.cards:
                if src is not None:
                    src.remove(c) if isinstance(src, list) else src.discard(c)
                if dst is not None:
                    dst.append(c) if isinstance(dst, list) else dst.add(c)
        elif e.type == "turn":
            if winner is not None:
                wrong.append(f"event {i}: play goes on after P{winner + 1} has won")
            if expected is not None and e.player != expected:
                wrong.append(f"event {i}: P{e.player + 1}'s turn, not P{expected + 1}'s")
            current, laying = e.player, 0
            fresh = fresh or last_layer == current  # "If all the players pass ... the last person who discarded"
            least = 1 if fresh else None
        elif e.type == "choice" and e.verb == "lay":
            if least is None:
                wrong.append(f"event {i}: P{current + 1} lays without believing")
            laying += 1
        elif e.type == "choice" and e.verb == "say":
            if laying < least:
                wrong.append(f"event {i}: {laying} laid, fewer than {least}")
            count, claimed, last_layer, fresh, expected = laying, e.move.split()[1], current, False, (current + 1) % n
        elif e.type == "choice" and e.verb in ("believe", "pass"):
            if fresh:
                wrong.append(f"event {i}: `{e.verb}` with nothing laid")
            if not hands[last_layer]:
                winner = last_layer  # the last card, not doubted
            least, expected = count, (current + 1) % n
        elif e.type == "choice" and e.verb == "doubt":
            liar = last_layer
            if all(colour_of[c] in (claimed, "rainbow") for c in laid):
                due = [("minus pile", current, minus[current] | set(laid) | set(table))]
                expected = liar
                if not hands[liar]:
                    winner = liar  # the last card, doubted and true
            else:
                due = [("hand", liar, hands[liar] | set(laid)), ("minus pile", liar, minus[liar] | set(table))]
                expected = current
            fresh, last_layer = True, None
        elif e.type == "hand_over":
            if list(e.winners) != [winner] or hands[winner]:
                wrong.append(f"the hand is won by {e.winners}, not P{winner + 1 if winner is not None else '?'}")
            scores = [10 if p == winner else -sum(10 if colour_of[c] == "rainbow" else 1 for c in hands[p] | minus[p])
                      for p in range(n)]
            if list(e.scores) != scores:
                wrong.append(f"scores {list(e.scores)}, not {scores}")
    return wrong


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_games_keep_the_books_rules_as_an_independent_referee_reads_them(players):
    for seed in range(8):
        assert referee(referee_game("whos_lying", players, seed)) == [], f"seed {seed}"
