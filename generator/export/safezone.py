"""The Game Crafter's safe zone: text should stay 1/8 in inside the trim, or the cutter may take it.

Measured on the laid-out face, so it is the text actually drawn: each line by its width and the
font's ascent and descent at the size used, turned with the text if it is rotated; a region's
ink is the union of its lines. Where the lines cannot be matched to their regions, the regions'
boxes are measured instead.
"""
from __future__ import annotations

import math

from ..layout.face import Text
from .products import SAFE


def _turn(rect, angle, cx, cy):
    if not angle % 360:
        return rect
    a = math.radians(angle)
    cos, sin = math.cos(a), math.sin(a)
    x0, y0, x1, y1 = rect
    pts = [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
           for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def extent(op) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the ink of a Text op, in face coordinates (y up)."""
    from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
    w = stringWidth(op.text, op.font, op.size)
    x0 = op.x - {"center": w / 2, "right": w}.get(op.align, 0.0)
    face = getFont(op.font).face
    rect = (x0, op.y + face.descent * op.size / 1000, x0 + w, op.y + face.ascent * op.size / 1000)
    return _turn(rect, op.rotate, op.cx, op.cy)


def _regions(face, template) -> list:
    """(texts entry, region box in face coordinates) for each text region drawn on `face`."""
    if template is None:
        return []
    regions = {r.id: r for r in template.regions}
    out = []
    for entry in face.texts:
        r = regions.get(entry[0])
        if r is None:
            return []
        x, top, w, h = r.box
        out.append((entry, (x, face.height - top - h, x + w, face.height - top)))
    return out


def _union(rects):
    xs0, ys0, xs1, ys1 = zip(*rects)
    return min(xs0), min(ys0), max(xs1), max(ys1)


def _attribute(face, regions) -> list | None:
    """The ink of each text region: its text ops found in drawing order by their turning centre,
    which layout sets to the centre of the region's box (one region may draw many lines)."""
    ops = [op for op in face.ops if isinstance(op, Text)]
    if not regions:
        return [(t, extent(op)) for t, op in zip(face.texts, ops)] if len(ops) == len(face.texts) else None
    groups: list = [[] for _ in regions]
    j = 0
    for op in ops:
        while j < len(regions):
            x0, y0, x1, y1 = regions[j][1]
            if abs(op.cx - (x0 + x1) / 2) < 0.01 and abs(op.cy - (y0 + y1) / 2) < 0.01:
                break
            j += 1
        if j == len(regions):
            return None
        groups[j].append(extent(op))
    if not all(groups):
        return None             # every text region in face.texts drew something
    return [(entry, _union(g)) for (entry, _box), g in zip(regions, groups)]


def check(face, who: str, template=None) -> list[str]:
    """One warning line per text region of `face` whose text reaches into the safe zone: measured
    on the text drawn, or where that cannot be matched to its regions, on the regions' boxes."""
    regions = _regions(face, template)
    measured = _attribute(face, regions)
    if measured is None:
        measured = regions
    out = []
    for (region, _field, text), (x0, y0, x1, y1) in measured:
        gap = min(x0, y0, face.width - x1, face.height - y1)
        if gap < SAFE - 0.05:
            where = "past the cut" if gap < 0 else "from the cut"
            quoted = text if len(text) <= 24 else text[:23] + "…"
            out.append(f"{who}, region '{region}' ({quoted!r}): text reaches {abs(gap) * 25.4 / 72:.1f} mm "
                       f"{where}, inside The Game Crafter's 3.2 mm (1/8 in) safe zone")
    return out
