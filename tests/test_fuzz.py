"""Grammar-based and mutation fuzzing: whatever text reaches rulelang, only rulelang's own errors come out.

Texts are generated from the rules of grammar/rulelang.lark (declarations, statements and expressions of
bounded depth, with names drawn from a pool that mixes the real names of uno.rules with misspelt ones),
or made by mangling the bundled games.  Each must load to a Program or raise a `RulesError` whose every
error names a place (file, line >= 1, column >= 1, a line the text has) and renders; anything else, or
taking longer than the time bound, is a failure.  The same holds for one rule typed at the prompt
(`parse_rule`, the `rule_input` start symbol), for a small game with such a rule added, and for a rule
added to a running game with the `house` command (`Game.house`), which is refused without changing the
game.  Generated, mangled and house-ruled games that do compile are played for a few bot moves: they run,
or stop with a `RulesError` (a `RuntimeRulesError` for a rule that fails in play).

The runs are reproducible: `derandomize=True` and no example database, so CI sees the same examples
every time; each test's budget keeps the whole file to about 20 seconds.  Every crash found is kept at
the end as an explicit regression test.
"""
from __future__ import annotations

import contextlib
import functools
import gc
import os
import re
import signal
import time
import traceback
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, reject, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import rulelang  # noqa: E402
from interpreter import Game  # noqa: E402
from interpreter.bots import RandomBot  # noqa: E402
from rulelang import ast  # noqa: E402
from rulelang.errors import MoveError, RulesError, RulesErrors  # noqa: E402
from rulelang.parser import parse_rule  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAMES = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "games").glob("*.rules"))}

# A long run is niced on a shared machine (bench/fuzz.sh): RULELANG_FUZZ_SLACK=5 gives each example five times
# the CPU time before it counts as a hang.
SLACK = float(os.environ.get("RULELANG_FUZZ_SLACK", "1"))
# Loads take 0.05-0.4 CPU s idle; a full run on a loaded machine saw two of them pass 2 s (the cause not found: the
# alarm counts every thread of the process): a hang passes any limit, so the limit leaves room.
LOAD_LIMIT_S = 4.0 * SLACK   # per example: reading, checking and compiling one text (or parsing one typed rule)
RUN_LIMIT_S = 10.0 * SLACK   # per example: starting one generated game and playing its bot moves
PLAY_WALL_S = 1.0       # the bot moves of one game stop after this long ...
PLAY_MOVES = 200        # ... or after this many

# RULELANG_FUZZ_EXAMPLES=5000 runs a long, freshly random search (to look for crashes, not for CI);
# RULELANG_FUZZ_STRICT=1 stops tolerating the known crashes listed in KNOWN_CRASHES.
LONG_RUN = int(os.environ.get("RULELANG_FUZZ_EXAMPLES", "0"))
STRICT = os.environ.get("RULELANG_FUZZ_STRICT") == "1"

pytestmark = [
    # rulelang.parser._s decodes `"\777"` with Python's unicode_escape, which warns before it fails.
    pytest.mark.filterwarnings("ignore:invalid octal escape sequence:DeprecationWarning"),
]

