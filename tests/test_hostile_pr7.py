"""Hostile input, lane pr7: a person at the prompt, at the network and with files, trying to break rulelang as a
user can.  Each test failed before its fix."""
from __future__ import annotations

import pytest

from interpreter import Game

from helpers import TINY
from test_save import main

# UNO Express dealt from a stack: 5 cards to each of 4 players, then Red 7 turned up.
STACK = [f"{c}{n}" for n in range(1, 6) for c in "YGBR"] + ["R7"]


def test_a_name_given_with_names_is_held_to_the_tables_24_characters(tmp_path, capsys, monkeypatch):
    """`--names` took a name of any length (100,000 characters: a start line of 1.8 MB, every line of the story, the
    toolbar and the save holding it), where `join --name` and `serve --name` take 1 to 24 printable characters.
    Now --names is held to the same bound, and told so with the name's length, before the game."""
    long = "A" * 100_000
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "1",
                            "--names", f"Ann,{long}")
    assert status == 1 and out == ""
    assert err == (f"--names: `{'A' * 24}…` has 100,000 characters: a name is 1 to 24 printable characters\n")
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "1", "--names",
                            "Ann," + "B" * 24)
    assert status == 0 and out.startswith(f"UNO Express — 4 players: Ann, {'B' * 24}, Ada, Bo · seed 1")


def test_a_named_pipe_as_stack_or_log_that_no_program_uses_is_refused_after_a_wait(tmp_path, capsys, monkeypatch):
    """`--stack FIFO` with nothing writing to it, or `--log FIFO` with nothing reading it, waited for ever in `open`
    with nothing said.  Now such a pipe is waited for paths.PIPE_WAIT seconds (10; 0.3 here), then refused in one
    line; a pipe a program writes to (`--stack <(...)`) or reads from (`--log >(...)`) is read and written as a
    file."""
    import os
    import threading

    from rulelang import paths

    monkeypatch.setattr(paths, "PIPE_WAIT", 0.3)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "1", "--stack", pipe)
    assert (status, out) == (1, "")
    assert err == f"--stack {pipe} is a pipe that no program writes to (waited 0.3 s): name a file, or start the " \
                  "program that writes to the pipe first\n"
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "1", "--log", pipe)
    assert (status, out) == (1, "")
    assert err == f"--log {pipe} is a pipe that no program reads (waited 0.3 s): name a file, or start the " \
                  "program that reads the pipe first\n"

    def write():
        with open(pipe, "w") as f:
            f.write(f"[{', '.join(STACK)}]\n")

    def read(into):
        with open(pipe) as f:
            into.append(f.read())

    writer = threading.Thread(target=write)
    writer.start()
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "1", "--stack", pipe)
    writer.join()
    assert status == 0 and err == "" and "  ♥Red 7 is turned up from the draw pile to start the discard pile\n" in out
    logged: list = []
    reader = threading.Thread(target=read, args=(logged,))
    reader.start()
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "1", "--log", pipe)
    reader.join()
    assert status == 0 and logged[0].startswith('{"type": "start", "game": "UNO Express"')
    assert logged[0].splitlines()[-1].startswith('{"type": "game_over"')


def test_a_log_replayed_without_its_game_file_tells_the_zones_by_their_declared_words(tmp_path, capsys, monkeypatch):
    """`rulelang replay` of a --log whose game file is not there (a log sent to a friend) told each event by itself
    and the zones by their names in the file, not the words the game declares (`zone home "foundation" 1..4`):
    'Ace Diamonds goes from the column 3 pile to the home 3 pile', where the table was told 'goes from column 3 to
    foundation 3'.  The log's start line now holds the zones' words (`zones`), and the replay tells them so.  Its
    last line read 'Game over:  win' for a game nobody won (with the game's file too): now 'Game over: nobody
    wins', as the game said it live."""
    import json

    from helpers import ROOT

    log = tmp_path / "freecell.jsonl"
    status, out, err = main(capsys, monkeypatch, "run", ROOT / "tests/rules/freecell.rules", "--humans", "0",
                            "--seed", "1", "--log", log)
    assert status == 0 and out.rstrip().endswith("Game over: nobody wins · scores: Ada 1")
    lines = log.read_text().splitlines()
    start = json.loads(lines[0])
    assert start["zones"]["home 3"] == "foundation 3" and start["zones"]["column 3"] == "column 3"
    status, out, err = main(capsys, monkeypatch, "replay", log)
    assert status == 0 and out.rstrip().endswith("\n  Game over: nobody wins")
    start["file"] = str(tmp_path / "gone.rules")
    moved = tmp_path / "moved.jsonl"
    moved.write_text("\n".join([json.dumps(start)] + lines[1:]) + "\n")
    status, out, err = main(capsys, monkeypatch, "replay", moved)
    assert status == 0 and err == ""
    assert "\n  Ace Diamonds goes from column 3 to foundation 3\n" in out
    assert " pile" not in out.lower().replace("the stock pile", "") and "home 3" not in out
    assert out.rstrip().endswith("\n  Game over: nobody wins")


