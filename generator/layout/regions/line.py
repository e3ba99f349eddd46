"""The line region: a straight line from its box's top-left corner to its bottom-right (a box may run either
way), turned about the box's centre by `rotate`; its keys, its layout into a Line operation, and how a Line is
drawn (also the sheets' fold lines and labels, impose/).

Not here: the keys every region takes (common.py).
"""
from __future__ import annotations


from ...records import Record
from .common import pdf_box, turned
from ...deck.colours import alpha
from .facts import line_see_through as see_through
from .keys import Colour, Dash, Key, Length, RegionType


class Line(Record):
    """A line from (x1, y1) to (x2, y2); `dash` ((dash, gap) in points), `opacity` (0 to 1)."""
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    stroke_width: float = 0.5
    dash: tuple = ()
    opacity: float = 1.0

    see_through = see_through

    def bounds(self):
        g = self.stroke_width / 2
        return min(self.x1, self.x2) - g, min(self.y1, self.y2) - g, max(self.x1, self.x2) + g, max(self.y1, self.y2) + g

    def colours(self):
        return (("stroke", self.stroke),)

    def ground(self, x, y):
        return None             # a line is too thin to be what text stands on


KEYS = (
    Key("stroke", Colour(), "black", "its colour"),
    Key("stroke_width", Length(high=72.0), 0.5, "its width"),
    Key("dash", Dash(), (), "[dash] or [dash, gap] lengths: dashed"),
)


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    x, y, w, h = pdf_box(face, region)
    (x1, y1), (x2, y2) = turned(((x, y + h), (x + w, y)), v["rotate"], x + w / 2, y + h / 2)
    face.ops.append(Line(x1, y1, x2, y2, ctx.colour(v["stroke"], region) or "#000000", v["stroke_width"],
                         v["dash"], v["opacity"]))


def draw(pen, op: Line) -> None:
    ops = [pen.paint(op.stroke, "RG", op.stroke_width), f"{pen.num(op.stroke_width)} w"]
    if op.dash:
        ops.append(f"[{pen.num(*op.dash)}] 0 d")
    ops.append(f"n {pen.num(op.x1, op.y1)} m {pen.num(op.x2, op.y2)} l S")
    if op.dash:
        ops.append("[] 0 d")
    pen.see_through(ops, op.opacity, op.opacity * alpha(op.stroke))


def outline(region) -> tuple:
    """Its two ends, as the template writes them (y down)."""
    x, y, w, h = region.box
    return (x, y), (x + w, y + h)


TYPE = RegionType("line", KEYS, lay_out, {Line: draw}, either_way=True, outline=outline)
