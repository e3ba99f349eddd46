"""Issue 47: the nanDECK designer's list (36 cards linked to a workbook), each mended: the contact sheet counts
copies ("back of 12 cards" when 12 print), --only says it counts distinct cards (rows), not copies, in its help
and on the leaf; a card with no back prints no blank backs page, and its manifest row says it is single-sided.
(when: "{cost} == 0" is tests/test_warnings.py; bad cells hiding later rows tests/test_mistakes_round3.py; a
template's word blamed on the template tests/test_proof_languages.py; --json's warnings tests/test_watch_start.py;
the fold layout tests/test_fold_packing.py.)"""
from __future__ import annotations

import csv
import json
from pathlib import Path

from cli import pnp
from pdfcheck import leaf_text, page_text, placements, squash
from test_mistakes import run


def _starter(tmp_path: Path) -> Path:
    folder = tmp_path / "g"
    assert pnp("new", folder).returncode == 0
    return folder


def test_the_contact_sheet_counts_the_copies_a_shared_back_is_printed_for(tmp_path):
    """The starter: 6 distinct cards, 12 with copies, one back: 'back of 12 cards', not 'of 6'."""
    folder = _starter(tmp_path)
    code, out, err = run("proof", folder, "-q", "-o", tmp_path / "proof")
    report = json.loads((tmp_path / "proof" / "proof.json").read_text(encoding="utf-8"))
    backs = [t for t in report["contact"]["labels"] if t["side"] == "back"]
    assert len(backs) == 1 and backs[0]["note"] == "back of 12 cards" and len(backs[0]["cards"]) == 6, backs


def test_only_says_it_counts_distinct_cards_in_its_help_and_on_the_leaf(tmp_path):
    folder = _starter(tmp_path)
    code, out, err = run("build", "-h")
    assert "Numbers count distinct cards (a deck's rows), not copies" in " ".join(out.split())
    pdf = tmp_path / "part.pdf"
    code, out, err = run("build", folder, "--only", "1-2", "-o", pdf)
    assert code == 0, err
    assert "2 of 6 cards (7 with copies)" in out                   # Wheat x4 and Barley x3
    leaf = squash(leaf_text(pdf, (0,)))
    assert squash("A proof print of 2 of the 6 distinct cards (#1 Wheat, #2 Barley; 7 with copies), chosen with "
                  "--only by their numbers as pnp proof shows them") in leaf, leaf[:600]


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
