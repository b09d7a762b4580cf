"""Hostile input, lane pr7: a person at the prompt, at the network and with files, trying to break rulelang as a
user can.  Each test failed before its fix."""
from __future__ import annotations

from test_save import main


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
