"""Issue 47: --duplex fold packs as many pieces as a half-sheet holds, upright or turned a quarter turn: 4 poker
cards on A4 (two 2 x 2 halves about a fold across the middle), not 3. Checked for every card size in
layouts/sizes.yaml on A4 and Letter, read back from the PDF: the fronts a sheet holds are the most any half
holds either way, and every back lies behind its front (its box mirrored about the fold line, turned alike)."""
from __future__ import annotations

import pytest
import yaml

from cli import ROOT
from pdfcheck import page_sizes, placements
from smalldeck import run

SIZES = list(yaml.safe_load((ROOT / "layouts" / "sizes.yaml").read_text(encoding="utf-8")))
CARDS = 40

DECK = """game: {{title: Folded}}
backs: {{plain: {{template: back}}}}
defaults: {{back: plain}}
kinds:
  card: {{template: front, name: "{{title}}", fields: {{title: {{type: text, required: true}}}}}}
cards:
{cards}
"""
FRONT = """size: {size}
regions:
  - {{id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: "#2f6b3b", bleed: true}}
  - {{id: title, type: text, box: [4mm, 4mm, 20mm, 8mm], text: "{{title}}", colour: white}}
"""
BACK = """size: {size}
regions:
  - {{id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: "#1d2f4f", bleed: true}}
"""


def _most_a_half_holds(paper: str, size: str) -> int:
    """The most pieces of `size` any half of a gutter-fold sheet holds, upright or turned (grid.py's solver)."""
    from generator.impose.grid import DoesNotFit, Stock, solve
    from generator.impose.spec import sheet_spec
    from generator.deck.sizes import sizes
    spec = sheet_spec(paper, "fold")
    w, h = sizes()[size].width, sizes()[size].height
    best = 0
    for stock in (Stock(w, h), Stock(h, w)):
        for fold in spec.folds:
            try:
                best = max(best, solve(stock, fold.area.width, fold.area.height, spec.marks).per_sheet)
            except DoesNotFit:
                pass
    return best


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", SIZES)
def test_a_fold_sheet_holds_as_many_as_a_half_holds_either_way(tmp_path, paper, size):
    folder = tmp_path / "d"
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(DECK.format(cards="\n".join(f"  - {{title: C{n}}}" for n in range(CARDS))))
    (folder / "templates" / "front.yaml").write_text(FRONT.format(size=size))
    (folder / "templates" / "back.yaml").write_text(BACK.format(size=size))
    out = tmp_path / "fold.pdf"
    code, stdout, err = run("build", folder, "--paper", paper, "--duplex", "fold", "--no-instructions", "-o", out)
    assert code == 0, err
    pages = placements(out)
    width, height = page_sizes(out)[0]
    most = _most_a_half_holds(paper, size)
    for page in pages[:-1]:                       # every sheet but the last is full
        fronts, backs = page[:len(page) // 2], page[len(page) // 2:]
        assert len(fronts) == most, (size, paper, len(fronts), most)
        across = all(f.y > height / 2 for f in fronts)      # fronts above a fold across the middle, or left of one down
        for f, b in zip(fronts, backs):
            assert (f.rotate, f.w, f.h) == (b.rotate, b.w, b.h)
            if across:
                assert b.x == pytest.approx(f.x, abs=0.01) and b.y == pytest.approx(height - f.y - f.h, abs=0.01)
            else:
                assert b.y == pytest.approx(f.y, abs=0.01) and b.x == pytest.approx(width - f.x - f.w, abs=0.01)
    assert sum(len(p) // 2 for p in pages) == CARDS


def test_poker_cards_on_a4_fold_four_a_sheet_turned(tmp_path):
    assert _most_a_half_holds("a4", "poker") == 4
    folder = tmp_path / "d"
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(DECK.format(cards="\n".join(f"  - {{title: C{n}}}" for n in range(37))))
    (folder / "templates" / "front.yaml").write_text(FRONT.format(size="poker"))
    (folder / "templates" / "back.yaml").write_text(BACK.format(size="poker"))
    out = tmp_path / "fold.pdf"
    code, stdout, err = run("build", folder, "--duplex", "fold", "--no-instructions", "-o", out)
    assert code == 0, err
    pages = placements(out)
    assert len(pages) == 10, "37 cards, 4 a sheet: 10 sheets (13 at 3 a sheet)"
    assert {p.rotate for p in pages[0]} == {90} and len(pages[0]) == 8
    assert all(p.x >= 4.2 * 72 / 25.4 - 0.01 for p in pages[0])
