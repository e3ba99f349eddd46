"""A card sheet's label: its words (the game, sheet n of N, fronts or backs, the paper, how it is printed;
shorter forms where the longest does not fit), where it goes (along an edge of the areas the spec gives,
clear of the pieces, marks and fold line: the bottom edge, then the top, then the sides read upwards), the
text that draws it, and a backs page's label, which lies behind its fronts page's.

Not here: the areas a label may use, the paper's label size and colour, where a back lands (spec.py); cut
marks (guides.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..records import Record
from ..language import N_, words
from ..units import from_mm
from .spec import CLEAR, Duplex, SheetSpec

if TYPE_CHECKING:
    from .pack import Area

SIDE_NAMES = {"front": N_("fronts"), "back": N_("backs"), "fold": N_("fronts and backs")}


class Label(Record):
    text: str
    x: float                     # the label's box, page coordinates
    y: float
    w: float
    h: float
    rotate: float                # 0: reads left to right; 90: reads upwards


def label_texts(spec: SheetSpec, title: str, n: int, total: int, side: str, mode: Duplex) -> list[str]:
    """The sheet's label, longest first: the game, sheet n of N, which side, paper, how it is printed."""
    _ = words(spec.language)
    side_name = _(SIDE_NAMES[side])
    full = _("{title} · sheet {n} of {total} · {side} · {paper} · {mode}", title=title, n=n, total=total,
             side=side_name, paper=spec.title, mode=mode.title)
    short = _.digits(f"{_.value(title)} · {n}/{total} · {side_name} · {spec.title} · {mode.name}")
    shortest = _.digits(f"{n}/{total} {side_name} {spec.title} {mode.name}")
    return [t.lstrip(" ·") for t in (full, short, shortest)]


def sheet_label(spec: SheetSpec, texts: list[str], placed: list, marks: list, ops: list, areas: list):
    """The first of `texts` that fits in `areas` clear of the placed pieces (with the bleed they show), the
    marks and the lines among `ops` (a fold line, kept 1 mm clear); None if none fits."""
    from ..layout.face import Line  # lazy: +489 ms to import (benchmarks/imports.py)
    from ..layout.oneline import width  # lazy: +727 ms to import (benchmarks/imports.py)
    fam, rtl = spec.font("sans"), words(spec.language).rtl
    size = spec.paper.label_size
    obstacles = []
    for p in placed:
        sl, sb, sr, st = p.page_shown()
        obstacles.append((p.x - sl, p.y - sb, p.x + p.width + sr, p.y + p.height + st))
    for x1, y1, x2, y2 in marks:
        obstacles.append((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)))
    for op in ops:
        if type(op) is Line:
            obstacles.append((min(op.x1, op.x2) - from_mm(1), min(op.y1, op.y2) - from_mm(1),
                              max(op.x1, op.x2) + from_mm(1), max(op.y1, op.y2) + from_mm(1)))
    return place_label(texts, lambda t: width(t, fam, "regular", size, rtl), size, areas, obstacles)


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


def mirror_label(spec: SheetSpec, label: Label | None, mirror: str, text: str,
                 shift: tuple = (0.0, 0.0)) -> Label | None:
    """The backs page's label: `text` in the box behind the fronts page's label."""
    if label is None:
        return None
    x, y = spec.back_position(label.x, label.y, label.w, label.h, mirror, shift)
    return label._replace(text=text, x=x, y=y)


def label_ops(spec: SheetSpec, label: Label | None) -> list:
    """The label as a line of text in its box (rotated to read upwards along a side edge)."""
    if label is None:
        return []
    from ..layout.oneline import ops  # lazy: +489 ms to import (benchmarks/imports.py)
    size = spec.paper.label_size
    cx, cy = label.x + label.w / 2, label.y + label.h / 2
    length_, depth = (label.w, label.h) if not label.rotate else (label.h, label.w)
    base = cy - depth / 2 + (depth - size) / 2 + 0.22 * size
    return ops(round(cx - length_ / 2, 4), round(base, 4), label.text, spec.font("sans"), "regular", size,
               spec.paper.label_colour, "left", label.rotate, round(cx, 4), round(cy, 4), words(spec.language).rtl)
