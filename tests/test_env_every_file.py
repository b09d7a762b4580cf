"""Every game file an environment: each `.rules` file of games/, examples/, examples/more/ and tests/rules/ made an
environment at its fewest and most players (and three, when it may be played by three), played by masked random
choice over seeded episodes, the mask checked at every step against the decision's moves; PettingZoo's api_test
on a sample (tests/test_env.py runs it on every bundled game and example).  Before, an option of several arguments
taking a card by its place (Cabo's `spy p in others(current), c in grid(p)`: the cards lie face down) had no
action, and the environment stopped with "outside the action space" at its first 9 or 10 thrown away.

And hostile shapes: a decision with no option left, one of calls said with moves other than cards, one offering
hundreds of moves, sets of cards taken from another's hand (by place), numbers and values by several arguments.
"""
from __future__ import annotations

import random
import warnings
from functools import lru_cache

import pytest

np = pytest.importorskip("numpy", reason="the `rl` extra (make test installs it)")
pytest.importorskip("pettingzoo", reason="the `rl` extra (make test installs it)")

from pettingzoo.test import api_test  # noqa: E402

import rulelang  # noqa: E402
from helpers import ROOT  # noqa: E402
from interpreter.view import zone_shows  # noqa: E402
from rulelang.env import ActionSpaceWarning, OutsideActionSpace, make_env  # noqa: E402
from rulelang.env.check import mask_problems  # noqa: E402

FOLDERS = ("games", "examples", "examples/more", "tests/rules")
FILES = [p for folder in FOLDERS for p in sorted((ROOT / folder).glob("*.rules"))]

# The files left out, each with its reason: they are written not to load, or not to end, or to fail in play.
NOT_PLAYED = {
    "fails_after_many_events.rules": "a move that fails at run time on purpose (tests/test_journal.py)",
    "fails_for_some_deals.rules": "fails at run time for some deals on purpose (tests/test_cluster.py)",
    "fire_in_a_rule.rules": "asks no one once a rule written in play is missing: the run is stopped (test_events)",
    "negative_counts.rules": "counts of cards that come out negative on purpose (tests/test_runtime_counts.py)",
    "no_ask.rules": "a turn that asks no one, ever: the run is stopped (tests/test_runtime_counts.py)",
    "reveal_a_claim.rules": "reveals a claim card, refused at run time on purpose (tests/test_fast_paths.py)",
    "spin_in_a_sample.rules": "a move after which no one is asked: the run is stopped (tests/test_search.py)",
    "where_fails_for_some_cards.rules": "a `where` that fails for the joker on purpose (tests/test_fast_paths.py)",
}
PLAYED = [p for p in FILES if p.name not in NOT_PLAYED]


@lru_cache(maxsize=None)
def load(path):
    """A file's program, compiled once in this process: the tests below play each file two or three times (a
    program is never changed by the games that share it)."""
    return rulelang.load(path)


def test_the_files_left_out_are_there():
    """Each file left out is one of those the sweep would find (a file renamed or gone is noticed)."""
    assert set(NOT_PLAYED) <= {p.name for p in FILES}
    assert len(PLAYED) > 60


def player_counts(program) -> list[int]:
    lo, hi = program.min_players, program.max_players
    return sorted({lo, hi, *((3,) if lo <= 3 <= hi else ())})


def check_mask(env) -> np.ndarray:
    """The mask is exactly the actions of the decision's moves (`rulelang.env.check.mask_problems`: every move with an
    action, said with each set of the calls the decision lets be said, each action's move the decision's, its calls
    among those; a set of a verb picked a card at a time, the cards a legal set may hold next).  The legal actions,
    as the mask gives them."""
    allowed, problems = mask_problems(env)
    assert not problems, problems
    return allowed


def play(env, seeds, rng_seed: int) -> int:
    """Masked random play over the seeded episodes, the mask checked at every decision; the decisions made."""
    rng = random.Random(rng_seed)
    made = 0
    for seed in seeds:
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = check_mask(env)
            assert obs["action_mask"] is info["action_mask"] is env.action_mask()
            env.step(int(legal[rng.randrange(len(legal))]))
            made += 1
        env.table.game.check_cards()
    return made


