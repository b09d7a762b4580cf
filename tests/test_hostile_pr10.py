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
