"""What a careless or hostile user types at the command line, in a .rules file or at the prompt, found by a newcomer
(lane nw): each is refused in one line with its place, within a bounded time and memory, never a traceback."""
from __future__ import annotations

import pytest

from helpers import TINY
from rulelang import cli


@pytest.mark.parametrize("args, error", [
    (["sweep", "express", "--players", "2..100000000000"], "--players: `2..100000000000` is not a count from 1 to 100"),
    (["sweep", "express", "--players", "5..2"], "--players: `5..2` is an empty range: a range counts up (`2..5`)"),
    (["sweep", "express", "--players", "0"], "--players: `0` is not a count from 1 to 100"),
    (["simulate", "express", "--players", "50"], "UNO Express is for 2 to 10 players, not 50"),
    (["simulate", "express", "--option", "nope"], "unknown option `nope`; this game's options: alternate_scoring"),
    (["simulate", "express", "--option", "alternate_scoring=maybe"],
     "option `alternate_scoring` is true or false, not `maybe`"),
])
def test_a_sweep_or_simulate_the_game_refuses_is_one_line_before_any_game(args, error, capsys):
    # (a range of ten thousand million player counts was made as a list: MemoryError; a bad option or player count
    # in simulate played no game and printed a whole empty report with "Seeds 1..1 failed")
    assert cli.main([*args, "--games", "2"]) == 1
    out, err = capsys.readouterr()
    assert err.strip() == error and "Wins" not in out


def test_a_players_name_with_a_control_character_is_refused(capsys):
    # an escape sequence in a name was written to every terminal that showed it (`--names`, a save edited by hand)
    assert cli.main(["run", "express", "--humans", "0", "--players", "2", "--names", "A\x1b[2Jb,Bo"]) == 1
    assert capsys.readouterr().err.strip() == r"a player's name is printable text, not 'A\x1b[2Jb'"


@pytest.mark.parametrize("text, message", [
    ('say "\\x1b[2J"', r"<prompt>:1:31: `\x` is no escape rulelang knows"),
    ('say "\\u0007"', r"<prompt>:1:31: `\u` is no escape rulelang knows"),
    ('say "a\x1b[5mb"', "<prompt>:1:32: this string holds a control character (U+001B)"),
    ('say "a\rb"', "<prompt>:1:32: this string holds a control character (U+000D)"),
])
def test_a_control_character_in_a_rules_string_is_refused_at_its_place(text, message):
    # A rule typed at the prompt (or sent by a network client) is read by the same parser as a file.
    from rulelang.errors import RulesError
    from rulelang.parser import parse_rule
    with pytest.raises(RulesError) as caught:
        parse_rule(f"when turn_ends(player) {{ {text} }}")
    rendered = caught.value.render()
    assert message in rendered and "\x1b" not in rendered and "\r" not in rendered


def test_the_three_escapes_still_read():
    from rulelang.parser import parse_rule
    rule = parse_rule('when turn_ends(player) { say "a\\"b\\\\c\\nd\te" }')
    assert 'a"b\\c\nd\te' in repr(rule) or 'a"b\\\\c\\nd\\te' in repr(rule)




def test_a_file_that_begins_with_a_byte_order_mark_loads(tmp_path):
    # Notepad's UTF-8 begins every file with one: it was "unexpected character `\ufeff`" at 1:1
    import rulelang
    path = tmp_path / "bom.rules"
    path.write_bytes(b"\xef\xbb\xbf" + TINY.replace("\n", "\r\n").encode())
    assert rulelang.load(path).name == "Tiny"
    path.write_bytes(b"\xef\xbb\xbf" + TINY.replace("players 2..4", "players 2..4 x").encode())
    with pytest.raises(rulelang.RulesError) as caught:
        rulelang.load(path)
    assert ":2:14:" in caught.value.render()  # columns are counted as without the mark


def test_a_byte_that_is_not_utf8_is_placed(tmp_path, capsys):
    path = tmp_path / "latin1.rules"
    path.write_bytes(TINY.replace('"Tiny"', '"Caf\xe9"').encode("latin-1"))
    assert cli.main(["check", str(path)]) == 1
    assert f"{path}:1:10: not a text file in UTF-8 (byte 9 cannot be read)" in capsys.readouterr().err


