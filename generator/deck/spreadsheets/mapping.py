"""A spreadsheet as its designer keeps it: a source's `columns:` (a header as written -> the card setting or field
it is read as: `qty: copies`, `"VP + Climb": vp`), `ignore:` (headers left unread: notes, art credits, sums) and
`skip_sheets:` (a workbook's sheets left out; the source then reads every other sheet, in the workbook's order),
each checked where deck.yaml writes it; and the hint an unknown header gets (a quantity header is told how to be
read as copies).
Not here: reading the header row with them (source.py), the cells (cells.py).
"""
from __future__ import annotations

from ...errors import PnpError, PnpErrors, found, known_list, suggest
from ...files.yamlfile import Map, Seq

QUANTITY = ("qty", "qty.", "count", "quantity", "number", "amount", "copy", "#", "no.", "x", "n")


class ColumnMap:
    """A source's columns:, ignore: and skip_sheets:, checked. `name(head)` is the column a header is read as
    (itself unless mapped; None when ignored); `unused(heads)` names each header they list that no sheet has."""

    def __init__(self, entry: Map):
        self.entry = entry
        self.renamed: dict = {}         # header as written -> the column it is read as
        self.ignored: dict = {}         # header as written -> its place in ignore: (an index)
        self.skipped: list = []         # sheet names
        errors = []
        for key, reader in (("columns", self._columns), ("ignore", self._ignore), ("skip_sheets", self._skip)):
            if key in entry:
                try:
                    reader(entry[key])
                except PnpErrors as exc:
                    errors.extend(exc.errors)
                except PnpError as exc:
                    errors.append(exc)
        for head in self.renamed.keys() & self.ignored.keys():
            errors.append(entry["columns"].error(head, f"column '{head}' is both mapped and ignored; say one",
                                                 field="columns"))
        if "skip_sheets" in entry and entry.get("sheet") is not None:
            errors.append(entry.error("skip_sheets", "a source names one sheet (sheet:) or the sheets it leaves out "
                                      "(skip_sheets:: every other sheet is read), not both", field="skip_sheets"))
        if errors:
            raise errors[0] if len(errors) == 1 else PnpErrors(errors)

    def _columns(self, value):
        if not isinstance(value, Map):
            raise self.entry.error("columns", f"expected headers and the columns they are read as "
                                   f"({{qty: copies, 'VP + Climb': vp}}), found {found(value)}", field="columns")
        errors = []
        for head, target in value.items():
            text = str(head).strip() if isinstance(head, (str, int, float)) and not isinstance(head, bool) else ""
            if not text:
                errors.append(value.error(head, f"expected a header as the sheet writes it, found {found(head)}",
                                          field="columns"))
            elif not isinstance(target, str) or not target.strip():
                errors.append(value.error(head, f"expected the card setting or field '{text}' is read as, found "
                                          f"{found(target)}", field="columns",
                                          hint="write `ignore: [...]` for a column pnp should not read"))
            else:
                self.renamed[text] = target.strip()
        if errors:
            raise errors[0] if len(errors) == 1 else PnpErrors(errors)

    @staticmethod
    def _names(value, parent, key, what):
        items = value if isinstance(value, Seq) else [value]
        out = []
        for i, item in enumerate(items):
            if isinstance(item, bool) or not isinstance(item, (str, int, float)) or not str(item).strip():
                raise (value.error(i, f"expected {what}, found {found(item)}", field=key) if isinstance(value, Seq)
                       else parent.error(key, f"expected a list of {what}s, found {found(value)}", field=key))
            out.append((str(item).strip(), i))
        return out

    def _ignore(self, value):
        for name, i in self._names(value, self.entry, "ignore", "a header"):
            self.ignored.setdefault(name, i)

    def _skip(self, value):
        self.skipped = [name for name, _ in self._names(value, self.entry, "skip_sheets", "a sheet's name")]

    # -- used while reading ---------------------------------------------------------------------------
    @property
    def all_sheets(self) -> bool:
        return "skip_sheets" in self.entry

    def name(self, head: str) -> str | None:
        if head in self.ignored:
            return None
        return self.renamed.get(head, head)

    def misspelt(self, head: str) -> str | None:
        """The key of columns: or ignore: that an unknown header is near (misspelt there: named once, by unused())."""
        import difflib  # lazy: +1.0 ms to import; only a mistake's suggestion needs it, and a build that succeeds loads none (tests/test_startup.py)
        keys = [*self.renamed, *self.ignored]
        near = [k for k in keys if k.lower() == head.lower()] or difflib.get_close_matches(head, keys, n=1, cutoff=0.6)
        return near[0] if near else None

    def target_error(self, head: str, message: str, hint: str | None) -> PnpError:
        """A mapped header read as a column that is not one: named where columns: maps it."""
        return self.entry["columns"].error(head, f"'{head}' is read as '{self.renamed[head]}': {message}",
                                           field="columns", hint=hint)

    def check_sheets(self, names: list, display: str) -> list:
        """The sheets a source with skip_sheets: reads: every sheet not named, each name checked."""
        errors = []
        value = self.entry["skip_sheets"]
        for i, name in enumerate(self.skipped):
            if name not in names:
                where = value if isinstance(value, Seq) else self.entry
                errors.append(where.error(i if isinstance(value, Seq) else "skip_sheets",
                                          f"no sheet '{name}' in {display}", field="skip_sheets",
                                          hint=suggest(name, names) or known_list(names)))
        if errors:
            raise errors[0] if len(errors) == 1 else PnpErrors(errors)
        kept = [n for n in names if n not in self.skipped]
        if not kept:
            raise self.entry.error("skip_sheets", f"every sheet of {display} is skipped: the source has no cards",
                                   field="skip_sheets")
        return kept

    def unused(self, heads: set) -> list:
        """An error for each header columns: or ignore: lists that no sheet of the source has (a misspelt one
        would leave its column unknown and this key doing nothing)."""
        out = []
        for head in self.renamed:
            if head not in heads:
                out.append(self.entry["columns"].error(head, f"no column '{head}' in the sheet's header",
                                                       field="columns", hint=suggest(head, sorted(heads))))
        for head, i in self.ignored.items():
            if head not in heads:
                value = self.entry["ignore"]
                where = (value, i) if isinstance(value, Seq) else (self.entry, "ignore")
                out.append(where[0].error(where[1], f"no column '{head}' in the sheet's header", field="ignore",
                                          hint=suggest(head, sorted(heads))))
        return out


def unknown_hint(head: str, suggestion: str | None) -> str:
    """The hint of an unknown header: how to read a quantity as copies, a did-you-mean, or how to map or ignore it."""
    quoted = f"'{head}'" if not head.replace("_", "").isalnum() else head
    if head.strip().lower() in QUANTITY:
        return f"how many to print? read it as copies: columns: {{{quoted}: copies}}"
    return suggestion or f"read it as a field (columns: {{{quoted}: FIELD}}) or leave it unread (ignore: [{quoted}])"
