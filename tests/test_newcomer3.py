"""Language gaps a newcomer found (round 2) and games written from README.md and docs/ alone (round 3): each test
states what the docs promise, with stacked decks and scripted moves."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from rulelang import cli
from rulelang.errors import RulesError

RULES = Path(__file__).resolve().parent / "rules"


def seen(g: Game, seat: int, zone: str) -> list:
    return g.view(seat)["zones"][zone]["cards"]


def names(program, cards) -> list:
    return [None if c is None else program.cards[c].short for c in cards]


@pytest.fixture(scope="module")
def climb():
    return rulelang.load(RULES / "peek_and_climb.rules")


def test_a_where_narrowed_by_knows_offers_by_name_only_the_cards_its_chooser_has_seen(climb):
    """§7: `take c in grid where knows(current, c) and above(c)` asks `above` only of the cards the chooser knows;
    `peek c in grid where not knows(current, c)` offers by place only those it has not seen.  §4: `position` gives
    the run's arithmetic (2 is one above 1; a 6 is not)."""
    # the grid, bottom first: 3R 5B 2B 6R 4R 1B, face down; P1 holds 2R, P2 6B; the run starts with 1R
    g = Game(climb, 2, seed=3, stack=["3R", "5B", "2B", "6R", "4R", "1B", "2R", "6B", "1R"])
    grid = list(g.state.zone(climb.zone_index["grid"]))
    assert names(climb, grid) == ["3R", "5B", "2B", "6R", "4R", "1B"]
    assert seen(g, 0, "grid") == [None] * 6 and seen(g, 1, "grid") == [None] * 6
    assert [o.text for o in g.pending.options] == ["climb 2R", *[f"peek #{k}" for k in range(1, 7)], "draw"]
    g.apply(0, "climb 2R")
    three = grid[0]
    knew = {0: set(), 1: set()}
    while three not in knew[1]:
        seat = g.pending.player
        texts = [o.text for o in g.pending.options]
        # the places are the cards it has not seen; the cards it has seen that are one above the 2 are offered by name
        assert [t for t in texts if t.startswith("peek")] == [f"peek #{k}" for k in range(1, 6 - len(knew[seat]) + 1)]
        assert [t for t in texts if t.startswith("take")] == (["take 3R"] if three in knew[seat] else [])
        assert "climb" not in " ".join(texts)  # 6B is not one above 2R, nor is a 6 below a 1
        g.apply(seat, "peek #1")
        shown = [e for e in g.events if e.type == "reveal"][-1]
        assert shown.to == [seat] and shown.cards[0] not in knew[seat]
        knew[seat].add(shown.cards[0])
        # each seat's view of the grid holds the cards it has seen, and no other
        for s in (0, 1):
            assert {c for c in seen(g, s, "grid") if c is not None} == knew[s]
    while g.pending.player != 1:
        g.apply(g.pending.player, "peek #1" if len(knew[0]) < 6 else "draw")
    assert "take 3R" in [o.text for o in g.pending.options]
    g.apply(1, "take 3R")
    assert names(climb, [seen(g, 0, "run")[-1]]) == ["3R"]  # laid face up: the table sees it


def test_knows_of_another_seat_in_a_where_is_a_test_of_the_card():
    """§7: whether another seat knows a card the chooser may not see would tell the chooser of it: refused when
    the decision comes, at the `where`, with the way to narrow it."""
    text = (RULES / "peek_and_climb.rules").read_text(encoding="utf-8").replace(
        "where knows(current, c) and above(c)", "where knows(next, c) and above(c)")
    program = rulelang.load("peek_and_climb.rules", text=text)
    with pytest.raises(RulesError) as caught:  # at the first decision, P1's
        Game(program, 2, seed=3, stack=["3R", "5B", "2B", "6R", "4R", "1B", "2R", "6B", "1R"])
    assert "option `take`: its `where` tests cards that P1 may not see" in caught.value.message
    assert caught.value.hint == "to test only the cards P1 knows, begin the `where` with `knows(PLAYER, c) and`, " \
                                "PLAYER the one choosing"


BAD_POSITION = """
game "Bad"
players 2..2
attribute suit { red black }
attribute num 1..4
deck stock { for s in suit { card {suit: s, num: 1} } }
zone stock hidden
zone hand private per player
define f(card) = position(card.suit) + position(card.num)
class seen = knows(current, card)
setup { shuffle stock }
turn { choose current { go { win current } } }
"""


def test_position_takes_a_value_of_an_ordered_attribute_and_knows_is_no_class():
    with pytest.raises(RulesError) as caught:
        rulelang.load("bad.rules", text=BAD_POSITION)
    told = [e.message for e in caught.value.errors]
    assert told == ["`position(...)` takes a value of an ordered attribute, not a suit",
                    "`position(...)` takes a value of an ordered attribute, and this is already a number",
                    "class `seen` may look only at the card, but `current` is part of the state of play"]


SHADOW = """
game "Shadow"
players 2..2
attribute rank 1..3
deck draw { for r in 1..3 { 2 cards {rank: r} } }
zone draw hidden
zone hand private per player
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    undo "take a card back" { move 1 from draw to hand(current) }
    Exit { win current }
    stay { win next }
  }
}
"""


def test_check_warns_of_a_verb_the_prompt_takes_for_its_own_command(tmp_path, monkeypatch, capsys):
    """§17: `undo` typed at the prompt where the move is offered makes the move, `/undo` is the command;
    `rulelang check` says so at the verb, and passes."""
    (tmp_path / "shadow.rules").write_text(SHADOW, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["check", "shadow.rules"]) == 0
    out, err = capsys.readouterr()
    assert out == "shadow.rules: ok\n"
    assert err.splitlines()[::4] == [
        "shadow.rules:11:5: warning: option `undo` is named as the prompt's command `undo`: where this move is "
        "offered, `undo` typed at the prompt makes it and the command is typed `/undo`",
        "shadow.rules:12:5: warning: option `Exit` is named as the prompt's command `exit` (`quit`): where this move "
        "is offered, `exit` typed at the prompt makes it and the command is typed `/exit`"]
    assert err.count("hint: a player used to the command may make the move by mistake: give the option another "
                     "verb; the prompt's commands are `help`, `rules`, `log`, `hand`, `undo`, `house`, `quit` or "
                     "`exit`") == 2
