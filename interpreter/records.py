"""Frozen record classes made without attrs' generated code: the syntax tree's nodes (`rulelang.ast.node`) and the
event records (`interpreter.events.kind`).  attrs generates and compiles each class's methods, which was most of a
fresh process's import of those modules (#22); these classes share the methods below instead, and mean what attrs'
would: `init` (or `init_keywords`) sets the fields (`_given`); equality and hash are over the fields a class
compares (`_compared`), of the same class only; the repr shows `_shown`; setting or deleting an attribute raises
attrs' FrozenInstanceError.  Each still reads as an attrs class: `__attrs_attrs__` holds an `attrs.Attribute` per
field (see `attribute`), so `attrs.has`, `attrs.fields` and `attrs.evolve` work on them."""
from __future__ import annotations

import attrs


def attribute(name: str, default, shown: bool = True, kw_only: bool = False) -> attrs.Attribute:
    """The `attrs.Attribute` of one field (`attrs.NOTHING` for no default); `shown`: in equality, hash and repr."""
    return attrs.Attribute(name=name, default=default, validator=None, repr=shown, cmp=None, hash=None, init=True,
                           inherited=False, kw_only=kw_only, eq=shown, order=False, alias=name)


def init(self, *args, **given):
    """The fields in order (`_given`: (name, default) each, `attrs.NOTHING` for none), positional or by keyword."""
    fields = self._given
    if len(args) > len(fields):
        raise TypeError(f"{type(self).__name__}() takes {len(fields)} arguments but {len(args)} were given")
    put = object.__setattr__  # a record is frozen: its fields are set past `frozen`
    for (name, _), value in zip(fields, args):
        put(self, name, value)
    _by_keyword(self, fields[len(args):], given)


def init_keywords(self, **given):
    """The fields by keyword only."""
    _by_keyword(self, self._given, given)


def _by_keyword(self, fields, given):
    put = object.__setattr__
    for name, default in fields:
        if name in given:
            put(self, name, given.pop(name))
        elif default is attrs.NOTHING:
            raise TypeError(f"{type(self).__name__}() missing the argument {name!r}")
        else:
            put(self, name, default)
    if given:
        raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {next(iter(given))!r}")


def frozen(self, *args):
    raise attrs.exceptions.FrozenInstanceError()


def eq(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return all(getattr(self, name) == getattr(other, name) for name in self._compared)


def hash_(self):
    return hash((self.__class__, *(getattr(self, name) for name in self._compared)))


def repr_(self):
    parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
    return f"{self.__class__.__qualname__}({parts})"
