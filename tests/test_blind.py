"""Blind picks (issue #15): an option over cards the chooser may not see offers them by place (`take #2`), in an
order shuffled for each decision, and never names them: not in the moves, the prompt, `help`, a refusal, the view,
the network's decision or the RL environment's actions.  The card taken is named to the taker once it is theirs.

tests/rules/blind_draw.rules: each turn the player takes a card, unseen, from the next player's hand (or lays a 4).
Stacked with STACK, Ann is dealt R1 B2 R3 and Bob B1 R2 B3 (two players)."""
from __future__ import annotations

import io
import json
import re
import sys

import pytest

import rulelang
from interpreter import Game
from interpreter.errors import MoveError
from rulelang.net.protocol import Canon, wire_decision
from tests.helpers import ROOT

BLIND = ROOT / "tests" / "rules" / "blind_draw.rules"
STACK = ["R1", "B1", "B2", "R2", "R3", "B3"]
BOBS = {"B1", "R2", "B3", "Blue 1", "Red 2", "Blue 3"}


@pytest.fixture(scope="module")
def program():
    return rulelang.load(BLIND)


def new_game(program, stack=STACK, seed=1, names=("Ann", "Bob")):
    return Game(program, list(names), seed=seed, stack=list(stack))


def hand(g, seat):
    return [g.program.cards[c].short for c in g.state.zones[g.program.zone_index["hand"]][seat]]


def named(text: str, names) -> set:
    return {n for n in names if re.search(rf"(?<![\w#]){re.escape(n)}(?!\w)", text)}


def test_the_cards_of_another_hand_are_offered_by_place_and_the_one_taken_is_the_takers(program):
    g = new_game(program)
    assert hand(g, 0) == ["R1", "B2", "R3"] and hand(g, 1) == ["B1", "R2", "B3"]
    assert [o.text for o in g.pending.options] == ["take #1", "take #2", "take #3"]
    took = []
    for k in (1, 2, 3):  # each place holds one of Bob's cards, a different one each
        h = new_game(program)
        h.apply(0, f"take #{k}")
        took += set(hand(g, 1)) - set(hand(h, 1))
    assert sorted(took) == ["B1", "B3", "R2"]
    g.apply(0, "take #2")
    assert len(hand(g, 1)) == 2  # Bob gave one card ...
    assert sorted(hand(g, 0) + hand(g, 1) + [program.cards[c].short for c in g.state.zones[2]]) == sorted(STACK)
    # ... and it is named to Ann (her view, the narration), to Bob too (it was his), not to a spectator
    told = ["".join(text for _, text in line) for line in g.seat(0).tell(list(g.events))]
    took = [line for line in told if "#2" in line]
    assert len(took) == 1 and re.fullmatch(r"You take #2: (Blue 1|Red 2|Blue 3) from Bob's hand", took[0]), told


def test_nothing_shown_to_the_chooser_names_a_hidden_card(program):
    g = new_game(program, names=("Ann", "Bob", "Cy"))
    d = g.pending
    hidden = {c.short for c in program.cards} | {c.name for c in program.cards}
    hidden -= set(hand(g, 0)) | {program.cards[c].name for c in g.state.zones[1][0]}
    texts = [d.prompt, *(o.text for o in d.options), *(o.doc for o in d.options), json.dumps(g.view(0)),
             json.dumps(wire_decision(Canon(program), d)), *(g.narrate(e, 0) or "" for e in g.events)]
    assert all(o.kind == "blind" and isinstance(o.arg, int) and o.arg <= 3 for o in d.options)
    assert not named("\n".join(texts), hidden)
    # A refusal says the same of a card in Bob's hand as of one in the stock: it tells nothing of where it is.
    refusals = {}
    for c in program.cards:
        for form, typed in enumerate((f"take {c.short}", c.short, c.name)):
            try:
                g.parse(typed)
            except MoveError as e:
                said = re.sub(r"^`[^`]*`", "`X`", str(e))  # what was typed, quoted first; the rest must not vary
                refusals.setdefault(form, set()).add(said)
    assert refusals and all(len(said) == 1 for said in refusals.values()), refusals
    assert not named("\n".join(s for said in refusals.values() for s in said), hidden)


