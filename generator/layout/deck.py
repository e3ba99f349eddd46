"""Lay out every card of a deck: a front face and a back face each, in print order."""
from __future__ import annotations

from typing import NamedTuple

from ..deck.model import Card, Deck
from .face import Context, Face, layout_face
from .store import FaceStore
from .templates import get_template


class LaidOut(NamedTuple):
    card: Card
    front: Face
    back: Face | None


def card_values(deck: Deck, card: Card) -> dict:
    g = deck.game
    values = {"game": g.title, "title_game": g.title, "subtitle": g.subtitle, "designer": g.designer,
              "publisher": g.publisher, "version": g.version, "name": card.name,
              "kind": deck.kinds[card.kind].title, "part": deck.parts[card.part].title, "copies": card.copies}
    values.update(card.fields)
    return values


def layout_card(deck: Deck, card: Card, bleed: float = 0.0, cache: dict | None = None,
                store: FaceStore | None = None) -> LaidOut:
    cache = {} if cache is None else cache
    values = card_values(deck, card)
    subject = f"card '{card.name}'"
    front_ctx = Context(values, deck.palette, subject, str(card.source), card.field_lines, deck.folder)
    front = _cached(cache, card.template, front_ctx, bleed, f"{card.name}", store)
    back = None
    if card.back is not None and card.back.template:
        back_values = dict(values)
        back_values.update(card.back.field_map)
        back_ctx = Context(back_values, deck.palette, f"{subject} (back)", str(card.source), card.field_lines,
                           deck.folder)
        back = _cached(cache, card.back.template, back_ctx, bleed, f"{card.name} (back)", store)
    return LaidOut(card, front, back)


def _cached(cache, template, ctx, bleed, name, store=None) -> Face:
    stored = None
    if store is not None:               # laid out by an earlier build from the same inputs
        stored = store.key(template, bleed, sorted(ctx.values.items()))
        face = store.get(stored)
        if face is not None:
            # faces equal within this build are one object, drawn once (as a cold build does)
            return cache.setdefault(face.key, face)
    used = _used(cache, template, ctx)
    key = (template, bleed, tuple((k, str(ctx.values.get(k))) for k in used))
    face = cache.get(key)
    if face is None:
        face = layout_face(template, ctx, bleed, name)
        face.key = key
        cache[key] = face
    if store is not None:
        store.put(stored, face)
    return face


def _used(cache, template, ctx) -> tuple:
    k = ("fields-used", template)
    if k not in cache:
        try:
            cache[k] = get_template(template, ctx.deck_folder).fields_used
        except Exception:
            cache[k] = tuple(sorted(ctx.values))     # layout_face reports the real error
    return cache[k]


def layout_deck(deck: Deck, bleed: float = 0.0, bleed_of=None) -> list[LaidOut]:
    """Every card laid out, reusing and keeping faces between builds (layout/store.py). `bleed_of(card)`,
    when given, says each card's bleed (the sheets decide it from the card's size)."""
    cache: dict = {}
    store = FaceStore.open(deck.id, deck.folder, deck.palette)
    laid = [layout_card(deck, c, bleed if bleed_of is None else bleed_of(c), cache, store) for c in deck.cards]
    if store is not None:
        store.save()
    return laid
