"""The Game Crafter's safe zone: text should stay 1/8 in inside the cut, or the cutter may take it.

The measuring is the layout stage's (layout/safezone.py), which follows the piece's shape (the
circle of a round chit); here only the zone differs: the larger of The Game Crafter's 1/8 in and
the template's own `safe`.

Not here: the measuring itself (layout/safezone.py).
"""
from __future__ import annotations

from ..layout.safezone import describe, template_zone, unsafe
from .products import SAFE

GAME_CRAFTER = "The Game Crafter's 3.2 mm (1/8 in) safe zone"


def zone(template) -> tuple[float, str]:
    """(inset, name) of the safe zone an upload image is held to."""
    own = template_zone(template)
    return own if own[0] > SAFE + 0.01 else (SAFE, GAME_CRAFTER)


def check(face, who: str, template) -> list[str]:
    """One warning line per text region of `face` whose text reaches into the safe zone."""
    inset, name = zone(template)
    return [f"{who}: {describe(f, face.shape, name)}" for f in unsafe(face, template, inset)]
