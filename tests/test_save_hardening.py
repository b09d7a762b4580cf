"""Saves that nothing can lose or break: one player of a save at a time (the lock names the other), a person's
move on disk before a bot thinks, no half-written copies left behind, and YAML read within bounds — an alias
bomb, a list 10,000 deep or a number of 5,000 digits is refused with its reason, in a save, in the list of
saves and in a --stack file."""
from __future__ import annotations

import importlib.util
import os

import pytest

from rulelang.save import SaveLock, Saver, read_save, recent_saves

from test_save import STACK, express_save, main, write_stack

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(9))
DEEP = "[" * 10_000 + "]" * 10_000 + "\n"


@pytest.mark.parametrize("text, reason", [
    ("format: rulelang save\nversion: 1\n" + BOMB, "it uses a YAML alias (line 4); rulelang's files have none"),
    ("format: rulelang save\nversion: 1\nseats: " + DEEP, "it nests more than 20 deep (line 3)"),
    ("format: rulelang save\nversion: 1\nseed: " + "7" * 5000 + "\n", "it holds a number of 5000 digits (line 3)"),
])
def test_a_yaml_trick_is_refused_in_a_save_and_skipped_in_the_list(tmp_path, capsys, monkeypatch, text, reason):
    folder = tmp_path / "data" / "rulelang" / "saves"
    folder.mkdir(parents=True)
    bad = folder / "trick.yaml"
    bad.write_text(text, encoding="utf-8")
    good = express_save(tmp_path)
    os.replace(good, folder / "good.yaml")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    skipped: list = []
    assert [p.name for p, _ in recent_saves(skipped=skipped)] == ["good.yaml"]
    assert skipped == [(bad, reason)]
    status, out, err = main(capsys, monkeypatch, "resume")
    assert status == 0 and "good.yaml" in out
    assert err == f"Skipped trick.yaml: {reason}\n"
    status, _, err = main(capsys, monkeypatch, "resume", bad)
    assert status == 1 and err == f"{bad}: refused: {reason}\n"


def test_a_stack_file_is_read_within_the_same_bounds(tmp_path, capsys, monkeypatch):
    stack = tmp_path / "deep.yaml"
    stack.write_text(DEEP, encoding="utf-8")
    status, _, err = main(capsys, monkeypatch, "run", "express", "--players", "2", "--humans", "0", "--stack", stack)
    assert status == 1
    assert err == f"the stack file {stack} is refused: it nests more than 20 deep (line 1)\n"


def test_a_save_played_elsewhere_is_refused_and_its_holder_named(tmp_path, capsys, monkeypatch):
    path = express_save(tmp_path)
    lock = SaveLock(path).acquire()
    try:
        status, _, err = main(capsys, monkeypatch, "resume", path, stdin="draw\n")
    finally:
        lock.release()
    assert status == 1
    assert err.startswith(f"{path}: this game is being played now by rulelang process {os.getpid()} on ")
    assert err.endswith("two players of one save would lose each other's moves, so it is left to that one\n")
    status, out, _ = main(capsys, monkeypatch, "resume", path, stdin="")  # let go: now it resumes
    assert "Resuming" in out and status == 3


def test_half_written_copies_are_removed_when_the_game_is_played_again(tmp_path):
    path = express_save(tmp_path)
    left = tmp_path / ".game.yaml.k2j4x.tmp"
    left.write_text("x" * 1000, encoding="utf-8")
    other = tmp_path / ".other.yaml.k2j4x.tmp"
    other.write_text("not this game's", encoding="utf-8")
    setup, _, _ = read_save(path)
    saver = Saver(path, setup)
    saver.hold()
    saver.let_go()
    assert not left.exists() and other.exists()


def test_a_persons_move_is_saved_before_a_bot_thinks(tmp_path, capsys, monkeypatch):
    import rulelang.terminal.host as host

    save = tmp_path / "g.yaml"
    seen = []
    real = host.ask_bot

    def ask(bot, game, seat, d):
        seen.append(read_save(save)[1])
        return real(bot, game, seat, d)

    monkeypatch.setattr(host, "ask_bot", ask)
    main(capsys, monkeypatch, "run", "express", "--players", "2", "--seed", "7", "--stack",
         write_stack(tmp_path, STACK), "--delay", "0", "--bots", "greedy", "--save", save, stdin="play R3\n")
    assert seen[0] == [(0, "play R3")]


