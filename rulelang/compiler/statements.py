"""Statements: each procedure's and rule's body as basic blocks (`native_X`: Python lines for a statement that
runs straight through; `compile_X`: an instruction of its own), and rules written in play."""
from __future__ import annotations

import ast as pyast
import contextlib
import re

import attrs

from interpreter import ops
from interpreter.program import Proc, Rule

from .. import ast
from ..checker import (check_written_rule, elem_type, param_type, params_scope, revealed_name, revealed_params, rule_scope,
                       var_type)
from .blocks import Code
from ..errors import RulesCheckError
from .emitted import INDENT, Py
from .expressions import known_test

_NO_KEY = object()
# Statements that are instructions of their own: they ask someone, start other code or change the rules.
_STOPS = (ast.ChooseStmt, ast.AskStmt, ast.RaceStmt, ast.CallStmt, ast.FireStmt, ast.WinStmt, ast.AddStmt, ast.OutStmt,
          ast.LoseStmt)


@attrs.frozen
class Inlined:
    """A card source found in a function's body (`Statements.card_sources`): its source with the call's arguments
    written in, its type, the call it was found through (whose place and names stand for it), and its expression in
    the body, and whether it reads the call's arguments."""

    py: Py
    kind: str
    call: ast.Call
    node: object
    args: bool  # whether it reads the call's arguments (`hand(p)` of `define holds(p)`), or not (a variable)


# Statements that may leave a decision pending or change what runs next (the stack, the rules in force): a body that
# holds one, or calls or fires code that does, runs on the machine's frames; any other runs as a plain Python call.
_SUSPENDS = (ast.ChooseStmt, ast.AskStmt, ast.RaceStmt, ast.AddStmt, ast.WinStmt, ast.OutStmt, ast.LoseStmt)


# The types of the values that hold cards: a card, a list of them, a zone.
_HELD = ("card", "list:card", "zone")


# Instructions that read nothing of their frame: a plain function gives them none (`Statements.native`).
_NO_FRAME = (ops.op_skip, ops.op_reverse, ops.op_again)


def _bound_by(e) -> set:
    """The names a comprehension (each of its `for`s) or a `splits` binds."""
    return {var for var, _ in e.fors()} if isinstance(e, ast.Comprehension) else {e.var}


def names_in(e) -> set:
    """The names an expression reads."""
    return {n.name for n in ast.walk(e) if isinstance(n, ast.Name)}


def _stops(st) -> bool:
    return isinstance(st, _STOPS) or any(_stops(s) for b in ast.inner_blocks(st) for s in b.stmts)


# Blocks nested deeper than this are cut into basic blocks joined by jumps rather than written as nested Python,
# which allows only 20 nested loops and 100 levels of indentation.
NATIVE_DEPTH = 8
# Characters of Python an argument may have when it is written in place of a parameter to follow a function's body
# (`into`): functions passing on expressions that use their parameter many times (`f2(y) = f1(y + y + ... + y)`) grow
# so at each call, many times over; the generated code is not (it works an argument out once), only this reading.
MAX_FOLLOWED = 10_000_000


def _nesting(st) -> int:
    """How many blocks deep a statement's own blocks go (0 for a statement without any)."""
    return max((1 + max((_nesting(s) for s in b.stmts), default=0) for b in ast.inner_blocks(st)), default=0)


