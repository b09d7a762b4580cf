"""The search bot: it picks what wins, leaves the real game untouched, gives the same moves for a seed, plays
every game legally, and believes a claim in its samples as often as it is told to.  Small budgets keep these
quick; the strength figures (README, "Simulating many games") come from `rulelang simulate`."""
from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import search
from interpreter.bots import GreedyBot, ask_bot, make_bot
from interpreter.seat import apply as apply_move, standing
from interpreter.view import view as view_of
from interpreter.bots.odds import Sight
from interpreter.bots.search import Policy, SearchBot, determinize, facts, playout
from rulelang.simulate.one import play_one
from rulelang.simulate.run import simulate

from helpers import with_hidden_cards_moved

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "games").glob("*.rules"))

# Two moves: the one listed first (the greedy bot's) loses at once, the other wins at once.
TRAP = """
game "Trap"
players 2..2

attribute colour {
  red  "Red"  short "R"
  blue "Blue" short "B"
}

name cards by colour

deck draw {
  for c in colour {
    3 cards {colour: c}
  }
}

zone draw hidden
zone hand private per player

setup {
  shuffle draw
  deal 2 from draw to hand
}

turn {
  choose current {
    grab "listed first, and loses at once" {
      win next
    }
    give c in hand(current) "wins at once" {
      win current
    }
  }
}
"""


def _load(name):
    return rulelang.load(ROOT / "games" / f"{name}.rules")


def _fingerprint(st) -> str:
    """Everything a move could change in a state, as text (frames' lists included)."""
    return repr((st.zones, st.vars, st.pvars, sorted(st.facedown.items()), st.current, st.direction, st.turns,
                 st.pending, st.winners, st.claim, [(f.name, f.pc, sorted(f.env.items(), key=lambda kv: kv[0]))
                                                    for f in st.stack], st.rng.getstate(), st.called))


def test_the_search_bot_takes_the_winning_move_the_greedy_one_misses():
    program = rulelang.load_text(TRAP)
    for seed in range(3):
        g = Game(program, 2, seed=seed, record=False)
        d = g.pending
        assert GreedyBot(seed).choose(program, g.view(d.player), d).verb == "grab"
        bot = SearchBot(seed, budget=200)
        assert bot.choose(program, g.view(d.player), d, g).verb == "give"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["express", "liars"])
def test_searching_leaves_the_real_game_as_it_was(name):
    """Playouts run on copies: not a card, a variable, a window's list of players still to ask, nor the random
    generator of the real game changes, at a turn or in a window."""
    program = _load(name)
    windows = turns = 0
    for seed in range(2):
        g = Game(program, 4, seed=seed, record=False)
        bots = [GreedyBot(i) for i in range(4)]
        bot = SearchBot(seed, budget=100)
        for _ in range(40):
            if g.over:
                break
            d = g.pending
            if len(d.options) > 1 and not d.race:
                before = _fingerprint(g.state)
                bot.choose(program, g.view(d.player), d, g)
                assert _fingerprint(g.state) == before
                windows += d.window
                turns += not d.window
            g.apply(d.player, bots[d.player].choose(program, g.view(d.player), d))
    assert turns >= 10 and (windows or name == "express")


def test_the_same_seed_gives_the_same_moves():
    program = _load("liars")

    def moves(seed):
        g = Game(program, 3, seed=seed, record=False)
        seats = [SearchBot(seed, budget=300), GreedyBot(1), GreedyBot(2)]
        out = []
        for _ in range(30):
            if g.over:
                break
            d = g.pending
            move = ask_bot(seats[d.player], g, d.player, d)
            out.append(move.text)
            g.apply(d.player, move, checked=False)
        return out

    assert moves(4) == moves(4)


