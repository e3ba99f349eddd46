"""Which product of a shop each printed piece is ordered as (The Game Crafter, MakePlayingCards).

A piece whose trim size and shape match a product's is that product, exported at the product's
exact pixel size; a landscape card is turned a quarter turn to fit its portrait product. Any other
piece is exported at its own size (its trim plus the shop's bleed, 300 DPI), and the manifest names
the nearest product of the same shape and what differs. The products, their pixel sizes and where
each number comes from are data: layouts/shop-gamecrafter.yaml and shop-makeplayingcards.yaml
(shops.py reads them).

Not here: the products themselves (layouts/shop-*.yaml), which pieces a deck has (plan.py),
drawing (worker.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..layout.shapes import outline
from .shops import Product, shop

DPI = 300
BLEED = 9.0          # The Game Crafter's 1/8 in, in points (layouts/shop-gamecrafter.yaml)
SAFE = 9.0           # its safe zone: 1/8 in inside the trim
TOLERANCE = 0.75     # points (about 0.26 mm): a trim size this close to a product's is that product


GAMECRAFTER = shop("gamecrafter")
PRODUCTS = GAMECRAFTER.products                  # The Game Crafter's, as the exports before MakePlayingCards named them
BY_ID = GAMECRAFTER.by_id
SIZE_NAMES = GAMECRAFTER.size_names             # layouts/sizes.yaml's names


def pixels(points: float) -> int:
    """A length in points as whole pixels at 300 DPI (half a pixel rounds up)."""
    return int(points * DPI / 72 + 0.5)


@dataclass(frozen=True)
class Target:
    """What one face becomes: the product it is ordered as (exactly, or the nearest), the image
    size and how it is turned."""
    product: str          # the shop's product identity, e.g. The Game Crafter's "PokerDeck"
    width_px: int         # the image written (the product's for an exact match, portrait)
    height_px: int
    turn: bool = False    # a landscape card drawn landscape, then turned a quarter turn clockwise
    note: str = ""        # how the piece differs from the nearest product, or that it was turned
    exact: bool = True    # False: the nearest product, and the piece exported at its own size
    shop: str = "gamecrafter"
    face_px: tuple = ()   # (w, h) before any turn: the face drawn at its own size, centred in a larger image

    @property
    def draw_size(self) -> tuple[int, int]:
        """The size the face is drawn at, before any turn."""
        return (self.height_px, self.width_px) if self.turn else (self.width_px, self.height_px)

    @property
    def is_product(self) -> bool:
        return self.exact

    @property
    def name(self) -> str:
        return shop(self.shop).by_id[self.product].name

    @property
    def match(self) -> str:
        return "exact" if self.exact else "nearest"


_SHAPE_WORDS = {"rect": "rectangular", "circle": "circle", "hex": "a hexagon"}
_SHAPE_AND = {"circle": " and round", "hex": " and a hexagon"}


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _mm(points: float, places: int = 1) -> str:
    return f"{points * 25.4 / 72:.{places}f}".rstrip("0").rstrip(".")


def _diff(points: float) -> str:
    return f"{abs(points) * 25.4 / 72:.1f}"


def _size(width: float, height: float, shape: str) -> str:
    if shape == "circle" and _close(width, height):
        return f"{_mm(width)} mm across"
    return f"{_mm(width)} x {_mm(height)} mm"


def _fits(p: Product, width: float, height: float) -> bool | None:
    """True: the product as it stands; False: turned a quarter turn; None: neither. A hex product's
    height flat to flat may be the one its data gives or the regular hexagon's (shop-gamecrafter.yaml)."""
    if p.shape == "hex":
        def fits(across: float, flats: float) -> bool:
            return _close(across, p.width) and (_close(flats, p.height) or _close(flats, p.width * 3 ** 0.5 / 2))
        return True if fits(width, height) else False if fits(height, width) else None
    if _close(width, p.width) and _close(height, p.height):
        return True
    if _close(width, p.height) and _close(height, p.width):
        return False
    return None


