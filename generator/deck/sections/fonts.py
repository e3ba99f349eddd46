"""The `fonts:` section: a deck's own font families, TrueType files inside the deck folder, which its
templates and rule pages then name beside the built-in ones. Not here: the built-in fonts and embedding
(layout/fonts.py, which is told of these by layout.templates.note_deck).
"""
from __future__ import annotations

from ...errors import PnpError, found, known_list, suggest
from ...files.yamlfile import Map
import re

from ..values import display, need_map, need_text, unknown_keys
from ...files.paths import Refused, files_under, find_inside

FAMILY = re.compile(r"^[A-Za-z_](?:[A-Za-z0-9_\-]| (?! ))*(?<! )$")     # a family name: words, one space between

KEYS = {            # the section's keys are family names (letters, digits, '_' and '-'), each one of
    "NAME": "a font file (fonts/My.ttf): every style; or {regular, bold, italic, bolditalic, fallback}, regular "
            "required; fallback: the families a character it has no glyph for is drawn from (default: sans's)",
}
FONT_STYLES = ("regular", "bold", "italic", "bolditalic")
FONT_SUFFIXES = (".ttf", ".otf")        # an .otf file must still have TrueType outlines (not CFF)


def read(r, m, root) -> dict:
    """The deck's own font families: {name: {style: (Path, "file:line")}}, each file checked to be a
    TrueType font inside the deck folder. A family given as one file uses it for every style."""
    if m is None:
        return {}
    m = need_map(m, root, "fonts", "font families ({name: {regular: fonts/My.ttf, bold: ...}})")
    out = {}
    for fam, value in m.items():
        r.failed.add(("font", str(fam)))            # until it has loaded: a fallback naming it says nothing more
        with r.noting():
            out[str(fam)] = family(r, fam, value, m)
            r.failed.discard(("font", str(fam)))
    return out


def family(r, fam, value, m) -> dict:
    field = f"fonts.{fam}"
    if not FAMILY.match(str(fam)):
        raise m.error(fam, f"font family name '{fam}' may hold only letters, digits, spaces, '_' and '-' (a space "
                           "between words, as word processors and SVGs name families: 'Archivo Narrow')", field=field)
    if isinstance(value, str):
        return {"regular": font_file(r, value, m, fam, field)}
    if isinstance(value, Map):
        unknown_keys(value, FONT_STYLES + ("fallback",), f"font family {fam}", field)
        if "regular" not in value:
            raise m.error(fam, "a font family needs a regular style", field=f"{field}.regular")
        out = {str(s): font_file(r, v, value, s, f"{field}.{s}") for s, v in value.items() if s != "fallback"}
        if "fallback" in value:
            out["fallback"] = fallback(value, f"{field}.fallback", m.file or r.file)
        return out
    raise m.error(fam, f"expected a font file or {{regular, bold, italic, bolditalic}}, found "
                  f"{found(value)}", field=field)


def fallback(value, field, file) -> tuple:
    """A family's `fallback:`, the families (shared or the deck's own) a character it has no glyph for is drawn
    from, in order: ((name, ...), "file:line"); [] for none. Whether each is known is checked by layout/fonts.py."""
    given = value["fallback"]
    given = [given] if isinstance(given, str) else given
    if not isinstance(given, list) or not all(isinstance(n, str) and FAMILY.match(n) for n in given):
        raise value.error("fallback", f"expected a list of font family names, found {found(value['fallback'])}",
                          field=field)
    return tuple(given), f"{file}:{value.where('fallback')[0]}"


def font_file(r, value, m, key, field) -> tuple:
    name = need_text(value, m, key, field, limit=500)
    line, _ = m.where(key)
    try:
        path = find_inside(name, [r.folder], "font")
    except Refused as exc:
        raise m.error(key, str(exc), field=field)
    if path is None:
        known = files_under(r.folder, FONT_SUFFIXES)
        raise m.error(key, f"font file '{name}' not found in the deck folder", field=field,
                      hint=suggest(name, known) or (known_list(known) if known else None))
    if path.suffix.lower() not in FONT_SUFFIXES:
        raise m.error(key, f"font file '{name}' is not a .ttf or .otf file", field=field)
    with open(path, "rb") as f:
        magic = f.read(4)
    named = f"{m.file or r.file}:{line} names it as {field}"      # the file at fault first, then who names it
    if magic == b"OTTO":
        raise PnpError("the font has PostScript (CFF) outlines, which pnp cannot embed", display(path),
                       hint=f"use the font's TrueType (.ttf) version, or convert it to TrueType outlines (for "
                            f"example with fontTools' otf2ttf); {named}")
    if magic not in (b"\x00\x01\x00\x00", b"true"):
        raise PnpError("not a TrueType font" + (": it is a font collection; name one font file of it"
                                                if magic == b"ttcf" else f" (it starts {magic!r})"),
                       display(path), hint=named)
    return (path, f"{m.file or r.file}:{line}")
