"""Reading spreadsheet files into rows of cells, for source.py: CSV with the csv module, .xlsx and .ods with
python-calamine. A workbook is measured before calamine reads a sheet (calamine makes a dense table of the
sheet's extent): the zip's declared sizes and checksums, and the extent of the cells that hold values, so a
file of a million rows, or two cells a million rows apart, is refused before anything big is allocated. Error
cells, formulas with no stored value and merged cells are marked (Marks) for source.py to name, never read as
empty; a CSV file is read strictly (a quote left open is an error where it opened).
Not here: what the cells mean (source.py reads the header and the rows, cells.py the values).
"""
from __future__ import annotations

import re
from pathlib import Path

from ...errors import PnpError, known_list, suggest
from ...files.yamlfile import Map
from ..values import need_text
import csv
import io
from python_calamine import CalamineError, CalamineWorkbook

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


class Marks:
    """What measuring a workbook's sheet found in its cells, for source.py to report once it knows the
    columns' headers: error cells ((row, column, '#DIV/0!')), formulas with no stored value ((row, column)) and
    merged ranges ((first row, first column, last row, last column))."""

    def __init__(self):
        self.errors: list = []
        self.formulas: list = []
        self.merged: list = []

    def cells(self) -> set:
        """(row, column) of every cell whose value cannot be read."""
        return {(r, c) for r, c, *_ in self.errors} | set(self.formulas)


def read_csv(path: Path, display: str):
    """[(line, [cell text])]: each row with the line it starts on. UTF-8 (a BOM is allowed); the delimiter
    is the header line's most frequent of , ; and tab. Read strictly: a quote left open (which would swallow
    the rows after it into one cell), or text after a cell's closing quote, is an error at the line where the
    quote opened, naming the column."""
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
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
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
        raise _quote_error(text, last + 1, delimiter, rows, display) or \
            PnpError(f"not a readable CSV file: {exc}", display, last + 1)
    return rows


def _quote_error(text: str, start: int, delimiter: str, rows: list, display: str) -> CellError | None:
    """Where the row starting on line `start` goes wrong: a quoted cell never closed, or closed with text
    after it. The error names the line the quote opened on and the cell's column (its header, once the
    header row is read)."""
    lines = text.splitlines(keepends=True)
    at = sum(len(s) for s in lines[:start - 1])
    cell, opened, i = 0, None, at
    while i < len(text):
        ch = text[i]
        if opened is None:
            if ch == '"' and (i == at or text[i - 1] in (delimiter, "\n", "\r")):
                opened = i
            elif ch == delimiter:
                cell += 1
            elif ch in "\r\n":
                return None                     # the row ends with no quote at fault
        elif ch == '"':
            if text[i + 1:i + 2] == '"':
                i += 1                          # a quote written twice: a quote inside the cell
            elif i + 1 >= len(text) or text[i + 1] in (delimiter, "\r", "\n"):
                opened = None                   # the cell is closed where it ends
            else:
                return _quoted(text, opened, i, cell, rows, display)
        i += 1
    return _quoted(text, opened, None, cell, rows, display) if opened is not None else None


def _quoted(text, opened: int, closed: int | None, cell: int, rows: list, display: str) -> CellError:
    line = text.count("\n", 0, opened) + 1
    header = next((cells for _, cells in rows if any(c.strip() for c in cells)), None)
    head = header[cell].strip() if header is not None and cell < len(header) and header[cell].strip() else None
    fix = 'a quote inside a cell is written twice: ""'
    if closed is None:
        message = ("a quote opened on this line is never closed: the cell runs on to the end of the file, "
                   "taking every row after it in")
        hint = f"close the quote where the cell ends; {fix}"
    else:
        end = text.count("\n", 0, closed) + 1
        after = text[closed + 1:].split("\n", 1)[0][:30]
        if end == line:
            message = f"text follows the closing quote of a quoted cell ('{after}')"
            hint = f"a cell that starts with a quote ends with one; {fix}"
        else:
            message = (f"a quote opened on this line closes on line {end}, with text after it ('{after}'): the rows "
                       "between are taken into this cell")
            hint = f"close the quote where the cell ends; {fix}"
    return CellError(message, display, None, line, cell + 1 if head else None, head, hint)


