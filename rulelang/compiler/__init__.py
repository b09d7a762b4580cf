"""Compile a checked game into the interpreter's immutable Program: closures and flat code, built once.

The compiler is one class, `Compiler`, in parts by topic: `expressions` (`gen_X`: each expression into Python
source), `statements` (`native_X`/`compile_X`: bodies into basic blocks, with `blocks.Code`), `decisions`
(`choose`, `ask`, races: options, legal moves, the tables and memos of their `where`s), `deck` (the cards),
`texts` (a text with `{name}` parts); this module holds what they share: the program, the generated code's
namespace and the compiling of generated source."""
from __future__ import annotations

import itertools

from interpreter import places
from interpreter.program import OptionSpec, Proc, Program, VarSpec, ZoneSpec

from .. import ast, cache, codegen
from ..checker import Symbols, params_scope, typed, var_type
from ..errors import source_lines
from .decisions import Decisions
from .deck import Deck
from .expressions import Expressions
from .statements import Statements
from .texts import Texts


def may_shuffle(s: Symbols, zone: str) -> bool:
    """Whether the rules may `shuffle` a zone of the table: a `shuffle` naming it, or one of a zone worked out in
    play (`shuffle pile_of(k)`) or named by a procedure's parameter (`define mix(z) { shuffle z }`), which might
    be it.  A `--stack` goes on top of the deck's zone at its first shuffle: with none it would never be applied."""
    return any(isinstance(n, ast.ShuffleStmt)
               and not (isinstance(n.zone, ast.Name) and n.zone.name in s.zones and n.zone.name != zone)
               and not (isinstance(n.zone, ast.Call) and n.zone.name in s.zones)
               for n in s.code_nodes())


def read_whole(s: Symbols) -> set:
    """The shared zones the rules read past their top card: any use of the zone's name but as a pile (its `top`,
    `bottom` or `size`, a `move` to or from it, a `shuffle` or a `deal` from it), such as `for t in table` or
    `take cs from table`, says that every card of it matters; the prompt shows such a zone whole, unless its
    declaration says how it is shown (`show top`, `show all`)."""
    piles: set = set()  # ids of the names read as a pile
    whole: set = set()
    for node in s.code_nodes():  # a node before those inside it
        if isinstance(node, ast.Call) and node.name in ("top", "bottom", "size") and node.name not in s.functions:
            piles.update(map(id, node.args))
        elif isinstance(node, ast.MoveStmt):
            piles.update((id(node.cards), id(node.to)))
        elif isinstance(node, ast.MoveTopStmt):
            piles.update((id(node.source), id(node.to)))
        elif isinstance(node, ast.ShuffleStmt):
            piles.add(id(node.zone))
        elif isinstance(node, ast.DealStmt):
            piles.add(id(node.source))
        elif isinstance(node, ast.Name) and node.name in s.zones and id(node) not in piles:
            whole.add(node.name)
    return whole