# The time bound is the alarm of `time_limit`, not Hypothesis' deadline: a deadline is measured only
# after an example returns (a hang never does), and varies with the machine.  The alarm counts this process's
# CPU time (ITIMER_PROF), not the wall clock: on a shared machine, niced, a load of 0.5 s took 10 s of wall time
# and was reported as a hang; an endless loop spends CPU time and is caught all the same.
FUZZ = settings(database=None, derandomize=not LONG_RUN, deadline=None, max_examples=LONG_RUN or 30,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


# ------------------------------------------------------------------ the property


class Hang(Exception):
    """Raised by the alarm when one example runs past its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Cut off a runaway example (an endless loop, a huge deck) with a Hang instead of hanging the suite."""
    if not hasattr(signal, "setitimer"):  # pragma: no cover - not on Windows
        yield
        return

    def on_alarm(signum, frame):
        # An exception raised inside Hypothesis' garbage-collector hook would be printed and dropped:
        # let the alarm ring again (every 0.1 s) until it lands in the code under test.
        if frame is not None and "hypothesis" in frame.f_code.co_filename:
            return
        raise Hang(f"no answer after {seconds} s of CPU time")

    old = signal.signal(signal.SIGPROF, on_alarm)
    gc.freeze()  # what earlier tests left on the heap is not walked by a collection counted against this example
    signal.setitimer(signal.ITIMER_PROF, seconds, 0.1)
    try:
        yield
    except Hang as e:
        signal.setitimer(signal.ITIMER_PROF, 0)
        # Raised afresh, with where the alarm struck kept as `frames`: some frames an alarm can strike in (inside a
        # comprehension) have no line number, and pytest's report of the traceback fails on them.
        frames = traceback.extract_tb(e.__traceback__)
        inner = [f for f in frames if "/rulelang/" in f.filename or "/interpreter/" in f.filename] or frames
        fresh = Hang(f"{e} (in {Path(inner[-1].filename).name}, {inner[-1].name})" if inner else str(e))
        fresh.frames = frames
        raise fresh from None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
        gc.unfreeze()


# Crashes found by this file and not yet fixed, each kept as a regression test below.  While one is open the
# fuzz tests set aside an example that fails in exactly that way (its exception type, and a function, or a
# piece of a source line, that the traceback passes through in that file), so that they go on looking for new
# ones.  Delete the entry when its bug is fixed.  (All found so far are fixed.)
KNOWN_CRASHES: dict = {}


def known_crash(e: BaseException) -> str | None:
    if STRICT:
        return None
    tb = getattr(e, "frames", None) or traceback.extract_tb(e.__traceback__)
    frames = [(Path(f.filename).name, f.name, f.line or "") for f in tb]
    for what, (types, file, marks) in KNOWN_CRASHES.items():
        if isinstance(e, types) and any(name == file and (fn in marks or any(m in line for m in marks))
                                        for name, fn, line in frames):
            return what
    return None


@contextlib.contextmanager
def setting_aside_known_crashes():
    try:
        yield
    except Exception as e:
        what = known_crash(e)
        if what is None:
            raise
        hypothesis.event(f"known crash set aside: {what}")
        reject()


def _lines(text: str) -> int:
    return max(1, len(text.splitlines()) + 1)  # a place just after the last line (the end of the text) is allowed


def assert_located(err: RulesError, texts: dict[str, str]) -> None:
    """Every error in `err` has a place with line and column >= 1 inside its text, and the whole renders."""
    errors = err.errors if isinstance(err, RulesErrors) else [err]
    assert errors, "a RulesErrors with no errors in it"
    for e in errors:
        assert isinstance(e, RulesError), f"not a RulesError inside RulesErrors: {e!r}"
        assert e.loc is not None, f"an error without a place: {e.message!r}"
        assert isinstance(e.loc.file, str) and e.loc.file, f"an error without a file: {e.loc!r} {e.message!r}"
        assert e.loc.line >= 1 and e.loc.column >= 1, f"an error at {e.loc} (line/column < 1): {e.message!r}"
        if e.loc.file in texts:
            assert e.loc.line <= _lines(texts[e.loc.file]), \
                f"an error at {e.loc}, past the end of a {len(texts[e.loc.file].splitlines())}-line text: {e.message!r}"
        rendered = e.render()
        assert isinstance(rendered, str) and rendered
    whole = err.render()
    assert isinstance(whole, str) and whole
    assert str(err) == whole


def load_or_rules_error(text: str, filename: str = "fuzz.rules", limit: float = LOAD_LIMIT_S):
    """`rulelang.load` of a text within the time limit: the Program, or None after checking the RulesError raised."""
    with time_limit(limit):
        try:
            return rulelang.load(filename, text=text)
        except RulesError as e:
            texts = {**GAMES, **{str(ROOT / "games" / name): t for name, t in GAMES.items()}, filename: text}
            assert_located(e, texts)
            return None


def parse_rule_or_rules_error(text: str):
    """`parse_rule` of a text typed at the prompt: a rule, function or procedure, or a located RulesError."""
    with time_limit(LOAD_LIMIT_S):
        try:
            node = parse_rule(text)
        except RulesError as e:
            assert_located(e, {"<prompt>": text})
            return None
    assert isinstance(node, (ast.RuleDecl, ast.FunctionDecl, ast.ProcedureDecl)), node
    return node


def play_a_little(program, seed: int = 0, limit: float = RUN_LIMIT_S) -> None:
    """A compiled game starts and runs some bot moves, or stops with a RulesError; never a raw Python exception."""
    with time_limit(limit):
        span = max(1, min(program.max_players, program.min_players + 3) - program.min_players + 1)
        try:
            g = Game(program, program.min_players + seed % span, seed=seed)
        except RulesError as e:  # RuntimeRulesError in the setup, or a player count the game cannot have
            assert e.render()
            return
        bot_moves(g, seed)


def bot_moves(g: Game, seed: int) -> None:
    """Random bots play on for PLAY_MOVES moves or PLAY_WALL_S seconds; a RulesError ends it."""
    bots = [RandomBot(seed * 7 + i) for i in range(len(g.names))]
    start = time.monotonic()
    for _ in range(PLAY_MOVES):
        if g.over or time.monotonic() - start > PLAY_WALL_S:
            return
        d = g.pending
        assert d is not None, "a game that is not over must be waiting for a decision"
        assert d.options, "a pending decision with no moves"
        move = bots[d.player].choose(g.state.program, g.view(d.player), d)
        try:
            g.apply(d.player, move)
        except RulesError as e:  # RuntimeRulesError among them: the move is taken back
            assert e.render()
            return
        g.view(None)


@functools.cache
def bundled(name: str):
    """A bundled game with the HELPERS that generated rules may use."""
    return rulelang.load(f"fuzz_{name}", text=f'extends "{name}"\n{HELPERS}')


# ------------------------------------------------------------------ names

REAL = ["draw", "discard", "hand", "colour", "kind", "number", "points", "red", "yellow", "green", "blue", "skip",
        "reverse", "draw_two", "wild", "wild_draw_four", "current", "next", "previous", "dealer", "players",
        "winners", "direction", "hand_number", "card", "c", "p", "n", "k", "player", "hand_size", "current_colour",
        "played", "uno", "playable", "play", "choose_colour", "wild_draw", "action", "top", "bottom", "size",
        "others", "after", "before", "called", "same", "score", "turn_begins", "turn_ends", "claims", "lies", "key",
        "house_rules", "most_rules"]
MISSPELT = ["drw", "discrad", "hnad", "Hand", "colur", "color", "kidn", "nubmer", "Red", "skp", "currnet", "nxt",
            "plyers", "topp", "szie", "card_", "x", "_", "__ANON_1", "played2", "wld", "draw_too", "scroe",
            "a" * 60, "é", "true_", "none_"]
KEYWORDISH = ["all", "sum", "count", "first", "min", "max", "any", "move", "to", "in", "is", "as", "if", "rule",
              "turn", "card", "cards", "per", "player", "when", "true", "none", "not", "and", "or", "face", "up"]

name = st.one_of(st.sampled_from(REAL), st.sampled_from(REAL), st.sampled_from(MISSPELT), st.sampled_from(KEYWORDISH))
zone_name = st.sampled_from(["draw", "discard", "hand", "drw", "hnad", "pile", "deck"])
attr_name = st.sampled_from(["colour", "kind", "number", "points", "colur", "face", "suit", "rank"])
event_name = st.sampled_from(["played", "turn_begins", "turn_ends", "plyed", "drawn", "custom"])
INTS = st.one_of(st.sampled_from(["0", "1", "2", "3", "4", "7", "9", "10", "50", "500"]),
                 st.sampled_from(["00", "01", "108", "1000", "999999999999999999999"]))
STRINGS = st.sampled_from([
    '""', '"x"', '"Red"', '"R"', '"♥"', '"ansired"', '"bold"', '"no such style"', '"{current}"', '"{card}"',
    '"{card.colour}"', '"{nope}"', '"{current.nope}"', '"{"', '"}"', '"{{}}"', '"uno.rules"', '"nope.rules"',
    '"fuzz.rules"', '"express.rules"', r'"a\"b"', r'"\\"', r'"\n"', r'"\u00e9"', r'"\x"', r'"\u12"', r'"\N{BULLET}"',
    r'"\777"', '"\u200b"', '"😀"', '"e\u0301"', '"\t"',
])


def params(max_size=3):
    return st.lists(name, max_size=max_size).map(", ".join)


# ------------------------------------------------------------------ expressions (bounded depth)

LEAF = st.one_of(INTS, STRINGS, st.sampled_from(["true", "false", "none"]), name)
AGGREGATES = st.sampled_from(["sum", "count", "any", "all", "first", "min", "max"])
COMPARE = st.sampled_from(["==", "!=", "<=", ">=", "<", ">"])
ARITH = st.sampled_from(["+", "-", "*", "/", "%"])


@st.composite
def expr(draw, depth: int = 3) -> str:
    if depth <= 0 or draw(st.integers(0, 3)) == 0:
        return draw(LEAF)
    sub = expr(depth - 1)
    form = draw(st.integers(0, 17))
    if form == 0:
        return f"{draw(sub)} or {draw(sub)}"
    if form == 1:
        return f"{draw(sub)} and {draw(sub)}"
    if form == 2:
        return f"not {draw(sub)}"
    if form == 3:
        return f"({draw(sub)}) {draw(COMPARE)} ({draw(sub)})"
    if form == 4:
        return f"{draw(sub)} in {draw(sub)}"
    if form == 5:
        return f"{draw(sub)} is {draw(name)}"
    if form == 6:
        return f"{draw(sub)} .. {draw(sub)}"
    if form == 7:
        return f"({draw(sub)}) {draw(ARITH)} ({draw(sub)})"
    if form == 8:
        return f"-{draw(sub)}"
    if form == 9:
        return f"{draw(sub)}.{draw(name)}"
    if form == 10:
        return f"{draw(name)}({', '.join(draw(st.lists(sub, max_size=3)))})"
    if form == 11:
        return f"[{', '.join(draw(st.lists(sub, max_size=3)))}]"
    if form == 12:
        cond = f" if {draw(sub)}" if draw(st.booleans()) else ""
        return f"[{draw(sub)} for {draw(name)} in {draw(sub)}{cond}]"
    if form == 13:
        return f"({draw(sub)})"
    if form == 14:
        return f"{draw(AGGREGATES)}({draw(sub)})"
    if form == 15:
        cond = f" if {draw(sub)}" if draw(st.booleans()) else ""
        return f"{draw(AGGREGATES)}({draw(sub)} for {draw(name)} in {draw(sub)}{cond})"
    if form == 16:
        return f"{draw(sub)}.{draw(attr_name)}"
    return f"{draw(st.sampled_from(['top', 'size', 'hand', 'bottom']))}({draw(sub)})"


# ------------------------------------------------------------------ statements and blocks


def block(depth: int = 2):
    return st.lists(stmt(depth), max_size=4).map(lambda ss: "{\n  " + "\n  ".join(ss) + "\n}")


@st.composite
def option(draw, depth: int) -> str:
    parts = [draw(name)]
    if draw(st.integers(0, 5)) == 0:  # `write r as rule`: the player types a rule as the move
        parts += [draw(name), "as", "rule"]
    elif draw(st.booleans()):
        parts += [draw(name), "in", draw(expr(2))]
    if draw(st.booleans()):
        parts += ["where", draw(expr(2))]
    if draw(st.booleans()):
        parts.append(draw(STRINGS))
    parts.append(draw(block(depth - 1)))
    return " ".join(parts)


@st.composite
def stmt(draw, depth: int = 2) -> str:
    e = expr(2)
    face = st.sampled_from(["", " face up", " face down"])
    simple = draw(st.integers(0, 16))
    if depth > 0:
        compound = draw(st.integers(0, 5))
        sub = block(depth - 1)
        if compound == 0:
            other = ""
            if draw(st.booleans()):
                other = " else " + draw(st.one_of(sub, st.builds(lambda c, b: f"if {c} {b}", e, sub)))
            return f"if {draw(e)} {draw(sub)}{other}"
        if compound == 1:
            return f"for {draw(name)} in {draw(e)} {draw(sub)}"
        if compound == 2:
            return f"while {draw(e)} {draw(sub)}"
        if compound == 3:
            prompt = f" {draw(STRINGS)}" if draw(st.booleans()) else ""
            opts = draw(st.lists(option(depth), min_size=1, max_size=3))
            return f"choose {draw(e)}{prompt} {{\n" + "\n".join(opts) + "\n}"
        if compound == 4:
            bind = f" as {draw(name)}" if draw(st.booleans()) else ""
            prompt = f" {draw(STRINGS)}" if draw(st.booleans()) else ""
            opts = draw(st.lists(option(depth), min_size=1, max_size=2))
            return f"ask {draw(e)}{bind}{prompt} {{\n" + "\n".join(opts) + "\n}"
    if simple == 0:
        return f"move {draw(e)} to {draw(e)}{draw(face)}"
    if simple == 1:
        bind = f" as {draw(name)}" if draw(st.booleans()) else ""
        return f"move {draw(e)} from {draw(e)} to {draw(e)}{draw(face)}{bind}"
    if simple == 2:
        count = "all" if draw(st.booleans()) else draw(e)
        return f"deal {count} from {draw(e)} to {draw(zone_name)}"
    if simple == 3:
        return f"shuffle {draw(e)}"
    if simple == 4:
        index = f"({draw(e)})" if draw(st.booleans()) else ""
        return f"set {draw(name)}{index} = {draw(e)}"
    if simple == 5:
        return f"let {draw(name)} = {draw(e)}"
    if simple == 6:
        return f"fire {draw(event_name)}({', '.join(draw(st.lists(e, max_size=2)))})"
    if simple == 7:
        return draw(st.sampled_from(["skip", "reverse", "again"]))
    if simple == 8:
        return f"win {draw(e)}"
    if simple == 9:
        return f"reveal {draw(e)} to {draw(e)}"
    if simple == 10:
        return f"say {draw(STRINGS)}"
    if simple == 11:
        return f"turn to {draw(e)}"
    if simple == 12:
        return f"claim {draw(e)} as {draw(e)}"
    if simple == 13:
        return f"tally {draw(name)}"
    if simple == 14:
        return f"add {draw(e)}" + (f" for {draw(e)}" if draw(st.booleans()) else "")
    if simple == 15:
        body = f" as {draw(name)} {draw(block(depth - 1))}" if depth > 0 and draw(st.booleans()) else ""
        return f"race {draw(STRINGS)}{body}"
    return f"{draw(name)}({', '.join(draw(st.lists(e, max_size=2)))})"


# ------------------------------------------------------------------ declarations


@st.composite
def card_item(draw, depth: int = 2) -> str:
    if depth > 0 and draw(st.integers(0, 2)) == 0:
        items = draw(st.lists(card_item(depth - 1), max_size=3))
        return f"for {draw(name)} in {draw(expr(2))} {{ " + " ".join(items) + " }"
    count = draw(st.sampled_from(["", "1 ", "2 ", "4 ", "0 "]))
    word = draw(st.sampled_from(["card", "cards"]))
    fields = draw(st.lists(st.tuples(attr_name, expr(1)).map(lambda f: f"{f[0]}: {f[1]}"), max_size=4))
    return f"{count}{word} {{" + ", ".join(fields) + "}"


@st.composite
def attr_value(draw) -> str:
    parts = [draw(st.one_of(name, st.sampled_from(["red", "blue", "number", "skip", "v1", "v2"])))]
    if draw(st.booleans()):
        parts.append(draw(STRINGS))
    for _ in range(draw(st.integers(0, 2))):
        parts += [draw(st.sampled_from(["short", "symbol", "style"])), draw(STRINGS)]
    return " ".join(parts)


@st.composite
def decl(draw, extends: bool = True) -> str:
    form = draw(st.integers(0, 24))
    if form == 0:
        return f"game {draw(STRINGS)}"
    if form == 1 and extends:
        return f"extends {draw(STRINGS)}"
    if form == 2:
        default = f" default {draw(INTS)}" if draw(st.booleans()) else ""
        return f"players {draw(INTS)}..{draw(INTS)}{default}"
    if form == 3:
        value = draw(st.one_of(INTS, STRINGS, st.sampled_from(["true", "false", "none"]), INTS.map("-{}".format), name))
        doc = f" {draw(STRINGS)}" if draw(st.booleans()) else ""
        return f"option {draw(name)} = {value}{doc}"
    if form == 4:
        return f"const {draw(name)} = {draw(expr())}"
    if form == 5:
        values = draw(st.lists(attr_value(), min_size=1, max_size=4))
        return f"attribute {draw(attr_name)} {{\n  " + "\n  ".join(values) + "\n}"
    if form == 6:
        return f"attribute {draw(attr_name)} {draw(INTS)}..{draw(INTS)}"
    if form == 7:
        return f"{draw(st.sampled_from(['name', 'claim']))} cards by " + " ".join(draw(st.lists(attr_name, min_size=1, max_size=3)))
    if form == 8:
        return f"class {draw(name)} = {draw(expr())}"
    if form == 9:
        items = draw(st.lists(card_item(), max_size=3))
        return f"deck {draw(zone_name)} {{\n  " + "\n  ".join(items) + "\n}"
    if form == 10:
        props = draw(st.lists(st.one_of(st.sampled_from(["per player", "public", "private", "hidden", "show top",
                                                         "show all"]),
                                        st.tuples(zone_name, INTS).map(lambda t: f"refill from {t[0]} keep {t[1]}")),
                              max_size=3))
        return f"zone {draw(zone_name)} " + " ".join(props)
    if form == 11:
        per = " per player" if draw(st.booleans()) else ""
        return f"var {draw(name)}{per} = {draw(expr(2))}"
    if form == 12:
        text = f" {draw(STRINGS)}" if draw(st.booleans()) else ""
        when = f" when {draw(expr(2))}" if draw(st.booleans()) else ""
        return f"call {draw(name)}{text}{when}"
    if form == 13:
        return f"event {draw(event_name)}({draw(params())})"
    if form == 14:
        return f"remove {draw(name)}"
    if form == 15:
        return draw(st.sampled_from(["match to", "match"])) + f" {draw(INTS)}" + \
            draw(st.sampled_from(["", "", " hands"]))
    if form == 18:
        return f"house limit {draw(INTS)}"
    if form == 19:
        rules = draw(st.lists(rule_input(anonymous=False, defines=False), max_size=2))
        return "examples {\n" + "\n".join(rules) + "\n}"
    if form in (16, 17):
        return f"{draw(st.sampled_from(['setup', 'turn', 'score']))} {draw(block(2))}"
    return draw(rule_input())


@st.composite
def rule_input(draw, anonymous: bool = True, defines: bool = True) -> str:
    """One of the forms a player may type at the prompt: a rule (named, or `when ...` alone), a function
    or a procedure."""
    form = draw(st.integers(0 if defines else 2, 4 if anonymous else 3))
    if form == 0:
        return f"define {draw(name)}({draw(params())}) = {draw(expr())}"
    if form == 1:
        return f"define {draw(name)}({draw(params())}) {draw(block(2))}"
    cond = f" if {draw(expr(2))}" if draw(st.booleans()) else ""
    head = "" if form == 4 else f"rule {draw(name)}: "
    return f"{head}when {draw(event_name)}({draw(params(2))}){cond} {draw(block(2))}"


def game_text(extends: bool = True):
    return st.lists(decl(extends), max_size=8).map("\n".join)


# ------------------------------------------------------------------ well-typed rules for uno (to run)

INT_E = ["1", "2", "0", "hand_size", "size(hand(current))", "size(hand(player))", "size(draw)", "size(discard)",
         "score(current)", "direction", "hand_number", "size(players)", "twice(hand_size)", "twice(1)"]
RANGE_TOP = st.sampled_from(["0", "3", "10", "0 - 5", "999999999999999999"])
PLAYER_E = ["current", "next", "previous", "dealer", "player", "after(current)", "before(next)", "first(players)",
            "who"]  # `var who = none` until a rule sets it
CARD_E = ["card", "top(discard)", "top(draw)", "bottom(discard)"]
# Declared beside the generated rules: a player variable that may be `none`, a function, one that never returns.
HELPERS = "var who = none\ndefine twice(n) = n * 2\ndefine loop(n) = loop(n) + 1"
ZONE_E = ["draw", "discard", "hand(current)", "hand(next)", "hand(player)", "hand(who)"]


def int_leaf():
    """A number: mostly plain, sometimes from a range, now and then from a function that never returns."""
    return st.one_of(st.sampled_from(INT_E + ["loop(1)"]), st.sampled_from(INT_E), st.sampled_from(INT_E),
                     RANGE_TOP.map("size(1..{})".format), RANGE_TOP.map("count(i for i in 0..{} if i % 2 == 0)".format))


@st.composite
def int_e(draw, depth=2):
    if depth <= 0 or draw(st.booleans()):
        return draw(int_leaf())
    op = draw(ARITH)
    return f"({draw(int_e(depth - 1))} {op} {draw(int_e(depth - 1))})"


@st.composite
def bool_e(draw, depth=2):
    form = draw(st.integers(0, 6 if depth > 0 else 3))
    if form == 0:
        return f"{draw(int_e())} {draw(COMPARE)} {draw(int_e())}"
    if form == 1:
        return f"{draw(st.sampled_from(CARD_E))}.kind == {draw(st.sampled_from(['skip', 'number', 'wild', 'reverse']))}"
    if form == 2:
        return f"{draw(st.sampled_from(CARD_E))} is {draw(st.sampled_from(['wild', 'action']))}"
    if form == 3:
        return draw(st.sampled_from(["true", "false", "called(current, uno)", "current == next",
                                     "current_colour == red", "top(discard) != none"]))
    if form == 4:
        return f"not ({draw(bool_e(depth - 1))})"
    if form == 5:
        return f"({draw(bool_e(depth - 1))}) {draw(st.sampled_from(['and', 'or']))} ({draw(bool_e(depth - 1))})"
    return f"any(c.number == {draw(int_e(0))} for c in {draw(st.sampled_from(ZONE_E))})"


@st.composite
def typed_stmt(draw, depth=2):
    form = draw(st.integers(0, 13 if depth > 0 else 10))
    if form == 0:
        return f"move {draw(int_e(1))} from {draw(st.sampled_from(ZONE_E))} to {draw(st.sampled_from(ZONE_E))}"
    if form == 1:
        return f"move {draw(st.sampled_from(CARD_E))} to {draw(st.sampled_from(ZONE_E))}"
    if form == 2:
        return draw(st.sampled_from(["skip", "reverse", "again", "shuffle draw", "shuffle discard"]))
    if form == 3:
        return f"set current_colour = {draw(st.sampled_from(['red', 'none', 'card.colour', 'top(discard).colour']))}"
    if form == 4:
        return f"set score({draw(st.sampled_from(PLAYER_E))}) = {draw(int_e())}"
    if form == 5:
        return f"win {draw(st.sampled_from(PLAYER_E))}"
    if form == 6:
        return f"say {draw(STRINGS)}"
    if form == 7:
        return f"turn to {draw(st.sampled_from(PLAYER_E))}"
    if form == 8:
        return f"reveal {draw(st.sampled_from(ZONE_E))} to {draw(st.sampled_from(PLAYER_E))}"
    if form == 9:
        return f"let t = {draw(int_e())}"
    if form == 10:
        return draw(st.sampled_from(["choose_colour()", "fire played(top(discard))", "fire played(card)",
                                     "deal 1 from draw to hand", "set who = current", "set who = none"]))
    inner = typed_block(depth - 1)
    if form == 11:
        other = f" else {draw(inner)}" if draw(st.booleans()) else ""
        return f"if {draw(bool_e())} {draw(inner)}{other}"
    if form == 12:
        over = draw(st.one_of(st.sampled_from(["players", "others(current)", "winners"]), RANGE_TOP.map("1..{}".format)))
        return f"for q in {over} {draw(inner)}"
    return f"while {draw(bool_e())} {draw(inner)}"


def typed_block(depth=2):
    return st.lists(typed_stmt(depth), min_size=1, max_size=4).map(lambda ss: "{\n  " + "\n  ".join(ss) + "\n}")


@st.composite
def uno_variant(draw) -> str:
    rules = []
    for i in range(draw(st.integers(1, 3))):
        event = draw(st.sampled_from(["played(card)", "turn_ends(player)", "turn_begins(player)"]))
        cond = f" if {draw(bool_e())}" if draw(st.booleans()) else ""
        rules.append(f"rule fuzz{i}: when {event}{cond} {draw(typed_block())}")
    extra = draw(st.sampled_from(["", "const hand_size = 1", "const hand_size = 0", "players 2..3 default 2",
                                  "match to 1", "match 1 hands"]))
    var = f"var v = {draw(int_e(1))}" if draw(st.booleans()) else ""
    return "\n".join(['extends "uno.rules"', HELPERS, extra, var] + rules)


@st.composite
def typed_house_rule(draw) -> str:
    """A rule as the table would type it with the `house` command, mostly well typed."""
    event = draw(st.sampled_from(["played(card)", "played(card)", "turn_ends(player)", "turn_begins(player)"]))
    cond = f" if {draw(bool_e())}" if draw(st.booleans()) else ""
    head = draw(st.sampled_from(["", "rule fuzz: ", "rule skip: "]))  # `skip` is a rule of the game too
    return f"{head}when {event}{cond} {draw(typed_block())}"


@st.composite
def uno_deck_variant(draw) -> str:
    """UNO with a deck of its own: enough cards for the deal, then generated card items."""
    typed = st.builds("card {{colour: {}, kind: number, number: {}, points: {}}}".format,
                      st.sampled_from(["red", "blue", "c", "none"]), int_e(1), int_e(1))
    items = draw(st.lists(st.one_of(card_item(), typed), min_size=1, max_size=3))
    return 'extends "uno.rules"\ndeck draw {\n  100 cards {kind: wild, points: 50}\n  ' + "\n  ".join(items) + "\n}"


# ------------------------------------------------------------------ mutations

_TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|[A-Za-z_][A-Za-z0-9_]*|\d+|\.\.|==|!=|<=|>=|\S')
JUNK = ["move", "to", "from", "{", "}", "(", ")", "[", "]", "=", "==", ":", ",", ".", "..", "if", "else", "in",
        "rule", "when", "define", "deck", "card", "cards", "for", "all", "sum(", "count(", "not", "and", "or",
        "is", "as", "face", "up", "per player", "extends", '"uno.rules"', "game", "-", "-1", "0", "999999999999999999",
        '"', '"x', "\\", "#", "@", "!", "'", ";", "$", "é", "→", "♥", "😀", "\u200b", "\ufeff", "\x00", "\t", "\r",
        "\r\n", "\n", "\u2028", "e\u0301", "ǅ", "ﬁ", "İ", "K", "𝔘", "card.", "..9", "{current}", "x" * 80]


@st.composite
def mutated(draw, text: str) -> str:
    for _ in range(draw(st.integers(1, 4))):
        spans = [m.span() for m in _TOKEN.finditer(text)] or [(0, 0)]
        lines = text.splitlines(keepends=True) or [""]
        op = draw(st.integers(0, 9))
        i = draw(st.integers(0, len(spans) - 1))
        a, b = spans[i]
        if op == 0:  # delete a token
            text = text[:a] + text[b:]
        elif op == 1:  # duplicate a token
            text = text[:b] + " " + text[a:b] + text[b:]
        elif op == 2:  # swap two tokens
            j = draw(st.integers(0, len(spans) - 1))
            (a, b), (c, d) = sorted([spans[i], spans[j]])
            if b <= c:
                text = text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
        elif op == 3:  # insert junk before a token
            text = text[:a] + draw(st.sampled_from(JUNK)) + draw(st.sampled_from([" ", ""])) + text[a:]
        elif op == 4:  # replace a token with junk
            text = text[:a] + draw(st.sampled_from(JUNK)) + text[b:]
        elif op == 5:  # delete a line
            k = draw(st.integers(0, len(lines) - 1))
            text = "".join(lines[:k] + lines[k + 1:])
        elif op == 6:  # duplicate a line
            k = draw(st.integers(0, len(lines) - 1))
            text = "".join(lines[:k + 1] + lines[k:])
        elif op == 7:  # swap two lines
            k, m = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[k], lines[m] = lines[m], lines[k]
            text = "".join(lines)
        elif op == 8:  # truncate
            text = text[:draw(st.integers(0, len(text)))]
        else:  # insert a random character anywhere
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.characters(codec="utf-8")) + text[at:]
    return text


