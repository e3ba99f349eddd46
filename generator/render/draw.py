"""The one drawing path: a Face's ops onto a reportlab canvas. PDF pages and PNG images both use it."""
from __future__ import annotations

import math

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..layout.face import Ellipse, Image, Line, Rect, Text

_colours: dict = {}


def colour(hexstr):
    c = _colours.get(hexstr)
    if c is None:
        c = _colours[hexstr] = HexColor(hexstr)
    return c


def _texts(c, run) -> None:
    """Consecutive Text ops in one PDF text object: one BT/ET, no canvas state churn."""
    tx = c.beginText()
    font = fill = None
    for op in run:
        x = op.x
        if op.align != "left":
            w = stringWidth(op.text, op.font, op.size)
            x -= w / 2 if op.align == "center" else w
        if op.rotate:
            a = math.radians(op.rotate)
            cos, sin = round(math.cos(a), 12), round(math.sin(a), 12)
            dx, dy = x - op.cx, op.y - op.cy
            tx.setTextTransform(cos, sin, -sin, cos, op.cx + cos * dx - sin * dy, op.cy + sin * dx + cos * dy)
        else:
            tx.setTextOrigin(x, op.y)
        if font != (op.font, op.size):          # the text state carries over inside one BT ... ET
            font = (op.font, op.size)
            tx.setFont(op.font, op.size)
        if fill != op.colour:
            fill = op.colour
            tx.setFillColor(colour(op.colour))
        tx.textOut(op.text)
    c.drawText(tx)


def draw_ops(c, ops) -> None:
    i, n = 0, len(ops)
    while i < n:
        op = ops[i]
        t = type(op)
        if t is Text:
            j = i
            while j < n and type(ops[j]) is Text:
                j += 1
            _texts(c, ops[i:j])
            i = j
            continue
        i += 1
        if t is Rect:
            _paint(c, op)
            if op.radius:
                c.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
            else:
                c.rect(op.x, op.y, op.w, op.h, stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
        elif t is Line:
            c.setStrokeColor(colour(op.stroke))
            c.setLineWidth(op.stroke_width)
            c.setDash(list(op.dash)) if op.dash else c.setDash()
            c.line(op.x1, op.y1, op.x2, op.y2)
            if op.dash:
                c.setDash()
        elif t is Ellipse:
            _paint(c, op)
            c.ellipse(op.x, op.y, op.x + op.w, op.y + op.h, stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
        elif t is Image:
            c.drawImage(op.path, op.x, op.y, op.w, op.h, preserveAspectRatio=True, anchor="c", mask="auto")


def _paint(c, op):
    if op.fill:
        c.setFillColor(colour(op.fill))
    if op.stroke:
        c.setStrokeColor(colour(op.stroke))
        c.setLineWidth(op.stroke_width)


def draw_cut_guide(c, face, x, y, width=0.3, hexstr="#808080") -> None:
    """Round items get their trim line drawn as a thin circle: the guide for scissors."""
    if face.shape == "circle":
        c.setStrokeColor(colour(hexstr))
        c.setLineWidth(width)
        c.ellipse(x, y, x + face.width, y + face.height, stroke=1, fill=0)
