"""What every later stage asks of a drawing operation, declared by the region type that owns it: each operation
class (Rect, Ellipse, Line, Text, Image, Polygon, Path) sets these four as its methods, from the ones here or
its own:

    op.bounds()      (x0, y0, x1, y1): the face's points (y up) everything it paints lies in (its stroke, its
                     shadow's blur and its turn included): a CMYK patch's box (export/flatten.py)
    op.colours()     ((what, colour), ...) in drawing order: "fill", "stroke", "ink", "outline" each
                     '#rrggbb[aa]' or None (a gradient: each of its stops), "image" its file: what two faces
                     drawn alike differ in (proof/colours.py)
    op.ground(x, y)  what it covers at the point (x, y): None where it does not, its one colour
                     '#rrggbb[aa]' (its opacity folded into the alpha) where it covers with one, UNKNOWN where
                     what shows there is not one colour (a picture, a gradient, a turned shape) (proof/contrast.py)
    op.see_through() whether it is drawn with any transparency (an opacity under 1, a see-through colour, a
                     gradient, a blurred shadow): a face holding one is drawn on the page, never in a form
                     (render/draw.needs_page), and flattened for a CMYK PDF (export/flatten.py; a picture's own
                     transparency is the picture's, which flatten.py reads from its file)

tests/layout/test_region_contract.py lays out every registered type and holds each operation to these.
Not here: drawing (each type's draw), the region types themselves (their modules).
"""
from __future__ import annotations

import math

from ...deck.colours import alpha

UNKNOWN = "?"                  # ground(): what shows there is not one colour


def is_gradient(fill) -> bool:
    return type(fill) is tuple


def paint_colours(fill, stroke) -> tuple:
    """A filled shape's colours: its fill (each stop of a gradient), then its stroke."""
    out = [("fill", c) for c, _ in fill[-1]] if is_gradient(fill) else [("fill", fill)]
    return tuple(out) + (("stroke", stroke),)


def shape_colours(op) -> tuple:
    """A filled shape's colours (paint_colours): its `colours` method."""
    return paint_colours(op.fill, op.stroke)


def see_through(op) -> bool:
    """A filled shape's: its opacity, a blur, a gradient, a see-through fill or stroke ('#rrggbbaa': nine
    characters; checked so, as needs_page asks it of every operation of every face)."""
    fill, stroke = op.fill, op.stroke
    return op.opacity < 1.0 or op.blur > 0.0 or type(fill) is tuple or (fill is not None and len(fill) == 9) \
        or (stroke is not None and len(stroke) == 9)


def text_see_through(op) -> bool:
    """A line of text's: its opacity, a blur, a gradient, a see-through ink or outline."""
    colour, outline = op.colour, op.outline
    return op.opacity < 1.0 or op.blur > 0.0 or type(colour) is tuple or len(colour) == 9 \
        or (outline is not None and len(outline) == 9)


def line_see_through(op) -> bool:
    return op.opacity < 1.0 or len(op.stroke) == 9


def with_opacity(colour: str, opacity: float) -> str:
    """'#rrggbb[aa]' with `opacity` folded into its alpha."""
    a = alpha(colour) * opacity
    return colour[:7] if a >= 1.0 else f"{colour[:7]}{round(a * 255):02x}"


def turn_box(x0: float, y0: float, x1: float, y1: float, degrees: float, cx: float, cy: float) -> tuple:
    """The bounds of a box turned `degrees` anticlockwise about (cx, cy)."""
    if not degrees % 360:
        return x0, y0, x1, y1
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    pts = [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
           for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def spread(op, share: float = 1.0) -> float:
    """How far past its outline a shape paints: `share` of its stroke's width (half of it along a straight
    side; a mitred corner reaches further), and its blur."""
    return (op.stroke_width * share if op.stroke else 0.0) + getattr(op, "blur", 0.0)


def box_bounds(op) -> tuple:
    """A box shape's (x, y, w, h, turned `rotate` about (cx, cy)) bounds: half its stroke past the box, its
    whole stroke when turned."""
    g = spread(op, 1.0 if op.rotate else 0.5)
    return turn_box(op.x - g, op.y - g, op.x + op.w + g, op.y + op.h + g, op.rotate, op.cx, op.cy)


def points_bounds(op) -> tuple:
    """A shape through `points`' bounds: twice its stroke's width past them (a mitred corner's reach)."""
    g = spread(op, 2.0)
    xs, ys = [p[0] for p in op.points], [p[1] for p in op.points]
    return min(xs) - g, min(ys) - g, max(xs) + g, max(ys) + g


def covering(op, inside: bool):
    """ground()'s answer for a filled shape that does (`inside`) or does not hold the point."""
    if not inside or not op.fill:
        return None
    if is_gradient(op.fill) or getattr(op, "rotate", 0.0) or getattr(op, "blur", 0.0):
        return UNKNOWN
    return with_opacity(op.fill, op.opacity)


def inside_polygon(points, x: float, y: float) -> bool:
    inside = False
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def in_box(op, x: float, y: float) -> bool:
    return op.x <= x <= op.x + op.w and op.y <= y <= op.y + op.h
