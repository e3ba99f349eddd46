"""The `palette:` section, colours by name, and what a colour field's value may be (a colour as colours.py reads
one, black, white, none, a palette name or a palette name's prefix).
Not here: how a colour is written (colours.py), colours in templates (layout/templates.py checks those against
the palette this reads).
"""
from __future__ import annotations

import re

from ...errors import found, known_list, suggest
from ..values import need_map
from ..colours import FORMS, BadColour, css_names, is_written_colour, parse

KEYS = {            # the palette's keys are the deck's own colour names
    "NAME": "a colour ('#rrggbb', '#rrggbbaa', rgb(), rgba() or a CSS name); a template or a colour field then "
            "writes NAME",
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
            if isinstance(value, str) and COLOUR.match(value):
                out[str(name)] = value
                continue
            try:
                if not isinstance(value, str):
                    raise BadColour(f"expected a colour ({FORMS}), found {found(value)}")
                out[str(name)] = parse(value)
                if out[str(name)] is None:
                    raise BadColour(f"a palette colour is a colour, not {value!r}")
            except (BadColour, KeyError) as exc:
                r.failed.add(("palette", str(name)))
                out.pop(str(name), None)
                known = sorted(css_names())
                raise m.error(name, str(exc) if isinstance(exc, BadColour) else
                              f"unknown colour '{value}': expected {FORMS}", field=f"palette.{name}",
                              hint=None if isinstance(exc, BadColour) else suggest(str(value).lower(), known))
    return out


def colour_value(r, value: str, m, key, field):
    """A colour field: a colour as colours.py reads one ('#rrggbb', '#rrggbbaa', rgb(), a CSS name),
    black/white/none, a palette name, or a palette prefix ('red' for red-ink)."""
    v = value.strip()
    if is_written_colour(v):
        try:
            parse(v)
        except BadColour as exc:
            raise m.error(key, str(exc), field=field) from None
        return
    pal = r.palette
    if (not pal or v in pal or ("palette", v) in r.failed or v.lower() in BASIC_COLOURS
            or any(p.startswith(v + "-") for p in pal) or v.lower() in css_names()):
        return
    known = sorted(set(pal) | {p.split("-")[0] for p in pal})
    raise m.error(key, f"unknown colour '{v}': not {FORMS}, black, white, none or a palette name",
                  field=field, hint=suggest(v, known) or known_list(known))
