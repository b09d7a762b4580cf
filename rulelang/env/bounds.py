"""The numbers an option's argument can take when its range is worked out in play (`bid n in 0..hand_size`,
`left k in 2..size(row)`, `play i in slots(current)`): bounded, where the file lets it be shown, from its syntax tree,
so that the environment's actions for it are those numbers and no number offered in play falls outside them."""
from __future__ import annotations

from rulelang import ast

# Names of the language whose numbers are known to be at least 0 (and not bounded above).
COUNTS = {"hand_number"}
DEPTH = 12


def option_domains(program) -> tuple[dict, set]:
    """(verb, text, argument's place) -> the syntax trees of the domains of the options of that verb and text (the
    compiled option's `doc`) at that place (one option of one argument: place 0), from the program's source ({} if
    it has none to read); and every name the file binds somewhere (`let`, `for`, parameters, `as`, a comprehension's variable): such a name is not
    read as the constant it may shadow."""
    summary = getattr(program, "summary", None)
    if not summary:
        return {}, set()
    _, src = summary
    out: dict = {}
    bound: set = set()
    for x in (node for decl in src.decls for node in ast.walk(decl)):
        if isinstance(x, ast.LetStmt):
            bound.add(x.name)
        for field in ("var", "bind", "param"):
            name = getattr(x, field, None)
            if isinstance(name, str):
                bound.add(name)
        params = getattr(x, "params", None)
        if isinstance(params, (tuple, list)):
            for q in params:
                name = q[0] if isinstance(q, (tuple, list)) and q else q
                if isinstance(name, str):
                    bound.add(name)
        if isinstance(x, ast.Option):
            if x.takes == "several":
                for i, (_, domain) in enumerate(x.params):
                    out.setdefault((x.verb, x.doc or "", i), []).append(domain)
            elif x.takes is None and x.param is not None:
                out.setdefault((x.verb, x.doc or "", 0), []).append(x.domain)
    return out, bound


