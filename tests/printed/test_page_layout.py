"""The pages that are not cards (the print leaf, the rule pages and their This edition box) read
as a group reads them, from the A4 and Letter PDFs of every shipped game: no column of any page starts with
a fragment (a paragraph's last line alone, an entry of the box cut from its start), no heading ends a
column, the box starts every part after a break with its heading continued, no page but a document's last
is under a third full, and the leaf's first page is full.

Lines are read back from the PDF as pdfplumber reads them (pdfread.py), column by column; what is a block's start
(a paragraph, an entry, a heading) is taken from the markup the pages were set from (the rules file and the box as
printout/edition.py writes it), so a line at a column's top is known to start a block or to continue one.
"""
from __future__ import annotations

import re

import pytest

import pdfread
from pdfcheck import MM, SPACED, per_file, placements, squash
from seedtext import GAMES

from generator.deck import load_deck

PAPERS = ["a4", "letter"]
MARGIN = 18 * MM
FOOTER = 14.0                   # layout/pages.py FOOTER_SPACE


def _key(s: str) -> str:
    return squash(s.replace("•", "")).lower()


def _blocks(game: str) -> tuple[set, set, list]:
    """(the squashed start of every block of the rule pages and the box, the headings, every block's text)."""
    from generator.printout.edition import markup as box
    from generator.printout.rules import rule_text
    from generator.layout import wrap
    deck = load_deck(game)
    starts, heads, alls = set(), set(), []
    for b in wrap.parse(rule_text(deck)[0] + "\n\n" + box(deck)):
        plain = _key("".join(t for t, _ in wrap.spans(b.text)))
        if not plain:
            continue
        alls.append(plain)
        starts.add(plain[:12])
        if b.kind.startswith("heading"):
            heads.add(plain)
    return starts, heads, alls


@per_file
def _columns(pdf, index: int, columns: int) -> tuple[tuple[tuple[tuple, ...], ...], float, float, tuple]:
    """Each column's lines (text, top, bottom, boxed) top to bottom, the text area's top and foot (points from
    the page's top), and the box frames on the page (x0, top, x1, bottom). Read once per file and page (the
    tests below read the same pages of the same shared builds)."""
    (w, h), chars = pdfread.page_chars(pdf, index)
    top = MARGIN - 2
    for line in pdfread.straight_lines(pdf, index):     # a first rule page: its title's rule across the page
        if abs(line["top"] - line["bottom"]) < 0.5 and line["x1"] - line["x0"] > 0.6 * w and line["top"] < h / 3:
            top = max(top, float(line["bottom"]))
    foot = h - MARGIN - FOOTER
    frames = [r for r in pdfread.rects_and_curves(pdf, index) if r["x1"] - r["x0"] > 40 and r["bottom"] - r["top"] > 10]
    out = []
    for c in range(columns):
        lines = pdfread.text_lines(pdfread.crop(chars, (c * w / columns, top, (c + 1) * w / columns, foot + 2)),
                                   **SPACED)
        col = []
        for ln in lines:
            boxed = any(f["x0"] - 1 <= ln["x0"] and ln["x1"] <= f["x1"] + 1 and f["top"] - 1 <= ln["top"]
                        and ln["bottom"] <= f["bottom"] + 1 for f in frames)
            col.append((ln["text"], float(ln["top"]), float(ln["bottom"]), boxed))
        out.append(tuple(col))
    return tuple(out), top, foot, tuple((f["x0"], f["top"], f["x1"], f["bottom"]) for f in frames)


def _rule_pages(pdf) -> list[int]:
    pl = placements(pdf)
    last = max(i for i, p in enumerate(pl) if p)
    return list(range(last + 1, len(pl)))


