"""Decisions: `choose`, `ask` and races, their options, the legal moves of each (one list comprehension, its
`where` written in) and the tables and memos that keep what a `where` gives for the values it reads; the calls due."""
from __future__ import annotations

import re

from interpreter import ops
from interpreter.machine import Move
from interpreter.program import Choice, number_choices

from .. import ast, codegen
from .expressions import hoist_lines
from ..checker import elem_type
from ..errors import RulesCheckError
from .statements import Inlined, names_in
from . import emitted


def numbered(el: str, domain) -> str:
    """An argument's type as `Choice.types` gives it: a number drawn from a range written with numbers (`k in
    0..300`) says its ends, `int:0..300` (the RL environment's actions for the option are those numbers)."""
    if el == "int" and isinstance(domain, ast.Range) and all(
            isinstance(x, ast.Literal) and x.value.__class__ is int for x in (domain.low, domain.high)):
        return f"int:{domain.low.value}..{domain.high.value}"
    return el
from .emitted import INDENT, NOTHING, Py


class Decisions:
    """The compiler's part for decisions and their options."""

    def due(self, when):
        """A call's `when`, as `f(state, player)`."""
        return self.lam("st, player", self.due_src(when))

    def due_src(self, when) -> str:
        saved, self.subst, hoist, self.hoist = self.subst, {"player": Py("player", simple=True)}, self.hoist, None
        try:
            return self.gen(when, {"player": "player"}).src
        finally:
            self.subst, self.hoist = saved, hoist

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
                el = elem_type(self.type_of(o.domain)) or "any"
                inner[o.param] = el
                self.holds_card(o.param, el)
                coll, of_zone = self.collection(o.domain, scope)
                domain = legal = self.lam("st, env", coll.src)
                kind = "card" if el == "card" else "player" if el == "player" else "number" if el == "int" else "value"
                if o.where is not None:
                    legal = self.legal(o, inner, coll, of_zone)
            elif o.where is not None:
                where = self.expr(o.where, inner, o.where.loc)
            specs.append(Choice(o.verb, o.param, domain, legal, where, o.doc or "", label, kind, self.reveals(o.body, set())))
            if o.param is not None and kind != "rule":
                specs[-1].types = (numbered(el, o.domain),)
            bodies.append((label, o.body, inner))
        return specs, bodies

    def parted_option(self, o, inner: dict, label) -> Choice:
        """An option of several arguments (`ask p in others(current), r in rank`) or of a set of cards
        (`lay 1..4 cs from hand(current)`): its items, tuples, are enumerated with its `where` tested on each
        (a bounded search: see codegen.several_items and codegen.card_sets).  `inner` gains its names."""
        if o.takes == "several":
            names, domains, parts, types = [], [], [], []
            for name, domain in o.params:
                el = elem_type(self.type_of(domain)) or "any"
                types.append(numbered(el, domain))
                domains.append(self.lam("st, env", self.collection(domain, inner)[0].src))
                inner[name] = el
                self.holds_card(name, el)
                names.append(name)
                parts.append("card" if el == "card" else "player" if el == "player" else "number" if el == "int" else "value")
            where = self.expr(o.where, inner, o.where.loc) if o.where is not None else None
            legal = codegen.several_items(o.verb, tuple(names), tuple(domains), where)
            bind = codegen.binder(tuple(names))
            kind = "several"
        else:
            domain = self.lam("st, env", self.collection(o.domain, inner)[0].src)
            inner[o.param] = "list:card"
            self.holds_card(o.param, "list:card")
            saved = self.subst  # the set tried: a list, never none, read as it is
            self.subst = {**saved, o.param: Py(f"env[{o.param!r}]", free=frozenset({("env", o.param)}), simple=True,
                                               listed=True)}
            try:
                where = self.expr(o.where, inner, o.where.loc) if o.where is not None else None
            finally:
                self.subst = saved
            same = self.same_in_set(o.where, o.param)
            legal = codegen.card_sets(o.verb, o.param, domain, where, *o.size, reads=self.set_reads(o.where, o.param),
                                      same=self.attr_tables[same] if same is not None else None)
            bind = codegen.binder(o.param)
            parts = types = ()
            kind = "cards"
        spec = Choice(o.verb, None, None, legal, None, o.doc or "", label, kind, self.reveals(o.body, set()))
        spec.bind, spec.parts, spec.types = bind, tuple(parts), tuple(types)
        return spec

    def same_in_set(self, where, name: str, depth: int = 0) -> str | None:
        """An attribute every card of a set has alike when the set's `where` holds: the `where` is, or is `and`ed
        with, `all(c.ATTR == first(cs).ATTR for c in cs)` (or `last`, either side of `==`), here or in a function
        given the set (`define same_rank(cs) = all(...)`, `where beats(cs)`); None when it is not."""
        s = self.s
        if where is None or depth > 8:
            return None
        if isinstance(where, ast.BoolOp) and where.op == "and":
            return self.same_in_set(where.left, name, depth) or self.same_in_set(where.right, name, depth)
        if isinstance(where, ast.Call) and where.name in s.functions and where.name not in s.numbered:
            f = s.functions[where.name]
            given = [p for p, a in zip(f.params, where.args) if isinstance(a, ast.Name) and a.name == name]
            return self.same_in_set(f.body, given[0], depth + 1) if len(f.params) == len(where.args) and given else None
        if not (isinstance(where, ast.Comprehension) and where.fn == "all" and where.cond is None and not where.keys
                and not where.inner_fors
                and isinstance(where.iterable, ast.Name) and where.iterable.name == name and where.var != name
                and isinstance(where.expr, ast.Compare) and where.expr.op == "=="):
            return None
        sides = (where.expr.left, where.expr.right)
        if not all(isinstance(x, ast.Attr) and x.name in s.attributes for x in sides) or sides[0].name != sides[1].name:
            return None
        each = [x for x in sides if isinstance(x.expr, ast.Name) and x.expr.name == where.var]
        one = [x for x in sides if isinstance(x.expr, ast.Aggregate) and x.expr.fn in ("first", "last")
               and isinstance(x.expr.expr, ast.Name) and x.expr.expr.name == name]
        return sides[0].name if each and one else None

    def set_reads(self, where, name: str) -> tuple | None:
        """The attributes through which a set option's `where` reads its cards, when it reads them only so (`c.rank`
        for `c in cs`, `first(cs).rank`, `size(cs)`): then two sets whose cards give the same attributes in the
        same order pass it alike, and it is asked once for them (codegen.card_sets).  None when it reads them any
        other way (a card itself, a class, a function of them) or has no `where`."""
        if where is None:
            return None
        s, seen = self.s, set()

        def the_set(e) -> bool:
            return isinstance(e, ast.Name) and e.name == name

        def one_card(e, cards) -> bool:
            return isinstance(e, ast.Name) and e.name in cards or \
                isinstance(e, ast.Aggregate) and e.fn in ("first", "last") and the_set(e.expr)

        def ok(e, cards: frozenset) -> bool:
            if isinstance(e, ast.Attr) and one_card(e.expr, cards):
                seen.add(e.name)
                return e.name in s.attributes
            if isinstance(e, ast.Name):
                return e.name != name and e.name not in cards
            if isinstance(e, ast.Call) and e.name == "size" and "size" not in s.functions and len(e.args) == 1 and \
                    the_set(e.args[0]) or isinstance(e, ast.Aggregate) and e.fn == "count" and the_set(e.expr):
                return True  # how many cards: the same for sets of as many
            if isinstance(e, ast.Comprehension) and e.inner_fors:
                return False  # (several `for`s: read some other way)
            if isinstance(e, (ast.Comprehension, ast.Splits)):
                if e.var == name or e.var in cards:
                    return False
                if the_set(e.iterable):
                    return all(ok(c, cards | {e.var}) for c in ast.children(e) if c is not e.iterable)
            return all(ok(c, cards) for c in ast.children(e))
        return tuple(sorted(seen)) if ok(where, frozenset()) else None

    def legal(self, o, inner, coll: Py, of_zone: bool):
        """One function giving the items of an option's domain that its `where` allows.  The parts of the
        `where` that are the same for every item are worked out once, before the items."""
        item = f"_o{next(self.fresh)}"
        saved = self.subst, self.hoist
        self.subst = {**self.subst, o.param: Py(item, True, True, free=NOTHING, simple=True, atom=True, nonnull=of_zone)}
        self.hoist = {}
        try:
            where = self.gen(o.where, inner)
            hoisted = hoist_lines(self.hoist)
        finally:
            self.subst, self.hoist = saved
        name = f"L{next(self.fresh)}"
        cond, constant, coll = where.src, coll.constant, coll.src
        found = f"[{item} for {item} in {coll} if {cond}]"
        free = emitted.free_values(where)
        if of_zone and not constant and free is not None:
            lines, table = self.card_test(item, cond, free)
            return self.define(name, [f"def {name}(st, env):", *(INDENT + h for h in hoisted + lines),
                                      f"{INDENT}if {table} is not None:",
                                      f"{INDENT}    return [{item} for {item} in {coll} if {table}[{item}]]",
                                      f"{INDENT}return {found}"], o.where.loc)
        if constant and free is not None:
            # A fixed list (the claim cards, an attribute's values) filtered by what the state shows: the same
            # values give the same items, so they are kept by the values worked out first.
            key = "(" + "".join(f + ", " for f in free) + ")"
            memo = self.const({}, "MEMO")
            return self.define(name, [f"def {name}(st, env):", *(INDENT + h for h in hoisted),
                                      f"{INDENT}key = {key}",
                                      f"{INDENT}try:",
                                      f"{INDENT}    kept = {memo}.get(key)",
                                      f"{INDENT}except TypeError:  # a list among the values: nothing kept",
                                      f"{INDENT}    return {found}",
                                      f"{INDENT}if kept is None:",
                                      f"{INDENT}    if len({memo}) >= MEMO_LIMIT:",
                                      f"{INDENT}        {memo}.clear()",
                                      f"{INDENT}    kept = {memo}[key] = tuple({found})",
                                      f"{INDENT}return kept"], o.where.loc)
        return self.define(name, [f"def {name}(st, env):", *(INDENT + h for h in hoisted), f"{INDENT}return {found}"],
                           o.where.loc)

    def reveals(self, node, seen: set) -> bool:
        """Whether running this (a block, a statement) can `reveal` cards: how a bot tells a challenge from a pass."""
        if isinstance(node, ast.RevealStmt):  # (a value told, `reveal at to q`, is a hint, not a doubt)
            return self.type_of(node.cards) in ("card", "list:card", "zone", "any", "list:any", "none", "player",
                                                "list:player")
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
        self.sighted(specs, st.options, st.who, scope)
        end = ops.Label()
        code.append(self.choose(st, scope, number_choices(tuple(specs))))
        code.jump(end)
        self.emit_bodies(bodies, end, code)

    def sighted(self, specs, options, chooser, scope) -> None:
        """Clear `blind` on each card option whose cards lie where its chooser sees them (bar face-down ones): a
        public zone, or the chooser's own private zone (`choose p { play c in hand(p) }`).  The others' cards are
        looked at when offered, and those the chooser may not see are offered by place (`interpreter.blind`).  And
        note what each option's `where` reads that the chooser may not see (`peeks`)."""
        for spec, o in zip(specs, options):
            if spec.kind in ("card", "cards"):
                spec.blind = not self.sighted_zone(o.domain, chooser, scope) and not self.claims(o.domain, scope)
                spec.down = not spec.blind and self.laid_face_down(o.domain)
                if spec.kind == "card":
                    spec.in_sight = self.moved_in_sight(o.body, o.param, chooser, {**scope, o.param: "card"}, set())
            elif spec.kind == "several":  # the lists its card arguments are drawn from
                drawn = [d for (_, d), part in zip(o.params, spec.parts) if part == "card"]
                spec.blind = not all(self.sighted_zone(d, chooser, scope) for d in drawn)
                spec.down = not spec.blind and any(self.laid_face_down(d) for d in drawn)
            if o.where is not None and spec.kind != "rule":
                spec.peeks = self.peeks(spec, o, chooser, scope)
            if spec.kind != "rule":
                spec.offers = self.offers(spec, o, chooser, scope)

    def moved_in_sight(self, body, card: str, chooser, scope, seen: set) -> bool:
        """Whether the first thing a block does is to move the card `card` names to a zone that shows it to the
        chooser (`sighted_zone`): `move c to discard`, or a procedure called with it whose block does so first
        (`play(c)`), nothing run before it.  The chooser is followed into a procedure only when it is a name of the
        table's (`current`), not one of the caller's locals nor one of the procedure's parameters."""
        stmts = body.stmts if isinstance(body, ast.Block) else ()
        if not stmts or card is None:
            return False
        first, named = stmts[0], ast.Name(name=card)
        if isinstance(first, ast.MoveStmt):
            return first.cards == named and self.sighted_zone(first.to, chooser, scope)
        proc = self.s.procedures.get(first.name) if isinstance(first, ast.CallStmt) else None
        if proc is None or first.name in seen or named not in first.args:
            return False
        seen.add(first.name)
        params = tuple(proc.params)
        outer = isinstance(chooser, ast.Name) and chooser.name not in scope and chooser.name not in params
        return self.moved_in_sight(proc.body, params[first.args.index(named)], chooser if outer else None,
                                   dict.fromkeys(params, "any"), seen)

    def offers(self, spec, o, chooser, scope):
        """What the lists an option offers values or numbers from read that its chooser may not see (`ops.check_offers`):
        the zones and cards of the table they read (as a function of the frame, or of each move, for a list that
        reads the arguments before it), and the values a rule worked out from hidden cards; None when nothing."""
        pairs = list(o.params) if o.takes == "several" else [(o.param, o.domain)] if o.param else []
        parts = spec.parts if o.takes == "several" else (spec.kind,) * len(pairs)
        params = [name for name, _ in pairs]
        inner = dict(scope)
        for name, domain in pairs:
            inner[name] = elem_type(self.type_of(domain)) or "any"
        fixed, each, named, place, read = [], [], {}, None, set()
        saved, self.hoist = self.hoist, None
        try:
            for (name, domain), part in zip(pairs, parts):
                # (cards hidden from the chooser are offered by place, `blind`: which cards the list holds is read)
                held = part in ("card", "cards")
                before = len(fixed) + len(each) + len(named)
                for x in (self.chosen_from if held else self.card_sources)(domain, inner):
                    node, kind = (x.call, x.kind) if isinstance(x, Inlined) else (x, self.type_of(x))
                    if kind not in ("zone", "card", "list:card") or isinstance(x, ast.Name) and x.name in params:
                        continue
                    if self.sighted_source(x.node, chooser, {}) if isinstance(x, Inlined) else \
                            self.sighted_source(x, chooser, scope):
                        continue
                    free = names_in(node) if not isinstance(x, Inlined) or x.args else set()
                    src, to = self.source_src(x, inner), each if free & set(params) else fixed
                    read |= free & set(params)
                    if src not in to:
                        to.append(src)
                for src, node in self.named_marks(domain, inner, frozenset(params)):
                    # (of a list of cards, a name holding one picks it: `take c in [k]`; whose hand it is, a player,
                    # is told as it is, as a turn is)
                    if not held or self.type_of(node) in ("card", "list:card"):
                        named.setdefault(src, node)
                if place is None and len(fixed) + len(each) + len(named) > before:
                    place = (domain.loc, self.texts.get(domain.loc.file) if domain.loc is not None else None)
        finally:
            self.hoist = saved
        if place is None:
            return None
        marks = list(named)

        def lam(srcs):
            return self.lam("st, env", "(" + "".join(f + ", " for f in srcs) + ")") if srcs else None
        if each:  # looked at for every choice of the arguments its lists read, whether or not a move follows from it
            k = 1 + max(params.index(name) for name in read)  # (`take q in others(current), c in [... h(q) if ...]`
            domains = tuple(self.lam("st, env", self.collection(d, inner)[0].src) for _, d in pairs[:k])  # is read
            names = tuple(params[:k])  # for each q, its list empty or not)
            each = (lam(each), codegen.several_items(o.verb, names, domains, None), codegen.binder(names))
        return (lam(fixed), each or None, lam(marks),
                tuple((named[f].name, (named[f].loc, self.texts.get(named[f].loc.file))) for f in marks), place)

    def laid_face_down(self, d) -> bool:
        """Whether cards may lie face down in the zone a collection names: one the rules lay cards face down in
        (`move ... to table face down`), or one a move that does not turn them up may carry such cards to (`move
        pile to hand(loser)`: the pile taken back stays face down); a zone worked out in play might be any."""
        downs = self.face_down_zones()
        name = d.name if isinstance(d, (ast.Name, ast.Call)) else None
        return None in downs or name in downs

    def face_down_zones(self) -> set:
        """The zones face-down cards may come to lie in (None among them: a zone worked out in play), found once:
        those the rules lay cards face down in, then every zone a move without `face up` carries cards to from one
        of them, until none is added.  A name that holds cards (`for c in pile`, `let cs = [...]`, an option's
        argument, `as drawn`, a variable `set`) carries the zones its value is read from, wherever it is used (one
        name, all its bindings: more zones, never fewer)."""
        found = getattr(self, "_face_down_zones", None)
        if found is not None:
            return found
        s = self.s

        def zone_of(x):
            return x.name if isinstance(x, (ast.Name, ast.Call)) and x.name in s.zones else None

        bound: dict = {}  # a name -> the expressions its values are read from
        for n in s.code_nodes():
            pairs = ((n.var, n.iterable),) if isinstance(n, ast.ForStmt) else \
                ((n.name, n.value),) if isinstance(n, (ast.LetStmt, ast.SetStmt)) else \
                ((n.bind, n.source),) if isinstance(n, ast.MoveTopStmt) and n.bind else \
                tuple(n.params) if isinstance(n, ast.Option) and n.takes == "several" else \
                ((n.param, n.domain),) if isinstance(n, ast.Option) and n.param and n.domain is not None else ()
            for name, x in pairs:
                bound.setdefault(name, []).append(x)

        def sources(x, seen=frozenset()) -> set | None:
            named = set()
            for n in ast.walk(x):
                if isinstance(n, (ast.Name, ast.Call)) and n.name in s.zones:
                    named.add(n.name)
                elif isinstance(n, ast.Name) and n.name in bound and n.name not in seen:
                    for y in bound[n.name]:
                        named |= sources(y, seen | {n.name}) or set()
            return named or None

        moves = [(zone_of(n.to), sources(n.cards if isinstance(n, ast.MoveStmt) else n.source), n.face)
                 for n in s.code_nodes() if isinstance(n, (ast.MoveStmt, ast.MoveTopStmt))]
        moves += [(n.zone if n.zone in s.zones else None, sources(n.source), None)
                  for n in s.code_nodes() if isinstance(n, ast.DealStmt)]
        downs = {to for to, _, face in moves if face == "down"}
        grown = bool(downs)
        while grown and None not in downs:
            grown = False
            for to, came_from, face in moves:
                if face != "up" and to not in downs and came_from and came_from & downs:
                    downs.add(to)
                    grown = True
        self._face_down_zones = downs
        return downs

    @staticmethod
    def claims(d, scope) -> bool:
        """Whether an option's domain is the claim cards (`claims`): cards that lie nowhere, so none is hidden."""
        return isinstance(d, ast.Name) and d.name == "claims" and d.name not in scope

    def peeks(self, spec, o, chooser, scope):
        """What a `where` reads that its chooser may not see, to be looked at when the decision comes
        (`ops.check_wheres`): whether it tests the option's own cards, and the zones it reads that are not
        public nor the chooser's own, as a function of the frame (`fixed`) or of each item (`each`, the ones
        naming the option's arguments), and the `where`'s place.  None when it reads nothing of the kind."""
        if o.takes == "several":
            params = [name for name, _ in o.params]
            own = {name for name, part in zip(params, spec.parts) if part == "card"}
        else:
            params = [o.param] if o.param else []
            own = set(params) if spec.kind in ("card", "cards") else set()
            if spec.kind == "card" and self.collection(o.domain, scope)[0].constant:
                own = set()  # a fixed list (the claims one may make): no card of the table
        inner = dict(scope)
        for name, domain in (o.params if o.takes == "several" else [(o.param, o.domain)] if o.param else []):
            inner[name] = "list:card" if o.takes == "cards" else elem_type(self.type_of(domain)) or "any"
        # an argument compared only as itself (`b != a`: is it that card?) tells nothing of its face; the card it is
        # compared with is a card source, looked at below like any other
        alone = {id(side) for n in ast.walk(o.where) if isinstance(n, ast.Compare) and n.op in ("==", "!=")
                 for side, other in ((n.left, n.right), (n.right, n.left))
                 if isinstance(side, ast.Name) and not (isinstance(other, ast.Name) and other.name in own)}
        # and whether its chooser knows it (`knows(current, a)`, in `choose current`): what the chooser knows already
        knows = "knows" not in self.s.functions and chooser is not None and \
            not (isinstance(chooser, ast.Name) and chooser.name in params)

        def known(n) -> bool:
            return knows and isinstance(n, ast.Call) and n.name == "knows" and len(n.args) == 2 and \
                n.args[0] == chooser and isinstance(n.args[1], ast.Name) and n.args[1].name in own
        alone |= {id(n.args[1]) for n in ast.walk(o.where) if known(n)}
        names = {n.name for n in ast.walk(o.where) if isinstance(n, ast.Name) and id(n) not in alone}
        tests = bool(own & names)
        # `knows(current, c) and ...` first: the rest is asked only of the cards the chooser knows (`and` stops at
        # the first false), so it tests none it may not see
        first = o.where
        while isinstance(first, ast.BoolOp) and first.op == "and":
            first = first.left
        if spec.kind == "card" and known(first):
            tests = False
        fixed, each = [], []
        saved, self.hoist = self.hoist, None
        try:
            # the zones and cards it reads, directly, through a card-valued name (`last.colour`, `kept(next)`) or
            # in a function's body (`define holds(p) = any(... for c in hand(p))`): looked at where they lie
            only_down = True  # whether each source read is one its chooser sees but for cards laid face down
            for x in self.card_sources(o.where, inner, frozenset(own)):
                node, kind = (x.call, x.kind) if isinstance(x, Inlined) else (x, self.type_of(x))
                if kind not in ("zone", "card", "list:card") or isinstance(x, ast.Name) and x.name in params:
                    continue
                if self.sighted_source(x.node, chooser, {}) if isinstance(x, Inlined) else \
                        self.sighted_source(x, chooser, scope):
                    if not self.may_lie_face_down(x):
                        continue
                else:
                    only_down = False
                self.never_seen(o, x, node, kind)
                free = names_in(node) if not isinstance(x, Inlined) or x.args else set()
                src, to = self.source_src(x, inner), each if free & set(params) else fixed
                if src not in to:
                    to.append(src)
            # the values it reads that a rule worked out from hidden cards (`let n = count(... hand(next) ...)`)
            named: dict = {}  # each mark's source -> the first node reading its variable (a refusal names it)
            for src, node in self.named_marks(o.where, inner, frozenset(params)):
                named.setdefault(src, node)
                self.where_reads.add(node.name)
            marks = list(named)
        finally:
            self.hoist = saved
        if not tests and not fixed and not each and not marks:
            return None
        if (fixed or each) and only_down:  # looked at only while cards lie face down (`choose`'s guard)
            self.face_down_reads.add(id(spec))
        return (tests, self.lam("st, env", "(" + "".join(f + ", " for f in fixed) + ")") if fixed else None,
                self.lam("st, env", "(" + "".join(f + ", " for f in each) + ")") if each else None,
                (o.where.loc, self.texts.get(o.where.loc.file)),
                self.lam("st, env", "(" + "".join(f + ", " for f in marks) + ")") if marks else None,
                tuple((named[f].name, (named[f].loc, self.texts.get(named[f].loc.file))) for f in marks))

    def never_seen(self, o, x, node, kind) -> None:
        """A `where` that reads a zone nobody sees (`zone stock hidden`), named in it or in a function it calls, is
        refused when the game is checked, at that name (or call): no chooser may see what it tests."""
        z = x.node if isinstance(x, Inlined) else node
        zone = self.card_of_zone(z)
        if zone is not None:  # a card of it (`top(stock)`)
            z, kind = zone, self.type_of(zone)
        if kind != "zone" or not isinstance(z, (ast.Name, ast.Call)) or z.name not in self.s.zones or \
                self.s.zones[z.name].visibility in ("public", "private") or self.shown_from(z.name):
            return
        raise RulesCheckError(f"option `{o.verb}`: its `where` reads {z.name}, a zone nobody sees, so the moves offered "
                              f"would tell its chooser of its cards; a `where` may test only what its chooser sees",
                              node.loc)

    def shown_from(self, zone: str) -> bool:
        """Whether a `reveal` of the game may show cards of a zone nobody sees (Hanabi's hands, held facing away,
        each card shown to the others): one naming the zone, or a card or a list held by a name, which may lie
        there.  A `where` reading such a zone is then looked at when the decision comes, as one reading another's
        hand is, not refused when the game is checked."""
        shown = getattr(self, "_shown_zones", None)
        if shown is None:
            shown = set()
            for node in self.s.code_nodes():
                if isinstance(node, ast.RevealStmt):
                    named = {n.name for n in ast.walk(node.cards)
                             if isinstance(n, (ast.Name, ast.Call)) and n.name in self.s.zones}
                    shown |= named or {"*"}
            self._shown_zones = shown
        return zone in shown or "*" in shown

    def sighted_source(self, x, chooser, scope) -> bool:
        """Whether a card source of a `where` lies where its chooser sees it: a zone it sees (`sighted_zone`), or
        the top, bottom or nth card of one (`top(discard)`)."""
        if self.type_of(x) == "zone":
            return self.sighted_zone(x, chooser, scope)
        zone = self.card_of_zone(x)
        return zone is not None and self.sighted_zone(zone, chooser, scope)

    def may_lie_face_down(self, x) -> bool:
        """Whether a card source a `where` reads in a zone its chooser sees (`grid`, `top(grid)`) may hold cards laid
        face down, which the chooser may not know: then it is looked at when the decision comes, as a hidden one is."""
        x = x.node if isinstance(x, Inlined) else x
        zone = x if self.type_of(x) == "zone" else self.card_of_zone(x)
        return zone is not None and self.laid_face_down(zone)

    def card_of_zone(self, x):
        """The zone of `top(Z)`, `bottom(Z)` or `nth(Z, ...)` (the built-ins, not a function of that name); else None."""
        if isinstance(x, ast.Call) and x.name in ("top", "bottom", "nth") and x.name not in self.s.functions and x.args:
            return x.args[0]
        return None

    def sighted_zone(self, d, chooser, scope) -> bool:
        """Whether a collection is a zone whose face-up cards the chooser sees: a public one, or its own."""
        if isinstance(d, ast.Name) and d.name not in scope and d.name in self.s.zones:
            return self.s.zones[d.name].visibility == "public"
        if isinstance(d, ast.Call) and d.name in self.s.zones and len(d.args) == 1:
            vis = self.s.zones[d.name].visibility
            return vis == "public" or vis == "private" and chooser is not None and d.args[0] == chooser
        return False

    def choose(self, stmt, scope, specs) -> list[str]:
        """The lines of a `choose`: its legal moves, the calls due, the decision.  An option over the cards of a
        zone is one list comprehension, its `where` written in; the parts of the `where`s that are the same
        for every card are worked out once, before them.  With no legal move the choice is skipped."""
        who = self.gen(stmt.who, scope).src
        saved, self.hoist = self.hoist, {}
        body: list = []
        tabled: dict = {}  # a zone -> the card options over it tested by tables, each waiting for its lines
        seen = False  # whether an option's moves are kept out of `seen` (its cards' names, or moves several options make)
        marked = False  # whether the lines since the choose's own mark are marked as an option's `where`
        drawn = []  # the zones card options draw their cards from, one list comprehension each
        zone_of = {}  # id of a card option drawn from a zone -> the zone's source
        try:
            for spec, o in zip(specs, stmt.options):
                name = self.const(spec, "SPEC")
                if spec.kind == "card" and o.domain is not None:
                    coll, of_zone = self.collection(o.domain, scope)
                    if of_zone and not coll.constant:
                        if o.where is not None:  # a failure in the where written in is the where's
                            body.append(self.mark(o.where.loc))
                            marked = True
                        lines = self.card_option(spec, name, o, scope, coll.src)
                        drawn.append(coll.src)
                        zone_of[id(spec)] = coll.src
                        if callable(lines):
                            tabled.setdefault(coll.src, []).append(len(body))
                        body.append(lines)
                        seen = seen or not self.distinct or spec.shared  # the twin test of card_option
                        continue
                if spec.kind is None:
                    move = self.const(Move(spec.verb, None, spec.verb, spec.index, spec.doc, kind="", reveals=spec.reveals),
                                      "MOVE")
                    if o.where is None:
                        body.append(f"out.append({move})")
                    else:
                        body += [self.mark(o.where.loc), f"if {self.gen(o.where, scope).src}:",
                                 f"{INDENT}out.append({move})"]
                        marked = True
                    continue
                if marked:
                    body.append(self.mark(stmt.loc))
                    marked = False
                body.append(f"m.add_options(st, {name}, env, out, seen)")
                seen = True
            hoisted = hoist_lines(self.hoist)
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
        if marked:
            body.append(self.mark(stmt.loc))
        calls = tuple(self.s.calls)
        due = []
        for c in calls:
            when = self.s.calls[c].when
            if when is not None:
                src = self.due_src(when)
                due += [f"if {src}:", f"{INDENT}now += ({c!r},)"]
        prompt = self.const(self.text(stmt.prompt or "", scope, stmt), "PROMPT")
        now = ["now = ()", *due] if due else []
        # Cards the player may not see are offered by place: looked for when an option may hold some, or when
        # cards lie face down.
        offer = f"out = ops.offer(st, player, out, {self.const(specs, 'SPECS')}, env)"
        # (an option over the claim cards offers cards that lie nowhere: none is hidden, nothing to look at)
        cards = [s for s, o in zip(specs, stmt.options) if s.kind in ("card", "cards", "several")
                 and not (s.kind == "card" and self.claims(o.domain, scope))]
        seen_only = cards and all(s.kind == "card" for s in cards) and not any(s.blind for s in cards)
        if seen_only:
            offer = offer.replace("ops.offer(", "ops.offer_seen(")  # its cards are hidden only when face down
        blind = [] if not cards else [offer] if any(s.blind for s in cards) else ["if st.facedown:", INDENT + offer]
        if seen_only and len(drawn) == len(cards):
            # each drawn from a zone: when none of the zones' cards lies face down, `offer_seen` would find none of
            # the moves' cards face down (nothing hidden): no move looked at
            apart = " and ".join(f"st.facedown.keys().isdisjoint({z})" for z in dict.fromkeys(drawn))
            blind = ["if st.facedown:", f"{INDENT}if {apart}:", f"{INDENT * 2}env.pop('$blind', None)",
                     f"{INDENT}else:", INDENT * 2 + offer]
        # A `where` that reads what the player may not see would tell it by the moves offered: refused.
        # (each option's look at its `where`'s place, for a refusal to name it; then the choose's own)
        peek = []
        looked = set()  # what the options looked at so far read: an option reading the same passes if they did
        for spec, o in zip(specs, stmt.options):
            if spec.peeks is not None:
                tests, fixed, each, _, marks, _ = spec.peeks
                same = (tests, fixed, marks, spec.blind, spec.domain if tests else None, spec.bind is None)
                if each is None and spec.bind is None and same in looked:
                    continue  # (the same `where` reads in two options: `truth`/`bluff` over `playable(c)`)
                looked.add(same)
                line = f"ops.check_wheres(st, player, ({self.const(spec, 'SPEC')},), env)"
                # (not looked at every time: only its own cards, if face down, or values marked by `derive`)
                down = tests or id(spec) in self.face_down_reads
                guard = " or ".join([*(["st.facedown"] if down else []),
                                     *(["'$seen' in st.vars or '$seen' in env"] if ops.peeks_marks((spec,)) else [])])
                always = ops.peeks_always((spec,)) if id(spec) not in self.face_down_reads else bool(tests and spec.blind)
                if not guard and not always:
                    continue
                zone = zone_of.get(id(spec))
                if (guard == "st.facedown" and tests and not spec.blind and fixed is None and each is None
                        and zone is not None and not re.search(r"\b_[a-z]+\d", zone)):
                    # its own cards alone, from a zone the chooser sees: looked at only when one of them lies face
                    # down (`check_wheres` finds nothing to refuse otherwise)
                    guard = f"st.facedown and not st.facedown.keys().isdisjoint({zone})"
                peek += [self.mark(o.where.loc), *([line] if always else [f"if {guard}:", INDENT + line])]
        for spec, o in zip(specs, stmt.options):  # the lists of values it offers, likewise
            if spec.offers is not None:
                peek += [f"ops.check_offers(st, player, ({self.const(spec, 'SPEC')},), env)"]
        if peek:
            peek.append(self.mark(stmt.loc))
        return [f"player = {who}", *peek, "out = []", *(["seen = set()"] if seen else []), *hoisted, *body,
                "if out:",
                *(INDENT + line for line in [*blind, *now, f"env['$options'] = {self.const(specs, 'SPECS')}",
                                              f"st.pending = m.Decision(player, ops.told(st, {prompt}, env, player) if st.record else '', "
                                              f"tuple(out), False, {calls!r}, {'now' if due else '()'})",
                                              "return st.bots is None or st.bots(st)"])]

    def card_option(self, spec, name: str, o, scope, coll: str):
        """An option over the cards of a zone, as one list comprehension of its moves: its lines, or for an
        option tested by a table that shows one card of a name, a function of the name of the zone's cards
        one of each name (None if no other option needs them too) that gives its lines."""
        item = f"_o{next(self.fresh)}"
        inner = dict(scope)
        inner[o.param] = "card"
        saved = self.subst
        self.subst = {**self.subst, o.param: Py(item, True, True, free=NOTHING, simple=True, atom=True, nonnull=True)}
        try:
            where = self.gen(o.where, inner) if o.where is not None else None
        finally:
            self.subst = saved
        cond = where.src if where is not None else None
        twin = []
        if not self.distinct or spec.shared:
            offset = f" + {spec.group}" if spec.group else ""  # (each option's names apart from the others')
            twin.append(f"(not TWIN[{item}] or (_k := CANON[{item}]{offset}) not in seen and not seen.add(_k))")
        moves = f"_m{next(self.fresh)}"

        def comprehension(tests):
            return f"out += [{moves}[{item}] for {item} in {coll}{' if ' if tests else ''}{' and '.join(tests)}]"
        lines = [f"{moves} = {name}.card_moves", f"{moves} = {moves}[1] if {moves}[0] is st.program.cards "
                                                 f"else m.card_moves({name}, st.program)"]
        free = emitted.free_values(where) if where is not None else None
        if free is None:
            return [*lines, comprehension(([cond] if cond is not None else []) + twin)]
        one_of_each = not self.distinct and not spec.shared  # shows the first card of a name that passes
        table_lines, table = self.card_test(item, cond, free, one_of_each)
        by_table = [f"if {table} is not None:", INDENT + comprehension([f"{table}[{item}]"] + twin)]
        plain = ["else:", INDENT + comprehension([cond] + twin)]
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
                    f"{INDENT}if {kinds} is None:",
                    f"{INDENT * 2}_us = set()",
                    f"{INDENT * 2}{kinds} = [_o for _o in {coll} if not TWIN[_o] or (_k := CANON[_o]) not in _us "
                    "and not _us.add(_k)]",
                    f"{INDENT}out += [{moves}[{item}] for {item} in {kinds} if {table}[{item}]]",
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
                 f"{INDENT}table = tuple([True if {cond} else False for {item} in range({self.deck_size})])"]
        if names_agree:
            lines.append(f"{INDENT}table += (all([table[c] == table[k] for c, k in enumerate(CANON[:{self.deck_size}])]),)")
        lines.append(f"{INDENT}return table")
        made: list = []

        def build(*args):  # compiled when first needed: loading a file stays quick
            if not made:
                made.append(self.define(f"TB{n}", lines))
            return made[0](*args)
        memo, build = self.const({}, "MEMO"), self.const(build, "BUILD")
        table, key = f"_t{n}", "(" + "".join(f + ", " for f in free) + ")"
        return ["try:",
                f"{INDENT}{table} = {memo}[{key}]",
                "except KeyError:",
                f"{INDENT}{table} = card_table({memo}, {key}, {build}, env, {''.join(p + ', ' for p in params)})",
                "except TypeError:  # a list among the values: nothing kept",
                f"{INDENT}{table} = None"], table

    def compile_AskStmt(self, st, scope, code):
        key = f"$ask{next(self.fresh)}"
        who, may = self.asked(st.who, scope)
        if st.bind:
            scope = {**scope, st.bind: "player"}
        specs, bodies = self.option_specs(st.options, scope)
        self.sighted(specs, st.options, ast.Name(name=st.bind) if st.bind else None, scope)
        again, end = ops.Label(), ops.Label()
        unseen = may is not None or self.decided_unseen(st.options, scope, st.bind)
        specs.append(Choice("pass", None, None, None, None, "let it pass", again, "", False))
        code.append(ops.op_ask_init(key, who, st.race, may))
        code.place(again)
        if not st.race:
            code.append(ops.op_ask_next(key, self.text(st.prompt or "", scope, st), tuple(specs), end, st.bind, unseen), sets_pc=True)
            self.emit_bodies(bodies, end, code)
            return
        # A race: everyone is asked, and what each does is kept (each option's label keeps it and asks the next);
        # then, of those who acted, the table says who was first (`first NAME`), and the first one's option runs.
        settle, pick = ops.Label(), ops.Label()
        code.append(ops.op_ask_next(key, self.text(st.prompt or "", scope, st), tuple(specs), settle, st.bind, unseen), sets_pc=True)
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

    def asked(self, who, scope) -> tuple:
        """The players a window asks, and (None, or) those of them who may act when which they are is decided by
        what some players may not see: a list that reads a zone that is not public, `knows` or a function of the
        file (`ask [p for p in others(current) if any([c.rank == 2 for c in hand(p)])]`).  Asking only those would
        tell the table who holds what: every player of the list it filters is asked (every player in turn order from
        the next, for a list not so made), those not in it with `pass` alone, as for a window whose options are
        decided so (`decided_unseen`).  A variable is not followed: a player a rule set (`defender`, a leader) is how
        windows are addressed."""
        if not self.reads_unseen(who, scope):
            return self.expr(who, scope), None
        if isinstance(who, ast.Comprehension) and who.fn == "list" and not who.inner_fors and not who.keys and \
                isinstance(who.expr, ast.Name) and who.expr.name == who.var and not self.reads_unseen(who.iterable, scope):
            return self.expr(who.iterable, scope), self.expr(who, scope)
        return self.lam("st, env", "[*others(st, st.current), st.current]"), self.expr(who, scope)

    def reads_unseen(self, node, scope) -> bool:
        """Whether an expression reads a zone that is not public, `knows`, or a function of the file."""
        return any(self.unseen_read(x, scope) for x in ast.walk(node))

    def unseen_read(self, x, scope) -> bool:
        """Whether node `x` is a read of what some players may not see: a function of the file (which may read it),
        `knows`, or a zone that is not public (not a local name of `scope`)."""
        if not isinstance(x, (ast.Name, ast.Call)):
            return False
        if isinstance(x, ast.Call) and (x.name in self.s.functions or x.name == "knows"):
            return True
        zone = self.s.zones.get(x.name) if x.name not in scope else None
        return zone is not None and zone.visibility != "public"

    def decided_unseen(self, options, scope, bind=None) -> bool:
        """Whether the options of a window may be open to a player or not by what some other player may not see: a
        list drawn from, or a `where` reading, a zone that is not public (`counter c in hand(next) where ...`), a
        function of the file (which may read one), a card face down through `knows(q, c)`, or a variable of the
        game or a local name or parameter other than the player asked (`as q`), which may have been worked out from
        hidden cards (`set two = any([c.rank == two for c in hand(next)])`, `let mine = hand(q)`, a procedure's
        `cards`).  Such a window asks each of its players, those with nothing to do but pass too
        (`ops.op_ask_next`)."""
        for o in options:
            for node in (o.domain, o.where, *(d for _, d in o.params or ())):
                for x in ast.walk(node) if node is not None else ():
                    if self.unseen_read(x, scope):
                        return True
                    if not isinstance(x, (ast.Name, ast.Call)):
                        continue
                    if x.name in scope:
                        if isinstance(x, ast.Name) and x.name != bind:
                            return True
                    elif x.name in self.s.vars:
                        return True
        return False

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
