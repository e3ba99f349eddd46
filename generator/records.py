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
The class is made as collections.namedtuple makes one (_namedtuple below follows its code), but for its __new__:
namedtuple compiles a `lambda _cls, a, b: _tuple_new(_cls, (a, b))` for each class with eval (~0.25 M instructions,
20 M a build); a Record's is that lambda compiled once for each number of fields, its parameters renamed.
Not here: what any record holds (its own module).
"""
from __future__ import annotations

import sys
from _collections import _tuplegetter
from functools import lru_cache
from types import FunctionType

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
        cls = _namedtuple(name, fields, tuple(defaults), ns.get("__module__"))
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


@lru_cache(maxsize=None)
def _new_code(n: int):
    """The code of `lambda _cls, f0, ..., fn: _tuple_new(_cls, (f0, ..., fn))` (namedtuple's __new__)."""
    args = ", ".join(f"f{i}" for i in range(n)) + ("," if n == 1 else "")
    return eval(f"lambda _cls, {args}: _tuple_new(_cls, ({args}))", {"_tuple_new": tuple.__new__}).__code__


def _namedtuple(typename: str, field_names: tuple, defaults: tuple, module: str | None) -> type:
    """collections.namedtuple(typename, field_names, defaults=defaults, module=module), its __new__ made from
    _new_code (the rest as namedtuple makes it, Python 3.11)."""
    for name in field_names:
        if name.startswith("_") or not name.isidentifier():
            raise ValueError(f"{typename}: a field name cannot be {name!r}")
    field_names = tuple(map(sys.intern, field_names))
    num_fields = len(field_names)
    arg_list = ", ".join(field_names) + ("," if num_fields == 1 else "")
    repr_fmt = "(" + ", ".join(f"{name}=%r" for name in field_names) + ")"
    tuple_new = tuple.__new__
    _dict, _tuple, _len, _map, _zip = dict, tuple, len, map, zip

    code = _new_code(num_fields).replace(co_varnames=("_cls",) + field_names, co_name="__new__",
                                         co_qualname=f"{typename}.__new__")
    __new__ = FunctionType(code, {"_tuple_new": tuple_new, "__builtins__": {}}, "__new__", defaults or None)
    __new__.__doc__ = f"Create new instance of {typename}({arg_list})"

    @classmethod
    def _make(cls, iterable):
        result = tuple_new(cls, iterable)
        if _len(result) != num_fields:
            raise TypeError(f"Expected {num_fields} arguments, got {len(result)}")
        return result
    _make.__func__.__doc__ = f"Make a new {typename} object from a sequence or iterable"

    def _replace(self, /, **kwds):
        result = self._make(_map(kwds.pop, field_names, self))
        if kwds:
            raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
        return result
    _replace.__doc__ = f"Return a new {typename} object replacing specified fields with new values"

    def __repr__(self):
        "Return a nicely formatted representation string"
        return self.__class__.__name__ + repr_fmt % self

    def _asdict(self):
        "Return a new dict which maps field names to their values."
        return _dict(_zip(self._fields, self))

    def __getnewargs__(self):
        "Return self as a plain tuple.  Used by copy and pickle."
        return _tuple(self)

    for method in (__new__, _make.__func__, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = f"{typename}.{method.__name__}"
    class_namespace = {
        "__doc__": f"{typename}({arg_list})", "__slots__": (), "_fields": field_names,
        "_field_defaults": dict(zip(field_names[num_fields - len(defaults):], defaults)), "__new__": __new__,
        "_make": _make, "_replace": _replace, "__repr__": __repr__, "_asdict": _asdict,
        "__getnewargs__": __getnewargs__, "__match_args__": field_names,
    }
    for index, name in enumerate(field_names):
        class_namespace[name] = _tuplegetter(index, sys.intern(f"Alias for field number {index}"))
    result = type(typename, (tuple,), class_namespace)
    if module is not None:
        result.__module__ = module
    return result
