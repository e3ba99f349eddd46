"""Every distinct face as a PNG at any resolution (`pnp export GAME --to png [--dpi N] [--bleed MM]`), as
designers share cards (Squib's save_png): one image for each distinct face and back, at `dpi` (300 by
default) and `bleed` a side (none by default: the trim, so a poker card at 600 dpi is 1500 x 2100 px),
named as the upload exports name them (names.py), each with its dpi recorded; and manifest.csv, a row an
image: its file, side, cards, kind, part, quantity, pixel size, dpi, trim and bleed, and a face's back.

The faces are drawn by the PDF's own drawing code (render/draw.py), a few at a time on one PDF page each,
and rasterized by pdfium at the exact pixel size (render/png.py); a file already holding the same bytes is
left as it is.
Not here: which images a deck has and their names (plan.py, names.py), the showcase pictures
(showcase.py), the shops' images (uploads.py).
"""
from __future__ import annotations

import csv
import io
import time
from dataclasses import dataclass, field
from pathlib import Path
from .targets import RECORDS

DPI = 300
CHUNK = 12            # faces a PDF: fonts are embedded once a PDF, pdfium loads it once
MANIFEST = "manifest.csv"
COLUMNS = ("file", "side", "card", "component", "part", "quantity", "width_px", "height_px", "dpi", "trim_mm",
           "bleed_mm", "back")


@dataclass
class Report:
    out: Path
    dpi: int
    bleed: float                                    # points a side
    images: list = field(default_factory=list)      # [(plan.Image, width px, height px)]
    written: list = field(default_factory=list)
    kept: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    stray: list = field(default_factory=list)
    cleaned: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def manifest(self) -> Path:
        return self.out / MANIFEST

    def summary(self) -> str:
        faces = sum(1 for i, _, _ in self.images if i.side == "face")
        mm = _mm(self.bleed, 3)
        drawn, same = (sum(1 for name in names if name != MANIFEST) for names in (self.written, self.kept))
        return (f"wrote {self.out}: {_n(len(self.images), 'PNG')} ({_n(faces, 'face')}, "
                f"{_n(len(self.images) - faces, 'back')}) at {self.dpi} dpi, "
                f"{'the trim' if self.bleed == 0 else f'{mm} mm bleed a side'}; {drawn} written, {same} unchanged"
                + (f", {len(self.removed)} removed" if self.removed else "")
                + f"; {MANIFEST} lists them")       # (the PNGs counted: the manifest is no PNG)


def _n(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _mm(points: float, places: int = 2) -> str:
    return f"{points * 25.4 / 72:.{places}f}".rstrip("0").rstrip(".")


def pixels(length: float, bleed: float, dpi: int) -> int:
    """Whole pixels for `length` points plus `bleed` a side at `dpi`."""
    return max(1, round((length + 2 * bleed) * dpi / 72))


def draw(faces, sizes) -> list:
    """Each face (trim + its bleed) as RGB rows of exactly its (width, height) px, CHUNK faces a PDF."""
    from ..render.png import faces_pdf, render_pages  # lazy: +867 ms to import (benchmarks/imports.py)
    out = []
    for i in range(0, len(faces), CHUNK):
        part = faces[i:i + CHUNK]
        out += list(render_pages(faces_pdf(part, guide=False), sizes[i:i + CHUNK], raw=True))
    return out


def export_png(deck, out_dir, dpi: int | None = None, bleed: float | None = None, clean: bool = False) -> Report:
    """Write a PNG of every distinct face and back of `deck` into `out_dir`, at `dpi` with `bleed` points a
    side, and manifest.csv."""
    from ..layout.deck import layout_deck  # lazy: +860 ms to import (benchmarks/imports.py)
    from ..render.png import encode_png  # lazy: +867 ms to import (benchmarks/imports.py)
    from . import trust  # lazy: +42 ms to import (benchmarks/imports.py)
    from .folder import prepare, put, sweep  # lazy: +62 ms to import (benchmarks/imports.py)
    from .plan import plan  # lazy: +967 ms to import (benchmarks/imports.py)
    start = time.perf_counter()
    dpi = DPI if dpi is None else int(dpi)
    bleed = 0.0 if bleed is None else bleed
    out = prepare(out_dir)
    report = Report(out, dpi, bleed)
    outputs = trust.Outputs(out, RECORDS["png"])
    p = plan(deck)
    expected = {i.file for i in p.images} | {MANIFEST}
    found = [n for n in trust.strays(out, expected) if n not in outputs.files]
    if clean:
        trust.check_clean(outputs, found)
    laid = layout_deck(deck, bleed)
    faces = [laid[i.first[0]].front if i.side == "face" else laid[i.first[0]].back for i in p.images]
    sizes = [(pixels(f.width, bleed, dpi), pixels(f.height, bleed, dpi)) for f in faces]
    report.images = [(i, w, h) for i, (w, h) in zip(p.images, sizes)]
    new = {}
    files = [(i.file, encode_png(rgb, dpi, size=size)) for i, rgb, size in zip(p.images, draw(faces, sizes), sizes)]
    files.append((MANIFEST, manifest_csv(deck, p, report).encode("utf-8")))
    for name, data in files:
        new[name] = put(report, name, data)
    sweep(report, outputs, expected, clean, found)
    outputs.save(new)
    report.seconds = time.perf_counter() - start
    return report


def manifest_csv(deck, p, report: Report) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, lineterminator="\n")
    w.writeheader()
    for image, wpx, hpx in report.images:
        cards = [card for _, card in image.cards]
        back = ""
        if image.side == "face":
            back = "; ".join(dict.fromkeys(p.back_of[i].file for i, _ in image.cards if i in p.back_of))
        tpl = image.template
        w.writerow({"file": image.file, "side": image.side, "card": "; ".join(dict.fromkeys(c.name for c in cards)),
                    "component": "; ".join(dict.fromkeys(deck.kinds[c.kind].title for c in cards)),
                    "part": "; ".join(dict.fromkeys(deck.parts[c.part].title for c in cards)),
                    "quantity": image.quantity, "width_px": wpx, "height_px": hpx, "dpi": report.dpi,
                    "trim_mm": f"{_mm(tpl.width)} x {_mm(tpl.height)}", "bleed_mm": _mm(report.bleed, 3),
                    "back": back})
    return buf.getvalue()
