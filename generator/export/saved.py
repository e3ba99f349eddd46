"""The Tabletop Simulator saved object: a JSON file the game lists under Objects > Saved Objects when
it is in its Saved Objects folder (Documents/My Games/Tabletop Simulator/Saves/Saved Objects).

The format is Tabletop Simulator's save format (kb.tabletopsimulator.com/custom-content/
save-file-format): a saved object is a save whose outer fields are empty and whose ObjectStates
hold the objects. Each object has the fields, in the order, the game writes itself, with the
settings its own saves have (layouts/shop-tabletop-simulator.yaml, from the Arkham Horror mod's
saved objects, SCED; tests/export/test_saved.py compares them field by field):
- a deck: Name "Deck", DeckIDs (one card ID per card, in order), CustomDeck (each deck sheet it
  uses, keyed by its number: FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden, UniqueBack, Type),
  and ContainedObjects, one "Card" object per card (Nickname, CardID, CustomDeck); Hands false,
  HideWhenFaceDown true. A card's ID is its sheet's number times 100 plus its cell on the sheet,
  counted from 0, row by row. A deck of one card is that "Card" object alone (Hands true).
- a tile: Name "Custom_Tile", CustomImage (ImageURL on top, ImageSecondaryURL below, CustomTile:
  Type 0 box, 1 hex or 2 circle, Thickness, Stackable, Stretch); several tiles of a kind go in a "Bag".
Sizes (tts_sizes.py): a card's scale is 0.33 an inch of its longer side (a sideways card is the upright card
turned), a tile's half an inch of its shorter side (a hex tile's, of its width corner to corner; a pointy one lies
turned a quarter turn), a bag's 1, so that every piece lies at its real size beside the others. Objects are laid
out side by side along x, each centred half its width past the last one's edge, so that no two overlap. An image is named by its local path as the game writes a file chosen on disk
(urls()), or under --base-url. GUIDs are made from the game and the object's place in the
file, so the same deck writes the same bytes.

Not here: the images it names (tts_sheets.py, tts_draw.py) or writing the file (tts.py).
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from urllib.parse import quote

from ..layout.shapes import is_hex
from .tts_sizes import (BACK_IS_HIDDEN, BAG_SCALE, CARD_COLOUR, CARD_TYPE, HEX_ACROSS_AT_1, SETTINGS, TILE, card_scale,
                        card_units, hex_scale, tile_scale, tile_units)

GAP = 1.0                  # units (an inch) between objects laid out on the table
BAG_WIDTH = 2.0            # units a bag takes on the table (about its width at scale 1)


def file_name(deck) -> str:
    """The saved object's file name: the game's title, as the game lists it."""
    title = re.sub(r'[\\/:*?"<>|\x00-\x1f]', "", deck.game.title).strip(" .") or deck.id
    if deck.language != deck.source_language:       # a translation's object beside the source's in Saved Objects
        title = f"{title} ({deck.language})"
    return f"{title}.json"


def urls(out: Path, base_url: str | None):
    """file name -> what the saved object names it by: its absolute local path as Tabletop Simulator writes a
    file chosen on disk, with forward slashes ("X:/Users/User/Documents/Pictures/Token.jpeg": a Steam guide,
    ulia's "Modding File Management", quoting the import window; the knowledge base's example,
    custom-content/asset-importing, is a bare path too), spaces and letters as they are, no file:// scheme
    (no source shows the game writing one); or `base_url`/NAME."""
    if base_url:
        base = base_url.rstrip("/") + "/"
        return lambda name: base + quote(name)
    folder = Path(out).resolve().as_posix().rstrip("/")
    return lambda name: f"{folder}/{name}"


class _Ids:
    def __init__(self, seed: str):
        self.seed = seed
        self.used: set = set()

    def __call__(self, path: str) -> str:
        n = 0
        while True:
            guid = hashlib.sha256(f"{self.seed}\0{path}\0{n}".encode()).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
            n += 1


def _transform(x: float, z: float, scale: float, face_down: bool = False) -> dict:
    return {"posX": round(x, 4), "posY": 1.0, "posZ": round(z, 4), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": round(scale, 4), "scaleY": 1.0,
            "scaleZ": round(scale, 4)}


def _object(guid: str, name: str, transform: dict, nickname: str, description: str = "", extra: dict | None = None,
            contained: list | None = None) -> dict:
    """An object's fields in the order Tabletop Simulator writes them (its ObjectState class), with the
    settings its own saves give an object of this Name."""
    grey = name in ("Deck", "Card")
    colour = {"r": CARD_COLOUR, "g": CARD_COLOUR, "b": CARD_COLOUR} if grey else {"r": 1.0, "g": 1.0, "b": 1.0}
    settings = SETTINGS[name]
    obj = {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": description,
           "GMNotes": "", "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0}, "ColorDiffuse": colour,
           "LayoutGroupSortIndex": 0, "Value": 0, "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
           "MeasureMovement": False, "DragSelectable": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
           "GridProjection": False, "HideWhenFaceDown": bool(settings["HideWhenFaceDown"]),
           "Hands": bool(settings["Hands"])}
    obj.update(extra or {})
    obj.update({"LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    if contained is not None:
        obj["ContainedObjects"] = contained
    return obj


def custom_deck(sheet, url) -> dict:
    return {"FaceURL": url(sheet.faces_file), "BackURL": url(sheet.backs_file), "NumWidth": sheet.cols,
            "NumHeight": sheet.rows, "BackIsHidden": BACK_IS_HIDDEN, "UniqueBack": sheet.unique_back,
            "Type": CARD_TYPE}


def _tile(guid, x, card, tpl, kind_title, face, back, url) -> dict:
    style = TILE["circle" if tpl.shape == "circle" else "hex" if is_hex(tpl.shape) else "box"]
    image = {"ImageURL": url(face.file), "ImageSecondaryURL": url(back.file), "ImageScalar": 1.0, "WidthScale": 0.0,
             "CustomTile": {"Type": int(style["type"]), "Thickness": float(style["thickness"]),
                            "Stackable": bool(style["stackable"]), "Stretch": bool(style["stretch"])}}
    if is_hex(tpl.shape):
        return _object(guid, "Custom_Tile", _hex_transform(x, tpl), card.name, kind_title, {"CustomImage": image})
    return _object(guid, "Custom_Tile", _transform(x, 0.0, tile_scale(tpl.width, tpl.height)), card.name, kind_title,
                   {"CustomImage": image})


def _hex_transform(x: float, tpl) -> dict:
    """A hex tile's place and scale: its corner-to-corner width (tts_sizes.hex_scale). A pointy piece's
    images are turned a quarter turn clockwise to fit the game's flat-topped hexagon, so the tile is
    turned a quarter turn back, anticlockwise seen from above: rotY 90 where the others lie at 180 (the
    game's y axis points up in Unity's left-handed space, where a positive turn is clockwise from above)."""
    pointy = tpl.shape == "hex-pointy"
    t = _transform(x, 0.0, hex_scale(tpl.height if pointy else tpl.width))
    if pointy:
        t["rotY"] = 90.0
    return t


def _hex_width(tpl) -> float:
    """Units a hex tile takes across the table (x): corner to corner, or flat to flat when pointy."""
    pointy = tpl.shape == "hex-pointy"
    scale = hex_scale(tpl.height if pointy else tpl.width)
    return scale * HEX_ACROSS_AT_1 * (tpl.width / tpl.height if pointy else 1.0)


def saved_object(deck, lay, url) -> tuple[str, list]:
    """The saved object's JSON text, and (kind, nickname, count) of each object in it."""
    ids = _Ids(deck.id)
    objects, summary, widths = [], [], []
    parts = {c.part for c in deck.cards}
    x = 0.0                 # every object made at the centre of the table, then laid out side by side (below)

    def label(kind_id, part_id):
        title = deck.kinds[kind_id].title
        return f"{title} ({deck.parts[part_id].title})" if len(parts) > 1 else title

    # decks: one for each kind of card in each part, in print order
    groups: dict = {}
    for index, card in enumerate(deck.cards):
        if index in lay.card_sheet:
            groups.setdefault((card.part, card.kind), []).append(index)
    for (part, kind), indices, stack in _stacks(deck, lay, groups):
        path = f"deck/{part}/{kind}" + (f"/{stack}" if stack else "")
        first = lay.card_sheet[indices[0]][0]
        sideways = first.width > first.height
        transform = _transform(x, 0.0, card_scale(first.width, first.height), face_down=True)
        cards, decks = [], {}
        for index in indices:
            card = deck.cards[index]
            sheet, cell = lay.card_sheet[index]
            decks[str(sheet.number)] = custom_deck(sheet, url)
            for n in range(card.copies):
                cards.append(_object(ids(f"{path}/{card.id}/{n}"), "Card", transform, card.name,
                                     deck.kinds[card.kind].title,
                                     {"CardID": sheet.number * 100 + cell, "SidewaysCard": sideways,
                                      "CustomDeck": {str(sheet.number): custom_deck(sheet, url)}}))
        name = label(kind, part) + (f": {stack}" if stack else "")
        if len(cards) == 1:
            obj = cards[0]
            obj["GUID"] = ids(path)
        else:
            obj = _object(ids(path), "Deck", transform, name, f"{len(cards)} cards",
                          {"SidewaysCard": sideways, "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": decks},
                          cards)
        objects.append(obj)
        summary.append(("deck" if len(cards) > 1 else "card", name, len(cards)))
        widths.append(card_units(card_scale(first.width, first.height), first.width, first.height)[0])

    # tiles: a bag for each kind of them in each part (one piece alone is just the tile)
    tgroups: dict = {}
    for index, card in enumerate(deck.cards):
        if index in lay.tile_of:
            tgroups.setdefault((card.part, card.kind), []).append(index)
    for (part, kind), indices in tgroups.items():
        path = f"tiles/{part}/{kind}"
        tiles = []
        for index in indices:
            card = deck.cards[index]
            face, back = lay.tile_of[index]
            for n in range(card.copies):
                tiles.append(_tile(ids(f"{path}/{card.id}/{n}"), x, card, face.image.template,
                                   deck.kinds[card.kind].title, face, back, url))
        name = label(kind, part)
        tpl = lay.tile_of[indices[0]][0].image.template
        if len(tiles) == 1:
            obj = tiles[0]
            obj["GUID"] = ids(path)
            width = (_hex_width(tpl) if is_hex(tpl.shape)
                     else tile_units(tile_scale(tpl.width, tpl.height), tpl.width, tpl.height)[0])
        else:
            obj = _object(ids(path), "Bag", _transform(x, 0.0, BAG_SCALE), name, f"{len(tiles)} pieces",
                          {"MaterialIndex": -1, "MeshIndex": -1, "Bag": {"Order": 0}}, tiles)
            width = BAG_WIDTH
        objects.append(obj)
        summary.append(("bag" if len(tiles) > 1 else "tile", name, len(tiles)))
        widths.append(width)

    # side by side along x, GAP apart, centre to centre (a position is the object's centre: each is moved by
    # half its own width past the one before, not the other's width), the row centred on the table
    left = -(sum(widths) + GAP * (len(widths) - 1)) / 2
    for obj, width in zip(objects, widths):
        _move(obj, left + width / 2)
        left += width + GAP
    save = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}
    return json.dumps(save, indent=2, ensure_ascii=False) + "\n", summary


