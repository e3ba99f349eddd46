"""A translator's sheet: the deck's translatable card texts with a column to translate them into one language
(`pnp cards GAME --lang de -o cards.de.xlsx`: sheet), and such a sheet read back into the deck (`languages:
{de: {file: cards.de.xlsx}}` in deck.yaml: read).

The sheet has a row for each card, keyed by its id (and one for each kind's title, `kind:ID`, for each
template's own words, `template:FILE.REGION`, and for each correction's words, `correction:N.KEY`, these
in the `text` column): `id`, `kind`,
and for each field a translation says in
its own words (text and markup, not the fields with choices) the source language's text (`text`), for the
translator to read, beside the language's (`text:de`), filled where the deck already has it. Read back, the
`FIELD:LANG` cells that hold text are the card's text in that language, over deck.yaml's and the cards'
own columns (the translator's sheet is the newer); the source columns are not read. An id that is no card's,
a column that is no field's, or another language's column is a mistake naming the cell.

Also here: which texts a translation must say in its own words (wordy).
Not here: writing the table's bytes (table.py), putting the deck into the language (languages.py).
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import Collector, known_list, suggest
from .model import Deck
from .spreadsheets.cells import filled, text_value
from ..files.paths import Refused, find_inside
from ..files.yamlfile import Map, Seq

LETTER = re.compile(r"[^\W\d_]")
ICON = re.compile(r"(?<![\w\\]):[A-Za-z0-9_-]+:")


def wordy(value) -> bool:
    """Text a translation must say in its own words: it holds a letter (not only numbers and symbols)."""
    return isinstance(value, str) and bool(LETTER.search(ICON.sub("", value)))


def has_words(value) -> bool:
    """A template's own text that a translation must say: a word of two letters or more (a lone letter beside a
    {field}, the x of "x{copies}", is a sign, not a word to translate)."""
    return isinstance(value, str) and bool(_WORD.search(ICON.sub("", value)))


_WORD = re.compile(r"[^\W\d_]{2,}")


KIND_ROW = "kind:"           # the id of a row that translates a kind's title: kind:crop
TEMPLATE_ROW = "template:"   # a template's own words: template:card.deliver (its file's stem, the region's id)
CORRECTION_ROW = "correction:"   # a correction's words: correction:2.why (its place in corrections:, from 1)
OWN = "text"                 # the column a template's or a correction's words are in
CORRECTED = ("about", "printed", "why", "note")


def template_rows(sheet: dict) -> dict:
    """{"card.deliver": its text}: a sheet's (read's) rows for the templates' own words."""
    return {k[len(TEMPLATE_ROW):]: v[OWN] for k, v in sheet.items() if k.startswith(TEMPLATE_ROW)}


def correction_words(deck: Deck) -> list[tuple[str, str, dict]]:
    """The corrections' words a translation says in its own: (row id "correction:1.why", the text, {LANG: its
    KEY:LANG}) for each about, printed and why (or note) that holds words; the seed's stay as written."""
    raw = deck.extra.get("corrections")
    out = []
    for i, m in enumerate(raw if isinstance(raw, Seq) else ()):
        for key in CORRECTED if isinstance(m, Map) else ():
            if wordy(m.get(key)):
                said = {str(k).partition(":")[2]: str(v) for k, v in m.items() if str(k).startswith(key + ":")}
                out.append((f"{CORRECTION_ROW}{i + 1}.{key}", str(m.get(key)), said))
    return out


def translatable(deck: Deck) -> list[str]:
    """The fields some card says in words, in the kinds' order: the sheet's columns."""
    out: list[str] = []
    for card in deck.cards:
        kind = deck.kinds[card.kind]
        for fname, spec in kind.fields.items():
            if fname not in out and spec.type in ("text", "markup") and not spec.choices and \
                    wordy(card.fields.get(fname)) and card.fields.get(fname) != spec.default:
                out.append(fname)
    order = [f for k in deck.kinds.values() for f in k.fields]
    return sorted(out, key=order.index)


def sheet(deck: Deck, code: str, templates: list = ()) -> tuple[list[str], list[dict]]:
    """(headers, rows) of the translator's sheet for the language `code`: deck is the deck as loaded (its
    cards carry their translations); `templates`: the templates' own words (layout/validate.template_words:
    (key, text, {LANG: text:LANG})), a row each after the cards', as the corrections' words (in `text`)."""
    fields = translatable(deck)
    kinds = [k for k in deck.kinds.values() if wordy(k.title)]
    if kinds and "title" not in fields:
        fields.insert(0, "title")
    own = [(TEMPLATE_ROW + key, text, said) for key, text, said in templates] + correction_words(deck)
    if own and OWN not in fields:
        fields.append(OWN)
    headers = ["id", "kind"] + [h for f in fields for h in (f, f"{f}:{code}")]
    lang = deck.languages[code]
    sheet_now = read(deck, code) if lang.file and (deck.folder / lang.file).is_file() else {}    # written again
    rows = []
    for card in deck.cards:
        said = {**card.translations.get(code, {}), **sheet_now.get(card.id, {})}
        row = {"id": card.id, "kind": card.kind}
        spec = deck.kinds[card.kind].fields
        for f in fields:
            value = card.fields.get(f)
            if f in spec and wordy(value) and value != spec[f].default:
                row[f] = value
                row[f"{f}:{code}"] = said.get(f, "")
        rows.append(row)
    for k in kinds:                         # a kind's title: the row KIND_ROW + its id
        rows.append({"id": KIND_ROW + k.id, "kind": k.id, "title": k.title,
                     f"title:{code}": {**k.translations.get(code, {}), **sheet_now.get(KIND_ROW + k.id, {})}
                     .get("title", "")})
    for rid, text, said in own:             # the templates' and corrections' words, in `text`
        rows.append({"id": rid, "kind": "", OWN: text,
                     f"{OWN}:{code}": sheet_now.get(rid, {}).get(OWN, said.get(code, ""))})
    return headers, rows