def test_a_simulation_with_the_search_bot_is_the_same_with_one_or_two_workers(monkeypatch):
    monkeypatch.setattr(search, "BUDGET", 300)
    path = str(ROOT / "games" / "express.rules")
    one = simulate(path, 4, 3, ["search", "greedy"], seed=2, workers=1)
    two = simulate(path, 4, 3, ["search", "greedy"], seed=2, workers=2)
    for key in ("wins", "turns", "moves", "tallies"):
        assert one[key] == two[key], key


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_search_bot_plays_every_game_legally(path, monkeypatch):
    """A short game in every file with a search seat, each of its moves checked against the legal ones."""
    monkeypatch.setattr(search, "BUDGET", 150)
    program = rulelang.load(path)
    players = max(program.min_players, min(3, program.max_players))
    g = Game(program, players, seed=7, record=False)
    seats = [make_bot("search", 7)] + [GreedyBot(i) for i in range(1, players)]
    searched = 0
    for _ in range(120):
        if g.over:
            break
        d = g.pending
        move = ask_bot(seats[d.player], g, d.player, d)
        searched += d.player == 0 and bool(seats[0].last)
        seats[0].last = {}
        g.apply(d.player, move, checked=True)
        g.check_cards()
    assert searched


def test_candidates_put_the_greedy_move_first_and_make_due_calls():
    program = _load("express")
    for seed in range(40):
        g = Game(program, 3, seed=seed, record=False)
        bots = [GreedyBot(i) for i in range(3)]
        while not g.over:
            d = g.pending
            greedy = bots[d.player].choose(program, g.view(d.player), d)
            if d.due and sum(o.kind == "card" for o in d.options) > 1:
                moves = SearchBot(0).candidates(d, greedy)
                assert moves[0].text == greedy.text
                assert len({(mv.option, mv.text) for mv in moves}) == len(moves)
                assert all(set(d.due) <= mv.calls for mv in moves if mv.kind == "card")
                return
            g.apply(d.player, greedy, checked=False)
    pytest.fail("no decision with a call due")


def _claim_window(program, seed):
    g = Game(program, 4, seed=seed, record=False)
    bots = [GreedyBot(seed + i) for i in range(4)]
    for _ in range(300):
        if g.over:
            return None
        d = g.pending
        c = g.state.claim
        if d.window and c is not None and c["player"] != d.player and c["kind"] == "card" \
                and all(x in g.state.facedown for x in c["cards"]):
            return g
        g.apply(d.player, bots[d.player].choose(program, g.view(d.player), d))
    return None


def test_samples_believe_a_claim_as_often_as_told():
    program = _load("liars")
    f = facts(program)
    checked = 0
    for seed in range(20):
        g = _claim_window(program, seed)
        if g is None:
            continue
        st, seat = g.state, g.pending.player
        says = st.claim["says"]
        true = [all(f.fits(c, says, "card") for c in determinize(st, seat, random.Random(k), (1.0, 1.0)).claim["cards"])
                for k in range(10)]
        seen = {c for z in g.view(seat)["zones"].values() for part in (z if isinstance(z, list) else [z])
                for c in part["cards"] if c is not None}
        if any(f.fits(c, says, "card") and c not in seen for c in range(f.deck)):
            assert all(true)  # a hidden card can make the claim true: every sample makes it so
            checked += 1
    assert checked >= 3


def _doubt_decision(program, seed):
    """A four-player game of greedy bots at a decision where a claim of several cards by another player stands."""
    g = Game(program, 4, seed=seed, record=False)
    bots = [GreedyBot(seed + i) for i in range(4)]
    for _ in range(400):
        if g.over:
            return None
        d = g.pending
        c = g.state.claim
        if c is not None and c["player"] != d.player and c["kind"] != "card" and len(c["cards"]) > 1 \
                and any(o.reveals for o in d.options) and all(x in g.state.facedown for x in c["cards"]):
            return g
        g.apply(d.player, bots[d.player].choose(program, g.view(d.player), d))
    return None


