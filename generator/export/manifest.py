"""manifest.csv: a row an image, so an upload needs no counting.

Columns: card (the cards the image is for), component (their kinds), part, side (face or back),
quantity (pieces printed with this image), product (The Game Crafter's product, as their catalogue
names it: Poker Deck, Large Circle Chit ...), match (exact: the image is that product's upload image;
nearest: no product matches the piece, and the note says what differs), width_px, height_px, file,
back (a face's back image), note (what differs from the nearest product, or that the image was turned).
Face quantities add up to the deck's card count; back quantities to the pieces that have a back.

Not here: which images there are (plan.py) or the products (products.py).
"""
from __future__ import annotations

import csv
import io

from .plan import FACE, Plan

COLUMNS = ("card", "component", "part", "side", "quantity", "product", "match", "width_px", "height_px", "file",
           "back", "note")


def _unique(values) -> str:
    seen: list = []
    for v in values:
        if v not in seen:
            seen.append(v)
    return "; ".join(seen)


def rows(p: Plan) -> list[dict]:
    deck = p.deck
    out = []
    for image in p.images:
        cards = [card for _, card in image.cards]
        back, note = "", image.target.note
        if image.side == FACE:
            back = _unique(p.back_of[i].file for i, _ in image.cards if i in p.back_of)
            if not any(i in p.back_of for i, _ in image.cards):     # single-sided: the product still has a back
                said = (f"single-sided: this piece has no back, but the product ({image.target.name}) is printed "
                        "on both sides; upload a blank (white) back with it, or give the piece a back in the deck")
                note = f"{note}; {said}" if note else said
        out.append({
            "card": _unique(c.name for c in cards),
            "component": _unique(deck.kinds[c.kind].title for c in cards),
            "part": _unique(deck.parts[c.part].title for c in cards),
            "side": image.side,
            "quantity": image.quantity,
            "product": image.target.name,
            "match": image.target.match,
            "width_px": image.target.width_px,
            "height_px": image.target.height_px,
            "file": image.file,
            "back": back,
            "note": note,
        })
    return out


def manifest_csv(p: Plan) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows(p))
    return buf.getvalue()
