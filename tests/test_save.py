"""Saving, resuming, undo and replay: a game saved after every move comes back exactly, even after kill -9;
a save file that is not exactly what rulelang wrote is refused with a message; undo takes back a slip but
not a draw; a recorded game can be stepped through.  Everything played here saves under a temporary
XDG_DATA_HOME (tests/conftest.py), never the user's."""
from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

import rulelang
from interpreter.bots import RandomBot, ask_bot, search
from interpreter.events import MoveEvent, RevealEvent, ShuffleEvent
from interpreter.undo import undo_refusal
from rulelang import cli
from rulelang.save import Saver, checksum, document, dump, load_document, read_save, rebuild, setup_from_program

from helpers import rulelang_command

ROOT = Path(__file__).resolve().parents[1]

# Express, two players: You get R3 R5 B7 G2 Y9, Ada (a bot) R8 B1 G4 Y6 B8; Red 1 is flipped; then G9, Y2.
STACK = ["R3", "R8", "R5", "B1", "B7", "G4", "G2", "Y6", "Y9", "B8", "R1", "G9", "Y2"]
HAND = "Your hand (5): ♥R3 ♥R5 ★Y9 ♣G2 ♦B7"
# Ann and Bob at one keyboard: Ann gets R3 R5 R6 R7 R9, Bob B3 B1 B2 B4 B5; Red 1 is flipped.
STACK_TWO = ["R3", "B3", "R5", "B1", "R6", "B2", "R7", "B4", "R9", "B5", "R1", "G1", "G2", "G3", "G4"]

CSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78cM]")


def run_cli(*args, stdin: str = "", search_budget: int | None = None) -> subprocess.CompletedProcess:
    """The `rulelang` command in a new process, reading `stdin` (a pipe: no terminal); with `search_budget`, its
    search bots spend that many engine decisions a move (`search.BUDGET`), to keep a test's games quick."""
    command = rulelang_command()
    if search_budget is not None:
        command = [sys.executable, "-c", f"import sys; from interpreter.bots import search; search.BUDGET = "
                   f"{search_budget}; from rulelang.cli import main; sys.exit(main())"]
    return subprocess.run(command + [str(a) for a in args], input=stdin, capture_output=True, text=True,
                          cwd=str(ROOT), timeout=60)


def main(capsys, monkeypatch, *args, stdin: str = ""):
    """`rulelang ARGS` in this process, its standard input a pipe holding `stdin`: (status, out, err)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def write_stack(tmp_path: Path, cards, name="stack.yaml") -> Path:
    path = tmp_path / name
    path.write_text("".join(f"- {c}\n" for c in cards), encoding="utf-8")
    return path


def play_through(setup, lines: list[str]):
    """The game played in this process without stopping: bots as the host runs them, the people's `lines`."""
    game, bots = setup.build([])
    lines = list(lines)
    while not game.over and (game.pending.player in bots or lines):
        d = game.pending
        if d.player in bots:
            game.apply(d.player, bots[d.player].choose(game.program, game.view(d.player), d))
        else:
            game.apply(d.player, lines.pop(0))
    return game


def comparable(game) -> dict:
    """The state's facts that two equal games share (the snapshot without objects that are per game)."""
    snap = game.state.snapshot()
    out = {k: v for k, v in snap.items() if k not in ("stack", "program", "pending")}
    d = game.pending
    out["pending"] = None if d is None else (d.player, d.prompt, tuple(o.text for o in d.options), d.window)
    out["events"] = list(game.events)
    return out


def express_save(tmp_path: Path, moves_made: int = 2) -> Path:
    """A save of the stacked Express game after `play R3` and Ada's answer, written as the host writes it."""
    program = rulelang.load("express")
    setup = setup_from_program(program, ["You", "Ada"], [0], 7, {}, STACK, False, "greedy")
    game = play_through(setup, ["play R3"])
    assert len(game.record()) == moves_made
    path = tmp_path / "game.yaml"
    assert Saver(path, setup).save(game)
    return path


# ---------------------------------------------------------------- resume


