"""One spreadsheet source of cards ({file: cards.xlsx, sheet: Metals, kind: metal} among deck.yaml's cards):
its entry checked, its file found and read (readers.py), its header row checked against the columns a sheet
may have (columns.py) and each further row read into a Row, a yamlfile.Map that holds what a YAML card holds
and whose error() names the cell. What sections/cards.py will check of a card is checked here too, so that
every bad cell is named in one run. Not here: the cells' values (cells.py), putting the rows among the other
cards (__init__.py).
"""
from __future__ import annotations

from pathlib import Path

from ...errors import Collector, PnpError, found, known_list, suggest
from ...files.yamlfile import Map
from ..sections.backs import back_ref
from ..sections.cards import MAX_COPIES, by_case
from ..sections.fields import field_value
from ..sections.languages import TRANSLATED, column_language
from ..values import display, name_problem, need_text, unknown_keys
from .cells import FALSE, TRUE, filled, shown, text_cell, text_value, typed
from .columns import BACK, CARD_COLUMNS, CORRECTION, NOTE, SETTINGS, SOURCE_KEYS, SUFFIXES
from .mapping import ColumnMap, unknown_hint
from .marks import empty, named_marks, ragged
from .readers import MAX_BYTES, Marks, Table, column_letter, read_csv, read_workbook, sheet_names
from ...files.paths import Refused, files_under, find_inside


class Row(Map):
    """One row as a card (or a part of one: an inline back, an inferred value): its keys are where a YAML
    card's are, each remembering its cell; keys a source's settings supplied point at deck.yaml."""

    def __init__(self, table: Table, row: int):
        super().__init__()
        self.table, self.file, self.line, self.column = table, table.file, row, 0
        self._cells: dict = {}          # key -> (column, header)
        self._yaml: dict = {}           # key -> (Map, key) of a source's setting
        self.corrections: list = []     # Maps {seed, printed, note} given on this row
        self.layout: list = []          # the sheet's columns: (column, header as written, read as; None: ignored)
        self.ignored: dict = {}         # header as written -> the value of an ignored column's cell

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