def test_a_served_game_nobody_won_is_told_so_on_the_hosts_terminal(tmp_path):
    """The table's terminal said 'Game over:  win · scores: ...' for a game that ended with no winner (`win []`),
    as the narrator did: now 'Game over: nobody wins', as the local prompt says it."""
    pytest.importorskip("websockets")
    from test_net import bounded, joined_and_started, serving

    game = tmp_path / "nobody.rules"
    game.write_text(TINY.replace("go { win current }", "go { win [] }"))

    @bounded
    async def run():
        async with serving(tmp_path, game=str(tmp_path / "nobody")) as served:
            lines = served[3]
            (ann,) = await joined_and_started(served)
            await ann.my_turn()
            await ann.send("move", text="go")
            await ann.recv("update", where=lambda m: m["view"]["over"])
            assert lines[-1] == "Game over: nobody wins · scores: Ann 0, Ada 0"

    run()


def test_an_undo_asked_over_the_network_does_not_tell_the_others_the_move_as_typed(tmp_path):
    """Liar's UNO, seed 1: Ann lays a Liar's card face down (`bluff LR8`: the others see only a card laid, never
    which card nor whether she chose `truth` or `bluff`), then asks to take it back.  The table asked Bob 'Ann asks
    to take back their `bluff LR8`. Agree?' and told everyone 'Taken back: Ann's `bluff LR8`.': her card and her
    lie.  Now the question and the notice name her last move as the local prompt does, without its text (Ann alone
    is told hers)."""
    pytest.importorskip("websockets")
    from test_net import answer_asks, bounded, joined_and_started, serving

    @bounded
    async def run():
        async with serving(tmp_path, game="liars", players=2, seed=1) as served:
            table = served[0]
            ann, bob = await joined_and_started(served, ("Ann", "Bob"))
            first = await ann.my_turn()
            assert "bluff LR8" in [o["text"] for o in first["decision"]["options"]]
            await ann.send("move", text="bluff LR8")
            await ann.my_turn()
            await ann.send("move", text="undo")
            ask = await answer_asks(bob, True)
            assert ask["question"] == "Ann asks to take back their last move. Agree?"
            told = await bob.recv("notice", where=lambda m: m["text"].startswith("Taken back"))
            assert told["text"] == "Taken back: Ann's last move."
            told = await ann.recv("notice", where=lambda m: m["text"].startswith("Taken back"))
            assert told["text"] == "Taken back: your `bluff LR8`."  # (as the local prompt tells the one who took it)
            assert table.game.record() == []

    run()


def test_a_hosts_line_bot_with_a_seat_number_of_thousands_of_digits_is_refused_not_the_table_stopped():
    """`serve` reads the host's lines from standard input (a pipe, a script): `bot 999...` with 5,000 digits made
    `int` fail (Python reads at most 4,300 digits), which ended the task reading the host's lines, and the table
    stopped as if the host had typed `quit` ('The table stops.'), the game with it.  Now it is a seat there is
    not, told as `bot 99` is, and the table goes on."""
    pytest.importorskip("websockets")
    import rulelang as rl

    from helpers import GAMES
    from rulelang.net.server import Table

    lines: list = []
    table = Table(rl.load(GAMES / "express.rules"), 2, out=lines.append, seed=1)
    assert table.command("bot " + "9" * 5000) is True
    assert lines == ["✗ there is no seat 9999999999…"]
    assert table.command("bot 99") is True and lines[-1] == "✗ there is no seat 99"


def test_a_save_whose_folder_cannot_be_made_is_told_not_a_traceback(tmp_path, capsys, monkeypatch):
    """`--save FILE` in a folder that cannot be made (a file stands where the folder would be), or the saves folder
    itself a file: the save's lock made the folder first, outside the guard that lets a folder that cannot hold the
    lock go, and a FileExistsError (NotADirectoryError) traceback ended the game before it began.  Now the game is
    played and the saving's failure told in one line, as for a folder that cannot be written."""
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder\n")
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "1",
                            "--save", blocker / "game.yaml")
    assert status == 0 and "Traceback" not in err
    assert f"✗ the game could not be saved to {blocker / 'game.yaml'}: " in out
    assert out.rstrip().splitlines()[-1].startswith("Game over: ")
    (tmp_path / "data" / "rulelang").mkdir(parents=True)
    (tmp_path / "data" / "rulelang" / "saves").write_text("not a folder\n")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    status, out, err = main(capsys, monkeypatch, "run", "express", "--seed", "1", "--bots", "greedy", stdin="draw\n")
    assert status == 3 and "Traceback" not in err
    assert f"✗ the game could not be saved to {tmp_path / 'data' / 'rulelang' / 'saves'}/uno-express-" in out