@pytest.mark.parametrize("path", PLAYED, ids=[f"{p.parent.name}/{p.stem}" for p in PLAYED])
def test_every_file_is_an_environment_whose_masks_are_its_moves(path):
    """At each player count: an environment, and a short seeded episode of masked random play, every mask exactly
    the decision's moves (`check_mask`).  (tests/test_env.py plays the bundled games and examples longer.)"""
    program = load(path)
    for n in player_counts(program):
        env = make_env(program, players=n, seed=n, max_moves=40)
        assert play(env, [n], n) > 0


SAMPLE = [p for i, p in enumerate(PLAYED) if p.parent.name in ("more", "rules") and i % 6 == 0]


@pytest.mark.parametrize("path", SAMPLE, ids=[f"{p.parent.name}/{p.stem}" for p in SAMPLE])
def test_pettingzoo_api_test_passes_on_a_sample(path):
    program = load(path)
    env = make_env(program, players=player_counts(program)[-1], seed=0, render_mode="ansi", max_moves=200)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for envs it does not know by name (dict observations)
        api_test(env, num_cycles=10)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(3))
def test_every_file_plays_longer_seeded_episodes(part):
    """Longer: a seeded episode (cut off at 250 decisions, 80 with over 100,000 actions: each mask is that long) of
    every file of examples/more and tests/rules at its most players, in three parts of the files.  (The bundled
    games and examples: tests/test_env.py, three episodes of 800 decisions each.)"""
    for path in [p for p in PLAYED if p.parent.name in ("more", "rules")][part::3]:
        program = load(path)
        for n in player_counts(program)[-1:]:
            env = make_env(program, players=n, seed=n, max_moves=250)
            if env.encoding.size > 100_000:
                env.max_moves = 80
            play(env, [n + 10], n)


# ---------------------------------------------------------------------------------------------- hostile shapes


NO_OPTION_LEFT = '''game "Nothing to do"
players 2..3
attribute r 1..4
deck d { for n in 1..4 { card {r: n} } }
zone d hidden
zone h private per player
setup { shuffle d  deal 1 from d to h }
var limit = 9
turn {
  choose current {
    play c in h(current) where c.r > limit "never" { }
    go "go on" { move 1 from d to h(current) }
  }
  if size(d) == 0 { win current }
}
'''


def test_a_decision_none_of_whose_cards_may_be_played():
    """An option over cards whose `where` no card meets: its moves are none, the other option's are the mask."""
    env = make_env(rulelang.load_text(NO_OPTION_LEFT), players=3, seed=1)
    assert play(env, [1, 2], 1) > 0


ONLY_CALLS = '''game "Knock"
players 2..4
attribute r 1..6
deck d { for n in 1..6 { card {r: n} } }
zone d hidden
zone h private per player
call knock "Knock!" when size(d) < 3
call tap
setup { shuffle d }
turn {
  choose current {
    draw where size(d) > 0 "draw a card" { move 1 from d to h(current) }
    stop "stop" { if called(current, knock) { win current } else { win others(current) } }
  }
}
'''


def test_calls_are_said_with_moves_that_are_not_cards():
    """A game whose only cards are drawn, never played, and two calls: each move once with each set of the calls
    (`draw knock tap`), and a call said is heard (stopping after knocking wins)."""
    env = make_env(rulelang.load_text(ONLY_CALLS), players=3, seed=1)
    assert play(env, [1, 2, 3], 1) > 0
    env.reset(seed=4)
    labels = {env.action_label(a) for a in np.flatnonzero(env.action_mask())}
    assert labels == {f"{verb}{calls}" for verb in ("draw", "stop")
                      for calls in ("", " knock", " tap", " knock tap")}
    env.step(next(a for a in np.flatnonzero(env.action_mask()) if env.action_label(a) == "draw knock"))
    env.step(next(a for a in np.flatnonzero(env.action_mask()) if env.action_label(a) == "stop"))
    assert sorted(env.infos["player_0"]["winners"]) == [0, 2]  # P2 stopped without knocking: the others win
    env.reset(seed=4)
    env.step(next(a for a in np.flatnonzero(env.action_mask()) if env.action_label(a) == "stop knock"))
    assert env.infos["player_0"]["winners"] == [0]


