"""Expressions: each into one Python expression (`gen_X`), with what it reads, for the code around it."""
from __future__ import annotations

import operator
import re

from interpreter import ops

from .. import ast
from ..checker import YIELDING_FUNCS, YIELDING_NAMES, elem_type, params_scope
from ..errors import RulesCheckError

_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


class Expressions:
    """The compiler's part for expressions."""

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
_INT = re.compile(r"^\(?-?\d+\)?$")
_CHECKED = {"*": "MUL", "+": "ADD", "-": "SUB"}  # arithmetic that checks its result stays a number within bounds
# Source cheap and harmless to write twice: a name, a subscript by a constant, an attribute, a literal.
_SIMPLE = re.compile(r"^(?:[A-Za-z_]\w*(?:\.\w+)?(?:\[(?:'\w*'|\d+)\])?|-?\d+|'[^'\\]*')$")
_LITERAL = re.compile(r"^(?:-?\d+|'[^'\\]*'|None|True|False|[A-Z][A-Za-z_0-9]*|_[a-z]\d+)$")
