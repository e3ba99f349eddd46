"""One build of a watched game in this warm process: the same pipeline as `pnp build` (generator/pipeline.py),
and what the preview shows of it. The page is told as soon as it can show the build (the cards laid out and
imposed, their findings, the changed faces it shows drawn), and the PDF is written after that: a save reaches
the browser without waiting for the whole PDF. A build that fails keeps the last good PDF and preview, and says
why.

Not here: watching files (loop.py), serving the preview (server.py), the pipeline's stages."""
from __future__ import annotations

import os
import time
from pathlib import Path

from ..records import Record
from .. import pipeline
from ..errors import PnpError, PnpErrors, holding
from .early import Early
from .preview import RENDER, Digests, Snapshot
from ..pipeline import output_name


class Failure(Record):
    """A build that did not finish: the mistakes in it, a line each and as fields for the page."""
    number: int
    lines: list
    errors: list            # [{file, line, column, field, message, hint}]
    at: str


class Outcome(Record):
    number: int
    ok: bool
    rebuild_ms: float       # CPU time of load, check, lay out, impose and write the PDF (this thread's)
    preview_ms: float       # CPU time of the proof findings, the preview's model and the faces drawn ahead
    wall_ms: float
    changed: list           # names of the cards whose face or findings changed
    snapshot: Snapshot | None
    failure: Failure | None
    check: str | None       # the component check's report when the deck is incomplete
    touched: list = []      # the saved templates and the backs that changed the cards, with them (touched.py)
    warnings: list = []     # the build's own warnings (a text a translation lacks, a field printed nowhere ...)
    shown_ms: float = 0.0   # wall time from the build's start to the page told of it (its PDF written after that)
    shown_cpu_ms: float = 0.0   # CPU time of this thread until the page could show it: told, the faces drawn ahead


