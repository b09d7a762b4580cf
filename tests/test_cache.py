"""The compiled-program cache (rulelang/cache.py): a game file loaded again, unchanged, is neither parsed nor its
generated code compiled again, and plays the same; a changed file (or a file it extends) is loaded anew; a damaged
entry is ignored and made anew."""
from __future__ import annotations

import shutil

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import RandomBot
from rulelang import cache, parser

from helpers import GAMES


@pytest.fixture
def games(tmp_path, monkeypatch):
    """UNO Express and the classic UNO it extends, copied into a folder of their own; the cache in another."""
    monkeypatch.setenv("RULELANG_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("uno.rules", "express.rules"):
        shutil.copy(GAMES / name, folder / name)
    return folder


def moves_of(program, seed: int = 3, moves: int = 60) -> list:
    g = Game(program, 3, seed=seed, record=False)
    bots = [RandomBot(seed * 1009 + i) for i in range(3)]
    made = []
    while not g.over and len(made) < moves:
        d = g.pending
        move = bots[d.player].choose(program, None, d)
        made.append((d.player, move.text))
        g.apply(d.player, move, checked=False)
    return made


def no_parsing(monkeypatch):
    def refuse(*a, **k):
        raise AssertionError("parsed although the cache holds the program")
    monkeypatch.setattr(parser, "parse", refuse)


def test_an_unchanged_file_is_loaded_from_the_cache_and_plays_the_same(games, monkeypatch):
    first = rulelang.load(games / "express.rules")
    entries = list((games.parent / "cache").glob("*.program"))
    assert len(entries) == 1
    no_parsing(monkeypatch)
    compiled = []
    real = compile
    monkeypatch.setattr("builtins.compile", lambda *a, **k: compiled.append(a[1]) or real(*a, **k))
    again = rulelang.load(games / "express.rules")
    assert not [f for f in compiled if str(f).startswith("<rules")]  # the generated code came from the cache
    assert again.files == first.files and again.name == first.name
    assert moves_of(again) == moves_of(first)


def test_a_file_loaded_by_another_name_keeps_that_name(games, monkeypatch):
    """The names a program's files were given (in its messages and `files`) are those of this load, not of an
    earlier load of the same file by another name (simulate's workers look the texts up by the absolute name)."""
    monkeypatch.chdir(games.parent)
    near = rulelang.load("games/express.rules")
    far = rulelang.load(games / "express.rules")
    assert sorted(near.files) == ["games/express.rules", "games/uno.rules"]
    assert sorted(far.files) == [str(games / "express.rules"), str(games / "uno.rules")]
    assert rulelang.load("games/express.rules").files == near.files


def test_a_changed_base_file_is_loaded_anew(games):
    rulelang.load(games / "express.rules")
    base = games / "uno.rules"
    base.write_text(base.read_text().replace('call uno "UNO!"', 'call uno "ONE!"'))
    assert rulelang.load(games / "express.rules").calls == {"uno": "ONE!"}
    assert rulelang.load(games / "uno.rules").calls == {"uno": "ONE!"}


def test_a_damaged_or_stale_entry_is_ignored_and_made_anew(games, monkeypatch):
    rulelang.load(games / "uno.rules")
    entry = next((games.parent / "cache").glob("*.program"))
    good = entry.read_bytes()
    for damaged in (b"", b"not a pickle", good[: len(good) // 2]):
        entry.write_bytes(damaged)
        assert cache.read(games / "uno.rules") is None
        assert rulelang.load(games / "uno.rules").name == "UNO"
        assert cache.read(games / "uno.rules") is not None  # written again, whole
    # made by another version of the language: stale
    monkeypatch.setattr(cache, "_language_key", lambda: "another version")
    assert cache.read(games / "uno.rules") is None


def test_off_writes_nothing(games, monkeypatch):
    monkeypatch.setenv("RULELANG_CACHE", "off")
    rulelang.load(games / "uno.rules")
    assert not (games.parent / "cache").exists()


def test_a_settled_file_is_known_by_its_size_and_times_and_a_change_is_still_seen(games, monkeypatch):
    """A file last changed well before its entry was made is taken as unchanged by its size, times and inode, without
    reading it (a load from the cache imports no hashlib); a change of the same size changes its times and is seen."""
    monkeypatch.setattr(cache, "RACY_NS", 0)  # the copies were just made: take them as settled
    rulelang.load(games / "express.rules")
    real = cache._digest
    monkeypatch.setattr(cache, "_digest", lambda text: pytest.fail("a settled file was read and digested"))
    assert cache.read(games / "express.rules") is not None
    monkeypatch.setattr(cache, "_digest", real)
    base = games / "uno.rules"
    base.write_text(base.read_text().replace('call uno "UNO!"', 'call uno "ONE!"'))
    assert cache.read(games / "express.rules") is None
    assert rulelang.load(games / "express.rules").calls == {"uno": "ONE!"}


def test_the_tree_read_back_from_the_cache_is_the_parsed_tree_and_stays_frozen(games):
    """Syntax-tree nodes are made by rulelang.ast.node, not attrs (#22): they still pickle, compare, refuse changes
    and answer attrs.fields / attrs.evolve as attrs classes do."""
    import attrs

    from rulelang import ast
    from rulelang.loader import load as parse_file, resolve

    path = resolve(str(games / "express.rules"))
    parsed = parse_file(path)
    cache.write(path, parsed, {})
    kept, _codes = cache.read(path)
    assert list(kept.decls) == list(parsed.decls) and len(parsed.decls) > 20
    game = next(d for d in kept.decls if isinstance(d, ast.GameDecl))
    assert game.loc is not None and game.loc.line >= 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        game.name = "another"
    renamed = attrs.evolve(game, name="another")
    assert renamed.name == "another" and renamed.loc == game.loc and renamed != game
    assert attrs.evolve(game, loc=None) == game and hash(attrs.evolve(game, loc=None)) == hash(game)  # loc is not compared
    assert [f.name for f in attrs.fields(ast.GameDecl)] == ["name", "loc"] and attrs.has(ast.GameDecl)
    assert repr(renamed) == "GameDecl(name='another')"


def test_a_base_extended_by_many_variants_is_parsed_once_and_a_changed_base_anew(games, monkeypatch):
    """Variants given as texts (a fuzzer's, a saved game's) are not in the cache on disk; the file they extend is
    parsed once in the process (rulelang.loader keeps the trees of bases by name and text), and a base whose text
    changed, even keeping its size, is parsed again: never served from the kept tree."""
    parsed = []
    real = parser.parse
    monkeypatch.setattr(parser, "parse", lambda text, name="<rules>", *a: parsed.append(name) or real(text, name, *a))
    base = games / "uno.rules"
    variant = games / "variant.rules"

    def load(n):
        return rulelang.load(variant, text=f'extends "uno.rules"\nrule r{n}: when played(card) {{ say "{n}" }}\n')

    assert [load(n).calls for n in range(3)] == [{"uno": "UNO!"}] * 3
    assert parsed.count(str(base)) == 1 and parsed.count(str(variant)) == 3
    text = base.read_text()
    base.write_text(text.replace('call uno "UNO!"', 'call uno "ONE!"'))  # the same size
    assert base.stat().st_size == len(text.encode())
    assert load(3).calls == {"uno": "ONE!"} and parsed.count(str(base)) == 2
    base.write_text(text)  # back to the text of the tree still kept
    assert load(4).calls == {"uno": "UNO!"} and parsed.count(str(base)) == 2
