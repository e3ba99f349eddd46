"""The corners of the shapes templates ask for (hexagons, stars, polygons on a circle), worked out from their
numbers, and a drawn outline compared with them: for tests that read shapes back from a PDF."""
from __future__ import annotations

import math

TOL = 0.05                  # points: how far a drawn corner may lie from the one asked for


def hexagon(x, y, w, h, pointy=False):
    if pointy:
        return [(x + w / 2, y + h), (x, y + 3 * h / 4), (x, y + h / 4), (x + w / 2, y), (x + w, y + h / 4),
                (x + w, y + 3 * h / 4)]
    return [(x, y + h / 2), (x + w / 4, y), (x + 3 * w / 4, y), (x + w, y + h / 2), (x + 3 * w / 4, y + h),
            (x + w / 4, y + h)]


def on_circle(x, y, w, h, angles, radii):
    return [(x + w / 2 + r * w / 2 * math.cos(math.radians(a)), y + h / 2 + r * h / 2 * math.sin(math.radians(a)))
            for a, r in zip(angles, radii)]


def same_corners(drawn, want, dx=0.0, dy=0.0, tol=TOL) -> bool:
    """The same corners, in the same turn order (any starting corner), within tol points."""
    want = [(x + dx, y + dy) for x, y in want]
    if len(drawn) != len(want):
        return False
    for start in range(len(want)):
        turned = want[start:] + want[:start]
        if all(abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol for a, b in zip(drawn, turned)):
            return True
    return False
