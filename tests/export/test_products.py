"""Every printed piece maps to a Game Crafter product. A piece of a product's size and
shape is exported at that product's upload size; any other piece names the nearest product of its
shape and what differs, in the manifest a new user uploads from.

The products are data (layouts/shop-*.yaml), each size with its source, and MakePlayingCards'
sizes sit beside The Game Crafter's."""
from __future__ import annotations

import csv
import textwrap

import pytest
from PIL import Image

from cli import pnp_in_process

MM = 72 / 25.4


def manifest(folder):
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_table_is_consistent():
    """Each product's image is its trim plus 1/8 in of bleed a side at 300 DPI (a hex product's is as wide,
    and may be taller: its hexagon is centred in it); identities unique; every shape and kind the issue
    names is there."""
    from generator.export.products import BY_ID, PRODUCTS, pixels
    assert len(BY_ID) == len(PRODUCTS)
    for p in PRODUCTS:
        assert pixels(p.width + 18) == p.width_px, p.id
        if p.shape == "hex":
            assert pixels(p.height + 18) <= p.height_px and p.height < p.width, p.id     # flat-topped
        else:
            assert pixels(p.height + 18) == p.height_px, p.id
    kinds = {(p.kind, p.shape) for p in PRODUCTS}
    assert {("card", "rect"), ("card", "circle"), ("card", "hex"), ("chit", "circle"), ("chit", "rect"),
            ("chit", "hex"), ("board", "rect"), ("mat", "rect")} <= kinds
    assert BY_ID["PokerDeck"][4:6] == (825, 1125) and BY_ID["LargeCircleChit"][4:6] == (375, 375)


@pytest.mark.parametrize("size, shape, name, match", [
    ((180, 252), "rect", "Poker Deck", "exact"),
    ((252, 180), "rect", "Poker Deck", "exact"),                 # landscape: turned to the portrait product
    ((162, 252), "rect", "Bridge Deck", "exact"),
    ((252, 396), "rect", "Jumbo Deck", "exact"),
    ((72, 72), "circle", "Large Circle Chit", "exact"),          # 1 in across
    ((90, 90), "circle", "Mini Circle Tile", "exact"),           # 1.25 in
    ((576, 576), "rect", "Square Board", "exact"),               # 8 x 8 in: a board before a mat
    ((22 * MM, 22 * MM), "circle", "Medium Circle Chit", "nearest"),
    ((30 * MM, 30 * MM), "circle", "Mini Circle Tile", "nearest"),
    ((66 * MM, 134 * MM), "rect", "Tarot Deck", "nearest"),
    ((190 * MM, 262 * MM), "rect", "Small Quad-Fold Mat", "nearest"),
])
def test_a_piece_maps_to_its_product(size, shape, name, match):
    from generator.export.products import target
    t = target(*size, shape)
    assert (t.name, t.match) == (name, match)
    if match == "nearest":
        assert f"nearest: {t.name} (" in t.note and "mm" in t.note and "exported at this piece's own size" in t.note


def test_a_royal_will_names_a_product_for_every_piece(tmp_path):
    """Tried as a new user would: every row of A Royal Will's manifest names a product; 129 pieces
    (was: 104 of them 'custom' with no product named)."""
    out = tmp_path / "gc"
    proc = pnp_in_process("export", "a-royal-will", "-o", out, check=True)
    rows = manifest(out)
    assert all(r["product"] and r["match"] in ("exact", "nearest") for r in rows)
    faces = {r["card"]: r for r in rows if r["side"] == "face"}
    assert sum(int(r["quantity"]) for r in faces.values()) == 129
    by_product = {}
    for r in faces.values():
        by_product[(r["product"], r["match"])] = by_product.get((r["product"], r["match"]), 0) + int(r["quantity"])
    assert by_product == {("Poker Deck", "exact"): 25, ("Tarot Deck", "nearest"): 6,
                          ("Mini Circle Tile", "nearest"): 32, ("Medium Circle Chit", "nearest"): 66}
    coin = faces["Coin"]
    assert "22 mm across and round" in coin["note"] and "19.05 mm across, 300 x 300 px" in coin["note"]
    assert "3.0 mm smaller across" in coin["note"]
    chart = faces["Check-up chart"]
    assert "66 x 134 mm" in chart["note"] and "3.8 mm wider and 13.4 mm shorter" in chart["note"]
    assert "Coin -> Medium Circle Chit" in proc.stdout and "Check-up chart -> Tarot Deck" in proc.stdout
    for r in rows:                          # a nearest match is exported at the piece's own size
        with Image.open(out / r["file"]) as im:
            assert im.size == (int(r["width_px"]), int(r["height_px"]))


