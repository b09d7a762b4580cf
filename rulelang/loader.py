"""Read a game file and the files it extends, and merge them: a later declaration replaces an earlier one of the same name."""
from __future__ import annotations

import functools
from pathlib import Path

import attrs

from . import ast
from .errors import RulesCheckError, RulesError, RulesErrors, closest, did_you_mean
from .paths import MAX_TEXT, bundled_games, games_dir

MAX_EXTENDS = 64  # files in a chain of `extends` (the bundled games' longest is 2)

# Declarations a file may have only one of; a variant's replaces its base's.
SINGLE = (ast.GameDecl, ast.PlayersDecl, ast.TeamsDecl, ast.NamesDecl, ast.ClaimsDecl, ast.HouseLimitDecl, ast.ExamplesDecl, ast.DeckDecl, ast.SetupDecl, ast.TurnDecl,
          ast.ScoreDecl, ast.MatchTo, ast.MatchHands)

NAMED = (ast.OptionDecl, ast.ConstDecl, ast.AttributeDecl, ast.RangeAttributeDecl, ast.ClassDecl, ast.ZoneDecl,
         ast.VarDecl, ast.CallDecl, ast.EventDecl, ast.FunctionDecl, ast.ProcedureDecl, ast.RuleDecl)


def decl_key(d):
    if isinstance(d, (ast.MatchTo, ast.MatchHands)):
        return ("match",)
    if isinstance(d, SINGLE):
        return (type(d).__name__,)
    if isinstance(d, (ast.AttributeDecl, ast.RangeAttributeDecl)):
        return ("attribute", d.name)
    if isinstance(d, (ast.FunctionDecl, ast.ProcedureDecl)):
        return ("define", d.name)
    return (type(d).__name__, d.name)


# How a message names each kind of declaration.
KEYWORDS = {
    ast.GameDecl: "game", ast.PlayersDecl: "players", ast.TeamsDecl: "teams", ast.NamesDecl: "name cards by", ast.ClaimsDecl: "claim cards by", ast.HouseLimitDecl: "house limit", ast.ExamplesDecl: "examples", ast.DeckDecl: "deck",
    ast.SetupDecl: "setup", ast.TurnDecl: "turn", ast.ScoreDecl: "score", ast.MatchTo: "match", ast.MatchHands: "match",
    ast.OptionDecl: "option", ast.ConstDecl: "const", ast.AttributeDecl: "attribute", ast.RangeAttributeDecl: "attribute",
    ast.ClassDecl: "class", ast.ZoneDecl: "zone", ast.VarDecl: "var", ast.CallDecl: "call", ast.EventDecl: "event",
    ast.FunctionDecl: "define", ast.ProcedureDecl: "define", ast.RuleDecl: "rule",
}


class Decls(list):
    """The merged declarations, and the errors found while merging them; the checker reports
    those with its own, so that a duplicate does not hide the other mistakes of a file."""

    def __init__(self, items=(), errors=()):
        super().__init__(items)
        self.errors = list(errors)


class Source:
    """The merged declarations of a game and the texts they came from (for error carets)."""

    def __init__(self):
        self.decls: Decls = Decls()
        self.texts: dict[str, str] = {}
        self.main_file = ""
        self.given: dict[str, str] | None = None  # texts to read instead of the disk (a saved game's rules)

    def attach(self, err: RulesError) -> RulesError:
        errs = err.errors if isinstance(err, RulesErrors) else [err]
        for e in errs:
            if e.loc and e.source is None:
                e.source = self.texts.get(e.loc.file)
        return err


def _suggest(path: str, base_dir: Path | None) -> str | None:
    """A hint naming the game file a mistyped name may have meant, compared without the `.rules`."""
    stems = []
    for folder in ([base_dir] if base_dir else []) + [games_dir()]:
        try:
            stems += [p.stem for p in folder.glob("*.rules")]
        except OSError:
            pass
    close = closest(Path(path).stem, stems)
    return f"did you mean `{close}.rules`?" if close else None


def _candidates(p: Path, base_dir: Path | None):
    """Where a game file named `p` may be, in order (the bundled games' folder looked up only if needed)."""
    if base_dir:
        yield base_dir / p
    yield p
    yield games_dir() / p
    yield games_dir() / (p.name + ".rules")


def resolve(path: str, base_dir: Path | None = None, texts: dict | None = None) -> Path:
    """Find a game file: as given, beside the file that names it, or among the bundled games.
    With `texts` (a saved game's files by path), only among those: the same places, then by file name."""
    p = Path(path)
    cands = _candidates(p, base_dir)
    if texts is not None:
        cands = list(cands)
        same = [c for c in cands if str(c) in texts]
        named = [Path(k) for k in texts if Path(k).name in (p.name, p.name + ".rules")]
        if same or len(named) == 1:
            return (same or named)[0]
        raise RulesError(f"no such game file among the saved rules: {path}")
    for cand in cands:
        try:
            if cand.is_file():
                return cand
        except (OSError, ValueError):  # a name too long for the system, or with a NUL in it, is no file here
            continue
    try:
        there = p.exists() and not p.is_file()  # a folder, a device, a pipe: there, but no file to read a game from
    except (OSError, ValueError):
        there = False
    if there:
        raise RulesError(f"{path} is not a game file: it is a {'folder' if p.is_dir() else 'device or pipe'}",
                         hint="name a .rules file")
    hint = _suggest(path, base_dir or Path("."))
    if base_dir is None:  # a name typed at the command line, not a file another extends: what there is to run
        hint = "\n    ".join(filter(None, [hint, *bundled_games()]))
    raise RulesError(f"no such game file: {path}", hint=hint)


