"""What a deck's templates need of its cards, checked before anything is laid out.

Every template the deck names is loaded (a mistake in one is reported at its own line, and the next
is read). Every {placeholder} a template writes (in text, when, colours, src, font and the choices
such as align) must name a value its cards can have: a field of the card's kind, a field of its back,
or one of the values every card has (layout.deck.BUILT_IN). A name that is none of these would print
nothing, so it is an error at the template's line, with a did-you-mean. A field a kind declares that
none of its templates uses is a warning. A card's back must be the size of its front (it is printed
behind it), and a template the size of the template it extends.
"""
from __future__ import annotations

from ..deck.model import Deck
from ..errors import Collector, PnpError, suggest
from ..fields import names_in
from .deck import BUILT_IN
from .templates import Template, get_template


def _uses(deck: Deck) -> dict:
    """template name -> {(kind id, "front" | "back"): the names of the back's own fields}, over every card."""
    uses: dict = {}
    for card in deck.cards:
        if card.template:
            uses.setdefault(card.template, {}).setdefault((card.kind, "front"), set())
        if card.back is not None and card.back.template:
            sides = uses.setdefault(card.back.template, {})
            sides.setdefault((card.kind, "back"), set()).update(name for name, _ in card.back.fields)
    return uses


def check_templates(deck: Deck, found: Collector, checked=()) -> tuple[set, list[str]]:
    """Load every template the deck's cards name and check it against them; mistakes go to `found`.
    Returns the names of the templates found at fault (a card showing one is not laid out to look for
    more: its mistakes would follow from theirs), and the warnings. `checked`: the fields the component
    list reads (a field used there does something)."""
    loaded: dict = {}
    uses = _uses(deck)
    bad = set()
    for name in sorted(uses):
        with found.each():
            try:
                loaded[name] = get_template(name, deck.folder)
            except PnpError:
                bad.add(name)
                raise
    for name, tpl in loaded.items():
        for error in placeholder_errors(deck, tpl, uses[name]):
            bad.add(name)
            with found.each():
                raise error
    for error, names in size_errors(deck, loaded):
        bad.update(names)
        with found.each():
            raise error
    return bad, unused_fields(deck, loaded, set(checked)) if not bad else []


def _available(deck: Deck, kind: str, back_fields) -> set:
    k = deck.kinds.get(kind)
    return set(BUILT_IN) | set(k.fields if k else ()) | set(back_fields)


def placeholders(tpl: Template):
    """(region, key, name) for every {name} the template writes."""
    for r in tpl.regions:
        for n in names_in(r.when):
            yield r, "when", n
        for key, v in r.props.items():
            if isinstance(v, str):
                for n in names_in(v):
                    yield r, key, n


def placeholder_errors(deck: Deck, tpl: Template, use: dict) -> list[PnpError]:
    """A {name} that some card showing the template cannot have: an error at the template's line."""
    out = []
    seen = set()
    for r, key, name in placeholders(tpl):
        lacking = {kind: backs for (kind, _), backs in use.items() if name not in _available(deck, kind, backs)}
        if not lacking or (r.id, key, name) in seen:
            continue
        seen.add((r.id, key, name))
        known = set().union(*(_available(deck, kind, backs) for kind, backs in lacking.items()))
        lacking = sorted(lacking)
        kinds = " or ".join(f"'{k}'" for k in lacking)
        hint = suggest(name, sorted(known))
        what = "condition" if key == "when" else key
        own = ", ".join(sorted(known - set(BUILT_IN))) or "none"
        out.append(r.error(key, f"{{{name}}} is not a field of kind {kinds} ({deck.file}), so this {what} would be "
                                "empty", hint=hint or f"its fields: {own}; every card also has "
                                                      f"{', '.join(BUILT_IN)}"))
    return out


def _mm(tpl: Template) -> str:
    return f"{tpl.width * 25.4 / 72:.1f} x {tpl.height * 25.4 / 72:.1f} mm"


def _place(source: str) -> tuple[str, int | None]:
    file, _, line = source.rpartition(":")
    return (file, int(line)) if line.isdigit() else (source, None)


def size_errors(deck: Deck, loaded: dict) -> list[tuple[PnpError, tuple]]:
    """A back that is not the size of its front (it would be printed over the neighbouring cards): the
    error, and the two templates."""
    out, seen = [], set()
    for card in deck.cards:
        if card.back is None or not card.back.template:
            continue
        front, back = loaded.get(card.template), loaded.get(card.back.template)
        if front is None or back is None or (front.name, back.name) in seen:
            continue
        seen.add((front.name, back.name))
        if abs(front.width - back.width) < 0.01 and abs(front.height - back.height) < 0.01:
            continue
        file, line = _place(back.size_source)
        out.append((PnpError(f"back template '{back.name}' is {_mm(back)}, but the front it is printed behind, "
                            f"template '{front.name}' ({front.size_source}), is {_mm(front)}; a card's back "
                            f"must be the size of its front (card '{card.name}', {card.source})",
                            file, line, field="size"), (front.name, back.name)))
    return out


def unused_fields(deck: Deck, loaded: dict, checked: set) -> list[str]:
    """'file:line: kinds.K.fields.F: ...' for each field that cards of kind K fill in (or its default does)
    but that prints nowhere: none of their templates shows it, the kind's name pattern does not use it,
    and the component list does not read it."""
    used: dict = {}
    filled: dict = {}
    for card in deck.cards:
        names = used.setdefault(card.kind, set())
        for t in (card.template, card.back.template if card.back is not None else None):
            tpl = loaded.get(t)
            if tpl is not None:
                names.update(n for _, _, n in placeholders(tpl))
        filled.setdefault(card.kind, set()).update(card.fields)
    out = []
    for kid, names in used.items():
        kind = deck.kinds[kid]
        named = set(names_in(kind.name))
        for fname, spec in kind.fields.items():
            if fname not in filled[kid] or fname in names or fname in named or fname in checked:
                continue
            templates = sorted({t for c in deck.cards if c.kind == kid
                                for t in (c.template, c.back.template if c.back is not None else None) if t})
            out.append(str(PnpError(f"cards of kind '{kid}' give field '{fname}', but no template of theirs "
                                    f"({', '.join(templates)}) shows it, and neither the kind's name nor the "
                                    "component list uses it", deck.file, spec.line or None,
                                    field=f"kinds.{kid}.fields.{fname}")))
    return out