def read(deck: Deck, code: str) -> dict:
    """{card id: {field: text}}: the translations of the sheet languages: names for `code` (file, sheet); {}
    when it names none. Every mistake in it is raised at once (PnpErrors)."""
    lang = deck.languages.get(code)
    if lang is None or not lang.file:
        return {}
    from .spreadsheets.readers import Table, read_csv, read_workbook  # lazy: +15 ms to import (benchmarks/imports.py)
    where = lang.settings
    try:
        path = find_inside(lang.file, [deck.folder], "spreadsheet")
    except Refused as exc:
        raise where.error("file", str(exc), field=f"languages.{code}.file")
    shown = str(Path(deck.file).parent / lang.file)
    if path is None or not path.is_file():
        raise where.error("file", f"the {code} translator's sheet '{lang.file}' is not in the deck folder",
                          field=f"languages.{code}.file",
                          hint=f"write it with: pnp cards GAME --lang {code} -o {lang.file}")
    if path.suffix.lower() == ".csv":
        table, cells = Table(shown, None, 0), read_csv(path, shown)
    elif path.suffix.lower() in (".xlsx", ".ods"):
        name, cells, _ = read_workbook(path, shown, lang.sheet, where, 0)
        table = Table(shown, name, 0)
    else:
        raise where.error("file", f"'{lang.file}' is not a .csv, .xlsx or .ods file", field=f"languages.{code}.file")
    cards = {c.id: c for c in deck.cards}
    found = Collector()
    header, out = None, {}
    for number, values in cells:
        if not any(filled(v) for v in values):
            continue
        if header is None:
            header = [str(v).strip() if filled(v) else "" for v in values]
            if "id" not in header:
                raise table.error(number, None, None, "the translator's sheet has no 'id' column (each row's card)",
                                  hint=f"write it with: pnp cards GAME --lang {code} -o {lang.file}")
            for col, head in enumerate(header, 1):
                field, _, other = head.partition(":")
                with found.each():
                    if other and other != code:
                        raise table.error(number, col, head, f"column '{head}' is in another language than {code}",
                                          hint=f"{field}:{code}")
                    if other and field != OWN and not any(field in k.fields for k in deck.kinds.values()):
                        fields = sorted({f for k in deck.kinds.values() for f in k.fields})
                        raise table.error(number, col, head, f"'{field}' is no field of the deck's kinds",
                                          hint=suggest(field, fields) or known_list(fields))
            continue
        cells_of = dict(zip(header, values))
        cid = str(cells_of.get("id") or "").strip()
        with found.each():
            if cid.startswith(KIND_ROW) and cid[len(KIND_ROW):] in deck.kinds:
                v = cells_of.get(f"title:{code}")
                if filled(v):
                    out.setdefault(cid, {})["title"] = text_value(v, table, number, header.index(f"title:{code}") + 1,
                                                                  f"title:{code}").strip()
                continue
            if cid.startswith((TEMPLATE_ROW, CORRECTION_ROW)):
                _own_row(deck, cid, cells_of, code, table, number, header, out)
                continue
            if cid not in cards:
                raise table.error(number, header.index("id") + 1, "id", f"no card has the id '{cid}'",
                                  hint=suggest(cid, cards) or known_list(cards))
            kind = deck.kinds[cards[cid].kind]
            for col, head in enumerate(header, 1):
                field, _, other = head.partition(":")
                v = cells_of.get(head)
                if other != code or not filled(v):
                    continue
                if field not in kind.fields:
                    raise table.error(number, col, head, f"card '{cards[cid].name}' ({kind.id}) has no field "
                                      f"'{field}'", hint=suggest(field, kind.fields) or known_list(kind.fields))
                out.setdefault(cid, {})[field] = text_value(v, table, number, col, head).strip()
    found.done()
    return out


def _own_row(deck: Deck, cid: str, cells_of: dict, code: str, table, number: int, header: list, out: dict) -> None:
    """A template's or a correction's row read back into `out` (its text:LANG, when filled); a correction
    that is none of the deck's is a mistake naming the cell (a template's region is known to layout only:
    a row naming none translates nothing)."""
    if cid.startswith(CORRECTION_ROW):
        known = [rid for rid, _t, _s in correction_words(deck)]
        if cid not in known:
            raise table.error(number, header.index("id") + 1, "id", f"no correction's words have the id '{cid}'",
                              hint=suggest(cid, known) or known_list(known))
    v = cells_of.get(f"{OWN}:{code}")
    if filled(v):
        out.setdefault(cid, {})[OWN] = text_value(v, table, number, header.index(f"{OWN}:{code}") + 1,
                                                 f"{OWN}:{code}").strip()
