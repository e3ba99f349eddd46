"""See-through shapes composited onto a picture's own pixels, for a print shop's CMYK file (flatten.veils).

A see-through shape that lies on an opaque picture is drawn into the picture's pixels rather than rendered as a
patch with the picture beneath it, composited in sRGB as the RGB PDF's viewer composites it:
- a panel (a rectangle of one colour, its corners maybe rounded, seen through by its opacity): each pixel takes the
  panel's colour by the panel's opacity times how much of the pixel the panel covers (its edges and rounded corners
  anti-aliased at the picture's own resolution), in numpy;
- any other shape: rendered alone by pdfium over nothing (its colour and coverage, RGBA) on the picture's pixel grid
  over the pixels its bounds reach, then composited onto them.
The picture is then converted as any picture is (cmyk.Ink.convert).
Not here: which panels qualify (flatten.veils), the conversion (cmyk.py).
"""
from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

KEPT = 64                       # shapes rendered kept at once in a process (the same seal on every card of a size)


def veiled(path: str, ground: str | None, veils: tuple):
    """The picture at `path` as an RGB image, any transparency flattened onto `ground` ('#rrggbb'; None: white),
    each of `veils` (flatten.veils: a panel, ("panel", x0, y0, x1, y1 in pixels from its top-left, corner radius
    across and down, '#rrggbb', opacity), or a shape) composited onto it in turn: pasted through its coverage (what
    Pillow's composite does) over the pixels it reaches, the rest of the picture not copied."""
    under = "white" if ground is None else tuple(int(ground[i:i + 2], 16) for i in (1, 3, 5))
    with Image.open(path) as im:
        im.load()
        if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
            rgba = im if im.mode == "RGBA" else im.convert("RGBA")
            flat = Image.new("RGB", rgba.size, under)
            flat.paste(rgba, mask=rgba)                     # an RGBA mask: its alpha, not copied out
        else:
            flat = (im.convert("L") if im.mode in ("I;16", "I", "F") else im).convert("RGB")     # as cmyk.raster reads it
    shapes = iter(_rendered([v for v in veils if v[0] == "shape"]))
    for veil in veils:
        if veil[0] == "panel":
            _composite(flat, *veil[1:])
        else:
            _, c0, r0 = veil[:3]
            shape = next(shapes)
            flat.paste(shape.convert("RGB"), (c0, r0), shape.getchannel("A"))
    return flat


def _rendered(shapes: list) -> list:
    """Each ("shape", column, row, columns, rows, (x, y of the picture's top-left in points, pixels a point across
    and down), operation) rendered alone by pdfium over nothing on the picture's pixel grid: RGBA images, each
    rendered once a process (the same seal on every card of a size: one render)."""
    out = []
    for s in shapes:
        try:
            out.append(_kept_shape(type(s[-1]).__name__, s))     # the kind too: records of equal values are equal
        except TypeError:               # an operation holding a list: not kept, rendered each time
            out.append(_shape(s))
    return out


def rendered_ahead(pictures: list) -> list:
    """Of `pictures` (the veils of each), those whose shapes are now rendered and kept in this process (rendered
    here: pdfium is not made for threads), so that each can be made on another thread (export/inkstreams.py): all
    of them, unless a shape cannot be kept (it holds a list) or there are more than are kept at once."""
    try:
        shapes = {(type(s[-1]).__name__, s): None for veils in pictures for s in veils if s[0] == "shape"}
        if len(shapes) > KEPT:
            raise TypeError("more shapes than are kept")
        for kind, s in shapes:
            _kept_shape(kind, s)
    except TypeError:
        return [veils for veils in pictures if not any(s[0] == "shape" for s in veils)]
    return list(pictures)


@lru_cache(maxsize=KEPT)
def _kept_shape(kind: str, shape: tuple):
    return _shape(shape)


def _shape(shape: tuple):
    _, c0, r0, w, h, (left, top, kx, ky), op = shape
    from ..render.draw import draw_ops  # lazy: +3 ms to import (benchmarks/imports.py)
    from ..render.pdf import new_canvas, pdf_bytes  # lazy: +13 ms to import (benchmarks/imports.py)
    from ..render.png import render_pages  # lazy: +19 ms to import (benchmarks/imports.py)
    buf = io.BytesIO()
    c = new_canvas(buf, (w / kx, h / ky))
    c.translate(-(left + c0 / kx), -(top - (r0 + h) / ky))
    draw_ops(c, [op])
    c.showPage()
    (image,) = render_pages(pdf_bytes(c, buf), [(w, h)], alpha=True)
    return image


def _composite(flat, x0: float, y0: float, x1: float, y1: float, rx: float, ry: float, fill: str,
               opacity: float) -> None:
    """One panel composited onto the RGB image `flat` in place."""
    import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
    w, h = flat.size
    c0, c1 = max(0, int(np.floor(x0))), min(w, int(np.ceil(x1)))
    r0, r1 = max(0, int(np.floor(y0))), min(h, int(np.ceil(y1)))
    if c0 >= c1 or r0 >= r1:
        return
    cols = np.arange(c0, c1, dtype=np.float32)
    rows = np.arange(r0, r1, dtype=np.float32)
    across = np.clip(np.minimum(cols + 1, x1) - np.maximum(cols, x0), 0, 1)      # how much of each pixel it covers
    down = np.clip(np.minimum(rows + 1, y1) - np.maximum(rows, y0), 0, 1)
    cover = down[:, None] * across[None, :]
    if rx > 0 and ry > 0:                       # the rounded corners: coverage by the distance from the curve
        cx, cy = cols + 0.5, rows + 0.5
        ex = np.where(cx < x0 + rx, x0 + rx - cx, np.where(cx > x1 - rx, cx - (x1 - rx), 0)) / rx
        ey = np.where(cy < y0 + ry, y0 + ry - cy, np.where(cy > y1 - ry, cy - (y1 - ry), 0)) / ry
        corner = (ex[None, :] > 0) & (ey[:, None] > 0)
        d = np.sqrt(ex[None, :] ** 2 + ey[:, None] ** 2)
        edge = np.clip((1 - d) * min(rx, ry) + 0.5, 0, 1)
        cover = np.where(corner, np.minimum(cover, edge), cover)
    mask = Image.fromarray(np.rint(cover * (opacity * 255)).astype(np.uint8), "L")     # in 255ths
    flat.paste(Image.new("RGB", mask.size, tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))), (c0, r0), mask)
