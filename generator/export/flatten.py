"""A face drawn in CMYK with no transparency left, for PDF/X-1a (which allows none): see-through shapes,
pictures with transparency and tinted raster icons flattened onto what is beneath them.

A face's operations are drawn in order. Those that see through (a shape with opacity under 1, or filled with a
gradient, which is converted as pixels so that what is flattened over it matches it; a PNG with
an alpha channel or a transparent palette entry; a raster icon drawn in one colour, whose alpha or
darkness is its coverage; an SVG with any opacity under 1 or a picture inside it) are each replaced by a
patch: the face as it stands once that operation is drawn (every operation before it and itself,
composited as the RGB PDF composites them), rendered by pdfium at PATCH_DPI over the operation's
bounding box only, converted to CMYK by the ink and placed there as an opaque picture. What lies
outside the box is untouched vectors; what is drawn after it is drawn over it as vectors. So the
flattened page shows what the RGB page shows, the composite made in sRGB and converted once (a PDF/X-4
RIP would composite in CMYK instead: the two differ slightly where a see-through colour is out of the
press's gamut). Text and lines that lie under a see-through shape, inside its box, are pixels of the
patch at PATCH_DPI, in four-colour black: the price of flattening without cutting vectors into pieces.
Not here: the colours (cmyk.py), drawing the vectors (render/draw.py).
"""
from __future__ import annotations

import io
import math

from ..layout.face import Image
from ..render.svg import drawing
from reportlab.lib.utils import ImageReader

PATCH_DPI = 600
_MARGIN = 0.5                   # points around an operation's box: its anti-aliased edge


def see_through(op) -> bool:
    """Whether the operation `op` is drawn with any transparency: as it declares (op.see_through():
    layout/regions/facts.py; a gradient too, so that what is flattened over it matches), and a picture as its
    file is."""
    if type(op) is not Image:
        return op.see_through()
    if op.opacity < 1.0:
        return True
    from ..pictures.images import is_svg, known  # lazy: +25 ms to import (benchmarks/imports.py)
    if is_svg(op.path):
        return _svg_see_through(drawing(op.path, op.tint))
    if op.tint is not None:
        return True
    r = known(op.path).raster
    return bool(r) and (r.colour in (4, 6) or (r.colour == 3 and bool(r.transparency)))


def _svg_see_through(d) -> bool:
    from reportlab.graphics.shapes import Image as Picture  # lazy: +292 ms to import (benchmarks/imports.py)
    stack = [d]
    while stack:
        node = stack.pop()
        if isinstance(node, Picture):
            return True
        for attr in ("fillOpacity", "strokeOpacity"):
            v = getattr(node, attr, None)
            if v is not None and v < 1:
                return True
        for attr in ("fillColor", "strokeColor"):
            c = getattr(node, attr, None)
            if c is not None and getattr(c, "alpha", 1) < 1:
                return True
        if any(getattr(c, "alpha", 1) < 1 for c in getattr(node, "_rl_colors", None) or ()):
            return True
        stack.extend(getattr(node, "contents", ()) or ())
    return False


def box(op, face, dpi: int = PATCH_DPI) -> tuple:
    """The box (x0, y0, x1, y1, width px, height px) a patch for `op` covers: its bounds with its stroke and
    a margin, inside the face's trim plus bleed, grown to whole pixels at `dpi`."""
    x0, y0, x1, y1 = op.bounds()            # as its region type declares (layout/regions/facts.py)
    b = face.bleed
    x0, y0 = max(-b, x0 - _MARGIN), max(-b, y0 - _MARGIN)
    x1, y1 = min(face.width + b, x1 + _MARGIN), min(face.height + b, y1 + _MARGIN)
    wpx, hpx = max(1, math.ceil((x1 - x0) * dpi / 72 - 1e-9)), max(1, math.ceil((y1 - y0) * dpi / 72 - 1e-9))
    return (x0, y0, x0 + wpx * 72 / dpi, y0 + hpx * 72 / dpi, wpx, hpx)


def patches(face, dpi: int = PATCH_DPI) -> list:
    """[(index of a see-through operation, its box, the RGB PIL image of the face up to it over that box)]."""
    marks = [i for i, op in enumerate(face.ops) if see_through(op)]
    if not marks:
        return []
    from ..render.draw import draw_ops  # lazy: +3 ms to import (benchmarks/imports.py)
    from ..render.pdf import new_canvas, pdf_bytes  # lazy: +13 ms to import (benchmarks/imports.py)
    from ..render.png import render_pages  # lazy: +19 ms to import (benchmarks/imports.py)
    boxes = [box(face.ops[i], face, dpi) for i in marks]
    buf = io.BytesIO()
    c = new_canvas(buf, (100, 100))
    for i, (x0, y0, x1, y1, _w, _h) in zip(marks, boxes):
        c.setPageSize((x1 - x0, y1 - y0))
        c.translate(-x0, -y0)
        draw_ops(c, face.ops[:i + 1])
        c.showPage()
    images = render_pages(pdf_bytes(c, buf), [(b[4], b[5]) for b in boxes])
    return list(zip(marks, boxes, images))


def draw_face(c, face, ink, dpi: int = PATCH_DPI) -> None:
    """The face's operations onto canvas `c` in the ink's CMYK, each see-through one replaced by its patch."""

    from ..render.draw import draw_ops  # lazy: +3 ms to import (benchmarks/imports.py)
    start = 0
    for i, (x0, y0, x1, y1, _w, _h), rgb in patches(face, dpi):
        if i > start:
            draw_ops(c, face.ops[start:i], ink)
        c.drawImage(ImageReader(ink.pixels(rgb)), x0, y0, x1 - x0, y1 - y0)
        start = i + 1
    if start < len(face.ops):
        draw_ops(c, face.ops[start:], ink)
