"""Card and deck values in a template's expressions (issue 53): number, total, kind_number, kind_total, and the
functions over the deck, count(), sum(), lookup() and icons(), printed on a `pnp new` game and read back from
its PDF; their mistakes named where they are made (the template's line, the card's cell)."""
from __future__ import annotations

import csv
from collections import Counter

from openpyxl import Workbook

from cli import pnp_in_process
from newgame import build, fronts, new_game

NUMBER = '  - {id: number, type: text, box: [20mm, 80mm, 23.5mm, 4mm], text: "{number}/{total}", size: 8pt}\n'
COUNTED = NUMBER + """  - {id: set, type: text, box: [8mm, 20mm, 47.5mm, 4mm], size: 7pt, align: center,
     text: "{kind_number} of {kind_total} | {count(kind == 'Crop')} crops | {sum(copies, kind == 'Crop')} printed | B{lookup('crop', 'Barley', 'value')} | P{lookup('Prices', title, 'cost')}"}
  - {id: cost, type: text, box: [40mm, 24mm, 16mm, 5mm], text: "{icons('card card')}", size: 9pt, align: right}
"""


def workbook(folder) -> None:
    """The starter's cards as cards.xlsx, a sheet Cards, beside a sheet Prices no card is read from."""
    wb = Workbook()
    cards = wb.active
    cards.title = "Cards"
    for row in csv.reader((folder / "cards.csv").read_text().splitlines()):
        cards.append([int(v) if v.isdigit() else v or None for v in row])
    prices = wb.create_sheet("Prices")
    for row in (("title", "cost"), ("Wheat", 5), ("Barley", 7), ("Apples", 9), ("Storm", 0), ("Market Day", 1),
                ("Good Rain", 2)):
        prices.append(row)
    wb.save(folder / "cards.xlsx")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("cards: {file: cards.csv}",
                                             "cards: {file: cards.xlsx, skip_sheets: [Prices]}"))


def test_number_and_total_print_1_6_to_6_6_on_every_copy(tmp_path):
    pdf, _ = build(new_game(tmp_path, NUMBER))
    shown = Counter(next(w for w in text.split() if "/" in w) for text, _ in fronts(pdf))
    assert shown == {"1/6": 4, "2/6": 3, "3/6": 2, "4/6": 1, "5/6": 1, "6/6": 1}, shown


def test_counts_sums_lookups_and_icons_from_words(tmp_path):
    folder = new_game(tmp_path, COUNTED)
    workbook(folder)
    pdf, _ = build(folder)
    faces = {text.split()[1]: (text, p) for text, p in fronts(pdf)}
    wheat, storm = faces["Wheat"][0], faces["Storm"][0]
    assert "1 of 3 | 3 crops | 9 printed | B2 | P5" in wheat, wheat         # 4 + 3 + 2 crops printed
    assert "1 of 3 | 3 crops | 9 printed | B2 | P0" in storm, storm
    assert "3 of 3" in faces["Apples"][0] and "P9" in faces["Apples"][0]
    draws = sum(op == b"Do" for _, op in faces["Wheat"][1].ops)
    assert draws == 2                                                       # icons('card card'): two icons


def test_mistakes_name_the_template_line_or_the_cards_cell(tmp_path):
    bad = new_game(tmp_path, '  - {id: n, type: text, box: [5mm, 80mm, 20mm, 4mm], text: "{count(valeu > 1)}"}\n',
                   name="unknown")
    err = pnp_in_process("build", bad, "-o", tmp_path / "x.pdf").stderr
    assert "templates/shown.yaml:3:" in err and "'valeu' in {count(valeu > 1)} is no field" in err, err
    assert "did you mean 'value'?" in err
    key = new_game(tmp_path, '  - {id: n, type: text, box: [5mm, 80mm, 20mm, 4mm], text: "{lookup(\'crop\', \'Rye\', '
                             '\'value\')}"}\n', name="key")
    err = pnp_in_process("build", key, "-o", tmp_path / "x.pdf").stderr
    assert "region n.text" in err and "no row of kind 'crop' is 'Rye'" in err, err
    cell = new_game(tmp_path, '  - {id: n, type: text, box: [5mm, 80mm, 20mm, 4mm], text: "{icons(title)}"}\n',
                    name="cell", deck_extra="icon_letters: {W: card}\n")
    err = pnp_in_process("build", cell, "-o", tmp_path / "x.pdf").stderr
    lines = [ln for ln in err.splitlines() if "error" in ln]
    assert any("cards.csv:3: title: card 'Barley': icons(title): 'Barley' is no icon of the deck" in ln
               for ln in lines), err                                         # the cell it came from
    assert len(lines) == 6, err                                              # every card's, in one run
    letters = new_game(tmp_path, "", name="letters", deck_extra="icon_letters: {WW: card, X: nope}\n")
    err = pnp_in_process("build", letters, "-o", tmp_path / "x.pdf").stderr
    assert "icon_letters.WW: expected one letter" in err and "icon_letters.X: 'nope' is no icon" in err, err


def test_a_lookup_table_or_field_written_as_text_is_checked_when_the_template_loads(tmp_path):
    """lookup('corp', ...) names no kind or sheet, lookup('crop', ..., 'vlaue') no field of the kind: each one line at
    the template's line and key, with its did-you-mean, found as the template is checked (once, before any card is
    laid out: no card's name in it); a kind by its title in another case, and a sheet of the workbook, pass."""
    regions = ('  - {id: n, type: text, box: [5mm, 80mm, 20mm, 4mm], text: "{lookup(\'corp\', \'Rye\', \'value\')}"}\n'
               '  - {id: f, type: text, box: [5mm, 74mm, 20mm, 4mm], size: "{lookup(\'crop\', name, \'vlaue\')}pt"}\n'
               '  - {id: ok, type: text, box: [5mm, 68mm, 20mm, 4mm], when: "{lookup(\'CROP\', \'Wheat\', \'value\')}",'
               ' text: "{lookup(\'Prices\', \'Storm\', \'cost\')}"}\n')
    folder = new_game(tmp_path, regions)
    workbook(folder)
    proc = pnp_in_process("build", folder, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2 and not (tmp_path / "x.pdf").exists(), proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if "error" in ln]
    assert len(lines) == 2, proc.stderr
    assert "templates/shown.yaml:3:" in lines[0] and "region n.text" in lines[0] and \
        "'corp' in {lookup('corp', 'Rye', 'value')} is neither a kind of the deck nor a sheet of its workbooks" \
        in lines[0] and "did you mean 'crop'?" in lines[0], lines[0]
    assert "templates/shown.yaml:4:" in lines[1] and "region f.size" in lines[1] and \
        "'vlaue' in {lookup('crop', name, 'vlaue')} is no field of kind 'crop'" in lines[1] and \
        "did you mean 'value'?" in lines[1], lines[1]
    assert not any(title in proc.stderr for title in ("Wheat", "Barley", "Storm")), proc.stderr
