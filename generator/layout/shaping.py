"""Text shaped as a typographer sets it: HarfBuzz (uharfbuzz) gives each run of a line its glyphs and their
advances (kerning, standard ligatures, mark positioning, Arabic's joined forms), and the Unicode bidi algorithm
(python-bidi) orders a line's runs, right-to-left ones (Arabic, Persian, Hebrew) from right to left and numbers
and Latin words inside them in their own order.

A text is shaped a word at a time (a space is a space's own advance), so that a line's width is its words'
widths and its spaces', as the wrapper measures them, and the drawing sets every glyph where the measuring put
it. Every width pnp measures text by (wrapping, shrinking to fit, centring, the safe zone, labels) is
`width` here; the pen (render/draw.py) draws `glyphs`. Shaped words are remembered by their text and font: a
font's reportlab name names its file's contents (layout/fonts.py), and HarfBuzz's advances scale with the size
(no hinting), so one shaping in 1/1000 em serves every size.
Not here: where a line breaks (wrap.py, hyphens.py); how glyphs are written into a PDF (render/draw.py);
reportlab's private names (reportlab_adapter.py).
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple
from unicodedata import bidirectional

import uharfbuzz as hb
from bidi import algorithm as uba

from ..reportlab_adapter import font_bytes, glyph_char

FEATURES = {"kern": True, "liga": True, "clig": True, "calt": True, "mark": True, "mkmk": True}
RTL_TYPES = frozenset(("R", "AL"))
SHY = "\u00ad"
INVISIBLE = dict.fromkeys(map(ord, SHY + "\u200b"))      # soft hyphen, zero-width space: drawn only at a line's end


class Glyph(NamedTuple):
    """One shaped glyph: its id in the font, the character it is drawn as (a character the font maps to that
    glyph, or a private-use one standing for it: reportlab_adapter.glyph_char), the character's own advance and the
    shaped advance and offsets, in 1/1000 em."""
    gid: int
    char: str
    width: float
    advance: float
    dx: float
    dy: float


@lru_cache(maxsize=64)
def _hb_font(font: str):
    """HarfBuzz's font for a registered reportlab font (by name: it names the file's contents)."""
    return hb.Font(hb.Face(hb.Blob(font_bytes(font))))


def rtl(text: str) -> bool:
    """Whether `text`'s first strong character is right-to-left (a paragraph that starts at the right)."""
    if text.isascii():
        return False
    return uba.get_base_level(text) == 1


def _has_rtl(text: str) -> bool:
    return not text.isascii() and any(bidirectional(c) in RTL_TYPES for c in text)


def levels(text: str, base: int | None = None) -> list[int]:
    """The bidi embedding level of each character of `text` (no soft hyphens or zero-width spaces in it): all 0
    for text without a right-to-left character in a left-to-right paragraph. `base`: the paragraph's level
    (0, 1), else found from its first strong character."""
    if base is None:
        base = rtl(text)
    if not base and not _has_rtl(text):
        return [0] * len(text)
    storage = uba.get_empty_storage()
    storage["base_level"], storage["base_dir"] = int(base), "LR"[int(base)]
    uba.get_embedding_levels(text, storage, False, False)
    uba.explicit_embed_and_overrides(storage, False)
    uba.resolve_weak_types(storage, False)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    got = [c["level"] for c in storage["chars"]]
    return got if len(got) == len(text) else [int(base)] * len(text)


