"""The ellipse region: the ellipse inside its box; its keys, its layout into an Ellipse operation, and how an
Ellipse is drawn.

Not here: the keys every region takes (common.py) and every filled shape takes (paint.py).
"""
from __future__ import annotations


from ...records import Record
from . import gradient, paint
from .common import grow, pdf_box
from .facts import box_bounds, covering, in_box, see_through, shape_colours
from .keys import RegionType


class Ellipse(Record):
    """The ellipse inside the box x, y, w, h; `dash`, `opacity` and the turn as a Rect's."""
    x: float
    y: float
    w: float
    h: float
    fill: str | tuple | None = None       # '#rrggbb', or a gradient placed on the box (gradient.py)
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple = ()
    opacity: float = 1.0
    rotate: float = 0.0
    cx: float = 0.0
    cy: float = 0.0
    blur: float = 0.0           # a blurred shadow (paint.shadowed): its edge fades out over this many points

    bounds, colours, see_through = box_bounds, shape_colours, see_through

    def ground(self, x, y):
        rx, ry = self.w / 2, self.h / 2
        return covering(self, in_box(self, x, y) and rx > 0 and ry > 0 and
                        ((x - self.x - rx) / rx) ** 2 + ((y - self.y - ry) / ry) ** 2 <= 1)


KEYS = paint.SHAPE_KEYS


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    x, y, w, h = pdf_box(face, region)
    cx, cy = x + w / 2, y + h / 2
    if v["bleed"] and bleed:
        x, y, w, h = grow(face, x, y, w, h, bleed)
    fill, stroke, width = paint.colours(region, ctx)
    fill = gradient.placed(fill, x, y, w, h)
    paint.shadowed(face, region, ctx, Ellipse(x, y, w, h, fill, stroke, width, v["dash"], v["opacity"], v["rotate"],
                                              cx, cy))


def draw(pen, op: Ellipse) -> None:
    paint.draw(pen, op, pen.curve("ellipse", op.x, op.y, op.w, op.h), op.rotate, op.cx, op.cy)


TYPE = RegionType("ellipse", KEYS, lay_out, {Ellipse: draw}, bleeds=True)
