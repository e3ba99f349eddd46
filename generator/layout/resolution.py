"""The resolution check: each raster picture's effective resolution at the size it is printed.

A PNG or JPEG of w x h pixels drawn W x H on the card prints at w / W (and h / H) pixels per inch; a
cropped (`cover`) picture is drawn larger than its box, so it is measured at the size it is drawn
(images.fitted), and a stretched one along the axis that has fewest. Under WARN_DPI it prints visibly
blurred: `pnp build`, `pnp proof`, the preview and the upload exports warn, naming the card and the file.
The Game Crafter and MakePlayingCards judge an upload at SHOP_DPI: their export notes each picture from
WARN_DPI up to that. SVG pictures are
vectors and print sharp at any size (the PNG or JPEG pictures written into an SVG are not measured).
Measured on the laid-out faces, so the faces a build took from the layout store are measured too. One figure
from every command (issue 47): a picture that reaches into the bleed is measured at the size it is drawn on the
trimmed card (its box cut back to the trim), so `pnp build` (2 mm bleed, or --bleed), `pnp proof` (none) and
each export (its shop's bleed) report the same dpi, and the message says so ("on the trimmed card").
Not here: reading the files (images.py), drawing them (render/placing.py).
"""
from __future__ import annotations

import os

from ..records import Record
from .display import Image, and_more, by_face
from .. import LAYOUTS

WARN_DPI = 150
SHOP_DPI = 300


class Low(Record):
    path: str               # the file, as the face draws it (absolute)
    region: str             # the template region that drew it
    dpi: float
    pixels: tuple           # (width, height) of the file
    drawn: tuple            # (width, height) in points, as drawn


def low(face, below: float = WARN_DPI, at_least: float = 0.0) -> list[Low]:
    """The raster pictures of `face` that print at fewer than `below` pixels per inch (and at `at_least` or
    more), in drawing order."""
    pictures = [op for op in face.ops if type(op) is Image]
    if not pictures:
        return []                       # (a face without pictures imports nothing of them)
    from ..pictures.images import BadImage, dpi, fitted, is_svg, known  # lazy: +22 ms to import (benchmarks/imports.py)
    out = []
    for op in pictures:
        if is_svg(op.path):
            continue
        try:
            info = known(op.path)       # as the build found it (images.py)
        except (BadImage, OSError):
            continue                    # laying the face out or drawing it reports the file
        x, y, bw, bh = trimmed(face, op)
        _, _, w, h = fitted(x, y, bw, bh, info.width, info.height, op.fit, op.fx, op.fy)
        if w <= 0 or h <= 0:
            continue
        found = dpi(info.width, info.height, w, h)
        if at_least - 1e-9 <= found < below - 1e-9:
            out.append(Low(op.path, op.region, found, (int(info.width), int(info.height)), (w, h)))
    return out


def trimmed(face, op) -> tuple[float, float, float, float]:
    """The picture's box on the trimmed card: a box grown into the bleed (regions/common.grow) cut back to the
    trim, which is the box it had with no bleed; a box inside the trim as it is."""
    x0, y0 = max(op.x, 0.0), max(op.y, 0.0)
    x1, y1 = min(op.x + op.w, face.width), min(op.y + op.h, face.height)
    if x1 <= x0 or y1 <= y0:
        return op.x, op.y, op.w, op.h
    return x0, y0, x1 - x0, y1 - y0


def shown(path: str, folder) -> str:
    """The file as the deck names it: its path inside the deck folder (or layouts/)."""
    for base in (folder, LAYOUTS):
        if base is None:
            continue
        try:
            rel = os.path.relpath(path, os.path.realpath(base))
        except ValueError:
            continue
        if not rel.startswith(".."):
            return rel.replace(os.sep, "/")
    return path


def describe(f: Low, folder, below: float = WARN_DPI, judged: str = "", aim: float | None = None) -> str:
    """'picture 'art/low.png' in region 'art' prints at 30 dpi (60 x 40 px drawn 50.0 x 33.3 mm); ...', asking
    for the pixels it needs at `aim` dpi (default: `below`)."""
    mm = 25.4 / 72
    need = tuple(max(1, round(d / 72 * (aim or below))) for d in f.drawn)
    why = judged or f"under {below} dpi it prints blurred"
    return (f"picture '{shown(f.path, folder)}' in region '{f.region}' prints at {f.dpi:.0f} dpi "
            f"({f.pixels[0]} x {f.pixels[1]} px drawn {f.drawn[0] * mm:.1f} x {f.drawn[1] * mm:.1f} mm on the "
            f"trimmed card); "
            f"{why}: give it at least {need[0]} x {need[1]} px")


def warnings(faces, folder, below: float = WARN_DPI, judged: str = "", at_least: float = 0.0,
             aim: float | None = None) -> list[str]:
    """One line per raster picture under `below` dpi (and at `at_least` or more), for each distinct face of
    `faces` ((who, face) pairs in drawing order, e.g. "card 'Low' (face)"), naming the card (and how many
    more show the same face); `judged` says why `below` matters, when it is not WARN_DPI."""
    seen = by_face(faces)
    order = list(seen)
    out = []
    for k in order:
        who, face, names = seen[k]
        more = and_more(len(names) - 1)
        for f in low(face, below, at_least):
            out.append(f"{who}{more}: {describe(f, folder, below, judged, aim)}")
    return out
