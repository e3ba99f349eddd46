"""Cards from spreadsheets: .csv, .xlsx and .ods files in the deck folder, read as the YAML cards are.

deck.yaml names a source where a card could stand, in print order:

    cards: {file: cards.csv}                      # every card from one file
    cards:
      - {file: cards.xlsx, sheet: Metals, kind: metal}   # one sheet, its rows all metal cards
      - {file: cards.xlsx, sheet: Acids, kind: acid}
      - {kind: rule, title: Turn order, text: ...}      # YAML cards mix with sources

A sheet's first non-blank row names the columns: card settings (kind, name, part, copies, template, back,
new_sheet, inferred), the fields of its kinds, `FIELD.inferred` (why a value was inferred), `back.template`
and `back.FIELD` (a back of its own) and `correction.seed`, `correction.printed`, `correction.note`. Each
further row is one distinct card; blank rows are skipped; an empty cell is the field's default. A source's
`kind`, `part`, `template` and `back` apply to its rows that leave that column empty.

Each row becomes a Row: a yamlfile.Map holding what a YAML card holds, its values typed by the kind's field
declarations (a CSV's "3" is 3 in a whole-number field; a spreadsheet's 3.0 is 3), whose error() names the
cell ("cards.xlsx, sheet Metals, cell C7 (value): ..."; for a CSV "cards.csv:7 (value): ..."). load.py then
checks Rows as it checks YAML cards (sections/cards.py); every bad cell is first collected here
(errors.Collector), so one run names them all.

Here: finding the sources among the cards and putting their rows in their place (expand), and the rows'
corrections (corrections_of). The rest of the package:

    columns.py   the columns a sheet may have, and the keys of a source's entry in deck.yaml
    source.py    one source: its entry checked, its file found, its header and each row read into a Row
    cells.py     a cell as text or as the number its field wants
    readers.py   the files: CSV with the csv module, .xlsx and .ods with python-calamine once measured

Not here: checking a Row as a card (sections/cards.py), writing cards as a table (deck/table.py).
"""
from __future__ import annotations

from ...errors import Collector, PnpError, PnpErrors
from ...files.yamlfile import Map, Seq


def is_source(entry, kinds) -> bool:
    """A cards entry naming a spreadsheet: it has `file` (unless its kind has a field of that name)."""
    if not isinstance(entry, Map) or "file" not in entry:
        return False
    kind = kinds.get(entry.get("kind")) if isinstance(entry.get("kind"), str) else None
    return kind is None or "file" not in kind.fields


def expand(value, loader, kinds, parts, backs, default_part):
    """The deck's `cards:` with each source replaced by its rows, in order (a Seq), or `value` itself when
    it names no source. Every bad cell is noted in the loader (reading.py), and its row left out: the other
    rows are read as cards and laid out, so that a later row's mistakes (an unknown icon, an unclosed **) are
    found in the same run. A mistake in a source itself, or its header, is noted as one beyond single cards."""
    if isinstance(value, Map) and "file" in value:
        seq = Seq([value])
        seq.file, seq.line, seq.column, seq._pos = value.file, value.line, value.column, [value.where()]
        value = seq
    if not isinstance(value, Seq) or not any(is_source(m, kinds) for m in value):
        return value
    from .source import SheetSource  # lazy: +62 ms to import (benchmarks/imports.py)
    out = Seq()
    out.file, out.line, out.column, out._pos = value.file, value.line, value.column, []
    found_ = Collector()
    wide = False                    # a mistake beyond a row's cells (the file, the sheet, the header)
    named: dict = {}                # (file, sheet) -> the line that first names it as a source
    for i, entry in enumerate(value):
        if not is_source(entry, kinds):
            out.append(entry)
            out._pos.append(value.where(i))
            continue
        source = None
        try:
            twice(entry, named)
            source = SheetSource(entry, loader, kinds, parts, backs, default_part, found_, i)
            rows = source.rows()
            if source.bad_header or source.header_mistake:
                wide = True
                rows = []           # its cells are checked; its rows would repeat the header's mistake as cards
        except PnpError as exc:
            if isinstance(exc, PnpErrors) and found_.full:
                raise
            wide = True
            found_.add(exc)
            if found_.full:
                found_.done()
            continue
        for row in rows:
            out.append(row)
            out._pos.append((row.line, 0))
    loader.card_mistakes += len(found_.errors)          # (so that no row left is not "the deck has no cards")
    for exc in found_.errors:
        loader.note(exc, wide)
    return out


def sheets_of(value) -> tuple:
    """The spreadsheet files the deck's `cards:` names, as written, once each, in order: the tables a template's
    lookup() may read besides the kinds (each sheet of a workbook by its name, a CSV file by its stem; read only
    when a lookup() names one: layout/deck.py)."""
    entries = [value] if isinstance(value, Map) else list(value) if isinstance(value, Seq) else []
    files = [e["file"].strip() for e in entries if isinstance(e, Map) and isinstance(e.get("file"), str)]
    return tuple(dict.fromkeys(files))


def twice(entry, named: dict) -> None:
    """A file (and sheet) named a second time as a source of cards: its rows would all be printed twice."""
    file, sheet = entry.get("file"), entry.get("sheet")
    if not isinstance(file, str) or not isinstance(sheet, (str, type(None))):
        return                      # (the source's own check names what is wrong with it)
    key = (file.strip().replace("\\", "/").removeprefix("./"), sheet)
    if key in named:
        raise entry.error("file", f"{file}{f', sheet {sheet},' if sheet else ''} is named a second time as a source "
                          f"of cards (first at line {named[key]}): its rows would be printed twice", field="file",
                          hint="a card printed more than once takes a copies column")
    named[key] = entry.where("file")[0]


def corrections_of(declared, seq, cards) -> dict:
    """{"corrections": ...} when rows give corrections (correction.seed / printed / note columns), each
    about its row's card, after those of deck.yaml's `corrections:`; else {}."""
    extra = []
    if isinstance(seq, Seq):
        for m, card in zip(seq, cards):
            for c in getattr(m, "corrections", ()):
                c["about"] = f"card '{card.name}'"
                extra.append(c)
    if not extra or (declared is not None and not isinstance(declared, Seq)):
        return {}
    out = Seq(list(declared or ()) + extra)
    base = declared if declared is not None else seq
    out.file, out.line, out.column = base.file, base.line, base.column
    out._pos = list(getattr(declared, "_pos", [])) + [(c.line, 0) for c in extra]
    return {"corrections": out}

