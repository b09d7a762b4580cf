"""Hostile input, lane pr8: a person at the prompt, at the network and with files, trying to break rulelang as a
user can.  Each test failed before its fix."""
from __future__ import annotations

import pytest

from test_save import main


@pytest.mark.parametrize("command", [["run", "uno", "--humans", "0"], ["simulate", "uno", "--games", "1"],
                                     ["serve", "uno", "--port", "0"]])
def test_an_option_given_twice_is_refused_naming_it(command, capsys, monkeypatch):
    """`run --option X=a --option X=b` played with the last value and said nothing of the first (sweep refuses an
    option given twice).  Now refused before anything is played or served, naming the option and both values."""
    status, out, err = main(capsys, monkeypatch, *command, "--seed", "1", "--option", "alternate_scoring=true",
                            "--option", " alternate_scoring = false")
    assert (status, out) == (1, "")
    assert err == ("--option alternate_scoring is given twice (`alternate_scoring=true`, then "
                   "`alternate_scoring = false`): give each option once\n")


def test_a_plot_to_a_named_pipe_that_no_program_reads_is_refused_before_the_games(tmp_path, capsys, monkeypatch):
    """`sweep --plot FIFO` with nothing reading the pipe played every game, printed the grid, then waited for ever
    in `open` with nothing said.  Now the plot's file is opened before the games: such a pipe is waited for
    paths.PIPE_WAIT seconds (10; 0.3 here) and refused in one line, as --log is; a pipe a program reads gets the
    PNG."""
    import os
    import threading

    from rulelang import paths

    pytest.importorskip("matplotlib")
    monkeypatch.setattr(paths, "PIPE_WAIT", 0.3)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    status, out, err = main(capsys, monkeypatch, "sweep", "express", "--games", "1", "--players", "2", "--plot", pipe)
    assert (status, out) == (1, "")
    assert err == f"--plot {pipe} is a pipe that no program reads (waited 0.3 s): name a file, or start the " \
                  "program that reads the pipe first\n"
    got: list = []

    def read():
        with open(pipe, "rb") as f:
            got.append(f.read())

    reader = threading.Thread(target=read)
    reader.start()
    status, out, err = main(capsys, monkeypatch, "sweep", "express", "--games", "1", "--players", "2", "--plot", pipe)
    reader.join()
    assert (status, err) == (0, "") and out.endswith(f"plot: {pipe}\n")
    assert got[0][:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("decl, rule, told, column", [
    ("define give(x) { move x from draw to hand(current) }", "give(top(hand(next)))",
     "`give` uses its `x` as a number (a count of cards, at line L), and this is a card", 26),
    ("define give(x) { deal x from draw to hand }", "give(card)",
     "`give` uses its `x` as a number (a count of cards, at line L), and this is a card", 26),
    ("define give(x) { move top(draw) to discard under x }", "give(top(hand(next)))",
     "`give` uses its `x` as a number (`under`, at line L), and this is a card", 26),
    ("define more(x) = x + 1\ndefine give(y) { move more(y) from draw to hand(current) }", "give(top(hand(next)))",
     "`give` uses its `y` as a number (arithmetic, at line L), and this is a card", 26),
    ("define more(x) = x + 1", "move more(top(hand(next))) from draw to hand(current)",
     "`more` uses its `x` as a number (arithmetic, at line L), and this is a card", 31),
    ("define high(x) = x > 5", "if high(top(hand(next))) { skip }",
     "`high` uses its `x` as a number (an order comparison, at line L), and this is a card", 29),
])
def test_a_card_given_where_a_procedure_uses_its_parameter_as_a_number_is_refused(decl, rule, told, column):
    """A card passed to a procedure's (or a function's) untyped parameter that it uses as a number (`move x from
    draw`) was used as one: the runtime holds cards as numbers, so a house rule `give(top(hand(next)))` made its
    author draw as many cards as the place of Bo's hidden card in the deck (1 for his Red 2), telling which card he
    held.  The checker now refuses such a card at the argument, in a rule written in play as in a file, naming the
    use; a number (`top(hand(next)).number`) is taken."""
    import rulelang as rl
    from interpreter import Game

    from helpers import GAMES

    text = (GAMES / "express.rules").read_text() + "\n"
    prog = rl.load_text(text + decl + "\n")
    g = Game(prog, ["Ann", "Bo"], seed=5)
    with pytest.raises(rl.RulesError) as caught:
        g.house(0, f"when played(card) {{ {rule} }}")
    assert caught.value.message == told.replace("L", str(text.count("\n") + 1))
    assert (caught.value.loc.line, caught.value.loc.column) == (1, column)
    assert caught.value.hint == "give a number, such as an attribute of the card that is one: `.number`"
    assert g.record() == [] and g.house_rules == {}
    g.house(0, "when played(card) { " + rule.replace("(top(hand(next)))", "(top(hand(next)).number)")
            .replace("(card)", "(card.number)") + " }")
    assert len(g.house_rules) == 1


def test_turn_to_none_is_refused_when_written_saying_how_to_write_it():
    """A house rule `turn to none` was taken, and failed when it ran with '`turn to` names no player: its value is
    none': what was wrong, not how to write it.  Now it is refused when written (a game file's too), at `none`,
    saying what `turn to` takes; a `turn to` of a value that turns out none (nobody found) says the same when it
    runs, with the way to write it."""
    import rulelang as rl
    from interpreter import Game

    from helpers import GAMES, TINY

    g = Game(rl.load((GAMES / "express.rules")), ["Ann", "Bo"], seed=5)
    with pytest.raises(rl.RulesError) as caught:
        g.house(0, "when played(card) if card.number == 3 { turn to none }")
    assert caught.value.message == "`turn to none` names no player: `turn to` takes the player who plays next"
    assert (caught.value.loc.line, caught.value.loc.column) == (1, 49)
    assert caught.value.hint == ("name a player: `turn to next`, `turn to previous`, `turn to p`; to let the turn "
                                 "go on as usual, leave `turn to` out")
    assert g.record() == [] and g.house_rules == {}
    prog = rl.load_text(TINY.replace("go { win current }", "go { turn to first([p for p in players if p != current "
                                     "and p == current]) }"))
    g = Game(prog, 2, seed=1)
    with pytest.raises(rl.RulesError) as caught:
        g.seat(0).act("go")
    assert caught.value.message.startswith("`turn to` was given none, not a player (in `")
    assert caught.value.message.endswith("): when it may find nobody, test it first: "
                                         "`if p != none { turn to p }`")


def test_a_plot_naming_the_games_own_file_is_refused_and_the_file_kept(tmp_path, capsys, monkeypatch):
    """`sweep GAME --plot GAME` wrote the PNG over the game's own file once the games were played (the rules lost),
    where `run --log GAME` is refused.  Now refused before anything is played, as the log is, the file untouched."""
    from helpers import TINY

    pytest.importorskip("matplotlib")
    game = tmp_path / "tiny.rules"
    game.write_text(TINY)
    status, out, err = main(capsys, monkeypatch, "sweep", game, "--games", "1", "--players", "2", "--plot", game)
    assert (status, out) == (1, "")
    assert err == f"--plot {game} names the game's file {game}: the plot would write over it; name another file\n"
    assert game.read_text() == TINY


@pytest.mark.parametrize("names, told", [
    ("Ann,,Bo", "--names: name 2 of 3 is empty: a name is 1 to 24 printable characters"),
    ("Ann,\u3000", "--names: name 2 of 2 is empty: a name is 1 to 24 printable characters"),
    (",", "--names: name 1 of 2 is empty: a name is 1 to 24 printable characters"),
])
def test_an_empty_name_given_with_names_is_refused_not_dropped(names, told, capsys, monkeypatch):
    """`--names Ann,,Bo` dropped the empty name and seated Bo second, where he was named third (a bot took his
    seat); a name of spaces alone (an ideographic space) was dropped the same way.  Now refused, naming which."""
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "1", "--names", names)
    assert (status, out) == (1, "")
    assert err == told + "\n"


