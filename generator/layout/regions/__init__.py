"""A template's regions, a module a type: each region type declared once, with its keys, its layout and its
drawing.

A region is one thing drawn on a face (a rect, an ellipse, a line, a line of text, a text box, an image, a
hexagon, a regular polygon, a star) in a box [x, y, width, height] from the top-left corner of the trim box.
Each type's module (rect.py, ellipse.py, line.py, text.py, textbox.py, image.py, polygon.py, hexagon.py,
star.py) holds all of it:
- KEYS, its keys as a table of keys.Key values: name, kind (whose one checker reads it: a length with its
  units, a colour, a choice, a number, a fraction, a focus, a dash, text, a font, a picture's name), default,
  what it is. What every region takes is declared once in common.py (id, type, when, box, opacity, rotate,
  and bleed for a type that may bleed); what several share, once where they share it (paint.py: the filled
  shapes' fill, stroke, stroke_width, dash; lettering.py: the text regions' text, font, size, min_size,
  colour). read.py reads any region by its type's table: a new key every region takes is one line in
  common.py, then each type's layout uses it.
- lay_out(face, region, ctx, bleed): the region on one card, as display operations appended to face.ops,
  from region.values (what is written, and every default); the deck's palette, fonts, icons and pictures are
  reached only through the face.Context it is given (ctx.colour, ctx.family, ctx.glyphs, ctx.icons,
  ctx.icon, ctx.image_path).
- its display operation(s), a Record each (Rect, Ellipse, Line, Text, Image, Polygon: plain data, which
  the layout store keeps and render/, the proof and the sheets read; layout/display.py gives them all), and
  draw(pen, op) for each: the PDF operators that draw it.

Drawing is render/'s, a later stage, which layout may not import: so a drawer is handed a pen. render/draw.py
makes one Pen for each run of operations it draws and calls DRAWERS[type(op)](pen, op) for each. The pen is
what a drawer needs of render/ and reportlab, and nothing else:
    pen.num(*numbers)               the numbers as PDF writes them
    pen.paint(hex, "rg" | "RG", w)  a fill or stroke colour's operator (cached; `w` a stroke's width, for the
                                    ink of a CMYK PDF: black lines under 2pt in black ink alone)
    pen.curve(kind, x, y, w, h, r)  an ellipse's or a round rect's path (made by reportlab, cached)
    pen.polygon(points)             a closed path through the points (cached)
    pen.see_through(ops, opacity)   operators written, inside a graphics state of that alpha when under 1
    pen.alpha(opacity)              the same, as a `with` block, for what is drawn through the canvas
    pen.shade(fill, clip, opacity)  a gradient (gradient.py) painted inside a clipping path (a shading)
    pen.shade_text(matrix, text, font, size, fill, opacity, outline, width)   one line's letters filled with a
                                    gradient (clipping text, render mode 7), its outline stroked over them
    pen.begin_text(opacity, outlined)   a text object to write lines in (consecutive lines share one)
    pen.show(matrix, text, font, size, colour, outline, width)   one line in it: its matrix, colour, outline
                                    (text render mode 2), font subsets and text
    pen.picture(op)                 an Image op placed (render/placing.py)
A see-through operation's graphics state is listed among a page's resources: such a face is drawn on the page,
never in a form (render/draw.needs_page).

This package's own names, for the rest of pnp: Region; TYPES (name -> keys.RegionType) and DRAWERS (op class
-> drawer); REGION_TYPES and COMMON (key names); read_region, check_colours and box_error (read.py);
field_of and symbols_only (region.py); MIN_TEXT.
Not here: finding, loading and extending templates (templates.py); sizes and lengths (sizes.py); laying a
whole face out (face.py); the text wrapper (layout/wrap.py); the corners of the straight-edged shapes
(shapes.py).
"""
from __future__ import annotations

from .common import BLEED
from .common import COMMON as _COMMON_KEYS
from .lettering import MIN_TEXT
from .percard import Deferred, deferred_keys, expression_error, named, resolve
from .read import box_error, check_colours, on_piece, read_region
from .region import Region, field_of, symbols_only
from .registry import DRAWERS, REGION_TYPES, TYPES

COMMON = tuple(k.name for k in _COMMON_KEYS + (BLEED,))    # the names of the keys every region (that bleeds) takes

__all__ = ["COMMON", "DRAWERS", "MIN_TEXT", "REGION_TYPES", "TYPES", "Region", "box_error", "check_colours",
           "field_of", "read_region", "symbols_only"]
