"""What the filled and outlined shapes share (rect, ellipse, hexagon, polygon, star): their fill and stroke
keys, declared once, the colours a region of them lays out with, and how such a shape is drawn: its colours,
its dash set around its one path and unset after, turned about its centre, see-through as its opacity says.

Not here: each shape's own keys, outline and operation (its module); the pen it draws with (render/draw.py).
"""
from __future__ import annotations

import math

from . import gradient
from .keys import Colour, Dash, Key, Length

FILL = Key("fill", gradient.Fill(), None, "the colour inside (none: unfilled), or a gradient: {gradient: linear, "
                                          "from: COLOUR, to: COLOUR, angle: DEGREES} or {gradient: radial, ...}")
STROKE = Key("stroke", Colour(), None, "the outline's colour (none: no outline)")
STROKE_WIDTH = Key("stroke_width", Length(high=72.0), 0.5, "the outline's width, where there is one")
DASH = Key("dash", Dash(), (), "[dash] or [dash, gap] lengths: the outline dashed")
KEYS = (FILL, STROKE, STROKE_WIDTH, DASH)
PAINT = {(0, 0): "n", (1, 0): "S", (0, 1): "f", (1, 1): "B"}      # (stroke, fill) -> the path's paint operator


def colours(region, ctx) -> tuple:
    """(fill, stroke, stroke width) of a shape region on a card: '#rrggbb' or None each (the fill maybe a
    gradient: gradient.colours, to be placed on its box), the width 0 with no stroke."""
    v = region.values
    stroke = ctx.colour(v["stroke"], region)
    return gradient.colours(v["fill"], region, ctx), stroke, v["stroke_width"] if stroke else 0.0


def matrix(degrees: float, cx: float, cy: float) -> tuple:
    """The PDF matrix (a b c d e f) that turns a drawing `degrees` anticlockwise about (cx, cy)."""
    a = math.radians(degrees)
    cos, sin = round(math.cos(a), 12), round(math.sin(a), 12)
    return cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy


def draw(pen, op, path: str, rotate: float = 0.0, cx: float = 0.0, cy: float = 0.0) -> None:
    """A shape op (fill, stroke, stroke_width, dash, opacity) whose outline is `path`: its colours, its dash
    around the path and its paint operator, turned `rotate` degrees about (cx, cy), see-through below an
    opacity of 1. A gradient fill (gradient.placed) is shaded inside the path first, then the stroke drawn."""
    ops = []
    if gradient.is_gradient(op.fill):
        before = ["q", f"{pen.num(*matrix(rotate, cx, cy))} cm"] if rotate % 360 else ["q"]
        pen.shade(op.fill, " ".join([*before, f"{path} W n"]), op.opacity)
        if not op.stroke:
            return
        op = op._replace(fill=None)
    if op.fill:
        ops.append(pen.paint(op.fill, "rg"))
    if op.stroke:
        ops.append(pen.paint(op.stroke, "RG", op.stroke_width))
        ops.append(f"{pen.num(op.stroke_width)} w")
        if op.dash:
            ops.append(f"[{pen.num(*op.dash)}] 0 d")
    ops.append(f"{path} {PAINT[bool(op.stroke), bool(op.fill)]}")
    if op.stroke and op.dash:
        ops.append("[] 0 d")
    if rotate % 360:
        ops = ["q", f"{pen.num(*matrix(rotate, cx, cy))} cm", *ops, "Q"]
    pen.see_through(ops, op.opacity)