def _hex_target(p: Product, width: float, height: float, as_is: bool, also: str, shop_id: str) -> Target:
    """A hex piece of product `p`: drawn at its own size (trim and bleed), centred in the product's image,
    turned to lie flat-topped as the product does when it is pointy."""
    the = shop(shop_id)
    face = (pixels(width + 2 * the.bleed), pixels(height + 2 * the.bleed))
    note = "" if as_is else ("pointy hex piece turned a quarter turn clockwise to lie flat-topped (its top is on "
                             "the right)")
    return Target(p.id, p.width_px, p.height_px, not as_is, "; ".join(x for x in (note, also) if x), shop=shop_id,
                  face_px=face)


def _rank(p: Product, kinds: tuple) -> int:
    return kinds.index(p.kind)


def _off(p: Product, width: float, height: float) -> tuple[float, bool]:
    """How far the piece is from `p` (the larger relative difference of its two sides), and
    whether `p` is nearer turned a quarter turn."""
    as_is = max(abs(p.width - width) / width, abs(p.height - height) / height)
    turned = max(abs(p.height - width) / width, abs(p.width - height) / height)
    return (turned, True) if turned < as_is else (as_is, False)


def _difference(p: Product, width: float, height: float, shape: str, turned: bool) -> str:
    pw, ph = (p.height, p.width) if turned else (p.width, p.height)
    if shape == "circle" and p.shape == "circle":
        d = pw - width
        return f"{_diff(d)} mm {'larger' if d > 0 else 'smaller'} across"
    parts = []
    for label, d, more, less in (("w", pw - width, "wider", "narrower"), ("h", ph - height, "taller", "shorter")):
        if abs(d) > TOLERANCE:
            parts.append(f"{_diff(d)} mm {more if d > 0 else less}")
    return " and ".join(parts) or "the same size"


@lru_cache(maxsize=256)
def target(width: float, height: float, shape: str = "rect", size_name: str = "", shop_id: str = "gamecrafter") -> Target:
    """The product of shop `shop_id` for a piece of this trim size (points), named size and shape
    (remembered: a deck asks once for each template's size)."""
    the = shop(shop_id)
    products, kinds = the.products, the.kinds
    shape = outline(shape)          # a hex piece's orientation is a turn of the image, not another product
    same = [p for p in products if p.shape == shape]
    exact = [(p, fit) for p in same if (fit := _fits(p, width, height)) is not None]
    if exact:
        preferred = the.size_names.get(size_name)
        exact.sort(key=lambda pf: (pf[0].id != preferred, _rank(pf[0], kinds)))
        p, as_is = exact[0]
        others = [q.name for q, _ in exact[1:] if q.kind != p.kind]
        also = f"also sold as {', '.join(others)}" if others else ""
        if shape == "hex":
            return _hex_target(p, width, height, as_is, also, shop_id)
        if as_is:
            return Target(p.id, p.width_px, p.height_px, False, also, shop=shop_id)
        note = "landscape piece turned a quarter turn clockwise (its top is on the right)"
        return Target(p.id, p.width_px, p.height_px, True, "; ".join(x for x in (note, also) if x), shop=shop_id)
    candidates = same or list(products)
    best = min(candidates, key=lambda p: (_off(p, width, height)[0], _rank(p, kinds)))
    _, turned = _off(best, width, height)
    size = (f"{_mm(best.width, 2)} mm across" if best.shape == "circle"
            else f"{_mm(best.width, 2)} x {_mm(best.height, 2)} mm"
            + (" corner to corner by flat to flat" if best.shape == "hex" else ""))
    shape_note = "" if best.shape == shape else f"; it is {_SHAPE_WORDS[best.shape]}"
    w, h = pixels(width + 2 * the.bleed), pixels(height + 2 * the.bleed)
    note = (f"no {the.data.get('term', the.name)} is {_size(width, height, shape)}{_SHAPE_AND.get(shape, '')}; "
            f"nearest: {best.name} ({size}, {best.width_px} x {best.height_px} px{', turned' if turned else ''}), "
            f"{_difference(best, width, height, shape, turned)}{shape_note}; exported at this piece's own size, "
            f"{w} x {h} px (scale it to upload, or resize the template to match)")
    return Target(best.id, w, h, False, note, exact=False, shop=shop_id)
