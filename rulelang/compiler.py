"""Compile a checked game into the interpreter's immutable Program: closures and flat code, built once."""
from __future__ import annotations

import itertools
import operator
import re

import attrs

from interpreter import ops, places
from interpreter.machine import RULE_FAILURES, Move
from interpreter.program import Attribute, AttrValueInfo, Card, Choice, OptionSpec, Proc, Program, Rule, VarSpec, ZoneSpec, number_choices

from . import ast, cache, codegen
from .checker import BUILTIN_EVENTS, TEXT_PART, YIELDING_FUNCS, YIELDING_NAMES, Checker, Symbols, elem_type, params_scope, var_type
from .errors import RulesCheckError, RulesErrors, RuntimeRulesError, source_lines

_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_NO_KEY = object()
_INDENT = "    "
# Statements that are instructions of their own: they ask someone, start other code or change the rules.
_STOPS = (ast.ChooseStmt, ast.AskStmt, ast.RaceStmt, ast.CallStmt, ast.FireStmt, ast.WinStmt, ast.AddStmt, ast.OutStmt,
          ast.LoseStmt)


def _stops(st) -> bool:
    return isinstance(st, _STOPS) or any(_stops(s) for b in ast.inner_blocks(st) for s in b.stmts)

MAX_CARDS = 10_000


def _display(value_name: str) -> str:
    return value_name.replace("_", " ").title()


