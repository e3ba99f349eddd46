"""Lay out every card for the proof, one card at a time: a card whose text does not fit (or has a
character without a glyph) is recorded with its error, and the proof goes on with the next card.

Holds what the proof knows of each card (CardProof, with a Side for its front and back), its record for
the documents and --since, and the distinct faces among the cards (faces_once, face_cards). Not here:
the checks (checks.py, wordchecks.py, colours.py), the images (pages.py, contact.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..deck.model import Card, Deck
from ..errors import PnpError
from ..layout.deck import cached_face, card_values, layout_card
from ..layout.face import Context, Face


@dataclass
class Side:
    side: str                   # "front" or "back"
    template: str
    values: dict                # the values the side is drawn from
    face: Face | None = None
    error: PnpError | None = None

    @property
    def key(self):
        return self.face.key if self.face is not None else None


@dataclass
class CardProof:
    card: Card
    front: Side
    back: Side | None           # None: a single-sided card
    sides: list = field(default_factory=list)

    def __post_init__(self):
        self.sides = [s for s in (self.front, self.back) if s is not None]


def _back_values(card: Card, values: dict) -> dict:
    out = dict(values)
    out.update(card.back.field_map)
    return out


def _has_back(card: Card) -> bool:
    return card.back is not None and bool(card.back.template)


def collect(deck: Deck) -> list[CardProof]:
    cache: dict = {}
    out = []
    for card in deck.cards:
        values = card_values(deck, card)
        front = Side("front", card.template, values)
        back = Side("back", card.back.template, _back_values(card, values)) if _has_back(card) else None
        try:
            laid = layout_card(deck, card, 0.0, cache, strict=False)     # markup: checks.unbalanced
            front.face, back_face = laid.front, laid.back
            if back is not None:
                back.face = back_face
        except PnpError:
            _one_side_at_a_time(deck, card, front, back, cache)
        out.append(CardProof(card, front, back))
    return out


def _one_side_at_a_time(deck: Deck, card: Card, front: Side, back: Side | None, cache: dict):
    """After a failed layout: lay out each side alone, so each side's error (or face) is known. Through
    the same cache, so a side that lays out is the same face as another card's (a shared back)."""
    subject = f"card '{card.name}'"
    for side, name, what in ((front, card.name, subject), (back, f"{card.name} (back)", f"{subject} (back)")):
        if side is None:
            continue
        ctx = Context(side.values, deck, what, str(card.source), card.field_lines, card.kind, card.id)
        try:
            side.face = cached_face(cache, side.template, ctx, 0.0, name)
        except PnpError as exc:
            side.error = exc


def plain_value(value) -> str:
    return "" if value is None else str(value)


def record(deck: Deck, cp: CardProof) -> dict:
    """What the proof (and a later `--since`) knows of a card: JSON-ready."""
    c = cp.card
    back = None
    if c.back is not None:
        back = {"name": c.back.name, "template": c.back.template or None,
                "fields": {k: plain_value(v) for k, v in c.back.fields}}

    def texts(side):
        if side is None or side.face is None:
            return None
        return [[r, f, t] for r, f, t in side.face.texts]

    return {
        "id": c.id, "name": c.name, "index": c.index, "kind": c.kind, "part": c.part, "copies": c.copies,
        "template": c.template, "back": back, "source": str(c.source),
        "fields": {k: plain_value(v) for k, v in c.fields.items()},
        "front_text": texts(cp.front), "back_text": texts(cp.back),
    }


def faces_once(cards: list[CardProof]):
    """Each distinct face once: (first card showing it, side, how many other cards show it)."""
    seen: dict = {}
    order = []
    for cp in cards:
        for side in cp.sides:
            if side.face is None:
                continue
            k = (side.side, side.key)
            if k in seen:
                seen[k][2] += 1
            else:
                seen[k] = [cp, side, 0]
                order.append(k)
    return [tuple(seen[k]) for k in order]


def face_cards(cards: list[CardProof]):
    """Each distinct face once: (side, [every card showing it]), in print order."""
    seen: dict = {}
    for cp in cards:
        for side in cp.sides:
            if side.face is not None:
                seen.setdefault((side.side, side.key), (side, []))[1].append(cp)
    return list(seen.values())
