"""Reading spreadsheet files into rows of cells, for source.py: CSV with the csv module, .xlsx and .ods with
python-calamine. A workbook is measured before calamine reads a sheet (calamine makes a dense table of the
sheet's extent): the zip's declared sizes and checksums, and the extent of the cells that hold values, so a
file of a million rows, or two cells a million rows apart, is refused before anything big is allocated. Error
cells and formulas with no stored value are named, not read as empty.
Not here: what the cells mean (source.py reads the header and the rows, cells.py the values).
"""
from __future__ import annotations

import re
from pathlib import Path

from ...errors import PnpError, PnpErrors, known_list, suggest
from ...yamlfile import Map
from ..values import need_text

MAX_BYTES = 20_000_000          # a spreadsheet file
MAX_UNZIPPED = 200_000_000      # what an .xlsx or .ods holds, unpacked
MAX_ROWS = 50_000
MAX_COLUMNS = 1_000
MAX_CELLS = 2_000_000           # rows x columns of a sheet's extent


def column_letter(n: int) -> str:
    """1 -> A, 27 -> AA."""
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


class CellError(PnpError):
    """A mistake in a spreadsheet, said in its own terms: file, sheet, cell (or CSV line) and column header."""

    def __init__(self, message, file, sheet, row, column=None, header=None, hint=None, sheet_index=0):
        super().__init__(message, file, row, column, header, hint)
        self.sheet, self.header, self.sheet_index = sheet, header, sheet_index

    def __str__(self) -> str:
        if self.sheet is None:
            where = f"{self.file}:{self.line}" if self.line else self.file
        elif self.column:
            where = f"{self.file}, sheet {self.sheet}, cell {column_letter(self.column)}{self.line}"
        else:
            where = f"{self.file}, sheet {self.sheet}" + (f", row {self.line}" if self.line else "")
        head = f" ({self.header})" if self.header and self.column else ""
        hint = f" ({self.hint})" if self.hint else ""
        return " ".join(f"{where}{head}: {self.message}{hint}".split())


class Table:
    """One sheet, or one CSV file, being read: where its errors point."""

    def __init__(self, display: str, sheet: str | None, index: int):
        self.display, self.sheet, self.index = display, sheet, index
        self.file = display if sheet is None else f"{display}, sheet {sheet}"     # a card's Source.file

    def error(self, row, column, header, message, hint=None) -> CellError:
        return CellError(message, self.display, self.sheet, row, column, header, hint, self.index)


def read_csv(path: Path, display: str):
    """[(line, [cell text])]: each row with the line it starts on. UTF-8 (a BOM is allowed); the delimiter
    is the header line's most frequent of , ; and tab."""
    import csv
    import io
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise PnpError(f"not UTF-8 text (byte {exc.start} is 0x{raw[exc.start]:02x}); a CSV file must be saved "
                       "as UTF-8", display, line,
                       hint="in Excel: Save As 'CSV UTF-8'; in LibreOffice: character set 'Unicode (UTF-8)'")
    first = text.lstrip("\r\n").split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows, last = [], 0
    try:
        for cells in reader:
            start, last = last + 1, reader.line_num
            if len(rows) >= MAX_ROWS:
                raise PnpError(f"more than {MAX_ROWS} rows; the limit for a spreadsheet is {MAX_ROWS}",
                               display, start)
            if len(cells) > MAX_COLUMNS:
                raise PnpError(f"{len(cells)} columns; the limit is {MAX_COLUMNS}", display, start)
            rows.append((start, cells))
    except csv.Error as exc:
        raise PnpError(f"not a readable CSV file: {exc}", display, reader.line_num)
    return rows


