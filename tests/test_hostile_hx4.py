"""Hostile input, a second look (lane hx4): what the `rulelang` command prints of what it was given drives no
terminal.  A name given on the command line (`--option`, a game's path, `--stack`, `--log`), or a file's name, that
holds an escape sequence was printed as it is in the refusal, so the terminal obeyed it (here: set the window's
title, clear the screen); every control character of it is now written as its escape (`\\x1b`), as a save's or a
stack's refusal already did."""
from __future__ import annotations

import pytest

from helpers import TINY
from test_save import main

ESC = "\x1b]0;owned\x07\x1b[2J"
SHOWN = "\\x1b]0;owned\\x07\\x1b[2J"


@pytest.mark.parametrize("args, told", [
    (["run", "express", "--humans", "0", "--option", f"x{ESC}=1"], f"unknown option `x{SHOWN}`"),
    (["simulate", "express", "--games", "1", "--option", f"x{ESC}=1"], f"unknown option `x{SHOWN}`"),
    (["run", "uno", "--humans", "0", "--option", f"alternate_scoring={ESC}"],
     f"option `alternate_scoring` is true or false, not `{SHOWN}`"),
    (["run", f"x{ESC}y", "--humans", "0"], f"no such game file: x{SHOWN}y"),
    (["check", f"x{ESC}.rules"], f"no such game file: x{SHOWN}.rules"),
    (["run", "express", "--humans", "0", "--log", f"/nonexistent-hx4/{ESC}"],
     f"there is no folder /nonexistent-hx4 to write /nonexistent-hx4/{SHOWN} in"),
])
def test_a_name_given_on_the_command_line_is_quoted_in_its_refusal_not_obeyed(args, told, capsys, monkeypatch):
    with pytest.raises(SystemExit) if "--log" in args else _nothing():
        status, out, err = main(capsys, monkeypatch, *args)
    if "--log" in args:
        out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert told in err


def test_a_files_name_is_quoted_in_what_check_says_of_it(tmp_path, capsys, monkeypatch):
    """`rulelang check` of a file called so: its errors (`NAME:1:1: ...`), its stack refusal and its `ok`."""
    folder = tmp_path / f"d{ESC}"
    folder.mkdir()
    good, bad = folder / "good.rules", folder / "bad.rules"
    good.write_text(TINY)
    bad.write_text(TINY + "zone\n")
    stack = folder / "stack.yaml"
    stack.write_text("a: 1\n")
    status, out, err = main(capsys, monkeypatch, "check", good, bad)
    assert status == 1 and "\x1b" not in out + err and "\x07" not in out + err
    assert out == f"{tmp_path}/d{SHOWN}/good.rules: ok\n"
    assert err.startswith(f"{tmp_path}/d{SHOWN}/bad.rules:9:5: ")
    status, out, err = main(capsys, monkeypatch, "run", good, "--humans", "0", "--stack", stack)
    assert status == 1 and "\x1b" not in out + err
    assert err.strip() == f"{tmp_path}/d{SHOWN}/stack.yaml must be a YAML list of card names, the top of the draw pile first"


@pytest.mark.parametrize("text", ["[" + "R1, " * 250_000 + "R1]\n", "- R1\n" * 3_000_000])
def test_a_stack_file_naming_more_cards_than_a_deck_may_hold_is_refused_at_once(text, tmp_path, capsys, monkeypatch):
    """A stack names at most as many cards as a deck may hold (10,000): a file of 250,000 names (1 MB) was read
    whole first, 16 s; one of 3,000,000 (15 MB, under the 16,000,000 characters any YAML file may have) took more
    than a minute and 600 MB before its first name was looked at.  It is refused when its 10,001st name is read."""
    import time

    path = tmp_path / "stack.yaml"
    path.write_text(text)
    start = time.process_time()
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--stack", path)
    assert status == 1 and err.strip() == (f"the stack file {path} is refused: it names more than 10,000 cards, "
                                           "more than any deck holds (line 1)" if text[0] == "[" else
                                           f"the stack file {path} is refused: it names more than 10,000 cards, "
                                           "more than any deck holds (line 10001)")
    assert time.process_time() - start < 8


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


# ---------------------------------------------------------------- the network

def test_a_lone_surrogate_sent_to_a_table_is_refused_and_the_seat_plays_on(tmp_path):
    """JSON may write a character that is none (`"\\ud800"`, half of a pair): read into a move, the table's refusal
    quoted it, and sending that refusal failed (`UnicodeEncodeError`): a traceback on the host's screen ("unexpected
    internal error") and the player's connection dropped.  Now the message is refused as it arrives, the connection
    kept, and the seat plays on."""
    pytest.importorskip("websockets")
    from test_net import bounded, joined_and_started, serving

    @bounded
    async def run():
        async with serving(tmp_path) as served:
            table = served[0]
            (ann,) = await joined_and_started(served)
            first = await ann.my_turn()
            for raw, half in (('{"v": 2, "type": "move", "text": "play \\ud800"}', "\\ud800"),
                              ('{"v": 2, "type": "move", "text": "draw", "note": ["x\\udfff"]}', "\\udfff")):
                await ann.send_raw(raw)
                assert (await ann.recv())["message"] == \
                    f"the message holds `{half}`, half of a pair of characters alone: it is not text"
            await ann.send("ping")
            assert (await ann.recv())["type"] == "pong"
            assert table.game.record() == []
            move = first["decision"]["options"][0]["text"]
            await ann.send("move", text=move)
            await ann.recv("update")
            assert table.game.record()[0] == (0, move)

    run()