class Compiler:
    """One `compile_<Node>` method per construct; the checker has already vouched for every name."""

    def __init__(self, symbols: Symbols, source_texts: dict | None = None, cached: dict | None = None):
        self.s = symbols
        self.cached = cached or {}  # (mode, source) -> code, from the compiled-program cache (see `code`)
        self.codes: dict = {}  # every code this compiler made or took, by (mode, source)
        self.typer = Checker(symbols)  # its typing, not its errors: used to know how to show and parse values
        self.texts = source_texts or {}
        self.fresh = itertools.count()
        self.attr_tables: dict = {}
        self.class_tables: dict = {}
        self.cards: tuple = ()
        self.zone_index = {name: i for i, name in enumerate(self.s.zones)}
        self.subst: dict = {}  # names bound to Python source: inlined parameters, comprehension items, option arguments
        self.card_locals: dict = {}  # procedure or rule name -> its locals that hold cards
        self.card_names = None
        self.inlining: list = []
        self.ns = codegen.namespace()  # the globals of the generated code
        self.consts: dict = {}
        self.keep: list = []
        self.lambdas: dict = {}
        self.defined: dict = {}
        self.fn_names: dict = {}
        self.nonnull: set = set()  # Python names that hold the cards of a zone (never none)
        self.lists: set = set()  # Python sources that hold a list while a `where` is compiled (a set of cards)
        self.hoist: list | None = None  # inside a `where`: what is worked out once per decision
        self.rules_written: dict = {}  # rules written in play, compiled: (text, key, author) -> Rule
        self.same_fns: dict = {}  # attributes -> the name of its `same` function
        self.own_zones: dict = {}  # zone index -> the name of each player's zone as a value (`hand(current)`)
        self.marks: dict = {}  # `# FILE:LINE:COL` comments in the generated code -> the Loc each names
        self.sources: list[str] = []  # every generated function, in the order made (`rulelang check --emit-python`)
        # Whether seats can leave play (`out`, `lose`): only then do `next`, `after`... look for seats out of play.
        bodies = [d.body for d in (*symbols.procedures.values(), *symbols.rules, symbols.setup, symbols.turn,
                                   symbols.score) if d is not None]
        self.leaving = any(isinstance(n, (ast.OutStmt, ast.LoseStmt)) for b in bodies for n in ast.walk(b))

    # ------------------------------------------------------------ the program

    def program(self, options: dict | None = None) -> Program:
        s = self.s
        attributes = {}
        for name, d in s.attributes.items():
            if isinstance(d, ast.RangeAttributeDecl):
                attributes[name] = Attribute(name, (), d.low, d.high)
            else:
                vals = []
                for v in d.values:
                    display = v.display if v.display is not None else _display(v.name)
                    short = v.short if v.short is not None else display.replace(" ", "")
                    vals.append(AttrValueInfo(v.name, display, short, v.symbol or "", v.style or ""))
                attributes[name] = Attribute(name, tuple(vals))
        self.attributes = attributes
        name_attrs = s.names.attributes if s.names else tuple(attributes)
        self.cards = self.build_cards(attributes, name_attrs)
        claim_attrs = tuple(s.claims.attributes) if s.claims else ()
        self.claim_ids = ()
        if claim_attrs:
            self.cards, self.claim_ids = self.claim_cards(self.cards, attributes, claim_attrs)
        self.deck_size = len(self.cards) - len(self.claim_ids)  # the claim cards come after the deck's
        first: dict = {}
        canon = tuple(first.setdefault(c.short, c.id) for c in self.cards)
        counts: dict = {}
        for k in canon:
            counts[k] = counts.get(k, 0) + 1
        self.ns["CANON"], self.ns["TWIN"] = canon, tuple(counts[k] > 1 for k in canon)
        self.distinct = all(c.id == k for c, k in zip(self.cards, canon))
        for name in attributes:
            self.attr_tables[name] = tuple(c.attrs.get(name) for c in self.cards)
        for name, d in s.classes.items():
            f = self.expr(d.expr, {"card": "card"})
            try:
                self.class_tables[name] = tuple(bool(f(None, {"card": c.id})) for c in self.cards)
            except (AttributeError, TypeError, KeyError):
                raise RulesCheckError(f"class `{name}` may only look at the card itself", d.loc) from None
        zones = []
        for i, (name, d) in enumerate(s.zones.items()):
            zones.append(ZoneSpec(name, i, d.per_player, d.visibility,
                                  self.zone_index.get(d.refill_from) if d.refill_from else None, d.refill_keep))
        procs = {name: self.proc(name, d.params, d.body, params_scope(d.params)) for name, d in s.procedures.items()}
        rules: dict = {}
        for r in s.rules:
            rule = self.rule(r)
            rules.setdefault(r.event, ())
            rules[r.event] += (rule,)
        vars_ = tuple(VarSpec(name, d.per_player, self.expr(d.init, {"player": "player"} if d.per_player else {}))
                      for name, d in s.vars.items())
        opts = {name: OptionSpec(name, self.literal(d.value), d.doc or "") for name, d in s.options.items()}
        match = s.match
        players = s.players
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
            setup=self.proc("setup", (), s.setup.body, {}),
            turn=self.proc("turn", (), s.turn.body, {}),
            score=self.proc("score", (), s.score.body, {}) if s.score else None,
            main=Proc("game", (), ops.MAIN_CODE),
            match_target=match.target if isinstance(match, ast.MatchTo) else None,
            match_hands=match.hands if isinstance(match, ast.MatchHands) else None,
            match_lowest=self.expr(match.lowest, {}) if isinstance(match, ast.MatchTo) and match.lowest else None,
            options=opts,
            procs=procs,
            classes=dict(self.class_tables),
            claims=self.claim_ids,
            var_kinds={name: var_type(s, name) for name in s.vars},
            shown_vars={name: d.shown for name, d in s.vars.items() if getattr(d, "shown", None)},
            compile_rule=self.compile_rule,
            card_locals=self.card_locals,
            house_limit=s.house_limit.limit if s.house_limit else 5,
            team_size=s.teams.size if s.teams else 0,
            examples=tuple(_source_of(r, self.texts) for r in (s.examples.rules if s.examples else ())),
            claim_attrs=claim_attrs,
            namespace=self.ns,
        )

    def due(self, when):
        """A call's `when`, as `f(state, player)`."""
        return self.lam("st, player", self.due_src(when))

    def due_src(self, when) -> str:
        saved, self.subst, hoist, self.hoist = self.subst, {"player": ("player", False, False)}, self.hoist, None
        try:
            return self.gen(when, {"player": "player"})[0]
        finally:
            self.subst, self.hoist = saved, hoist

    def literal(self, e):
        if isinstance(e, ast.Name):
            return e.name
        return e.value

    def build_cards(self, attributes, name_attrs) -> tuple:
        specs = []
        for item in self.s.deck.items:
            self.card_items(item, {}, specs)
        cards = []
        shorts: dict = {}
        for attrs_, count, loc in specs:
            parts, short, styles, symbol = [], [], [], ""
            for a in name_attrs:
                v = attrs_.get(a)
                if v is None:
                    continue
                info = attributes[a].info(v) if not attributes[a].numeric else None
                if info is None:
                    parts.append(str(v))
                    short.append(str(v))
                    continue
                if info.display:
                    parts.append(info.display)
                short.append(info.short)
            for a, v in attrs_.items():
                info = attributes[a].info(v) if not attributes[a].numeric else None
                if info and info.style:
                    styles.append(info.style)
                if info and info.symbol and not symbol:
                    symbol = info.symbol
            name = " ".join(parts) or "card"
            short_name = "".join(short) or name.replace(" ", "")
            key = short_name.lower()
            identity = tuple(sorted((k, v) for k, v in attrs_.items() if k in name_attrs))
            if key in shorts and shorts[key] != identity:
                raise RulesCheckError(f"two different cards are both called `{short_name}`; give their values other short names", loc)
            shorts[key] = identity
            for _ in range(count):
                cards.append(Card(len(cards), dict(attrs_), name, short_name, " ".join(styles), symbol))
        return tuple(cards)

    def claim_cards(self, cards, attributes, claim_attrs):
        """One claim card for each identity (by the claim attributes) in the deck: what a claim can name."""
        seen = {}
        for c in cards:
            key = tuple(c.attrs.get(a) for a in claim_attrs)
            seen.setdefault(key, c)
        out = list(cards)
        ids = []
        for key, like in seen.items():
            parts, short = [], []
            for a in claim_attrs:
                v = like.attrs.get(a)
                if v is None:
                    continue
                info = attributes[a].info(v) if not attributes[a].numeric else None
                if info is None:
                    parts.append(str(v))
                    short.append(str(v))
                else:
                    if info.display:
                        parts.append(info.display)
                    short.append(info.short)
            attrs_ = {a: like.attrs.get(a) for a in claim_attrs if like.attrs.get(a) is not None}
            ids.append(len(out))
            out.append(Card(len(out), attrs_, " ".join(parts) or "card", "".join(short) or "card", like.style, like.symbol))
        return tuple(out), tuple(ids)

    def card_items(self, item, env, out):
        """The deck is built before any game: its values may use constants, never the state of a game."""
        try:
            if isinstance(item, ast.CardFor):
                values = list(self.expr(item.iterable, {k: "any" for k in env})(None, env))
            else:
                scope = {k: "any" for k in env}
                attrs_ = {f.name: self.expr(f.expr, scope)(None, env) for f in item.fields}
        except (*RULE_FAILURES, RuntimeRulesError):
            raise RulesCheckError("the deck is built before any game is played: this needs a value it cannot have "
                                  "then (the state of a game, or arithmetic that fails)", item.loc) from None
        if isinstance(item, ast.CardFor):
            for v in values:
                for sub in item.items:
                    self.card_items(sub, {**env, item.var: v}, out)
            return
        total = sum(n for _, n, _ in out) + item.count
        if total > MAX_CARDS:
            raise RulesCheckError(f"the deck would have {total} cards; rulelang allows at most {MAX_CARDS}", item.loc)
        out.append(({k: v for k, v in attrs_.items() if v is not None}, item.count, item.loc))

    # ------------------------------------------------------------ procedures and rules

    def proc(self, name, params, body, scope) -> Proc:
        code = codegen.Code(self, name)
        outer, self.card_names = getattr(self, "card_names", None), {p for p, t in scope.items() if t in ("card", "list:card")}
        saved_hoist, self.hoist = self.hoist, None
        try:
            self.block(body, dict(scope), code)
            self.card_locals[name] = frozenset(self.card_names)
        finally:
            self.card_names = outer
            self.hoist = saved_hoist
        return Proc(name, tuple(params), code.done())

    def holds_card(self, name, t):
        """Note a local that holds a card: a search bot's sample must swap it with the card it stands for."""
        if t in ("card", "list:card") and self.card_names is not None:
            self.card_names.add(name)

    def rule(self, r, author=None, text=None, key=_NO_KEY) -> Rule:
        scope = {p: "player" for p in r.params} if r.event in BUILTIN_EVENTS else params_scope(r.params)
        saved = self.subst
        if key is not _NO_KEY:  # a rule written in play: `key` is the number (or name) it was written for
            scope = {"key": "any", **scope}
            self.subst = {**saved, "key": (self.const(key, "KEY"), False, True)}
        try:
            cond = cond_src = None
            if r.cond is not None:  # called with the event's arguments, before any frame is made for the rule
                params = [f"_r{i}" for i in range(len(r.params))]
                outer, self.subst = self.subst, {**self.subst, **{p: (q, False, False) for p, q in zip(r.params, params)}}
                try:
                    cond_src = self.gen(r.cond, scope)[0]
                    cond = self.lam(", ".join(["st", *params]), cond_src)
                finally:
                    self.subst = outer
            return Rule(r.name, r.event, tuple(r.params), cond, self.proc(r.name, r.params, r.body, scope), author, text,
                        cond_src=cond_src)
        finally:
            self.subst = saved

    def compile_rule(self, text: str, key=None, author=None) -> Rule:
        """Parse, check and compile a rule written in play, against this game: the same language as the file.
        A rule is checked when it is offered and compiled when it is put in force: the second time is free."""
        cache_key = (text, repr(key), author)
        rule = self.rules_written.get(cache_key)
        if rule is None:
            rule = self.rules_written[cache_key] = self._compile_rule(text, key, author)
        return rule

    def _compile_rule(self, text: str, key, author) -> Rule:
        texts = self.texts
        self.texts = {**texts, "<rule>": text}  # a failure of the rule at run time is shown in its own text
        try:
            return self._compile_rule_text(text, key, author)
        finally:
            self.texts = texts

    def _compile_rule_text(self, text: str, key, author) -> Rule:
        from .parser import parse_rule  # here: a program loaded from the cache has imported no parser

        decl = parse_rule(text, "<rule>")
        if not isinstance(decl, ast.RuleDecl):
            raise RulesCheckError("write a rule: `when EVENT(...) if CONDITION { ... }`", decl.loc, source=text)
        checker = Checker(self.s)
        checker.check_RuleDecl(decl, {"key": "any"})
        if checker.errors:
            for e in checker.errors:
                e.source = text
            raise checker.errors[0] if len(checker.errors) == 1 else RulesErrors(checker.errors)
        # A rule written in play is known by its key, so that it can neither displace the game's own rules
        # nor another key's rule of the same name; the name it was written with is kept as its label.
        if isinstance(key, str) and key.isidentifier():
            name = key
        elif key is not None:
            name = "house_" + "".join(ch if ch.isalnum() else "_" for ch in str(key)).strip("_")
        else:
            name = decl.name or "house_rule"
        decl = attrs.evolve(decl, name=name)
        return self.rule(decl, author, text, key)

    # ------------------------------------------------------------ statements
    #
    # A statement that asks someone (`choose`, `ask`, a race), starts other code (`fire`, a procedure's call,
    # `win`) or changes the rules (`add`) is an instruction of its own, run by the machine.  Every run of other
    # statements between them, loops and `if`s included, becomes one generated Python function.

    def block(self, b, scope, code):
        for st in b.stmts:
            if _stops(st) or _nesting(st) > NATIVE_DEPTH:
                getattr(self, "compile_" + type(st).__name__)(st, scope, code)
            else:
                code.native(self.native(st, scope))

    def native(self, st, scope) -> list[str]:
        """Python lines for a statement that runs straight through, after a comment naming its `.rules` place."""
        method = getattr(self, "native_" + type(st).__name__, None)
        if method is not None:
            lines = method(st, scope)
        else:
            ops_: list = []
            getattr(self, "compile_" + type(st).__name__)(st, scope, ops_)
            lines = [f"{self.const(op, 'OP')}(st, fr)" for op in ops_]
        return [self.mark(st.loc), *lines] if st.loc is not None else lines

    def mark(self, loc) -> str:
        """A comment for generated code: the `.rules` place the lines after it came from (see interpreter.places)."""
        text = f"# {loc.file}:{loc.line}:{loc.column}"
        self.marks.setdefault(text, loc)
        return text

    def native_block(self, b, scope) -> list[str]:
        lines = []
        for st in b.stmts:
            lines.extend(self.native(st, scope))
        return [_INDENT + line for line in lines] or [_INDENT + "pass"]

    def native_LetStmt(self, st, scope):
        value = self.gen(st.value, scope)[0]
        scope[st.name] = self.typer.expr(st.value, scope)
        self.holds_card(st.name, scope[st.name])
        return [f"env[{st.name!r}] = {value}"]

    def native_SetStmt(self, st, scope):
        value = self.gen(st.value, scope)[0]
        if st.name in scope and st.index is None:
            return [f"env[{st.name!r}] = {value}"]
        if st.index is not None:
            return [f"st.pvars[{st.name!r}][{self.gen(st.index, scope)[0]}] = {value}"]
        return [f"st.vars[{st.name!r}] = {value}"]

    def native_IfStmt(self, st, scope):
        lines = [f"if {self.gen(st.cond, scope)[0]}:", *self.native_block(st.then, dict(scope))]
        if st.otherwise is not None:
            lines += ["else:", *self.native_block(st.otherwise, dict(scope))]
        return lines

    def native_WhileStmt(self, st, scope):
        return [f"while {self.gen(st.cond, scope)[0]}:", _INDENT + "step(st, fr)",
                *self.native_block(st.body, dict(scope))]

    def native_ForStmt(self, st, scope):
        (coll, _, _), _ = self.collection(st.iterable, scope)
        inner = {**scope, st.var: elem_type(self.typer.expr(st.iterable, scope)) or "any"}
        self.holds_card(st.var, inner[st.var])
        item = f"_f{next(self.fresh)}"
        return [f"for {item} in counted(st, {coll}):", f"{_INDENT}env[{st.var!r}] = {item}", *self.native_block(st.body, inner)]

    def native_MoveStmt(self, st, scope):
        cards, dest = self.gen(st.cards, scope)[0], self.gen(st.to, scope)[0]
        kind = self.typer.expr(st.cards, scope)
        if kind == "zone":  # a whole zone: no card need be looked for
            return [f"m.move_zone(st, {cards}, {dest}, {st.face!r})"]
        if kind == "card":
            return [f"m.move_card(st, {cards}, {dest}, {st.face!r})"]
        return [f"_c = ops.as_cards(st, {cards})", "if _c:", f"{_INDENT}m.move_cards(st, _c, {dest}, {st.face!r})"]

    def native_MoveTopStmt(self, st, scope):
        count, source, dest = (self.gen(x, scope)[0] for x in (st.count, st.source, st.to))
        line = f"m.move_top(st, {count}, {source}, {dest}, {st.face!r})"
        if not st.bind:
            return [line]
        scope[st.bind] = "card"
        self.holds_card(st.bind, "card")
        return [f"env[{st.bind!r}] = {line}"]

    def compile_DealStmt(self, st, scope, code):
        count = self.expr(st.count, scope) if st.count is not None else None
        code.append(ops.op_deal(count, self.expr(st.source, scope), self.zone_index[st.zone]))

    def compile_ShuffleStmt(self, st, scope, code):
        code.append(ops.op_shuffle(self.expr(st.zone, scope)))

    def compile_IfStmt(self, st, scope, code):
        other, end = ops.Label(), ops.Label()
        code.branch(self.gen(st.cond, scope)[0], other)
        self.block(st.then, dict(scope), code)
        if st.otherwise is not None:
            code.jump(end)
            code.place(other)
            self.block(st.otherwise, dict(scope), code)
            code.place(end)
        else:
            code.place(other)

    def compile_ForStmt(self, st, scope, code):
        key = f"$for{next(self.fresh)}"
        top, end = ops.Label(), ops.Label()
        code.append(ops.op_for_init(key, self.lam("st, env", self.collection(st.iterable, scope)[0][0])))
        code.place(top)
        code.append(ops.op_for_next(key, st.var, end), sets_pc=True)
        inner = {**scope, st.var: elem_type(self.typer.expr(st.iterable, scope)) or "any"}
        self.holds_card(st.var, inner[st.var])
        self.block(st.body, inner, code)
        code.jump(top)
        code.place(end)

    def compile_WhileStmt(self, st, scope, code):
        top, end = ops.Label(), ops.Label()
        code.place(top)
        code.branch(self.gen(st.cond, scope)[0], end)
        self.block(st.body, dict(scope), code)
        code.jump(top)
        code.place(end)

    def option_specs(self, options, scope):
        specs, bodies = [], []
        for o in options:
            label = ops.Label()
            inner = dict(scope)
            domain = legal = kind = where = None
            if o.takes in ("several", "cards"):
                specs.append(self.parted_option(o, inner, label))
                bodies.append((label, o.body, inner))
                continue
            if o.takes == "rule":
                inner[o.param] = "rule"
                kind = "rule"
            elif o.param is not None:
                el = elem_type(self.typer.expr(o.domain, scope)) or "any"
                inner[o.param] = el
                self.holds_card(o.param, el)
                (coll, _, _), of_zone = self.collection(o.domain, scope)
                domain = legal = self.lam("st, env", coll)
                kind = "card" if el == "card" else "player" if el == "player" else "number" if el == "int" else "value"
                if o.where is not None:
                    legal = self.legal(o, inner, coll, of_zone)
            elif o.where is not None:
                where = self.expr(o.where, inner)
            specs.append(Choice(o.verb, o.param, domain, legal, where, o.doc or "", label, kind, self.reveals(o.body, set())))
            bodies.append((label, o.body, inner))
        return specs, bodies

    def parted_option(self, o, inner: dict, label) -> Choice:
        """An option of several arguments (`ask p in others(current), r in rank`) or of a set of cards
        (`lay 1..4 cs from hand(current)`): its items, tuples, are enumerated with its `where` tested on each
        (a bounded search: see codegen.several_items and codegen.card_sets).  `inner` gains its names."""
        if o.takes == "several":
            names, domains, parts = [], [], []
            for name, domain in o.params:
                el = elem_type(self.typer.expr(domain, inner)) or "any"
                domains.append(self.lam("st, env", self.collection(domain, inner)[0][0]))
                inner[name] = el
                self.holds_card(name, el)
                names.append(name)
                parts.append("card" if el == "card" else "player" if el == "player" else "number" if el == "int" else "value")
            where = self.expr(o.where, inner) if o.where is not None else None
            legal = codegen.several_items(o.verb, tuple(names), tuple(domains), where)
            bind = codegen.binder(tuple(names))
            kind = "several"
        else:
            domain = self.lam("st, env", self.collection(o.domain, inner)[0][0])
            inner[o.param] = "list:card"
            self.holds_card(o.param, "list:card")
            self.lists.add(f"env[{o.param!r}]")  # the set tried: a list, never none, read as it is
            try:
                where = self.expr(o.where, inner) if o.where is not None else None
            finally:
                self.lists.discard(f"env[{o.param!r}]")
            legal = codegen.card_sets(o.verb, o.param, domain, where, *o.size)
            bind = codegen.binder(o.param)
            parts = ()
            kind = "cards"
        spec = Choice(o.verb, None, None, legal, None, o.doc or "", label, kind, self.reveals(o.body, set()))
        spec.bind, spec.parts = bind, tuple(parts)
        return spec

    def legal(self, o, inner, coll: str, of_zone: bool):
        """One function giving the items of an option's domain that its `where` allows.  The parts of the
        `where` that are the same for every item are worked out once, before the items."""
        item = f"_o{next(self.fresh)}"
        saved = self.subst, self.hoist
        self.subst, self.hoist = {**self.subst, o.param: (item, True, True)}, []
        if of_zone:
            self.nonnull.add(item)
        try:
            cond = self.gen(o.where, inner)[0]
            hoisted = self.hoist
        finally:
            self.subst, self.hoist = saved
        name = f"L{next(self.fresh)}"
        found = f"[{item} for {item} in {coll} if {cond}]"
        free = _free_values(cond)
        if of_zone and not _CONSTANT.match(coll) and free is not None:
            lines, table = self.card_test(item, cond, free)
            return self.define(name, [f"def {name}(st, env):", *(_INDENT + h for h in hoisted + lines),
                                      f"{_INDENT}if {table} is not None:",
                                      f"{_INDENT}    return [{item} for {item} in {coll} if {table}[{item}]]",
                                      f"{_INDENT}return {found}"])
        if _CONSTANT.match(coll) and free is not None:
            # A fixed list (the claim cards, an attribute's values) filtered by what the state shows: the same
            # values give the same items, so they are kept by the values worked out first.
            key = "(" + "".join(f + ", " for f in free) + ")"
            memo = self.const({}, "MEMO")
            return self.define(name, [f"def {name}(st, env):", *(_INDENT + h for h in hoisted),
                                      f"{_INDENT}key = {key}",
                                      f"{_INDENT}try:",
                                      f"{_INDENT}    kept = {memo}.get(key)",
                                      f"{_INDENT}except TypeError:  # a list among the values: nothing kept",
                                      f"{_INDENT}    return {found}",
                                      f"{_INDENT}if kept is None:",
                                      f"{_INDENT}    if len({memo}) >= MEMO_LIMIT:",
                                      f"{_INDENT}        {memo}.clear()",
                                      f"{_INDENT}    kept = {memo}[key] = tuple({found})",
                                      f"{_INDENT}return kept"])
        return self.define(name, [f"def {name}(st, env):", *(_INDENT + h for h in hoisted), f"{_INDENT}return {found}"])

    def reveals(self, node, seen: set) -> bool:
        """Whether running this (a block, a statement) can `reveal` cards: how a bot tells a challenge from a pass."""
        if isinstance(node, ast.RevealStmt):
            return True
        if isinstance(node, ast.CallStmt):
            proc = self.s.procedures.get(node.name)
            if proc is None or node.name in seen:
                return False
            seen.add(node.name)
            return self.reveals(proc.body, seen)
        if isinstance(node, ast.Block):
            return any(self.reveals(st, seen) for st in node.stmts)
        # A `choose` or `ask` inside is another decision, someone else's perhaps: not this one's doing.
        return any(self.reveals(child, seen) for child in ast.inner_blocks(node))

    def emit_bodies(self, bodies, end, code):
        for label, body, inner in bodies:
            code.place(label)
            self.block(body, inner, code)
            code.jump(end)
        code.place(end)

    def compile_ChooseStmt(self, st, scope, code):
        specs, bodies = self.option_specs(st.options, scope)
        end = ops.Label()
        code.append(self.choose(st, scope, number_choices(tuple(specs))))
        code.jump(end)
        self.emit_bodies(bodies, end, code)

    def choose(self, stmt, scope, specs) -> list[str]:
        """The lines of a `choose`: its legal moves, the calls due, the decision.  An option over the cards of a
        zone is one list comprehension, its `where` written in; the parts of the `where`s that are the same
        for every card are worked out once, before them.  With no legal move the choice is skipped."""
        who = self.gen(stmt.who, scope)[0]
        saved, self.hoist = self.hoist, []
        body: list = []
        tabled: dict = {}  # a zone -> the card options over it tested by tables, each waiting for its lines
        try:
            for spec, o in zip(specs, stmt.options):
                name = self.const(spec, "SPEC")
                if spec.kind == "card" and o.domain is not None:
                    (coll, _, _), of_zone = self.collection(o.domain, scope)
                    if of_zone and not _CONSTANT.match(coll):
                        lines = self.card_option(spec, name, o, scope, coll)
                        if callable(lines):
                            tabled.setdefault(coll, []).append(len(body))
                        body.append(lines)
                        continue
                if spec.kind is None:
                    move = self.const(Move(spec.verb, None, spec.verb, spec.index, spec.doc, kind="", reveals=spec.reveals),
                                      "MOVE")
                    if o.where is None:
                        body.append(f"out.append({move})")
                    else:
                        body += [f"if {self.gen(o.where, scope)[0]}:", f"{_INDENT}out.append({move})"]
                    continue
                body.append(f"m.add_options(st, {name}, env, out, seen)")
            hoisted = self.hoist
        finally:
            self.hoist = saved
        # Two options or more over the same zone, each showing one card of a name: the zone's cards, one of
        # each name, are picked out once (`kinds`, when the first option needs them), and each option's table
        # is looked at for those alone.
        for coll, places in tabled.items():
            kinds = f"_u{next(self.fresh)}" if len(places) > 1 else None
            for i in places:
                body[i] = body[i](kinds)
            if kinds is not None:
                body[places[0]] = [f"{kinds} = None", *body[places[0]]]
        body = [line for part in body for line in ([part] if isinstance(part, str) else part)]
        calls = tuple(self.s.calls)
        due = []
        for c in calls:
            when = self.s.calls[c].when
            if when is not None:
                src = self.due_src(when)
                due += [f"if {src}:", f"{_INDENT}now += ({c!r},)"]
        prompt = self.const(self.text(stmt.prompt or "", scope), "PROMPT")
        seen = ["seen = set()"] if any(re.search(r"\bseen\b", line) for line in body) else []
        now = ["now = ()", *due] if due else []
        return [f"player = {who}", "out = []", *seen, *hoisted, *body,
                "if out:",
                *(_INDENT + line for line in [*now, f"env['$options'] = {self.const(specs, 'SPECS')}",
                                              f"st.pending = m.Decision(player, ops.told(st, {prompt}, env, player), "
                                              f"tuple(out), False, {calls!r}, {'now' if due else '()'})",
                                              "return True"])]

    def card_option(self, spec, name: str, o, scope, coll: str):
        """An option over the cards of a zone, as one list comprehension of its moves: its lines, or for an
        option tested by a table that shows one card of a name, a function of the name of the zone's cards
        one of each name (None if no other option needs them too) that gives its lines."""
        item = f"_o{next(self.fresh)}"
        inner = dict(scope)
        inner[o.param] = "card"
        saved = self.subst
        self.subst = {**self.subst, o.param: (item, True, True)}
        self.nonnull.add(item)
        try:
            cond = self.gen(o.where, inner)[0] if o.where is not None else None
        finally:
            self.subst = saved
        twin = []
        if not self.distinct or spec.shared:
            twin.append(f"(not TWIN[{item}] or (_k := CANON[{item}] + {spec.group}) not in seen and not seen.add(_k))")
        moves = f"_m{next(self.fresh)}"

        def comprehension(tests):
            return f"out += [{moves}[{item}] for {item} in {coll}{' if ' if tests else ''}{' and '.join(tests)}]"
        lines = [f"{moves} = {name}.card_moves", f"{moves} = {moves}[1] if {moves}[0] is st.program.cards "
                                                 f"else m.card_moves({name}, st.program)"]
        free = _free_values(cond) if cond is not None else None
        if free is None:
            return [*lines, comprehension(([cond] if cond is not None else []) + twin)]
        one_of_each = not self.distinct and not spec.shared  # shows the first card of a name that passes
        table_lines, table = self.card_test(item, cond, free, one_of_each)
        by_table = [f"if {table} is not None:", _INDENT + comprehension([f"{table}[{item}]"] + twin)]
        plain = ["else:", _INDENT + comprehension([cond] + twin)]
        if not one_of_each:
            return [*lines, *table_lines, *by_table, *plain]

        def finish(kinds: str | None) -> list[str]:
            """The lines, once it is known whether the zone's cards one of each name (`kinds`) are picked out
            for this option and others.  The first card of a name is the one to show when the cards of each
            name all pass the table or all fail it (its last item says so); otherwise each card is looked up."""
            if kinds is None:
                return [*lines, *table_lines, *by_table, *plain]
            return [*lines, *table_lines,
                    f"if {table} is not None and {table}[{self.deck_size}]:",
                    f"{_INDENT}if {kinds} is None:",
                    f"{_INDENT * 2}_us = set()",
                    f"{_INDENT * 2}{kinds} = [_o for _o in {coll} if not TWIN[_o] or (_k := CANON[_o]) not in _us "
                    "and not _us.add(_k)]",
                    f"{_INDENT}out += [{moves}[{item}] for {item} in {kinds} if {table}[{item}]]",
                    "el" + by_table[0], by_table[1], *plain]
        return finish

    def card_test(self, item: str, cond: str, free: list[str], names_agree: bool = False) -> tuple[list[str], str]:
        """A `where` over the cards of a zone that reads only the card and values worked out before it (`free`):
        whether each card of the deck passes is worked out once for those values and kept, so each card in
        the zone costs one look in a table.  Returns the lines that find the table (None if the `where`
        fails for some card of the deck: it is then tested card by card, as written) and the table's name.
        `names_agree`: the table has one item more, after the deck's, saying whether the cards of each name
        all pass or all fail."""
        n = next(self.fresh)
        params = [f for f in free if f.startswith("_h")]
        lines = [f"def TB{n}(env, {''.join(p + ', ' for p in params)}):",
                 f"{_INDENT}table = tuple([True if {cond} else False for {item} in range({self.deck_size})])"]
        if names_agree:
            lines.append(f"{_INDENT}table += (all([table[c] == table[k] for c, k in enumerate(CANON[:{self.deck_size}])]),)")
        lines.append(f"{_INDENT}return table")
        made: list = []

        def build(*args):  # compiled when first needed: loading a file stays quick
            if not made:
                made.append(self.define(f"TB{n}", lines))
            return made[0](*args)
        memo, build = self.const({}, "MEMO"), self.const(build, "BUILD")
        table, key = f"_t{n}", "(" + "".join(f + ", " for f in free) + ")"
        return ["try:",
                f"{_INDENT}{table} = {memo}[{key}]",
                "except KeyError:",
                f"{_INDENT}{table} = card_table({memo}, {key}, {build}, env, {''.join(p + ', ' for p in params)})",
                "except TypeError:  # a list among the values: nothing kept",
                f"{_INDENT}{table} = None"], table

    def compile_AskStmt(self, st, scope, code):
        key = f"$ask{next(self.fresh)}"
        who = self.expr(st.who, scope)
        if st.bind:
            scope = {**scope, st.bind: "player"}
        specs, bodies = self.option_specs(st.options, scope)
        again, end = ops.Label(), ops.Label()
        specs.append(Choice("pass", None, None, None, None, "let it pass", again, "", False))
        code.append(ops.op_ask_init(key, who, st.race))
        code.place(again)
        if not st.race:
            code.append(ops.op_ask_next(key, self.text(st.prompt or "", scope), tuple(specs), end, st.bind), sets_pc=True)
            self.emit_bodies(bodies, end, code)
            return
        # A race: everyone is asked, and what each does is kept (each option's label keeps it and asks the next);
        # then, of those who acted, the table says who was first (`first NAME`), and the first one's option runs.
        settle, pick = ops.Label(), ops.Label()
        code.append(ops.op_ask_next(key, self.text(st.prompt or "", scope), tuple(specs), settle, st.bind), sets_pc=True)
        targets = []
        for i, (spec, o, (label, _, _)) in enumerate(zip(specs, st.options, bodies)):
            spec.label = ops.Label()
            code.place(spec.label)
            names = tuple(n for n, _ in o.params) if o.takes == "several" else (o.param,) if o.param else ()
            code.append(ops.op_ask_keep(key, i, names, again), sets_pc=True)
            targets.append((label, names))
        acted = self.lam("st, env", f"[p for p, _, _ in env[{key + '!'!r}]]")
        first = Choice("first", "$first", acted, acted, None, "the first to act", pick, "player", False)
        code.place(settle)
        code.append(ops.op_ask_settle(key, st.options[0].verb, (first,), pick), sets_pc=True)
        code.place(pick)
        code.append(ops.op_ask_pick(key, tuple(targets), end, st.bind), sets_pc=True)
        self.emit_bodies(bodies, end, code)

    def compile_FireStmt(self, st, scope, code):
        args = "".join(self.gen(a, scope)[0] + ", " for a in st.args)
        code.append([f"m.fire(st, {st.event!r}, ({args}))"])

    def compile_SkipStmt(self, st, scope, code):
        code.append(ops.op_skip)

    def compile_ReverseStmt(self, st, scope, code):
        code.append(ops.op_reverse)

    def compile_AgainStmt(self, st, scope, code):
        code.append(ops.op_again)

    def compile_WinStmt(self, st, scope, code):
        code.append(ops.op_win(self.expr(st.who, scope)))

    def compile_OutStmt(self, st, scope, code):
        code.append(ops.op_leave(self.expr(st.who, scope), False))

    def compile_LoseStmt(self, st, scope, code):
        code.append(ops.op_leave(self.expr(st.who, scope), True))

    def compile_RevealStmt(self, st, scope, code):
        code.append(ops.op_reveal(self.expr(st.cards, scope), self.expr(st.to, scope)))

    def compile_SayStmt(self, st, scope, code):
        code.append(ops.op_say(self.text(st.text, scope)))

    def compile_TurnToStmt(self, st, scope, code):
        code.append(ops.op_turn_to(self.expr(st.who, scope), st.now))

    def compile_ClaimStmt(self, st, scope, code):
        kind = self.typer.expr(st.says, scope)
        code.append(ops.op_claim(self.expr(st.cards, scope), self.expr(st.says, scope), kind))

    def compile_AddStmt(self, st, scope, code):
        key = self.expr(st.key, scope) if st.key is not None else None
        code.append(ops.op_add(self.expr(st.rule, scope), key))

    def compile_RaceStmt(self, st, scope, code):
        loser = st.bind or "$loser"
        label, end = ops.Label(), ops.Label()
        everyone = self.lam("st, env", "list(range(st.n))")
        spec = Choice("last", loser, everyone, everyone, None, "the last to do it", label, "player", False)
        code.append(ops.op_race(st.word, (spec,)))
        code.jump(end)
        code.place(label)
        if st.body is not None:
            self.block(st.body, {**scope, loser: "player"}, code)
        else:
            code.append([f"m.fire(st, 'race_lost', (env[{loser!r}],))"])
        code.place(end)

    def native_TallyStmt(self, st, scope):
        key = "tally:" + st.name
        return [f"st.stats[{key!r}] = st.stats.get({key!r}, 0) + 1"]

    def compile_CallStmt(self, st, scope, code):
        params = self.s.procedures[st.name].params
        env = ", ".join(f"{p!r}: {self.gen(a, scope)[0]}" for p, a in zip(params, st.args))
        code.append([f"_p = st.program.procs[{st.name!r}]", f"st.stack.append(m.Frame(_p.code, {{{env}}}, _p.name))"])

    def text(self, template: str, scope):
        """A string with `{name}` parts shown as players, cards or values, and `{is|are}` forms.

        `render(st, env)` tells it to anyone.  A text written with `{a|b}` forms is about the first player it
        names (`render.about(st, env)`, else None); `render(st, env, you)` tells it to seat `you`, saying "you"
        wherever it names them, and each form after that takes its second word until another player is named.
        `render.cards(st, env)` are the cards it names, alone or by an attribute (`{c.colour}`); those in
        `render(..., hide=)` are told as "a card" and "(hidden colour)" (`interpreter.ops.told`)."""
        pieces = []  # literal text, ("value", f, type, the card f of an attribute or None, attr), ("forms", a, b)
        at = 0
        for m in TEXT_PART.finditer(template):
            pieces.append(template[at:m.start()])
            if m.group("alt") is not None:
                pieces.append(("forms", m.group("one"), m.group("you")))
            else:
                e = ast.Name(name=m.group("name"))
                of = None  # for an attribute of a card (`{c.colour}`): the card, whose sight it shares
                if m.group("attr"):
                    if self.typer.expr(e, scope) == "card":
                        of = self.expr(e, scope)
                    e = ast.Attr(expr=e, name=m.group("attr"))
                pieces.append(("value", self.expr(e, scope), self.typer.expr(e, scope), of, m.group("attr")))
            at = m.end()
        pieces.append(template[at:])
        if len(pieces) == 1:
            def plain(st, env, you=None, hide=frozenset()):
                return template
            plain.about = lambda st, env: None
            plain.cards = lambda st, env: set()
            return plain
        # Only a text written with forms is told in the second person: in one without, a verb would not agree.
        forms = any(isinstance(p, tuple) and p[0] == "forms" for p in pieces)
        subject = next((i for i, p in enumerate(pieces) if isinstance(p, tuple) and p[0] == "value" and p[2] == "player"),
                       None) if forms else None
        show = self.show

        def about(st, env):
            return pieces[subject][1](st, env) if subject is not None else None

        def cards(st, env) -> set:
            """The cards the text names (a card, or a list of cards): those a seat may not see are hidden from it."""
            out = set()
            for p in pieces:
                if isinstance(p, tuple) and p[0] == "value" and (p[3] is not None or p[2] in ("card", "list:card")):
                    v = p[1](st, env) if p[3] is None else p[3](st, env)
                    if isinstance(v, (list, tuple)):
                        out.update(c for c in v if isinstance(c, int))
                    elif isinstance(v, int):
                        out.add(v)
            return out

        def render(st, env, you=None, hide=frozenset()):
            told = you is not None and subject is not None
            out = []
            agree = False  # a form agrees with the player named last before it: "you" or another
            for p in pieces:
                if not isinstance(p, tuple):
                    out.append(p)
                elif p[0] == "forms":
                    out.append(p[2] if agree else p[1])
                elif hide and p[3] is not None and p[3](st, env) in hide:  # an attribute of a card out of sight
                    out.append(f"(hidden {p[4]})")
                else:
                    v = p[1](st, env)
                    if told and p[2] == "player" and v == you:
                        out.append("You" if not "".join(out).strip() else "you")
                        agree = True
                        continue
                    out.append(show(st, v, p[2], hide))
                    if p[2] == "player":
                        agree = False
            return "".join(out)
        render.about = about
        render.cards = cards
        return render

    def show(self, st, v, t, hide=frozenset()):
        """A value in words: a player's name, a card's name (or "a card", for one in `hide`), a value's display
        name, a list joined."""
        if v is None:
            return "nothing"
        if t == "player":
            return st.names[v]
        if t == "card":
            return "a card" if v in hide else st.program.cards[v].name
        if t.startswith("list:") and isinstance(v, (list, tuple)):
            return ", ".join(self.show(st, x, t[5:], hide) for x in v) or "nothing"
        if t.startswith("value:"):
            info = self.attributes[t[6:]].info(v)
            return info.display if info else str(v)
        if isinstance(v, str):
            for a in self.attributes.values():
                info = a.info(v)
                if info:
                    return info.display
        if isinstance(v, bool):
            return "yes" if v else "no"
        return str(v)

    # ------------------------------------------------------------ expressions
    #
    # An expression compiles to Python source, a `Py`: (source, varies, safe).  `varies`: it reads a name
    # bound inside the expression being compiled (an option's argument, a comprehension's item, an inlined
    # function's parameter), so it cannot be worked out once before them.  `safe`: it cannot fail and does
    # no work worth repeating, so it may be worked out early.  Inside an option's `where`, safe parts that do
    # not vary are worked out once per decision, not once per card (`self.hoist`).

    def expr(self, e, scope):
        """A closure `f(state, env)` giving the value of an expression."""
        return self.lam("st, env", self.gen(e, scope)[0])

    def lam(self, params: str, body: str):
        key = (params, body)
        f = self.lambdas.get(key)
        if f is None:
            f = self.lambdas[key] = eval(self.code(f"lambda {params}: {body}", "<rules>", "eval"), self.ns)
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

    def define(self, name: str, lines: list[str]):
        """Compile generated statements into a function of the namespace and return it (the one already made,
        for the same statements: rules written in play often repeat one another)."""
        key = "\n".join([lines[0].replace(name, "_"), *lines[1:]])
        fn = self.defined.get(key)
        if fn is None:
            filename = places.register(name, lines, self.marks, self.texts)
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

    def gen(self, e, scope) -> tuple:
        return getattr(self, "gen_" + type(e).__name__)(e, scope)

    def hoisted(self, py: tuple) -> tuple:
        """Inside a `where`: a safe part that is the same for every card is worked out once, before them."""
        src, varies, safe = py
        if self.hoist is None or varies or not safe or _LITERAL.match(src):
            return py
        line = next((h for h in self.hoist if h.endswith(" = " + src)), None)  # the same part twice: once
        if line is None:
            line = f"_h{len(self.hoist)} = {src}"
            self.hoist.append(line)
        return (line.split(" = ", 1)[0], False, True)

    def collection(self, e, scope) -> tuple:
        """Source for the items of a zone or list (a zone's own list: do not change it); and whether those
        items are the cards of a zone (never none)."""
        t = self.typer.expr(e, scope)
        if t == "zone":
            if isinstance(e, ast.Name) and e.name not in scope and e.name in self.s.zones:
                return (f"st.zones[{self.zone_index[e.name]}]", False, True), True
            if (isinstance(e, ast.Call) and e.name in self.s.zones and len(e.args) == 1
                    and self.typer.expr(e.args[0], scope) == "player"):
                p = self.gen(e.args[0], scope)
                if _SIMPLE.match(p[0]) or p[0].startswith("(("):
                    return (f"st.zones[{self.zone_index[e.name]}][{p[0]}]", p[1], p[2]), True
            src, varies, _ = self.gen(e, scope)
            return (f"st.zone(*{src})", varies, False), True
        src, varies, safe = self.gen(e, scope)
        if src in self.lists:
            return (src, varies, True), False
        if isinstance(e, ast.Name) and e.name == "claims" and e.name not in scope:
            return (src, varies, safe), True  # the claim cards: never none
        if isinstance(e, (ast.ListLit, ast.Range, ast.Comprehension)) or t.startswith("list:") and isinstance(e, ast.Name) \
                and e.name not in scope:
            return (src, varies, safe), False
        return (f"items(st, {src})", varies, False), False

    def gen_Literal(self, e, scope):
        v = e.value
        if v is None or isinstance(v, (bool, int, str)):
            return (repr(v), False, True)
        return (self.const(v), False, True)

    def gen_Name(self, e, scope):
        n, s = e.name, self.s
        if n in scope:
            if n in self.subst:
                return self.subst[n]
            return (f"env[{n!r}]", False, False)
        fixed = (self.leaving and _NAMES_LEAVING.get(n)) or _NAMES.get(n)
        if fixed is not None and n in YIELDING_NAMES and n in s.declared_names():
            fixed = None  # the game's own `finished` or `playing`
        if fixed is not None:
            return (fixed, False, True)
        if n in s.vars:
            return self.hoisted((f"st.vars[{n!r}]", False, True))
        if n == "claims":
            return (self.const(list(self.claim_ids), "CLAIMS"), False, True)
        if n in s.consts:
            saved, self.subst = self.subst, {}
            try:
                return self.gen(s.consts[n].value, {})
            finally:
                self.subst = saved
        if n in s.options:
            return self.hoisted((f"st.options[{n!r}]", False, True))
        if n in s.zones:
            return (self.const(ops.zone_ref(self.zone_index[n]), "Z"), False, True)
        if n in s.values:
            return (repr(n), False, True)
        if n in s.attributes:
            a = s.attributes[n]
            values = tuple(range(a.low, a.high + 1)) if isinstance(a, ast.RangeAttributeDecl) else tuple(v.name for v in a.values)
            return (self.const(list(values), "VALUES"), False, True)
        raise RulesCheckError(f"unknown name `{n}`", e.loc)  # the checker reports this first

    def same(self, by: tuple) -> str:
        """The function `same(x, y)` compiles to: the cards agree on the attributes `by` (made once)."""
        name = self.same_fns.get(by)
        if name is None:
            tables = [self.attr_tables[a] for a in by]
            kinds: dict = {}  # each card's values of those attributes, as one number
            kind = tuple(kinds.setdefault(tuple(t[c] for t in tables), len(kinds)) for c in range(len(self.cards)))

            def same(x, y):
                return x is not None and y is not None and kind[x] == kind[y]
            name = self.same_fns[by] = self.const(same, "SAME")
        return name

    def gen_Call(self, e, scope):
        n, s = e.name, self.s
        if n in s.zones:
            p = self.gen(e.args[0], scope)
            zi = self.zone_index[n]
            if p[0] == "st.current":  # always a player: each player's zone made once
                refs = self.own_zones.get(zi)
                if refs is None:
                    refs = self.own_zones[zi] = self.const(tuple(ops.zone_ref(zi, q) for q in range(s.players.high)),
                                                           "ZONES")
                return (f"{refs}[st.current]", p[1], True)
            return (f"zone_of(st, {zi}, {p[0]})", p[1], False)
        if n == "score" or n in s.vars:
            p = self.gen(e.args[0], scope)
            return (f"st.pvars[{n!r}][{p[0]}]", p[1], False)
        if n in ("top", "bottom"):
            (src, varies, safe), _ = self.collection(e.args[0], scope)
            return self.hoisted((f"({src} or NONE1)[{-1 if n == 'top' else 0}]", varies, safe))
        if n == "has_rule":
            k = self.gen(e.args[0], scope)
            return (f"({k[0]} in st.house)", k[1], False)
        if n == "same":
            by = tuple(s.claims.attributes) if s.claims else tuple(s.names.attributes if s.names else s.attributes)
            a0, a1 = (self.gen(a, scope) for a in e.args)
            return (f"{self.same(by)}({a0[0]}, {a1[0]})", a0[1] or a1[1], False)
        if n == "size":
            (src, varies, safe), _ = self.collection(e.args[0], scope)
            return (f"len({src})", varies, safe)
        if n == "called":
            p = self.gen(e.args[0], scope)
            return (f"({e.args[1].name!r} in st.called[{p[0]}])", p[1], False)
        args = [self.gen(a, scope) for a in e.args]
        varies = any(a[1] for a in args)
        if n == "others":
            return (f"others(st, {args[0][0]})", varies, False)
        if n in s.functions and n in YIELDING_FUNCS:
            pass  # the game's own function of this name, below
        elif n == "place":
            return (f"m.place(st, {args[0][0]})", varies, False)
        elif n == "partner":
            return (f"m.partner(st, {args[0][0]})", varies, False)
        elif n == "team":
            return (f"m.team(st, {args[0][0]})", varies, False)
        elif n == "last_place":
            return (f"m.place(st, {args[0][0]}, st.last_places)", varies, False)
        if n in ("after", "before") and self.leaving:
            sign = "" if n == "after" else "-"
            return (f"m.seat_after(st, {args[0][0]}, {sign}st.direction)", varies, False)
        if n in ("after", "before"):
            sign = "+" if n == "after" else "-"
            return (f"(({args[0][0]} {sign} st.direction) % st.n)", varies, False)
        if n == "nth" and n not in s.functions:
            (coll, cv, _), _ = self.collection(e.args[0], scope)
            return (f"nth(st, {coll}, {args[1][0]})", varies or cv, False)
        if n in ("next", "previous", "sort") and n not in s.functions:
            place, after, before = self.orders()
            if n == "sort":
                return (f"sort_values({place}, counted(st, items(st, {args[0][0]})))", varies, False)
            return (f"{after if n == 'next' else before}.get({args[0][0]})", varies, False)
        if n in s.functions and n not in self.inlining and len(self.inlining) < 16:
            return self.inline(s.functions[n], args)
        if n in s.functions:
            fn = self.function(s.functions[n])
            return (f"{fn}(st{''.join(', ' + a[0] for a in args)})", varies, False)
        raise RulesCheckError(f"unknown function `{n}`", e.loc)

    def inline(self, f, args) -> tuple:
        """A function's body in place of its call.  An argument that is a plain name or value is written in
        place of the parameter; any other is worked out once, as the argument of a lambda."""
        subst, wrapped = {}, []
        for p, a in zip(f.params, args):
            if _SIMPLE.match(a[0]):
                subst[p] = a
            else:
                name = f"_a{next(self.fresh)}"
                subst[p] = (name, True, True)
                wrapped.append((name, a[0]))
        saved, self.subst = self.subst, subst
        self.inlining.append(f.name)
        try:
            src, varies, safe = self.gen(f.body, params_scope(f.params))
        finally:
            self.inlining.pop()
            self.subst = saved
        varies = varies or any(a[1] for a in args)
        if wrapped:
            params = ", ".join(name for name, _ in wrapped)
            values = ", ".join(a for _, a in wrapped)
            return (f"(lambda {params}: {src})({values})", True, False)
        return (src, varies, safe)

    def function(self, d) -> str:
        """A function that calls itself (or is too deep to inline): one Python function of the namespace."""
        name = self.fn_names.get(d.name)
        if name is not None:
            return name
        name = self.fn_names[d.name] = f"F_{d.name}_{next(self.fresh)}"
        params = [f"_p{i}" for i in range(len(d.params))]
        saved = self.subst, self.hoist, self.inlining
        self.subst = {p: (q, True, False) for p, q in zip(d.params, params)}
        self.hoist, self.inlining = None, [d.name]
        try:
            body = self.gen(d.body, params_scope(d.params))[0]
        finally:
            self.subst, self.hoist, self.inlining = saved
        self.define(name, [f"def {name}(st{''.join(', ' + p for p in params)}):", f"    return {body}"])
        return name

    def gen_Attr(self, e, scope):
        table = self.const(self.attr_tables[e.name], "T_" + e.name + "_")
        src, varies, safe = self.gen(e.expr, scope)
        safe = safe and self.typer.expr(e.expr, scope) == "card"
        if src in self.nonnull:
            out = f"{table}[{src}]"
        elif _SIMPLE.match(src):
            out = f"({table}[{src}] if {src} is not None else None)"
        else:
            out = f"attr({table}, {src})"
        return self.hoisted((out, varies, safe))

    def gen_BoolOp(self, e, scope):
        a, b = self.gen(e.left, scope), self.gen(e.right, scope)
        return (f"({a[0]} {e.op} {b[0]})", a[1] or b[1], a[2] and b[2])

    def gen_IfExpr(self, e, scope):
        c, a, b = self.gen(e.cond, scope), self.gen(e.then, scope), self.gen(e.otherwise, scope)
        return (f"({a[0]} if {c[0]} else {b[0]})", c[1] or a[1] or b[1], c[2] and a[2] and b[2])

    def gen_Not(self, e, scope):
        a = self.gen(e.expr, scope)
        return (f"(not {a[0]})", a[1], a[2])

    def orders(self) -> tuple:
        """The names of three tables over the values of every `ordered` attribute (a value belongs to one
        attribute): its place in its order, the value after it and the value before it, round the order."""
        if not hasattr(self, "_orders"):
            place, after, before = {}, {}, {}
            for d in self.s.attributes.values():
                if isinstance(d, ast.AttributeDecl) and d.ordered:
                    names = [v.name for v in d.values]
                    for i, v in enumerate(names):
                        place[v], after[v], before[v] = i, names[(i + 1) % len(names)], names[i - 1]
            self._orders = (self.const(place, "ORD"), self.const(after, "SUCC"), self.const(before, "PRED"))
        return self._orders

    def has_order(self) -> bool:
        """Whether the game declares an `ordered` attribute."""
        return any(isinstance(d, ast.AttributeDecl) and d.ordered for d in self.s.attributes.values())

    def ordered_type(self, e, scope) -> bool:
        """Whether an expression gives values of an `ordered` attribute (compared by their place, not as text)."""
        return self.typer.order_of(self.typer.expr(e, scope)) is not None

    def gen_Compare(self, e, scope):
        a, b = self.gen(e.left, scope), self.gen(e.right, scope)
        if e.op not in ("==", "!=") and (self.ordered_type(e.left, scope) or self.ordered_type(e.right, scope)):
            place = self.orders()[0]
            a, b = ((f"{place}.get({x[0]})", x[1], x[2]) for x in (a, b))
            return (f"ordered({self.const(_COMPARE[e.op], 'OP')}, {a[0]}, {b[0]})", a[1] or b[1], False)
        if e.op not in ("==", "!=") and self.has_order() and "any" in (self.typer.expr(e.left, scope),
                                                                       self.typer.expr(e.right, scope)):
            # A value of unknown type (a function's parameter) may be one of an ordered attribute: by its place.
            place = self.orders()[0]
            a, b = ((f"{place}.get({x[0]}, {x[0]})", x[1], x[2]) for x in (a, b))
            return (f"ordered({self.const(_COMPARE[e.op], 'OP')}, {a[0]}, {b[0]})", a[1] or b[1], False)
        varies = a[1] or b[1]
        if e.op in ("==", "!="):
            return (f"({a[0]} {e.op} {b[0]})", varies, a[2] and b[2])
        if all(_SIMPLE.match(x) or _NEVER_NONE.match(x) for x in (a[0], b[0])):
            tests = [f"{x} is not None" for x in (a[0], b[0]) if not _NEVER_NONE.match(x)]
            return (f"({' and '.join(tests + [f'{a[0]} {e.op} {b[0]}'])})", varies, False)
        return (f"ordered({self.const(_COMPARE[e.op], 'OP')}, {a[0]}, {b[0]})", varies, False)

    def gen_In(self, e, scope):
        item = self.gen(e.item, scope)
        (coll, varies, safe), _ = self.collection(e.collection, scope)
        return (f"({item[0]} in {coll})", item[1] or varies, item[2] and safe)

    def gen_Is(self, e, scope):
        src, varies, safe = self.gen(e.expr, scope)
        table = self.class_tables.get(e.cls)
        if table is None:  # a class used inside another class: computed card by card
            pred = self.expr(self.s.classes[e.cls].expr, {"card": "card"})
            name = self.const(lambda st, c: c is not None and bool(pred(st, {"card": c})), "CLASS")
            return (f"{name}(st, {src})", varies, False)
        t = self.const(table, "C_" + e.cls + "_")
        if src in self.nonnull:
            return (f"{t}[{src}]", varies, safe)
        if _SIMPLE.match(src):
            return (f"({src} is not None and {t}[{src}])", varies, safe)
        return (f"is_({t}, {src})", varies, False)

    def gen_Range(self, e, scope):
        a, b = self.gen(e.low, scope), self.gen(e.high, scope)
        return (f"number_range(st, {a[0]}, {b[0]})", a[1] or b[1], False)

    def gen_Arith(self, e, scope):
        t = self.typer.expr(e.left, scope)
        if e.op == "+" and (t == "zone" or t.startswith("list:")):
            (a, va, _), _ = self.collection(e.left, scope)
            (b, vb, _), _ = self.collection(e.right, scope)
            return (f"(counted(st, {a}) + counted(st, {b}))", va or vb, False)
        a, b = self.gen(e.left, scope), self.gen(e.right, scope)
        op = "//" if e.op == "/" else e.op
        if op == "*" or (op in "+-" and not (_INT.match(a[0]) or _INT.match(b[0]))):
            return (f"{_CHECKED[op]}({a[0]}, {b[0]})", a[1] or b[1], False)
        return (f"({a[0]} {op} {b[0]})", a[1] or b[1], False)

    def gen_Neg(self, e, scope):
        a = self.gen(e.expr, scope)
        return (f"(-{a[0]})", a[1], False)

    def gen_ListLit(self, e, scope):
        parts = [self.gen(i, scope) for i in e.items]
        return ("[" + ", ".join(p[0] for p in parts) + "]", any(p[1] for p in parts), False)

    def gen_Aggregate(self, e, scope):
        (coll, varies, _), _ = self.collection(e.expr, scope)
        if e.fn in ("min", "max") and self.typer.order_of(elem_type(self.typer.expr(e.expr, scope)) or "") is not None:
            return (f"BY_ORDER_{e.fn}({self.orders()[0]}, counted(st, {coll}))", varies, False)
        return (f"AGG_{e.fn}(counted(st, {coll}))", varies, False)

    def gen_Comprehension(self, e, scope):
        (coll, varies, _), of_zone = self.collection(e.iterable, scope)
        inner = {**scope, e.var: elem_type(self.typer.expr(e.iterable, scope)) or "any"}
        var = f"_v{next(self.fresh)}"
        saved = self.subst
        self.subst = {**saved, e.var: (var, True, True)}
        if of_zone:
            self.nonnull.add(var)
        try:
            body = self.gen(e.expr, inner)[0]
            cond = self.gen(e.cond, inner)[0] if e.cond is not None else None
            keys = [self.gen(k, inner)[0] for k in e.keys]
        finally:
            self.subst = saved
        if keys:
            where = f" if {cond}" if cond is not None else ""
            place = self.orders()[0] if self.has_order() else "{}"
            return (f"RANKED_{e.fn}({place}, [({body}, ({', '.join(keys)},)) for {var} in counted(st, {coll}){where}])",
                    True, False)
        if e.fn == "any" and cond is None:
            return (f"any_early({body} for {var} in {coll})", True, False)
        where = f" if {cond}" if cond is not None else ""
        fn = f"AGG_{e.fn}"
        if e.fn in ("min", "max") and self.ordered_type(e.expr, inner):
            fn = f"BY_ORDER_{e.fn}({self.orders()[0]}, "
            return (f"{fn}[{body} for {var} in counted(st, {coll}){where}])", True, False)
        if e.fn in ("all", "any") and self.typer.expr(e.expr, inner) == "bool":
            # true or false (or none, which counts as false) each: Python's own, stopping at the first that decides
            return (f"{e.fn}({body} for {var} in counted(st, {coll}){where})", True, False)
        return (f"{fn}([{body} for {var} in counted(st, {coll}){where}])", True, False)


    def gen_Splits(self, e, scope):
        (coll, varies, _), _ = self.collection(e.iterable, scope)
        inner = {**scope, e.var: "list:" + (elem_type(self.typer.expr(e.iterable, scope)) or "any")}
        var = f"_v{next(self.fresh)}"
        saved = self.subst
        self.subst = {**saved, e.var: (var, True, True)}
        self.lists.add(var)  # the group: a list, never none
        try:
            cond = self.gen(e.cond, inner)[0]
        finally:
            self.subst = saved
            self.lists.discard(var)
        # The group counts as one step whatever its condition reads (codegen.splits): it is not counted again.
        cond = cond.replace(f"counted(st, {var})", var)
        # A condition that reads only the group gives the same splits for the same items: they are kept.
        memo = self.const({}, "SPLITS") if self.typer.beyond_card(e.cond, {e.var}, ()) is None else "None"
        return (f"splits(st, {memo}, counted(st, {coll}), lambda {var}: {cond})", True, False)


