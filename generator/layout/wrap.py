"""Rich text for cards and pages: a small Markdown-like markup, wrapped and shrunk to fit.

The markup (**bold**, *italic*, bullets, headings) is parsed by generator/text/markup.py, the one parser
that drawing, the proof and a build's check of unbalanced markup share.

Text is wrapped here, greedily, with reportlab's (C-accelerated) string widths, into positioned
lines of text: no Paragraph objects, so laying out a card costs microseconds. Rule pages
(pages.py) break the same parsed blocks into the same lines and flow them over columns.

An icon (:name:, given with its IconMetrics) is a word of its own, as wide as its picture at the text's
size; it is glued to the word written before it, even across a space ("2 :coin:" never breaks), and such a
run counts whole as the widest word, so text shrinks until it fits on a line; a line whose icon rises above
(or hangs below) the line's room is moved down by that much. An icon the caller gives no metrics for is
printed as written, ":name:". A word inside a span (<span size color font>) is measured and set in its span's
font at its size (its font carries its look: words.font_of), its piece in its colour; a line holding a larger span moves
down to make room for it, as for an icon.
"""
from __future__ import annotations

from functools import lru_cache

from ..records import Record
from ..text.markup import (LOOK, Block, escape, icons_in, inline, look_of, one_line, parse, plain, problems, spans, styles_used, without_icons)  # (one parser)
from . import breaks, fonts, hyphens, paragraph, shaping
from .words import (BREAK, ICON, MARKER_GAP, IconMetrics, Piece, bullet_font, font_of, hang, hanging, piece,  # noqa: F401
                    space_width, stringWidth, width_of, words_of)  # (the wrapper's words, given here too)

SHY = hyphens.SHY
ALIGN = ("start", "left", "center", "right", "justify")     # start: a paragraph's own side (right-to-left text's right)
HEADING_SCALE = {"heading1": 1.3, "heading2": 1.15, "heading3": 1.0}


class Wrapped(Record):
    pieces: list
    height: float
    widest: float        # the widest unbreakable word (plus indent): more than the width cannot fit


class Lines(Record):
    """One block broken into lines: each line a list of (x, word, font, width), x from the text's left edge."""
    lines: list
    breaks: list         # per line: True if it ends the block or a forced break (not justified)
    size: float          # the block's font size (headings are larger)
    indent: float        # bullets hang: their text starts this far in
    widest: float        # the widest unbreakable word plus indent


def _as_written(runs, known: dict) -> tuple:
    """Runs with each icon that has no metrics (`known`) turned back into the text ":name:"."""
    out: list = []
    for t, st in runs:
        if st == "icon" and t not in known:
            t, st = f":{t}:", out[-1][1] if out and out[-1][0] != "\n" and out[-1][1] != "icon" else "regular"
        if out and st != "icon" and t != "\n" and out[-1][1] == st and out[-1][0] != "\n":
            out[-1] = (out[-1][0] + t, st)
        else:
            out.append((t, st))
    return tuple(out)


_space = space_width


BOXED = 1e7             # what a line of a text box costs besides its rag (paragraph.breaks): its height is all it
#                         has, so a set of breaks never takes a line more to mend the rag (rule pages take 0)


def break_lines(b: Block, family: str, width: float, size: float, scale: dict | None = None,
                icons: tuple = (), hyphenate="", restyle=None, lines_cost: float = BOXED, hang: bool = False,
                tied: float = paragraph.TIED) -> Lines:
    """Break one parsed block into lines `width` wide at `size`, each paragraph as a whole (paragraph.breaks:
    total fit); `icons`: the IconMetrics of the icons it writes. A line may end inside a word that does not fit
    whole where it may be hyphenated (hyphens.splits: its soft hyphens, else the dictionary `hyphenate` gives, a
    Hyphenation; "" for none). `restyle`: a heading's style from its run's (bold unless given: the rule pages set
    their third level lighter). `lines_cost`: what each line costs besides its rag (BOXED: a text box never
    takes a line more; 0 on a page); `hang`: a line's last full stop or comma may stand past `width` (a page's
    lines: paragraph.HANG); `tied`: what parting a number from its noun costs (paragraph.TIED, KEPT)."""
    heading = b.kind.startswith("heading")
    fs = size * (scale or HEADING_SCALE).get(b.kind, 1.0)
    indent = hanging(b, family, size)
    avail = width - indent
    runs = spans(b.text)
    known = {m.name: m for m in icons}
    if '<icon ' in b.text:
        runs = _as_written(runs, known)
    if heading:
        runs = tuple((t, (restyle or _bolder)(st)) for t, st in runs)
    words = words_of(runs, family)
    lines: list[list] = []
    ends: list[bool] = []
    widest = 0.0
    last_font = fonts.font_name(family) if icons else ""
    spaces: dict = {}               # font -> a space's width at fs
    segment: list = []
    for w in words + (None,):
        if w is not None:
            segment.append(w)
            continue
        got, last_font, wide = paragraph.lines_of(segment, known, fs, avail, hyphenate, spaces, last_font,
                                                  lines_cost, hang, tied)
        lines += got
        ends += [False] * (len(got) - 1) + [True]
        widest = max(widest, wide + indent)
        segment = []
    return Lines(lines, ends, fs, indent, widest)




