"""Values worked out from hidden cards (issue #15): a variable, a prompt or a text whose value a rule computed from
cards a seat could not see is shown to that seat (and the table) as "(hidden)", and is None in its view; counting a
zone's cards (`size`) reads no card and stays public.

tests/rules/derived.rules, stacked: Ann holds B4 B2 R4 and Bob B3 B1 R3."""
from __future__ import annotations

import io
import sys

import pytest

import rulelang
from interpreter import Game
from tests.helpers import ROOT

DERIVED = ROOT / "tests" / "rules" / "derived.rules"
STACK = ["B4", "B3", "B2", "B1", "R4", "R3"]


@pytest.fixture(scope="module")
def program():
    return rulelang.load(DERIVED)


def says(g, seat):
    return [g.narrate(e, seat) for e in g.events if e.type == "say"]


def test_a_value_worked_out_from_hidden_cards_is_hidden_from_those_who_cannot_see_them(program):
    g = Game(program, ["Ann", "Bob"], seed=1, stack=STACK)
    # Bob holds one red card (R3): Ann may not know it, nor may the table; Ann's own count is hers alone.
    assert says(g, 0) == ["Bob holds (hidden) red of 3 cards; Ann holds 1"]
    assert says(g, 1) == ["Bob holds 1 red of 3 cards; Ann holds (hidden)"]
    assert says(g, None) == ["Bob holds (hidden) red of 3 cards; Ann holds (hidden)"]
    assert g.pending.prompt == "Bob has (hidden) red: play a card" and g.view(0)["pending"]["prompt"] == g.pending.prompt
    # The view (the status line, the network, the RL environment, bots): None where it was worked out unseen.
    assert g.view(0)["vars"] == {"reds": None, "held": 3} and g.view(None)["vars"] == g.view(0)["vars"]
    assert g.view(1)["vars"] == {"reds": 1, "held": 3}
    assert g.view(0)["player_vars"]["top_number"] == [None, 0] and g.view(1)["player_vars"]["top_number"] == [3, 0]
    # A card played face up is everyone's to see: what is worked out from it, too.
    g.apply(0, "play B4")
    assert says(g, 1)[1] == says(g, None)[1] == "Ann played a 4"


def test_the_text_is_the_same_whatever_the_hidden_cards_are(program):
    a = Game(program, ["Ann", "Bob"], seed=1, stack=STACK)
    b = Game(program, ["Ann", "Bob"], seed=1, stack=["B4", "R1", "B2", "R2", "R4", "B3"])
    assert [c for c in b.state.zones[1][0]] == list(a.state.zones[1][0]) and b.state.zones[1][1] != a.state.zones[1][1]
    assert says(a, 0) == says(b, 0) and a.view(0) == b.view(0) and a.pending.prompt == b.pending.prompt
    assert says(a, 1) != says(b, 1)  # Bob's own count differs: 1 red, then 2


def test_a_rule_written_in_play_cannot_count_the_next_hand_aloud(program):
    g = Game(program, ["Ann", "Bob"], seed=1, stack=STACK)
    g.house(0, 'when turn_begins(p) { let n = count(c for c in hand(next) if c.number == 1)  say "{next} holds {n} ones" }')
    g.apply(0, "play B4")  # Bob's turn begins: Ann holds no 1
    assert says(g, 0)[2] == "Ann holds 0 ones" and says(g, 1)[2] == says(g, None)[2] == "Ann holds (hidden) ones"


def test_the_status_line_leaves_out_a_value_worked_out_unseen(tmp_path, capsys, monkeypatch):
    from rulelang import cli

    monkeypatch.setattr(sys, "stdin", io.StringIO("play B4\nquit\ny\n"))
    stack = tmp_path / "stack.yaml"
    stack.write_text("".join(f"- {c}\n" for c in STACK), encoding="utf-8")
    assert cli.main(["run", str(DERIVED), "--stack", str(stack), "--names", "Ann,Bob", "--seed", "1", "--delay", "0",
                     "--save", str(tmp_path / "g.yaml")]) == 0
    first = capsys.readouterr().out.split("Ann> play B4")[0]
    assert "Bob holds (hidden) red of 3 cards; Ann holds 1" in first and "Bob has (hidden) red: play a card" in first
    assert "held: 3" in first and "reds:" not in first


@pytest.mark.parametrize("rule,said", [
    ('let n = count(c for c in hand(next) if c.number == 1)  let m = n + 1  say "{next} m {m}"', "Ann m 1"),
    ('let n = 0  if any(c.number == 1 for c in hand(next)) { set n = 1 }  say "{next} if {n}"', "Ann if 0"),
    ('let n = 0  for c in hand(next) { if c.colour == red { set n = n + 1 } }  say "{next} loop {n}"', "Ann loop 1"),
    ('set held = 7  if any(c.number == 1 for c in hand(next)) { set held = 1 }  say "{next} var {held}"', "Ann var 7"),
    ('let n = 4  while n > 0 and any(c.number == n for c in hand(next)) { set n = n - 1 }  say "{next} while {n}"',
     "Ann while 3")], ids=["from-a-value", "if", "loop", "not-set-in-if", "while"])
