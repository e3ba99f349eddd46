"""Placing a picture: an Image op (layout/display.py) of any kind, at its box with its fit, focus and tint.

The one place a picture's pixels or paths enter a PDF, for every page, form, PNG export and preview
(render/draw.py's pen writes operators() for each Image op with the face's other operators, or calls place()):
- every picture is a form XObject (a raster's in a unit square, an SVG's in its own points), made once a
  document for each picture's bytes (and tint), named by their digest (so the same deck in another folder builds the same bytes), and placed with
  `Do` wherever a card or an icon in text shows it;
- inside it, a PNG or JPEG is an image XObject, one a document for each file, its compressed pixels copied
  as they are where a PDF can read them so (render/rasters.py; a PNG's alpha kept as its soft mask); an SVG
  is drawn as vectors (render/svg.py);
- `cover` crops the picture to its box with a clipping path; `contain` and `stretch` need none; a `radius`
  rounds the corners of what shows of it (a clipping path too); a `crop` (the part of the picture fitted to
  the box) and a `zoom` (about the focus) clip to what shows of it, a `clip` to its shape (an ellipse or
  the corners of a hexagon, star or polygon, in the box);
- a tint draws the picture in one colour: an SVG's fills and strokes recoloured, a raster's alpha (or,
  where it has none, its darkness) used as the coverage of a fill of that colour (drawn by reportlab's
  drawImage, converted once a process);
- a turned picture (an image region's `rotate`, an icon in turned text) turns about its centre (place(),
  through the canvas); a see-through one is drawn inside its graphics state (the pen's alpha).
- with an `ink` (export/cmyk.py: a print shop's CMYK PDF), a form of its own for each picture: an SVG drawn
  with its colours converted (ink.drawing), a raster as the ink's CMYK pixels (ink.picture: an image XObject).
Not here: the geometry of fit and focus (images.fitted), checking files (images.py), the SVG drawing (svg.py),
the image XObjects (rasters.py).
"""
from __future__ import annotations

import os
from functools import lru_cache

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.pathobject import PDFPathObject

from ..errors import PnpError
from ..pictures.images import BadImage, digest, fitted, is_svg, known
from ..reportlab_adapter import define_form, define_frame, document, draw_drawing, use_form
from .drawn import drawn
from .rasters import xobject
from .svg import drawing
from reportlab.lib.utils import ImageReader
from PIL import Image, ImageOps



def operators(c, op, ink=None) -> str | None:
    """The operators that draw the Image op `op` at its place, for draw.py's pen to write with the face's other
    operators: the picture's form is defined the first time and listed among the page's resources. None for
    a turned picture (an image region's rotate, an icon turned with its text), which place() draws through
    the canvas."""
    if op.rotate:
        return None
    name, iw, ih, bw, bh = _form(c, op.path, op.tint, ink, op.families)
    x, y, w, h, clip = _placed(op, iw, ih)
    clip = f"{clip} " if clip else ""
    return f"q {clip}{fp_str(w / bw, 0, 0, h / bh, x, y)} cm {use_form(c, name)} Q"


def place(c, op, ink=None) -> None:
    """Draw the Image op `op` on canvas `c` (which has nothing of this op's pending: the pen flushes first)."""
    name, iw, ih, bw, bh = _form(c, op.path, op.tint, ink, op.families)
    x, y, w, h, clip = _placed(op, iw, ih)
    c.saveState()
    if op.rotate:                   # turned about its box's centre (an icon: its text's centre, turning with it)
        c.translate(op.cx, op.cy)
        c.rotate(op.rotate)
        c.translate(-op.cx, -op.cy)
    if clip:
        c.addLiteral(clip)
    c.addLiteral(f"{fp_str(w / bw, 0, 0, h / bh, x, y)} cm")
    c.doForm(name)
    c.restoreState()


def _placed(op, iw: float, ih: float) -> tuple:
    """(x, y, w, h, clipping path) of the whole picture iw x ih drawn for the Image op `op`: the part its crop
    names fitted to its box, zoomed about its focus, clipped to what shows of it and to its clip's shape."""
    crop, zoom, shape = getattr(op, "crop", ()), getattr(op, "zoom", 1.0), getattr(op, "clip", ())
    if not crop and zoom == 1.0 and not shape:
        x, y, w, h = fitted(op.x, op.y, op.w, op.h, iw, ih, op.fit, op.fx, op.fy)
        return x, y, w, h, _clip(op, x, y, w, h)
    x0, y0, x1, y1 = crop or (0.0, 0.0, 1.0, 1.0)
    cw, ch = x1 - x0, y1 - y0
    x, y, w, h = fitted(op.x, op.y, op.w, op.h, iw * cw, ih * ch, op.fit, op.fx, op.fy)
    if zoom != 1.0:                 # about the focus, which fitted() placed at the same point of the box
        px, py = x + op.fx * w, y + (1 - op.fy) * h
        x, y, w, h = px - (px - x) * zoom, py - (py - y) * zoom, w * zoom, h * zoom
    paths = []
    shows = (max(x, op.x), max(y, op.y), min(x + w, op.x + op.w), min(y + h, op.y + op.h))
    if crop or (shows[0], shows[1], shows[2], shows[3]) != (x, y, x + w, y + h):
        if op.radius:
            p = PDFPathObject()
            p.roundRect(shows[0], shows[1], shows[2] - shows[0], shows[3] - shows[1],
                        min(op.radius, (shows[2] - shows[0]) / 2, (shows[3] - shows[1]) / 2))
            paths.append(f"{p.getCode()} W n")
        else:
            paths.append(f"{fp_str(shows[0], shows[1], shows[2] - shows[0], shows[3] - shows[1])} re W n")
    elif op.radius:
        paths.append(_clip(op, x, y, w, h))
    if shape:
        if shape[0] == "ellipse":
            p = PDFPathObject()
            p.ellipse(op.x, op.y, op.w, op.h)
            paths.append(f"{p.getCode()} W n")
        else:
            (px0, py0), rest = shape[0], shape[1:]
            paths.append(" ".join([f"{fp_str(px0, py0)} m"] + [f"{fp_str(a, b)} l" for a, b in rest] + ["h W n"]))
    return x - x0 * w / cw, y - (1 - y1) * h / ch, w / cw, h / ch, " ".join(paths)


