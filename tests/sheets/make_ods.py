"""Writes tests/sheets/starter.ods: the starter game's cards (layouts/starter/cards.csv) as an OpenDocument
spreadsheet, so that tests read an .ods with python-calamine without LibreOffice on the machine.

It is made by hand, as the OpenDocument standard (ODF 1.2, part 3) lays a package out: a zip whose first
member is `mimetype`, stored uncompressed, then META-INF/manifest.xml and content.xml. Cells are typed as a
spreadsheet program types them: numbers as office:value-type="float" (so 3 is stored as a float, as
LibreOffice stores it), text as "string". The Crop sheet's `copies` of Wheat is a formula (=1+3) with its
computed value stored beside it, as LibreOffice saves one; blank rows and trailing repeated empty rows are
there as LibreOffice writes them. Run it again (python tests/sheets/make_ods.py) if the starter's cards change.
"""
from __future__ import annotations

import csv
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
      'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2"')
MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
            'manifest:version="1.2">'
            '<manifest:file-entry manifest:full-path="/" manifest:version="1.2" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
            '</manifest:manifest>')


def cell(value) -> str:
    if value is None or value == "":
        return "<table:table-cell/>"
    if isinstance(value, tuple):                    # (formula, computed value)
        formula, number = value
        return (f'<table:table-cell table:formula={quoteattr(formula)} office:value-type="float" '
                f'office:value="{number}"><text:p>{number}</text:p></table:table-cell>')
    if isinstance(value, (int, float)):
        return (f'<table:table-cell office:value-type="float" office:value="{value}">'
                f'<text:p>{value}</text:p></table:table-cell>')
    paras = "".join(f"<text:p>{escape(p)}</text:p>" for p in str(value).split("\n"))
    return f'<table:table-cell office:value-type="string">{paras}</table:table-cell>'


def table(name: str, rows) -> str:
    body = "".join("<table:table-row>" + "".join(cell(v) for v in row) + "</table:table-row>" for row in rows)
    tail = '<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
    return f"<table:table table:name={quoteattr(name)}>{body}{tail}</table:table>"


def ods(path: Path, sheets: dict) -> None:
    content = (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {NS}><office:body>'
               f'<office:spreadsheet>{"".join(table(n, r) for n, r in sheets.items())}</office:spreadsheet>'
               f'</office:body></office:document-content>')
    with zipfile.ZipFile(path, "w") as z:
        when = (2026, 1, 1, 0, 0, 0)                 # fixed, so that the file is the same bytes each time
        z.writestr(zipfile.ZipInfo("mimetype", when), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr(zipfile.ZipInfo("META-INF/manifest.xml", when), MANIFEST, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo("content.xml", when), content, compress_type=zipfile.ZIP_DEFLATED)


def main() -> None:
    with open(ROOT / "layouts" / "starter" / "cards.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, cards = rows[0], rows[1:]
    sheets = {}
    for kind in ("crop", "event"):
        out = [[h for h in header if h != "kind"]]
        for r in cards:
            if r[0] != kind:
                continue
            values = dict(zip(header, r))
            row = []
            for h in out[0]:
                v = values[h]
                if h == "copies" and values["title"] == "Wheat":
                    row.append(("of:=1+3", 4))
                elif h in ("value", "copies") and v.isdigit():
                    row.append(int(v))
                else:
                    row.append(v)
            out.append(row)
            out.append([]) if values["title"] == "Wheat" else None      # a blank row, skipped
        sheets[kind.capitalize()] = out
    ods(HERE / "starter.ods", sheets)


if __name__ == "__main__":
    main()
