"""Placing a picture: an Image op (layout/display.py) of any kind, at its box with its fit, focus and tint.

The one place a picture's pixels or paths enter a PDF, for every page, form, PNG export and preview
(render/draw.py calls place() for each Image op):
- every picture is a form XObject in a unit square, made once a document for each picture's bytes (and
  tint), named by their digest (so the same deck in another folder builds the same bytes), and placed with
  `Do` wherever a card or an icon in text shows it;
- inside it, a PNG or JPEG goes in through reportlab's drawImage (an image XObject; a PNG's alpha kept as
  its soft mask), an SVG is drawn as vectors (render/svg.py);
- `cover` crops the picture to its box with a clipping path; `contain` and `stretch` need none;
- a tint draws the picture in one colour: an SVG's fills and strokes recoloured, a raster's alpha (or,
  where it has none, its darkness) used as the coverage of a fill of that colour.
Not here: the geometry of fit and focus (images.fitted), checking files (images.py), the SVG drawing (svg.py).
"""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str

from ..errors import PnpError
from ..images import BadImage, fitted, is_svg, picture
from ..reportlab_adapter import define_form, document, draw_drawing

_forms: WeakKeyDictionary = WeakKeyDictionary()      # document -> {(path, size, time, tint) and form name:
#                                                      (form, width, height)}


def place(c, op) -> None:
    """Draw the Image op `op` on canvas `c` (which has nothing of this op's pending: draw.py flushes first)."""
    name, iw, ih = _form(c, op.path, op.tint)
    x, y, w, h = fitted(op.x, op.y, op.w, op.h, iw, ih, op.fit, op.fx, op.fy)
    crop = op.fit == "cover" and (w > op.w + 1e-6 or h > op.h + 1e-6)
    c.saveState()
    if op.rotate:                           # an icon in turned text turns with it, about the text's centre
        c.translate(op.cx, op.cy)
        c.rotate(op.rotate)
        c.translate(-op.cx, -op.cy)
    if crop:
        c.addLiteral(f"{fp_str(op.x, op.y, op.w, op.h)} re W n")
    c.addLiteral(f"{fp_str(w, 0, 0, h, x, y)} cm")
    c.doForm(name)
    c.restoreState()


def _form(c, path: str, tint: str | None) -> tuple[str, float, float]:
    """The form XObject that draws the picture at `path` (tinted) in a unit square in c's document, made the
    first time it is drawn there; and the picture's width and height (pixels, or an SVG's points)."""
    doc = document(c)
    forms = _forms.get(doc)
    if forms is None:
        forms = _forms[doc] = {}
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns, tint)
    hit = forms.get(key)
    if hit is None:
        digest = _digest(path, st.st_size, st.st_mtime_ns)
        name = f"Pic{digest}{(tint or '').lstrip('#')}"
        hit = forms[key] = forms.get(name)      # another file of the same bytes (a copy) has its form
    if hit is None:
        if is_svg(path):
            from .svg import drawing
            d = drawing(path, tint)
            iw, ih = d.width, d.height
            define_form(c, name, (0, 0, 1, 1), lambda: (c.scale(1 / iw, 1 / ih), draw_drawing(d, c)))
        else:
            try:
                info = picture(path)            # checked as the face was laid out; again here, once a process
            except (BadImage, OSError) as exc:  # changed since (pnp watch), or a face from the layout store
                raise PnpError(f"image '{path}' {exc}")
            iw, ih = info.width, info.height
            source = _raster(path, tint)
            define_form(c, name, (0, 0, 1, 1), lambda: c.drawImage(source, 0, 0, 1, 1, mask="auto"))
        hit = forms[key] = forms[name] = (name, iw, ih)
    return hit


@lru_cache(maxsize=1024)
def _digest(path: str, size: int, mtime: int) -> str:
    """A short digest of the file's bytes: the name its form is known by in every document."""
    with open(path, "rb") as f:
        return hashlib.blake2b(f.read(), digest_size=10).hexdigest()


def _raster(path: str, tint: str | None):
    """What drawImage is given: the picture as an ImageReader, which reportlab names inside the form by its
    pixels, or for a tint a picture in one colour; each made once a process."""
    st = os.stat(path)
    if tint is None:
        return _reader(path, st.st_size, st.st_mtime_ns)
    return _stencil(path, st.st_size, st.st_mtime_ns, tint)


@lru_cache(maxsize=64)
def _reader(path: str, size: int, mtime: int):
    from reportlab.lib.utils import ImageReader
    return ImageReader(path)


@lru_cache(maxsize=64)
def _stencil(path: str, size: int, mtime: int, tint: str):
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
