"""Measuring text without placing it (issue 36's round: the shipped games' first builds no slower than before):
wrap.measure gives wrap's height and widest, the fitter picks the size it picked when it wrapped every try, and
styles_used names only the styles a text prints in (each a font parsed on a first build). (The leaf's break
between sections, two_pages, went with issue 44: the leaf flows over its pages as the rule pages do.)"""
from __future__ import annotations

import pytest

from generator.layout import fonts, wrap
from generator.layout.wrap import IconMetrics

ICONS = (IconMetrics("coin", 1.0, 1.0, 0.0), IconMetrics("vp", 1.3, 1.4, -0.3))
MARKUP = [
    "Play this card on your turn. **Draw 2** and pass the *harvest* to the left.",
    "## Setting up\n\nEach player takes 3 :coin: and a screen.\n\n- Shuffle the deck\n- Deal 5 cards each\n"
    "  - keep one aside\n\nThe oldest player begins.",
    "# Rules\n\nA line<br>with a break.\n\n1. First\n2. Second :vp: :vp: and **bold *and italic* text**",
    "Word " * 200,
    "Averyveryveryverylongwordthatcannotbreakanywhereatall and more.",
]


@pytest.fixture(scope="module")
def serif():
    fonts.ensure("serif", ("regular", "bold", "italic", "bolditalic"))
    return "serif"


def _reference_fit(markup, family, width, height, size, min_size, icons):
    """The fitter as it was: wrap (pieces and all) at each size it tries."""
    def good(s):
        w = wrap.wrap(markup, family, width, s, 1.2, "left", icons)
        return w.height <= height + 0.01 and w.widest <= width + 0.01
    if good(size):
        return size
    lo, hi, best = 1, int(round((size - min_size) / 0.25)), None
    while lo <= hi:
        mid = (lo + hi) // 2
        if good(size - 0.25 * mid):
            best, hi = size - 0.25 * mid, mid - 1
        else:
            lo = mid + 1
    return best


def test_measure_is_wraps_height_and_widest_to_the_last_bit(serif):
    for markup in MARKUP:
        for icons in ((), ICONS):
            for width in (40.0, 97.3, 180.0, 400.0):
                for size in (6.0, 8.25, 11.0, 14.5):
                    w = wrap.wrap(markup, serif, width, size, 1.2, "left", icons)
                    assert wrap.measure(markup, serif, width, size, 1.2, icons) == (w.height, w.widest)


def test_the_fitter_picks_the_size_wrapping_every_try_picked(serif):
    for markup in MARKUP:
        for width, height in ((60.0, 40.0), (120.0, 90.0), (160.0, 400.0), (30.0, 30.0)):
            got = wrap.fit(markup, serif, width, height, 14.0, 5.0, 1.2, "left", ICONS)
            want = _reference_fit(markup, serif, width, height, 14.0, 5.0, ICONS)
            assert (got.size if got else None) == want
            if got:
                assert got.wrapped == wrap.wrap(markup, serif, width, got.size, 1.2, "left", ICONS)


@pytest.mark.parametrize("markup, styles", [
    ("**bold** and then *italic*", ("bold", "italic", "regular")),
    ("***bold italic***", ("bolditalic", "regular")),
    ("**bold *and italic* inside**", ("bold", "bolditalic", "regular")),
    ("## A *heading*", ("bold", "bolditalic", "regular")),
    ("## A heading\n\nplain", ("bold", "regular")),
    ("just text :coin:", ("regular",)),
])
def test_styles_used_names_the_styles_a_text_prints_in(markup, styles):
    assert wrap.styles_used(markup) == styles
