"""Simulation: the same report for a seed whatever the workers, counts that add up, bots that only make legal
moves, and a search bot that sees no more than its own seat."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot, RandomBot
from interpreter.bots.search import SearchBot, determinize
from rulelang.simulate.run import simulate

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "games").glob("*.rules"))
EXPRESS = str(ROOT / "games" / "express.rules")


def test_the_report_for_a_seed_is_the_same_with_one_or_two_workers():
    one = simulate(EXPRESS, 40, 4, ["greedy", "random"], seed=5, workers=1)
    two = simulate(EXPRESS, 40, 4, ["greedy", "random"], seed=5, workers=2)
    for key in ("wins", "turns", "stalemates", "cards_played", "moves", "rules_fired", "tallies"):
        assert one[key] == two[key], key


def test_the_report_adds_up():
    rep = simulate(str(ROOT / "games" / "liars.rules"), 12, 3, ["greedy"], seed=1)
    assert rep["games"] == 12
    assert sum(rep["wins"]) + rep["stalemates"]["count"] == pytest.approx(12)
    assert rep["turns"]["total"] > 0
    assert sum(c for _, _, c in rep["turns"]["histogram"]) == 12
    assert rep["tallies"]["claims"] >= rep["tallies"].get("lies", 0)
    assert set(rep["rules_never_fired"]) <= set(rep["rules_fired"])
    assert all(0 <= lo <= hi <= 1 for lo, hi in rep["win_ci95"])


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_bots_never_make_an_illegal_move(path):
    """30 games of greedy bots and 6 of random ones (up to 2,000 moves each), every move checked against the
    legal ones, and every card in one zone after every move (RULELANG_GAMES=N sets the number of greedy games,
    and a tenth as many random ones, for a longer run: 1000 was the old default, then 100, then 50)."""
    program = rulelang.load(path)
    greedy = int(os.environ.get("RULELANG_GAMES", "30"))
    for seed in range(greedy + max(6, greedy // 10)):
        kind = RandomBot if seed >= greedy else GreedyBot
        g = Game(program, program.min_players + seed % 3 if program.min_players + 2 <= program.max_players else
                 program.min_players, seed=seed, record=False)
        bots = [kind(seed * 7 + i) for i in range(len(g.names))]
        for _ in range(20_000 if kind is GreedyBot else 2_000):  # random bots can take very long: legality is the point
            if g.over:
                break
            d = g.pending
            g.apply(d.player, bots[d.player].choose(g.program, g.view(d.player), d), checked=True)
            g.check_cards()
        assert g.over or kind is RandomBot, f"seed {seed}: no end"


def _hide_others(g: Game, seat: int, rng: random.Random) -> None:
    """Shuffle the real places of every card `seat` cannot see: what it is shown must not change."""
    from interpreter.view import visible

    st = g.state
    places, cards = [], []
    for zi, spec in enumerate(st.program.zones):
        for owner in (range(st.n) if spec.per_player else (None,)):
            z = st.zone(zi, owner)
            for i, c in enumerate(z):
                if not visible(st, c, zi, owner, seat) and c not in st.facedown:
                    places.append((z, i))
                    cards.append(c)
    rng.shuffle(cards)
    for (z, i), c in zip(places, cards):
        z[i] = c


@pytest.mark.parametrize("name", ["express", "liars"])
def test_the_search_bot_sees_only_its_own_seat(name):
    """Changing the hidden cards of other seats changes neither the view nor the samples the bot plays out."""
    program = rulelang.load(ROOT / "games" / f"{name}.rules")
    for seed in range(6):
        g = Game(program, 4, seed=seed)
        bots = [GreedyBot(i) for i in range(4)]
        for _ in range(seed * 3 + 2):
            d = g.pending
            g.apply(d.player, bots[d.player].choose(program, g.view(d.player), d))
        seat = g.pending.player
        before_view = g.view(seat)
        before = [sorted(map(str, determinize(g.state, seat, random.Random(k)).zones)) for k in range(3)]
        _hide_others(g, seat, random.Random(99 + seed))
        assert g.view(seat) == before_view
        after = [sorted(map(str, determinize(g.state, seat, random.Random(k)).zones)) for k in range(3)]
        assert after == before


def test_the_search_bot_plays_legal_moves_quickly():
    program = rulelang.load(EXPRESS)
    g = Game(program, 3, seed=3, record=False)
    bots = [SearchBot(1, budget=200), GreedyBot(2), GreedyBot(3)]
    for _ in range(60):
        if g.over:
            break
        d = g.pending
        if d.player == 0:
            move = bots[0].choose(program, g.view(0), d, g)
        else:
            move = bots[d.player].choose(program, g.view(d.player), d)
        g.apply(d.player, move, checked=True)


MATCH_TO_3 = """
game "High card"
players 2..2
attribute rank ordered { low high }
deck draw { for r in rank { 2 cards {rank: r} } }
zone draw hidden
zone hand private per player
setup { shuffle draw  deal 1 from draw to hand }
turn {
  choose current {
    show { win [p for p in players if top(hand(p)).rank == max(top(hand(q)).rank for q in players)] }
  }
}
score { for w in winners { set score(w) = score(w) + 1 } }
match to 3
"""


def test_simulate_match_plays_whole_matches_and_reports_their_hands_and_scores(tmp_path):
    # A hand scores a point to each holder of the high card; a match ends when a score reaches 3.
    path = tmp_path / "high.rules"
    path.write_text(MATCH_TO_3)
    rep = simulate(str(path), 20, 2, ["random"], seed=1, match=True)
    m = rep["match"]
    assert rep["games"] == 20 and sum(rep["wins"]) == pytest.approx(20)
    assert m["hands_histogram"][0][0] >= 3 and sum(c for _, _, c in m["hands_histogram"]) == 20
    assert 3 <= m["hands_mean"] <= m["hands_longest"] <= 5  # 3 to 5 hands: a point each, or to both on a tie
    assert all(3 * 0 <= s <= 3 for s in m["mean_score"]) and max(m["mean_score"]) >= 1.5
    assert rep["moves"]["show"] == round(m["hands_mean"] * 20)  # one move a hand
    one = simulate(str(path), 20, 2, ["random"], seed=1)
    assert "match" not in one and one["moves"] == {"show": 20}  # without --match: one hand a game


def test_simulate_reports_each_team_of_a_game_of_teams():
    rep = simulate(str(ROOT / "examples" / "spades.rules"), 3, 4, ["greedy"], seed=1)
    teams = rep["teams"]
    assert [t["seats"] for t in teams] == [[1, 3], [2, 4]]
    for t in teams:  # a partnership wins together: its wins are its seats' wins
        assert t["wins"] == pytest.approx(sum(rep["wins"][s - 1] for s in t["seats"]))
    assert sum(t["wins"] for t in teams) == pytest.approx(3)
    assert "teams" not in simulate(EXPRESS, 2, 4, ["greedy"], seed=1)
