"""A designer's workbook as they keep it (generator/deck/spreadsheets/mapping.py): extra columns, a `qty` column, a
`VP + Climb` header and a sheet of sums build as they are once the source maps, ignores and skips them; each
mistake in doing so is one line naming the file, the cell (or deck.yaml's line) and the field."""
from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from cli import pnp_in_process
from pdfcheck import all_text, placements

SOURCE = ("{file: cards.xlsx, skip_sheets: [Balance], ignore: [Notes, Art credit],\n"
          "         columns: {Type: kind, 'VP + Climb': value, qty: copies}}")


def _game(tmp_path: Path, source: str = SOURCE, cards=None) -> Path:
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("cards: {file: cards.csv}\n", f"cards: {source}\n"), encoding="utf-8")
    (folder / "cards.csv").unlink()
    book = Workbook()
    sheet = book.active
    sheet.title = "Crops"
    for row in cards or [("Type", "title", "VP + Climb", "text", "qty", "Notes", "Art credit"),
                         ("crop", "Wheat", 1, "Score **1** point.", 4, "cheap", "Ana"),
                         ("crop", "Barley", 2, "Score **2** points.", 3, None, "Ana"),
                         ("crop", "Apples", 3, "Score **3** points.", 2, "too strong?", None)]:
        sheet.append(row)
    sums = book.create_sheet("Balance")
    sums.append(("Total VP", "Cards"))
    sums.append((17, 9))
    events = book.create_sheet("Events")
    for row in [("Type", "title", "text", "qty"), ("event", "Storm", "Everyone discards a crop.", 1),
                ("event", "Good Rain", "Everyone draws a card.", 2)]:
        events.append(row)
    book.save(folder / "cards.xlsx")
    return folder


def _fails(folder: Path, *expected) -> None:
    out = folder.parent / "fails.pdf"
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 2, proc.stderr
    assert not out.exists() and "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == len(expected), proc.stderr
    for line, want in zip(lines, expected):
        for part in want:
            assert part in line, f"{part!r} not in {line!r}"


def test_a_designers_workbook_builds_as_it_is_once_mapped(tmp_path):
    folder = _game(tmp_path)
    out = tmp_path / "g.pdf"
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 0, proc.stderr
    text = all_text(out)
    for word in ("Wheat", "Barley", "Apples", "Storm", "Good Rain", "Everyone draws a card."):
        assert word in text
    for word in ("cheap", "too strong", "Ana", "Total VP"):       # ignored columns and the skipped sheet
        assert word not in text
    # 4 + 3 + 2 wheat, barley, apples (qty read as copies), 1 storm, 2 good rain: 12 fronts and their 12 backs
    assert sum(len(page) for page in placements(out)) == 24


def test_unmapped_headers_are_named_at_their_cells_with_the_fix(tmp_path):
    folder = _game(tmp_path, source="{file: cards.xlsx}")
    _fails(folder,
           ("g/cards.xlsx, sheet Crops, cell A1 (Type)", "unknown column 'Type'", "columns: {Type: FIELD}"),
           ("cell C1 (VP + Climb)", "unknown column 'VP + Climb'", "columns: {'VP + Climb': FIELD}",
            "ignore: ['VP + Climb']"),
           ("cell E1 (qty)", "unknown column 'qty'", "read it as copies: columns: {qty: copies}"),
           ("cell F1 (Notes)", "unknown column 'Notes'"),
           ("cell G1 (Art credit)", "unknown column 'Art credit'"))


def test_each_mistake_in_mapping_is_one_line(tmp_path):
    # a header misspelt in columns: is named once, in deck.yaml, not again at the sheet's cell
    folder = _game(tmp_path, source=SOURCE.replace("qty: copies", "qyt: copies"))
    _fails(folder, ("g/deck.yaml:", "columns:", "no column 'qyt' in the sheet's header", "did you mean 'qty'?"))
    folder = _game(tmp_path / "b", source=SOURCE.replace("value", "valeu"))
    _fails(folder, ("g/deck.yaml:", "columns:", "'VP + Climb' is read as 'valeu'", "did you mean 'value'?"))
    folder = _game(tmp_path / "c", source=SOURCE.replace("[Balance]", "[Balanse]"))
    _fails(folder, ("g/deck.yaml:", "skip_sheets:", "no sheet 'Balanse'", "did you mean 'Balance'?"))
    folder = _game(tmp_path / "d", source=SOURCE.replace("Art credit]", "Art credits]"))
    _fails(folder, ("g/deck.yaml:", "ignore:", "no column 'Art credits'", "did you mean 'Art credit'?"))


def test_a_bad_cell_under_a_mapped_header_names_the_cell_and_the_field(tmp_path):
    rows = [("Type", "title", "VP + Climb", "text", "qty", "Notes", "Art credit"),
            ("crop", "Wheat", "ten", "Score.", 4, None, None),
            ("crop", "Barley", 2, "Score.", "lots", None, None)]
    folder = _game(tmp_path, cards=rows)
    _fails(folder, ("g/cards.xlsx, sheet Crops, cell C2 (value)", "expected a whole number, found 'ten'"),
           ("cell E3 (copies)", "expected a whole number from 0 to"))


def test_two_headers_read_as_one_column_is_one_error(tmp_path):
    rows = [("Type", "title", "VP + Climb", "value", "qty", "Notes", "Art credit"),
            ("crop", "Wheat", 1, 1, 4, None, None)]
    folder = _game(tmp_path, cards=rows)
    _fails(folder, ("cell D1 (value)", "column 'value' is given twice (first in column C)"))
