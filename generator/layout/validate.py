"""What a deck's templates need of its cards, checked before anything is laid out.

Every template the deck names is loaded (a mistake in one is reported at its own line, and the next
is read). Every {placeholder} a template writes (in text, when, colours, src, font and the choices
such as align) must name a value its cards can have: a field of the card's kind, a field of its back,
or one of the values every card has (layout.deck.BUILT_IN). A name that is none of these would print
nothing, so it is an error at the template's line, with a did-you-mean; except that a template several
kinds show may name a field only some of them have inside `when:`, or in a region whose `when:` names it:
for the others it is empty and the region is not drawn (a name none of them has is still an error). An
icon (:name:) that a template's own text writes must be one of the deck's icons. A field a kind declares
that none of its templates uses is a warning. A card's back must be the size and the shape of its front (it
is printed behind it, and cut along one outline), a template the size of the template it extends, and every region's box must stay on its
piece. Text a template asks to print under 6pt is a warning, or an error if the deck says so (smallprint.py).
Not here: loading a template and checking its own values (templates.py, regions/, sizes.py).
"""
from __future__ import annotations

import re

from ..deck.model import Deck
from ..errors import Collector, PnpError, known_list, suggest
from ..text.expressions import CARDS, ICONS, ExpressionError, compiled
from ..text.fields import names_in
from .deck import BUILT_IN
from .regions import TYPES, box_error, deferred_keys, named
from .regions.percard import deck_named
from .regions.repeat import COPY
from .regions.region import words_key
from .templatefiles import chain_stamp
from .templates import Template, get_template
from .store import remembered
from .smallprint import small_print
from . import fonts
from .namedchecks import icon_errors, lookup_errors
from pathlib import Path
from ..deck.translations import has_words, read, template_rows


def _uses(deck: Deck) -> dict:
    """template name -> {(kind id, "front" | "back"): the names of the back's own fields}, over every card."""
    uses: dict = {}
    for kind, template, back in _combinations(deck):
        if template:
            uses.setdefault(template, {}).setdefault((kind, "front"), set())
        if back is not None and back.template:
            sides = uses.setdefault(back.template, {})
            sides.setdefault((kind, "back"), set()).update(name for name, _ in back.fields)
    return uses


def _combinations(deck: Deck) -> set:
    """Each (kind, front template, back) some card has, or its kind names: a few, however many cards there
    are. (A kind's own is checked even when none of its cards loaded.)"""
    return {(c.kind, c.template, c.back) for c in deck.cards} | \
        {(k.id, k.template, k.back) for k in deck.kinds.values()}


def _filled(deck: Deck) -> dict:
    """kind -> the fields its cards give a value (their own, or a default)."""
    out: dict = {}
    for c in deck.cards:
        names = out.get(c.kind)
        if names is None:
            names = out[c.kind] = set()
        names.update(c.fields)
    return out


def check_templates(deck: Deck, found: Collector, checked=()) -> tuple[set, set, dict, list[str]]:
    """Load every template the deck's kinds and cards name and check it against them; mistakes go to
    `found`. Returns the names of the templates found at fault as a whole (a card showing one is not laid out
    to look for more: its mistakes would follow from theirs), those of them that did not load at all, the
    templates with regions at fault ({name: those regions' ids}: a card is laid out without them, to find its
    other mistakes), and the warnings. `checked`: the fields the component list reads (a field used there does
    something).

    A deck whose templates passed these checks in an earlier build, with the same template files
    (templatefiles.chain_stamp), pnp's code (layout/store.py's stamp) and the same fields, palette, sizes and fonts,
    is not checked again: a rebuild then reads no template it does not lay out."""
    try:
        return set(), set(), {}, remembered(f"{deck.id}-check", deck, _what_is_checked(deck, checked),
                                            lambda: _check(deck, checked), what="lines")
    except _Failed as failed:
        for error in failed.errors:
            with found.each():
                raise error
        return failed.bad, failed.unloadable, failed.pruned, []


class _Failed(Exception):
    def __init__(self, errors: list, bad: set, unloadable: set, pruned: dict):
        super().__init__(f"{len(errors)} mistakes in templates")
        self.errors, self.bad, self.unloadable, self.pruned = errors, bad, unloadable, pruned


