"""Hex pieces on the sheet (tests/decks/shapes: flat tiles, pointy chits, a marker), on A4 and Letter in every duplex
mode: each with its grey hexagonal cut guide on its outline, the pieces packed without overlapping, every back
behind its front, nothing in the printer's 4.2 mm band; the print leaf says how to cut them."""
from __future__ import annotations

import pytest

from pdfcheck import MM, fold_line, lines, page_sizes, placements, polygons, sheet_text
from shapecheck import hexagon, same_corners
from shapesdeck import DECK, LEAF, card_pages, kind_of

BAND = 4.2 * MM             # the printer's band: nothing drawn there
MODES = [("a4", "long"), ("letter", "long"), ("a4", "short"), ("letter", "short"), ("a4", "fold"), ("letter", "fold")]


def _build(built, paper, mode):
    return built(DECK, "--paper", paper) if mode == "long" else built(DECK, "--paper", paper, "--duplex", mode)


@pytest.mark.parametrize("paper,mode", MODES)
def test_each_hex_piece_has_its_hexagonal_cut_guide_on_its_outline(built, paper, mode):
    out = _build(built, paper, mode)
    seen = 0
    for page, pl in card_pages(out):
        guides = polygons(out, page)
        hexes = [p for p in pl if kind_of(p) != "card"]
        assert len(guides) == len(hexes), f"page {page + 1}: {len(guides)} guides for {len(hexes)} hex pieces"
        for p in hexes:
            want = hexagon(p.x, p.y, p.w, p.h, pointy=p.h > p.w)
            own = [g for g in guides if same_corners(g, want)]
            assert len(own) == 1, f"page {page + 1}: the {kind_of(p)} at {p.x:.1f},{p.y:.1f} has {len(own)} guides"
            seen += 1
    assert seen == 16 + 15          # every hex piece (5 tiles, 10 chits, a marker) and every back but the marker's


@pytest.mark.parametrize("paper,mode", MODES)
def test_hex_pieces_packed_apart_with_their_backs_behind_them_and_nothing_in_the_band(built, paper, mode):
    out = _build(built, paper, mode)
    W, H = page_sizes(out)[0]
    pages = card_pages(out)
    fronts_pages = [(i, pl) for i, pl in pages if mode == "fold" or (i - LEAF) % 2 == 0]
    pieces = 0
    for page, pl in pages:
        # no two placements overlap, bleed shown included; every hex piece's trim box holds its hexagon
        for a_i, a in enumerate(pl):
            for b in pl[a_i + 1:]:
                ax0, ay0, ax1, ay1 = a.box
                bx0, by0, bx1, by1 = b.box
                overlap = max(0.0, min(ax1, bx1) - max(ax0, bx0)) * max(0.0, min(ay1, by1) - max(ay0, by0))
                assert overlap < 0.01, f"page {page + 1}: pieces at {a.x:.1f},{a.y:.1f} and {b.x:.1f},{b.y:.1f} overlap"
        # nothing in the printer's band: pieces with their bleed, marks, guides, the label
        points = [(x, y) for p in pl for x, y in (p.box[:2], p.box[2:])]
        points += [pt for m in lines(out, page) for pt in (m[:2], m[2:])]
        points += [pt for g in polygons(out, page) for pt in g]
        points += [pt for _, _, b in sheet_text(out, page) for pt in (b[:2], b[2:])]
        for x, y in points:
            assert BAND - 0.01 <= x <= W - BAND + 0.01 and BAND - 0.01 <= y <= H - BAND + 0.01, \
                f"page {page + 1}: something drawn at {x:.1f},{y:.1f}, inside the printer's band"
    for page, pl in fronts_pages:
        if mode == "fold" and "gutter-fold" not in " ".join(t for t, _, _ in sheet_text(out, page)):
            front, backs, where = pl, [], None          # a piece with no back (the marker) prints alone, full size
            assert all(kind_of(p) == "marker" for p in pl)
        elif mode == "fold":
            x1, y1, x2, y2 = fold_line(out, page)
            across = abs(y1 - y2) < 0.01
            front = [p for p in pl if (p.y > H / 2 if across else p.x + p.w < W / 2)]
            backs = [p for p in pl if p not in front]
            where = (lambda p: (p.x, H - p.y - p.h)) if across else (lambda p: (W - p.x - p.w, p.y))
        else:
            front = pl
            backs = placements(out)[page + 1]
            where = (lambda p: (W - p.x - p.w, p.y)) if mode == "long" else (lambda p: (p.x, H - p.y - p.h))
        with_back = [p for p in front if kind_of(p) != "marker"]
        assert len(backs) == len(with_back), f"page {page + 1}: {len(backs)} backs for {len(with_back)} fronts"
        for p in with_back:
            x, y = where(p)
            behind = [q for q in backs if abs(q.x - x) < 0.01 and abs(q.y - y) < 0.01 and kind_of(q) == kind_of(p)]
            assert len(behind) == 1, f"page {page + 1}: no back behind the {kind_of(p)} at {p.x:.1f},{p.y:.1f}"
        pieces += len(front)
    assert pieces == 18


def test_the_leaf_says_how_to_cut_hex_pieces(built):
    from pdfcheck import leaf_text, squash
    text = squash(leaf_text(built(DECK, "--paper", "a4")))
    assert squash("then cut each piece out along its grey hexagon") in text
    assert squash("Hex pieces: first cut the sheet apart along those lines") in text
