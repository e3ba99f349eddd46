"""Issue 56: each shop's own pieces (generator/export/unprinted.py): DriveThruCards' data file says it prints poker
cards (`prints: products`), so A Royal Will's cards are written and its chits and charts left out, named in one line
with the reason and in manifest rows, the summary counting what was written (its counts equal the pages written); a
game of only such pieces is refused in one line, exit status 2, nothing written. The Game Crafter and
MakePlayingCards (`prints: any`) still export every piece, those of no product's size at their own size.
"""
from __future__ import annotations

import csv
import re
import shutil

import pypdf
import pytest

from cli import ROOT, pnp_in_process

PIECES = ROOT / "tests" / "decks" / "pieces"


@pytest.fixture(scope="module")
def arw(artefacts):
    def make(folder):
        proc = pnp_in_process("export", "a-royal-will", "--to", "drivethrucards", "-o", folder / "out", check=True)
        (folder / "stdout.txt").write_text(proc.stdout, encoding="utf-8")
        (folder / "stderr.txt").write_text(proc.stderr, encoding="utf-8")
    return artefacts.get("export a-royal-will --to drivethrucards", make)


def test_its_cards_written_its_chits_left_out_in_one_line(arw):
    out = arw / "out"
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["manifest.csv", "poker-deck.pdf"]
    err = (arw / "stderr.txt").read_text(encoding="utf-8")
    left = [line for line in err.splitlines() if "left out" in line]
    assert len(left) == 1 and left[0].startswith("pnp: warning: DriveThruCards prints only Poker cards (63.5 x 88.9 mm)")
    for named in ("Coin (22 mm across, round; 66)", "Token, Game tracker (30 mm across, round; 32)",
                  "Check-up chart (66 x 134 mm; 6)"):
        assert named in left[0]
    rows = list(csv.DictReader((out / "manifest.csv").open(encoding="utf-8")))
    printed = [r for r in rows if r["file"]]
    omitted = [r for r in rows if not r["file"]]
    assert {r["component"] for r in omitted} == {"Coin", "Token", "Game tracker", "Check-up chart"}
    assert all(r["note"].startswith("left out: DriveThruCards prints only Poker cards") and not r["page"]
               for r in omitted)
    assert sum(int(r["quantity"]) for r in omitted) == 104


def test_the_summary_counts_equal_the_pages_written(arw):
    out = (arw / "stdout.txt").read_text(encoding="utf-8")
    pages = len(pypdf.PdfReader(str(arw / "out" / "poker-deck.pdf")).pages)
    said = re.search(r"poker-deck\.pdf \((\d+) pages\)\) for (\d+) cards \((\d+) left out", out)
    assert said, out
    assert int(said.group(1)) == pages == 2 * int(said.group(2)) and int(said.group(3)) == 104
    rows = list(csv.DictReader((arw / "out" / "manifest.csv").open(encoding="utf-8")))
    assert len([r for r in rows if r["file"]]) == pages


def test_a_game_of_pieces_it_does_not_print_is_refused(tmp_path):
    folder = tmp_path / "chits"
    shutil.copytree(PIECES, folder)
    deck = folder / "deck.yaml"
    head, cards = deck.read_text(encoding="utf-8").split("cards:\n")
    kept = [line for line in cards.splitlines() if "kind: coin" in line or "kind: token" in line]
    deck.write_text(head + "cards:\n" + "\n".join(kept) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    proc = pnp_in_process("export", folder, "--to", "drivethrucards", "-o", out)
    assert proc.returncode == 2 and proc.stdout == "" and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith("pnp: error: DriveThruCards prints none of this game's pieces: it prints only "
                                  "Poker cards (63.5 x 88.9 mm), and the game's are Coin (22 mm across, round; 10); "
                                  "Token (25 mm across, round; 4)")
    assert not out.exists()


def test_shops_that_print_any_piece_still_export_every_one(exported):
    """The Game Crafter (prints: any): the pieces deck's board, coins and tokens are exported too."""
    rows = list(csv.DictReader((exported(PIECES) / "manifest.csv").open(encoding="utf-8")))
    assert {"Coin", "Token", "Board"} <= {r["component"] for r in rows}