def _bolder(style: str) -> str:
    """A heading's run: its style made bold (a span's look kept)."""
    base, sep, look = style.partition(LOOK)
    return {"regular": "bold", "italic": "bolditalic"}.get(base, base) + sep + look

def level_runs(line: list, rtl: bool, fs: float) -> list:
    """A line's words, in a paragraph holding right-to-left text, split where their bidi level changes (a number and the no-break space or
    full stop after it, "3\u00a0" before an Arabic noun, "3." at a sentence's end, a name isolated in a sentence),
    each part glued to the next, so each is ordered at its own level (shaping.in_visual_order orders whole words,
    at their first character's level); an isolate's marks go with the name they enclose."""
    text, starts = "", []
    for k, (x, word, font, ww) in enumerate(line):
        if k and x > line[k - 1][0] + line[k - 1][3] + 0.01:
            text += " "
        starts.append(len(text))
        text += "\ufffc" if font == ICON else word.translate(shaping.UNSEEN) or "\ufffc"
    lv = shaping.levels(text, int(rtl))
    out = []
    for (x, word, font, ww), at in zip(line, starts):
        own = lv[at:at + len(word)]
        if font == ICON or len(set(own)) < 2 or word.translate(shaping.UNSEEN) != word:
            out.append((x, word, font, ww))
            continue
        for i in range(len(word) - 1, -1, -1):      # an isolate's opening at its name's level, its PDI too
            if word[i] in shaping.OPENS and i + 1 < len(word):
                own[i] = own[i + 1]
        for i, c in enumerate(word):
            if c == shaping.PDI and i:
                own[i] = own[i - 1]
        measure, cut = width_of(font), 0
        for i in range(1, len(word) + 1):
            if i == len(word) or own[i] != own[cut]:
                part = word[cut:i]
                pw = measure(part, fs)
                out.append((x, part, font, pw))
                x, cut = x + pw, i
    return out


