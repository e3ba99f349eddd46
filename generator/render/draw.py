"""The one drawing path: a Face's ops onto a reportlab canvas. PDF pages and PNG images both use it.

reportlab keeps the document: pages, forms, images, the fonts and their subsets. The face's own ops
are a handful of PDF operators each (a colour, a rectangle, a line of text), which this module writes
straight into the page's content as reportlab's own canvas methods would write them, without the
per-call bookkeeping that made drawing a card's ops cost more than laying them out (README,
Performance). Curved paths (round corners, ellipses) are still reportlab's, made once per shape and size.
"""
from __future__ import annotations

import hashlib
import math
import os

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.pathobject import PDFPathObject

from ..layout.face import Ellipse, Image, Line, Rect, Text
from ..reportlab_adapter import document, split_string, subset_name

_colours: dict = {}
_paints: dict = {}
_paths: dict = {}
PAINT = {(0, 0): "n", (1, 0): "S", (0, 1): "f", (1, 1): "B"}      # (stroke, fill) -> operator


def colour(hexstr):
    c = _colours.get(hexstr)
    if c is None:
        c = _colours[hexstr] = HexColor(hexstr)
    return c


def _paint(hexstr: str, op: str) -> str:
    """'r g b rg' (fill, op='rg') or 'r g b RG' (stroke) for '#rrggbb', as reportlab writes it."""
    key = (hexstr, op)
    s = _paints.get(key)
    if s is None:
        c = colour(hexstr)
        s = _paints[key] = f"{fp_str(c.red, c.green, c.blue)} {op}"
    return s


def _path(kind: str, x, y, w, h, r=0.0) -> str:
    """A curved path's operators, made by reportlab's path object once for each shape, place and size."""
    key = (kind, x, y, w, h, r)
    s = _paths.get(key)
    if s is None:
        p = PDFPathObject()
        if kind == "ellipse":
            p.ellipse(x, y, w, h)
        else:
            p.roundRect(x, y, w, h, r)
        s = _paths[key] = p.getCode()
    return s


def _texts(out: list, doc, run) -> None:
    """Consecutive Text ops as one PDF text object: BT, for each line its matrix, font and colour
    (only when they change) and the text in the font's subsets, ET."""
    out.append("BT")
    font = fill = None
    size = 0.0
    subset = -1
    for op in run:
        x = op.x
        if op.align != "left":
            w = stringWidth(op.text, op.font, op.size)
            x -= w / 2 if op.align == "center" else w
        if op.rotate:
            a = math.radians(op.rotate)
            cos, sin = round(math.cos(a), 12), round(math.sin(a), 12)
            dx, dy = x - op.cx, op.y - op.cy
            out.append(f"{fp_str(cos, sin, -sin, cos, op.cx + cos * dx - sin * dy, op.cy + sin * dx + cos * dy)} Tm")
        else:
            out.append(f"1 0 0 1 {fp_str(x, op.y)} Tm")
        if font is None or font.fontName != op.font or size != op.size:
            font, size, subset = getFont(op.font), op.size, -1
        if fill != op.colour:
            fill = op.colour
            out.append(_paint(fill, "rg"))
        for sub, chars in split_string(font, op.text, doc):
            if sub != subset:
                subset = sub
                out.append(f"{subset_name(font, sub, doc)} {fp_str(size)} Tf")
            out.append(f"({escapePDF(chars)}) Tj")
    out.append("ET")