@pytest.mark.slow
@pytest.mark.parametrize("name, kind, names", [("uno", "greedy", ["You", "Ada", "Bo"]), ("express", "search", ["You", "Ada"])])
def test_a_resumed_game_equals_the_uninterrupted_one(tmp_path, monkeypatch, name, kind, names):
    """Played straight through, or stopped halfway (the input ends) and resumed in a new process with the rest
    of the same moves: the same record, the same state, the same end, and both saves marked finished.  The
    bots after the resume play as they would have (a search bot's randomness comes from where the game is;
    its budget is made small here, the same in every process, so that the four games stay quick)."""
    budget = 100 if kind == "search" else None
    if budget is not None:
        monkeypatch.setattr(search, "BUDGET", budget)
    program = rulelang.load(name)
    setup = setup_from_program(program, names, [0], 2, {}, None, False, kind)
    # The person's moves: what a random player at seat 0 would type, found once in this process.
    game, bots = setup.build([])
    me = RandomBot(2)
    while not game.over:
        d = game.pending
        move = ask_bot(bots[d.player], game, d.player, d) if d.player in bots else me.choose(program, None, d)
        game.apply(d.player, move)
    lines = [t for s, t in game.record() if s == 0]
    assert len(lines) >= 10
    half = len(lines) // 2
    common = [name, "--players", str(len(names)), "--seed", "2", "--delay", "0", "--bots", kind]

    whole = run_cli("run", *common, "--save", tmp_path / "whole.yaml", stdin="\n".join(lines) + "\n",
                    search_budget=budget)
    assert whole.returncode == 0, whole.stderr
    stopped = run_cli("run", *common, "--save", tmp_path / "part.yaml", stdin="\n".join(lines[:half]) + "\n",
                      search_budget=budget)
    assert stopped.returncode == 3  # the input ended while the person had to move
    assert "rulelang resume" in stopped.stderr
    _, part_moves, part_doc = read_save(tmp_path / "part.yaml")
    assert part_doc["finished"] is False
    assert part_moves == game.record()[:len(part_moves)] and len([m for m in part_moves if m[0] == 0]) == half

    resumed = run_cli("resume", tmp_path / "part.yaml", "--delay", "0", stdin="\n".join(lines[half:]) + "\n",
                      search_budget=budget)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.startswith(f"Resuming {tmp_path / 'part.yaml'}: {len(part_moves)} moves replayed.")
    assert resumed.stdout.splitlines()[-1] == whole.stdout.splitlines()[-1]
    assert "Game over:" in resumed.stdout.splitlines()[-1]

    whole_setup, whole_moves, whole_doc = read_save(tmp_path / "whole.yaml")
    part_setup, part_moves, part_doc = read_save(tmp_path / "part.yaml")
    assert whole_doc["finished"] and part_doc["finished"]
    assert whole_moves == part_moves == game.record()
    a, _ = rebuild("whole", whole_setup, whole_moves)
    b, _ = rebuild("part", part_setup, part_moves)
    assert comparable(a) == comparable(b) == comparable(game)
    assert a.winners == b.winners == game.winners and a.scores == b.scores == game.scores


def test_the_rules_come_from_the_save_not_the_disk(tmp_path):
    """A variant and the game it extends are both kept in the save; changed or deleted on disk, the save
    still resumes the game as it was."""
    base = (ROOT / "games" / "uno.rules").read_text(encoding="utf-8")
    variant = (ROOT / "games" / "express.rules").read_text(encoding="utf-8")
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "uno.rules").write_text(base, encoding="utf-8")
    (folder / "express.rules").write_text(variant, encoding="utf-8")
    program = rulelang.load(folder / "express.rules")
    setup = setup_from_program(program, ["You", "Ada"], [0], 7, {}, STACK, False, "greedy")
    game = play_through(setup, ["play R3", "draw"])
    Saver(tmp_path / "s.yaml", setup).save(game)
    (folder / "uno.rules").write_text("this is not a game any more\n", encoding="utf-8")
    (folder / "express.rules").unlink()
    setup2, moves, doc = read_save(tmp_path / "s.yaml")
    assert sorted(doc["rules"]) == sorted([str(folder / "express.rules"), str(folder / "uno.rules")])
    again, _ = rebuild("s", setup2, moves)
    assert comparable(again) == comparable(game)


