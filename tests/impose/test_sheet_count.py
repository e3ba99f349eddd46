"""Issue 44: no card-stock sheet spent on what fewer sheets hold, no back page without content, and a lone
marker in the card grid. Read back from every shipped game's A4 and Letter PDF: every backs page holds a back
(a sheet none of whose pieces has one, Aqua Regia's board, prints no backs page, and is labelled single-sided);
each game's sheets are as few as its pieces allow, each size packed at what a sheet holds of it; Aqua Regia's
field marker sits centred in a cell of the card grid, not in a corner of a grid of its own."""
from __future__ import annotations

import math
import re
from types import MappingProxyType

import pytest

from pdfcheck import MM, page_sizes, per_file, placements, sheet_text
from seedtext import GAMES

from generator.deck import load_deck

PAPERS = ["a4", "letter"]


def _pdf(built, game: str, paper: str):
    return built(game) if paper == "a4" else built(game, "--paper", paper)


@per_file
def labels(path) -> MappingProxyType:
    """{page: its sheet label}, for the card sheets' pages: read once a file (four tests read a game's)."""
    out = {}
    for i in range(len(page_sizes(path))):
        found = [t for t, _, _ in sheet_text(path, i) if re.search(r"sheet \d+ of \d+ · ", t)]
        if found:
            out[i] = found[0]
    return MappingProxyType(out)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_backs_page_without_a_back(built, game, paper):
    path = _pdf(built, game, paper)
    pl, said = placements(path), labels(path)
    for page, label in said.items():
        if " · backs · " in label:
            assert pl[page], f"{game} {paper}: page {page + 1} is a backs page with nothing on it: {label}"
        elif "single-sided" in label:
            nxt = said.get(page + 1, "")
            assert " · backs · " not in nxt, f"{game} {paper}: a single-sided sheet followed by a backs page"


@pytest.mark.parametrize("paper", PAPERS)
def test_aqua_regias_board_prints_no_backs_page(built, paper):
    path = _pdf(built, "aqua-regia", paper)
    pl = placements(path)
    board = next(i for i, page in enumerate(pl) if any(p.w > 180 * MM for p in page))
    said = labels(path)
    assert "single-sided, fronts only" in said[board]
    assert board + 1 not in said, "a page after the board's carries a sheet label: a backs page"
    assert not pl[board + 1]


@pytest.mark.parametrize("paper", PAPERS)
def test_aqua_regias_marker_sits_in_a_cell_of_the_card_grid(built, paper):
    """The 18 mm marker on the last sheet of cards is centred in a cell of the cards' grid: its centre on a
    card column's centre line, and a card's height below the row above it."""
    path = _pdf(built, "aqua-regia", paper)
    pl = placements(path)
    page = next(i for i, p in enumerate(pl) if any(abs(q.w - 18 * MM) < 0.05 for q in p))
    marker = next(q for q in pl[page] if abs(q.w - 18 * MM) < 0.05)
    cards = [q for q in pl[page] if abs(q.w - 63.5 * MM) < 0.05]
    columns = sorted({round(q.x + q.w / 2, 2) for q in cards})
    rows = sorted({round(q.y, 2) for q in cards})
    cx, cy = marker.x + marker.w / 2, marker.y + marker.h / 2
    assert any(abs(cx - c) < 0.05 for c in columns), f"{paper}: the marker's centre {cx / MM:.1f} mm is off the " \
                                                      f"card columns {[round(c / MM, 1) for c in columns]}"
    pitch = rows[1] - rows[0] if len(rows) > 1 else None
    lowest = rows[0]
    if pitch:                                   # the next row's cell, below the lowest cards
        assert abs(cy - (lowest - pitch + 88.9 * MM / 2)) < 0.05, f"{paper}: the marker is not in the next row"
    assert len(columns) == 3 and abs(cx - columns[1]) < 0.05, f"{paper}: the marker is not in the middle column"


