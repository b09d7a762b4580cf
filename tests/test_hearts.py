"""Hearts (examples/hearts.rules) by its usual rules: passing three cards, following suit, the highest card of
the suit led takes the trick and leads, hearts broken, points by hand."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot

from helpers import ROOT


@lru_cache(maxsize=None)
def hearts():
    return rulelang.load(ROOT / "examples" / "hearts.rules")


def bot_move(g, bots):
    d = g.pending
    return d.player, bots[d.player].choose(g.program, g.view(d.player), d)


def shorts(g, name, owner=None):
    return [g.program.cards[c].short for c in zone(g, name, owner)]


def zone(g, name, owner=None):
    return list(g.state.zone(g.program.zone_index[name], owner))


def test_three_cards_are_passed_to_the_left_in_the_first_hand():
    g = Game(hearts(), 4, seed=3)
    passed = {}
    for p in range(4):
        d = g.pending
        assert d.player == p and "pass three cards" in d.prompt and all(len(m.arg) == 3 for m in d.options)
        passed[p] = d.options[-1].arg
        g.apply(p, d.options[-1])
    for p in range(4):
        assert set(passed[p]) <= set(zone(g, "hand", (p + 1) % 4))
        assert len(zone(g, "hand", p)) == 13


def test_suit_is_followed_the_trick_goes_to_the_highest_of_the_suit_led_and_hearts_wait_to_be_broken():
    g = Game(hearts(), 4, seed=4)
    bots = [GreedyBot(i) for i in range(4)]
    cards = g.program.cards
    order = [v.name for v in g.program.attributes["rank"].values]
    tricks = 0
    while not g.over and g.state.hand_no == 1:
        d = g.pending
        v = g.state.vars
        plays = [m for m in d.options if m.verb == "play"]
        if plays and v["led"] is not None:
            hand = zone(g, "hand", d.player)
            if any(cards[c].attrs["suit"] == v["led"] for c in hand):
                assert all(cards[m.arg].attrs["suit"] == v["led"] for m in plays)
        if plays and v["led"] is None and not v["broken"]:
            hand = zone(g, "hand", d.player)
            if any(cards[c].attrs["suit"] != "hearts" for c in hand):
                assert all(cards[m.arg].attrs["suit"] != "hearts" for m in plays)
        before = zone(g, "trick")
        seat, move = bot_move(g, bots)
        g.apply(seat, move)
        if len(before) == 3 and move.verb == "play":  # the fourth card: the trick is taken
            played = before + [move.arg]
            led = cards[played[0]].attrs["suit"]
            high = max((c for c in played if cards[c].attrs["suit"] == led), key=lambda c: order.index(cards[c].attrs["rank"]))
            taker = next(p for p in range(4) if high in zone(g, "taken", p))
            assert set(played) <= set(zone(g, "taken", taker))
            assert g.over or g.state.hand_no > 1 or g.pending.player == taker  # the taker leads the next trick
            tricks += 1
    assert tricks == 13


def test_a_match_ends_when_someone_reaches_100_and_the_fewest_points_win():
    g = Game(hearts(), 4, seed=5, match=True, record=False)
    bots = [GreedyBot(i) for i in range(4)]
    hands = []
    while not g.over:
        seat, move = bot_move(g, bots)
        if g.state.hand_no not in hands:
            hands.append(g.state.hand_no)
            assert max(g.scores) < 100  # a hand begins only while nobody has reached 100
        g.apply(seat, move, checked=False)
    assert len(hands) > 4 and max(g.scores) >= 100
    # Each hand hands out 26 penalty points (shooting the moon: 78), all of them counted against a score.
    assert all(s >= 0 for s in g.scores) and 26 * len(hands) <= sum(g.scores) <= 78 * len(hands)
    assert g.winners == [p for p in range(4) if g.scores[p] == min(g.scores)]


def test_no_heart_nor_the_queen_of_spades_may_be_discarded_on_the_first_trick():
    from helpers import interleave
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
    suits = ["D", "H", "C", "S"]   # seat 0 all diamonds, 1 all hearts, 2 all clubs, 3 all spades
    hands = [[r + s for r in ranks] for s in suits]
    g = Game(hearts(), 4, seed=1, stack=interleave(hands))
    cards = g.program.cards
    assert [sorted(cards[c].short for c in zone(g, "hand", p)) for p in range(4)] == [sorted(h) for h in hands]
    give = {0: {"2D", "3D", "4D"}, 1: {"2H", "3H", "4H"}, 2: {"3C", "4C", "5C"}, 3: {"QS", "KS", "AS"}}
    for p in range(4):   # the first hand passes to the left
        d = g.pending
        move = next(m for m in d.options if {cards[c].short for c in m.arg} == give[p])
        g.apply(p, move)
    def plays():
        return sorted(cards[m.arg].short for m in g.pending.options if m.verb == "play")
    assert g.pending.player == 2 and plays() == ["2C"]   # the two of clubs leads
    g.apply(2, next(m for m in g.pending.options if m.verb == "play"))
    assert g.pending.player == 3 and plays() == ["3C", "4C", "5C"]   # follow suit
    g.apply(3, next(m for m in g.pending.options if m.verb == "play"))
    # Seat 0 has no club: ten diamonds and the QS, KS, AS passed from seat 3; the queen of spades may not go.
    assert g.pending.player == 0 and "QS" not in plays() and "KS" in plays() and "5D" in plays()
    g.apply(0, next(m for m in g.pending.options if m.verb == "play" and cards[m.arg].short == "KS"))
    # Seat 1 has no club: ten hearts and three diamonds; no heart may go.
    assert g.pending.player == 1 and plays() == ["2D", "3D", "4D"]


def test_taking_every_heart_and_the_queen_of_spades_shoots_the_moon():
    from helpers import interleave
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
    hands = [[r + s for r in ranks] for s in "CDSH"]   # seat 0 all clubs, 1 diamonds, 2 spades, 3 hearts
    g = Game(hearts(), 4, seed=1, stack=interleave(hands))
    cards = g.program.cards
    # To the left: seat 0 gives away its three lowest clubs, seat 3 gives seat 0 the three top hearts.
    give = {0: {"2C", "3C", "4C"}, 1: {"2D", "3D", "4D"}, 2: {"2S", "3S", "4S"}, 3: {"AH", "KH", "QH"}}
    for p in range(4):
        g.apply(p, next(m for m in g.pending.options if {cards[c].short for c in m.arg} == give[p]))

    def play(p, card=None):
        assert g.pending.player == p
        g.apply(p, next(m for m in g.pending.options if m.verb == "play" and card in (None, cards[m.arg].short)))

    play(1, "2C")   # seat 1 was passed the two of clubs
    play(2, "2D")
    play(3, "2S")   # the first trick takes no heart
    play(0, "5C")
    for trick in range(2, 14):   # seat 0 leads a club it alone still holds, or one of the three top hearts
        for i in range(4):
            play(i, "QS" if (trick, i) == (2, 2) else None)
    said = [ev.text for ev in g.events if ev.type == "say"]
    assert said[:10] == [f"{g.names[0]} takes the trick with {c}" for c in
                         ["5 ♣", "6 ♣", "7 ♣", "8 ♣", "9 ♣", "10 ♣", "J ♣", "Q ♣", "K ♣", "A ♣"]]
    assert sorted(said[10:]) == [f"{g.names[0]} takes the trick with {c}" for c in ["A ♥", "K ♥", "Q ♥"]]
    assert sorted(shorts(g, "taken", 0)) == sorted(r + s for r in ranks for s in "CDSH")
    assert g.over and g.winners == [0]
    assert g.scores == [0, 26, 26, 26]   # 13 hearts and the queen of spades: the others take 26 each