def _load_error(text: str) -> str:
    import rulelang
    with pytest.raises(rulelang.RulesError) as caught:
        rulelang.load("hostile.rules", text=text)
    rendered = caught.value.render()
    assert "Traceback" not in rendered and "Python" not in rendered
    return rendered


def test_a_deck_whose_loops_go_round_for_ever_is_refused_quickly():
    # `rulelang check` hung: ten thousand million rounds of loops that make no card (and re-added the deck's counts
    # at every card: 10,000 cards cost 1.5 s)
    text = TINY.replace("deck d { for n in 1..5 { card {r: n} } }", "deck d { for n in 1..5 { card {r: n} } "
                        "for a in 1..100000 { for b in 1..100000 { } } }")
    assert "hostile.rules:4:61: the deck's loops would go round more than 1,000,000 times in all" in _load_error(text)


@pytest.mark.parametrize("depth, then", [(300, True), (300, False), (3000, True)])
def test_if_expressions_nested_past_the_limit_are_refused_with_their_place(depth, then):
    # 300 `if ... then` inside one another passed the depth check and reached Python's compiler: "SyntaxError: too
    # many nested parentheses", a traceback; 3000 was "cannot read this: maximum recursion depth exceeded"
    if then:
        x = "if true then " * depth + "1" + " else 2" * depth
    else:
        x = "".join(f"if false then {i} else " for i in range(depth)) + "1"
    text = TINY.replace("turn {", f"const x = {x}\nturn {{").replace("go {", "go where x == 1 {")
    assert "this expression nests more than 60 deep" in _load_error(text)


def test_if_expressions_within_the_limit_run():
    import rulelang
    from interpreter import Game
    x = "".join(f"if false then {i} else " for i in range(58)) + "1"
    program = rulelang.load("ok.rules", text=TINY.replace("turn {", f"const x = {x}\nturn {{").replace(
        "go {", "go where x == 1 {"))
    g = Game(program, 2, seed=1)
    g.apply(g.pending.player, "go")
    assert g.over


def test_an_index_from_zero_is_told_as_nth_from_one():
    # `others(declarer)[0]`: the hint said "write `nth(LIST, 0)`: the 0-th item, counting from 1", which gives none
    text = TINY.replace("win current", "win others(current)[0]")
    rendered = _load_error(text)
    assert "hint: write `nth(LIST, 1)`: `nth` counts from 1, so `[0]` of a list counted from 0 is `nth(LIST, 1)`" \
        in rendered


OPTIONS = TINY.replace('players 2..4', 'players 2..4\noption n = 1\noption label = "x"').replace(
    "win current", 'say "{label}: {n} for {current}" win current')


def test_an_option_is_shown_in_a_text_and_a_number_option_is_bounded(capsys):
    # `{n}` for an option was "names nothing known here" (only variables and constants were), though an option is
    # read by its name everywhere else; a number option took any size (10**26), past the game's numbers
    import rulelang
    from interpreter import Game
    program = rulelang.load("options.rules", text=OPTIONS)
    g = Game(program, 2, seed=1, options={"n": "7", "label": "Bid"})
    g.apply(g.pending.player, "go")
    assert any(getattr(e, "text", "") == "Bid: 7 for P1" for e in g.events)
    with pytest.raises(rulelang.RulesError) as caught:
        Game(program, 2, seed=1, options={"n": "99999999999999999999999999"})
    assert str(caught.value) == ("option `n` is a number from -999,999,999,999,999,999 to 999,999,999,999,999,999, "
                                 "not `99999999999999999999999999`")


def test_a_save_refused_quotes_its_moves_without_their_control_characters(tmp_path, capsys, monkeypatch):
    # a hand-edited save (its checksum worked out again: anyone can) whose move holds an escape sequence: the
    # refusal printed it raw to the terminal of whoever resumed the file
    import yaml
    from rulelang.save import checksum
    from test_save import express_save, main
    path = express_save(tmp_path)
    doc = yaml.safe_load(path.read_text())
    doc["moves"][0][1] = "play \x1b[2J"
    doc["checksum"] = checksum(doc)
    path.write_text(yaml.safe_dump(doc, allow_unicode=True))
    status, out, err = main(capsys, monkeypatch, "resume", path)
    assert status == 1 and "\x1b" not in out + err
    assert "move 1 (You: `play \\x1b[2J`) is refused on replay" in err


