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
checks Rows as it checks YAML cards; every bad cell is first collected here (errors.Collector), so one run
names them all.

The files themselves are read by readers.py: spreadsheets by python-calamine, once measured; CSV by the
csv module.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

from ..errors import Collector, PnpError, PnpErrors, found, known_list, suggest
from ..yamlfile import Map, Seq
from .readers import MAX_BYTES, CellError, Table, _csv, _workbook, column_letter  # noqa: F401 (CellError: API)

SUFFIXES = (".csv", ".xlsx", ".ods")
SOURCE_KEYS = ("file", "sheet", "kind", "part", "template", "back")
SETTINGS = ("kind", "part", "template", "back")        # a source's defaults for its rows
CARD_COLUMNS = ("kind", "name", "part", "copies", "template", "back", "new_sheet", "inferred")
CORRECTION = ("correction.seed", "correction.printed", "correction.note")
NOTE = ".inferred"
BACK = "back."
_BAD_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_INT = re.compile(r"^[+-]?\d+(?:\.0*)?$")
_NUMBER = re.compile(r"^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$")
_TRUE, _FALSE = ("true", "yes", "1"), ("false", "no", "0")


class Row(Map):
    """One row as a card (or a part of one: an inline back, an inferred value): its keys are where a YAML
    card's are, each remembering its cell; keys a source's settings supplied point at deck.yaml."""

    def __init__(self, table: Table, row: int):
        super().__init__()
        self.table, self.file, self.line, self.column = table, table.file, row, 0
        self._cells: dict = {}          # key -> (column, header)
        self._yaml: dict = {}           # key -> (Map, key) of a source's setting
        self.corrections: list = []     # Maps {seed, printed, note} given on this row

    def put(self, key, value, column, header):
        self[key] = value
        self._cells[key] = (column, header)

    def where(self, key=None) -> tuple[int, int]:
        cell = self._cells.get(key) if key is not None else None
        return (self.line, cell[0] if cell else 0)

    def error(self, key, message: str, field: str | None = None, hint: str | None = None) -> PnpError:
        if key in self._yaml:
            m, k = self._yaml[key]
            return m.error(k, message, field=field, hint=hint)
        column, header = self._cells.get(key, (None, None))
        return self.table.error(self.line, column, header, message, hint)


def is_source(entry, kinds) -> bool:
    """A cards entry naming a spreadsheet: it has `file` (unless its kind has a field of that name)."""
    if not isinstance(entry, Map) or "file" not in entry:
        return False
    kind = kinds.get(entry.get("kind")) if isinstance(entry.get("kind"), str) else None
    return kind is None or "file" not in kind.fields


def expand(value, loader, kinds, parts, backs, default_part):
    """The deck's `cards:` with each source replaced by its rows, in order (a Seq), or `value` itself when
    it names no source. Every bad cell is collected; PnpErrors if there were any."""
    if isinstance(value, Map) and "file" in value:
        seq = Seq([value])
        seq.file, seq.line, seq.column, seq._pos = value.file, value.line, value.column, [value.where()]
        value = seq
    if not isinstance(value, Seq) or not any(is_source(m, kinds) for m in value):
        return value
    out = Seq()
    out.file, out.line, out.column, out._pos = value.file, value.line, value.column, []
    found_ = Collector()
    for i, entry in enumerate(value):
        if not is_source(entry, kinds):
            out.append(entry)
            out._pos.append(value.where(i))
            continue
        try:
            rows = _Source(entry, loader, kinds, parts, backs, default_part, found_, i).rows()
        except PnpError as exc:
            if isinstance(exc, PnpErrors) and found_.full:
                raise
            found_.add(exc)
            if found_.full:
                found_.done()
            continue
        for row in rows:
            out.append(row)
            out._pos.append((row.line, 0))
    found_.done()
    return out


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


