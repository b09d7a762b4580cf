"""What the search bot's memory of asks (interpreter.bots.memory.Asks) learns comes from its seat's sight alone: two
games its seat cannot tell apart (the other player's hidden cards differ) teach it the same, move for move."""
from __future__ import annotations

import random

import rulelang
from helpers import ROOT
from interpreter import Game
from interpreter.bots.odds import Sight
from interpreter.bots.search import SearchBot, determinize, facts


def test_asks_learn_the_same_from_games_the_seat_cannot_tell_apart():
    program = rulelang.load(ROOT / "tests" / "rules" / "ask_until_told_no.rules")
    hand = next(z.index for z in program.zones if z.name == "hand")
    stock = next(z.index for z in program.zones if z.name == "stock")
    rank = [c.attrs["rank"] for c in program.cards]
    f = facts(program)
    games = [Game(program, 2, seed=0, record=False) for _ in range(2)]
    # In the second, P2's top is a card of the stock's bottom that is neither top, high nor low (asked below)
    st = games[1].state
    i = next(i for i, c in enumerate(st.zones[hand][1]) if rank[c] == "top")
    j = next(j for j, c in enumerate(st.zones[stock]) if rank[c] == "mid")
    assert j < len(st.zones[stock]) - 3  # not among the cards drawn below
    st.zones[hand][1][i], st.zones[stock][j] = st.zones[stock][j], st.zones[hand][1][i]
    bots = [SearchBot(0, budget=50) for _ in games]
    learnt = []
    for step in ("ask P2 high", "ask P2 low", "draw", "P2 draws", "draw"):
        for g, bot in zip(games, bots):
            if step == "P2 draws":
                g.apply(1, next(o for o in g.pending.options if o.verb == "draw"), False)
                continue
            move = next(o for o in g.pending.options if o.text == step)
            sight = Sight.of_game(g, 0)
            bot.asks.look(sight)
            bot.asks.after(g, 0, move, sight, lambda c, v: f.fits(c, v, "value"))
            g.apply(0, move, False)
        assert games[0].view(0) == games[1].view(0)  # the seat sees the same
        learnt.append([(b.asks.refused(), b.asks.known, b.asks.gained, b.asks.held, b.asks.own) for b in bots])
    assert all(a == b for a, b in learnt)
    assert learnt[0][0][0]  # (it did learn something: P2 refused highs)
    samples = []
    for g, b in zip(games, bots):
        rng = random.Random(5)
        samples.append([determinize(g.state, 0, rng, refused=b.asks.refused()).zones[hand][1] for _ in range(20)])
    assert samples[0] == samples[1]  # and its samples are the same


def test_asks_are_learnt_again_when_a_game_is_replayed():
    """A game resumed from its record (`rulelang.save`: each bot is asked to `follow` its decisions, the recorded
    move then made) leaves the search bot's memory of asks where the live game left it: it looks at each decision
    replayed and learns from the move the record holds for it."""
    program = rulelang.load(ROOT / "examples" / "more" / "go_fish.rules")
    live = Game(program, 2, seed=3)
    bots = [SearchBot(7, budget=50), SearchBot(8, budget=50)]
    states = {}
    while not live.over and len(live.record()) < 60:
        d = live.pending
        if d.player == 0:  # what it knows before it looks at this decision
            a = bots[0].asks
            states[len(live.record())] = (a.refused(), dict(a.known), a.gained[:], a.held[:], a.own, a.seen)
        live.apply(d.player, bots[d.player].move(live, d.player, d), False)
    record = live.record()
    assert any(s[0] for s in states.values())  # it did learn that a player holds none of a rank
    game, bot = Game(program, 2, seed=3), SearchBot(7, budget=50)
    for i, (seat, text) in enumerate(record):
        d = game.pending
        if seat == 0 and i in states:
            bot.caught_up(game)
            a = bot.asks
            assert (a.refused(), a.known, a.gained, a.held, a.own, a.seen) == states[i], i
            bot.follow(game, 0, d)
        game.replay(seat, text)