def mutated_game():
    return st.sampled_from(sorted(GAMES)).flatmap(lambda n: st.tuples(st.just(n), mutated(GAMES[n])))


def _top_level_chunks(text: str) -> list[str]:
    """A game's declarations as texts: each starts at a line that begins in the first column."""
    chunks: list[list[str]] = []
    for line in text.splitlines():
        if line[:1].isalpha():
            chunks.append([line])
        elif chunks and not line.startswith("#"):
            chunks[-1].append(line)
    return ["\n".join(c).rstrip() for c in chunks]


UNO_RULES = [c for text in GAMES.values() for c in _top_level_chunks(text) if c.startswith(("rule ", "define "))]

SMALL_GAME = """\
game "Tiny"
players 2..4 default 2
attribute colour { red blue }
attribute number 1..3
name cards by colour number
deck draw {
  for c in colour { for n in 1..3 { 2 cards {colour: c, number: n} } }
}
zone draw hidden
zone discard public
zone hand private per player
event played(card)
setup {
  shuffle draw
  deal 3 from draw to hand
  move 1 from draw to discard
}
define playable(card) = card.colour == top(discard).colour or card.number == top(discard).number
turn {
  choose current {
    play c in hand(current) where playable(c) "play a card" { move c to discard  fire played(c) }
    draw "draw a card" { move 1 from draw to hand(current) }
  }
}
rule out: when turn_ends(player) if size(hand(player)) == 0 { win player }
"""


