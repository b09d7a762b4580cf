"""A count of cards worked out in play that comes out negative is refused with a reason, and the game stays as it
was (the checker refuses the counts it can work out before play: tests/bad_rules)."""
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from rulelang.errors import RuntimeRulesError

RULES = Path(__file__).parent / "rules" / "negative_counts.rules"


@pytest.mark.parametrize("move, message", [
    ("take", "cannot move -2 cards from the draw pile: a count of cards cannot be negative"),
    ("share", "cannot deal -2 cards to each player: a count of cards cannot be negative"),
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
