"""Lengths with explicit units: "63.5mm", "2.5in", "9pt", "1.2cm", "50%".

Everything inside pnp is in PostScript points (1/72 in), the unit of PDF.

Not here: lengths relative to a box beyond '%' (layout/regions/, layout/sizes.py).
"""
from __future__ import annotations

import re

PT_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4, "px": 72.0 / 300.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(pt|in|mm|cm|px|%)\s*$")


class UnitError(ValueError):
    pass


def length(value, of: float | None = None) -> float:
    """Parse a length into points. A percentage needs `of`, the length it is a share of."""
    if isinstance(value, bool) or value is None:
        raise UnitError(f"expected a length such as '63.5mm', found {value!r}")
    if isinstance(value, (int, float)):
        if value == 0:
            return 0.0
        raise UnitError(f"expected a length with a unit (mm, in, pt, cm, %), found bare number {value!r}")
    m = _LENGTH.match(str(value))
    if not m:
        raise UnitError(f"expected a length such as '63.5mm', '2.5in' or '9pt', found {value!r}")
    number, unit = float(m.group(1)), m.group(2)
    if unit == "%":
        if of is None:
            raise UnitError(f"a percentage is not allowed here: {value!r}")
        return of * number / 100.0
    return number * PT_PER[unit]


def mm(points: float) -> float:
    return points * 25.4 / 72.0


def from_mm(millimetres: float) -> float:
    return millimetres * 72.0 / 25.4
