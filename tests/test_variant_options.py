"""A variant changes one option of its base's decisions without copying the base's `turn`: `option VERB ...` at
the top of the variant replaces the base's option of that verb (or adds a new one to the first `choose` of its
`turn`), and `remove VERB` takes an option away."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import Game
from rulelang.errors import RulesError

from helpers import ROOT

BASE = ROOT / "examples" / "crazy_eights.rules"


def variant(tmp_path, text: str):
    path = tmp_path / "variant.rules"
    path.write_text(f'extends "{BASE}"\ngame "Eights, changed"\n' + text, encoding="utf-8")
    return rulelang.load(path)


def verbs(g) -> list:
    return sorted({m.verb for m in g.legal()})


def test_an_option_of_the_base_is_replaced_by_verb(tmp_path):
    program = variant(tmp_path, """
option draw "draw two cards and end your turn" {
  move 2 from draw to hand(current)
}
""")
    g = Game(program, 2, seed=1)
    while "draw" not in verbs(g):
        d = g.pending
        g.apply(d.player, next(m for m in d.options if m.verb != "draw"))
    seat = g.pending.player
    before = len(g.state.zone(program.zone_index["hand"], seat))
    g.apply(seat, "draw")
    assert len(g.state.zone(program.zone_index["hand"], seat)) == before + 2
    assert "draw two cards" in next(o.doc for o in program.summary[0].turn.body.stmts[0].options if o.verb == "draw")


def test_a_new_option_joins_the_first_choose_of_the_turn_and_remove_takes_one_away(tmp_path):
    program = variant(tmp_path, """
option knock "knock: end the hand" { win current }
remove option draw
""")
    options = [o.verb for o in program.summary[0].turn.body.stmts[0].options]
    assert options == ["play", "knock"]
    g = Game(program, 2, seed=1)
    g.apply(g.pending.player, "knock")
    assert g.over


def test_an_option_declared_at_the_top_of_a_file_that_extends_nothing_is_refused(tmp_path):
    path = tmp_path / "alone.rules"
    path.write_text(BASE.read_text(encoding="utf-8") + '\noption knock { win current }\n', encoding="utf-8")
    with pytest.raises(RulesError) as e:
        rulelang.load(path)
    assert "changes an option of the game it extends, and this file extends none" in str(e.value)


def test_the_list_of_what_variants_can_change_is_generated_from_the_games():
    from rulelang.overridable import markdown
    assert (ROOT / "docs" / "overridable.md").read_text(encoding="utf-8") == markdown(), \
        "docs/overridable.md is out of date: python -m rulelang.overridable > docs/overridable.md"
