"""The Game Crafter's card products and which one a template's card size is.

Facts from The Game Crafter's upload pages (shared/research/gamecrafter.md): every image is
300 DPI with 1/8 in of bleed on each side and a further 1/8 in safe zone inside the trim.
Images are portrait; a landscape card is turned a quarter turn to fit its product.
"""
from __future__ import annotations

from dataclasses import dataclass

DPI = 300
BLEED = 9.0          # 1/8 in, in points
SAFE = 9.0           # the safe zone: 1/8 in inside the trim
TOLERANCE = 0.75     # points (about 0.26 mm): a trim size this close to a product's is that product

# name: (trim width, trim height) in points, portrait; image = trim + 2 * bleed at 300 DPI
PRODUCTS = {
    "poker": (180.0, 252.0),     # 2.5 x 3.5 in: 825 x 1125 px
    "bridge": (162.0, 252.0),    # 2.25 x 3.5 in: 750 x 1125 px
    "mini": (126.0, 180.0),      # 1.75 x 2.5 in: 600 x 825 px
    "tarot": (198.0, 342.0),     # 2.75 x 4.75 in: 900 x 1500 px
    "square": (252.0, 252.0),    # 3.5 x 3.5 in: 1125 x 1125 px
}


def pixels(points: float) -> int:
    """A length in points as whole pixels at 300 DPI (half a pixel rounds up)."""
    return int(points * DPI / 72 + 0.5)


@dataclass(frozen=True)
class Target:
    """What one face becomes: its product (or "custom"), the image size and how it is turned."""
    product: str          # poker, bridge, ... or "custom"
    width_px: int         # the final image, portrait for products
    height_px: int
    turn: bool = False    # a landscape card drawn landscape, then turned a quarter turn clockwise
    note: str = ""        # why a face is custom, or that it was turned

    @property
    def draw_size(self) -> tuple[int, int]:
        """The size the face is drawn at, before any turn."""
        return (self.height_px, self.width_px) if self.turn else (self.width_px, self.height_px)

    @property
    def is_product(self) -> bool:
        return self.product != "custom"


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _mm(points: float) -> str:
    return f"{points * 25.4 / 72:.1f}".rstrip("0").rstrip(".")


def target(width: float, height: float, shape: str = "rect", size_name: str = "") -> Target:
    """The Game Crafter product for a card of this trim size (points), named size and shape."""
    size = f"{_mm(width)} x {_mm(height)} mm"
    if shape != "rect":
        w, h = pixels(width + 2 * BLEED), pixels(height + 2 * BLEED)
        return Target("custom", w, h, False, f"{shape} item ({size}): no Game Crafter card has this shape; "
                                             "exported at its own size, 300 DPI, 1/8 in bleed")
    names = [size_name] if size_name in PRODUCTS else []
    names += [n for n in PRODUCTS if n not in names]
    for name in names:
        pw, ph = PRODUCTS[name]
        if _close(width, pw) and _close(height, ph):
            return Target(name, pixels(pw + 2 * BLEED), pixels(ph + 2 * BLEED))
        if _close(width, ph) and _close(height, pw):
            return Target(name, pixels(pw + 2 * BLEED), pixels(ph + 2 * BLEED), True,
                          "landscape card turned a quarter turn clockwise (its top is on the right)")
    w, h = pixels(width + 2 * BLEED), pixels(height + 2 * BLEED)
    return Target("custom", w, h, False, f"{size} matches no Game Crafter card size; "
                                         "exported at its own size, 300 DPI, 1/8 in bleed")