@pytest.mark.parametrize("lines, error", [
    (['{"type": "start"}', "[" * 100_000 + "]" * 100_000], ":2: not a JSON event"),  # RecursionError
    (['{"type": "start", "players": 5}'], ":1: `players` is not a list of names"),    # TypeError: len(5)
    (['{"type": "start", "players": ["A\\u001b[2J", "B"]}'], ":1: a text of this event holds a control character"),
    (['{"type": "start", "players": ["A", "B"]}', '{"type": "move", "cards": 7, "src": 3}'],
     ":2: `cards` of this `move` event is not a list: not an event this rulelang writes (damaged, or edited by "
     "hand)"),  # (pr10: at its line, before anything is told; it was ': an event cannot be told')
])
def test_a_damaged_log_is_refused_in_one_line(tmp_path, capsys, monkeypatch, lines, error):
    # `rulelang replay` of a --log edited by hand: tracebacks (RecursionError, TypeError), or a name's escape
    # sequence written to the terminal
    from test_save import main
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = main(capsys, monkeypatch, "replay", path)
    assert status == 1 and "Traceback" not in err and "\x1b" not in out + err
    assert err.strip().splitlines()[-1].startswith(f"{path}{error}")


def test_a_stack_file_name_with_an_escape_sequence_is_quoted_not_obeyed(tmp_path, capsys, monkeypatch):
    from test_save import main
    path = tmp_path / "stack.yaml"
    path.write_text('- "R\\e[2J"\n')
    status, out, err = main(capsys, monkeypatch, "run", "express", "--humans", "0", "--stack", path)
    assert status == 1 and "\x1b" not in out + err and "--stack names `R\\x1b[2J`, but no card" in err


def test_a_stack_file_is_checked_before_the_game_with_the_entry_at_fault(tmp_path, capsys, monkeypatch):
    """A name no card has, or one card named more often than the deck holds it, was told with the place of the
    game's shuffle (`games/uno.rules:73:3: --stack names ...`): it is told with the stack file and the entry's
    number, before anything is dealt, with the nearest card name."""
    from test_save import main
    for lines, error in ((["Red 7", "Nope"], "card 2 of the stack: --stack names `Nope`, but no card of this game is "
                                             "called that"),
                         (["R7", "Red 77"], "card 2 of the stack: --stack names `Red 77`, but no card of this game is "
                                            "called that (did you mean `Red 7`?)"),
                         (["R7", "B2", "r 7", "Red 7"], "card 4 of the stack: --stack names `Red 7`, but the deck holds "
                                                        "only 2 copies of it")):
        path = tmp_path / "stack.yaml"
        path.write_text("".join(f"- {x}\n" for x in lines))
        status, out, err = main(capsys, monkeypatch, "run", "uno", "--humans", "0", "--stack", path)
        assert (status, out, err.strip()) == (1, "", f"{path}, {error}")


def test_a_match_of_hands_won_in_their_first_turn_is_stopped_at_the_hand_limit():
    # Each hand won in the turn it began: the turn count stood still, so simulate said "Ada's turn never ends: more
    # than 10000 decisions were made in it" (and without that bound the match would have run 10**18 hands)
    from rulelang.simulate.one import play_one
    import rulelang
    text = TINY.replace("setup { shuffle d  deal 1 from d to h }", "setup { shuffle d  deal 1 from d to h }\n"
                        "match 999999999999999999 hands")
    program = rulelang.load("hands.rules", text=text)
    result = play_one(program, 1, 2, ["random"], {}, match=True)
    assert result["stalled"] == "no winner after 5000 hands"


def test_a_folder_or_a_device_named_as_the_game_is_said_to_be_one(tmp_path, capsys):
    # it said "no such game file: /tmp", though the folder is there
    assert cli.main(["check", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith(f"{tmp_path} is not a game file: it is a folder")
