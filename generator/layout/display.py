"""A laid-out face as a display list: Face, and the names of its drawing operations (Rect, Ellipse, Line, Text,
Image, Polygon), each declared with the region type that owns it (layout/regions/).

What every renderer draws (PDF pages, PNG images) and what the layout store keeps between builds: sizes
in points, the origin at the bottom-left corner of the trim box, y upwards. Plain data only: how a face is
laid out from its template is layout/face.py and each type's module, how it is stored layout/store.py, how it
is drawn render/draw.py with each type's drawer.
"""
from __future__ import annotations

from types import SimpleNamespace

from .regions.ellipse import Ellipse
from .regions.image import Image
from .regions.line import Line
from .regions.path import Path
from .regions.polygon import Polygon
from .regions.rect import Rect
from .regions.registry import TYPES
from .regions.text import Text

# every kind of drawing operation, as the region types declare them, in the order they are registered
OPS = tuple(dict.fromkeys(op for t in TYPES.values() for op in t.draws))
assert OPS[:7] == (Rect, Ellipse, Line, Text, Image, Polygon, Path)


class Face(SimpleNamespace):
    """A laid-out face: filled in by layout_face, then only read (and pickled by the layout store).
    A SimpleNamespace: attributes, equality and repr as a dataclass gives, at a fraction of the import time."""

    def __init__(self, name: str = "", template: str = "", width: float = 0.0, height: float = 0.0,
                 bleed: float = 0.0, shape: str = "rect", gutter: float = 0.0, ops=None, texts=None, shrunk=None,
                 key: tuple = (), markup=None, source: str = "", spans: tuple = ()):
        super().__init__(name=name,                 # e.g. "Green 1 (front)"
                         template=template, width=width, height=height, bleed=bleed, shape=shape, gutter=gutter,
                         ops=[] if ops is None else ops,
                         texts=[] if texts is None else texts,      # (region id, field, plain text) in drawing order
                         # (region id, field, normal size, used size; 0: cut to end with "…", overflow: ellipsis)
                         shrunk=[] if shrunk is None else shrunk,
                         key=key,                                   # identity: equal keys draw the same
                         # (region id, field, level, message, block start): markup.problems() of its text
                         markup=[] if markup is None else markup,
                         source=source,                             # "file:line" of its template's size
                         # for each region of its template, in order: where its part of ops, texts, shrunk and
                         # markup ends (a face laid out again takes an unchanged region's part: layout/relaid.py)
                         spans=spans)


def by_face(faces) -> dict:
    """(who, face) pairs in drawing order (e.g. "card 'Coin' (back)") grouped by the face they show:
    {id(face): [the first who, face, every who]}, in the order the faces first appear. A face many cards
    share is judged once and named at its first card (and_more says how many others)."""
    seen: dict = {}
    for who, face in faces:
        k = id(face)
        if k in seen:
            seen[k][2].add(who)
        else:
            seen[k] = [who, face, {who}]
    return seen


def and_more(others: int) -> str:
    """' (and 2 more cards)' after the first card's name; nothing when no other card shows it."""
    return f" (and {others} more card{'s' if others != 1 else ''})" if others else ""
