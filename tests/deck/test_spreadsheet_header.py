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