def _check(deck: Deck, checked) -> list[str]:
    """The checks (see check_templates): the warnings, or _Failed with the mistakes and the templates at fault.
    Each pass goes on past a mistake: a region at fault is left out of the ones after it."""
    loaded: dict = {}
    uses = _uses(deck)
    found = Collector(limit=10 ** 6)
    bad, unloadable, pruned = set(), set(), {}
    for name in sorted(uses):
        with found.each():
            try:
                loaded[name] = get_template(name, deck, partial=True)
            except PnpError:
                unloadable.add(name)
                raise
        for rid, error in loaded[name].broken if name in loaded else ():
            pruned.setdefault(name, set()).add(rid)
            found.add(error)
    for name, tpl in loaded.items():
        for rid, error in (placeholder_errors(deck, tpl, uses[name]) + icon_errors(deck, tpl)
                           + lookup_errors(deck, tpl)):
            pruned.setdefault(name, set()).add(rid)
            found.add(error)
    sized = size_errors(deck, loaded)
    for error, names in sized + shape_errors(deck, loaded, {names for _, names in sized}):
        bad.update(names)
        found.add(error)
    for error, name, rid in box_errors(loaded, {names[1] for _, names in sized}):
        pruned.setdefault(name, set()).add(rid)
        found.add(error)
    small = _small_print(deck, loaded, found, bad)
    if found.errors:
        raise _Failed(found.errors, bad | unloadable, unloadable, pruned)
    return small + unused_fields(deck, loaded, set(checked))


def _small_print(deck: Deck, loaded: dict, found: Collector, bad: set) -> list[str]:
    """Text under 6pt (smallprint.py): warnings, or with `game.small_text: error` the deck's mistakes."""
    small = small_print(loaded.values())
    if deck.game.small_text != "error":
        return [str(s.error()) for s in small]
    for s in small:
        bad.update(name for name, tpl in loaded.items() if any(r.source.startswith(s.file + ":") for r in tpl.regions))
        found.add(s.error(strict=True))
    return []


def _what_is_checked(deck: Deck, checked) -> dict:
    """Everything the checks read besides the template files: which kinds (with which fields, and which
    back fields) show each template, the front and back pairs, the fields cards fill in, the name
    patterns, the component list's fields, and the deck's palette, sizes and fonts."""
    filled = _filled(deck)
    pairs = {(t, back.template) for _, t, back in _combinations(deck) if back is not None and back.template}
    uses = {t: sorted((kind, side, tuple(sorted(_available(deck, kind, backs)))) for (kind, side), backs in u.items())
            for t, u in _uses(deck).items()}
    return {"uses": sorted(uses.items()), "pairs": sorted(pairs),
            "templates": sorted((t, chain_stamp(t, deck)) for t in uses),
            "filled": sorted((k, tuple(sorted(v))) for k, v in filled.items()),
            "kinds": sorted((k, kind.name, tuple((f, s.line) for f, s in kind.fields.items()))
                            for k, kind in deck.kinds.items()),
            "checked": sorted(checked), "palette": sorted(deck.palette.items()), "file": deck.file,
            "small_text": deck.game.small_text,
            "sizes": sorted(deck.sizes.items()),
            "fonts": sorted(fonts.deck_families(deck).items()),
            **({"icons": sorted(deck.icons)} if deck.icons else {})}


def _available(deck: Deck, kind: str, back_fields) -> set:
    k = deck.kinds.get(kind)
    return set(BUILT_IN) | set(k.fields if k else ()) | set(back_fields)


def placeholders(tpl: Template):
    """(region, key, name) for every {name} the template writes."""
    for r in tpl.regions:
        for key, n in named(r):
            yield r, key, n


def placeholder_errors(deck: Deck, tpl: Template, use: dict) -> list[tuple[str, PnpError]]:
    """(the region's id, the error) for a {name} (or a name in an expression) that some card showing the template cannot have: an error at the
    template's line; unless it is under `when:` (in it, or in a region whose `when:` names it) and some kind
    showing the template has it, or, for a region of the template it extends, some kind of the deck has it."""
    out = []
    seen = set()
    kinds = {kind for kind, _ in use}
    everyone = set(BUILT_IN).union(*(k.fields for k in deck.kinds.values()))
    for r in tpl.regions:               # count() and sum() read every card's fields: some kind's
        for key, name in deck_named(r):
            if name not in everyone and (r.id, key, name) not in seen:
                seen.add((r.id, key, name))
                out.append((r.id, r.error(key, f"'{name}' in {_expression(r, key, name, deck=True)} is no field of any "
                                               f"kind of the deck ({deck.file})",
                                          hint=suggest(name, sorted(everyone))
                                          or f"every card also has {', '.join(BUILT_IN)}")))
    for r, key, name in placeholders(tpl):
        if name in (CARDS, ICONS):      # the deck's facts (count(), icons() ...): every card's values have them
            continue
        if name == COPY and r.values.get("repeat") is not None and key != "repeat":
            continue                    # a repeated region's copy: 0, 1 ... (regions/repeat.py)
        lacking = {kind: backs for (kind, _), backs in use.items() if name not in _available(deck, kind, backs)
                   and kind not in deck.extra.get("fields_failed", ())}      # (fields at fault: said at the kind)
        if not lacking or (r.id, key, name) in seen:
            continue
        if key == "when" or name in names_in(r.when):
            if set(lacking) != kinds or (_inherited(r, tpl) and name in everyone):
                continue            # empty for the kinds that lack it: the region is not drawn for them
        seen.add((r.id, key, name))
        known = set().union(*(_available(deck, kind, backs) for kind, backs in lacking.items()))
        lacking = sorted(lacking)
        said = " or ".join(f"'{k}'" for k in lacking)
        hint = suggest(name, sorted(known))
        what = "condition" if key == "when" else key
        own = ", ".join(sorted(known - set(BUILT_IN))) or "none"
        expression = _expression(r, key, name)
        first = f"'{name}' in {expression}" if expression else f"{{{name}}}"
        if name == COPY and name not in known:      # docs/deck-format.md, Repeated regions
            out.append((r.id, r.error(key, f"{first}: {name} is the number of a repeated region's copy, read only in "
                                           "a repeated region's other keys; " + (
                                               "its repeat cannot read it" if key == "repeat" else
                                               "this region has no repeat"),
                                      hint=None if key == "repeat" else 'add repeat: N (or repeat: "{field}")')))
            continue
        out.append((r.id, r.error(key, f"{first} is not a field of kind {said} ({deck.file}), so this {what} would "
                                       "be empty", hint=hint or f"its fields: {own}; every card also has "
                                                             f"{', '.join(BUILT_IN)}")))
    return out


