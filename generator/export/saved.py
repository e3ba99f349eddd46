"""The Tabletop Simulator saved object: a JSON file the game lists under Objects > Saved Objects when
it is in its Saved Objects folder (Documents/My Games/Tabletop Simulator/Saves/Saved Objects).

The format is Tabletop Simulator's save format (kb.tabletopsimulator.com/custom-content/
save-file-format): a saved object is a save whose outer fields are empty and whose ObjectStates
hold the objects. The fields of each object are those the game writes itself:
- a deck: Name "DeckCustom", DeckIDs (one card ID per card, in order), CustomDeck (each deck sheet
  it uses, keyed by its number: FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden, UniqueBack,
  Type), and ContainedObjects, one "Card" object per card (Nickname, CardID, CustomDeck). A card's
  ID is its sheet's number times 100 plus its cell on the sheet, counted from 0, row by row. A
  deck of one card is that "Card" object alone.
- a tile: Name "Custom_Tile", CustomImage (ImageURL on top, ImageSecondaryURL below, CustomTile:
  Type 0 box or 2 circle, Thickness, Stackable, Stretch); several tiles of a kind go in a "Bag".
Objects are laid out side by side. Their size: Tabletop Simulator scales an object's image to about
0.33 times its height in inches (the factor Templative, an open-source exporter, measured for cards,
tiles and boards: templative-electron, objectCreation/customObjectAdapter.js), so each piece keeps
its size relative to the others. GUIDs are made from the game and the object's place in the file,
so the same deck writes the same bytes.

Not here: the images it names (tts_sheets.py, tts_draw.py) or writing the file (tts.py).
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from urllib.parse import quote

from .tts_sheets import BLANK

SCALE_PER_INCH = 0.33
CARD_TYPE = 0              # CustomDeck Type: 0 rounded rectangle (the game's playing card)
TILE_BOX, TILE_CIRCLE = 0, 2
GAP = 1.0                  # units (about an inch) between objects laid out on the table


def file_name(deck) -> str:
    """The saved object's file name: the game's title, as the game lists it."""
    title = re.sub(r'[\\/:*?"<>|\x00-\x1f]', "", deck.game.title).strip(" .") or deck.id
    return f"{title}.json"


def urls(out: Path, base_url: str | None):
    """file name -> the URL the saved object names it by."""
    if base_url:
        base = base_url.rstrip("/") + "/"
        return lambda name: base + quote(name)
    folder = Path(out).resolve()
    return lambda name: (folder / name).as_uri()


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


def _base(guid: str, name: str, transform: dict, nickname: str, description: str = "", hands: bool = False) -> dict:
    return {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": description,
            "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False, "Grid": True,
            "Snap": True, "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True, "Autoraise": True,
            "Sticky": True, "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": hands, "Hands": hands,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def _scale(height_points: float) -> float:
    return SCALE_PER_INCH * height_points / 72


def custom_deck(sheet, url) -> dict:
    return {"FaceURL": url(sheet.faces_file), "BackURL": url(sheet.backs_file), "NumWidth": sheet.cols,
            "NumHeight": sheet.rows, "BackIsHidden": True, "UniqueBack": sheet.unique_back, "Type": CARD_TYPE}


def saved_object(deck, lay, url) -> tuple[str, list]:
    """The saved object's JSON text, and (kind, nickname, count) of each object in it."""
    ids = _Ids(deck.id)
    objects, summary = [], []
    parts = {c.part for c in deck.cards}
    x = 0.0

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
        scale = _scale(first.height)
        sideways = first.width > first.height
        transform = _transform(x, 0.0, scale, face_down=True)
        cards, decks = [], {}
        for index in indices:
            card = deck.cards[index]
            sheet, cell = lay.card_sheet[index]
            decks[str(sheet.number)] = custom_deck(sheet, url)
            for n in range(card.copies):
                c = _base(ids(f"{path}/{card.id}/{n}"), "Card", transform, card.name,
                          deck.kinds[card.kind].title, hands=True)
                c["CardID"] = sheet.number * 100 + cell
                c["SidewaysCard"] = sideways
                c["CustomDeck"] = {str(sheet.number): custom_deck(sheet, url)}
                cards.append(c)
        name = label(kind, part) + (f": {stack}" if stack else "")
        if len(cards) == 1:
            obj = cards[0]
            obj["GUID"] = ids(path)
            obj["Transform"] = transform
        else:
            obj = _base(ids(path), "DeckCustom", transform, name, f"{len(cards)} cards", hands=True)
            obj["SidewaysCard"] = sideways
            obj["DeckIDs"] = [c["CardID"] for c in cards]
            obj["CustomDeck"] = decks
            obj["ContainedObjects"] = cards
        objects.append(obj)
        summary.append(("deck" if len(cards) > 1 else "card", name, len(cards)))
        x += first.width / 72 + GAP

    # tiles: a bag for each kind of them in each part (one piece alone is just the tile)
    tgroups: dict = {}
    for index, card in enumerate(deck.cards):
        if index in lay.tile_of:
            tgroups.setdefault((card.part, card.kind), []).append(index)
    for (part, kind), indices in tgroups.items():
        path = f"tiles/{part}/{kind}"
        tiles = []
        first_tpl = lay.tiles[lay.tile_of[indices[0]][0]].image.template
        scale = _scale(first_tpl.height)
        transform = _transform(x, 0.0, scale)
        for index in indices:
            card = deck.cards[index]
            face_file, back_file = lay.tile_of[index]
            tpl = lay.tiles[face_file].image.template
            circle = tpl.shape == "circle"
            for n in range(card.copies):
                t = _base(ids(f"{path}/{card.id}/{n}"), "Custom_Tile", _transform(x, 0.0, _scale(tpl.height)),
                          card.name, deck.kinds[card.kind].title)
                t["CustomImage"] = {"ImageURL": url(face_file), "ImageSecondaryURL": url(back_file or BLANK),
                                    "ImageScalar": 1.0, "WidthScale": 0.0,
                                    "CustomTile": {"Type": TILE_CIRCLE if circle else TILE_BOX,
                                                   "Thickness": 0.1 if circle else 0.2,
                                                   "Stackable": circle, "Stretch": circle}}
                tiles.append(t)
        name = label(kind, part)
        if len(tiles) == 1:
            obj = tiles[0]
            obj["GUID"] = ids(path)
        else:
            obj = _base(ids(path), "Bag", transform, name, f"{len(tiles)} pieces")
            obj["Bag"] = {"Order": 0}
            obj["ContainedObjects"] = tiles
        objects.append(obj)
        summary.append(("bag" if len(tiles) > 1 else "tile", name, len(tiles)))
        x += (first_tpl.width / 72 if len(tiles) == 1 else 2.0) + GAP

    # centred on the table
    shift = x / 2
    for obj in objects:
        _move(obj, -shift)
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
