"""How large each piece is on Tabletop Simulator's table: a card's scale and a tile's, from the
numbers and their sources in layouts/shop-tabletop-simulator.yaml.

One unit on the table is an inch (its knowledge base). A card at scale 1 is 1 / 0.33 = 3.03 units
tall, its width following its aspect (a sideways card is 3.03 units wide: the upright card turned); a custom
tile at scale 1 is 2 units across its shorter side (a hex tile 2 units corner to corner).
So a card is scaled by 0.33 an inch of its longer side and a tile by half an inch of its shorter side (a hex
tile by half an inch of its width corner to corner),
and both come out their real size beside each other: a 22 mm coin is 0.87 units across, a poker
card 3.5 units tall. A bag is scale 1, as the game's own bags are.

Not here: where each piece goes (tts_sheets.py), the saved object's fields (saved.py).
"""
from __future__ import annotations

from ..units import length
from .shops import shop

_DATA = shop("tts").data
UNIT = length(_DATA["unit"])                                   # points in one unit on the table
CARD_SCALE_PER_INCH = float(_DATA["card"]["scale_per_inch"])
CARD_HEIGHT_AT_1 = 72 / UNIT / CARD_SCALE_PER_INCH             # units: a card's height at scale 1
CARD_LARGEST = tuple(length(v) for v in _DATA["card"]["largest"])     # points: larger rectangles are tiles
TILE_SHORT_AT_1 = float(_DATA["tile"]["short_side_at_scale_1"])       # units: a tile's shorter side at scale 1
BAG_SCALE = float(_DATA["bag"]["scale"])
TILE = {"circle": dict(_DATA["tile"]["circle"]), "box": dict(_DATA["tile"]["box"]), "hex": dict(_DATA["tile"]["hex"])}
HEX_ACROSS_AT_1 = float(_DATA["tile"]["hex_across_at_scale_1"])     # units: a hex tile corner to corner at scale 1
SETTINGS = {name: dict(values) for name, values in _DATA["settings"].items()}
CARD_COLOUR = float(_DATA["card_colour"])
CARD_TYPE = int(_DATA["deck"]["card_type"])
BACK_IS_HIDDEN = bool(_DATA["deck"]["back_is_hidden"])


def card_scale(width: float, height: float) -> float:
    """The scale of a card of this trim (points): its longer side in units over a card's height at scale 1. A
    sideways card (SidewaysCard, a landscape card) is the upright card turned a quarter turn, so its longer side,
    its width, is what a card's height is upright (layouts/shop-tabletop-simulator.yaml: SCED's playmat scales one
    by 1.15 where it scales the same card exported upright as a landscape picture by 1.15 x 2.5 / 3.5 = 0.8214)."""
    return max(width, height) / UNIT / CARD_HEIGHT_AT_1


def tile_scale(width: float, height: float) -> float:
    """The scale of a tile of this trim (points): its shorter side in units over a tile's at scale 1."""
    return min(width, height) / UNIT / TILE_SHORT_AT_1


def hex_scale(across: float) -> float:
    """The scale of a hex tile `across` points from corner to corner."""
    return across / UNIT / HEX_ACROSS_AT_1


def card_units(scale: float, width: float, height: float) -> tuple[float, float]:
    """The (width, height) in units of a card of this trim (points, for its aspect) at `scale`: its longer side is a
    card's height at that scale (a sideways card's width)."""
    long = scale * CARD_HEIGHT_AT_1
    return (long, long * height / width) if width > height else (long * width / height, long)


def tile_units(scale: float, width: float, height: float) -> tuple[float, float]:
    """The (width, height) in units of a tile of this trim (points, for its aspect) at `scale`."""
    short = scale * TILE_SHORT_AT_1
    return (short, short * height / width) if width <= height else (short * width / height, short)
