"""Generated code you can see and errors you can place: `rulelang check --emit-python`, and a rule failing at run
time reported at its `.rules` line with a caret, in a rule, a procedure and a rule typed in play."""
from __future__ import annotations

import linecache
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import RandomBot
from rulelang.errors import RuntimeRulesError

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "games").glob("*.rules")) + sorted((ROOT / "examples").glob("*.rules"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_emit_python_prints_the_generated_code_with_its_rules_places(path, capsys):
    """`rulelang check --emit-python FILE` (its `main`, in this process: one process per file only cost time; the
    command's own process is tested for the first file)."""
    if path == FILES[0]:
        out = subprocess.run([sys.executable, "-m", "rulelang.cli", "check", "--emit-python", str(path)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        status, stdout, stderr = out.returncode, out.stdout, out.stderr
    else:
        from rulelang import cli

        status = cli.main(["check", "--emit-python", str(path)])
        stdout, stderr = capsys.readouterr()
    assert status == 0, stderr
    assert "\ndef B" in stdout and "(st, fr):\n    # block 0 of `" in stdout
    places = [line.strip() for line in stdout.splitlines() if line.strip().startswith("# ") and ".rules:" in line]
    assert places, "no statement names its .rules place"
    compile(stdout, "<emitted>", "exec")  # the listing is Python


UNO = (ROOT / "games" / "uno.rules").as_posix()


def _play_until_failure(text: str, house: str | None = None):
    program = rulelang.load_text(text, "boom.rules")
    game = Game(program, players=3, seed=2)
    if house:
        game.house(0, house)
    bot = RandomBot(1)
    for _ in range(5000):
        d = game.pending
        if d is None:
            break
        game.apply(d.player, bot.choose(program, None, d))
    return game


def test_a_rule_failing_at_run_time_is_shown_at_its_line_with_a_caret():
    text = f'extends "{UNO}"\nvar z = 0\n\nrule boom: when played(card) if card.kind == skip {{\n  set z = 5 / (z - z)\n}}\n'
    with pytest.raises(RuntimeRulesError) as e:
        _play_until_failure(text)
    assert e.value.render().splitlines() == [
        "boom.rules:5:3: a rule failed in `boom`: division by zero",
        "      set z = 5 / (z - z)",
        "      ^~~~~~~~~~~~~~~~~~~",
    ]


def test_a_procedure_failing_at_run_time_is_shown_at_its_line():
    text = (f'extends "{UNO}"\nvar z = 0\n\ndefine explode() {{\n  say "now"\n  set z = 1 + none\n}}\n\n'
            'rule boom: when played(card) if card.kind == skip {\n  explode()\n}\n')
    with pytest.raises(RuntimeRulesError) as e:
        _play_until_failure(text)
    assert str(e.value.loc) == "boom.rules:6:3"
    assert e.value.render().splitlines()[1:] == ["      set z = 1 + none", "      ^~~~~~~~~~~~~~~~"]
    # `play`, `boom` and `explode` cannot suspend here (a skip was played): they ran as plain Python calls, with no
    # frame on the machine's stack, and are named all the same, innermost last
    assert e.value.message == "a rule failed in `explode`: a value is `none` where a number or card is needed"
    assert e.value.frames == ["game", "turn", "play", "boom", "explode"]


def test_a_failure_in_the_first_block_of_the_turn_names_the_turn():
    """`op_main` runs the first block of the turn it starts itself: a failure there is the turn's, not `game`'s."""
    text = ('game "T"\nplayers 2..2\nattribute number 1..3\ndeck stock { for n in 1..3 { card {number: n} } }\n'
            'zone stock hidden\nvar z = 0\nsetup { shuffle stock }\n'
            'turn {\n  set z = 5 / (z - z)\n  choose current "go" { a "a" { } }\n}\n')
    with pytest.raises(RuntimeRulesError) as e:
        Game(rulelang.load_text(text, "boom.rules"), players=2, seed=1)
    assert e.value.render().splitlines()[0] == "boom.rules:9:3: a rule failed in `turn`: division by zero"
    assert e.value.frames == ["game", "turn"]


def test_a_rule_typed_in_play_that_fails_is_dropped_with_its_place_in_its_text():
    text = f'extends "{UNO}"\nvar z = 0\n'
    game = _play_until_failure(text, house="when played(card) if card.kind == skip { set z = 5 / (z - z) }")
    dropped = [e for e in game.events if e.type == "house_rule_dropped"]
    assert dropped and dropped[0].at == "line 1, column 42"
    assert game.narrate(dropped[0], None) == ("the house rule `table_rule_1` failed at line 1, column 42 of its text "
                                             "(a rule failed in `table_rule_1`: division by zero) and is dropped\n"
                                             "    when played(card) if card.kind == skip { set z = 5 / (z - z) }\n"
                                             "                                             ^")


def test_generated_lines_are_in_linecache_so_a_python_traceback_shows_them():
    text = f'extends "{UNO}"\nvar z = 0\n\nrule boom: when played(card) if card.kind == skip {{\n  set z = 5 / (z - z)\n}}\n'
    rulelang.load_text(text, "boom.rules")  # compiling puts the generated lines into linecache
    filenames = [name for name in linecache.cache if name.startswith("<rules ")]
    assert filenames and any("st.vars['z'] = (5 // " in "".join(linecache.getlines(n)) for n in filenames)
    try:
        exec(compile("1/0", filenames[0], "exec"))
    except ZeroDivisionError:
        assert filenames[0] in traceback.format_exc()


@pytest.mark.parametrize("rule,line", [
    # a rule's condition, tested by the event's generated dispatcher (interpreter/program.py)
    ("rule boom: when played(card) if card.kind == skip and 1 / (z - z) > 0 {\n  shuffle draw\n}\n",
     ["boom.rules:4:33: a rule failed in `play`: division by zero",
      "    rule boom: when played(card) if card.kind == skip and 1 / (z - z) > 0 {",
      "                                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"]),
    # an instruction of its own (`fire`), whose generated lines follow its mark like a statement's
    ("event bang(n)\nrule b2: when bang(n) { shuffle draw }\n"
     "rule boom: when played(card) if card.kind == skip {\n  fire bang(1 / (z - z))\n}\n",
     ["boom.rules:7:3: a rule failed in `boom`: division by zero",
      "      fire bang(1 / (z - z))",
      "      ^~~~~~~~~~~~~~~~~~~~~~"]),
], ids=["condition", "instruction"])
def test_a_rules_condition_or_instruction_failing_at_run_time_is_shown_at_its_place(rule, line):
    with pytest.raises(RuntimeRulesError) as e:
        _play_until_failure(f'extends "{UNO}"\nvar z = 0\n\n' + rule)
    assert e.value.render().splitlines() == line


@pytest.mark.parametrize("option,col", [("take 1..2 cs from stock where all(odd(x) for x in cs) { }", 35),
                                        ("play c in stock where odd(c) { }", 27)], ids=["set", "card"])
def test_a_function_failing_inside_an_options_where_is_shown_at_the_where_not_at_its_choose(option, col):
    """A `define` is inlined into the `where` that calls it: a failure in it is the `where`'s, its place the call
    (a set of cards tested in a function of its own; a card tested in the choose's own lines)."""
    text = ('game "T"\nplayers 2..2\nattribute number 1..3\ndeck stock { for n in 1..3 { card {number: n} } }\n'
            'zone stock public\ndefine odd(c) = 1 / (c.number - c.number) == 1\nsetup { shuffle stock }\n'
            f'turn {{\n  choose current {{\n    {option}\n  }}\n}}\n')
    with pytest.raises(RuntimeRulesError) as e:
        Game(rulelang.load_text(text, "boom.rules"), players=2, seed=1)
    where = option[option.index("where") + 6:option.index(" {")]
    assert e.value.render().splitlines() == [f"boom.rules:10:{col}: a rule failed in `turn`: division by zero",
                                             f"        {option}", " " * (col + 3) + "^" + "~" * (len(where) - 1)]


def test_a_procedure_run_as_a_call_makes_its_frame_at_a_fire_whose_rule_asks_and_goes_on_after_it_once():
    """`poke` runs as a plain call from `poke_it`'s frame (it may suspend only at its own `fire`): the rule `poked`
    fires asks a colour, so its frame is made there, and what follows the `fire` runs once, after the answer."""
    text = (f'extends "{UNO}"\nvar pre = 0\nvar fired = 0\nvar post = 0\nevent poked(card)\n'
            'define count_pre() {\n  set pre = pre + 1\n}\n'
            'define poke(card) {\n  count_pre()\n  fire poked(card)\n  set post = post + 1\n}\n'
            'rule ask_colour: when poked(card) {\n  set fired = fired + 1\n  choose_colour()\n}\n'
            'rule poke_it: when played(card) if card.kind == skip {\n  poke(card)\n}\n')
    program = rulelang.load_text(text, "poke.rules")
    game = Game(program, players=3, seed=2, record=False)
    bot, asked = RandomBot(1), 0
    while game.pending is not None and game.state.turns < 400 and game.state.vars["post"] < 2:
        v = game.state.vars
        asked += v["fired"] > v["post"]
        assert v["post"] <= v["fired"] == v["pre"] <= v["post"] + 1
        d = game.pending
        game.apply(d.player, bot.choose(program, None, d), checked=False)
    assert asked and game.state.vars["post"] == game.state.vars["pre"] == 2


@pytest.mark.parametrize("cond", [
    "all(((_v1 > 1) or (_v1 == 0)) for _v1 in xs)", "(not all(((_v1 > 1) or (_v1 == 0)) for _v1 in xs))",
    "any(((_v1 > 1) and (_v1 < 3)) for _v1 in xs)", "(not any(_v1 for _v1 in xs))", "all(_v1 for _v1 in xs)"])
def test_an_if_over_any_or_all_written_as_a_loop_decides_as_the_call_does(cond):
    """`if all(c.colour == k or c is rainbow for c in laid)` runs as a loop that stops where `all` would; the item
    tested inside the call loses its parentheses there, so `not` before it must bring them back."""
    import itertools

    from rulelang.compiler.statements import if_loop

    lines = if_loop(cond, itertools.count())
    assert lines is not None
    fn = "\n".join(["def f(xs):", *("    " + line for line in lines), "        return True", "    return False"])
    ns: dict = {}
    exec(fn, ns)
    for xs in ([], [0], [1], [2], [3], [0, 2], [1, 0], [2, 2], [5, 0, 1]):
        assert ns["f"](xs) == bool(eval(cond, {"xs": xs})), (cond, xs)
