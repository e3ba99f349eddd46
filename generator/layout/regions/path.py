"""The path region: SVG path data (`d:`, as an SVG's <path d="...">) drawn in its box, filled, outlined, dashed,
with arrowheads at its open ends (a polyline with arrows, a banner, a curve); its keys, its layout into a Path
operation (and its arrowheads' Polygons), and how a Path is drawn.

Where d's numbers lie: with `viewbox: [x, y, width, height]` (an SVG's viewBox), that rectangle of d's
coordinates is stretched over the region's box; without one, d's numbers are millimetres from the box's
top-left corner, y down (as a template's boxes are written). Every command of SVG's path grammar is read (M L H
V C S Q T A Z, absolute and relative); quadratic curves become cubic ones, arcs cubic curves of at most a quarter
turn each (the SVG specification's appendix F.6.5 and F.6.6; hand-written: svglib's own helper would load all of
svglib, +440 ms, for this). A mistake in d is the template's error at its line, naming what was found where.
Not here: the keys every shape takes (paint.py, common.py), drawing a polygon (polygon.py).
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

from ...records import Record
from ...errors import found
from ...files.yamlfile import Seq
from ...text.fields import fill, names_in
from . import gradient, paint
from .common import pdf_box, turned
from .facts import UNKNOWN, covering, inside_polygon, see_through, shape_colours, spread
from .keys import Choice, Key, Length, RegionType, Words
from .polygon import Polygon

ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
MM = 72 / 25.4
CAPS, JOINS, ARROWS = ("butt", "round", "square"), ("miter", "round", "bevel"), ("none", "start", "end", "both")
_TOKEN = re.compile(r"\s*,?\s*([MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")


class PathError(ValueError):
    pass


class Path(Record):
    """A path through `segments` (("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",): the face's
    points, y up, turned already), filled (a colour or a placed gradient) and stroked as a shape is, its line
    ends and joins as `cap` and `join` say (0, 1, 2: PDF's)."""
    segments: tuple
    fill: str | tuple | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple = ()
    opacity: float = 1.0
    cap: int = 0
    join: int = 0
    blur: float = 0.0

    see_through = see_through
    colours = shape_colours

    def bounds(self):
        pts = _points(self.segments)
        g = spread(self, 2.0)
        return (min(p[0] for p in pts) - g, min(p[1] for p in pts) - g, max(p[0] for p in pts) + g,
                max(p[1] for p in pts) + g)

    def ground(self, x, y):
        if any(s[0] == "C" for s in self.segments):
            x0, y0, x1, y1 = self.bounds()
            return UNKNOWN if self.fill and x0 <= x <= x1 and y0 <= y <= y1 else None
        return covering(self, inside_polygon(_points(self.segments), x, y))


def _points(segments) -> list:
    return [(s[i], s[i + 1]) for s in segments for i in range(1, len(s) - 1, 2)]


class PathData(Record):
    """`d`: SVG path data (or a {field} giving it, read for each card), checked where it is written."""

    def check(self, rd, key):
        v = Words(20000).check(rd, key)
        if not names_in(v):
            try:
                parse(v)
            except PathError as exc:
                raise rd.error(key, str(exc)) from None
        return v


class ViewBox(Record):
    def check(self, rd, key):
        v = rd.r[key]
        if not isinstance(v, Seq) or len(v) != 4 or not all(
                isinstance(n, (int, float)) and not isinstance(n, bool) and math.isfinite(n) for n in v):
            raise rd.error(key, "expected [x, y, width, height]: d's coordinates stretched over the box, such as "
                                f"[0, 0, 100, 100], found {found(v)}")
        if v[2] <= 0 or v[3] <= 0:
            raise rd.error(key, "a viewbox's width and height are more than 0")
        return tuple(float(n) for n in v)


KEYS = paint.SHAPE_KEYS + (
    Key("d", PathData(), "", "SVG path data: M 0 0 L 10 5 C ... Z (in mm from the box's top-left, or in viewbox)"),
    Key("viewbox", ViewBox(), (), "[x, y, width, height] of d's coordinates, stretched over the box"),
    Key("cap", Choice(CAPS), "butt", "its open ends: butt, round or square"),
    Key("join", Choice(JOINS), "miter", "its corners: miter, round or bevel"),
    Key("arrows", Choice(ARROWS), "none", "arrowheads at its open ends: none, start, end or both"),
    Key("arrow_size", Length(high=72.0), 0.0, "an arrowhead's length (default four times the stroke's width, 2pt "
                                              "at least)"),
)


@lru_cache(maxsize=1024)
def parse(d: str) -> tuple:
    """SVG path data as absolute (("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)) in d's own
    coordinates (y down); PathError naming what is wrong and where."""
    tokens, at = [], 0
    d = d.strip()
    while at < len(d):
        m = _TOKEN.match(d, at)
        if m is None or m.end() == at:
            raise PathError(f"the path data has {d[at:at + 12]!r} at character {at + 1}: expected a command "
                            "(M L H V C S Q T A Z) or a number")
        tokens.append(m.group(1))
        at = m.end()
        while at < len(d) and d[at] in " \t\r\n,":
            at += 1
    out, i = [], 0
    cmd = None
    x = y = sx = sy = 0.0
    last_c = last_q = None          # the previous curve's second control point, for S and T
    if not tokens or tokens[0] not in "Mm":
        raise PathError("path data starts with M (move to), found " + (repr(tokens[0]) if tokens else "nothing"))
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd, i = t, i + 1
        elif cmd is None or cmd in "Zz":
            raise PathError(f"a number {t} follows {cmd or 'nothing'} in the path data, which takes none")
        n = ARGS[cmd.upper()]
        args = tokens[i:i + n]
        if len(args) < n or any(a.isalpha() for a in args):
            raise PathError(f"{cmd} takes {n} numbers in the path data, found {len([a for a in args if not a.isalpha()])}")
        i += n
        v = [float(a) for a in args]
        rel = cmd.islower()
        C = cmd.upper()
        if C == "M":
            x, y = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            sx, sy = x, y
            out.append(("M", x, y))
            cmd = "l" if rel else "L"           # numbers after a move are lines
        elif C in "LHV":
            if C == "H":
                x = x + v[0] if rel else v[0]
            elif C == "V":
                y = y + v[0] if rel else v[0]
            else:
                x, y = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            out.append(("L", x, y))
        elif C in "CS":
            if C == "S":
                c1 = (2 * x - last_c[0], 2 * y - last_c[1]) if last_c else (x, y)
                rest = v
            else:
                c1 = (x + v[0], y + v[1]) if rel else (v[0], v[1])
                rest = v[2:]
            c2 = (x + rest[0], y + rest[1]) if rel else (rest[0], rest[1])
            end = (x + rest[2], y + rest[3]) if rel else (rest[2], rest[3])
            out.append(("C", *c1, *c2, *end))
            x, y = end
        elif C in "QT":
            if C == "T":
                q = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
                end = (x + v[0], y + v[1]) if rel else (v[0], v[1])
            else:
                q = (x + v[0], y + v[1]) if rel else (v[0], v[1])
                end = (x + v[2], y + v[3]) if rel else (v[2], v[3])
            out.append(("C", x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y), end[0] + 2 / 3 * (q[0] - end[0]),
                        end[1] + 2 / 3 * (q[1] - end[1]), *end))
            x, y = end
        elif C == "A":
            end = (x + v[5], y + v[6]) if rel else (v[5], v[6])
            out.extend(_arc(x, y, v[0], v[1], v[2], v[3] != 0, v[4] != 0, *end))
            x, y = end
        else:
            out.append(("Z",))
            x, y = sx, sy
        last_c = (out[-1][3], out[-1][4]) if C in "CS" else None
        last_q = q if C in "QT" else None
    if any(not math.isfinite(n) for s in out for n in s[1:]):
        raise PathError("the path data's numbers must be finite")
    return tuple(out)