def test_samples_believe_a_claim_of_several_cards_as_one_who_names_what_they_hold():
    """With `able` = (1, 0, 1) a claim of several cards is true in a sample exactly when the claimer's cards, as the
    sample deals them, could make it true: made true from the claimer's own hand (whose size stays), never from
    elsewhere."""
    program = _load("whos_lying")
    f = facts(program)
    hand = next(z.index for z in program.zones if z.name == "hand")
    checked = set()
    for seed in range(12):
        g = _doubt_decision(program, seed)
        if g is None:
            continue
        st, seat = g.state, g.pending.player
        claim = st.claim
        says, kind, player = claim["says"], claim["kind"], claim["player"]
        for k in range(8):
            sample = determinize(st, seat, random.Random(k), (1.0, 1.0), able=(1.0, 0.0, 1))
            true = all(f.fits(c, says, kind) for c in sample.claim["cards"])
            theirs = sample.zones[hand][player]
            could = sum(f.fits(c, says, kind) for c in theirs + sample.claim["cards"]) >= len(claim["cards"])
            assert true == could
            assert len(theirs) == len(st.zones[hand][player])
            checked.add(true)
    assert checked == {True, False}


def test_the_budget_of_engine_decisions_is_never_exceeded():
    program = _load("whos_lying")
    g = Game(program, 4, seed=5, record=False)
    bot = SearchBot(5, budget=120)
    bots = [bot] + [GreedyBot(i) for i in range(1, 4)]
    searched = 0
    while not g.over and searched < 12:
        d = g.pending
        bot.last = {}
        move = ask_bot(bots[d.player], g, d.player, d)
        if d.player == 0 and bot.last:
            assert bot.last["decisions"] <= 120
            searched += 1
        g.apply(d.player, move)
    assert searched


def test_the_greedy_helper_remembers_the_card_the_search_laid():
    """The search laid card 3 where its greedy helper would have laid 2 (or drawn): the helper's memory of the cards
    laid this turn (what its claim names) holds 3."""
    from interpreter.seat import Move
    program = _load("liars")
    bot = SearchBot(1)
    bot.fallback.laid = [7, 2]  # 7 laid earlier this turn, 2 its greedy helper's choice now
    bot.mend(program, Move("play", 2, kind="card"), Move("truth", 3, kind="card"))
    assert bot.fallback.laid == [7, 3]
    bot.fallback.laid = []
    bot.mend(program, Move("draw"), Move("truth", 3, kind="card"))
    assert bot.fallback.laid == [3]


def test_a_search_that_keeps_the_greedy_moves_plays_the_greedy_game():
    """With no budget to search, the search bot makes its greedy helper's moves, and its helper remembers them as a
    greedy bot does: the same game as a greedy bot in that seat.  In Liar's UNO the card laid face down is still in
    the hand when the claim is asked; the helper's memory mended from the view dropped it, and the claim named
    another card (a bluff the search never chose)."""
    program = _load("liars")
    search.BUDGET, budget = 1, search.BUDGET
    try:
        games = [play_one(program, 1003, 4, ["greedy", "greedy", "greedy", kind], {}) for kind in ("search", "greedy")]
    finally:
        search.BUDGET = budget
    assert games[0]["turns"] == games[1]["turns"] and games[0]["winners"] == games[1]["winners"]


def test_a_playout_ends_and_judges_between_zero_and_one():
    for name in ("express", "liars", "whos_lying"):
        program = _load(name)
        g = Game(program, 3, seed=3, record=False)
        for k in range(5):
            sample = determinize(g.state, g.pending.player, random.Random(k))
            value, n = playout(sample, 0, Policy(program, random.Random(k)), turns=2000, limit=2000)
            assert 0.0 <= value <= 1.0 and n > 0
            assert sample.over  # played to the end of the hand


