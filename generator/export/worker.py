"""Drawing images, in a worker process or in this one.

A job is a list of work items (card index, side, file, draw width, draw height, turn), and for a face
drawn at its own size in a larger image (a hex product's) that size, (width, height). The worker
lays each face out with layout/deck.py (the PDF's own layout), checks its safe zone, puts all of
them on one PDF (a page a face, trim + bleed, drawn by render/draw.py), rasterizes the pages with
pdfium at the exact pixel size, encodes each PNG and writes it atomically, returning what the
export's cache records of the file written (export/trust.py). Faces are never pickled: workers
find the deck among what render/pool.py shares, inherited when the process is forked, or load it themselves.

Not here: which images to draw (plan.py) or the pool of processes (uploads.py).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import PnpError
from ..files.output import write_atomic
from ..render.pool import share, shared
from .products import DPI
from .shops import shop
from concurrent.futures import ThreadPoolExecutor
from ..layout.templates import get_template
from ..layout.resolution import WARN_DPI, warnings

WRITERS = 2           # threads encoding and writing images in each process


def setup(deck=None, spec=None, out_dir=None, shop_id: str = "gamecrafter") -> None:
    """Make the deck known to this process (given, already inherited from a fork, or loaded), and the
    shop whose images it draws."""
    if deck is None and shared("spec", None) == spec and shared("deck", None) is not None \
            and shared("shop", None) == shop_id:
        return
    if deck is None:
        from .. import pipeline  # lazy: +14 ms to import (benchmarks/imports.py)
        game, without = spec
        deck = pipeline.load(game, without)
    share(deck=deck, spec=spec, out=Path(out_dir), bleed=shop(shop_id).bleed, shop=shop_id, cache={})


def forget() -> None:
    """Drop the deck this process drew from (after an export drew in this process)."""
    share()


def who(card, side: str) -> str:
    return f"card '{card.name}' ({side})"


def draw(items) -> list:
    """Draw a job. Returns [(file, warnings, stamp)], or [("error", PnpError fields)] for a user mistake.

    The pages are rasterized here while writer threads encode and write the images before them:
    zlib, numpy and pdfium all let go of the GIL, and a write mostly waits on fsync (twice: the
    file, then its folder), so several writes at once hide that wait."""

    from ..layout.deck import layout_card  # lazy: +9 ms to import (benchmarks/imports.py)
    from ..render.png import faces_pdf, render_pages  # lazy: +10 ms to import (benchmarks/imports.py)
    from . import safezone  # lazy: +8 ms to import (benchmarks/imports.py)
    deck, out, bleed = shared("deck"), shared("out"), shared("bleed")
    faces, warnings = [], []
    try:
        for index, side, file, *_ in items:
            card = deck.cards[index]
            laid = layout_card(deck, card, bleed, shared("cache"))
            face = laid.front if side == "face" else laid.back
            faces.append(face)
            warnings.append(safezone.check(face, who(card, side), get_template(face.template, deck),
                                           shared("shop")) + _resolution(face, who(card, side), deck.folder))
    except PnpError as exc:
        return [("error", (exc.message, exc.file, exc.line, exc.column, exc.field, exc.hint))]
    pdf = faces_pdf(faces, guide=False)
    sizes = [item[6] if len(item) > 6 else item[3:5] for item in items]
    with ThreadPoolExecutor(WRITERS) as writer:
        pending = [writer.submit(_write, out / item[2], _centred(rgb, size, item[3:5]), item[3], item[4], item[5])
                   for item, size, rgb in zip(items, sizes, render_pages(pdf, sizes, raw=True))]
        stamps = [f.result() for f in pending]
    return [(item[2], warn, stamp) for item, warn, stamp in zip(items, warnings, stamps)]


def _centred(rgb, size, canvas):
    """RGB rows of a face `size` (w, h) px centred on a white image `canvas` (w, h) px; as they are when the
    two are one size."""
    (w, h), (cw, ch) = tuple(size), tuple(canvas)
    if (w, h) == (cw, ch):
        return rgb
    import numpy as np  # lazy: +129 ms to import (benchmarks/imports.py)
    out = np.full((ch, cw, 3), 255, np.uint8)
    top, left = (ch - h) // 2, (cw - w) // 2
    out[top:top + h, left:left + w] = np.frombuffer(rgb, np.uint8).reshape(h, w, 3)
    return out


def _resolution(face, who_: str, folder) -> list[str]:
    """A warning for each raster picture that prints blurred (as pnp build warns), and a note for each other
    one the shop would find under its resolution ("note: " marks it: the export command prints it so)."""
    s = shop(shared("shop"))
    judged = f"{s.name} judges an upload at {s.dpi} dpi"
    blurred = f"under {WARN_DPI} dpi it prints blurred, and {judged}"
    return warnings([(who_, face)], folder, WARN_DPI, blurred, aim=s.dpi) + \
        [f"note: {line}" for line in warnings([(who_, face)], folder, s.dpi, judged, at_least=WARN_DPI)]


def _write(path: Path, rgb, width: int, height: int, turn: bool) -> dict:
    from ..render.png import encode_png, turn_rgb  # lazy: +10 ms to import (benchmarks/imports.py)
    from .trust import stamp  # lazy: +3 ms to import (benchmarks/imports.py)
    if turn:
        rgb, width, height = turn_rgb(rgb, width, height)
    data = encode_png(rgb, DPI, size=(width, height))
    write_atomic(path, data)
    return stamp(path, data)
