"""Font families from fonts/fonts.yaml, registered with reportlab once per process, and the glyph check."""
from __future__ import annotations

from functools import lru_cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .. import FONTS
from ..errors import PnpError, known_list, suggest
from ..yamlfile import load
from .fontcache import load_ttf

STYLES = ("regular", "bold", "italic", "bolditalic")


@lru_cache(maxsize=1)
def _catalogue() -> dict:
    return dict(load(FONTS / "fonts.yaml", "fonts/fonts.yaml"))


def families() -> list[str]:
    return list(_catalogue())


@lru_cache(maxsize=None)
def _ttf(filename: str) -> TTFont:
    path = FONTS / filename
    if not path.is_file():
        raise PnpError(f"font file '{filename}' is missing from fonts/", "fonts/fonts.yaml")
    name = "pnp-" + filename.rsplit(".", 1)[0]
    font = load_ttf(name, path)
    pdfmetrics.registerFont(font)
    return font


@lru_cache(maxsize=None)
def family(name: str) -> dict:
    """{style: reportlab font name} for a family. Names only: each style's file is parsed and
    registered the first time font_name() asks for it, so a build pays only for the styles it uses."""
    cat = _catalogue()
    if name not in cat:
        raise PnpError(f"unknown font '{name}'", hint=suggest(name, cat) or known_list(cat))
    files = cat[name]
    faces = {style: "pnp-" + str(files.get(style) or files["regular"]).rsplit(".", 1)[0] for style in STYLES}
    for (bold, italic), style in {(0, 0): "regular", (1, 0): "bold", (0, 1): "italic",
                                  (1, 1): "bolditalic"}.items():
        addMapping(faces["regular"], bold, italic, faces[style])
    return faces


def font_name(fam: str, style: str = "regular") -> str:
    """The registered reportlab name of a family's style, parsing the font file on first use."""
    faces = family(fam)
    files = _catalogue()[fam]
    name = faces[style]
    if name not in _registered:
        _ttf(str(files.get(style) or files["regular"]))
        _registered.add(name)
        # reportlab's registerFont maps every style of a new font to itself: restore the family
        for (bold, italic), st in {(0, 0): "regular", (1, 0): "bold", (0, 1): "italic",
                                   (1, 1): "bolditalic"}.items():
            addMapping(faces["regular"], bold, italic, faces[st])
    return name


_registered: set = set()


def register(names) -> None:
    """Register fonts by the names laid-out Text ops carry: a face from the layout store was laid
    out by an earlier build, so this process has not met its fonts yet."""
    for name in set(names) - _registered:
        for fam, files in _catalogue().items():
            style = next((st for st in STYLES if family(fam)[st] == name), None)
            if style is not None:
                font_name(fam, style)
                break


def ensure(fam: str, styles) -> None:
    """Register the styles a piece of markup will use (<b> and <i> look fonts up by name)."""
    for style in styles:
        font_name(fam, style)


def face(font: str):
    return pdfmetrics.getFont(font).face


def missing_glyphs(text: str, fam: str, styles=("regular",)) -> list[str]:
    """Characters of `text` that some used style of the family cannot draw."""
    return list(_missing(text, fam, tuple(styles)))


@lru_cache(maxsize=16384)
def _missing(text: str, fam: str, styles: tuple) -> tuple:
    missing = []
    for style in styles:
        cmap = face(font_name(fam, style)).charToGlyph
        for ch in set(text):
            if ch in "\n\r\t" or ch in missing:
                continue
            if ord(ch) not in cmap:
                missing.append(ch)
    return tuple(sorted(missing))
