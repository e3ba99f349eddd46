"""A shop's safe zone: text should stay inside it (The Game Crafter's 1/8 in, MakePlayingCards' 36
px inside the cut), or the cutter may take it.

The measuring is the layout stage's (layout/safezone.py), which follows the piece's shape (the
circle of a round chit); here only the zone differs: the larger of the shop's and the template's
own `safe`, named as the shop's data file names it (`safe_zone`).

Not here: the measuring itself (layout/safezone.py).
"""
from __future__ import annotations

from ..layout.safezone import describe, silence, template_zone, unsafe
from .shops import shop



def zone(template, shop_id: str = "gamecrafter") -> tuple[float, str]:
    """(inset, name) of the safe zone an upload image for shop `shop_id` is held to."""
    own = template_zone(template)
    safe = shop(shop_id).safe
    return own if own[0] > safe + 0.01 else (safe, shop(shop_id).zone_name)


def check(face, who: str, template, shop_id: str = "gamecrafter") -> list[str]:
    """One warning line per text region of `face` whose text reaches into the safe zone."""
    inset, name = zone(template, shop_id)
    return [f"{who}: {describe(f, face.shape, name)}{silence(template, f.region)}"
            for f in unsafe(face, template, inset)]
