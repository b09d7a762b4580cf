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
        bid, took = sum(bids[p] for p in team), sum(tricks[p] for p in team if bids[p] != 0)
        bags = (took - bid if took >= bid else 0) + sum(tricks[p] for p in team if bids[p] == 0)
        points = (10 * bid if took >= bid else -10 * bid) + bags
        points += sum((100 if tricks[p] == 0 else -100) for p in team if bids[p] == 0)
        points -= 100 * (bags // 10)
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


def play_out(winners, bids):
    """A stacked hand whose thirteen tricks go to `winners` (seats, trick by trick), played out after `bids`.

    Tricks 1-12 are each four cards of one suit (clubs, diamonds, hearts, then spades, three tricks a suit),
    the winner holding the highest; the twos are left for the last trick. The winner of trick 9 holds the four
    spades that lead trick 10 (spades not broken yet: they may be led by a hand of nothing else) and the 2♠,
    so it takes trick 13 too: `winners[8]` must be `winners[12]`."""
    assert len(winners) == 13 and winners[8] == winners[12]
    spade_holder = winners[8]
    hands = {p: [] for p in range(4)}
    plan = []   # per trick: {seat: card}
    for t, suit in enumerate("CCCDDDHHHSSS"):
        top = "AKQJT9876543"[(t % 3) * 4:(t % 3) * 4 + 4]   # this trick's four ranks, highest first
        order = [winners[t]] + [p for p in range(4) if p != winners[t]]
        plan.append({p: r + suit for p, r in zip(order, top)})
    others = [p for p in range(4) if p != spade_holder]
    plan.append({spade_holder: "2S", **{p: "2" + s for p, s in zip(others, "CDH")}})
    for trick in plan:
        for p, card in trick.items():
            hands[p].append(card)
    g = Game(spades(), 4, seed=1, stack=interleave([hands[p] for p in range(4)]))
    for p in range(4):
        g.apply(p, f"bid {bids[p]}")
    leader = 0
    for t, trick in enumerate(plan):
        for i in range(4):
            p = (leader + i) % 4
            g.apply(p, f"play {trick[p]}")
        assert [ev.text for ev in g.events if ev.type == "say"][-1].startswith(f"{g.names[winners[t]]} takes the trick")
        leader = winners[t]
    assert g.over
    return g


def test_a_failed_nil_loses_100_its_tricks_are_bags_and_the_partner_makes_the_bid_alone():
    # Seat 0 (nil) takes tricks 1 and 5, its partner seat 2 (bid 3) takes 3; the others (4 + 4) take 8.
    g = play_out([0, 2, 1, 3, 0, 2, 3, 1, 1, 2, 3, 3, 1], [0, 4, 3, 4])
    assert g.scores == [30 + 2 - 100, 80, 30 + 2 - 100, 80]   # the bid of 3 made, 2 bags, the nil lost


def test_a_nil_bidders_tricks_do_not_count_towards_the_partners_bid():
    # The same tricks; the partner bid 4 and took 3: the nil bidder's two tricks do not make it up.
    g = play_out([0, 2, 1, 3, 0, 2, 3, 1, 1, 2, 3, 3, 1], [0, 4, 4, 3])
    assert g.scores == [-40 + 2 - 100, 70 + 1, -40 + 2 - 100, 70 + 1]


def test_a_successful_nil_scores_100_beside_the_partners_contract():
    g = play_out([2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 3, 3, 1], [0, 4, 4, 4])
    assert g.scores == [100 + 40 + 1, 80, 100 + 40 + 1, 80]


def test_a_nil_bidders_tricks_count_among_the_ten_bags_that_cost_100():
    # The nil bidder takes 4, the partner (bid 1) takes 7: 6 + 4 = 10 bags.
    g = play_out([0, 2, 0, 2, 0, 2, 0, 2, 1, 2, 2, 2, 1], [0, 1, 1, 1])
    assert g.scores == [10 + 10 - 100 - 100, 20, 10 + 10 - 100 - 100, 20]
    assert g.scores[0] % 10 == 0   # the bags start again from none


def test_the_hand_goes_to_the_partnership_that_gained_more_counting_the_ten_bags_lost():
    # Seats 0 and 2 bid 1 each and take 12: 20 and 10 bags, less 100 (-70); seats 1 and 3 bid 1 each and take
    # 1: -20. Before the bags were counted in, the 30 before the loss of 100 won the hand.
    g = play_out([0, 2, 0, 2, 1, 2, 0, 2, 0, 2, 0, 2, 0], [1, 1, 1, 1])
    assert g.scores == [-70, -20, -70, -20] and g.winners == [1, 3]
