"""The prompt's command table (terminal/commands.COMMANDS): one entry per command, the handler it names, and `help`
listing them; a network seat reads lines through the same table."""
from __future__ import annotations

import rulelang
from helpers import GAMES, program
from interpreter import Game
from rulelang.net.client import JoinHost
from rulelang.terminal.commands import COMMANDS, command_for, command_named
from rulelang.terminal.host import AGAIN, DONE, MOVE, Host, Screen


def host_at(capsys):
    g = Game(program("uno"), 2, seed=1)
    host = Host(g, [0, 1], {}, Screen(False), 0.0)
    capsys.readouterr()
    return host, g


def test_every_command_has_its_handler_and_help_lists_them(capsys):
    host, g = host_at(capsys)
    for c in COMMANDS.values():
        assert callable(getattr(Host, c.run)) and callable(getattr(JoinHost, c.run))
    assert host.take_line(g.pending.player, g.pending, "help") is AGAIN
    told = capsys.readouterr().out
    assert all(f"{name}" in told and c.doc in told for name, c in COMMANDS.items())
    assert command_named("EXIT") is COMMANDS["quit"] and command_named("draw") is None


def test_a_line_is_a_command_or_a_move(capsys):
    host, g = host_at(capsys)
    d = g.pending
    assert host.take_line(d.player, d, "rules") is AGAIN
    assert g.program.name in capsys.readouterr().out
    assert host.take_line(d.player, d, "  draw ") == (MOVE, "draw")
    assert host.take_line(d.player, d, "quit") == (DONE, 0)
    assert "leave" in capsys.readouterr().out.lower()


def test_a_move_named_as_a_command_is_the_move_and_slash_reaches_the_command(capsys):
    """A game may name a move as a command is named (`undo`, `hand`): where that move is offered the bare word makes
    it; `/undo` runs the command, and `help` says so."""
    text = (GAMES.parent / "tests" / "rules" / "hit_or_stand.rules").read_text()
    text = text.replace('hit "take another', 'undo "take another').replace('stand "keep your', 'hand "keep your')
    g = Game(rulelang.load_text(text), 2, seed=3)
    host = Host(g, [0, 1], {}, Screen(False), 0.0)
    capsys.readouterr()
    d = g.pending
    assert host.take_line(d.player, d, "undo") == (MOVE, "undo")
    assert host.take_line(d.player, d, "Hand") == (MOVE, "Hand")
    assert host.take_line(d.player, d, "/hand") is AGAIN and "Your hand" in capsys.readouterr().out
    assert host.take_line(d.player, d, "/rules") is AGAIN and g.program.name in capsys.readouterr().out
    assert host.refusal("undo", d, False) is None and host.refusal("/undo", d, False) is None
    assert host.take_line(d.player, d, "help") is AGAIN
    told = capsys.readouterr().out
    assert "/undo" in told and "`undo` alone makes this game's move" in told and "  rules " in told
    host.help_about(d, "undo")
    told = capsys.readouterr().out
    assert "take another card" in told and "`/undo` is the command" in told
    host.help_about(d, "/undo")
    assert COMMANDS["undo"].doc.split(" (")[0] in capsys.readouterr().out
    assert command_for("undo", d) is None and command_for("/undo", d) is COMMANDS["undo"]
    assert command_for("rules", d) is COMMANDS["rules"] and command_for("undo", None) is COMMANDS["undo"]


def test_help_about_a_move_of_the_game_not_offered_now_says_what_it_is(capsys):
    """`help colour` on a turn to play or draw (the colour is chosen after a Wild): the move as the file describes
    it, and that it is not one now; a word that is no move of the game is still refused."""
    host, g = host_at(capsys)
    d = g.pending
    assert "colour" not in {o.verb for o in d.options}
    host.help_about(d, "Colour")
    told = capsys.readouterr().out
    assert told.startswith("colour COLOUR: ") and "not a move you can make now (`help` lists those)" in told
    host.help_about(d, "frog")
    assert "no command, move or call now is called `frog`" in capsys.readouterr().out


