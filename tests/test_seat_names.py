"""A seat's name in the narration: `You` (a person playing alone, by default) is told `you play ...` in its own
view and the table's (a --log, a replay: it was `Hand 1: You goes first`, `You takes 1 card`); a name that
reads as a pronoun, or `You` where others read the game, is refused at `run`, `serve --play` and `join`."""
from __future__ import annotations

import json
import subprocess

import pytest

from helpers import ROOT, rulelang_command
from interpreter import Game
from interpreter.narrator import tell_events
from rulelang import load
from rulelang.errors import RulesError
from rulelang.terminal.host import public_event, seat_names

STACK = ["R3", "R8", "R5", "B1", "B7", "G4", "G2", "Y6", "Y9", "B8", "R1", "G9", "Y2"]


def test_a_seat_named_you_is_told_in_the_second_person_in_every_view():
    """You play Red 3, Ada Red 8, You draw: told to You and to the table (a --log line read back) alike."""
    from interpreter.events import from_dict
    from interpreter.narrator import tell

    g = Game(load("games/express.rules"), ["You", "Ada"], seed=7, stack=STACK)
    start = len(g.events)
    g.seat(0).act("play R3")
    g.seat(1).act("play R8")
    g.seat(0).act("draw")
    for seat in (0, None):
        told = ["".join(t for _, t in line) for line in tell_events(g.state, g.events[start:], seat)]
        assert told[:2] == ["You play Red 3", "Ada plays Red 8"], (seat, told)
        assert told[2].startswith("You draw"), (seat, told)
    told = ["".join(t for _, t in line) for line in tell_events(g.state, g.events[start:], 1)]  # Ada's: she is `you`
    assert told[:2] == ["You plays Red 3", "You play Red 8"]  # (only a replay of a bot's seat shows it)
    said = [tell(from_dict(json.loads(json.dumps(public_event(g, ev), ensure_ascii=False)))) for ev in g.events]
    assert [s for s in said if s and "you" in s.lower()] == [
        "hand 1: you go first", "you put Red 3 on the discard pile", "you: draw", "you take 1 card from the draw pile"]


@pytest.mark.parametrize("humans, names, refused", [
    (2, "Ann,You", "a seat named `You` is told as `you play ...` in every view"),  # another person reads it
    (1, "Ann,you", "a seat named `you` is told as `you play ...` in every view"),  # a bot named you: Ann reads it
    (1, "Me", "`Me` reads as a pronoun, not a name (`Me plays ...`): choose another name"),
    (2, "Ann,They", "`They` reads as a pronoun"),
])
def test_a_name_that_reads_as_a_pronoun_is_refused(humans, names, refused):
    with pytest.raises(RulesError, match=f"^--names: {_re(refused)}"):
        seat_names(3, humans, names)


def _re(text: str) -> str:
    import re

    return re.escape(text)


def test_you_names_a_person_playing_alone_as_by_default():
    assert seat_names(2, 1, None) == ["You", "Ada"]
    assert seat_names(2, 1, "You")[0] == "You"
    assert seat_names(3, 2, "Ann,Youri") == ["Ann", "Youri", "Ada"]  # a name that only begins like one


def test_serve_play_and_join_refuse_a_name_that_reads_as_a_pronoun():
    """`serve --play --name You` is refused before the table opens; `join --name you` by the table (the server
    decides: any client may send any name), the reason told at the joining terminal."""
    pytest.importorskip("websockets")
    proc = subprocess.run(rulelang_command() + ["serve", "games/express.rules", "--play", "--name", "You",
                                                "--port", "0"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "--name: a seat named `You` is told as `you play ...` in every view" in proc.stderr

    from test_net_terminal import Joined, Served
    from rulelang.net.server import Table

    table = Table(load("games/express.rules"), 2, seed=1, out=lambda line: None)
    served = Served(table)
    t = None
    try:
        t = Joined(served.address, table.seats[0].code, "you")
        t.expect("a seat named `you` is told as `you play ...` in every view")
        t.expect("choose another name with --name")
        assert t.exit_status() != 0
        assert "Traceback" not in t.raw
        assert served.call(lambda: table.seats[0].kind) == "open"  # the seat is still open
    finally:
        if t is not None:
            t.close()
        served.stop()
