"""Rich text for cards and pages: a small Markdown-like markup, wrapped and shrunk to fit.

The markup (**bold**, *italic*, bullets, headings) is parsed by generator/markup.py, the one parser
that drawing, the proof and a build's check of unbalanced markup share.

Text is wrapped here, greedily, with reportlab's (C-accelerated) string widths, into positioned
lines of text: no Paragraph objects, so laying out a card costs microseconds. Rule pages
(pages.py) break the same parsed blocks into the same lines and flow them over columns.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..markup import Block, escape, inline, parse, plain, problems, styles_used  # noqa: F401 (one parser)
from . import fonts

ALIGN = ("left", "center", "right", "justify")
HEADING_SCALE = {"heading1": 1.3, "heading2": 1.15, "heading3": 1.0}
_TOKEN = re.compile(r"<b>|</b>|<i>|</i>|<br/>|[^<]+")


def _unescape(t: str) -> str:
    return t.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


@lru_cache(maxsize=4096)
def spans(xml: str) -> tuple[tuple[str, str], ...]:
    """A block's text as (text, style) runs; "\n" marks a line break."""
    bold = italic = 0
    out = []
    for tok in _TOKEN.findall(xml):
        if tok == "<b>":
            bold += 1
        elif tok == "</b>":
            bold -= 1
        elif tok == "<i>":
            italic += 1
        elif tok == "</i>":
            italic -= 1
        elif tok == "<br/>":
            out.append(("\n", "regular"))
        else:
            style = ("bold" if bold else "") + ("italic" if italic else "")
            out.append((_unescape(tok), {"": "regular", "bolditalic": "bolditalic"}.get(style, style)))
    return tuple(out)


class Piece(NamedTuple):
    """A run of text on one line: x from the column's left edge, y down from the column's top to the baseline."""
    x: float
    y: float
    text: str
    font: str
    size: float


class Wrapped(NamedTuple):
    pieces: list
    height: float
    widest: float        # the widest unbreakable word (plus indent): more than the width cannot fit


def _words(block_spans, family):
    """(word, font, width, space width) in order, with None for a forced line break."""
    out = []
    for text, style in block_spans:
        if text == "\n":
            out.append(None)
            continue
        font = fonts.font_name(family, style)
        parts = text.split(" ")
        for i, word in enumerate(parts):
            if i and out and out[-1] is not None:
                out[-1] = (out[-1][0], out[-1][1], out[-1][2], True)     # a space follows the previous word
            if word:
                out.append((word, font, False, False))
    return out


class Lines(NamedTuple):
    """One block broken into lines: each line a list of (x, word, font, width), x from the text's left edge."""
    lines: list
    breaks: list         # per line: True if it ends the block or a forced break (not justified)
    size: float          # the block's font size (headings are larger)
    indent: float        # bullets hang: their text starts this far in
    widest: float        # the widest unbreakable word plus indent


def break_lines(b: Block, family: str, width: float, size: float, scale: dict | None = None) -> Lines:
    """Break one parsed block into lines `width` wide at `size`, greedily."""
    heading = b.kind.startswith("heading")
    fs = size * (scale or HEADING_SCALE).get(b.kind, 1.0)
    indent = 0.0
    if b.bullet:
        indent = size * (1.1 if len(b.bullet) <= 1 else 0.65 * len(b.bullet) + 0.6) + b.level * size * 1.6
    avail = width - indent
    runs = spans(b.text)
    if heading:
        runs = tuple((t, "bold" if st == "regular" else "bolditalic" if st == "italic" else st) for t, st in runs)
    words = _words(runs, family)
    lines: list[list] = [[]]
    breaks: list[bool] = []
    cur = 0.0
    widest = 0.0
    space_before = False
    glued: list[bool] = []          # per word of the current line: written against the word before it
    for w in words:
        if w is None:
            lines.append([])
            breaks.append(True)
            cur, glued = 0.0, []
            continue
        word, font, _, space_after = w
        ww = stringWidth(word, font, fs)
        widest = max(widest, ww + indent)
        attached = bool(lines[-1]) and not space_before     # "coin" then "." in another font: one word
        gap = stringWidth(" ", font, fs) if lines[-1] and space_before else 0.0
        if lines[-1] and cur + gap + ww > avail + 0.01:
            carried = []
            if attached:                # take the start of the glued word along, if the line keeps a word
                k = len(glued) - 1
                while k > 0 and glued[k]:
                    k -= 1
                if k > 0:
                    carried = lines[-1][k:]
                    del lines[-1][k:]
            lines.append([])
            breaks.append(False)
            cur, gap, glued = 0.0, 0.0, []
            for _, cw, cf, cww in carried:
                lines[-1].append((cur, cw, cf, cww))
                glued.append(bool(glued))
                cur += cww
            attached = bool(carried)
        lines[-1].append((cur + gap, word, font, ww))
        glued.append(attached)
        cur += gap + ww
        space_before = space_after
    breaks.append(True)
    return Lines(lines, breaks, fs, indent, widest)


