"""The `sizes:` section: a deck's own card sizes, beside the shared ones (poker, bridge, tarot ...), which
its templates then name. Each size is written as deck/sizes.py reads a size (parse_size, SIZE_KEYS).
Not here: the shared sizes and how a size is written (deck/sizes.py); the templates that use them
(layout/templates.py).
"""
from __future__ import annotations

from ...errors import Collector, PnpError, found
from ...files.yamlfile import Map
from ..sizes import parse_size, size_mm, sizes
from ..values import name_problem

KEYS = {            # the section's keys are the size names
    "NAME": "{width, height, bleed, safe}: lengths with units ('63.5mm'); see deck/sizes.SIZE_KEYS",
}


def read(r, root) -> dict:
    """{name: Size} of the deck's own sizes ({} when it has none)."""
    if "sizes" in root and not isinstance(root["sizes"], Map):
        raise root.error("sizes", "expected a mapping of size names to {width, height, bleed, safe}, found "
                         f"{found(root['sizes'])}", field="sizes")
    return deck_sizes(root.get("sizes"), r.file)


def deck_sizes(m, root_file: str = "") -> dict:
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
            out[name] = parse_size(m, k, f"sizes.{name}")
    mistakes.done()
    return out
