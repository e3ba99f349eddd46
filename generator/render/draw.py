"""The one drawing path: a Face's ops onto a reportlab canvas. PDF pages and PNG images both use it.

reportlab keeps the document: pages, forms, images, the fonts and their subsets. The face's own ops
are a handful of PDF operators each (a colour, a rectangle, a line of text), which this module writes
straight into the page's content as reportlab's own canvas methods would write them, without the
per-call bookkeeping that made drawing a card's ops cost more than laying them out (README,
Performance). Curved paths (round corners, ellipses) are still reportlab's, made once per shape and size;
a Polygon's closed path is written here, once per polygon and place; a dash is set around the one path it
dashes, and transparency (a shape's opacity under 1) goes through the canvas, which keeps the page's
graphics states.
Pictures (PNG, JPEG, SVG) are placed by pictures.py, the one place they enter a document.
An `ink` handed to draw_ops (export/cmyk.py's Ink: a print shop's CMYK PDF) writes every colour operator
(ink.paint) and converts every picture (pictures.py); without one, colours are written as sRGB, as always.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.pathobject import PDFPathObject

from ..layout.face import Ellipse, Image, Line, Polygon, Rect, Text
from ..layout.shapes import is_hex, piece_outline
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


def _paint(hexstr: str, op: str, ink=None, width: float | None = None) -> str:
    """'r g b rg' (fill, op='rg') or 'r g b RG' (stroke) for '#rrggbb', as reportlab writes it; with an `ink`,
    what it writes instead (`width`: 0 for text, a line's or stroke's width, None for a filled area)."""
    if ink is not None:
        return ink.paint(hexstr, op, width)
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


def _texts(out: list, doc, run, ink=None) -> None:
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
            out.append(_paint(fill, "rg", ink, 0.0))
        for sub, chars in split_string(font, op.text, doc):
            if sub != subset:
                subset = sub
                out.append(f"{subset_name(font, sub, doc)} {fp_str(size)} Tf")
            out.append(f"({escapePDF(chars)}) Tj")
    out.append("ET")


def draw_ops(c, ops, ink=None) -> None:
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
            _texts(out, doc, ops[i:j], ink)
            i = j
            continue
        i += 1
        if t is Rect or t is Ellipse:
            if (op.dash and op.stroke) or op.opacity < 1.0:
                _shape(c, out, op, _outline(op), ink)
                continue
            if op.fill:
                out.append(_paint(op.fill, "rg", ink))
            if op.stroke:
                out.append(_paint(op.stroke, "RG", ink, op.stroke_width))
                out.append(f"{fp_str(op.stroke_width)} w")
            out.append(_outline(op))
        elif t is Line:
            out.append(_paint(op.stroke, "RG", ink, op.stroke_width))
            out.append(f"{fp_str(op.stroke_width)} w")
            if op.dash:
                out.append(f"[{fp_str(*op.dash)}] 0 d")
            out.append(f"n {fp_str(op.x1, op.y1)} m {fp_str(op.x2, op.y2)} l S")
            if op.dash:
                out.append("[] 0 d")
        elif t is Polygon:
            _shape(c, out, op, f"{_polygon_path(op.points)} {PAINT[bool(op.stroke), bool(op.fill)]}", ink)
        elif t is Image:
            from .pictures import operators, place
            drawn = operators(c, op, ink)
            if drawn is not None:
                out.append(drawn)
                continue
            if out:
                c.addLiteral("\n".join(out))
                out = []
            place(c, op, ink)
    if out:
        c.addLiteral("\n".join(out))


def _outline(op) -> str:
    """A Rect's or an Ellipse's path and its paint operator."""
    paint = PAINT[bool(op.stroke), bool(op.fill)]
    if type(op) is Ellipse:
        return f"{_path('ellipse', op.x, op.y, op.w, op.h)} {paint}"
    if op.radius:
        return f"{_path('round', op.x, op.y, op.w, op.h, op.radius)} {paint}"
    return f"{fp_str(op.x, op.y, op.w, op.h)} re {paint}"


def _polygon_path(points) -> str:
    """'x y m x y l ... h': a closed path through the points, made once for each polygon and place."""
    key = ("polygon", points)
    s = _paths.get(key)
    if s is None:
        (x0, y0), rest = points[0], points[1:]
        s = _paths[key] = " ".join([f"{fp_str(x0, y0)} m"] + [f"{fp_str(x, y)} l" for x, y in rest] + ["h"])
    return s


def _shape(c, out: list, op, outline: str, ink=None) -> None:
    """A Polygon, or a dashed or see-through Rect or Ellipse: its colours, its dash set around its path and
    paint operator (`outline`) and unset after, see-through when its opacity is under 1 (_see_through)."""
    ops = []
    if op.fill:
        ops.append(_paint(op.fill, "rg", ink))
    if op.stroke:
        ops.append(_paint(op.stroke, "RG", ink, op.stroke_width))
        ops.append(f"{fp_str(op.stroke_width)} w")
        if op.dash:
            ops.append(f"[{fp_str(*op.dash)}] 0 d")
    ops.append(outline)
    if op.stroke and op.dash:
        ops.append("[] 0 d")
    _see_through(c, out, ops, op.opacity)


def _see_through(c, out: list, ops: list, opacity: float) -> None:
    """A shape's operators: added to `out` when opaque; with an opacity under 1, inside q ... Q with the
    canvas's own transparency state (an ExtGState the page or form lists among its resources)."""
    if opacity >= 1.0:
        out.extend(ops)
        return
    if out:
        c.addLiteral("\n".join(out))
        out.clear()
    c.saveState()
    c.setFillAlpha(opacity)
    c.setStrokeAlpha(opacity)
    c.addLiteral("\n".join(ops))
    c.restoreState()


def needs_page(ops) -> bool:
    """Whether ops must be drawn straight onto a page, never into a form XObject: a see-through shape's
    graphics state is listed in the page's resources, and reportlab lists none in a form's."""
    return any(type(op) in _SEE_THROUGH and op.opacity < 1.0 for op in ops)


_SEE_THROUGH = (Polygon, Rect, Ellipse)


def draw_cut_guide(c, face, x, y, width=0.3, hexstr="#808080") -> None:
    """Round items get their trim line drawn as a thin circle, hex pieces as a thin hexagon: the guide for
    scissors."""
    if face.shape == "circle":
        c.setStrokeColor(colour(hexstr))
        c.setLineWidth(width)
        c.ellipse(x, y, x + face.width, y + face.height, stroke=1, fill=0)
    elif is_hex(face.shape):
        c.setStrokeColor(colour(hexstr))
        c.setLineWidth(width)
        path = c.beginPath()
        corners = piece_outline(face.shape, face.width, face.height)
        path.moveTo(x + corners[0][0], y + corners[0][1])
        for cx, cy in corners[1:]:
            path.lineTo(x + cx, y + cy)
        path.close()
        c.drawPath(path, stroke=1, fill=0)