class Screen:
    """A person at a 24x100 terminal (pexpect): what is on screen, escape codes stripped."""

    def __init__(self, pexpect, args):
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env.update(TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="100", LINES="24")
        cmd = rulelang_command() + [str(a) for a in args]
        self.pexpect = pexpect
        self.child = pexpect.spawn(cmd[0], cmd[1:], cwd=str(ROOT), env=env, dimensions=(24, 100), encoding="utf-8",
                                   timeout=10)
        self.raw = ""
        self.seen = 0

    def text(self) -> str:
        return CSI.sub("", self.raw).replace("\r", "")

    def expect(self, what: str, timeout: float = 10) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text()
            i = screen.find(what, self.seen)
            if i >= 0:
                before, self.seen = screen[self.seen:i], i + len(what)
                return before
            try:
                self.raw += self.child.read_nonblocking(65536, timeout=0.1)
            except self.pexpect.TIMEOUT:
                pass
            except self.pexpect.EOF:
                raise AssertionError(f"{what!r} never appeared; the screen:\n{screen[self.seen:][-2000:]}") from None
            if time.monotonic() > deadline:
                raise AssertionError(f"{what!r} did not appear; the screen:\n{screen[self.seen:][-2000:]}")

    def line(self, text: str) -> None:
        self.child.send(text + "\r")


def last_hand(screen_text: str) -> str:
    return re.findall(r"Your hand \(\d+\):[^\n]*", screen_text)[-1].rstrip()


def test_kill_9_then_resume_brings_the_game_back_exactly(tmp_path):
    """At a terminal: make moves, start typing another, kill -9 the process.  `rulelang resume FILE` shows the
    same hand and the same record, the half-typed move is not in it, and the game goes on as it would have."""
    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "killed.yaml"
    stack = write_stack(tmp_path, STACK)
    t = Screen(pexpect, ["run", "express", "--players", "2", "--seed", "7", "--stack", stack, "--delay", "0",
                         "--save", save])
    try:
        t.expect(HAND)
        t.expect("You>")
        t.line("play R3")
        t.expect("Ada plays ♥Red 8")
        t.expect("You>")
        t.line("draw")
        t.expect("You draw ♣Green 9")
        t.expect("You>")
        hand_before = last_hand(t.text())
        t.child.send("play B")  # typed, not entered: this one may be lost
        time.sleep(0.2)
        t.child.kill(signal.SIGKILL)
        t.child.wait()
    finally:
        t.child.close(force=True)
    setup, moves, doc = read_save(save)
    assert doc["finished"] is False
    assert [m for m in moves if m[0] == 0] == [(0, "play R3"), (0, "draw")] and len(moves) == 4

    r = Screen(pexpect, ["resume", save, "--delay", "0"])
    try:
        r.expect(f"Resuming {save}:")  # (broken between words to fit the terminal, where the path ends)
        r.expect("replayed.")
        r.expect("You>")
        assert last_hand(r.text()) == hand_before
        r.line("hand")
        r.expect(hand_before)
        r.expect("You>")
        r.line("draw")
        r.expect("You draw ★Yellow 2")
        r.expect("You>")
        r.line("quit")
        r.expect("it is left unfinished")
        r.child.expect(pexpect.EOF, timeout=10)
    finally:
        r.child.close(force=True)
    assert r.child.exitstatus == 0
    _, after, _ = read_save(save)
    assert after[:4] == moves
    straight = play_through(setup, ["play R3", "draw", "draw"])
    assert after == straight.record()