LAST_CARD = '''game "Last card"
players 2..4
attribute r 1..5
deck d { for k in 1..4 { for n in 1..5 { card {r: n} } } }
zone d hidden
zone pile public
zone h private per player
call last "Last card!"
setup { shuffle d  deal 4 from d to h }
turn {
  choose current {
    lay 1..2 cs from h(current) "lay one or two cards" { move cs to pile }
    give p in others(current), c in h(current) "give a card" { move c to h(p) }
    draw where size(d) > 0 "draw" { move 1 from d to h(current) }
  }
  if size(h(current)) == 2 and not called(current, last) and size(d) > 1 { move 2 from d to h(current) }
  if size(h(current)) == 0 { win current }
}
'''


def test_calls_are_said_with_moves_of_several_arguments_and_sets_of_cards():
    """A call may be said with any move (docs/language.md §7): a move of several arguments (`give +1 3 last`) and a
    set of cards (`lay 2 4 last`) have an action for each set of the calls too.  Before, they had none: a seat
    could not say "Last card!" laying its cards.  Masked random play at 2 and 4 players, every mask checked; the
    call said is heard (laying two of four cards keeps two, the penalty of two more only without the call)."""
    program = rulelang.load_text(LAST_CARD)
    for n in (2, 4):
        env = make_env(program, players=n, seed=n, max_moves=300)
        assert play(env, range(n, n + 3), n) > 0
    size_at = next(seg.start for seg in env.encoding.segments if seg.name == "zone.h.size")
    for said in ("", " last"):
        env.reset(seed=3)
        labels = {env.action_label(a): a for a in np.flatnonzero(env.action_mask())}
        assert any(x.startswith("give +1 ") and x.endswith(" last") for x in labels)
        lay = next(x for x in sorted(labels) if x.startswith("lay ") and len(x.split()) == 3 + bool(said)
                   and x.endswith(said or x.split()[-1]))
        agent = env.agent_selection
        env.step(labels[lay])
        assert env.observe(agent)["observation"][size_at] == (2 if said else 4), lay


MANY = '''game "Bids"
players 2..5
attribute r 1..10
deck d { for n in 1..10 { card {r: n} } }
zone d hidden
zone h private per player
var high = 0
setup { shuffle d  deal 2 from d to h }
turn {
  choose current {
    bid k in 0..300 where k > high "bid" { set high = k }
    give p in others(current), c in h(current), k in 1..40 "give a card" { move c to h(p) }
    take 1..2 cs from h(next) "take cards from the next hand" { move cs to h(current) }
    spy p in others(current), c in h(p) "look at a card" { reveal c to current }
    pass "pass" { }
  }
  if high > 250 or size(h(current)) > 6 { win current }
}
'''


def test_a_decision_of_hundreds_of_moves_of_every_shape():
    """Bids of 0..300 (more numbers than the deck has cards: the range written in the option gives them), a
    player, a card and a number at once, sets of cards taken from a hand out of sight (by place: `take #1 #2`),
    a card of another's hand by place with a player (`spy P2 #1`): every move an action, at 2 and 5 players."""
    program = rulelang.load_text(MANY)
    for n in (2, 5):
        env = make_env(program, players=n, seed=n, max_moves=200)
        assert play(env, [n, n + 1, n + 2, n + 3], n) > 0
        env.reset(seed=1)
        labels = [env.action_label(a) for a in np.flatnonzero(env.action_mask())]
        assert len(labels) > 300
        assert {"bid 1", "bid 300", "take #1", "take #1 #2", "spy +1 #1", "pass"} <= set(labels)


RAISE = '''game "Raise"
players 2..3
attribute r 1..4
deck d { for n in 1..4 { card {r: n} } }
zone d hidden
zone h private per player
var high = 0
setup { shuffle d  deal 1 from d to h }
turn {
  choose current {
    raise k in (high + 1)..(high + 30) "raise the bid" { set high = k }
  }
  if high > 200 { win current }
}
'''


