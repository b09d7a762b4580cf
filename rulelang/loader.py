"""Read a game file and the files it extends, and merge them: a later declaration replaces an earlier one of the same name."""
from __future__ import annotations

from pathlib import Path

from . import ast
from .errors import Loc, RulesCheckError, RulesError, RulesErrors
from .parser import games_dir, parse

# Declarations a file may have only one of; a variant's replaces its base's.
SINGLE = (ast.GameDecl, ast.PlayersDecl, ast.NamesDecl, ast.DeckDecl, ast.SetupDecl, ast.TurnDecl,
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


class Source:
    """The merged declarations of a game and the texts they came from (for error carets)."""

    def __init__(self):
        self.decls: list = []
        self.texts: dict[str, str] = {}
        self.main_file = ""

    def attach(self, err: RulesError) -> RulesError:
        errs = err.errors if isinstance(err, RulesErrors) else [err]
        for e in errs:
            if e.loc and e.source is None:
                e.source = self.texts.get(e.loc.file)
        return err


def resolve(path: str, base_dir: Path | None = None) -> Path:
    """Find a game file: as given, beside the file that names it, or among the bundled games."""
    p = Path(path)
    for cand in ([base_dir / p] if base_dir else []) + [p, games_dir() / p, games_dir() / (p.name + ".rules")]:
        if cand.is_file():
            return cand
    raise RulesError(f"no such game file: {path}")


def load(path: str | Path, text: str | None = None) -> Source:
    """Parse a file and, recursively, what it extends; return the merged declarations."""
    src = Source()
    p = Path(path)
    src.main_file = str(p)
    try:
        src.decls = _load(src, p, text, [])
    except RulesError as e:
        raise src.attach(e)
    return src


def _load(src: Source, path: Path, text: str | None, chain: list) -> list:
    name = str(path)
    if text is None:
        text = path.read_text(encoding="utf-8")
    src.texts[name] = text
    decls = parse(text, name)
    base: list = []
    own = []
    for d in decls:
        if isinstance(d, ast.ExtendsDecl):
            try:
                target = resolve(d.path, path.parent)
            except RulesError:
                raise RulesCheckError(f"`extends` names `{d.path}`, which is not a file here or among the games", d.loc, source=text)
            key = target.resolve()
            if key in chain or key == path.resolve():
                cycle = " -> ".join(Path(c).name for c in chain + [path.resolve(), key])
                raise RulesCheckError(f"`extends` goes round in a circle: {cycle}", d.loc, source=text)
            if base:
                raise RulesCheckError("a game can extend only one other", d.loc, source=text)
            base = _load(src, target, None, chain + [path.resolve()])
        else:
            own.append(d)
    return merge(base, own, text)


def merge(base: list, own: list, text: str = "") -> list:
    out = list(base)
    index = {decl_key(d): i for i, d in enumerate(out)}
    errors = []
    seen: dict = {}
    for d in own:
        k = decl_key(d) if not isinstance(d, ast.RemoveDecl) else None
        if k is not None and k in seen:
            first = seen[k].loc
            what = k[1] if len(k) == 2 else type(d).__name__.replace("Decl", "").lower()
            errors.append(RulesCheckError(f"`{what}` is declared twice in this file (first at line {first.line})", d.loc, source=text))
            continue
        if k is not None:
            seen[k] = d
        if isinstance(d, ast.RemoveDecl):
            hits = [k for k in index if len(k) == 2 and k[1] == d.name]
            if not hits:
                errors.append(RulesCheckError(f"`remove {d.name}`: nothing named `{d.name}` to remove", d.loc, source=text))
            for k in hits:
                out[index.pop(k)] = None
            continue
        k = decl_key(d)
        if k in index:
            out[index[k]] = d
        else:
            index[k] = len(out)
            out.append(d)
    if errors:
        raise RulesErrors(errors) if len(errors) > 1 else errors[0]
    return [d for d in out if d is not None]
