"""Expressions: each into one Python expression (`gen_X`), with what it reads, for the code around it."""
from __future__ import annotations

import operator

import attrs

from interpreter import ops

from .. import ast
from ..checker import YIELDING_FUNCS, YIELDING_NAMES, beyond_card, elem_type, order_of, params_scope
from ..errors import RulesCheckError
from .emitted import NOTHING, Py, free

_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def known_test(e, functions):
    """The `knows(P, c)` a comprehension's test begins with (`[c for c in pile if knows(current, c) and ...]`), c its
    own name and P read without it (`and` stops at the first false: the rest is asked only of the cards P knows);
    None for any other."""
    if getattr(e, "inner_fors", ()):
        return None
    first = getattr(e, "cond", None)
    while isinstance(first, ast.BoolOp) and first.op == "and":
        first = first.left
    if isinstance(first, ast.Call) and first.name == "knows" and "knows" not in functions and len(first.args) == 2 \
            and isinstance(first.args[1], ast.Name) and first.args[1].name == e.var \
            and e.var not in {n.name for n in ast.walk(first.args[0]) if isinstance(n, ast.Name)}:
        return first
    return None


class Expressions:
    """The compiler's part for expressions."""

    # ------------------------------------------------------------ expressions
    #
    # An expression compiles to Python source, a `Py` (emitted.Py) with its flags.  `varies`: it reads a name
    # bound inside the expression being compiled (an option's argument, a comprehension's item, an inlined
    # function's parameter), so it cannot be worked out once before them.  `safe`: it cannot fail and does
    # no work worth repeating, so it may be worked out early.  Inside an option's `where`, safe parts that do
    # not vary are worked out once per decision, not once per card (`self.hoist`).

    def expr(self, e, scope, at=None):
        """A closure `f(state, env)` giving the value of an expression; `at`, its place, for a failure in it to be
        reported there rather than at the statement that runs it (an option's `where`, a function inlined in it)."""
        return self.lam("st, env", self.gen(e, scope).src, at)

    def gen(self, e, scope) -> Py:
        return getattr(self, "gen_" + type(e).__name__)(e, scope)

    def hoisted(self, py: Py) -> Py:
        """Inside a `where`: a safe part that is the same for every card is worked out once, before them
        (`self.hoist`: source -> its number, `_h<n>`; the same part twice is worked out once)."""
        if self.hoist is None or py.varies or not py.safe or py.atom:
            return py
        n = self.hoist.setdefault(py.src, len(self.hoist))
        return Py(f"_h{n}", False, True, free=frozenset({("h", n)}), simple=True, atom=True)

    def counted(self, coll: Py) -> str:
        """The items of a collection, as a new list counted as work (a group of `splits` is counted already)."""
        return coll.src if coll.uncounted else f"counted(st, {coll.src})"

    def collection(self, e, scope) -> tuple:
        """Source for the items of a zone or list (a zone's own list: do not change it); and whether those
        items are the cards of a zone (never none)."""
        t = self.type_of(e)
        if t == "zone":
            if isinstance(e, ast.Name) and e.name not in scope and e.name in self.s.zones:
                return Py(f"st.zones[{self.zone_index[e.name]}]", False, True, zone_list=True), True
            if (isinstance(e, ast.Call) and e.name in self.s.zones and len(e.args) == 1
                    and self.type_of(e.args[0]) == "player"):
                p = self.gen(e.args[0], scope)
                if p.simple or p.seat:
                    return Py(f"st.zones[{self.zone_index[e.name]}][{p.src}]", p.varies, p.safe, zone_list=p.simple), True
            py = self.gen(e, scope)
            return Py(f"st.zone(*{py.src})", py.varies, False), True
        py = self.gen(e, scope)
        if py.listed:
            return attrs.evolve(py, safe=True), False
        if isinstance(e, ast.Name) and e.name == "claims" and e.name not in scope:
            return py, True  # the claim cards: never none
        if isinstance(e, (ast.ListLit, ast.Range, ast.Comprehension)) or t.startswith("list:") and isinstance(e, ast.Name) \
                and e.name not in scope:
            return py, False
        return Py(f"items(st, {py.src})", py.varies, False), False

    def gen_Literal(self, e, scope):
        v = e.value
        if v is None or isinstance(v, (bool, int, str)):
            py = self.literals.get((type(v), v))
            if py is None:
                src = repr(v)
                plain = not isinstance(v, str) or src[0] == "'" and "\\" not in src  # not a string written with escapes
                whole = isinstance(v, int) and not isinstance(v, bool)
                py = self.literals[type(v), v] = Py(src, False, True, free=NOTHING, simple=plain, atom=plain, number=whole,
                                                    never_none=whole)
            return py
        return self.constant(self.const(v))

    def constant(self, name: str) -> Py:
        """A name of the generated code's namespace (a table, a value)."""
        return Py(name, False, True, free=NOTHING, simple=True, atom=True, constant=True)

    def gen_Name(self, e, scope):
        n, s = e.name, self.s
        if n in scope:
            if n in self.subst:
                return self.subst[n]
            py = self.locals.get(n)
            if py is None:
                py = self.locals[n] = Py(f"env[{n!r}]", False, False, free=frozenset({("env", n)}), simple=True)
            return py
        fixed = (self.leaving and _NAMES_LEAVING.get(n)) or _NAMES.get(n)
        if fixed is not None and n in YIELDING_NAMES and n in s.declared_names():
            fixed = None  # the game's own `finished` or `playing`
        if fixed is not None:
            return Py(fixed, False, True, simple=n in _SIMPLE_NAMES, seat=fixed == _NAMES.get(n) and n in _SEATS, current=n == "current")
        if n in s.vars:
            return self.hoisted(Py(f"st.vars[{n!r}]", False, True, simple=True))
        if n == "claims":
            return self.constant(self.const(list(self.claim_ids), "CLAIMS"))
        if n in s.consts:
            saved, self.subst = self.subst, {}
            try:
                return self.gen(s.consts[n].value, {})
            finally:
                self.subst = saved
        if n in s.options:
            return self.hoisted(Py(f"st.options[{n!r}]", False, True, simple=True))
        if n in s.zones:
            return self.constant(self.const(ops.zone_ref(self.zone_index[n]), "Z"))
        if n in s.values:
            return Py(repr(n), False, True, free=NOTHING, simple=True, atom=True)
        if n in s.attributes:
            a = s.attributes[n]
            values = tuple(range(a.low, a.high + 1)) if isinstance(a, ast.RangeAttributeDecl) else tuple(v.name for v in a.values)
            return self.constant(self.const(list(values), "VALUES"))
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
        if n == "$no_zone":  # a numbered zone's function past its last number (`checker.numbered_zones`)
            name = e.args[0].value
            _, low, high = s.numbered[name]
            k = self.gen(e.args[1], scope)
            return Py(f"ops.no_zone(st, {name!r}, {low}, {high}, {k.src})", k.varies, False)
        if n in s.zones:
            p = self.gen(e.args[0], scope)
            zi = self.zone_index[n]
            if p.current:  # always a player: each player's zone made once
                refs = self.own_zones.get(zi)
                if refs is None:
                    refs = self.own_zones[zi] = self.const(tuple(ops.zone_ref(zi, q) for q in range(s.players.high)),
                                                           "ZONES")
                return Py(f"{refs}[{p.src}]", p.varies, True)
            return Py(f"zone_of(st, {zi}, {p.src})", p.varies, False)
        if n == "score" or n in s.vars:
            p = self.gen(e.args[0], scope)
            return Py(f"st.pvars[{n!r}][{p.src}]", p.varies, False)
        if n in ("top", "bottom"):
            coll, _ = self.collection(e.args[0], scope)
            return self.hoisted(Py(f"({coll.src} or NONE1)[{-1 if n == 'top' else 0}]", coll.varies, coll.safe,
                                   free=free(coll)))
        if n == "has_rule":
            k = self.gen(e.args[0], scope)
            return Py(f"({k.src} in st.house)", k.varies, False)
        if n == "same":
            by = tuple(s.claims.attributes) if s.claims else tuple(s.names.attributes if s.names else s.attributes)
            a0, a1 = (self.gen(a, scope) for a in e.args)
            return Py(f"{self.same(by)}({a0.src}, {a1.src})", a0.varies or a1.varies, False, free=free(a0, a1))
        if n == "size":
            coll, _ = self.collection(e.args[0], scope)
            size = "st.n" if coll.src == "list(range(st.n))" else f"len({coll.src})"  # `size(players)`: no list made
            return Py(size, coll.varies, coll.safe, free=free(coll), never_none=coll.zone_list)
        if n == "called":
            p = self.gen(e.args[0], scope)
            return Py(f"({e.args[1].name!r} in st.called[{p.src}])", p.varies, False)
        args = [self.gen(a, scope) for a in e.args]
        varies = any(a.varies for a in args)
        if n == "others":
            return Py(f"others(st, {args[0].src})", varies, False)
        if n in s.functions and n in YIELDING_FUNCS:
            pass  # the game's own function of this name, below
        elif n == "place":
            return Py(f"m.place(st, {args[0].src})", varies, False)
        elif n == "partner":
            return Py(f"m.partner(st, {args[0].src})", varies, False)
        elif n == "team":
            return Py(f"m.team(st, {args[0].src})", varies, False)
        elif n == "last_place":
            return Py(f"m.place(st, {args[0].src}, st.last_places)", varies, False)
        elif n == "knows":
            return Py(f"ops.knows(st, {args[0].src}, {args[1].src})", varies, False)
        elif n == "position" and len(args) == 2:
            coll, _ = self.collection(e.args[1], scope)
            return Py(f"place_in({coll.src}, {args[0].src})", varies or coll.varies, False)
        elif n == "position":
            return Py(f"ops.position(st, {self.positions()}, {args[0].src})", varies, False)
        if n in ("after", "before") and self.leaving:
            sign = "" if n == "after" else "-"
            return Py(f"m.seat_after(st, {args[0].src}, {sign}st.direction)", varies, False)
        if n in ("after", "before"):
            sign = "+" if n == "after" else "-"
            return Py(f"(({args[0].src} {sign} st.direction) % st.n)", varies, False, seat=True)
        if n == "nth" and n not in s.functions:
            coll, _ = self.collection(e.args[0], scope)
            return Py(f"nth(st, {coll.src}, {args[1].src})", varies or coll.varies, False)
        if n in ("next", "previous", "sort") and n not in s.functions:
            place, after, before = self.orders()
            if n == "sort":
                return Py(f"sort_values({place}, counted(st, items(st, {args[0].src})))", varies, False)
            return Py(f"{after if n == 'next' else before}.get({args[0].src})", varies, False)
        if n in s.functions and n not in self.inlining and len(self.inlining) < 16:
            return self.inline(s.functions[n], args)
        if n in s.functions:
            fn = self.function(s.functions[n])
            return Py(f"{fn}(st{''.join(', ' + a.src for a in args)})", varies, False)
        raise RulesCheckError(f"unknown function `{n}`", e.loc)

    def inline(self, f, args) -> Py:
        """A function's body in place of its call.  An argument that is a plain name or value is written in
        place of the parameter; any other is worked out once, as the argument of a lambda."""
        subst, wrapped = {}, []
        for p, a in zip(f.params, args):
            if a.simple:
                subst[p] = a
            else:
                name = f"_a{next(self.fresh)}"
                subst[p] = Py(name, True, True, simple=True, atom=True)
                wrapped.append((name, a.src))
        saved, self.subst = self.subst, subst
        self.inlining.append(f.name)
        try:
            body = self.gen(f.body, params_scope(f.params))
        finally:
            self.inlining.pop()
            self.subst = saved
        if wrapped:
            params = ", ".join(name for name, _ in wrapped)
            values = ", ".join(a for _, a in wrapped)
            return Py(f"(lambda {params}: {body.src})({values})", True, False)
        return attrs.evolve(body, varies=body.varies or any(a.varies for a in args))

    def function(self, d) -> str:
        """A function that calls itself (or is too deep to inline): one Python function of the namespace."""
        name = self.fn_names.get(d.name)
        if name is not None:
            return name
        name = self.fn_names[d.name] = f"F_{d.name}_{next(self.fresh)}"
        params = [f"_p{i}" for i in range(len(d.params))]
        saved = self.subst, self.hoist, self.inlining
        self.subst = {p: Py(q, True, False, simple=True, atom=True) for p, q in zip(d.params, params)}
        self.hoist, self.inlining = None, [d.name]
        try:
            body = self.gen(d.body, params_scope(d.params)).src
        finally:
            self.subst, self.hoist, self.inlining = saved
        self.define(name, [f"def {name}(st{''.join(', ' + p for p in params)}):", f"    return {body}"])
        return name

    def gen_Attr(self, e, scope):
        table = self.const(self.attr_tables[e.name], "T_" + e.name + "_")
        a = self.gen(e.expr, scope)
        safe = a.safe and self.type_of(e.expr) == "card"
        if a.nonnull:
            out = f"{table}[{a.src}]"
        elif a.simple:
            out = f"({table}[{a.src}] if {a.src} is not None else None)"
        else:
            out = f"attr({table}, {a.src})"
        return self.hoisted(Py(out, a.varies, safe, free=free(a)))

    def gen_BoolOp(self, e, scope):
        a, b = self.gen(e.left, scope), self.gen(e.right, scope)
        return Py(f"({a.src} {e.op} {b.src})", a.varies or b.varies, a.safe and b.safe, free=free(a, b))

    def gen_IfExpr(self, e, scope):
        c, a, b = self.gen(e.cond, scope), self.gen(e.then, scope), self.gen(e.otherwise, scope)
        return Py(f"({a.src} if {c.src} else {b.src})", c.varies or a.varies or b.varies, c.safe and a.safe and b.safe,
                  free=free(c, a, b))

    def gen_Not(self, e, scope):
        a = self.gen(e.expr, scope)
        return Py(f"(not {a.src})", a.varies, a.safe, free=free(a))

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

    def positions(self) -> str:
        """The name of a table of the values of every `ordered` attribute: its place in its order, from 1."""
        if not hasattr(self, "_positions"):
            place = self.ns[self.orders()[0]]
            self._positions = self.const({v: i + 1 for v, i in place.items()}, "POS")
        return self._positions

    def has_order(self) -> bool:
        """Whether the game declares an `ordered` attribute."""
        return any(isinstance(d, ast.AttributeDecl) and d.ordered for d in self.s.attributes.values())

    def ordered_type(self, e, scope) -> bool:
        """Whether an expression gives values of an `ordered` attribute (compared by their place, not as text)."""
        return order_of(self.s, self.type_of(e)) is not None

    def gen_Compare(self, e, scope):
        a, b = self.gen(e.left, scope), self.gen(e.right, scope)
        varies = a.varies or b.varies
        if e.op not in ("==", "!=") and (self.ordered_type(e.left, scope) or self.ordered_type(e.right, scope)):
            place = self.orders()[0]
            return Py(f"ordered({self.const(_COMPARE[e.op], 'OP')}, {place}.get({a.src}), {place}.get({b.src}))",
                      varies, False)
        if e.op not in ("==", "!=") and self.has_order() and "any" in (self.type_of(e.left),
                                                                       self.type_of(e.right)):
            # A value of unknown type (a function's parameter) may be one of an ordered attribute: by its place.
            place = self.orders()[0]
            return Py(f"ordered({self.const(_COMPARE[e.op], 'OP')}, {place}.get({a.src}, {a.src}), "
                      f"{place}.get({b.src}, {b.src}))", varies, False)
        if e.op in ("==", "!="):
            return Py(f"({a.src} {e.op} {b.src})", varies, a.safe and b.safe, free=free(a, b))
        if all(x.simple or x.never_none for x in (a, b)):
            tests = [f"{x.src} is not None" for x in (a, b) if not x.never_none]
            return Py(f"({' and '.join(tests + [f'{a.src} {e.op} {b.src}'])})", varies, False, free=free(a, b))
        return Py(f"ordered({self.const(_COMPARE[e.op], 'OP')}, {a.src}, {b.src})", varies, False, free=free(a, b))

    def gen_In(self, e, scope):
        item = self.gen(e.item, scope)
        coll, _ = self.collection(e.collection, scope)
        return Py(f"({item.src} in {coll.src})", item.varies or coll.varies, item.safe and coll.safe, free=free(item, coll))

    def gen_Is(self, e, scope):
        a = self.gen(e.expr, scope)
        table = self.class_tables.get(e.cls)
        if table is None:  # a class used inside another class: computed card by card
            pred = self.expr(self.s.classes[e.cls].expr, {"card": "card"})
            name = self.const(lambda st, c: c is not None and bool(pred(st, {"card": c})), "CLASS")
            return Py(f"{name}(st, {a.src})", a.varies, False)
        t = self.const(table, "C_" + e.cls + "_")
        if a.nonnull:
            return Py(f"{t}[{a.src}]", a.varies, a.safe, free=free(a))
        if a.simple:
            return Py(f"({a.src} is not None and {t}[{a.src}])", a.varies, a.safe, free=free(a))
        return Py(f"is_({t}, {a.src})", a.varies, False, free=free(a))

    def gen_Range(self, e, scope):
        a, b = self.gen(e.low, scope), self.gen(e.high, scope)
        return Py(f"number_range(st, {a.src}, {b.src})", a.varies or b.varies, False)

    def gen_Arith(self, e, scope):
        t = self.type_of(e.left)
        if e.op == "+" and t == "any":  # a list on the right joins it (`cs + [c]`, `cs` a parameter of no type)
            t = self.type_of(e.right)
            if t == "any":  # neither side's type known: two lists are joined, two numbers added, in play
                a, b = self.gen(e.left, scope), self.gen(e.right, scope)
                return Py(f"PLUS(st, {a.src}, {b.src})", a.varies or b.varies, False, free=free(a, b))
        if e.op == "+" and (t == "zone" or t.startswith("list:")) and self.type_of(e.right) == "any":
            a, _ = self.collection(e.left, scope)  # `hand(p) + cs`: joined in play when `cs` is a list, else told
            b = self.gen(e.right, scope)
            return Py(f"PLUS(st, {a.src}, {b.src})", a.varies or b.varies, False)
        if e.op == "+" and (t == "zone" or t.startswith("list:")):
            a, _ = self.collection(e.left, scope)
            b, _ = self.collection(e.right, scope)
            return Py(f"({self.counted(a)} + {self.counted(b)})", a.varies or b.varies, False,
                      free=free(a, b) if a.uncounted and b.uncounted else None)
        a, b = self.gen(e.left, scope), self.gen(e.right, scope)
        op = "//" if e.op == "/" else e.op
        if op in ("*", "**") or (op in "+-" and not (a.number or b.number)):
            return Py(f"{_CHECKED[op]}({a.src}, {b.src})", a.varies or b.varies, False, free=free(a, b))
        return Py(f"({a.src} {op} {b.src})", a.varies or b.varies, False, free=free(a, b))

    def gen_Neg(self, e, scope):
        a = self.gen(e.expr, scope)
        return Py(f"(-{a.src})", a.varies, False, free=free(a), number=a.number and a.never_none)

    def gen_ListLit(self, e, scope):
        parts = [self.gen(i, scope) for i in e.items]
        return Py("[" + ", ".join(p.src for p in parts) + "]", any(p.varies for p in parts), False, free=free(*parts))

    def gen_Aggregate(self, e, scope):
        coll, _ = self.collection(e.expr, scope)
        reads = free(coll) if coll.uncounted else None
        if e.fn in ("min", "max") and order_of(self.s, elem_type(self.type_of(e.expr)) or "") is not None:
            return Py(f"BY_ORDER_{e.fn}({self.orders()[0]}, {self.counted(coll)})", coll.varies, False)
        return Py(f"AGG_{e.fn}({self.counted(coll)})", coll.varies, False, free=reads)

    def gen_Comprehension(self, e, scope):
        c = known_test(e, self.s.functions)
        if c is not None and c is e.cond and e.fn == "list" and not e.keys and isinstance(e.expr, ast.Name) and \
                e.expr.name == e.var and self.type_of(e.iterable) == "zone":
            # `[c for c in pile if knows(p, c)]` (Klondike's face-up run): each card's zone looked at once, not found
            zone, who = self.gen(e.iterable, scope), self.gen(c.args[0], scope)
            return Py(f"known(st, {who.src}, {zone.src})", zone.varies or who.varies, False)
        coll, of_zone = self.collection(e.iterable, scope)
        inner = {**scope, e.var: elem_type(self.type_of(e.iterable)) or "any"}
        var = f"_v{next(self.fresh)}"
        saved = self.subst
        self.subst = {**saved, e.var: Py(var, True, True, free=NOTHING, simple=True, atom=True, nonnull=of_zone)}
        more = ""  # the `for`s after the first, each inside the one before (its collection may read their names)
        try:
            for f in e.inner_fors:
                c, in_zone = self.collection(f.iterable, inner)
                inner = {**inner, f.var: elem_type(self.type_of(f.iterable)) or "any"}
                v = f"_v{next(self.fresh)}"
                self.subst = {**self.subst, f.var: Py(v, True, True, free=NOTHING, simple=True, atom=True, nonnull=in_zone)}
                more += f" for {v} in {self.counted(c)}"
            body = self.gen(e.expr, inner)
            cond = self.gen(e.cond, inner) if e.cond is not None else None
            keys = [self.gen(k, inner) for k in e.keys]
        finally:
            self.subst = saved
        where = more + (f" if {cond.src}" if cond is not None else "")
        parts = (body, coll, *([cond] if cond is not None else []))
        if keys:
            place = self.orders()[0] if self.has_order() else "{}"
            return Py(f"RANKED_{e.fn}({place}, [({body.src}, ({', '.join(k.src for k in keys)},)) for {var} in "
                      f"{self.counted(coll)}{where}])", True, False)
        if e.fn == "any" and cond is None and not more:
            # (the players, iterated: their numbers, no list made)
            over = "range(st.n)" if coll.src == _NAMES["players"] else coll.src
            # (true, false or none each: Python's own `any`, as `any_early` reads them)
            fn = "any" if self.type_of(e.expr) == "bool" else "any_early"
            src = f"{fn}({body.src} for {var} in {over})"
            outer = {k for k, v in self.subst.items() if v.varies and k != e.var}
            if HOIST_ANY and self.hoist is not None and not coll.varies and body.safe and \
                    not any(isinstance(n, ast.Name) and n.name in outer for x in (e.expr, e.iterable) for n in ast.walk(x)):
                # Inside a `where`, one that reads no name bound outside it (an option's argument: `lay c in hand(p)
                # where c.colour == k or not any(d.colour == k for d in hand(p))`) is the same for every card (nothing
                # moves while they are tested; no work is counted for it): worked out once, not once for each card.
                if coll.safe:  # nothing in it can fail: before the cards
                    return self.hoisted(Py(src, False, True, free=free(body, coll)))
                # its collection may fail (`hand(p)`, p a local): where it is first needed, as written, then kept
                n = self.hoist.setdefault(f"None  # {src}", len(self.hoist))
                return Py(f"(_h{n} if _h{n} is not None else (_h{n} := {src}))", True, False)
            return Py(src, True, False, free=free(body, coll))
        reads = free(*parts) if coll.uncounted and not more else None
        if e.fn in ("min", "max") and self.ordered_type(e.expr, inner):
            return Py(f"BY_ORDER_{e.fn}({self.orders()[0]}, [{body.src} for {var} in {self.counted(coll)}{where}])",
                      True, False)
        if e.fn in ("all", "any") and self.type_of(e.expr) == "bool":
            # true or false (or none, which counts as false) each: Python's own, stopping at the first that decides
            return Py(f"{e.fn}({body.src} for {var} in {self.counted(coll)}{where})", True, False, free=reads)
        return Py(f"AGG_{e.fn}([{body.src} for {var} in {self.counted(coll)}{where}])", True, False, free=reads)

    def gen_Splits(self, e, scope):
        coll, _ = self.collection(e.iterable, scope)
        inner = {**scope, e.var: "list:" + (elem_type(self.type_of(e.iterable)) or "any")}
        var = f"_v{next(self.fresh)}"
        saved = self.subst
        # The group: a list, never none, counted as one step whatever its condition reads (codegen.splits).
        self.subst = {**saved, e.var: Py(var, True, True, free=NOTHING, simple=True, atom=True, listed=True,
                                         uncounted=True)}
        try:
            cond = self.gen(e.cond, inner).src
        finally:
            self.subst = saved
        # A condition that reads only the group gives the same splits for the same items: they are kept.
        memo = self.const({}, "SPLITS") if beyond_card(self.s, e.cond, {e.var}, ()) is None else "None"
        return Py(f"{e.kind}(st, {memo}, {self.counted(coll)}, lambda {var}: {cond})", True, False)


HOIST_ANY = True  # an `any` in a `where` that reads no argument of it worked out once (tests turn it off to compare)


def hoist_lines(hoist: dict) -> list[str]:
    """The lines that work out, once, the parts of `where`s hoisted before them (`Expressions.hoisted`)."""
    return [f"_h{n} = {src}" for src, n in hoist.items()]


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
_CHECKED = {"*": "MUL", "**": "POW", "+": "ADD", "-": "SUB"}  # arithmetic that checks its result stays a number within bounds
# The names above that are a plain attribute (cheap and harmless to write twice), and those that are a seat's arithmetic.
_SIMPLE_NAMES = frozenset(("current", "direction", "hand_number"))
_SEATS = frozenset(("next", "previous", "dealer"))