# ------------------------------------------------------------------ the tests


def test_the_fuzzers_bases_are_sound():
    """The small game compiles and plays, the rule pool is not empty, every rule in it parses at the prompt."""
    program = rulelang.load("tiny.rules", text=SMALL_GAME)
    play_a_little(program)
    assert len(UNO_RULES) >= 15
    for text in UNO_RULES:
        if text.startswith("define "):  # a function: a game file's only; at the prompt refused, at its `define`
            with pytest.raises(rulelang.RulesSyntaxError, match="unexpected `define`: expected `rule` or `when`"):
                parse_rule(text)
        else:
            assert parse_rule(text) is not None, text


@pytest.mark.slow
@settings(FUZZ, max_examples=LONG_RUN or 20)
@given(game_text())
def test_generated_files_load_or_raise_located_errors(text):
    with setting_aside_known_crashes():
        load_or_rules_error(text)


@pytest.mark.slow
@FUZZ
@given(st.one_of(game_text(extends=False), uno_deck_variant().map(lambda t: t[len('extends "uno.rules"\n'):])))
def test_generated_variants_of_uno_load_or_raise_located_errors(text):
    """After `extends "uno.rules"` the checker sees real zones, attributes and events, and gets further."""
    with setting_aside_known_crashes():
        load_or_rules_error('extends "uno.rules"\n' + text)


