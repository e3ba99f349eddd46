"""The `palette:` section, colours by name, and what a colour value may be wherever one is written (a
colour field's value: '#rrggbb', black, white, none, a palette name or a palette name's prefix).
Not here: colours in templates (layout/templates.py checks those against the palette this reads).
"""
from __future__ import annotations

import re

from ...errors import found, known_list, suggest
from ..values import need_map

KEYS = {            # the palette's keys are the deck's own colour names
    "NAME": "'#rrggbb': six hex digits; a template or a colour field then writes NAME",
}
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
BASIC_COLOURS = ("black", "white", "none", "transparent")      # colours every deck knows


def read(r, m, root) -> dict:
    if m is None:
        return {}
    m = need_map(m, root, "palette", "colour names to '#rrggbb'")
    out = {}
    for name, value in m.items():
        with r.noting():
            if not isinstance(value, str) or not COLOUR.match(value):
                r.failed.add(("palette", str(name)))
                raise m.error(name, f"expected a colour '#rrggbb', found {found(value)}",
                              field=f"palette.{name}")
            out[str(name)] = value
    return out


def colour_value(r, value: str, m, key, field):
    """A colour field: '#rrggbb', black/white/none, a palette name, or a palette prefix ('red' for red-ink)."""
    v = value.strip()
    if v.startswith("#"):
        if not COLOUR.match(v):
            raise m.error(key, f"expected a colour '#rrggbb' (six hex digits), found {value!r}", field=field)
        return
    pal = r.palette
    if (not pal or v in pal or ("palette", v) in r.failed or v.lower() in BASIC_COLOURS
            or any(p.startswith(v + "-") for p in pal)):
        return
    known = sorted(set(pal) | {p.split("-")[0] for p in pal})
    raise m.error(key, f"unknown colour '{v}': not '#rrggbb', black, white, none or a palette name",
                  field=field, hint=suggest(v, known) or known_list(known))