class Builder:
    def __init__(self, game: str, opts: pipeline.BuildOptions, output: Path | None, folder: Path | None,
                 held: dict | None = None):
        self.game, self.opts, self.output, self.folder = game, opts, output, folder
        # what this warm process keeps between its builds, given to each with its deck (Deck.memo["held"]):
        # the layout stores (layout/store.Held) and the pictures' bytes and conversions (render/rasters.Memory).
        # Everything else a build knows is read afresh with the deck, so a save needs nothing forgotten.
        self.held = held
        self.number = 0
        self.good: Snapshot | None = None           # the last good build
        self.failure: Failure | None = None         # the last build, when it failed
        self.digests = Digests()

    def out_path(self, deck_id: str) -> Path:
        return self.output if self.output is not None else \
            Path("output") / f"{output_name(deck_id, self.opts.paper, self.opts.duplex)}.pdf"

    def build(self, changed=(), shown=None) -> Outcome:
        """Build once more (after the files in `changed` were saved). Never raises for bad input. `shown(snapshot)`
        is called as soon as the page can show the build (its cards laid out, their findings), before the changed
        faces the page shows are drawn (it asks for them then: they are served as soon as they are) and the PDF
        is written; not for the first build."""
        with holding() as said:             # a build's warnings go with its outcome: said, and counted
            outcome = self._build(changed, shown)
        return outcome._replace(warnings=list(said)) if outcome.ok else outcome

    def _build(self, changed=(), shown=None) -> Outcome:
        self.number += 1
        wall0, cpu0 = time.perf_counter(), time.thread_time()
        snap = None
        try:
            with RENDER:
                deck = pipeline.load(self.game, self.opts.without, lang=self.opts.language, strict=self.opts.strict,
                                     held=self.held)
                check = _check(deck)
                laid, pages = pipeline.laid_and_pages(deck, self.opts)
                out = self.out_path(deck.id)
                cpu1 = time.thread_time()
                early = Early(self.good, laid, self.digests)      # the layout view's face, drawn meanwhile
                try:
                    from .findings import findings
                    issues, facts = findings(deck, laid)
                    times = {"rebuild_ms": round((cpu1 - cpu0) * 1000, 1)}
                    snap = Snapshot(self.number, deck, laid, pages, None, out, issues, facts, self.digests,
                                    self.good, times, check)
                    snap.inherit(self.good)
                    from .touched import touched
                    snap.state["touched"] = touched(deck, laid, self.good.card_digests if self.good is not None
                                                    else {}, snap.card_digests, changed)
                    snap.took(early)
                    snap.plan_ahead(self.good)
                finally:
                    early.join()            # (pdfium: not after RENDER is let go)
                cpu2 = time.thread_time() + early.cpu_ms / 1000     # its thread's CPU time too
            shown_ms = (time.perf_counter() - wall0) * 1000
            if shown is not None and self.good is not None:
                shown(snap)                 # the page updates now: it asks for the state, then the changed faces,
            cpu3 = time.thread_time()       # which are drawn meanwhile; the PDF follows
            snap.draw_ahead()
            cpu4 = time.thread_time()
            with RENDER:
                pipeline.write_pdf(deck, pages, out)
                cpu5 = time.thread_time()
            snap.pdf = out.read_bytes()
        except (PnpError, OSError) as exc:
            return self._failed(exc, cpu0, wall0, snap)
        except RecursionError as exc:
            return self._failed(PnpError(f"too deeply nested ({exc})"), cpu0, wall0, snap)
        except Exception as exc:            # a bug in pnp met on this input: said, and the watch goes on
            if os.environ.get("PNP_DEBUG"):
                raise
            text = " ".join(str(exc).split())[:200]
            return self._failed(PnpError(f"internal error: {type(exc).__name__}: {text} (this is a bug in pnp; "
                                         "run with PNP_DEBUG=1 to see where)"), cpu0, wall0, snap)
        times = {"rebuild_ms": round((cpu1 - cpu0 + cpu5 - cpu4) * 1000, 1),
                 "preview_ms": round((cpu2 - cpu1 + cpu4 - cpu3) * 1000, 1)}
        snap.state["times"] = times
        old, self.good, self.failure = self.good, snap, None
        if old is not None:
            old.close()
        return Outcome(self.number, True, times["rebuild_ms"], times["preview_ms"],
                       (time.perf_counter() - wall0) * 1000, snap.changed, snap, None, check, snap.state["touched"],
                       shown_ms=shown_ms, shown_cpu_ms=round((cpu2 - cpu0 + cpu4 - cpu3) * 1000, 1))

    def _failed(self, exc, cpu0: float, wall0: float, snap=None) -> Outcome:
        if snap is not None:                # shown already, perhaps: what waits for its PDF has the last good one
            snap.written(self.good.pdf if self.good is not None else None)
        errors = exc.errors if isinstance(exc, PnpErrors) else [exc]
        if isinstance(exc, OSError) and not isinstance(exc, PnpError):
            where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
            lines = [f"{where}{exc.strerror or exc}"]
            fields = [{"file": exc.filename, "line": None, "column": None, "field": None,
                       "message": str(exc.strerror or exc), "hint": None}]
        else:
            lines = [str(e) for e in errors]
            fields = [{"file": e.file, "line": e.line, "column": e.column, "field": e.field, "message": e.message,
                       "hint": e.hint} for e in errors]
        self.failure = Failure(self.number, lines, fields, time.strftime("%H:%M:%S"))
        ms = (time.thread_time() - cpu0) * 1000
        return Outcome(self.number, False, ms, 0.0, (time.perf_counter() - wall0) * 1000, [], self.good,
                       self.failure, None)


def _check(deck) -> str | None:
    """The component check's report when the deck is incomplete (pnp watch shows it; it never refuses)."""
    from ..check import check_deck, report_text  # lazy: +48 ms to import (benchmarks/imports.py)
    result = check_deck(deck)
    return None if result.ok else report_text(result)
