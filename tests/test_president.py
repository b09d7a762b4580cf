"""President (examples/president.rules) by its usual rules: plays of one rank that beat the last play, passing,
players finishing in order, roles and the card exchange at the next hand."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot

from helpers import ROOT


@lru_cache(maxsize=None)
def president():
    return rulelang.load(ROOT / "examples" / "president.rules")


def rank_place(program, cid) -> int:
    order = [v.name for v in program.attributes["rank"].values]
    return order.index(program.cards[cid].attrs["rank"])


def bot_move(g, bots):
    d = g.pending
    return d.player, bots[d.player].choose(g.program, g.view(d.player), d)


def test_every_play_offered_is_of_one_rank_and_beats_the_last_play():
    g = Game(president(), 4, seed=5)
    bots = [GreedyBot(i) for i in range(4)]
    checked = 0
    while not g.over and g.state.hand_no == 1:
        v = g.state.vars
        plays = [m for m in g.legal() if m.verb == "play"]
        for m in plays:
            ranks = {rank_place(g.program, c) for c in m.arg}
            assert len(ranks) == 1 and 1 <= len(m.arg) <= 4
            if v["last_rank"] is not None:
                assert len(m.arg) == v["last_count"]
                assert ranks.pop() > [x.name for x in g.program.attributes["rank"].values].index(v["last_rank"])
                checked += 1
        if v["last_rank"] is None and g.pending.player == g.state.current and v["started"]:
            assert "pass" not in {m.verb for m in g.legal()}  # a lead cannot be passed
        g.apply(*bot_move(g, bots))
    assert checked > 20


def test_players_finish_in_order_and_the_first_out_is_president():
    g = Game(president(), 4, seed=2)
    bots = [GreedyBot(i) for i in range(4)]
    while not g.over:
        g.apply(*bot_move(g, bots))
    outs = [ev.player for ev in g.events if ev.type == "out"]
    assert len(outs) == 3  # the last one left is not told out: the hand ends
    assert g.state.finished[:3] == outs and sorted(g.state.finished) == [0, 1, 2, 3]
    assert g.winners == [outs[0]]
    assert g.scores == [4 - 1 - g.state.finished.index(p) for p in range(4)]


def test_at_the_next_hand_the_scum_gives_the_president_their_best_two_and_gets_two_back():
    g = Game(president(), 4, seed=7, match=True)
    bots = [GreedyBot(i) for i in range(4)]
    while g.state.hand_no == 1:
        g.apply(*bot_move(g, bots))
    order = g.state.last_places
    pres, scum = order[0], order[-1]
    hand = g.program.zone_index["hand"]
    d = g.pending
    assert d.player == pres and "give back two cards" in d.prompt
    assert len(g.state.zone(hand, pres)) == 15 and len(g.state.zone(hand, scum)) == 11
    # The two cards the Scum gave are at least as high as anything the Scum kept.
    given = g.state.zone(hand, pres)[-2:]
    assert min(rank_place(g.program, c) for c in given) >= max(rank_place(g.program, c) for c in g.state.zone(hand, scum))
    assert all(len(m.arg) == 2 for m in d.options)
    g.apply(pres, d.options[0])
    assert len(g.state.zone(hand, pres)) == 13 and len(g.state.zone(hand, scum)) == 13
    vice, vice_scum = order[1], order[-2]
    assert g.pending.player == vice and all(len(m.arg) == 1 for m in g.pending.options)
    assert len(g.state.zone(hand, vice)) == 14 and len(g.state.zone(hand, vice_scum)) == 12
    g.apply(vice, g.pending.options[0])
    assert [len(g.state.zone(hand, p)) for p in range(4)] == [13] * 4
    assert g.state.vars["leader"] == scum  # the Scum leads
    while not g.over:
        g.apply(*bot_move(g, bots))
    assert max(g.scores) >= 11 and g.winners


def test_a_move_is_typed_as_its_cards_in_any_order():
    g = Game(president(), 4, seed=5)
    bots = [GreedyBot(i) for i in range(4)]
    while not any(m.verb == "play" and len(m.arg) == 2 for m in g.legal()):
        g.apply(*bot_move(g, bots))
    pair = next(m for m in g.legal() if m.verb == "play" and len(m.arg) == 2)
    shorts = [g.program.cards[c].short.lower() for c in pair.arg]
    g.apply(g.pending.player, f"play {shorts[1]} {shorts[0]}")
    assert g.state.vars["last_count"] == 2


def test_the_three_of_clubs_leads_the_first_hand_and_a_play_all_others_pass_on_leaves_its_player_to_lead():
    from helpers import interleave
    ranks = "3456789TJQKA2"
    hands = [[r + s for r in ranks] for s in "HSCD"]   # seat 2 holds the clubs, the 3♣ among them
    g = Game(president(), 4, seed=1, stack=interleave(hands))
    assert g.pending.player == 2   # seats 0 and 1 are passed over until the 3♣'s turn
    g.apply(2, "play 3C")
    g.apply(3, "play 5D")
    for seat in (0, 1, 2):
        plays = [m for m in g.legal() if m.verb == "play"]
        assert plays and all(len(m.arg) == 1 and rank_place(g.program, m.arg[0]) > 2 for m in plays)   # one card over a 5
        g.apply(seat, "pass")
    assert g.pending.player == 3 and "pass" not in [m.text for m in g.legal()]
    assert [ev.text for ev in g.events if ev.type == "say"][-1] == f"everyone passed: {g.names[3]} leads"
    g.apply(3, "play 3D")   # a fresh lead: any rank
    assert g.state.vars["last_rank"] == "three"
