"""Properties over many seeded bot games of every game file: cards conserved, games end, same seed same game, views hide.
RULELANG_GAMES=N plays N games a file in the conservation test (40 by default; 1000 for a longer run)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot, RandomBot

GAMES = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "games").glob("*.rules"))
GAMES_PER_FILE = int(os.environ.get("RULELANG_GAMES", "40"))
MAX_MOVES = 20_000


@pytest.fixture(scope="module", params=GAMES, ids=lambda p: Path(p).stem)
def program(request):
    return rulelang.load(request.param)


def bots_for(seed: int, n: int):
    """Greedy bots, with random ones beside them in every third game, so odd moves get exercised too."""
    mixed = seed % 3 == 0
    return [(RandomBot if mixed and i % 2 else GreedyBot)(seed * 31 + i) for i in range(n)]


def play(program, seed: int, players: int, check=None, record=False, stop=None):
    """A seeded bot game to its end (or `stop` moves)."""
    g = Game(program, players, seed=seed, record=record)
    bots = bots_for(seed, players)
    moves = 0
    while not g.over and moves != stop:
        d = g.pending
        assert d is not None, "a game that is not over must be waiting for a decision"
        g.apply(d.player, bots[d.player].choose(program, g.view(d.player), d), checked=False)
        moves += 1
        if check:
            check(g)
        assert moves < MAX_MOVES, f"seed {seed}: no end after {MAX_MOVES} moves"
    return g


@pytest.mark.slow
def test_cards_conserved_and_games_end(program):
    """Every card is in exactly one zone after every move, and every game ends with a winner."""
    for seed in range(GAMES_PER_FILE):
        players = program.min_players + seed % (min(program.max_players, 6) - program.min_players + 1)
        g = play(program, seed, players, check=Game.check_cards)
        assert g.winners, f"seed {seed}: the game ended without a winner"


def test_same_seed_same_game(program):
    """Rules text + seed + moves = the same game, every time."""
    for seed in range(3):
        a = play(program, seed, 3, record=True)
        b = play(program, seed, 3, record=True)
        assert a.state.moves == b.state.moves
        assert a.events == b.events
        assert a.scores == b.scores


def test_different_seeds_differ(program):
    first = [play(program, seed, 3, record=True, stop=5).state.moves for seed in range(5)]
    assert len({tuple(m) for m in first}) > 1


def test_views_hide_other_hands_and_the_draw_pile(program):
    """A seat's view shows its own hand and the public cards, never another hand or a hidden pile: but for the cards
    a `reveal` showed it there (a challenged Wild Draw Four's hand), while they lie there (`st.revealed`)."""
    def check(g):
        st = g.state
        for seat in range(st.n):
            v = g.view(seat)
            for spec in program.zones:
                z = v["zones"][spec.name]
                if spec.per_player:
                    for owner, h in enumerate(z):
                        shown = [c for c in h["cards"] if c is not None and seat not in st.revealed.get(c, ())]
                        if owner != seat and spec.visibility != "public":
                            assert not shown, f"seat {seat} sees {spec.name} of seat {owner}"
                        assert h["size"] == len(st.zones[spec.index][owner])
                elif spec.visibility == "hidden":
                    assert all(c is None or seat in st.revealed.get(c, ()) for c in z["cards"])
    for seed in range(6):
        play(program, seed, 3, check=check)


def test_match_plays_several_hands_to_the_target(program):
    """With --match, hands go on until someone's score reaches the target."""
    g = Game(program, 3, seed=7, record=True, match=True)
    bots = bots_for(7, 3)
    while not g.over:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(program, g.view(d.player), d), checked=False)
    hands = [e for e in g.events if e.type == "hand_over"]
    assert len(hands) == g.state.hand_no
    if program.match_target:
        assert max(g.scores) >= program.match_target
        assert all(max(e.scores) < program.match_target for e in hands[:-1])
    assert g.events[-1].type == "game_over"
    assert g.events[-1].winners == [max(range(3), key=lambda p: g.scores[p])]
