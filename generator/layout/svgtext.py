"""The text an SVG picture holds (<text>, <tspan>), set in pnp's fonts and checked as a card's text is: which of pnp's
families an SVG's font-family means (the deck's own family of that name, else a shared one by its name, its fonts'
names or CSS's generic ones; else sans), bold and italic from font-weight and font-style, and every character's
glyph, checked as a card is laid out, before anything is written: a missing one is an error at the SVG's line.
render/svg.py hands svglib the same choice (`face`) as it draws the SVG, and checks again what svglib set.
Not here: drawing the SVG (render/svg.py), checking what the file may hold (pictures/svgfile.py).
"""
from __future__ import annotations

import re
from pathlib import Path
from xml.parsers import expat

from reportlab.pdfbase.pdfmetrics import getFont

from ..errors import PnpError, PnpErrors
from . import fonts

# the names an SVG may give pnp's shared families: their own, their fonts', CSS's generic ones, the usual others
SHARED = {"sans": "sans", "sans-serif": "sans", "dejavu sans": "sans", "helvetica": "sans", "arial": "sans",
          "system-ui": "sans", "serif": "serif", "dejavu serif": "serif", "times": "serif", "times new roman": "serif",
          "times-roman": "serif", "condensed": "condensed", "dejavu sans condensed": "condensed",
          "narrow": "narrow", "roboto condensed": "narrow", "kana": "kana", "japanese": "japanese"}
DEFAULT = "sans"
GENERIC = ("cursive", "fantasy", "monospace", "math", "emoji", "fangsong", "ui-serif", "ui-sans-serif",
           "ui-monospace", "ui-rounded")      # CSS's other generic names: no family of that name is looked for
STYLE = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bolditalic"}
TEXT = ("text", "tspan", "textPath")
_STYLE_KEY = re.compile(r"(font-family|font-weight|font-style)\s*:\s*([^;]+)")


def family(name: str, own: tuple) -> str | None:
    """The key of the family one name of a font-family list means, or None when pnp has none of that name: the
    deck's own family of that name (as the deck names it, or as its font file names its family: 'Archivo
    Narrow'), else a shared one; a generic name (serif, sans-serif) is the deck's own family of that name
    (serif, sans) where the deck has one."""
    wanted = " ".join(str(name).strip().strip("'\"").lower().split())
    mine = {fonts.shown(key).lower(): key for key in own}      # `own`: the deck's own families (fonts.deck_keys)
    if wanted in mine:
        return mine[wanted]
    named = {fonts.file_family(key).lower(): key for key in own}
    if wanted in named:
        return named[wanted]
    shared = SHARED.get(wanted)
    if shared is not None:          # CSS's generic names: the deck's own of that name, where it has one
        return mine.get(shared, shared) if wanted in ("serif", "sans-serif") else shared
    written = " ".join(str(name).strip().strip("'\"").split())
    return fonts.system(written) if wanted and wanted not in GENERIC else None


def unmatched(path, own: tuple) -> list:
    """[(line, the font-family list, the family used instead)] for each text element of the SVG none of whose
    families pnp has (set in sans): the warning face.py gives once a deck."""
    data = Path(path).read_bytes()
    if b"font" not in data:
        return []
    out, stack = [], [None]
    p = expat.ParserCreate(namespace_separator=" ")

    def start(name, attrs):
        plain = {k.rpartition(" ")[2]: v for k, v in attrs.items()}
        fam = plain.get("font-family") or dict(_STYLE_KEY.findall(plain.get("style", ""))).get("font-family")
        stack.append(fam.strip() if fam else stack[-1])
        if name.rpartition(" ")[2] in TEXT and stack[-1] and \
                not any(family(n, own) for n in stack[-1].split(",")):
            if (stack[-1], fonts.shown(DEFAULT)) not in [(f, u) for _, f, u in out]:
                out.append((p.CurrentLineNumber, stack[-1], fonts.shown(DEFAULT)))
    p.StartElementHandler, p.EndElementHandler = start, lambda name: stack.pop()
    try:
        p.Parse(data, True)
    except expat.ExpatError:
        return []
    return out


def face(names: str, weight: str, style: str, own: tuple) -> tuple[str, str]:
    """(the registered reportlab font, its family's key) an SVG's text is set in: the first of its font-family
    list that pnp has, else sans."""
    fam = next((f for f in (family(n, own) for n in str(names or "").split(",")) if f), None) or DEFAULT
    weight = str(weight or "").strip().lower()
    bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
    italic = str(style or "").strip().lower() in ("italic", "oblique")
    return fonts.font_name(fam, STYLE[bold, italic]), fam


def check(path, own: tuple) -> None:
    """Every character of the SVG's text has a glyph in the font it is set in (its font-family, -weight and -style
    attributes, inline style and what it inherits; a <style> sheet's rules are checked as svglib draws them, in
    render/svg.py). PnpError at the SVG's line of the first text element that lacks one, a font at a time."""
    data = Path(path).read_bytes()
    if b"text" not in data:
        return
    missing: dict = {}                          # family -> (line, characters)
    stack = [{"font-family": DEFAULT, "font-weight": "normal", "font-style": "normal", "text": None}]
    p = expat.ParserCreate(namespace_separator=" ")

    def start(name, attrs):
        state = dict(stack[-1])
        plain = {k.rpartition(" ")[2]: v for k, v in attrs.items()}
        for key in ("font-family", "font-weight", "font-style"):
            if plain.get(key):
                state[key] = plain[key]
        for key, value in _STYLE_KEY.findall(plain.get("style", "")):
            state[key] = value.strip()
        if name.rpartition(" ")[2] in TEXT:
            state["text"] = p.CurrentLineNumber
        stack.append(state)

    def chars(text):
        state = stack[-1]
        if state["text"] is None or not text.strip():
            return
        font, fam = face(state["font-family"], state["font-weight"], state["font-style"], own)
        cmap = getFont(font).face.charToGlyph
        lacking = {ch for ch in text if ord(ch) not in cmap and not ch.isspace()}
        if lacking:
            line, had = missing.get(fam, (state["text"], set()))
            missing[fam] = (line, had | lacking)
    p.StartElementHandler, p.EndElementHandler, p.CharacterDataHandler = start, lambda name: stack.pop(), chars
    try:
        p.Parse(data, True)
    except expat.ExpatError:
        return                                  # (pictures/svgfile.py names what is wrong with the file)
    if missing:
        raise_missing(str(path), missing)


def raise_missing(shown: str, missing: dict) -> None:
    """One error a family: `missing` is {family: (line, characters)}; `shown` the SVG as errors name it."""
    errors = []
    for fam, (line, chars) in missing.items():
        listed = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(chars))
        errors.append(PnpError(f"font '{fonts.shown(fam)}' has no glyph for {listed} in the SVG's text", shown, line))
    raise errors[0] if len(errors) == 1 else PnpErrors(errors)
