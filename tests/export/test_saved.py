"""The saved object pnp writes for Tabletop Simulator, held field by field against objects the
game saved itself, one of each kind pnp writes: a deck, a single card, a tile and a bag.

The reference objects are from the Arkham Horror LCG mod SCED, a Tabletop Simulator game kept as one
JSON file an object by TTSModManager (github.com/argonui/SCED, commit 70dd00c, March 2026):
- a deck: objects/Fan-MadeAccessories.aa8b38/SecretObjectivesUltimatums.b2077d/SecretObjectives.5f3cba.json
- a card: objects/AdditionalPlayerCards.2cba6b/AlekseySaburov.12072.json
- a tile: objects/ChaosBag.fea079/0.90356c.json (a round chaos token, Custom_Tile Type 2)
- a bag: objects/AllPlayerCards.15bb07.json
Below are their fields and the values of their settings, written out here (the files themselves are
not copied into this repository). TTSModManager sorts the keys and moves some values into files of
their own (ContainedObjects_order and _path for ContainedObjects, GMNotes_path for GMNotes); the card's
Tags are the mod's own (a field the game writes only for an object that has tags). The save's outer
fields are those of a saved object (TTSModManager's saved-object-feature.md: all empty but ObjectStates).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import ROOT

PIECES = ROOT / "tests" / "decks" / "pieces"

COMMON = {"GUID", "Name", "Transform", "Nickname", "Description", "GMNotes", "AltLookAngle", "ColorDiffuse",
          "LayoutGroupSortIndex", "Value", "Locked", "Grid", "Snap", "IgnoreFoW", "MeasureMovement", "DragSelectable",
          "Autoraise", "Sticky", "Tooltip", "GridProjection", "HideWhenFaceDown", "Hands", "LuaScript",
          "LuaScriptState", "XmlUI"}
FIELDS = {                                  # the reference objects' keys, TTSModManager's renaming undone
    "Deck": COMMON | {"SidewaysCard", "DeckIDs", "CustomDeck", "ContainedObjects"},
    "Card": COMMON | {"CardID", "SidewaysCard", "CustomDeck"},
    "Custom_Tile": COMMON | {"CustomImage"},
    "Bag": COMMON | {"Bag", "MaterialIndex", "MeshIndex", "ContainedObjects"},
}
GREY = {"r": 0.71324, "g": 0.71324, "b": 0.71324}
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}
SETTINGS = {                                # the reference objects' values of the settings pnp writes
    "Deck": {"Hands": False, "HideWhenFaceDown": True, "SidewaysCard": False, "ColorDiffuse": GREY},
    "Card": {"Hands": True, "HideWhenFaceDown": True, "SidewaysCard": False, "ColorDiffuse": GREY},
    "Custom_Tile": {"Hands": False, "HideWhenFaceDown": False, "ColorDiffuse": WHITE},
    "Bag": {"Hands": False, "HideWhenFaceDown": False, "MaterialIndex": -1, "MeshIndex": -1, "Bag": {"Order": 0}},
}
TOGGLES = {"Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False, "MeasureMovement": False,
           "DragSelectable": True, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
           "LayoutGroupSortIndex": 0, "Value": 0, "AltLookAngle": {"x": 0, "y": 0, "z": 0}, "GMNotes": "",
           "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
CUSTOM_DECK = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}
CUSTOM_IMAGE = {"ImageURL", "ImageSecondaryURL", "ImageScalar", "WidthScale", "CustomTile"}
CUSTOM_TILE = {"Type", "Thickness", "Stackable", "Stretch"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
SAVE = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "", "GameComplexity": "",
        "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
        "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


@pytest.fixture(scope="module")
def save(exported):
    """The pieces deck's Tabletop Simulator export, made once per run (a shared artefact: read, never changed)."""
    out = exported(PIECES, "--to", "tts")
    return json.loads((out / "Pieces Test.json").read_text(encoding="utf-8"))


def _objects(save) -> dict:
    """One object of each kind: the Card deck, the single Rule card, a Coin tile (in its bag), the bag."""
    top = {o["Nickname"]: o for o in save["ObjectStates"]}
    return {"Deck": top["Card"], "Card": top["Rules"], "Custom_Tile": top["Coin"]["ContainedObjects"][0],
            "Bag": top["Coin"]}


def test_the_save_is_a_saved_object(save):
    assert {k: v for k, v in save.items() if k != "ObjectStates"} == SAVE


@pytest.mark.parametrize("kind", list(FIELDS))
def test_each_kind_has_the_fields_and_settings_of_the_games_own(kind, save):
    obj = _objects(save)[kind]
    assert obj["Name"] == kind
    assert set(obj) == FIELDS[kind], (kind, set(obj) ^ FIELDS[kind])
    for key, value in {**TOGGLES, **SETTINGS[kind]}.items():
        assert obj[key] == value, (kind, key, obj[key])
    assert set(obj["Transform"]) == TRANSFORM
    assert list(obj)[:3] == ["GUID", "Name", "Transform"] and list(obj)[-3:] in (
        ["LuaScript", "LuaScriptState", "XmlUI"], ["LuaScriptState", "XmlUI", "ContainedObjects"])


def test_decks_and_cards_name_their_sheets_as_the_game_does(save):
    objs = _objects(save)
    deck, card = objs["Deck"], objs["Card"]
    for cd in list(deck["CustomDeck"].values()) + list(card["CustomDeck"].values()):
        assert set(cd) == CUSTOM_DECK and cd["BackIsHidden"] is True and cd["Type"] == 0
    assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
    for c in deck["ContainedObjects"]:
        assert set(c) == FIELDS["Card"] and c["Hands"] is True
        key = str(c["CardID"] // 100)
        assert set(c["CustomDeck"]) == {key} and c["CustomDeck"][key] == deck["CustomDeck"][key]


def test_a_tile_names_its_images_as_the_game_does(save):
    tile = _objects(save)["Custom_Tile"]
    image = tile["CustomImage"]
    assert set(image) == CUSTOM_IMAGE and set(image["CustomTile"]) == CUSTOM_TILE
    assert (image["ImageScalar"], image["WidthScale"]) == (1.0, 0.0)
    # the reference token: Type 2 (circle), Thickness 0.1, Stretch true
    assert (image["CustomTile"]["Type"], image["CustomTile"]["Thickness"], image["CustomTile"]["Stretch"]) == \
        (2, 0.1, True)
    assert Path(image["ImageURL"]).is_file()
