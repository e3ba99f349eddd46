"""The `sizes:` section: a deck's own card sizes, beside the shared ones (poker, bridge, tarot ...), which
its templates then name. Each size is read by layout/templates.py (deck_sizes), where the shared sizes
and their keys (SIZE_KEYS) are; this only checks that the section is a mapping.
Not here: the templates that use them (layout/templates.py).
"""
from __future__ import annotations

from ...errors import found
from ...yamlfile import Map

KEYS = {            # the section's keys are the size names
    "NAME": "{width, height, bleed, safe}: lengths with units ('63.5mm'); see layout/templates.SIZE_KEYS",
}


def read(r, root) -> dict:
    """{name: Size} of the deck's own sizes ({} when it has none)."""
    from ...layout.templates import deck_sizes
    if "sizes" in root and not isinstance(root["sizes"], Map):
        raise root.error("sizes", "expected a mapping of size names to {width, height, bleed, safe}, found "
                         f"{found(root['sizes'])}", field="sizes")
    return deck_sizes(root.get("sizes"), r.file)