def line_pieces(ls: Lines, li: int, b: Block, family: str, width: float, base: float, align: str) -> list[Piece]:
    """Line `li` of a broken block as pieces on baseline `base`: neighbouring words of one font merged."""
    line, fs, indent = ls.lines[li], ls.size, ls.indent
    out = []
    if li == 0 and b.bullet:
        out.append(Piece(b.level * ls.size * 1.6, base, b.bullet, fonts.font_name(family), fs))
    avail = width - indent
    line_w = line[-1][0] + line[-1][3]
    shift, stretch = 0.0, 0.0
    if align == "center":
        shift = (avail - line_w) / 2
    elif align == "right":
        shift = avail - line_w
    elif align == "justify" and not ls.breaks[li] and len(line) > 1:
        stretch = (avail - line_w) / (len(line) - 1)
    run_x, run_text, run_font = None, [], None
    for k, (x, word, font, _) in enumerate(line):
        x = x + shift + k * stretch + indent
        if run_font == font and not stretch:
            run_text.append(word)
            continue
        if run_text:
            out.append(Piece(run_x, base, " ".join(run_text), run_font, fs))
        run_x, run_text, run_font = x, [word], font
    if run_text:
        out.append(Piece(run_x, base, " ".join(run_text), run_font, fs))
    return out


@lru_cache(maxsize=8192)
def wrap(markup: str, family: str, width: float, size: float, leading: float = 1.2,
         align: str = "left") -> Wrapped:
    """Lay out markup in a column `width` wide at `size`: positioned pieces and the height used."""
    pieces: list[Piece] = []
    y = 0.0
    widest = 0.0
    blocks = parse(markup)
    for bi, b in enumerate(blocks):
        if bi and b.kind.startswith("heading"):
            y += size * 0.5
        ls = break_lines(b, family, width, size)
        widest = max(widest, ls.widest)
        lead = ls.size * leading
        baseline0 = (lead - ls.size) / 2 + ls.size * 0.8
        for li, line in enumerate(ls.lines):
            if not line:
                if li < len(ls.lines) - 1 or not pieces:
                    y += lead if li < len(ls.lines) - 1 else 0.0
                continue
            pieces.extend(line_pieces(ls, li, b, family, width, y + baseline0, align))
            y += lead
        if bi < len(blocks) - 1:
            y += size * (0.2 if b.bullet else 0.35)
    return Wrapped(pieces, y, widest)


class Fitted(NamedTuple):
    wrapped: Wrapped
    size: float
    height: float


def fit(markup: str, family: str, width: float, height: float, size: float, min_size: float,
        leading: float = 1.2, align: str = "left") -> Fitted | None:
    """The largest size from `size` down to `min_size` (0.25pt steps) at which the text fits, or None."""
    def good(s):
        w = wrap(markup, family, width, s, leading, align)
        return w if (w.height <= height + 0.01 and w.widest <= width + 0.01) else None

    w = good(size)
    if w:
        return Fitted(w, size, w.height)
    lo, hi, best = 1, int(round((size - min_size) / 0.25)), None
    while lo <= hi:                      # binary search the largest size that fits
        mid = (lo + hi) // 2
        s = size - 0.25 * mid
        w = good(s)
        if w:
            best, hi = (w, s), mid - 1
        else:
            lo = mid + 1
    if best is None:
        return None
    return Fitted(best[0], best[1], best[0].height)


def needed_height(markup: str, family: str, width: float, size: float, leading: float = 1.2) -> float:
    return wrap(markup, family, width, size, leading).height