def test_a_playout_counts_heavy_decisions_as_more_than_one():
    """The budget is in engine decisions of the classic shedding game's cost: a playout of a game whose decisions do
    much more work (laying sets of one rank, each set's `where` asked: thousands of steps a decision) counts as
    more decisions than it made, so a search move there takes about as long as in the shedding game (President
    took 12,000 decisions of ~0.5 ms: 6 s a move); one of the shedding game counts as what it made."""
    for path, heavier in ((ROOT / "games" / "express.rules", False), (ROOT / "examples" / "president.rules", True)):
        program = rulelang.load(path)
        g = Game(program, 4, seed=3, record=False)
        sample = determinize(g.state, g.pending.player, random.Random(1))
        policy = Policy(program, random.Random(1))
        made = []
        choose = policy.move
        policy.move = lambda st: made.append(1) or choose(st)
        value, cost = playout(sample, 0, policy, turns=4, limit=12)
        assert 0.0 <= value <= 1.0 and made
        assert (cost > 3 * len(made)) if heavier else (cost == len(made)), (path.name, cost, len(made))


def test_a_whole_game_through_the_simulator_ends(monkeypatch):
    monkeypatch.setattr(search, "BUDGET", 200)
    r = play_one(_load("express"), 3, 3, ["search", "greedy"], {})
    assert r["winners"] and not r["stalled"]


@pytest.mark.parametrize("name", ["express", "liars", "whos_lying"])
def test_the_search_bot_decides_from_its_view_alone(name):
    """Other seats' hidden cards exchanged (the view the same): the same samples, values and move, for the
    search bot and for the greedy bot's weighing of a challenge."""
    program = _load(name)
    checked = 0
    for seed in range(2):
        g = Game(program, 4, seed=seed, record=False)
        bots = [GreedyBot(i) for i in range(4)]
        for step in range(40):
            if g.over:
                break
            d = g.pending
            if len(d.options) > 1 and not d.race and step % 3 == 0:
                seat = d.player
                other, moved = with_hidden_cards_moved(g.state, seat, random.Random(step))
                assert moved > 1 and view_of(other, seat) == view_of(g.state, seat)
                found = []
                for st in (g.state, other):
                    bot = SearchBot(seed, budget=150)
                    move = bot.choose(program, view_of(st, seat), d, st)
                    found.append((move.text, bot.last, GreedyBot(seed).choose(program, view_of(st, seat), d, st).text))
                assert found[0] == found[1], (found[0][1]["means"], found[1][1]["means"])
                checked += 1
                if checked == 5:
                    return
            g.apply(d.player, bots[d.player].choose(program, g.view(d.player), d, g))
    pytest.fail(f"only {checked} decisions checked")


# The score block gives each player the cards left in hand, and the lowest total wins.
FEWEST = TRAP.replace('players 2..2', 'players 3..3').replace(
    "deal 2 from draw to hand", "move 1 from draw to hand(first(players))  move 2 from draw to hand(after(first(players)))"
) + """
score { for p in players { set score(p) = score(p) + size(hand(p)) } }
match to 100 lowest wins
"""


def test_a_playout_cut_short_is_judged_by_the_rules_ranking():
    program = rulelang.load_text(FEWEST)
    g = Game(program, 3, seed=1, record=False)
    assert [len(h) for h in g.state.zone(program.zone_index["hand"])] == [1, 2, 0]
    assert standing(g.state) == [-1.0, -2.0, -0.0]  # turned round: the lowest score wins
    shares = [search.judge(g.state, p, facts(program), g.state.hand_no) for p in range(3)]
    assert shares[2] > shares[0] > shares[1] and abs(sum(shares) - 1) < 1e-9


def test_a_game_ended_with_no_winner_is_lost_by_every_seat():
    # As simulate counts it (the house beat everyone, a void hand): not shared out by the cards held, which made a
    # Twenty-One seat that stood on 8 against a King the likeliest winner of every hand the house won.
    program = rulelang.load_text(TRAP.replace('grab "listed first, and loses at once" {\n      win next',
                                              'fold "nobody wins" {\n      win []'))
    g = Game(program, 2, seed=1, record=False)
    fold = next(o for o in g.pending.options if o.text == "fold")
    g.apply(g.pending.player, fold)
    assert g.state.over and not g.state.winners
    assert [search.judge(g.state, p, facts(program), g.state.hand_no) for p in range(2)] == [0.0, 0.0]


