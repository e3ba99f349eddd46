"""Cut marks: short lines in line with every cut, beyond each block's shown bleed, never over a piece and
never in the sheet's margins (the band a home printer leaves blank); and a fronts page's marks where they
fall on its backs page (or on a gutter-fold sheet's other half).

Not here: the sheet's label (labels.py), the fold line and where a back lands (spec.py), which ends of a
cut line have room for a mark (grid.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..units import from_mm
from .pack import Area, Block

if TYPE_CHECKING:
    from .spec import SheetSpec


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


def mirror_marks(spec: SheetSpec, marks: list, mirror: str, shift: tuple = (0.0, 0.0)) -> list:
    """The marks of a fronts page where they fall on its backs (or a gutter-fold sheet's other half): each
    end where the spec puts a back (SheetSpec.back_position), mirrored as `mirror` says and moved by `shift`."""
    out = []
    for x1, y1, x2, y2 in marks:
        x1, y1 = spec.back_position(x1, y1, 0.0, 0.0, mirror, shift)
        x2, y2 = spec.back_position(x2, y2, 0.0, 0.0, mirror, shift)
        out.append((round(x1, 4), round(y1, 4), round(x2, 4), round(y2, 4)))
    return out
