"""The one drawing path: a Face's ops onto a reportlab canvas. PDF pages and PNG images both use it.

reportlab keeps the document: pages, forms, images, the fonts and their subsets. The face's own ops
are a handful of PDF operators each (a colour, a rectangle, a line of text), which are written straight
into the page's content as reportlab's own canvas methods would write them, without the per-call
bookkeeping that made drawing a card's ops cost more than laying them out (README, Performance).
Each op is drawn by its region type's drawer (layout/regions/: DRAWERS), handed a Pen: this module's
shared machinery, which holds the operators pending for the canvas, the colour and path caches (curved
paths, round corners and ellipses, made once by reportlab per shape and size; a polygon's once per place),
the text object consecutive lines share (BT ... ET, the font, size, colour and subset set only when they
change), transparency (an opacity under 1 through the canvas, which keeps the page's graphics states) and
pictures (placed by pictures.py, the one place they enter a document).
An `ink` handed to draw_ops (export/cmyk.py's Ink: a print shop's CMYK PDF) is the pen's: it writes every colour
operator (ink.paint, told a text's or a stroke's width, so that black type and thin black lines print in black ink
alone) and converts every picture (pictures.py); without one, colours are written as sRGB, as always.
Not here: what any op draws (its type's module in layout/regions/), the page's placements (pdf.py).
"""
from __future__ import annotations

import hashlib
from contextlib import contextmanager
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.pathobject import PDFPathObject

from ..deck.colours import alpha
from ..layout.regions import DRAWERS
from ..layout.regions.paint import blur_layers
from ..layout.shaping import drawing
from ..layout.shapes import is_hex, piece_outline
from ..reportlab_adapter import document, soft_mask, split_string, subset_name

@lru_cache(maxsize=1024)
def colour(hexstr):
    return HexColor(hexstr)


@lru_cache(maxsize=4096)
def _paint(hexstr: str, op: str) -> str:
    """'r g b rg' (fill, op='rg') or 'r g b RG' (stroke) for '#rrggbb' (a '#rrggbbaa''s alpha is the graphics
    state's: see_through), as reportlab writes it."""
    c = colour(hexstr[:7])
    return f"{fp_str(c.red, c.green, c.blue)} {op}"


@lru_cache(maxsize=65536)
def _path(kind: str, x, y, w, h, r=0.0) -> str:
    """A curved path's operators, made by reportlab's path object once for each shape, place and size."""
    p = PDFPathObject()
    if kind == "ellipse":
        p.ellipse(x, y, w, h)
    else:
        p.roundRect(x, y, w, h, r)
    return p.getCode()


@lru_cache(maxsize=65536)
def _polygon_path(points) -> str:
    """'x y m x y l ... h': a closed path through the points, made once for each polygon and place."""
    (x0, y0), rest = points[0], points[1:]
    return " ".join([f"{fp_str(x0, y0)} m"] + [f"{fp_str(x, y)} l" for x, y in rest] + ["h"])