def test_a_bid_is_the_number_the_greedy_helper_weighed_on_hands_played_to_their_end():
    # Cut short, a playout would judge a bid by the score as if the hand ended there (a contract not yet made
    # failed), so lower bids would look better: the search keeps the greedy helper's bid and searches nothing.
    program = rulelang.load(ROOT / "examples" / "spades.rules")
    g = Game(program, 4, seed=2, record=False)
    d = g.pending
    assert {o.kind for o in d.options} == {"number"}
    bot = SearchBot(seed=1, budget=300)
    assert bot.move(g, d.player, d).text == GreedyBot(1).choose(program, g.view(d.player), d, g).text
    assert bot.last == {}


def test_a_move_of_a_sample_that_asks_no_one_is_stopped_at_the_samples_bound(monkeypatch):
    """A sample dealt a state whose turns ask no one (a Go Fish hand where nobody can ask) is stopped after a
    playout's work (`search.SAMPLE_WORK` steps), not the 200,000 steps a real game's move may take; the game's own
    bound is untouched."""
    from interpreter.errors import RuntimeRulesError
    from interpreter.seat import apply, fork

    g = Game(rulelang.load(Path(__file__).parent / "rules" / "spin_in_a_sample.rules"), 2, seed=1)
    sample = fork(g)
    sample.work = search.SAMPLE_WORK
    with pytest.raises(RuntimeRulesError, match=f"ran {search.SAMPLE_WORK} steps"):
        apply(sample, 0, [mv for mv in sample.pending.options if mv.text == "spin"][0], checked=False)
    assert sample.steps < 2 * search.SAMPLE_WORK
    assert g.state.work == 200_000 and search.SAMPLE_WORK < 200_000 // 5
    # the search's own samples: each a copy made by `search.fork`, its move stopped at the sample's bound
    made = []
    monkeypatch.setattr(search, "fork", lambda base: made.append(fork(base)) or made[-1])
    bot = make_bot("search", 1, budget=2_000)
    assert ask_bot(bot, g, 0, g.pending).text == "stop"
    assert all(s.steps - g.state.steps <= search.SAMPLE_WORK + 1 for s in made)
    spun = [s for s in made if s.steps - g.state.steps >= search.SAMPLE_WORK]
    assert spun
    # and each counts its work against the budget (it was counted as one decision, so 2,000 bought 1,000 of them)
    assert len(spun) <= 2_000 * search.STEPS_A_DECISION // search.SAMPLE_WORK + 1