@settings(FUZZ, max_examples=LONG_RUN or 40)
@given(mutated_game())
def test_mutated_games_load_or_raise_located_errors(case):
    filename, text = case
    with setting_aside_known_crashes():
        load_or_rules_error(text, filename)


@settings(FUZZ, max_examples=LONG_RUN or 30)
@given(rule_input())
def test_generated_rules_at_the_prompt_parse_or_raise_located_errors(text):
    parse_rule_or_rules_error(text)


@settings(FUZZ, max_examples=LONG_RUN or 200)
@given(st.sampled_from(UNO_RULES).flatmap(mutated))
def test_mutated_rules_at_the_prompt_parse_or_raise_located_errors(text):
    parse_rule_or_rules_error(text)


@settings(FUZZ, max_examples=LONG_RUN or 25)
@given(st.one_of(rule_input(), st.sampled_from(UNO_RULES).flatmap(mutated)))
def test_a_small_game_with_a_typed_rule_loads_or_raises_located_errors(rule):
    """A rule typed at the prompt, added to a small game and to UNO: the game loads, or a located error."""
    if parse_rule_or_rules_error(rule) is None:
        return
    with setting_aside_known_crashes():
        load_or_rules_error(SMALL_GAME + "\n" + rule)
        load_or_rules_error('extends "uno.rules"\n' + rule)


