"""rulelang.env: every game file as a PettingZoo AEC environment and a Gymnasium one (docs/env.md).

PettingZoo's own api_test for every bundled game and example (examples/more too); masks that are exactly the legal moves under
random masked play; seeded episodes played again the same; observations that do not change when cards the
seat cannot see change; a stacked deal whose mask and observation are asserted exactly; rewards; the
Gymnasium wrapper against rulelang bots; and rulelang without the extra importing none of it.
"""
from __future__ import annotations

import hashlib
import random
import re
import subprocess
import sys
import warnings

import attrs
import pytest

np = pytest.importorskip("numpy", reason="the `rl` extra (make test installs it)")
pytest.importorskip("pettingzoo", reason="the `rl` extra (make test installs it)")

from pettingzoo.test import api_test  # noqa: E402

import rulelang  # noqa: E402
from helpers import GAMES, ROOT, deal_stack, program  # noqa: E402
from interpreter.bots.odds import with_calls  # noqa: E402
from rulelang.env import Encoding, make_env, make_gym_env  # noqa: E402

GAME_FILES = sorted(GAMES.glob("*.rules")) + sorted((ROOT / "examples").glob("*.rules"))
IDS = [p.stem for p in GAME_FILES]


def masked_random(rng: random.Random, mask) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


MORE_FILES = sorted((ROOT / "examples" / "more").glob("*.rules"))  # the examples of examples/more: api_test too


