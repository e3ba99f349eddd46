"""One reading of a deck file (Reading): where the file is, what the sections read so far leave for the
later ones (the palette, the names that failed to load, the templates named, the inferred facts, the card
count), and how a mistake is noted so that reading goes on (noting, note, Skip), as a compiler does.

The sections (sections/) and the spreadsheet rows (sheets/) are read with one; load.py's Loader is one that
also reads the whole file. Also here, as they record into it: where a thing was written (src), a value that
says why it was inferred (unwrap) and a template named (template_ref). Not here: the checks of single values
(values.py), any section's keys (sections/).
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from ..errors import Collector, PnpError
from ..files.yamlfile import Map
from ..units import DPI
from .model import Inferred, Source
from .values import display, name_problem, need_text, unknown_keys


class Skip(Exception):
    """A card that stands on a mistake already noted (its part or back failed to load): passed over in silence."""


class Reading:
    def __init__(self, path: Path, found: Collector | None = None):
        self.path = path
        self.folder = path.parent
        self.file = display(path)
        self.inferred: list[Inferred] = []
        self.palette: dict = {}           # the palette, once read: colour fields are checked against it
        self.templates: dict = {}         # template name -> (file, line, column, field) where first named, or a
                                          # spreadsheet cell's ("cell", file, sheet, row, column, header, sheet index)
        self.found = found if found is not None else Collector()
        self.sound = True                 # no mistake beyond single cards (and the component list) so far
        self.failed: set = set()          # ("back" | "part" | ..., name) that did not load: what names them is skipped
        self.card_mistakes = 0
        self.total = 0                    # copies of the cards read so far (cards.MAX_CARDS)
        self.languages: dict = {}         # code -> Language (sections/languages.py), the source first
        self.dpi = DPI                    # what a px is (1/dpi in): the deck's dpi:, once read (sections/sizes.py)
        self.warnings: list[str] = []     # what reading it warns of (a kind written in other capitals ...)
        self.cased: set = set()           # (a kind as written, the kind it is read as), warned of once each

    @contextmanager
    def noting(self, wide: bool = True):
        """A mistake inside is noted (self.found) and reading goes on after the block, as a compiler does.
        `wide`: a mistake beyond one card (a kind, a back, the palette ...): the deck is then not laid out."""
        try:
            yield
        except Skip:
            pass
        except PnpError as exc:
            self.note(exc, wide)

    def note(self, exc: PnpError, wide: bool = True) -> None:
        """Note a mistake (see noting); raises PnpErrors once the collector is full."""
        if wide:
            self.sound = False
        self.found.add(exc)
        if self.found.full:
            self.found.done()

    def src(self, m, key=None) -> Source:
        line, col = m.where(key) if hasattr(m, "where") else (0, 0)
        return Source(getattr(m, "file", "") or self.file, line, col)      # a spreadsheet row names its own

    # -- inferred values: {value: X, inferred: "why"} anywhere a field value goes
    def unwrap(self, value, parent, key, subject):
        if isinstance(value, Map) and "inferred" in value:
            unknown_keys(value, ("value", "inferred"), f"inferred value of {subject}")
            note = need_text(value.get("inferred"), value, "inferred", f"{key}.inferred")
            inner = value.get("value")
            self.inferred.append(Inferred(subject, "" if inner is None else str(inner), note,
                                          self.src(parent, key)))
            return inner
        return value

    # -- templates: a plain name (never a path), remembered where it is written. Whether the
    # template exists is checked when cards are laid out (pnp check needs no templates), and
    # the error then points here (layout.templates.note_deck).
    def template_ref(self, value, parent, key, field) -> str:
        name = need_text(value, parent, key, field)
        problem = name_problem(name)
        if problem:
            raise parent.error(key, problem, field=field)
        if hasattr(parent, "table"):    # a spreadsheet's cell: its mistake said as the cell's (file:row (column))
            e = parent.error(key, "", field=field)          # (or deck.yaml's line, for a source's template:)
            self.templates.setdefault(name, ("cell", e.file, e.sheet, e.line, e.column, e.header, e.sheet_index)
                                      if hasattr(e, "sheet") else (e.file, e.line, e.column, e.field))
            return name
        line, col = parent.where(key)
        self.templates.setdefault(name, (parent.file or self.file, line, col, field))
        return name
