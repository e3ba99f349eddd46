"""Record: the base of pnp's plain immutable values (a card, a size, a drawing operation ...), declared as
typing.NamedTuple declares them and made by collections.namedtuple, as typing.NamedTuple makes them:

    class Size(Record):
        width: float
        height: float = 0.0

A Record class is a namedtuple: its fields in order with their defaults, _replace, _fields, _field_defaults,
_asdict, _make, equality, hashing and pickling as a tuple's, and its body's docstring, methods, properties and
names without an annotation (class attributes) set on it, as typing.NamedTuple sets them.

Why not typing.NamedTuple itself: it checks each field's annotation as a type, and in a module written with
`from __future__ import annotations` (every pnp module) each is a string, compiled into a ForwardRef: a class of
five fields cost ~1.1 M instructions, against ~0.27 M for the namedtuple alone (callgrind), and a build defines
~85 of them before it does anything (~70 M instructions, 6% of a warm rebuild). The annotations are kept as
written in __annotations__, for readers and tools.
Not here: what any record holds (its own module).
"""
from __future__ import annotations

import collections

# what a namedtuple makes itself, which a class body may not replace (as typing.NamedTuple refuses)
_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
                         "_make", "_replace", "_asdict", "_source"})
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


class _RecordMeta(type):
    def __new__(mcls, name: str, bases: tuple, ns: dict):
        if not bases:                               # Record itself
            return super().__new__(mcls, name, bases, ns)
        if bases != (Record,):
            raise TypeError(f"{name}: a record derives from Record alone")
        fields = tuple(ns.get("__annotations__", {}))
        defaults = [ns[f] for f in fields if f in ns]
        if any(f in ns for f in fields[:len(fields) - len(defaults)]):
            raise TypeError(f"{name}: a field without a default follows one with a default")
        cls = collections.namedtuple(name, fields, defaults=defaults, module=ns.get("__module__"))
        cls.__annotations__ = dict(ns.get("__annotations__", {}))
        for key, value in ns.items():
            if key in _PROHIBITED:
                raise AttributeError(f"{name}: a record cannot set {key}")
            if key not in _SPECIAL and key not in fields:
                setattr(cls, key, value)
        return cls


class Record(metaclass=_RecordMeta):
    """The base a record class names (see the module's docstring); a class deriving from it is a namedtuple."""
    __slots__ = ()
