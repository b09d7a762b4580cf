"""A procedure's or an event's untyped parameter given a card (`define tell(x)`, `tell(top(h(next)))`): an attribute
read of it (`x.r`) reads that card, and is as hidden as the card is where it lies (docs/language.md §11).  Before,
`say "it is {x.r}"` told every seat the number of a card of another's hidden hand, and `set said = x.r` showed it in
every view and the table's.

Three players, each holding one card of a hidden hand: seat 0 "1", seat 1 (next) the second card of the stack, seat 2
"3".  Seat 0 acts."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import Game
from helpers import narration
from test_hidden_derived_loops import BASE

CASES = {
    "procedure": ("tell(top(h(next)))", 'define tell(x) {\n  say "it is {x.r}"\n  set said = x.r\n}'),
    "event": ("fire told(top(h(next)))", 'event told(x)\nrule t: when told(x) { say "it is {x.r}"\n set said = x.r }'),
    "let": ("tell(top(h(next)))", 'define tell(x) {\n  let k = x.r + 1\n  say "it is {k}"\n  set said = k\n}'),
}


def told_each_way(program) -> list[dict]:
    """Seat 0's `tell` played twice, the hidden card of seat 1 (next) a 2 then a 4: each time, what each seat and the
    table (None) have of `said` and are told."""
    seen = []
    for card in ("2", "4"):
        g = Game(program, 3, seed=1, stack=["1", card, "3"])
        start = len(g.events)
        g.apply(0, "tell")
        seen.append({s: (g.view(s)["vars"]["said"], narration(g, s, start)) for s in (0, 1, 2, None)})
    return seen


@pytest.mark.parametrize("case", list(CASES))
def test_an_attribute_of_an_untyped_parameter_holding_a_hidden_card_is_hidden(case):
    body, before = CASES[case]
    program = rulelang.load_text(BASE.replace("BODY", body).replace("BEFORE", before))
    seen = told_each_way(program)
    assert seen[0] == seen[1]
    assert seen[0][0][0] is None


def test_an_attribute_of_an_untyped_parameter_holding_a_card_in_view_is_told():
    body, before = CASES["procedure"]
    program = rulelang.load_text(BASE.replace("BODY", "tell(top(h(current)))").replace("BEFORE", before)
                                 .replace("zone h hidden per player", "zone h private per player"))
    g = Game(program, 3, seed=1, stack=["1", "2", "3"])
    start = len(g.events)
    g.apply(0, "tell")
    assert narration(g, 0, start)[1] == "it is 1" and g.view(0)["vars"]["said"] == 1
    assert g.view(1)["vars"]["said"] is None


def test_an_untyped_parameter_holding_a_hidden_card_is_named_as_a_hidden_card_and_set_from_as_one():
    """`say "it is {x}"` told every seat the card's number inside the runtime (its identity), `set said = x` put it
    in every view."""
    program = rulelang.load_text(BASE.replace("BODY", "tell(top(h(next)))").replace(
        "BEFORE", 'define tell(x) {\n  say "it is {x}"\n  set said = x\n}\ndefine tell_on(y) {\n  tell(y)\n}'))
    seen = told_each_way(program)
    assert seen[0] == seen[1]
    assert seen[0][0] == (None, ["you: tell", "it is a card", "you win the hand", "scores: P1 0, P2 0, P3 0",
                                 "game over: you win"])


def test_an_untyped_parameter_holding_a_card_in_view_is_named_by_its_name():
    program = rulelang.load_text(BASE.replace("BODY", "tell_on(top(h(current)))").replace(
        "BEFORE", 'define tell(x) {\n  say "it is {x}"\n}\ndefine tell_on(y) {\n  tell(y)\n}')
        .replace("zone h hidden per player", "zone h private per player"))
    g = Game(program, 3, seed=1, stack=["1", "2", "3"])
    start = len(g.events)
    g.apply(0, "tell")
    assert narration(g, 0, start)[1] == "it is 1" and narration(g, 1, start)[1] == "it is a card"


def test_an_events_untyped_parameter_holding_a_hidden_card_is_named_as_a_hidden_card():
    program = rulelang.load_text(BASE.replace("BODY", "fire told(top(h(next)))").replace(
        "BEFORE", 'event told(x)\nrule t: when told(x) { say "it is {x}"\n set said = x }'))
    seen = told_each_way(program)
    assert seen[0] == seen[1]
    assert seen[0][0][0] is None and "it is a card" in seen[0][0][1]
