"""The `icons:` section: pictures that card text, text regions and the rules write as :name: ("Pay 2 :coin:"),
each an image file inside the deck folder, drawn the height of the text around it on its baseline.

    icons:
      coin: icons/coin.png                                  # the file alone: 1 em high, on the baseline
      vp: {file: icons/vp.png, scale: 1.2, shift: -0.1em, tint: true}

`icon_letters:` (beside it, at the top level) names an icon by one letter, as nanDECK's ICON directive does, so
that a template's icons("CCS") draws coin, coin, star: {C: coin, S: star}.

A mistake in one icon is noted and reading goes on; it keeps no card from being laid out (to find more),
and text that writes that icon is not called unknown for it. Not here: what :name: is in the markup
(markup.py), where the icons are drawn (layout/inline.py, layout/wrap.py).
"""
from __future__ import annotations

import math
import re

from ...errors import found, known_list, suggest
from ...files.yamlfile import Map, Seq
from ..model import Icon
from ..values import need_map, need_text, unknown_keys
from ...files.paths import Refused, files_under, find_inside

KEYS = {            # the section's keys are icon names: a letter, then letters, digits, '_' and '-'
    "NAME": "an image file inside the deck folder (icons/coin.png), or {file, scale, shift, tint}",
}
ICON_KEYS = {       # an icon written as a mapping
    "file": "the image inside the deck folder: PNG or JPEG (SVG with issue 31's pictures); required",
    "scale": "a number from 0.25 to 4: the icon's height in em of the text around it; default 1",
    "shift": "a length in em from -1em to 1em: how far the icon is raised from the baseline (negative: "
             "lowered); default 0em",
    "tint": "true: the icon is drawn in the colour of its text (for one-colour icons); default false",
}
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")           # as markup.ICON finds it in text
SCALE = (0.25, 4.0)
SHIFT = 1.0                                              # em either way
# compiled where first used (re's cache): few decks size their icons in em
_EM = r"^\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*em\s*$"


def read(r, m, root) -> dict:
    """{name: Icon}; an icon whose file cannot be used is kept with path None (its mistake is noted), so that
    the text writing it is not told the icon is unknown."""
    if m is None:
        return {}
    with r.noting(wide=False):
        m = need_map(m, root, "icons", "icon names to image files ({coin: icons/coin.png})")
    if isinstance(m, Seq):              # written as a list ("- coin: icons/coin.png"): that one mistake, its names
        return {str(n): Icon(str(n), None, "", source=r.src(item, n))         # known, so no text is told otherwise
                for item in m if isinstance(item, Map) for n in item}
    if not isinstance(m, Map):
        return {}
    out = {}
    for name, value in m.items():
        field = f"icons.{name}"
        out[str(name)] = Icon(str(name), None, "", source=r.src(m, name))
        with r.noting(wide=False):
            out[str(name)] = icon(r, name, value, m, field)
    return out


def letters(r, m, root, icons: dict) -> dict:
    """`icon_letters:` as {letter: icon name}: each key one character (not a space), each value an icon of the
    deck; a mistake in one is noted and reading goes on."""
    if m is None:
        return {}
    with r.noting(wide=False):
        m = need_map(m, root, "icon_letters", "letters to icon names ({C: coin, S: star})")
    if not isinstance(m, Map):
        return {}
    out = {}
    for letter, name in m.items():
        with r.noting(wide=False):
            field = f"icon_letters.{letter}"
            if isinstance(letter, bool) or not isinstance(letter, (str, int)) or len(str(letter)) != 1 or \
                    str(letter).isspace():
                raise m.error(letter, f"expected one letter (a character, not a space) for an icon, found "
                                      f"{found(letter)}", field=field)
            if not isinstance(name, str) or name not in icons:
                raise m.error(letter, f"'{name}' is no icon of the deck (icons:)", field=field,
                              hint=suggest(str(name), sorted(icons)) or known_list(sorted(icons)))
            out[str(letter)] = name
    return out


