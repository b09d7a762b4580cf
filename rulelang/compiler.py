"""Compile a checked game into the interpreter's immutable Program: closures and flat code, built once."""
from __future__ import annotations

import itertools
import operator

import attrs

from interpreter import ops
from interpreter.machine import RULE_FAILURES
from interpreter.program import Attribute, AttrValueInfo, Card, OptionSpec, Proc, Program, Rule, VarSpec, ZoneSpec

from . import ast
from .checker import BUILTIN_EVENTS, INTERPOLATION, Checker, Symbols, elem_type, params_scope, var_type
from .errors import RulesCheckError, RulesErrors, RuntimeRulesError
from .parser import parse_rule

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_NO_KEY = object()
MAX_CARDS = 10_000
MAX_RANGE = 100_000
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv, "%": operator.mod}


def _display(value_name: str) -> str:
    return value_name.replace("_", " ").title()


class Compiler:
    """One `compile_<Node>` method per construct; the checker has already vouched for every name."""

    def __init__(self, symbols: Symbols, source_texts: dict | None = None):
        self.s = symbols
        self.typer = Checker(symbols)  # its typing, not its errors: used to know how to show and parse values
        self.texts = source_texts or {}
        self.fresh = itertools.count()
        self.functions: dict = {}
        self.attr_tables: dict = {}
        self.class_tables: dict = {}
        self.cards: tuple = ()
        self.zone_index = {name: i for i, name in enumerate(self.s.zones)}
        self.subst: dict = {}  # parameters of a function being inlined -> the caller's argument closures
        self.card_locals: dict = {}  # procedure or rule name -> its locals that hold cards
        self.card_names = None
        self.inlining: list = []

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
        for name, d in s.functions.items():
            self.functions[name] = self.function(d)
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
            call_due={name: self.expr(d.when, {"player": "player"}) for name, d in s.calls.items() if d.when is not None},
            events={name: tuple(p) for name, p in s.events.items()},
            rules=rules,
            setup=self.proc("setup", (), s.setup.body, {}),
            turn=self.proc("turn", (), s.turn.body, {}),
            score=self.proc("score", (), s.score.body, {}) if s.score else None,
            main=Proc("game", (), ops.MAIN_CODE),
            match_target=match.target if isinstance(match, ast.MatchTo) else None,
            match_hands=match.hands if isinstance(match, ast.MatchHands) else None,
            options=opts,
            procs=procs,
            classes=dict(self.class_tables),
            claims=self.claim_ids,
            var_kinds={name: var_type(s, name) for name in s.vars},
            compile_rule=self.compile_rule,
            card_locals=self.card_locals,
            house_limit=s.house_limit.limit if s.house_limit else 5,
            examples=tuple(_source_of(r, self.texts) for r in (s.examples.rules if s.examples else ())),
            claim_attrs=claim_attrs,
        )

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
        code: list = []
        outer, self.card_names = getattr(self, "card_names", None), {p for p, t in scope.items() if t in ("card", "list:card")}
        try:
            self.block(body, dict(scope), code)
            self.card_locals[name] = frozenset(self.card_names)
        finally:
            self.card_names = outer
        return Proc(name, tuple(params), tuple(code))

    def holds_card(self, name, t):
        """Note a local that holds a card: a search bot's sample must swap it with the card it stands for."""
        if t in ("card", "list:card") and self.card_names is not None:
            self.card_names.add(name)

    def rule(self, r, author=None, text=None, key=_NO_KEY) -> Rule:
        scope = {p: "player" for p in r.params} if r.event in BUILTIN_EVENTS else params_scope(r.params)
        saved = self.subst
        if key is not _NO_KEY:  # a rule written in play: `key` is the number (or name) it was written for
            scope = {"key": "any", **scope}
            self.subst = {**saved, "key": lambda st, env: key}
        try:
            cond = self.expr(r.cond, scope) if r.cond is not None else None
            return Rule(r.name, r.event, tuple(r.params), cond, self.proc(r.name, r.params, r.body, scope), author, text)
        finally:
            self.subst = saved

    def compile_rule(self, text: str, key=None, author=None) -> Rule:
        """Parse, check and compile a rule written in play, against this game: the same language as the file."""
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

    def function(self, d):
        cell = {}

        def call(st, env, *args):
            return cell["body"](st, dict(zip(d.params, args)))

        self.functions[d.name] = call
        cell["body"] = self.expr(d.body, params_scope(d.params))
        return call

    # ------------------------------------------------------------ statements

    def block(self, b, scope, code):
        for st in b.stmts:
            getattr(self, "compile_" + type(st).__name__)(st, scope, code)

    def compile_MoveStmt(self, st, scope, code):
        code.append(ops.op_move(self.expr(st.cards, scope), self.expr(st.to, scope), st.face))

    def compile_MoveTopStmt(self, st, scope, code):
        code.append(ops.op_move_top(self.expr(st.count, scope), self.expr(st.source, scope), self.expr(st.to, scope),
                                    st.face, st.bind))
        if st.bind:
            scope[st.bind] = "card"
            self.holds_card(st.bind, "card")

    def compile_DealStmt(self, st, scope, code):
        count = self.expr(st.count, scope) if st.count is not None else None
        code.append(ops.op_deal(count, self.expr(st.source, scope), self.zone_index[st.zone]))

    def compile_ShuffleStmt(self, st, scope, code):
        code.append(ops.op_shuffle(self.expr(st.zone, scope)))

    def compile_SetStmt(self, st, scope, code):
        value = self.expr(st.value, scope)
        if st.name in scope and st.index is None:
            code.append(ops.op_let(st.name, value))
        elif st.index is not None:
            code.append(ops.op_set_player(st.name, self.expr(st.index, scope), value))
        else:
            code.append(ops.op_set(st.name, value))

    def compile_LetStmt(self, st, scope, code):
        scope[st.name] = self.typer.expr(st.value, scope)
        self.holds_card(st.name, scope[st.name])
        code.append(ops.op_let(st.name, self.expr(st.value, scope)))

    def compile_IfStmt(self, st, scope, code):
        other, end = ops.Label(), ops.Label()
        code.append(ops.op_jump_unless(self.expr(st.cond, scope), other))
        self.block(st.then, dict(scope), code)
        if st.otherwise is not None:
            code.append(ops.op_jump(end))
            other.pos = len(code)
            self.block(st.otherwise, dict(scope), code)
            end.pos = len(code)
        else:
            other.pos = len(code)

    def compile_ForStmt(self, st, scope, code):
        key = f"$for{next(self.fresh)}"
        top, end = ops.Label(), ops.Label()
        code.append(ops.op_for_init(key, self.collection(st.iterable, scope)))
        top.pos = len(code)
        code.append(ops.op_for_next(key, st.var, end))
        inner = {**scope, st.var: elem_type(self.typer.expr(st.iterable, scope)) or "any"}
        self.holds_card(st.var, inner[st.var])
        self.block(st.body, inner, code)
        code.append(ops.op_jump(top))
        end.pos = len(code)

    def compile_WhileStmt(self, st, scope, code):
        top, end = ops.Label(), ops.Label()
        top.pos = len(code)
        code.append(ops.op_jump_unless(self.expr(st.cond, scope), end))
        self.block(st.body, dict(scope), code)
        code.append(ops.op_jump(top))
        end.pos = len(code)

    def option_specs(self, options, scope):
        specs, bodies = [], []
        for o in options:
            label = ops.Label()
            inner = dict(scope)
            domain = kind = None
            if o.takes == "rule":
                inner[o.param] = "rule"
                kind = "rule"
            elif o.param is not None:
                el = elem_type(self.typer.expr(o.domain, scope)) or "any"
                inner[o.param] = el
                self.holds_card(o.param, el)
                domain = self.collection(o.domain, scope)
                kind = "card" if el == "card" else "player" if el == "player" else "number" if el == "int" else "value"
            where = self.expr(o.where, inner) if o.where is not None else None
            specs.append((o.verb, o.param, domain, where, o.doc or "", label, kind, self.reveals(o.body, set())))
            bodies.append((label, o.body, inner))
        return specs, bodies

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
            label.pos = len(code)
            self.block(body, inner, code)
            code.append(ops.op_jump(end))
        end.pos = len(code)

    def compile_ChooseStmt(self, st, scope, code):
        specs, bodies = self.option_specs(st.options, scope)
        end = ops.Label()
        code.append(ops.op_choose(self.expr(st.who, scope), self.text(st.prompt or "", scope), tuple(specs),
                                  tuple(self.s.calls)))
        code.append(ops.op_jump(end))
        self.emit_bodies(bodies, end, code)

    def compile_AskStmt(self, st, scope, code):
        key = f"$ask{next(self.fresh)}"
        who = self.expr(st.who, scope)
        if st.bind:
            scope = {**scope, st.bind: "player"}
        specs, bodies = self.option_specs(st.options, scope)
        again, end = ops.Label(), ops.Label()
        specs.append(("pass", None, None, None, "let it pass", again, None, False))
        code.append(ops.op_ask_init(key, who))
        again.pos = len(code)
        code.append(ops.op_ask_next(key, self.text(st.prompt or "", scope), tuple(specs), end, st.bind))
        self.emit_bodies(bodies, end, code)

    def compile_FireStmt(self, st, scope, code):
        code.append(ops.op_fire(st.event, tuple(self.expr(a, scope) for a in st.args)))

    def compile_SkipStmt(self, st, scope, code):
        code.append(ops.op_skip)

    def compile_ReverseStmt(self, st, scope, code):
        code.append(ops.op_reverse)

    def compile_AgainStmt(self, st, scope, code):
        code.append(ops.op_again)

    def compile_WinStmt(self, st, scope, code):
        code.append(ops.op_win(self.expr(st.who, scope)))

    def compile_RevealStmt(self, st, scope, code):
        code.append(ops.op_reveal(self.expr(st.cards, scope), self.expr(st.to, scope)))

    def compile_SayStmt(self, st, scope, code):
        code.append(ops.op_say(self.text(st.text, scope)))

    def compile_TurnToStmt(self, st, scope, code):
        code.append(ops.op_turn_to(self.expr(st.who, scope)))

    def compile_ClaimStmt(self, st, scope, code):
        kind = self.typer.expr(st.says, scope)
        code.append(ops.op_claim(self.expr(st.cards, scope), self.expr(st.says, scope), kind))

    def compile_AddStmt(self, st, scope, code):
        key = self.expr(st.key, scope) if st.key is not None else None
        code.append(ops.op_add(self.expr(st.rule, scope), key))

    def compile_RaceStmt(self, st, scope, code):
        loser = st.bind or "$loser"
        label, end = ops.Label(), ops.Label()
        spec = ("last", loser, lambda st_, env: list(range(st_.n)), None, "the last to do it", label, "player", False)
        code.append(ops.op_race(st.word, (spec,)))
        code.append(ops.op_jump(end))
        label.pos = len(code)
        if st.body is not None:
            self.block(st.body, {**scope, loser: "player"}, code)
        else:
            code.append(ops.op_fire("race_lost", (lambda st_, env: env[loser],)))
        end.pos = len(code)

    def compile_TallyStmt(self, st, scope, code):
        code.append(ops.op_tally(st.name))

    def compile_CallStmt(self, st, scope, code):
        code.append(ops.op_call(st.name, tuple(self.expr(a, scope) for a in st.args)))

    def text(self, template: str, scope):
        """A string with `{name}` parts shown as players, cards or values."""
        found = INTERPOLATION.findall(template)
        if not found:
            return lambda st, env: template
        parts = []
        for n, attr in found:
            e = ast.Name(name=n)
            if attr:
                e = ast.Attr(expr=e, name=attr)
            key = "{" + n + ("." + attr if attr else "") + "}"
            parts.append((key, self.expr(e, scope), self.typer.expr(e, scope)))
        show = self.show

        def render(st, env):
            out = template
            for key, f, t in parts:
                out = out.replace(key, show(st, f(st, env), t))
            return out
        return render

    def show(self, st, v, t):
        """A value in words: a player's name, a card's name, a value's display name, a list joined."""
        if v is None:
            return "nothing"
        if t == "player":
            return st.names[v]
        if t == "card":
            return st.program.cards[v].name
        if t.startswith("list:") and isinstance(v, (list, tuple)):
            return ", ".join(self.show(st, x, t[5:]) for x in v) or "nothing"
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

    def expr(self, e, scope):
        return getattr(self, "compile_" + type(e).__name__)(e, scope)

    def collection(self, e, scope):
        """A closure giving the items of a zone or list (a zone's own list: do not change it)."""
        if self.typer.expr(e, scope) == "zone":
            ref = self.expr(e, scope)
            return lambda st, env: st.zone(*ref(st, env))
        f = self.expr(e, scope)

        def items(st, env):
            v = f(st, env)
            if isinstance(v, ops.ZoneRef):
                return st.zone(*v)
            return v if v is not None else ()
        return items

    def constant(self, e, scope):
        """The value of an expression known when compiling (a literal or an attribute value), else _NOT_CONST."""
        if isinstance(e, ast.Literal):
            return e.value
        if isinstance(e, ast.Name) and e.name not in scope and e.name in self.s.values and e.name not in self.s.vars:
            return e.name
        return _NOT_CONST

    def compile_Literal(self, e, scope):
        v = e.value
        return lambda st, env: v

    def compile_Name(self, e, scope):
        n, s = e.name, self.s
        if n in scope:
            if n in self.subst:
                return self.subst[n]
            return lambda st, env: env[n]
        if n == "current":
            return lambda st, env: st.current
        if n == "next":
            return lambda st, env: (st.current + st.direction) % st.n
        if n == "previous":
            return lambda st, env: (st.current - st.direction) % st.n
        if n == "players":
            return lambda st, env: list(range(st.n))
        if n == "winners":
            return lambda st, env: list(st.winners)
        if n == "dealer":
            return lambda st, env: (st.hand_no - 2) % st.n
        if n == "direction":
            return lambda st, env: st.direction
        if n == "hand_number":
            return lambda st, env: st.hand_no
        if n in s.vars:
            return lambda st, env: st.vars[n]
        if n == "house_rules":
            return lambda st, env: list(st.house)
        if n == "claims":
            claims = list(self.claim_ids)
            return lambda st, env: claims
        if n in s.consts:
            return self.expr(s.consts[n].value, {})
        if n in s.options:
            return lambda st, env: st.options[n]
        if n in s.zones:
            ref = ops.zone_ref(self.zone_index[n])
            return lambda st, env: ref
        if n in s.values:
            return lambda st, env: n
        if n in s.attributes:
            a = s.attributes[n]
            values = tuple(range(a.low, a.high + 1)) if isinstance(a, ast.RangeAttributeDecl) else tuple(v.name for v in a.values)
            return lambda st, env: values
        raise RulesCheckError(f"unknown name `{n}`", e.loc)  # the checker reports this first

    def compile_Call(self, e, scope):
        n, s = e.name, self.s
        args = [self.expr(a, scope) for a in e.args] if n != "called" else []
        if n in s.zones:
            zi = self.zone_index[n]
            p = args[0]

            def zone_of(st, env):
                owner = p(st, env)
                if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < st.n:
                    raise RuntimeRulesError(f"`{n}(...)` needs a player, and was given {owner!r}")
                return ops.ZoneRef((zi, owner))
            return zone_of
        if n == "score" or n in s.vars:
            p = args[0]
            return lambda st, env: st.pvars[n][p(st, env)]
        if n == "top" and isinstance(e.args[0], ast.Name) and e.args[0].name in s.zones and e.args[0].name not in scope:
            zi = self.zone_index[e.args[0].name]

            def top_shared(st, env):
                cards = st.zones[zi]
                return cards[-1] if cards else None
            return top_shared
        if n == "top":
            z = args[0]

            def top(st, env):
                cards = st.zone(*z(st, env))
                return cards[-1] if cards else None
            return top
        if n == "bottom":
            z = args[0]

            def bottom(st, env):
                cards = st.zone(*z(st, env))
                return cards[0] if cards else None
            return bottom
        if n == "has_rule":
            k = args[0]
            return lambda st, env: k(st, env) in st.house
        if n == "same":
            by = tuple(s.claims.attributes) if s.claims else tuple(s.names.attributes if s.names else s.attributes)
            tables = [self.attr_tables[a] for a in by]
            a0, a1 = args

            def same(st, env):
                x, y = a0(st, env), a1(st, env)
                return x is not None and y is not None and all(t[x] == t[y] for t in tables)
            return same
        if n == "size":
            items = self.collection(e.args[0], scope)
            return lambda st, env: len(items(st, env))
        if n == "others":
            p = args[0]
            return lambda st, env: [(p(st, env) + i * st.direction) % st.n for i in range(1, st.n)]
        if n == "after":
            p = args[0]
            return lambda st, env: (p(st, env) + st.direction) % st.n
        if n == "before":
            p = args[0]
            return lambda st, env: (p(st, env) - st.direction) % st.n
        if n == "called":
            p = self.expr(e.args[0], scope)
            call = e.args[1].name
            return lambda st, env: call in st.called[p(st, env)]
        if n in s.functions and n not in self.inlining and len(self.inlining) < 16:
            # Inline the function: its parameters become the caller's argument closures.
            f = s.functions[n]
            saved, self.subst = self.subst, dict(zip(f.params, args))
            self.inlining.append(n)
            try:
                return self.expr(f.body, params_scope(f.params))
            finally:
                self.inlining.pop()
                self.subst = saved
        if n in self.functions or n in s.functions:
            fns = self.functions
            if len(args) == 1:
                a0 = args[0]
                return lambda st, env: fns[n](st, env, a0(st, env))
            return lambda st, env: fns[n](st, env, *(a(st, env) for a in args))
        raise RulesCheckError(f"unknown function `{n}`", e.loc)

    def compile_Attr(self, e, scope):
        table = self.attr_tables[e.name]
        if isinstance(e.expr, ast.Name) and e.expr.name in scope and e.expr.name not in self.subst:
            n = e.expr.name

            def local_attr(st, env):
                c = env[n]
                return table[c] if c is not None else None
            return local_attr
        f = self.expr(e.expr, scope)

        def attr(st, env):
            c = f(st, env)
            return table[c] if c is not None else None
        return attr

    def compile_BoolOp(self, e, scope):
        a, b = self.expr(e.left, scope), self.expr(e.right, scope)
        if e.op == "and":
            return lambda st, env: a(st, env) and b(st, env)
        return lambda st, env: a(st, env) or b(st, env)

    def compile_Not(self, e, scope):
        a = self.expr(e.expr, scope)
        return lambda st, env: not a(st, env)

    def compile_Compare(self, e, scope):
        a, b, op = self.expr(e.left, scope), self.expr(e.right, scope), _COMPARE[e.op]
        const = self.constant(e.right, scope)
        if const is not _NOT_CONST and e.op == "==":
            return lambda st, env: a(st, env) == const
        if const is not _NOT_CONST and e.op == "!=":
            return lambda st, env: a(st, env) != const
        if e.op in ("==", "!="):
            return lambda st, env: op(a(st, env), b(st, env))

        def ordered(st, env):
            x, y = a(st, env), b(st, env)
            return x is not None and y is not None and op(x, y)
        return ordered

    def compile_In(self, e, scope):
        item, coll = self.expr(e.item, scope), self.collection(e.collection, scope)
        return lambda st, env: item(st, env) in coll(st, env)

    def compile_Is(self, e, scope):
        table = self.class_tables.get(e.cls)
        f = self.expr(e.expr, scope)
        if table is None:  # a class used inside another class: computed card by card
            pred = self.expr(self.s.classes[e.cls].expr, {"card": "card"})

            def is_dynamic(st, env):
                c = f(st, env)
                return c is not None and bool(pred(st, {"card": c}))
            return is_dynamic

        def is_(st, env):
            c = f(st, env)
            return c is not None and table[c]
        return is_

    def compile_Range(self, e, scope):
        lo, hi = self.expr(e.low, scope), self.expr(e.high, scope)

        def numbers(st, env):
            a, b = lo(st, env), hi(st, env)
            if b - a >= MAX_RANGE:
                raise RuntimeRulesError(f"`{a}..{b}` has more than {MAX_RANGE} numbers")
            return list(range(a, b + 1))
        return numbers

    def compile_Arith(self, e, scope):
        a, b, op = self.expr(e.left, scope), self.expr(e.right, scope), _ARITH[e.op]
        return lambda st, env: op(a(st, env), b(st, env))

    def compile_Neg(self, e, scope):
        a = self.expr(e.expr, scope)
        return lambda st, env: -a(st, env)

    def compile_ListLit(self, e, scope):
        items = [self.expr(i, scope) for i in e.items]
        return lambda st, env: [f(st, env) for f in items]

    def compile_Aggregate(self, e, scope):
        items = self.collection(e.expr, scope)
        fn = _AGGREGATES[e.fn]

        def aggregate(st, env):
            xs = list(items(st, env))
            if st is not None:
                _work(st, len(xs))
            return fn(xs)
        return aggregate

    def compile_Comprehension(self, e, scope):
        items = self.collection(e.iterable, scope)
        inner = {**scope, e.var: elem_type(self.typer.expr(e.iterable, scope)) or "any"}
        saved = self.subst
        self.subst = {k: v for k, v in saved.items() if k != e.var}
        try:
            body = self.expr(e.expr, inner)
            cond = self.expr(e.cond, inner) if e.cond is not None else None
        finally:
            self.subst = saved
        var = e.var
        fn = e.fn
        if fn == "any" and cond is None:
            def any_(st, env):
                local = dict(env)
                for x in items(st, env):
                    local[var] = x
                    v = body(st, local)
                    if v is not None and v is not False:
                        return True
                return False
            return any_
        agg = _AGGREGATES[fn]

        def comp(st, env):
            local = dict(env)
            out = []
            xs = list(items(st, env))
            if st is not None:
                _work(st, len(xs))
            for x in xs:
                local[var] = x
                if cond is None or cond(st, local):
                    out.append(body(st, local))
            return agg(out)
        return comp


