"""What the compiler's generated Python runs with: the helpers generated code calls, and the buffer that
fuses straight-line statements into one instruction.

The compiler turns each expression into Python source (one `lambda st, env: ...` in place of a tree of
closures), each option's `where` into one list comprehension, and each run of statements that neither
asks anyone nor starts other code into one Python function.  The names below are the globals of every
generated function."""
from __future__ import annotations

from interpreter import machine as m
from interpreter import ops

from .errors import RuntimeRulesError

MAX_RANGE = 100_000
NONE1 = (None,)  # `(zone or NONE1)[-1]`: the top card of a zone, or none for an empty one


def work(st, n: int) -> None:
    """Count an expression's work against the move's bound, and stop one that would run for ever."""
    st.steps += n
    if st.steps > st.limit:
        raise RuntimeRulesError("the rules did too much work without asking anyone anything; a loop or an "
                                "expression does not end")


def counted(st, xs) -> list:
    """The items of a zone or list, as a new list, counted as work (st is None while the deck is built)."""
    xs = list(xs) if xs is not None else []
    if st is not None:
        st.steps += len(xs)
        if st.steps > st.limit:
            work(st, 0)
    return xs


def items(st, v):
    """A value used as a collection: a zone's own list (do not change it), a list, or nothing."""
    if isinstance(v, ops.ZoneRef):
        return st.zone(*v)
    return v if v is not None else ()


def zone_of(st, zi: int, owner) -> ops.ZoneRef:
    if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < st.n:
        raise RuntimeRulesError(f"`{st.program.zones[zi].name}(...)` needs a player, and was given {owner!r}")
    return ops.ZoneRef((zi, owner))


def attr(table, c):
    return table[c] if c is not None else None


def is_(table, c):
    return c is not None and table[c]


def ordered(op, x, y):
    return x is not None and y is not None and op(x, y)


def number_range(st, a, b) -> list:
    if b - a >= MAX_RANGE:
        raise RuntimeRulesError(f"`{a}..{b}` has more than {MAX_RANGE} numbers")
    xs = list(range(a, b + 1))
    if st is not None:
        work(st, len(xs))
    return xs


def others(st, p) -> list:
    return [(p + i * st.direction) % st.n for i in range(1, st.n)]


def any_early(values) -> bool:
    for v in values:
        if v is not None and v is not False:
            return True
    return False


def while_step(st, name: str) -> None:
    """One turn of a loop in generated code counts as a step, as an instruction does."""
    st.steps += 1
    if st.steps > st.limit:
        raise RuntimeRulesError(f"the rules ran {m.MAX_STEPS_PER_MOVE} steps without asking anyone anything; "
                                f"a loop does not end (in `{name}`)")


def _first(xs):
    return xs[0] if xs else None


AGGREGATES = {
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


def namespace() -> dict:
    """The globals of a program's generated functions; the compiler adds its tables and constants."""
    ns = {"RuntimeRulesError": RuntimeRulesError, "NONE1": NONE1, "work": work, "counted": counted, "items": items,
          "zone_of": zone_of, "attr": attr, "is_": is_, "ordered": ordered, "number_range": number_range,
          "others": others, "any_early": any_early, "while_step": while_step, "m": m, "ops": ops,
          "__builtins__": __builtins__}
    for name, fn in AGGREGATES.items():
        ns["AGG_" + name] = fn
    return ns


class Code:
    """A procedure's instructions as they are compiled: ops, with runs of native statements fused into one."""

    def __init__(self, fuse):
        self.ops: list = []
        self.lines: list[str] = []
        self.fuse = fuse  # lines -> one instruction

    def native(self, lines: list[str]) -> None:
        self.lines.extend(lines)

    def flush(self) -> None:
        if self.lines:
            lines, self.lines = self.lines, []
            self.ops.append(self.fuse(lines))

    def append(self, op) -> None:
        self.flush()
        self.ops.append(op)

    def __len__(self) -> int:
        """Where the next instruction goes (a jump target): the native lines before it are closed first."""
        self.flush()
        return len(self.ops)

    def done(self) -> tuple:
        self.flush()
        return tuple(self.ops)