def visual(items: list, lv: list[int]) -> list:
    """`items` (in logical order, each at level `lv[i]`) in visual order, left to right: every run at a level of
    at least L reversed, from the highest level down to the lowest odd one (the bidi algorithm's rule L2)."""
    if not lv or max(lv) == 0:
        return list(items)
    order = list(range(len(items)))
    lo = min(lv)
    lo += not lo % 2
    for level in range(max(lv), lo - 1, -1):
        i = 0
        while i < len(order):
            if lv[order[i]] >= level:
                j = i
                while j < len(order) and lv[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return [items[k] for k in order]


def in_visual_order(line: list, rtl_: bool, icon: str) -> list:
    """A line's words [(x, word, font, width)] (wrap.py's, in the order written) as [(x, word, font, width, bidi
    level)] in visual order, placed again from the left with the spaces they had between them; as they were
    (level 0) in a line of left-to-right text. A word in the font `icon` (an icon) is a neutral character, so it
    stays where it is written among the words around it."""
    if not rtl_ and all(w.isascii() for _, w, _, _ in line):
        return [(*item, 0) for item in line]
    text, starts = "", []
    for k, (x, word, font, ww) in enumerate(line):
        if k and x > line[k - 1][0] + line[k - 1][3] + 0.01:
            text += " "
        starts.append(len(text))
        text += "\ufffc" if font == icon else word.translate(INVISIBLE) or "\ufffc"
    lv = levels(text, int(rtl_))
    at = [lv[i] for i in starts]
    order = visual(list(range(len(line))), at)
    out, x = [], 0.0
    for n, k in enumerate(order):
        if n:
            j = max(k, order[n - 1])           # the space written before the later of two neighbours
            x += max(0.0, line[j][0] - line[j - 1][0] - line[j - 1][3])
        out.append((x, line[k][1], line[k][2], line[k][3], at[k]))
        x += line[k][3]
    return out


@lru_cache(maxsize=65536)
def _shaped(word: str, font: str, rtl_: bool) -> tuple:
    """A word (no spaces, one direction) shaped: its Glyphs in visual order."""
    buf = hb.Buffer()
    buf.add_str(word)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl_ else "ltr"
    hbf = _hb_font(font)
    hb.shape(hbf, buf, FEATURES)
    scale = 1000.0 / hbf.face.upem
    infos = buf.glyph_infos
    starts = sorted({i.cluster for i in infos}) + [len(word)]
    ends = dict(zip(starts, starts[1:]))
    out, seen = [], set()
    for info, pos in zip(infos, buf.glyph_positions):
        c = info.cluster        # a cluster's first glyph spells its characters, any other none
        spelled = word[c:ends[c]] if c not in seen else ""
        seen.add(c)
        char, width = glyph_char(font, info.codepoint, hbf.get_glyph_h_advance(info.codepoint) * scale, spelled)
        out.append(Glyph(info.codepoint, char, width, pos.x_advance * scale, pos.x_offset * scale,
                         pos.y_offset * scale))
    return tuple(out)


@lru_cache(maxsize=65536)
def glyphs(text: str, font: str) -> tuple:
    """`text` as its Glyphs in visual order, left to right: each word and each run of one direction shaped,
    the runs ordered by the bidi algorithm (its paragraph's direction from its first strong character), each
    space its own advance. Zero-width spaces are not drawn, nor soft hyphens but the one that ends a text (its line
    broken there): that one is a hyphen."""
    if text[-1:] == SHY:            # a line's end hyphenated: its hyphen
        return glyphs(text[:-1], font) + (_hyphen(font),)
    text = text.translate(INVISIBLE)
    if not text:
        return ()
    lv = levels(text)
    runs: list = []             # (text, level) cut at spaces and where the level changes
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or lv[i] != lv[start] or text[i] == " " or text[i - 1] == " ":
            runs.append((text[start:i], lv[start]))
            start = i
    out: list = []
    for run, level in visual(runs, [lvl for _, lvl in runs]):
        out.extend(_shaped(run, font, bool(level % 2)))
    return tuple(out)


@lru_cache(maxsize=64)
def _hyphen(font: str) -> Glyph:
    """The hyphen that ends a hyphenated line: the hyphen's glyph, read back as a soft hyphen (glyph_char)."""
    hbf = _hb_font(font)
    gid = hbf.get_nominal_glyph(ord("-")) or 0
    advance = hbf.get_glyph_h_advance(gid) * 1000.0 / hbf.face.upem
    char, width = glyph_char(font, gid, advance, SHY)
    return Glyph(gid, char, width, advance, 0.0, 0.0)


@lru_cache(maxsize=65536)
def _em(text: str, font: str) -> float:
    return sum(g.advance for g in glyphs(text, font))


def width(text: str, font: str, size: float) -> float:
    """`text`'s shaped width in points at `size` in a registered font: what every measure of text uses."""
    return _em(text, font) * size / 1000.0


@lru_cache(maxsize=65536)
def plain(text: str, font: str) -> bool:
    """Whether `text` draws as its own characters at their own advances (nothing shaped differs): the pen then
    writes it as it is."""
    gs = glyphs(text, font)
    return len(gs) == len(text) and all(g.char == c and abs(g.advance - g.width) < 1e-6 and not g.dx and not g.dy
                                        for g, c in zip(gs, text))
