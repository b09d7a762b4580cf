"""The layout's promises (docs/architecture.md): the runtime stands alone, the seat API is the one way in, and
the modules import each other without cycles."""
from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

import rulelang
from interpreter import Game, Seat
from interpreter.bots import RandomBot
from rulelang.errors import MoveError

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("interpreter", "rulelang")


def test_the_runtime_imports_nothing_of_the_language_nor_of_the_terminal():
    code = ("import sys, interpreter, interpreter.seat, interpreter.bots, interpreter.bots.search; "
            "print(sorted(m for m in ('rulelang', 'lark', 'prompt_toolkit') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for every test here."""
    return ast.parse(path.read_text(encoding="utf-8"))


HOSTS = ("rulelang/terminal", "rulelang/simulate", "rulelang/env", "rulelang/net")


@functools.cache
def _modules() -> dict[str, Path]:
    mods = {}
    for pkg in PACKAGES:
        for f in (ROOT / pkg).rglob("*.py"):
            parts = f.relative_to(ROOT).with_suffix("").parts
            mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f
    return mods


def _imports_at_module_level(mod: str, path: Path, mods: dict) -> set[str]:
    """The project modules `mod` imports as it loads (imports inside functions are made later, when called)."""
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    deps = set()
    for node in _tree(path).body:
        if isinstance(node, ast.Import):
            deps.update(a.name for a in node.names if a.name in mods)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = {f"{target}.{a.name}" for a in node.names} & mods.keys()
            deps.update(subs)
            if target in mods and (not subs or len(subs) < len(node.names)):
                deps.add(target)
    deps.discard(mod)
    return deps


def test_no_module_imports_itself_through_others_as_it_loads():
    mods = _modules()
    graph = {m: _imports_at_module_level(m, p, mods) for m, p in mods.items()}
    done, path = set(), []

    def visit(m):
        if m in path:
            cycle = path[path.index(m):] + [m]
            pytest.fail("import cycle: " + " -> ".join(cycle))
        if m in done:
            return
        path.append(m)
        for d in sorted(graph[m]):
            # A package's __init__ importing its own submodules is how a package loads, not a cycle.
            if not (d == m.rpartition(".")[0] or m == d.rpartition(".")[0] and mods[m].name == "__init__.py"):
                visit(d)
        path.pop()
        done.add(m)

    for m in sorted(graph):
        visit(m)


def test_the_seat_api_drives_a_whole_game_and_hands_each_seat_only_its_own():
    program = rulelang.load(ROOT / "games" / "liars.rules")
    game = Game(program, players=3, seed=19)  # random bots end this game in 3,785 moves (seed 4: 15,231)
    bots = [RandomBot(seed=s) for s in range(3)]
    positions = [0, 0, 0]
    moves = 0
    while not game.over and moves < 20000:
        seat = game.deciding
        assert isinstance(seat, Seat)
        others = [s for s in game.seats if s.index != seat.index]
        assert seat.pending is game.pending and seat.options() == game.legal()
        for other in others:
            assert other.pending is None and other.options() == []
            with pytest.raises(MoveError, match="decision, not"):
                other.act(seat.options()[0])
        move = bots[seat.index].choose(game.program, None, seat.pending)
        seat.act(move)
        moves += 1
        for s in game.seats:
            events, positions[s.index] = s.events(positions[s.index])
            for ev in events:  # each seat's events name only cards it may know: what `event_for` projects
                if ev.type == "deal":
                    for owner, cards in ev.cards.items():
                        assert all(c is None for c in cards) or owner == s.index
    assert game.over
    spectator = game.seat(None)
    with pytest.raises(MoveError, match="spectator"):
        spectator.act("draw")
    assert all(c is None for h in spectator.view()["zones"]["hand"] for c in h["cards"])


# Imports made inside a function, each for a reason the layout allows: an optional extra (imported only where it is
# used, with a message naming the extra when missing), or a deliberate lazy load that keeps start-up fast (the
# `rulelang` command loads only the subcommand it runs; `import rulelang` loads no Lark until a game is loaded; the
# prompt's libraries load only at a terminal).  None may dodge an import cycle: a new one fails here, and the way
# out is to fix the layering, or to add it below with its reason.
OPTIONAL = {"websockets", "dask", "matplotlib", "pettingzoo", "gymnasium", "numpy"}
LAZY_LIBRARIES = {"prompt_toolkit", "pygments", "yaml", "fcntl", "socket", "termios"}  # at a terminal, or when a file is read
LAZY = {  # module -> the project modules it loads late
    # `import rulelang` (a host, a save read) loads no language; the parser (Lark) only on a compiled-program
    # cache miss, so a load from the cache imports no Lark.
    "rulelang": {"rulelang.cache", "rulelang.checker", "rulelang.compiler", "rulelang.errors", "rulelang.loader"},
    "rulelang.loader": {"rulelang.parser"},
    "rulelang.checker": {"rulelang.parser"},  # a rule written in play, in a program loaded from the cache
    "rulelang.cli": {"rulelang.terminal.host", "rulelang.terminal.resume", "rulelang.net.server", "rulelang.net.client",
                     "rulelang.simulate.run", "rulelang.simulate.sweep"},
    "rulelang.terminal.host": {"rulelang.lexer"},  # Pygments, for a rule shown highlighted
    "rulelang.terminal.editor": {"rulelang.lexer"},
    "rulelang.codegen": {"itertools", "math"},  # codegen is being rewritten (#22)
    # a load from the compiled-program cache reads its entry only: hashing a file changed since, writing an entry and
    # suggesting a name for a mistake load their libraries when they happen (#22, a fresh process's first load)
    "rulelang.cache": {"hashlib", "tempfile"},
    "interpreter.errors": {"difflib"},
}


def _late_imports() -> list[tuple[str, str, int]]:
    """(module, what it imports, line) for every import inside a function or class body."""
    mods = _modules()
    out = []
    for mod, path in mods.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        tree = _tree(path)
        top = set(map(id, tree.body))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or id(node) in top:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in mods]
                targets = subs or [target]
            else:
                targets = [node.module]
            out += [(mod, t, node.lineno) for t in targets]
    return out