def icon(r, name, value, m, field) -> Icon:
    if not isinstance(name, str) or not NAME.match(name):
        raise m.error(name, f"icon name '{name}' must be a letter followed by letters, digits, '_' or '-' "
                            "(text writes it as :name:)", field=field)
    source = r.src(m, name)
    if isinstance(value, Map):
        unknown_keys(value, tuple(ICON_KEYS), f"icon {name}", field)
        if "file" not in value:
            raise m.error(name, "an icon needs a file", field=f"{field}.file")
        path, pixels = _image(r, value.get("file"), value, "file", f"{field}.file")
        return Icon(name, path, str(value["file"]), _scale(value, field), _shift(value, field), _tint(value, field),
                    source, pixels)
    if isinstance(value, str):
        path, pixels = _image(r, value, m, name, field)
        return Icon(name, path, value, source=source, pixels=pixels)
    raise m.error(name, f"expected an image file or {{file, scale, shift, tint}}, found {found(value)}", field=field)


def _image(r, value, m, key, field):
    """(the file's path, its size in pixels): an image inside the deck folder that reads whole."""
    from ...pictures.images import SUFFIXES, BadImage, check_image  # lazy: +59 ms to import (benchmarks/imports.py)
    name = need_text(value, m, key, field, limit=500)
    try:
        path = find_inside(name, [r.folder], "icon")
    except Refused as exc:
        raise m.error(key, str(exc), field=field)
    if path is None:
        known = files_under(r.folder, SUFFIXES + (".svg",))
        raise m.error(key, f"icon file '{name}' not found in the deck folder", field=field,
                      hint=suggest(name, known) or (known_list(known) if known else None))
    try:
        pixels = check_image(path)
    except BadImage as exc:
        raise m.error(key, f"icon file '{name}' {exc}", field=field)
    return path, tuple(pixels)


def _scale(value: Map, field: str) -> float:
    v = value.get("scale", 1.0)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or \
            not SCALE[0] <= v <= SCALE[1]:
        raise value.error("scale", f"expected a number from {SCALE[0]:g} to {SCALE[1]:g} (the icon's height in "
                                   f"em of its text), found {found(v)}", field=f"{field}.scale")
    return float(v)


def _shift(value: Map, field: str) -> float:
    v = value.get("shift", "0em")
    hit = re.match(_EM, v) if isinstance(v, str) else None
    if v == 0 and not isinstance(v, bool):
        return 0.0
    if hit is None or not math.isfinite(float(hit.group(1))) or abs(float(hit.group(1))) > SHIFT:
        raise value.error("shift", f"expected a shift in em from -{SHIFT:g}em to {SHIFT:g}em (e.g. -0.1em: "
                                   f"lowered a tenth of the text's size), found {found(v)}", field=f"{field}.shift")
    return float(hit.group(1))


def _tint(value: Map, field: str) -> bool:
    v = value.get("tint", False)
    if not isinstance(v, bool):
        raise value.error("tint", f"expected true or false, found {found(v)}", field=f"{field}.tint")
    return v


def unknown(table: dict, text: str) -> list[tuple[str, int]]:
    """(name, line) of each :name: that `text` writes and that is none of the icons `table` ({name: Icon})."""
    from ...text.markup import icons_in  # lazy: +19 ms to import (benchmarks/imports.py)
    return [(n, line) for n, line in icons_in(text) if n not in table]


def unknown_message(table: dict, name: str) -> tuple[str, str]:
    """(message, hint) for text that writes :name: where the deck (its icons `table`) has no such icon."""
    known = sorted(table)
    close = suggest(name, known)
    listed = f"the deck's icons: {known_list(known).removeprefix('known: ')}" if known else \
        "the deck names no icons (icons: in deck.yaml)"
    return (f"unknown icon ':{name}:'",
            close or f"{listed}; write \\:{name}: to print ':{name}:' as written")