class Pen:
    """What a region type's drawer is given to draw with (layout/regions/__init__.py lists it): the canvas's
    pending operators, the caches, the text object and transparency, and the ink colours are written in."""
    __slots__ = ("c", "doc", "out", "ink", "_text", "_font", "_named", "_size", "_subset", "_fill", "_stroke")
    num = staticmethod(fp_str)
    curve = staticmethod(_path)
    polygon = staticmethod(_polygon_path)

    def __init__(self, c, ink=None):
        self.c = c
        self.doc = document(c)
        self.out: list = []
        self.ink = ink              # a print shop's CMYK ink (export/cmyk.py), or None: sRGB
        self._text = None           # (opacity, outlined) of the open text object, if one is open

    def paint(self, hexstr: str, op: str, width: float | None = None) -> str:
        """The colour operator for '#rrggbb': 'r g b rg' (fill, op='rg') or 'r g b RG' (stroke), or what the
        ink writes instead (`width`: 0 for text, a line's or stroke's width, None for a filled area)."""
        if self.ink is not None:
            return self.ink.paint(hexstr[:7], op, width)
        return _paint(hexstr, op)

    def flush(self) -> None:
        """Write the pending operators to the canvas (closing an open text object)."""
        if self._text is not None:
            self.end_text()
        if self.out:
            self.c.addLiteral("\n".join(self.out))
            self.out = []

    def see_through(self, ops: list, opacity: float, stroke: float | None = None) -> None:
        """Operators added to what is pending when opaque; with an opacity under 1 (`stroke`: the strokes' own,
        where it differs: a colour's alpha), inside q ... Q with the canvas's own transparency state (an
        ExtGState the page or form lists among its resources)."""
        if self._text is not None:
            self.end_text()
        if opacity >= 1.0 and (stroke is None or stroke >= 1.0):
            self.out.extend(ops)
            return
        with self.alpha(opacity, stroke):
            self.out.extend(ops)

    @contextmanager
    def alpha(self, opacity: float, stroke: float | None = None):
        """What is drawn inside, see-through at `opacity` (its strokes at `stroke`, where given; nothing
        changes when both are 1 or more)."""
        if self._text is not None:
            self.end_text()
        stroke = opacity if stroke is None else stroke
        if opacity >= 1.0 and stroke >= 1.0:
            yield
            return
        self.flush()
        self.c.saveState()
        self.c.setFillAlpha(min(opacity, 1.0))
        self.c.setStrokeAlpha(min(stroke, 1.0))
        yield
        self.flush()
        self.c.restoreState()

    def shade(self, fill: tuple, clip: str, opacity: float = 1.0) -> None:
        """A gradient (layout/regions/gradient.py: ("linear", x0, y0, x1, y1, stops) or ("radial", cx, cy,
        r, stops), stops ((colour, place), ...)) painted inside `clip` ('q ... W n': the shape's path, maybe
        turned), see-through at `opacity` (and its stops' one alpha): a shading the canvas lists among the page's
        resources (so such a face is drawn on the page: needs_page), in the ink's CMYK when there is one."""
        stops = fill[-1]
        alphas = [alpha(c) for c, _ in stops]
        varying = len(set(alphas)) > 1
        with self.alpha(opacity * (1.0 if varying else alphas[0])):
            self.flush()
            ends = [colour(c[:7]) for c, _ in stops]
            places = [p for _, p in stops]
            if self.ink is not None:
                ends = [self.ink.colour(e) for e in ends]
            if clip:
                self.c.addLiteral(clip)
            places = None if places == [0.0, 1.0] else places
            if varying:             # see-through stops of their own alphas: a soft mask of them, in grey
                self.c.addLiteral(self._mask(fill, alphas, places))
            if fill[0] == "linear":
                self.c.linearGradient(*fill[1:5], ends, places, extend=True)
            else:
                self.c.radialGradient(*fill[1:4], ends, places, extend=True)
            self.c.addLiteral("Q")

    def _mask(self, fill: tuple, alphas: list, places) -> str:
        """The operator setting a soft mask that is the gradient `fill`'s shape in the grey of its stops' alphas."""
        greys = [colour("#%02x%02x%02x" % ((round(a * 255),) * 3)) for a in alphas]
        name = "PnpAlpha" + hashlib.sha256(repr((fill[:-1], alphas, places)).encode()).hexdigest()[:16]

        def draw():
            if fill[0] == "linear":
                self.c.linearGradient(*fill[1:5], greys, places, extend=True)
            else:
                self.c.radialGradient(*fill[1:4], greys, places, extend=True)
        return soft_mask(self.c, name, (-14400, -14400, 14400, 14400), draw)

    def begin_text(self, opacity: float, outlined: bool = False, colour_: str = "", outline: str | None = None,
                   ) -> None:
        """A text object to write lines in: the one open, when it is of this opacity and as outlined, else a
        new one (see-through inside its graphics state, its letters' at `opacity` times their colour's alpha,
        their outline's at its own; outlined inside q ... Q, which restores the text render mode, the stroke
        colour and the line width its outline sets)."""
        fill = opacity * alpha(colour_) if len(colour_) == 9 else opacity
        stroke = opacity * alpha(outline) if outline is not None and len(outline) == 9 else opacity
        key = (fill, outlined) if fill == stroke else (fill, stroke, outlined)
        if self._text is not None:
            if self._text == key:
                return
            self.end_text()
        if fill < 1.0 or stroke < 1.0:
            self.flush()
            self.c.saveState()
            self.c.setFillAlpha(fill)
            self.c.setStrokeAlpha(stroke)
        if outlined:
            self.out.append("q")
        self.out.append("BT")
        self._text, self._font, self._size, self._subset, self._fill = key, None, 0.0, -1, None
        self._stroke = None

    def show(self, matrix: str, text: str, font: str, size: float, colour_: str, outline: str | None = None,
             width: float = 0.0) -> None:
        """One line in the open text object: its matrix ('... Tm'), then its colour, font and size where they
        change, its outline's colour and width (text render mode 2) where it has one, and its text in the
        font's subsets."""
        out = self.out
        out.append(matrix)
        f = self._font
        # the name asked for, not the font's own: a file registered under two names (two decks' fonts in one
        # process, reportlab_adapter.register_font) is one font whose fontName is the first, and comparing with
        # it set the font again before every line, in that process only
        if f is None or self._named != font or self._size != size:
            f = self._font = getFont(font)
            self._named, self._size, self._subset = font, size, -1
        if self._fill != colour_:
            self._fill = colour_
            out.append(self.paint(colour_, "rg", 0.0))
        if outline is not None and self._stroke != (outline, width):
            if self._stroke is None:
                out.append("2 Tr")
            self._stroke = (outline, width)
            out.append(f"{self.paint(outline, 'RG', width)} {fp_str(width)} w")
        chars, moves, rises = drawing(text, font)
        if moves or rises or chars != text:
            self._shaped(f, chars, moves, rises)
            return
        for sub, chars in split_string(f, text, self.doc):
            if sub != self._subset:
                self._subset = sub
                out.append(f"{subset_name(f, sub, self.doc)} {fp_str(self._size)} Tf")
            out.append(f"({escapePDF(chars)}) Tj")

    def shade_text(self, matrix: str, text: str, font: str, size: float, fill: tuple, opacity: float = 1.0,
                   outline: str | None = None, width: float = 0.0) -> None:
        """One line filled with a gradient (`fill`: layout/regions/gradient.py, placed): its letters made the
        clipping path (text render mode 7) and the shading painted inside them, then its outline, where it has
        one, stroked over them (mode 1), each inside q ... Q; see-through at `opacity`."""
        with self.alpha(opacity):
            if self._text is not None:
                self.end_text()
            for mode in (7, 1) if outline else (7,):
                self.out += ["q", "BT", f"{mode} Tr"]
                if mode == 1:
                    self.out.append(f"{self.paint(outline, 'RG', width)} {fp_str(width)} w")
                self._font, self._size, self._subset, self._fill = None, 0.0, -1, ""
                self.show(matrix, text, font, size, "")
                self.out.append("ET")
                if mode == 7:
                    self.shade(fill, "")            # painted inside the letters; its Q ends the clip
                else:
                    self.out.append("Q")

    def _shaped(self, f, chars: str, moves: tuple, rises: tuple) -> None:
        """Shaped glyphs (layout/shaping.drawing) in the font's subsets: each glyph's character, a glyph moved
        where its shaped place differs from where the one before leaves it (TJ: kerning, a mark's offset), and
        raised or lowered with Ts."""
        out, size = self.out, self._size
        moved, raised = dict(moves), dict(rises)
        points = sorted(moved.keys() | raised.keys())       # the glyphs moved or raised, in order
        n, last = 0, len(points)        # the next of them
        tj: list = []                   # the TJ array being written: "(codes)" and " number " items
        run = b""                       # subset codes not yet in it (consecutive ones are one string)
        i = 0
        rise = 0.0
        for sub, codes in split_string(f, chars, self.doc):
            if sub != self._subset:
                if run:
                    tj.append(f"({escapePDF(run)})")
                    run = b""
                if tj:
                    out.append(f"[{''.join(tj)}] TJ")
                    tj = []
                self._subset = sub
                out.append(f"{subset_name(f, sub, self.doc)} {fp_str(size)} Tf")
            start, end = 0, i + len(codes)
            while n < last and points[n] < end:
                at = points[n]
                k = at - i
                if k > start:
                    run += codes[start:k]
                if at in raised:
                    if run:
                        tj.append(f"({escapePDF(run)})")
                        run = b""
                    if tj:
                        out.append(f"[{''.join(tj)}] TJ")
                        tj = []
                    rise = raised[at]
                    out.append(f"{fp_str(rise * size / 1000.0)} Ts")
                if at in moved:
                    if run:
                        tj.append(f"({escapePDF(run)})")
                        run = b""
                    tj.append(f" {fp_str(moved[at])} ")
                start, n = k, n + 1
            if len(codes) > start:
                run += codes[start:]
            i = end
        if run:
            tj.append(f"({escapePDF(run)})")
        if tj:
            out.append(f"[{''.join(tj)}] TJ")
        if rise:
            out.append("0 Ts")

    def end_text(self) -> None:
        key, self._text = self._text, None
        self.out.append("ET")
        if key[-1]:
            self.out.append("Q")
        if min(key[:-1]) < 1.0:
            self.flush()
            self.c.restoreState()

    def blur_text(self, matrix: str, text: str, font: str, size: float, colour_: str, opacity: float,
                  blur: float) -> None:
        """One line of a blurred shadow: the line drawn in `colour_` once for each of paint.blur_layers, filled
        and outlined (round joins) out to its reach, each at its own alpha, so that together they fade out over
        `blur`."""
        if self._text is not None:
            self.end_text()
        for a, r in blur_layers(blur, opacity * alpha(colour_)):
            if a <= 0:
                continue
            with self.alpha(a):
                self.out += ["q", "1 j 1 J", "BT", "2 Tr" if r else "0 Tr"]
                self._font, self._size, self._subset, self._fill = None, 0.0, -1, None
                if r:
                    self.out.append(f"{self.paint(colour_, 'RG', 0.0)} {fp_str(2 * r)} w")
                self.show(matrix, text, font, size, colour_)
                self.out += ["ET", "Q"]

    def picture(self, op) -> None:
        """An Image op placed: its operators written with the rest where they can be, else drawn through the
        canvas (an icon turned with its text)."""
        from .placing import operators, place  # lazy: +14 ms to import (benchmarks/imports.py)
        if self._text is not None:
            self.end_text()
        drawn = operators(self.c, op, self.ink)
        if drawn is not None:
            self.out.append(drawn)
            return
        self.flush()
        place(self.c, op, self.ink)


