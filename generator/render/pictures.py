"""Placing a picture: an Image op (layout/display.py) of any kind, at its box with its fit, focus and tint.

The one place a picture's pixels or paths enter a PDF, for every page, form, PNG export and preview
(render/draw.py writes operators() for each Image op with the face's other operators, or calls place()):
- a PNG or JPEG is an image XObject, one a document for each file, reused wherever the file is drawn
  again, its compressed pixels copied as they are where a PDF can read them so (render/rasters.py);
  transparency (a PNG's alpha) is kept as its soft mask;
- an SVG is drawn as vectors (render/svg.py) into a form XObject, made once a document for each file (and
  tint) and placed with `Do` wherever a card shows it;
- `cover` crops the picture to its box with a clipping path; `contain` and `stretch` need none;
- a tint draws the picture in one colour: an SVG's fills and strokes recoloured, a raster's alpha (or,
  where it has none, its darkness) used as the coverage of a fill of that colour.
Not here: the geometry of fit and focus (images.fitted), checking files (images.py), the SVG drawing (svg.py),
the image XObjects (rasters.py).
"""
from __future__ import annotations

import os
from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str

from ..errors import PnpError
from ..images import BadImage, fitted, is_svg, picture
from ..reportlab_adapter import define_form, document, draw_drawing, use_form
from .rasters import xobject

_forms: WeakKeyDictionary = WeakKeyDictionary()      # document -> {(path, tint): (form name, width, height)}


def operators(c, op) -> str | None:
    """The operators that draw the Image op `op` (a raster picture or an SVG, not tinted) at its place, for
    draw.py to write with the face's other operators: the XObject or form is defined the first time and listed
    among the page's resources. None for a tinted raster, which place() draws through the canvas."""
    svg = is_svg(op.path)
    if op.tint is not None and not svg:
        return None
    name, iw, ih = _svg_form(c, op.path, op.tint) if svg else xobject(c, op.path)
    x, y, w, h = fitted(op.x, op.y, op.w, op.h, iw, ih, op.fit, op.fx, op.fy)
    crop = op.fit == "cover" and (w > op.w + 1e-6 or h > op.h + 1e-6)
    clip = f"{fp_str(op.x, op.y, op.w, op.h)} re W n " if crop else ""
    if svg:
        return f"q {clip}{fp_str(w / iw, 0, 0, h / ih, x, y)} cm {use_form(c, name)} Q"
    return f"q {clip}1 0 0 1 {fp_str(x, y)} cm {fp_str(w, 0, 0, h, 0, 0)} cm {use_form(c, name)} Q"


def place(c, op) -> None:
    """Draw the Image op `op` on canvas `c` (which has nothing of this op's pending: draw.py flushes first)."""
    svg = is_svg(op.path)
    if svg:
        name, iw, ih = _svg_form(c, op.path, op.tint)
    elif op.tint is None:
        name, iw, ih = xobject(c, op.path)
    else:
        try:
            info = picture(op.path)         # checked as the face was laid out; again here, once a process
        except (BadImage, OSError) as exc:  # changed since (pnp watch), or a face from the layout store
            raise PnpError(f"image '{op.path}' {exc}")
        iw, ih = info.width, info.height
    x, y, w, h = fitted(op.x, op.y, op.w, op.h, iw, ih, op.fit, op.fx, op.fy)
    crop = op.fit == "cover" and (w > op.w + 1e-6 or h > op.h + 1e-6)
    c.saveState()
    if crop:
        c.addLiteral(f"{fp_str(op.x, op.y, op.w, op.h)} re W n")
    if svg:
        c.addLiteral(f"{fp_str(w / iw, 0, 0, h / ih, x, y)} cm")
        c.doForm(name)
    elif op.tint is None:
        c.addLiteral(f"1 0 0 1 {fp_str(x, y)} cm {fp_str(w, 0, 0, h, 0, 0)} cm")     # as drawImage placed it
        c.doForm(name)
    else:
        c.drawImage(_stencil(op.path, op.tint), x, y, w, h, mask="auto")
    c.restoreState()


def _svg_form(c, path: str, tint: str | None) -> tuple[str, float, float]:
    """The form XObject of an SVG (and tint) in c's document, made the first time it is drawn there."""
    from .svg import drawing
    doc = document(c)
    forms = _forms.get(doc)
    if forms is None:
        forms = _forms[doc] = {}
    key = (path, tint)
    hit = forms.get(key)
    if hit is None:
        d = drawing(path, tint)
        name = f"Svg{len(forms)}"
        define_form(c, name, (0, 0, d.width, d.height), lambda: draw_drawing(d, c))
        hit = forms[key] = (name, d.width, d.height)
    return hit


def _stencil(path: str, tint: str):
    """What drawImage is given for a tinted picture: the picture in one colour (made once a process)."""
    st = os.stat(path)
    return _stencil_of(path, st.st_size, st.st_mtime_ns, tint)


@lru_cache(maxsize=64)
def _stencil_of(path: str, size: int, mtime: int, tint: str):
    """An RGBA picture of colour `tint` whose alpha is the file's alpha, or where it has none, its darkness
    (black ink fully covered, white paper not at all)."""
    from PIL import Image, ImageOps
    from reportlab.lib.utils import ImageReader
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
