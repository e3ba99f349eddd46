"""Issue 46: every face as a PNG at any resolution (`pnp export GAME --to png [--dpi N] [--bleed MM]`) and
the showcase pictures (`--to showcase`: a hand of cards fanned, a grid of every face), read back: sizes,
recorded dpi, the manifest, pixels of the card's own colours, transparency outside the pieces' shapes, the
cards `--hand` chooses, and mistakes refused before anything is written.
"""
from __future__ import annotations

import csv

import numpy as np
import pytest
from PIL import Image

from cli import pnp_in_process


@pytest.fixture(scope="module")
def png600(artefacts):
    def make(folder):
        proc = pnp_in_process("export", "vasa-regalis", "--to", "png", "--dpi", "600", "-o", folder / "out", check=True)
        (folder / "stdout.txt").write_text(proc.stdout, encoding="utf-8")
    return artefacts.get("export vasa-regalis --to png --dpi 600", make)


@pytest.fixture(scope="module")
def showcase(artefacts):
    def make(folder):
        proc = pnp_in_process("export", "vasa-regalis", "--to", "showcase", "-o", folder / "out", check=True)
        (folder / "stdout.txt").write_text(proc.stdout, encoding="utf-8")
    return artefacts.get("export vasa-regalis --to showcase", make)


def test_a_poker_card_at_600_dpi_is_1500_by_2100(png600):
    out = png600 / "out"
    rows = list(csv.DictReader((out / "manifest.csv").open(encoding="utf-8")))
    assert len(rows) == 35 and sum(int(r["quantity"]) for r in rows if r["side"] == "face") == 33
    files = {p.name for p in out.glob("*.png")}
    assert files == {r["file"] for r in rows}
    for r in rows:
        assert (r["width_px"], r["height_px"], r["dpi"], r["trim_mm"], r["bleed_mm"]) == \
            ("1500", "2100", "600", "63.5 x 88.9", "0")
    wood = next(r for r in rows if r["card"] == "Wood 1")
    assert wood["file"] == "wood-1-face.png" and wood["back"] == "back-vasa.png"
    with Image.open(out / "wood-1-face.png") as im:
        assert im.size == (1500, 2100) and im.mode == "RGB"
        assert im.info["dpi"] == pytest.approx((600, 600), abs=0.01)
        assert np.abs(np.asarray(im.getpixel((40, 1000)), int) - (0x2f, 0x6b, 0x3b)).max() <= 2   # Wood's green
    assert "35 PNGs (33 faces, 2 backs) at 600 dpi, the trim" in (png600 / "stdout.txt").read_text(encoding="utf-8")


def test_bleed_and_the_default_resolution(tmp_path):
    out = tmp_path / "out"
    proc = pnp_in_process("export", "vasa-regalis", "--to", "png", "--bleed", "3", "-o", out, check=True)
    assert "at 300 dpi, 3 mm bleed a side" in proc.stdout
    with Image.open(out / "back-vasa.png") as im:
        assert im.size == (round((63.5 + 6) / 25.4 * 300), round((88.9 + 6) / 25.4 * 300))
        assert im.getpixel((2, 2)) == im.getpixel((40, 40))            # the background runs into the bleed
    again = pnp_in_process("export", "vasa-regalis", "--to", "png", "--bleed", "3", "-o", out, check=True)
    assert "0 written, 35 unchanged" in again.stdout        # 35 PNGs (and the manifest)


def test_showcase_grid_holds_every_face_cut_to_its_shape(showcase):
    with Image.open(showcase / "out" / "showcase.png") as im:
        assert im.mode == "RGBA" and im.info["dpi"] == pytest.approx((150, 150), abs=0.02)
        a = np.asarray(im)
    alpha = a[..., 3]
    assert alpha[0, 0] == 0 and alpha[-1, -1] == 0                    # transparent around the pieces
    # each card is an opaque block: count the cards of the grid's first row along a line through them
    line = alpha[np.argmax((alpha == 255).sum(axis=1) > 0) + 60]
    runs = np.diff(np.concatenate([[0], (line == 255).astype(int), [0]]))
    cols = int((runs == 1).sum())
    card_w = round(2.5 * 150)
    assert cols >= 5 and a.shape[1] >= cols * card_w
    total = (alpha == 255).sum() / (card_w * round(3.5 * 150))
    assert 33 <= total <= 36                                           # 35 faces and backs, corners rounded off
    out = (showcase / "stdout.txt").read_text(encoding="utf-8")
    assert "showcase.png (35 faces in a grid" in out


def test_hand_fans_the_chosen_cards(showcase, tmp_path):
    assert "hand.png (5 cards fanned: Wood 1, Wood 2, Cloth 4, Rule card 1, Gilding 5" in \
        (showcase / "stdout.txt").read_text(encoding="utf-8")
    out = tmp_path / "out"
    proc = pnp_in_process("export", "vasa-regalis", "--to", "showcase", "--hand", "Iron 3", "--hand", "13-14",
                          "--dpi", "100", "-o", out, check=True)
    assert "hand.png (3 cards fanned: Iron 3, Cloth 1, Cloth 2;" in proc.stdout
    with Image.open(out / "hand.png") as im:
        a = np.asarray(im)
    assert a[0, 0, 3] == 0 and a[..., 3].max() == 255
    h, w = a.shape[:2]
    assert w > h > round(3.5 * 100)                      # a fan: wider than tall, taller than a card
    # the cards are turned: the left half's opaque top edge lies lower at its outer side than at the middle
    opaque = a[..., 3] > 200
    top = [int(np.argmax(opaque[:, x])) for x in (w // 6, w // 2)]
    assert top[0] > top[1]


@pytest.mark.parametrize("args, message", [
    (["--to", "showcase", "--hand", "Iron 9"], "--hand 'Iron 9': no card of that name or id"),
    (["--to", "png", "--hand", "Iron 3"], "--hand is for --to showcase"),
    (["--to", "png", "--dpi", "5"], "expected dots per inch from 10 to 2400, found 5"),
    (["--to", "tts", "--dpi", "300"], "--dpi is for --to png or showcase"),
])
def test_a_mistake_is_one_line_and_writes_nothing(args, message, tmp_path):
    out = tmp_path / "out"
    proc = pnp_in_process("export", "vasa-regalis", *args, "-o", out)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("pnp: error: ") and message in proc.stderr, \
        proc.stderr
    assert not out.exists()


def test_showcase_cells_are_each_pieces_own_size_and_cover_half_the_picture(exported):
    """Issue 56: Aqua Regia's grid was 9220 x 4775 px with 12.5% of it covered, every cell the size of its board;
    each piece now has a cell of its own size, the board a row of its own, and the pieces cover over half of it."""
    with Image.open(exported("aqua-regia", "--to", "showcase") / "showcase.png") as im:
        alpha = np.asarray(im)[..., 3]
        w, h = im.size
    assert (alpha > 128).mean() >= 0.5, (w, h, (alpha > 128).mean())
    assert 0.75 <= w / h <= 3.0
    rows = (alpha > 128).any(axis=1)
    starts = np.flatnonzero(np.diff(rows.astype(int)) == 1)           # each row of pieces, top to bottom
    board_h = round(262 / 25.4 * 150)
    bands = [(s, s + int(np.argmin(rows[s + 1:]))) for s in starts]
    board = [b for b in bands if abs((b[1] - b[0]) - board_h) <= 4]
    assert len(board) == 1                                             # the board: a row of its own, its height
    assert all((b[1] - b[0]) < board_h / 2 for b in bands if b not in board)   # the cards' rows: a card's height
