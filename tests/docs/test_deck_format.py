"""docs/deck-format.md shows every key the loader accepts."""
from __future__ import annotations

import re

from cli import ROOT


def test_every_key_the_loader_accepts_is_documented():
    from generator.deck import load
    from generator.deck.sections import icons
    from generator.deck import sizes
    from generator.layout import regions, templates
    doc = (ROOT / "docs" / "deck-format.md").read_text(encoding="utf-8")
    keys = set(load.TOP_KEYS) | set(load.CARD_KEYS) | set(templates.TEMPLATE_KEYS) | set(regions.COMMON) \
        | {k for v in regions.REGION_TYPES.values() for k in v} | set(sizes.SIZE_KEYS) | set(icons.ICON_KEYS) \
        | {"title", "subtitle", "designer", "publisher", "players", "version", "source", "year", "instructions",
           "id", "optional", "note", "type", "required", "choices", "min", "max", "default", "fields", "about",
           "value", "seed", "printed", "file", "text", "font", "size", "columns", "accent"}
    missing = sorted(k for k in keys if not re.search(r"(?<![\w-])" + re.escape(k) + r"(?![\w-])\s*:", doc)
                     and f"`{k}`" not in doc)
    assert not missing, f"keys the loader accepts that docs/deck-format.md does not show: {missing}"
