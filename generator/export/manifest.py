"""manifest.csv: a row an image, so an upload needs no counting.

Columns: card (the cards the image is for), component (their kinds), part, side (face or back),
quantity (cards printed with this image), product (poker, bridge, mini, tarot, square, or custom),
width_px, height_px, file, back (a face's back image), note (why an image is custom, or turned).
Face quantities add up to the deck's card count; back quantities to the cards that have a back.
"""
from __future__ import annotations

import csv
import io

from .plan import FACE, Plan

COLUMNS = ("card", "component", "part", "side", "quantity", "product", "width_px", "height_px", "file", "back",
           "note")


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
        back = ""
        if image.side == FACE:
            back = _unique(p.back_of[i].file for i, _ in image.cards if i in p.back_of)
        out.append({
            "card": _unique(c.name for c in cards),
            "component": _unique(deck.kinds[c.kind].title for c in cards),
            "part": _unique(deck.parts[c.part].title for c in cards),
            "side": image.side,
            "quantity": image.quantity,
            "product": image.target.product,
            "width_px": image.target.width_px,
            "height_px": image.target.height_px,
            "file": image.file,
            "back": back,
            "note": image.target.note,
        })
    return out


def manifest_csv(p: Plan) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows(p))
    return buf.getvalue()
