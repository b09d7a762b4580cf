"""The cost of a move is bounded (docs/language.md, "Limits"): a rule typed in play that would square a number
for ever, say texts without end or hold a byte that is not UTF-8 is stopped at the rule, dropped, told to the
table, and the game goes on; a save never holds a rule that cannot be replayed, and one whose rule this rulelang
refuses resumes without it."""
from __future__ import annotations

import yaml

import pytest

import rulelang
from interpreter import Game
from rulelang.save import checksum, dump, read_save, rebuild

from helpers import deal_stack, hand, play, program
from test_save import express_save

ANN, BO = ["R3", "B4", "Y6", "Y7", "G1"], ["B1", "B2", "G4", "G3", "Y1"]


def express() -> Game:
    return Game(program("express"), ["Ann", "Bo"], seed=5, stack=deal_stack([ANN, BO], "R5", ["B7", "G9"]))


@pytest.mark.parametrize("body, reason", [
    ("let x = 2  while true { set x = x * x }",
     "a rule failed in `greedy`: a number grew past the limit of numbers (±999,999,999,999,999,999)"),
    ("let x = 1  while true { set x = x + x }",
     "a rule failed in `greedy`: a number grew past the limit of numbers (±999,999,999,999,999,999)"),
    ('let xs = [n for n in 1..6000]  say "{xs}"',
     "`say` made a text of 34891 characters; a text may have at most 20000"),
    ('let xs = [n for n in 1..200]  while true { say "{xs}" }',
     "the rules did too much work without asking anyone anything; a loop or an expression does not end"),
])
def test_a_rule_that_costs_too_much_is_dropped_and_the_move_is_made(body, reason):
    g = express()
    g.house(1, f"rule greedy: when played(card) {{ {body} }}")
    play(g, 0, "play R3")
    dropped = [e for e in g.events if e.type == "house_rule_dropped"]
    assert [(e.name, e.reason) for e in dropped] == [("greedy", reason)]
    assert g.house_rules == {}
    assert hand(g, 0) == sorted(set(ANN) - {"R3"})  # the move was made without the rule
    assert len(str(g.events)) < 200_000


def test_a_rule_with_a_byte_that_is_not_utf8_is_refused_so_it_is_never_saved():
    g = express()
    with pytest.raises(rulelang.RulesError) as caught:
        g.house(1, 'rule x: when played(card) { say "caf\udce9" }')
    assert caught.value.message == "this text has a byte that is not UTF-8 here"
    assert (caught.value.loc.line, caught.value.loc.column) == (1, 37)
    assert g.house_rules == {} and g.record() == []


def test_a_save_whose_rule_this_rulelang_refuses_resumes_without_it(tmp_path):
    """A save written when a rule nested 101 deep was allowed: the rule is left out, with a message, and the
    game resumes from the other moves."""
    path = express_save(tmp_path)
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    deep = "rule deep: when played(card) {\n" + "if true {\n" * 101 + 'say "deep"\n' + "}\n" * 101 + "}"
    doc["moves"].insert(1, [1, "house " + deep])
    doc["checksum"] = checksum(doc)
    path.write_text(dump(doc), encoding="utf-8")
    setup, moves, _ = read_save(path)
    notes: list = []
    game, _bots = rebuild(path, setup, moves, notes)
    assert notes == ["The rule Ada wrote at move 2 is left out: blocks nest more than 100 deep here."]
    assert game.record() == [moves[0], moves[2]]
    assert game.house_rules == {}


def test_a_house_rule_that_names_hidden_cards_tells_each_seat_only_what_it_may_see():
    """`for c in hand(next) { say "{next} holds {c}" }` would print a hand to the table: each seat is told the
    cards it may see by name, and the others as "a card" (the log, the table's telling, too)."""
    g = express()
    g.house(1, 'when turn_begins(p) { for c in hand(next) { say "{next} holds {c}" } }')
    before = len(g.events)
    play(g, 0, "play R3")
    said = [e for e in g.events[before:] if e.type == "say"]
    assert [g.narrate(e, 0) for e in said] == ["Ann holds Blue 4", "Ann holds Yellow 6", "Ann holds Yellow 7",
                                               "Ann holds Green 1"]
    assert [g.narrate(e, 1) for e in said] == ["Ann holds a card"] * 4
    assert [g.event_for(e, None).text for e in said] == ["Ann holds a card"] * 4
    assert all(g.event_for(e, s).masked is None for e in said for s in (0, 1, None))