def test_resume_without_a_file_lists_the_saves_in_a_pipe(tmp_path, capsys, monkeypatch):
    """A game with a person is saved in the data folder by default; bots alone are not; `rulelang resume` in a
    pipe lists the unfinished games, the newest first, and resumes none."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "data" / "rulelang" / "saves"
    status, out, _ = main(capsys, monkeypatch, "resume")
    assert status == 1  # nothing saved yet: said, not a crash
    stack = write_stack(tmp_path, STACK)
    for seed in (7, 8):
        status, _, _ = main(capsys, monkeypatch, "run", "express", "--players", "2", "--seed", seed, "--stack", stack,
                            stdin="play R3\nquit\n")
        assert status == 0
    main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", 1)
    # Left before anyone moved: nothing is kept, and the player is told how to deal that game again.
    status, out, _ = main(capsys, monkeypatch, "run", "express", "--players", "2", "--seed", 9, stdin="quit\n")
    assert status == 0 and "Nothing was played, so nothing is kept (`--seed 9` deals this game again)." in out
    assert "It is saved" not in out
    saves = sorted(folder.iterdir())
    assert len(saves) == 2 and all(p.name.startswith("uno-express-") for p in saves)
    for i, p in enumerate(saves):  # the first made is the older
        os.utime(p, (1_000_000 + i, 1_000_000 + i))
    status, out, _ = main(capsys, monkeypatch, "resume")
    assert status == 0
    listed = [line for line in out.splitlines() if line.strip()[:2] in ("1.", "2.")]
    assert len(listed) == 2 and listed[0].endswith(saves[1].name) and listed[1].endswith(saves[0].name)
    assert "UNO Express — You, Ada — 2 moves · You to move" in listed[0]


# ---------------------------------------------------------------- refusals


def refused(capsys, monkeypatch, path, *words) -> str:
    status, out, err = main(capsys, monkeypatch, "resume", path)
    assert status == 1, (out, err)
    assert err.startswith(f"{path}: ") and "Traceback" not in err
    for w in words:
        assert w in err, err
    return err


def test_a_truncated_save_is_refused_wherever_it_is_cut(tmp_path, capsys, monkeypatch):
    good = express_save(tmp_path)
    data = good.read_bytes()
    cut = tmp_path / "cut.yaml"
    points = sorted(set(list(range(0, len(data) - 1, max(1, len(data) // 40))) + [len(data) - 2, len(data) - 10]))
    for n in points:
        cut.write_bytes(data[:n])
        err = refused(capsys, monkeypatch, cut)
        assert re.search(r"empty|cut short|not a rulelang save|damaged", err), (n, err)
    cut.write_bytes(data)  # the whole file is fine
    status, out, err = main(capsys, monkeypatch, "resume", cut, "--delay", "0", stdin="quit\n")
    assert status == 0, err


def test_an_edited_save_is_refused(tmp_path, capsys, monkeypatch):
    good = express_save(tmp_path)
    text = good.read_text(encoding="utf-8")
    edited = tmp_path / "edited.yaml"
    edited.write_text(text.replace("[1, play R8]", "[1, play B8]"), encoding="utf-8")
    refused(capsys, monkeypatch, edited, "checksum does not match")
    edited.write_text(text.replace("seed: 7", "seed: 8"), encoding="utf-8")
    refused(capsys, monkeypatch, edited, "checksum does not match")
    edited.write_text(text.replace("current_colour", "current_color"), encoding="utf-8")  # the rules, edited
    refused(capsys, monkeypatch, edited, "checksum does not match")


def test_a_move_the_game_refuses_on_replay_is_refused(tmp_path, capsys, monkeypatch):
    """Even with a checksum that matches (made by hand), a move the game does not allow is not played."""
    doc = yaml.safe_load(express_save(tmp_path).read_text(encoding="utf-8"))
    doc["moves"][1] = [1, "play G9"]
    doc["checksum"] = checksum(doc)
    bad = tmp_path / "bad-move.yaml"
    bad.write_text(dump(doc), encoding="utf-8")
    refused(capsys, monkeypatch, bad, "move 2 (Ada: `play G9`) is refused on replay")
    doc["moves"][1] = [5, "play R8"]
    doc["checksum"] = checksum(doc)
    bad.write_text(dump(doc), encoding="utf-8")
    refused(capsys, monkeypatch, bad, "move 2 names seat 5, but there are 2 seats")


def test_foreign_and_tagged_yaml_is_refused(tmp_path, capsys, monkeypatch):
    foreign = tmp_path / "foreign.yaml"
    foreign.write_text("- R3\n- R8\n", encoding="utf-8")
    refused(capsys, monkeypatch, foreign, "not a rulelang save")
    foreign.write_text("name: my shopping list\nitems: [eggs, milk]\n", encoding="utf-8")
    refused(capsys, monkeypatch, foreign, "not a rulelang save")
    foreign.write_bytes(b"\xff\xfe\x00binary\x00")
    refused(capsys, monkeypatch, foreign, "not a rulelang save")
    foreign.write_text("moves: [1, 2\n  - : ]\n", encoding="utf-8")
    refused(capsys, monkeypatch, foreign, "cannot be read as YAML")

    marker = tmp_path / "PWNED"
    tagged = tmp_path / "tagged.yaml"
    tagged.write_text(f"!!python/object/apply:os.system ['touch {marker}']\n", encoding="utf-8")
    refused(capsys, monkeypatch, tagged, "YAML tag", "plain data")
    text = express_save(tmp_path).read_text(encoding="utf-8")
    tagged.write_text(text.replace("seed: 7", f"seed: !!python/object/apply:os.system ['touch {marker}']"),
                      encoding="utf-8")
    refused(capsys, monkeypatch, tagged, "YAML tag")
    assert not marker.exists()


def test_a_finished_game_is_marked_and_not_resumed(tmp_path, capsys, monkeypatch):
    save = tmp_path / "bots.yaml"
    status, out, _ = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "3", "--save", save)
    assert status == 0 and "Game over:" in out
    _, moves, doc = read_save(save)
    assert doc["finished"] is True and doc["winners"] and doc["played"] == len(moves)
    refused(capsys, monkeypatch, save, "this game is finished", "rulelang replay")


def test_any_text_survives_the_round_trip(tmp_path):
    """Rules texts and moves with trailing spaces, tabs, CRs, quotes, colons and non-ASCII come back as written."""
    program = rulelang.load("express")
    setup = setup_from_program(program, ["Zoë", "Ada: the bot"], [0], 1, {"x": "yes"}, None, True, "random")
    setup.texts = {"a.rules": "line with trailing space \n\ttab\r\nquote ' \" # no comment\n…ünïcode\n\n\n",
                   "b.rules": "no newline at the end: {x: [1]}", "c.rules": "", "d.rules": "- a list?\n"}
    setup.main = "a.rules"
    moves = [(0, "play R3 uno"), (1, "house when played(card) if card.number == 7 { say \"7: {card}\" }"),
             (0, "colour red"), (1, "yes"), (0, "no"), (1, "~"), (0, "- x"), (1, "&a *b"), (0, "a\tb"), (1, "x" * 1200),
             (0, "yes")]  # a move's line is made once and used again (rulelang.save.dump)
    doc = document(setup, moves)
    path = tmp_path / "round.yaml"
    path.write_text(dump(doc), encoding="utf-8")
    back = load_document(path)
    assert back == doc
    assert back["rules"] == setup.texts and [tuple(m) for m in back["moves"]] == moves


# ---------------------------------------------------------------- undo


def test_undo_takes_back_a_slip_but_not_a_draw_nor_a_bots_card_seen(tmp_path, capsys, monkeypatch):
    # As STACK, with a Wild in place of your Red 3: a Wild asks you for a colour before Ada answers.
    stack = write_stack(tmp_path, ["W"] + STACK[1:])
    save = tmp_path / "undo.yaml"
    status, out, err = main(capsys, monkeypatch, "run", "express", "--players", "2", "--seed", "7", "--stack", stack,
                            "--save", save, stdin="undo\nplay W\nundo\nplay R5\nundo\ndraw\nundo\nquit\n")
    assert status == 0, err
    assert "✗ you have made no move to take back" in out
    after_undo = out.split("Taken back: your `play W`.")[1]
    assert "Your hand (5): ♥R5 ★Y9 ♣G2 ♦B7 W" in after_undo.split("You> play R5")[0]  # the hand as dealt
    assert "discard: ♥Red 1" in after_undo.split("You> play R5")[0]
    # Ada answered Red 5 with her Red 8, a card you could not see: your move is not taken back to play again
    # knowing it, and you are told why and what to do.
    assert ("✗ your last move cannot be taken back: Red 8 came out of Ada's hand since, and a card hidden from you "
            "cannot be unseen; the game goes on from here: make your next move") in out
    assert "✗ your last move cannot be taken back: a card was taken from the draw pile since" in out
    _, moves, _ = read_save(save)
    assert [mv for mv in moves if mv[0] == 0] == [(0, "play R5"), (0, "draw")]  # the save holds the game as it is
    # The game after the undo is the game that never had the move.
    setup, _, _ = read_save(save)
    assert comparable(rebuild(save, setup, moves)[0]) == comparable(play_through(setup, ["play R5", "draw"]))


def test_undo_needs_everyone_at_the_keyboard_to_agree(tmp_path, capsys, monkeypatch):
    stack = write_stack(tmp_path, STACK_TWO)
    save = tmp_path / "two.yaml"
    status, out, err = main(capsys, monkeypatch, "run", "express", "--players", "2", "--humans", "2",
                            "--names", "Ann,Bob", "--seed", "7", "--stack", stack, "--save", save,
                            stdin="play R3\nplay B3\nundo\nn\nundo\ny\nquit\n")
    assert status == 0, err
    assert "Bob: take back Ann's last move and the 1 after it? [y/N] n" in out
    # What became of it is told to Ann once the keyboard is back with her, not on Bob's screen.
    assert "--- pass the keyboard to Ann ---\n✗ Bob does not agree: your move stands" in out
    assert "--- pass the keyboard to Ann ---\nTaken back: your `play R3` and the 1 move after it." in out
    assert out.rstrip().splitlines()[-3] == "Ann> quit"
    _, moves, _ = read_save(save)
    assert moves == []


def test_undo_is_refused_after_a_reveal_or_a_shuffle():
    """The rules of undo_refusal on the events themselves: a pile shuffled, cards revealed, a face-down card
    turned up, a hand passed to a person, a card played face up from a bot's hand; a person's own is not."""
    program = rulelang.load("express")
    setup = setup_from_program(program, ["You", "Ada"], [0], 7, {}, STACK, False, "greedy")
    before = play_through(setup, [])
    now = play_through(setup, ["play R3"])  # You play R3, Ada plays R8 face up
    assert undo_refusal(now, before, [0]) == "Red 8 came out of Ada's hand since, and a card hidden from you cannot be unseen"
    assert undo_refusal(now, before, [0, 1]) is None  # Ada a person: hers to forgive (she is asked to agree)
    now.events.pop()  # ... the events up to your Red 3 on the table: nothing hidden from you was shown
    while now.events[-1].type != "move" or now.events[-1].src_owner != 0:
        now.events.pop()
    assert undo_refusal(now, before, [0]) is None
    hand_zone, discard_zone = program.zone_index["hand"], program.zone_index["discard"]
    extra = [
        (ShuffleEvent(zone="draw"), "shuffled"),
        (RevealEvent(cards=[0], to=[0], owner=1), "shown"),
        (MoveEvent(cards=[5], src=discard_zone, src_owner=None, dst=discard_zone, dst_owner=None, face=None,
                   was_down={5: frozenset()}), "turned up"),
        (MoveEvent(cards=[now.state.zone(hand_zone, 1)[0]], src=hand_zone, src_owner=1, dst=hand_zone, dst_owner=0,
                   face=None, was_down={}), "could not see"),
    ]
    for ev, why in extra:
        now.events.append(ev)
        assert why in undo_refusal(now, before, [0])
        now.events.pop()


# ---------------------------------------------------------------- replay


def test_replay_steps_through_a_save_and_a_log(tmp_path, capsys, monkeypatch):
    save = express_save(tmp_path)
    status, out, _ = main(capsys, monkeypatch, "replay", save)
    assert status == 0
    assert "2 moves · as You saw it" in out and HAND in out
    assert "Move 1/2 — You\n  You play ♥Red 3" in out and "Move 2/2 — Ada\n  Ada plays ♥Red 8" in out
    assert "Ada's hand" not in out and "The game stopped here, waiting for You" in out
    status, out, _ = main(capsys, monkeypatch, "replay", save, "--seat", "all")
    assert status == 0 and "Move 2/2 — Ada: play R8" in out
    assert "Ada's hand (5): ♥R8 ★Y6 ♣G4 ♦B1 ♦B8" in out and "Ada's hand (4): ★Y6 ♣G4 ♦B1 ♦B8" in out
    status, out, _ = main(capsys, monkeypatch, "replay", save, "--seat", "ada")
    assert status == 0 and "Your hand (5): ♥R8 ★Y6 ♣G4 ♦B1 ♦B8" in out and HAND not in out
    status, _, err = main(capsys, monkeypatch, "replay", save, "--seat", "Zed")
    assert status == 1 and "no seat has that name; the seats: You, Ada" in err

    log = tmp_path / "game.jsonl"
    status, played, _ = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--seed", "3", "--log", log)
    assert status == 0
    status, out, _ = main(capsys, monkeypatch, "replay", log)
    assert status == 0 and "what the table saw" in out
    # Told in the words the table was told live (the game's file read again): `Ada plays ♣Green 4`, line for line
    told = [line for line in out.splitlines() if line.startswith("  ")]
    assert told[:-1] == [line for line in played.splitlines() if line.startswith("  ")]
    assert told[-1] == "  Game over: Bo wins" and re.search(r"Move 1/\d+ — Ada\n  Ada plays ", out)
    # A log whose game file cannot be read again is told event by event, in plainer words
    lines = log.read_text().splitlines()
    lines[0] = lines[0].replace('"file": "express"', '"file": "no/such.rules"')
    log.write_text("\n".join(lines) + "\n")
    status, out, _ = main(capsys, monkeypatch, "replay", log)
    assert status == 0 and re.search(r"Move 1/\d+ — Ada\n  Ada puts .+ on the discard pile", out)
    assert "Game over:" in out

    cut = tmp_path / "cut.yaml"
    cut.write_bytes(save.read_bytes()[:-40])
    status, _, err = main(capsys, monkeypatch, "replay", cut)
    assert status == 1 and err.startswith(f"{cut}: ")


@pytest.mark.parametrize("game,seed", [("liars", 8), ("house", 7), ("examples/more/go_fish.rules", 7)])
def test_a_log_is_replayed_in_the_words_the_table_was_told(tmp_path, capsys, monkeypatch, game, seed):
    """`rulelang replay LOG` told each event by itself in plainer words than the table was told live (`Bo puts Red 7
    on the discard pile`, `Cy: colour green`), told every player who let a Liar's UNO claim go by as passing, and
    refused a House Rules log whose bot wrote a rule of several lines ("holds a control character"): line for line
    it tells what the live game told."""
    log = tmp_path / "game.jsonl"
    status, played, _ = main(capsys, monkeypatch, "run", game, "--humans", "0", "--seed", str(seed), "--log", log)
    assert status == 0
    status, out, err = main(capsys, monkeypatch, "replay", log)
    assert (status, err) == (0, "")
    told = [line for line in out.splitlines() if line.startswith("  ")]
    assert told[:-1] == [line for line in played.splitlines() if line.startswith("  ")]
    assert told[-1].startswith("  Game over: ")


def test_resume_of_a_folder_says_it_is_a_folder(tmp_path, capsys, monkeypatch):
    """`rulelang resume DIR` (a folder typed for a file) says so and points at the list, exit 1: it said 'no such
    save file'."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    status, out, err = main(capsys, monkeypatch, "resume", str(tmp_path))
    assert status == 1
    assert f"{tmp_path} is a folder, not a save file (`rulelang resume` alone lists the saves)" in out + err
    assert "Traceback" not in out + err


def test_a_game_begun_in_the_same_second_as_another_not_saved_yet_gets_a_save_of_its_own(tmp_path):
    """`serve` without --save locks the new save before its first write: a second table (or game) begun in the
    same second must not pick the same file and find it locked."""
    from rulelang.save import SaveLock, new_save_path
    first = new_save_path("Uno", tmp_path)
    lock = SaveLock(first).acquire()
    try:
        second = new_save_path("Uno", tmp_path)
        assert second != first
        SaveLock(second).acquire().release()
    finally:
        lock.release()