def test_the_offer_is_the_same_whatever_the_hidden_cards_are(program):
    """Bob and the stock hold other cards; Ann's hand is the same: so is all she is shown, to the order of places."""
    a = new_game(program)
    b = new_game(program, stack=["R1", "R5", "B2", "B4", "R3", "B5"])
    assert hand(a, 0) == hand(b, 0) and hand(a, 1) != hand(b, 1)
    assert a.pending.options == b.pending.options and a.view(0) == b.view(0)
    assert a.pending.prompt == b.pending.prompt


def test_a_game_of_blind_picks_replays_from_its_seed_and_moves(program):
    g = new_game(program, seed=5)
    while not g.over and len(g.record()) < 8:
        g.apply(g.pending.player, g.pending.options[-1].text)
    again = new_game(program, seed=5)
    for seat, text in g.record():
        again.replay(seat, text)
    assert again.state.zones == g.state.zones and any("#" in text for _, text in g.record())


def test_a_blind_pick_is_typed_by_place_only(program):
    g = new_game(program)
    with pytest.raises(MoveError, match=r"`take #4` is not one of the moves; you can: take #1, take #2, or take #3"):
        g.parse("take #4")
    assert g.parse("#3").text == "take #3"  # the verb may be left out
    move = g.pending.options[0]
    forged = type(move)("take", g.state.zones[1][1][0], "take B1", move.option, kind="card")
    with pytest.raises(MoveError):  # a card move naming Bob's card is not one of the moves
        g.apply(0, forged)


