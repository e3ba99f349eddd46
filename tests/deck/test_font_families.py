"""A deck's own font families (deck/sections/fonts.py, layout/fonts.py): a family whose file is missing is that
mistake, at its line, and a fallback naming it says nothing more (it was 'unknown font family', the file never
named, and the other mistakes of the run lost); a fallback that names no family is an error at its line and field."""
from __future__ import annotations

import shutil

from cli import ROOT
from smalldeck import DECK, TEMPLATE, deck, refused


def _fonts(tmp_path, fonts: str):
    folder = deck(tmp_path / "d", DECK.replace("game: {title: Tried}", "game: {title: Tried}\nfonts:\n" + fonts)
                  .replace("value: 3}", "value: 30}"), TEMPLATE.replace('text: "{text}"}', 'text: "{text}", font: mine}'))
    (folder / "fonts").mkdir()
    shutil.copy(ROOT / "fonts" / "PnpSans-Regular.ttf", folder / "fonts" / "Mine.ttf")
    return folder


def test_a_fallback_family_whose_file_is_missing_is_named_by_its_file(tmp_path):
    folder = _fonts(tmp_path, "  mine: {regular: fonts/Mine.ttf, fallback: [other]}\n  other: fonts/Other.ttf\n")
    lines = refused(folder)
    assert len(lines) == 2, lines               # and the run's other mistake, a value out of range
    assert lines[0].startswith(f"{folder}/deck.yaml:4:3: fonts.other: font file 'fonts/Other.ttf' not found"), lines
    assert "cards[2].value" in lines[1], lines


def test_a_fallback_that_names_no_family_is_an_error_at_its_line(tmp_path):
    folder = _fonts(tmp_path, "  mine: {regular: fonts/Mine.ttf, fallback: [othr]}\n  other: fonts/Mine.ttf\n")
    lines = refused(folder)
    assert lines[0].startswith(f"{folder}/deck.yaml:3: fonts.mine.fallback: unknown font family 'othr'") and \
        "did you mean 'other'?" in lines[0], lines
    assert len(lines) == 2 and "cards[2].value" in lines[1], lines