class Statements:
    """The compiler's part for procedures, rules and their statements."""

    def proc(self, name, params, body, scope, framed=False) -> Proc:
        """A body's code.  `framed`: a procedure's, which a call in a branch whose test read hidden cards runs with
        who saw them (`env['$t']`, `compile_CallStmt`)."""
        code = Code(self, name)
        outer, self.card_names = getattr(self, "card_names", None), {p for p, t in scope.items() if t in ("card", "list:card")}
        saved_hoist, self.hoist = self.hoist, None
        saved_framed, self.framed = self.framed, framed
        try:
            self.block(body, dict(scope), code)
            self.card_locals[name] = frozenset(self.card_names)
        finally:
            self.card_names = outer
            self.hoist = saved_hoist
            self.framed = saved_framed
        return Proc(name, tuple(params), code.done())

    def holds_card(self, name, t):
        """Note a local that holds a card: a search bot's sample must swap it with the card it stands for."""
        if t in ("card", "list:card") and self.card_names is not None:
            self.card_names.add(name)

    def rule(self, r, author=None, text=None, key=_NO_KEY) -> Rule:
        scope = rule_scope(r, written=key is not _NO_KEY)
        saved = self.subst
        if key is not _NO_KEY:  # a rule written in play: `key` is the number (or name) it was written for
            self.subst = {**saved, "key": self.constant(self.const(key, "KEY"))}
        try:
            cond = cond_src = None
            if r.cond is not None:  # called with the event's arguments, before any frame is made for the rule
                params = [f"_r{i}" for i in range(len(r.params))]
                outer, self.subst = self.subst, {**self.subst, **{p: Py(q, simple=True, atom=True) for p, q in zip(r.params, params)}}
                try:
                    cond_src = self.authors_test(r.cond, scope, self.gen(r.cond, scope).src, framed=False)
                    cond = self.lam(", ".join(["st", *params]), cond_src, r.cond.loc)
                finally:
                    self.subst = outer
            plain = None
            if key is _NO_KEY and not self.body_suspends(r.body):
                plain = self.plain(f"R{next(self.fresh)}", r.name, r.body, scope, framed=False)
            rule = Rule(r.name, r.event, tuple(r.params), cond, self.proc(r.name, r.params, r.body, scope), author, text,
                        cond_src=cond_src, cond_at=r.cond.loc if r.cond is not None else None, plain=plain,
                        fires=self.fires(r.body) if plain is not None else frozenset())
            if key is _NO_KEY:  # a rule of the file: the `fire`s that wrote its condition in name it (`inline_fire`)
                self.ns[self.file_rule(r)] = rule
            return rule
        finally:
            self.subst = saved

    def compile_rule(self, text: str, key=None, author=None, agreed: bool = False) -> Rule:
        """Parse, check and compile a rule written in play, against this game: the same language as the file.
        A rule is checked when it is offered and compiled when it is put in force: the second time is free.
        `agreed`: the table read it and agreed to it (the `house` command), so it may test any card; a rule the
        game makes in play (an Add-a-Rule's `write`) may test only what its author sees (`authors_test`)."""
        cache_key = (text, repr(key), author, agreed)
        rule = self.rules_written.get(cache_key)
        if rule is None:
            rule = self.rules_written[cache_key] = self._compile_rule(text, key, author, agreed)
        return rule

    def _compile_rule(self, text: str, key, author, agreed: bool) -> Rule:
        texts = self.texts
        self.texts = {**texts, "<rule>": text}  # a failure of the rule at run time is shown in its own text
        try:
            return self._compile_rule_text(text, key, author, agreed)
        finally:
            self.texts = texts

    def _compile_rule_text(self, text: str, key, author, agreed: bool) -> Rule:
        decl = check_written_rule(self.s, text)  # parsed and checked as a file's rules are, its types kept
        # A rule written in play is known by its key, so that it can neither displace the game's own rules
        # nor another key's rule of the same name; the name it was written with is kept as its label.
        if isinstance(key, str) and key.isidentifier():
            name = key
        elif key is not None:
            name = "house_" + "".join(ch if ch.isalnum() else "_" for ch in str(key)).strip("_")
        else:
            name = decl.name or "house_rule"
        decl = attrs.evolve(decl, name=name)
        self.in_play, self.author = True, None if agreed else author
        try:
            return self.rule(decl, author, text, key)
        finally:
            self.in_play, self.author = False, None

    # ------------------------------------------------------------ statements
    #
    # A statement that asks someone (`choose`, `ask`, a race), starts other code (`fire`, a procedure's call,
    # `win`) or changes the rules (`add`) is an instruction of its own, run by the machine.  Every run of other
    # statements between them, loops and `if`s included, becomes one generated Python function.

    def suspends(self, kind: str, name: str) -> bool:
        """Whether a procedure (`kind` "proc") or an event's rules (`kind` "event", the file's) can leave a decision
        pending or change what runs next: a `choose`, `ask`, race, `add`, `win`, `out` or `lose` in its body, or in a
        procedure it calls or a rule of an event it fires, at any depth; or blocks nested too deep for one function
        (`NATIVE_DEPTH`); or a call back into itself (whose depth the machine's frames bound).  One that cannot is
        compiled once more as one Python function (`plain`), which a game whose rules are the file's runs as a call."""
        key = (kind, name)
        if key in self.suspending:
            return self.suspending[key] is not False  # (None: being looked at, a call back into itself)
        self.suspending[key] = None
        s = self.s
        bodies = [s.procedures[name].body] if kind == "proc" else [r.body for r in s.rules if r.event == name]
        found = any(self.body_suspends(b) for b in bodies)
        self.suspending[key] = found
        return found

    def body_suspends(self, body, fires=frozenset()) -> bool:
        """Whether a body can suspend (`suspends`), not counting the `fire` statements whose ids are in `fires`."""
        if any(_nesting(st) > NATIVE_DEPTH for st in body.stmts):
            return True
        for n in ast.walk(body):
            if isinstance(n, _SUSPENDS) or \
                    isinstance(n, ast.CallStmt) and (n.name not in self.s.procedures or self.suspends("proc", n.name)) or \
                    isinstance(n, ast.FireStmt) and id(n) not in fires and self.suspends("event", n.event):
                return True
        return False

    def fires(self, body) -> frozenset:
        """The events a body fires, at any depth: its own `fire`s, and those of the procedures it calls and of the
        file's rules of the events fired.  Its plain code (`plain`) writes in the file's rules of each: it runs as a
        call while none of them has had its rules changed by a rule written in play (`Program.changed`)."""
        s = self.s
        events: set = set()
        seen: set = set()
        todo = [body]
        while todo:
            for n in ast.walk(todo.pop()):
                if isinstance(n, ast.FireStmt) and n.event not in events:
                    events.add(n.event)
                    todo += [r.body for r in s.rules if r.event == n.event]
                elif isinstance(n, ast.CallStmt) and n.name in s.procedures and n.name not in seen:
                    seen.add(n.name)
                    todo.append(s.procedures[n.name].body)
        return frozenset(events)

    def unchanged(self, events: frozenset) -> str:
        """The test, in generated code, that the rules of these events are the file's (`fires`)."""
        if not events:
            return "True"
        return f"st.program.fixed or st.program.changed.isdisjoint({self.const(events, 'EVENTS')})"

    def semi_plain(self, name: str) -> bool:
        """Whether a procedure that can suspend (`suspends`) does so only by an event's rules, fired by a statement of
        its own body (not inside an `if` or a loop), with nothing else in it that can: it too runs as a call from a
        frame (`plain`), and at such a `fire`, if a rule that will run can suspend, it puts its own frame on the stack
        there to go on after them (`machine.fire_then`).  A plain function calls none: they start from frames alone."""
        key = ("semi", name)
        if key not in self.suspending:
            body = self.s.procedures[name].body
            top = {id(st) for st in body.stmts if isinstance(st, ast.FireStmt)}
            self.suspending[key] = self.suspends("proc", name) and not self.body_suspends(body, top)
        return self.suspending[key]

    def called(self, name: str) -> bool:
        """Whether a call from a frame runs the procedure as a call of its plain function (while the rules are the
        file's): it cannot suspend, or only at its own `fire`s (`semi_plain`)."""
        return name in self.s.procedures and (not self.suspends("proc", name) or self.semi_plain(name))

    def plain_name(self, name: str) -> str:
        """The name in the generated code of a procedure's plain function (`plain`), made before the function."""
        fn = self.plain_names.get(name)
        if fn is None:
            fn = self.plain_names[name] = f"P{next(self.fresh)}"
        return fn

    def plain(self, fname: str, name: str, body, scope, framed: bool, semi: bool = False):
        """A body that cannot suspend (`suspends`) as one Python function `fname(st, env)`: every statement written
        in (calls and `fire` too: `native_CallStmt`, `native_FireStmt`).  A failure in it notes its name on the way
        out (`machine.unwound`), for the error's frames: it has no frame on the machine's stack."""
        outer, self.card_names = self.card_names, {p for p, t in scope.items() if t in ("card", "list:card")}
        saved = self.hoist, self.framed, self.plain_mode
        self.hoist, self.framed, self.plain_mode = None, framed, name if semi else True
        try:
            lines = self.native_block(body, dict(scope))
        finally:
            self.card_names = outer
            self.hoist, self.framed, self.plain_mode = saved
        head = [f"def {fname}(st, env):", f"    # `{name}` as a plain call: " +
                ("it may suspend only at its own `fire`s" if semi else "nothing in it can leave a decision pending")]
        if any(re.search(r"\bfr\b", line) for line in lines):  # (an instruction that names where it failed)
            head.append(f"    fr = m.Frame(None, env, {name!r})")
        fn = self.define(fname, [*head, "    try:", *(INDENT + line for line in lines), "    except Exception as e:",
                                 f"        m.unwound(e, {name!r})", "        raise"])
        self.ns.setdefault(fname, fn)
        return fn

    def block(self, b, scope, code):
        for st in b.stmts:
            if _stops(st) and not self.plain_mode or _nesting(st) > NATIVE_DEPTH:
                code.at = self.mark(st.loc) if st.loc is not None else None
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
            lines = [f"{self.const(op, 'OP')}(st, {'None' if self.plain_mode and op in _NO_FRAME else 'fr'})" for op in ops_]
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
        return [INDENT + line for line in lines] or [INDENT + "pass"]

    def native_LetStmt(self, st, scope):
        value = self.gen(st.value, scope).src
        before, after = self.derived(st.value, scope, "env", repr(st.name), f"env[{st.name!r}]", st)
        scope[st.name] = self.type_of(st.value)
        self.holds_card(st.name, scope[st.name])
        return [*before, f"env[{st.name!r}] = {value}", *after]

    def native_SetStmt(self, st, scope):
        value = self.gen(st.value, scope).src
        if st.name in scope and st.index is None:
            before, after = self.derived(st.value, scope, "env", repr(st.name), f"env[{st.name!r}]", st)
            return [*before, f"env[{st.name!r}] = {value}", *after]
        if st.index is not None:
            who = self.gen(st.index, scope).src
            if st.name == "score":  # scores are public: scoring tells the table what the hands held, as at a table
                return [f"st.pvars[{st.name!r}][{who}] = {value}"]
            before, after = self.derived(st.value, scope, "st.vars", f"({st.name!r}, {who})",
                                         f"st.pvars[{st.name!r}][{who}]", st)
            return [*before, f"st.pvars[{st.name!r}][{who}] = {value}", *after,
                    *self.read_by_a_where(st, f"({st.name!r}, {who})")]
        before, after = self.derived(st.value, scope, "st.vars", repr(st.name), f"st.vars[{st.name!r}]", st)
        return [*before, f"st.vars[{st.name!r}] = {value}", *after, *self.read_by_a_where(st, repr(st.name))]

    def read_by_a_where(self, st, key: str) -> list[str]:
        """A rule written in play that sets a variable some `where` reads (`Decisions.peeks`) from cards a player
        cannot see fails there (`ops.set_for_a_where`), in its own text: left in force, the `where` would read it
        for that player a move or more later, where no rule written in play is running to be blamed, and the
        game's own move would fail each time.  A file's own rules are told at the `where`, as before."""
        return self.checked_for_a_where(st.name, key, "'$seen' in st.vars")

    def checked_for_a_where(self, name: str, key: str, when: str) -> list[str]:
        """The line checking, when `when` holds (the value is marked), that a variable a `where` reads was not set
        by a rule written in play from cards some player cannot see (`read_by_a_where`, `tainted_for_a_where`)."""
        if name not in (self.where_reads if self.in_play else self.where_vars()):
            return []
        if not self.in_play:  # a file's own `set`, run for a rule written in play (a procedure it calls, an event's rules)
            return [f"if st.house and {when}: ops.set_for_a_where_in_play(st, {key}, {name!r})"]
        return [f"if {when}: ops.set_for_a_where(st, {key}, {name!r})"]

    def where_vars(self) -> frozenset:
        """The variables any `where` of the file may read, directly or in a function it calls (at any depth): worked
        out before the `where`s are compiled (`where_reads` is filled as they are), for the file's own `set`s."""
        if self.where_vars_memo is None:
            s, found, seen = self.s, set(), set()
            todo = [n.where for n in s.code_nodes() if isinstance(n, ast.Option) and n.where is not None]
            while todo:
                for n in ast.walk(todo.pop()):
                    name = n.name if isinstance(n, (ast.Name, ast.Call)) else None
                    if name in s.vars:
                        found.add(name)
                    elif isinstance(n, ast.Call) and name in s.functions and name not in seen:
                        seen.add(name)
                        todo.append(s.functions[name].body)
            self.where_vars_memo = frozenset(found)
        return self.where_vars_memo

    def tainted_for_a_where(self, name: str, key: str, unmarked: str) -> list[str]:
        """`read_by_a_where` for a variable an `if` or a `while` of a rule written in play may have set, or left as
        it was, where its test read cards some seat could not see (`tainted`): that too is worked out from them."""
        return self.checked_for_a_where(name, key, f"not ({unmarked}True)")

    def derived(self, e, scope, store: str, key: str, value: str, stmt=None,
                untyped: bool = True) -> tuple[list[str], list[str]]:
        """A value worked out from cards (`count(c for c in hand(next) if c.colour == red)`, `c.number`) is known
        only to the seats that could see every one of them then: the lines noting who (`ops.derive`), when it reads
        any, before and after the value is given.  So is a value worked out from such a value (`let m = n + 1`:
        who may know each name it reads is looked up before, `ops.seen_of`), or given inside an `if` or a `while`
        whose test read cards (`self.taints`).  A card or a list of cards is seen where it lies, but which one it is
        may tell more: it is known only to those who could see what picked it (`picks`: `nth(a, top(hand(next)).rank)`)
        and the test it was given under.
        `stmt`: the statement setting it; the first of an `if`'s branch whose test read the same one card alone
        (`self.first_seen`) looks up no more who sees it: no card has moved since the test's look."""
        held = self.type_of(e) in _HELD  # (a zone: the list of a `for c in hand(p)`)
        if untyped and not held and self.type_of(e) in ("any", "list:any") and isinstance(e, ast.Name) and \
                e.name in scope:
            # a name the checker could not type, that may hold cards its call gave (`ops.CARDS`): as hidden as they are
            before, after = self.derived(e, scope, store, key, value, stmt, untyped=False)
            return before, [f"if {e.name!r} in env.get({ops.CARDS!r}, ()):",
                            f"{INDENT}ops.derive(st, {store}, {key}, {value}, (env[{e.name!r}], ))",
                            *(["else:", *(INDENT + line for line in after)] if after else [])]
        # (a card or a list of cards: what picked it, `nth(a, top(hand(next)).rank)`, and the names it was read from)
        sources = self.picks(e, scope) if held else self.card_sources(e, scope)
        marks = self.name_marks(e, scope)
        # A player given in a branch is told as it is: who acts next shows it to the table anyway; a card is not (which
        # one it is tells which way the test went).
        plain = self.type_of(e) == "player"
        taints = [] if plain else self.taints
        if not sources and not marks and not taints:
            # a variable set from no hidden card is shown again (a name of the frame: the next `let`), unless the
            # procedure runs in a branch whose test read hidden cards (`env['$t']`, given by the call)
            again = [f"if '$seen' in st.vars: ops.derive(st, st.vars, {key}, {value}, ())"] if store != "env" else []
            if not self.framed or plain:
                return [], again
            framed = f"if '$t' in env: ops.derive(st, {store}, {key}, {value}, (), (env['$t'],))"
            return [], [framed, *(["else:", INDENT + again[0]] if again else [])]
        before = [f"_d = ({''.join(m + ', ' for m in marks)})"] if marks else []
        taints = self.taint_srcs() if taints or self.framed and not plain else []
        one = self.one_card(sources, scope)
        looked = []
        if one is not None and stmt is not None and self.first_seen.get(id(stmt), (None,))[0] == one \
                and self.first_seen[id(stmt)][1] in taints:  # the test's look is among the marks already
            sources, one = [], None
        elif one is not None:  # one card: who sees it is one more mark (`seers` takes them all together), looked up once
            sources, taints, looked = [], ["_w", *taints], [f"_w = {one}"]
        also = ("_d + " if marks else "") + "(" + "".join(t + ", " for t in taints) + ")"
        line = (f"ops.derive(st, {store}, {key}, {value}, ({''.join(self.source_src(x, scope) + ', ' for x in sources)}), "
                f"{also})")
        if not sources:  # only marks: `derive` does nothing when none is set and none was noted
            unset = [*(f"_d[{i}] is None" for i in range(len(marks))), *(f"{t} is None" for t in taints)]
            return before, [*looked, f"if not ({' and '.join([*unset, f'{chr(39)}$seen{chr(39)} not in {store}'])}):",
                            INDENT + line]
        return before, [line]

    def one_card(self, sources, scope) -> str | None:
        """For card sources (`card_sources`) that are one card, who could see it where it lies (`ops.card_seers`), as
        source; else None."""
        if len(sources) != 1 or (sources[0].kind if isinstance(sources[0], Inlined) else self.type_of(sources[0])) != "card":
            return None
        return f"ops.card_seers(st, {self.source_src(sources[0], scope)})"

    def name_marks(self, e, scope, bound=frozenset()) -> list[str]:
        """For each variable an expression reads (a name of the frame, a table's or a player's variable), who may
        know its value if a rule worked it out from cards some could not see (`ops.seen_of`, not called while the
        store notes none), as source.  A
        player's variable read for a name a comprehension binds (`played(p) for p in players`) is every player's."""
        return [src for src, _ in self.named_marks(e, scope, bound)]

    def named_marks(self, e, scope, bound=frozenset(), given=frozenset()) -> list[tuple]:
        """`name_marks`, each with the node that reads the variable (a refusal names it, at its place).  In a
        function's body, `given`: its parameters given the call's arguments (not a name a comprehension binds), so
        that a player's variable read for one (`held(player)` in `has(current, k)`) is the argument's player's."""
        if isinstance(e, ast.Name):
            if e.name in bound:
                return []
            if e.name in scope:
                return [(f"(ops.seen_of(env, {e.name!r}, env.get({e.name!r})) if '$seen' in env else None)", e)]
            return [(f"(ops.seen_of(st.vars, {e.name!r}, st.vars.get({e.name!r})) if '$seen' in st.vars else None)", e)] \
                if e.name in self.s.vars else []
        if isinstance(e, (ast.Comprehension, ast.Splits)):
            inner = bound | _bound_by(e)
            return self.named_marks(e.iterable, scope, bound, given) + [
                x for c in ast.children(e) if c is not e.iterable
                for x in self.named_marks(c, scope, inner, given - _bound_by(e))]
        out = [x for c in ast.children(e) for x in self.named_marks(c, scope, bound, given)]
        if isinstance(e, ast.Call) and e.name in self.s.functions and e.name not in self.inlining and \
                len(self.inlining) < 16:  # the variables a function's body reads (its arguments' marks are above)
            with self.into(e, scope, bound - given) as (f, held):
                out += self.named_marks(f.body, params_scope(f.params), frozenset(f.params), frozenset(f.params) - held)
        if isinstance(e, ast.Call) and e.name in self.s.vars and len(e.args) == 1:
            if {n.name for n in ast.walk(e.args[0]) if isinstance(n, ast.Name)} & (bound - given):
                out.append((f"ops.seen_all(st.vars, {e.name!r}, st.pvars[{e.name!r}])", e))
            else:
                who = self.gen(e.args[0], scope).src
                out.append((f"ops.seen_of(st.vars, ({e.name!r}, {who}), st.pvars[{e.name!r}][{who}])", e))
        return out

    def taint_srcs(self) -> list[str]:
        """Who saw the tests of the `if`s and `while`s around the statement compiled (`self.taints`), and in a
        procedure, of those around its call (`env.get('$t')`, None when there were none)."""
        return [*self.taints, "env.get('$t')"] if self.framed else self.taints

    def set_in(self, blocks) -> tuple[list, list, bool]:
        """The names statements set, directly or in a procedure they run (at any depth): the table's variables
        and the frame's names, each player's variables with the index they are set at (None: any player's, as a
        procedure sets it), and whether they run a procedure at all."""
        names, per, calls, seen = [], [], False, set()
        todo = [(b, True) for b in blocks]
        while todo:
            b, own = todo.pop(0)
            for n in ast.walk(b):
                if isinstance(n, ast.SetStmt) and n.index is None and n.name not in names and (own or n.name in self.s.vars):
                    names.append(n.name)
                elif isinstance(n, ast.SetStmt) and n.index is not None and n.name != "score":
                    per.append((n.name, n.index if own else None))
                elif isinstance(n, ast.CallStmt) and n.name in self.s.procedures:
                    calls = True
                    if n.name not in seen:
                        seen.add(n.name)
                        todo.append((self.s.procedures[n.name].body, False))
        return names, per, calls

    def tainted(self, cond, scope, blocks, first=None) -> tuple[list[str], list[str], str | None]:
        """An `if` or `while` whose test reads cards some seat may not see (or a value worked out from them), around
        statements that set a name (or run a procedure, `compile_CallStmt`): who saw them, worked out before (lines,
        and its source, pushed on `self.taints` for the statements inside), and the lines after that note the names
        it may have set (or left as they were), directly or in a procedure, as known to those seats alone: a
        player's variable at the index it is set at when that is the same after the branch, else every player's.
        `first`: the branches of an `if` (not a `while`, whose body runs again after cards moved), whose first
        statements may reuse the test's look at one card (`derived`)."""
        names, per, calls = self.set_in(blocks)
        if not names and not per and not calls or any(self.always_shows(b, set()) for b in blocks):
            return [], [], None
        sources, marks = self.card_sources(cond, scope), self.name_marks(cond, scope)
        if not sources and not marks:
            return [], [], None
        w = f"env['$w{next(self.fresh)}']"
        one = self.one_card(sources, scope)
        if not sources and len(marks) == 1:  # who may know one value: `seers` of it alone is that
            before = [f"{w} = {marks[0]}"]
        else:
            before = [f"{w} = {one}" if one is not None and not marks else
                      f"{w} = ops.seers(st, ({''.join(self.source_src(x, scope) + ', ' for x in sources)}), "
                      f"({''.join(m + ', ' for m in marks)}))"]
            if one is not None and first is not None:  # (with the marks of the name that holds it: as it is looked
                for b in first:                         # up again with them, `derived`)
                    if b.stmts:
                        self.first_seen[id(b.stmts[0])] = (one, w)
        after = []
        # Each name it may have set is noted below as known to those who saw the test (with those who could know it
        # before): nothing to note when everyone saw the test (and the tests around it) and no value is marked at all.
        unmarked = "".join(f"{t} is None and " for t in [w, *self.taint_srcs()])
        for name in names:
            if name not in scope and name not in self.s.vars:
                continue  # a `let` of the blocks' own: it ends with them
            store, key = ("env", f"env[{name!r}]") if name in scope else ("st.vars", f"st.vars[{name!r}]")
            kind = scope[name] if name in scope else var_type(self.s, name)
            if kind == "player":  # who acts shows the player (a card: which one tells which way the test went)
                continue
            after += [f"if not ({unmarked}'$seen' not in {store}):",
                      f"    ops.derive(st, {store}, {name!r}, {key}, (), ({w}, ops.seen_of({store}, {name!r}, {key}), "
                      f"{''.join(t + ', ' for t in self.taint_srcs())}))"]
            if store == "st.vars":
                after += [INDENT + x for x in self.tainted_for_a_where(name, repr(name), unmarked)]
        done = set()
        for name, index in per:
            if var_type(self.s, name) == "player":
                continue
            who = self.gen(index, scope).src if index is not None and self.stays(index, scope, blocks) else None
            if (name, who) in done or (name, None) in done:
                continue
            done.add((name, who))
            i = who or f"_i{next(self.fresh)}"
            key, value = f"({name!r}, {i})", f"st.pvars[{name!r}][{i}]"
            line = (f"ops.derive(st, st.vars, {key}, {value}, (), ({w}, ops.seen_of(st.vars, {key}, {value}), "
                    f"{''.join(t + ', ' for t in self.taint_srcs())}))")
            lines = [line, *self.tainted_for_a_where(name, key, unmarked)]
            lines = lines if who is not None else [f"for {i} in range(st.n):", *(INDENT + x for x in lines)]
            after += [f"if not ({unmarked}'$seen' not in st.vars):", *(INDENT + x for x in lines)]
        return before, after, w

    def always_shows(self, block, seen) -> bool:
        """Whether a branch always does what the table sees (a decision with an option always offered, a `say`, a
        move, a skip, a win...; in a procedure it runs, or in both branches of an `if`), so that whether it was
        taken is told anyway (`if playable(drawn) { play(drawn) }`): then what it sets is not hidden for its test
        (`tainted`).  A branch that tells its test's result so is the rule's own doing, as a `say` in it is."""
        for st in block.stmts:
            if isinstance(st, (ast.SayStmt, ast.MoveStmt, ast.MoveTopStmt, ast.SkipStmt, ast.ReverseStmt, ast.AgainStmt,
                               ast.WinStmt, ast.OutStmt, ast.LoseStmt, ast.TurnToStmt)):
                return True
            if isinstance(st, ast.ChooseStmt) and any(o.param is None and not o.params and o.where is None and
                                                      o.takes is None for o in st.options):
                return True
            if isinstance(st, ast.CallStmt) and st.name in self.s.procedures and st.name not in seen:
                seen.add(st.name)
                if self.always_shows(self.s.procedures[st.name].body, seen):
                    return True
            if isinstance(st, ast.IfStmt) and st.otherwise is not None and \
                    self.always_shows(st.then, seen) and self.always_shows(st.otherwise, seen):
                return True
        return False

    def stays(self, index, scope, blocks) -> bool:
        """Whether a player's index (`set n(p) = ...` in a branch) is the same after the branch: it reads only
        names of the frame the branch does not set, and `current` when the branch neither turns to a player
        `now`, runs a procedure nor fires an event."""
        read = names_in(index)
        if not read <= set(scope) | {"current"}:
            return False
        inner = [n for b in blocks for n in ast.walk(b)]
        if any(isinstance(n, (ast.SetStmt, ast.LetStmt)) and n.name in read or
               isinstance(n, ast.ForStmt) and n.var in read for n in inner):
            return False
        return "current" not in read or not any(isinstance(n, (ast.CallStmt, ast.FireStmt)) or
                                                isinstance(n, ast.TurnToStmt) and n.now for n in inner)

    @contextlib.contextmanager
    def tainting(self, cond, scope, blocks, branches=False):
        """`tainted`'s lines before and after an `if` (`branches`) or `while`, with its seers on `self.taints` for the
        statements compiled inside the `with`."""
        before, after, w = self.tainted(cond, scope, blocks, blocks if branches else None)
        if w is not None:
            self.taints.append(w)
        try:
            yield before, after
        finally:
            if w is not None:
                self.taints.pop()
            if branches:
                for b in blocks:
                    if b.stmts:
                        self.first_seen.pop(id(b.stmts[0]), None)

    def card_sources(self, e, scope, bound=frozenset()) -> list:
        """The parts of an expression whose cards its value is worked out from: each card, list of cards or zone
        it reads (not one whose cards it only counts: `size(z)`), outermost, with no name a comprehension binds.
        A function's (`define`'s) are followed into its body, as an `Inlined` each (its parameters given the call's
        arguments): `define reds(p) = count(c for c in hand(p) if ...)` read as `reds(next)` reads `hand(next)`."""
        if isinstance(e, ast.Literal):
            return []
        if isinstance(e, ast.Call) and e.name in self.s.functions and e.name not in self.inlining and \
                len(self.inlining) < 16:
            return [x for a in e.args for x in self.card_sources(a, scope, bound)] + self.inlined_sources(e, scope, bound)
        if isinstance(e, ast.Compare) and e.op in ("==", "!=") and any(
                isinstance(x, ast.Literal) and x.value is None for x in (e.left, e.right)):
            other = e.right if isinstance(e.left, ast.Literal) and e.left.value is None else e.left
            if self.s.types.get(id(other)) == "card":
                # whether there is a card (`top(stock) != none`) reads none of its faces: what picked it is read
                # (`first([c for c in hand(next) if ...])`), not the card, as a zone's size is (Koi-Koi's card drawn)
                return self.picks(other, scope, bound)
        counted = e.args[0] if isinstance(e, ast.Call) and e.name == "size" and len(e.args) == 1 else \
            e.expr if isinstance(e, ast.Aggregate) and e.fn == "count" else None
        if counted is not None and self.s.types.get(id(counted)) == "zone":  # how many cards a zone holds: public
            return self.picks(counted, scope, bound)  # (but which zone it is may not be: `size(if ... then a else b)`)
        if isinstance(e, ast.Aggregate) and e.fn in ("first", "min", "max"):
            # one item picked from a collection (`first(d)`, `first(splits(g in d where ...))`): worked out from
            # every item, so the collection is the source (the item alone could be none, or a card in view, when
            # what it was picked from is not)
            return self.card_sources(e.expr, scope, bound)
        if isinstance(e, (ast.Comprehension, ast.Splits)):
            inner = bound | _bound_by(e)
            return self.tested_items(e, scope, bound, [
                x for c in ast.children(e) if c is not e.iterable for x in self.card_sources(c, scope, inner)])
        free = {n.name for n in ast.walk(e) if isinstance(n, ast.Name)}
        if isinstance(e, ast.Attr) and e.name in self.s.attributes and self.s.types.get(id(e.expr)) == "any" and \
                not free & bound:  # an attribute of what the checker could not type (`x.rank`, x a parameter): a card
            return [e.expr]
        # (a word the checker types as no expression, `uno` in `called(p, uno)`, holds no card)
        if not free & bound and self.s.types.get(id(e)) in _HELD:
            return [e, *(x for c in ast.children(e) for x in self.picks(c, scope, bound))]
        return [x for c in ast.children(e) for x in self.card_sources(c, scope, bound)]

    def picks(self, e, scope, bound=frozenset()) -> list:
        """The card sources of what picks the card, the cards or the zone an expression of them is, not of those
        cards (`card_sources` reads them): the test of `if top(hand(next)).rank > 3 then a else b`, the number of
        `nth(b, top(hand(next)).rank)`, the player of `hand(p)`, a function's body followed.  Which public pile or
        card it is tells of the hidden cards that picked it.  A list of cards made by a comprehension (or one of them
        ranked by keys) is picked by what its test, its items and its keys read (`[c for c in a if c.rank >
        top(hand(next)).rank]` reads hand(next)), and by its own cards when they test those (`[c for c in hand(next)
        if c.rank > 3]`, `max(c for c in a by c.rank)`: how many it keeps, and which, tell of them; a public pile's
        are in view).  Any other expression: its `card_sources`."""
        if self.s.types.get(id(e)) not in _HELD:
            return self.card_sources(e, scope, bound)
        if isinstance(e, ast.Comprehension):
            own = _bound_by(e)
            inner = bound | own
            read = [x for c in ast.children(e) if c is not e.iterable for x in self.card_sources(c, scope, inner)]
            if any(names_in(c) & own for c in ast.children(e) if c is not e.iterable and
                   not isinstance(c, ast.ComprehensionFor) and not (isinstance(c, ast.Name) and c.name in own)):
                # its own cards tested (`[c for c in hand(next) if c.rank > 3]`): how many it keeps, and which, tell
                # of them, as for a list an option offers (`chosen_from`)
                return self.tested_items(e, scope, bound, read)
            return self.picks(e.iterable, scope, bound) + read + self.inner_fors_sources(e, scope, bound)
        if isinstance(e, ast.Call) and e.name in self.s.functions and e.name not in self.inlining and \
                len(self.inlining) < 16:
            return [x for a in e.args for x in self.card_sources(a, scope, bound)] + \
                self.inlined_sources(e, scope, bound, self.picks)
        return [x for c in ast.children(e) for x in self.picks(c, scope, bound)]

    def chosen_from(self, e, scope, bound=frozenset()) -> list:
        """The card sources of which cards a list of them offered by an option holds (`take c in [d for d in
        hand(next) if d.number > 4]`): what picks it (`picks`), and the cards each comprehension in it tests to
        choose its items (its test, its keys, or items other than its own name read them): how many it keeps, and
        which, tell of them, as a `where` testing them would.  A function's body is followed (`take c in big(next)`)."""
        if self.s.types.get(id(e)) not in _HELD:
            return self.card_sources(e, scope, bound)
        if isinstance(e, ast.Comprehension):
            own = _bound_by(e)
            inner = bound | own
            tests = [c for c in ast.children(e) if c is not e.iterable and not isinstance(c, ast.ComprehensionFor)
                     and not (isinstance(c, ast.Name) and c.name in own)]
            read = [x for c in tests for x in self.card_sources(c, scope, inner)]
            if not any(names_in(c) & own for c in tests):  # (every card of each collection: which ones, by place)
                return self.chosen_from(e.iterable, scope, bound) + read + [
                    x for f in e.inner_fors for x in self.chosen_from(f.iterable, scope, inner)]
            return self.tested_items(e, scope, bound, read)
        if isinstance(e, ast.Call) and e.name in self.s.functions and e.name not in self.inlining and \
                len(self.inlining) < 16:
            return [x for a in e.args for x in self.card_sources(a, scope, bound)] + \
                self.inlined_sources(e, scope, bound, self.chosen_from)
        return [x for c in ast.children(e) for x in self.chosen_from(c, scope, bound)]

    def tested_items(self, e, scope, bound, read: list) -> list:
        """The card sources of a comprehension (or a `splits`) whose items are tested or read (`[c for c in hand(next)
        if c.rank > 3]`): every card of its collection, or only those its `knows(P, c)` lets it read (`known_items`)
        with what picks the collection; `read`, what its test, its items and its keys read; and the collections of
        its later `for`s (`inner_fors_sources`).  `card_sources`, `picks` and `chosen_from` end so."""
        known = self.known_items(e, scope, bound)
        return (known + self.picks(e.iterable, scope, bound) if known else
                self.card_sources(e.iterable, scope, bound)) + read + self.inner_fors_sources(e, scope, bound)

    def inner_fors_sources(self, e, scope, bound) -> list:
        """The card sources of a comprehension's `for`s after the first that read the names of those before it
        (`hand(p)` of `any(c is wild for p in players for c in hand(p))`): each is every collection it goes through,
        one for each item of the `for`s before it, as an `Inlined` worked out in play (a zone it reads: the zone of
        each; a card or list: their cards).  [] for a comprehension with one `for`."""
        if not isinstance(e, ast.Comprehension) or not e.inner_fors:
            return []
        saved, out = self.subst, []
        inner, clauses, own = dict(scope), [], set()
        try:
            for var, iterable in e.fors():
                if own:  # (the first `for`'s collection reads none of them: a source of its own, above)
                    for x in self.card_sources(iterable, inner, bound):
                        node, kind = (x.node, x.kind) if isinstance(x, Inlined) else (x, self.type_of(x))
                        if not names_in(node) & own or kind not in _HELD:
                            continue
                        src = self.source_src(x, inner)
                        each = f"[{src}{''.join(clauses)}]"
                        py = Py(f"*{each}", True) if kind == "zone" else \
                            Py(f"*[_c{''.join(clauses)} for _c in ops.as_cards(st, {src})]", True)
                        out.append(Inlined(py, "zone" if kind == "zone" else "list:card", e, e, True))
                coll, _ = self.collection(iterable, inner)
                v = f"_v{next(self.fresh)}"
                clauses.append(f" for {v} in {coll.src}")
                inner = {**inner, var: elem_type(self.type_of(iterable)) or "any"}
                self.subst = {**self.subst, var: Py(v, True, True, simple=True, atom=True)}
                own.add(var)
        finally:
            self.subst = saved
        return out

    def known_items(self, e, scope, bound) -> list:
        """The card source of a comprehension over cards whose test begins `knows(P, c) and ...` (`[c for c in pile if
        knows(current, c)]`, Klondike's face-up run): it reads only the cards of its collection that P knows (`and`
        stops at the first false), so those cards, not the whole collection, are what it is worked out from: an
        `Inlined` of them, worked out in play.  [] for any other."""
        first = known_test(e, self.s.functions)
        if first is None or names_in(first.args[0]) & bound:
            return []
        coll, who = self.gen(e.iterable, scope), self.gen(first.args[0], scope)
        py = Py(f"ops.known_cards(st, {who.src}, {coll.src})", coll.varies or who.varies)
        return [Inlined(py, "list:card", e, e, True)]

    @contextlib.contextmanager
    def into(self, e, scope, bound):
        """A function's body read for a call of it (`card_sources`, `name_marks`), its parameters given the call's
        arguments as `expressions.inline` gives them: yields the function and the parameters given a name a
        comprehension binds (`any(holds(p) for p in players)`), which are not followed."""
        f = self.s.functions[e.name]
        subst, held = {}, set()
        for p, a in zip(f.params, e.args):
            if names_in(a) & bound:
                held.add(p)
                continue
            grown = sum(len(self.subst[n.name].src) for n in ast.walk(a) if isinstance(n, ast.Name) and n.name in self.subst)
            if grown > MAX_FOLLOWED:  # (known before it is written: the parameters it repeats, written out)
                raise RulesCheckError(
                    f"`{e.name}`'s argument `{p}` grows too long to follow (over {grown:,} characters of Python): "
                    f"functions pass it on to each other, each using its parameter many times; use the parameter "
                    f"fewer times, or work the value out in a procedure first (`let`)", a.loc)
            py = self.gen(a, scope)
            subst[p] = py if py.simple or py.atom else Py(f"({py.src})", py.varies, simple=True, atom=True)
        saved, self.subst = self.subst, subst
        self.inlining.append(f.name)
        try:
            yield f, frozenset(held)
        finally:
            self.inlining.pop()
            self.subst = saved

    def inlined_sources(self, e, scope, bound, sources=None) -> list:
        """The card sources of a function's body (`card_sources`), for a call of it: each written with the call's
        arguments in place of the parameters (an `Inlined`).  What reads a parameter given a name a comprehension
        binds is left out, as it is outside a function.  `sources`: what is read of the body (`card_sources`, or
        `picks`)."""
        with self.into(e, scope, bound) as (f, held):
            inner, given = params_scope(f.params), set(f.params) - held
            return [attrs.evolve(x, call=e, args=x.args and bool(names_in(x.call) & given)) if isinstance(x, Inlined)
                    else Inlined(self.gen(x, inner), self.type_of(x), e, x, bool(names_in(x) & given))
                    for x in (sources or self.card_sources)(f.body, inner, held)
                    if not (isinstance(x, ast.Name) and x.name in f.params)]  # an argument: the call's own, above

    def source_src(self, x, scope) -> str:
        """A card source's Python source (`card_sources`' parts: an expression, or one found in a function)."""
        return x.py.src if isinstance(x, Inlined) else self.gen(x, scope).src

    def authors_test(self, cond, scope, src: str, framed: bool = True) -> str:
        """The Python test `src` of an `if`, a `while` or a rule's condition (`cond`): in a rule a seat wrote in play
        that the table did not agree to (an Add-a-Rule's `write`), begun by the look at whether its author could see
        every card it reads (`ops.author_sees`): which way it went would tell them of cards they may not see (`if
        top(hand(next)).number == 2 { say "two" }`).  A rule the table agreed to (`house`) was read by all first.
        A file's procedure's test is looked at so while such a rule runs it (`ops.author_sees_in_play`): a rule may
        call it (`tell_two(next)`), and its `if`s would tell the same."""
        procedure = not self.in_play and self.framed
        if not procedure and (not self.in_play or self.author is None):
            return src
        # (a rule's condition is tested with no frame: its names are the event's arguments, their cards the sources)
        sources, marks = self.card_sources(cond, scope), self.name_marks(cond, scope) if framed else []
        around = self.taint_srcs() if framed else []
        if not sources and not marks and not self.taints:
            return src
        who = (f"ops.seers(st, ({''.join(self.source_src(x, scope) + ', ' for x in sources)}), "
               f"({''.join(m + ', ' for m in [*marks, *around])}))")
        if procedure:  # (looked at only while a rule written in play is in force: none is, in most games)
            return f"((not st.house or ops.author_sees_in_play(st, {who})) and ({src}))"
        return f"(ops.author_sees(st, {self.author}, {who}) and ({src}))"

    def native_IfStmt(self, st, scope):
        with self.tainting(st.cond, scope, [st.then, st.otherwise] if st.otherwise else [st.then], True) as (before, after):
            cond = self.authors_test(st.cond, scope, self.gen(st.cond, scope).src)
            # `if all(c.colour == k for c in laid)`: a loop that stops where `all` would, no generator made
            test = if_loop(cond, self.fresh) or [f"if {cond}:"]
            lines = [*before, *test, *self.native_block(st.then, dict(scope))]
            if st.otherwise is not None:
                lines += ["else:", *self.native_block(st.otherwise, dict(scope))]
        return lines + after

    def native_WhileStmt(self, st, scope):
        with self.tainting(st.cond, scope, [st.body]) as (before, after):
            return [*before, f"while {self.authors_test(st.cond, scope, self.gen(st.cond, scope).src)}:",
                    INDENT + "step(st, fr)",
                    *self.native_block(st.body, dict(scope)), *after]

    def native_ForStmt(self, st, scope):
        coll = self.collection(st.iterable, scope)[0].src
        inner = {**scope, st.var: elem_type(self.type_of(st.iterable)) or "any"}
        self.holds_card(st.var, inner[st.var])
        item = f"_f{next(self.fresh)}"
        # The rounds are counted when the loop starts; what a round does (`reveal`, `move`, `shuffle` of N cards: N
        # steps) is counted as it goes, and looked at here, so that the loop stops at the bound, in its own rule.
        return [f"for {item} in counted(st, {coll}):", f"{INDENT}if st.steps > st.limit:", f"{INDENT * 2}step(st, fr)",
                f"{INDENT}env[{st.var!r}] = {item}", *(INDENT + line for line in self.loop_marks(st, scope)),
                *self.native_block(st.body, inner)]

    def loop_marks(self, st, scope) -> list[str]:
        """A `for` over values worked out from cards some seats could not see (`for x in [n]`, `for x in 1..n`, `for x
        in [c.rank for c in hand(next)]`): each value its name takes is known only to those who could see them, as
        the list is (`derived`), noted when the name takes it; a card, when the list was picked so (`for c in (if
        top(hand(next)).rank > 3 then a else b)`).  A player needs none (who acts shows a player)."""
        if elem_type(self.type_of(st.iterable)) == "player":
            return []
        before, after = self.derived(st.iterable, scope, "env", repr(st.var), f"env[{st.var!r}]")
        return [*before, *after]

    def native_MoveStmt(self, st, scope):
        cards, dest = self.gen(st.cards, scope).src, self.gen(st.to, scope).src
        kind = self.type_of(st.cards)
        if st.under is not None:  # into the zone, under so many of its cards
            under = self.gen(st.under, scope).src
            return [f"_c = ops.as_cards(st, {cards})", "if _c:",
                    f"{INDENT}m.move_cards(st, _c, {dest}, {st.face!r}, {under})"]
        if kind == "zone":  # a whole zone: no card need be looked for
            return [f"m.move_zone(st, {cards}, {dest}, {st.face!r})"]
        if kind == "card":
            return [f"m.move_card(st, {cards}, {dest}, {st.face!r})"]
        return [f"_c = ops.as_cards(st, {cards})", "if _c:", f"{INDENT}m.move_cards(st, _c, {dest}, {st.face!r})"]

    def native_MoveTopStmt(self, st, scope):
        count, source, dest = (self.gen(x, scope).src for x in (st.count, st.source, st.to))
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
        with self.tainting(st.cond, scope, [st.then, st.otherwise] if st.otherwise else [st.then], True) as (before, after):
            if before:
                code.native(before)
            code.branch(self.authors_test(st.cond, scope, self.gen(st.cond, scope).src), other)
            self.block(st.then, dict(scope), code)
            if st.otherwise is not None:
                code.jump(end)
                code.place(other)
                self.block(st.otherwise, dict(scope), code)
                code.place(end)
            else:
                code.place(other)
        if after:
            code.native(after)

    def compile_ForStmt(self, st, scope, code):
        key = f"$for{next(self.fresh)}"
        top, end = ops.Label(), ops.Label()
        code.append(ops.op_for_init(key, self.lam("st, env", self.collection(st.iterable, scope)[0].src, st.iterable.loc)))
        code.place(top)
        code.append(ops.op_for_next(key, st.var, end), sets_pc=True)
        marks = self.loop_marks(st, scope)
        if marks:
            code.native(marks)
        inner = {**scope, st.var: elem_type(self.type_of(st.iterable)) or "any"}
        self.holds_card(st.var, inner[st.var])
        self.block(st.body, inner, code)
        code.jump(top)
        code.place(end)

    def compile_WhileStmt(self, st, scope, code):
        top, end = ops.Label(), ops.Label()
        with self.tainting(st.cond, scope, [st.body]) as (before, after):
            if before:
                code.native(before)
            code.place(top)
            code.branch(self.authors_test(st.cond, scope, self.gen(st.cond, scope).src), end)
            self.block(st.body, dict(scope), code)
            code.jump(top)
            code.place(end)
        if after:
            code.native(after)

    def compile_FireStmt(self, st, scope, code):
        args = "".join(self.gen(a, scope).src + ", " for a in st.args)
        marks, seen = self.fire_seen(st, scope)
        if self.suspends("event", st.event):
            code.append([*marks, f"m.fire(st, {st.event!r}, ({args}){seen})"])
        else:  # none of the file's rules for it can suspend: they run now as calls while the rules are the file's
            lines, ready, names = self.inline_fire(st, scope)
            events = frozenset({st.event}) | self.fires(ast.Block(stmts=(st,)))
            code.append([*marks, f"if {self.unchanged(events)}:", *(INDENT + line for line in lines), f"    if {ready}:",
                         f"        m.fire_now(st, {st.event!r}, {ready}, {names}{seen})", "else:",
                         f"    m.fire(st, {st.event!r}, ({args}){seen})"])
        # where its frame goes on after it (`native_FireStmt`): the next block (the one made now is not closed, and a
        # `fire` of a procedure's own body is followed by no jump in it)
        self.fire_pcs[id(st)] = len(code.blocks) + 1

    def native_FireStmt(self, st, scope):
        """`fire` in a plain function (`plain`), the game's rules the file's: the conditions of the event's rules
        written in (`inline_fire`), then the rules that hold run now (none can suspend), or, in a procedure that
        may suspend there (`semi_plain`), run now or its frame is made to go on where its frame code goes on after
        the `fire` (`machine.fire_then`), and the call ends."""
        lines, ready, args = self.inline_fire(st, scope)
        marks, seen = self.fire_seen(st, scope)
        if not self.suspends("event", st.event):
            return [*marks, *lines, f"if {ready}:", f"    m.fire_now(st, {st.event!r}, {ready}, {args}{seen})"]
        name = self.plain_mode
        return [*marks, *lines, f"if {ready} and m.fire_then(st, {st.event!r}, {ready}, {args}, st.program.procs[{name!r}].code, "
                f"{self.fire_pcs[id(st)]}, env, {name!r}{seen}):", INDENT + "return"]

    def fire_seen(self, st, scope) -> tuple[list[str], str]:
        """A `fire`'s arguments worked out from cards some seats could not see (`fire told(n)`, `n` read from
        another's hand) are known in its rules only to those who could see them, as they were where they were worked
        out: the lines noting who (`ops.derive`, into `_s`), and the machine's `seen` argument (`, _s.get('$seen')`),
        or no lines and "" when no argument reads any (`marked_arg`)."""
        lines = []
        store = f"_s{next(self.fresh)}"
        for i, e in enumerate(st.args):
            if not self.marked_arg(e, scope):
                continue
            before, after = self.derived(e, scope, store, repr(i), self.gen(e, scope).src)
            lines += [*before, *after]
        # cards given to a rule's untyped parameter (`when told(x)`, `fire told(top(hand(next)))`): marked so
        # (`ops.CARDS`), as a procedure's call marks them
        cards = tuple(i for i, e in enumerate(st.args) if self.type_of(e) in ("card", "list:card") and any(
            i < len(r.params) and param_type(r.params[i]) == "any" for r in self.s.rules if r.event == st.event))
        if cards:
            lines.append(f"{store}.setdefault('$seen', {{}})[{ops.CARDS!r}] = {cards!r}")
        if not lines:
            return [], ""
        return [f"{store} = {{}}", *lines], f", {store}.get('$seen')"

    def inline_fire(self, st, scope) -> tuple[list[str], str, str]:
        """A `fire`'s arguments and the conditions of the file's rules for its event, in file order, as lines that
        leave the rules that hold in a list (as the event's dispatcher would, `Program.dispatcher`); with the list's
        and the arguments' names.  Each condition follows its `.rules` mark, so that a failure in it is shown there."""
        n = next(self.fresh)
        args = [f"_a{n}_{i}" for i in range(len(st.args))]
        lines = [f"{a} = {self.gen(e, scope).src}" for a, e in zip(args, st.args)]
        more, ready = self.rule_tests(st.event, args, n)
        return [*lines, *more], ready, f"({''.join(a + ', ' for a in args)})"

    def rule_tests(self, event: str, args: list[str], n: int, seats: bool = False) -> tuple[list[str], str]:
        """The conditions of the file's rules for an event, its arguments named `args`, as lines that leave the rules
        that hold in a list (`inline_fire`, `main_code`); with the list's name.  What several conditions read of an
        argument is read once, before the first that reads it (`shared_reads`); `seats`: the arguments are seats
        of the table (`st.current`), whose zones may be read so too."""
        ready = f"_ready{n}"
        tests = []  # (mark, condition or None, rule)
        for r in self.s.rules:
            if r.event != event:
                continue
            rule = self.file_rule(r)
            if r.cond is None:
                tests.append((None, None, rule))
                continue
            saved, self.subst = self.subst, {**self.subst, **{p: Py(a, simple=True, atom=True) for p, a in zip(r.params, args)}}
            try:
                cond = self.gen(r.cond, rule_scope(r)).src
            finally:
                self.subst = saved
            tests.append((self.mark(r.cond.loc), cond, rule))
        shared = shared_reads([c for _, c, _ in tests if c is not None], args, seats)
        lines, done = [f"{ready} = []"], set()
        for mark, cond, rule in tests:
            if cond is None:
                lines.append(f"{ready}.append({rule})")
                continue
            lines.append(mark)
            for read, name in shared:
                if read in cond:
                    if name not in done:  # read once, where the first condition to read it is
                        done.add(name)
                        lines.append(f"{name} = {read}")
                    cond = cond.replace(read, name)
            loop = any_loop(cond)
            if loop is not None:  # `any(X for p in players)`: a loop that stops at the first, no generator made
                item, over, elt, _, _ = loop
                lines += [f"for {item} in {over}:", f"    if {elt}:", f"        {ready}.append({rule})", "        break"]
                continue
            lines += [f"if {cond}:", f"    {ready}.append({rule})"]
        return lines, ready

    def main_code(self, turn: Proc) -> tuple:
        """The turns of a hand (the game's frame, four places where it goes on from) as generated functions for this
        file: `ops.op_main` with the conditions of its `turn_ends` and `turn_begins` rules written in, and what the
        file has none of left out; a game with a rule written in play runs `op_main` itself.  The commonest place,
        a turn's code ended, has a function of its own (`END`), with no test of where it goes on from and none of what
        only the hand's first turn can hold (`turn to` or `skip` in `setup`)."""
        name = f"MAIN{next(self.fresh)}"
        end = f"END{next(self.fresh)}"
        events = {r.event for r in self.s.rules}
        changed = [f"    if not ({self.unchanged(frozenset({'turn_ends', 'turn_begins'}))}):",
                   f"        return {self.const(ops.op_main, 'OP')}(st, fr)"]
        ends = []  # the rules of `turn_ends` (the frame's pc is 3)
        if "turn_ends" in events:
            n = next(self.fresh)
            tests, ready = self.rule_tests("turn_ends", [f"_a{n}_0"], n, seats=True)
            ends = ["fr.pc = 3", f"_a{n}_0 = st.current", *tests,
                    f"if {ready} and m.fire_ready(st, 'turn_ends', {ready}, (_a{n}_0, )):", "    return False"]
        steps = ["if st.steps < st.limit:", "    st.steps += 1", "else:", "    step(st, fr)"]
        begins = []  # a turn begun: the calls said cleared, the event, the rules of `turn_begins`
        if self.s.calls:  # (a call counts for the turn it is made in, whoever made it)
            begins += ["if any(st.called):", "    for said in st.called:", "        if said:", "            said.clear()"]
        begins += ["if st.record:", f"    st.emit({self.const(ops.TurnEvent, 'EV')}(player=st.current))"]
        if "turn_begins" in events:
            n = next(self.fresh)
            tests, ready = self.rule_tests("turn_begins", [f"_a{n}_0"], n, seats=True)
            begins += ["fr.pc = 1", f"_a{n}_0 = st.current", *tests,
                       f"if {ready} and m.fire_ready(st, 'turn_begins', {ready}, (_a{n}_0, )):", "    return False"]
        code = turn.code
        first = f"turn = m.Frame({self.const(code, 'CODE')}, {{}}, {turn.name!r})"  # the turn's frame
        start = ["fr.pc = 2", first, "st.stack.append(turn)"]
        if code:  # the turn's first block at once, as the machine's loop would run it next
            start += ["turn.pc = 1", f"return {self.const(code[0], 'OP')}(st, turn)"]
        else:
            start.append("return False")
        ind = "    "
        # the next player's turn (`machine.advance`, its commonest case written in)
        advance = ["if st.turn_to is None and not st.again and not st.gone:",
                   "    st.current = (st.current + st.direction * (1 + st.skips)) % st.n",
                   "    st.skips = 0", "    st.turns += 1", "else:", "    m.advance(st)"]
        # (a turn's code ended is END's, below: the machine's loop runs this function's third place, never this one)
        lines = [f"def {name}(st, fr):", "    # the turns of a hand, for this file's rules (`ops.op_main`)", *changed,
                 "    phase = fr.pc - 1", "    if phase == 3:  # the next player's turn",
                 *(ind * 2 + x for x in advance),
                 *(ind * 2 + x for x in steps), "        phase = 0", "    if phase == 0:",
                 "        if st.turn_to is not None or st.skips:  # `turn to` or `skip` in `setup`: the first turn's",
                 "            m.first_turn(st)",
                 "        if st.gone and st.current in st.gone:  # out of play in `setup`, or given the turn by `turn to`",
                 "            st.current = m.seat_after(st, st.current, st.direction)",
                 *(ind * 2 + x for x in begins), *(ind + x for x in start)]
        fn = self.define(name, lines)
        # After `advance` no `turn to` or `skip` is left over (it used them up), and its commonest case passes over
        # no seat out of play: only the seat `m.advance` gives the turn to may be one.  A turn whose code ran to its
        # end without leaving a decision pending or starting other code (its frame gone, this one on top again) is
        # followed by the next at once, as the machine's loop would call this function next.
        body = [*changed, *(ind + x for x in ends), *(ind + x for x in advance),
                "        if st.gone and st.current in st.gone:",
                "            st.current = m.seat_after(st, st.current, st.direction)",
                *(ind + x for x in steps), *(ind + x for x in begins)]
        if code:
            # (the turn's frame, once its code has ended and it is off the stack, is the next turn's: nothing else
            # holds it, a snapshot holds a copy)
            body += ["    fr.pc = 2", "    if turn is None:", "        " + first, "    else:", "        turn.env = {}",
                     "    st.stack.append(turn)", "    turn.pc = 1",
                     f"    if {self.const(code[0], 'OP')}(st, turn):", "        return True",
                     "    if st.stack[-1] is not fr or fr.pc != 2:", "        return False", "    fr.pc = 3"]
            body = ["    turn = None", "    while True:", *(ind + x for x in body)]
        else:
            body += [ind + x for x in start]
        lines = [f"def {end}(st, fr):", "    # a turn's code ended: the next turn, for this file's rules (`ops.op_main`)", *body]
        return (fn, fn, self.define(end, lines), fn)

    def file_rule(self, r) -> str:
        """The name in the generated code of a rule of the file, given its compiled `Rule` once made (`rule`)."""
        name = self.rule_names.get(id(r))
        if name is None:
            name = self.rule_names[id(r)] = f"RULE{next(self.fresh)}"
        return name

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
        if self.reveals_value(st, scope):
            line = self.revealed_value(st, scope)
            code.append(self.lam("st, fr", f"({line}, None)[1] if (env := fr.env) is not None else None"))
            return
        code.append(ops.op_reveal(self.expr(st.cards, scope), self.expr(st.to, scope)))

    def native_RevealStmt(self, st, scope):
        if self.reveals_value(st, scope):
            return [self.revealed_value(st, scope)]
        ops_: list = []
        self.compile_RevealStmt(st, scope, ops_)
        lines = [f"{self.const(op, 'OP')}(st, fr)" for op in ops_]
        if self.type_of(st.cards) in ("any", "list:any") and revealed_name(self.s, st.cards, scope):
            # a parameter the checker cannot type (`define tell(p, at) { reveal at to p }`): a value worked out
            # from cards is told as a value; cards are shown; a value the call gave (`values_given`), worked out from
            # nothing hidden, is known to all already, and no card is shown for it
            return [f"if not {self.revealed_value(st, scope)} and {st.cards.name!r} not in env.get({ops.VALUES!r}, ()):",
                    *(INDENT + line for line in lines)]
        return lines

    def reveals_value(self, st, scope) -> bool:
        """`reveal NAME to ...` of a name holding no card: the value, worked out from cards, told to more seats."""
        return self.type_of(st.cards) not in ("card", "list:card", "zone", "any", "list:any", "none", "player",
                                              "list:player") and \
            revealed_name(self.s, st.cards, scope)

    def revealed_value(self, st, scope) -> str:
        """The line telling a name's value to more seats (`ops.reveal_value`): a local's mark is kept in the frame's
        `env`, a variable's in `st.vars` (a player's variable under (name, player))."""
        e, to = st.cards, self.gen(st.to, scope).src
        if isinstance(e, ast.Name) and e.name in scope:
            return f"ops.reveal_value(st, env, {e.name!r}, env[{e.name!r}], {to})"
        if isinstance(e, ast.Name):
            return f"ops.reveal_value(st, st.vars, {e.name!r}, st.vars[{e.name!r}], {to})"
        who = self.gen(e.args[0], scope).src
        return f"(lambda _p: ops.reveal_value(st, st.vars, ({e.name!r}, _p), st.pvars[{e.name!r}][_p], {to}))({who})"

    def compile_SayStmt(self, st, scope, code):
        code.append(ops.op_say(self.text(st.text, scope, st)))

    def compile_TurnToStmt(self, st, scope, code):
        code.append(ops.op_turn_to(self.expr(st.who, scope), st.now))

    def compile_ClaimStmt(self, st, scope, code):
        kind = self.type_of(st.says)
        code.append(ops.op_claim(self.expr(st.cards, scope), self.expr(st.says, scope), kind))

    def compile_AddStmt(self, st, scope, code):
        key = self.expr(st.key, scope) if st.key is not None else None
        code.append(ops.op_add(self.expr(st.rule, scope), key))

    def native_TallyStmt(self, st, scope):
        key = "tally:" + st.name
        return [f"st.stats[{key!r}] = st.stats.get({key!r}, 0) + 1"]

    def compile_CallStmt(self, st, scope, code):
        setup, env = self.call_env(st, scope)
        push = f"st.stack.append(m.Frame(_p.code, {env}, _p.name))"
        if self.called(st.name):  # while the rules are the file's, a plain call (`plain`)
            code.append([*setup, f"if {self.unchanged(self.fires(ast.Block(stmts=(st,))))}:", f"    {self.plain_name(st.name)}(st, {env})", "else:",
                         f"    _p = st.program.procs[{st.name!r}]", "    " + push])
            return
        code.append([f"_p = st.program.procs[{st.name!r}]", *setup, push])

    def call_env(self, st, scope) -> tuple[list[str], str]:
        """A call's locals: the lines that make them (none but in a branch whose test read hidden cards) and the
        expression that names them.  In such a branch they are `_e`, marked so that what the call sets is known only
        to those who saw the cards (`derived`)."""
        params = self.s.procedures[st.name].params
        env = "{" + ", ".join(f"{p!r}: {self.gen(a, scope).src}" for p, a in zip(params, st.args))
        values = self.values_given(st, scope)
        env += (f", {ops.VALUES!r}: {values}" if values else "")
        cards = self.cards_given(st, scope)
        env += (f", {ops.CARDS!r}: {cards}" if cards else "") + "}"
        # an argument worked out from cards (`tell(next, n)`, `n` read from another's hand) is known in the call
        # only to those who could see them, as it was outside it: its mark goes with it (`ops.derive`)
        marked = []
        for p, a in zip(params, st.args):
            if self.marked_arg(a, scope):
                before, after = self.derived(a, scope, "_e", repr(p), f"_e[{p!r}]", untyped=False)  # (cards: `cards_given`)
                marked += [*before, *after]
        if not self.taints and not self.framed:
            return ([f"_e = {env}", *marked], "_e") if marked else ([], env)
        return [f"_e = {env}", *marked, f"_t = ops.seers(st, (), ({''.join(t + ', ' for t in self.taint_srcs())}))",
                "if _t is not None:", INDENT + "_e['$t'] = _t"], "_e"

    def marked_arg(self, e, scope) -> bool:
        """Whether an argument of a call or a `fire` may be worked out from cards some seat could not see, its mark
        going with it (`derived`): a value read from cards, or one such a value gives; a card or a list of cards
        picked by cards (`picks`: `tell(nth(a, top(hand(next)).rank))`), or one a name gives that may be marked so.
        A player needs none (who acts shows a player)."""
        kind = self.type_of(e)
        if kind == "player":
            return False
        held = kind in ("card", "list:card")
        return bool((self.picks(e, scope) if held else self.card_sources(e, scope)) or self.name_marks(e, scope))

    def values_given(self, st, scope) -> str | None:
        """Which of the parameters a procedure shows as cards (`revealed_params`) this call gives a value, not cards
        (a number, a player, a count...: the runtime holds cards as numbers, and the value would be shown as the card
        it numbers): the expression of their names' set, `ops.VALUES` in the call's locals; None if none.  A
        parameter of the caller passed on is one if its call gave a value (the checker lets only those through)."""
        shown = revealed_params(self.s).get(st.name)
        if not shown:
            return None
        params = self.s.procedures[st.name].params
        fixed, passed = [], []
        for i, a in enumerate(st.args):
            if i not in shown:
                continue
            t = self.type_of(a)
            if t in ("any", "list:any"):
                if isinstance(a, ast.Name):
                    passed.append((params[i], a.name))
            elif t not in ("card", "list:card", "zone", "none"):
                fixed.append(params[i])
        return names_given(fixed, passed, ops.VALUES)

    def cards_given(self, st, scope) -> str | None:
        """Which untyped parameters of the procedure this call gives cards (`ops.CARDS` in the call's locals): the
        expression of their names' set, or None.  A parameter of the caller given cards, passed on, is one too."""
        params = self.s.procedures[st.name].params
        fixed, passed = [], []
        for p, a in zip(params, st.args):
            if param_type(p) != "any":
                continue
            t = self.type_of(a)
            if t in ("card", "list:card"):
                fixed.append(p)
            elif t in ("any", "list:any") and isinstance(a, ast.Name) and a.name in scope:
                passed.append((p, a.name))
        return names_given(fixed, passed, ops.CARDS)

    def native_CallStmt(self, st, scope):
        """A call in a plain function (`plain`): the procedure cannot suspend, and runs as a call of its own plain
        function."""
        setup, env = self.call_env(st, scope)
        return [*setup, f"{self.plain_name(st.name)}(st, {env})"]


