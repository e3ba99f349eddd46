"""SVG pictures as vectors: svglib turns a checked SVG into a reportlab Drawing, once a process for each
file (and each tint), and render/placing.py draws it into a form XObject.

svglib is given the file's bytes, checked by images.svg_bytes (svgfile.py), never its path: with no path it
cannot resolve a reference to another file, and the check has refused every reference but `#id` and the
PNG and JPEG pictures written into the file. svglib's log (what it could not draw) is kept off stderr: what
it says while it reads a file is kept with the drawing (`notes`), for leftout.py to tell the designer.
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



def drawing(path: str, tint: str | None = None):
    """The reportlab Drawing of the SVG at `path` (recoloured to `tint`), width and height in points."""
    st = os.stat(path)
    return _drawing(path, st.st_size, st.st_mtime_ns, tint)


def notes(path: str) -> tuple:
    """What svglib said while it read the SVG at `path` (what it could not draw): (level, its message's
    pattern, the pattern's values as text), in order; () for a file that cannot be drawn (its mistake is
    reported where it is drawn)."""
    st = os.stat(path)
    try:
        return _parsed(path, st.st_size, st.st_mtime_ns)[1]
    except PnpError:
        return ()


@lru_cache(maxsize=64)
def _drawing(path: str, size: int, mtime: int, tint: str | None):
    if tint is not None:
        return _tinted(_drawing(path, size, mtime, None), tint)
    return _parsed(path, size, mtime)[0]


@lru_cache(maxsize=64)
def _parsed(path: str, size: int, mtime: int):
    """(the Drawing, svglib's notes) of the SVG at `path`."""
    from ..pictures.images import BadImage, svg_bytes
    _silence()
    from svglib.svglib import svg2rlg
    try:
        data = svg_bytes(path)
        d, said = _noted(svg2rlg, io.BytesIO(data))
    except BadImage as exc:
        raise PnpError(f"image '{path}' {exc}")
    except (ValueError, TypeError, ArithmeticError, AttributeError, KeyError, IndexError, RecursionError) as exc:
        raise PnpError(f"image '{path}' cannot be drawn as an SVG ({type(exc).__name__}: "
                       f"{str(exc).splitlines()[0][:80] if str(exc) else ''})")
    if d is None or not (0 < d.width < float("inf") and 0 < d.height < float("inf")):
        raise PnpError(f"image '{path}' cannot be drawn as an SVG (svglib made nothing of it)")
    return d, said


def _silence() -> "_Notes":
    """svglib logs what it cannot draw; with no handler set, Python would print it on stderr, where pnp's
    lines are one a mistake. Its records go to a _Notes (the one on svglib's logger, added the first time)."""
    log = logging.getLogger("svglib")
    notes = next((h for h in log.handlers if isinstance(h, _Notes)), None)
    if notes is None:
        notes = _Notes()
        log.addHandler(notes)
        log.propagate = False
    return notes


# svglib's debug lines that say something is not drawn (the rest are its own housekeeping)
DEBUG_SAID = ("Ignoring node: %s", "Ignoring transform: %s %s", "Suspicious path operator: %s")
class _Notes(logging.Handler):
    """Keeps what svglib logs while _noted reads a file (its `said`), and nothing at other times."""

    def __init__(self):
        super().__init__()
        self.said: list | None = None       # svglib's notes on the file being read (_noted), else None

    def emit(self, record) -> None:
        said = self.said
        if said is not None and isinstance(record.msg, str) and (record.levelno >= logging.WARNING
                                                                 or record.msg in DEBUG_SAID):
            args = record.args if isinstance(record.args, tuple) else ()
            said.append((record.levelno, record.msg, tuple(str(a)[:200] for a in args)))


def _noted(read, source):
    """read(source) with svglib's log, down to its debug lines (where it says which elements it ignores),
    kept: (what read returned, the notes)."""
    notes = _silence()
    log = logging.getLogger("svglib")
    level, notes.said = log.level, []
    log.setLevel(logging.DEBUG)
    try:
        return read(source), tuple(notes.said)
    finally:
        notes.said = None
        log.setLevel(level)


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