def line_pieces(ls: Lines, li: int, b: Block, family: str, width: float, base: float, align: str,
                rtl: bool | None = None) -> list[Piece]:
    """Line `li` of a broken block as pieces on baseline `base`: its words in visual order (bidi: a right-to-left
    paragraph's words from the right, numbers and Latin words in it in their own order, an icon where it is
    written), neighbouring words of one font and direction merged. `rtl`: the paragraph's direction, its
    language's (None: its first strong letter's). `align` "start" is the paragraph's own side: the right for
    Arabic, Persian and Hebrew, else the left."""
    line, fs, indent = ls.lines[li], ls.size, ls.indent
    out = []
    rtl = shaping.rtl(b.text) if rtl is None else rtl
    if align == "start":
        align = "right" if rtl else "left"
    avail = width - indent
    line = shaping.in_visual_order(level_runs(line, rtl, fs) if rtl or shaping.has_rtl(b.text) else line, rtl,
                                   ICON)
    if li == 0 and b.bullet:
        at = b.level * hang(fonts.font_name(family)) * ls.size
        marker = bullet_font(b.bullet, family)        # the family's, or its fallback's ("♣")
        if rtl:
            at = width - at - width_of(marker)(b.bullet, fs)
        out.append(Piece(at, base, b.bullet, marker, fs))
    line_w = line[-1][0] + line[-1][3]
    shift, stretch = (0.0 if not rtl else indent), 0.0
    spaced = [k > 0 and x > line[k - 1][0] + line[k - 1][3] + 0.01 for k, (x, *_) in enumerate(line)]
    if align == "center":
        shift = (avail - line_w) / 2
    elif align == "right" or align == "justify" and rtl and (ls.breaks[li] or not any(spaced)):
        shift = avail - line_w
    elif align == "justify" and not ls.breaks[li] and any(spaced):
        stretch = (avail - line_w) / sum(spaced)
    if rtl and align != "left":
        shift -= indent
    run_x, run_text, run_font = None, [], None
    end, gaps = 0.0, 0
    naturals: dict = {}             # font -> its space's width: words further apart (a justified line) or closer (a
    #                                 line whose spaces narrowed: paragraph.SHRINK) are drawn one by one
    for k, (x, word, font, ww, level) in enumerate(line):
        word = shaping.mirrored(word, level) if level % 2 and font != ICON else word
        gaps += spaced[k]
        x = x + shift + gaps * stretch + indent
        if run_font == font and not stretch and font != ICON and level == run_level and \
                (not spaced[k] or abs(x - end - _space(naturals, font, fs)) < 0.01):      # a space as the font's
            if level % 2:           # gathered from the left: a right-to-left run's words written before it
                run_text[0] = run_text[0] if spaced[k] else "\0" + run_text[0]
                run_text.insert(0, word)
            else:
                run_text.append(word if spaced[k] else "\0" + word)
            end = x + ww
            continue
        narrowed = spaced[k] and not stretch and run_font not in (None, ICON) and font != ICON and x - end < \
            _space(naturals, font, fs) - 0.01 and not level % 2 and not run_level % 2      # (the space the breaker
        #                                                                   gave: the font's of the word after it)
        end = x + ww
        if run_text:
            if narrowed:                # a narrowed space still read back as one (drawn as nothing past its word)
                run_text[-1] += " "
            out.append(piece(run_x, base, _joined(run_text), run_font, fs))
        run_x, run_text, run_font, run_level = x, [word], font, level
    if run_text:
        out.append(piece(run_x, base, _joined(run_text), run_font, fs))
    return out


def _joined(words: list) -> str:
    """A line's neighbouring words in one font as one run, spaced, in the order they are written; a word marked
    "\\0" is written against the one before it (cut apart where a line may break: breaks.py, hyphens.parts)."""
    return " ".join(words).replace(" \0", "")


def icon_room(line: list, icons: tuple, size: float, lead: float, baseline: float) -> tuple[float, float]:
    """(above, below): how far a line's icons reach beyond its room above the baseline (`baseline` below the
    line's top) and below it (the rest of `lead`), in points; (0, 0) when they stay inside."""
    above = below = 0.0
    known = {m.name: m for m in icons}
    for _, word, font, _ in line:
        m = known.get(word) if font == ICON else None
        if m is not None:
            above = max(above, (m.rise + m.height) * size - baseline)
            below = max(below, -m.rise * size - (lead - baseline))
    return above, below


def span_room(line: list, size: float) -> tuple[float, float]:
    """(above, below): how much further a line's words in a larger span (a share over 1 of the text's `size`,
    in their font: _font) reach above and below the line's room, in points; (0, 0) when none is larger."""
    share = max((float(font.split(LOOK)[1]) for _, _, font, _ in line if LOOK in font), default=1.0)
    if share <= 1.0:
        return 0.0, 0.0
    return (share - 1.0) * size * 0.8, (share - 1.0) * size * 0.2


def _room(line: list, icons: tuple, size: float, lead: float, baseline: float, spanned: bool) -> tuple:
    """(above, below) a line needs beyond its room: its icons' (icon_room) or its larger spans', the more."""
    above, below = icon_room(line, icons, size, lead, baseline) if icons else (0.0, 0.0)
    if spanned:
        a, b = span_room(line, size)
        above, below = max(above, a), max(below, b)
    return above, below


@lru_cache(maxsize=16384)
def _broken(b: Block, family: str, width: float, size: float, icons: tuple, hyphenate: str = "") -> Lines:
    """break_lines of one block at a size, remembered: fitting a text tries it at several sizes, and the print
    leaf its sections at each break between them (the same blocks at the same sizes). Read, never changed."""
    return break_lines(b, family, width, size, icons=icons, hyphenate=hyphenate)