class SheetSource:
    """One source, its rows read (rows()); its mistakes noted in `found_`, which expand() shares."""

    def __init__(self, entry: Map, loader, kinds, parts, backs, default_part, found_: Collector, index: int):
        self.entry, self.loader, self.kinds, self.parts, self.backs = entry, loader, kinds, parts, backs
        self.found, self.index = found_, index
        self.default_part = default_part or next(iter(parts), None)     # (none: the only part was at fault)
        self.bad_header = False
        self.header_mistake = False     # a mistake of the header (a column missing), named once at its line
        self.header_row, self.named = 0, set()

    def note(self, exc: PnpError) -> None:
        self.found.add(exc)
        if self.found.full:
            self.found.done()

    # -- the entry in deck.yaml ---------------------------------------------------------------------
    def settings(self) -> dict:
        e = self.entry
        unknown_keys(e, SOURCE_KEYS, "a spreadsheet source")
        self.map = ColumnMap(e)
        out = {}
        if "kind" in e:
            kind = need_text(e["kind"], e, "kind", "kind")
            if kind not in self.kinds:
                raise e.error("kind", f"unknown kind '{kind}'", field="kind",
                              hint=suggest(kind, self.kinds) or known_list(self.kinds))
            out["kind"] = kind
        if "part" in e:
            part = need_text(e["part"], e, "part", "part")
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
            back_ref(self.loader, back, e, "back", self.backs, "back")
            out["back"] = back
        return out

    def path(self) -> tuple[Path, str]:
        e = self.entry
        name = need_text(e["file"], e, "file", "file", limit=500)
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
            raise PnpError(f"file is {size} bytes; the limit for a spreadsheet is {MAX_BYTES}", display(path))
        return path, display(path)

    # -- the rows -------------------------------------------------------------------------------------
    def rows(self) -> list:
        settings = self.settings()
        path, shown_as = self.path()
        sheet = self.entry.get("sheet")
        self.heads: set = set()                 # every header of every sheet read, as written
        self.held: list = []                    # (the key meant, the error) of a header columns: misspells
        if path.suffix.lower() == ".csv":
            if sheet is not None or self.map.all_sheets:
                key = "sheet" if sheet is not None else "skip_sheets"
                raise self.entry.error(key, "a CSV file has no sheets; name a sheet of an .xlsx or .ods file",
                                       field=key)
            out = self.sheet(Table(shown_as, None, self.index), read_csv(path, shown_as), Marks(), settings)
        elif self.map.all_sheets:
            out, bad, mistake = [], False, False
            for name in self.map.check_sheets(sheet_names(path, shown_as), shown_as):
                _, cells, marks = read_workbook(path, shown_as, name, self.entry, self.index)
                out += self.sheet(Table(shown_as, name, self.index), cells, marks, settings)
                bad, mistake = bad or self.bad_header, mistake or self.header_mistake
            self.bad_header, self.header_mistake = bad, mistake
        else:
            name, cells, marks = read_workbook(path, shown_as, sheet, self.entry, self.index)
            out = self.sheet(Table(shown_as, name, self.index), cells, marks, settings)
        for exc in self.map.unused(self.heads):
            self.header_mistake = True
            self.note(exc)
        for meant, exc in self.held:        # a header near one columns: names that some sheet has: its own error
            if meant in self.heads:
                self.note(exc)
        return out

    def sheet(self, table: Table, cells, marks: Marks, settings) -> list:
        """The cards of one sheet (or CSV file), each bad cell noted."""
        header_row, columns, headed, width = None, [], set(), 0
        unread = marks.cells()                  # cells whose value cannot be read: their rows are passed over
        out, given = [], 0
        self.loose = set()                      # columns with a value and no header, named once each
        for number, values in cells:
            if not any(filled(v) for v in values):
                continue                        # a blank row
            if header_row is None:
                header_row, width = number, len(values)
                self.header_row = number
                columns, headed = self.header(table, number, values, settings)
                self.named = {name for _, _, what, name in columns if what == "plain"}
                headed |= named_marks(self, table, marks, header_row, values)
                continue
            given += 1
            if any((number, col) in unread for col in range(1, len(values) + 1)) or \
                    any(r1 <= number <= r2 for r1, _, r2, _ in marks.merged):
                continue                        # named by named_marks()
            if table.sheet is None and len(values) != width and not any(filled(v) for v in values[width:]):
                self.note(ragged(table, number, values, header_row, width))
                continue
            before = len(self.found.errors)
            row = self.row(table, number, values, columns, headed, settings)
            if row is not None:         # the sheet as its designer keeps it, for pnp cards (deck/table.py)
                row.layout = self.order
                row.ignored = {w: values[c - 1] for c, w, head in self.order
                               if head is None and c - 1 < len(values) and filled(values[c - 1])}
            if row is not None and len(self.found.errors) == before:
                out.append(row)         # a row with a bad cell is left out: the others are read, and laid out
        if header_row is None or (not given and not self.bad_header):
            raise empty(table, self.entry, header_row)
        return out

    def header(self, table: Table, number: int, values, settings) -> tuple[list, set]:
        """[(column, header, kind of column, name)] of the header row, each header checked, and the
        columns that have a header (a cell under a header that names nothing is not noted twice)."""
        fields: dict = {}
        kinds = [self.kinds[settings["kind"]]] if "kind" in settings and "kind" not in [
            self.map.name(text_cell(v).strip()) for v in values] else list(self.kinds.values())
        for k in kinds:
            for f in k.fields:
                fields.setdefault(f, k)
        known = list(CARD_COLUMNS) + list(fields) + [f + NOTE for f in fields] + list(CORRECTION) + \
            ["back.template", "back.inferred"]
        out, seen, errors, held = [], {}, len(self.found.errors), len(self.held)
        self.bad_header = False
        self.order = []                 # (column, header as written, what it is read as; None: ignored)
        for col, value in enumerate(values, 1):
            written = text_cell(value).strip() if filled(value) else ""
            if not written:
                continue
            self.heads.add(written)
            head = self.map.name(written)
            self.order.append((col, written, head))
            if head is None:
                continue                # ignore: [...]: read by no one, and its cells are not loose
            seen.setdefault(head, col)
            try:
                if seen[head] != col:
                    again = f" ('{written}' is read as '{head}')" if written != head else ""
                    raise table.error(number, col, head, f"column '{head}' is given twice{again} "
                                      f"(first in column {column_letter(seen[head])})")
                if head in CARD_COLUMNS or head in fields or head in CORRECTION:
                    out.append((col, head, "plain", head))
                elif TRANSLATED.match(head) and TRANSLATED.match(head).group(1) in list(fields) + ["name"]:
                    out.append((col, head, "translation", TRANSLATED.match(head).group(1)))
                    if said := column_language(self.loader, head):      # a language none of the deck's: here
                        self.note(table.error(number, col, head, said[0], hint=said[1]))
                elif head.endswith(NOTE) and head[:-len(NOTE)] in fields:
                    out.append((col, head, "note", head[:-len(NOTE)]))
                elif head.startswith(BACK) and len(head) > len(BACK):
                    out.append((col, head, "back", head[len(BACK):]))
                elif any(("fields", k.id) in self.loader.failed for k in kinds):
                    out.append((col, head, "plain", head))      # a kind's fields at fault: said there, once
                else:
                    where = f"kind '{kinds[0].id}'" if len(kinds) == 1 else "any kind"
                    if written != head:
                        raise self.map.target_error(written, f"no card setting or field of {where} has that name",
                                                    suggest(head, known) or known_list(known))
                    exc = table.error(number, col, head, f"unknown column '{head}': no card setting or field "
                                      f"of {where} has that name", hint=unknown_hint(head, suggest(head, known)))
                    meant = self.map.misspelt(written)
                    if meant is None:
                        raise exc
                    self.held.append((meant, exc))  # named once, where deck.yaml misspells it (map.unused)
            except PnpError as exc:
                self.note(exc)
        self.bad_header = len(self.found.errors) > errors or held < len(self.held)   # (values under a misspelt header)
        if not out and not self.bad_header:
            raise table.error(number, None, None, "the first row must name the columns (kind, copies and "
                              "the fields)")
        return out, {col for col, value in enumerate(values, 1) if filled(value)}   # a column given twice too

    def row(self, table: Table, number: int, values, columns, headed, settings) -> Row | None:
        row = Row(table, number)
        raw = {}
        for col, head, what, name in columns:
            v = values[col - 1] if col - 1 < len(values) else None
            if filled(v):
                raw[head] = (col, what, name, v)
        for col, v in enumerate(values, 1):
            if filled(v) and col not in headed:
                if col not in self.loose:       # named once for its column
                    self.loose.add(col)
                    self.note(table.error(number, col, None, f"a value, {shown(v)}, in a column with no header"))
                return None
        # the kind first: it types the other cells
        kind_id = None
        try:
            if "kind" in raw:
                col, _, _, v = raw["kind"]
                row.put("kind", text_value(v, table, number, col, "kind").strip(), col, "kind")
                kind_id = row["kind"]
            elif "kind" in settings:
                kind_id = settings["kind"]
            elif len(self.kinds) == 1:
                kind_id = next(iter(self.kinds))
            if kind_id is not None and kind_id not in self.kinds and "kind" in row:
                kind_id = row["kind"] = by_case(self.loader, kind_id, self.kinds, row, "kind")
            if kind_id is not None and kind_id not in self.kinds:
                raise row.error("kind", f"unknown kind '{kind_id}'",
                                hint=suggest(kind_id, self.kinds) or known_list(self.kinds))
            if kind_id is None and self.bad_header:
                return None             # an unknown header, named at its cell, may be the kind column
            if kind_id is None and "kind" not in self.named:     # the header's mistake, named once at its line
                self.header_mistake = True
                raise table.error(self.header_row, None, None, "no kind column, and the deck has several kinds: give "
                                  "the sheet a kind column, or the source a kind (- {file: ..., kind: NAME})")
            if kind_id is None:
                raise table.error(number, None, None, "missing kind: fill in the row's kind cell, or give the "
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
                                                                               text_value(v, table, number, col, head))
                elif what == "plain" and head == "kind":
                    continue
                elif what == "plain" and head in CARD_COLUMNS:
                    row.put(head, self.setting(head, v, table, number, col), col, head)
                elif what == "plain":
                    if head not in kind.fields and ("fields", kind_id) in self.loader.failed:
                        continue                # its kind's fields at fault: said there, once
                    if head not in kind.fields:
                        raise table.error(number, col, head, f"unknown field '{head}' for kind '{kind_id}'",
                                          hint=suggest(head, kind.fields) or known_list(kind.fields))
                    row.put(head, typed(v, kind.fields[head].type, table, number, col, head), col, head)
                elif what == "translation":
                    spec = kind.fields.get(name)
                    if spec is None and name != "name":
                        raise table.error(number, col, head, f"unknown field '{name}' for kind '{kind_id}'",
                                          hint=suggest(name, kind.fields) or known_list(kind.fields))
                    row.put(head, typed(v, spec.type if spec else "text", table, number, col, head), col, head)
                elif what == "note":
                    if name not in kind.fields:
                        raise table.error(number, col, head, f"unknown field '{name}' for kind '{kind_id}'",
                                          hint=suggest(name, kind.fields) or known_list(kind.fields))
                    notes[name] = (col, head, text_value(v, table, number, col, head))
                else:
                    back[name] = (col, head, typed(v, "back", table, number, col, head))
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
        if head == "copies":
            n = typed(v, "int", table, number, col, head)
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COPIES:
                raise table.error(number, col, head, f"expected a whole number from 0 to {MAX_COPIES}, "
                                  f"found {shown(v)}", hint="0 parks a card: it is not printed")
            return n
        if head == "new_sheet":
            if isinstance(v, bool):
                return v
            word = text_cell(v).strip().lower()
            if word in TRUE or word in FALSE:
                return word in TRUE
            raise table.error(number, col, head, f"expected true or false, found {shown(v)}")
        text = text_value(v, table, number, col, head)
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
        """What sections/cards.py will check, checked here too, so that every bad cell is named in one run."""
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
                value = field_value(loader, spec, value, row, fname, fname)
                if value is None and spec.default is None and spec.required and not self.bad_header \
                        and fname not in failed:
                    if fname not in self.named and fname not in row:      # no column at all: the header's mistake
                        self.header_mistake = True
                        raise row.table.error(self.header_row, None, None, f"no column '{fname}', which "
                                              f"every card of kind '{kind.id}' must give (it is required)")
                    raise row.error(None, f"missing required field '{fname}' for kind '{kind.id}'")
            except PnpError as exc:
                self.note(exc)

    def check_part(self, row, key):
        if row[key] not in self.parts:
            raise row.error(key, f"unknown part '{row[key]}'", hint=suggest(row[key], self.parts)
                            or known_list(self.parts))

    def check_template(self, row, key):
        problem = name_problem(row[key])
        if problem:
            raise row.error(key, problem)

    def check_back(self, row, key):
        v = row[key]
        if isinstance(v, str) and v != "none" and v not in self.backs:
            raise row.error(key, f"unknown back '{v}'", hint=suggest(v, self.backs) or known_list(self.backs))

