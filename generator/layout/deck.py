"""Lay out every card of a deck: a front face and a back face each, in print order.

Faces equal by the fields their template reads are laid out once and shared (cached_face), and kept
between builds in the layout store; a card that cannot be laid out is noted and the next one laid out,
mistakes alike on several cards reported once. Unbalanced markup on a face is an error here.
Not here: laying out one face (face.py), the store's files (store.py), the template checks (validate.py).
"""
from __future__ import annotations

import re

from ..records import Record
from ..deck.model import Card, Deck
from ..errors import Collector, PnpError, PnpErrors
from ..text.fields import PLACEHOLDER, blanked, fill, fill_markup, holds
from ..text.markup import problems
from . import deckfacts
from .face import Context, Face, layout_face, text_icons
from .inline import stamp
from .regions import field_of
from .relaid import earlier
from .store import FaceStore
from .templatefiles import chain_stamp
from .templates import get_template


class LaidOut(Record):
    card: Card
    front: Face
    back: Face | None


# the values every card has besides its own fields (card_values): what a template may write as {name}
BUILT_IN = ("game", "title_game", "subtitle", "designer", "publisher", "version", "name", "kind", "part", "copies",
            "number", "total", "kind_number", "kind_total", "copy")


def card_values(deck: Deck, card: Card, facts: bool = True) -> dict:
    """The values a card's templates read: the deck's and the card's own (BUILT_IN), then its fields (a field of
    a built-in's name is the card's); and, where its templates call count(), sum(), lookup() or icons(), the
    deck's facts they read (deckfacts.py; not with `facts` false: the rows those functions read)."""
    g = deck.game
    totals = deck.extra.get("totals") or {}
    values = {"game": g.title, "title_game": g.title, "subtitle": g.subtitle, "designer": g.designer,
              "publisher": g.publisher, "version": g.version, "name": card.name,
              "kind": deck.kinds[card.kind].title, "part": deck.parts[card.part].title, "copies": card.of or card.copies,
              "number": card.number, "total": totals.get("", 0), "kind_number": card.kind_number,
              "kind_total": totals.get(card.kind, 0), "copy": card.copy or 1}
    values.update(card.fields)
    if facts:
        known = deckfacts.facts(deck, card_values)
        for name in known.reads(deck, card.template) + known.reads(deck, card.back.template if card.back else None):
            values[name] = known.of(name)
    return values


def copies_apart(deck: Deck) -> Deck:
    """The deck with each card whose front or back template reads `copy` printed as its copies, a card each
    (copies 1, `copy` 1, 2 ...: their faces differ, so each is laid out and drawn apart; a face that does not read
    it, such as their shared back, stays one); the deck itself when no card's does. Which templates read it is
    remembered between builds (deckfacts.reading), so a rebuild parses no template for it."""
    if not any(c.copies > 1 and not c.copy for c in deck.cards):
        return deck
    read = deckfacts.reading(deck)
    reading = {t for t, names in read.items() if "copy" in names}
    if not reading:
        return deck
    cards = []
    for c in deck.cards:
        if c.copies > 1 and not c.copy and "copy" not in deck.kinds[c.kind].fields and \
                (c.template in reading or c.back is not None and c.back.template in reading):
            cards.extend(c._replace(id=c.id if k == 1 else f"{c.id}-copy-{k}", copies=1, copy=k, of=c.copies)
                         for k in range(1, c.copies + 1))
        else:
            cards.append(c)
    return deck._replace(cards=cards)


def layout_card(deck: Deck, card: Card, bleed: float = 0.0, cache: dict | None = None,
                store: FaceStore | None = None, strict: bool = True) -> LaidOut:
    """A card's front and back laid out; every mistake of either raised at once (PnpErrors). `strict` (a build,
    an export): unbalanced markup on either is an error too; the proof lays out without it, and reports the
    faces' markup problems itself."""
    cache = {} if cache is None else cache
    values = card_values(deck, card)
    subject = f"card '{card.name}'"
    wrong: list = []
    front_ctx = Context(values, deck, subject, str(card.source), card.field_lines, card.kind, card.id)
    front = _laid(cache, card.template, front_ctx, bleed, f"{card.name}", store, wrong)
    back, back_ctx = None, None
    if card.back is not None and card.back.template:
        back_values = dict(values)
        back_values.update(card.back.field_map)
        back_ctx = Context(back_values, deck, f"{subject} (back)", str(card.source), card.field_lines, card.kind,
                           card.id)
        back = _laid(cache, card.back.template, back_ctx, bleed, f"{card.name} (back)", store, wrong)
    if strict:
        for face, ctx in ((front, front_ctx), (back, back_ctx)):
            wrong.extend(markup_errors(face, ctx))
    if wrong:
        raise wrong[0] if len(wrong) == 1 else PnpErrors(wrong)
    return LaidOut(card, front, back)


