"""Text that flows over whole pages: print instructions and a game's rule pages."""
from __future__ import annotations

from ..units import length
from . import fonts, text
from .face import Flow, Line, Text


def flow(markup: str, width: float, height: float, margin: float = length("18mm"), family: str = "serif",
         size: float = 10.0, footer: str = "", columns: int = 1, gap: float = length("8mm")) -> list[list]:
    """Lay out `markup` over as many pages as it needs; each page is a list of ops in page coordinates."""
    fonts.family(family)
    col_w = (width - 2 * margin - (columns - 1) * gap) / columns
    col_h = height - 2 * margin - (14 if footer else 0)
    queue = list(text.paragraphs(markup, family, size, 1.3, "left"))
    pages: list[list] = []
    while queue:
        ops: list = []
        for col in range(columns):
            x = margin + col * (col_w + gap)
            placed, used = [], 0.0
            while queue:
                p = queue[0]
                before = p.style.spaceBefore if placed else 0.0
                _, h = p.wrap(col_w, col_h)
                if used + before + h <= col_h:
                    placed.append(queue.pop(0))
                    used += before + h + p.style.spaceAfter
                    continue
                parts = p.split(col_w, col_h - used - before)
                if len(parts) >= 2:
                    queue[0:1] = parts
                    parts[0].wrap(col_w, col_h)
                    placed.append(queue.pop(0))
                    for rest in queue[:1]:
                        rest.wrap(col_w, col_h)
                elif not placed:
                    placed.append(queue.pop(0))   # taller than a page: let it run over rather than loop
                break
            if placed:
                ops.append(Flow(x, height - margin, col_w, col_h, tuple(placed)))
        if footer:
            fn = fonts.font_name(family, "italic")
            ops.append(Line(margin, margin + 6, width - margin, margin + 6, "#999999", 0.4))
            ops.append(Text(width / 2, margin - 4, f"{footer} · page {len(pages) + 1}", fn, 8, "#555555",
                            "center"))
        pages.append(ops)
    return pages
