"""Spades (examples/spades.rules) by its usual rules: partnerships, bids, tricks with spades as trumps, bags."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot, RandomBot

from helpers import ROOT, interleave


@lru_cache(maxsize=None)
def spades():
    return rulelang.load(ROOT / "examples" / "spades.rules")


def test_partners_sit_apart_bid_and_score_together_by_contract_and_bags():
    g = Game(spades(), 4, seed=11, match=True)
    bots = [RandomBot(i + 3) for i in range(4)]
    while g.state.hand_no == 1:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(g.program, g.view(d.player), d))
    said = [ev.text for ev in g.events if ev.type == "say"]
    names = g.names
    bids = {p: int(next(t for t in said if t.startswith(f"{names[p]} bids")).split()[-1]) for p in range(4)}
    tricks = {p: sum(1 for t in said if t.startswith(f"{names[p]} takes the trick")) for p in range(4)}
    assert sum(tricks.values()) == 13
    scores = g.scores
    for team in ((0, 2), (1, 3)):
        bid, took = sum(bids[p] for p in team), sum(tricks[p] for p in team)
        points = 10 * bid + took - bid if took >= bid else -10 * bid
        points += sum((100 if tricks[p] == 0 else -100) for p in team if bids[p] == 0)
        if took > bid and took - bid >= 10:
            points -= 100
        assert scores[team[0]] == scores[team[1]] == points
    hand_over = next(ev for ev in g.events if ev.type == "win")
    assert sorted(hand_over.players) in ([0, 2], [1, 3])


def test_spades_cannot_be_led_before_they_are_broken_and_a_partnership_wins():
    g = Game(spades(), 4, seed=12)
    bots = [GreedyBot(i) for i in range(4)]
    cards = g.program.cards
    hand = g.program.zone_index["hand"]
    while not g.over:
        d = g.pending
        v = g.state.vars
        plays = [m for m in d.options if m.verb == "play"]
        mine = g.state.zone(hand, d.player)
        if plays and v["led"] is None and not v["broken"] and any(cards[c].attrs["suit"] != "spades" for c in mine):
            assert all(cards[m.arg].attrs["suit"] != "spades" for m in plays)
        g.apply(d.player, bots[d.player].choose(g.program, g.view(d.player), d))
    assert g.winners in ([0, 2], [1, 3])


def test_a_spade_takes_a_trick_led_in_another_suit_over_its_ace():
    ranks = "23456789TJQKA"
    hands = [[r + "C" for r in ranks], [r + "S" for r in ranks], [r + "H" for r in ranks], [r + "D" for r in ranks]]
    g = Game(spades(), 4, seed=1, stack=interleave(hands))
    for p in range(4):
        g.apply(p, "bid 3")
    for p, card in ((0, "2C"), (1, "2S"), (2, "AH"), (3, "AD")):
        g.apply(p, f"play {card}")
    said = [ev.text for ev in g.events if ev.type == "say"]
    assert said[-1] == f"{g.names[1]} takes the trick with 2 ♠"
    assert g.pending.player == 1 and [m.text for m in g.legal()][:2] == ["play 3S", "play 4S"]  # spades are broken
