"""Text that flows over whole pages: a game's rule pages, closed by the "This edition" box, and the print
leaf's two pages (flow_pages: where each page starts, for the proof to check each page's words).

The markup is the card markup (layout/wrap.py): "# " and "## " headings, "- " bullets, **bold**, *italic*.
Blocks are broken into lines by the card text's own wrapper (wrap.break_lines), so rule pages need no
reportlab Paragraphs. Columns fill top to bottom, then left to right. A paragraph too long for what is
left of a column is split between lines, with two lines at least on each side (no first line alone at a
column's foot, no last line alone at the next one's top); a heading never ends a column (it moves on with
the start of what follows it); the columns of the last page are balanced; each paragraph is broken as a whole (layout/paragraph.py: no hole
in the rag where other breaks avoid it, no short word alone on its last line where they can help it, a line
more where that mends them); a heading written in capitals is letter-spaced (TRACK); every page gets a footer with
"page N of M" when a footer is given.

A `box` (markup) follows the text on a tinted ground with a frame, narrower by its padding (the rules'
"This edition" box). Its entries are never split: the box breaks between them, its headings and the lines
that introduce a list kept with the entry after them, and each part after a break starts with the box's
heading and "(continued)". The box is kept whole where it fits: one that fits a column starts the column
after the text's last (or the next page) rather than break between columns; one that fits a page of its own
but would break onto the next starts that page; either move to the next page only while what the text leaves
on the page fills two thirds of it at least (the text's columns on that page are then balanced, as on a last
page): a page a third empty is worse than a box in two parts. A box that fits neither starts where the text
ends and breaks between its entries. So no page but the last has a third of its columns empty. Where the box's last entries alone would fill less than a third of a last page, or the box
fills a last page of its own, the box is set a little smaller (95% or 90% of the text's size) if that saves
the page.
The deck's icons (:name:, given its icons: Deck.icons) are drawn on the lines' baselines as on cards
(layout/inline.py).
"""
from __future__ import annotations

import re

from ..records import Record
from ..units import length
from . import fonts, inline, oneline, paragraph, wrap
from .display import Line, Rect, Text

HEADING_SCALE = {"heading1": 1.5, "heading2": 1.2, "heading3": 1.0}    # three levels apart in size,
HEADING_BEFORE = {"heading1": 1.6, "heading2": 1.1, "heading3": 0.8}   # in the room above and below them (of
HEADING_AFTER = {"heading1": 0.5, "heading2": 0.35, "heading3": 0.2}   # the text's size), and in weight: the
# first two bold in the accent colour, the third in the regular weight (letter-spaced capitals, or italic), in
# the accent too, so that a body paragraph in bold capitals is not taken for one (_light)
FOOTER_SPACE = 14.0       # points kept free at the foot of a page for the footer
PARA_LEADING, HEADING_LEADING = 1.3, 1.2
BOX_PAD = 5.0             # points between a box's frame and its text
BOX_FILL, BOX_STROKE = "#f4f0e6", "#8a8070"
CONTINUED = " (continued)"
PAGE_OF = "{footer} · page {n} of {total}"
LEAST_FILL = 2 / 3        # of a column: how far down each column of a page the box leaves for the next one must be
#                           written, its columns balanced (issue 57: at 1/3, Royal Lines' page 19 was left a third
#                           blank before a box kept whole)
BOX_SCALES = (0.95, 0.9)  # the box's size, of the text's, tried when its last entries alone fill a last page
MIN_BOX = 6.0             # points: the box is never set smaller
WHOLE_ITEM = 4            # lines: a list item this long or shorter is never split (flow's whole_items)
TRACK = 0.06              # em: letter-spacing of a heading set in capitals (CAPS_ROOM of the width kept for it)
TRACK3 = 0.12             # em: a third-level heading in capitals, set in the regular weight, spaced wider
CAPS_ROOM = 0.9
CAPS_ROOM3 = 0.82         # of the width: kept for a third-level heading's wider spacing


class Block(Record):
    """One parsed block broken into lines, with the space it wants above and below."""
    source: wrap.Block
    lines: wrap.Lines
    lead: float          # the height of each line
    before: float
    after: float
    heading: bool
    boxed: bool = False  # inside the box
    whole: bool = False  # never split between columns (an entry of the box)
    keep: bool = False   # kept in a column with the block after it (a heading; the box's lines before a list)

    @property
    def height(self) -> float:
        return self.lead * len(self.lines.lines)