class _Source:
    def __init__(self, entry: Map, loader, kinds, parts, backs, default_part, found_: Collector, index: int):
        self.entry, self.loader, self.kinds, self.parts, self.backs = entry, loader, kinds, parts, backs
        self.found, self.index = found_, index
        self.default_part = default_part or next(iter(parts))
        self.bad_header = False

    def note(self, exc: PnpError) -> None:
        self.found.add(exc)
        if self.found.full:
            self.found.done()

    # -- the entry in deck.yaml ---------------------------------------------------------------------
    def settings(self) -> dict:
        from .load import _text, _unknown_keys
        e = self.entry
        _unknown_keys(e, SOURCE_KEYS, "a spreadsheet source")
        out = {}
        if "kind" in e:
            kind = _text(e["kind"], e, "kind", "kind")
            if kind not in self.kinds:
                raise e.error("kind", f"unknown kind '{kind}'", field="kind",
                              hint=suggest(kind, self.kinds) or known_list(self.kinds))
            out["kind"] = kind
        if "part" in e:
            part = _text(e["part"], e, "part", "part")
            if part not in self.parts:
                raise e.error("part", f"unknown part '{part}'", field="part",
                              hint=suggest(part, self.parts) or known_list(self.parts))
            out["part"] = part
        if "template" in e:
            out["template"] = self.loader.template_ref(e["template"], e, "template", "template")
        if "back" in e:
            back = e["back"]
            if not isinstance(back, str):
                raise e.error("back", f"expected the name of a back or 'none', found {found(back)}", field="back")
            self.loader.back_ref(back, e, "back", self.backs, "back")
            out["back"] = back
        return out

    def path(self) -> tuple[Path, str]:
        from ..paths import Refused, files_under, find_inside
        from .load import _display, _text
        e = self.entry
        name = _text(e["file"], e, "file", "file", limit=500)
        suffix = Path(name).suffix.lower()
        if suffix not in SUFFIXES:
            hint = "save it as .xlsx" if suffix in (".xls", ".xlsm", ".xlsb", ".numbers") else None
            raise e.error("file", f"'{name}' is not a .csv, .xlsx or .ods file", field="file", hint=hint)
        try:
            path = find_inside(name, [self.loader.folder], "spreadsheet")
        except Refused as exc:
            raise e.error("file", str(exc), field="file")
        if path is None:
            known = files_under(self.loader.folder, SUFFIXES)
            raise e.error("file", f"spreadsheet '{name}' not found in the deck folder", field="file",
                          hint=suggest(name, known) or (known_list(known) if known else None))
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise PnpError(f"file is {size} bytes; the limit for a spreadsheet is {MAX_BYTES}", _display(path))
        return path, _display(path)

    # -- the rows -------------------------------------------------------------------------------------
    def rows(self) -> list:
        settings = self.settings()
        path, display = self.path()
        sheet = self.entry.get("sheet")
        if path.suffix.lower() == ".csv":
            if sheet is not None:
                raise self.entry.error("sheet", "a CSV file has no sheets; name a sheet of an .xlsx or .ods file",
                                       field="sheet")
            table = Table(display, None, self.index)
            cells = _csv(path, display)
        else:
            name, cells = _workbook(path, display, sheet, self.entry, self.index)
            table = Table(display, name, self.index)
        header_row, columns, headed = None, [], set()
        out = []
        for number, values in cells:
            if not any(_filled(v) for v in values):
                continue                        # a blank row
            if header_row is None:
                header_row = number
                columns, headed = self.header(table, number, values, settings)
                continue
            row = self.row(table, number, values, columns, headed, settings)
            if row is not None:
                out.append(row)
        return out

    def header(self, table: Table, number: int, values, settings) -> tuple[list, set]:
        """[(column, header, kind of column, name)] of the header row, each header checked, and the
        columns that have a header (a cell under a header that names nothing is not noted twice)."""
        fields: dict = {}
        kinds = [self.kinds[settings["kind"]]] if "kind" in settings and "kind" not in [
            _text_cell(v).strip() for v in values] else list(self.kinds.values())
        for k in kinds:
            for f in k.fields:
                fields.setdefault(f, k)
        known = list(CARD_COLUMNS) + list(fields) + [f + NOTE for f in fields] + list(CORRECTION) + \
            ["back.template", "back.inferred"]
        out, seen, errors = [], {}, len(self.found.errors)
        self.bad_header = False
        for col, value in enumerate(values, 1):
            head = _text_cell(value).strip() if _filled(value) else ""
            if not head:
                continue
            seen.setdefault(head, col)
            try:
                if seen[head] != col:
                    raise table.error(number, col, head, f"column '{head}' is given twice "
                                      f"(first in column {column_letter(seen[head])})")
                if head in CARD_COLUMNS or head in fields or head in CORRECTION:
                    out.append((col, head, "plain", head))
                elif head.endswith(NOTE) and head[:-len(NOTE)] in fields:
                    out.append((col, head, "note", head[:-len(NOTE)]))
                elif head.startswith(BACK) and len(head) > len(BACK):
                    out.append((col, head, "back", head[len(BACK):]))
                else:
                    where = f"kind '{kinds[0].id}'" if len(kinds) == 1 else "any kind"
                    raise table.error(number, col, head, f"unknown column '{head}': no card setting or field "
                                      f"of {where} has that name", hint=suggest(head, known) or known_list(known))
            except PnpError as exc:
                self.note(exc)
        self.bad_header = len(self.found.errors) > errors   # then a field's values may be under a misspelt header
        if not out and not self.bad_header:
            raise table.error(number, None, None, "the first row must name the columns (kind, copies and "
                              "the fields)")
        return out, set(seen.values())

    def row(self, table: Table, number: int, values, columns, headed, settings) -> Row | None:
        row = Row(table, number)
        raw = {}
        for col, head, what, name in columns:
            v = values[col - 1] if col - 1 < len(values) else None
            if _filled(v):
                raw[head] = (col, what, name, v)
        for col, v in enumerate(values, 1):
            if _filled(v) and col not in headed:
                self.note(table.error(number, col, None, f"a value, {_shown(v)}, in a column with no header"))
                return None
        # the kind first: it types the other cells
        kind_id = None
        try:
            if "kind" in raw:
                col, _, _, v = raw["kind"]
                row.put("kind", _text_value(v, table, number, col, "kind").strip(), col, "kind")
                kind_id = row["kind"]
            elif "kind" in settings:
                kind_id = settings["kind"]
            elif len(self.kinds) == 1:
                kind_id = next(iter(self.kinds))
            if kind_id is not None and kind_id not in self.kinds:
                raise row.error("kind", f"unknown kind '{kind_id}'",
                                hint=suggest(kind_id, self.kinds) or known_list(self.kinds))
            if kind_id is None:
                raise table.error(number, None, None, "missing kind: give the row a kind column, or the "
                                  "source a kind (- {file: ..., kind: NAME})")
        except PnpError as exc:
            self.note(exc)
            return None
        kind = self.kinds[kind_id]
        for key in SETTINGS:
            if key not in raw and key in settings:
                row[key] = settings[key]
                row._yaml[key] = (self.entry, key)
        back: dict = {}
        notes: dict = {}
        failed = set()              # fields whose cell was bad: not also "missing"
        for head, (col, what, name, v) in raw.items():
            try:
                if what == "plain" and head in CORRECTION:
                    notes.setdefault("correction", {})[head.split(".", 1)[1]] = (col, head,
                                                                               _text_value(v, table, number, col, head))
                elif what == "plain" and head == "kind":
                    continue
                elif what == "plain" and head in CARD_COLUMNS:
                    row.put(head, self.setting(head, v, table, number, col), col, head)
                elif what == "plain":
                    if head not in kind.fields:
                        raise table.error(number, col, head, f"unknown field '{head}' for kind '{kind_id}'",
                                          hint=suggest(head, kind.fields) or known_list(kind.fields))
                    row.put(head, _typed(v, kind.fields[head].type, table, number, col, head), col, head)
                elif what == "note":
                    if name not in kind.fields:
                        raise table.error(number, col, head, f"unknown field '{name}' for kind '{kind_id}'",
                                          hint=suggest(name, kind.fields) or known_list(kind.fields))
                    notes[name] = (col, head, _text_value(v, table, number, col, head))
                else:
                    back[name] = (col, head, _typed(v, "back", table, number, col, head))
            except PnpError as exc:
                failed.add(name)
                self.note(exc)
        for name, item in notes.items():
            if name == "correction":
                continue
            col, head, note = item
            inner = Row(table, number)
            if name in row:
                inner.put("value", row[name], *row._cells[name])
            inner.put("inferred", note, col, head)
            row[name] = inner
            row._cells.setdefault(name, (col, head))       # errors in the value point at the value's cell
        if "correction" in notes:
            try:
                self.correction(table, number, notes["correction"])
                m = Row(table, number)
                for k, (col, head, text) in notes["correction"].items():
                    m.put(k, text, col, head)
                row.corrections.append(m)
            except PnpError as exc:
                self.note(exc)
        if back:
            self.inline_back(row, table, number, back)
        self.check(row, kind, failed)
        return row

    def setting(self, head, v, table, number, col):
        from .load import MAX_COPIES
        if head == "copies":
            n = _typed(v, "int", table, number, col, head)
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_COPIES:
                raise table.error(number, col, head, f"expected a whole number from 1 to {MAX_COPIES}, "
                                  f"found {_shown(v)}")
            return n
        if head == "new_sheet":
            if isinstance(v, bool):
                return v
            word = _text_cell(v).strip().lower()
            if word in _TRUE or word in _FALSE:
                return word in _TRUE
            raise table.error(number, col, head, f"expected true or false, found {_shown(v)}")
        text = _text_value(v, table, number, col, head)
        return text.strip() if head in SETTINGS else text

    def correction(self, table, number, c):
        if "seed" not in c or "printed" not in c:
            col, head, _ = next(iter(c.values()))
            raise table.error(number, col, head, "a correction needs both correction.seed and correction.printed")

    def inline_back(self, row: Row, table: Table, number: int, back: dict):
        """back.template and back.FIELD cells: the card's own back, as {template, fields} in YAML."""
        if "back" in row and "back" not in row._yaml:
            col, head, _ = next(iter(back.values()))
            self.note(table.error(number, col, head, "the row names a back in its back column and gives "
                                  "back.* cells too; use one"))
            return
        m = Row(table, number)
        fields = Row(table, number)
        for name, (col, head, v) in back.items():
            if name == "template":
                m.put("template", v if isinstance(v, str) else str(v), col, head)
            elif name == "inferred":
                m.put("inferred", v if isinstance(v, str) else str(v), col, head)
            elif name.endswith(NOTE):
                continue
            else:
                fields.put(name, v, col, head)
        for name, (col, head, v) in back.items():
            if name.endswith(NOTE) and name != "inferred":
                base = name[:-len(NOTE)]
                inner = Row(table, number)
                if base in fields:
                    inner.put("value", fields[base], *fields._cells[base])
                inner.put("inferred", str(v), col, head)
                fields[base] = inner
                fields._cells.setdefault(base, (col, head))
        if "template" not in m:
            col, head, _ = next(iter(back.values()))
            self.note(table.error(number, col, head, "a back of the card's own needs a back.template column"))
            return
        if fields:
            m["fields"] = fields
            m._cells["fields"] = next(iter(fields._cells.values()))
        row.put("back", m, *m._cells["template"])
        row._yaml.pop("back", None)

    def check(self, row: Row, kind, failed):
        """What load.py will check, checked here too, so that every bad cell is named in one run."""
        loader = self.loader
        for key, check in (("part", self.check_part), ("template", self.check_template),
                           ("back", self.check_back)):
            if key in row and key not in row._yaml:
                try:
                    check(row, key)
                except PnpError as exc:
                    self.note(exc)
        for fname, spec in kind.fields.items():
            value = row.get(fname)
            if isinstance(value, Map):
                value = value.get("value")
            try:
                value = loader.field_value(spec, value, row, fname, fname)
                if value is None and spec.default is None and spec.required and not self.bad_header \
                        and fname not in failed:
                    raise row.error(None, f"missing required field '{fname}' for kind '{kind.id}'")
            except PnpError as exc:
                self.note(exc)

    def check_part(self, row, key):
        if row[key] not in self.parts:
            raise row.error(key, f"unknown part '{row[key]}'", hint=suggest(row[key], self.parts)
                            or known_list(self.parts))

    def check_template(self, row, key):
        from ..layout.templates import name_problem
        problem = name_problem(row[key])
        if problem:
            raise row.error(key, problem)

    def check_back(self, row, key):
        v = row[key]
        if isinstance(v, str) and v != "none" and v not in self.backs:
            raise row.error(key, f"unknown back '{v}'", hint=suggest(v, self.backs) or known_list(self.backs))