# Python source of the names every game has.
_NAMES = {
    "current": "st.current",
    "next": "((st.current + st.direction) % st.n)",
    "previous": "((st.current - st.direction) % st.n)",
    "players": "list(range(st.n))",
    "winners": "list(st.winners)",
    "dealer": "((st.hand_no - 2) % st.n)",
    "direction": "st.direction",
    "hand_number": "st.hand_no",
    "house_rules": "list(st.house)",
    "playing": "m.playing(st)",
    "finished": "list(st.finished)",
}
# The same, in a game where seats leave play (`out`, `lose`): the seats next to one pass over those out.
_NAMES_LEAVING = {
    "next": "m.seat_after(st, st.current, st.direction)",
    "previous": "m.seat_after(st, st.current, -st.direction)",
}
# Source that is never none: a number written out, the size of a zone.
_NEVER_NONE = re.compile(r"^(?:-?\d+|len\(st\.zones\[\d+\](?:\[[\w.\[\]']+\])?\))$")
# A constant of the namespace (a fixed list), and what shows that source reads the state or calls code.
_CONSTANT = re.compile(r"^[A-Z][A-Za-z_0-9]*$")
_READS_STATE = re.compile(r"\bst\b|\benv\b")
_ENV_READ = re.compile(r"\benv\[('\w+')\]")
_HOISTED = re.compile(r"\b_h\d+\b")
_CALL = re.compile(r"\b([A-Za-z_]\w*)\(")
# Helpers that give the same result for the same arguments and read nothing else.
_PURE_CALL = re.compile(r"^(?:len|all|any|ordered|attr|is_|any_early|SAME\d+|AGG_\w+|MUL|ADD|SUB)$")
_INT = re.compile(r"^\(?-?\d+\)?$")
_CHECKED = {"*": "MUL", "+": "ADD", "-": "SUB"}  # arithmetic that checks its result stays a number within bounds


