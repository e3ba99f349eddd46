"""The shops and tables pnp exports for, read from their data files: layouts/shop-*.yaml (targets.py says which).

Each shop's file, in one form: its name, its images' DPI, bleed and safe zone (and how a warning names it), the
products it sells (an upload image's pixel size, its kind and shape, and where the numbers come from), and what it
does with a piece of no product's size (`prints`: `any`, exported at its own size with the nearest product named;
`products`, left out); a print shop's also its page order, copies, colour (`cmyk`, its printing `condition` and the
source that names it) and ink limit. Tabletop Simulator's file holds its limits, sizes and object settings instead
(tts_sheets.py and saved.py read them through `data`). A file is read once a process.

Not here: matching a piece to a product (products.py), drawing (worker.py, tts_draw.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..records import Record
from .. import LAYOUTS
from ..errors import PnpError
from ..units import UnitError, length
from .targets import DATA

FILES = DATA                    # a data file's id -> its name (targets.py)
SHOPS = tuple(FILES)
SHAPES = ("rect", "circle", "hex")
PRINTS = ("any", "products")    # every piece (those of no product at their own size), or only its products' sizes


class Product(Record):
    id: str              # the shop's identity for it (The Game Crafter: thegamecrafter.com/make/products/ID)
    name: str            # as pnp names it to the user (The Game Crafter: as its catalogue does)
    kind: str            # card | chit | tile | board | mat
    shape: str           # rect | circle | hex
    width_px: int        # the upload image as published (cards portrait): trim + bleed a side
    height_px: int
    bleed: float = 9.0   # the shop's bleed a side, points
    dpi: int = 300
    size: str = ""       # the layouts/sizes.yaml name this product is, where several share its trim
    source: str = ""     # where its numbers come from (the data file's key)
    trim: tuple = ()     # (width, height) points, where the image is larger than trim + bleed (hex products)

    @property
    def width(self) -> float:
        """Trim width in points."""
        return self.trim[0] if self.trim else self.width_px * 72 / self.dpi - 2 * self.bleed

    @property
    def height(self) -> float:
        return self.trim[1] if self.trim else self.height_px * 72 / self.dpi - 2 * self.bleed


@dataclass(frozen=True)
class Shop:
    id: str
    name: str
    dpi: int
    bleed: float                    # points, each side of an upload image
    safe: float                     # points inside the trim
    kinds: tuple                    # product kinds, in the order named among equal matches
    products: tuple                 # (Product, ...)
    data: dict = field(default_factory=dict, compare=False, hash=False)     # the whole file
    prints: str = "any"             # "any" piece, or only its "products"' sizes and shapes (PRINTS)

    @property
    def zone_name(self) -> str:
        """How a safe-zone warning names its zone: "The Game Crafter's 3.2 mm (1/8 in) safe zone"."""
        return f"{self.possessive} {self.data.get('safe_zone', 'safe zone')}"

    @property
    def by_id(self) -> dict:
        return {p.id: p for p in self.products}

    @property
    def size_names(self) -> dict:
        """layouts/sizes.yaml name -> product id."""
        return {p.size: p.id for p in self.products if p.size}

    @property
    def possessive(self) -> str:
        return f"{self.name}'" if self.name.endswith("s") else f"{self.name}'s"


def pixels_of(points: float, dpi: int) -> int:
    """A length in points as whole pixels at `dpi` (half a pixel rounds up)."""
    return int(points * dpi / 72 + 0.5)


def _fail(file: str, where, message: str) -> PnpError:
    line = getattr(where, "line", None)
    return PnpError(message, file=file, line=line)


def _length(value, file, where, key) -> float:
    try:
        return length(value)
    except UnitError as exc:
        raise _fail(file, where, f"{key}: {exc}")


@lru_cache(maxsize=None)
def shop(shop_id: str) -> Shop:
    """The shop `shop_id` (one of SHOPS), as its data file describes it."""
    from ..files.yamlfile import load  # lazy: +9 ms to import (benchmarks/imports.py)
    name = FILES[shop_id]
    file = f"layouts/{name}"
    data = load(LAYOUTS / name, file)
    if not isinstance(data, dict) or data.get("id") != shop_id:
        raise _fail(file, data, f"expected the data of shop '{shop_id}' (id: {shop_id})")
    dpi = data.get("dpi", 300)
    bleed = _length(data.get("bleed", "0pt"), file, data, "bleed")
    safe = _length(data.get("safe", "0pt"), file, data, "safe")
    kinds = tuple(data.get("kinds") or ("card",))
    products = []
    for item in data.get("products") or []:
        try:
            px = item["px"]
            trim = tuple(_length(v, file, item, "trim") for v in item["trim"]) if "trim" in item else ()
            p = Product(str(item["id"]), str(item["name"]), str(item["kind"]), str(item["shape"]), int(px[0]),
                        int(px[1]), bleed, int(dpi), str(item.get("size", "")), str(item.get("source", "")), trim)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise _fail(file, item, f"a product needs id, name, kind, shape and px: [w, h] ({exc})")
        if trim and (len(trim) != 2 or pixels_of(trim[0] + 2 * bleed, dpi) > p.width_px
                     or pixels_of(trim[1] + 2 * bleed, dpi) > p.height_px):
            raise _fail(file, item, f"product '{p.id}': its trim and bleed do not fit its image")
        if p.shape not in SHAPES or p.kind not in kinds:
            raise _fail(file, item, f"product '{p.id}': shape {p.shape!r} or kind {p.kind!r} is not known")
        products.append(p)
    prints = str(data.get("prints", "any"))
    if prints not in PRINTS:
        raise _fail(file, data, f"prints: expected {' or '.join(PRINTS)}, found {prints!r}")
    return Shop(shop_id, str(data["name"]), int(dpi), bleed, safe, kinds, tuple(products), data, prints)