# -- cells --------------------------------------------------------------------------------------------

def _filled(v) -> bool:
    return v is not None and not (isinstance(v, str) and not v.strip())


def _shown(v) -> str:
    return found(_text_cell(v) if not isinstance(v, (int, float)) or isinstance(v, bool) else v)


def _text_cell(v) -> str:
    """A cell as text: 3.0 -> "3", 0.1 -> "0.1", TRUE -> "TRUE"."""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return v if isinstance(v, str) else str(v)


def _text_value(v, table, number, col, head) -> str:
    if _is_date(v):
        raise table.error(number, col, head, f"the cell holds a date or time ({v}); pnp reads text and "
                          "numbers", hint="format the column as text in your spreadsheet program")
    text = _text_cell(v).replace("\r\n", "\n").replace("\r", "\n")
    bad = _BAD_CHARS.search(text)
    if bad:
        raise table.error(number, col, head, f"text holds U+{ord(bad.group()):04X}, a control character "
                          "that cannot be printed")
    return text


def _is_date(v) -> bool:
    import datetime
    return isinstance(v, (datetime.date, datetime.time, datetime.timedelta))


def _typed(v, ftype: str, table, number, col, head):
    """A cell as the value its field's type wants: a whole number, a number, or text. What cannot be read
    so stays as it is, for the field check to name ("expected a whole number, found 'abc'")."""
    if isinstance(v, bool):
        return _text_cell(v) if ftype not in ("int", "number") else v
    if isinstance(v, float):
        if not math.isfinite(v):
            return v
        if v.is_integer() and abs(v) < 1e15:
            v = int(v)
        return v if ftype in ("int", "number", "back") else _text_cell(v)
    if isinstance(v, int):
        return v if ftype in ("int", "number", "back") else str(v)
    if ftype in ("int", "number"):
        text = _text_value(v, table, number, col, head).strip()
        if _INT.match(text):
            return int(text.split(".")[0])
        if ftype == "number" and _NUMBER.match(text):
            return float(text)
        return text
    return _text_value(v, table, number, col, head)