def test_samples_keep_to_what_its_own_ask_was_told():
    """Told "no" to a rank it asked a player for, the search bot's samples deal that player none of it until they get
    cards, then at most as many as they got (tests/rules/ask_until_told_no.rules; at seed 0 it holds two lows and a
    high, P2 a top and two lows, 10 cards in the stock: 3 highs of the 13 hidden cards)."""
    program = rulelang.load(ROOT / "tests" / "rules" / "ask_until_told_no.rules")
    g = Game(program, 2, seed=0, record=False)
    bot = SearchBot(0, budget=50)
    high = frozenset(c for c in range(program.deck_size) if program.cards[c].attrs["rank"] == "high")

    def highs_dealt(refused) -> list:
        """How many highs P2 holds in each of 200 samples from seat 0's view."""
        rng = random.Random(1)
        return [sum(c in high for c in determinize(g.state, 0, rng, refused=refused).zones[1][1]) for _ in range(200)]

    def ask(text: str) -> None:
        move = next(o for o in g.pending.options if o.text == text)
        bot.asks.look(Sight.of_game(g, 0))
        bot.asks.after(g, 0, move, Sight.of_game(g, 0), lambda c, v: facts(program).fits(c, v, "value"))
        g.apply(0, move, False)

    ask("ask P2 high")  # P2 holds no high: "no", and seat 0 asks again
    bot.asks.look(Sight.of_game(g, 0))
    assert bot.asks.refused() == [(1, high, 0)]
    assert max(highs_dealt(bot.asks.refused())) == 0
    assert max(highs_dealt(None)) > 0  # without the fact, samples do deal P2 a high
    ask("ask P2 low")  # P2's two lows are handed over: nothing learnt of lows, the fact of highs stands
    bot.asks.look(Sight.of_game(g, 0))
    assert bot.asks.refused() == [(1, high, 0)]
    g.apply(0, next(o for o in g.pending.options if o.verb == "draw"), False)
    g.apply(1, next(o for o in g.pending.options if o.verb == "draw"), False)  # P2 gets a card: one high may be back
    bot.asks.look(Sight.of_game(g, 0))
    assert bot.asks.refused() == [(1, high, 1)]
    assert max(highs_dealt(bot.asks.refused())) == 1


def test_samples_deal_the_cards_taken_from_its_hand_to_the_taker():
    """Cards of its own another player took (asked for them) are dealt to that player in every sample, until the
    taker loses hidden cards that do not come into sight (tests/rules/ask_until_told_no.rules, seed 0: P1 holds two
    lows and a high, P2 a top and two lows)."""
    program = rulelang.load(ROOT / "tests" / "rules" / "ask_until_told_no.rules")
    g = Game(program, 2, seed=0, record=False)
    bot = SearchBot(0, budget=50)
    fits = lambda c, v: facts(program).fits(c, v, "value")  # noqa: E731
    lows = {c for c in g.state.zones[1][0] if program.cards[c].attrs["rank"] == "low"}
    draw = next(o for o in g.pending.options if o.verb == "draw")
    bot.asks.look(Sight.of_game(g, 0))
    bot.asks.after(g, 0, draw, Sight.of_game(g, 0), fits)
    g.apply(0, draw, False)
    g.apply(1, next(o for o in g.pending.options if o.text == "ask P1 low"), False)  # P2 takes P1's two lows
    g.apply(1, next(o for o in g.pending.options if o.verb == "draw"), False)
    bot.asks.look(Sight.of_game(g, 0))
    assert bot.asks.known == {c: 1 for c in lows}
    rng = random.Random(1)
    samples = [bot.sample(g.state, 0, rng.getrandbits(64), None).zones[1][1] for _ in range(100)]
    assert all(lows <= set(hand) for hand in samples)
    assert not all(lows <= set(determinize(g.state, 0, rng).zones[1][1]) for _ in range(100))  # without: not always


def test_a_playout_cut_short_counts_the_cards_laid_out_where_the_rules_keep_no_score():
    """With no score block, the cards laid out in a zone per player all see (books) count for their player, each one
    a factor of e^SHARPNESS, whatever the cards held (tests/rules/books_laid_out.rules, seed 0: P1 and P2 hold 2
    cards each; P2 is given 2 from the stock laid out)."""
    program = rulelang.load(ROOT / "tests" / "rules" / "books_laid_out.rules")
    g = Game(program, 2, seed=0, record=False)
    st = g.state.fork()
    stock, books = st.zones[0], st.zones[2]
    books[1] += [stock.pop(), stock.pop()]
    f = facts(program)
    assert [program.zones[i].name for i in f.won] == ["books"]
    share = math.exp(-2 * search.SHARPNESS)
    assert search.judge(st, 0, f, st.hand_no) == pytest.approx(share / (share + 1))
    assert search.judge(st, 1, f, st.hand_no) == pytest.approx(1 / (share + 1))
    books[0] += st.zones[1][0]  # P1 lays out its two: even, though it now holds no card and P2 two
    st.zones[1][0].clear()
    assert search.judge(st, 0, f, st.hand_no) == pytest.approx(0.5)


