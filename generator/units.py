"""Lengths with explicit units: "63.5mm", "2.5in", "9pt", "1.2cm", "40px", "50%".

Everything inside pnp is in PostScript points (1/72 in), the unit of PDF. A pixel (`px`, Squib's unit) is
1/dpi in, at the dpi its reader passes: a deck's own (its top-level `dpi:`, 300 by default: Deck.dpi), so a
template drawn for a 150 dpi Squib deck keeps its coordinates.

Lengths are written back in the unit they were read in (written: a box moved in `pnp watch`'s layout view,
or by `pnp layout --move`), snapped to that unit's step (STEP).
Not here: lengths relative to a box beyond '%' (layout/regions/, layout/sizes.py).
"""
from __future__ import annotations

import re

DPI = 300.0                 # what a px is unless a deck says otherwise: 1/300 in, as Squib counts by default
PT_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4, "px": 72.0 / DPI}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(pt|in|mm|cm|px|%)\s*$")
STEP = {"mm": 0.5, "cm": 0.05, "in": 0.01, "pt": 0.5, "px": 1.0, "%": 0.5}     # a length written back: its unit's


class UnitError(ValueError):
    pass


def length(value, of: float | None = None, dpi: float = DPI) -> float:
    """Parse a length into points. A percentage needs `of`, the length it is a share of; a px is 1/`dpi` in."""
    if isinstance(value, bool) or value is None:
        raise UnitError(f"expected a length such as '63.5mm', found {value!r}")
    if isinstance(value, (int, float)):
        if value == 0:
            return 0.0
        raise UnitError(f"expected a length with a unit (mm, in, pt, cm, px, %), found bare number {value!r}")
    m = _LENGTH.match(str(value))
    if not m:
        raise UnitError(f"expected a length such as '63.5mm', '2.5in' or '9pt', found {value!r}")
    number, unit = float(m.group(1)), m.group(2)
    if unit == "%":
        if of is None:
            raise UnitError(f"a percentage is not allowed here: {value!r}")
        return of * number / 100.0
    return number * (72.0 / dpi if unit == "px" else PT_PER[unit])


def mm(points: float) -> float:
    return points * 25.4 / 72.0


def from_mm(millimetres: float) -> float:
    return millimetres * 72.0 / 25.4


def unit_of(value) -> str | None:
    """The unit a length is written in ('mm', 'px', '%' ...), or None (a bare 0, or not a length)."""
    m = _LENGTH.match(str(value)) if isinstance(value, str) else None
    return m.group(2) if m else None


def written(points: float, unit: str, of: float | None = None, dpi: float = DPI) -> str:
    """`points` written as a length in `unit` (a share of `of` for '%'; a px at `dpi`), snapped to the unit's
    step (STEP): 76.54 pt as 'mm' is '27mm', as 'px' at 300 dpi '319px'."""
    if unit == "%":
        number = 100.0 * points / of
    else:
        number = points / (72.0 / dpi if unit == "px" else PT_PER[unit])
    step = STEP[unit]
    number = round(round(number / step) * step, 6)
    text = f"{number:.4f}".rstrip("0").rstrip(".")
    return ("0" if text in ("-0", "") else text) + unit
