"""A field's value (on a card, a spreadsheet row, or as a field's default) checked against its kind's
declaration of the field (a FieldSpec, kinds.py): its type, limits and choices; a colour against the
palette, an image found in the deck folder. Not here: the declarations (kinds.py), which fields a card
may give (cards.py).
"""
from __future__ import annotations

import math

from ...errors import PnpError, found, known_list, suggest
from ...files.yamlfile import Map, Seq
from ..model import FieldSpec
from ..values import MAX_NUMBER, MAX_TEXT, display, no_placeholder
from .palette import colour_value
from ... import LAYOUTS
from ...files.paths import Refused, files_under, find_inside

TYPES = {           # a field's type: the values it takes
    "text": "text, printed as written (no {field} in it)",
    "markup": "text with **bold**, *italic* and lists",
    "int": "a whole number, within the field's min and max",
    "number": "a number, within the field's min and max",
    "colour": "'#rrggbb', black, white, none or a palette name (palette.py)",
    "image": "a PNG, JPEG or SVG file in the deck folder (or layouts/)",
}


def field_value(r, spec: FieldSpec, value, m: Map, key, field):
    if value is None:
        return None
    if isinstance(value, (Map, Seq)):
        raise m.error(key, f"expected a {spec.type} value, found {found(value)}", field=field)
    if spec.type in ("int", "number"):
        ok = isinstance(value, int) if spec.type == "int" else isinstance(value, (int, float))
        if isinstance(value, bool) or not ok:
            raise m.error(key, f"expected {'a whole number' if spec.type == 'int' else 'a number'}, "
                          f"found {found(value)}", field=field)
        if isinstance(value, float) and not math.isfinite(value) or abs(value) > MAX_NUMBER:
            raise m.error(key, f"expected a number between -{MAX_NUMBER:g} and {MAX_NUMBER:g}, "
                          f"found {found(value)}", field=field)
        if spec.min is not None and value < spec.min or spec.max is not None and value > spec.max:
            span = (f"from {spec.min} to {spec.max}" if spec.min is not None and spec.max is not None
                    else f"of at least {spec.min}" if spec.min is not None else f"of at most {spec.max}")
            raise m.error(key, f"expected a number {span}, found {value}", field=field)
    else:
        if isinstance(value, bool):
            raise m.error(key, f"expected text, found {value!r} (quote it if you mean the word)", field=field)
        value = str(value)
        if spec.type in ("text", "markup") and ("\t" in value or "\ufeff" in value):
            # no font draws a tab: it prints as the space it stands for; a byte-order mark inside text as the
            # word joiner it once stood for (U+2060), which pnp's fonts draw as nothing
            value = value.replace("\t", " ").replace("\ufeff", "\u2060")
        if len(value) > MAX_TEXT:
            raise m.error(key, f"text is {len(value)} characters; the limit is {MAX_TEXT}", field=field)
        no_placeholder(value, m, key, field)
        if spec.type == "colour" and not spec.choices:
            colour_value(r, value, m, key, field)
        if spec.type == "image" and value.strip():
            image_value(r, value.strip(), m, key, field)
    if spec.choices and value not in spec.choices:
        raise m.error(key, f"expected one of {', '.join(map(str, spec.choices))}, found {value!r}", field=field,
                      hint=suggest(value, spec.choices))
    return value


def image_value(r, value: str, m, key, field):
    """An image field: a PNG, JPEG or SVG inside the deck folder (or layouts/), of a sane size."""
    from ...pictures.images import SUFFIXES, BadImage, check_image  # lazy: +26 ms to import (benchmarks/imports.py)
    try:
        path = find_inside(value, [r.folder, LAYOUTS], "image")
    except Refused as exc:
        raise m.error(key, str(exc), field=field)
    if path is None:
        known = files_under(r.folder, SUFFIXES)
        raise m.error(key, f"image '{value}' not found in the deck folder", field=field,
                      hint=suggest(value, known) or (known_list(known) if known else None))
    try:
        check_image(path)
    except BadImage as exc:         # the image is at fault: named first, then the line that names it
        raise PnpError(f"the file {exc}", display(path), hint=f"{m.file or r.file}:{m.where(key)[0]} names it "
                       f"as {field}")
