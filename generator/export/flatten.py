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

from ..layout.face import Ellipse, Image, Polygon, Rect
from ..render.svg import drawing
from ..reportlab_adapter import use_form
from reportlab.lib.rl_accel import fp_str

PATCH_DPI = 600
_MARGIN = 0.5                   # points around an operation's box: its anti-aliased edge


def see_through(op) -> bool:
    """Whether the operation `op` is drawn with any transparency."""
    t = type(op)
    if t is Rect or t is Ellipse or t is Polygon:       # a gradient too: what is flattened over it must match
        return op.opacity < 1.0 or type(op.fill) is tuple
    if t is not Image:
        return False
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
    t = type(op)
    if t is Polygon:
        xs, ys = [p[0] for p in op.points], [p[1] for p in op.points]
        grow = 2 * op.stroke_width if op.stroke else 0.0          # a mitred corner reaches past the point
        x0, y0, x1, y1 = min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow
    elif op.rotate:             # an image, a rect or an ellipse turned about (cx, cy): its corners' bounds
        a = math.radians(op.rotate)
        grow = getattr(op, "stroke_width", 0.0) if getattr(op, "stroke", None) else 0.0
        corners = [(op.x - grow, op.y - grow), (op.x + op.w + grow, op.y - grow), (op.x - grow, op.y + op.h + grow),
                   (op.x + op.w + grow, op.y + op.h + grow)]
        turned = [(op.cx + (x - op.cx) * math.cos(a) - (y - op.cy) * math.sin(a),
                   op.cy + (x - op.cx) * math.sin(a) + (y - op.cy) * math.cos(a)) for x, y in corners]
        x0, y0 = min(p[0] for p in turned), min(p[1] for p in turned)
        x1, y1 = max(p[0] for p in turned), max(p[1] for p in turned)
    else:
        grow = getattr(op, "stroke_width", 0.0) / 2 if getattr(op, "stroke", None) else 0.0
        x0, y0, x1, y1 = op.x - grow, op.y - grow, op.x + op.w + grow, op.y + op.h + grow
    b = face.bleed
    x0, y0 = max(-b, x0 - _MARGIN), max(-b, y0 - _MARGIN)
    x1, y1 = min(face.width + b, x1 + _MARGIN), min(face.height + b, y1 + _MARGIN)
    wpx, hpx = max(1, math.ceil((x1 - x0) * dpi / 72 - 1e-9)), max(1, math.ceil((y1 - y0) * dpi / 72 - 1e-9))
    return (x0, y0, x0 + wpx * 72 / dpi, y0 + hpx * 72 / dpi, wpx, hpx)


def marks(face, dpi: int = PATCH_DPI) -> list:
    """[(index of each see-through operation of the face, the box its patch covers at `dpi`: box())]."""
    return [(i, box(op, face, dpi)) for i, op in enumerate(face.ops) if see_through(op)]


def render_patches(face, marked: list) -> list:
    """The RGB PIL image of each patch `marked` [(index, box)]: the face as it stands once that operation is drawn,
    composited as the RGB PDF composites it (pdfium renders one PDF of a page a patch)."""
    from ..render.draw import draw_ops  # lazy: +3 ms to import (benchmarks/imports.py)
    from ..render.pdf import new_canvas, pdf_bytes  # lazy: +13 ms to import (benchmarks/imports.py)
    from ..render.png import render_pages  # lazy: +19 ms to import (benchmarks/imports.py)
    buf = io.BytesIO()
    c = new_canvas(buf, (100, 100))
    for i, (x0, y0, x1, y1, _w, _h) in marked:
        c.setPageSize((x1 - x0, y1 - y0))
        c.translate(-x0, -y0)
        draw_ops(c, face.ops[:i + 1])
        c.showPage()
    return list(render_pages(pdf_bytes(c, buf), [(b[4], b[5]) for _, b in marked]))


def draw_face(c, face, ink, dpi: int = PATCH_DPI) -> None:
    """The face's operations onto canvas `c` in the ink's CMYK, each see-through one replaced by its patch: an image
    XObject made once for all the pages and documents that show it (inkstreams.py)."""
    from ..render.draw import draw_ops  # lazy: +3 ms to import (benchmarks/imports.py)
    marked = marks(face, dpi)
    start = 0
    if marked:
        for (i, (x0, y0, x1, y1, _w, _h)), name in zip(marked, ink.patches(c, face, marked, dpi)):
            if i > start:
                draw_ops(c, face.ops[start:i], ink)
            c.addLiteral(f"q {fp_str(x1 - x0, 0, 0, y1 - y0, x0, y0)} cm {use_form(c, name)} Q")
            start = i + 1
    if start < len(face.ops):
        draw_ops(c, face.ops[start:], ink)
