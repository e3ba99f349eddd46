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

from ..layout.face import Image, Line, Rect, Text
from ..render.svg import drawing
from ..reportlab_adapter import use_form
from reportlab.lib.rl_accel import fp_str

PATCH_DPI = 600                 # a patch over type, lines, strokes, an SVG or a picture finer than PLAIN_DPI
PLAIN_DPI = 300                 # a patch over fills and pictures alone: a print's resolution, a quarter of the pixels
PLAIN_STROKE = 1.0              # points: a line or stroke this wide is 4 pixels at PLAIN_DPI, and prints so
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
        return _svg_see_through(drawing(op.path, op.tint, op.families))
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


def grounds(face) -> dict:
    """{index of a raster picture that sees through by its own alpha (or its tint) alone: the one colour beneath
    it}: where all that lies under such a picture is one opaque rectangle's fill (or the paper), the picture is
    flattened onto that colour at its own pixels, in its place (cmyk.py's raster, drawn as any picture is), and
    is no patch: nothing is rendered, and the pixels converted are the picture's own, kept once for any face that
    shows it on the same colour."""
    from ..pictures.images import is_svg  # lazy: +25 ms to import (benchmarks/imports.py)
    out = {}
    for i, op in enumerate(face.ops):
        if type(op) is Image and op.opacity >= 1.0 and not is_svg(op.path) and see_through(op):
            colour = _ground(face, i)
            if colour is not None:
                out[i] = colour
    return out


def _ground(face, i: int) -> str | None:
    """The one colour beneath the whole of operation i's bounds (on the page: trim and bleed): the topmost
    operation under it that reaches into them, when that is an opaque, unturned rectangle of one colour whose fill
    covers them (its stroke and rounded corners clear of them), or '#ffffff' where nothing does; else None."""
    b = face.bleed
    x0, y0, x1, y1 = face.ops[i].bounds()
    x0, y0, x1, y1 = max(x0, -b), max(y0, -b), min(x1, face.width + b), min(y1, face.height + b)
    for op in reversed(face.ops[:i]):
        ox0, oy0, ox1, oy1 = op.bounds()
        if ox1 <= x0 or ox0 >= x1 or oy1 <= y0 or oy0 >= y1:
            continue
        if type(op) is not Rect or op.see_through() or op.rotate or type(op.fill) is not str:
            return None
        inset = op.stroke_width if op.stroke else 0.0
        if not (op.x + inset <= x0 and op.y + inset <= y0 and x1 <= op.x + op.w - inset
                and y1 <= op.y + op.h - inset):
            return None
        r = op.radius
        if r and not (op.y + r <= y0 and y1 <= op.y + op.h - r) and not (op.x + r <= x0 and x1 <= op.x + op.w - r):
            return None
        return op.fill.lower()
    return "#ffffff"


def marks(face, dpi: int = PATCH_DPI, grounded=None) -> list:
    """[(index of the first and of the last of each run of see-through operations of the face, the box its patch
    covers)]:
    see-through operations one right after another whose boxes overlap (a picture with an alpha channel, a
    see-through panel over it) are one patch, the face as it stands after the last of them over the union of their
    boxes (box()), when that is no more pixels than their own patches and no finer: each is drawn inside its own
    box, so nothing of them lies outside the union, and the pixels under them are rendered and converted once.
    Each patch is rendered at `dpi` where type, a line, a stroke, an SVG or a picture finer than PLAIN_DPI lies in
    it (fine()), else at PLAIN_DPI: fills and pictures print at 300 dpi, and the patch is a quarter of the pixels."""
    grounded = grounds(face) if grounded is None else grounded
    runs: list = []                     # (last index, box at `dpi`, fine, first index)
    for i, op in enumerate(face.ops):
        if i in grounded or not see_through(op):
            continue
        b = box(op, face, dpi)
        detail = fine(face, i, b)
        if runs and runs[-1][0] == i - 1 and runs[-1][2] == detail:
            a = runs[-1][1]
            union = _grown(min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]), dpi)
            if union[4] * union[5] <= a[4] * a[5] + b[4] * b[5] and fine(face, i, union) == detail:
                runs[-1] = (i, union, detail, runs[-1][3])
                continue
        runs.append((i, b, detail, i))
    return [(first, last, b if detail else _grown(b[0], b[1], b[2], b[3], PLAIN_DPI))
            for last, b, detail, first in runs]


def _grown(x0: float, y0: float, x1: float, y1: float, dpi: int) -> tuple:
    """(x0, y0, x1, y1, width px, height px): the box grown to whole pixels at `dpi`."""
    wpx, hpx = max(1, math.ceil((x1 - x0) * dpi / 72 - 1e-9)), max(1, math.ceil((y1 - y0) * dpi / 72 - 1e-9))
    return (x0, y0, x0 + wpx * 72 / dpi, y0 + hpx * 72 / dpi, wpx, hpx)


def fine(face, last: int, b) -> bool:
    """Whether the patch over `b` showing the face's operations up to `last` holds detail finer than PLAIN_DPI
    shows: type, a line or a stroke under PLAIN_STROKE wide, an SVG, or a raster picture drawn at more than
    PLAIN_DPI, that reaches into it
    (each operation's bounds as its region type declares them: layout/regions/facts.py)."""
    from ..pictures.images import BadImage, fitted, is_svg, known  # lazy: +25 ms to import (benchmarks/imports.py)
    for op in face.ops[:last + 1]:
        x0, y0, x1, y1 = op.bounds()
        if x1 < b[0] or x0 > b[2] or y1 < b[1] or y0 > b[3]:
            continue
        t = type(op)
        if t is Text or ((t is Line or getattr(op, "stroke", None)) and op.stroke_width < PLAIN_STROKE):
            return True
        if t is Image:
            if is_svg(op.path):
                return True
            try:
                info = known(op.path)
            except (BadImage, OSError):
                return True
            drawn_w = fitted(op.x, op.y, op.w, op.h, info.width, info.height, op.fit, op.fx, op.fy)[2]
            if drawn_w > 0 and info.width / (drawn_w / 72) > PLAIN_DPI + 1:
                return True
    return False


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
    """The face's operations onto canvas `c` in the ink's CMYK, each see-through one replaced by its patch (an image
    XObject made once for all the pages and documents that show it: inkstreams.py), or, a picture over one colour
    (grounds()), drawn flattened onto that colour."""
    grounded = grounds(face)
    marked = marks(face, dpi, grounded)
    start = 0
    if marked:
        names = ink.patches(c, face, [(last, b) for _, last, b in marked], dpi)
        for (first, last, (x0, y0, x1, y1, _w, _h)), name in zip(marked, names):
            if first > start:
                _draw(c, face, start, first, ink, grounded)
            c.addLiteral(f"q {fp_str(x1 - x0, 0, 0, y1 - y0, x0, y0)} cm {use_form(c, name)} Q")
            start = last + 1
    if start < len(face.ops):
        _draw(c, face, start, len(face.ops), ink, grounded)


def _draw(c, face, start: int, end: int, ink, grounded: dict) -> None:
    """The face's operations start to end (none of them a patch) in the ink's CMYK, a picture of `grounded`
    flattened onto its colour."""
    from ..render.draw import draw_ops  # lazy: +3 ms to import (benchmarks/imports.py)
    for i in sorted(k for k in grounded if start <= k < end):
        if i > start:
            draw_ops(c, face.ops[start:i], ink)
        draw_ops(c, face.ops[i:i + 1], ink.on(grounded[i]))
        start = i + 1
    if start < end:
        draw_ops(c, face.ops[start:end], ink)
