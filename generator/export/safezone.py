"""A shop's safe zone: text should stay inside it (The Game Crafter's 1/8 in, MakePlayingCards' 36
px inside the cut), or the cutter may take it.

The measuring is the layout stage's (layout/safezone.py), which follows the piece's shape (the
circle of a round chit); here only the zone differs: the larger of the shop's and the template's
own `safe`.

Not here: the measuring itself (layout/safezone.py).
"""
from __future__ import annotations

from ..layout.safezone import describe, silence, template_zone, unsafe
from .shops import shop

GAME_CRAFTER = "The Game Crafter's 3.2 mm (1/8 in) safe zone"
ZONE_NAMES = {"gamecrafter": GAME_CRAFTER, "mpc": "MakePlayingCards' 3.0 mm (36 px) safe area",
              "printshop": "a print shop's 3.2 mm (1/8 in) safe zone",
              "drivethrucards": "DriveThruCards' 3.2 mm (1/8 in) safe zone"}


def zone(template, shop_id: str = "gamecrafter") -> tuple[float, str]:
    """(inset, name) of the safe zone an upload image for shop `shop_id` is held to."""
    own = template_zone(template)
    safe = shop(shop_id).safe
    return own if own[0] > safe + 0.01 else (safe, ZONE_NAMES[shop_id])


def check(face, who: str, template, shop_id: str = "gamecrafter") -> list[str]:
    """One warning line per text region of `face` whose text reaches into the safe zone."""
    inset, name = zone(template, shop_id)
    return [f"{who}: {describe(f, face.shape, name)}{silence(template, f.region)}"
            for f in unsafe(face, template, inset)]
