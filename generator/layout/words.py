"""A text's words as the wrapper sees them: each word with its font (a span's look in it, a character the family
lacks in its fallback's), its shaped width, and the pieces a line is drawn in; the hanging indent list items share.

Not here: breaking words into lines and fitting them (wrap.py), the markup (text/markup.py), shaping itself
(shaping.py).
"""
from __future__ import annotations

from functools import lru_cache

from ..records import Record
from ..text.markup import LOOK, Block, look_of
from . import breaks, fonts, hyphens, shaping

BREAK = "break"         # a word's flag: no space follows it, but a line may break there (breaks.py)
ICON = ""           # the font of a word that is an icon (its text is the icon's name)


class IconMetrics(Record):
    """An icon's shape, in em of the text around it (layout/inline.py makes them from the deck's icons)."""
    name: str
    width: float
    height: float
    rise: float         # its bottom above the baseline


class Piece(Record):
    """A run of text on one line: x from the column's left edge, y down from the column's top to the baseline.
    An icon is a piece whose font is ICON and whose text is the icon's name."""
    x: float
    y: float
    text: str
    font: str
    size: float
    colour: str = ""    # a span's colour ('#rrggbb' once layout/spans.py has read it); "" the text's


@lru_cache(maxsize=None)
def width_of(font: str):
    """The function giving a text's shaped width in `font` at a size (shaping.width): a font's name names its
    file's contents (layout/fonts.py), so it is never stale. A word inside a span has its look in its font
    (font_of): measured at its own size."""
    if LOOK in font:
        name, share, _ = font.split(LOOK)
        k = float(share)
        return lambda text, size: shaping.width(text, name, size * k)
    return lambda text, size: shaping.width(text, font, size)


def space_width(spaces: dict, font: str, fs: float) -> float:
    """A space's width in `font` at `fs`, remembered in `spaces` (one line's or one paragraph's)."""
    w = spaces.get(font)
    if w is None:
        w = spaces[font] = width_of(font)(" ", fs)
    return w


def font_of(family: str, style: str) -> str:
    """The font of a run of `style` (spans()): its registered name, and inside a span, that name in the span's
    family, then LOOK, its size as a share of the text's, LOOK, its colour (what width_of and piece read)."""
    if LOOK not in style:
        return fonts.font_name(family, style)
    base, colour, share, fam = look_of(style)
    return LOOK.join((fonts.font_name(fam or family, base), repr(share), colour))


def in_fonts(text: str, family: str, style: str, font: str) -> tuple:
    """A word as ((run, font), ...): in the family's font, a character it lacks in its fallback's (fonts.runs);
    inside a span, in the span's family the same way, each run in the span's look (font_of)."""
    if LOOK not in style:
        return fonts.runs(text, family, style)
    base, colour, share, fam = look_of(style)
    runs = fonts.runs(text, fam or family, base)
    if len(runs) == 1 and runs[0][1] == fonts.font_name(fam or family, base):
        return ((text, font),)
    return tuple((t, LOOK.join((f, repr(share), colour))) for t, f in runs)


def piece(x: float, y: float, text: str, font: str, size: float) -> Piece:
    """A run of words on a line in one font (font_of): inside a span, at its size and in its colour."""
    if LOOK not in font:
        return Piece(x, y, text, font, size)
    name, share, colour = font.split(LOOK)
    return Piece(x, y, text, name, size * float(share), colour)


def stringWidth(text: str, font: str, size: float) -> float:
    """A text's shaped width in points in a registered font at `size` (shaping.width)."""
    return shaping.width(text, font, size)


@lru_cache(maxsize=8192)
def words_of(block_spans, family):
    """(word, font, width, space width) in order, with None for a forced line break; read, never changed."""
    out = []
    for text, style in block_spans:
        if text == "\n":
            out.append(None)
            continue
        if style == "icon":
            out.append((text, ICON, False, False))
            continue
        font = font_of(family, style)
        parts = text.split(" ")
        for i, word in enumerate(parts):
            if i and out and out[-1] is not None:
                out[-1] = (out[-1][0], out[-1][1], out[-1][2], True)     # a space follows the previous word
            if word and breaks.wide(word):      # Japanese: a line may break within it (breaks.py)
                if not i and out and out[-1] is not None and out[-1][3] is False and out[-1][1] != ICON \
                        and breaks.breakable(out[-1][0][-1], word[0]):
                    out[-1] = (*out[-1][:3], BREAK)
                for k, seg in enumerate(breaks.segments(word)):
                    if k:
                        out[-1] = (*out[-1][:3], BREAK)
                    out.extend((t, f, False, False) for t, f in in_fonts(seg, family, style, font))
            elif word:      # in the family's font, a character it lacks in its fallback's (fonts.runs)
                for k, seg in enumerate(hyphens.parts(word)):   # after a hard hyphen, a dash, a slash; at a ZWSP
                    if k:
                        out[-1] = (*out[-1][:3], BREAK)
                    out.extend((t, f, False, False) for t, f in in_fonts(seg, family, style, font))
    return tuple(out)


HANG = 1.1              # em: the least hanging indent of a list item's text, right of its marker
MARKER_GAP = 0.25       # em: the least room between a marker and its text


@lru_cache(maxsize=64)
def hang(font: str) -> float:
    """The hanging indent, in em, that "•", "1." and "a)" share in a font: HANG, or a digit and a full stop and
    MARKER_GAP where that is wider."""
    return max(HANG, width_of(font)("0.", 1.0) + MARKER_GAP, width_of(font)("a)", 1.0) + MARKER_GAP - 0.05)


def hanging(b: Block, family: str, size: float) -> float:
    """Where a list item's lines start, from the text's left edge: bullets, numbers and letters share one
    hanging indent (hang), a wider marker ("10.") leaving MARKER_GAP before its text; an item nested under
    another (level 1: "a)" under "1.") hangs from where its parent's text starts. 0 for a paragraph or
    heading."""
    if not b.bullet:
        return 0.0
    font = fonts.font_name(family)
    step = hang(font) * size
    return b.level * step + max(step, width_of(bullet_font(b.bullet, family))(b.bullet, size) + size * MARKER_GAP)


def bullet_font(bullet: str, family: str) -> str:
    """The font a list item's marker is drawn in: the family's, or its fallback's where it has no glyph ("♣")."""
    return fonts.runs(bullet, family)[0][1]
