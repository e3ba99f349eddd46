"""The geometry of straight-edged shapes: the corners of a hexagon, a regular polygon and a star in a box,
a hex piece's outline, a polygon grown outwards (a hexagon's bleed), clipped to a box, and how far points
lie inside a hexagon (a hex piece's safe zone).

Coordinates are a face's: points, y upwards. Every polygon is listed counter-clockwise, as ((x, y), ...).
- A hexagon fills its box: flat (two corners at the middle of its left and right sides, flat top and
  bottom) or pointy (corners at the middle of its top and bottom). In a box of 2 : 1.732 (flat) it is
  regular; in any other box it is stretched, as an ellipse is a stretched circle.
- A polygon of n sides and a star of n points have their outer corners on the ellipse inscribed in their
  box (a circle in a square box), the first straight up, the rest counter-clockwise; `rotate` turns them
  counter-clockwise by that many degrees, as a text region's rotate turns its text. A star's inner corners
  lie `inner` (a fraction) of the way out.
- A piece's shape is one of PIECE_SHAPES: "rect", "circle", "hex-flat", "hex-pointy" (a template's
  `shape: hex` with its `orientation`).
Not here: reading a region or a template (regions/, templates.py), drawing (regions/ and render/draw.py).
"""
from __future__ import annotations

import math

HEX_SHAPES = ("hex-flat", "hex-pointy")
PIECE_SHAPES = ("rect", "circle") + HEX_SHAPES
ORIENTATIONS = ("flat", "pointy")


def is_hex(shape: str) -> bool:
    """Whether a piece of this shape is a hexagon."""
    return shape in HEX_SHAPES


def outline(shape: str) -> str:
    """A piece shape as a shop names it: rect, circle or hex."""
    return "hex" if shape in HEX_SHAPES else shape


def hex_shape(orientation: str) -> str:
    """The piece shape of a hexagon of this orientation (flat or pointy)."""
    return f"hex-{orientation}"


def hexagon(x: float, y: float, w: float, h: float, pointy: bool = False) -> tuple:
    """The six corners of the hexagon that fills the box (x, y, w, h), y upwards."""
    if pointy:
        cx = x + w / 2
        return ((cx, y + h), (x, y + h * 0.75), (x, y + h * 0.25), (cx, y), (x + w, y + h * 0.25),
                (x + w, y + h * 0.75))
    cy = y + h / 2
    return ((x, cy), (x + w * 0.25, y), (x + w * 0.75, y), (x + w, cy), (x + w * 0.75, y + h),
            (x + w * 0.25, y + h))


def piece_outline(shape: str, w: float, h: float) -> tuple:
    """The cut line of a hex piece w x h points, its trim box's bottom-left at (0, 0)."""
    return hexagon(0.0, 0.0, w, h, shape == "hex-pointy")


def _on_ellipse(x, y, w, h, angle_deg: float, r: float = 1.0) -> tuple:
    a = math.radians(angle_deg)
    return (x + w / 2 + r * w / 2 * math.cos(a), y + h / 2 + r * h / 2 * math.sin(a))


def polygon(x: float, y: float, w: float, h: float, sides: int, rotate: float = 0.0) -> tuple:
    """The corners of a regular polygon of `sides` sides on the ellipse inscribed in the box."""
    return tuple(_on_ellipse(x, y, w, h, 90.0 + rotate + k * 360.0 / sides) for k in range(sides))


def star(x: float, y: float, w: float, h: float, points: int, inner: float = 0.5, rotate: float = 0.0) -> tuple:
    """The 2 x `points` corners of a star: outer ones on the ellipse inscribed in the box, inner ones
    `inner` of the way out from its centre, between them."""
    return tuple(_on_ellipse(x, y, w, h, 90.0 + rotate + k * 180.0 / points, 1.0 if k % 2 == 0 else inner)
                 for k in range(2 * points))


def grown(points: tuple, d: float) -> tuple:
    """A convex counter-clockwise polygon with every edge moved `d` outwards, parallel to itself."""
    n = len(points)
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = (y2 - y1) / length, (x1 - x2) / length          # outward, for a counter-clockwise polygon
        lines.append(((x1 + nx * d, y1 + ny * d), (x2 - x1, y2 - y1)))
    out = []
    for i in range(n):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        cross = dx * ey - dy * ex
        if abs(cross) < 1e-12:                  # two edges in line: the corner moves straight out
            out.append((qx, qy))
            continue
        t = ((qx - px) * ey - (qy - py) * ex) / cross
        out.append((px + t * dx, py + t * dy))
    return tuple(out)


def clipped(points: tuple, x0: float, y0: float, x1: float, y1: float) -> tuple:
    """A polygon cut to the box x0..x1, y0..y1 (Sutherland and Hodgman's clipping)."""
    def cut(pts, inside, cross):
        out = []
        for i, p in enumerate(pts):
            q = pts[i - 1]
            if inside(p):
                if not inside(q):
                    out.append(cross(q, p))
                out.append(p)
            elif inside(q):
                out.append(cross(q, p))
        return out

    def at_x(v):
        return lambda p, q: (v, p[1] + (q[1] - p[1]) * (v - p[0]) / (q[0] - p[0]))

    def at_y(v):
        return lambda p, q: (p[0] + (q[0] - p[0]) * (v - p[1]) / (q[1] - p[1]), v)

    pts = list(points)
    for inside, cross in ((lambda p: p[0] >= x0, at_x(x0)), (lambda p: p[0] <= x1, at_x(x1)),
                          (lambda p: p[1] >= y0, at_y(y0)), (lambda p: p[1] <= y1, at_y(y1))):
        pts = cut(pts, inside, cross) if pts else pts
    return tuple(pts)


def inside_by(points: tuple, pts) -> float:
    """How far inside the convex counter-clockwise polygon `points` the outermost of `pts` lies: the least
    distance from any of them to the line of any edge (negative: outside it)."""
    n = len(points)
    edges = []
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        edges.append((x1, y1, (y1 - y2) / length, (x2 - x1) / length))     # the inward normal
    return min((px - x1) * nx + (py - y1) * ny for px, py in pts for x1, y1, nx, ny in edges)
