"""SVG pictures as vectors: svglib turns a checked SVG into a reportlab Drawing, once a process for each
file (and each tint), and render/pictures.py draws it into a form XObject.

svglib is given the file's bytes, checked by images.svg_bytes (svgfile.py), never its path: with no path it
cannot resolve a reference to another file, and the check has refused every reference but `#id` and the
PNG and JPEG pictures written into the file. svglib's log (what it could not draw) is kept off stderr.
A tint ('#rrggbb') recolours every fill and stroke that is not 'none', gradients included: a one-colour
icon in the colour of the text around it.
Not here: checking the file (svgfile.py, images.py), placing the drawing (pictures.py).
"""
from __future__ import annotations

import copy
import io
import logging
import os
from functools import lru_cache

from ..errors import PnpError

_quiet = False


def drawing(path: str, tint: str | None = None):
    """The reportlab Drawing of the SVG at `path` (recoloured to `tint`), width and height in points."""
    st = os.stat(path)
    return _drawing(path, st.st_size, st.st_mtime_ns, tint)


@lru_cache(maxsize=64)
def _drawing(path: str, size: int, mtime: int, tint: str | None):
    if tint is not None:
        return _tinted(_drawing(path, size, mtime, None), tint)
    from ..images import BadImage, svg_bytes
    _silence()
    from svglib.svglib import svg2rlg
    try:
        data = svg_bytes(path)
        d = svg2rlg(io.BytesIO(data))
    except BadImage as exc:
        raise PnpError(f"image '{path}' {exc}")
    except (ValueError, TypeError, ArithmeticError, AttributeError, KeyError, IndexError, RecursionError) as exc:
        raise PnpError(f"image '{path}' cannot be drawn as an SVG ({type(exc).__name__}: "
                       f"{str(exc).splitlines()[0][:80] if str(exc) else ''})")
    if d is None or not (0 < d.width < float("inf") and 0 < d.height < float("inf")):
        raise PnpError(f"image '{path}' cannot be drawn as an SVG (svglib made nothing of it)")
    return d


def _silence() -> None:
    """svglib logs what it cannot draw; with no handler set, Python would print it on stderr, where pnp's
    lines are one a mistake."""
    global _quiet
    if not _quiet:
        log = logging.getLogger("svglib")
        log.addHandler(logging.NullHandler())
        log.propagate = False
        _quiet = True


def _tinted(d, tint: str):
    from reportlab.lib.colors import HexColor
    colour = HexColor(tint)
    d = copy.deepcopy(d)
    stack = [d]
    while stack:
        node = stack.pop()
        for attr in ("fillColor", "strokeColor"):
            if getattr(node, attr, None) is not None:
                setattr(node, attr, colour)
        colours = getattr(node, "_rl_colors", None)        # svglib's gradient shapes
        if isinstance(colours, list):
            node._rl_colors = [colour] * len(colours)
        stack.extend(getattr(node, "contents", ()) or ())
    return d
