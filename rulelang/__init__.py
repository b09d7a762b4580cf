"""rulelang: a language for card games. `load` reads, checks and compiles a .rules file into a Program."""
from __future__ import annotations

from pathlib import Path

import attrs
from .errors import RulesCheckError, RulesError, RulesErrors, RulesSyntaxError

__all__ = ["load", "load_text", "emit_python", "RulesError", "RulesErrors", "RulesSyntaxError", "RulesCheckError"]


def load(path: str | Path, text: str | None = None, texts: dict | None = None):
    """Parse, check and compile a game file (and what it extends) into an interpreter Program.
    `texts` ({path: text}, as `program.files` holds them) is read instead of the disk: a saved game's rules.
    A file read from the disk goes through the compiled-program cache (rulelang/cache.py): unchanged since the
    last load, it is not parsed again and its generated code is not compiled again."""
    from . import cache
    from .checker import Checker, collect
    from .compiler import Compiler
    from .errors import Loc
    from .loader import load as load_source, resolve

    p = Path(path)
    if text is None and texts is not None:
        text = texts[str(p)]
    from_disk = text is None
    if from_disk:
        p = resolve(str(path))
    kept = cache.read(p) if from_disk else None
    src, codes = kept if kept is not None else (load_source(p, text, texts), None)
    symbols, errors = collect(src.decls)
    checker = Checker(symbols)
    first = src.decls[0].loc if src.decls else Loc(str(p), 1, 1)
    checker.check_game(src.decls, first)
    errors += checker.errors
    if errors:
        errors.sort(key=lambda e: (e.loc.file != str(p), e.loc.file, e.loc.line, e.loc.column) if e.loc else ("", "", 0, 0))
        raise src.attach(RulesErrors(errors) if len(errors) > 1 else errors[0])
    compiler = Compiler(symbols, src.texts, codes)
    try:
        program = compiler.program()
    except RulesError as e:
        raise src.attach(e)
    if from_disk and (kept is None or compiler.codes.keys() != codes.keys()):
        cache.write(p, src, compiler.codes)
    return attrs.evolve(program, source=src.texts.get(str(p), ""), files=dict(src.texts), summary=(symbols, src))


def load_text(text: str, filename: str = "<rules>"):
    """Compile a game from a string."""
    return load(filename, text)


def emit_python(program) -> str:
    """The Python the compiler generated for a program, one function after another, each statement's lines after a
    comment naming its `.rules` place (`# FILE:LINE:COL`).  Names such as `K3` and `OP5` are the tables, values
    and instructions of the generated code's namespace."""
    compiler = program.compile_rule.__self__
    head = [f"# The Python generated for {program.name}: {len(compiler.sources)} functions.",
            "# A function is a basic block of a procedure, a rule or a decision; `st` is the game's state, `fr` the",
            "# running frame (its `env` holds the local names); the machine (interpreter/machine/running.py) calls them.", ""]
    return "\n".join(head) + "\n\n".join(compiler.sources) + "\n"
