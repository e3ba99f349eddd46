"""SVG pictures as vectors: svglib turns a checked SVG into a reportlab Drawing, once a process for each
file (and each tint), and render/placing.py draws it into a form XObject.

svglib is given the file's bytes, checked by images.svg_bytes (svgfile.py), never its path: with no path it
cannot resolve a reference to another file, and the check has refused every reference but `#id` and the
PNG and JPEG pictures written into the file. svglib's log (what it could not draw) is kept off stderr: what
it says while it reads a file is kept with the drawing (`notes`), for leftout.py to tell the designer.
A tint ('#rrggbb') recolours every fill and stroke that is not 'none', gradients included: a one-colour
icon in the colour of the text around it.
An SVG's text (<text>, <tspan>) is drawn in pnp's fonts, never the system's (svglib would ask fontconfig, and
fall back to Helvetica, a font not embedded): svglib is handed a font map (Fonts) that sets each text in the family
layout/svgtext.py chooses for its font-family (the deck's own of that name, a shared one, else sans), bold and
italic as it says; the deck's own families are those its Image op carries (its deck's, never another's that a
process such as pnp watch has met). Layout has checked each text's glyphs; what svglib set is checked again (a
<style> sheet's font), a missing glyph an error naming the SVG's line, as on a card.
Not here: checking the file (svgfile.py, images.py), placing the drawing (pictures.py), the families (layout/fonts.py).
"""
from __future__ import annotations

import copy
import io
import logging
import os
from functools import lru_cache
from pathlib import Path
from xml.parsers import expat

from reportlab.graphics.shapes import String
from reportlab.pdfbase.pdfmetrics import getFont

from ..deck.values import display
from ..errors import PnpError
from ..layout import svgtext

def drawing(path: str, tint: str | None = None, families: tuple = ()):
    """The reportlab Drawing of the SVG at `path` (recoloured to `tint`), width and height in points, its text in
    pnp's shared families and the deck's own `families` (their keys: the Image op's, fonts.deck_keys)."""
    st = os.stat(path)
    return _drawing(path, st.st_size, st.st_mtime_ns, tint, families)


class Fonts:
    """svglib's font map (its find_font) for pnp: a family the SVG names, as one of pnp's families
    (layout/svgtext.py), by its registered reportlab name; `used` maps each name handed out back to its family's key,
    for the glyph check."""

    def __init__(self, own: tuple):
        self.own = own
        self.used: dict = {}

    def find_font(self, name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        known = svgtext.family(name, self.own) is not None
        font, fam = svgtext.face(name if known else svgtext.DEFAULT, weight, style, self.own)
        self.used[font] = fam
        return font, known


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
def _drawing(path: str, size: int, mtime: int, tint: str | None, own: tuple = ()):
    if tint is not None:
        return _tinted(_drawing(path, size, mtime, None, own), tint)
    return _parsed(path, size, mtime, own)[0]


@lru_cache(maxsize=64)
def _parsed(path: str, size: int, mtime: int, own: tuple = ()):
    """(the Drawing, svglib's notes) of the SVG at `path`, its text in pnp's fonts (`own`: the deck's own families)."""
    from ..pictures.images import BadImage, svg_bytes  # lazy: +79 ms to import (benchmarks/imports.py)
    _silence()
    from svglib.svglib import svg2rlg  # lazy: +440 ms to import (benchmarks/imports.py)
    font_map = Fonts(own)
    try:
        data = svg_bytes(path)
        d, said = _noted(lambda source: svg2rlg(source, font_map=font_map), io.BytesIO(data))
    except BadImage as exc:
        raise PnpError(f"image '{path}' {exc}")
    except (ValueError, TypeError, ArithmeticError, AttributeError, KeyError, IndexError, RecursionError) as exc:
        raise PnpError(f"image '{path}' cannot be drawn as an SVG ({type(exc).__name__}: "
                       f"{str(exc).splitlines()[0][:80] if str(exc) else ''})")
    if d is None or not (0 < d.width < float("inf") and 0 < d.height < float("inf")):
        raise PnpError(f"image '{path}' cannot be drawn as an SVG (svglib made nothing of it)")
    if font_map.used:
        glyphs(path, data, d, font_map)
    return d, said


def glyphs(path: str, data: bytes, d, font_map: Fonts) -> None:
    """Every character of the SVG's text has a glyph in the font svglib set it in (a <style> sheet's font too,
    which layout/svgtext.py does not read); else one error a font, at the line of its first text lacking one."""
    missing: dict = {}                      # family -> characters
    stack = [d]
    while stack:
        node = stack.pop()
        if isinstance(node, String):
            cmap = getFont(node.fontName).face.charToGlyph
            for ch in node.text:
                if ord(ch) not in cmap and not ch.isspace():
                    missing.setdefault(font_map.used.get(node.fontName, svgtext.DEFAULT), set()).add(ch)
        stack.extend(getattr(node, "contents", ()) or ())
    if missing:
        svgtext.raise_missing(display(Path(path)), {fam: (_text_line(data, chars), chars)
                                                    for fam, chars in missing.items()})


def _text_line(data: bytes, chars: set) -> int | None:
    """The line of the first text element of the SVG that holds one of `chars`."""
    p = expat.ParserCreate()
    state = {"open": [], "found": None}

    def start(name, attrs):
        if name.rpartition(":")[2] in ("text", "tspan", "textPath"):
            state["open"].append(p.CurrentLineNumber)

    def end(name):
        if name.rpartition(":")[2] in ("text", "tspan", "textPath"):
            state["open"].pop()

    def text(t):
        if state["found"] is None and state["open"] and chars & set(t):
            state["found"] = state["open"][-1]
    p.StartElementHandler, p.EndElementHandler, p.CharacterDataHandler = start, end, text
    try:
        p.Parse(data, True)
    except expat.ExpatError:
        return None
    return state["found"]


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
    from reportlab.lib.colors import HexColor  # lazy: +205 ms to import (benchmarks/imports.py)
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