def _inherited(region, tpl: Template) -> bool:
    """A region written in the template this one extends (or kept from it by an override)."""
    return region.source.rpartition(":")[0] != tpl.file or any(len(p) > 3 for p in region.places)


def _expression(region, key: str, name: str, deck: bool = False) -> str:
    """The expression (its brace as written) that reads `name` in a region's key, or "" for a plain {name}."""
    written = region.when if key == "when" else region.box if key == "box" else region.props.get(key)
    texts = [str(written)] if isinstance(written, str) else [str(v) for v in getattr(written, "written", ())] \
        if not isinstance(getattr(written, "written", None), str) else [written.written]
    for text in texts:
        try:
            parts = compiled(text).parts if "{" in text else ()
        except ExpressionError:
            continue
        for p in parts:
            if not isinstance(p, str) and p.name is None and name in (p.deck_names if deck else p.names):
                return p.text
    return ""


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


SHAPE_WORDS = {"rect": "a rectangle", "circle": "round", "hex-flat": "a flat hexagon (flat top and bottom)",
               "hex-pointy": "a pointy hexagon (corners at top and bottom)"}
SHAPE_KEYS = {"rect": "shape: rect", "circle": "shape: circle", "hex-flat": "shape: hex, orientation: flat",
              "hex-pointy": "shape: hex, orientation: pointy"}


def shape_errors(deck: Deck, loaded: dict, resized: set) -> list[tuple[PnpError, tuple]]:
    """A back whose shape is not its front's (a hex chit with a rectangular back, a round chit with a hex
    one): it is printed behind the front, but the piece is cut along one outline, so the back's design, its
    cut guide and its safe zone would be another piece's. The error at the back template's `shape:` (or its
    size, when it writes none), and the two templates. Not for a back of the wrong size (`resized`): that is
    its one mistake to report."""
    out, seen = [], set()
    for card in deck.cards:
        if card.back is None or not card.back.template:
            continue
        front, back = loaded.get(card.template), loaded.get(card.back.template)
        if front is None or back is None or (front.name, back.name) in seen | resized or front.shape == back.shape:
            continue
        seen.add((front.name, back.name))
        both_hex = back.shape.startswith("hex") and front.shape.startswith("hex")
        file, line = _shape_line(back, "orientation") if both_hex else (None, None)
        if line is None:
            file, line = _shape_line(back)
        where = ":".join(str(v) for v in _shape_line(front) if v)
        out.append((PnpError(f"back template '{back.name}' is {SHAPE_WORDS[back.shape]}, but the front it is "
                             f"printed behind, template '{front.name}' ({where}), is "
                             f"{SHAPE_WORDS[front.shape]}; the piece is cut along one outline, so a card's back "
                             f"must have its front's shape (card '{card.name}', {card.source})",
                             file, line, field="shape",
                             hint=f"write {SHAPE_KEYS[front.shape]} in the back template"),
                    (front.name, back.name)))
    return out