def names_given(fixed: list, passed: list, key: str) -> str | None:
    """The expression of the set of a called procedure's parameter names marked `key` in its locals (`ops.VALUES`,
    `ops.CARDS`): those `fixed` by their arguments, and those (`passed`: (parameter, the caller's name)) given a name
    of the caller's that its own call marked so; None if none can be."""
    if not passed:
        return f"frozenset({fixed!r})" if fixed else None
    given = f"frozenset(p for p, q in {tuple(passed)!r} if q in env.get({key!r}, ()))"
    return f"frozenset({fixed!r}) | {given}" if fixed else given


def any_loop(cond: str, fns=("any",), negated: bool = False) -> tuple[str, str, str, str, bool] | None:
    """A generated condition that is one `any` (or one of `fns`, `not` before it if `negated` allows) over a
    generator of one name with no `if` (`any(X for _v3 in range(st.n))`, a rule's `if any(owes(p) for p in
    players)`): its name, what it goes over and X, as they are written, the function and whether `not` is before it,
    for a loop that tests X for each item in turn and stops where the function would (no generator made and resumed
    an item); None for any other condition."""
    if not any(cond.lstrip("(").startswith(f) or cond.lstrip("(").startswith("not " + f) for f in fns):
        return None
    try:
        tree = pyast.parse(cond, mode="eval").body
    except SyntaxError:
        return None
    inverted = False
    if negated and isinstance(tree, pyast.UnaryOp) and isinstance(tree.op, pyast.Not):
        tree, inverted = tree.operand, True
    if not (isinstance(tree, pyast.Call) and isinstance(tree.func, pyast.Name) and tree.func.id in fns
            and len(tree.args) == 1 and not tree.keywords and isinstance(tree.args[0], pyast.GeneratorExp)):
        return None
    gen = tree.args[0]
    if len(gen.generators) != 1:
        return None
    comp = gen.generators[0]
    if comp.ifs or comp.is_async or not isinstance(comp.target, pyast.Name) or not comp.target.id.startswith("_v"):
        return None
    elt, over = pyast.get_source_segment(cond, gen.elt), pyast.get_source_segment(cond, comp.iter)
    if elt is None or over is None or "\n" in elt:
        return None
    return comp.target.id, over, elt, tree.func.id, inverted


