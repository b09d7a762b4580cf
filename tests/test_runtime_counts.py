"""A count of cards worked out in play that comes out negative is refused with a reason, and the game stays as it
was (the checker refuses the counts it can work out before play: tests/bad_rules)."""
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from rulelang.errors import RuntimeRulesError

RULES = Path(__file__).parent / "rules" / "negative_counts.rules"


@pytest.mark.parametrize("move, message", [
    ("take", "cannot move cards from the draw pile: a count of cards cannot be negative"),
    ("share", "cannot deal cards to each player: a count of cards cannot be negative"),
])
def test_a_negative_count_in_play_is_refused_and_changes_nothing(move, message):
    g = Game(rulelang.load(RULES), 2, seed=1)
    hands = [list(h) for h in g.state.zones[g.program.zone_index["hand"]]]
    with pytest.raises(RuntimeRulesError) as err:
        g.apply(0, move)
    assert message in str(err.value)
    assert [list(h) for h in g.state.zones[g.program.zone_index["hand"]]] == hands
    assert [m.text for m in g.pending.options] == ["take", "share", "finish"]
    g.check_cards()


def test_turns_that_ask_no_one_are_stopped_not_run_for_ever():
    with pytest.raises(RuntimeRulesError) as err:
        Game(rulelang.load(Path(__file__).parent / "rules" / "no_ask.rules"), 2, seed=1)
    assert "steps without asking anyone anything" in str(err.value)


LOOP = """game "Loop"
players 3..3
attribute number 1..9
deck stock { for n in 1..9 { card {number: n} } }
zone stock hidden
var k = 0
var z = 0
var w per player = 0
setup {
  for p in others(current) {
    set k = k + 1
    set w(p) = k
  }
  set k = 0
}
turn {
  for i in 1..3 {
    if k == 1 { set z = 1 / (k - k) }
    choose current "go {i}" { a "a" { set z = z + i } b "b" { set k = 1 } }
  }
  ask others(current) as q "speak up" { act n in 1..2 where n / (2 - w(q)) > 0 "act" { } }
}
"""


def test_a_move_refused_in_a_loop_or_a_window_leaves_its_players_and_items_to_come():
    """The move taken back shortened no list its snapshot shares with the game: the loop's items to come, the
    players the window will ask (ops.op_for_next, op_ask_next)."""
    g = Game(rulelang.load_text(LOOP, "loop.rules"), 3, seed=1)
    with pytest.raises(RuntimeRulesError):
        g.apply(0, "b")  # the loop goes on to `go 2`, which fails
    assert g.pending.prompt == "go 1"
    g.apply(0, "a")
    assert g.pending.prompt == "go 2"
    g.apply(0, "a")
    g.apply(0, "a")
    for _ in range(2):  # Bo passes, and the window asks Cy, whose prompt fails
        with pytest.raises(RuntimeRulesError):
            g.apply(1, "pass")