_NAME = re.compile(r"\b[A-Za-z_]\w*\b")
_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_KEYWORDS = frozenset(("and", "or", "not", "if", "else", "is", "in", "for", "None", "True", "False"))
# Python names the compiler binds: an option's item, a comprehension's, a value worked out before, a twin's key.
_BOUND = re.compile(r"^_[hovkf]\d*$")


def _free_values(cond: str) -> list[str] | None:
    """What a `where` reads besides its item, if it reads only values worked out before it (`_h...`) and the
    frame's locals: the source of each (a local as `env.get(...)`: the `where` may not read it), as the key
    its results are kept by.  None if it reads the state or calls code that might."""
    rest = _ENV_READ.sub("", cond)
    if _READS_STATE.search(rest) or not all(_PURE_CALL.match(f) for f in _CALL.findall(rest)):
        return None
    names = _NAME.findall(_STRING.sub("", rest))  # anything else must be a constant, the item, or bound inside
    if not all(n in _KEYWORDS or _PURE_CALL.match(n) or _BOUND.match(n) or n[0].isupper() for n in names):
        return None
    return sorted(set(_HOISTED.findall(cond)), key=lambda h: int(h[2:])) + \
        [f"env.get({n})" for n in sorted(set(_ENV_READ.findall(cond)))]
# Source cheap and harmless to write twice: a name, a subscript by a constant, an attribute, a literal.
_SIMPLE = re.compile(r"^(?:[A-Za-z_]\w*(?:\.\w+)?(?:\[(?:'\w*'|\d+)\])?|-?\d+|'[^'\\]*')$")
_LITERAL = re.compile(r"^(?:-?\d+|'[^'\\]*'|None|True|False|[A-Z][A-Za-z_0-9]*|_[a-z]\d+)$")


# Blocks nested deeper than this are cut into basic blocks joined by jumps rather than written as nested Python,
# which allows only 20 nested loops and 100 levels of indentation.
NATIVE_DEPTH = 8


def _nesting(st) -> int:
    """How many blocks deep a statement's own blocks go (0 for a statement without any)."""
    return max((1 + max((_nesting(s) for s in b.stmts), default=0) for b in ast.inner_blocks(st)), default=0)


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
