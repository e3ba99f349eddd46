"""The deck's facts that a template's count(), sum(), lookup() and icons() read (text/deckwide.py), made once a
deck and kept in its memo: the printed cards' values (the deck as loaded: a build of some of its cards or parts
counts the whole game, as its numbers do), the kinds and the sheets of the workbooks its cards come from as
lookup()'s tables, and its icons with their letters (`icon_letters:`).

A card's values hold them (expressions.CARDS, ICONS) only where its front's or back's template calls such a
function: their digest (every card's values and the sheets' bytes; the icons and letters) then keys its faces
in the build and in the layout store, so that an edit to another card lays out again the faces that count it, and
no other.
Not here: evaluating the functions (text/deckwide.py), a card's own values (deck.py).
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from ..errors import PnpError
from ..files.yamlfile import Map
from ..text.deckwide import Deckwide, Table
from ..text.expressions import CARDS, ICONS
from .templatefiles import chain_stamp
from .templates import get_template


def _digest(*parts) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


WATCHED = ("copy", CARDS, ICONS)        # what a template may read that a card's own values do not hold alone


def reading(deck) -> dict:
    """{template: the names of WATCHED it reads} for every template the deck's cards and kinds name (front and
    back), worked out once a deck and remembered between builds (layout/store.py) under the templates' files
    (templatefiles.chain_stamp), so that a rebuild parses no template for it; a template that does not load reads
    none (laying its cards out reports it)."""
    return deck.once("templates reading", deck.cards, lambda: _reading(deck))


def _reading(deck) -> dict:
    cards = (*deck.extra.get("every_card", ()), *deck.cards)      # (the whole deck's: a build of some reads the same)
    names = sorted({t for c in cards for t in (c.template, c.back.template if c.back else None) if t} |
                   {t for k in deck.kinds.values() for t in (k.template, k.back.template if k.back else None) if t})

    def compute() -> list:
        out = []
        for name in names:
            try:
                used = get_template(name, deck).fields_used
            except PnpError:
                continue
            read = [n for n in WATCHED if n in used]
            if read:
                out.append("\t".join([name, *read]))
        return out
    from .store import remembered  # lazy: +4 ms to import (benchmarks/imports.py)
    return {line.split("\t")[0]: tuple(line.split("\t")[1:])
            for line in remembered(f"{deck.id}-reads", deck, {"templates": [(n, chain_stamp(n, deck)) for n in names]},
                                   compute, what="lines")}


class Facts:
    """One deck's facts: which templates read them (`reads`), and the Deckwide of each, made when first asked."""

    def __init__(self, deck, values_of):
        self.deck, self.values_of = deck, values_of
        self.made: dict = {}            # CARDS, ICONS -> Deckwide

    @staticmethod
    def reads(deck, template: str | None) -> tuple:
        """The facts' names a template of `deck` reads (CARDS, ICONS)."""
        if not template:
            return ()
        return tuple(n for n in reading(deck).get(template, ()) if n != "copy")

    def of(self, name: str) -> Deckwide:
        made = self.made.get(name)
        if made is None:
            made = self.made[name] = self._cards() if name == CARDS else self._icons()
        return made

    def _every(self) -> tuple:
        return self.deck.extra.get("every_card", tuple(self.deck.cards))

    def _cards(self) -> Deckwide:
        every = self._every()
        files = _files(self.deck)
        digest = _digest([(c.id, c.name, c.kind, c.part, c.copies, c.number, sorted(c.fields.items()))
                          for c in every], [(f, hashlib.blake2b(p.read_bytes()).hexdigest() if p.is_file() else "")
                                            for f, p in files])
        rows: list = []

        def rows_of() -> list:
            if not rows:
                rows.extend(self.values_of(self.deck, c, facts=False) for c in every)
            return rows

        tables: dict = {}

        def tables_of() -> dict:
            if not tables:
                tables.update(self._kinds(rows_of()))
                for sheet, table in sheets(self.deck).items():
                    tables.setdefault(sheet, table)
            return tables
        return Deckwide(digest, rows_of, tables_of)

    def _kinds(self, rows: list) -> dict:
        out = {}
        for kid, kind in self.deck.kinds.items():
            mine = [r for r, c in zip(rows, self._every()) if c.kind == kid]
            keys = ("name",) + tuple(kind.fields)[:1]
            table = Table(kid, mine, keys, columns(kind), f"kind '{kid}'")
            out[kid] = table
            out.setdefault(kind.title, table)
        return out

    def _icons(self) -> Deckwide:
        icons = self.deck.icons
        letters = self.deck.extra.get("icon_letters") or {}
        return Deckwide(_digest(sorted(icons), sorted(letters.items())), icons=icons, letters=letters)


def facts(deck, values_of) -> Facts:
    """The deck's Facts, made once a deck (its memo; a translation has its own)."""
    memo = deck.memo_of("deck facts")
    made = memo.get("facts")
    if made is None:
        made = Facts(deck, values_of)
        if deck.memo is not None:
            memo["facts"] = made
    return made


def columns(kind) -> tuple:
    """What lookup() may read of a kind's cards: the values every card has and the kind's fields."""
    return tuple(dict.fromkeys(("name", "kind", "copies", "number", *kind.fields)))


def sheets(deck) -> dict:
    """{sheet name: Table} of the sheets of the workbooks (and the CSV files) the deck's cards come from: lookup()'s
    tables besides its kinds."""
    out: dict = {}
    for name, path in _files(deck):
        for sheet, table in _sheets(name, path).items():
            out.setdefault(sheet, table)
    return out


def _files(deck) -> list:
    folder = deck.folder
    if folder is None:
        return []
    return [(f, Path(folder) / f) for f in deck.extra.get("sheets", ())]


def _sheets(name: str, path: Path) -> dict:
    """{sheet name: Table} of a spreadsheet file the cards come from (a CSV file's: its stem), its first row the
    columns' names, its first column the key; a file that cannot be read has none (its own source names why)."""
    from ..deck.spreadsheets.readers import read_csv, read_workbook, sheet_names  # lazy: +20 ms to import (benchmarks/imports.py)
    out = {}
    try:
        if path.suffix.lower() == ".csv":
            found = {path.stem: read_csv(path, name)}
        else:
            found = {s: read_workbook(path, name, s, Map(), 0)[1] for s in sheet_names(path, name)}
    except (PnpError, OSError):
        return {}
    for sheet, rows in found.items():
        rows = [cells for _, cells in rows if any(str(c).strip() for c in cells if c is not None)]
        if not rows:
            continue
        head = [str(c).strip() if c is not None else "" for c in rows[0]]
        body = [{h: _cell(v) for h, v in zip(head, cells) if h} for cells in rows[1:]]
        columns = tuple(h for h in head if h)
        if columns:
            out[sheet] = Table(sheet, body, columns[:1], columns, f"sheet '{sheet}' of {name}")
    return out


def _cell(v):
    """A cell as an expression reads it: a spreadsheet's 3.0 is 3."""
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return "" if v is None else v