@pytest.mark.slow
@settings(FUZZ, max_examples=LONG_RUN or 25)
@given(st.sampled_from(["express.rules", "house.rules", "uno.rules"]),
       st.one_of(rule_input(), typed_house_rule(), typed_house_rule(), st.sampled_from(UNO_RULES).flatmap(mutated)),
       st.integers(0, 3))
def test_a_house_rule_typed_in_play_is_added_or_refused_with_its_place(game, rule, seed):
    """The `house` command (Game.house): a rule typed during a game is added and the game plays on, or it
    is refused with a located RulesError and nothing changes."""
    g = Game(bundled(game), 3, seed=seed)
    before = (g.record(), len(g.events), dict(g.house_rules))
    with setting_aside_known_crashes(), time_limit(RUN_LIMIT_S):
        try:
            g.house(seed % 3, rule)
        except MoveError as e:
            pytest.fail(f"a fresh game refused a house rule as a move, not as a rule: {e.render()}")
        except RulesError as e:
            assert_located(e, {"<rule>": rule, "<prompt>": rule})
            assert (g.record(), len(g.events), dict(g.house_rules)) == before, "a refused rule changed the game"
            return
        hypothesis.event("house rule added")
        bot_moves(g, seed)


RUNNABLE = st.one_of(
    st.tuples(st.just("fuzz.rules"), uno_variant()),
    st.tuples(st.just("fuzz.rules"), uno_variant()),
    st.tuples(st.just("fuzz.rules"), uno_deck_variant()),
    st.tuples(st.just("fuzz.rules"), rule_input().map(lambda r: SMALL_GAME + "\n" + r)),
    st.tuples(st.just("fuzz.rules"), game_text(extends=False).map('extends "uno.rules"\n'.__add__)),
    mutated_game(),
)


@pytest.mark.slow
@FUZZ
@given(RUNNABLE, st.integers(0, 3))
def test_generated_games_that_compile_run_or_raise_rules_errors(case, seed):
    """Bot moves of a generated or mangled game that compiles: they run, or stop with a RulesError (the
    machine turns a TypeError or ZeroDivisionError inside a rule into a RuntimeRulesError), never a raw one."""
    filename, text = case
    with setting_aside_known_crashes():
        program = load_or_rules_error(text, filename)
        if program is not None:
            hypothesis.event("compiled and played")
            play_a_little(program, seed)


def test_the_typed_generator_compiles_often_enough_to_test_the_machine():
    """The run test above is not empty: a good share of the generated UNO variants compile."""
    compiled = []

    @settings(database=None, derandomize=True, max_examples=15, deadline=None)
    @given(uno_variant())
    def count(text):
        with setting_aside_known_crashes():
            compiled.append(load_or_rules_error(text) is not None)

    count()
    assert sum(compiled) >= len(compiled) // 5, f"only {sum(compiled)} of {len(compiled)} generated variants compile"


