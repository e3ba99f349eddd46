"""Issue 47: no silent wrong output, round three. The real error first and alone (one mistake, at most three
lines), every mistake of a run found at once (bad cells in early rows hide nothing in later ones), a header's
mistake named at the header's line, and every value that reaches an output checked where it is given."""
from __future__ import annotations

from pathlib import Path

from cli import pnp
from test_mistakes import errors, run

STARTER_CSV = """kind,title,value,text,copies
crop,Wheat,ten,Score **1** point at harvest.,4
crop,Barley,2,Score **2** points at harvest.,x
crop,Apples,3,Score **3** points at harvest.,2
event,Storm,,Every player discards their **highest** crop.,1
event,Market Day,,"Draw **2** :nope:, then give **1** :card: to the player on your left.",1
event,Good Rain,,Every player draws **1 card.,1
"""


def starter(tmp_path: Path, name: str = "g", *args) -> Path:
    folder = tmp_path / name
    proc = pnp("new", folder, *args)
    assert proc.returncode == 0, proc.stderr
    return folder


def test_bad_cells_in_early_rows_hide_no_mistake_in_later_rows(tmp_path):
    """The nanDECK designer's workbook: two bad cells in rows 2 and 3 and, further down, an unknown icon and an
    unclosed ** (found only by laying the card out): all four in one run, each at its row."""
    folder = starter(tmp_path)
    (folder / "cards.csv").write_text(STARTER_CSV, encoding="utf-8")
    lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
    assert [line.split(" ", 1)[0] for line in lines] == [f"{folder}/cards.csv:{n}{s}" for n, s in
                                                         ((2, ""), (3, ""), (6, ":"), (7, ":"))], lines
    assert "'ten'" in lines[0] and "'x'" in lines[1]
    assert "unknown icon ':nope:'" in lines[2] and "unbalanced markup" in lines[3] and "'**'" in lines[3]
    assert not (tmp_path / "out.pdf").exists()


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