class Compiler(Expressions, Statements, Decisions, Deck, Texts):
    """One `compile_<Node>` method per construct; the checker has already vouched for every name."""

    def __init__(self, symbols: Symbols, source_texts: dict | None = None, cached: dict | None = None):
        self.s = symbols
        self.cached = cached or {}  # (mode, source) -> code, from the compiled-program cache (see `code`)
        self.codes: dict = {}  # every code this compiler made or took, by (mode, source)
        self.texts = source_texts or {}
        self.fresh = itertools.count()
        self.attr_tables: dict = {}
        self.class_tables: dict = {}
        self.deck_fns: dict = {}  # id(expression) -> (it, its closure): the deck's expressions, made once
        self.cards: tuple = ()
        self.zone_index = {name: i for i, name in enumerate(self.s.zones)}
        self.subst: dict = {}  # names bound to Python source (a Py): inlined parameters, comprehension items, option arguments
        self.framed = False  # compiling a procedure, which may run with its caller's taint (`Statements.proc`)
        self.taints: list = []  # the `if`s and `while`s around the statement compiled whose test read cards: who saw them
        self.first_seen: dict = {}  # id of an `if`'s branch's first statement -> (who sees the one card its test read, its name)
        self.card_locals: dict = {}  # procedure or rule name -> its locals that hold cards
        self.card_names = None
        self.face_down_reads: set = set()  # id of a card option's spec whose `where` reads only zones its chooser
        # sees but for cards laid face down (`Decisions.peeks`): looked at only while some lie face down
        self.inlining: list = []
        self.ns = codegen.namespace()  # the globals of the generated code
        self.consts: dict = {}
        self.keep: list = []
        self.lambdas: dict = {}
        self.defined: dict = {}
        self.fn_names: dict = {}
        self.locals: dict = {}  # a frame's local name -> its Py (each made once)
        self.literals: dict = {}  # (type, value) -> the Py of a literal (each made once)
        self.hoist: dict | None = None  # inside a `where`: what is worked out once per decision (source -> number)
        self.rules_written: dict = {}  # rules written in play, compiled: (text, key, author) -> Rule
        self.in_play = False  # compiling a rule written in play (`Statements.compile_rule`)
        self.author = None  # ... and the seat that wrote it (`Statements.authors_test`)
        self.where_reads: set = set()  # the variables a `where` reads that may be worked out from cards (`peeks`)
        self.where_vars_memo: frozenset | None = None  # the variables any `where` may read (`Statements.where_vars`)
        self.same_fns: dict = {}  # attributes -> the name of its `same` function
        self.own_zones: dict = {}  # zone index -> the name of each player's zone as a value (`hand(current)`)
        self.marks: dict = {}  # `# FILE:LINE:COL` comments in the generated code -> the Loc each names
        self.sources: list[str] = []  # every generated function, in the order made (`rulelang check --emit-python`)
        # Whether seats can leave play (`out`, `lose`): only then do `next`, `after`... look for seats out of play.
        # Rules written in play later do not change it: the code already made stays right.
        self.leaving = symbols.leaving
        self.suspending: dict = {}  # ("proc" | "event", name) -> whether it can suspend (`Statements.suspends`)
        self.plain_names: dict = {}  # procedure -> the name of its plain function in the generated code
        self.plain_mode: bool | str = False  # compiling a plain function (the procedure's name if it may suspend)
        self.rule_names: dict = {}  # id of a rule of the file -> its name in the generated code (`file_rule`)
        self.fire_pcs: dict = {}  # id of a `fire` statement -> where its procedure's frame code goes on after it

    # ------------------------------------------------------------ the program

    def program(self, options: dict | None = None) -> Program:
        s = self.s
        attributes, name_attrs, claim_attrs = self.deck()
        zones = []
        whole = read_whole(s)
        for i, (name, d) in enumerate(s.zones.items()):
            zones.append(ZoneSpec(name, i, d.per_player, d.visibility,
                                  self.zone_index.get(d.refill_from) if d.refill_from else None, d.refill_keep,
                                  d.shown or ("all" if name in whole else "top"), d.display))
        procs = {name: self.proc(name, d.params, d.body, params_scope(d.params), framed=True)
                 for name, d in s.procedures.items()}
        for name, d in s.procedures.items():
            if self.called(name):
                self.plain(self.plain_name(name), name, d.body, params_scope(d.params), framed=True,
                           semi=self.suspends("proc", name))
        rules: dict = {}
        for r in s.rules:
            rule = self.rule(r)
            rules.setdefault(r.event, ())
            rules[r.event] += (rule,)
        vars_ = tuple(VarSpec(name, d.per_player, self.expr(d.init, {"player": "player"} if d.per_player else {},
                                                                d.init.loc), d.kept)  # (a failure told there)
                      for name, d in s.vars.items())
        opts = {name: OptionSpec(name, self.literal(d.value), d.doc or "") for name, d in s.options.items()}
        match = s.match
        players = s.players
        setup = self.proc("setup", (), s.setup.body, {})
        turn = self.proc("turn", (), s.turn.body, {})
        score = self.proc("score", (), s.score.body, {}) if s.score else None
        return Program(
            name=s.game.name,
            min_players=players.low,
            max_players=players.high,
            default_players=players.default or min(max(players.low, 4), players.high),
            attributes=attributes,
            name_attrs=tuple(name_attrs),
            cards=self.cards,
            zones=tuple(zones),
            zone_index=dict(self.zone_index),
            deck_zone=self.zone_index[s.deck.zone],
            vars=vars_,
            calls={name: (d.text or name) for name, d in s.calls.items()},
            call_due={name: self.due(d.when) for name, d in s.calls.items() if d.when is not None},
            events={name: tuple(p) for name, p in s.events.items()},
            rules=rules,
            setup=setup,
            turn=turn,
            score=score,
            main=Proc("game", (), self.main_code(turn)),
            match_target=match.target if isinstance(match, ast.MatchTo) else None,
            match_hands=match.hands if isinstance(match, ast.MatchHands) else None,
            match_lowest=self.expr(match.lowest, {}) if match is not None and match.lowest else None,
            options=opts,
            procs=procs,
            classes=dict(self.class_tables),
            claims=self.claim_ids,
            **self.tables,
            var_kinds={name: var_type(s, name) for name in s.vars},
            shown_vars={name: d.shown for name, d in s.vars.items() if getattr(d, "shown", None)},
            compile_rule=self.compile_rule,
            card_locals=self.card_locals,
            house_limit=s.house_limit.limit if s.house_limit else 5,
            knocks_out=any(isinstance(n, ast.LoseStmt) for n in s.code_nodes()),
            team_size=s.teams.size if s.teams else 0,
            team_counts=s.teams.counts if s.teams else (),
            examples=tuple(_source_of(r, self.texts) for r in (s.examples.rules if s.examples else ())),
            claim_attrs=claim_attrs,
            shuffles_deck=may_shuffle(s, s.deck.zone),
            namespace=self.ns,
            fixed=True,
        )

    def type_of(self, e) -> str:
        """An expression's type, as the checker found it (it types every expression once, and keeps the types)."""
        return typed(self.s, e)

    def literal(self, e):
        if isinstance(e, ast.Name):
            return e.name
        return e.value

    def lam(self, params: str, body: str, at=None):
        """A generated lambda; `at`, the `.rules` place of its expression, registers it so that a failure in it is
        reported there (interpreter.places)."""
        key = (params, body, at)
        f = self.lambdas.get(key)
        if f is None:
            lines, filename = [f"lambda {params}: {body}"], "<rules>"
            if at is not None:
                lines.insert(0, self.mark(at))
                filename = places.register("lambda", lines, self.marks, self.texts)
            f = self.lambdas[key] = eval(self.code("\n".join(lines), filename, "eval"), self.ns)
        return f

    def code(self, text: str, filename: str, mode: str):
        """`compile(text, filename, mode)`, or the code the compiled-program cache kept for the same text (with this
        file name); every code made or taken is noted in `self.codes`, for the cache to keep (rulelang/cache.py)."""
        key = (mode, text)
        code = self.cached.get(key)
        if code is None:
            code = compile(text, filename, mode)
        else:
            code = cache.renamed(code, filename)
        self.codes[key] = code
        return code

    def define(self, name: str, lines: list[str], at=None):
        """Compile generated statements into a function of the namespace and return it (the one already made,
        for the same statements: rules written in play often repeat one another); `at`, the `.rules` place of
        its lines before any marker comment (an option's `where`), for a failure in them to be reported there."""
        key = "\n".join([lines[0].replace(name, "_"), *lines[1:]])
        fn = self.defined.get(key)
        if fn is None:
            filename = places.register(name, lines, self.marks, self.texts, at)
            exec(self.code("\n".join(lines), filename, "exec"), self.ns)
            fn = self.defined[key] = self.ns[name]
            self.sources.append("\n".join(lines))
        return fn

    def const(self, value, prefix="K") -> str:
        """A name in the generated code's namespace for a table, a value or a function."""
        key = (prefix, id(value))
        name = self.consts.get(key)
        if name is None:
            name = self.consts[key] = f"{prefix}{len(self.consts)}"
            self.ns[name] = value
            self.keep.append(value)  # ids stay unique while the compiler lives
        return name


def _source_of(node, texts: dict) -> str:
    """The text a node was written as, from its file."""
    loc = node.loc
    lines = source_lines(texts.get(loc.file, ""))
    if not lines or not loc.end_line:
        return ""
    chunk = lines[loc.line - 1: loc.end_line]
    chunk[-1] = chunk[-1][: loc.end_column - 1]
    chunk[0] = chunk[0][loc.column - 1:]
    return "\n".join(chunk)