def _blocks(markup: str, family: str, width: float, size: float, boxed: bool = False,
            metrics: tuple = (), whole_items: bool = False, hyphenate: str = "",
            tied: float = paragraph.TIED) -> list[Block]:
    out = []
    if boxed:
        width -= 2 * BOX_PAD
    for b in wrap.parse(markup):
        heading = b.kind.startswith("heading")
        room = (CAPS_ROOM3 if b.kind == "heading3" else CAPS_ROOM) if heading and capitals(b) else 1.0
        ls = wrap.break_lines(b, family, width * room, size, HEADING_SCALE, metrics, hyphenate, _restyle(b), 0.0,
                              hang=True, tied=tied)
        if heading:
            before, after = size * HEADING_BEFORE[b.kind], size * HEADING_AFTER[b.kind]
        else:
            before, after = 0.0, size * (0.25 if b.bullet else 0.45)
        kept = [ln for ln in ls.lines if ln]          # a line break's empty line takes no room here
        if not kept:
            continue
        lines = wrap.Lines(kept, [True] * len(kept), ls.size, ls.indent, ls.widest)
        if boxed and not out:
            before = size * 2.5            # room above the frame
        lead = ls.size * (HEADING_LEADING if heading else PARA_LEADING)
        if metrics:                        # icons taller than a line's room: the block's lines move apart
            room = [wrap.icon_room(ln, metrics, ls.size, lead, (lead - ls.size) / 2 + ls.size * 0.8) for ln in kept]
            lead += 2 * max(max(r) for r in room)
        whole = boxed or whole_items and bool(b.bullet) and len(kept) <= WHOLE_ITEM
        out.append(Block(b, lines, lead, before, after, heading, boxed, whole=whole, keep=heading))
    if boxed:                   # the lines that introduce the box or a list stay with its first entry
        out = [b._replace(keep=True) if not b.source.bullet and i + 1 < len(out) else b for i, b in enumerate(out)]
    if whole_items:             # a list's last item never starts a column alone: it keeps the one before it;
        bullet = [bool(b.source.bullet) for b in out] + [False]     # the line introducing a list keeps its first
        out = [b._replace(keep=True) if bullet[i + 1] and (not bullet[i] or not bullet[i + 2:i + 3] == [True])
               else b for i, b in enumerate(out)]
    return out


def _restyle(b: wrap.Block):
    """How a heading's runs are styled: bold (wrap's own) for the first two levels; the third in the regular
    weight, italic unless it is written in capitals (letter-spaced capitals then, as a typographer sets a third
    level under two bold ones: lighter, not only smaller)."""
    if b.kind != "heading3":
        return None
    if capitals(b):
        return lambda st: st
    return lambda st: st if "italic" in st.partition(wrap.LOOK)[0] else "italic" + st[len(st.partition(wrap.LOOK)[0]):]