def test_resume_after_a_kill_while_a_bot_thinks_does_not_ask_the_persons_move_again(tmp_path, capsys, monkeypatch):
    """The kill is no undo: the move on disk stands, the bot answers it on resume, and the person is asked for
    their next move (undo agrees: Ada's card seen, the move is not taken back either)."""
    import rulelang.terminal.host as host

    class Killed(BaseException):  # as kill -9: nothing after it runs, nothing more is written
        pass

    def killed(bot, game, seat, d):
        raise Killed

    save = tmp_path / "g.yaml"
    stack = write_stack(tmp_path, STACK)
    monkeypatch.setattr(host, "ask_bot", killed)
    with pytest.raises(Killed):
        main(capsys, monkeypatch, "run", "express", "--players", "2", "--seed", "7", "--stack", stack, "--delay", "0",
             "--bots", "greedy", "--save", save, stdin="play R3\n")
    capsys.readouterr()
    monkeypatch.undo()
    status, out, err = main(capsys, monkeypatch, "resume", save, "--delay", "0", stdin="undo\nquit\n")
    assert status == 0, err
    assert "Ada plays ♥Red 8" in out and "You> play R3" not in out
    assert "Your hand (4): ♥R5 ★Y9 ♣G2 ♦B7" in out and "Moves: play ♥R5 · draw" in out  # your next decision, not Red 3 again
    assert "✗ your last move cannot be taken back: Red 8 came out of Ada's hand since" in out
    assert read_save(save)[1] == [(0, "play R3"), (1, "play R8")]


