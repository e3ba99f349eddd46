"""The print leaf's two pages as drawn: its sections (leaf.py) flowed over them in two columns as the rule pages
flow (layout/pages.py), at the rule pages' size: the front's on the first page and the back's on the second where
they fit, else all of them with the first page full, at the largest size down to SMALLEST at which they fit; and
each page's markup, for the proof to check.

Not here: the leaf's words (leaf.py), the rest of the printout (document.py).
"""
from __future__ import annotations


from ..records import Record
from ..units import length
from ..errors import PnpError

LEAF = 2                    # pages
LARGEST, SMALLEST = 10.5, 8.0   # points: the rule pages' size (9-10.5pt), in their two columns (some 50 letters a
#                                 line on A4): the leaf reads as the rules do
SPLIT = 9.5                     # points: down to this, the front's sections fill the first page, the back's the second
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


class Leaf(Record):
    size: float             # points: the size it is set at
    pages: list             # each page's drawing operations (layout/pages.py)
    texts: tuple            # each page's markup


def lay_out(parts: list[str], width: float, height: float, file: str = "", family: str = "serif",
            icons_: dict | None = None, hyphenate: str = "", rtl: bool = False, back: int = 0) -> Leaf:
    """The leaf's sections flowed over its two pages as the rule pages flow (layout/pages.py: a heading
    never ends a page, a paragraph split with two lines at least on each side, a list item of up to four
    lines never), in two columns, at the rule pages' size: the front's sections (those before `back`: the game,
    what is in the box, printing, the sheets, cutting) on the first page and the back's (setting up, this
    edition, the source) on the second, at the largest size from LARGEST down to SPLIT at which each fits its
    page; where they do not, all of them at the largest size from LARGEST down to SMALLEST (0.25pt steps) at
    which they fit: the first page full (FULL; a page break that leaves it short sets the leaf a step smaller),
    the second holding the rest, in the direction of its language (`rtl`). `icons_`: the deck's icons ({name: Icon}), which the leaf's text may write as :name:. A leaf that does not fit
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
        return flow_pages(text, width, height, MARGIN, family, size, columns=COLUMNS, accent=INK, ink=INK,
                          icons_=icons_, whole_items=True, hyphenate=hyphenate, rtl=rtl)

    if 0 < back < len(parts):                # the front on the first page, the back on the second, where they fit
        front, rest = "\n\n".join(parts[:back]), "\n\n".join(parts[back:])
        one = _largest(lambda size: flow_pages(front, width, height, MARGIN, family, size, columns=COLUMNS,
                                               accent=INK, ink=INK, icons_=icons_, whole_items=True,
                                               hyphenate=hyphenate, rtl=rtl), SPLIT, LARGEST, 1)
        two = one and _largest(lambda size: flow_pages(rest, width, height, MARGIN, family, size, columns=COLUMNS,
                                                       accent=INK, ink=INK, icons_=icons_, whole_items=True,
                                                       hyphenate=hyphenate, rtl=rtl), SPLIT, one[0], 1)
        if two:
            if two[0] < one[0]:             # the back needs a smaller size: the front set at it too
                one = (two[0], flow_pages(front, width, height, MARGIN, family, two[0], columns=COLUMNS, accent=INK,
                                          ink=INK, icons_=icons_, whole_items=True, hyphenate=hyphenate, rtl=rtl))
            return Leaf(two[0], [one[1][0][0], two[1][0][0]], (front, rest))
    best = _largest(at, SMALLEST, LARGEST)
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
