"""Tabletop Simulator's pieces at their true size, named so the game finds them and so a changed
image gets a new address.

- Sizes under the game's documented unit (an inch: its knowledge base, custom-tile.md) and the sizes of
  a card and a tile at scale 1 (layouts/shop-tabletop-simulator.yaml names the public saved objects they
  come from): a tile's size on the table against a card's is the ratio of their real sizes. Before, a
  tile was scaled as a card was: a 22 mm coin beside a poker card was 1.5 times too small, and a bag
  took a chit's scale.
- Local images are named by their plain paths, spaces and accented letters as they are.
- Every image's name carries a digest of its bytes: a second export names the same files; a changed
  card changes its sheet's name and no other.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from cli import ROOT, copy_deck, pnp_in_process

PIECES = ROOT / "tests" / "decks" / "pieces"
MM = 72 / 25.4


def walk(objects):
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects") or [])


@pytest.fixture(scope="module")
def pieces(exported):
    """The pieces deck's Tabletop Simulator export, made once per run (a shared artefact: read, never changed)."""
    out = exported(PIECES, "--to", "tts")
    save = json.loads((out / "Pieces Test.json").read_text(encoding="utf-8"))
    return out, save


def _units(obj) -> tuple[float, float]:
    """The size on the table, in units, of a Card or Custom_Tile in the saved object, from its scale,
    its image's aspect and the sizes at scale 1 of layouts/shop-tabletop-simulator.yaml."""
    from generator.export import tts_sizes as s
    scale = obj["Transform"]["scaleX"]
    assert obj["Transform"]["scaleZ"] == scale
    if obj["Name"] == "Card":
        cd = next(iter(obj["CustomDeck"].values()))
        with Image.open(cd["FaceURL"]) as im:
            w, h = im.width / cd["NumWidth"], im.height / cd["NumHeight"]
        return s.card_units(scale, w, h)
    with Image.open(obj["CustomImage"]["ImageURL"]) as im:
        return s.tile_units(scale, im.width, im.height)


def test_the_sizes_at_scale_1_are_the_data_files(pieces):
    """A card at scale 1 is 1 / 0.33 units tall, a tile 2 units across its shorter side, one unit an inch."""
    from generator.export import tts_sizes as s
    assert s.UNIT == 72 and s.CARD_HEIGHT_AT_1 == pytest.approx(3.0303, abs=1e-4) and s.TILE_SHORT_AT_1 == 2
    assert s.BAG_SCALE == 1


def test_tiles_and_cards_in_the_ratio_of_their_real_sizes(pieces):
    """Every card and tile of the pieces deck: its size on the table in inches (units) is its trim's,
    so a coin against a card is 22 mm against 88.9 mm."""
    _, save = pieces
    real = {"One": (63.5, 88.9), "Crest": (63.5, 88.9), "Rules": (63.5, 88.9), "Coin": (22, 22),
            "Token": (25, 25), "Board": (101.6, 203.2)}
    seen = {}
    for obj in walk(save["ObjectStates"]):
        if obj["Name"] in ("Card", "Custom_Tile") and obj["Nickname"] in real:
            seen[obj["Nickname"]] = _units(obj)
    assert set(seen) == set(real)
    for name, (w, h) in real.items():
        uw, uh = seen[name]
        assert (uw, uh) == (pytest.approx(w / 25.4, rel=0.01), pytest.approx(h / 25.4, rel=0.01)), name
    coin, card = seen["Coin"], seen["One"]
    assert coin[0] / card[1] == pytest.approx(22 / 88.9, rel=0.01)


def test_a_royal_will_coins_beside_its_cards(exported):
    """A Royal Will: a 22 mm coin beside a poker card, as on a real table; the coins' bag at scale 1."""
    out = exported("a-royal-will", "--to", "tts")
    save = json.loads((out / "A Royal Will.json").read_text(encoding="utf-8"))
    bags = {o["Nickname"]: o for o in save["ObjectStates"] if o["Name"] == "Bag"}
    coin = bags["Coin"]["ContainedObjects"][0]
    card = next(o for o in walk(save["ObjectStates"]) if o["Name"] == "Card")
    assert _units(coin)[0] / _units(card)[1] == pytest.approx(22 / 88.9, rel=0.01)
    assert coin["Transform"]["scaleX"] == pytest.approx(22 / 25.4 / 2, abs=1e-4)
    assert card["Transform"]["scaleX"] == pytest.approx(0.33 * 3.5, abs=1e-4)
    assert all(b["Transform"]["scaleX"] == b["Transform"]["scaleZ"] == 1.0 for b in bags.values())


def _footprint(obj) -> tuple:
    """(left, right, near, far) of a top-level object on the table, in units: its position is its centre."""
    from generator.export.saved import BAG_WIDTH
    t = obj["Transform"]
    w, h = (BAG_WIDTH, BAG_WIDTH) if obj["Name"] == "Bag" else _units(obj["ContainedObjects"][0] if obj["Name"] ==
                                                                        "Deck" else obj)
    return t["posX"] - w / 2, t["posX"] + w / 2, t["posZ"] - h / 2, t["posZ"] + h / 2