def _open_zip(path: Path, display: str):
    """An .xlsx or .ods file's zip archive, its sizes checked against the limits and its contents against
    their checksums (so a part cannot unpack to more than it declares)."""
    import zipfile
    kind = path.suffix.lower()
    try:
        z = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise PnpError(f"not an {kind} file: it is not a zip archive, as every {kind} file is", display,
                       hint=f"save it again as {kind} from your spreadsheet program")
    except OSError as exc:
        raise PnpError(f"cannot read file: {exc.strerror or exc}", display)
    total = sum(i.file_size for i in z.infolist())
    if total > MAX_UNZIPPED:
        z.close()
        raise PnpError(f"the file unpacks to {total} bytes; the limit for a spreadsheet is {MAX_UNZIPPED}", display)
    try:
        bad = z.testzip()
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError) as exc:
        bad = str(exc)
    if bad is not None:
        z.close()
        raise PnpError(f"the file is damaged ({bad} does not unpack)", display)
    return z


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _xml(z, name: str, display: str):
    import xml.etree.ElementTree as ET
    try:
        return ET.fromstring(z.read(name))
    except KeyError:
        raise PnpError(f"the file has no {name}: it is not a spreadsheet pnp can read", display)
    except ET.ParseError as exc:
        raise PnpError(f"the file is damaged ({name}: {exc})", display)


def _xlsx_part(z, sheet: str, display: str) -> str:
    """The zip member that holds the sheet named `sheet` (workbook.xml names it, its relations locate it)."""
    book = _xml(z, "xl/workbook.xml", display)
    rid = next((s.get(k) for s in book.iter() if _local(s.tag) == "sheet" and s.get("name") == sheet
                for k in s.keys() if _local(k) == "id"), None)
    rels = _xml(z, "xl/_rels/workbook.xml.rels", display)
    target = next((r.get("Target") for r in rels.iter() if r.get("Id") == rid), None)
    if target is None:
        raise PnpError(f"the file does not locate sheet '{sheet}'", display)
    return target.lstrip("/") if target.startswith("/") else "xl/" + target


def _measure_xlsx(z, part: str, table: Table, found_: list) -> tuple[int, int]:
    """The extent (rows, columns) of the cells of a worksheet that hold values, refused past the limits;
    error cells and formulas with no stored value are noted in `found_`."""
    import xml.etree.ElementTree as ET
    rows = cols = 0
    row_no = col_no = 0
    try:
        with z.open(part) as f:
            for event, el in ET.iterparse(f, events=("start", "end")):
                tag = _local(el.tag)
                if event == "start":
                    if tag == "row":
                        row_no = int(el.get("r") or row_no + 1)
                        col_no = 0
                    continue
                if tag == "c":
                    ref = el.get("r")
                    if ref:
                        m = re.match(r"^([A-Z]{1,3})(\d+)$", ref)
                        if m:
                            col_no = _column_number(m.group(1))
                            row_no = int(m.group(2))
                    else:
                        col_no += 1
                    kids = {_local(k.tag): k for k in el}
                    value = kids.get("v")
                    has_value = (value is not None and (value.text or "") != "") or "is" in kids
                    if has_value or "f" in kids:
                        rows, cols = max(rows, row_no), max(cols, col_no)
                        _limits(rows, cols, table)
                    if el.get("t") == "e":
                        found_.append(table.error(row_no, col_no, None, f"the cell holds the error "
                                                  f"{value.text if value is not None else ''}"))
                    elif "f" in kids and not has_value and el.get("t") not in ("str", "inlineStr"):
                        found_.append(table.error(row_no, col_no, None, "the cell holds a formula whose value "
                                                  "is not stored in the file", hint="open the file in your "
                                                  "spreadsheet program and save it, so that it stores the values"))
                    el.clear()
                elif tag == "row":
                    el.clear()
    except ET.ParseError as exc:
        raise PnpError(f"the file is damaged ({part}: {exc})", table.display)
    return rows, cols


def _column_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _limits(rows: int, cols: int, table: Table) -> None:
    if rows > MAX_ROWS:
        raise table.error(None, None, None, f"the sheet has values in row {rows}; the limit for a spreadsheet "
                          f"is {MAX_ROWS} rows")
    if cols > MAX_COLUMNS:
        raise table.error(None, None, None, f"the sheet has values in column {column_letter(cols)}; the limit "
                          f"is {MAX_COLUMNS} columns")
    if rows * cols > MAX_CELLS:
        raise table.error(None, None, None, f"the sheet spans {rows} rows and {cols} columns; the limit is "
                          f"{MAX_CELLS} cells")