@pytest.mark.parametrize("path", GAME_FILES + MORE_FILES, ids=IDS + [f"more/{p.stem}" for p in MORE_FILES])
def test_pettingzoo_api_test_passes(path):
    env = make_env(path, seed=0, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for envs it does not know by name (dict observations)
        api_test(env, num_cycles=15)


def check_mask(env) -> None:
    """The actions the mask allows are the decision's moves, each of them, and nothing else."""
    seat = env.possible_agents.index(env.agent_selection)
    decision = env.table.decision(seat)
    legal = env._now_for(seat)[0]
    mask = env.action_mask()
    assert sorted(np.flatnonzero(mask)) == sorted(legal)
    options = set(decision.options)
    for action, (move, calls, text) in legal.items():
        assert move in options, env.action_label(action)
        assert calls <= set(decision.calls)
        label = env.action_label(action)
        assert label.split()[0] == move.verb
        if text is None:  # a bot's move (with the calls it says) is stepped as its action
            assert env.action_of(with_calls(move, calls) if calls else move) == action, label
    assert {m for m, _, _ in legal.values()} == options, "a legal move has no action"


def check_observation(env, obs, step: int) -> None:
    """The observation read from the seat's glance (`Table.observe`: each zone counted from its last count) is the
    one the seat's view gives, counted afresh: for the acting seat each step, for every seat every tenth."""
    enc = env.encoding
    seats = range(env.n) if step % 10 == 0 else [env._seat]
    for seat in seats:
        mine = env._verbs(seat) if seat == env._seat else None
        got = obs if seat == env._seat else env.table.observe(seat, enc, mine)
        assert np.array_equal(got, enc.observe(env.table.view(seat), mine)), f"seat {seat} at step {step}"


def acting(env):
    """An episode's turns as PettingZoo plays them, those of agents still playing: each one's observation and info
    (an agent whose game ended is stepped with None, as the API asks)."""
    for _agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        yield obs, info


# a layout of face-down cards in a zone all see, some turned up before (Concentration): those are offered by
# place, as the cards of a zone the seat never sees are
LAID_FACE_DOWN = ROOT / "tests" / "rules" / "memory.rules"
# a variable holding a list of cards, some of which a seat may not see (Peek: `set peeks = [c for c in hand(next)]`)
HIDDEN_IN_A_LIST = ROOT / "tests" / "rules" / "peek.rules"
# face-down cards carried on into a hand whose owner never saw them (Cheat: the pile taken back), offered by place
TAKEN_BACK_FACE_DOWN = ROOT / "tests" / "rules" / "cheat.rules"


@pytest.mark.parametrize("path", [*GAME_FILES, LAID_FACE_DOWN, HIDDEN_IN_A_LIST, TAKEN_BACK_FACE_DOWN],
                         ids=[*IDS, "memory", "peek", "cheat"])
def test_random_masked_play_only_makes_legal_moves(path):
    """Masks always match the legal moves (bench/env_bench.py --episodes 1000 plays a thousand games of each),
    and the observation read from the state is the one the seat's view gives."""
    game = rulelang.load(path)
    for players, seed in ((2, 1), (None, 2), (3, 3)):
        if players is not None:  # two and three players, or the nearest count the game is for
            players = min(max(players, game.min_players), game.max_players)
        env = make_env(game, players=players, seed=seed, max_moves=800)  # a long game is cut off (truncated)
        rng = random.Random(seed)
        env.reset(seed=seed)
        for obs, info in acting(env):
            check_mask(env)
            assert np.array_equal(obs["action_mask"], info["action_mask"])
            check_observation(env, obs["observation"], env.moves)
            env.step(masked_random(rng, obs["action_mask"]))
        env.table.game.check_cards()


@pytest.mark.parametrize("taken_back", [r"for c in pile { move c to hand(\1) }",
                                        r"let cs = [c for c in pile]\n        move cs to hand(\1)"])
def test_face_down_cards_taken_back_through_a_name_are_in_the_action_space(taken_back):
    """Cheat's pile taken back card by card (`for c in pile`) or through a `let`: the cards still lie face down in
    the hand, offered by place (`lay #2`), and the compiler follows the name to the pile (before: 'lay #1 ... are
    outside the action space')."""
    text, n = re.subn(r"move pile to hand\((\w+)\)", taken_back, TAKEN_BACK_FACE_DOWN.read_text())
    assert n == 2  # the caller's, or the one who lied
    env = make_env(rulelang.load_text(text), players=3, seed=1,
                   max_moves=800)
    for seed in (1, 3):
        rng = random.Random(seed)
        env.reset(seed=seed)
        for obs, info in acting(env):
            check_mask(env)
            env.step(masked_random(rng, obs["action_mask"]))


@pytest.mark.parametrize("name", ["express", "whos_lying", "hearts", "president"])
def test_the_kept_observations_and_masks_are_those_worked_out_afresh(name):
    """The fast path (each seat's observation kept and written again only where its glance changed; a decision's
    moves looked up by the moves asked before, masks kept by their actions) gives, for every seat at every step,
    the vector its view gives counted afresh, and the mask and verbs an Encoding with nothing kept works out."""
    path = next(p for p in GAME_FILES if p.stem == name)
    env = make_env(path, seed=3, max_moves=120)
    fresh = Encoding(env.program, env.n)
    rng = random.Random(3)
    for seed in (3, 4):
        env.reset(seed=seed)
        for obs, info in acting(env):
            for kept in (fresh._quick, fresh._masks, fresh._of_move):
                kept.clear()
            legal, mask, verbs = fresh.decide(env.table.decision(env._seat), env._seat)
            assert np.array_equal(obs["action_mask"], mask) and env._verbs(env._seat) == verbs
            assert legal == env._now_for(env._seat)[0]
            for seat in range(env.n):
                mine = env._verbs(seat)
                got = obs["observation"] if seat == env._seat else env.observe(env.possible_agents[seat])["observation"]
                assert np.array_equal(got, env.encoding.observe(env.table.view(seat), mine)), (seat, env.moves)
            env.step(masked_random(rng, obs["action_mask"]))


def test_what_a_learner_keeps_stays_as_it_was():
    """Observations and masks kept from step to step (a rollout, a replay buffer) never change under the learner:
    each observation is its own copy, and a mask, once made, is never written again (new masks are rows of blocks
    made beforehand: these games make more than a block's 256)."""
    env = make_env(GAMES / "express.rules", seed=6, max_moves=400)
    rng = random.Random(6)
    kept = []
    for seed in (6, 7, 8, 9):
        env.reset(seed=seed)
        for obs, info in acting(env):
            kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
            env.step(masked_random(rng, obs["action_mask"]))
    assert len({id(obs["action_mask"].base) for obs, _, _ in kept}) > 1  # masks from more than one block
    for obs, vector, mask in kept:
        assert np.array_equal(obs["observation"], vector) and np.array_equal(obs["action_mask"], mask)
        assert not obs["action_mask"].flags.writeable


def test_what_a_learner_keeps_of_an_observation_stays_as_it_was():
    """An array handed out is written again only when nothing holds it any longer (rulelang.env.encoding.REUSE):
    one kept by itself, or only through a view of part of it, stays as it was; the others are the vector afresh."""
    env = make_env(GAMES / "uno.rules", seed=5, max_moves=300)
    rng = random.Random(5)
    kept = []
    for seed in (5, 6, 7):  # games long enough to keep more than twenty
        env.reset(seed=seed)
        for step, (obs, info) in enumerate(acting(env)):
            vector = obs["observation"]
            assert np.array_equal(vector, env.encoding.observe(env.table.view(env._seat), env._verbs(env._seat)))
            if step % 7 == 0:
                kept.append((vector, vector.copy()))
            elif step % 7 == 3:
                kept.append((vector[10:300], vector[10:300].copy()))
            env.step(masked_random(rng, obs["action_mask"]))
            del obs, vector
    assert len(kept) > 20
    for held, copy in kept:
        assert np.array_equal(held, copy)


def episode(env, seed: int) -> str:
    """A digest of one episode of random masked play: every observation, action and reward."""
    rng = random.Random(seed)
    digest = hashlib.sha256()
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        digest.update(f"{agent} {reward} {term} {trunc}".encode())
        digest.update(obs["observation"].tobytes())
        if term or trunc:
            env.step(None)
            continue
        action = masked_random(rng, obs["action_mask"])
        digest.update(str(action).encode())
        env.step(action)
    return digest.hexdigest()


@pytest.mark.parametrize("name", ["express", "liars", "whos_lying"])
def test_a_seeded_episode_is_played_again_the_same(name):
    a = make_env(GAMES / f"{name}.rules", seed=5, max_moves=600)
    b = make_env(GAMES / f"{name}.rules", seed=5, max_moves=600)
    assert episode(a, 11) == episode(b, 11)
    assert episode(a, 12) != episode(a, 11)
    # Without a seed, reset() plays the games the environment's own seed gives, in order.
    a2 = make_env(GAMES / f"{name}.rules", seed=9)
    b2 = make_env(GAMES / f"{name}.rules", seed=9)
    for env in (a2, b2):
        env.reset()
    assert a2.game_seed == b2.game_seed
    assert a2.observe("player_0")["observation"].tobytes() == b2.observe("player_0")["observation"].tobytes()


def hidden_places(env, seat: int) -> list[tuple]:
    """(zone index, owner, position) of every card `seat` cannot see now: the places whose cards may be swapped
    without the seat being able to tell.  Cards the game's records name by id (a claim's cards, a variable
    holding a card) stay where they are: swapped, the record would name another card."""
    st = env.table.game.state
    view = env.table.view(seat)
    named = set(st.claim["cards"]) if st.claim else set()
    named |= {v for name, v in st.vars.items() if st.program.var_kinds.get(name) == "card"}
    out = []
    for zi, spec in enumerate(st.program.zones):
        seen = view["zones"][spec.name]
        parts = [(o, h["cards"]) for o, h in enumerate(seen)] if spec.per_player else [(None, seen["cards"])]
        for owner, cards in parts:
            real = st.zones[zi] if owner is None else st.zones[zi][owner]
            for pos, c in enumerate(cards):
                if c is None and seat not in st.facedown.get(real[pos], ()) and real[pos] not in named:
                    out.append((zi, owner, pos))
    return out


def swap(st, a: tuple, b: tuple) -> None:
    za = st.zones[a[0]] if a[1] is None else st.zones[a[0]][a[1]]
    zb = st.zones[b[0]] if b[1] is None else st.zones[b[0]][b[1]]
    ca, cb = za[a[2]], zb[b[2]]
    da, db = st.facedown.pop(ca, None), st.facedown.pop(cb, None)
    za[a[2]], zb[b[2]] = cb, ca
    if da is not None:  # the face-down mark stays with the place: who knows what lies there
        st.facedown[cb] = da
    if db is not None:
        st.facedown[ca] = db


@pytest.mark.parametrize("path", GAME_FILES, ids=IDS)
def test_the_observation_does_not_change_when_hidden_cards_do(path):
    """Invariant 7: an observation is made from the seat's view.  Cards it cannot see (other hands, the draw
    pile, cards face down) are swapped with each other, and its observation and mask stay exactly the same;
    swapping a card it can see with a hidden one changes its observation (the test can tell a change)."""
    env = make_env(path, seed=4)
    rng = random.Random(4)
    env.reset(seed=4)
    checked = 0
    for step in range(400):
        if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
            break
        seat = env.possible_agents.index(env.agent_selection)
        st = env.table.game.state
        hidden = hidden_places(env, seat)
        ident = env.encoding.ident_of
        pairs = [(a, b) for a, b in zip(hidden, hidden[1:] + hidden[:1])
                 if ident[st.zone(a[0], a[1])[a[2]]] != ident[st.zone(b[0], b[1])[b[2]]]]
        if step % 10 == 0 and pairs:
            before = env.observe(env.agent_selection)
            rng.shuffle(pairs)
            done = []
            for a, b in pairs[:5]:
                swap(st, a, b)
                done.append((a, b))
            env._refresh()
            after = env.observe(env.agent_selection)
            assert np.array_equal(before["observation"], after["observation"]), "a hidden card shows"
            assert np.array_equal(before["action_mask"], after["action_mask"])
            for a, b in reversed(done):
                swap(st, a, b)
            env._refresh()
            checked += 1
        env.step(masked_random(rng, env.action_mask()))
    assert checked >= 3
    # A card the seat does see, swapped with one it does not of another identity, shows (in a game where a
    # player sees their own cards: nobody looks at their Slapjack stack).
    env.reset(seed=4)
    seat = env.possible_agents.index(env.agent_selection)
    st = env.table.game.state
    own = [z.index for z in st.program.zones if z.per_player and z.visibility != "hidden"]
    if not own:
        return
    hand_zone = own[0]
    mine = st.zones[hand_zone][seat]
    hidden = hidden_places(env, seat)
    ident = env.encoding.ident_of
    other = next(h for h in hidden if ident[st.zone(h[0], h[1])[h[2]]] != ident[mine[0]])
    before = env.observe(env.agent_selection)["observation"]
    swap(st, (hand_zone, seat, 0), other)
    env._refresh()
    assert not np.array_equal(before, env.observe(env.agent_selection)["observation"])


def test_a_stacked_deal_gives_exactly_its_moves_and_cards():
    """UNO Express, 3 players, P1 holds R3 G5 B1 B2 W on a Red 5: it may play R3 (colour), G5 (number) or the
    Wild, or draw, each with or without calling UNO (a call may be said with any move, docs/language.md §7).
    After the Wild, its decision is the four colours."""
    hands = [["R3", "G5", "B1", "B2", "W"], ["B3", "B4", "G3", "G4", "Y1"], ["G6", "G7", "G8", "B8", "Y9"]]
    env = make_env(GAMES / "express.rules", players=3, stack=deal_stack(hands, "R5"))
    env.reset(seed=1)
    assert env.agent_selection == "player_0"
    labels = {env.action_label(a) for a in np.flatnonzero(env.action_mask())}
    assert labels == {"draw", "play R3", "play G5", "play W", "play R3 uno", "play G5 uno", "play W uno", "draw uno"}
    enc = env.encoding
    obs = env.observe("player_0")["observation"]
    seg = {s.name: s for s in enc.segments}

    def counts(name, o=None):
        s = seg[name]
        return {enc.idents[i]: int(obs[s.start + i]) for i in range(s.size) if obs[s.start + i]}

    assert counts("zone.hand[self].cards") == {"R3": 1, "G5": 1, "B1": 1, "B2": 1, "W": 1}
    assert counts("zone.hand[+1].cards") == {} and counts("zone.draw.cards") == {}
    assert counts("zone.discard.top") == {"R5": 1}
    assert list(obs[seg["zone.hand.size"].start:][:3]) == [5, 5, 5]
    assert obs[seg["var.current_colour"].start] == 1  # red, the first colour
    # The next seat sees its own hand and the same table, counted from itself.
    obs1 = env.observe("player_1")["observation"]
    assert {enc.idents[i] for i in range(seg["zone.hand[self].cards"].size)
            if obs1[seg["zone.hand[self].cards"].start + i]} == {"B3", "B4", "G3", "G4", "Y1"}
    assert not obs1[seg["pending.player"].start] and obs1[seg["pending.player"].start + 2]  # P1 is two seats on
    env.step(next(a for a in np.flatnonzero(env.action_mask()) if env.action_label(a) == "play W"))
    assert env.agent_selection == "player_0"
    labels = {env.action_label(a) for a in np.flatnonzero(env.action_mask())}
    colours = {"colour red", "colour yellow", "colour green", "colour blue"}
    assert labels == colours | {f"{c} uno" for c in colours}  # UNO may be called with the colour named, as well
    env.step(next(a for a in np.flatnonzero(env.action_mask()) if env.action_label(a) == "colour blue"))
    assert env.agent_selection == "player_1"
    obs1 = env.observe("player_1")["observation"]
    assert obs1[seg["var.current_colour"].start + 3] == 1
    assert obs1[seg["zone.hand.size"].start + 2] == 4  # P1, two seats on from P2, holds 4


def play_out(env, seed: int) -> dict:
    rng = random.Random(seed)
    env.reset(seed=seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            final[agent] = (reward, term, trunc, info)
            env.step(None)
            continue
        env.step(masked_random(rng, obs["action_mask"]))
    return final


def test_win_rewards_go_to_the_winners():
    env = make_env(GAMES / "express.rules", players=3, seed=2)
    for seed in range(3):
        final = play_out(env, seed)
        assert set(final) == {"player_0", "player_1", "player_2"}
        winners = next(iter(final.values()))[3]["winners"]
        assert winners and all(f[1] for f in final.values())
        for agent, (reward, *_rest) in final.items():
            assert reward == (1.0 if int(agent.split("_")[1]) in winners else -1.0)


def test_score_rewards_are_the_score_less_the_others_mean():
    env = make_env(GAMES / "express.rules", players=3, seed=2, reward="score")
    rng = random.Random(0)
    env.reset(seed=3)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            scores = info["scores"]
            env.step(None)
            continue
        env.step(masked_random(rng, obs["action_mask"]))
    assert any(scores)
    for i, a in enumerate(env.possible_agents):
        others = [s for j, s in enumerate(scores) if j != i]
        assert total[a] == pytest.approx(scores[i] - sum(others) / len(others))
    assert sum(total.values()) == pytest.approx(0.0)


def test_the_gymnasium_wrapper_plays_one_seat_against_bots():
    # (Gymnasium's check_env steps with unmasked random actions, which a card game refuses: not used.)
    env = make_gym_env(GAMES / "express.rules", opponents=["greedy", "random"], seed=3)
    assert env.observation_space == env.env.observation_space("player_0")
    rng = random.Random(1)
    results = []
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        assert env.env.agent_selection == "player_0"
        done = False
        steps = 0
        while not done:
            assert env.observation_space.contains(obs)
            assert np.array_equal(info["action_mask"], obs["action_mask"])
            assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
            obs, reward, terminated, truncated, info = env.step(masked_random(rng, obs["action_mask"]))
            done = terminated or truncated
            steps += 1
        winners = info["winners"]
        assert reward == (1.0 if 0 in winners else -1.0)
        results.append((steps, tuple(winners)))
    # Seeded: the same games and the same bots' play again.
    rng = random.Random(1)
    again = []
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        done = False
        steps = 0
        while not done:
            obs, reward, terminated, truncated, info = env.step(masked_random(rng, obs["action_mask"]))
            done = terminated or truncated
            steps += 1
        again.append((steps, tuple(info["winners"])))
    assert again == results


def test_the_gymnasium_wrapper_refuses_what_does_not_fit():
    with pytest.raises(ValueError, match="unknown bot `clever`"):
        make_gym_env(GAMES / "express.rules", opponents=["clever"])
    with pytest.raises(ValueError, match="4 players need 3 opponents"):
        make_gym_env(GAMES / "express.rules", opponents=["greedy", "random"], players=4)


def test_render_shows_the_acting_seats_view():
    hands = [["R3", "G5", "B1", "B2", "W"], ["B3", "B4", "G3", "G4", "Y1"]]
    env = make_env(GAMES / "express.rules", players=2, stack=deal_stack(hands, "R5"), render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "discard: Red 5" in text
    assert "Your hand (5): R3 G5 B1 B2 W" in text
    assert "Moves: play R3 · play G5 · play W · draw" in text
    assert "hand: P1 5, P2 5" in text  # a zone named as the terminal's status names it
    assert "B3" not in text and "Y1" not in text  # the other hand


def test_describe_lays_out_every_number_and_action():
    env = make_env(GAMES / "liars.rules", players=4)
    text = env.describe()
    enc = env.encoding
    assert f"observation: {enc.obs_size} numbers" in text
    assert f"actions: {enc.size}" in text
    covered = sum(s.size for s in enc.segments)
    assert covered == enc.obs_size
    assert "claim.says.card" in text and "zone.front[+3].cards" in text
    assert "challenge self .. challenge +3" in text  # a seat to challenge, counted from the acting one
    assert "colour red .. colour blue\n" in text  # a value option: the four colours it is drawn from, no number


def test_a_value_option_takes_the_values_of_its_domains_attribute():
    """`name c in colour`: an action per colour, none for a rank or a number; `guess r in [c.rank for c in ...]`:
    one per rank."""
    env = make_env(rulelang.load_text(BASE + """
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    name c in colour { win current }
    guess r in [c.rank for c in hand(current)] { win next }
  }
}
"""), players=2)
    labels = [env.action_label(a) for a in range(env.encoding.size)]
    assert [x for x in labels if x.startswith("name ")] == ["name red", "name blue"]
    assert [x for x in labels if x.startswith("guess ")] == ["guess two", "guess three", "guess four", "guess ace"]
    env.reset(seed=1)
    check_mask(env)
    legal = {env.action_label(a) for a in np.flatnonzero(env.action_mask())}
    assert {"name red", "name blue"} <= legal


def test_wrong_settings_are_refused_in_the_languages_words():
    from rulelang.errors import RulesError

    with pytest.raises(RulesError, match="for 2 to 10 players"):
        make_env(GAMES / "express.rules", players=11)
    with pytest.raises(RulesError, match="unknown option `nope`"):
        make_env(GAMES / "express.rules", options={"nope": "1"})
    with pytest.raises(ValueError, match="reward is one of win, score"):
        make_env(GAMES / "express.rules", reward="points")
    env = make_env("express", players=2)  # a bundled game by name
    env.reset(seed=0)
    with pytest.raises(ValueError, match="is not legal"):
        env.step(int(np.flatnonzero(env.action_mask() == 0)[0]))


NO_RL = """
import sys
import rulelang
from rulelang import cli
assert cli.main(["check", "games/express.rules"]) == 0
assert cli.main(["simulate", "express", "--games", "3", "--json"]) == 0
loaded = sorted(m for m in ("numpy", "pettingzoo", "gymnasium") if m in sys.modules)
assert not loaded, loaded
"""


def test_rulelang_without_the_extra_imports_none_of_it():
    out = subprocess.run([sys.executable, "-c", NO_RL], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_a_missing_extra_is_named():
    code = "import sys; sys.modules['pettingzoo'] = None\nimport rulelang.env"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert "pip install 'rulelang[rl]'" in out.stderr and "pettingzoo" in out.stderr


def test_bundled_programs_compile_once():
    # The environments share the helpers' compiled programs: a Program is accepted as it is.
    env = make_env(program("express"), players=2)
    env.reset(seed=0)
    assert env.program is program("express")


def test_the_training_example_runs(capsys):
    """examples/rl/train.py for a moment: it measures, trains and reports (its real run is in its README)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("rl_train", ROOT / "examples" / "rl" / "train.py")
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    assert train.main(["--minutes", "0.01", "--block", "5", "--eval", "5"]) == 0
    out = capsys.readouterr().out
    assert "the untrained policy wins" in out and "trained on" in out and "the trained policy wins" in out


# ------------------------------------------------------------------ options of several arguments, of a set of cards

BASE = """
game "T"
players 2..4
attribute colour { red "Red" short "R"  blue "Blue" short "B" }
attribute rank ordered { two "2" three "3" four "4" ace "Ace" short "A" }
name cards by colour rank
deck draw { for c in colour { for r in rank { 2 cards {colour: c, rank: r} } } }
zone draw hidden
zone pile public
zone hand private per player
"""


def test_an_option_of_two_arguments_is_one_action_per_player_and_rank():
    """The FISH game of tests/test_constructs.py: P1 (R2 R3) may ask P2 (B2 BA) or P3 (B3 RA) for twos or threes."""
    env = make_env(rulelang.load_text(BASE + """
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    ask p in others(current), r in [c.rank for c in hand(current)] where size(hand(p)) > 0 {
      move [c for c in hand(p) if c.rank == r] to hand(current)
      win current
    }
    go_fish { win next }
  }
}
"""), players=3, stack=["R2", "B2", "B3", "R3", "BA", "RA"])
    env.reset(seed=1)
    check_mask(env)
    enc = env.encoding
    block = enc.actions.blocks[0]
    assert block.size == 3 * 4  # seats x the four ranks (the values its domain is typed by): the product of the domains
    labels = {env.action_label(a): a for a in np.flatnonzero(env.action_mask())}
    assert set(labels) == {"ask +1 two", "ask +1 three", "ask +2 two", "ask +2 three", "go_fish"}
    env.step(labels["ask +2 three"])
    game = env.table.game
    assert game.over and game.winners == [0]
    hand = game.state.zone(game.program.zone_index["hand"], 0)
    assert sorted(game.program.cards[c].short for c in hand) == ["B3", "R2", "R3"]


def test_an_option_of_a_set_of_cards_is_one_action_per_set_of_card_names():
    """P1 holds R2 B2 R3 RA: one card, or the two twos, in either order; twins in the deck are one action."""
    env = make_env(rulelang.load_text(BASE + """
setup { shuffle draw  deal 4 from draw to hand }
turn {
  choose current {
    lay 1..3 cs from hand(current) where all(c.rank == first(cs).rank for c in cs) {
      move cs to pile
      set score(current) = size(cs)
      win current
    }
  }
}
"""), players=2, stack=["R2", "B3", "B2", "B3", "R3", "BA", "RA", "B4"])
    env.reset(seed=1)
    check_mask(env)
    enc = env.encoding
    labels = {env.action_label(a): a for a in np.flatnonzero(env.action_mask())}
    assert set(labels) == {"lay R2", "lay B2", "lay R3", "lay RA", "lay R2 B2"}
    n = len(enc.idents)
    assert enc.size == n + n * (n + 1) // 2 + n * (n + 1) * (n + 2) // 6  # multisets of 1, 2 and 3 names
    # Each action's set is numbered back to that action (ranking and unranking agree).
    block = enc.actions.blocks[0]
    for j in range(block.size):
        assert block.index(list(enc.actions[block.start + j].item)) == block.start + j
    env.step(labels["lay R2 B2"])
    assert env.table.game.scores == [2, 0]


def test_seats_out_of_play_never_act():
    """President: a seat that is out (`out p`) is never the agent to act again in the hand; its episode ends with
    everyone's, at the game's end."""
    env = make_env(ROOT / "examples" / "president.rules", players=4, seed=3, max_moves=2000)
    rng = random.Random(3)
    env.reset(seed=3)
    gone: set = set()
    went_out = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            assert env.table.over and not trunc
            env.step(None)
            continue
        assert env.possible_agents.index(agent) not in gone
        env.step(masked_random(rng, obs["action_mask"]))
        if not env.table.over:
            gone = set(env.table.game.state.gone)
            went_out = max(went_out, len(gone))
    assert went_out == 2  # of four, two went out while play went on (the third out ends the hand)


BIG_SETS = """
game "T"
players 2..4
attribute number 1..60
name cards by number
deck draw { for n in number { 1 card {number: n} } }
zone draw hidden
zone pile public
zone hand private per player
setup { shuffle draw  deal 5 from draw to hand }
turn { choose current { lay 1..5 cs from hand(current) { move cs to pile  win current } } }
"""


def test_sets_of_cards_that_need_too_many_actions_are_picked_a_card_at_a_time():
    """Sets of 1..5 of 60 names: C(65, 5) - 1 = 8,259,887 multisets, beyond the 2**20 actions an environment may
    have (before, refused): `lay +7` for each name, then `lay done`."""
    env = make_env(rulelang.load_text(BIG_SETS), players=2, seed=1)
    assert env.encoding.size == 61 and env.action_label(60) == "lay done"
    env.reset(seed=1)
    first = {env.action_label(a) for a in np.flatnonzero(env.action_mask())}
    assert len(first) == 5 and all(label.startswith("lay +") for label in first)
    env.step(next(iter(np.flatnonzero(env.action_mask()))))
    assert env.agent_selection == "player_0" and env.encoding.size - 1 in np.flatnonzero(env.action_mask())
    env.step(env.encoding.size - 1)  # done: the one card laid, and the game won
    assert env.terminations["player_0"] and env.infos["player_0"]["winners"] == [0]


def test_working_a_decision_out_again_keeps_the_cards_picked_so_far():
    """The acting seat's actions worked out again (`_refresh`, as the hidden-information tests do after swapping
    hidden cards) in the middle of a set picked a card at a time keep the cards picked so far: the same mask, the
    same observation.  Before, the set started afresh, so a look at every few steps (tests/test_env_every_file.py)
    never let Big Two's first play be laid: the look went on for ever."""
    env = make_env(rulelang.load_text(BIG_SETS), players=2, seed=1)
    env.reset(seed=1)
    first, second = (int(a) for a in np.flatnonzero(env.action_mask())[:2])
    env.step(first)
    env.step(second)
    mask, seen = env.action_mask().copy(), env.observe("player_0")["observation"].copy()
    assert env._now[3].picked == (first, second) and seen.sum() > 0
    env._refresh()
    assert env._now[3].picked == (first, second)
    assert np.array_equal(env.action_mask(), mask)
    assert np.array_equal(env.observe("player_0")["observation"], seen)
    env.step(env.encoding.size - 1)  # done: the two cards laid, and the game won
    assert env.terminations["player_0"] and env.infos["player_0"]["winners"] == [0]


def test_the_masks_kept_of_a_large_action_space_stay_within_their_bytes():
    """Masks are kept by the actions they allow; where each is a whole array of hundreds of thousands of actions
    (President's sets of cards: 368,720), no more than MASK_BYTES of them are kept (before: 4,096 of any size, up to
    1.5 GB for President, 3 GB for Palace)."""
    from rulelang.env.encoding import MASK_BYTES
    env = make_env(ROOT / "examples" / "president.rules", players=4, seed=1, max_moves=600)
    rng = random.Random(1)
    most = 0
    for seed in range(1, 9):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            _, _, term, trunc, info = env.last(observe=False)
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            most = max(most, len(env.encoding._masks))
    assert most > 16 and most * env.encoding.size <= MASK_BYTES + env.encoding.size


def test_a_game_whose_arguments_need_too_many_actions_is_refused_naming_the_option():
    big = BIG_SETS.replace("lay 1..5 cs from hand(current)", "lay a in hand(current), b in hand(current), k in 0..299").replace(
        "move cs to pile", "move a to pile")
    # 60 x 60 x 300 combinations, beyond the 2**20 actions an environment may have
    with pytest.raises(ValueError, match=r"would need 1,080,000 actions .*`lay` alone"):
        make_env(rulelang.load_text(big), players=2)


@pytest.mark.parametrize("name", ["house", "liars", "uno"])
def test_a_seats_glancer_gives_its_glance_at_every_move(name):
    """`Seat.glancer()` (a function written for what each zone shows the seat, the zones read in it) gives what
    `Seat.glance()` gives, for every seat at every move: with cards face down (Liar's UNO), after rules written
    in play have made the program another (House Rules), and while a challenged hand is known to its challenger
    (UNO: `reveal`, st.revealed)."""
    from interpreter import Game
    from interpreter.bots import RandomBot

    p = program(name)
    game = Game(p, 4, seed=5, record=False)
    seats = [game.seat(i) for i in range(4)]
    looks = [s.glancer() for s in seats]
    bots = [RandomBot(i) for i in range(4)]
    changed = downs = 0
    for _ in range(400 if name != "uno" else 3000):
        if game.over:
            break
        for s, look in zip(seats, looks):
            assert look() == s.glance()
        downs += bool(game.state.facedown or game.state.revealed)
        d = game.pending
        game.apply(d.player, bots[d.player].choose(p, None, d), checked=False)
        changed += game.state.program is not p
    assert (changed if name == "house" else downs) > 0  # the case this is about did come up


def test_a_seats_actor_makes_its_move_as_act_does():
    """`Seat.actor()` (the machine's move bound to the seat, the environment's step) plays a game move for move as
    `Seat.act(move, undoable=False)` does: every seat's view the same after each move (2,000 moves, or to the
    end); a spectator's actor refuses, as `act` does."""
    from interpreter import Game
    from interpreter.bots import RandomBot
    from interpreter.errors import MoveError

    p = program("uno")
    by_act, by_actor = Game(p, 4, seed=11, record=False), Game(p, 4, seed=11, record=False)
    actors = [s.actor() for s in by_actor.seats]
    bots = [RandomBot(i) for i in range(4)]
    moves = 0
    while not by_act.over and moves < 2000:
        d, e = by_act.pending, by_actor.pending
        assert (d.player, [m.text for m in d.options]) == (e.player, [m.text for m in e.options])
        k = [m.text for m in d.options].index(bots[d.player].choose(p, None, d).text)
        by_act.seat(d.player).act(d.options[k], undoable=False)
        actors[e.player](e.options[k], False)
        moves += 1
        assert all(by_act.view(i) == by_actor.view(i) for i in range(4))
    assert (by_actor.over, by_actor.winners, by_actor.scores) == (by_act.over, by_act.winners, by_act.scores)
    assert moves > 50
    with pytest.raises(MoveError, match="spectator"):
        by_actor.seat(None).actor()(e.options[0], False)


TAKE_BY_PLACE = '''game "Take a card by its place"
players 2..5 default 5

attribute kind { cat "Cat"  dog "Dog" }

name cards by kind

deck stock {
  for k in kind { 12 cards { kind: k } }
}

zone stock hidden
zone hand private per player
zone pile public

setup {
  shuffle stock
  deal 4 from stock to hand
}

turn {
  choose current {
    take p in others(current), c in hand(p) where size(hand(p)) > 0 "take a card of another's hand, unseen" {
      move c to hand(current)
    }
    lay c in hand(current) "lay a card" {
      move c to pile
    }
  }
  if size(hand(current)) == 0 { win current }
}
'''


def test_a_card_taken_by_its_place_with_a_player_has_its_own_action_when_cards_are_alike():
    """`take p in others(current), c in hand(p)`: another's card is offered by its place (`take P2 #3`), after the
    card identities.  With cards alike (24 cards, 2 identities) the place was numbered after the deck's cards, not
    the identities, so its action ran into the next verb's block (found writing Exploding Kittens: "take P5 #21"
    had the action of another verb's move)."""
    env = make_env(rulelang.load_text(TAKE_BY_PLACE), players=5, seed=1, max_moves=300)
    for seed in (1, 2):
        rng = random.Random(seed)
        env.reset(seed=seed)
        for obs, info in acting(env):
            check_mask(env)
            for action, (move, _, _) in env._now[0].items():  # each legal move has an action of its own verb
                assert env.action_label(action).split()[0] == move.verb, (action, move.text)
            env.step(masked_random(rng, obs["action_mask"]))


def test_envs_of_one_program_and_count_share_their_action_space():
    """The action space and observation layout depend only on the program, the number of players, the example
    rules and `numbers`: worked out once a process and shared (read-only) by every env made of them; an env of
    another program (even an equal one), count or `numbers` has its own.  What each env keeps of its play is its
    own.  Game options do not shape the space: envs of one program with other options share it too."""
    p = program("liars")
    a, b = make_env(p, players=4), make_env(p, players=4, options={}, seed=7)
    ea, eb = a.encoding, b.encoding
    for name in ("actions", "index", "call_rows", "segments", "zone_slots", "_bit_of", "_group_of"):
        assert getattr(ea, name) is getattr(eb, name), name
    for name in ("_quick", "_masks", "_of_move", "_action_kept", "_outs", "_was", "_tallies", "observers"):
        assert getattr(ea, name) is not getattr(eb, name), name
    three = make_env(p, players=3).encoding
    assert three.actions is not ea.actions and three.size < ea.size
    assert make_env(p, players=4, numbers=(0, 9)).encoding.actions is not ea.actions
    equal = attrs.evolve(p)  # the same game, another object (as a rule written in play makes): its own space
    e = make_env(equal, players=4).encoding
    assert e.actions is not ea.actions and e.program is equal
    assert [x.label for x in e.actions.listed] == [x.label for x in ea.actions.listed]
    # the space's program is held while it is kept: a program let go never lends its id to another's space
    for _ in range(3):
        q = attrs.evolve(p)
        assert make_env(q, players=4).encoding.program is q
        del q
    # the same observations and masks from either env
    for env in (a, b):
        env.reset(seed=5)
    for _ in range(40):
        if not a.agents:
            break
        oa, ob = a.last()[0], b.last()[0]
        assert a.agent_selection == b.agent_selection
        assert np.array_equal(oa["observation"], ob["observation"]) and np.array_equal(oa["action_mask"], ob["action_mask"])
        act = int(np.flatnonzero(oa["action_mask"])[0]) if not (a.terminations[a.agent_selection] or
                                                                a.truncations[a.agent_selection]) else None
        a.step(act)
        b.step(act)
