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
from functools import lru_cache

from ..layout.face import Image, Line, Rect, Text
from ..render.svg import drawing
from ..reportlab_adapter import use_form
from reportlab.lib.rl_accel import fp_str

PATCH_DPI = 600                 # a patch over type, lines, strokes, an SVG or a picture finer than PLAIN_DPI
PLAIN_DPI = 300                 # a patch over fills and pictures alone: a print's resolution, a quarter of the pixels
PLAIN_STROKE = 1.0              # points: a line or stroke this wide is 4 pixels at PLAIN_DPI, and prints so
VEIL_DPI = 200                  # a see-through panel is composited at the picture's pixels drawn at least this fine
_MARGIN = 0.5                   # points around an operation's box: its anti-aliased edge
_NEAR = _MARGIN + 72 / PLAIN_DPI    # points: a patch's box (its margin, grown to whole pixels) reaches this far


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


def veils(face, grounded: dict) -> dict:
    """{index of a picture: ((index of a see-through operation over it, the veil: how it is composited), ...)}: a
    see-through shape (not type, a picture, a line or a stroke under PLAIN_STROKE: nothing finer than a print's
    resolution shows) lying wholly on what shows of one opaque raster picture (or one flattened onto its ground:
    `grounded`) drawn at VEIL_DPI or finer, with nothing beneath it but that picture and its other veils, is no
    patch: it is composited onto the picture's own pixels (veil.py), and the picture, so veiled, converted once for
    every face that shows it so. A veil is ("panel", x0, y0, x1, y1 in pixels from the picture's top-left, its
    corners' radius across and down, fill, opacity) for a rectangle of one colour seen through by its opacity alone,
    unturned and unstroked (composited in numpy), else ("shape", column, row, columns, rows, pixels a point across
    and down, the operation) over the pixels its bounds reach (rendered alone by pdfium, then composited)."""
    out: dict = {}
    of: dict = {}                       # index of a veil -> index of its picture
    for i, op in enumerate(face.ops):
        t = type(op)
        if t in (Image, Text, Line) or not see_through(op) or (getattr(op, "stroke", None) is not None
                                                               and op.stroke_width < PLAIN_STROKE):
            continue
        x0, y0, x1, y1 = op.bounds()
        beneath = None
        for k in range(i - 1, -1, -1):        # near it too: a patch's box reaches past its operation's bounds
            ox0, oy0, ox1, oy1 = face.ops[k].bounds()
            if ox1 + _NEAR <= x0 or ox0 - _NEAR >= x1 or oy1 + _NEAR <= y0 or oy0 - _NEAR >= y1:
                continue
            if k in of:                 # another veil of the same picture, composited before this one
                beneath = of[k] if beneath in (None, of[k]) else -1
                continue
            if beneath in (None, k):
                beneath = k
            else:
                beneath = -1
            break
        drawn = _veilable(face, beneath, grounded) if beneath is not None and beneath >= 0 else None
        if drawn is None:
            continue
        (dx, dy, dw, dh), (sx0, sy0, sx1, sy1), (iw, ih) = drawn
        if not (sx0 <= x0 and sy0 <= y0 and x1 <= sx1 and y1 <= sy1):
            continue
        kx, ky = iw / dw, ih / dh
        if t is Rect and not op.rotate and op.stroke is None and not op.blur and type(op.fill) is str \
                and len(op.fill) == 7:
            r = min(op.radius, op.w / 2, op.h / 2)
            veil = ("panel",) + tuple(round(v, 4) for v in (
                (op.x - dx) * kx, (dy + dh - op.y - op.h) * ky, (op.x + op.w - dx) * kx, (dy + dh - op.y) * ky,
                r * kx, r * ky)) + (op.fill.lower(), round(op.opacity, 4))
        else:
            c0, r0 = max(0, math.floor((x0 - dx) * kx)), max(0, math.floor((dy + dh - y1) * ky))
            c1, r1 = min(iw, math.ceil((x1 - dx) * kx)), min(ih, math.ceil((dy + dh - y0) * ky))
            if c0 >= c1 or r0 >= r1:
                continue
            veil = ("shape", c0, r0, c1 - c0, r1 - r0, (dx, dy + dh, kx, ky), op)
        out.setdefault(beneath, []).append((i, veil))
        of[i] = beneath
    return {j: tuple(v) for j, v in out.items()}


