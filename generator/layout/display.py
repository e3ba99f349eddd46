"""A laid-out face as a display list: its drawing operations (Rect, Ellipse, Line, Text, Image, Polygon) and Face.

What every renderer draws (PDF pages, PNG images) and what the layout store keeps between builds: sizes
in points, the origin at the bottom-left corner of the trim box, y upwards. Plain data only: how a face is
laid out from its template is layout/face.py, how it is stored layout/store.py, how it is drawn render/draw.py.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import NamedTuple


class Rect(NamedTuple):
    """A rectangle (corners rounded by `radius`); `dash` ((dash, gap) in points) for its stroke, `opacity`
    (0 to 1) for its fill and stroke, as a Polygon's."""
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    dash: tuple = ()
    opacity: float = 1.0


class Ellipse(NamedTuple):
    """The ellipse inside the box x, y, w, h; `dash` and `opacity` as a Rect's."""
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple = ()
    opacity: float = 1.0


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    stroke_width: float = 0.5
    dash: tuple = ()


class Text(NamedTuple):
    """One line of text; x is the anchor for `align`, y the baseline. Rotated about (cx, cy)."""
    x: float
    y: float
    text: str
    font: str
    size: float
    colour: str
    align: str = "left"
    rotate: float = 0.0
    cx: float = 0.0
    cy: float = 0.0


class Image(NamedTuple):
    """A picture (PNG, JPEG or SVG: images.py) in the box x, y, w, h: the one way a picture reaches render/
    (render/pictures.py places it). `fit` and the focus (fx, fy: 0 to 1 across the picture from its left
    and its top) as images.fitted() reads them; `tint` ('#rrggbb' or None) draws it in that one colour. An icon
    in text is one too: `tint` its text's colour when the icon is tinted, turned with its text by `rotate`
    degrees about (cx, cy)."""
    x: float
    y: float
    w: float
    h: float
    path: str
    fit: str = "contain"        # contain | cover | stretch
    fx: float = 0.5
    fy: float = 0.5
    tint: str | None = None
    region: str = ""            # the template region that placed it (the proof's findings name it)
    rotate: float = 0.0
    cx: float = 0.0
    cy: float = 0.0


class Polygon(NamedTuple):
    """A closed path of straight lines through `points` ((x, y), ...): a hexagon, polygon or star region.
    `opacity` (0 to 1) applies to its fill and its stroke."""
    points: tuple
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple = ()
    opacity: float = 1.0


class Face(SimpleNamespace):
    """A laid-out face: filled in by layout_face, then only read (and pickled by the layout store).
    A SimpleNamespace: attributes, equality and repr as a dataclass gives, at a fraction of the import time."""

    def __init__(self, name: str = "", template: str = "", width: float = 0.0, height: float = 0.0,
                 bleed: float = 0.0, shape: str = "rect", gutter: float = 0.0, ops=None, texts=None, shrunk=None,
                 key: tuple = (), markup=None, source: str = ""):
        super().__init__(name=name,                 # e.g. "Green 1 (front)"
                         template=template, width=width, height=height, bleed=bleed, shape=shape, gutter=gutter,
                         ops=[] if ops is None else ops,
                         texts=[] if texts is None else texts,      # (region id, field, plain text) in drawing order
                         shrunk=[] if shrunk is None else shrunk,   # (region id, field, normal size, used size)
                         key=key,                                   # identity: equal keys draw the same
                         # (region id, field, level, message, block start): markup.problems() of its text
                         markup=[] if markup is None else markup,
                         source=source)                             # "file:line" of its template's size


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
