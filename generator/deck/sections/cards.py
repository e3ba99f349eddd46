"""The `cards:` section: each card, its kind, its settings (KEYS) and the values of its kind's fields, a
card's every mistake noted and the next card read. Spreadsheet sources among the cards are replaced by
their rows before this reads them (../sheets/); a row is read here as a YAML card is.
Not here: the fields' declarations (kinds.py) and the checks of their values (fields.py).
"""
from __future__ import annotations

from ...errors import PnpError, PnpErrors, found, known_list, suggest
from ...text.expressions import ExpressionError
from ...text.fields import fill, slug
from ...files.yamlfile import Map, Seq
from ..model import Card, Inferred
from ..reading import Skip
from ..values import MAX_TEXT, need_name, need_text, no_placeholder
from .backs import back_ref
from .fields import field_value
from .languages import split

KEYS = {            # a card's settings (every other key is one of its kind's fields): what each holds; default
    "kind": "a kind's id; default: the only kind, when there is one",
    "name": "text: the card's name; default: its kind's name pattern, filled in",
    "part": "a part's id; default: defaults.part, else the first part",
    "copies": "a whole number from 0 (parked: not printed, counted 0, listed by the proof) to MAX_COPIES; default: 1",
    "template": "a template's name; default: its kind's",
    "back": "a back: a name from backs:, none, or {template, fields}; default: its kind's",
    "inferred": "text: why the card was inferred (listed on the proof)",
    "new_sheet": "true or false: the card starts a new sheet; default: false",
}
CARD_KEYS = tuple(KEYS)
MAX_COPIES = 1000               # of one card
MAX_CARDS = 20000               # in a deck, copies counted


def read(r, seq, root, kinds, parts, backs, default_part) -> list:
    if not isinstance(seq, Seq):
        raise root.error("cards", f"expected a list of cards, found {found(seq)}", field="cards")
    cards, ids = [], {}
    r.total = 0
    first_part = default_part or next(iter(parts), None)
    for i, m in enumerate(seq):
        try:                # a card's mistakes are noted, and the next card is read
            cards.append(card(r, i, m, seq, kinds, parts, backs, first_part, ids, len(cards)))
        except Skip:
            pass
        except PnpError as exc:
            r.card_mistakes += 1
            r.note(exc, wide=False)
    if not cards and not r.card_mistakes and r.sound:
        raise root.error("cards", "the deck has no cards", field="cards")
    return cards


def by_case(r, kid, kinds, m, key) -> object:
    """The kind a card names in other capitals ("Worker" for `worker`), with one warning for each way it is
    written; `kid` as it is when no kind, or several, match it so."""
    if not isinstance(kid, str):
        return kid
    same = [k for k in kinds if str(k).lower() == kid.lower()]
    if len(same) != 1:
        return kid
    if (kid, same[0]) not in r.cased:
        r.cased.add((kid, same[0]))
        line, _ = m.where(key)
        where = f"{m.file}:{line}" if getattr(m, "file", "") and line else (getattr(m, "file", "") or r.file)
        r.warnings.append(f"{where}: kind '{kid}' is read as the kind '{same[0]}' (capitals aside); every card "
                          f"written so is one of its cards")
    return same[0]


def numbered(cards: list) -> tuple[list, list, dict]:
    """(the printed cards, each with its number among them and among its kind's, from 1, in print order; the
    parked ones (copies: 0), which are not printed; the totals: {"": the printed cards, KIND: its own})."""
    printed, parked, totals = [], [], {"": 0}
    for c in cards:
        if c.copies == 0:
            parked.append(c)
            continue
        totals[""] += 1
        totals[c.kind] = totals.get(c.kind, 0) + 1
        printed.append(c._replace(number=totals[""], kind_number=totals[c.kind]))
    return printed, parked, totals


