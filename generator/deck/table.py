"""A deck's cards as a table (pnp cards): one row for each distinct card, a column for each field and card
setting a card uses, which, named as the deck's source (`cards: {file: cards.xlsx}`), builds the same cards.

A value equal to its field's default is left empty (an empty cell is the default); notes on inferred
values, inline backs and row corrections get the columns sheets/ reads (FIELD.inferred, back.template,
back.FIELD, correction.seed ...). CSV is written with the csv module, XLSX with openpyxl, both the same
bytes for the same deck. Not here: reading such a table back (sheets/).
"""
from __future__ import annotations

import io

from ..errors import PnpError
from ..files.yamlfile import Map
from .spreadsheets.columns import NOTE
import csv
import datetime

FIXED_TIME = (2000, 1, 1, 0, 0, 0)      # zip members and document properties: the same bytes each run


def table(deck, raw) -> tuple[list[str], list[dict]]:
    """(headers, rows) for the deck's cards, the parked ones (copies: 0) among them; `raw` holds what each card
    was read from (the loader's raw_cards: YAML mappings or sheet rows), in the cards' order. Cards read from a
    sheet keep its headers as its designer wrote them (a column read through `columns:` under its own header,
    QTY for copies) and its order, and the cells of the columns it `ignore:`s (Notes)."""
    rows = []
    cards = sorted([*deck.cards, *deck.extra.get("parked", ())], key=lambda c: c.index)
    for m, card in zip(raw, cards):
        kind = deck.kinds[card.kind]
        row: dict = {"kind": card.kind}
        if "name" in m:
            row["name"] = card.name
        for fname, spec in kind.fields.items():
            value = card.fields.get(fname)
            given = m.get(fname)
            note = given.get("inferred") if isinstance(given, Map) and "inferred" in given else None
            if note is not None:
                row[fname + NOTE] = str(note)
            if value is None:
                continue
            if value == "" and spec.default not in (None, ""):
                raise PnpError(f"card '{card.name}': field {fname} is empty where its default is "
                               f"'{spec.default}'; in a table an empty cell is the default", str(card.source),
                               field=fname)
            if note is None and value == spec.default and type(value) is type(spec.default):
                continue                # an empty cell is the default
            row[fname] = value
        for lang, said in card.translations.items():        # title:fr, text:ja ... (deck/languages.py)
            for fname, value in said.items():
                row[f"{fname}:{lang}"] = value
        if card.copies != 1:
            row["copies"] = card.copies
        for key in ("part", "template"):
            if key in m:
                row[key] = getattr(card, key)
        if "back" in m:
            back = m["back"]
            if isinstance(back, Map):
                row["back.template"] = card.back.template
                if "inferred" in back:
                    row["back.inferred"] = str(back["inferred"])
                given = back.get("fields") or {}
                for fname, value in card.back.fields:
                    inner = given.get(fname)
                    if isinstance(inner, Map) and "inferred" in inner:
                        row[f"back.{fname}{NOTE}"] = str(inner["inferred"])
                    if value is not None:
                        row[f"back.{fname}"] = value
            else:
                row["back"] = card.back.name or "none"
        if card.new_sheet:
            row["new_sheet"] = "true"
        if "inferred" in m:
            row["inferred"] = str(m["inferred"])
        for c in getattr(m, "corrections", ()):
            for k in ("seed", "printed", "note"):
                if k in c:
                    row[f"correction.{k}"] = c[k]
        row.update(getattr(m, "ignored", {}))
        rows.append(row)
    return _as_written(_headers(deck, rows), rows, [getattr(m, "layout", ()) for m in raw])


def _as_written(headers: list, rows: list, layouts: list) -> tuple[list[str], list[dict]]:
    """The headers and rows with each column a sheet reads under another header (`columns: {QTY: copies}`)
    named as the sheet names it, the sheets' columns first, in their order (its ignored ones among them)."""
    written, order = {}, []
    for layout in layouts:
        for _, head, read_as in layout:
            if read_as is not None and read_as != head:
                written.setdefault(read_as, head)
            order.append(head if read_as is None else written.get(read_as, read_as))
    if not order:
        return headers, rows
    named = [written.get(h, h) for h in headers]
    ignored = {h for layout in layouts for _, h, read_as in layout if read_as is None}
    present = set(named) | {h for r in rows for h in r if h in ignored}
    out = [h for h in dict.fromkeys(order) if h in present] + [h for h in named if h not in order]
    return out, [{written.get(k, k): v for k, v in r.items()} for r in rows]


def _headers(deck, rows) -> list[str]:
    used = {k for r in rows for k in r}
    order = ["kind"] if len(deck.kinds) > 1 else []
    langs = list(deck.languages)[1:]
    order += ["name"] + [f"name:{lang}" for lang in langs]
    for kind in deck.kinds.values():
        for fname in kind.fields:
            for h in (fname, fname + NOTE, *(f"{fname}:{lang}" for lang in langs)):
                if h not in order:
                    order.append(h)
    order += ["copies", "part", "template", "back", "back.template", "back.inferred"]
    order += sorted(h for h in used if h.startswith("back.") and h not in order)
    order += ["new_sheet", "inferred", "correction.seed", "correction.printed", "correction.note"]
    return [h for h in order if h in used]


def _text(value) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def csv_bytes(headers, rows) -> bytes:
    """UTF-8, with a byte-order mark when a cell holds a character beyond ASCII (Excel then reads it as
    UTF-8 rather than its local code page)."""
    out = io.StringIO(newline="")
    w = csv.writer(out, lineterminator="\n")
    w.writerow(headers)
    for r in rows:
        w.writerow(["" if r.get(h) is None else _text(r[h]) for h in headers])
    text = out.getvalue()
    return ("\ufeff" + text if not text.isascii() else text).encode("utf-8")


def xlsx_bytes(headers, rows, title: str = "Cards") -> bytes:
    """One sheet: the header row (bold, frozen), then a row per card. Text cells stay text (a value that
    starts with '=' is not a formula); whole numbers and numbers are numbers."""
    import zipfile  # lazy: +45 ms to import (benchmarks/imports.py)

    from openpyxl import Workbook  # lazy: +883 ms to import (benchmarks/imports.py)
    from openpyxl.styles import Font  # lazy: +792 ms to import (benchmarks/imports.py)
    wb = Workbook()
    ws = wb.active
    ws.title = title
    ws.append(headers)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.freeze_panes = "A2"
    for r in rows:
        ws.append([r.get(h) for h in headers])
        for cell in ws[ws.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"
    for col, h in enumerate(headers, 1):
        width = max([len(h)] + [min(60, len(_text(r[h]).split("\n")[0])) for r in rows if r.get(h) is not None])
        ws.column_dimensions[ws.cell(1, col).column_letter].width = width + 2
    when = datetime.datetime(*FIXED_TIME)
    wb.properties.created = wb.properties.modified = when
    wb.properties.creator = "pnp"
    raw = io.BytesIO()
    # as openpyxl's save_workbook, less its stamping the document with the time of writing
    from openpyxl.writer.excel import ExcelWriter  # lazy: +733 ms to import (benchmarks/imports.py)
    with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as archive:
        ExcelWriter(wb, archive).save()
    # the zip's members carry the time they were written: rewrite them with a fixed one
    out = io.BytesIO()
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(zipfile.ZipInfo(info.filename, FIXED_TIME), src.read(info.filename),
                         compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()
