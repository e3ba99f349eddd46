"""Issues 44 and 57: the This edition box is kept whole where it fits, and no rule page but the last is left a
third empty. Its frames are read back from every shipped game's rule pages (A4 and Letter): a box that fits one
column (set alone on the paper, as layout/pages.py sets it) is one frame, and one that fits a page has all its
frames on one page, unless keeping it so would leave the page before it more than a third empty: it then starts
under the text, that page full, and ends on the next (two parts, never three pages). Every rule page but the
last has each of its columns two thirds full at least (Royal Lines' page 19 was a third blank before a box kept
whole, its Letter box split in three)."""
from __future__ import annotations

import pytest

import pdfread
from pdfcheck import MM, per_file, placements
from seedtext import GAMES

from generator.deck import load_deck

PAPERS = ["a4", "letter"]


def _rule_pages(pdf) -> list[int]:
    pl = placements(pdf)
    holding = [i for i, p in enumerate(pl) if p]
    return [i for i in range(holding[-1] + 1, len(pl)) if not pl[i]]


@per_file
def frames(pdf) -> tuple[tuple[int, float], ...]:
    """(page, height) of each part of the box: the large filled rectangles on the rule pages (read once a file:
    two tests read A Royal Will's)."""
    out = []
    for i in _rule_pages(pdf):
        for r in pdfread.rects_and_curves(pdf, i):
            if r["x1"] - r["x0"] > 40 and r["bottom"] - r["top"] > 10 and r["fill"]:
                out.append((i, float(r["bottom"] - r["top"])))
    return tuple(out)


def alone(game: str, paper: str) -> tuple[int, int]:
    """(pages, frames) of the box set alone, with no text before it, on the paper, at the rules' size (not
    the smaller size a box may be set at to save a last page): where it fits."""
    from generator.layout import pages as flowing
    from generator.printout.edition import markup
    from generator.printout.rules import rule_text
    from generator.impose.paper import get_sheet
    from generator.layout.display import Rect
    from generator.layout.pages import flow
    deck = load_deck(game)
    settings = rule_text(deck)[1]
    sheet = get_sheet(paper)
    scales, flowing.BOX_SCALES = flowing.BOX_SCALES, ()
    try:
        pages = flow("", sheet.width, sheet.height, family=settings.get("font", "serif"),
                     size=settings.get("size", 9.5), footer="x", columns=settings.get("columns", 1), box=markup(deck))
    finally:
        flowing.BOX_SCALES = scales
    return len(pages), sum(isinstance(op, Rect) for ops in pages for op in ops)


@per_file
def column_fill(pdf, page: int) -> tuple[float, float]:
    """How far down each of the two columns its words reach, 0 to 1, from the text area's top (below a first
    page's title) to the footer's rule (read once a file and page: two tests read the page a box breaks on)."""
    (width, height), chars = pdfread.page_chars(pdf, page)
    found = pdfread.words_of(chars)
    rules = [ln for ln in pdfread.straight_lines(pdf, page) if ln["x1"] - ln["x0"] > width / 2]
    foot = max(ln["top"] for ln in rules)                       # the footer's rule (a first page: under the title)
    head = min((ln["top"] for ln in rules if ln["top"] < height / 3), default=18 * MM)
    body = [w for w in found if head < w["top"] < foot - 1]
    out = []
    for left in (True, False):
        mine = [w for w in body if ((w["x0"] + w["x1"]) / 2 < width / 2) == left]
        out.append((max(w["bottom"] for w in mine) - head) / (foot - head) if mine else 0.0)
    return tuple(out)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_the_box_is_whole_where_it_fits(built, game, paper):
    pdf = built(game, "--paper", paper)
    parts = frames(pdf)
    assert parts, f"{game} {paper}: no This edition box"
    pages, columns = alone(game, paper)
    on = sorted({p for p, _ in parts})
    if columns == 1 and len(parts) > 1 or pages == 1 and len(on) > 1:
        # kept whole, it would leave the page before it more than a third empty: it starts under the text,
        # that page full, and ends on the next one
        assert len(on) == 2 and on[1] == on[0] + 1, f"{game} {paper}: the box fits a page, printed on {on}"
        assert min(column_fill(pdf, on[0])) >= 2 / 3, \
            f"{game} {paper}: the box left its page {column_fill(pdf, on[0])} full and still broke"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_rule_page_but_the_last_is_a_third_empty(built, game, paper):
    pdf = built(game, "--paper", paper)
    pages = _rule_pages(pdf)
    for page in pages[:-1]:
        fill = column_fill(pdf, page)
        assert min(fill) >= 2 / 3, f"{game} {paper}: rule page {page + 1}'s columns are {fill} full"


def test_a_royal_wills_box_fills_a_page_of_its_own(built):
    """A Royal Will's box is longer than a page since this edition's rulings were added (issue 44's questions):
    it starts after the text on the page before the last (in one column or, after a short text, in both), and
    fills the last page alone, both its columns, rather than leave a page's column 40% empty between its parts."""
    pdf = built("a-royal-will")
    parts = frames(pdf)
    rules = _rule_pages(pdf)
    pages = [p for p, _ in parts]
    assert pages[0] == rules[-2] and pages.count(rules[-1]) == 2 and set(pages) == {rules[-2], rules[-1]}, parts


def test_a_box_that_fits_a_column_starts_the_next_column_rather_than_break():
    """Text filling a page and part of the next one's first column, then a box of two thirds of a column: the
    box starts the second column whole (balancing the last page broke it between the two), and the first
    keeps the text alone."""
    from generator.layout.display import Rect, Text
    from generator.layout.pages import flow
    text = "\n\n".join(f"Paragraph {n}: " + "words of the rules set in two columns, " * 8 for n in range(19))
    box = "## This edition\n*What this edition settles.*\n\n" + "\n".join(
        f"- **Point {n}:** " + "a ruling with its reason, " * 6 for n in range(9))     # 506 pt
    pages = flow(text, 595.0, 842.0, size=9.5, columns=2, box=box, footer="x")
    assert len(pages) == 2
    frames = [op for op in pages[1] if isinstance(op, Rect)]
    assert len(frames) == 1, f"the box in {len(frames)} parts"
    middle = 595.0 / 2
    assert frames[0].x > middle, "the box is not in the second column"
    words = [op for op in pages[1] if isinstance(op, Text) and op.text.startswith("Paragraph")]
    assert words and all(w.x < middle for w in words), "the text runs into the box's column"