def test_a_seat_joined_again_and_again_is_slowed_to_one_join_a_second(tmp_path):
    """A seat's code may join again (a second terminal, a dropped connection), each time closing the connection
    before, sending a welcome with the rules' texts and a redraw, and printing two lines on the host's terminal: a
    client doing nothing else joined 238 times in 5 s, 480 lines scrolling past the host (the host's own game
    screen with `serve --play`).  Now a seat joined less than a second ago (server.REJOIN_PAUSE) is joined again
    only once that second is over, as a wrong code waits 0.3 s: at most one join a second."""
    pytest.importorskip("websockets")
    import time

    from test_net import Client, bounded, joined_and_started, serving

    @bounded
    async def run():
        async with serving(tmp_path) as served:
            table, address, _, lines = served
            (ann,) = await joined_and_started(served)
            await ann.my_turn()
            start, joins = time.monotonic(), 0
            while time.monotonic() - start < 3:
                again = await Client.open(address, table.seats[0].code, "Ann", budget=2)
                await again.recv("welcome")
                joins += 1
            assert joins <= 4
            assert sum("joined again" in line for line in lines) == joins
            await again.send("move", text="draw")
            await again.recv("update")
            assert table.game.record()[0] == (0, "draw")

    run()


@pytest.mark.parametrize("args, told", [
    (["--option", "alternate_scoring=true,false"] * 20,
     "--option alternate_scoring is given twice (`alternate_scoring=true,false`, then `alternate_scoring=true,false`):"
     " give each option once"),
    (["--option", "alternate_scoring=true,false,true"],
     "--option alternate_scoring=true,false,true names `true` twice"),
    (["--players", "2..10", "--option", "alternate_scoring=" + ",".join(f"v{i}" for i in range(200))],
     "the grid has 1,800 cells (9 player counts × 200 values of alternate_scoring); a sweep has at most 1,000"),
])
def test_a_sweep_grid_too_large_to_play_is_refused_before_it_is_made(args, told, capsys, monkeypatch):
    """`sweep` made every cell of its grid, and a game of each, before a game was played: `--option` given 20
    times with two values made 2**20 cells and ran for minutes before anything was said; 200 values of an option
    over 9 player counts, 1,800 games set up only to be refused.  An option given twice or a value named twice
    is refused, and a grid of more than 1,000 cells, before the grid is made."""
    import time

    start = time.process_time()
    status, out, err = main(capsys, monkeypatch, "sweep", "uno", "--games", "1", "--players", "2", *args)
    assert (status, out) == (1, "") and err == told + "\n"
    assert time.process_time() - start < 5


def test_a_joined_terminal_tells_a_game_nobody_won_as_nobody_wins(tmp_path):
    """`rulelang join`'s last line for a game that ended with no winner (`win []`) read 'Game over: nobody win';
    now 'Game over: nobody wins', as the local prompt and the table say it."""
    pytest.importorskip("websockets")
    pytest.importorskip("pexpect")
    import rulelang as rl
    from test_net_terminal import Joined, Served

    from rulelang.net.server import Table

    table = Table(rl.load_text(TINY.replace("go { win current }", "go { win [] }")), 2, seed=1, out=lambda line: None,
                  save=tmp_path / "table.yaml")
    served = Served(table)
    t = None
    try:
        t = Joined(served.address, table.seats[0].code, "Ann")
        t.expect("waiting>")
        served.call(table.start)
        t.expect("Moves: go")
        t.line("go")
        told = t.expect(" · scores: Ann 0, Ada 0")
        assert told.endswith("Game over: nobody wins")
    finally:
        if t is not None:
            t.close()
        served.stop()


OUTS = '''game "Outs"
players 3..3
attribute r 1..5
deck d { for n in 1..5 { card {r: n} } }
zone d hidden
zone h private per player
setup { shuffle d  deal 1 from d to h }
turn { choose current { leave { out current } stay { } } }
'''


def test_a_house_rule_whose_turn_to_fails_on_hidden_cards_does_not_tell_whom_it_named():
    """Seed 4: Ann holds 2, Bo 3, Cy 1.  Ann goes out; Bo writes a rule that, as his turn begins, gives the turn
    at once to the player counted by Cy's card, which Bo does not see.  It failed with '`turn to Ann now`: Ann is
    out of play', telling Bo that Cy holds a 1.  Now, in a rule written in play, the message names nobody."""
    target = "nth(players, top(h(next)).r)"
    import rulelang as rl

    g = Game(rl.load_text(OUTS), ["Ann", "Bo", "Cy"], seed=4)
    assert [g.program.cards[g.state.zones[1][p][0]].attrs["r"] for p in range(3)] == [2, 3, 1]
    g.seat(0).act("leave")
    g.house(1, f"when turn_begins(p) if p == nth(players, 2) {{ turn to {target} now }}")
    g.seat(1).act("stay")
    g.seat(2).act("stay")
    told = [str(g.narrate(e, 1)).split("\n")[0] for e in g.events if e.type == "house_rule_dropped"]
    assert told == ["the house rule `table_rule_1` failed at line 1, column 47 of its text (`turn to ... now` names "
                    "a player out of play (in `table_rule_1`)) and is dropped"]
