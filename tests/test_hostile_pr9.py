"""Hostile input, lane pr9: a person at the prompt, at the network and with files, trying to break rulelang as a
user can.  Each test failed before its fix."""
from __future__ import annotations

import pytest

from test_save import main


@pytest.mark.parametrize("bots", [",", " ", " , "])
def test_sweep_with_no_kind_of_bot_is_refused_as_simulate_refuses_it(bots, capsys, monkeypatch):
    """`sweep --bots ,` (or spaces) named no bot and ended in a ZeroDivisionError traceback after the grid was made
    (simulate refuses it with argparse's one line).  Now refused the same way, before any game."""
    with pytest.raises(SystemExit) as stopped:
        main(capsys, monkeypatch, "sweep", "express", "--games", "1", "--players", "2", "--bots", bots)
    out, err = capsys.readouterr()
    assert (stopped.value.code, out) == (2, "")
    assert err.endswith("rulelang sweep: error: argument --bots: name at least one kind of bot, e.g. greedy or "
                        "greedy,random\n")
    assert "Traceback" not in err


@pytest.mark.parametrize("decl, column, told", [
    ("var x = 1 / 0", 9, "division by zero"),
    ("var x per player = 1000000000000 * 1000000000", 20,
     "a number grew past the limit of numbers (±999,999,999,999,999,999)"),
])
def test_a_variable_whose_first_value_fails_is_told_at_its_place_by_its_name(decl, column, told, tmp_path, capsys,
                                                                             monkeypatch):
    """A `var` whose first value fails when the hand begins (a division by zero, a number past the limit: `check`
    passes it) was told as 'a variable's first value cannot be worked out: division by zero', with no file, line
    or name: in a file of many variables, no way to tell which.  Now at the `var`'s value, with its caret, naming
    it."""
    from helpers import TINY

    path = tmp_path / "bad_var.rules"
    path.write_text(TINY + decl + "\n", encoding="utf-8")
    line = TINY.count("\n") + 1
    status, out, err = main(capsys, monkeypatch, "run", path, "--humans", "0", "--seed", "1")
    assert status == 1
    assert err.splitlines()[0] == f"{path}:{line}:{column}: `x`'s first value cannot be worked out: {told}"
    assert err.splitlines()[1:3] == [f"    {decl}", " " * (3 + column) + "^" + "~" * (len(decl) - column)]
    assert "Traceback" not in err


BLANK_NAMES = [("\u3164", "U+3164"), ("\u2800", "U+2800"), ("\u0301\u0301", "U+0301 U+0301"),
               ("\u1160\u034f", "U+1160 U+034F")]


@pytest.mark.parametrize("name, points", BLANK_NAMES)
def test_a_name_that_shows_nothing_is_refused_at_the_command_line_and_in_a_game(name, points, capsys, monkeypatch):
    """A name of characters that draw nothing (a Hangul filler, the blank Braille pattern, combining marks alone:
    printable, and not spaces to `strip`) was taken: the table read 'ㅤ plays Wild' as ' plays Wild', a move by
    nobody (pr8 refused an empty name, not these).  Now refused, saying which characters it holds; a game (a save
    edited by hand, the env) refuses it too."""
    import rulelang as rl
    from interpreter import Game

    from helpers import GAMES

    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--players", "2", "--names",
                            f"Ann,{name}")
    assert (status, out) == (1, "")
    assert err == f"--names: name 2 of 2 shows nothing ({points}): a name needs a letter, a digit or a sign that " \
                  "shows\n"
    with pytest.raises(rl.RulesError) as caught:
        Game(rl.load(GAMES / "express.rules"), ["Ann", name], seed=1)
    assert caught.value.message == f"a player's name shows nothing ({points}): a name needs a letter, a digit or a " \
                                   "sign that shows"
    Game(rl.load(GAMES / "express.rules"), ["Ann", "\u00e9\u0301 \u3164B"], seed=1)  # (what shows beside them)


@pytest.mark.parametrize("name, points", BLANK_NAMES[:2])
def test_a_name_that_shows_nothing_is_refused_at_a_table(name, points, tmp_path):
    """`join --name` (a hello's `name`) of characters that draw nothing took the seat: the host's terminal read
    'ㅤ joins seat 2.', every player 'ㅤ plays ...'.  Now refused as a name of control characters is, the seat left
    open."""
    pytest.importorskip("websockets")
    from test_net import Client, bounded, serving

    @bounded
    async def run():
        async with serving(tmp_path) as served:
            table, address, _, lines = served
            other = await Client.open(address, table.seats[1].code, name)
            assert (await other.recv())["message"] == "a name needs a letter, a digit or a sign that shows"
            assert table.seats[1].kind == "open" and not any("joins" in line for line in lines)

    run()


