"""Writes the workbooks of the broken decks (tests/broken/8?-*/cards.xlsx, cards.ods): each a spreadsheet as a
program or a script leaves it, with the one mistake its case is about. They are made by hand, part by part
(an .xlsx as Office Open XML lays it out, an .ods as tests/sheets/make_ods.py does), so that each holds exactly
what its case needs (an error cell with its cached #DIV/0!, a formula with no stored value, a merged range) and
is the same bytes each time. Run it again (python tests/broken/make_workbooks.py) after changing a case;
tests/test_errors.py checks that the files are what it makes.
"""
from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

HERE = Path(__file__).resolve().parent
WHEN = (2026, 1, 1, 0, 0, 0)            # fixed, so that a file is the same bytes each time
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _column(n: int) -> str:
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _cell(ref: str, v) -> str:
    """A cell: text (inline), a number, ('error', formula, '#DIV/0!') as saved, or ('formula', text) with no
    stored value, as openpyxl writes one."""
    if v is None:
        return ""
    if isinstance(v, tuple) and v[0] == "error":
        return f'<c r="{ref}" t="e"><f>{escape(v[1])}</f><v>{escape(v[2])}</v></c>'
    if isinstance(v, tuple):
        return f'<c r="{ref}"><f>{escape(v[1])}</f><v /></c>'
    if isinstance(v, (int, float)):
        return f'<c r="{ref}" t="n"><v>{v}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(v)}</t></is></c>'


def _sheet(rows, merged=()) -> str:
    body = "".join(f'<row r="{i}">' + "".join(_cell(f"{_column(j)}{i}", v) for j, v in enumerate(r, 1)) + "</row>"
                   for i, r in enumerate(rows, 1))
    merges = (f'<mergeCells count="{len(merged)}">' + "".join(f'<mergeCell ref="{m}"/>' for m in merged)
              + "</mergeCells>") if merged else ""
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="{MAIN}"><sheetData>{body}</sheetData>{merges}</worksheet>'


def xlsx(path: Path, sheets: dict, merged: dict | None = None) -> None:
    names = list(sheets)
    numbers = range(1, len(names) + 1)
    parts = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/'
        'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/'
        'workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-'
                  'officedocument.spreadsheetml.worksheet+xml"/>' for i in numbers) + "</Types>",
        "_rels/.rels": f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="{RELS}"><Relationship Id="rId1" '
        f'Type="{DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<?xml version="1.0" encoding="UTF-8"?>\n<workbook xmlns="{MAIN}" xmlns:r="{DOC}"><sheets>'
        + "".join(f'<sheet name={quoteattr(n)} sheetId="{i}" r:id="rId{i}"/>' for i, n in zip(numbers, names))
        + "</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="{RELS}">'
        + "".join(f'<Relationship Id="rId{i}" Type="{DOC}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                  for i in numbers) + "</Relationships>",
    }
    for i, name in zip(numbers, names):
        parts[f"xl/worksheets/sheet{i}.xml"] = _sheet(sheets[name], (merged or {}).get(name, ()))
    with zipfile.ZipFile(path, "w") as z:
        for name, data in parts.items():
            z.writestr(zipfile.ZipInfo(name, WHEN), data, compress_type=zipfile.ZIP_DEFLATED)


ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.2"')
MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:'
            'xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:version="1.2" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry '
            'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')


def _ods_cell(v) -> str:
    """Text, a number, ('error', formula, '#DIV/0!') as LibreOffice saves one, ('down', n, text): text merged
    over n rows, or 'covered': a cell a merged range covers."""
    if v == "covered":
        return "<table:covered-table-cell/>"
    if isinstance(v, tuple) and v[0] == "error":
        return (f'<table:table-cell table:formula={quoteattr(v[1])} office:value-type="float" office:value="0" '
                f'calcext:value-type="error"><text:p>{escape(v[2])}</text:p></table:table-cell>')
    if isinstance(v, tuple):
        return (f'<table:table-cell office:value-type="string" table:number-rows-spanned="{v[1]}"><text:p>'
                f'{escape(v[2])}</text:p></table:table-cell>')
    if isinstance(v, (int, float)):
        return f'<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p></table:table-cell>'
    return f'<table:table-cell office:value-type="string"><text:p>{escape(v)}</text:p></table:table-cell>'


def ods(path: Path, name: str, rows) -> None:
    body = "".join("<table:table-row>" + "".join(_ods_cell(v) for v in r) + "</table:table-row>" for r in rows)
    content = (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {ODS_NS}><office:body>'
               f'<office:spreadsheet><table:table table:name={quoteattr(name)}>{body}</table:table>'
               f'</office:spreadsheet></office:body></office:document-content>')
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype", WHEN), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr(zipfile.ZipInfo("META-INF/manifest.xml", WHEN), MANIFEST, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo("content.xml", WHEN), content, compress_type=zipfile.ZIP_DEFLATED)


def make(root: Path = HERE) -> list[Path]:
    """Write every workbook under `root` (the corpus, or a copy of its folders); returns their paths."""
    made = {
        "80-xlsx-error-cell/cards.xlsx": lambda p: xlsx(p, {"Cards": [
            ["title", "value"], ["One", 1], ["Two", ("error", "1/0", "#DIV/0!")], ["Three", 3]]}),
        "81-xlsx-formulas-without-values/cards.xlsx": lambda p: xlsx(p, {"Cards": [
            ["title", "value"], ["One", 1], ["Two", ("formula", "B2+1")], ["Three", ("formula", "B3+1")]]}),
        "82-xlsx-empty-sheet/cards.xlsx": lambda p: xlsx(p, {"Cards": [["title", "value"], ["One", 1]], "Events": []}),
        "83-xlsx-merged-header/cards.xlsx": lambda p: xlsx(p, {"Cards": [
            ["title", None, "value"], ["One", "first", 1], ["Two", "second", 2]]}, {"Cards": ["A1:B1"]}),
        "84-ods-error-cell/cards.ods": lambda p: ods(p, "Cards", [
            ["title", "value"], ["One", 1], ["Two", ("error", "of:=1/0", "#DIV/0!")]]),
        "85-ods-merged-cells/cards.ods": lambda p: ods(p, "Cards", [
            ["kind", "title", "value"], [("down", 2, "plain"), "One", 1], ["covered", "Two", 2]]),
    }
    out = []
    for name, write in made.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path)
        out.append(path)
    return out


if __name__ == "__main__":
    for p in make():
        print(p.relative_to(HERE))
