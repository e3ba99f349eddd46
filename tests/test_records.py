"""Record (generator/records.py): a class deriving from it is the namedtuple typing.NamedTuple would have made of the
same body (fields, defaults, methods, properties, class attributes, docstring, pickling), and it refuses what
typing.NamedTuple refuses; defining one compiles nothing for each class where a typing.NamedTuple compiles its __new__ and a ForwardRef for each annotation."""
from __future__ import annotations

import copy
import pickle
from typing import NamedTuple

import pytest

from generator.records import Record


class Point(Record):
    """A point on a page."""
    x: float
    y: float = 0.0
    tags: tuple = ()
    ORIGIN_NAME = "origin"          # a class attribute: no annotation, no field

    def moved(self, dx: float) -> "Point":
        return self._replace(x=self.x + dx)

    @property
    def far(self) -> bool:
        return abs(self.x) + abs(self.y) > 100


class TypedPoint(NamedTuple):
    """A point on a page."""
    x: float
    y: float = 0.0
    tags: tuple = ()
    ORIGIN_NAME = "origin"

    def moved(self, dx: float) -> "TypedPoint":
        return self._replace(x=self.x + dx)

    @property
    def far(self) -> bool:
        return abs(self.x) + abs(self.y) > 100


def test_a_record_is_the_namedtuple_typing_makes():
    p, t = Point(1.5, tags=("a",)), TypedPoint(1.5, tags=("a",))
    assert p == t == (1.5, 0.0, ("a",)) and hash(p) == hash(t)
    assert Point._fields == TypedPoint._fields == ("x", "y", "tags")
    assert Point._field_defaults == TypedPoint._field_defaults == {"y": 0.0, "tags": ()}
    assert p.moved(2) == Point(3.5, 0.0, ("a",)) and type(p.moved(2)) is Point
    assert not p.far and Point(200).far
    assert Point.ORIGIN_NAME == "origin" and "ORIGIN_NAME" not in Point._fields
    assert Point.__doc__ == TypedPoint.__doc__ == "A point on a page."
    assert p._asdict() == t._asdict() and Point._make([1, 2, ()]) == (1, 2, ())
    assert Point.__annotations__ == {"x": "float", "y": "float", "tags": "tuple"}
    assert Point.__module__ == __name__ and Point.__qualname__ == "Point"
    assert pickle.loads(pickle.dumps(p)) == p and type(pickle.loads(pickle.dumps(p))) is Point
    assert isinstance(p, tuple) and tuple.__new__(Point, (1, 2, ())).y == 2
    assert repr(p) == "Point(x=1.5, y=0.0, tags=('a',))" and repr(t) == "TypedPoint(x=1.5, y=0.0, tags=('a',))"
    assert copy.copy(p) == p and copy.deepcopy(p) == p and p.__getnewargs__() == (1.5, 0.0, ("a",))
    assert Point.__new__.__defaults__ == TypedPoint.__new__.__defaults__ == (0.0, ())
    assert Point.__match_args__ == TypedPoint.__match_args__ and Point.x.__doc__ == TypedPoint.x.__doc__
    assert Point._make.__doc__ == "Make a new Point object from a sequence or iterable"
    with pytest.raises(TypeError):
        Point()                     # x has no default
    with pytest.raises(TypeError, match="Point.__new__"):
        Point(1, z=2)
    with pytest.raises(ValueError):
        p._replace(z=2)
    with pytest.raises(TypeError):
        Point._make([1])
    with pytest.raises(AttributeError):
        p.x = 3

    class One(Record):
        only: str

    assert One("a") == ("a",) and One(only="b").only == "b" and repr(One("a")) == "One(only='a')"


def test_a_record_refuses_what_typing_refuses():
    with pytest.raises(TypeError):
        class Bad(Record):          # noqa: F841  a field without a default after one with
            a: int = 0
            b: int
    with pytest.raises(AttributeError):
        class Worse(Record):        # noqa: F841
            a: int

            def _replace(self, **kw):
                return self
    with pytest.raises(TypeError):
        class Mixed(Record, dict):  # noqa: F841
            a: int


def test_defining_a_record_compiles_nothing_a_typing_namedtuple_compiles(monkeypatch):
    """Why a Record costs a fraction of a typing.NamedTuple to define (generator/records.py; the figures are
    callgrind's, in its docstring: speed is measured, never asserted): no code evaluated for each class's __new__
    (once for each number of fields) and no ForwardRef made of each postponed annotation. A typing.NamedTuple of the
    same body does both (the premise)."""
    import builtins
    import typing
    evals, refs = [], []
    real_eval, real_ref = builtins.eval, typing.ForwardRef.__init__
    monkeypatch.setattr(builtins, "eval", lambda *a, **k: evals.append(a[0]) or real_eval(*a, **k))
    monkeypatch.setattr(typing.ForwardRef, "__init__", lambda self, *a, **k: refs.append(a[0]) or real_ref(self, *a, **k))

    def define(base) -> None:
        class R(base):
            a: int
            b: str | None = None
            c: tuple = ()

    define(Record)                  # the first Record of three fields compiles its __new__ (once a process)
    evals.clear()
    for _ in range(20):
        define(Record)
    assert evals == [] and refs == [], (evals, refs)
    define(NamedTuple)
    assert evals and len(refs) >= 3, (evals, refs)
