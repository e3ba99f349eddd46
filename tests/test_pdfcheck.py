"""tests/pdfcheck.py remembers what it read from a file under the file's identity: a file replaced or
rewritten since is read afresh (else the tests would check an older file than the one pnp just wrote),
and what it hands out cannot change what the next caller reads."""
from __future__ import annotations

import os
import shutil

import pytest

from pdfcheck import page_sizes, page_text, placements, sheet_ops, words

A4_WIDTH, LETTER_WIDTH = 595.2756, 612.0


@pytest.fixture
def a4_and_letter(built):
    return built("vasa-regalis"), built("vasa-regalis", "--paper", "letter")


def test_a_file_replaced_by_rename_is_read_afresh(tmp_path, a4_and_letter):
    a4, letter = a4_and_letter
    path = tmp_path / "x.pdf"
    shutil.copyfile(a4, path)
    assert page_sizes(path)[0][0] == pytest.approx(A4_WIDTH)
    before = (placements(path), words(path, 2), page_text(path, 0), sheet_ops(path, 2))
    shutil.copyfile(letter, tmp_path / "new.pdf")
    os.replace(tmp_path / "new.pdf", path)                  # as pnp writes an output
    assert page_sizes(path)[0][0] == pytest.approx(LETTER_WIDTH)
    after = (placements(path), words(path, 2), page_text(path, 0), sheet_ops(path, 2))
    assert after == (placements(letter), words(letter, 2), page_text(letter, 0), sheet_ops(letter, 2))
    assert after[0] != before[0] and after[1] != before[1] and after[3] != before[3]


def test_a_file_rewritten_in_place_is_read_afresh(tmp_path, a4_and_letter):
    a4, letter = a4_and_letter
    path = tmp_path / "x.pdf"
    shutil.copyfile(a4, path)
    inode = path.stat().st_ino
    assert page_sizes(path)[0][0] == pytest.approx(A4_WIDTH)
    path.write_bytes(letter.read_bytes())
    assert path.stat().st_ino == inode
    assert page_sizes(path)[0][0] == pytest.approx(LETTER_WIDTH)
    assert placements(path) == placements(letter)


def test_what_is_handed_out_is_the_callers_own(a4_and_letter):
    a4, _ = a4_and_letter
    pages = placements(a4)
    pages[2].clear()
    pages.append([])
    assert len(placements(a4)[2]) == 9 and len(placements(a4)) == len(pages) - 1
    ws = words(a4, 2)
    ws.clear()
    assert words(a4, 2)