def test_at_the_prompt_moves_help_and_refusals_name_no_hidden_card(tmp_path, capsys, monkeypatch):
    from rulelang import cli

    stack = tmp_path / "stack.yaml"
    stack.write_text("".join(f"- {c}\n" for c in STACK), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\ntake B3\ntake B4\ntake #2\nquit\ny\n"))
    assert cli.main(["run", str(BLIND), "--stack", str(stack), "--players", "2", "--names", "Ann,Bob", "--seed", "1", "--delay", "0",
                     "--save", str(tmp_path / "g.yaml")]) == 0
    out = capsys.readouterr().out
    before = out.split("Ann> take #2")[0]
    assert "Moves: take #1 / #2 / #3" in before and "e.g. take #1" in before
    assert "`take B3` is not one of the moves; you can: take #1, take #2, or take #3" in before
    assert "`take B4` is not one of the moves; you can: take #1, take #2, or take #3" in before
    assert not named(before.replace("take B3", "").replace("take B4", ""), BOBS)
    after = out.split("Ann> take #2")[1].split("\n")[1]
    assert re.fullmatch(r"  You take #2: (Blue 1|Red 2|Blue 3) from Bob's hand", after), after


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_bots_draw_blind_to_the_end(program, bots):
    from rulelang.simulate.one import play_one

    for seed in range(3):
        result = play_one(program, seed, 3, [bots] * 3, {})
        assert result["stalled"] is None and result["winners"], result


def test_the_search_bot_draws_blind_without_knowing_the_cards(program):
    """Its move at a blind pick is the same whatever the hidden cards are: it plays out samples of them, and a
    place holds the sample's card, not the real one."""
    from interpreter.bots import make_bot

    a = new_game(program)
    b = new_game(program, stack=["R1", "R5", "B2", "B4", "R3", "B5"])
    moves = [make_bot("search", 7, budget=300).move(g, 0, g.pending) for g in (a, b)]
    assert moves[0] == moves[1] and moves[0].kind == "blind"
    a.apply(0, moves[0])
    assert len(a.state.zones[1][1]) == 2


def test_bot_games_of_blind_picks_show_no_seat_a_card_it_may_not_see():
    """The hidden-information watcher (tests/test_hidden_information.py) over 12 seeded games: views, events,
    narration, the moves offered, and the permutation test."""
    from tests.test_hidden_information import play_and_watch

    out = play_and_watch(BLIND)
    assert out["failures"] == {} and out["counts"]["permutations"] > 0, out


def test_the_rl_environment_offers_blind_picks_by_place():
    pytest.importorskip("pettingzoo")
    from rulelang.env import make_env

    env = make_env(str(BLIND), players=2)
    env.reset(seed=3)
    legal = {env.action_label(i): i for i, on in enumerate(env.action_mask()) if on}
    assert [a for a in legal if a.startswith("take")] == ["take #1", "take #2", "take #3"]
    env.step(legal["take #2"])
    assert env.moves == 1


def test_a_window_offers_the_cards_of_another_hand_by_place(program):
    """An `ask` (here a rule typed in play): Bob, asked, may take back one of Ann's cards, unseen."""
    g = new_game(program)
    g.house(0, 'when turn_ends(p) { ask others(p) as q "steal one of {p}\'s cards?" { '
               'steal c in hand(p) "take a card, unseen" { move c to hand(q) } } }')
    g.apply(0, "take #1")
    d = g.pending
    assert d.player == 1 and d.window and [o.text for o in d.options] == ["steal #1", "steal #2", "pass"]
    ann = set(hand(g, 0))
    g.apply(1, "steal #2")
    assert len(set(hand(g, 0))) == len(ann) - 1 and (ann - set(hand(g, 0))) <= set(hand(g, 1))


def test_sets_and_several_arguments_take_hidden_cards_by_place(program):
    """`grab 2 cs from hand(p)` offers pairs of places; `pick q in others(..), c in hand(q)` a player and a place."""
    g = new_game(program, names=("Ann", "Bob", "Cy"))
    g.house(0, 'when turn_ends(p) { choose after(p) { grab 2 cs from hand(p) "two cards, unseen" { '
               'move cs to hand(after(p)) } pick q in others(after(p)), c in hand(q) "a card of anyone" { '
               'move c to hand(after(p)) } } }')
    g.apply(0, "take #1")
    d = g.pending
    assert d.player == 1 and [o.text for o in d.options] == [
        "grab #1 #2", "grab #1 #3", "grab #1 #4", "grab #2 #3", "grab #2 #4", "grab #3 #4",
        "pick Cy #1", "pick Cy #2", "pick Cy #3", "pick Ann #4", "pick Ann #5", "pick Ann #6", "pick Ann #7"]
    assert g.parse("grab #3 #1").text == "grab #1 #3"  # a set's places in any order
    ann = list(g.state.zones[1][0])
    g.apply(1, "grab #3 #1")
    assert len(g.state.zones[1][0]) == 2 and set(ann) - set(g.state.zones[1][0]) <= set(g.state.zones[1][1])
    line = [g.narrate(e, 2) for e in g.events if e.type == "choice"][-1]
    assert line == "Bob: grab #1 #3"


def test_hidden_twins_give_as_many_sets_as_cards_that_differ():
    """tests/rules/twins_that_differ.rules: every card reads "Plain".  Bob may not see the two left in Ann's hand:
    each is a set of its own, and both one more, as two cards that differ would be (two sets would tell twins)."""
    twins = rulelang.load(ROOT / "tests" / "rules" / "twins_that_differ.rules")
    g = Game(twins, ["Ann", "Bob"], seed=1)
    g.house(0, 'when turn_ends(p) { choose after(p) { grab 1..2 cs from hand(p) "cards, unseen" { '
               'move cs to hand(after(p)) } } }')
    g.apply(0, g.pending.options[0].text)
    d = g.pending
    assert d.player == 1 and [o.text for o in d.options] == ["grab #1", "grab #1 #2", "grab #2"]
    g.apply(1, "grab #2 #1")
    assert len(g.state.zones[1][0]) == 0 and len(g.state.zones[1][1]) == 5


@pytest.mark.parametrize("option,told", [
    ('grab c in hand(p) where c.colour == red "a red card, unseen" { move c to hand(after(p)) }',
     "option `grab`: its `where` tests cards that Bob may not see, so the moves offered would tell Bob of them; "
     "a `where` may test only what its chooser sees"),
    ('ask q in others(after(p)), n in 1..5 where any(c.number == n for c in hand(q)) "a number they hold" { say "{n}" }',
     "option `ask`: its `where` reads hand(Ann), cards that Bob may not see"),
    ('peek where any(c.number == 2 for c in hand(p)) "if they hold a 2" { say "2" } nah "if not" { say "no" }',
     "option `peek`: its `where` reads hand(Ann), cards that Bob may not see")])
def test_a_where_that_tests_cards_its_chooser_may_not_see_is_refused(program, option, told):
    """Which moves are offered (how many places pass `c.colour == red`, which numbers Ann holds, whether `peek` is
    there) would tell Bob what Ann holds: the rule typed in play is dropped, with the reason, and the game goes on."""
    g = new_game(program)
    g.house(0, f"when turn_ends(p) {{ choose after(p) {{ {option} }} }}")
    g.apply(0, "take #1")
    dropped = [e for e in g.events if e.type == "house_rule_dropped"]
    assert len(dropped) == 1 and dropped[0].reason.startswith(told), dropped
    assert g.pending.player == 1 and [o.text for o in g.pending.options] == ["take #1", "take #2"]


PEEK_THROUGH = ROOT / "tests" / "rules" / "peek_through.rules"
_OR_NOT = '"if so" { say "yes" } nah "if not" { say "no" }'


@pytest.fixture(scope="module")
def peek_through():
    return rulelang.load(PEEK_THROUGH)


@pytest.mark.parametrize("before,option,told", [
    ("let t = top(hand(p))", 'guess c in hand(after(p)) where c.colour == t.colour "a card of its colour" { say "{c}" }',
     "option `guess`: its `where` reads cards that Bob may not see"),
    ("keep(p)", f"guess where kept.number == 1 {_OR_NOT}", "option `guess`: its `where` reads cards that Bob may not see"),
    ("keep(p)", f"guess where noted(p).number == 1 {_OR_NOT}", "option `guess`: its `where` reads cards that Bob"),
    ("let q = p", f"guess where any(c.number == 1 for c in hand(q)) {_OR_NOT}",
     "option `guess`: its `where` reads hand(Ann), cards that Bob may not see"),
    ("", f"guess where holds_one(p) {_OR_NOT}", "option `guess`: its `where` reads hand(Ann), cards that Bob"),
    ("", 'ask q in others(after(p)) where holds_one(q) "one who holds a 1" { say "{q}" }',
     "option `ask`: its `where` reads hand(Ann), cards that Bob may not see"),
    ("let n = count(c for c in hand(p) if c.number == 1)", f"guess where n > 0 {_OR_NOT}",
     "option `guess`: its `where` reads `n`, a value worked out from cards that Bob could not see when it was set")],
    ids=["let-card", "var-card", "player-var-card", "player-name", "define", "define-of-argument", "derived-value"])
def test_a_where_that_reads_hidden_cards_through_a_name_or_a_function_is_refused(peek_through, before, option, told):
    """tests/rules/peek_through.rules: a card held by a name (a `let`, a variable, a player's variable: `keep(p)` sets
    both to the top card of Ann's hand), a player held by a name, a function over a hand, a value worked out from
    Ann's hand: each read by a `where` would tell Bob of Ann's cards by the moves offered."""
    g = new_game(peek_through)
    g.house(0, f"when turn_ends(p) {{ {before}  choose after(p) {{ {option} }} }}")
    g.apply(0, "take #1")
    dropped = [e for e in g.events if e.type == "house_rule_dropped"]
    assert len(dropped) == 1 and dropped[0].reason.startswith(told), dropped
    assert g.pending.player == 1 and [o.text for o in g.pending.options] == ["take #1", "take #2"]


def test_a_where_that_reads_through_names_only_what_its_chooser_sees_is_kept(peek_through):
    """The same names and function over Bob's own hand: kept, and `guess` offered as his hand says (he still holds B1 after Ann takes #1)."""
    g = new_game(peek_through)
    g.house(0, "when turn_ends(p) { keep(after(p))  let n = count(c for c in hand(after(p)) if c.number == 1)  "
               f"choose after(p) {{ guess where holds_one(after(p)) and n == 1 and noted(after(p)) != none {_OR_NOT} }} }}")
    g.apply(0, "take #1")
    assert not [e for e in g.events if e.type == "house_rule_dropped"]
    assert g.pending.player == 1 and [o.text for o in g.pending.options] == ["guess", "nah"]


def test_a_where_that_tests_only_what_its_chooser_sees_is_kept(program):
    g = new_game(program)
    g.house(0, 'when turn_ends(p) { choose after(p) { ask q in others(after(p)), n in 1..5 '
               'where any(c.number == n for c in hand(after(p))) "a number you hold" { say "{q} {n}" } } }')
    g.apply(0, "take #1")
    bob = {program.cards[c].attrs["number"] for c in g.state.zones[1][1]}
    assert [o.text for o in g.pending.options] == [f"ask Ann {n}" for n in sorted(bob)]


@pytest.mark.parametrize("old,new,at,told", [
    ('take c in hand(next) "take', 'take c in hand(next) where c.colour == red "take', "37:32",
     "option `take`: its `where` tests cards that Ann may not see"),
    ("turn {", 'rule steal: when turn_ends(p) { ask others(p) as q "steal?" { steal c in hand(p) where c.number == 1 '
     '"take a 1" { move c to hand(q) } } }\nturn {', "35:88", "option `steal`: its `where` tests cards that Bob may not see")],
    ids=["choose", "ask"])
def test_a_game_whose_where_tests_hidden_cards_is_refused_at_the_where(tmp_path, old, new, at, told):
    path = tmp_path / "peek.rules"
    path.write_text(BLIND.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    from interpreter.errors import RuntimeRulesError
    with pytest.raises(RuntimeRulesError) as e:
        g = new_game(rulelang.load(path))
        g.apply(0, g.pending.options[0].text)
    assert str(e.value).startswith(f"{path}:{at}: {told}"), str(e.value)
    assert "^" in str(e.value)  # the line, with a caret under the `where`


def test_a_where_reading_a_variable_set_from_a_hidden_card_names_it(tmp_path):
    """A variable set from a card before the card is laid face up (`set last = c.number` then `move c to pile`) was
    worked out from a card only Ann saw then: Bob's `where` reading it is refused naming `last`, at its place."""
    path = tmp_path / "last.rules"
    text = BLIND.read_text(encoding="utf-8").replace("var turns_played = 0", "var turns_played = 0\nvar last = 0")
    path.write_text(text.replace('where c.number == 4 "lay a 4 on the pile" {', 'where c.number != last "lay a card" {'
                                 '\n      set last = c.number', 1), encoding="utf-8")
    from interpreter.errors import RuntimeRulesError
    g = new_game(rulelang.load(path))
    with pytest.raises(RuntimeRulesError) as e:
        g.apply(0, "lay R1")
    assert str(e.value).startswith(f"{path}:46:46: option `lay`: its `where` reads `last`, a value worked out from "
                                   "cards that Bob could not see when it was set"), str(e.value)
    assert str(e.value).endswith("lay c in hand(current) where c.number != last \"lay a card\" {\n" + " " * 49 + "^~~~")
