"""What a `reveal` tells each seat in words and in its projected events: the cards shown, to those shown them and to
the seat that showed them only if it saw them itself (a card of its own it did not know, looked at by another, is
not told to it).  tests/rules/cabo.rules: cards face down in each player's grid; a 9 thrown away lets the player look
at one of another's cards, which that player does not know."""
from __future__ import annotations

import rulelang
from helpers import ROOT
from interpreter import Game
from interpreter.events import RevealEvent
from interpreter.view import project_event

CABO = rulelang.load(ROOT / "tests" / "rules" / "cabo.rules")


def test_a_card_looked_at_in_another_grid_is_not_told_to_its_owner_who_does_not_know_it():
    # P1 is dealt 1S 2S 13S 12S, P2 5H 6H 7H 8H (bottom first; each knows its first two); the stock gives 9C
    g = Game(CABO, 2, seed=1, stack=["1S", "2S", "13S", "12S", "5H", "6H", "7H", "8H", "9C", "7D", "3C", "4C"])
    for text in ("draw", "throw", "spy P2 #1"):          # #1 is 8H (the places are shuffled by the seed)
        g.apply(g.pending.player, text)
    spy = [e for e in g.state.events if isinstance(e, RevealEvent)][-1]
    assert [project_event(g.state, spy, s).cards for s in (0, 1, None)] == [["8 Hearts"], [None], [None]]
    assert g.narrate(spy, 0).endswith("shown to you: 8 Hearts")  # looked at by one seat alone: not "turned up"
    assert g.narrate(spy, 1).endswith("1 card shown to P1") and g.narrate(spy, None).endswith("1 card shown to P1")
    # the first two cards each was dealt: shown to their holder alone
    first = [e for e in g.state.events if isinstance(e, RevealEvent)][:2]
    assert [[project_event(g.state, e, s).cards for s in (0, 1, None)] for e in first] == [
        [["1 Spades", "2 Spades"], [None, None], [None, None]],
        [[None, None], ["5 Hearts", "6 Hearts"], [None, None]]]


NONE_TO = rulelang.load(ROOT / "tests" / "rules" / "shown_to_none.rules")


def test_none_among_those_a_card_is_shown_to_is_no_one_not_the_whole_table():
    # 2 players: P1 holds R1 R2, P2 B1 B2; `reveal c to [next, friend]` with friend none shows R1 to P2 alone
    g = Game(NONE_TO, 2, seed=1, stack=["R1", "B1", "R2", "B2"])
    r1 = NONE_TO.card_by_text("R1")[0]
    g.apply(0, "show R1")
    assert r1 in g.view(1)["zones"]["hand"][0]["cards"]
    assert g.view(None)["zones"]["hand"][0]["cards"] == [None, None]  # the table (a spectator, a --log) does not
    shown = [e for e in g.state.events if isinstance(e, RevealEvent)][-1]
    assert g.narrate(shown, None) == "P1 shows 1 card to P2"            # told without a traceback
    assert "Red 1" in g.narrate(shown, 1)
    g.apply(1, "nobody B1")                                             # shown to `none`: to no one, told nothing
    assert not [e for e in g.state.events if isinstance(e, RevealEvent)][1:]
    assert g.view(0)["zones"]["hand"][1]["cards"] == [None, None]
