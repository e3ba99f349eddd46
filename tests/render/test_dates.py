"""Issue 56: every PDF is dated by the reproducible-builds convention (generator/render/dates.py), read back from its
information dictionary: SOURCE_DATE_EPOCH when it is set; else the game's own date (game.date, else 1 January of the
last year game.year names); else 2000-01-01 as before. Never the time of the run or a file's time: two copies of
a game, made at different times, build the same bytes. A SOURCE_DATE_EPOCH or a game.date that is not a date is one
line, exit status 2."""
from __future__ import annotations

import os
import shutil

import pikepdf
import pytest

from cli import TESTS, pnp_in_process

DECK = TESTS / "decks" / "shared-template"


def _deck(tmp_path, game_lines: str):
    folder = tmp_path / "game"
    shutil.copytree(DECK, folder)
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("  designer: pnp tests\n",
                                                             f"  designer: pnp tests\n{game_lines}"), encoding="utf-8")
    return folder


def _dates(pdf) -> tuple:
    with pikepdf.open(pdf) as p:
        return str(p.docinfo["/CreationDate"]), str(p.docinfo["/ModDate"]), bytes(p.trailer.ID[0])


@pytest.mark.parametrize("lines, env, date", [
    ("  date: 2026-11-29\n", {}, "D:20261129000000+00'00'"),
    ("  year: '2013-2023'\n", {}, "D:20230101000000+00'00'"),
    ("", {}, "D:20000101000000+00'00'"),
    ("  date: 2026-11-29\n", {"SOURCE_DATE_EPOCH": "1700000000"}, "D:20231114221320+00'00'"),
])
def test_a_pdf_is_dated_by_its_game_or_source_date_epoch(lines, env, date, tmp_path):
    folder = _deck(tmp_path, lines)
    out = tmp_path / "game.pdf"
    pnp_in_process("build", folder, "-o", out, check=True, env=env)
    assert _dates(out)[:2] == (date, date)
    shop = tmp_path / "pdf"
    pnp_in_process("export", folder, "--to", "pdf", "-o", shop, check=True, env=env)
    assert _dates(shop / "poker-deck.pdf")[:2] == (date, date)


def test_the_same_game_copied_later_builds_the_same_bytes(tmp_path):
    """A copy's files have other times; the PDF does not change with them (its date is not a file's time)."""
    first = _deck(tmp_path / "a", "  date: 2026-11-29\n")
    pnp_in_process("build", first, "-o", tmp_path / "a.pdf", check=True, env={"PNP_CACHE": "off"})
    second = tmp_path / "b"
    shutil.copytree(first, second / "game")
    for path in (second / "game").rglob("*"):
        os.utime(path, (1_800_000_000, 1_800_000_000))
    pnp_in_process("build", second / "game", "-o", tmp_path / "b.pdf", check=True, env={"PNP_CACHE": "off"})
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


@pytest.mark.parametrize("lines, env, message", [
    ("", {"SOURCE_DATE_EPOCH": "yesterday"}, "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970"),
    ("  date: 29/11/2026\n", {}, "game.date: expected a date written YYYY-MM-DD (2026-11-29), found '29/11/2026'"),
])
def test_a_date_that_is_not_one_is_one_line(lines, env, message, tmp_path):
    folder = _deck(tmp_path, lines)
    out = tmp_path / "game.pdf"
    proc = pnp_in_process("build", folder, "-o", out, env=env)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr
    assert not out.exists()