def load(path: str | Path, text: str | None = None, texts: dict | None = None) -> Source:
    """Parse a file and, recursively, what it extends; return the merged declarations.
    `texts` ({path: text}, as `Source.texts` holds them) is read instead of the disk, for `path` and what it extends."""
    src = Source()
    src.given = texts
    p = Path(path)
    src.main_file = str(p)
    errors: list = []
    try:
        src.decls = Decls(_load(src, p, text, [], errors), errors)
    except RulesError as e:
        raise src.attach(e)
    return src


def read_file(path: Path) -> str:
    try:
        with path.open("rb") as f:
            data = f.read(MAX_TEXT + 1)
        if len(data) > MAX_TEXT:
            raise RulesError(f"{path}: more than {MAX_TEXT} bytes; rulelang reads at most that much in one file")
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[:e.start]
        line, column = before.count(b"\n") + 1, len(before) - (before.rfind(b"\n") + 1) + 1
        raise RulesError(f"{path}:{line}:{column}: not a text file in UTF-8 (byte {e.start} cannot be read)",
                         hint="save the file as UTF-8") from None
    except OSError as e:
        raise RulesError(f"cannot read {path}: {e.strerror or e}") from None


def _parse(text: str, name: str):
    from .parser import parse  # here: a program from the compiled-program cache imports no parser

    return parse(text, name)


# The syntax trees of the files other files extend, by name and whole text: a base extended by many variants loaded
# in one process (a fuzzer's texts, a sweep's files, saved games) is parsed once; a changed base is another key,
# parsed anew.  Trees are frozen nodes, so loads share them; a file that does not parse is not kept.
@functools.lru_cache(maxsize=8)
def _parse_base(text: str, name: str) -> tuple:
    return tuple(_parse(text, name))


def _load(src: Source, path: Path, text: str | None, chain: list, errors: list) -> list:
    name = str(path)
    if text is None:
        text = src.given[name] if src.given is not None else read_file(path)
    src.texts[name] = text
    decls = _parse_base(text, name) if chain else _parse(text, name)
    base: list = []
    own = []
    extended = None
    for d in decls:
        if isinstance(d, ast.ExtendsDecl):
            where = d.loc.part("path")
            try:
                target = resolve(d.path, path.parent, src.given)
                key = target.resolve()
            except (RulesError, OSError, ValueError):
                raise RulesCheckError(f"`extends` names `{d.path}`, which is not a file here or among the games", where,
                                      hint=_suggest(d.path, path.parent), source=text) from None
            if key in chain or key == path.resolve():
                cycle = " -> ".join(Path(c).name for c in chain + [path.resolve(), key])
                raise RulesCheckError(f"`extends` goes round in a circle: {cycle}", where, source=text,
                                      hint="a game can build on another only if that one does not build on it")
            if extended is not None:
                raise RulesCheckError(f"a game can extend only one other, and this one already extends `{extended}`",
                                      d.loc, source=text)
            if len(chain) >= MAX_EXTENDS:  # (each file read, parsed and merged within the one below it)
                raise RulesCheckError(f"`extends` goes more than {MAX_EXTENDS} files deep (a game built on a game "
                                      "built on ...)", where, source=text,
                                      hint="build on fewer files: a game can copy what it needs from another")
            extended = d.path
            if src.given is None:
                try:
                    base_text = read_file(target)
                except RulesError as e:
                    raise RulesCheckError(f"`extends` names `{d.path}`, which cannot be read: {e.message}", where,
                                          source=text) from None
            else:
                base_text = None
            base = _load(src, target, base_text, chain + [path.resolve()], errors)
        else:
            own.append(d)
    merged, problems = merge(base, own, text)
    errors += problems
    return merged


