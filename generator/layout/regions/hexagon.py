"""The hexagon region: the hexagon that fills its box, flat or pointy, turned about the box's centre by
`rotate`; with bleed it grows by the bleed on every side, as far as the bleed edge (a hex piece's background).
Its keys and its layout into a Polygon operation (polygon.py draws it).

Not here: the corners' geometry (layout/shapes.py); the keys every region takes (common.py) and every filled
shape takes (paint.py).
"""
from __future__ import annotations

from .. import shapes
from . import paint
from .common import pdf_box, turned
from .keys import Choice, Key, RegionType
from .polygon import add

KEYS = paint.SHAPE_KEYS + (
    Key("orientation", Choice(shapes.ORIENTATIONS, "flat or pointy", fields=False), "flat",
        "flat (flat top and bottom) or pointy (corners at top and bottom)"),
)


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    x, y, w, h = pdf_box(face, region)
    points = turned(shapes.hexagon(x, y, w, h, v["orientation"] == "pointy"), v["rotate"], x + w / 2, y + h / 2)
    if v["bleed"] and bleed:
        points = shapes.clipped(shapes.grown(points, bleed), -bleed, -bleed, face.width + bleed,
                                face.height + bleed)
    add(face, region, ctx, points)


def outline(region) -> tuple:
    """Its six corners, as the template writes its box (y down)."""
    x, y, w, h = region.box
    return shapes.hexagon(x, y, w, h, region.values["orientation"] == "pointy")


TYPE = RegionType("hexagon", KEYS, lay_out, bleeds=True, outline=outline)
