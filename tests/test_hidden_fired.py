"""A value worked out from cards a seat could not see, given to an event's rules by `fire` (docs/language.md §11), is
as hidden in them as it was where it was worked out, as it is in a procedure it is given to.  Before, `fire
told(n)` (n read from another's hidden card) let the rule's `set said = x` show the number in every seat's view and
the table's, and `say "x {x}"` tell it.

Three players, each holding one card of a hidden hand: seat 0 "1", seat 1 (next) the second card of the stack,
seat 2 "3".  Seat 0 acts."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import Game
from helpers import narration
from test_hidden_derived_loops import BASE

RULES = {
    "plain": 'event told(x)\nrule t: when told(x) { set said = x\n say "x {x}" }',
    # a rule that asks someone: it runs on the machine's frames, not as a call
    "asks": 'event told(x)\nrule t: when told(x) { set said = x\n say "x {x}"\n choose current { ok "ok" { } } }',
    # two rules naming the argument differently, the second with a condition on another argument
    "two": 'event told(x, p)\nrule t: when told(x, p) { set mark(p) = x }\n'
           'rule u: when told(y, q) if q == current { set said = y\n say "x {y}" }',
}


@pytest.mark.parametrize("rules", list(RULES))
@pytest.mark.parametrize("where", ["turn", "procedure"])
def test_a_value_worked_out_from_hidden_cards_stays_hidden_in_the_rules_it_is_fired_to(rules, where):
    fired = "fire told(n, current)" if rules == "two" else "fire told(n)"
    body = fired if where == "turn" else "tell(n)"
    before = RULES[rules] + ("" if where == "turn" else "\ndefine tell(v) {\n  " + fired.replace("(n", "(v") + "\n}")
    program = rulelang.load_text(BASE.replace("BODY", body).replace("BEFORE", before))
    seen = []
    for card in ("2", "4"):
        g = Game(program, 3, seed=1, stack=["1", card, "3"])
        start = len(g.events)
        g.apply(0, "tell")
        seen.append({s: (g.view(s)["vars"]["said"], g.view(s)["player_vars"]["mark"], narration(g, s, start))
                     for s in (0, 1, 2, None)})
    assert seen[0] == seen[1]
    assert "x (hidden)" in seen[0][0][2]


def test_a_value_anyone_may_know_fired_to_a_rule_is_told():
    program = rulelang.load_text(BASE.replace("BODY", "fire told(size(h(next)))").replace("BEFORE", RULES["plain"]))
    g = Game(program, 3, seed=1, stack=["1", "2", "3"])
    g.apply(0, "tell")
    assert [g.view(s)["vars"]["said"] for s in (0, 1, 2, None)] == [1, 1, 1, 1]
