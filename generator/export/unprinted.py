"""The pieces a shop does not print: a shop whose data file says `prints: products` (DriveThruCards: poker cards)
prints a piece only if its size and shape are one of its products' (products.py's exact match, or a quarter turn of
it); every other piece (a round chit, a board, a tile of no product's size) is left out of its PDFs, named in one
line with the reason and given a row of its own in the manifest, and the summary counts only what was written. A
game none of whose pieces the shop prints is refused before anything is written.
Not here: the products and their sizes (layouts/shop-*.yaml, products.py), the PDFs (printpdf.py).
"""
from __future__ import annotations

from ..errors import PnpError
from .products import target
from .shops import shop


def _mm(points: float) -> str:
    return f"{points * 25.4 / 72:.1f}".rstrip("0").rstrip(".")


def size_words(width: float, height: float, shape: str) -> str:
    """A piece's size as a person says it: "63.5 x 88.9 mm", "22 mm across, round", "a hexagon 50 x 43.3 mm"."""
    if shape == "circle":
        return f"{_mm(width)} mm across, round"
    if shape.startswith("hex"):
        return f"a hexagon {_mm(width)} x {_mm(height)} mm"
    return f"{_mm(width)} x {_mm(height)} mm"


def what_it_prints(shop_id: str) -> str:
    """The shop's products as a sentence's end: "Poker cards (63.5 x 88.9 mm)"."""
    return " or ".join(f"{p.name} ({size_words(p.width, p.height, p.shape)})" for p in shop(shop_id).products)


def split(docs: list, shop_id: str) -> tuple[list, list]:
    """(the documents the shop prints, those it leaves out), each list in the documents' order."""
    if shop(shop_id).prints != "products":
        return list(docs), []
    printed, left = [], []
    for doc in docs:
        tpl = doc.pieces[0].face.template
        (printed if target(doc.width, doc.height, doc.shape, tpl.size_name, shop_id).exact else left).append(doc)
    return printed, left


def _named(deck, doc) -> str:
    """A left-out document's pieces: "Coin (22 mm across, round; 66)"."""
    cards = [card for pc in doc.pieces for _, card in pc.cards]
    kinds = ", ".join(dict.fromkeys(deck.kinds[c.kind].title for c in cards))
    return f"{kinds} ({size_words(doc.width, doc.height, doc.shape)}; {sum(c.copies for c in cards)})"


def line(deck, left: list, shop_id: str) -> str:
    """The one line naming every piece left out, and why."""
    s = shop(shop_id)
    n = sum(card.copies for doc in left for pc in doc.pieces for _, card in pc.cards)
    return (f"{s.name} prints only {what_it_prints(shop_id)}: left out {n} piece{'s' if n != 1 else ''} of other "
            f"sizes: {'; '.join(_named(deck, d) for d in left)} (manifest.csv lists them; --to pdf writes them for "
            f"a print shop)")


def refuse(deck, left: list, shop_id: str) -> None:
    """A game none of whose pieces the shop prints: one line, before anything is written."""
    s = shop(shop_id)
    raise PnpError(f"{s.name} prints none of this game's pieces: it prints only {what_it_prints(shop_id)}, and "
                   f"the game's are {'; '.join(_named(deck, d) for d in left)}",
                   hint="export them --to pdf for a print shop, or --to gamecrafter")


def note(doc, shop_id: str) -> str:
    """A left-out piece's manifest note."""
    return (f"left out: {shop(shop_id).name} prints only {what_it_prints(shop_id)}; this piece is "
            f"{size_words(doc.width, doc.height, doc.shape)}")
