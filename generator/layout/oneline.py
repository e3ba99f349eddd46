"""One line of pnp's own text (a sheet label, a rule page's title, subtitle and footer, the calibration sheet's
words): each word in the family's font or, for a character the family lacks, in the first of its fallback chain
that has it (fonts.runs), the words in visual order by the bidi algorithm in the direction of the line's language
(`rtl`: the build's, not its first letter's), as Text operations; and its width.

A line in the family's own font throughout, with no right-to-left letter in it, is one Text operation as it
always was.
Not here: wrapped text (wrap.py), a card's text region (regions/text.py), the glyph check (fonts.missing_glyphs).
"""
from __future__ import annotations

from . import fonts, shaping, wrap
from .display import Text


def _simple(text: str, fam: str, style: str, rtl: bool | None) -> str | None:
    """The font of a line drawn as one run (the family's own font, left to right throughout), else None."""
    runs = fonts.runs(text, fam, style)
    if len(runs) == 1 and not rtl and shaping.visible(text) and not shaping.has_rtl(text):
        return runs[0][1]
    return None


def pieces(text: str, fam: str, style: str, size: float, rtl: bool | None = None) -> tuple[list, float]:
    """([(x, text, font)], the line's width): its runs from the left, each in one font and one direction, in
    the order the pen writes them (a right-to-left run's words as written: shaping.glyphs orders them). `rtl`:
    the line's direction (None: its first strong letter's)."""
    font = _simple(text, fam, style, rtl)
    if font is not None:
        return [(0.0, text, font)], shaping.width(text, font, size)
    items, x = [], 0.0
    for k, word in enumerate(text.split(" ")):
        runs = fonts.runs(word, fam, style) if word else ()
        if k:
            x += shaping.width(" ", runs[0][1] if runs else fonts.font_name(fam, style), size)
        for run, f in runs:
            w = shaping.width(run, f, size)
            items.append((x, run, f, w))
            x += w
    total = x
    rtl = shaping.rtl(text) if rtl is None else rtl
    line = shaping.in_visual_order(wrap.level_runs(items, rtl, size), rtl, "")
    out: list = []
    last = None                 # (font, level, end) of the run being gathered
    for x, word, f, w, level in line:
        word = shaping.mirrored(word, level)
        spaced = last is not None and x > last[2] + 0.01
        if last is not None and last[:2] == (f, level) and (spaced or not level % 2):
            at, said, _ = out[-1]
            gap = " " if spaced else ""
            out[-1] = (at, word + gap + said if level % 2 else said + gap + word, f)
        else:
            out.append((x, word, f))
        last = (f, level, x + w)
    return out, total


def width(text: str, fam: str, style: str, size: float, rtl: bool | None = None) -> float:
    """The line's width in points, its words in their fonts."""
    font = _simple(text, fam, style, rtl)
    return shaping.width(text, font, size) if font is not None else pieces(text, fam, style, size, rtl)[1]


def ops(x: float, y: float, text: str, fam: str, style: str, size: float, colour, align: str = "left",
        rotate: float = 0.0, cx: float = 0.0, cy: float = 0.0, rtl: bool | None = None, **look) -> list:
    """The line as Text operations: anchored at `x` as `align` says (left, center, right), its baseline at `y`,
    turned `rotate` degrees about (cx, cy); `look`: Text's other fields (opacity, track ...)."""
    font = _simple(text, fam, style, rtl)
    if font is not None:
        return [Text(x, y, text, font, size, colour, align, rotate, cx, cy, **look)]
    runs, w = pieces(text, fam, style, size, rtl)
    left = x - {"left": 0.0, "center": w / 2, "right": w}[align]
    return [Text(left + at, y, said, f, size, colour, "left", rotate, cx, cy, **look) for at, said, f in runs]