@pytest.mark.parametrize("kwargs, told", [
    ({"players": "3"}, "players is a whole number of seats, not '3'"),
    ({"players": 2.5}, "players is a whole number of seats, not 2.5"),
    ({"players": True}, "players is a whole number of seats, not True"),
    ({"seed": "x"}, "seed is a whole number or None, not 'x'"),
    ({"max_moves": "5"}, "max_moves is a whole number from 1, not '5'"),
    ({"max_moves": 0}, "max_moves is a whole number from 1, not 0"),
    ({"stack": "R1"}, "stack is a list of card names, first on top, not 'R1'"),
    ({"options": ["alternate_scoring"]}, "options is a mapping of the game's options to values, not "
                                         "['alternate_scoring']"),
    ({"options": {5: "true"}}, "options is a mapping of the game's options to values, not {5: 'true'}"),
])
def test_make_env_with_an_argument_of_the_wrong_kind_says_which(kwargs, told):
    """make_env's arguments of the wrong kind failed inside the engine in Python's words or in misleading ones:
    `players="3"` was 'UNO Express is for 2 to 10 players, not 1' (the text taken as one name), `players=2.5`
    "'float' object is not iterable", `seed="x"` was taken and failed at reset ('can only concatenate str'),
    `max_moves="5"` failed at the first step, `stack="R1"` told of cards `R` and `1`, `max_moves=0` played no move and
    truncated.  Now each is refused when the environment is made, naming the argument (a ValueError)."""
    pytest.importorskip("pettingzoo")
    from rulelang.env import make_env

    with pytest.raises(ValueError) as caught:
        make_env("express", **kwargs)
    assert str(caught.value) == told


def test_an_env_reset_with_a_seed_of_the_wrong_kind_or_a_game_of_no_kind_says_which():
    pytest.importorskip("pettingzoo")
    from rulelang.env import make_env

    env = make_env("express", players=2, seed=1)
    with pytest.raises(ValueError) as caught:
        env.reset(seed="a")
    assert str(caught.value) == "seed is a whole number or None, not 'a'"
    env.reset(seed=3)  # (the environment is as it was)
    assert env.game_seed == 3
    for game in (None, 5):
        with pytest.raises(ValueError) as caught:
            make_env(game)
        assert str(caught.value) == f"game is a path, the name of a bundled game or a Program, not {game!r}"


@pytest.mark.parametrize("command", [["run", "express", "--players", "2", "--seed", "1"],
                                     ["serve", "express", "--port", "0", "--seed", "1"]])