def merge(base: list, own: list, text: str = "") -> tuple[list, list]:
    """A file's own declarations over those of the game it extends; and the errors found doing so."""
    out = list(base)
    index = {decl_key(d): i for i, d in enumerate(out)}
    errors = []
    seen: dict = {}
    overrides, removed_verbs = [], []
    for d in own:
        if isinstance(d, ast.OptionOverrideDecl):
            overrides.append(d)
            continue
        k = decl_key(d) if not isinstance(d, ast.RemoveDecl) else None
        if k is not None and k in seen:
            first = seen[k].loc
            word = KEYWORDS.get(type(d), type(d).__name__)
            what = f"{word} `{k[1]}`" if len(k) == 2 else f"`{word}`"
            where = d.loc.part("name") if len(k) == 2 else d.loc.head(len(word.split()[0]))
            errors.append(RulesCheckError(f"{what} is declared twice in this file (first at line {first.line})",
                                          where, source=text,
                                          hint="a file may replace what the game it extends declares, but not its own declarations"))
            continue
        if k is not None:
            seen[k] = d
        if isinstance(d, ast.RemoveDecl):
            hits = [k for k in index if len(k) == 2 and k[1] == d.name] if not d.option else []
            if d.option or not hits and d.name in _verbs(base):  # an option of the base's decisions
                verbs = _verbs(base)
                if d.name in verbs:
                    removed_verbs.append(d.name)
                else:
                    errors.append(RulesCheckError(f"`remove option {d.name}`: no decision of the game this file extends "
                                                  f"offers an option `{d.name}`", d.loc.part("name"), source=text,
                                                  hint=did_you_mean(d.name, verbs)))
                continue
            if not hits:
                known = [k[1] for k in index if len(k) == 2]
                errors.append(RulesCheckError(f"`remove {d.name}`: nothing named `{d.name}` to remove", d.loc.part("name"),
                                              hint=did_you_mean(d.name, known), source=text))
            for k in hits:
                out[index.pop(k)] = None
            continue
        k = decl_key(d)
        if k in index:
            out[index[k]] = d
        else:
            index[k] = len(out)
            out.append(d)
    out = [d for d in out if d is not None]
    if overrides or removed_verbs:
        out = _change_options(out, overrides, removed_verbs, bool(base), text, errors)
    return out, errors


_WITH_BODIES = (ast.ProcedureDecl, ast.RuleDecl, ast.SetupDecl, ast.TurnDecl, ast.ScoreDecl)


def _verbs(decls) -> set:
    """The verbs of every option the declarations' decisions offer."""
    return {n.verb for d in decls if isinstance(d, _WITH_BODIES) for n in ast.walk(d.body) if isinstance(n, ast.Option)}


def _rewrite(node, change):
    """The node, with the options of every `choose` and `ask` in it passed through `change(options)`."""
    if isinstance(node, tuple):
        return tuple(_rewrite(x, change) for x in node)
    if not attrs.has(type(node)):
        return node
    new = {f.name: _rewrite(getattr(node, f.name), change) for f in attrs.fields(type(node)) if f.name != "loc"}
    if isinstance(node, (ast.ChooseStmt, ast.AskStmt)):
        new["options"] = change(new["options"])
    return attrs.evolve(node, **new)


def _change_options(decls: list, overrides: list, removed: list, has_base: bool, text: str, errors: list) -> list:
    """A variant's `option VERB ...` declarations and `remove VERB`s applied to the options of the decisions of
    the game it extends: an option of a verb the base offers replaces it wherever it is offered; one of a new verb
    joins the first `choose` of the `turn`."""
    if not has_base:
        for o in overrides:
            errors.append(RulesCheckError(
                f"`option {o.option.verb} {{ ... }}` at the top of a file changes an option of the game it extends, "
                "and this file extends none", o.loc.head(len("option")), source=text,
                hint=f"write the option inside a `choose` or `ask`; or, for a setting, `option {o.option.verb} = VALUE`"))
        return decls
    by_verb = {o.option.verb: o.option for o in overrides}
    known = _verbs(decls)

    def change(options):
        return tuple(by_verb.get(o.verb, o) for o in options if o.verb not in removed)
    out = [attrs.evolve(d, body=_rewrite(d.body, change)) if isinstance(d, _WITH_BODIES) else d for d in decls]
    new = [o.option for o in overrides if o.option.verb not in known]
    if new:
        turn = next((i for i, d in enumerate(out) if isinstance(d, ast.TurnDecl)), None)
        first = next((n for n in ast.walk(out[turn].body) if isinstance(n, ast.ChooseStmt)), None) if turn is not None else None
        if first is None:
            o = next(o for o in overrides if o.option.verb == new[0].verb)
            errors.append(RulesCheckError(f"option `{new[0].verb}` is new, and the `turn` of the game this file extends "
                                          "has no `choose` to add it to", o.loc.head(len("option")), source=text))
            return out
        out[turn] = attrs.evolve(out[turn], body=_rewrite_first(out[turn].body, first, tuple(new)))
    return out


def _rewrite_first(node, target, extra: tuple):
    """The node with `extra` options added to the one decision `target` (found by identity)."""
    if isinstance(node, tuple):
        return tuple(_rewrite_first(x, target, extra) for x in node)
    if not attrs.has(type(node)):
        return node
    if node is target:
        return attrs.evolve(node, options=node.options + extra)
    new = {f.name: _rewrite_first(getattr(node, f.name), target, extra) for f in attrs.fields(type(node)) if f.name != "loc"}
    return attrs.evolve(node, **new)
