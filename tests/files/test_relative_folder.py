"""A game named by a relative folder ("g") from two working folders in one process (pnp_in_process, as a test
suite or a long-lived caller runs pnp): each run reads its own folder's files. The real path of a deck's folder
was kept once a process by the name as given, so the second run read the first folder's cards.csv (found when
tests/commands/test_every_option.py ran before tests/commands/test_new.py)."""
from __future__ import annotations

import shutil

from cli import pnp_in_process
from pdfcheck import all_text


def test_the_same_relative_name_from_two_folders_reads_each_ones_files(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    pnp_in_process("new", "g", cwd=first, check=True)
    shutil.copytree(first / "g", second / "g")
    cards = second / "g" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    assert "Wheat" in text
    cards.write_text(text.replace("Wheat", "Barley"), encoding="utf-8")
    pnp_in_process("build", "g", "-o", first / "g.pdf", cwd=first, check=True)
    pnp_in_process("build", "g", "-o", second / "g.pdf", cwd=second, check=True)
    assert "Wheat" in all_text(first / "g.pdf")
    said = all_text(second / "g.pdf")
    assert "Barley" in said and "Wheat" not in said