def test_playouts_choose_among_plain_moves_at_random():
    """The search's playouts take `hit` or `stand` at random (tests/rules/hit_or_stand.rules: `hit` listed first),
    where the greedy bot's weighing (the policy's default) takes the first listed; a choice that is plain only once a
    challenge is set aside (accept, in tests/rules/play_or_challenge.rules) is made as before, with the same random
    numbers drawn, so the playouts of such a game do not change."""
    program = rulelang.load(ROOT / "tests" / "rules" / "hit_or_stand.rules")
    st = Game(program, 2, seed=0, record=False).state
    assert [o.verb for o in st.pending.options] == ["hit", "stand"]
    picked = {plain: {Policy(program, random.Random(i), plain_at_random=plain).move(st).verb for i in range(20)}
              for plain in (False, True)}
    assert picked == {False: {"hit"}, True: {"hit", "stand"}}

    program = rulelang.load(ROOT / "tests" / "rules" / "play_or_challenge.rules")
    moves = {}
    for plain in (False, True):
        st = Game(program, 2, seed=3, record=False).state
        policy = Policy(program, random.Random(7), plain_at_random=plain)
        made = []
        while not st.over and len(made) < 200:
            d = st.pending
            mv = policy.move(st)
            policy.note(st, d.player, mv)
            made.append((d.player, mv.text))
            apply_move(st, d.player, mv, checked=False)
        moves[plain] = (made, policy.rng.random())
    assert any(text.startswith("accept") for _, text in moves[False][0])
    assert moves[True] == moves[False]


# Naming a colour with an empty hand: nothing the greedy bot reads tells the colours apart (it takes one at random).
NAMING = """
game "Naming"
players 2..2

attribute colour {
  red  "Red"  short "R"
  blue "Blue" short "B"
  green "Green" short "G"
}

name cards by colour

deck draw {
  for c in colour {
    card {colour: c}
  }
}

zone draw hidden
zone hand private per player

setup {
  shuffle draw
}

turn {
  choose current {
    colour k in colour "name a colour" {
      if k == red { win current } else { win next }
    }
  }
}
"""


def _naming(seed):
    program = rulelang.load_text(NAMING)
    g = Game(program, 2, seed=seed, record=False)
    d = g.pending
    bot = SearchBot(seed, budget=200)
    greedy = bot.fallback.choose(program, g.view(d.player), d, g)
    return program, g, d, bot, bot.candidates(d, greedy)


def test_the_moves_the_greedy_measure_rates_alike_are_the_other_values_it_could_not_tell_apart():
    program, g, d, bot, moves = _naming(0)
    assert len(moves) == 3
    assert bot.alike(program, g.view(d.player), d, moves) == {1, 2}


def test_among_moves_rated_alike_the_samples_best_is_taken_with_no_bar(monkeypatch):
    """The greedy move scores 0.5 on every sample; another colour, rated alike by greedy's measure, 0.8 and 0.22 on
    alternate samples: a mean gain of a hundredth at most, far below the bar a move of another rank must pass."""
    program, g, d, bot, moves = _naming(1)
    target = moves[1].text
    order: dict = {}

    def fake(base, seat, move, seed, deadline=None, cap=None):
        i = order.setdefault(seed, len(order))
        if move.text == target:
            return (0.8 if i % 2 == 0 else 0.22), 5
        return (0.5 if move.text == moves[0].text else 0.3), 5
    monkeypatch.setattr(bot, "_try", fake)
    st = g.state
    assert bot.search(st, d.player, moves) == 0  # not rated alike: the bar holds
    assert bot.last["gain"] < bot.last["need"]
    order.clear()
    assert bot.search(st, d.player, moves, frozenset({1, 2})) == 1