def test_workers_past_the_games_to_play_start_no_idle_processes(capsys, monkeypatch):
    """`simulate --games 2 --workers 64` started 64 processes (each a copy of rulelang) to play two games on a
    machine of two cores; now no more than there are chunks of games to hand out (here 2), with the same report."""
    from rulelang.simulate import cluster

    started = []

    class Counted(cluster.ProcessPoolExecutor):
        def __init__(self, max_workers=None, **kw):
            started.append(max_workers)
            super().__init__(max_workers=max_workers, **kw)

    monkeypatch.setattr(cluster, "ProcessPoolExecutor", Counted)
    status, out, err = main(capsys, monkeypatch, "simulate", "express", "--games", "2", "--players", "2",
                            "--workers", "64", "--json")
    assert status == 0 and started == [2]
    one = main(capsys, monkeypatch, "simulate", "express", "--games", "2", "--players", "2", "--json")
    import json
    drop = ("turns_per_second", "games_per_second", "seconds", "workers", "elapsed")
    assert {k: v for k, v in json.loads(out).items() if k not in drop} == \
        {k: v for k, v in json.loads(one[1]).items() if k not in drop}


def test_ctrl_c_stops_a_simulation_spread_over_worker_processes_at_once():
    """Ctrl-C during `simulate --workers 2` waited for every chunk of games still to play (the pool's shutdown
    waits for its work, and a worker takes the interrupt as a chunk's failure and goes on to the next): 100,000
    games, minutes, the terminal held.  Now the workers are stopped and the command ends with status 130, as with
    one worker."""
    pexpect = pytest.importorskip("pexpect")
    import signal
    import time

    from helpers import ROOT, rulelang_command

    cmd = rulelang_command() + ["simulate", "express", "--games", "100000", "--players", "2", "--workers", "2",
                                "--json"]
    child = pexpect.spawn(cmd[0], cmd[1:], cwd=str(ROOT), encoding="utf-8", timeout=20,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # (a job's ignored)
    try:
        time.sleep(4)  # the pool started, chunks running
        assert child.isalive()
        start = time.monotonic()
        child.sendcontrol("c")
        child.expect(pexpect.EOF, timeout=15)
        child.close()
        assert child.exitstatus == 130 and time.monotonic() - start < 15
        assert "Traceback" not in child.before
    finally:
        if child.isalive():
            child.terminate(force=True)
