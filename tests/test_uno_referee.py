"""An independent referee for classic UNO, UNO Express and Let's Build a Droid: seeded bot games replayed from
their events alone.

The scenario tests pin each rulebook paragraph on a stacked deck; this one asks the same rules of whole games
nobody scripted.  The referee keeps its own hands, discard pile, colour in play and direction from the events
(`deal`, `move`, `choice`, `turn`, `hand_over`) and checks, in plain Python that shares nothing with the .rules
files, what the books say: every card played matches the top card by colour, number or symbol, or is a Wild
(Let's Play 1); each turn goes where the last card sent it (Skip, Reverse -- a Skip with two players --, Draw
Two / Draw One, a Wild Draw card accepted or challenged); a Draw card, an accepted or challenged Wild Draw card
and a caught UNO! cost exactly the cards the books say; a Wild Draw challenge is won or lost on the hand as the
books judge it ("Wild cards are considered a match, too"); a droid round lays parts of a different colour than
the last, in current order, until one who cannot draws 3 and every part goes back; and the winner of a hand holds
nothing and scores the points left in every other hand (Keeping Score).
"""
from __future__ import annotations

import pytest

from helpers import referee_game
from interpreter import Game

# Per game: the Draw card and what it makes the next player draw; the Wild Draw card, what accepting it costs
# and what a failed challenge costs (the same as accepting for its player when caught); the Wild cards.
BOOKS = {"uno": ("draw_two", 2, "wild_draw_four", 4, 6, {"wild", "wild_draw_four"}),
         "express": ("draw_one", 1, "wild_draw_two", 2, 4, {"wild", "wild_draw_two"}),
         "droid": ("draw_two", 2, "wild_draw_four", 4, 6, {"wild", "wild_draw_four", "wild_droid"})}


def referee(g: Game, name: str) -> list[str]:
    """What in the game's events breaks the book: [] when nothing does."""
    draw_kind, draw_n, wild_draw, accept_n, failed_n, wilds = BOOKS[name]
    prog, n = g.program, len(g.names)
    hand_zone, discard_zone = prog.zone_index["hand"], prog.zone_index["discard"]
    attrs = [c.attrs for c in prog.cards]
    hands = [set() for _ in range(n)]
    discard: list[int] = []
    colour, direction, current, expected = None, 1, None, None
    wild_draw_play = None   # (the card, its player's hand less it, the colour before it) until it is answered
    owed = None             # (seat, its hand size before, cards it must gain) once a penalty is due
    droid = None            # the droid round: who lays the next part, the last part's colour, the hands after it
    wrong = []

    def after(seat, k=1):
        return (seat + direction * k) % n

    def matches(card, top):
        a, t = attrs[card], attrs[top]
        return (a["kind"] in wilds or a.get("colour") == colour
                or a["kind"] == t["kind"] and (a["kind"] != "number" or a.get("number") == t.get("number")))

    for i, e in enumerate(g.events):
        if e.type in ("turn", "choice", "hand_over") and owed:  # the penalty has been drawn by now
            seat, before, due = owed
            if len(hands[seat]) - before != due:
                wrong.append(f"event {i}: P{seat + 1} drew {len(hands[seat]) - before}, not {due}")
            owed = None
        if e.type == "deal":
            for seat, cards in e.cards.items():
                hands[int(seat)] |= set(cards)
        elif e.type == "move":
            for c in e.cards:
                if e.src == hand_zone:
                    hands[e.src_owner].discard(c)
                elif e.src == discard_zone:
                    discard.remove(c)
                if e.dst == hand_zone:
                    hands[e.dst_owner].add(c)
                elif e.dst == discard_zone:
                    discard.append(c)
        elif e.type == "reverse" and current is None:  # classic UNO's first card: a Reverse turned up
            direction = -direction
        elif e.type == "turn":
            if expected is not None and e.player != expected:
                wrong.append(f"event {i}: P{e.player + 1}'s turn, not P{expected + 1}'s")
            current, expected = e.player, after(e.player)
            if colour is None:
                colour = attrs[discard[-1]].get("colour")
        elif e.type == "choice" and e.verb == "play":
            card, top = e.card, discard[-1]  # told before the card moves
            if not matches(card, top):
                wrong.append(f"event {i}: {prog.cards[card].short} played on {prog.cards[top].short} ({colour})")
            kind = attrs[card]["kind"]
            before = colour
            colour = attrs[card].get("colour") or colour
            if kind == "skip" or kind == "reverse" and n == 2:
                expected = after(current, 2)
            elif kind == "reverse":
                direction = -direction
                expected = after(current)
            elif kind == draw_kind:
                expected = after(current, 2)
                owed = (after(current), len(hands[after(current)]), draw_n)
            elif kind == wild_draw:
                wild_draw_play = (card, hands[current] - {card}, before)
            elif kind == "wild_droid" and len(hands[current]) > 1:  # as the last card it wins with no round
                droid = {"builder": current, "last": None,
                         "sizes": [len(h) - (p == current) for p, h in enumerate(hands)]}
        elif e.type == "choice" and e.verb == "lay":  # a droid part: "a card of a DIFFERENT color", in current order
            if e.player != droid["builder"] or attrs[e.card].get("colour") in (None, droid["last"]):
                wrong.append(f"event {i}: P{e.player + 1} lays {prog.cards[e.card].short} after {droid['last']}")
            droid["builder"], droid["last"] = after(e.player), attrs[e.card]["colour"]
        elif e.type == "say" and droid and "cannot add a part" in e.text:
            builder = droid["builder"]
            if any(attrs[c].get("colour") not in (None, droid["last"]) for c in hands[builder]):
                wrong.append(f"event {i}: P{builder + 1} could have laid a part")
            droid["sizes"][builder] += 3  # "That player must draw 3 card", and every part goes back
        elif e.type == "choice" and e.verb == "colour":
            colour = e.move.split()[1]
            if droid:
                if [len(h) for h in hands] != droid["sizes"]:
                    wrong.append(f"event {i}: after the droid round the hands hold {[len(h) for h in hands]}, "
                                 f"not {droid['sizes']}")
                droid = None
        elif e.type == "choice" and e.verb in ("accept", "challenge"):
            card, held, before = wild_draw_play
            victim = after(current)
            if e.player != victim:
                wrong.append(f"event {i}: P{e.player + 1} answers a Wild Draw card played before P{victim + 1}")
            guilty = e.verb == "challenge" and any(
                attrs[c].get("colour") == before or attrs[c]["kind"] in wilds and attrs[c]["kind"] !=
                attrs[card]["kind"] for c in held)
            if guilty:
                expected, owed = after(current), (current, len(hands[current]), accept_n)
            else:
                expected = after(current, 2)
                owed = (victim, len(hands[victim]), accept_n if e.verb == "accept" else failed_n)
            wild_draw_play = None
        elif e.type == "choice" and e.verb == "catch":
            owed = (current, len(hands[current]), 2)
        elif e.type == "hand_over":
            if any(hands[w] for w in e.winners):
                wrong.append("a winner holds cards")
            scores = [sum(attrs[c]["points"] for q in range(n) if q != p for c in hands[q]) if p in e.winners else 0
                      for p in range(n)]
            if list(e.scores) != scores:
                wrong.append(f"scores {list(e.scores)}, not {scores}")
    return wrong


@pytest.mark.parametrize("name", ["uno", "express", "droid"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_keep_the_books_rules_as_an_independent_referee_reads_them(name, players):
    for seed in range(4):
        g = referee_game(name, players, seed)
        assert referee(g, name) == [], f"seed {seed}"
        assert g.winners
