"""The print leaf's two pages as drawn: its sections (leaf.py) flowed over them in two columns as the rule pages
flow (layout/pages.py), the first page full, at the rule pages' size (LARGEST, or down to SMALLEST where they do not
fit), unless the sheet has room to spare (then up to ROOMY); and each page's markup, for the proof to check.

Not here: the leaf's words (leaf.py), the rest of the printout (document.py).
"""
from __future__ import annotations


from ..records import Record
from ..units import length
from ..errors import PnpError

LEAF = 2                    # pages
LARGEST, SMALLEST = 10.5, 9.5   # points: the leaf's body, the one place it is set: the rule pages' size (9.5pt) to
#                                 a step above it, in their two columns (some 50 letters a line on A4), so the leaf
#                                 reads as the rules do (at 14.5pt in one column it read as large print; issues 55, 57)
ROOMY, SPARE = 13.0, 1 / 3      # ... unless the sheet has room to spare: at LARGEST its second page would hold under a
#                                 third of a page; then the least size up to ROOMY that fills that much of it
COLUMNS = 2
MARGIN = length("18mm")
INK = "#000000"
FULL = 0.85                 # of its height: what every page of the leaf but the last holds


def _fill(ops: list, height: float, size: float) -> float:
    """How far down its text area a page's text reaches (0 to 1): its lowest baseline and a descender."""
    from ..layout.display import Text  # lazy: +748 ms to import (benchmarks/imports.py)
    low = min((op.y for op in ops if isinstance(op, Text)), default=height - MARGIN) - 0.25 * size
    return (height - MARGIN - low) / (height - 2 * MARGIN)


def _largest(at, least: float, most: float, pages: int = LEAF):
    """(the largest size from `most` down to `least`, 0.25pt steps, at which at(size) fits `pages` pages, what at
    gave), or None."""
    lo, hi, best = 0, int(round((most - least) / 0.25)), None
    while lo <= hi:                          # the largest size (the fewest steps down) at which it fits
        mid = (lo + hi) // 2
        laid = at(most - 0.25 * mid)
        if len(laid[0]) <= pages:
            best, hi = (most - 0.25 * mid, laid), mid - 1
        else:
            lo = mid + 1
    return best


def _spare(pages: list, height: float, size: float) -> bool:
    """Whether the leaf's last page is left with room to spare: under SPARE of it holds text."""
    return len(pages) < LEAF or _fill(pages[-1], height, size) < SPARE


class Leaf(Record):
    size: float             # points: the size it is set at
    pages: list             # each page's drawing operations (layout/pages.py)
    texts: tuple            # each page's markup


def lay_out(parts: list[str], width: float, height: float, file: str = "", family: str = "serif",
            icons_: dict | None = None, hyphenate: str = "", rtl: bool = False, families: tuple = ()) -> Leaf:
    """The leaf's sections flowed over its two pages as the rule pages flow (layout/pages.py: a heading
    never ends a page, a paragraph split with two lines at least on each side, a list item of up to four
    lines never), in two columns, at the rule pages' size (LARGEST, or the largest down to SMALLEST, 0.25pt steps,
    at which they fit; where LARGEST leaves the second page with room to spare, the least size up to ROOMY that
    does not): the first page full (FULL; a page break that leaves it short sets the leaf a step smaller),
    the second holding the rest, in the direction of its language (`rtl`). `icons_`: the deck's icons ({name:
    Icon}), which the leaf's text may write as :name: (an SVG one's text in the deck's own font `families` where
    it names one). A leaf that does not fit
    at SMALLEST is the deck's mistake (its setup or instructions too long), one line naming game.setup."""
    from ..layout import fonts  # lazy: +752 ms to import (benchmarks/imports.py)
    from ..layout.pages import flow_pages  # lazy: +744 ms to import (benchmarks/imports.py)
    from ..layout.paragraph import KEPT  # lazy: +744 ms to import, as layout.pages above
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
        return flow_pages(text, width, height, MARGIN, family, size, columns=COLUMNS, accent=INK, ink=INK,
                          icons_=icons_, whole_items=True, hyphenate=hyphenate, rtl=rtl, families=families,
                          tied=KEPT)

    first = at(LARGEST)
    best = (LARGEST, first) if len(first[0]) <= LEAF else _largest(at, SMALLEST, LARGEST - 0.25)
    if best is not None and best[0] == LARGEST and _spare(best[1][0], height, LARGEST):
        lo, hi, filled = 1, int(round((ROOMY - LARGEST) / 0.25)), None
        while lo <= hi:         # room to spare: the least size up to ROOMY at which it is not, or the largest that fits
            mid = (lo + hi) // 2
            laid = at(LARGEST + 0.25 * mid)
            if len(laid[0]) > LEAF:
                hi = mid - 1
            elif _spare(laid[0], height, LARGEST + 0.25 * mid):
                best, lo = (LARGEST + 0.25 * mid, laid), mid + 1
            else:
                filled, hi = (LARGEST + 0.25 * mid, laid), mid - 1
        best = filled or best
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