def draw_ops(c, ops, ink=None) -> None:
    pen = Pen(c, ink)
    drawers = DRAWERS
    for op in ops:
        drawers[type(op)](pen, op)
    pen.flush()


def needs_page(ops) -> bool:
    """Whether ops must be drawn straight onto a page, never into a form XObject: a see-through op's
    graphics state and a gradient's shading are listed in the page's resources, and reportlab lists none in
    a form's."""
    return any(op.see_through() for op in ops)


HALO = ("#ffffff", 0.9)      # under a cut guide: a light band, so the guide shows on a dark piece too


def draw_cut_guide(c, face, x, y, width=0.3, hexstr="#808080") -> None:
    """Round items get their trim line drawn as a thin circle, hex pieces as a thin hexagon: the guide for
    scissors. Each is drawn twice, a light band (HALO) and the grey line on it: grey alone was lost on a dark
    piece (A Royal Will's navy trackers), white alone on the paper around a light one."""
    if face.shape != "circle" and not is_hex(face.shape):
        return
    for stroke, line in (HALO, (hexstr, width)):
        c.setStrokeColor(colour(stroke))
        c.setLineWidth(line)
        if face.shape == "circle":
            c.ellipse(x, y, x + face.width, y + face.height, stroke=1, fill=0)
            continue
        path = c.beginPath()
        corners = piece_outline(face.shape, face.width, face.height)
        path.moveTo(x + corners[0][0], y + corners[0][1])
        for cx, cy in corners[1:]:
            path.lineTo(x + cx, y + cy)
        path.close()
        c.drawPath(path, stroke=1, fill=0)
