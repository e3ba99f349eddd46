"""What a sheet carries besides its pieces: cut marks, the sheet's label, a gutter-fold sheet's fold line.

Cut marks are short lines in line with every cut, beyond each block's shown bleed, never over a piece and
never in the sheet's margins (the band a home printer leaves blank). The label (game, sheet n of N, fronts
or backs, paper, duplex mode) goes where nothing else is: along an edge of the printable area, between marks
if need be, never smaller than 6 pt.
"""
from __future__ import annotations

from typing import NamedTuple

from ..units import from_mm
from .pack import Area, Block

CLEAR = from_mm(0.6)             # between the label and anything else


class Label(NamedTuple):
    text: str
    x: float                     # the label's box, page coordinates
    y: float
    w: float
    h: float
    rotate: float                # 0: reads left to right; 90: reads upwards


def _distinct(values, tolerance: float = 0.01) -> list[float]:
    """Sorted values with near-equal ones (shared edges computed two ways) merged."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > tolerance:
            out.append(round(v, 4))
    return out


def block_marks(block: Block, area: Area) -> list[tuple[float, float, float, float]]:
    """Marks in line with each of a block's cut lines, at the ends its spec gives, inside `area`."""
    x, y = block.spec.x, block.spec.y
    xs = _distinct(v for c in range(block.cols)
                   for v in (block.x0 + c * (x.size + x.gutter) - x.pad,
                             block.x0 + c * (x.size + x.gutter) + x.size + x.pad))
    ys = _distinct(v for r in range(block.rows)
                   for v in (block.top - (r + 1) * y.size - r * y.gutter - y.pad,
                             block.top - r * (y.size + y.gutter) + y.pad))
    left, right = block.x0, block.x0 + x.span(block.cols)
    top, bottom = block.top, block.bottom
    out = []

    def add(x1, y1, x2, y2):
        x1, x2 = (min(max(v, area.x0), area.x1) for v in (x1, x2))
        y1, y2 = (min(max(v, area.y0), area.y1) for v in (y1, y2))
        if abs(x2 - x1) + abs(y2 - y1) >= from_mm(0.5):
            out.append((round(x1, 4), round(y1, 4), round(x2, 4), round(y2, 4)))

    for v in xs:
        if y.ends == 2:
            a = top + y.outer + y.gap
            add(v, a, v, a + y.mark)
        if y.ends >= 1:
            a = bottom - y.outer - y.gap
            add(v, a, v, a - y.mark)
    for v in ys:
        if x.ends == 2:
            a = left - x.outer - x.gap
            add(a, v, a - x.mark, v)
        if x.ends >= 1:
            a = right + x.outer + x.gap
            add(a, v, a + x.mark, v)
    return out


def fold_line(area: Area, horizontal: bool, width: float, height: float) -> tuple[float, float, float, float]:
    if horizontal:
        return (area.x0, height / 2, area.x1, height / 2)
    return (width / 2, area.y0, width / 2, area.y1)


def place_label(texts: list[str], measure, size: float, areas: list[Area], obstacles: list) -> Label | None:
    """The first of `texts` (longest first) that fits along an edge of one of `areas` (the sheet inside its
    margins; on a gutter-fold sheet first the fronts' half) clear of `obstacles` [(x0, y0, x1, y1)]: the
    bottom edge, then the top, then the left and right edges (rotated)."""
    h = size * 1.25
    for text in texts:
        w = measure(text)
        for area in areas:
            for side in ("bottom", "top", "left", "right"):
                found = _along(side, w, h, area, obstacles)
                if found is not None:
                    bx, by, bw, bh = found
                    return Label(text, bx, by, bw, bh, 0.0 if side in ("bottom", "top") else 90.0)
    return None


def _along(side: str, w: float, h: float, area: Area, obstacles: list):
    """A box for a label `w` long and `h` deep hugging `side` of the area, as near its middle as it can."""
    horizontal = side in ("bottom", "top")
    if horizontal:
        lo, hi = area.x0, area.x1
        d0 = area.y0 if side == "bottom" else area.y1 - h
        strip = (area.x0, d0, area.x1, d0 + h)
    else:
        lo, hi = area.y0, area.y1
        d0 = area.x0 if side == "left" else area.x1 - h
        strip = (d0, area.y0, d0 + h, area.y1)
    blocked = []
    for ox0, oy0, ox1, oy1 in obstacles:
        ox0, oy0, ox1, oy1 = ox0 - CLEAR, oy0 - CLEAR, ox1 + CLEAR, oy1 + CLEAR
        if ox1 <= strip[0] or ox0 >= strip[2] or oy1 <= strip[1] or oy0 >= strip[3]:
            continue
        blocked.append((ox0, ox1) if horizontal else (oy0, oy1))
    free, at = [], lo
    for a, b in sorted(blocked):
        if a > at:
            free.append((at, a))
        at = max(at, b)
    if at < hi:
        free.append((at, hi))
    mid = (lo + hi) / 2
    best = None
    for a, b in free:
        if b - a < w:
            continue
        start = min(max(mid - w / 2, a), b - w)
        dist = abs(start + w / 2 - mid)
        if best is None or dist < best[0]:
            best = (dist, start)
    if best is None:
        return None
    start = best[1]
    return (start, d0, w, h) if horizontal else (d0, start, h, w)


def mirror_marks(marks: list, width: float, height: float, how: str, shift=(0.0, 0.0)) -> list:
    """The marks of a fronts page as they fall on its backs: mirrored left-right (`long`) or top-bottom."""
    sx, sy = shift
    out = []
    for x1, y1, x2, y2 in marks:
        if how == "long":
            x1, x2 = width - x1, width - x2
        else:
            y1, y2 = height - y1, height - y2
        out.append((round(x1 + sx, 4), round(y1 + sy, 4), round(x2 + sx, 4), round(y2 + sy, 4)))
    return out


def mirror_label(label: Label | None, width: float, height: float, how: str, text: str,
                 shift=(0.0, 0.0)) -> Label | None:
    if label is None:
        return None
    x, y = label.x, label.y
    if how == "long":
        x = width - label.x - label.w
    else:
        y = height - label.y - label.h
    return label._replace(text=text, x=x + shift[0], y=y + shift[1])