def test_a_value_set_where_a_test_read_hidden_cards_is_hidden_too(program, rule, said):
    """Worked out from a hidden value, given in an `if` or a `while` whose test read Ann's hand, or left as it was
    by one (`n` stays 0 when she holds no 1: that tells as much): told to Ann, "(hidden)" to Bob and the table."""
    g = Game(program, ["Ann", "Bob"], seed=1, stack=STACK)
    g.house(0, f"when turn_begins(p) {{ {rule} }}")
    g.apply(0, "play B4")  # Bob's turn begins: Ann holds B2 R4
    assert says(g, 0)[2] == said
    assert says(g, 1)[2] == says(g, None)[2] == said.rsplit(" ", 1)[0] + " (hidden)"


def test_a_value_set_where_a_test_counted_cards_only_is_told(program):
    g = Game(program, ["Ann", "Bob"], seed=1, stack=STACK)
    g.house(0, 'when turn_begins(p) { let n = 0  if size(hand(next)) == 2 { set n = 1 }  say "{next} has two: {n}" }')
    g.apply(0, "play B4")
    assert says(g, 0)[2] == says(g, 1)[2] == says(g, None)[2] == "Ann has two: 1"


THROUGH = ROOT / "tests" / "rules" / "derived_through.rules"


@pytest.fixture(scope="module")
def through():
    return rulelang.load(THROUGH)


def _bobs_turn(program, rule):
    """Bob's turn begins with the rule typed by Ann in force: Ann holds B2 R4, Bob B3 B1 R3."""
    g = Game(program, ["Ann", "Bob"], seed=1, stack=STACK)
    g.house(0, f"when turn_begins(p) {{ {rule} }}")
    g.apply(0, "play B4")
    return g


@pytest.mark.parametrize("rule,flag", [
    ('if any(c.number == 2 for c in hand(next)) { raise_flag() }  say "{next} flag {flag}"', 1),
    ('if any(c.number == 1 for c in hand(next)) { raise_flag() }  say "{next} flag {flag}"', 0)],
    ids=["set-by-a-procedure", "left-by-a-procedure"])
def test_a_variable_a_procedure_sets_in_a_branch_that_read_hidden_cards_is_hidden(through, rule, flag):
    """`raise_flag()` run where the test read Ann's hand: whether `flag` is 1 (or still 0) tells what she holds."""
    g = _bobs_turn(through, rule)
    assert says(g, 0)[2] == f"Ann flag {flag}"
    assert says(g, 1)[2] == says(g, None)[2] == "Ann flag (hidden)"
    assert g.view(0)["vars"]["flag"] == flag and g.view(1)["vars"]["flag"] is None and g.view(None)["vars"]["flag"] is None


def test_a_procedure_run_in_such_a_branch_is_masked_before_it_returns(through):
    """`note_flag()` asks Bob before it returns: its prompt and Bob's view hide the flag it set."""
    g = _bobs_turn(through, "if any(c.number == 2 for c in hand(next)) { note_flag() }")
    assert g.pending.player == 1 and g.pending.prompt == "flag is (hidden)" and g.view(1)["vars"]["flag"] is None
    assert g.view(0)["vars"]["flag"] == 1
    told = _bobs_turn(through, "if size(hand(next)) == 2 { note_flag() }")  # counted only: public
    assert told.pending.prompt == "flag is 1" and told.view(1)["vars"]["flag"] == 1


def test_a_value_a_function_works_out_from_a_zone_it_names_itself_is_hidden(through):
    """`reds_of(next)` reads `hand(next)` inside the function: the call names no zone."""
    g = _bobs_turn(through, 'let n = reds_of(next)  say "{next} reds {n}"')
    assert says(g, 0)[2] == "Ann reds 1" and says(g, 1)[2] == says(g, None)[2] == "Ann reds (hidden)"


@pytest.mark.parametrize("rule,ann,hidden", [
    ("if any(c.number == 2 for c in hand(next)) { set mark(current) = 1 }", [0, 1], [0, None]),
    ("if any(c.number == 1 for c in hand(next)) { set mark(current) = 1 }", [0, 0], [0, None]),
    ("if any(c.number == 2 for c in hand(next)) { mark_it(current) }", [0, 1], [None, None]),
    ("if any(c.number == 1 for c in hand(next)) { mark_it(current) }", [0, 0], [None, None]),
    ("if size(hand(next)) == 2 { mark_it(current) }", [0, 1], [0, 1])],
    ids=["set", "left", "set-by-a-procedure", "left-by-a-procedure", "counted-only"])
def test_a_players_variable_set_or_left_in_such_a_branch_is_hidden(through, rule, ann, hidden):
    """`mark(current)` (Bob's) set, or left at 0, where the test read Ann's hand: None to Bob and the table.  Set in
    a procedure (`mark_it(p)`), the index is the procedure's: every player's value is hidden."""
    g = _bobs_turn(through, rule)
    assert g.view(0)["player_vars"]["mark"] == ann
    assert g.view(1)["player_vars"]["mark"] == g.view(None)["player_vars"]["mark"] == hidden


def test_a_branch_that_tells_the_table_it_was_taken_hides_nothing_it_sets(through):
    """`lay(c)` moves a card to the pile (everyone sees it): whether the test held is told by the move itself, as a
    `say` in the branch would tell it, so the value it sets from the card laid, now face up, is everyone's."""
    g = _bobs_turn(through, "for c in hand(next) { if c.number == 2 { lay(c) } }")
    assert g.view(1)["vars"]["flag"] == g.view(None)["vars"]["flag"] == 2