def _arc(x1, y1, rx, ry, phi, large, sweep, x2, y2) -> list:
    """An elliptical arc (SVG's A) as cubic curves of at most 90 degrees each (SVG 1.1 appendix F.6.5-F.6.6)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    cos, sin = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    k = math.sqrt(max(0.0, num / (rx * rx * yp * yp + ry * ry * xp * xp)))
    k = -k if large == sweep else k
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a
    t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    kappa = 4 / 3 * math.tan(step / 4)
    out = []

    def point(t):
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return cx + cos * ex - sin * ey, cy + sin * ex + cos * ey

    def slope(t):
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return cos * ex - sin * ey, sin * ex + cos * ey
    t = t1
    for _ in range(n):
        (ax, ay), (bx, by) = point(t), point(t + step)
        (sax, say), (sbx, sby) = slope(t), slope(t + step)
        out.append(("C", ax + kappa * sax, ay + kappa * say, bx - kappa * sbx, by - kappa * sby, bx, by))
        t += step
    out[-1] = out[-1][:5] + (x2, y2)
    return out


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    d = fill(str(v["d"]), ctx.values).strip()
    if not d:
        return
    try:
        segments = parse(d)
    except PathError as exc:
        raise ctx.error(f"{exc} in region '{region.id}' ({region.source})",
                        field=(names_in(str(v["d"])) or [None])[0]) from None
    x, y, w, h = pdf_box(face, region)
    if v["viewbox"]:
        vx, vy, vw, vh = v["viewbox"]
        sx, sy, ox, oy = w / vw, h / vh, vx, vy
    else:
        sx, sy, ox, oy = MM, MM, 0.0, 0.0
    top = y + h

    def to_face(pts):
        placed = [(x + (px - ox) * sx, top - (py - oy) * sy) for px, py in pts]
        return turned(placed, v["rotate"], x + w / 2, y + h / 2)
    out = []
    for s in segments:
        pts = to_face([(s[i], s[i + 1]) for i in range(1, len(s) - 1, 2)])
        out.append((s[0], *(round(n, 6) for p in pts for n in p)))
    fill_, stroke, width = paint.colours(region, ctx)
    fill_ = gradient.placed(fill_, x, y, w, h, v["rotate"])
    heads = []
    if stroke and v["arrows"] != "none":
        size = v["arrow_size"] or max(2.0, 4 * width)
        out, heads = _arrows(out, v["arrows"], size, width)
    op = Path(tuple(out), fill_, stroke, width, v["dash"], v["opacity"], CAPS.index(v["cap"]), JOINS.index(v["join"]))
    paint.shadowed(face, region, ctx, op)
    face.ops.extend(Polygon(head, stroke, None, 0.0, (), v["opacity"]) for head in heads)


def _arrows(segments: list, which: str, size: float, width: float) -> tuple:
    """The path with its ends drawn back under arrowheads, and the arrowheads (triangles `size` long, as wide
    as long) at the start, the end or both of its last open subpath."""
    segments = list(segments)
    heads = []
    ends = []
    if which in ("end", "both"):
        ends.append(len(segments) - 1)
    if which in ("start", "both"):
        ends.append(next(i for i in range(len(segments) - 1, -1, -1) if segments[i][0] == "M"))
    for i in ends:
        s = segments[i]
        if s[0] == "Z" or (s[0] == "M" and i + 1 >= len(segments)):
            continue
        tip = (s[-2], s[-1])
        if s[0] == "M":             # the start: the direction out of it, towards the next point
            nxt = segments[i + 1]
            towards = (nxt[1], nxt[2])
        else:
            towards = (s[3], s[4]) if s[0] == "C" else _before(segments, i)
        dx, dy = tip[0] - towards[0], tip[1] - towards[1]
        n = math.hypot(dx, dy)
        if n == 0:
            continue
        ux, uy = dx / n, dy / n
        bx, by = tip[0] - ux * size, tip[1] - uy * size
        heads.append(((tip[0], tip[1]), (bx - uy * size / 2, by + ux * size / 2), (bx + uy * size / 2, by - ux * size / 2)))
        back = min(size * 0.8, n)   # the line ends under the head, not past its tip
        moved = list(s)
        moved[-2], moved[-1] = tip[0] - ux * back, tip[1] - uy * back
        if s[0] == "C":
            moved[3], moved[4] = s[3] - ux * back, s[4] - uy * back
        if s[0] == "M":
            moved[1], moved[2] = tip[0] - ux * back, tip[1] - uy * back
        segments[i] = tuple(round(n, 6) if isinstance(n, float) else n for n in moved)
    return segments, heads


def _before(segments, i) -> tuple:
    p = segments[i - 1]
    return (p[-2], p[-1])


def draw(pen, op: Path) -> None:
    parts = []
    for s in op.segments:
        if s[0] == "M":
            parts.append(f"{pen.num(*s[1:])} m")
        elif s[0] == "L":
            parts.append(f"{pen.num(*s[1:])} l")
        elif s[0] == "C":
            parts.append(f"{pen.num(*s[1:])} c")
        else:
            parts.append("h")
    path = " ".join(parts)
    style = (f"{op.cap} J " if op.cap else "") + (f"{op.join} j " if op.join else "")
    if style:
        pen.see_through(["q", style.strip()], 1.0)
    paint.draw(pen, op, path)
    if style:
        pen.see_through(["Q"], 1.0)


TYPE = RegionType("path", KEYS, lay_out, {Path: draw})