def capitals(b: wrap.Block) -> bool:
    """A block written in capitals (two letters at least, none small): a heading so is letter-spaced."""
    letters = [c for c in re.sub(r"<[^>]*>", "", b.text) if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def _need(blocks: list[Block], bi: int) -> float:
    """The height block `bi` needs at the foot of a column to start there: a paragraph two lines (all of it when
    it has fewer than four, which cannot be split two and two), an entry of the box all of it; a heading (or any
    block kept with the next) that too, and itself."""
    need, j = 0.0, bi
    while j < len(blocks):
        b = blocks[j]
        before = b.before if j > bi else 0.0
        if not b.keep or j + 1 == len(blocks):
            n = len(b.lines.lines)              # split only with two lines on each side: under four, all of it
            return need + before + (b.height if b.whole else b.lead * (n if n < 4 else 2))
        need += before + b.height + b.after
        j += 1
    return need


class Column(Record):
    placed: list         # (top offset, Block, line index) for each line
    end: tuple           # (block, line) where the next column starts
    used: float          # the height it fills
    forced: bool = False  # a block split against its rules: the column is too short for it


def _fill_column(blocks: list[Block], at: tuple[int, int], height: float, cont: Block | None = None,
                 stop: int | None = None) -> Column:
    """From line `at` = (block, line), the lines that fit one column `height` tall (blocks before `stop`
    only), each with its top offset; and where the next column starts. A column that starts inside the box
    after its first block starts with `cont`, the box's heading continued; a column never starts with space."""
    stop = len(blocks) if stop is None else stop
    bi, li = at
    placed: list = []
    used = 0.0
    if cont is not None and bi < stop and blocks[bi].boxed and (bi > 0 and blocks[bi - 1].boxed or li > 0):
        placed.append((0.0, cont, 0))
        used = cont.height + cont.after
    top = True                                       # nothing of the flow placed yet in this column
    forced = False
    while bi < stop:
        b = blocks[bi]
        n = len(b.lines.lines)
        before = b.before if (placed and li == 0) else 0.0
        if li == 0 and used + before + _need(blocks, bi) > height + 1e-6:
            if not top:
                break                               # kept with what follows, or too little room to start
            forced = True                           # a column's first block goes in, whatever it is
        room = height - used - before
        fits = max(0, int((room + 1e-6) // b.lead))
        left = n - li
        k = left if fits >= left else fits
        if k < left:                                # the block is split: two lines at least on each side
            if not top and (b.whole or li > 0):
                break
            if left - k < 2:
                k = left - 2
            if k < (1 if top else 2):
                if not top:
                    break
                k = max(1, min(fits, left))
                forced = True
        for j in range(k):
            placed.append((used + before + j * b.lead, b, li + j))
        used += before + k * b.lead
        li += k
        top = False
        if li < n:
            break
        used += b.after
        bi, li = bi + 1, 0
    return Column(placed, (bi, li), used, forced)


def _fill_page(blocks, at, columns: int, height: float, cont=None, stop=None) -> tuple[list[Column], tuple]:
    cols = []
    for _ in range(columns):
        col = _fill_column(blocks, at, height, cont, stop)
        cols.append(col)
        at = col.end
    return cols, at


def _balanced_height(blocks, at, columns: int, height: float, cont=None, stop=None) -> float:
    """The least column height (to 1pt) at which what is left (before `stop`) fits on one page."""
    stop = len(blocks) if stop is None else stop
    lo, hi = 0.0, height
    while hi - lo > 1.0:
        mid = (lo + hi) / 2
        cols, end = _fill_page(blocks, at, columns, mid, cont, stop)
        if end[0] < stop or any(c.forced for c in cols):
            lo = mid
        else:
            hi = mid
    return hi


def _continued(box: str, family: str, width: float, size: float, continued: str = CONTINUED) -> Block | None:
    """The heading a part of the box after a break starts with: the box's own heading, continued."""
    first = box.lstrip("\n").split("\n", 1)[0]
    if not first.startswith("#"):
        return None
    made = _blocks(first.rstrip() + continued, family, width, size, boxed=True)
    return made[0]._replace(before=0.0) if made else None


def _page(blocks, at, columns: int, h: float, full_h: float, cont, box_at):
    """What one page holds from `at`: its columns and where the next page starts. The text's last page has
    its columns balanced. The box is kept whole where it fits: one that fits a column starts the column after
    the text's last (or the next page) rather than break between columns; one that fits a page but would
    break onto the next starts that page; either moves to the next page only while each column the text leaves
    on this page, balanced, is written two thirds down (LEAST_FILL). A box that fits neither starts where the text
    ends and breaks between its entries."""
    cols, nxt = _fill_page(blocks, at, columns, h, cont)
    if nxt[0] >= len(blocks) and columns > 1:
        cols, nxt = _fill_page(blocks, at, columns, _balanced_height(blocks, at, columns, h, cont), cont)
    if box_at is not None and (box_at, 0) == nxt and at[0] < box_at and columns > 1:
        # the text ends on this page and the box's start does not fit under it: the text's last page, its
        # columns balanced as on a last page (Royal Lines' page 19 kept its last column half empty)
        return _fill_page(blocks, at, columns, _balanced_height(blocks, at, columns, h, cont, box_at), cont, box_at)
    if box_at is None or not at[0] <= box_at < max(nxt[0], box_at + 1) or (box_at, 0) == nxt:
        return cols, nxt                            # the box starts on another page (or the next one starts with it)
    held = {c for c, col in enumerate(cols) if any(b.boxed for _, b, _ in col.placed)}
    ends_here = nxt[0] >= len(blocks)
    if ends_here and len(held) <= 1:
        return cols, nxt                            # whole, in one column
    in_column = _fill_column(blocks, (box_at, 0), full_h, cont).end[0] >= len(blocks)
    if not in_column and ends_here:
        return cols, nxt                            # whole, on this page
    if at == (box_at, 0):
        return cols, nxt                            # it starts a page already: moving it gains nothing
    before, end = _fill_page(blocks, at, columns, h, cont, stop=box_at)
    if end != (box_at, 0):
        return cols, nxt                            # the text itself does not end on this page
    last = max((c for c, col in enumerate(before) if col.placed), default=-1)
    if in_column and last + 1 < columns:
        box = _fill_column(blocks, (box_at, 0), h, cont)
        if box.end[0] >= len(blocks):               # the next column holds it all
            rest = [Column([], box.end, 0.0)] * (columns - last - 2)
            return before[:last + 1] + [box] + rest, box.end
    if not in_column and not _fill_page(blocks, (box_at, 0), columns, full_h, cont)[1][0] >= len(blocks):
        return cols, nxt                            # it fits no page: it breaks between its entries
    if columns > 1:                                 # the text's last page: even columns
        before, end = _fill_page(blocks, at, columns, _balanced_height(blocks, at, columns, h, cont, box_at), cont,
                                 box_at)
    if min(max((y + b.lead for y, b, _ in c.placed), default=0.0) for c in before) < LEAST_FILL * h:
        return cols, nxt                            # a column of this page would be left too empty (to its last line)
    return before, end


def flow(markup: str, width: float, height: float, margin: float = length("18mm"), family: str = "serif",
         size: float = 10.0, footer: str = "", columns: int = 1, gap: float = length("8mm"),
         accent: str = "#1a1a1a", ink: str = "#000000", title: str = "", subtitle: str = "",
         box: str = "", icons_: dict | None = None, continued: str = CONTINUED,
         page_of: str = PAGE_OF, hyphenate: str = "", rtl: bool | None = None, digits: str = "",
         families: tuple = ()) -> list[list]:
    """Lay out `markup` over as many pages as it needs; each page is a list of ops in page coordinates
    (flow_pages, without where each page starts)."""
    return flow_pages(markup, width, height, margin, family, size, footer, columns, gap, accent, ink, title,
                      subtitle, box, icons_, continued, page_of, hyphenate=hyphenate, rtl=rtl, digits=digits,
                      families=families)[0]


def flow_pages(markup: str, width: float, height: float, margin: float = length("18mm"), family: str = "serif",
               size: float = 10.0, footer: str = "", columns: int = 1, gap: float = length("8mm"),
               accent: str = "#1a1a1a", ink: str = "#000000", title: str = "", subtitle: str = "",
               box: str = "", icons_: dict | None = None, continued: str = CONTINUED,
               page_of: str = PAGE_OF, whole_items: bool = False, hyphenate: str = "", rtl: bool | None = None,
               digits: str = "", families: tuple = (), tied: float = paragraph.TIED) -> tuple[list[list], list]:
    """Lay out `markup` over as many pages as it needs: (each page as a list of ops in page coordinates, the
    parsed block (text.Block) each page's first line belongs to, None for an empty page). `whole_items`:
    a list item of up to WHOLE_ITEM lines is never split between columns (the leaf's steps, each read as one),
    a list's last item never starts a column alone, nor does a list leave the line that introduces it.

    `title` (and `subtitle`) head the first page across all columns; `footer` puts "footer · page N of M"
    at the foot of every page; `box` is markup set after the text in a tinted frame; `icons_`: the deck's
    icons, which the text may write ({name: Icon}; without them, :name: prints as written), an SVG one's text in
    the deck's own font `families` (fonts.deck_keys) where it names one. `continued` and `page_of`
    ("{footer} · page {n} of {total}") are pnp's words on the pages, in the rules' language; `rtl` its direction
    (right to left: its paragraphs start at the right, the first column is the right one; None: each paragraph's
    first strong letter's) and `digits` its own digits for the page numbers ("" for 0-9). `tied`: what parting a
    number from its noun costs the breaker (layout/paragraph.py: TIED, or KEPT where the text holds them firmer).
    """
    fonts.family(family)
    columns = max(1, int(columns))
    col_w = (width - 2 * margin - (columns - 1) * gap) / columns
    col_h = height - 2 * margin - (FOOTER_SPACE if footer else 0)
    head_h = 0.0
    head_ops: list = []
    if title:
        tsize = size * 2.4
        top = height - margin
        head_ops += oneline.ops(width / 2, top - tsize * 0.8, title, family, "bold", tsize, accent, "center", rtl=rtl)
        y = top - tsize * 1.15
        if subtitle:
            y -= size * 1.2
            head_ops += oneline.ops(width / 2, y, subtitle, family, "italic", size * 1.15, ink, "center", rtl=rtl)
        y -= size * 0.8
        head_ops.append(Line(margin, y, width - margin, y, accent, 0.8))
        head_h = top - y + size * 1.2
    for style in wrap.styles_used(markup + "\n\n" + box) + ("italic",):    # italic: a third-level heading's
        fonts.font_name(family, style)
    metrics = inline.metrics(icons_, markup + "\n\n" + box) if icons_ else ()
    text_blocks = _blocks(markup, family, col_w, size, metrics=metrics, whole_items=whole_items, hyphenate=hyphenate,
                          tied=tied)

    def paginate(box_size: float) -> tuple[list, list[list[Column]]]:
        blocks = text_blocks + (_blocks(box, family, col_w, box_size, boxed=True, metrics=metrics, hyphenate=hyphenate)
                                if box else [])
        box_at = next((i for i, b in enumerate(blocks) if b.boxed), None)
        cont = _continued(box, family, col_w, box_size, continued) if box else None
        paged: list[list[Column]] = []
        at = (0, 0)
        while at[0] < len(blocks) or not paged:
            cols, nxt = _page(blocks, at, columns, col_h - (0.0 if paged else head_h), col_h, cont, box_at)
            paged.append(cols)
            if nxt == at:                                    # nothing fitted at all: give up rather than loop
                break
            at = nxt
        return blocks, paged

    blocks, paged = paginate(size)
    if box and (_box_tail(paged, columns, col_h) or _box_alone(paged)):    # a last page the box (or its last
        for scale in BOX_SCALES:                            # entries) alone: set the box a little smaller, if
            smaller = paginate(max(MIN_BOX, size * scale))
            if len(smaller[1]) < len(paged):
                blocks, paged = smaller
                break
    pages: list[list] = []
    firsts = [next((b.source for col in cols for _, b, _ in col.placed[:1]), None) for cols in paged]
    for cols in paged:
        first = not pages
        top = height - margin - (head_h if first else 0.0)
        ops: list = list(head_ops) if first else []
        frames: list = []
        for c, col in enumerate(cols):
            x = margin + (columns - 1 - c if rtl else c) * (col_w + gap)       # right to left: from the right
            inside = [(y, b.lead) for y, b, li in col.placed if b.boxed]
            if inside:              # the box's part in this column: a frame behind its lines
                y0, y1 = inside[0][0] - BOX_PAD, inside[-1][0] + inside[-1][1] + BOX_PAD
                frames.append(Rect(x, top - y1, col_w, y1 - y0, BOX_FILL, BOX_STROKE, 0.6, 2.0))
            for y, b, li in col.placed:
                base = top - y - ((b.lead - b.lines.size) / 2 + b.lines.size * 0.8)
                colour = accent if b.heading else ink
                pad = BOX_PAD if b.boxed else 0.0
                track = (TRACK3 if b.source.kind == "heading3" else TRACK) * b.lines.size \
                    if b.heading and capitals(b.source) else 0.0
                spaced = 0.0                # what the letter-spacing of the line's pieces before moved it on
                for p in wrap.line_pieces(b.lines, li, b.source, family, col_w - 2 * pad, 0.0, "start", rtl):
                    if p.font == wrap.ICON:
                        op = inline.op(icons_, p.text, x + pad + p.x + spaced, base, p.size, colour,
                                       families=families)
                        ops.extend([op] if op is not None else [])
                    else:
                        ops.append(Text(x + pad + p.x + spaced, base, p.text, p.font, p.size, colour, track=track))
                        spaced += track * len(p.text)
        pages.append(frames + ops)
    if footer:
        said = str.maketrans("0123456789", digits) if digits else {}
        for n, ops in enumerate(pages, 1):
            ops.append(Line(margin, margin + 6, width - margin, margin + 6, "#999999", 0.4))
            words = page_of.format(footer=footer, n=str(n).translate(said), total=str(len(pages)).translate(said))
            ops += oneline.ops(width / 2, margin - 4, words, family, "italic", 8, "#555555", "center", rtl=rtl)
    return pages, firsts


def _box_alone(paged: list[list[Column]]) -> bool:
    """The last page holds nothing but the box: it was kept whole on a page of its own."""
    return len(paged) > 1 and all(b.boxed for col in paged[-1] for _, b, _ in col.placed)


def _box_tail(paged: list[list[Column]], columns: int, height: float) -> bool:
    """The last page holds nothing but the box's last entries, and fills less than a third of it."""
    last = paged[-1]
    return len(paged) > 1 and all(b.boxed for col in last for _, b, _ in col.placed) and \
        sum(c.used for c in last) < columns * height / 3
