"""The print leaf's two pages as drawn: its sections (leaf.py) flowed over them as the rule pages flow
(layout/pages.py), the first page full, at the largest size from LARGEST down to SMALLEST at which they
fit; and each page's markup, for the proof to check.

Not here: the leaf's words (leaf.py), the rest of the printout (document.py).
"""
from __future__ import annotations


from ..records import Record
from ..units import length
from ..errors import PnpError

LEAF = 2                    # pages
LARGEST, SMALLEST = 15.0, 8.0   # points: the leaf is read, not glanced at (15pt Plex Serif: some 65 letters a
#                                 line on A4, as 14pt DejaVu Serif set before)
MARGIN = length("18mm")
INK = "#000000"
FULL = 0.85                 # of its height: what every page of the leaf but the last holds


def _fill(ops: list, height: float, size: float) -> float:
    """How far down its text area a page's text reaches (0 to 1): its lowest baseline and a descender."""
    from ..layout.display import Text  # lazy: +748 ms to import (benchmarks/imports.py)
    low = min((op.y for op in ops if isinstance(op, Text)), default=height - MARGIN) - 0.25 * size
    return (height - MARGIN - low) / (height - 2 * MARGIN)


class Leaf(Record):
    size: float             # points: the size it is set at
    pages: list             # each page's drawing operations (layout/pages.py)
    texts: tuple            # each page's markup


def lay_out(parts: list[str], width: float, height: float, file: str = "", family: str = "serif",
            icons_: dict | None = None, hyphenate: str = "", rtl: bool = False) -> Leaf:
    """The leaf's sections flowed over its two pages as the rule pages flow (layout/pages.py: a heading
    never ends a page, a paragraph split with two lines at least on each side, a list item of up to four
    lines never), at the largest size from LARGEST down to SMALLEST (0.25pt steps) at which they fit: the
    first page full (FULL; a page break that leaves it short sets the leaf a step smaller), the second
    holding the rest, in the direction of its language (`rtl`). `icons_`: the deck's icons ({name: Icon}), which the leaf's text may write as :name:. A leaf that does not fit
    at SMALLEST is the deck's mistake (its setup or instructions too long), one line naming game.setup."""
    from ..layout import fonts  # lazy: +752 ms to import (benchmarks/imports.py)
    from ..layout.pages import flow_pages  # lazy: +744 ms to import (benchmarks/imports.py)
    from ..layout.wrap import styles_used  # lazy: +509 ms to import (benchmarks/imports.py)
    from ..text.markup import located  # lazy: +12 ms to import (benchmarks/imports.py)
    text = "\n\n".join(parts)
    styles = styles_used(text) + ("bold",)
    fonts.ensure(family, styles)
    missing = fonts.missing_glyphs(text.replace("*", ""), family, styles)
    if missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise PnpError(f"the print-instructions page (font '{family}') has no glyph for {chars}; "
                       "it comes from the game's title, designer, parts or kinds", file)

    def at(size: float):
        return flow_pages(text, width, height, MARGIN, family, size, accent=INK, ink=INK, icons_=icons_,
                          whole_items=True, hyphenate=hyphenate, rtl=rtl)

    steps = int(round((LARGEST - SMALLEST) / 0.25))
    lo, hi, best = 0, steps, None
    while lo <= hi:                          # the largest size (the fewest steps down) at which it fits
        mid = (lo + hi) // 2
        laid = at(LARGEST - 0.25 * mid)
        if len(laid[0]) <= LEAF:
            best, hi = (LARGEST - 0.25 * mid, laid), mid - 1
        else:
            lo = mid + 1
    if best is None:
        raise PnpError(f"the print leaf does not fit its two pages at {SMALLEST:g}pt: shorten game.setup or "
                       "game.instructions", file, field="game.setup")
    size, (pages, firsts) = best
    if len(pages) > 1 and _fill(pages[0], height, size) < FULL:
        for smaller in (size - 0.25 * k for k in range(1, 5) if size - 0.25 * k >= SMALLEST):
            laid = at(smaller)              # a page break that leaves the first page short: up to 1pt smaller
            if len(laid[0]) <= LEAF and _fill(laid[0][0], height, smaller) >= FULL:
                size, (pages, firsts) = smaller, laid
                break
    pages = pages + [[] for _ in range(LEAF - len(pages))]
    lines = text.split("\n")
    starts = {id(b): n for b, n in located(text)}          # the markup line each block starts on
    end = len(lines) + 1
    bounds = [1] + [starts.get(id(b), end) if b is not None else end for b in firsts[1:]]
    bounds += [end] * (LEAF + 1 - len(bounds))
    texts = tuple("\n".join(lines[a - 1:b - 1]).strip("\n") for a, b in zip(bounds, bounds[1:]))
    return Leaf(size, pages, texts)