def _capacity(paper: str, w: float, h: float, shape: str, gutter: float) -> int:
    """How many pieces of a size one sheet holds, as pnp lays them out (impose/grid.py)."""
    from generator.impose.grid import Stock, solve
    from generator.impose.spec import sheet_spec
    spec = sheet_spec(paper)
    return solve(Stock(w, h, shape, gutter), spec.area.width, spec.area.height, spec.marks).per_sheet


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_sheets_are_as_few_as_the_pieces_allow(built, game, paper):
    """The sheets of each run (a part starts a sheet) are no more than its pieces need, each size at what a
    sheet holds of it, rounded up: a sheet is never spent on a few pieces that fit on the others."""
    path = _pdf(built, game, paper)
    deck = load_deck(game)
    from generator.layout.templates import geometry
    sizes = geometry(deck, (c.template for c in deck.cards))
    need, run, prev = 0, 0.0, None
    for card in deck.cards:
        if prev is not None and (card.part != prev.part or card.new_sheet):
            need, run = need + math.ceil(run - 1e-9), 0.0
        w, h, shape, gutter = sizes[card.template]
        run += card.copies / _capacity(paper, w, h, shape, gutter)
        prev = card
    need += math.ceil(run - 1e-9)
    sheets = sum(" · fronts · " in t for t in labels(path).values())
    assert sheets <= need, f"{game} {paper}: {sheets} sheets where its pieces need {need}"


@pytest.mark.parametrize("paper", PAPERS)
def test_royal_lines_on_at_most_7_sheets(built, paper):
    """Issue 44: Royal Lines' 63 poker cards (55 playing cards; 5 Special Recruitments reference cards, one for
    every seat, and 3 Set-up & Players, one between two) fill 7 card-stock sheets of 9, on A4 and on Letter, read
    back from the PDF's sheet labels: no eighth sheet spent on 2 cards."""
    assert _capacity(paper, 63.5 * MM, 88.9 * MM, "rect", 0.0) == 9
    deck = load_deck("royal-lines")
    assert sum(c.copies for c in deck.cards) == 63
    path = _pdf(built, "royal-lines", paper)
    fronts = {page: t for page, t in labels(path).items() if " · fronts · " in t}
    assert len(fronts) == 7 and all("of 7" in t for t in fronts.values()), fronts
    pl = placements(path)
    held = [sum(abs(q.w - 63.5 * MM) < 0.05 for q in pl[page]) for page in sorted(fronts)]
    assert held == [9] * 7, held                             # every sheet full, the last one too


def test_a_sheet_without_backs_among_others_is_printed_single_sided(tmp_path):
    """pnp new's starter with its events on a sheet of their own, printed without backs, between the crops'
    two sheets: that sheet has no backs page, and the leaf says which pages print double-sided (as runs) and
    which single-sided, each fronts page followed by its backs page rather than "odd pages, even pages"."""
    from cli import pnp_in_process as pnp         # what the build writes is the point, not its process
    from pdfcheck import all_text
    folder = tmp_path / "game"
    pnp("new", folder, check=True)
    cards = folder / "cards.csv"
    rows = cards.read_text(encoding="utf-8").split("\n")
    head, crops, events = rows[0], [r for r in rows[1:] if r.startswith("crop")], [r for r in rows[1:]
                                                                                 if r.startswith("event")]
    crops = [r.replace(",4", ",9", 1) if r.startswith("crop,Wheat") else r for r in crops]   # 14 crops: 2 sheets
    cards.write_text("\n".join([head + ",back,new_sheet"] + [crops[0] + ",,"] + [r + ",," for r in crops[1:2]]
                               + [r + ",none,true" for r in events[:1]] + [r + ",none," for r in events[1:]]
                               + [crops[2] + ",,true"]), encoding="utf-8")
    out = tmp_path / "game.pdf"
    pnp("build", folder, "-o", out, check=True)
    said = labels(out)
    singles = [p for p, t in said.items() if "single-sided" in t]
    assert len(singles) == 1, said
    assert " · backs · " not in said.get(singles[0] + 1, ""), said
    text = " ".join(all_text(out).split())
    n = singles[0] + 1
    assert f"Print page {n} (3 events) single-sided" in text, text[:1500]
    assert "Each fronts page is followed by its backs page" in text
    assert "Print each fronts page" in text and "Print the odd pages" not in text
