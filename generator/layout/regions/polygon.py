"""The polygon region: a regular polygon of `sides` corners on the ellipse inside its box, the first straight
up, `rotate` turning them along it; its keys, its layout, and the Polygon operation every straight-edged
shape lays out into (hexagon.py and star.py too) and how a Polygon is drawn.

Not here: the corners' geometry (layout/shapes.py); the keys every region takes (common.py) and every filled
shape takes (paint.py).
"""
from __future__ import annotations


from ...records import Record
from .. import shapes
from . import gradient, paint
from .common import pdf_box
from .facts import covering, inside_polygon, points_bounds, see_through, shape_colours
from .keys import Key, RegionType, Whole

MAX_CORNERS = 100            # sides of a polygon, points of a star


class Polygon(Record):
    """A closed path of straight lines through `points` ((x, y), ...): a hexagon, polygon or star region.
    `opacity` (0 to 1) applies to its fill and its stroke."""
    points: tuple
    fill: str | tuple | None = None       # '#rrggbb', or a gradient placed on the box (gradient.py)
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple = ()
    opacity: float = 1.0
    blur: float = 0.0           # a blurred shadow (paint.shadowed): its edge fades out over this many points

    bounds, colours, see_through = points_bounds, shape_colours, see_through

    def ground(self, x, y):
        return covering(self, inside_polygon(self.points, x, y))


KEYS = paint.SHAPE_KEYS + (
    Key("sides", Whole(3, MAX_CORNERS), 6, "how many corners"),
)


def add(face, region, ctx, points) -> None:
    """A straight-edged shape region on `face` as one Polygon through `points` (turned already by its
    `rotate`: a gradient fill is placed on its box and turned with it)."""
    fill, stroke, width = paint.colours(region, ctx)
    v = region.values
    fill = gradient.placed(fill, *pdf_box(face, region), v["rotate"])
    paint.shadowed(face, region, ctx, Polygon(tuple(points), fill, stroke, width, v["dash"], v["opacity"]))


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    add(face, region, ctx, shapes.polygon(*pdf_box(face, region), v["sides"], v["rotate"]))


def draw(pen, op: Polygon) -> None:
    paint.draw(pen, op, pen.polygon(op.points))


# its corners stay on the ellipse inside its box, however they are turned: its box is what it reaches
TYPE = RegionType("polygon", KEYS, lay_out, {Polygon: draw}, turns=False)