class Bounds:
    """Intervals of the numbers expressions can take, `(low, high)`, either end None where it cannot be shown."""

    def __init__(self, program, bound: set = frozenset()):
        self.program = program
        self.bound = bound  # names bound somewhere in the file: never read as a constant
        summary = getattr(program, "summary", None)
        symbols = summary[0] if summary else None
        self.consts = dict(getattr(symbols, "consts", None) or {})
        self.functions = dict(getattr(symbols, "functions", None) or {})
        self.deck = program.deck_size
        self.attrs = {a.name if hasattr(a, "name") else k: a for k, a in program.attributes.items()}

    def zone(self, node) -> bool:
        """Whether the expression is a zone (`pile`, `hand(p)`): its cards are at most the deck's."""
        name = node.name if isinstance(node, (ast.Name, ast.Call)) else None
        return name is not None and name in self.program.zone_index and name not in self.bound

    def domain(self, node, depth: int = 0) -> tuple | None:
        """The interval holding every number of a domain (a range, a list, a function giving one), or None."""
        if depth > DEPTH:
            return None
        if isinstance(node, ast.Range):
            lo, hi = self.expr(node.low, depth + 1), self.expr(node.high, depth + 1)
            return (lo[0], hi[1])
        if isinstance(node, ast.ListLit):
            return union([self.expr(x, depth + 1) for x in node.items])
        if isinstance(node, ast.Call) and node.name in self.functions:
            return self.domain(self.functions[node.name].body, depth + 1)
        if isinstance(node, ast.Name) and node.name in self.consts and node.name not in self.bound:
            return self.domain(self.consts[node.name].value, depth + 1)
        if isinstance(node, ast.IfExpr):
            return union([self.domain(node.then, depth + 1), self.domain(node.otherwise, depth + 1)])
        if isinstance(node, ast.Comprehension) and node.fn == "list" and isinstance(node.expr, ast.Name) \
                and node.expr.name == node.var:  # `[i for i in slots(q) if ...]`: some of the list's numbers
            return self.domain(node.iterable, depth + 1)
        return None

    def expr(self, node, depth: int = 0) -> tuple:
        """The interval of a number expression: (low, high), None for an end that cannot be shown."""
        if depth > DEPTH:
            return (None, None)
        if isinstance(node, ast.Literal):
            v = node.value
            return (int(v), int(v)) if isinstance(v, (int, bool)) else (None, None)
        if isinstance(node, ast.Neg):
            lo, hi = self.expr(node.expr, depth + 1)
            return (None if hi is None else -hi, None if lo is None else -lo)
        if isinstance(node, ast.Arith):
            a, b = self.expr(node.left, depth + 1), self.expr(node.right, depth + 1)
            if node.op == "+":
                return (add(a[0], b[0]), add(a[1], b[1]))
            if node.op == "-":
                return (add(a[0], neg(b[1])), add(a[1], neg(b[0])))
            if node.op == "*" and None not in a + b:
                products = [x * y for x in a for y in b]
                return (min(products), max(products))
            if node.op in ("/", "//") and None not in a and b[0] == b[1] and b[0] is not None and b[0] > 0:
                return (a[0] // b[0], a[1] // b[0])
            if node.op == "%" and b[0] is not None and b[0] > 0 and b[1] is not None and a[0] is not None \
                    and a[0] >= 0:
                return (0, b[1] - 1)
            return (None, None)
        if isinstance(node, ast.Call):
            if node.name in ("size", "count") and len(node.args) == 1:  # of a zone: at most the deck
                return (0, self.deck if self.zone(node.args[0]) else None)
            if node.name in ("min", "max") and node.args:
                parts = [self.expr(x, depth + 1) for x in node.args]
                pick = min if node.name == "min" else max
                los, his = [p[0] for p in parts], [p[1] for p in parts]
                if node.name == "min":
                    return (None if None in los else pick(los), min((h for h in his if h is not None), default=None))
                return (max((lo for lo in los if lo is not None), default=None), None if None in his else pick(his))
            if node.name in self.functions and not self.functions[node.name].params:
                return self.expr(self.functions[node.name].body, depth + 1)
            return (None, None)
        if isinstance(node, ast.Aggregate) and node.fn == "count":
            return (0, self.deck if self.zone(node.expr) else None)
        if isinstance(node, ast.Comprehension) and node.fn == "count" and not node.inner_fors:
            return (0, self.deck if self.zone(node.iterable) else None)
        if isinstance(node, ast.Attr):
            a = self.program.attributes.get(node.name)
            if a is not None and a.numeric:
                return (a.low, a.high)
            return (None, None)
        if isinstance(node, ast.Name):
            if node.name in self.bound:
                return (None, None)
            if node.name in self.consts:
                return self.expr(self.consts[node.name].value, depth + 1)
            if node.name in COUNTS:
                return (0, None)
            return (None, None)
        if isinstance(node, ast.IfExpr):
            return union([self.expr(node.then, depth + 1), self.expr(node.otherwise, depth + 1)])
        return (None, None)


def add(a, b):
    return None if a is None or b is None else a + b


def neg(a):
    return None if a is None else -a


def union(parts: list) -> tuple | None:
    if not parts or any(p is None for p in parts):
        return None
    los, his = [p[0] for p in parts], [p[1] for p in parts]
    return (None if None in los else min(los), None if None in his else max(his))


def number_bounds(program) -> dict:
    """(verb, text, argument's place) -> (low, high) of the numbers the domains of its options can hold, either end
    None where the file does not let it be shown (a score, a variable)."""
    domains_of, bound = option_domains(program)
    b = Bounds(program, bound)
    out = {}
    for key, domains in domains_of.items():
        got = union([b.domain(d) or (None, None) for d in domains])
        out[key] = got if got is not None else (None, None)
    return out
