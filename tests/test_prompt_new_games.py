"""The prompt at the games new this session (tests/rules/hanabi.rules, love_letter.rules), as a new user meets
them: `help` names every form of a move, and the table shows the cards another's hand lets you see."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from rulelang.terminal.host import AGAIN, Host, Screen

RULES = Path(__file__).parent / "rules"


def hanabi_host(capsys):
    g = Game(rulelang.load(RULES / "hanabi.rules"), players=["You", "Ada", "Bo"], seed=5)
    host = Host(g, [0], {}, Screen(False), 0.0)
    capsys.readouterr()
    return host, g


def test_help_names_each_option_of_a_verb_with_its_own_words(capsys):
    """Hanabi offers `hint` twice (a colour, a number): `help` and `help hint` list both, each with its examples."""
    host, g = hanabi_host(capsys)
    d = g.pending
    assert host.take_line(d.player, d, "help") is AGAIN
    told = capsys.readouterr().out
    assert "hint PLAYER COLOUR tell a player where all their cards of a colour lie   e.g. hint Ada red" in told
    assert "hint PLAYER NUMBER tell a player where all their cards of a number lie   e.g. hint Ada 1" in told
    assert host.take_line(d.player, d, "help hint") is AGAIN
    told = capsys.readouterr().out
    assert "of a colour lie" in told and "of a number lie" in told


def test_the_table_lists_the_hands_you_see_that_no_one_holds_face_up(capsys):
    """Hanabi's hands lie in a zone nobody sees, each revealed to the others: `hand` lists Ada's and Bo's cards
    in their places (a hint names places), and never yours."""
    host, g = hanabi_host(capsys)
    d = g.pending
    assert host.take_line(d.player, d, "hand") is AGAIN
    told = capsys.readouterr().out
    for seat, name in ((1, "Ada"), (2, "Bo")):
        cards = [c for c in g.seat(0).view()["zones"]["hand"][seat]["cards"]]
        assert None not in cards and len(cards) == 5
        line = next(line for line in told.splitlines() if line.startswith(f"{name}'s hand, shown to you"))
        shorts = [g.program.cards[c].short for c in cards]
        told_cards = [word.lstrip("♥♦♣♠★☀○") for word in line.split(":", 1)[1].split()]  # a colour's symbol first
        assert told_cards == shorts  # in the hand's order, not sorted
    assert "Your hand (5): ▒▒ face down" in told


def test_a_misspelt_line_offered_as_meant_is_replaced_by_what_is_typed_next(tmp_path):
    """`hlep` is offered as `help` (Enter takes it); a person who types `help` again instead got `helphelp`,
    refused: the line offered is selected, as a refused one is, so typing replaces it."""
    pytest.importorskip("pexpect")
    from helpers import PtyTerminal, plain

    t = PtyTerminal(["run", "games/express.rules", "--delay", "0", "--players", "2", "--seed", "7"])
    t.child.delaybeforesend = None
    try:
        t.expect("You>")
        t.type("hlep\r")
        t.expect("did you mean `help`?")
        t.type("help\r")
        t.expect("Commands:")
        t.type("quit\r")
        assert t.exit_status() == 0
        assert "helphelp" not in plain(t.raw) and "Traceback" not in plain(t.raw)
    finally:
        t.close()


def test_the_readme_shows_the_prompt_as_the_game_it_names_shows_it():
    """README's "Playing at the prompt" showed a table of another time (`hands: You 7`, a call hint with seven
    cards, the state above the hand where a terminal puts it in the toolbar): its rows are now those of the
    game it names, read here through a pipe (which prints the same hand and moves)."""
    import re
    import subprocess

    from helpers import ROOT, rulelang_command

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Playing at the prompt", 1)[1]
    args = re.search(r"\(`rulelang (run [^`]+)`\)", section).group(1).split()
    block = section.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    out = subprocess.run(rulelang_command() + args + ["--delay", "0"], input="quit\n", capture_output=True,
                         text=True, cwd=ROOT, timeout=60).stdout
    for row in block:
        if row.startswith(("Your hand", "Moves:")):
            assert row in out.splitlines()
    toolbar = [part.strip() for part in block[-1].split("│")]
    facts = " · ".join(line for line in out.splitlines() if " · " in line)
    assert all(fact in facts for fact in toolbar)


def test_a_yes_or_no_of_each_player_is_shown_as_who_has_it(capsys):
    """Love Letter shows `protected` (a Handmaid's): the table read `protected: You no, Ada no, Bo no, Cy no`
    every turn; it names who is protected, or nobody."""
    g = Game(rulelang.load(RULES / "love_letter.rules"), players=["You", "Ada", "Bo", "Cy"], seed=5)
    host = Host(g, [0], {}, Screen(False), 0.0)
    facts = lambda: ["".join(t for _, t in fact) for fact in host.table_facts(0)]  # noqa: E731
    assert "protected: nobody" in facts()
    g.seat(0).act("play H4")  # the Handmaid
    assert "protected: You" in facts()


def test_the_table_lists_the_cards_laid_out_before_each_other_player(capsys):
    """A zone all see, one a player (Love Letter's played cards; books, melds, penalty piles elsewhere): yours was
    listed, the others' only counted (`played: Ada 1`), so what they had played was in the log alone."""
    g = Game(rulelang.load(RULES / "love_letter.rules"), players=["You", "Ada", "Bo", "Cy"], seed=5)
    host = Host(g, [0], {}, Screen(False), 0.0)
    g.seat(0).act("play H4")
    while g.pending.player != 0:
        g.seat(g.pending.player).act(g.pending.options[0].text)
    capsys.readouterr()
    assert host.take_line(0, g.pending, "hand") is AGAIN
    told = capsys.readouterr().out.splitlines()
    view = g.seat(0).view()["zones"]["played"]
    for seat, name in ((1, "Ada"), (2, "Bo"), (3, "Cy")):
        if view[seat]["size"]:
            line = next(line for line in told if line.startswith(f"{name}'s played ({view[seat]['size']}):"))
            assert sorted(line.split(":", 1)[1].split()) == sorted(g.program.cards[c].short for c in view[seat]["cards"])


def test_a_table_served_on_every_interface_gives_an_address_to_join():
    """`serve --host 0.0.0.0` printed `rulelang join 0.0.0.0:8765 CODE` for each seat: no address a friend's
    machine can join.  The lines name this machine (its network address, or its name)."""
    pytest.importorskip("websockets")
    from rulelang.net.server import Table, joinable

    lines = []
    table = Table(rulelang.load(RULES.parent.parent / "games" / "express.rules"), 2, out=lines.append, save=None)
    table.show_codes(address="0.0.0.0:8765")
    assert len(lines) == 2 and all(" join " in line and "0.0.0.0" not in line and ":8765 " in line for line in lines)
    assert joinable("127.0.0.1:8765") == "127.0.0.1:8765" and joinable("192.168.1.20:8765") == "192.168.1.20:8765"