_NOT_CONST = object()


def _source_of(node, texts: dict) -> str:
    """The text a node was written as, from its file."""
    loc = node.loc
    lines = texts.get(loc.file, "").splitlines()
    if not lines or not loc.end_line:
        return ""
    chunk = lines[loc.line - 1: loc.end_line]
    chunk[-1] = chunk[-1][: loc.end_column - 1]
    chunk[0] = chunk[0][loc.column - 1:]
    return "\n".join(chunk)


def _work(st, n: int) -> None:
    """Count an expression's work against the move's bound, and stop one that would run for ever."""
    st.steps += n
    if st.steps > getattr(st, "limit", float("inf")):
        raise RuntimeRulesError("the rules did too much work without asking anyone anything; a loop or an "
                                "expression does not end")


def _first(xs):
    return xs[0] if xs else None


_AGGREGATES = {
    "sum": lambda xs: sum(x for x in xs if x is not None),
    "count": lambda xs: sum(1 for x in xs if x is not None and x is not False),
    # A card (even card 0) or a player counts as present; only false and none do not.
    "any": lambda xs: any(x is not None and x is not False for x in xs),
    "all": lambda xs: all(x is not None and x is not False for x in xs),
    "first": _first,
    "list": list,
    "min": lambda xs: min((x for x in xs if x is not None), default=None),
    "max": lambda xs: max((x for x in xs if x is not None), default=None),
}
