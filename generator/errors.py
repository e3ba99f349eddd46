"""The one error a user sees: file, line, column, field, what was expected and found, a hint.
Not here: what any mistake is (each stage raises its own), printing them (cli.py)."""
from __future__ import annotations

import sys
from contextvars import ContextVar

# the warnings held back while a command (or one build of pnp watch) runs (holding), or None: printed at once. A
# context variable, not a module's list: each run holds its own, and a thread runs in the context it was given.
_held: ContextVar = ContextVar("pnp_held_warnings", default=None)


def warn(message: str, level: str = "warning") -> None:
    """A warning or note for the user: one line on stderr (results go to stdout), held back while a command
    runs (cli.invoke): printed when it ends well, and only counted below its errors when it does not, so that
    the real error comes first."""
    line = f"pnp: {level}: {' '.join(str(message).split())}"
    held = _held.get()
    if held is not None:
        held.append(line)
    else:
        print(line, file=sys.stderr)


class holding:
    """`with holding() as lines:` the warnings warn() is given inside, kept in `lines` instead of printed (the
    command line's run, one build of pnp watch)."""

    def __enter__(self) -> list:
        lines: list = []
        self.token = _held.set(lines)
        return lines

    def __exit__(self, *exc) -> bool:
        _held.reset(self.token)
        return False


def unheld(lines: list) -> None:
    """Print warnings held back (holding), now that the command has done its work."""
    for line in lines:
        print(line, file=sys.stderr)
    lines.clear()


def held_note(lines: list) -> str | None:
    """The one line said below a run's errors about the warnings held back, if there were any."""
    if not lines:
        return None
    n = len(lines)
    return f"pnp: {n} warning{'s' if n != 1 else ''} or note{'s' if n != 1 else ''} as well, shown once the " \
        "mistakes above are mended"


class PnpError(Exception):
    """A mistake in the user's input. The CLI prints str(err) on one line and exits 2."""

    exit_code = 2

    def __init__(self, message: str, file=None, line: int | None = None, column: int | None = None,
                 field: str | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = str(file) if file is not None else None
        self.line = line
        self.column = column
        self.field = field
        self.hint = hint

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line:
                where += f":{self.line}"
                if self.column:
                    where += f":{self.column}"
            where += ": "
        field = f"{self.field}: " if self.field else ""
        hint = f" ({self.hint})" if self.hint else ""
        return " ".join(f"{where}{field}{self.message}{hint}".split())


MAX_ERRORS = 20


class PnpErrors(PnpError):
    """Several mistakes found in one run (at most MAX_ERRORS), in file and line order. The CLI prints one
    line each and exits 2; str() is the first, so code that expects one PnpError still reads well."""

    def __init__(self, errors):
        errors = sorted(errors, key=_order)[:MAX_ERRORS]
        first = errors[0]
        super().__init__(first.message, first.file, first.line, first.column, first.field, first.hint)
        self.errors = errors

    def lines(self) -> list[str]:
        return [str(e) for e in self.errors]

    def __str__(self) -> str:           # the first mistake as it says itself (a spreadsheet's names its cell)
        return str(self.errors[0])


def _order(e: PnpError):
    # a spreadsheet's errors (deck/sheets.py CellError) sort by sheet, then row and column
    return (e.file or "", getattr(e, "sheet_index", 0), e.line or 0, e.column or 0)


class Collector:
    """Gathers the mistakes of one run instead of stopping at the first, as a compiler does.

        found = Collector()
        for card in cards:
            with found.each():          # a mistake in one card is noted, and the next card is read
                check(card)
        found.done()                    # raises PnpErrors if anything was noted
    """

    def __init__(self, limit: int = MAX_ERRORS):
        self.errors: list[PnpError] = []
        self.limit = limit
        self._lines: set[str] = set()

    def add(self, error: PnpError) -> None:
        """Note a mistake (or several); one already noted, word for word, is not noted twice."""
        for e in error.errors if isinstance(error, PnpErrors) else [error]:
            line = str(e)
            if line not in self._lines:
                self._lines.add(line)
                self.errors.append(e)

    @property
    def full(self) -> bool:
        return len(self.errors) >= self.limit

    def each(self):
        return _Noting(self)

    def done(self) -> None:
        if self.errors:
            raise PnpErrors(self.errors)


class _Noting:
    def __init__(self, collector: Collector):
        self.collector = collector

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if isinstance(exc, PnpError):
            self.collector.add(exc)
            if self.collector.full:         # enough to be going on with: stop reading
                self.collector.done()
            return True
        return False


class IncompleteDeck(Exception):
    """The component check failed; carries the report. Exit status 1."""

    exit_code = 1

    def __init__(self, report: str):
        super().__init__(report)
        self.report = report


def suggest(word: str, known) -> str | None:
    """'did you mean ...' for an unknown name close to a known one (case, '-' and '_' aside)."""
    known = [str(k) for k in known]
    word = str(word)
    norm = {k.lower().replace("-", "_"): k for k in known}
    same = norm.get(word.lower().replace("-", "_"))
    if same is not None and same != word:
        return f"did you mean '{same}'?"
    import difflib  # lazy: +1.0 ms to import; only a mistake's suggestion needs it, and a build that succeeds loads none (tests/test_startup.py)
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    if not close:
        lowered = difflib.get_close_matches(word.lower(), list(norm), n=1, cutoff=0.6)
        close = [norm[lowered[0]]] if lowered else []
    return f"did you mean '{close[0]}'?" if close else None


def known_list(known, limit: int = 25) -> str:
    names = sorted(str(k) for k in known)
    if not names:
        return "none are defined"
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return "known: " + ", ".join(names[:limit]) + more


def found(value) -> str:
    """What a user wrote, described for 'expected X, found Y'."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (quote it if you mean the word)"
    if isinstance(value, (int, float)):
        text = repr(value)
        return f"the number {text if len(text) <= 30 else text[:27] + '...'}"
    text = str(value)
    return f"'{text if len(text) <= 40 else text[:37] + '...'}'"
