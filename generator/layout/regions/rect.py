"""The rect region: a rectangle, its corners maybe rounded; its keys, its layout into a Rect operation, and
how a Rect is drawn (also the print leaf's boxes, printout/leaf.py).

Not here: the keys every region takes (common.py) and every filled shape takes (paint.py).
"""
from __future__ import annotations


from ...records import Record
from . import gradient, paint
from .common import grow, pdf_box
from .facts import box_bounds, covering, in_box, see_through, shape_colours
from .keys import SHORT_SIDE, Key, Length, RegionType


class Rect(Record):
    """A rectangle (corners rounded by `radius`); `dash` ((dash, gap) in points) for its stroke, `opacity`
    (0 to 1) for its fill and stroke, turned `rotate` degrees anticlockwise about (cx, cy)."""
    x: float
    y: float
    w: float
    h: float
    fill: str | tuple | None = None       # '#rrggbb', or a gradient placed on the box (gradient.py)
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    dash: tuple = ()
    opacity: float = 1.0
    rotate: float = 0.0
    cx: float = 0.0
    cy: float = 0.0
    blur: float = 0.0           # a blurred shadow (paint.shadowed): its edge fades out over this many points

    bounds, colours, see_through = box_bounds, shape_colours, see_through

    def ground(self, x, y):
        return covering(self, in_box(self, x, y))


KEYS = paint.SHAPE_KEYS + (
    Key("radius", Length(high=SHORT_SIDE), 0.0, "the corners rounded by this much"),
)


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    x, y, w, h = pdf_box(face, region)
    cx, cy = x + w / 2, y + h / 2
    if v["bleed"] and bleed:
        x, y, w, h = grow(face, x, y, w, h, bleed)
    fill, stroke, width = paint.colours(region, ctx)
    fill = gradient.placed(fill, x, y, w, h)
    paint.shadowed(face, region, ctx, Rect(x, y, w, h, fill, stroke, width, v["radius"], v["dash"], v["opacity"],
                                           v["rotate"], cx, cy))


def draw(pen, op: Rect) -> None:
    if op.radius:
        path = pen.curve("round", op.x, op.y, op.w, op.h, op.radius)
    else:
        path = f"{pen.num(op.x, op.y, op.w, op.h)} re"
    paint.draw(pen, op, path, op.rotate, op.cx, op.cy)


TYPE = RegionType("rect", KEYS, lay_out, {Rect: draw}, bleeds=True)