def test_numbers_worked_out_in_play_and_not_bounded_by_the_file():
    """`raise k in (high + 1)..(high + 30)`: no end the file bounds.  make_env says so at once (ActionSpaceWarning
    naming `raise` and the numbers its actions are: 0..4, the deck's counts), and a number offered past them stops
    the episode with an error naming the move and `numbers=`; before, such a move was left out of the mask without
    a word (a learner could never bid it).  With `numbers=(0, 230)` every bid of a game has an action."""
    program = rulelang.load_text(RAISE)
    with pytest.warns(ActionSpaceWarning, match=r"`raise`.*numbers 0\.\.4.*make_env\(numbers="):
        env = make_env(program, players=2, seed=1)
    with pytest.raises(OutsideActionSpace, match=r"`raise 5` has no action.*numbers=\(LOW, HIGH\)"):
        env.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = make_env(program, players=3, seed=1, numbers=(0, 230))
    assert play(env, [1, 2], 1) > 10
    assert env.action_label(env.encoding.size - 1) == "raise 230"


SHADOWED = '''game "Shadowed"
players 2..2
attribute r 1..3
deck d { for n in 1..3 { card {r: n} } }
zone d hidden
const k = 2
setup { shuffle d }
turn {
  let k = 9
  choose current { bid n in 0..k "bid" { win current } }
}
'''


def test_number_ranges_bounded_from_the_file():
    """A range worked out in play whose ends the file bounds has those numbers as actions, no more: Oh Hell's
    `bid n in 0..hand_size` (a constant, `11 - hand_number`: at most 11), Accordion's `left k in 2..size(row)`
    (a zone holds at most the deck), Hanabi's `play i in slots(current)` (`1..size(hand(p))`).  A constant shadowed
    by a `let` of the same name is not read as the constant (its 9 would be left out): not bounded, so warned of."""
    def numbers(env, verb):
        return [env.action_label(i).split()[1] for i in range(len(env.encoding.actions.listed))
                if env.action_label(i).split()[0] == verb and len(env.action_label(i).split()) == 2]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        oh_hell = make_env(ROOT / "examples" / "more" / "oh_hell.rules", players=4)
        accordion = make_env(ROOT / "tests" / "rules" / "accordion.rules")
        hanabi = make_env(ROOT / "tests" / "rules" / "hanabi.rules", players=2)
    assert numbers(oh_hell, "bid") == [str(k) for k in range(0, 12)]
    assert numbers(accordion, "left") == [str(k) for k in range(2, 53)]
    assert numbers(hanabi, "play") == [str(k) for k in range(1, 51)]
    with pytest.warns(ActionSpaceWarning, match="`bid`"):
        env = make_env(rulelang.load_text(SHADOWED), seed=1)
    with pytest.raises(OutsideActionSpace, match="`bid 4` has no action"):
        env.reset(seed=1)
    env = make_env(rulelang.load_text(SHADOWED), seed=1, numbers=(0, 9))
    assert play(env, [1], 1) == 1


def test_president_deals_every_card_and_the_three_of_clubs_leads_at_any_count():
    """Found by bench/env_masks.py at President's fewest and most players: `deal all` deals evenly and leaves the
    rest in the stock (of 52 cards, 1 at 3 players, 3 at 7); when the 3C was among them nobody held it, nobody led,
    and the rules ran 200,000 steps without asking anyone (seeds 40, 49, 57 at 3 players; 29, 40, 46, 49, 57 at 7).
    The rest is dealt one each: every card in a hand, and the first to act holds the 3C."""
    program = rulelang.load(ROOT / "examples" / "president.rules")
    for n, seed in ((3, 40), (7, 29)):
        env = make_env(program, players=n, seed=seed, max_moves=5)
        env.reset(seed=seed)
        at = {seg.name: seg.start for seg in env.encoding.segments}
        seen = env.observe(env.agent_selection)["observation"]
        assert seen[at["zone.stock.size"]] == 0 and seen[at["zone.hand.size"]:][:n].sum() == 52
        assert seen[at["zone.hand[self].cards"] + env.encoding.idents.index("3C")] == 1