def _laid(cache, template, ctx, bleed, name, store, wrong: list) -> Face | None:
    """cached_face, its mistakes noted in `wrong`: then what of it was laid out (its markup's problems), if any."""
    try:
        return cached_face(cache, template, ctx, bleed, name, store)
    except PnpError as exc:
        wrong.extend(exc.errors if isinstance(exc, PnpErrors) else [exc])
        return getattr(exc, "face", None)


def markup_errors(face: Face | None, ctx: Context) -> list:
    """A face's unbalanced markup (markup.problems, recorded as it was laid out) as errors: at the line of
    the card's field, or of the template's region when the text is the template's own."""
    if face is None or not face.markup:
        return []
    out = []
    for region, field, level, message, _ in face.markup:
        if level != "error":
            continue
        r = next((r for r in get_template(face.template, ctx.deck).regions if r.id == region), None)
        own = _own_markup_errors(r) if r is not None else []
        if own:                         # the template's own text is at fault: as written there
            out.extend(r.error("text", m) for m in own)
        else:
            out.append(ctx.error(f"{message} (region '{region}')", field=field))
    return out


def _own_markup_errors(region) -> list[str]:
    """The unbalanced markup of a region's own text, whatever its fields hold."""
    text = str(region.get("text", ""))
    own = blanked(text)             # (an expression's own * is no markup)
    if not any(p.level == "error" for p in problems(own)):
        return []
    written = text if own == PLACEHOLDER.sub("x", text) else own        # (as written, where no expression is)
    return [p.message for p in problems(written) if p.level == "error"] or \
        [p.message for p in problems(own) if p.level == "error"]


def card_markup_errors(deck: Deck, card: Card) -> list:
    """Unbalanced markup, and icons that are none of the deck's, on a card's faces, found without laying them
    out: for a card whose template has another mistake (a placeholder, a size), whose layout would only repeat
    it."""
    values = card_values(deck, card)
    sides = [(card.template, values, f"card '{card.name}'")]
    if card.back is not None and card.back.template:
        sides.append((card.back.template, {**values, **card.back.field_map}, f"card '{card.name}' (back)"))
    out = []
    for template, vals, subject in sides:
        try:
            tpl = get_template(template, deck)
        except PnpError:
            continue
        face = Face(template=tpl.name)
        ctx = Context(vals, deck, subject, str(card.source), card.field_lines, card.kind, card.id)
        for r in tpl.regions:
            try:
                if r.type not in ("text", "textbox") or not holds(r.when, vals):
                    continue
                content = (fill_markup if r.type == "textbox" else fill)(str(r.get("text", "")), vals)
            except PnpError:            # an expression that fails: laying the card out names it
                continue
            try:                        # a :name: that is no icon
                text_icons(content, r, ctx)
            except PnpError as exc:
                out.append(exc)
            if r.type == "textbox":
                for p in problems(content):
                    face.markup.append((r.id, field_of(r), p.level, p.message, p.start))
        out.extend(markup_errors(face, ctx))
    return out


def typeset_stamp(deck: Deck) -> str:
    """What of the deck says how its text is typeset (game.typography, the fields each kind prints plain): the
    layout store keeps faces only while it is the same (the deck file's values are not in its stamp)."""
    plain = sorted((k, f.name) for k, kind in deck.kinds.items() for f in kind.fields.values() if f.typography)
    return f"|typography {deck.game.typography} {plain}"


