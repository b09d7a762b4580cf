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
