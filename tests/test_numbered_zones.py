"""`zone column 1..3 public`: numbered zones of one kind (FreeCell's eight columns, Klondike's seven piles, four
discard piles per player in Spite and Malice), each `column(i)` a zone as any other, `column(i)` with a number worked
out in play; a number past the row is refused in play at its place, and the row's name alone at check time."""
import pytest

import rulelang
from interpreter.game import Game
from interpreter.narrator import plain
from rulelang.errors import RulesError

GAME = """\
game "Columns"
players 1..2 default 2
attribute rank 1..9
attribute suit { stars "Stars" short "S" }
name cards by rank "of" suit
deck stock { for r in 1..9 { card {rank: r, suit: stars} } }
zone stock hidden
zone column 1..3 public show all
zone reserve "reserve pile" 1..2 private per player
setup {
  shuffle stock
  for i in 1..3 { move 1 from stock to column(i) }
  for p in players { move 1 from stock to reserve(p, 2) }
}
turn {
  choose current {
    shift i in 1..3, j in 1..3 where i != j and size(column(i)) > 0 "move a column's top card onto another" {
      move top(column(i)) to column(j)
    }
    keep "lay your second reserve card on the last column" {
      move reserve(current, 2) to column(size(reserve(current, 2)) + 2)
      win current
    }
  }
}
"""
STACK = [1, 2, 3, 4, 5, 6, 7, 8, 9]


def line_of(text: str, words: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if words in line)


def game(text: str = GAME, players: int = 2) -> Game:
    return Game(rulelang.load_text(text), players, seed=1, stack=[f"{n}S" for n in STACK], record=True)


def cards(g: Game, zone: str, owner=None) -> list:
    zi = g.program.zone_index[zone]
    z = g.state.zones[zi] if owner is None else g.state.zones[zi][owner]
    return [g.card(c).short for c in z]


def test_each_numbered_zone_is_a_zone_of_its_own():
    g = game()
    assert [cards(g, f"column {i}") for i in (1, 2, 3)] == [["1S"], ["2S"], ["3S"]]
    assert cards(g, "reserve 2", 0) == ["4S"] and cards(g, "reserve 2", 1) == ["5S"]
    assert cards(g, "reserve 1", 0) == []
    g.apply(0, "shift 1 3")
    assert cards(g, "column 1") == [] and cards(g, "column 3") == ["3S", "1S"]
    assert "shift 1 2" not in [m.text for m in g.legal()] or g.state.pending.player == 1


def test_a_numbered_zone_keeps_its_kind_s_visibility_and_is_told_by_its_words():
    g = game()
    v = g.view(1)
    assert v["zones"]["column 1"]["cards"] == [g.state.zones[g.program.zone_index["column 1"]][0]]
    assert v["zones"]["reserve 2"][0]["cards"] == [None]  # another's private pile: its back only
    assert v["zones"]["reserve 2"][1]["cards"] != [None]
    g.apply(0, "shift 2 1")
    told = [plain(line) for line in g.tell(g.events, 1)]
    assert told[-2:] == ["P1 shifts 2 1", "2 of Stars goes from column 2 to column 1"]  # (numbers as typed: not `2: 1`)
    assert "You take 5 of Stars from the stock pile into your reserve pile 2" in told


def test_a_number_past_the_row_is_refused_in_play_at_its_place():
    g = game()
    g.apply(0, "keep")  # column(size(reserve(current, 2)) + 2) is column 3
    assert g.state.winners == [0] and cards(g, "column 3") == ["3S", "4S"]
    bad = GAME.replace("column(size(reserve(current, 2)) + 2)", "column(size(reserve(current, 2)) + 3)")
    g = game(bad)
    with pytest.raises(RulesError) as e:
        g.apply(0, "keep")
    assert "there is no column(4): the columns are column(1) to column(3)" in str(e.value)
    assert e.value.loc.line == line_of(bad, "move reserve(current, 2) to column(")


@pytest.mark.parametrize("change, message", [
    (("move top(column(i)) to column(j)", "move top(column) to column(j)"),
     "`column` is 3 zones, column(1) to column(3): say which one, as in `column(1)`"),
    (("zone column 1..3 public", "zone column 3..1 public"), "`column 3..1` numbers no zone: count up"),
    (("zone column 1..3 public", "zone column 1..1000 public"), "at most 100 zones"),
    (("move top(column(i)) to column(j)", "move top(column(current)) to column(j)"), "a number"),
    (("reserve(p, 2)", "reserve(2)"), "`reserve` takes a player and a number"),
    (("reserve(p, 2)", "reserve(p, 3)"), "there is no reserve(3): the reserves are reserve(1) to reserve(2)"),
    (("zone stock hidden", "zone stock hidden\ndefine column(x) = 3"), "`column` is both numbered zones (line 9) and a function"),
])
def test_a_numbered_zone_misused_is_refused_at_its_place(change, message):
    text = GAME.replace(*change)
    with pytest.raises(RulesError) as e:
        rulelang.load_text(text)
    assert message in str(e.value)
    assert any(err.loc.line == line_of(text, change[1].splitlines()[-1]) for err in getattr(e.value, "errors", [e.value]))


def test_bots_play_numbered_zones_to_the_end():
    from rulelang.simulate.run import simulate
    import tempfile, os
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "columns.rules")
        with open(path, "w", encoding="utf-8") as f:
            f.write(GAME)
        for bots in (["greedy"], ["random"]):
            report = simulate(path, 10, 2, bots, seed=3)
            assert report["games"] == 10 and report["stalemates"]["count"] == 0


def test_no_view_or_event_shows_a_card_of_another_s_numbered_private_pile(tmp_path):
    """tests/test_hidden_information.py's watch over seeded bot games of the game above (its private reserve piles
    numbered per player), and the game as an RL environment: PettingZoo's api_test."""
    from test_hidden_information import play_and_watch
    path = tmp_path / "columns.rules"
    path.write_text(GAME, encoding="utf-8")
    out = play_and_watch(path)
    assert out["failures"] == {} and out["counts"]["moves"] >= 10, out
    pytest.importorskip("pettingzoo", reason="the `rl` extra (make test installs it)")
    from pettingzoo.test import api_test
    from rulelang.env import make_env
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for envs it does not know by name (dict observations)
        api_test(make_env(str(path), players=2), num_cycles=30)