def if_loop(cond: str, fresh) -> list[str] | None:
    """An `if` whose condition is one `any` or `all` over a generator (`not` before it or not), as a loop that stops
    where the function would, setting a flag (`_b` and a number of `fresh`), then the `if` on it: its lines, the
    `if`'s last; None for another condition."""
    loop = any_loop(cond, ("any", "all"), negated=True)
    if loop is None:
        return None
    item, over, elt, fn, negated = loop
    flag = f"_b{next(fresh)}"
    found = fn == "any"  # (what the first item that decides makes it; X is written as it was inside the call)
    return [f"{flag} = {not found}", f"for {item} in {over}:", f"    if {elt if found else f'not ({elt})'}:",
            f"        {flag} = {found}", "        break", f"if {'not ' if negated else ''}{flag}:"]


def shared_reads(conds: list[str], args: list[str], seats: bool) -> list[tuple[str, str]]:
    """What two or more of an event's rule conditions read of its arguments, each to be read once (`rule_tests`),
    with the local name to read it into: a card's attribute (`(T_kind_1[_a3_0] if _a3_0 is not None else None)`),
    which cannot fail (a table over every card), and, for a seat of the table, the size of its zone
    (`len(st.zones[2][_a3_0])`).  The conditions read nothing that changes while they are tested."""
    out = []
    for a in args:
        found = re.findall(rf"\((T_\w+)\[{a}\] if {a} is not None else None\)", "\n".join(conds))
        reads = [f"({t}[{a}] if {a} is not None else None)" for t in dict.fromkeys(found)]
        if seats:
            reads += [f"len(st.zones[{z}][{a}])" for z in dict.fromkeys(re.findall(rf"len\(st\.zones\[(\d+)\]\[{a}\]\)",
                                                                                      "\n".join(conds)))]
        out += [(r, f"{a}_{i}") for i, r in enumerate(reads) if sum(c.count(r) for c in conds) >= 2]
    return out
