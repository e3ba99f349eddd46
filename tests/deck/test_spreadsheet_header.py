"""A spreadsheet's header (deck/spreadsheets/): a column every card of a kind must give that the header lacks, or
no kind column where the deck has several kinds, is one error at the header's line."""
from __future__ import annotations

from smalldeck import errors, run, starter


def test_a_column_the_header_lacks_is_one_error_at_the_header_line(tmp_path):
    folder = starter(tmp_path)
    (folder / "cards.csv").write_text("kind,value,text,copies\ncrop,1,Score.,4\ncrop,2,Score.,4\n"
                                      "event,,Boom.,1\n", encoding="utf-8")
    lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
    assert all(line.startswith(f"{folder}/cards.csv:1: ") for line in lines), lines
    assert len(lines) == 2 and "no column 'title'" in lines[0] and "kind 'crop'" in lines[0], lines
    (folder / "cards.csv").write_text("title,value,text,copies\nA,1,Score.,4\nB,2,Score.,1\nC,,Boom.,1\n",
                                      encoding="utf-8")
    lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
    assert len(lines) == 1 and lines[0].startswith(f"{folder}/cards.csv:1: no kind column"), lines


def test_a_columns_language_that_is_none_of_the_decks_is_one_error_at_the_header(tmp_path):
    """title:de in a deck that names no German: at the header's cell, once (it was at the first row filling it)."""
    folder = starter(tmp_path)
    (folder / "cards.csv").write_text("kind,title,value,text,copies,title:de\ncrop,Wheat,1,Score.,4,Weizen\n"
                                      "crop,Barley,2,Score.,1,Gerste\n", encoding="utf-8")
    lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
    assert len(lines) == 1 and lines[0].startswith(f"{folder}/cards.csv:1 (title:de): 'title:de': 'de' is not one "
                                                   "of the deck's languages"), lines