def draw_ops(c, ops) -> None:
    out: list = []
    doc = document(c)
    i, n = 0, len(ops)
    while i < n:
        op = ops[i]
        t = type(op)
        if t is Text:
            j = i
            while j < n and type(ops[j]) is Text:
                j += 1
            _texts(out, doc, ops[i:j])
            i = j
            continue
        i += 1
        if t is Rect or t is Ellipse:
            if op.fill:
                out.append(_paint(op.fill, "rg"))
            if op.stroke:
                out.append(_paint(op.stroke, "RG"))
                out.append(f"{fp_str(op.stroke_width)} w")
            paint = PAINT[bool(op.stroke), bool(op.fill)]
            if t is Ellipse:
                out.append(f"{_path('ellipse', op.x, op.y, op.w, op.h)} {paint}")
            elif op.radius:
                out.append(f"{_path('round', op.x, op.y, op.w, op.h, op.radius)} {paint}")
            else:
                out.append(f"{fp_str(op.x, op.y, op.w, op.h)} re {paint}")
        elif t is Line:
            out.append(_paint(op.stroke, "RG"))
            out.append(f"{fp_str(op.stroke_width)} w")
            if op.dash:
                out.append(f"[{fp_str(*op.dash)}] 0 d")
            out.append(f"n {fp_str(op.x1, op.y1)} m {fp_str(op.x2, op.y2)} l S")
            if op.dash:
                out.append("[] 0 d")
        elif t is Image:
            if out:
                c.addLiteral("\n".join(out))
                out = []
            _picture(c, op)
    if out:
        c.addLiteral("\n".join(out))


def _picture(c, op) -> None:
    """A picture (an image region, an icon in text) fitted into its box, centred, turned with its text, and
    tinted (drawn in one colour where it has ink) when it says so: through one form XObject per picture and
    colour in the document, named by the picture's bytes, so the PDF does not depend on where the file lies."""
    name, (pw, ph) = _form(c, op.path, op.tint)
    scale = min(op.w / pw, op.h / ph)
    w, h = pw * scale, ph * scale
    c.saveState()
    if op.rotate:
        c.translate(op.cx, op.cy)
        c.rotate(op.rotate)
        c.translate(-op.cx, -op.cy)
    c.transform(w, 0, 0, h, op.x + (op.w - w) / 2, op.y + (op.h - h) / 2)
    c.doForm(name)
    c.restoreState()


_digests: dict = {}         # (path, size, time) -> (the picture's digest, its size in pixels)


def _form(c, path: str, tint: str | None) -> tuple[str, tuple[int, int]]:
    """The name of the form that draws the picture at `path` (tinted) in a unit square, defined in `c`'s
    document the first time it is asked for; and the picture's size in pixels."""
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    known = _digests.get(key)
    if known is None:
        from PIL import Image as PILImage
        with open(path, "rb") as f:
            digest = hashlib.blake2b(f.read(), digest_size=10).hexdigest()
        with PILImage.open(path) as im:
            known = _digests[key] = (digest, im.size)
    digest, size = known
    name = f"pnpPic{digest}" + (tint or "").replace("#", "")
    if not c.hasForm(name):
        from reportlab.lib.utils import ImageReader
        c.beginForm(name, 0, 0, 1, 1)
        c.drawImage(_tinted(path, tint) if tint else ImageReader(path), 0, 0, 1, 1, mask="auto")
        c.endForm()
    return name, size


def _tinted(path: str, hexstr: str):
    """The picture at `path` in one colour: `hexstr` where it has ink (its alpha, or for an opaque picture its
    darkness), as an RGBA ImageReader."""
    from PIL import Image as PILImage
    from PIL import ImageOps
    from reportlab.lib.utils import ImageReader
    with PILImage.open(path) as im:
        im.load()
        rgba = im.convert("RGBA")
    alpha = rgba.getchannel("A")
    if alpha.getextrema()[0] == 255:         # opaque: its darkness is its ink
        alpha = ImageOps.invert(rgba.convert("L"))
    ink = PILImage.new("RGBA", rgba.size, hexstr)
    ink.putalpha(alpha)
    return ImageReader(ink)


def draw_cut_guide(c, face, x, y, width=0.3, hexstr="#808080") -> None:
    """Round items get their trim line drawn as a thin circle: the guide for scissors."""
    if face.shape == "circle":
        c.setStrokeColor(colour(hexstr))
        c.setLineWidth(width)
        c.ellipse(x, y, x + face.width, y + face.height, stroke=1, fill=0)