def card(r, i, m, seq, kinds, parts, backs, first_part, ids, index) -> Card:
    """One card, every mistake in it noted (PnpErrors), or Skip for one that stands on a noted mistake."""
    where = f"cards[{i}]"
    if not isinstance(m, Map):
        raise seq.error(i, f"expected a card (a mapping with kind and fields), found {found(m)}", field=where)
    kid = m.get("kind")
    if kid is None and len(kinds) == 1:
        kid = next(iter(kinds))
    elif kid is not None:
        kid = need_name(kid, m, "kind", f"{where}.kind", "a kind name")
    if kid not in kinds:
        kid = by_case(r, kid, kinds, m, "kind")
    if kid not in kinds:
        if not r.sound and not kinds:
            raise Skip()            # the kinds did not load: that mistake is noted already
        raise m.error("kind" if "kind" in m else None,
                      f"unknown kind '{kid}'" if kid is not None else "missing kind",
                      field=f"{where}.kind", hint=suggest(kid, kinds) or known_list(kinds))
    kind = kinds[kid]
    written = m
    m, translated = split(r, m, list(kind.fields) + ["name"], f"card {where}")
    mistakes = []               # every mistake in this card (try/except: free when there is none)
    for key in m if ("fields", kid) not in r.failed else ():     # (its kind's fields at fault: said there)
        if key not in CARD_KEYS and key not in kind.fields:
            mistakes.append(m.error(key, f"unknown field '{key}' for kind '{kid}'", field=f"{where}.{key}",
                                    hint=suggest(key, list(kind.fields) + list(CARD_KEYS))
                                    or known_list(list(kind.fields) + list(CARD_KEYS))))
    part = None
    try:
        part = need_name(m["part"], m, "part", f"{where}.part", "a part id") if "part" in m else first_part
        if ("part", part) in r.failed or part is None and not r.sound:
            raise Skip()
        if part not in parts:
            raise m.error("part", f"unknown part '{part}'", field=f"{where}.part",
                          hint=suggest(part, parts) or known_list(parts))
    except PnpError as exc:
        mistakes.append(exc)
    copies = m.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= MAX_COPIES:
        mistakes.append(m.error("copies", f"expected a whole number from 0 to {MAX_COPIES}, found {copies!r}",
                                field=f"{where}.copies", hint="copies: 0 parks a card: it is not printed"))
    elif r.total > MAX_CARDS:
        raise Skip()                # the card that passed the limit is named already
    else:
        r.total += copies
        if r.total > MAX_CARDS:
            mistakes.append(m.error("copies", f"the deck passes {MAX_CARDS} cards", field=f"{where}.copies"))
    values, lines = {}, {}
    provisional = str(m.get("name") or f"{kid} #{i + 1}")
    for fname, spec in kind.fields.items():
        try:
            raw = r.unwrap(m.get(fname), m, fname, f"card '{provisional}', field {fname}")
            value = field_value(r, spec, raw, m, fname, f"{where}.{fname}")
            if value is None:
                value = spec.default
            if value is None and spec.required:
                raise m.error(None, f"missing required field '{fname}' for kind '{kid}'",
                              field=f"{where}.{fname}")
            if value is not None:
                values[fname] = value
            lines[fname] = m.where(fname)[0]
        except PnpError as exc:
            mistakes.append(exc)
    name = ""
    try:
        name = need_text(m.get("name"), m, "name", f"{where}.name", required=False)
        if name:
            no_placeholder(name, m, "name", f"{where}.name")
        else:
            try:
                name = fill(kind.name, {"kind": kind.title, **values})
            except ExpressionError as exc:  # an expression of the pattern that fails: said once, at the kind
                name = kind.title
                if ("name", kid) not in r.failed:
                    r.failed.add(("name", kid))
                    said = exc.message if exc.message.startswith(exc.brace) else f"{exc.brace}: {exc.message}"
                    row = str(getattr(m, "file", "") or r.file) != str(r.file)        # a spreadsheet's row
                    on = f"the card of {r.src(m)}" if row else f"{where} ({r.src(m)})"
                    raise PnpError(f"{said}, on {on} and any other card it fails on alike",
                                   r.file, kind.name_line or kind.line or None, field=f"kinds.{kid}.name",
                                   hint=exc.hint)
            if len(name) > MAX_TEXT:
                raise m.error(None, f"the name pattern of kind '{kid}' makes a name of {len(name)} "
                                    f"characters; the limit is {MAX_TEXT}", field=f"{where}.name")
        if "inferred" in m:
            note = need_text(m["inferred"], m, "inferred", f"{where}.inferred")
            r.inferred.append(Inferred(f"card '{name}'", "", note, r.src(m, "inferred")))
    except PnpError as exc:
        mistakes.append(exc)
    template, back = kind.template, kind.back
    try:
        if "template" in m:
            template = r.template_ref(m["template"], m, "template", f"{where}.template")
    except PnpError as exc:
        mistakes.append(exc)
    try:
        if "back" in m:
            back = back_ref(r, m["back"], m, "back", backs, f"{where}.back")
    except PnpError as exc:
        mistakes.append(exc)
    new_sheet = m.get("new_sheet", False)
    if not isinstance(new_sheet, bool):
        mistakes.append(m.error("new_sheet", f"expected true or false, found {new_sheet!r}",
                                field=f"{where}.new_sheet"))
    translations: dict = {}
    for lang, given in translated.items():
        for fname, raw in given.items():
            key = f"{fname}:{lang}"
            try:
                if fname == "name":
                    value = need_text(raw, written, key, f"{where}.{key}", required=False)
                    no_placeholder(value, written, key, f"{where}.{key}")
                else:
                    value = field_value(r, kind.fields[fname], raw, written, key, f"{where}.{key}")
                if value is not None:
                    translations.setdefault(lang, {})[fname] = value
                    lines[key] = written.where(key)[0]
            except PnpError as exc:
                mistakes.append(exc)
    if mistakes:
        raise PnpErrors(mistakes)
    cid = slug(name)
    if cid in ids:
        ids[cid] += 1
        cid = f"{cid}-{ids[cid]}"
    else:
        ids[cid] = 1
    return Card(cid, name, str(kid), str(part), copies, template, back, values,
                r.src(m), lines, new_sheet, index, translations)