def test_a_decision_none_of_whose_moves_are_left():
    """A decision whose one option's `where` no card meets: nobody is asked, and the game ends without a step."""
    env = make_env(rulelang.load_text(NO_OPTION_LEFT.replace('    go "go on" { move 1 from d to h(current) }\n', "")
                                      .replace("  if size(d) == 0 { win current }", "  win current")),
                   players=2, seed=1)
    env.reset(seed=1)
    assert all(env.terminations.values()) and env.moves == 0 and env.infos["player_0"]["winners"] == [0]


def test_sets_too_many_to_number_are_picked_a_card_at_a_time():
    """Rummy's melds of 3..7 cards of 52 would take 341 million actions: they are picked a card at a time (`meld
    +7H`, then `meld done`).  Masked random play leaning on picking: each mask is what the legal sets allow
    (`check_mask`), the cards picked are in the picker's observation alone, and done lays the set picked.  With a
    call added to the game, done is said with it too (`meld done rummy`), allowed when the cards are a set."""
    text = (ROOT / "tests" / "rules" / "rummy.rules").read_text().replace(
        "players 2..6 default 2", 'players 2..6 default 2\ncall rummy "Rummy!"')
    env = make_env(rulelang.load_text(text), players=2, seed=1, max_moves=400)
    block = env.encoding.pick_blocks["meld"]
    called = block.done_with[frozenset({"rummy"})]
    assert env.action_label(called) == "meld done rummy"
    at = env.encoding.pick_at["meld"]
    width = len(block.idents)
    assert env.encoding.size < 10_000
    laid = said = 0
    rng = random.Random(1)
    for seed in (1, 2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = check_mask(env)
            picking = env._now[3] if len(env._now) > 3 else None
            picked = picking.picked if picking is not None else ()
            shown = obs["observation"][at:at + width]
            assert shown.sum() == len(picked) and all(shown[j] == picked.count(j) for j in picked)
            other = env.possible_agents[1 - env._seat]
            assert not env.observe(other)["observation"][at:at + width].any()
            picks = [a for a in legal if a >= block.start]
            action = int(rng.choice(picks if picks and rng.random() < 0.9 else legal))
            if action in (block.done, called):
                move = env._now[0][action][0]
                laid += 1
                said += action == called
                assert sorted(block.ids(move.arg, env.encoding.ident_of)) == list(picked)
            env.step(action)
    assert laid > 3 and said


# ---------------------------------------------------------------------------------------- hidden information

def hidden_places(env, seat: int) -> list[tuple]:
    """(zone index, owner, position) of every card `seat` may not see now (its view shows None there): the places
    whose cards may be swapped without the seat being able to tell.  Cards the game's records name by id (a
    claim's cards, a variable holding a card) stay where they are: swapped, the record would name another card."""
    st = env.table.game.state
    view = env.table.view(seat)
    named = set(st.claim["cards"]) if st.claim else set()
    named |= {v for name, v in st.vars.items() if st.program.var_kinds.get(name) == "card"}
    out = []
    for zi, spec in enumerate(st.program.zones):
        seen = view["zones"][spec.name]
        parts = [(o, h["cards"]) for o, h in enumerate(seen)] if spec.per_player else [(None, seen["cards"])]
        for owner, cards in parts:
            real = st.zone(zi, owner)
            out += [(zi, owner, pos) for pos, c in enumerate(cards) if c is None and real[pos] not in named]
    return out


def known_places(env, seat: int) -> list[tuple]:
    """The places of cards `seat` sees only because it was told them: shown by a `reveal` (`st.revealed`) or
    looked at as they lie face down (`st.facedown`), in a zone that does not show them to it."""
    st = env.table.game.state
    out = []
    for zi, spec in enumerate(st.program.zones):
        for owner in (range(env.n) if spec.per_player else [None]):
            shows = zone_shows(spec.visibility, owner, seat)
            for pos, c in enumerate(st.zone(zi, owner)):
                if c in st.facedown and seat in st.facedown[c] or not shows and seat in st.revealed.get(c, ()):
                    out.append((zi, owner, pos))
    return out


def swap(st, a: tuple, b: tuple) -> None:
    """Swap the cards of two places; who knows what lies at a place (face down, or shown there) stays with it."""
    za, zb = st.zone(a[0], a[1]), st.zone(b[0], b[1])
    ca, cb = za[a[2]], zb[b[2]]
    marks = []
    for told in (st.facedown, st.revealed):
        marks.append((told, told.pop(ca, None), told.pop(cb, None)))
    za[a[2]], zb[b[2]] = cb, ca
    for told, da, db in marks:
        if da is not None:
            told[cb] = da
        if db is not None:
            told[ca] = db


def looks(env, seat: int) -> tuple:
    agent = env.possible_agents[seat]
    if seat == env._seat:
        env._refresh()
    obs = env.observe(agent)
    return obs["observation"].copy(), obs["action_mask"].copy()


def hidden_swaps(env, seat: int, rng, places: list) -> list:
    """Pairs of the places, of cards of different identities, each place in one pair at most."""
    st = env.table.game.state
    ident = env.encoding.ident_of
    rng.shuffle(places)
    pairs = [(a, b) for a, b in zip(places[::2], places[1::2])
             if ident[st.zone(a[0], a[1])[a[2]]] != ident[st.zone(b[0], b[1])[b[2]]]]
    return pairs[:6]


# the files where a seat is told cards it could not see otherwise: the property is checked on them most
TOLD = {"cabo.rules", "indian_poker.rules", "shown_cards.rules", "memory.rules", "peek_and_climb.rules", "golf.rules"}


@pytest.mark.parametrize("path", PLAYED, ids=[f"{p.parent.name}/{p.stem}" for p in PLAYED])
def test_an_observation_does_not_change_when_cards_its_seat_may_not_see_do(path):
    """Every few steps of a seeded masked random game, for one seat in turn: cards it may not see (others' hands,
    the stock, cards face down it was not told, cards shown to others) are swapped among themselves, and its
    observation (and mask, if it is to act) stay exactly the same.  Cards it was told (shown by `reveal`, looked at
    face down) swapped with hidden ones of another identity change its observation: the test can tell."""
    program = load(path)
    n = 3 if program.min_players <= 3 <= program.max_players else program.min_players
    # (tests/test_env.py checks the bundled games and examples over 400 steps: here a short look at them)
    short = path.parent.name in ("games", "examples")
    env = make_env(program, players=n, seed=7, max_moves=300 if path.name in TOLD else 30 if short else 90)
    rng = random.Random(7)
    looked = unchanged = told = 0
    every = 1 if path.name in TOLD else 3
    for seed in (7, 8) if path.name in TOLD else (7,):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            _, _, term, trunc, _ = env.last(observe=False)
            if term or trunc:
                env.step(None)
                continue
            if env.moves % every == 0:
                st = env.table.game.state
                seat = env.moves // every % n
                before = looks(env, seat)
                hidden = hidden_places(env, seat)
                pairs = hidden_swaps(env, seat, rng, hidden)
                for a, b in pairs:
                    swap(st, a, b)
                after = looks(env, seat)
                for a, b in reversed(pairs):
                    swap(st, a, b)
                assert np.array_equal(before[0], after[0]), f"a hidden card shows to seat {seat} at {env.moves}"
                assert np.array_equal(before[1], after[1]), f"a hidden card changes seat {seat}'s mask"
                looked += 1
                unchanged += bool(pairs)
                ident = env.encoding.ident_of
                for k in known_places(env, seat)[:2]:
                    other = next((h for h in hidden if ident[st.zone(*h[:2])[h[2]]] != ident[st.zone(*k[:2])[k[2]]]),
                                 None)
                    if other is None:
                        continue
                    swap(st, k, other)
                    changed = looks(env, seat)
                    swap(st, k, other)
                    assert not np.array_equal(before[0], changed[0]), f"a card told to seat {seat} does not show"
                    told += 1
                looks(env, seat)
            env.step(int(rng.choice(np.flatnonzero(env.action_mask()))))
    assert looked
    if path.name in TOLD:
        assert told, "no card told to a seat was swapped"