@pytest.mark.parametrize("folder", [".", "FOLDER"])
def test_a_save_naming_a_folder_is_refused_before_the_game(command, folder, tmp_path, capsys, monkeypatch):
    """`--save .` (or `/`) ended in a ValueError traceback ('PosixPath('.') has an empty name', the save's lock
    named from it); `--save FOLDER` played the game unsaved, each move told '✗ the game could not be saved to
    FOLDER: Is a directory', where `--log FOLDER` is refused at once.  Now a folder is refused before the game
    starts (or the table listens), as a device is, and nothing is written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    name = "." if folder == "." else str(tmp_path / "mine")
    status, out, err = main(capsys, monkeypatch, *command, "--save", name, stdin="quit\n")  # (a table: stops)
    assert (status, out) == (1, "")
    assert err == f"{name}: it is a folder; name a file to save the game to\n"
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["mine"]


@pytest.mark.parametrize("command, games", [(["simulate", "express", "--games", "2"], 2),
                                            (["sweep", "express", "--games", "1", "--players", "2..4"], 3)])
def test_a_local_cluster_starts_no_more_workers_than_games_to_play(command, games, capsys, monkeypatch):
    """`simulate --games 2 --cluster local --workers 64` started a Dask cluster of 64 worker processes (each a
    copy of rulelang, about 100 MB) to play two games on a machine of two cores; without --workers, one per core
    whatever the games.  pr8 held the process pool to its chunks of games, not the cluster.  Now a local cluster
    has no more workers than there are games to play (here counted as the cluster is asked for, and stopped)."""
    pytest.importorskip("dask.distributed")
    import dask.distributed

    from rulelang.errors import RulesError

    asked = []

    class Counted:
        def __init__(self, n_workers=None, **kw):
            asked.append(n_workers)
            raise RulesError("(counted)")

    monkeypatch.setattr(dask.distributed, "LocalCluster", Counted)
    status, out, err = main(capsys, monkeypatch, *command, "--cluster", "local", "--workers", "64")
    assert (status, out, err) == (1, "", "(counted)\n")
    assert asked == [games]


def test_a_chain_of_extends_too_long_is_told_as_one_not_as_nesting(tmp_path, capsys, monkeypatch):
    """A game extending one that extends another ... 1,200 files deep (no circle) was refused at a file picked by
    Python's stack, in the words of a nested expression: 'f222.rules:1:1: this is nested too deeply to read' (hint:
    'split it: a `define` or a `let` names a part'), which says nothing of `extends`; 900 deep loaded.  Now a chain
    of more than 64 files is refused at the `extends` that goes past it, saying so."""
    from helpers import TINY

    (tmp_path / "f0.rules").write_text(TINY, encoding="utf-8")
    for i in range(1, 1201):
        (tmp_path / f"f{i}.rules").write_text(f'extends "f{i - 1}.rules"\n', encoding="utf-8")
    status, out, err = main(capsys, monkeypatch, "check", tmp_path / "f64.rules")
    assert (status, out, err) == (0, f"{tmp_path / 'f64.rules'}: ok\n", "")
    for top in (65, 1200):
        status, out, err = main(capsys, monkeypatch, "check", tmp_path / f"f{top}.rules")
        assert (status, out) == (1, "")
        assert err.splitlines()[0] == (f"{tmp_path / f'f{top - 64}.rules'}:1:9: `extends` goes more than 64 files "
                                       "deep (a game built on a game built on ...)")
        assert err.splitlines()[-1] == "    hint: build on fewer files: a game can copy what it needs from another"


def _checked(path, text: str, ok: bool, capsys, monkeypatch) -> tuple:
    """`rulelang check` of `text` written to `path`: passed (`PATH: ok`) when `ok`, else refused (status 1, nothing on
    standard output); (path, what it wrote to standard error)."""
    path.write_text(text, encoding="utf-8")
    status, out, err = main(capsys, monkeypatch, "check", path)
    if ok:
        assert (status, out, err) == (0, f"{path}: ok\n", "")
    else:
        assert (status, out) == (1, "")
    return path, err


@pytest.mark.parametrize("define, call", [("define f{i}(y) = f{j}(y) + 1", "set x = f{top}(1)"),
                                          ("define f{i}(y) {{ f{j}(y) }}", "f{top}(1)")])
def test_functions_calling_each_other_too_deep_are_refused_at_the_call_not_a_traceback(define, call, tmp_path, capsys,
                                                                                       monkeypatch):
    """A file of functions each calling the one before (`define f300(y) = f299(y) + 1` ... down to f1), or of
    procedures so, ended `rulelang check` in a RecursionError traceback (the checker and the compiler follow each
    call into the body called): 300 functions, 500 procedures.  Now a chain of more than 64 is refused at the call
    that goes past it, saying so; 64 load."""
    from helpers import TINY

    for top, ok in ((64, True), (600, False)):
        body = "".join(define.format(i=i, j=i - 1) + "\n" for i in range(2, top + 1))
        text = TINY.replace("go { win current }", "go { " + call.format(top=top) + " win current }") + \
            "var x = 0\n" + define.format(i=1, j=0).replace("f0(y)", "y" if "=" in define else "set x = y") + "\n" + body
        path, err = _checked(tmp_path / "chain.rules", text, ok, capsys, monkeypatch)
        if ok:
            continue
        line = TINY.count("\n") + 1 + 65  # f65's: its call of f64 begins a chain of 65
        assert err.splitlines()[0].startswith(f"{path}:{line}:")
        assert err.splitlines()[0].endswith(": `f65` calls `f64`: a chain of 65 functions and procedures, each "
                                            "calling the next; they may call each other at most 64 deep")
        assert "Traceback" not in err


def test_functions_passing_on_an_argument_that_grows_are_refused_at_the_call_before_it_is_written(tmp_path, capsys,
                                                                                                  monkeypatch):
    """A 9-line file of functions each passing the one below `(y + (y + ... y))` (26 uses of its parameter) made
    `rulelang check` run past 100 s in 7.4 GB (pr9, left open): to follow a function's body for the cards it reads,
    the compiler writes each argument's Python in place of the parameter, 26 times longer at each call (the
    generated code works an argument out once).  Six such functions took 5 s and 400 MB.  Now an argument that
    would pass 10,000,000 characters is refused at its place before it is written; five functions still load."""
    from helpers import TINY

    grow = "(" + "y + (" * 25 + "y" + ")" * 26
    for top, ok in ((5, True), (8, False)):
        text = TINY.replace("go { win current }", "go { set x = f%d(1) win current }" % top) + "var x = 0\n" + \
            "define f1(y) = %s + 1\n" % grow + "".join(f"define f{i}(y) = f{i - 1}({grow}) + 1\n" for i in range(2, top + 1))
        path, err = _checked(tmp_path / "grows.rules", text, ok, capsys, monkeypatch)
        if ok:
            continue
        line = TINY.count("\n") + 1 + 4  # f4's call of f3 (f8's of f7 first): the fifth argument written, 26 ** 5 y's
        assert err.splitlines()[0].startswith(f"{path}:{line}:20: `f3`'s argument `y` grows too long to follow (over ")
        assert err.splitlines()[0].endswith(" characters of Python): functions pass it on to each other, each using its "
                                            "parameter many times; use the parameter fewer times, or work the value "
                                            "out in a procedure first (`let`)")
        assert "Traceback" not in err


@pytest.mark.parametrize("players", ["2..", "3.. ", "2..,4"])
def test_sweep_players_with_a_range_without_its_end_is_refused(players, capsys, monkeypatch):
    """`sweep --players 2..` (a range whose end was left off, or lost in a script) played 2 players alone, as if
    `2` had been given, and said nothing (`..4` is refused).  Now refused as any count it cannot read."""
    status, out, err = main(capsys, monkeypatch, "sweep", "express", "--games", "1", "--players", players)
    assert (status, out) == (1, "")
    assert err == f"--players takes a count, a range or a list (`4`, `2..6`, `2,4,6`), not `{players}`\n"
