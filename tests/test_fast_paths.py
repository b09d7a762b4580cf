"""The compiler's fast paths change no game: a `where` worked out once per deck card for the values it reads
(`codegen.card_table`), option lists kept by those values, and what a simulation skips (the narrator's texts).
Each game file is played with them and without them, and must give the same games."""
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import RandomBot
from rulelang.compiler import emitted
from rulelang.errors import RuntimeRulesError

GAMES = sorted((Path(__file__).resolve().parent.parent / "games").glob("*.rules"))
RULES = Path(__file__).parent / "rules"


def _played(program, seed: int, record: bool, moves: int = 400, players: int = 4, events: bool = False):
    g = Game(program, players, seed=seed, record=record)
    bots = [RandomBot(seed * 1009 + i) for i in range(players)]
    n = 0
    while not g.over and n < moves:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(program, None, d), checked=False)
        n += 1
    st = g.state
    return st.turns, [list(z) for z in st.zones], dict(st.stats), list(st.winners), dict(st.vars), \
        (list(g.events) if events else None)


def _kept(program) -> int:
    """How many results the generated code keeps (tables of the deck, option lists)."""
    spaces = {id(f.__globals__): f.__globals__ for f in program.turn.code if hasattr(f, "__globals__")}
    return sum(len(v) for ns in spaces.values() for k, v in ns.items() if k.startswith("MEMO") and isinstance(v, dict))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_game_plays_the_same_with_and_without_the_fast_paths(path, monkeypatch):
    fast = rulelang.load(path)
    with monkeypatch.context() as mp:
        mp.setattr(emitted, "free_values", lambda cond: None)  # every `where` tested card by card, nothing kept
        plain = rulelang.load(path)
    for seed in range(12):
        assert _played(fast, seed, record=False) == _played(plain, seed, record=False)
    assert _kept(fast) and not _kept(plain)  # the fast paths were taken, and only with them
    # and a simulation plays as a recorded game does (the narrator's texts are skipped only when not recording)
    for seed in range(3):
        assert _played(fast, seed, record=False) == _played(fast, seed, record=True)


def test_a_where_that_fails_for_a_card_no_hand_holds_still_offers_the_others():
    """The table of the deck fails (the joker has no number): the hand's cards are tested as written."""
    program = rulelang.load(RULES / "where_fails_for_some_cards.rules")
    g = Game(program, 2, seed=0, stack=["Plain 1", "Plain 2", "Plain 3", "Plain 4", "Plain 5", "Plain 6"])
    assert [o.text for o in g.legal()] == ["play Plain3", "play Plain5", "pass"]
    with pytest.raises(RuntimeRulesError, match="none"):  # the joker in hand: the rule fails, as written
        Game(program, 2, seed=0, stack=["Joker", "Plain 2", "Plain 3", "Plain 4", "Plain 5", "Plain 6"])


@pytest.mark.parametrize("record", [True, False])
def test_revealing_what_a_claim_named_is_refused_recorded_or_not(record):
    """A claim card lies in no zone: `reveal` refuses it in a recorded game and in a simulation alike (a
    simulation skips only the narrator's work, never a check)."""
    program = rulelang.load(RULES / "reveal_a_claim.rules")
    g = Game(program, 2, seed=0, record=record)
    with pytest.raises(RuntimeRulesError, match="what a claim said, not a card"):
        g.apply(0, g.legal()[0], checked=record)


def test_cards_of_one_name_that_a_where_tells_apart_are_each_offered_where_they_pass(monkeypatch):
    """Two options over one hand pick out its cards one of each name once; that is right only while the cards of
    a name all pass a `where` or all fail it.  Here the name leaves out the number the `where` reads: each
    option must offer the first card of the name that passes it, as the card-by-card test does."""
    fast = rulelang.load(RULES / "twins_that_differ.rules")
    with monkeypatch.context() as mp:
        mp.setattr(emitted, "free_values", lambda cond: None)
        plain = rulelang.load(RULES / "twins_that_differ.rules")
    both = 0
    for seed in range(40):
        offered = [[(o.verb, o.arg) for o in Game(p, 2, seed=seed).legal()] for p in (fast, plain)]
        assert offered[0] == offered[1]
        both += {v for v, _ in offered[0]} == {"high", "low"}
    assert both  # some hands held cards of the name on both sides of 3


EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.rules"))


def _blocks(program) -> int:
    procs = [program.setup, program.turn, *program.procs.values(), *(r.proc for rs in program.rules.values() for r in rs)]
    return sum(len(p.code) for p in procs)


@pytest.mark.parametrize("path", GAMES + EXAMPLES, ids=lambda p: p.stem)
def test_a_game_plays_the_same_with_its_statements_as_python_or_as_instructions(path, monkeypatch):
    """The compiler's two ways to run a statement agree: Python lines in a block's function (`native_X`, and a
    statement without one as its operation called from those lines) or an instruction of its own between basic
    blocks (`compile_X`, what `choose`, `call`, `fire`... always are).  Here every statement that can be an
    instruction is one, `if`s, loops and those holding them as jumps between blocks, and the games are the same."""
    from rulelang.compiler import statements

    native = rulelang.load(path, path.read_text(encoding="utf-8"))  # the text given: the disk cache is not touched
    stops = statements._stops
    with monkeypatch.context() as mp:
        mp.setattr(statements, "NATIVE_DEPTH", 0)
        mp.setattr(statements, "_stops", lambda st: not hasattr(statements.Statements, "native_" + type(st).__name__)
                   or stops(st))
        split = rulelang.load(path, path.read_text(encoding="utf-8"))
    assert _blocks(split) > _blocks(native)  # the procedures and rules were cut into more blocks
    for seed in range(2):
        n = native.default_players
        same = _played(split, seed, True, 300, n, events=True) == _played(native, seed, True, 300, n, events=True)
        assert same, f"seed {seed} plays differently"  # (a bool: pytest's diff of two whole games takes minutes)


ROOT = Path(__file__).resolve().parent.parent
HOISTED_ANY = [ROOT / "games" / "liars.rules", ROOT / "examples" / "hearts.rules", ROOT / "examples" / "spades.rules",
               ROOT / "examples" / "more" / "oh_hell.rules", RULES / "love_letter.rules"]


@pytest.mark.parametrize("path", HOISTED_ANY, ids=lambda p: p.stem)
def test_an_any_a_where_reads_of_no_argument_is_worked_out_once_and_plays_the_same(path, monkeypatch):
    """`lay c in hand(p) where c.colour == k or not any(d.colour == k for d in hand(p))`: the `any` is the same for
    every card, so it is worked out once (before the cards, or where the first card needs it when its collection
    may fail), not once a card; the games are those of the card-by-card test."""
    from rulelang.compiler import expressions

    once = rulelang.load(path, path.read_text(encoding="utf-8"))
    with monkeypatch.context() as mp:
        mp.setattr(expressions, "HOIST_ANY", False)
        each = rulelang.load(path, path.read_text(encoding="utf-8"))
    for seed in range(6):
        n = once.default_players
        assert _played(once, seed, False, 400, n) == _played(each, seed, False, 400, n)
