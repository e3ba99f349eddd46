"""Card sizes: how a size is written and checked, and the shared ones (layouts/sizes.yaml).

A size is a trim width and height, and optionally the bleed and safe inset its pieces are made with,
written as {width, height, bleed, safe} or as "63.5mm x 88.9mm". checked_length reads every length a
template or a size writes (units, % of the card, bounds), naming the file:line of a mistake. Here, in deck/,
because a deck's own `sizes:` section is read with them (sections/sizes.py); layout's templates read them too.
Not here: a deck's own sizes section (sections/sizes.py); which sizes a deck's templates may name
(layout/templates.py: sizes_for); a template's regions (layout/regions/).
"""
from __future__ import annotations

import math
import re

from ..records import Record
from .. import LAYOUTS
from ..errors import PnpError, found, known_list, suggest
from ..units import DPI, UnitError, length
from ..files.yamlfile import Map, load

MAX_EDGE = 2000.0            # points: about 700 mm, larger than any sheet


class Size(Record):
    """A named card size: trim width and height, and optionally the bleed and safe inset it is made with."""
    width: float
    height: float
    bleed: float | None = None      # the bleed its pieces are made with (None: the output's own default)
    safe: float | None = None       # the default safe inset of templates of this size (None: 3mm)


SIZE_KEYS = ("width", "height", "bleed", "safe")
SIZE_TEXT = re.compile(r"^\s*(\S+?)\s*[x×]\s*(\S+)\s*$")


def parse_size(m: Map, key, field: str, dpi: float = DPI) -> Size:
    """A size written as {width, height, bleed, safe} or as "63.5mm x 88.9mm" (m[key]), checked where written
    (a px at the deck's `dpi`)."""
    v = m[key]
    if isinstance(v, str):
        parts = SIZE_TEXT.match(v)
        if not parts:
            raise m.error(key, f"expected a size such as '63.5mm x 88.9mm' or {{width, height}}, found {found(v)}",
                          field=field)
        v = Map({"width": parts.group(1), "height": parts.group(2)})
        v.file, v.line, v.column, v._pos = m.file, *m.where(key), {}
    if not isinstance(v, Map):
        raise m.error(key, f"expected {{width, height}} or '63.5mm x 88.9mm', found {found(v)}", field=field)
    for k in v:
        if k not in SIZE_KEYS:
            raise v.error(k, f"unknown key '{k}' in size", field=f"{field}.{k}",
                          hint=suggest(k, SIZE_KEYS) or known_list(SIZE_KEYS))
    for k in ("width", "height"):
        if k not in v:
            raise m.error(key, f"size needs a {k}", field=f"{field}.{k}")
    width = checked_length(v, "width", field=f"{field}.width", low=1.0, dpi=dpi)
    height = checked_length(v, "height", field=f"{field}.height", low=1.0, dpi=dpi)
    bleed = checked_length(v, "bleed", field=f"{field}.bleed", high=length("10mm"), dpi=dpi) if "bleed" in v else None
    safe = checked_safe(v, "safe", width, height, field=f"{field}.safe", dpi=dpi) if "safe" in v else None
    return Size(width, height, bleed, safe)


def checked_safe(m: Map, key, width: float, height: float, field: str, dpi: float = DPI) -> float:
    """A safe inset (m[key]) that leaves room inside a width x height piece: at most half its short side."""
    points = checked_length(m, key, field=field, dpi=dpi)
    if points > min(width, height) / 2 + 1e-9:
        raise m.error(key, f"a safe inset of {m[key]} leaves no room on a {size_mm(Size(width, height))} piece: it "
                      f"is more than half its short side ({min(width, height) / 2 / 72 * 25.4:g} mm)", field=field)
    return points


def sizes() -> dict:
    """The shared card sizes (layouts/sizes.yaml): name -> Size, read afresh (its parsed tree comes from the
    YAML cache when the file is unchanged: files/yamlfile.py); a build keeps them on its deck (templates.sizes_for)."""
    m = load(LAYOUTS / "sizes.yaml", "layouts/sizes.yaml")
    if not isinstance(m, Map):
        raise PnpError("expected a mapping of size names to {width, height}", "layouts/sizes.yaml", 1)
    return {str(k): parse_size(m, k, str(k)) for k in m}


def size_mm(s: Size) -> str:
    """A size as '63.5 x 88.9 mm', for messages."""
    return f"{s.width / 72 * 25.4:g} x {s.height / 72 * 25.4:g} mm"


def checked_length(m: Map, key, of=None, field=None, low: float | None = 0.0, high: float = MAX_EDGE,
                   dpi: float = DPI):
    """m[key] as a length in points (units as written, % of `of`, a px 1/`dpi` in: the deck's), from `low` to
    `high`, or m's error at its line naming `field`. Every length a template or a size writes is read through it."""
    value = m[key]
    try:
        points = length(value, of, dpi)
    except UnitError as exc:
        raise m.error(key, str(exc), field=field or key)
    if not math.isfinite(points) or (low is not None and points < low) or points > high:
        lo = "" if low is None else f"from {low:g}pt "
        raise m.error(key, f"expected a length {lo}up to {high:g}pt ({high / 72 * 25.4:.0f}mm), found {value!r}",
                      field=field or key)
    return points