def _veilable(face, j: int, grounded: dict):
    """For a picture a panel may be composited onto (veils()): ((x, y, w, h) it is drawn at, the box of what shows of
    it, (its width, height in pixels)); else None."""
    from ..pictures.images import BadImage, dpi, fitted, is_svg, known  # lazy: +25 ms to import (benchmarks/imports.py)
    op = face.ops[j]
    if type(op) is not Image or op.opacity < 1.0 or op.tint is not None or op.rotate or op.radius or op.crop \
            or op.zoom != 1.0 or op.clip or is_svg(op.path) or (see_through(op) and j not in grounded):
        return None
    try:
        info = known(op.path)
    except (BadImage, OSError):
        return None
    r = info.stored
    if not r or r.format not in ("PNG", "JPEG") or (r.format == "JPEG" and r.colour == 4):
        return None
    iw, ih = int(info.width), int(info.height)
    x, y, w, h = fitted(op.x, op.y, op.w, op.h, iw, ih, op.fit, op.fx, op.fy)
    if w <= 0 or h <= 0 or dpi(iw, ih, w, h) < VEIL_DPI:
        return None
    if _profiled(op.path, info.digest) if info.digest else _profiled.__wrapped__(op.path, None):
        return None
    b = face.bleed
    shows = (max(x, op.x, -b), max(y, op.y, -b), min(x + w, op.x + op.w, face.width + b),
             min(y + h, op.y + op.h, face.height + b))
    return (x, y, w, h), shows, (iw, ih)


@lru_cache(maxsize=4096)
def _profiled(path: str, digest: str | None) -> bool:
    """Whether the picture at `path` (of this digest: asked once a process) carries an ICC profile of its own (its
    colours are not sRGB's)."""
    from PIL import Image as Picture  # lazy: +0 ms to import (benchmarks/imports.py)
    with Picture.open(path) as im:
        return bool(im.info.get("icc_profile"))


def marks(face, dpi: int = PATCH_DPI, grounded=None, veiled=()) -> list:
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
        if i in grounded or i in veiled or not see_through(op):
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
    (grounds()), drawn flattened onto that colour, a picture under see-through panels (veils()) with them
    composited onto its pixels, the panels not drawn."""
    grounded = grounds(face)
    veiled = veils(face, grounded)
    panels = {i for v in veiled.values() for i, _ in v}
    marked = marks(face, dpi, grounded, panels)
    pictures = {i: (grounded.get(i), tuple(p for _, p in veiled.get(i, ()))) for i in {*grounded, *veiled}}
    start = 0
    if marked:
        names = ink.patches(c, face, [(last, b) for _, last, b in marked], dpi)
        for (first, last, (x0, y0, x1, y1, _w, _h)), name in zip(marked, names):
            if first > start:
                _draw(c, face, start, first, ink, pictures, panels)
            c.addLiteral(f"q {fp_str(x1 - x0, 0, 0, y1 - y0, x0, y0)} cm {use_form(c, name)} Q")
            start = last + 1
    if start < len(face.ops):
        _draw(c, face, start, len(face.ops), ink, pictures, panels)


def _draw(c, face, start: int, end: int, ink, pictures: dict, panels: set) -> None:
    """The face's operations start to end (none of them a patch) in the ink's CMYK, a picture of `pictures` ({index:
    (ground, veils)}) flattened onto its ground and under its panels, the panels (`panels`) not drawn."""
    from ..render.draw import draw_ops  # lazy: +3 ms to import (benchmarks/imports.py)
    for i in sorted(k for k in {*pictures, *panels} if start <= k < end):
        if i > start:
            draw_ops(c, face.ops[start:i], ink)
        if i in pictures:
            draw_ops(c, face.ops[i:i + 1], ink.on(*pictures[i]))
        start = i + 1
    if start < end:
        draw_ops(c, face.ops[start:end], ink)
