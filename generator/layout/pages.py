"""Text that flows over whole pages: print instructions and a game's rule pages.

The markup is the card markup (layout/text.py): "# " and "## " headings, "- " bullets, **bold**, *italic*.
Columns fill top to bottom, then left to right; a paragraph too long for what is left of a column is
split between lines; a heading never ends a column (it moves on with the start of what follows it); the
columns of the last page are balanced; every page gets a footer with "page N of M" when a footer is given.
"""
from __future__ import annotations

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.fonts import addMapping
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from ..units import length
from . import fonts, text
from .face import Flow, Line, Text

HEADING_SCALE = {"heading1": 1.45, "heading2": 1.12, "heading3": 1.0}
FOOTER_SPACE = 14.0       # points kept free at the foot of a page for the footer


def _styles(family: str, size: float, accent: str, ink: str) -> dict:
    """Paragraph styles for each block kind of the markup."""
    regular, bold = fonts.font_name(family), fonts.font_name(family, "bold")
    leading = 1.3
    out = {"para": ParagraphStyle(f"page-para-{family}-{size}", fontName=regular, fontSize=size,
                                  leading=size * leading, textColor=ink, alignment=TA_LEFT,
                                  spaceBefore=0, spaceAfter=size * 0.45)}
    for kind, scale in HEADING_SCALE.items():
        s = size * scale
        out[kind] = ParagraphStyle(f"page-{kind}-{family}-{size}", fontName=bold, fontSize=s, leading=s * 1.2,
                                   textColor=accent, alignment=TA_LEFT,
                                   spaceBefore=size * (1.5 if kind == "heading1" else 0.9),
                                   spaceAfter=size * (0.45 if kind == "heading1" else 0.3))
    return out


def _bullet_style(base: ParagraphStyle, bullet: str, size: float) -> ParagraphStyle:
    indent = size * (1.2 if len(bullet) <= 1 else 0.6 * len(bullet) + 0.7)
    return ParagraphStyle(f"{base.name}-bullet-{len(bullet)}", parent=base, leftIndent=indent, bulletIndent=0,
                          bulletFontName=base.fontName, bulletFontSize=base.fontSize,
                          spaceAfter=size * 0.25)


def _map_styles(family: str) -> None:
    """Register the family's four styles, then map <b> and <i> to them (registering a font resets its mapping)."""
    names = {style: fonts.font_name(family, style) for style in fonts.STYLES}
    for (bold, italic), style in {(0, 0): "regular", (1, 0): "bold", (0, 1): "italic", (1, 1): "bolditalic"}.items():
        addMapping(names["regular"], bold, italic, names[style])


def _paragraphs(markup: str, family: str, size: float, accent: str, ink: str) -> list[Paragraph]:
    _map_styles(family)
    styles = _styles(family, size, accent, ink)
    out = []
    for b in text.parse(markup):
        if b.kind == "bullet":
            p = Paragraph(b.text, _bullet_style(styles["para"], b.bullet, size), bulletText=b.bullet)
        else:
            p = Paragraph(b.text, styles.get(b.kind, styles["para"]))
        p.pnp_heading = b.kind.startswith("heading")
        out.append(p)
    return out


def _is_heading(p) -> bool:
    return bool(getattr(p, "pnp_heading", False))


def _keep_need(queue: list, i: int, width: float, height: float) -> float:
    """Height a heading at queue[i] needs: itself, any headings right after it, and two lines of what follows."""
    need, j = 0.0, i
    while j < len(queue) and _is_heading(queue[j]):
        p = queue[j]
        need += (p.style.spaceBefore if j > i else 0.0) + p.wrap(width, height)[1] + p.style.spaceAfter
        j += 1
    if j < len(queue):
        p = queue[j]
        _, h = p.wrap(width, height)
        need += p.style.spaceBefore + min(h, 2 * p.style.leading)
    return need


def _fill_column(queue: list, width: float, height: float) -> list:
    """Take from the front of `queue` what fits in one column; split a paragraph between lines if need be."""
    placed, used = [], 0.0
    while queue:
        p = queue[0]
        before = p.style.spaceBefore if placed else 0.0
        _, h = p.wrap(width, height)
        if _is_heading(p) and placed and used + before + _keep_need(queue, 0, width, height) > height:
            break                                   # a heading moves on with the start of what follows it
        if used + before + h <= height:
            placed.append(queue.pop(0))
            used += before + h + p.style.spaceAfter
            continue
        parts = [] if _is_heading(p) else p.split(width, height - used - before)
        if len(parts) >= 2:
            for part in parts:
                part.pnp_heading = False
            queue[0:1] = parts
            parts[0].wrap(width, height)
            placed.append(queue.pop(0))
            queue[0].wrap(width, height)
        elif not placed:
            placed.append(queue.pop(0))             # taller than a whole column: let it run over, never loop
        break
    return placed


def _fill_page(queue: list, columns: int, width: float, height: float) -> list[list]:
    return [_fill_column(queue, width, height) for _ in range(columns)]


def _balanced_height(queue: list, columns: int, width: float, height: float) -> float:
    """The least column height (to 1pt) at which what is left in `queue` fits on one page."""
    lo, hi = 0.0, height
    while hi - lo > 1.0:
        mid = (lo + hi) / 2
        trial = list(queue)
        _fill_page(trial, columns, width, mid)
        if trial:
            lo = mid
        else:
            hi = mid
    return hi


def flow(markup: str, width: float, height: float, margin: float = length("18mm"), family: str = "serif",
         size: float = 10.0, footer: str = "", columns: int = 1, gap: float = length("8mm"),
         accent: str = "#1a1a1a", ink: str = "#000000", title: str = "", subtitle: str = "") -> list[list]:
    """Lay out `markup` over as many pages as it needs; each page is a list of ops in page coordinates.

    `title` (and `subtitle`) head the first page across all columns; `footer` puts "footer · page N of M"
    at the foot of every page.
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
    queue = _paragraphs(markup, family, size, accent, ink)
    pages: list[list] = []
    while queue or not pages:
        first = not pages
        h = col_h - (head_h if first else 0.0)
        top = height - margin - (head_h if first else 0.0)
        trial = list(queue)
        _fill_page(trial, columns, col_w, h)
        if not trial and columns > 1:
            h = _balanced_height(queue, columns, col_w, h)   # the last page: even columns
        cols = _fill_page(queue, columns, col_w, h)
        ops: list = list(head_ops) if first else []
        for c, placed in enumerate(cols):
            if placed:
                for p in placed:
                    p.wrap(col_w, h)
                ops.append(Flow(margin + c * (col_w + gap), top, col_w, h, tuple(placed)))
        pages.append(ops)
        if not any(cols) and queue:                          # nothing fitted at all: give up rather than loop
            break
    if footer:
        fn = fonts.font_name(family, "italic")
        for n, ops in enumerate(pages, 1):
            ops.append(Line(margin, margin + 6, width - margin, margin + 6, "#999999", 0.4))
            ops.append(Text(width / 2, margin - 4, f"{footer} · page {n} of {len(pages)}", fn, 8, "#555555",
                            "center"))
    return pages
