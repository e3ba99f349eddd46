"""Measuring text without placing it (so the shipped games' first builds are no slower than when every size was wrapped):
text.measure gives wrap's height and widest, the fitter picks the size it picked when it wrapped every try, the
leaf's break is the one fitting every break finds, and styles_used names only the styles a text prints in
(each a font parsed on a first build)."""
from __future__ import annotations

import random

import pytest

from generator.layout import fonts, text
from generator.layout.pages import two_pages
from generator.layout.text import IconMetrics

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
        w = text.wrap(markup, family, width, s, 1.2, "left", icons)
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
                    w = text.wrap(markup, serif, width, size, 1.2, "left", icons)
                    assert text.measure(markup, serif, width, size, 1.2, icons) == (w.height, w.widest)


def test_the_fitter_picks_the_size_wrapping_every_try_picked(serif):
    for markup in MARKUP:
        for width, height in ((60.0, 40.0), (120.0, 90.0), (160.0, 400.0), (30.0, 30.0)):
            got = text.fit(markup, serif, width, height, 14.0, 5.0, 1.2, "left", ICONS)
            want = _reference_fit(markup, serif, width, height, 14.0, 5.0, ICONS)
            assert (got.size if got else None) == want
            if got:
                assert got.wrapped == text.wrap(markup, serif, width, got.size, 1.2, "left", ICONS)


def _reference_two_pages(sections, width, height, family, largest, smallest, icons=()):
    """The leaf's break as it was found before: every break fitted at every size its binary search tried."""
    best, best_score = None, None
    for k in range(1, len(sections)):
        parts = ["\n\n".join(sections[:k]), "\n\n".join(sections[k:])]
        fitted = [_reference_fit(p, family, width, height, largest, smallest, icons) for p in parts]
        if None in fitted:
            continue
        size = min(fitted)
        fills = [text.wrap(p, family, width, size, 1.2, "left", icons).height / height for p in parts]
        score = (round(min(fills), 3), size)
        if best_score is None or score > best_score:
            best, best_score = (k, size), score
    return best


def _sections(rng, n, width):
    words = "the a card player draws takes each turn round coin score pile deck hand".split()
    # a word as wide as the column at about 10pt: a section holding it fits only when set smaller
    wide = "Wide" * max(1, int(width / 23))
    out = []
    for i in range(n):
        body = " ".join(rng.choice(words) for _ in range(rng.randint(5, 260)))
        if rng.random() < 0.25:
            body += " " + wide
        bullets = "\n".join(f"- {' '.join(rng.choice(words) for _ in range(rng.randint(2, 30)))}"
                            for _ in range(rng.randint(0, 6)))
        out.append(f"## Section {i}\n\n{body}\n\n{bullets}".strip())
    return out


def test_the_leafs_break_is_the_one_fitting_every_break_finds(serif):
    """Measured at the largest size first, a break that must be set smaller is fitted only when it could
    beat the best break there: the same (break, size) as fitting every break, over texts that fit at the
    largest size, that must all shrink, that fit nowhere, and that hold a word only a smaller size fits
    (the breaks that must shrink yet could fill their emptier page more than the best at the largest)."""
    rng = random.Random(36)
    cases = 0
    for _ in range(80):
        width, height = rng.choice(((470.0, 700.0), (380.0, 520.0), (300.0, 400.0), (200.0, 260.0)))
        sections = _sections(rng, rng.randint(2, 9), width)
        icons = ICONS if rng.random() < 0.3 else ()
        if icons:
            sections = [s.replace(" coin ", " 2 :coin: ") for s in sections]
        got = two_pages(sections, width, height, serif, 12.0, 8.0, icons)
        assert got == _reference_two_pages(sections, width, height, serif, 12.0, 8.0, icons)
        cases += got is not None and got[1] < 12.0
    assert cases >= 5          # some leaves were set smaller than the largest size, not only at it


@pytest.mark.parametrize("markup, styles", [
    ("**bold** and then *italic*", ("bold", "italic", "regular")),
    ("***bold italic***", ("bolditalic", "regular")),
    ("**bold *and italic* inside**", ("bold", "bolditalic", "regular")),
    ("## A *heading*", ("bold", "bolditalic", "regular")),
    ("## A heading\n\nplain", ("bold", "regular")),
    ("just text :coin:", ("regular",)),
])
def test_styles_used_names_the_styles_a_text_prints_in(markup, styles):
    assert text.styles_used(markup) == styles
