"""What every region shares, declared once for all types: the common keys (id, type, box, when, opacity,
rotate, repeat with its step or grid, and bleed for a type that may bleed), and the geometry every type lays out with (its box in a face's
coordinates, grown to the bleed, turned about its centre).

Not here: the kinds of key and their checkers (keys.py), reading a region (read.py), a type's own keys and
layout (its module).
"""
from __future__ import annotations

import math

from .keys import Box, Condition, Flag, Fraction, Key, Name, Number
from .repeat import Grid, Step, Times

MAX_TEXT = 5000             # characters of a text, a `when`

ID = Key("id", Name(), None, "the region's name, which errors, the proof and `extends` use (default TYPE and its "
                             "position: rect0)")
TYPE = Key("type", Name(), None, "the region's type: one of registry.TYPES (read first, by read.py)")
BOX = Key("box", Box(), ("0mm", "0mm", "100%", "100%"), "[x, y, width, height] from the top-left of the trim box")
WHEN = Key("when", Condition(MAX_TEXT), "", 'drawn only where the field it names ("{field}") is not empty')
OPACITY = Key("opacity", Fraction("an opacity"), 1.0, "0% (unseen) to 100% (opaque): everything it draws")
ROTATE = Key("rotate", Number(-360, 360), 0.0, "degrees anticlockwise, about the centre of its box")
BLEED = Key("bleed", Flag(), False, "grow to the bleed edge where the box touches the trim")
REPEAT = Key("repeat", Times(), None, "drawn this many times (0: not at all), each copy reading its "
                                                  "number from 0 as {i} (repeat.py)")
STEP = Key("step", Step(), None, "[dx, dy]: where each copy stands from the one before (default: a box's width on)")
GRID = Key("grid", Grid(), None, "[columns, dx, dy]: the copies in rows of so many, dx apart, their rows dy apart")
COMMON = (ID, TYPE, WHEN, BOX, OPACITY, ROTATE, REPEAT, STEP, GRID)   # every region's; BLEED too where it bleeds


def keys_of(rtype) -> tuple:
    """Every key a region of this type (keys.RegionType) may write, the common ones first."""
    return COMMON + ((BLEED,) if rtype.bleeds else ()) + rtype.keys


def pdf_box(face, region) -> tuple[float, float, float, float]:
    """The region's box in the face's coordinates (points, from its bottom-left, y up): (x, y, w, h)."""
    x, top, w, h = region.box
    return x, face.height - top - h, w, h


def grow(face, x, y, w, h, bleed: float) -> tuple[float, float, float, float]:
    """A box grown to the bleed edge on each side where it ends at the trim edge; a side written past the trim
    (measured from the bleed's corner: `box: [-3mm, -3mm, ...]`) is drawn where it is written."""
    eps = 0.01
    x0, y0, x1, y1 = x, y, x + w, y + h
    if abs(x0) <= eps:
        x0 -= bleed
    if abs(y0) <= eps:
        y0 -= bleed
    if abs(x1 - face.width) <= eps:
        x1 += bleed
    if abs(y1 - face.height) <= eps:
        y1 += bleed
    return x0, y0, x1 - x0, y1 - y0


def turned(points, degrees: float, cx: float, cy: float) -> tuple:
    """`points` turned anticlockwise (y up) by `degrees` about (cx, cy)."""
    if not degrees % 360:
        return tuple(points)
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    return tuple((cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in points)


def corners(region) -> tuple:
    """The four corners of a region's box as the template writes it (y down): what most types draw within."""
    x, y, w, h = region.box
    return (x, y), (x + w, y), (x + w, y + h), (x, y + h)
