"""Cards from spreadsheets (generator/deck/sheets.py): the same cards as YAML, CSV, XLSX and ODS build the
same PDF bytes; a mistake in a sheet is named by file, sheet and cell (or CSV line) and column, every one of
them in one run; files that are not what they say, too big, or outside the deck folder are refused."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from cli import TESTS, pnp_in_process
from pdfcheck import all_text, same_bytes, squash


# The starter's cards as YAML (as layouts/starter/deck.yaml held them before cards.csv)
YAML_CARDS = """cards:
  - {kind: crop, title: Wheat, value: 1, text: "Score **1** point at harvest.", copies: 4}
  - {kind: crop, title: Barley, value: 2, text: "Score **2** points at harvest.", copies: 3}
  - {kind: crop, title: Apples, value: 3, text: "Score **3** points at harvest. *Keep it through one storm.*", copies: 2}
  - {kind: event, title: Storm, text: "Every player discards their **highest** crop."}
  - {kind: event, title: Market Day, text: "Draw **2** :card:, then give **1** :card: to the player on your left."}
  - {kind: event, title: Good Rain, text: "Every player draws **1** card."}
"""
CROPS = [("Wheat", 1, "Score **1** point at harvest.", 4), ("Barley", 2, "Score **2** points at harvest.", 3),
         ("Apples", 3, "Score **3** points at harvest. *Keep it through one storm.*", 2)]
EVENTS = [("Storm", "Every player discards their **highest** crop."),
          ("Market Day", "Draw **2** :card:, then give **1** :card: to the player on your left."),
          ("Good Rain", "Every player draws **1** card.")]


def _new(tmp_path, where="") -> Path:
    """A starter game, always named g (its title is made from the folder's name), in tmp_path/where."""
    folder = tmp_path / where / "g"
    assert pnp_in_process("new", folder).returncode == 0
    return folder


def _cards(folder: Path, text: str) -> None:
    """Replace the deck's `cards:` (one line in the starter) with `text`."""
    deck = folder / "deck.yaml"
    old = deck.read_text(encoding="utf-8")
    assert old.count("cards: {file: cards.csv}\n") == 1
    deck.write_text(old.replace("cards: {file: cards.csv}\n", text), encoding="utf-8")


def _build(folder: Path, name: str, **env) -> bytes:
    """The PDF built from folder in this process (cli.pnp_in_process: what is compared is the cards' bytes, not
    a process's), with `env`'s variables set for the build (PNP_CACHE: a cache of the test's own, or off)."""
    out = folder.parent / f"{name}.pdf"
    proc = pnp_in_process("build", folder, "-o", out, env=env or None)
    assert proc.returncode == 0, proc.stderr
    return out.read_bytes()


def _fails(folder: Path, *expected: str) -> list[str]:
    """pnp build exits 2, writes nothing, and names each expected mistake on a line of its own, in order."""
    out = folder.parent / "fails.pdf"
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 2, proc.stderr
    assert not out.exists()
    lines = proc.stderr.splitlines()
    assert "Traceback" not in proc.stderr
    assert len(lines) == len(expected), proc.stderr
    for line, want in zip(lines, expected):
        for part in (want if isinstance(want, tuple) else (want,)):
            assert part in line, f"{part!r} not in {line!r}"
    return lines


def _stored_value(path: Path, formula: str, value: str) -> None:
    """Store a formula's computed value in an .xlsx openpyxl wrote (openpyxl computes none; a spreadsheet
    program stores it when it saves)."""
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename.startswith("xl/worksheets/"):
                for empty in ("<v />", "<v></v>", "<v/>"):     # as openpyxl writes it, with lxml or without
                    data = data.replace(f"<f>{formula}</f>{empty}".encode(), f"<f>{formula}</f><v>{value}</v>".encode())
            dst.writestr(info, data)
    tmp.replace(path)


def _starter_xlsx(path: Path) -> None:
    """The starter's cards in two sheets, one per kind: numbers as numbers (stored as 3.0), a blank row, and
    Wheat's copies as a formula with its value stored."""
    wb = Workbook()
    crop = wb.active
    crop.title = "Crop"
    crop.append(["title", "value", "text", "copies"])
    for title, value, text, copies in CROPS:
        crop.append([title, float(value), text, "=1+3" if title == "Wheat" else copies])
        if title == "Wheat":
            crop.append([])
    event = wb.create_sheet("Event")
    event.append(["title", "text", "copies"])
    for title, text in EVENTS:
        event.append([title, text, None])
    wb.save(path)
    _stored_value(path, "1+3", "4")


def test_the_same_cards_as_yaml_csv_xlsx_and_ods_build_the_same_pdf(tmp_path):
    csv_deck = _new(tmp_path, "csv")                  # pnp new writes its cards as cards.csv
    assert (csv_deck / "cards.csv").is_file()
    from_csv = _build(csv_deck, "csv")

    yaml_deck = _new(tmp_path, "yaml")
    (yaml_deck / "cards.csv").unlink()
    _cards(yaml_deck, YAML_CARDS)
    same_bytes(_build(yaml_deck, "yaml"), from_csv, "YAML and CSV")

    xlsx_deck = _new(tmp_path, "xlsx")
    _starter_xlsx(xlsx_deck / "cards.xlsx")
    _cards(xlsx_deck, "cards:\n  - {file: cards.xlsx, sheet: Crop, kind: crop}\n"
                      "  - {file: cards.xlsx, sheet: Event, kind: event}\n")
    same_bytes(_build(xlsx_deck, "xlsx"), from_csv, "XLSX and CSV")

    ods_deck = _new(tmp_path, "ods")
    shutil.copy(TESTS / "sheets" / "starter.ods", ods_deck / "cards.ods")
    _cards(ods_deck, "cards:\n  - {file: cards.ods, sheet: Crop, kind: crop}\n"
                     "  - {file: cards.ods, sheet: Event, kind: event}\n")
    same_bytes(_build(ods_deck, "ods"), from_csv, "ODS and CSV")


def test_the_ods_fixture_is_what_its_script_makes(tmp_path):
    """tests/sheets/starter.ods is made by tests/sheets/make_ods.py from the starter's cards.csv."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_ods", TESTS / "sheets" / "make_ods.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.HERE = tmp_path
    module.main()
    assert (tmp_path / "starter.ods").read_bytes() == (TESTS / "sheets" / "starter.ods").read_bytes()


def test_sources_mix_with_yaml_cards_in_print_order(tmp_path):
    deck = _new(tmp_path)
    (deck / "crops.csv").write_text("title,value,text,copies\n" + "".join(
        f'{t},{v},"{x}",{c}\n' for t, v, x, c in CROPS), encoding="utf-8")
    events = YAML_CARDS.split("\n")[4:]
    _cards(deck, "cards:\n  - {file: crops.csv, kind: crop}\n" + "\n".join(events))
    reference = _new(tmp_path, "reference")
    same_bytes(_build(deck, "mixed"), _build(reference, "reference"), "mixed and CSV")


def test_a_new_user_adds_a_row_in_a_text_editor(tmp_path):
    """pnp new g; add a line to g/cards.csv in a text editor; pnp build g: the new card is printed (the
    starter's component list counts in ranges). With the layout store warm, an edit to a row is laid out
    afresh (and the PDF is the cold build's). Pinned down as its comment says, the list catches the extra card."""
    deck = _new(tmp_path)
    cache = tmp_path / "cache"
    before = _build(deck, "before", PNP_CACHE=str(cache))
    with open(deck / "cards.csv", "a", encoding="utf-8") as f:
        f.write("crop,Pumpkins,4,Score **4** points at harvest.,2\n")
    after = _build(deck, "after", PNP_CACHE=str(cache))
    assert after != before
    assert "Pumpkins" in all_text(tmp_path / "after.pdf") and "Pumpkins" not in all_text(tmp_path / "before.pdf")
    text = (deck / "cards.csv").read_text(encoding="utf-8")
    (deck / "cards.csv").write_text(text.replace("Score **4** points", "Score **5** points"), encoding="utf-8")
    edited = _build(deck, "edited", PNP_CACHE=str(cache))
    assert "Score5points" in squash(all_text(tmp_path / "edited.pdf"))
    same_bytes(edited, _build(deck, "edited-off", PNP_CACHE="off"), "warm and cold after an edit")
    # the component list pinned down as its comment shows: the extra card is a fault, and build refuses
    components = deck / "components.yaml"
    text = components.read_text(encoding="utf-8")
    example = [line[6:] for line in text.splitlines() if line.startswith("#     ")]
    assert example[0] == "each:", text
    pinned = text.replace("    count: 6-60\n", "    count: 9\n" + "".join(f"    {line}\n" for line in example))
    components.write_text(pinned, encoding="utf-8")
    check = pnp_in_process("check", deck)
    assert check.returncode == 1 and "extra: Pumpkins" in check.stdout, check.stdout + check.stderr
    refused = pnp_in_process("build", deck, "-o", tmp_path / "refused.pdf")
    assert refused.returncode == 1 and not (tmp_path / "refused.pdf").exists()
    # ... and without it, as the starter is, the pinned list passes
    rows = (deck / "cards.csv").read_text(encoding="utf-8").splitlines()
    (deck / "cards.csv").write_text("".join(row + "\n" for row in rows if "Pumpkins" not in row), encoding="utf-8")
    assert pnp_in_process("check", deck).returncode == 0


def _metals(folder: Path, rows, header=("title", "value", "text", "colour")) -> None:
    """cards.xlsx with a sheet Metals of crop cards (header row 1, then `rows`)."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Notes"
    ws.append(["a sheet that is not read"])
    metals = wb.create_sheet("Metals")
    metals.append(list(header))
    for r in rows:
        metals.append(list(r))
    wb.save(folder / "cards.xlsx")
    _cards(folder, "cards:\n  - {file: cards.xlsx, sheet: Metals, kind: crop}\n")


def test_a_bad_cell_is_named_by_file_sheet_cell_and_column(tmp_path):
    deck = _new(tmp_path)
    rows = [("Gold", 3, "Shines."), ("Lead", 2, "Heavy.")] + [("Tin", 1, "Soft.")] * 3 + [("Iron", "abc", "Rusts.")]
    _metals(deck, rows)
    _fails(deck, "cards.xlsx, sheet Metals, cell B7 (value): expected a whole number, found 'abc'")


def test_two_bad_cells_give_two_errors_in_sheet_order(tmp_path):
    deck = _new(tmp_path)
    rows = [("Gold", 3, "Shines.")] * 8 + [("Iron", "x", "Rusts.", "rust")] + [("Tin", 1, "Soft.")]
    rows[1] = ("Lead", 12, "Heavy.")
    _metals(deck, rows)
    _fails(deck, "cards.xlsx, sheet Metals, cell B3 (value): expected a number from 1 to 9, found 12",
           "cards.xlsx, sheet Metals, cell B10 (value): expected a whole number, found 'x'",
           "cards.xlsx, sheet Metals, cell D10 (colour): unknown colour 'rust'")


def test_a_number_in_a_column_with_no_header_is_named_as_it_is_read(tmp_path):
    """A workbook stores 1 as 1.0, which pnp reads as 1: the mistake said 'the number 1.0'."""
    deck = _new(tmp_path)
    _metals(deck, [("Gold", 3, "Shines.", None, 1)])
    _fails(deck, "cards.xlsx, sheet Metals, cell E2: a value, the number 1, in a column with no header")


def test_an_unknown_header_gets_a_did_you_mean(tmp_path):
    deck = _new(tmp_path)
    (deck / "cards.csv").write_text((deck / "cards.csv").read_text(encoding="utf-8").replace(
        "kind,title,value,text,copies", "kind,title,valeu,text,copies"), encoding="utf-8")
    _fails(deck, ("cards.csv:1 (valeu): unknown column 'valeu'", "(did you mean 'value'?)"))


def test_a_wrong_type_in_a_csv_names_the_line_and_the_header(tmp_path):
    deck = _new(tmp_path)
    with open(deck / "cards.csv", "a", encoding="utf-8") as f:
        f.write("crop,Rye,three,Score.,1\n\nevent,Frost,,Brr.,two\ncrop,Oats,2,Score.,1,extra\n")
    _fails(deck, "cards.csv:8 (value): expected a whole number, found 'three'",
           "cards.csv:10 (copies): expected a whole number from 0 to 1000, found 'two'",
           "cards.csv:11: a value, 'extra', in a column with no header")


def test_an_xlsx_that_is_not_a_zip_and_a_csv_that_is_not_utf8(tmp_path):
    deck = _new(tmp_path)
    (deck / "cards.xlsx").write_text("kind,title\ncrop,Wheat\n", encoding="utf-8")
    _cards(deck, "cards: {file: cards.xlsx}\n")
    _fails(deck, "cards.xlsx: not an .xlsx file: it is not a zip archive")

    other = _new(tmp_path, "latin")
    text = (other / "cards.csv").read_text(encoding="utf-8").replace("Good Rain", "Bonne journée")
    (other / "cards.csv").write_bytes(text.encode("latin-1"))
    at = text.encode("latin-1").index(b"\xe9")
    _fails(other, f"cards.csv:7: not UTF-8 text (byte {at} is 0xe9); a CSV file must be saved as UTF-8")


def test_a_damaged_xlsx_and_a_formula_with_no_stored_value(tmp_path):
    deck = _new(tmp_path)
    _metals(deck, [("Gold", 3, "Shines."), ("Lead", "=B2-1", "Heavy.")])
    _fails(deck, "cards.xlsx, sheet Metals: 1 cell holds a formula with no value stored in the file, as a file "
                 "written by a script has until a spreadsheet program saves it: B3 (value) (open the file in a "
                 "spreadsheet program and save it once, or let LibreOffice store them: soffice --headless "
                 "--convert-to xlsx --outdir stored cards.xlsx, then use stored/cards.xlsx; or have the script write "
                 "values, not formulas)")
    data = (deck / "cards.xlsx").read_bytes()
    (deck / "cards.xlsx").write_bytes(data[: len(data) // 2])
    _fails(deck, "cards.xlsx: not an .xlsx file: it is not a zip archive")


def test_dates_are_refused_not_misread(tmp_path):
    import datetime
    deck = _new(tmp_path)
    _metals(deck, [("Gold", 3, datetime.date(2026, 1, 2))])
    _fails(deck, "cards.xlsx, sheet Metals, cell C2 (text): the cell holds a date or time (2026-01-02)")


def test_a_million_rows_are_refused_before_they_are_read(tmp_path):
    deck = _new(tmp_path)
    with open(deck / "cards.csv", "a", encoding="utf-8") as f:
        f.write("\n" * 1_000_000)
    _fails(deck, "cards.csv:50001: more than 50000 rows")

    far = _new(tmp_path, "far")
    _metals(far, [("Gold", 3, "Shines.")])
    from openpyxl import load_workbook
    wb = load_workbook(far / "cards.xlsx")
    wb["Metals"]["A1000000"] = "Lead"           # two cells a million rows apart: calamine would make a
    wb["Metals"]["ZZ1"] = "x"                   # dense table of every cell between them
    wb.save(far / "cards.xlsx")
    _fails(far, "cards.xlsx, sheet Metals: the sheet has values in row 1000000; the limit for a spreadsheet "
                "is 50000 rows")


def test_a_source_outside_the_deck_folder_is_refused(tmp_path):
    deck = _new(tmp_path)
    shutil.copy(deck / "cards.csv", tmp_path / "outside.csv")
    _cards(deck, "cards: {file: ../outside.csv}\n")
    _fails(deck, ("deck.yaml:", "file: spreadsheet path '../outside.csv' leaves the deck folder"))
    os.symlink(tmp_path / "outside.csv", deck / "link.csv")
    (deck / "deck.yaml").write_text((deck / "deck.yaml").read_text(encoding="utf-8").replace(
        "../outside.csv", "link.csv"), encoding="utf-8")
    _fails(deck, "spreadsheet 'link.csv' leads outside the deck folder")


def test_an_unknown_sheet_and_file_get_a_did_you_mean(tmp_path):
    deck = _new(tmp_path)
    _metals(deck, [("Gold", 3, "Shines.")])
    (deck / "deck.yaml").write_text((deck / "deck.yaml").read_text(encoding="utf-8").replace(
        "sheet: Metals", "sheet: Metal"), encoding="utf-8")
    _fails(deck, ("deck.yaml:", "sheet: no sheet 'Metal' in", "(did you mean 'Metals'?)"))
    (deck / "deck.yaml").write_text((deck / "deck.yaml").read_text(encoding="utf-8").replace(
        "file: cards.xlsx", "file: card.xlsx"), encoding="utf-8")
    _fails(deck, ("spreadsheet 'card.xlsx' not found in the deck folder", "(did you mean 'cards.xlsx'?)"))


def test_inferred_values_corrections_and_own_backs_per_row(tmp_path):
    """A row marks an inferred value (FIELD.inferred), the whole card (inferred), and a correction; the proof
    lists them, as it lists YAML's."""
    deck = _new(tmp_path)
    (deck / "cards.csv").write_text(
        "kind,title,value,value.inferred,text,inferred,correction.seed,correction.printed\n"
        "crop,Wheat,1,the seed gives no value,Score **1** point at harvest.,,,\n"
        "event,Storm,,,Every player discards their **highest** crop.,a guess from the art,"
        "their highst crop,their **highest** crop\n", encoding="utf-8")
    out = tmp_path / "proof"
    proc = pnp_in_process("proof", deck, "-o", out)
    assert proc.returncode in (0, 1), proc.stderr
    import json
    report = json.loads(next(out.rglob("*.json")).read_text(encoding="utf-8"))
    text = json.dumps(report)
    assert "the seed gives no value" in text and "a guess from the art" in text
    assert "their highst crop" in text


def test_a_csv_saved_by_excel_reads_the_same(tmp_path):
    """A byte-order mark, semicolons (Excel's separator where the decimal mark is a comma), CRLF line ends and
    a cell holding two lines: the same cards as the comma-separated file, and the second line kept."""
    from generator.deck import load_deck
    deck = _new(tmp_path)
    plain = load_deck(str(deck)).cards
    text = (deck / "cards.csv").read_text(encoding="utf-8")
    excel = "\ufeff" + text.replace('"Draw **2** :card:, then give **1** :card: to the player on your left."',
                                     "Draw **2** :card:@ then give **1** :card: to the player on your left.")
    excel = excel.replace(",", ";").replace("@", ",").replace("\n", "\r\n")
    (deck / "cards.csv").write_bytes(excel.encode("utf-8"))
    again = load_deck(str(deck)).cards
    assert [(c.name, c.kind, c.copies, c.fields) for c in again] == [(c.name, c.kind, c.copies, c.fields) for c in plain]
    (deck / "cards.csv").write_bytes((excel + 'event;Frost;;"First line\r\nsecond line";1\r\n').encode())
    cards = load_deck(str(deck)).cards
    assert cards[-1].name == "Frost" and cards[-1].fields["text"] == "First line\nsecond line"


def _scripted(path: Path) -> Workbook:
    """docs/deck-format.md's worked example as a script writes it: Barley's and Apples' values as formulas."""
    wb = Workbook()
    crops = wb.active
    crops.title = "Crops"
    crops.append(["title", "value", "text", "copies"])
    crops.append(["Wheat", 1, "Score **1** point at harvest.", 4])
    crops.append(["Barley", "=B2+1", "Score **2** points at harvest.", 3])
    crops.append(["Apples", "=B3+1", "Score **3** points at harvest. *Keep it through one storm.*", 2])
    events = wb.create_sheet("Events")
    events.append(["title", "text"])
    for title, text in EVENTS:
        events.append([title, text])
    wb.save(path)
    return wb


def test_the_readmes_workbook_written_by_a_script(tmp_path):
    """README: cards may come from a workbook, "a sheet per kind, formulas and all". A new user follows
    docs/deck-format.md's worked example with a script (openpyxl, which writes formulas with no value): one
    line for the sheet says so and how to store the values, and nothing is written; once the values are stored
    (as a spreadsheet program stores them when it saves), or the script writes the values, the cards build the
    same PDF as the starter's own cards.csv, Barley's and Apples' values 2 and 3 included."""
    deck = _new(tmp_path)
    reference = _build(deck, "reference")                   # the starter's cards, from its cards.csv
    wb = _scripted(deck / "cards.xlsx")
    crops = wb["Crops"]
    _cards(deck, "cards:\n  - {file: cards.xlsx, sheet: Crops, kind: crop}\n"
                 "  - {file: cards.xlsx, sheet: Events, kind: event}\n")
    for cmd in ("build", "check", "cards"):
        proc = pnp_in_process(cmd, deck, *(["-o", tmp_path / "g.pdf"] if cmd == "build" else []))
        assert proc.returncode == 2 and proc.stderr.splitlines() == [
            f"pnp: error: {deck}/cards.xlsx, sheet Crops: 2 cells hold a formula with no value stored in the file, as "
            "a file written by a script has until a spreadsheet program saves it: B3 (value), B4 (value) (open the "
            "file in a spreadsheet program and save it once, or let LibreOffice store them: soffice --headless "
            "--convert-to xlsx --outdir stored cards.xlsx, then use stored/cards.xlsx; or have the script write "
            "values, not formulas)"], proc.stderr
    assert not (tmp_path / "g.pdf").exists()
    _stored_value(deck / "cards.xlsx", "B2+1", "2")         # what saving it once in a spreadsheet program does
    _stored_value(deck / "cards.xlsx", "B3+1", "3")
    same_bytes(_build(deck, "saved"), reference, "the workbook with its values stored and the starter's CSV")
    crops["B3"], crops["B4"] = 2, 3                          # or the script writes the values
    wb.save(deck / "cards.xlsx")
    same_bytes(_build(deck, "values"), reference, "the workbook with values and the starter's CSV")


@pytest.mark.skipif(not shutil.which("soffice"), reason="LibreOffice (soffice) is not installed here; the stored "
                    "values themselves are checked without it by test_the_readmes_workbook_written_by_a_script")
def test_libreoffice_stores_a_scripts_formulas_as_the_line_says(tmp_path):
    deck = _new(tmp_path)
    reference = _build(deck, "reference")
    _scripted(deck / "cards.xlsx")
    _cards(deck, "cards:\n  - {file: cards.xlsx, sheet: Crops, kind: crop}\n"
                 "  - {file: cards.xlsx, sheet: Events, kind: event}\n")
    line = pnp_in_process("build", deck, "-o", tmp_path / "g.pdf").stderr
    command = re.search(r"soffice [^,;]*cards\.xlsx", line).group(0)      # as the error line gives it
    proc = subprocess.run(command.split(), cwd=deck, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "HOME": str(tmp_path / "home")})
    assert (deck / "stored" / "cards.xlsx").is_file(), proc.stdout + proc.stderr
    named = deck / "deck.yaml"
    named.write_text(named.read_text(encoding="utf-8").replace("file: cards.xlsx", "file: stored/cards.xlsx"),
                     encoding="utf-8")
    same_bytes(_build(deck, "stored"), reference, "the workbook LibreOffice stored and the starter's CSV")
