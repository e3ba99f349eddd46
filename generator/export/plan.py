"""Which images a deck needs: one per distinct face and per distinct back, each with the cards
that use it, its quantity, its product, its file name and a content hash.

Two faces are the same image when they have the same template and the same values for the
fields that template names: the identity the layout stage uses to draw each distinct face once
(layout/deck.py). The hash adds everything else a face's pixels depend on (the template files,
palette, images, fonts, drawing code, size), so a second export redraws only what changed.
No face is laid out here: that happens in the workers, for the images that need drawing.

Not here: file names (names.py), products (products.py), drawing (worker.py).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .. import FONTS, LAYOUTS, ROOT, __version__
from ..deck.model import Card, Deck
from ..text.fields import fill
from ..layout.deck import card_values
from ..layout.templates import Template, get_template
from .names import name_images
from .products import Target, target
from .shops import shop

FACE, BACK = "face", "back"


@dataclass
class Image:
    side: str                     # "face" or "back"
    template: Template
    target: Target
    cards: list = field(default_factory=list)     # [(index in deck.cards, Card)] using it, print order
    file: str = ""
    hash: str = ""
    back_name: str = ""           # a named back's name, for its file name
    values: dict = field(default_factory=dict)    # the values of the fields its template draws

    @property
    def quantity(self) -> int:
        return sum(card.copies for _, card in self.cards)

    @property
    def first(self) -> tuple[int, Card]:
        return self.cards[0]


@dataclass
class Plan:
    deck: Deck
    images: list                  # [Image]: faces in print order, then backs
    back_of: dict                 # card index -> its back Image (cards with a back)
    bleed: float = 9.0            # points a side, the shop's

    @property
    def faces(self):
        return [i for i in self.images if i.side == FACE]

    @property
    def backs(self):
        return [i for i in self.images if i.side == BACK]


def plan(deck: Deck, shop_id: str = "gamecrafter") -> Plan:
    """The images `deck` needs for shop `shop_id` (its products and its bleed decide their sizes)."""
    by_key: dict = {}
    faces, backs, back_of = [], [], {}
    bleed = shop(shop_id).bleed
    hasher = _Hasher(deck, bleed)
    used: dict = {}               # template name -> the fields it names (computed once)
    for index, card in enumerate(deck.cards):
        values = card_values(deck, card)
        sides = [(FACE, card.template, values, "")]
        if card.back is not None and card.back.template:
            back_values = dict(values)
            back_values.update(card.back.field_map)
            sides.append((BACK, card.back.template, back_values, card.back.name))
        for side, name, vals, back_name in sides:
            tpl = get_template(name, deck)
            if tpl.name not in used:
                used[tpl.name] = tpl.fields_used
            key = (side, tpl.name, tuple((k, str(vals.get(k))) for k in used[tpl.name]))
            image = by_key.get(key)
            if image is None:
                image = by_key[key] = Image(side, tpl, target(tpl.width, tpl.height, tpl.shape, tpl.size_name, shop_id),
                                            back_name=back_name, values=dict(key[2]))
                image.hash = hasher.digest(key, tpl, vals, image.target)
                (faces if side == FACE else backs).append(image)
            image.cards.append((index, card))
            if side == BACK:
                back_of[index] = image
    name_images(faces, backs, lambda kind: deck.kinds[kind].title)
    return Plan(deck, faces + backs, back_of, bleed)


# Everything whose change can change a face's pixels but is not in its values.
_CODE = ("generator/layout", "generator/render", "generator/export", "generator/text/fields.py", "generator/units.py",
         "generator/pictures/images.py", "generator/pictures/rasterfile.py", "generator/pictures/svgfile.py")


@lru_cache(maxsize=1)
def code_digest() -> str:
    h = hashlib.sha256(f"pnp {__version__}".encode())
    for entry in _CODE:
        p = ROOT / entry
        for f in sorted(p.glob("*.py")) if p.is_dir() else [p]:
            if f.is_file():
                h.update(f.name.encode() + b"\0" + f.read_bytes())
    fonts = FONTS / "fonts.yaml"
    if fonts.is_file():
        h.update(fonts.read_bytes())
    return h.hexdigest()


def _file_digest(path: Path) -> str:
    try:
        st = path.stat()
    except OSError:
        return f"missing:{path}"
    return _file_digest_cached(str(path), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=1024)
def _file_digest_cached(path: str, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class _Hasher:
    def __init__(self, deck: Deck, bleed: float):
        self.deck = deck
        self.base = json.dumps([code_digest(), bleed, sorted(deck.palette.items())])
        self.templates: dict = {}

    def template(self, tpl: Template) -> str:
        d = self.templates.get(tpl.name)
        if d is None:
            files = {tpl.file} | {r.source.rpartition(":")[0] for r in tpl.regions if r.source} | \
                {p[3] for r in tpl.regions for p in r.places if len(p) > 3}     # an overridden region's parent
            parts = [repr((tpl.width, tpl.height, tpl.safe, tpl.radius, tpl.shape))]
            parts += [f"{f}={_file_digest(Path(f))}" for f in sorted(x for x in files if x)]
            d = self.templates[tpl.name] = "|".join(parts)
        return d

    def images(self, tpl: Template, values: dict) -> list[str]:
        """The digests of the bytes of any image file a face draws (kept with what images.py found the
        picture to be: an unchanged picture is not read again)."""
        from ..pictures.images import BadImage, digest  # lazy: +8 ms to import (benchmarks/imports.py)
        out = []
        for r in tpl.regions:
            if r.type != "image":
                continue
            src = fill(str(r.get("src", "")), values).strip()
            for base in (self.deck.folder, LAYOUTS):
                if base is not None and src and (base / src).is_file():
                    try:
                        out.append(f"{src}={digest(base / src)}")
                    except (BadImage, OSError):
                        out.append(f"{src}={_file_digest(base / src)}")     # drawing it reports the file
                    break
        return out

    def digest(self, key, tpl: Template, values: dict, tgt: Target) -> str:
        blob = json.dumps([self.base, repr(key), self.template(tpl), self.images(tpl, values),
                           [tgt.product, tgt.width_px, tgt.height_px, tgt.turn]])
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