@pytest.mark.parametrize("rule", [
    "rule r: when played(card) { let z = 1 / (size(hand(current)) - size(hand(current))) }",
    "rule r: when played(card) { let z = 1 % 0 }",
    "rule r: when played(card) { set score(current) = score(current) + top(draw).number }",
    "rule r: when played(card) { while true { skip } }",
    "define loop(n) { loop(n) }\nrule r: when played(card) { loop(1) }",
    "rule r: when turn_ends(player) { move 200 from draw to hand(player) }",
    "rule r: when played(card) { fire played(card) }",
    "const hand_size = 1 / 0",
    "const hand_size = none",
    "var who = none\nsetup { deal 7 from draw to hand  move 1 from hand(who) to discard }",
])
def test_impossible_rules_at_run_time_are_runtime_rules_errors(rule):
    """Division by zero, arithmetic on `none`, endless loops and recursion inside rules are RulesErrors."""
    program = load_or_rules_error('extends "uno.rules"\n' + rule)
    assert program is not None, "the checker lets these through: the machine must catch them"
    for seed in range(2):
        play_a_little(program, seed)


@pytest.mark.parametrize("text", [
    "const x = " + "(" * 3000 + "1" + ")" * 3000,
    "const x = " + "not " * 3000 + "true",
    "const x = " + "-" * 3000 + "1",
    "const x = " + " + ".join(["1"] * 3000),
    "const x = " + "[" * 2000 + "]" * 2000,
    "setup " + "{ if true " * 1500 + "}" * 1500 + "}",
    "const x = 1" + ".a" * 3000,
])
def test_deep_nesting_is_a_rules_error_not_a_recursion_error(text):
    load_or_rules_error(text)
    load_or_rules_error('extends "uno.rules"\n' + text)


# ------------------------------------------------------------------ crashes found by fuzzing
# Inputs that broke the property when this file was written.  Those fixed since are plain regression tests;
# those still open are `xfail(strict=True)`: when one is fixed its test passes, pytest reports XPASS as a
# failure, and the marker and its KNOWN_CRASHES entry are to be removed.

FILLER = "deck draw {\n  100 cards {kind: wild, points: 50}\n  %s\n}"  # enough cards to pass the deal check
BIG_DECK = "for c in colour { for n in 0..9 { 62 cards {colour: c, kind: number, number: n, points: n} } }"  # 2480


@pytest.mark.parametrize("text", [
    'game "g"\nconst a = a',
    'extends "uno.rules"\nconst hand_size = hand_size',
    'extends "uno.rules"\nconst a = b\nconst b = a',
    'extends "uno.rules"\noption o = a\nconst a = o',
    'extends "uno.rules"\noption draw = draw',
    'extends "uno.rules"\nconst a = [x for x in a]',
    "const discard = (discard) == (0).hand.drw",  # as the fuzzer found it
])
def test_fixed_crash_a_constant_defined_through_itself(text):
    """Was a RecursionError in checker.type_Name, which typed a constant by typing its value."""
    assert load_or_rules_error(text) is None


@pytest.mark.parametrize("items", [
    "card {number: 1 / 0}",
    "card {points: none + 1}",
    "card {number: size(draw)}",
    "card {number: top(draw).number}",
    "card {number: direction}",
    "for x in players { card {} }",
    "for p in others(current) { card {} }",
    "card {colour: blue, kind: number, number: size(draw), points: 2}",  # as the fuzzer found it
    "999999999999999999 cards {kind: wild, points: 50}",  # was built card by card until memory ran out
])
def test_fixed_crash_a_deck_evaluated_at_compile_time(items):
    """Were AttributeError, TypeError, ZeroDivisionError and KeyError from Compiler.card_items, which ran
    card fields and `for` lists with no game (st=None), and a MemoryError after ~45 s for 10**20 copies."""
    assert load_or_rules_error('extends "uno.rules"\n' + FILLER % items) is None


@pytest.mark.parametrize("text", [
    "var v = 1 / 0",
    "var v = 0 / size(discard)",  # as the fuzzer found it
    "var v per player = 1 % 0",
    "setup { move top(draw) to hand(none) }",
    "var who = none\nsetup { move top(draw) to hand(who) }",
    "var who = none\nsetup { deal hand_size from draw to hand  move 2 from draw to hand(who) }",
])
def test_fixed_crash_at_the_start_of_a_game(text):
    """Were a raw ZeroDivisionError from machine.start_hand (a `var` initial value is worked out outside
    machine.run), and a TypeError from State.snapshot after `move ... to hand(none)` had put a card id beside
    the hands (State.zone(zi, None) of a per-player zone is the list of all hands)."""
    program = load_or_rules_error('extends "uno.rules"\n' + text)
    assert program is not None
    play_a_little(program)


@pytest.mark.parametrize("text", [
    "setup { move 999999999999999999 from draw to discard }",
    FILLER % BIG_DECK.replace("62", "10") + "\nsetup { while true { reveal draw to first(players) } }",
])
def test_fixed_crash_one_step_of_endless_work(text):
    """Were hangs: machine.move_top looped `count` times refilling the draw pile, and a `reveal` of the
    whole pile counted as one step of the 200000 a move may take."""
    program = load_or_rules_error('extends "uno.rules"\n' + text)
    assert program is not None
    play_a_little(program, limit=8.0)  # the endless reveal stops at the move's step bound: ~1.7 CPU s idle, more on
                                       # a loaded machine (2.0 was exceeded with the suite beside other work)


@pytest.mark.parametrize("text", [
    "rule r: when played(card) { let x = size(1..999999999999999999) }",
    "rule r: when played(card) if size(1..999999999999999999) > 0 { skip }",
    "setup { for i in 1..999999999999999999 { skip } }",
    "setup { let x = count(i for i in 0..999999999999999999) }",
    "var v = size(1..999999999999999999)",
    FILLER % "card {points: size(1..999999999999999999)}",
])
def test_fixed_crash_a_range_of_10_to_the_20_numbers(text):
    program = load_or_rules_error('extends "uno.rules"\n' + text)
    if program is None:  # refused when compiled (a deck is built before play): a located RulesError
        return
    for seed in range(3):
        play_a_little(program, seed)


@pytest.mark.parametrize("text", [
    "define f(n) = f(n) + 1\nrule r: when played(card) { let x = f(1) }",
    "define f(n) = f(n)\nrule r: when played(card) if f(1) { skip }",
    "define f(n) = f(n) + 1\nsetup { let x = f(1) }",
    "define f(n) = f(n) + 1\nvar v = f(1)",
])
def test_fixed_crash_a_function_that_calls_itself_for_ever(text):
    program = load_or_rules_error('extends "uno.rules"\n' + text)
    assert program is not None
    for seed in range(3):
        play_a_little(program, seed)


@pytest.mark.parametrize("loop", ["while true { shuffle draw }", "while true { let n = sum(c.points for c in draw) }"])
def test_fixed_crash_an_endless_loop_of_expensive_steps_is_not_stopped_in_time(loop):
    # The load (UNO extended by a deck of 2,580 cards) takes about 0.3 CPU s idle. One full run in three on a loaded
    # machine saw it end in a located RulesError (what the alarm's Hang becomes when it lands in generated code; the
    # alarm counts the CPU of every thread of the process); not seen alone in 45 loads. 8 s, as the endless-reveal case.
    program = load_or_rules_error('extends "uno.rules"\n' + FILLER % BIG_DECK + "\nsetup { " + loop + " }",
                                  limit=2 * LOAD_LIMIT_S)
    assert program is not None
    play_a_little(program, limit=1.0)