@pytest.mark.parametrize("game", ["aqua-regia", "a-royal-will"])
def test_no_two_objects_overlap_on_the_table(game, exported):
    """Issue 56: each object lies centred half its own width past the one before, a unit apart: Aqua Regia's field
    marker spawned inside its board (x was advanced by the marker's width, while posX is a centre)."""
    out = exported(game, "--to", "tts")
    title = {"aqua-regia": "Aqua Regia", "a-royal-will": "A Royal Will"}[game]
    objects = json.loads((out / f"{title}.json").read_text(encoding="utf-8"))["ObjectStates"]
    boxes = sorted(_footprint(o) for o in objects)
    for a, b in zip(boxes, boxes[1:]):
        assert b[0] - a[1] == pytest.approx(1.0, abs=0.01), (a, b)        # a unit between neighbours, never less
    assert boxes[0][0] == pytest.approx(-boxes[-1][1], abs=0.01)            # the row centred on the table


def test_board_keeps_its_proportions_and_round_pieces_are_circles(pieces):
    _, save = pieces
    tiles = {o["Nickname"]: o for o in walk(save["ObjectStates"]) if o["Name"] == "Custom_Tile"}
    board = tiles["Board"]["CustomImage"]["CustomTile"]
    coin = tiles["Coin"]["CustomImage"]["CustomTile"]
    assert (board["Type"], board["Stretch"]) == (0, False) and (coin["Type"], coin["Stretch"]) == (2, True)


@pytest.mark.parametrize("folder", ["tts check", "tts chéck", "pièces à jouer"])
def test_local_paths_are_plain(folder, tmp_path):
    """A folder with a space or an accented letter: every image named by the path itself, as Tabletop
    Simulator writes a local file (its knowledge base, asset-importing.md), never percent-encoded."""
    out = tmp_path / folder
    pnp_in_process("export", PIECES, "--to", "tts", "-o", out, check=True)
    text = (out / "Pieces Test.json").read_text(encoding="utf-8")
    save = json.loads(text)
    urls = []
    for obj in walk(save["ObjectStates"]):
        for cd in (obj.get("CustomDeck") or {}).values():
            urls += [cd["FaceURL"], cd["BackURL"]]
        if "CustomImage" in obj:
            urls += [obj["CustomImage"]["ImageURL"], obj["CustomImage"]["ImageSecondaryURL"]]
    assert urls
    for url in urls:
        assert url.startswith(str(out.resolve()) + "/") and Path(url).is_file(), url
        assert "%" not in url and "file:" not in url
    assert folder in text


def _names(out: Path) -> dict:
    """stem -> the file of that stem (every image is STEM-DIGEST.png)."""
    names = {}
    for p in out.glob("*.png"):
        m = re.fullmatch(r"(.+)-([0-9a-f]{12})\.png", p.name)
        assert m, p.name
        assert m.group(2) == __import__("hashlib").sha256(p.read_bytes()).hexdigest()[:12]
        names[m.group(1)] = p.name
    return names


def test_digests_change_with_a_face_and_not_otherwise(tmp_path):
    deck = tmp_path / "pieces"
    shutil.copytree(PIECES, deck)
    out = tmp_path / "tts"
    pnp_in_process("export", deck, "--to", "tts", "-o", out, check=True)
    before = _names(out)
    again = pnp_in_process("export", deck, "--to", "tts", "-o", out, check=True)
    assert "0 drawn" in again.stdout and _names(out) == before
    redrawn = pnp_in_process("export", deck, "--to", "tts", "--redraw", "-o", out, check=True)
    assert "0 drawn" not in redrawn.stdout and _names(out) == before       # drawn again: the same bytes
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text.replace("{kind: card, name: Two, value: 2", "{kind: card, name: Two, value: 5"),
                                    encoding="utf-8")
    changed = pnp_in_process("export", deck, "--to", "tts", "-o", out, check=True)
    after = _names(out)
    assert set(after) == set(before)
    assert [s for s in before if before[s] != after[s]] == ["poker-deck"], (before, after)
    assert "1 drawn" in changed.stdout and "1 removed" in changed.stdout      # the old sheet is gone
    save = json.loads((out / "Pieces Test.json").read_text(encoding="utf-8"))
    faces = {cd["FaceURL"] for o in walk(save["ObjectStates"]) for cd in (o.get("CustomDeck") or {}).values()}
    assert {Path(f).name for f in faces} == {after["poker-deck"]}


def test_a_changed_shipped_game_card_changes_only_its_sheet(tmp_path):
    """Vasa Regalis: a changed rule card changes the one sheet's name; its backs keep theirs."""
    deck = copy_deck("vasa-regalis", tmp_path)
    out = tmp_path / "tts"
    pnp_in_process("export", deck, "--to", "tts", "-o", out, check=True)
    before = _names(out)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    assert text.count("title: Rule Card 2") == 1
    (deck / "deck.yaml").write_text(text.replace("title: Rule Card 2", "title: Rule Card Two"), encoding="utf-8")
    pnp_in_process("export", deck, "--to", "tts", "-o", out, check=True)
    after = _names(out)
    assert set(after) == set(before) == {"poker-deck", "poker-deck-backs"}
    assert after["poker-deck"] != before["poker-deck"] and after["poker-deck-backs"] == before["poker-deck-backs"]


def test_every_image_once_and_every_cell_of_a_deck_one_size(pieces):
    out, save = pieces
    files = list(out.glob("*.png"))
    data = [p.read_bytes() for p in files]
    assert len(data) == len(set(data))
    coin = next(o for o in walk(save["ObjectStates"]) if o.get("Nickname") == "Coin" and o["Name"] == "Custom_Tile")
    image = coin["CustomImage"]
    assert image["ImageURL"] == image["ImageSecondaryURL"]        # the coin's back is its face: one file