@lru_cache(maxsize=8192)
def wrap(markup: str, family: str, width: float, size: float, leading: float = 1.2,
         align: str = "left", icons: tuple = (), hyphenate: str = "", rtl: bool | None = None) -> Wrapped:
    """Lay out markup in a column `width` wide at `size`: positioned pieces and the height used. `icons`:
    the IconMetrics of the icons it writes; `hyphenate`: the language its words are hyphenated in ("": none);
    `rtl`: its paragraphs' direction, its language's (None: each paragraph's first strong letter's)."""
    pieces: list[Piece] = []
    y = 0.0
    widest = 0.0
    blocks = parse(markup)
    for bi, b in enumerate(blocks):
        if bi and b.kind.startswith("heading"):
            y += size * 0.5
        ls = _broken(b, family, width, size, icons, hyphenate)
        widest = max(widest, ls.widest)
        lead = ls.size * leading
        baseline0 = (lead - ls.size) / 2 + ls.size * 0.8
        spanned = "<span" in b.text
        for li, line in enumerate(ls.lines):
            if not line:
                if li < len(ls.lines) - 1 or not pieces:
                    y += lead if li < len(ls.lines) - 1 else 0.0
                continue
            above, below = _room(line, icons, ls.size, lead, baseline0, spanned) if icons or spanned else (0.0, 0.0)
            y += above
            pieces.extend(line_pieces(ls, li, b, family, width, y + baseline0, align, rtl))
            y += lead + below
        if bi < len(blocks) - 1:
            y += size * (0.2 if b.bullet else 0.35)
    return Wrapped(pieces, y, widest)


def measure(markup: str, family: str, width: float, size: float, leading: float = 1.2,
            icons: tuple = (), hyphenate: str = "") -> tuple[float, float]:
    """(height, widest) of wrap(...) at `size`, without placing its pieces: the same sums in the same order,
    so the same figures; what fit() and the leaf try sizes and breaks with."""
    return measure_blocks(parse(markup), family, width, size, leading, icons, hyphenate)


def measure_blocks(blocks: tuple, family: str, width: float, size: float, leading: float = 1.2,
                   icons: tuple = (), hyphenate: str = "") -> tuple[float, float]:
    """measure() of markup parsed already: its blocks (the print leaf's sections, parsed once, joined at each
    break: markup joined at blank lines parses to its parts' blocks one after the other)."""
    y = 0.0
    widest = 0.0
    last = len(blocks) - 1
    for bi, b in enumerate(blocks):
        if bi and b.kind.startswith("heading"):
            y += size * 0.5
        ls = _broken(b, family, width, size, icons, hyphenate)
        widest = max(widest, ls.widest)
        lead = ls.size * leading
        baseline0 = (lead - ls.size) / 2 + ls.size * 0.8
        n = len(ls.lines) - 1
        spanned = "<span" in b.text
        for li, line in enumerate(ls.lines):
            if not line:
                if li < n:
                    y += lead
                continue
            if icons or spanned:
                above, below = _room(line, icons, ls.size, lead, baseline0, spanned)
                y += above
                y += lead + below
            else:
                y += lead
        if bi < last:
            y += size * (0.2 if b.bullet else 0.35)
    return y, widest


class Fitted(Record):
    wrapped: Wrapped
    size: float
    height: float


def fit(markup: str, family: str, width: float, height: float, size: float, min_size: float,
        leading: float = 1.2, align: str = "left", icons: tuple = (), hyphenate: str = "",
        rtl: bool | None = None) -> Fitted | None:
    """The largest size from `size` down to `min_size` (0.25pt steps) at which the text fits, or None; at each
    size its words hyphenated first where they may be (`hyphenate`: their language, "" for none); `rtl` as
    wrap's."""
    def good(s):
        h, widest = measure(markup, family, width, s, leading, icons, hyphenate)
        return h <= height + 0.01 and widest <= width + 0.01

    if good(size):
        best = size
    else:
        lo, hi, best = 1, int(round((size - min_size) / 0.25)), None
        while lo <= hi:                      # binary search the largest size that fits
            mid = (lo + hi) // 2
            s = size - 0.25 * mid
            if good(s):
                best, hi = s, mid - 1
            else:
                lo = mid + 1
        if best is None:
            return None
    w = wrap(markup, family, width, best, leading, align, icons, hyphenate, rtl)
    return Fitted(w, best, w.height)


def needed_height(markup: str, family: str, width: float, size: float, leading: float = 1.2,
                  icons: tuple = (), hyphenate: str = "") -> float:
    return measure(markup, family, width, size, leading, icons, hyphenate)[0]