@pytest.mark.parametrize("text", [
    "define f(n) = sum(i for i in 0..99998)\nsetup { let x = sum(f(i) for i in 0..99998) }",
    "define f(n) = size([j for j in 0..99998])\nrule r: when played(card) if count(f(i) for i in 0..99998) > 0 { skip }",
])
def test_fixed_crash_one_expression_of_endless_work(text):
    program = load_or_rules_error('extends "uno.rules"\n' + text)
    assert program is not None
    play_a_little(program, limit=0.5)


# ------------------------------------------------------------------ depth, size, cost and saves (#15)
# Texts at and past the limits of docs/language.md ("Limits"), rules typed in play that cost too much, and
# saves with bits flipped or YAML tricks: each is refused in rulelang's words or runs within its bounds.

OPENERS = ["if true {", "if false { } else {", "for x in [1] {", "while false {", "if 1 < 2 { } else if true {"]
OPERATORS = [("not ", ""), ("-(", ")"), ("1 + (", ")"), ("2 * (", ")"), ("size([", "])"), ("max([", ", 3])"),
             ("(", " == 1)"), ("count(", " for q in [1])")]


@st.composite
def deep_rule(draw) -> str:
    """A rule nesting blocks (up to 110 deep) and an expression (up to 70 deep) of mixed kinds."""
    blocks = draw(st.lists(st.sampled_from(OPENERS), min_size=0, max_size=110))
    ops = draw(st.lists(st.sampled_from(OPERATORS), min_size=0, max_size=70))
    e = "1"
    for pre, post in ops:
        e = pre + e + post
    closing = "".join("}" for _ in blocks)
    return "rule deep: when played(card) {\n" + "\n".join(blocks) + f"\nlet v = {e}\n" + closing + "\n}"


@st.composite
def sized_game(draw) -> str:
    """Express with a size stated past (or near) a limit: players, an attribute's range, a number, a name."""
    base = GAMES["express.rules"]
    kind = draw(st.sampled_from(["players", "range", "number", "name", "file"]))
    big = draw(st.sampled_from([10 ** k for k in (1, 2, 4, 5, 9, 11, 18, 19, 30)]))
    if kind == "players":
        return base + f"\nplayers 2..{big}\n"
    if kind == "range":
        return base + f"\nattribute points 0..{big}\n"
    if kind == "number":
        return base + f"\nconst far = {big}\n"
    if kind == "name":
        return base.replace('game "', 'game "' + "n" * min(big, 300_000), 1)
    return base + "\n# " + "x" * min(big, 1_100_000)


@st.composite
def costly_rule(draw) -> str:
    """A rule typed in play that grows a number, says texts or loops: the move is made and the rule dropped."""
    body = draw(st.sampled_from([
        "let x = 2  while true {{ set x = x * x }}",
        "let x = 3  while true {{ set x = x + x }}",
        "let x = 1  while true {{ set x = x - x - 7 * x }}",
        'let xs = [n for n in 1..{n}]  while true {{ say "{{xs}} {{xs}}" }}',
        'for n in 1..{n} {{ say "{{current}} {{card}} {{n}}" }}',
        "let xs = [n for n in 1..{n}]  let t = sum(xs) * sum(xs) * sum(xs)",
    ]))
    return "rule costly: when played(card) { " + body.format(n=draw(st.sampled_from([10, 5000, 99_999]))) + " }"


@settings(FUZZ, max_examples=LONG_RUN or 20)
@given(deep_rule())
def test_rules_nested_near_the_limits_compile_and_run_or_are_refused_with_their_place(rule):
    g = Game(bundled("express"), 2, seed=0)
    try:
        g.house(1, rule)
    except RulesError as e:
        assert_located(e, {"<rule>": rule})
        return
    with time_limit(RUN_LIMIT_S):
        bot_moves(g, 0)


@settings(FUZZ, max_examples=LONG_RUN or 15)
@given(sized_game())
def test_sizes_past_the_limits_are_refused_quickly_with_their_place(text):
    program = load_or_rules_error(text, limit=5.0)
    if program is not None:
        play_a_little(program)


@settings(FUZZ, max_examples=LONG_RUN or 10)
@given(costly_rule())
def test_a_rule_that_costs_too_much_is_dropped_and_the_game_goes_on(rule):
    g = Game(bundled("express"), 2, seed=1)
    g.house(1, rule)
    with time_limit(RUN_LIMIT_S):
        bot_moves(g, 1)
    assert sum(len(str(getattr(e, "text", ""))) for e in g.events) < 5_000_000


@functools.cache
def _a_save() -> str:
    from rulelang.save import Saver, setup_from_program

    import tempfile

    setup = setup_from_program(rulelang.load("express"), ["You", "Ada"], [0], 7, {}, None, False, "random")
    game, _ = setup.build([])
    for _ in range(6):
        d = game.pending
        game.apply(d.player, d.options[0])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.yaml"
        Saver(path, setup).save(game)
        return path.read_text(encoding="utf-8")


YAML_TRICKS = ["&a [x]\n", "*a\n", "!!python/object/apply:os.system ['true']\n", "[" * 500 + "]" * 500 + "\n",
               "9" * 5000 + "\n", "{a: &b [1, 2], c: *b}\n", "? [a]\n: b\n", "\t", "\x00", "---\n---\n"]


@st.composite
def damaged_save(draw) -> bytes:
    data = bytearray(_a_save().encode("utf-8"))
    for _ in range(draw(st.integers(0, 4))):  # bit flips
        i = draw(st.integers(0, len(data) - 1))
        data[i] ^= 1 << draw(st.integers(0, 7))
    if draw(st.booleans()):  # a YAML trick put in at a line's start
        lines = bytes(data).split(b"\n")
        at = draw(st.integers(0, len(lines)))
        lines.insert(at, draw(st.sampled_from(YAML_TRICKS)).encode("utf-8"))
        data = bytearray(b"\n".join(lines))
    return bytes(data)


@settings(FUZZ, max_examples=LONG_RUN or 30)
@given(damaged_save())
def test_a_damaged_save_is_refused_in_words_and_the_listing_skips_it(data):
    import tempfile

    from rulelang.save import SaveError, load_document, peek

    with tempfile.TemporaryDirectory() as folder, time_limit(RUN_LIMIT_S):
        path = Path(folder) / "g.yaml"
        path.write_bytes(data)
        peek(path, [])
        try:
            load_document(path)
        except SaveError as e:
            assert str(e).startswith(str(path))