def test_several_cards_on_one_line_where_a_move_takes_one_are_told_so(capsys):
    """Who's lying? lays its cards one `lay` at a time: `lay y5 y6` (or `y5 y6`, or `lay yellow 5 yellow 6`) is told that a move takes one card
    and which to type first, not "no card is called `y5 y6`"; a line with a card not held is refused as before."""
    g = Game(program("whos_lying"), 4, seed=5)
    host = Host(g, [0], {}, Screen(False), 0.0)
    d = g.pending
    assert {o.verb for o in d.options} == {"lay"} and "lay Y5" in {o.text for o in d.options}
    assert host.refusal("lay y5 y6", d, False) == "`lay y5 y6` names 2 cards and a move takes one: type `lay Y5` first"
    assert host.refusal("Y5 Y6 K1", d, False).startswith("`Y5 Y6 K1` names 3 cards and a move takes one")
    assert host.refusal("lay y5 zz", d, False).startswith("no card is called `y5 zz`")
    # card names of several words: each card read as the longest name that leaves the rest cards too
    assert host.refusal("lay yellow 5 yellow 6", d, False) == ("`lay yellow 5 yellow 6` names 2 cards and a move "
                                                              "takes one: type `lay Y5` first")
    assert host.refusal("yellow 5 Y6", d, False).startswith("`yellow 5 Y6` names 2 cards")
    assert host.refusal("lay yellow 5 yellow", d, False).startswith("no card is called `yellow 5 yellow`")
    long = "lay " + "y5 y6 " * 9 + "zz"  # 20 words, every split tried once (not each of 2**18 ways)
    assert host.refusal(long, d, False).startswith("no card is called")
    assert host.refusal("lay y5", d, False) is None


def completed(host, d, text):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from rulelang.terminal.host import prompt_helpers

    completer_cls = prompt_helpers()[0]
    return [c.text for c in completer_cls(host, d.player, d, False).get_completions(Document(text), CompleteEvent())]


def test_tab_completes_a_command_typed_with_its_slash(capsys):
    """`/un` Tab gives `/undo` (help tells `/undo` where the game names a move `undo`); `/` Tab lists the commands;
    where the move `undo` is offered, `un` Tab gives the move alone and the command only as `/undo`."""
    host, g = host_at(capsys)
    d = g.pending
    assert completed(host, d, "/un") == ["/undo"] and completed(host, d, "un") == ["undo"]
    assert completed(host, d, "/") == ["/" + name for name in COMMANDS]
    text = (GAMES.parent / "tests" / "rules" / "hit_or_stand.rules").read_text().replace('hit "take another',
                                                                                         'undo "take another')
    g = Game(rulelang.load_text(text), 2, seed=3)
    host = Host(g, [0, 1], {}, Screen(False), 0.0)
    d = g.pending
    assert completed(host, d, "un") == ["undo"] and completed(host, d, "/un") == ["/undo"]
    assert [c for c in completed(host, d, "") if c.endswith("undo")] == ["undo", "/undo"]


def test_log_with_a_word_that_is_no_number_says_what_it_takes(capsys):
    host, g = host_at(capsys)
    d = g.pending
    assert host.take_line(d.player, d, "log abc") is AGAIN
    told = capsys.readouterr().out
    assert told.startswith("`log abc`: `log` takes how many events to show, as `log 50`; the last 15:\n")
    assert host.take_line(d.player, d, "log 3") is AGAIN and "`log" not in capsys.readouterr().out


def test_a_house_rule_typed_with_a_slash_is_checked_as_it_is_typed(capsys):
    """`/house RULE` is the command `house`: its rule is checked at each key, as `house RULE`'s is, at its place."""
    host, g = host_at(capsys)
    d = g.pending
    assert host.refusal("house when zzz(", d, False)[0] == host.refusal("/house when zzz(", d, False)[0] \
        == "1:10: the text ends too soon: expected `)` or a name"
    assert host.rule_start("/house when", d) == len("/house ")
    assert host.mended("/undp", d) == "/undo" and host.mended("/hlep me", d) == "/help me"


def test_a_house_rule_the_game_takes_no_more_of_is_refused_as_it_is_typed_with_or_without_a_slash(capsys):
    """`house limit 0`: `house RULE` and `/house RULE` are told so before Enter (the slash form was let through to
    the table's answer)."""
    text = (GAMES / "uno.rules").read_text() + "\nhouse limit 0\n"
    g = Game(rulelang.load(GAMES / "uno.rules", text=text), 2, seed=1)
    host = Host(g, [0, 1], {}, Screen(False), 0.0)
    d = g.pending
    told = "this game takes no house rules from the table (`house limit 0`)"
    assert host.refusal("house when played(card) { again }", d, False) == told
    assert host.refusal("/house when played(card) { again }", d, False) == told
