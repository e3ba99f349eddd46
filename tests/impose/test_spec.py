"""The sheet spec (generator/impose/spec.py) of each --duplex mode, on a paper whose four margins all differ:
every back lies behind its front (on the backs page, or across a gutter-fold sheet's fold line), and every
piece, with the bleed it shows, and every cut mark stays inside the margins of the side of the paper it is
printed on."""
from __future__ import annotations

import pytest

from pdfcheck import MM

A4 = (595.2756, 841.8898)


@pytest.fixture(scope="module")
def laid():
    from generator.layout.deck import layout_deck
    from generator.pipeline import load
    return layout_deck(load("vasa-regalis"))


@pytest.fixture(scope="module")
def odd():
    from generator.impose.paper import SheetLayout
    return SheetLayout("odd", A4[0], A4[1], 14 * MM, 2 * MM, 9 * MM, 3 * MM, 5 * MM, 1 * MM, 0.5, "#000000")


def _marks_inside(page, sheet) -> bool:
    return page.marks and all(sheet.left - 0.01 <= x <= sheet.width - sheet.right + 0.01
                              and sheet.bottom - 0.01 <= y <= sheet.height - sheet.top + 0.01
                              for x1, y1, x2, y2 in page.marks for x, y in ((x1, y1), (x2, y2)))


def _inside(p, sheet) -> bool:
    sl, sb, sr, st = p.page_shown()         # as the piece lies on the page (turned on a gutter-fold half: issue 47)
    return (p.x - sl >= sheet.left - 0.01 and p.x + p.width + sr <= sheet.width - sheet.right + 0.01
            and p.y - sb >= sheet.bottom - 0.01 and p.y + p.height + st <= sheet.height - sheet.top + 0.01)


@pytest.mark.parametrize("mode,mirror", [("long", "x"), ("short", "y")])
def test_a_backs_page_mirrors_its_fronts_inside_its_own_margins(laid, odd, mode, mirror):
    from generator.impose.cardsheets import card_sheets
    from generator.impose.spec import sheet_spec
    pages = card_sheets(laid, sheet_spec(odd, mode), "T")
    assert [p.kind for p in pages] == ["front", "back"] * (len(pages) // 2)
    for front, back in zip(pages[0::2], pages[1::2]):
        assert front.placements and len(back.placements) == len(front.placements)
        for p in front.placements:
            q = next(b for b in back.placements if b.card is p.card and b.copy == p.copy)
            w, h = p.face.width, p.face.height
            want = (A4[0] - p.x - w, p.y) if mirror == "x" else (p.x, A4[1] - p.y - h)
            assert (q.x, q.y) == pytest.approx(want, abs=0.01)
            assert _inside(p, odd) and _inside(q, odd)
        assert _marks_inside(front, odd) and _marks_inside(back, odd)
        assert "odd" in front.label and mode in front.label and "backs" in back.label


def test_a_gutter_fold_sheet_has_each_back_across_the_fold_from_its_front(laid, odd):
    from generator.impose.cardsheets import card_sheets
    from generator.impose.spec import sheet_spec
    spec = sheet_spec(odd, "fold")
    assert [f.way for f in spec.folds] == ["across", "down"]
    pages = card_sheets(laid, spec, "T")
    assert pages and all(p.kind == "fold" for p in pages)       # every Vasa Regalis card has a back
    for page in pages:
        fold = next(f for f in spec.folds if tuple(page.ops[0][:4]) == f.line)     # the dashed fold line
        assert _marks_inside(page, odd)
        seen: dict = {}
        for p in page.placements:
            seen.setdefault((id(p.card), p.copy), []).append(p)
            assert _inside(p, odd)
        assert seen and all(len(both) == 2 for both in seen.values())
        for front, back in seen.values():
            w, h = front.width, front.height     # as it lies: a half may hold the pieces turned (issue 47)
            assert back.rotate == front.rotate
            if fold.way == "across":        # fronts above the line, backs below, mirrored top-bottom
                assert front.y >= A4[1] / 2 and back.y + h <= A4[1] / 2
                assert (back.x, back.y) == pytest.approx((front.x, A4[1] - front.y - h), abs=0.01)
            else:                           # fronts left of the line, backs right, mirrored left-right
                assert front.x + w <= A4[0] / 2 and back.x >= A4[0] / 2
                assert (back.x, back.y) == pytest.approx((A4[0] - front.x - w, front.y), abs=0.01)


def test_fronts_only_prints_no_backs_and_keeps_to_each_margin(laid, odd):
    from generator.impose.cardsheets import card_sheets
    from generator.impose.spec import sheet_spec
    spec = sheet_spec(odd, "none")
    pages = card_sheets(laid, spec, "T")
    assert pages and all(p.kind == "front" for p in pages)
    assert all(_inside(p, odd) for page in pages for p in page.placements)
    assert all(_marks_inside(page, odd) for page in pages)
    # one side only: the wide left margin is not copied to the right, as a duplex mode must
    assert spec.area.x1 == pytest.approx(A4[0] - 2 * MM) and sheet_spec(odd, "long").area.x1 == pytest.approx(
        A4[0] - 14 * MM)