def cached_face(cache, template, ctx, bleed, name, store=None) -> Face:
    """The face of `template` for `ctx`: from `store` (an earlier build), from `cache` (a face of this build
    with the same values of the fields its template reads), or laid out now and kept in both (a template saved
    since the last build: its unchanged regions taken from that build's face, relaid.py)."""
    stored = None
    if store is not None:               # laid out by an earlier build from the same inputs
        values = repr(sorted(ctx.values.items()))          # (once for the key and the last build's key)
        stored = store.key_of(template, chain_stamp(template, ctx.deck), bleed, values)
        face = store.get(stored)
        if face is not None:
            # faces equal within this build are one object, drawn once (as a cold build does)
            return cache.setdefault(face.key, face)
    used = _used(cache, template, ctx)
    key = (template, bleed, tuple((k, str(ctx.values.get(k))) for k in used))
    face = cache.get(key)
    if face is None:
        was = earlier(template, ctx.deck) if store is not None else None
        before = was.before(store.peek(store.key_of(template, was.stamp, bleed, values))) if was is not None \
            else None
        face = layout_face(template, ctx, bleed, name, before, key)
        cache[key] = face
    if store is not None:
        store.put(stored, face)
    return face


def _used(cache, template, ctx) -> tuple:
    k = ("fields-used", template)
    if k not in cache:
        try:
            cache[k] = get_template(template, ctx.deck).fields_used
        except Exception:
            cache[k] = tuple(sorted(ctx.values))     # layout_face reports the real error
    return cache[k]


def layout_deck(deck: Deck, bleed: float = 0.0, found: Collector | None = None, keep: bool = True,
                bleed_of=None) -> list[LaidOut]:
    """Every card laid out, reusing and keeping faces between builds (layout/store.py; not if `keep` is
    false). `bleed_of(card)`, when given, says each card's bleed (the sheets decide it from the card's
    size). A card that cannot be laid out is noted and the next one laid out; all are raised at the end,
    or, with `found` given, left there for the caller."""
    cache: dict = {}
    store = FaceStore.open(deck, palette=deck.palette, also=stamp(deck.icons) + typeset_stamp(deck)) if keep else None
    own = found is None
    found = Collector() if own else found
    laid = []
    alike = _Alike()
    for c in deck.cards:
        try:                        # a card that cannot be laid out is noted, and the next one laid out
            laid.append(layout_card(deck, c, bleed if bleed_of is None else bleed_of(c), cache, store))
        except PnpError as exc:
            if alike.add(exc, c) + len(found.errors) >= found.limit:
                break               # enough to be going on with
    if store is not None:
        store.save()
    for error in alike.errors():
        found.add(error)
    if own:
        found.done()
    return laid


class _Alike:
    """Cards' layout mistakes, one line for each mistake: cards that show one value (written once and
    aliased, or copied) and fail alike are one mistake, named at the first card, with how many more; so are cards
    on which one brace of a template fails alike (`{value + ' pts'}` on every card, whatever its value)."""

    _SUBJECT = re.compile(r"^card '.*?'(?: \(back\))?: ")
    _VALUES = re.compile(r"'[^']*'|-?\d+(?:\.\d+)?")        # what differs from card to card in a brace's mistake

    def __init__(self):
        self.first: dict = {}       # key -> [error, the other cards' names, the first card's name]

    def add(self, exc: PnpError, card: Card) -> int:
        """Note `exc` (an error or several) of `card`; returns how many distinct mistakes there are now."""
        for e in exc.errors if isinstance(exc, PnpErrors) else [exc]:
            if not self._SUBJECT.match(e.message):      # not the card's own (a picture file's): said once
                self.first.setdefault((e.file, e.line, e.column, e.message), [e, None, None])
                continue
            said = self._SUBJECT.sub("", e.message)
            if (e.field or "").startswith("region "):   # a template's brace: alike whatever values it met
                key = (e.file, e.line, e.column, e.field, self._VALUES.sub("…", said))
            else:                                       # a card's field: alike when they show one value
                value = card.fields.get(e.field or "")
                if card.back is not None and e.message.startswith(f"card '{card.name}' (back): "):
                    value = card.back.field_map.get(e.field or "", value)
                key = (said, e.field, e.hint, repr(value))
            if key in self.first:           # a card named once, however many of its copies or places fail
                if card.name != self.first[key][2] and card.name not in self.first[key][1]:
                    self.first[key][1].append(card.name)
            else:
                self.first[key] = [e, [], card.name]
        return len(self.first)

    def errors(self) -> list:
        out = []
        for e, others, _first in self.first.values():
            if others:
                names = ", ".join(f"'{n}'" for n in others[:3]) + (", ..." if len(others) > 3 else "")
                e = PnpError(f"{e.message} (and {len(others)} more card{'s' if len(others) != 1 else ''}: "
                             f"{names})", e.file, e.line, e.column, e.field, e.hint)
            out.append(e)
        return out
