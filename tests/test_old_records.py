"""Saves and --log files written before events became typed records (tests/saves_before_typed_events/, made at
b835b7e) still load, replay and are told in the same words: what each seat is told of every event, the table's
--log lines, and `rulelang replay`'s telling of the old --log file.  RULELANG_UPDATE_GOLDEN=1 writes them again
(only for a change that means to tell games differently)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import rulelang
from interpreter.bots import RandomBot
from interpreter.events import from_dict
from interpreter.narrator import plain
from rulelang.save import document, dump, read_save, rebuild, setup_from_program
from rulelang.terminal.host import public_event
from rulelang.terminal.replay import tell_public

HERE = Path(__file__).resolve().parent / "saves_before_typed_events"
UPDATE = os.environ.get("RULELANG_UPDATE_GOLDEN") == "1"
GAMES = [("liars", 3, 11, 90), ("whos_lying", 3, 5, 90), ("express", 2, 3, 120)]


def _told(game) -> list[str]:
    """Every seat's and the table's telling of the whole game: the prompt's sentences, then each event's line."""
    out = []
    for seat in [*game.seats, game.seat(None)]:
        out.append(f"== {seat.name}")
        out += [plain(parts) for parts in seat.tell(list(game.events))]
        out += [f"{i}: {line}" for i, ev in enumerate(game.events) if (line := seat.narrate(ev)) is not None]
    return out


def _log(game) -> list[str]:
    return [json.dumps(public_event(game, ev), ensure_ascii=False) for ev in game.events]


def _write(name, players, seed, moves):
    program = rulelang.load(name)
    names = ["Ann", "Bo", "Cy"][:players]
    setup = setup_from_program(program, names, [], seed, {}, None, False, "random")
    game = setup.build([], [])[0]
    bots = [RandomBot(seed=seed + i) for i in range(players)]
    while not game.over and len(game.record()) < moves:
        seat = game.deciding
        seat.act(bots[seat.index].choose(game.program, None, seat.pending))
    (HERE / f"{name}.save.yaml").write_text(dump(document(setup, game.record(), finished=game.over)), encoding="utf-8")
    start = {"type": "start", "game": program.name, "file": name, "players": names, "seed": seed}
    (HERE / f"{name}.log").write_text("\n".join([json.dumps(start), *_log(game)]) + "\n", encoding="utf-8")
    (HERE / f"{name}.told").write_text("\n".join(_told(game)) + "\n", encoding="utf-8")


@pytest.mark.parametrize("name,players,seed,moves", GAMES)
def test_a_save_and_a_log_written_before_typed_events_load_replay_and_tell_the_same(name, players, seed, moves):
    if UPDATE:
        _write(name, players, seed, moves)
    path = HERE / f"{name}.save.yaml"
    setup, record, _ = read_save(path)
    game, _ = rebuild(path, setup, record)
    assert game.record() == record
    assert _told(game) == (HERE / f"{name}.told").read_text(encoding="utf-8").splitlines()
    old_log = (HERE / f"{name}.log").read_text(encoding="utf-8").splitlines()
    new_log = _log(game)
    # the same fields and values, but `"pass": true` on a window let go by (new: `replay` tells it as live) and a
    # move of values' `"text"`, its values by their display names (new: `colour Yellow`, as the sentence tells it)
    # (an old line's move of values, without its text, is told by the move as typed: `colour yellow`)
    same = [{k: v for k, v in x.items() if (k, x["type"]) != ("text", "choice")} for x in map(json.loads, new_log)]
    assert [{k: v for k, v in x.items() if k != "pass"} for x in same] == [json.loads(x) for x in old_log[1:]]
    old = [from_dict(json.loads(line)) for line in old_log[1:]]  # the old plain form read as records
    new = [from_dict(x) for x in same]
    told = [tell_public(old, i) for i in range(len(old))]
    assert any(told) and told == [tell_public(new, i) for i in range(len(new))]
