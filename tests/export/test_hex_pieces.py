"""Hex pieces exported (tests/decks/shapes): The Game Crafter's hex products named in the manifest, each image the
hexagon and white beyond its bleed; Tabletop Simulator's hex tiles at their true size."""
from __future__ import annotations

import csv
import json
import math

import pytest
from PIL import Image

from shapesdeck import DECK


def manifest(folder) -> dict:
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return {(r["card"], r["side"]): r for r in csv.DictReader(f)}


def test_game_crafter_names_its_hex_products(exported):
    rows = manifest(exported(DECK))
    forest, one, marker = rows[("Forest", "face")], rows[("One", "face")], rows[("Far Marker", "face")]
    assert (forest["product"], forest["match"], forest["width_px"], forest["height_px"]) == \
        ("Small Hex Tile", "exact", "675", "600")
    assert rows[("Forest; Sea", "back")]["product"] == "Small Hex Tile"
    assert (one["product"], one["match"], one["width_px"], one["height_px"]) == ("Hex Shard", "exact", "300", "300")
    assert "pointy hex piece turned a quarter turn clockwise" in one["note"]
    assert (marker["product"], marker["match"]) == ("Mini Hex Tile", "nearest")
    assert "30 x 26 mm and a hexagon" in marker["note"] and "exported at this piece's own size, 429 x 382 px" in marker["note"]


def test_game_crafter_images_are_the_hexagon_and_white_beyond_its_bleed(exported):
    folder = exported(DECK)
    white = (255, 255, 255)
    with Image.open(folder / "forest-face.png") as im:
        im = im.convert("RGB")
        assert im.size == (675, 600)
        # the hexagon, bleed and all, 2 + 0.25 in by 1.732 + 0.25 in (595 px, a regular hexagon: the product's
        # own 1.75 in is the table's rounding), centred: its flat top and bottom 2 px from the image's edges,
        # its corners at the left and right edges; beyond its slanted sides (the image's corners) nothing
        column = [im.getpixel((337, y)) for y in range(600)]
        assert [y for y, px in enumerate(column) if px != white] == list(range(2, 597))
        assert im.getpixel((1, 300)) != white and im.getpixel((673, 300)) != white
        assert all(im.getpixel(xy) == white for xy in ((10, 10), (664, 10), (10, 589), (664, 589)))
    with Image.open(folder / "one-face.png") as im:
        im = im.convert("RGB")
        # a pointy chit, 0.6495 + 0.25 in wide, turned to lie flat in the Hex Shard's 300 x 300 px image: its
        # corners at the left and right edges, white bands of (300 - 270) / 2 px above and below
        assert im.size == (300, 300)
        assert im.getpixel((1, 150)) != white and im.getpixel((298, 150)) != white
        assert all(im.getpixel((x, y)) == white for x in (150,) for y in (0, 13, 287, 299))
        assert im.getpixel((150, 17)) != white and im.getpixel((150, 282)) != white


def test_tabletop_simulator_hex_tiles_at_their_true_size(exported):
    out = exported(DECK, "--to", "tts")
    save = json.loads((out / "Shapes Test.json").read_text(encoding="utf-8"))

    def walk(objects):
        for obj in objects:
            yield obj
            yield from walk(obj.get("ContainedObjects") or [])
    tiles = {}
    for obj in walk(save["ObjectStates"]):
        if obj["Name"] == "Custom_Tile":
            tiles.setdefault(obj["Nickname"], obj)
    assert set(tiles) == {"Forest", "Sea", "One", "Two", "Far Marker"}
    for name, across, turned in (("Forest", 2.0, False), ("One", 0.75, True), ("Far Marker", 30 / 25.4, False)):
        t = tiles[name]
        tile = t["CustomImage"]["CustomTile"]
        assert tile["Type"] == 1 and tile["Stretch"] is True, name          # 1: hex
        # a hex tile at scale 1 is 2 units (inches) corner to corner (layouts/shop-tabletop-simulator.yaml)
        assert t["Transform"]["scaleX"] == t["Transform"]["scaleZ"] == pytest.approx(across / 2, abs=1e-4), name
        assert t["Transform"]["rotY"] == (90.0 if turned else 180.0), name
        with Image.open(t["CustomImage"]["ImageURL"]) as im:
            w, h = im.size
            # drawn at 300 DPI, flat-topped: corner to corner across the image, a pointy piece turned
            assert w == round(across * 300) and h == pytest.approx(w * math.sqrt(3) / 2, abs=2), name
            rgb = im.convert("RGB")
            assert rgb.getpixel((1, 1)) == (255, 255, 255) and rgb.getpixel((1, h // 2)) != (255, 255, 255)