_ODS = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
        "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
        "calcext": "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"}


def _measure_ods(z, sheet: str, table: Table, found_: list) -> tuple[int, int]:
    """As _measure_xlsx, for the table named `sheet` in an .ods file's content.xml (rows and cells there
    may repeat: number-rows-repeated, number-columns-repeated)."""
    import xml.etree.ElementTree as ET
    t, o, x = "{%s}" % _ODS["table"], "{%s}" % _ODS["office"], "{%s}" % _ODS["calcext"]
    inside = False
    rows = cols = 0
    row_no = col_no = 0
    row_has = False
    try:
        with z.open("content.xml") as f:
            for event, el in ET.iterparse(f, events=("start", "end")):
                tag = el.tag
                if tag == t + "table":
                    if event == "start":
                        inside = el.get(t + "name") == sheet
                        row_no = 0
                    else:
                        if inside:
                            break
                        el.clear()
                    continue
                if not inside:
                    continue
                if tag == t + "table-row":
                    if event == "start":
                        col_no, row_has = 0, False
                    else:
                        repeat = int(el.get(t + "number-rows-repeated") or 1)
                        if row_has:
                            rows = max(rows, row_no + repeat)
                            _limits(rows, cols, table)
                        row_no += repeat
                        el.clear()
                elif tag in (t + "table-cell", t + "covered-table-cell") and event == "end":
                    repeat = int(el.get(t + "number-columns-repeated") or 1)
                    kind = el.get(o + "value-type")
                    filled = kind is not None or len(el) > 0
                    if filled:
                        row_has = True
                        cols = max(cols, col_no + repeat)
                        _limits(row_no + 1, cols, table)
                        if el.get(x + "value-type") == "error":
                            text = "".join(el.itertext())
                            found_.append(table.error(row_no + 1, col_no + 1, None, f"the cell holds the error {text}"))
                    if el.get(t + "formula") is not None and kind is None:
                        found_.append(table.error(row_no + 1, col_no + 1, None, "the cell holds a formula whose "
                                                  "value is not stored in the file", hint="open the file in your "
                                                  "spreadsheet program and save it, so that it stores the values"))
                    col_no += repeat
    except ET.ParseError as exc:
        raise PnpError(f"the file is damaged (content.xml: {exc})", table.display)
    except ValueError:
        raise PnpError("the file is damaged (a repeat count that is not a number)", table.display)
    return rows, cols


def read_workbook(path: Path, display: str, sheet, entry: Map, index: int):
    """(sheet name, [(row, [cell])]) of an .xlsx or .ods file's sheet (the first, unless `sheet` names one),
    read by python-calamine after the file is measured."""
    ods = path.suffix.lower() == ".ods"
    z = _open_zip(path, display)
    try:
        if ods and "content.xml" not in z.namelist():
            raise PnpError("the file has no content.xml: it is not an .ods spreadsheet", display)
        from python_calamine import CalamineError, CalamineWorkbook
        try:
            book = CalamineWorkbook.from_path(str(path))
        except CalamineError as exc:
            raise PnpError(f"not a readable {path.suffix.lower()} file: {' '.join(str(exc).split())[:200]}", display)
        names = list(book.sheet_names)
        if sheet is None:
            if not names:
                raise PnpError("the file has no sheets", display)
            name = names[0]
        else:
            name = need_text(sheet, entry, "sheet", "sheet", limit=200)
            if name not in names:
                raise entry.error("sheet", f"no sheet '{name}' in {display}", field="sheet",
                                  hint=suggest(name, names) or known_list(names))
        table = Table(display, name, index)
        problems: list = []
        if ods:
            _measure_ods(z, name, table, problems)
        else:
            _measure_xlsx(z, _xlsx_part(z, name, display), table, problems)
        if problems:
            raise PnpErrors(problems)
        try:
            data = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
        except CalamineError as exc:
            raise PnpError(f"sheet '{name}' cannot be read: {' '.join(str(exc).split())[:200]}", display)
        finally:
            book.close()
    finally:
        z.close()
    return name, [(i, r) for i, r in enumerate(data, 1)]