def _stacks(deck, lay, groups):
    """((part, kind), card indices, stack name) of each deck object. A kind whose cards show
    several backs, each shared by different cards (Christina Regina's court cards: a Copper, a
    Silver and a Gold back), is one deck per back, as its face-down stacks are played; cards with a
    back of their own stay with the rest of their kind."""
    back_of = lay.plan.back_of
    for key, indices in groups.items():
        names: dict = {}
        for i in indices:
            b = back_of.get(i)
            if b is not None:
                names.setdefault(id(b), (b, set()))[1].add(deck.cards[i].name)
        shared = [b for b, who in names.values() if len(who) > 1]
        if len(shared) < 2:
            yield key, indices, ""
            continue
        varying = [k for k in shared[0].values if len({str(b.values.get(k)) for b in shared}) > 1]
        rest = [i for i in indices if back_of.get(i) not in shared]
        for b in shared:
            mine = [i for i in indices if back_of.get(i) is b]
            stack = ", ".join(str(b.values[k]) for k in varying) or b.file.removesuffix(".png")
            yield key, mine, stack
        if rest:
            yield key, rest, "others"


def _move(obj: dict, dx: float) -> None:
    t = dict(obj["Transform"])
    t["posX"] = round(t["posX"] + dx, 4)
    obj["Transform"] = t
    for child in obj.get("ContainedObjects") or []:
        _move(child, dx)
