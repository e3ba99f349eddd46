"""The Game Crafter's products, and which one each printed piece is ordered as.

Every image is 300 DPI with 1/8 in of bleed on each side and a further 1/8 in safe zone inside the
trim (shared/research/gamecrafter.md). A piece whose trim size and shape match a product's is that
product, exported at the product's exact pixel size; a landscape card is turned a quarter turn to
fit its portrait product. Any other piece is exported at its own size, and the manifest names the
nearest product of the same shape and what differs.

Where the pixel sizes come from:
- poker, bridge, mini, tarot and square decks: The Game Crafter's upload pages, as recorded in
  shared/research/gamecrafter.md.
- every other product: The Game Crafter does not publish a table of them that could be read here;
  they are the image sizes in the component table of Templative, an open-source tool that uploads
  to The Game Crafter (github.com/templative/templative-electron, src/shared/componentInfo.js,
  commit 5978dba, September 2025), keyed by The Game Crafter's own product identities (the names
  in thegamecrafter.com/make/products/ID). The trim sizes here are those images less 1/8 in of
  bleed a side, which agrees with the inch sizes the same table gives for every product listed.
  Left out: products whose image is not the trim plus 1/8 in bleed (Euro Poker, Euro Square, US
  Game and Mint Tin decks, whose bleed that table does not explain) and finishes of a size already
  listed (foil, clear, trading cards).
- Hex products: the size given is the image's (a hexagon's point-to-point width by its canvas
  height), as in that table; no template can be a hexagon yet, so they are named only as nearest.

Not here: which pieces a deck has (plan.py), drawing (worker.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

DPI = 300
BLEED = 9.0          # 1/8 in, in points
SAFE = 9.0           # the safe zone: 1/8 in inside the trim
TOLERANCE = 0.75     # points (about 0.26 mm): a trim size this close to a product's is that product
KINDS = ("card", "chit", "tile", "board", "mat")     # of equal matches, the first kind is named


class Product(NamedTuple):
    id: str              # The Game Crafter's identity: thegamecrafter.com/make/products/ID
    name: str            # as their catalogue names it
    kind: str            # card | chit | tile | board | mat
    shape: str           # rect | circle | hex
    width_px: int        # the upload image as published (cards portrait): trim + 1/8 in bleed a side, 300 DPI
    height_px: int

    @property
    def width(self) -> float:
        """Trim width in points."""
        return self.width_px * 72 / DPI - 2 * BLEED

    @property
    def height(self) -> float:
        return self.height_px * 72 / DPI - 2 * BLEED


def _p(id_: str, name: str, kind: str, shape: str, px: tuple[int, int]) -> Product:
    return Product(id_, name, kind, shape, *px)


PRODUCTS = (
    # cards: shared/research/gamecrafter.md
    _p("PokerDeck", "Poker Deck", "card", "rect", (825, 1125)),            # 2.5 x 3.5 in
    _p("BridgeDeck", "Bridge Deck", "card", "rect", (750, 1125)),          # 2.25 x 3.5 in
    _p("MiniDeck", "Mini Deck", "card", "rect", (600, 825)),               # 1.75 x 2.5 in
    _p("TarotDeck", "Tarot Deck", "card", "rect", (900, 1500)),            # 2.75 x 4.75 in
    _p("SquareDeck", "Square Deck", "card", "rect", (1125, 1125)),         # 3.5 x 3.5 in
    # cards: Templative's table (see above)
    _p("SmallSquareDeck", "Small Square Deck", "card", "rect", (825, 825)),        # 2.5 x 2.5 in
    _p("JumboDeck", "Jumbo Deck", "card", "rect", (1125, 1725)),                   # 3.5 x 5.5 in
    _p("MicroDeck", "Micro Deck", "card", "rect", (450, 600)),                     # 1.25 x 1.75 in
    _p("BusinessDeck", "Business Deck", "card", "rect", (675, 1125)),              # 2 x 3.5 in
    _p("DominoDeck", "Domino Deck", "card", "rect", (600, 1125)),                  # 1.75 x 3.5 in
    _p("DividerDeck", "Divider Deck", "card", "rect", (975, 1125)),                # 3 x 3.5 in
    _p("CircleDeck", "Circle Deck", "card", "circle", (1125, 1125)),               # 3.5 in across
    _p("HexDeck", "Hex Deck", "card", "hex", (1200, 1050)),                        # 3.75 x 3.25 in
    # punchout chits and tiles (chipboard): Templative's table
    _p("SmallCircleChit", "Small Circle Chit", "chit", "circle", (225, 225)),      # 0.5 in across
    _p("MediumCircleChit", "Medium Circle Chit", "chit", "circle", (300, 300)),    # 0.75 in
    _p("LargeCircleChit", "Large Circle Chit", "chit", "circle", (375, 375)),      # 1 in
    _p("MiniCircleTile", "Mini Circle Tile", "tile", "circle", (450, 450)),        # 1.25 in
    _p("SmallSquareChit", "Small Square Chit", "chit", "rect", (225, 225)),        # 0.5 in
    _p("MediumSquareChit", "Medium Square Chit", "chit", "rect", (300, 300)),      # 0.75 in
    _p("LargeSquareChit", "Large Square Chit", "chit", "rect", (375, 375)),        # 1 in
    _p("MiniSquareTile", "Mini Square Tile", "tile", "rect", (450, 450)),          # 1.25 in
    _p("SmallSquareTile", "Small Square Tile", "tile", "rect", (675, 675)),        # 2 in
    _p("MediumSquareTile", "Medium Square Tile", "tile", "rect", (825, 825)),      # 2.5 in
    _p("LargeSquareTile", "Large Square Tile", "tile", "rect", (1125, 1125)),      # 3.5 in
    _p("DominoChit", "Domino Chit", "chit", "rect", (375, 675)),                   # 1 x 2 in
    _p("StripChit", "Strip Chit", "chit", "rect", (375, 975)),                     # 1 x 3 in
    _p("DominoTile", "Domino Tile", "tile", "rect", (675, 1275)),                  # 2 x 4 in
    _p("HexShard", "Hex Shard", "chit", "hex", (300, 300)),                        # 0.75 in
    _p("MiniHexTile", "Mini Hex Tile", "tile", "hex", (450, 450)),                 # 1.25 in
    _p("SmallHexTile", "Small Hex Tile", "tile", "hex", (675, 600)),               # 2 x 1.75 in
    _p("MediumHexTile", "Medium Hex Tile", "tile", "hex", (825, 750)),             # 2.5 x 2.25 in
    _p("LargeHexTile", "Large Hex Tile", "tile", "hex", (1200, 1050)),             # 3.75 x 3.25 in
    # boards (folding, chipboard): Templative's table
    _p("SmallSquareBoard", "Small Square Board", "board", "rect", (1275, 1275)),   # 4 x 4 in
    _p("QuarterBoard", "Quarter Board", "board", "rect", (1575, 1575)),            # 5 x 5 in
    _p("SquareBoard", "Square Board", "board", "rect", (2475, 2475)),              # 8 x 8 in
    _p("LargeSquareBoard", "Large Square Board", "board", "rect", (3075, 3075)),   # 10 x 10 in
    _p("SliverBoard", "Sliver Board", "board", "rect", (675, 2475)),               # 2 x 8 in
    _p("StripBoard", "Strip Board", "board", "rect", (675, 3075)),                 # 2 x 10 in
    _p("DominoBoard", "Domino Board", "board", "rect", (1275, 2475)),              # 4 x 8 in
    _p("SkinnyBoard", "Skinny Board", "board", "rect", (1275, 3075)),              # 4 x 10 in
    _p("HalfBoard", "Half Board", "board", "rect", (1575, 3075)),                  # 5 x 10 in
    _p("AccordionBoard", "Accordion Board", "board", "rect", (2475, 4875)),        # 8 x 16 in
    _p("BiFoldBoard", "Bi-Fold Board", "board", "rect", (2775, 5475)),             # 9 x 18 in
    _p("MediumSixFoldBoard", "Medium Six-Fold Board", "board", "rect", (4875, 4875)),   # 16 x 16 in
    _p("QuadFoldBoard", "Quad-Fold Board", "board", "rect", (5475, 5475)),         # 18 x 18 in
    _p("LargeQuadFoldBoard", "Large Quad-Fold Board", "board", "rect", (6075, 6075)),   # 20 x 20 in
    _p("SixFoldBoard", "Six-Fold Board", "board", "rect", (8175, 5475)),           # 27 x 18 in
    # mats (thin, flexible): Templative's table
    _p("PlacardMat", "Placard Mat", "mat", "rect", (1275, 975)),                   # 4 x 3 in
    _p("USGameMat", "US Game Mat", "mat", "rect", (1050, 1425)),                   # 3.25 x 4.5 in
    _p("InvaderMat", "Invader Mat", "mat", "rect", (1275, 1125)),                  # 4 x 3.5 in
    _p("SmallSquareMat", "Small Square Mat", "mat", "rect", (1275, 1275)),         # 4 x 4 in
    _p("PostcardMat", "Postcard Mat", "mat", "rect", (1875, 1275)),                # 6 x 4 in
    _p("QuarterMat", "Quarter Mat", "mat", "rect", (1575, 1575)),                  # 5 x 5 in
    _p("HexMat", "Hex Mat", "mat", "hex", (1650, 1425)),                           # 5.25 x 4.5 in
    _p("SmallBiFoldMat", "Small Bi-Fold Mat", "mat", "rect", (1725, 2175)),        # 5.5 x 7 in
    _p("SlopesideBiFoldMat", "Slopeside Bi-Fold Mat", "mat", "rect", (2175, 1125)),     # 7 x 3.5 in
    _p("SmallQuadFoldMat", "Small Quad-Fold Mat", "mat", "rect", (2175, 3375)),    # 7 x 11 in
    _p("SquareMat", "Square Mat", "mat", "rect", (2475, 2475)),                    # 8 x 8 in
    _p("SliverMat", "Sliver Mat", "mat", "rect", (675, 2475)),                     # 2 x 8 in
    _p("StripMat", "Strip Mat", "mat", "rect", (675, 3075)),                       # 2 x 10 in
    _p("DominoMat", "Domino Mat", "mat", "rect", (1275, 2475)),                    # 4 x 8 in
    _p("SkinnyMat", "Skinny Mat", "mat", "rect", (1275, 3075)),                    # 4 x 10 in
    _p("HalfMat", "Half Mat", "mat", "rect", (1575, 3075)),                        # 5 x 10 in
    _p("LargeSquareMat", "Large Square Mat", "mat", "rect", (3075, 3075)),         # 10 x 10 in
    _p("LargeHexMat", "Large Hex Mat", "mat", "hex", (2925, 2550)),                # 9.5 x 8.25 in
    _p("SmallGameMat", "Small Game Mat", "mat", "rect", (3075, 4875)),             # 10 x 16 in
    _p("QuadFoldMat", "Quad-Fold Mat", "mat", "rect", (3375, 5175)),               # 11 x 17 in
    _p("MediumGameMat", "Medium Game Mat", "mat", "rect", (7275, 4275)),           # 24 x 14 in
)
BY_ID = {p.id: p for p in PRODUCTS}
SIZE_NAMES = {"poker": "PokerDeck", "bridge": "BridgeDeck", "mini": "MiniDeck", "tarot": "TarotDeck",
              "square": "SquareDeck"}       # layouts/sizes.yaml's names


def pixels(points: float) -> int:
    """A length in points as whole pixels at 300 DPI (half a pixel rounds up)."""
    return int(points * DPI / 72 + 0.5)


@dataclass(frozen=True)
class Target:
    """What one face becomes: the product it is ordered as (exactly, or the nearest), the image
    size and how it is turned."""
    product: str          # The Game Crafter's product identity, e.g. "PokerDeck"
    width_px: int         # the image written (the product's for an exact match, portrait)
    height_px: int
    turn: bool = False    # a landscape card drawn landscape, then turned a quarter turn clockwise
    note: str = ""        # how the piece differs from the nearest product, or that it was turned
    exact: bool = True    # False: the nearest product, and the piece exported at its own size

    @property
    def draw_size(self) -> tuple[int, int]:
        """The size the face is drawn at, before any turn."""
        return (self.height_px, self.width_px) if self.turn else (self.width_px, self.height_px)

    @property
    def is_product(self) -> bool:
        return self.exact

    @property
    def name(self) -> str:
        return BY_ID[self.product].name

    @property
    def match(self) -> str:
        return "exact" if self.exact else "nearest"


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
    """True: the product as it stands; False: turned a quarter turn; None: neither."""
    if _close(width, p.width) and _close(height, p.height):
        return True
    if _close(width, p.height) and _close(height, p.width):
        return False
    return None


def _rank(p: Product) -> int:
    return KINDS.index(p.kind)


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
def target(width: float, height: float, shape: str = "rect", size_name: str = "") -> Target:
    """The Game Crafter product for a piece of this trim size (points), named size and shape
    (remembered: a deck asks once for each template's size)."""
    same = [p for p in PRODUCTS if p.shape == shape]
    exact = [(p, fit) for p in same if (fit := _fits(p, width, height)) is not None]
    if exact:
        preferred = SIZE_NAMES.get(size_name)
        exact.sort(key=lambda pf: (pf[0].id != preferred, _rank(pf[0])))
        p, as_is = exact[0]
        others = [q.name for q, _ in exact[1:] if q.kind != p.kind]
        also = f"also sold as {', '.join(others)}" if others else ""
        if as_is:
            return Target(p.id, p.width_px, p.height_px, False, also)
        note = "landscape piece turned a quarter turn clockwise (its top is on the right)"
        return Target(p.id, p.width_px, p.height_px, True, "; ".join(x for x in (note, also) if x))
    candidates = same or list(PRODUCTS)
    best = min(candidates, key=lambda p: (_off(p, width, height)[0], _rank(p)))
    _, turned = _off(best, width, height)
    size = (f"{_mm(best.width, 2)} mm across" if best.shape == "circle"
            else f"{_mm(best.width, 2)} x {_mm(best.height, 2)} mm")
    shape_note = "" if best.shape == shape else f"; it is {best.shape if best.shape != 'rect' else 'rectangular'}"
    w, h = pixels(width + 2 * BLEED), pixels(height + 2 * BLEED)
    note = (f"no Game Crafter product is {_size(width, height, shape)}{' and round' if shape == 'circle' else ''}; "
            f"nearest: {best.name} ({size}, {best.width_px} x {best.height_px} px{', turned' if turned else ''}), "
            f"{_difference(best, width, height, shape, turned)}{shape_note}; exported at this piece's own size, "
            f"{w} x {h} px (scale it to upload, or resize the template to match)")
    return Target(best.id, w, h, False, note, exact=False)