def _fill(cols, top: float, foot: float) -> float:
    """How full a page is: the mean over its columns of the height down to its last line's foot."""
    return sum((col[-1][2] - top) / (foot - top) if col else 0.0 for col in cols) / len(cols)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_rule_pages_have_no_orphans_and_no_empty_pages(built, game, paper):
    pdf = built(game, "--paper", paper)
    deck = load_deck(game)
    columns = int(deck.rules.get("columns", 1)) if deck.rules else 1
    starts, heads, blocks = _blocks(game)
    pages = _rule_pages(pdf)
    assert pages, f"{game}: no rule pages"
    box_seen = False
    for n, i in enumerate(pages):
        cols, top, foot, frames = _columns(pdf, i, columns)
        last_page = n == len(pages) - 1
        fill = _fill(cols, top, foot)
        assert last_page or fill >= 1 / 3, f"{game} {paper}: rule page {n + 1} is {fill:.0%} full"
        for c, col in enumerate(cols):
            if not col:
                continue
            first = _key(col[0][0])
            where = f"{game} {paper}: rule page {n + 1}, column {c + 1}"
            boxed = [ln for ln in col if ln[3]]
            if boxed:
                # the box's every part starts with its heading: "This edition", or "... (continued)" after a break
                want = "This edition (continued)" if box_seen else "This edition"
                assert _key(boxed[0][0]) == _key(want), f"{where}: the box's part starts {boxed[0][0]!r}"
                box_seen = True
            if col[0][3]:
                pass
            elif not _starts_a_block(first, starts, blocks):
                # a paragraph continued from the column before: two of its lines at least
                run = 1
                while run < len(col) and not _starts_a_block(_key(col[run][0]), starts, blocks):
                    run += 1
                assert run >= 2, f"{where} starts with a paragraph's last line alone: {col[0][0]!r}"
            last_line = _key(col[-1][0])
            end_of_text = last_page and c == columns - 1
            assert end_of_text or last_line not in heads, f"{where} ends with a heading: {col[-1][0]!r}"
            if not end_of_text:             # no paragraph's first line alone at a column's foot
                assert not _starts_a_longer_block(last_line, blocks) or len(col) == 1, \
                    f"{where} ends with a paragraph's first line alone: {col[-1][0]!r}"
    assert box_seen, f"{game} {paper}: no This edition box"


def _starts_a_block(line: str, starts: set, blocks: list) -> bool:
    """The line starts a block: it is the start of a block's text; a line found only inside a block's text
    continues it (a line "assassinations. The Queen ..." is no start though a block begins "Assassination:");
    a line found in no block (a numbered item's number, a word the PDF reads otherwise) is judged by its
    first characters, as a block's start is kept in `starts`."""
    if any(b.startswith(line) for b in blocks):
        return True
    if any(line in b for b in blocks):
        return False
    return any(line.startswith(s) for s in starts)


def _starts_a_longer_block(line: str, blocks: list) -> bool:
    """The line is the first of a block of several lines (every block it starts goes on after it)."""
    found = [b for b in blocks if b.startswith(line)]
    return bool(found) and all(len(b) > len(line) + 2 for b in found)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_the_box_is_kept_whole_where_a_page_holds_it(built, game, paper):
    """The box breaks onto another page only where it would not fit on a page of its own, or where the
    page it starts on would be left more than a third empty without it (issue 57: less than half full, before)."""
    pdf = built(game, "--paper", paper)
    deck = load_deck(game)
    columns = int(deck.rules.get("columns", 1)) if deck.rules else 1
    parts = []                      # (page, its columns, top, foot) of every page the box is on
    for i in _rule_pages(pdf):
        cols, top, foot, frames = _columns(pdf, i, columns)
        if frames:
            parts.append((cols, top, foot))
    assert parts, f"{game} {paper}: no This edition box"
    if len(parts) == 1:
        return
    cols, top, foot = parts[0]
    text_fill = _fill([[ln for ln in col if not ln[3]] for col in cols], top, foot)
    tall = sum(max(ln[2] for ln in col if ln[3]) - min(ln[1] for ln in col if ln[3])
               for cols, _, _ in parts for col in cols if any(ln[3] for ln in col))
    whole_page = columns * (foot - MARGIN)
    assert text_fill < 2 / 3 or tall > whole_page * 0.9, \
        f"{game} {paper}: the box breaks over {len(parts)} pages, though it fits on one ({tall:.0f} of " \
        f"{whole_page:.0f}pt) and its first page holds {text_fill:.0%} of text"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_the_leafs_first_page_is_full(built, game, paper):
    """The leaf's sections flow over its two pages as the rule pages flow (issue 44: they broke between
    sections, leaving both pages half empty): the first page 85% full at least, its foot no heading."""
    pdf = built(game, "--paper", paper)
    cols, top, foot, _ = _columns(pdf, 0, 1)
    fill = (cols[0][-1][2] - MARGIN) / (foot + FOOTER - MARGIN)
    assert fill >= 0.85, f"{game} {paper}: leaf page 1 is {fill:.0%} full"
    heads = {"In the box", "Printing", "The sheets", "Cutting", "Setting up", "This edition", "Source"}
    assert cols[0][-1][0].strip() not in heads, f"{game} {paper}: the leaf's first page ends with a heading"