def _shape_line(tpl: Template, key: str = "shape") -> tuple[str, int | None]:
    """Where a template's shape (or orientation) is written: its own line for `key`, else where its size is
    given (for the orientation: none)."""
    try:
        lines = Path(tpl.file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    n = next((i for i, ln in enumerate(lines, 1) if re.match(key + r"\s*:", ln)), None)
    if n or key != "shape":
        return tpl.file, n
    return _place(tpl.size_source)


def box_errors(loaded: dict, resized: set) -> list[tuple[PnpError, str, str]]:
    """A region reaching past its piece (or past its bleed, for one that bleeds: regions.box_error), which
    would be drawn over the pieces beside it: the error, the template and the region's id. Not for a back of the wrong size
    (`resized`): its regions are placed for its front, and its size is the one mistake to report."""
    out = []
    for name, tpl in sorted(loaded.items()):
        if name in resized:
            continue
        for region in tpl.regions:
            if {"box", "rotate"} & set(deferred_keys(region)) or (deferred_keys(region) and
                                                                  TYPES[region.type].outline is not None):
                continue                # given for each card: held to the piece on each (percard.resolve)
            error = box_error(region, tpl.width, tpl.height, tpl.bleed or 0.0)
            if error is not None:
                out.append((error, name, region.id))
    return out


def unused_fields(deck: Deck, loaded: dict, checked: set) -> list[str]:
    """'file:line: kinds.K.fields.F: ...' for each field that cards of kind K fill in (or its default does)
    but that prints nowhere: none of their templates shows it, the kind's name pattern does not use it,
    and the component list does not read it."""
    used: dict = {}
    shown: dict = {}            # kind -> its templates
    for kind, template, back in _combinations(deck):
        names = used.setdefault(kind, set())
        for t in (template, back.template if back is not None else None):
            tpl = loaded.get(t)
            if tpl is not None:
                names.update(n for _, _, n in placeholders(tpl))
                shown.setdefault(kind, set()).add(t)
    filled = _filled(deck)
    counted = {n for tpl in loaded.values() for r in tpl.regions for _, n in deck_named(r)}   # count(), sum()
    out = []
    for kid, names in used.items():
        kind = deck.kinds[kid]
        named = set(names_in(kind.name))
        for fname, spec in kind.fields.items():
            if fname not in filled.get(kid, ()) or fname in names or fname in named or fname in checked or \
                    fname in counted:
                continue
            templates = sorted(shown.get(kid, ()))
            out.append(str(PnpError(f"cards of kind '{kid}' give field '{fname}', but no template of theirs "
                                    f"({', '.join(templates)}) shows it, and neither the kind's name nor the "
                                    "component list uses it", deck.file, spec.line or None,
                                    field=f"kinds.{kid}.fields.{fname}")))
    return out


_WRITTEN = re.compile(r"\{[^{}]*\}")     # a {field} or {= expression}: the card's words, not the template's


def _worded(deck: Deck):
    """(template name, region, its text) for each text region of the templates the deck uses whose literal text
    has words of its own, not only {fields}; a template that does not load is reported where it is read."""
    for name in sorted(_uses(deck)):
        try:
            tpl = get_template(name, deck)
        except PnpError:
            continue
        for r in tpl.regions:
            text = r.props.get("text")
            if isinstance(text, str) and has_words(_WRITTEN.sub(" ", text)):
                yield name, r, text


def template_words(deck: Deck) -> list[tuple[str, str, str]]:
    """Every template's own words (a text region's literal text, not only {fields}), once a region: (its
    translator's sheet key "card.deliver", its text, the region's text:LANG by language)."""
    out, seen = [], set()
    for _, r, text in _worded(deck):
        if words_key(r) not in seen:
            seen.add(words_key(r))
            out.append((words_key(r), text, {k.partition(":")[2]: v for k, v in r.props.items()
                                             if str(k).startswith("text:")}))
    return out


def untranslated_words(deck: Deck, code: str | None) -> list[tuple]:
    """A template's own words (a text region's literal `text`, its {fields} aside) with no `text:LANG` (nor a
    translator's sheet's row) for the language `code`: (file, line, field, message) each, once a region however
    many templates extend it (deck/languages.summed makes them warnings). None in the source language; a
    template that does not load, or a sheet that does not read, is reported where it is read."""
    from ..deck.languages import language_name  # lazy: +9 ms to import (benchmarks/imports.py)
    source = deck.source_language
    if code is None or code == source:
        return []
    missing, seen = [], set()
    if deck.language == code:                                 # a translator's sheet's rows template:FILE.REGION
        sheet = deck.extra.get("template_words", {})
    else:                                                     # (the deck refused in the language: --strict)
        try:
            sheet = template_rows(read(deck, code))
        except PnpError:
            sheet = {}
    for name, r, text in _worded(deck):
        if f"text:{code}" in r.props or words_key(r) in sheet:
            continue
        file, line, _ = r.at("text")
        if (file, line) in seen:
            continue
        seen.add((file, line))
        missing.append((file, line, f"{r.id}.text", f"template {name}: region '{r.id}' has no "
                        f"{language_name(code)} text (text:{code}) for {text!r}; the "
                        f"{language_name(source)} is printed"))
    return missing
