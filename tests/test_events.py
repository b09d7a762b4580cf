"""Every kind of event is one record class in `interpreter/events.py`: the machine emits only those (a field its
kind does not declare, or one missing, fails where the record is made), and each kind's plain form (a --log line, a
network message) reads back as the record it was."""
from __future__ import annotations

import attrs
import pytest

from helpers import program
from interpreter import Game, events
from interpreter.events import KINDS, ChoiceEvent, Event, SayEvent, TurnEvent, as_dict, from_dict


def test_a_kind_takes_only_its_declared_fields():
    with pytest.raises(TypeError, match="seat"):
        TurnEvent(player=0, seat=1)
    with pytest.raises(TypeError, match="player"):
        TurnEvent()
    with pytest.raises(TypeError, match="text"):
        SayEvent(player=0)  # `player`, `you`, `masked` are optional, `text` is not
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        TurnEvent(player=0).player = 1  # a recorded event never changes: the journal keeps it as it was


def test_every_kind_is_declared_once_with_roles_naming_its_own_fields():
    assert len({cls.__name__ for cls in KINDS.values()}) == len(KINDS)
    for name, cls in KINDS.items():
        assert cls.type == name and issubclass(cls, Event) and cls.DOC
        for role in ("SEATS", "SEAT_LISTS", "PER_SEAT", "ZONES", "CARDS", "OPTIONAL"):
            assert set(getattr(cls, role)) <= set(cls.FIELDS), (name, role)


def test_the_plain_form_leaves_out_an_optional_field_that_is_none_and_reads_back_as_the_record():
    say = SayEvent("Ann plays on")
    assert as_dict(say) == {"type": "say", "text": "Ann plays on"}
    choice = ChoiceEvent(player=1, move=None, verb=None, kind="card", pass_=False, card=None, public=False, race=False)
    assert as_dict(choice)["public"] is False and "public" not in as_dict(attrs.evolve(choice, public=None))
    assert from_dict(as_dict(say)) == say and from_dict(as_dict(choice)) == choice
    assert from_dict({"type": "start", "game": "x"}) is None  # a --log file's first line is no event


def test_every_event_of_a_game_reads_back_from_its_plain_form():
    game = Game(program("express"), players=3, seed=2)
    seen = set()
    while not game.over and len(game.record()) < 60:
        game.deciding.act(game.deciding.options()[0])
    for ev in game.events:
        assert isinstance(ev, Event) and from_dict(as_dict(ev)) == ev
        seen.add(ev.type)
    assert {"deal", "move", "choice", "turn"} <= seen and seen <= set(events.KINDS)