def test_imports_inside_functions_are_only_optional_extras_and_deliberate_lazy_loads():
    late = _late_imports()
    bad = [f"{mod}:{line} imports {target}" for mod, target, line in late
           if target.split(".")[0] not in OPTIONAL | LAZY_LIBRARIES and target not in LAZY.get(mod, ())]
    assert bad == []
    made = {(mod, target) for mod, target, _ in late}
    assert [(m, t) for m, ts in LAZY.items() for t in sorted(ts) if (m, t) not in made] == []  # none listed for nothing


@pytest.mark.parametrize("module", sorted(str(p.relative_to(ROOT))
                                           for d in ("rulelang/terminal", "rulelang/simulate", "rulelang/env")
                                           for p in (ROOT / d).glob("*.py")))
def test_the_terminal_simulate_and_the_env_read_no_game_state(module):
    """They drive games through the seat API and Game's public facts: never the machine's State (`game.state`).
    The RL environment reads what a seat sees through `Seat.glance()` (the view's masking, nothing copied)."""
    tree = _tree(ROOT / module)
    assert [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in ("state", "st")] == []


@pytest.mark.parametrize("module", sorted(str(p.relative_to(ROOT)) for d in HOSTS for p in (ROOT / d).glob("*.py")))
def test_the_hosts_import_nothing_of_the_machine(module):
    """The terminal, simulate, the RL environment and the network drive games through the seat API
    (`interpreter.seat`, `interpreter.game`) and read views and events: nothing of `interpreter.machine`."""
    tree = _tree(ROOT / module)
    bad = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module and
           (n.module.startswith("interpreter.machine") or n.module == "interpreter" and
            any(a.name == "machine" for a in n.names))]
    bad += [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Import) and
            any(a.name.startswith("interpreter.machine") for a in n.names)]
    assert bad == []


@pytest.mark.parametrize("module", sorted(str(p.relative_to(ROOT)) for p in (ROOT / "interpreter" / "bots").glob("*.py")))
def test_the_bots_reach_the_machine_only_through_the_seat_api(module):
    """A bot's look-ahead plays on a copy of the game's state, taken and played through `interpreter.seat` (`fork`,
    `apply`, `match_winners`, `team`, `State`): the bots import nothing of `interpreter.machine` themselves."""
    tree = _tree(ROOT / module)
    bad = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and (
        (n.module or "").partition(".")[0] == ("machine" if n.level else "interpreter.machine")  # ..machine(.x)
        or (n.module or "").startswith("interpreter.machine")
        or n.module in (None, "interpreter") and any(a.name == "machine" for a in n.names))]  # from .. import machine
    bad += [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Import) and
            any(a.name.startswith("interpreter.machine") for a in n.names)]
    assert bad == []


def test_no_private_name_is_imported_from_another_module():
    """A name with a leading underscore is its module's own: what another module needs is made public."""
    bad = []
    for mod, path in _modules().items():
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                bad += [f"{mod}:{node.lineno} {a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]
    assert bad == []


def test_the_compiler_reads_the_checkers_types_and_makes_no_checker_nor_walk_of_its_own():
    """Types are worked out once, by the checker (`Symbols.types`); the syntax tree is walked by `ast.walk` alone."""
    bad = []
    for mod, path in _modules().items():
        for node in ast.walk(_tree(path)):
            if mod.startswith("rulelang.compiler") and isinstance(node, ast.Name) and node.id == "Checker":
                bad.append(f"{mod}:{node.lineno} uses a Checker")
            if mod != "rulelang.ast" and isinstance(node, ast.FunctionDef) and node.name in ("walk", "children"):
                bad.append(f"{mod}:{node.lineno} walks the tree itself")
    assert bad == []


def test_every_package_is_installed():
    """A wheel (not an editable install) holds only the packages pyproject.toml lists: each folder of rulelang/ and
    interpreter/ with an __init__.py is one of them."""
    import tomllib
    root = Path(__file__).resolve().parent.parent
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(root).parts) for top in ("rulelang", "interpreter")
             for p in (root / top).rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
