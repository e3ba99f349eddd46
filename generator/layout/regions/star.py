"""The star region: `points` outer corners on the ellipse inside its box, the first straight up, and as many
inner ones `inner` of the way out between them, `rotate` turning them along it; its keys and its layout into a
Polygon operation (polygon.py draws it).

Not here: the corners' geometry (layout/shapes.py); the keys every region takes (common.py) and every filled
shape takes (paint.py).
"""
from __future__ import annotations

from .. import shapes
from . import paint
from .common import pdf_box
from .keys import Fraction, Key, RegionType, Whole
from .polygon import MAX_CORNERS, add

KEYS = paint.SHAPE_KEYS + (
    Key("points", Whole(3, MAX_CORNERS), 5, "how many outer corners"),
    Key("inner", Fraction("the inner corners' share of the outer radius", 0.01, 0.99), 0.5,
        "how far out the inner corners lie"),
)


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    add(face, region, ctx, shapes.star(*pdf_box(face, region), v["points"], v["inner"], v["rotate"]))


TYPE = RegionType("star", KEYS, lay_out, turns=False)