def _open_zip(path: Path, display: str):
    """An .xlsx or .ods file's zip archive, its sizes checked against the limits and its contents against
    their checksums (so a part cannot unpack to more than it declares)."""
    import zipfile  # lazy: +42 ms to import (benchmarks/imports.py)
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
    import xml.etree.ElementTree as ET  # lazy: +28 ms to import (benchmarks/imports.py)
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


def _measure_xlsx(z, part: str, table: Table, marks: Marks) -> tuple[int, int]:
    """The extent (rows, columns) of the cells of a worksheet that hold values, refused past the limits;
    error cells, formulas with no stored value and merged ranges are noted in `marks`."""
    import xml.etree.ElementTree as ET  # lazy: +28 ms to import (benchmarks/imports.py)
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
                        marks.errors.append((row_no, col_no, value.text if value is not None else ""))
                    elif "f" in kids and not has_value and el.get("t") not in ("str", "inlineStr"):
                        marks.formulas.append((row_no, col_no))
                    el.clear()
                elif tag == "row":
                    el.clear()
                elif tag == "mergeCell":
                    m = re.match(r"^([A-Z]{1,3})(\d+):([A-Z]{1,3})(\d+)$", el.get("ref") or "")
                    if m:
                        marks.merged.append((int(m.group(2)), _column_number(m.group(1)),
                                             int(m.group(4)), _column_number(m.group(3))))
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


def _measure_ods(z, sheet: str, table: Table, marks: Marks) -> tuple[int, int]:
    """As _measure_xlsx, for the table named `sheet` in an .ods file's content.xml (rows and cells there
    may repeat: number-rows-repeated, number-columns-repeated)."""
    import xml.etree.ElementTree as ET  # lazy: +28 ms to import (benchmarks/imports.py)
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
                            marks.errors.append((row_no + 1, col_no + 1, "".join(el.itertext())))
                    if el.get(t + "formula") is not None and kind is None:
                        marks.formulas.append((row_no + 1, col_no + 1))
                    down = int(el.get(t + "number-rows-spanned") or 1)
                    across = int(el.get(t + "number-columns-spanned") or 1)
                    if down > 1 or across > 1:
                        marks.merged.append((row_no + 1, col_no + 1, row_no + down, col_no + across))
                    col_no += repeat
    except ET.ParseError as exc:
        raise PnpError(f"the file is damaged (content.xml: {exc})", table.display)
    except ValueError:
        raise PnpError("the file is damaged (a repeat count that is not a number)", table.display)
    return rows, cols


def sheet_names(path: Path, display: str) -> list:
    """The names of a workbook's sheets, in its order (a source with skip_sheets: reads every one it keeps); the
    file measured first, as read_workbook measures it."""
    _open_zip(path, display).close()
    try:
        book = CalamineWorkbook.from_path(str(path))
    except CalamineError as exc:
        raise PnpError(f"not a readable {path.suffix.lower()} file: {' '.join(str(exc).split())[:200]}", display)
    try:
        return list(book.sheet_names)
    finally:
        book.close()


def read_workbook(path: Path, display: str, sheet, entry: Map, index: int):
    """(sheet name, [(row, [cell])], Marks) of an .xlsx or .ods file's sheet (the first, unless `sheet` names
    one), read by python-calamine after the file is measured."""
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
        marks = Marks()
        if ods:
            _measure_ods(z, name, table, marks)
        else:
            _measure_xlsx(z, _xlsx_part(z, name, display), table, marks)
        try:
            data = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
        except CalamineError as exc:
            raise PnpError(f"sheet '{name}' cannot be read: {' '.join(str(exc).split())[:200]}", display)
        finally:
            book.close()
    finally:
        z.close()
    return name, [(i, r) for i, r in enumerate(data, 1)], marks
