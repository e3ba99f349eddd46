"""Text that flows over whole pages: print instructions and a game's rule pages.

The markup is the card markup (layout/text.py): "# " and "## " headings, "- " bullets, **bold**, *italic*.
Blocks are broken into lines by the card text's own wrapper (text.break_lines), so rule pages need no
reportlab Paragraphs. Columns fill top to bottom, then left to right; a paragraph too long for what is
left of a column is split between lines; a heading never ends a column (it moves on with the start of
what follows it); the columns of the last page are balanced; every page gets a footer with "page N of M"
when a footer is given. A `box` (markup) follows the text on a tinted ground with a frame, narrower by
its padding, split between columns and pages like any text (the rules' "This edition" box). The deck's
icons (:name:, given its folder) are drawn on the lines' baselines as on cards (layout/icons.py).
"""
from __future__ import annotations

from typing import NamedTuple

from ..units import length
from . import fonts, icons, text
from .display import Line, Rect, Text

HEADING_SCALE = {"heading1": 1.45, "heading2": 1.12, "heading3": 1.0}
FOOTER_SPACE = 14.0       # points kept free at the foot of a page for the footer
PARA_LEADING, HEADING_LEADING = 1.3, 1.2
BOX_PAD = 5.0             # points between a box's frame and its text
BOX_FILL, BOX_STROKE = "#f4f0e6", "#8a8070"


class Block(NamedTuple):
    """One parsed block broken into lines, with the space it wants above and below."""
    source: text.Block
    lines: text.Lines
    lead: float          # the height of each line
    before: float
    after: float
    heading: bool
    boxed: bool = False  # inside the box


def _blocks(markup: str, family: str, width: float, size: float, boxed: bool = False,
            metrics: tuple = ()) -> list[Block]:
    out = []
    if boxed:
        width -= 2 * BOX_PAD
    for b in text.parse(markup):
        ls = text.break_lines(b, family, width, size, HEADING_SCALE, metrics)
        heading = b.kind.startswith("heading")
        if heading:
            before = size * (1.5 if b.kind == "heading1" else 0.9)
            after = size * (0.45 if b.kind == "heading1" else 0.3)
        else:
            before, after = 0.0, size * (0.25 if b.bullet else 0.45)
        kept = [ln for ln in ls.lines if ln]          # a line break's empty line takes no room here
        if not kept:
            continue
        lines = text.Lines(kept, [True] * len(kept), ls.size, ls.indent, ls.widest)
        if boxed and not out:
            before = size * 2.5            # room above the frame
        lead = ls.size * (HEADING_LEADING if heading else PARA_LEADING)
        if metrics:                        # icons taller than a line's room: the block's lines move apart
            room = [text.icon_room(ln, metrics, ls.size, lead, (lead - ls.size) / 2 + ls.size * 0.8) for ln in kept]
            lead += 2 * max(max(r) for r in room)
        out.append(Block(b, lines, lead, before, after, heading, boxed))
    return out


def _fill_column(blocks: list[Block], at: tuple[int, int], height: float) -> tuple[list, tuple[int, int]]:
    """From line `at` = (block, line), the lines that fit one column `height` tall, each with its top
    offset; and where the next column starts. A paragraph splits between lines, but not after its
    first; a heading never ends a column (it moves on with the start of what follows); a column
    never starts with space."""
    bi, li = at
    placed, used = [], 0.0
    while bi < len(blocks):
        b = blocks[bi]
        before = b.before if (placed and li == 0) else 0.0
        if b.heading and li == 0 and placed and used + before + _keep_need(blocks, bi) > height:
            break
        if used + before + b.lead > height and placed:
            break
        if li == 0 and len(b.lines.lines) > 1 and placed and used + before + 2 * b.lead > height:
            break                                   # no first line left alone at the foot of a column
        placed.append((used + before, bi, li))
        used += before + b.lead
        li += 1
        if li == len(b.lines.lines):
            used += b.after
            bi, li = bi + 1, 0
    return placed, (bi, li)


def _keep_need(blocks: list[Block], bi: int) -> float:
    """Height the heading at blocks[bi] needs: itself, any headings right after it, two lines of what follows."""
    need, j = 0.0, bi
    while j < len(blocks) and blocks[j].heading:
        b = blocks[j]
        need += (b.before if j > bi else 0.0) + b.lead * len(b.lines.lines) + b.after
        j += 1
    if j < len(blocks):
        b = blocks[j]
        need += b.before + b.lead * min(2, len(b.lines.lines))
    return need