def test_the_list_of_saves_writes_out_the_control_characters_a_file_holds(tmp_path, capsys, monkeypatch):
    """A save is a file from anyone: what the list shows of its head (the game, the names, whose move, the date)
    and its file's name are printed with each control character written as an escape, as a refused save's are.
    Before, `rulelang resume` in a pipe printed them as they were: an escape sequence in a save's `game` set the
    terminal's title and cleared its screen."""
    folder = tmp_path / "data" / "rulelang" / "saves"
    folder.mkdir(parents=True)
    (folder / "evil.yaml").write_text(
        'format: rulelang save\nversion: 1\ngame: "Evil\\e]0;owned\\aGame"\nseats:\n- {name: "A\\e[31mnn", person: '
        'true}\nplayed: 3\nwaiting_for: "X\\e[2J"\nsaved: "2026\\e[5m"\nfinished: false\n', encoding="utf-8")
    (folder / "b\x1b[2J.yaml").write_text("format: rulelang save\nseats: [", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    status, out, err = main(capsys, monkeypatch, "resume")
    assert status == 0
    assert "  1. Evil\\x1b]0;owned\\x07Game — A\\x1b[31mnn — 3 moves · X\\x1b[2J to move — saved 2026\\x1b[5m — evil.yaml" \
        in out.splitlines()
    assert err.startswith("Skipped b\\x1b[2J.yaml: ")
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_a_table_served_holds_its_save_as_a_local_game_does(tmp_path, capsys, monkeypatch):
    """`serve --resume` of a save being played (a local `resume`, another table), `serve --save` of one, and a
    `resume` of a table's save while it is served, are refused, naming the holder.  Before, the server took no
    lock: a table and a local game (or two tables) played one save, each writing over the other's moves."""
    pytest.importorskip("websockets")
    import asyncio

    import rulelang
    import rulelang.net.server as server

    path = express_save(tmp_path)
    served = []

    async def keep(table, host, port, ready=None, commands=None):
        served.append(table)
        return 0

    monkeypatch.setattr(server, "run_table", keep)
    lock = SaveLock(path).acquire()
    try:
        for args in (["serve", "--resume", path], ["serve", "express", "--save", path]):
            status, _, err = main(capsys, monkeypatch, *args, "--port", "0")
            assert status == 1 and not served
            assert err.startswith(f"{path}: this game is being played now by rulelang process {os.getpid()} on ")
    finally:
        lock.release()

    async def start():
        table = server.Table(rulelang.load("express"), 2, save=tmp_path / "table.yaml", out=lambda line: None)
        table.attach(table.seats[0], None, "Ann")
        table.start()
        return table

    table = asyncio.run(start())
    try:
        status, _, err = main(capsys, monkeypatch, "resume", tmp_path / "table.yaml")
        assert status == 1 and "this game is being played now by rulelang process" in err
    finally:
        table.saver.let_go()


def test_a_new_game_does_not_write_over_an_unfinished_one_or_a_file_that_is_no_save(tmp_path, capsys, monkeypatch):
    """`run GAME --save FILE` where FILE holds an unfinished game (of any game) or is not a save at all: refused,
    the file untouched.  Before, the new game wrote over it at once: a game left to be resumed (its moves) was
    lost without a word.  A save of a game with no move played, or a finished one, is replaced as before."""
    path = express_save(tmp_path)
    before = path.read_bytes()
    status, _, err = main(capsys, monkeypatch, "run", "liars", "--players", "2", "--save", path, stdin="quit\n")
    assert status == 1 and path.read_bytes() == before
    assert err == (f"{path}: it holds an unfinished game (UNO Express, 2 moves): `rulelang resume {path}` continues "
                   "it; name another file (or remove this one) to start a new game\n")
    if importlib.util.find_spec("websockets"):  # a table's save too
        status, _, served_err = main(capsys, monkeypatch, "serve", "express", "--save", path, "--port", "0")
        assert status == 1 and served_err == err and path.read_bytes() == before
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    status, _, err = main(capsys, monkeypatch, "run", "express", "--players", "2", "--save", notes, stdin="quit\n")
    assert status == 1 and notes.read_text(encoding="utf-8") == "my notes\n"
    assert err == f"{notes}: it is not a rulelang save, and a new game would write over it: name another file\n"
    status, _, _ = main(capsys, monkeypatch, "run", "express", "--players", "2", "--seed", "1", "--save",
                        tmp_path / "fresh.yaml", stdin="quit\n")
    assert status == 0
    status, out, _ = main(capsys, monkeypatch, "run", "express", "--players", "2", "--seed", "2", "--save",
                          tmp_path / "fresh.yaml", stdin="quit\n")  # nothing was played in it: replaced
    assert status == 0 and "seed 2" in out


def test_a_save_named_at_a_device_or_a_pipe_is_refused_and_left_as_it_was(tmp_path, capsys, monkeypatch):
    """`--save` naming something that is not a file (a named pipe here; /dev/null or /dev/full the same): refused
    before the game, the pipe left a pipe.  Before, the save was written beside it and renamed over it, so the
    pipe (as root, /dev/null itself) became a plain file holding the game."""
    import stat

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    status, _, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--players", "2", "--seed", "1",
                          "--save", pipe)
    assert status == 1 and stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert err == f"{pipe}: it is not a file (a device or a pipe); name a file to save the game to\n"
    if importlib.util.find_spec("websockets"):  # a table's save too
        status, _, served_err = main(capsys, monkeypatch, "serve", "express", "--save", pipe, "--port", "0")
        assert status == 1 and served_err == err and stat.S_ISFIFO(os.stat(pipe).st_mode)


def test_resume_of_a_device_or_a_pipe_says_what_it_is(tmp_path, capsys, monkeypatch):
    """`resume` or `replay` of /dev/zero or a named pipe: it is there, so not 'no such save file' (as it said)."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for command in ("resume", "replay"):
        status, _, err = main(capsys, monkeypatch, command, pipe)
        assert status == 1
        assert err == f"{pipe} is not a save file: it is a device or a pipe\n"


def test_resume_with_its_save_as_the_log_is_refused_and_the_save_kept(tmp_path, capsys, monkeypatch):
    """`resume FILE --log FILE`: the log opened for writing emptied the save being played (the game lost, till
    the next move saved it again), then each save replaced the log.  Refused before anything is written."""
    path = express_save(tmp_path)
    before = path.read_bytes()
    status, _, err = main(capsys, monkeypatch, "resume", path, "--log", path, stdin="quit\n")
    assert status == 1 and path.read_bytes() == before
    assert err == f"--log {path} names the save: the log would write over it; name another file\n"
