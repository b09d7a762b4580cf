"""An independent referee for Liar's UNO's claims: seeded bot games replayed from their events alone.

The scenario tests (test_liars_scenarios.py) pin each paragraph of the book on a stacked deck; this one asks the
claims' rules of long stretches of games nobody scripted, two to four players, with random bots that bluff,
cheat and challenge at random.  The referee keeps its own hands, draw pile size, card shown and colour in play
from the events and checks, in plain Python that shares nothing with games/liars.rules: every claim is plausible
("your lie must be plausible": a card of the colour in play, of the shown card's number or symbol, or a Wild Draw
4, never the face-up Wild Liar's Challenge), made against what the last claim said, not the hidden card; and a
challenge costs what the book says: a lie comes back with 1 more ("take the card back AND draw 1 card"), a Regular
card laid face down comes back with 6 more, and a truthful card costs the challenger 1 (after the claimed Draw Two
or Wild Draw 4, when the challenger is the next player).  (Claims of a 7 or 0 and turns with a caught UNO! are
left to the scenarios: hands change hands there.)
"""
from __future__ import annotations

from collections import Counter

import pytest

from helpers import referee_game
from interpreter import Game

MOVES = 1500  # random bots rarely finish Liar's UNO; a stretch of this many moves holds hundreds of claims


def referee(g: Game) -> tuple[list[str], Counter]:
    """What in the game's events breaks the book ([] when nothing does), and the challenges judged, by kind."""
    prog, n = g.program, len(g.names)
    zone = prog.zone_index
    attrs = [c.attrs for c in prog.cards]
    hands = [set() for _ in range(n)]
    draw = prog.deck_size
    shown, colour, direction, top = None, None, 1, None
    laid = claim = None
    caught_uno = False
    wrong, judged = [], Counter()

    def same(a, b):
        return all(attrs[a].get(k) == attrs[b].get(k) for k in ("colour", "kind", "number"))

    def plausible(k):
        a, t = attrs[k], attrs[shown]
        return a["kind"] != "wild_liars_challenge" and (
            a["kind"] == "wild_draw_four" or a.get("colour") == colour
            or a["kind"] == t["kind"] and (a["kind"] != "number" or a.get("number") == t.get("number")))

    def settle(i):
        card, k, player, challenger = claim["card"], claim["says"], claim["player"], claim["challenger"]
        before = claim["sizes"]
        if challenger is None or caught_uno or claim["short"] or attrs[k].get("number") in (0, 7):
            return
        now = [len(h) for h in hands]
        if attrs[card]["face"] == "regular":
            what, who, gained = "cheat", player, 6
        elif same(card, k):
            hit = challenger == (player + direction) % n and attrs[k]["kind"] in ("draw_two", "wild_draw_four")
            drawn = {"draw_two": 2, "wild_draw_four": 4}[attrs[k]["kind"]] if hit else 0
            what, who, gained = "truth", challenger, 1 + drawn
        else:
            what, who, gained = "lie", player, 1
        judged[what] += 1
        if now[who] != before[who] + gained:
            wrong.append(f"event {i}: P{who + 1} went from {before[who]} to {now[who]} cards, not +{gained}")

    for i, e in enumerate(g.events):
        if claim and e.type in ("turn", "hand_over"):
            settle(i)
            claim = None
        if e.type == "deal":
            for seat, cards in e.cards.items():
                hands[int(seat)] |= set(cards)
                draw -= len(cards)
        elif e.type == "refill":
            draw += e.count
        elif e.type == "move":
            draw += len(e.cards) * ((e.dst == zone["draw"]) - (e.src == zone["draw"]))
            if e.dst == zone["discard"]:
                top = e.cards[-1]
            for c in e.cards:
                if e.src == zone["hand"]:
                    hands[e.src_owner].discard(c)
                if e.dst == zone["hand"]:
                    hands[e.dst_owner].add(c)
            if claim and e.src == zone["discard"] and e.dst == zone["hand"] and claim["card"] in e.cards:
                shown, colour = claim["before"]  # caught: the card was never played
        elif e.type == "reverse":
            direction = -direction
        elif e.type == "turn":
            caught_uno = False
            if shown is None:  # the card turned up to start
                shown, colour = top, attrs[top]["colour"]
        elif e.type == "choice":
            if e.verb in ("truth", "bluff", "cheat") and e.card is not None and any(e.card in h for h in hands):
                laid = e.card
            elif e.verb == "claim":
                if not plausible(e.card):
                    wrong.append(f"event {i}: {prog.cards[e.card].short} claimed on {prog.cards[shown].short} "
                                 f"({colour})")
                claim = {"card": laid, "says": e.card, "player": e.player, "sizes": [len(h) for h in hands],
                         "challenger": None, "before": (shown, colour), "short": draw < 7}
                shown = e.card
                colour = attrs[e.card].get("colour") or colour
            elif e.verb == "challenge" and e.kind == "" and claim:
                claim["challenger"] = e.player
            elif e.verb == "play":
                shown = e.card
                colour = attrs[e.card].get("colour") or colour
            elif e.verb == "colour":
                colour = e.move.split()[1]
            elif e.verb == "catch":
                caught_uno = True
    return wrong, judged


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_keep_the_books_claims_as_an_independent_referee_reads_them(players):
    judged = Counter()
    for seed in range(3):
        wrong, kinds = referee(referee_game("liars", players, seed, MOVES))
        assert wrong == [], f"seed {seed}"
        judged += kinds
    assert min(judged[k] for k in ("cheat", "lie", "truth")) >= 1  # it judged challenges of every kind, not none