def _fill_page(blocks, at, columns: int, height: float):
    cols = []
    for _ in range(columns):
        placed, at = _fill_column(blocks, at, height)
        cols.append(placed)
    return cols, at


def _balanced_height(blocks, at, columns: int, height: float) -> float:
    """The least column height (to 1pt) at which what is left fits on one page."""
    lo, hi = 0.0, height
    while hi - lo > 1.0:
        mid = (lo + hi) / 2
        _, end = _fill_page(blocks, at, columns, mid)
        if end[0] < len(blocks):
            lo = mid
        else:
            hi = mid
    return hi


def flow(markup: str, width: float, height: float, margin: float = length("18mm"), family: str = "serif",
         size: float = 10.0, footer: str = "", columns: int = 1, gap: float = length("8mm"),
         accent: str = "#1a1a1a", ink: str = "#000000", title: str = "", subtitle: str = "",
         box: str = "", folder=None) -> list[list]:
    """Lay out `markup` over as many pages as it needs; each page is a list of ops in page coordinates.

    `title` (and `subtitle`) head the first page across all columns; `footer` puts "footer · page N of M"
    at the foot of every page; `box` is markup set after the text in a tinted frame; `folder`: the deck
    folder whose icons the text may write (without it, :name: prints as written).
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
        head_ops.append(Text(width / 2, top - tsize * 0.8, title, fonts.font_name(family, "bold"), tsize, accent,
                             "center"))
        y = top - tsize * 1.15
        if subtitle:
            y -= size * 1.2
            head_ops.append(Text(width / 2, y, subtitle, fonts.font_name(family, "italic"), size * 1.15, ink,
                                 "center"))
        y -= size * 0.8
        head_ops.append(Line(margin, y, width - margin, y, accent, 0.8))
        head_h = top - y + size * 1.2
    for style in text.styles_used(markup + "\n\n" + box):
        fonts.font_name(family, style)
    metrics = icons.metrics(folder, markup + "\n\n" + box) if folder is not None else ()
    blocks = _blocks(markup, family, col_w, size, metrics=metrics) + \
        (_blocks(box, family, col_w, size, boxed=True, metrics=metrics) if box else [])
    pages: list[list] = []
    at = (0, 0)
    while at[0] < len(blocks) or not pages:
        first = not pages
        h = col_h - (head_h if first else 0.0)
        top = height - margin - (head_h if first else 0.0)
        _, end = _fill_page(blocks, at, columns, h)
        if end[0] >= len(blocks) and columns > 1:
            h = _balanced_height(blocks, at, columns, h)    # the last page: even columns
        cols, nxt = _fill_page(blocks, at, columns, h)
        ops: list = list(head_ops) if first else []
        frames: list = []
        for c, placed in enumerate(cols):
            x = margin + c * (col_w + gap)
            inside = [(y, blocks[bi].lead) for y, bi, li in placed if blocks[bi].boxed]
            if inside:              # the box's part in this column: a frame behind its lines
                y0, y1 = inside[0][0] - BOX_PAD, inside[-1][0] + inside[-1][1] + BOX_PAD
                frames.append(Rect(x, top - y1, col_w, y1 - y0, BOX_FILL, BOX_STROKE, 0.6, 2.0))
            for y, bi, li in placed:
                b = blocks[bi]
                base = top - y - ((b.lead - b.lines.size) / 2 + b.lines.size * 0.8)
                colour = accent if b.heading else ink
                pad = BOX_PAD if b.boxed else 0.0
                for p in text.line_pieces(b.lines, li, b.source, family, col_w - 2 * pad, 0.0, "left"):
                    if p.font == text.ICON:
                        op = icons.op(folder, p.text, x + pad + p.x, base, p.size, colour)
                        ops.extend([op] if op is not None else [])
                    else:
                        ops.append(Text(x + pad + p.x, base, p.text, p.font, p.size, colour))
        pages.append(frames + ops)
        if nxt == at:                                        # nothing fitted at all: give up rather than loop
            break
        at = nxt
    if footer:
        fn = fonts.font_name(family, "italic")
        for n, ops in enumerate(pages, 1):
            ops.append(Line(margin, margin + 6, width - margin, margin + 6, "#999999", 0.4))
            ops.append(Text(width / 2, margin - 4, f"{footer} · page {n} of {len(pages)}", fn, 8, "#555555",
                            "center"))
    return pages
