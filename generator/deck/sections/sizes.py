"""The `sizes:` section: a deck's own card sizes, beside the shared ones (poker, bridge, tarot ...), which
its templates then name. Each size is written as deck/sizes.py reads a size (parse_size, SIZE_KEYS). And the
top-level `dpi:`, what a `px` is in the deck's sizes, templates and text (read first: its sizes are written in it).
Not here: the shared sizes and how a size is written (deck/sizes.py); the templates that use them
(layout/templates.py).
"""
from __future__ import annotations

import math

from ...errors import Collector, PnpError, found
from ...files.yamlfile import Map
from ...units import DPI
from ..sizes import parse_size, size_mm, sizes
from ..values import name_problem

KEYS = {            # the section's keys are the size names
    "NAME": "{width, height, bleed, safe}: lengths with units ('63.5mm'); see deck/sizes.SIZE_KEYS",
}
DPI_RANGE = (10, 2400)      # dpi: a number of pixels an inch (a px is 1/dpi in); default units.DPI (300)


def dpi(r, root) -> float:
    """The deck's `dpi:` (a number from 10 to 2400; 300 when it gives none), what a px is in its sizes,
    templates and text; a mistake is noted at its line and the default read on."""
    value = root.get("dpi", DPI)
    with r.noting():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or not DPI_RANGE[0] <= value <= DPI_RANGE[1]:
            raise root.error("dpi", f"expected dots per inch, a number from {DPI_RANGE[0]} to {DPI_RANGE[1]} "
                             f"such as 300 (a px is 1/dpi in), found {found(value)}", field="dpi")
        return float(value)
    return DPI


def read(r, root) -> dict:
    """{name: Size} of the deck's own sizes ({} when it has none)."""
    if "sizes" in root and not isinstance(root["sizes"], Map):
        raise root.error("sizes", "expected a mapping of size names to {width, height, bleed, safe}, found "
                         f"{found(root['sizes'])}", field="sizes")
    return deck_sizes(root.get("sizes"), r.file, r.dpi)


def deck_sizes(m, root_file: str = "", dpi: float = DPI) -> dict:
    """A deck's own `sizes:` section: name -> Size. A name may not redefine a shared size."""
    if m is None:
        return {}
    if not isinstance(m, Map):
        raise PnpError(f"expected a mapping of size names to {{width, height, bleed, safe}}, found {found(m)}",
                       root_file, field="sizes")
    out = {}
    shared = sizes()
    mistakes = Collector()
    for k in m:
        with mistakes.each():           # a mistake in one size is noted, and the next one read
            name = str(k)
            if name_problem(name):
                raise m.error(k, f"size name '{name}' may hold only letters, digits, '-', '_' and '.'",
                              field=f"sizes.{name}")
            if name in shared:
                raise m.error(k, f"'{name}' is a shared card size already ({size_mm(shared[name])}); give yours "
                              "another name", field=f"sizes.{name}")
            out[name] = parse_size(m, k, f"sizes.{name}", dpi)
    mistakes.done()
    return out
