"""A card with no back prints no blank backs page, and its manifest row says it is single-sided; on a gutter-fold
build it lies in the room the last sheet of the pieces before it has (impose/cardsheets.py)."""
from __future__ import annotations

import csv
from pathlib import Path

from cli import pnp_in_process
from pdfcheck import page_text, placements
from smalldeck import run


def _starter(tmp_path: Path) -> Path:
    folder = tmp_path / "g"
    pnp_in_process("new", folder, check=True)
    return folder


def test_a_card_with_no_back_prints_no_blank_backs_page_and_its_manifest_says_so(tmp_path):
    folder = _starter(tmp_path)
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "  event:\n    title: Event\n    template: card\n", "  event:\n    title: Event\n    template: card\n"
        "    back: none\n"), encoding="utf-8")
    rows = list(csv.reader((folder / "cards.csv").open(encoding="utf-8")))
    rows[0].append("new_sheet")
    for row in rows[1:]:
        row.append("true" if row[1] == "Storm" else "")
    with (folder / "cards.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    pdf = tmp_path / "out.pdf"
    code, out, err = run("build", folder, "--no-instructions", "-o", pdf)
    assert code == 0, err
    pages = placements(pdf)
    # sheet 1: the crops' fronts and backs; sheet 2: the events' fronts, and no blank backs page after it
    assert [len(p) for p in pages[:3]] == [9, 9, 3], [len(p) for p in pages]
    assert "sheet 2 of 2 · fronts" in page_text(pdf, 2) and "backs" not in page_text(pdf, 3)
    code, out, err = run("export", folder, "-o", tmp_path / "gc", "-j", "1")
    assert code == 0, err
    manifest = {r["card"]: r for r in csv.DictReader((tmp_path / "gc" / "manifest.csv").open(encoding="utf-8"))}
    assert manifest["Storm"]["back"] == "" and manifest["Storm"]["product"] == "Poker Deck"
    assert manifest["Storm"]["note"].startswith("single-sided: this piece has no back, but the product (Poker Deck) "
                                                "is printed on both sides; upload a blank (white) back")
    assert manifest["Wheat"]["note"] == ""


def test_a_gutter_fold_build_lays_pieces_with_no_back_in_the_last_sheets_room(tmp_path):
    """Events with no back after the crops: the crops' last sheet has room on its fronts half for them (nothing is
    glued behind them), where they took a full sheet of their own: 3 sheets, not 4."""
    folder = _starter(tmp_path)
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace(
        "  event:\n    title: Event\n    template: card\n", "  event:\n    title: Event\n    template: card\n"
        "    back: none\n"), encoding="utf-8")
    pdf = tmp_path / "fold.pdf"
    code, out, err = run("build", folder, "--duplex", "fold", "-o", pdf)
    assert code == 0 and "3 card sheets, 12 cards" in out, (out, err)
    pages = placements(pdf)
    assert [len(p) for p in pages[2:5]] == [8, 8, 5], [len(p) for p in pages]     # 4 + 4, 4 + 4, 4 fronts + 1 back
    assert "Sheet 3 (page 5): 1 crop, 3 events" in page_text(pdf, 0)
