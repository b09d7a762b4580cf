"""Hostile input, lane pr10: the faults pr9 found and left (an edited save's names, the env's actions, an edited
--log, `--cluster ''`, a server that never answers).  Each test failed before its fix."""
from __future__ import annotations

import pytest
import yaml

from test_save import express_save, main


@pytest.mark.parametrize("name, told", [
    ("A" * 100_000, f"`{'A' * 24}…` has 100,000 characters: a name is 1 to 24 printable characters"),
    ("Me", "`Me` reads as a pronoun, not a name (`Me plays ...`): choose another name"),
    ("you", "a seat named `you` is told as `you play ...` in every view, so the others would read its moves as their "
            "own (`You` names only a person playing alone): choose another name"),
])
def test_a_saved_name_that_names_refuses_is_refused_on_resume(name, told, tmp_path, capsys, monkeypatch):
    """A save edited by hand (its checksum made again) with a name of 100,000 characters or one that reads as a
    pronoun was resumed: the table told 'Me plays Red 8'.  `--names` refuses both; now the save is refused, by the
    same rules, at its `seats`."""
    from rulelang.save import checksum, dump

    doc = yaml.safe_load(express_save(tmp_path).read_text(encoding="utf-8"))
    doc["seats"][1]["name"] = name
    doc["checksum"] = checksum(doc)
    edited = tmp_path / "edited.yaml"
    edited.write_text(dump(doc), encoding="utf-8")
    status, out, err = main(capsys, monkeypatch, "resume", edited, "--delay", "0", stdin="quit\n")
    assert (status, out) == (1, "")
    assert err == f"{edited}: refused: its `seats`: {told}\n"


def test_an_env_action_that_is_not_a_whole_number_of_the_action_space_is_refused_in_our_words():
    """`step(3.5)`, `step(3.0)` and `step("3")` were taken as action 3 (`draw`) when it was legal (a float hashes as
    its int, and an action not found was made an int); `step(True)` was refused as 'action True (play ...)', and
    `action_label(-1)` named the last action ('play #56 uno').  Now anything not a whole number (Python's or
    numpy's: they are accepted) or out of the action space is refused, saying what an action is (a ValueError)."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from rulelang.env import make_env

    env = make_env("express", players=2)
    env.reset(seed=0)
    assert env.action_label(3) == "draw" and env.action_mask()[3] == 1 and env.encoding.size == 232
    for bad in [3.5, 3.0, np.float64(3.0), "3", True, np.True_, -229, 232, 10 ** 30, None, [3]]:
        with pytest.raises(ValueError) as caught:
            env.step(bad)
        assert str(caught.value) == f"action is a whole number from 0 to 231, not {bad!r}"
        with pytest.raises(ValueError) as caught:
            env.action_label(bad)
        assert str(caught.value) == f"action is a whole number from 0 to 231, not {bad!r}"
    assert env.moves == 0
    assert env.action_label(np.int64(3)) == "draw"
    env.step(np.int64(3))
    assert env.moves == 1
    with pytest.raises(ValueError) as caught:
        env.step(0)
    assert str(caught.value).startswith("action 0 (accept) is not legal for player_1 now; legal: [3, ")


START = '{"type": "start", "players": ["Ada", "Bo"]}'


@pytest.mark.parametrize("lines, told", [
    ([START, '{"type": "game_over", "winners": "Ada", "scores": [1, 0], "hands": 1}'],
     ":2: `winners` of this `game_over` event is not a list: not an event this rulelang writes (damaged, or edited "
     "by hand)"),
    ([START, '{"type": "turn", "player": "Ada"}', '{"type": "refill", "zone": "draw", "source": "discard", '
                                                   '"count": "5"}'],
     ":3: `count` of this `refill` event is not a whole number: not an event this rulelang writes (damaged, or "
     "edited by hand)"),
    ([START, '{"type": "turn", "player": "Ada"}', '{"type": "deal", "zone": "hand", "src": "draw", "cards": {"Ada": 5}}'],
     ":3: an event cannot be told (damaged, or edited by hand)"),
])
def test_a_damaged_log_event_is_refused_at_its_line(lines, told, tmp_path, capsys, monkeypatch):
    """`rulelang replay` of a --log edited by hand with `winners: "Ada"` (a text, not a list) printed 'Game over: A,
    d and a win'; a field of another wrong kind failed as 'an event cannot be told', with no line to look at in a
    log of thousands.  Now a field not of the kind its event declares is refused at its line, before anything is
    shown, and an event that cannot be told is told with its line."""
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = main(capsys, monkeypatch, "replay", path)
    assert status == 1 and "Traceback" not in err
    assert err == f"{path}{told}\n"


@pytest.mark.parametrize("command", [["simulate", "express", "--games", "1"],
                                     ["sweep", "express", "--games", "1", "--players", "2"]])
@pytest.mark.parametrize("cluster", ["", " "])
def test_an_empty_cluster_address_is_refused(command, cluster, capsys, monkeypatch):
    """`--cluster ''` (a variable that was not set: `--cluster "$SCHEDULER"`) ran the games in this one process
    without a word, as if no cluster had been asked for.  Now refused as argparse refuses a bad argument, before any
    game."""
    with pytest.raises(SystemExit) as stopped:
        main(capsys, monkeypatch, *command, "--cluster", cluster)
    out, err = capsys.readouterr()
    assert (stopped.value.code, out) == (2, "")
    assert err.endswith(f"rulelang {command[0]}: error: argument --cluster: name a Dask scheduler's address "
                        "(tcp://HOST:8786) or `local`\n")


def test_join_to_a_table_that_never_answers_says_it_did_not_answer(monkeypatch):
    """`join` to a server that takes the connection and never answers the seat's hello (a table stuck, a program
    that is not a table) waited its 15 seconds and said 'the table at ... closed the connection', which it had not.
    Now it says the table did not answer, in how long."""
    pytest.importorskip("websockets")
    import asyncio

    from websockets.asyncio.server import serve

    from rulelang.errors import RulesError
    from rulelang.net import client
    from test_net import bounded

    monkeypatch.setattr(client, "ANSWER_WAIT", 0.5, raising=False)

    async def silent(conn):
        await asyncio.sleep(30)

    @bounded
    async def run():
        async with serve(silent, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            with pytest.raises(RulesError) as told:
                await client.open_seat(f"127.0.0.1:{port}", "abc", "Ann")
            assert str(told.value) == (f"the table at 127.0.0.1:{port} did not answer this seat's hello in 0.5 "
                                       "seconds: is it a rulelang table, and not stuck?")
    run()
