"""Every event the machine emits is of a kind `interpreter/events.py` declares, with exactly its fields: checked as it
is emitted (`State.emit`) whenever RULELANG_CHECK_EVENTS=1, as it is in every test (conftest) and the commands the
tests start; a game played or simulated does not pay for the check."""
from __future__ import annotations

import os

import pytest

from helpers import program
from interpreter import Game, events
from interpreter.events import EventError
from interpreter.machine import State


def test_the_tests_check_every_event_as_it_is_emitted():
    assert os.environ["RULELANG_CHECK_EVENTS"] == "1" and State.check_events


@pytest.mark.parametrize("kind,fields,says", [
    ("boom", {"player": 0}, "no event kind `boom` is declared in interpreter/events.py (KINDS)"),
    ("turn", {"player": 0, "seat": 1}, "a `turn` event has no field `seat` (declared: player)"),
    ("turn", {}, "a `turn` event lacks its field `player` (declared: player)"),
    ("call", {"player": 0, "call": "uno", "text": "UNO!"}, "a `call` event has no field `text`"),  # added as told
    ("say", {"player": 0}, "a `say` event lacks its field `text`"),  # `player`, `you`, `masked` are optional
])
def test_an_undeclared_event_or_a_wrong_field_is_refused_as_it_is_emitted(kind, fields, says):
    game = Game(program("express"), players=2, seed=1)
    st = game.state
    before = len(game.events)
    with pytest.raises(EventError, match="the machine emitted .*: " + says.replace("(", r"\(").replace(")", r"\)")):
        st.emit(kind, **fields)
    assert len(game.events) == before  # not recorded


def test_an_event_emitted_wrong_while_rules_run_is_a_fault_of_the_runtime_not_a_rules_failure(monkeypatch):
    """A `turn` event emitted by an instruction (inside `machine.run`, which turns Python's errors into a rule's
    failure, which a game survives) stops the game with the schema's words."""
    monkeypatch.setitem(events.REQUIRED, "turn", events.REQUIRED["turn"] | {"hand"})
    with pytest.raises(EventError, match="a `turn` event lacks its field `hand`"):
        Game(program("express"), players=2, seed=1)