def _clip(op, x: float, y: float, w: float, h: float) -> str:
    """The clipping path ('... W n') of a picture drawn at x, y, w, h for the Image op `op`: a `cover` picture
    cropped to its box; with a `radius`, what shows of it (its box and the picture's overlap) with its corners
    rounded; '' when it needs none."""
    crop = op.fit == "cover" and (w > op.w + 1e-6 or h > op.h + 1e-6)
    radius = getattr(op, "radius", 0.0)
    if not radius:
        return f"{fp_str(op.x, op.y, op.w, op.h)} re W n" if crop else ""
    x0, y0 = max(x, op.x), max(y, op.y)
    x1, y1 = min(x + w, op.x + op.w), min(y + h, op.y + op.h)
    p = PDFPathObject()
    p.roundRect(x0, y0, x1 - x0, y1 - y0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
    return f"{p.getCode()} W n"


def _form(c, path: str, tint: str | None, ink=None, families: tuple = ()) -> tuple[str, float, float, float, float]:
    """The form XObject that draws the picture at `path` (tinted; an SVG's text in its deck's own font `families`
    where it names one) in c's document, made the first time it is drawn there (another file of the same bytes
    draws the same form: a document is one deck's); the picture's width and height (pixels,
    or an SVG's points); and the width and height of the form's box (1 x 1 for a raster: an SVG is drawn in
    its own points, not scaled inside its form, so that the pixels it prints are the ones drawn before)."""
    doc = document(c)
    forms = drawn(doc).forms
    key = (path, tint) if ink is None else (path, tint, ink.id)
    hit = forms.get(key)
    if hit is not None:
        return hit
    try:
        info = known(path)                  # checked as the face was laid out, or taken from the layout store
        name = f"Pic{(info.digest or digest(path))[:20]}{(tint or '').lstrip('#')}{'' if ink is None else ink.id}"
    except (BadImage, OSError) as exc:
        raise PnpError(f"image '{path}' {exc}")
    hit = forms.get(name)
    if hit is None and ink is not None:
        hit = forms[name] = _ink_form(c, name, path, tint, ink, info, families)
    if hit is None:
        if is_svg(path):
            d = drawing(path, tint, families)
            iw, ih = d.width, d.height
            define_form(c, name, (0, 0, iw, ih), lambda: draw_drawing(d, c))
        elif tint is None:
            image, iw, ih = xobject(c, path)
            define_frame(c, name, image)
        else:
            iw, ih = info.width, info.height
            source = _stencil(path, tint)
            define_form(c, name, (0, 0, 1, 1), lambda: c.drawImage(source, 0, 0, 1, 1, mask="auto"))
        box = (iw, ih) if is_svg(path) else (1, 1)
        hit = forms[name] = (name, iw, ih) + box
    forms[key] = hit
    return hit


def _ink_form(c, name: str, path: str, tint: str | None, ink, info, families: tuple = ()) -> tuple:
    """_form's value for a picture drawn with `ink`: an SVG's drawing with its colours converted (a tinted
    one as text is), a raster's pixels converted, each in a form of its own."""
    if is_svg(path):
        d = ink.drawing(drawing(path, tint, families), text=tint is not None)
        define_form(c, name, (0, 0, d.width, d.height), lambda: draw_drawing(d, c))
        return (name, d.width, d.height, d.width, d.height)
    define_frame(c, name, ink.picture(c, path, tint))     # its CMYK pixels, made once (export/inkstreams.py)
    return (name, info.width, info.height, 1, 1)


def _stencil(path: str, tint: str):
    """What drawImage is given for a tinted picture: the picture in one colour (made once a process)."""
    st = os.stat(path)
    return _stencil_of(path, st.st_size, st.st_mtime_ns, tint)


@lru_cache(maxsize=64)
def _stencil_of(path: str, size: int, mtime: int, tint: str):
    """An RGBA picture of colour `tint` whose alpha is the file's alpha, or where it has none, its darkness
    (black ink fully covered, white paper not at all)."""
    with Image.open(path) as im:
        im.load()
        if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
            alpha = im.convert("RGBA").getchannel("A")
        else:
            alpha = ImageOps.invert(im.convert("L"))
    rgb = tuple(int(tint[i:i + 2], 16) for i in (1, 3, 5))
    out = Image.new("RGBA", alpha.size, rgb + (255,))
    out.putalpha(alpha)
    return ImageReader(out)
