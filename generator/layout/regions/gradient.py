"""A filled shape's fill as a gradient: the Fill kind of key (a colour, or a mapping naming a linear or radial
gradient through two or more colours), where a gradient lies on a shape's box, and how it is drawn through the pen.

A template writes
    fill: {gradient: linear, from: '#ffffff', to: gold, angle: 90}
    fill: {gradient: radial, from: white, to: '#1d2230'}
    fill: {gradient: linear, stops: [white, "gold 30%", "#1d2230"], angle: -90}
`from` and `to` are colours as any colour key takes them (deck/colours.py's forms, a palette name or a {field});
`stops` lists two or more, each maybe with its place along the gradient ("gold 30%"): as CSS places them, the
first without one at 0%, the last at 100%, those between spread evenly between their neighbours; each at or after
the one before. A linear gradient runs along `angle` (degrees anticlockwise from left-to-right,
as `rotate` turns: 0 from the left edge to the right, 90 from the bottom up, -90 from the top down) across the
whole box (its corners get the end colours, as in CSS); a radial one from its first colour at the box's centre to
its last at its farthest side, and beyond. The gradient turns with the shape (`rotate`). See-through stops
('#rrggbbaa') are drawn so: where every stop is as see-through, the shading in a graphics state of that alpha;
else through a soft mask, the same gradient in the grey of each stop's alpha (render/draw.py Pen.shade).
After reading, a gradient is the tuple (kind, ((colour, place 0 to 1), ...), angle); once a card's colours are
known (paint.colours), the same with each colour '#rrggbb[aa]'; once placed on its box (placed), the drawing's
("linear", x0, y0, x1, y1, stops) or ("radial", cx, cy, r, stops), in the face's points: plain data, which the
layout store keeps.
Not here: the other fill and stroke keys (paint.py), the pen's shading (render/draw.py Pen.shade).
"""
from __future__ import annotations

import math
import re

from ...errors import found, known_list, suggest
from ...files.yamlfile import Map, Seq
from .keys import Colour, Number

KINDS = ("linear", "radial")
KEYS = ("gradient", "from", "to", "stops", "angle")
MAX_STOPS = 32
_PLACE = r"^(.*?)\s+(-?\d+(?:\.\d+)?)\s*%$"        # "gold 30%": a stop's colour and its place
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
        if "stops" in v:
            if "from" in v or "to" in v:
                raise v.error("stops", "a gradient gives either from and to, or stops, not both",
                              field=f"{where}.stops")
            stops = _stops(v, sub, where)
        else:
            ends = []
            for end in ("from", "to"):
                if end not in v:
                    raise v.error(None, f"a gradient needs '{end}': the colour it runs {end} (or stops: a list of "
                                        "colours)", field=f"{where}.{end}")
                ends.append(_colour(v, sub, end, v[end], f"{where}.{end}"))
            stops = ((ends[0], 0.0), (ends[1], 1.0))
        if "angle" in v and kind != "linear":
            raise v.error("angle", "a radial gradient has no angle (it runs from the centre out)",
                          field=f"{where}.angle")
        angle = Number(-360, 360).check(sub, "angle") if "angle" in v else 0.0
        return (kind, stops, angle)


def _colour(v, sub, key, written, field):
    """One stop's colour as a colour key reads it (not none); a mistake at the gradient's key."""
    c = Colour().check(sub._replace(r=_Stop(v, key, written)), key)
    if not isinstance(c, str) or c.strip().lower() in NONE:
        raise v.error(key, f"a gradient's colours are colours, not {found(c)}", field=field)
    return c


class _Stop:
    """One stop's colour as Colour's checker reads it: its mistakes at the gradient's key."""

    def __init__(self, m, key, value):
        self.m, self.key, self.value = m, key, value

    def __getitem__(self, key):
        return self.value

    def error(self, key, message, field=None, hint=None):
        return self.m.error(self.key, message, field=field, hint=hint)


def _stops(v, sub, where: str) -> tuple:
    """A gradient's `stops:` as ((colour, place 0 to 1), ...), the places CSS gives those written without one."""
    seq = v["stops"]
    field = f"{where}.stops"
    if not isinstance(seq, Seq) or not 2 <= len(seq) <= MAX_STOPS:
        raise v.error("stops", f"expected a list of 2 to {MAX_STOPS} colours, each maybe with its place "
                               f"(\"gold 30%\"), found {found(seq) if not isinstance(seq, Seq) else f'{len(seq)}'}",
                      field=field)
    out = []
    for item in seq:
        text = str(item) if isinstance(item, str) else item
        place = None
        if isinstance(text, str):
            m = re.match(_PLACE, text.strip())
            if m:
                text, place = m.group(1).strip(), float(m.group(2)) / 100
                if not 0 <= place <= 1:
                    raise v.error("stops", f"a stop's place is from 0% to 100%, found {item!r}", field=field)
        out.append((_colour(v, sub, "stops", text, field), place))
    places = [p for _, p in out]
    places[0] = 0.0 if places[0] is None else places[0]
    places[-1] = 1.0 if places[-1] is None else places[-1]
    i = 0
    while i < len(places):          # those between without a place: spread evenly between their neighbours
        if places[i] is None:
            j = next(k for k in range(i, len(places)) if places[k] is not None)
            for n, k in enumerate(range(i, j), 1):
                places[k] = places[i - 1] + (places[j] - places[i - 1]) * n / (j - i + 1)
            i = j
        i += 1
    if any(b < a for a, b in zip(places, places[1:])):
        raise v.error("stops", "each stop's place is at or after the one before's", field=field)
    return tuple((c, round(p, 6)) for (c, _), p in zip(out, places))


def is_gradient(fill) -> bool:
    return type(fill) is tuple


def colours(fill, region, ctx):
    """A fill as a card draws it: '#rrggbb[aa]' or None, or a gradient with its colours resolved."""
    if not is_gradient(fill):
        return ctx.colour(fill, region)
    kind, stops, angle = fill
    out = tuple((ctx.colour(c, region), p) for c, p in stops)
    if any(c is None for c, _ in out):
        raise ctx.error(f"a gradient's colours are colours, not none, in region '{region.id}' ({region.source})")
    return kind, out, angle


def first(fill) -> str:
    """A resolved gradient's first colour (colours(): a text's icons are tinted with it)."""
    return fill[1][0][0]


def stop_colours(fill) -> list:
    """The colours of a placed gradient, first to last."""
    return [c for c, _ in fill[-1]]


def placed(fill, x: float, y: float, w: float, h: float, turn: float = 0.0):
    """A card's fill (colours()) placed on the box x, y, w, h (the face's points, y up): a colour as it is;
    a gradient as its drawing's geometry, turned `turn` degrees about the box's centre (for shapes whose
    corners are turned already; a rect and an ellipse turn with their cm)."""
    if not is_gradient(fill):
        return fill
    kind, stops, angle = fill
    cx, cy = x + w / 2, y + h / 2
    if kind == "radial":
        return "radial", cx, cy, max(w, h) / 2, stops
    t = math.radians(angle + turn)
    cos, sin = math.cos(t), math.sin(t)
    half = (abs(w * math.cos(math.radians(angle))) + abs(h * math.sin(math.radians(angle)))) / 2
    return ("linear", round(cx - half * cos, 6), round(cy - half * sin, 6), round(cx + half * cos, 6),
            round(cy + half * sin, 6), stops)