def test_an_exact_chit_is_written_at_the_products_size(tmp_path):
    folder = tmp_path / "chits"
    (folder / "templates").mkdir(parents=True)
    (folder / "templates" / "chit.yaml").write_text(textwrap.dedent("""
        size: {width: 1in, height: 1in}
        shape: circle
        regions:
          - {id: disc, type: ellipse, box: [0mm, 0mm, 100%, 100%], fill: "#336699", bleed: true}
    """), encoding="utf-8")
    (folder / "deck.yaml").write_text(textwrap.dedent("""
        game: {title: Chits}
        parts: [{id: base, title: Base}]
        kinds:
          chit: {title: Chit, template: chit, back: none}
        cards:
          - {kind: chit, name: Chit, copies: 10}
    """), encoding="utf-8")
    out = tmp_path / "gc"
    pnp_in_process("export", folder, "-o", out, check=True)
    [row] = manifest(out)
    assert (row["product"], row["match"], row["quantity"]) == ("Large Circle Chit", "exact", "10")
    # a piece with no back (back: none), ordered as a product printed on both sides: the row says so
    assert row["note"].startswith("single-sided: this piece has no back, but the product (Large Circle Chit) is "
                                  "printed on both sides"), row["note"]
    with Image.open(out / row["file"]) as im:
        assert im.size == (375, 375)
        assert im.getpixel((187, 187)) == (0x33, 0x66, 0x99) == im.getpixel((2, 187))   # disc to the bleed


def _sources(path) -> set:
    """The source keys a data file's header explains ("# - KEY: ...")."""
    import re
    return set(re.findall(r"^# - ([a-z0-9.]+):", path.read_text(encoding="utf-8"), re.M))


@pytest.mark.parametrize("shop_id", ["gamecrafter", "mpc"])
def test_every_size_in_the_data_files_names_its_source(shop_id):
    """Each product of The Game Crafter's and MakePlayingCards' data files names a source that the
    file's header explains; the files are what the export reads (the table above is loaded from it)."""
    from generator import LAYOUTS
    from generator.export.shops import FILES, shop
    s = shop(shop_id)
    explained = _sources(LAYOUTS / FILES[shop_id])
    assert s.products and explained
    for p in s.products:
        assert p.source in explained, (p.id, p.source, explained)


def test_makeplayingcards_sizes_are_their_trim_plus_36_px_a_side():
    """MakePlayingCards cuts 36 px a side (0.12 in, not 1/8 in) off a 300 DPI image: each size is its
    trim plus 72 px each way, poker 822 x 1122 (shared/research/anchors.md), tarot 897 x 1497."""
    from generator.export.shops import shop
    mpc = shop("mpc")
    assert mpc.bleed == pytest.approx(36 * 72 / 300) and mpc.dpi == 300
    inches = {"poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75), "mini": (1.75, 2.5),
              "square": (3.5, 3.5), "business": (2, 3.5), "domino": (1.75, 3.5), "big": (3.5, 5.75)}
    assert set(mpc.by_id) == set(inches)
    for pid, (w, h) in inches.items():
        p = mpc.by_id[pid]
        assert (p.width_px, p.height_px) == (round(w * 300) + 72, round(h * 300) + 72), pid
        assert (p.width, p.height) == (pytest.approx(w * 72), pytest.approx(h * 72)), pid
    assert (mpc.by_id["poker"].width_px, mpc.by_id["poker"].height_px) == (822, 1122)
    assert (mpc.by_id["tarot"].width_px, mpc.by_id["tarot"].height_px) == (897, 1497)


@pytest.mark.parametrize("size, shape, name, match, px", [
    ((180, 252), "rect", "Poker size cards", "exact", (822, 1122)),
    ((252, 180), "rect", "Poker size cards", "exact", (822, 1122)),     # landscape: turned
    ((198, 342), "rect", "Tarot size cards", "exact", (897, 1497)),
    ((22 * MM, 22 * MM), "circle", "Mini cards", "nearest", (332, 332)),   # its own size, MPC's bleed
])
def test_a_piece_maps_to_a_makeplayingcards_size(size, shape, name, match, px):
    from generator.export.products import target
    t = target(*size, shape, "", "mpc")
    assert (t.name, t.match, (t.width_px, t.height_px)) == (name, match, px)
    if match == "nearest":
        assert t.note.startswith("no MakePlayingCards card size is 22 mm across and round; nearest: Mini cards")
