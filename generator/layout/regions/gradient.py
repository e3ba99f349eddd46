"""A filled shape's fill as a gradient: the Fill kind of key (a colour, or a mapping naming a linear or radial
gradient between two colours), where a gradient lies on a shape's box, and how it is drawn through the pen.

A template writes
    fill: {gradient: linear, from: '#ffffff', to: gold, angle: 90}
    fill: {gradient: radial, from: white, to: '#1d2230'}
`from` and `to` are colours as any colour key takes them ('#rrggbb', a palette name, black, white or a
{field}); a linear gradient runs from `from` to `to` along `angle` (degrees anticlockwise from left-to-right,
as `rotate` turns: 0 from the left edge to the right, 90 from the bottom up, -90 from the top down) across the
whole box (its corners get the end colours, as in CSS); a radial one from `from` at the box's centre to `to`
at its farthest side, and beyond. The gradient turns with the shape (`rotate`).
After reading, a gradient is the tuple (kind, from, to, angle); once a card's colours are known
(paint.colours), (kind, '#from', '#to', angle); once placed on its box (placed), the drawing's
("linear", x0, y0, x1, y1, '#from', '#to') or ("radial", cx, cy, r, '#from', '#to'), in the face's points:
plain data, which the layout store keeps.
Not here: the other fill and stroke keys (paint.py), the pen's shading (render/draw.py Pen.shade).
"""
from __future__ import annotations

import math

from ...errors import found, known_list, suggest
from ...files.yamlfile import Map
from .keys import Colour, Number

KINDS = ("linear", "radial")
KEYS = ("gradient", "from", "to", "angle")
NONE = ("none", "transparent")


class Fill:
    """A fill key: a colour (Colour's checker), or a gradient mapping (above), checked key by key where it is
    written."""

    def check(self, rd, key):
        v = rd.r[key]
        if not isinstance(v, Map):
            return Colour().check(rd, key)
        where = f"{rd.where}.{key}"
        for k in v:
            if k not in KEYS:
                raise v.error(k, f"unknown key '{k}' in a gradient", field=f"{where}.{k}",
                              hint=suggest(str(k), KEYS) or known_list(KEYS))
        kind = v.get("gradient")
        if kind not in KINDS:
            raise v.error("gradient" if "gradient" in v else None,
                          f"expected gradient: linear or radial, found {found(kind)}" if "gradient" in v else
                          "a gradient names its kind: gradient: linear or gradient: radial",
                          field=f"{where}.gradient", hint=suggest(kind, KINDS) if isinstance(kind, str) else None)
        sub = rd._replace(r=v, where=where)
        ends = []
        for end in ("from", "to"):
            if end not in v:
                raise v.error(None, f"a gradient needs '{end}': the colour it runs {end}", field=f"{where}.{end}")
            c = Colour().check(sub, end)
            if not isinstance(c, str) or c.strip().lower() in NONE:
                raise v.error(end, f"a gradient's colours are colours, not {found(c)}", field=f"{where}.{end}")
            ends.append(c)
        if "angle" in v and kind != "linear":
            raise v.error("angle", "a radial gradient has no angle (it runs from the centre out)",
                          field=f"{where}.angle")
        angle = Number(-360, 360).check(sub, "angle") if "angle" in v else 0.0
        return (kind, ends[0], ends[1], angle)


def is_gradient(fill) -> bool:
    return type(fill) is tuple


def colours(fill, region, ctx):
    """A fill as a card draws it: '#rrggbb' or None, or a gradient with its colours resolved."""
    if not is_gradient(fill):
        return ctx.colour(fill, region)
    kind, start, end, angle = fill
    a, b = ctx.colour(start, region), ctx.colour(end, region)
    if a is None or b is None:
        raise ctx.error(f"a gradient's colours are colours, not none, in region '{region.id}' ({region.source})")
    return kind, a, b, angle


def placed(fill, x: float, y: float, w: float, h: float, turn: float = 0.0):
    """A card's fill (colours()) placed on the box x, y, w, h (the face's points, y up): a colour as it is;
    a gradient as its drawing's geometry, turned `turn` degrees about the box's centre (for shapes whose
    corners are turned already; a rect and an ellipse turn with their cm)."""
    if not is_gradient(fill):
        return fill
    kind, a, b, angle = fill
    cx, cy = x + w / 2, y + h / 2
    if kind == "radial":
        return "radial", cx, cy, max(w, h) / 2, a, b
    t = math.radians(angle + turn)
    cos, sin = math.cos(t), math.sin(t)
    half = (abs(w * math.cos(math.radians(angle))) + abs(h * math.sin(math.radians(angle)))) / 2
    return ("linear", round(cx - half * cos, 6), round(cy - half * sin, 6), round(cx + half * cos, 6),
            round(cy + half * sin, 6), a, b)
