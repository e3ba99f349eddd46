"""Paper of any size (generator/impose/paper.py, layouts/sheets/): A3, A5, Legal, Tabloid (Ledger), 12 x 18 in and
a WIDTHxHEIGHT of one's own each build with the printable area, gutters, marks and labels worked out as on A4, read
back from the PDF: the page's size, nothing within 4.2 mm of the paper's edge, each back behind its front, the
label naming the paper; and each paper's PDF named for it, so that one never replaces another."""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from cli import pnp_in_process
from pdfcheck import MM, lines, page_sizes, placements, sheet_text

IN = 72.0
PAPERS = {"a3": ("A3", 297 * MM, 420 * MM), "a5": ("A5", 148 * MM, 210 * MM), "legal": ("Legal", 8.5 * IN, 14 * IN),
          "tabloid": ("Tabloid (Ledger)", 11 * IN, 17 * IN), "12x18in": ("12×18 in", 12 * IN, 18 * IN),
          "300x450mm": ("300×450 mm", 300 * MM, 450 * MM)}
BAND = 4.2 * MM


def _sheets(path) -> list[tuple[int, int | None]]:
    """(fronts page, backs page) of each card sheet, found by its label."""
    out: list = []
    for i in range(len(page_sizes(path))):
        label = next((t for t, _, _ in sheet_text(path, i) if re.search(r"sheet \d+ of \d+ · ", t)), None)
        if label is None:
            continue
        if " · backs · " in label and out and out[-1][1] is None:
            out[-1] = (out[-1][0], i)
        else:
            out.append((i, None))
    return out


@pytest.mark.parametrize("paper", list(PAPERS))
def test_each_paper_builds_within_its_printable_area_backs_behind_fronts(built, paper):
    title, W, H = PAPERS[paper]
    path = built("vasa-regalis", "--paper", paper)
    assert all(abs(w - W) < 0.01 and abs(h - H) < 0.01 for w, h in page_sizes(path))
    sheets = _sheets(path)
    assert sheets
    pl = placements(path)
    for front, back in sheets:
        for page in (front, back):
            if page is None:
                continue
            assert pl[page]
            for p in pl[page]:
                x0, y0, x1, y1 = p.box
                assert min(x0, y0, W - x1, H - y1) >= BAND - 0.01, f"{paper} page {page + 1}: a piece at the edge"
            for x1, y1, x2, y2 in lines(path, page):
                assert min(x1, x2, y1, y2, W - x1, W - x2, H - y1, H - y2) >= BAND - 0.01, f"{paper}: a mark"
            texts = sheet_text(path, page)
            label = [t for t, size, _ in texts if " · " in t and size >= 6.5 - 0.01]
            assert label and title in label[0], (paper, texts)
            for _, _, (x0, y0, x1, y1) in texts:
                assert min(x0, y0, W - x1, H - y1) >= BAND - 0.01
        if back is not None:                    # long-edge duplex: each back mirrored left-right behind its front
            for p in pl[front]:
                assert [q for q in pl[back] if abs(q.x - (W - p.x - p.w)) < 0.01 and abs(q.y - p.y) < 0.01
                        and abs(q.w - p.w) < 0.01], f"{paper} page {front + 1}: no back behind {p.x:.1f},{p.y:.1f}"
        assert lines(path, front)               # cut marks


@pytest.mark.parametrize("paper", ["a3", "12x18in"])
def test_the_band_at_the_edge_is_blank_paper_when_rendered(built, paper):
    path = built("vasa-regalis", "--paper", paper)
    doc = pdfium.PdfDocument(str(path))
    try:
        for page in range(len(doc)):
            img = doc[page].render(scale=50 / 72).to_pil().convert("L")
            w, h = img.size
            inner = int(4.2 * 50 / 25.4) - 1
            for box in ((0, 0, w, inner), (0, h - inner, w, h), (0, 0, inner, h), (w - inner, 0, w, h)):
                assert img.crop(box).getextrema()[0] >= 250, f"{paper} page {page + 1}: ink in the band {box}"
    finally:
        doc.close()


def test_a3_holds_16_poker_cards_a_sheet_where_a4_holds_9(built):
    def most(path):
        return max(len(p) for p in placements(path))
    assert (most(built("vasa-regalis")), most(built("vasa-regalis", "--paper", "a3"))) == (9, 16)


def test_each_paper_names_its_output_and_none_replaces_another(tmp_path):
    assert pnp_in_process("new", tmp_path / "g").returncode == 0
    made = {}
    for paper, name in (("a4", "g.pdf"), ("A3", "g.a3.pdf"), ("ledger", "g.tabloid.pdf"),
                        ("300 x 450 mm", "g.300x450mm.pdf"), ("12x18in", "g.12x18in.pdf")):
        proc = pnp_in_process("build", "g", "--paper", paper, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert f"output/{name}" in proc.stdout, proc.stdout
        made[name] = (tmp_path / "output" / name).read_bytes()
    for name, data in made.items():         # each still there, as its own build wrote it
        assert (tmp_path / "output" / name).read_bytes() == data
    assert page_sizes(tmp_path / "output" / "g.300x450mm.pdf")[0] == pytest.approx((300 * MM, 450 * MM))
    for paper, words in (("12x18", ("needs a unit", "12x18in")), ("b4", ("unknown paper 'b4'", "a3")),
                         ("10x10mm", ("from 70mm to 1200mm",))):
        proc = pnp_in_process("build", "g", "--paper", paper, cwd=tmp_path)
        assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
        assert all(w in proc.stderr for w in words), proc.stderr


SHOP = """# a print shop's press sheet, with the wider margins its press leaves
title: Shop sheet
paper: {width: 320mm, height: 450mm}
margins: {left: 10mm, right: 10mm, top: 10mm, bottom: 10mm}
gutter: {min: 3mm, max: 4mm}
"""


def test_a_game_folder_brings_its_own_sheet_layout(tmp_path):
    assert pnp_in_process("new", tmp_path / "g").returncode == 0
    (tmp_path / "g" / "sheets").mkdir()
    (tmp_path / "g" / "sheets" / "shop.yaml").write_text(SHOP, encoding="utf-8")
    proc = pnp_in_process("build", "g", "--paper", "g/sheets/shop.yaml", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = tmp_path / "output" / "g.shop.pdf"
    assert "output/g.shop.pdf" in proc.stdout
    W, H = page_sizes(out)[0]
    assert (W, H) == pytest.approx((320 * MM, 450 * MM))
    for front, back in _sheets(out):
        for page in (front, back):
            for p in placements(out)[page]:
                x0, y0, x1, y1 = p.box
                assert min(x0, y0, W - x1, H - y1) >= 10 * MM - 0.01
            assert any("Shop sheet" in t for t, _, _ in sheet_text(out, page))
    proc = pnp_in_process("build", "g", "--paper", "g/sheets/shopp.yaml", cwd=tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1
    assert "no such sheet layout file" in proc.stderr
    (tmp_path / "g" / "sheets" / "bad.yaml").write_text("paper: {width: 320mm, height: 45}\n", encoding="utf-8")
    proc = pnp_in_process("build", "g", "--paper", "g/sheets/bad.yaml", cwd=tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert "g/sheets/bad.yaml:1" in proc.stderr and "paper.height" in proc.stderr, proc.stderr
