"""Picture files a deck names, checked before anything draws them, and how a picture fits its box.

A picture is a PNG or JPEG (a raster: Pillow decodes it whole, once) or an SVG (a vector: svgfile.py reads
it with the standard library and refuses what reaches outside it; the PNG and JPEG pictures written into an
SVG are checked here as files are). Pillow's decompression-bomb guard is on (Image.MAX_IMAGE_PIXELS) and
its warning is an error, so a small file that claims to be a gigantic picture is refused before it is
decoded. Each file is examined once a process for each size and time it has (lru_cache).
`fitted` is the one geometry of `fit` and `focus` (layout's resolution check and render/pictures.py's
drawing both use it); `dpi` the effective resolution of a raster picture at its printed size.
Not here: drawing (render/pictures.py, render/svg.py), the resolution findings (layout/resolution.py).
"""
from __future__ import annotations

import io
import warnings
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image

from . import svgfile
from .svgfile import BadSvg, check_svg

MAX_PIXELS = 40_000_000          # e.g. 6000 x 6600: a tarot card at 1200 dpi
MAX_BYTES = 50_000_000
FORMATS = ("PNG", "JPEG")
RASTER = (".png", ".jpg", ".jpeg")
SVG = ".svg"
SUFFIXES = RASTER + (SVG,)
FITS = ("contain", "cover", "stretch")

Image.MAX_IMAGE_PIXELS = MAX_PIXELS


class BadImage(ValueError):
    pass


class Picture(NamedTuple):
    kind: str               # "raster" | "svg"
    width: float            # a raster's pixels; an SVG's points
    height: float


def is_svg(path) -> bool:
    return str(path).lower().endswith(SVG)


def check_image(path) -> tuple[int, int]:
    """(width, height) of a picture that reads whole (pixels of a PNG or JPEG, points of an SVG); BadImage
    otherwise."""
    p = picture(path)
    return p.width, p.height


def picture(path) -> Picture:
    """What `path` holds, checked (see the module's docstring); BadImage otherwise."""
    p = Path(path)
    st = p.stat()
    return _check(str(p), st.st_size, st.st_mtime_ns)


def svg_bytes(path) -> bytes:
    """The bytes of an SVG file, checked as picture() checks it: what svglib is given to draw, never the path."""
    data = Path(path).read_bytes()
    try:
        _svg(data)
    except BadSvg as exc:
        raise BadImage(str(exc))
    return data


@lru_cache(maxsize=256)
def _check(path: str, size: int, mtime: int) -> Picture:
    if is_svg(path):
        try:
            if size > svgfile.MAX_BYTES:        # refused before it is read
                raise BadSvg(f"is {size:,} bytes; the limit for an SVG is {svgfile.MAX_BYTES:,}")
            info = _svg(Path(path).read_bytes())
        except BadSvg as exc:
            raise BadImage(str(exc))
        return Picture("svg", info.width, info.height)
    if size > MAX_BYTES:
        raise BadImage(f"is {size} bytes; the limit is {MAX_BYTES}")
    w, h = _raster(path)
    return Picture("raster", w, h)


def _svg(data: bytes):
    info = check_svg(data)
    for n, raster in enumerate(info.rasters, 1):
        try:
            _raster(io.BytesIO(raster))
        except BadImage as exc:
            raise BadSvg(f"holds a picture (the {_nth(n)} data:image URI) that {exc}")
    return info


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def _raster(source) -> tuple[int, int]:
    """(width, height) of a PNG or JPEG (a path or a file object) that decodes whole."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(source) as im:
                if im.format not in FORMATS:
                    raise BadImage(f"is a {im.format} image; use PNG, JPEG or SVG")
                w, h = im.size
                if w < 1 or h < 1 or w * h > MAX_PIXELS:
                    raise BadImage(f"is {w} x {h} pixels; the limit is {MAX_PIXELS // 1_000_000} million pixels")
                im.load()
        except BadImage:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise BadImage(f"claims more than {MAX_PIXELS // 1_000_000} million pixels "
                           f"({str(exc).split('pixels')[0].split('(')[-1].strip()} pixels)")
        except Image.UnidentifiedImageError:
            raise BadImage("is not an image Pillow can read; use PNG, JPEG or SVG (named .svg)")
        except (OSError, ValueError, SyntaxError, EOFError, MemoryError) as exc:
            raise BadImage(f"cannot be read as an image ({str(exc).splitlines()[0][:80] or type(exc).__name__})")
    return w, h


def fitted(x: float, y: float, w: float, h: float, iw: float, ih: float, fit: str = "contain",
           fx: float = 0.5, fy: float = 0.5) -> tuple[float, float, float, float]:
    """Where a picture iw x ih is drawn for the box (x, y, w, h) (y upwards): (x, y, width, height).

    contain: as large as fits whole inside the box; cover: as small as fills the box (the box then crops
    it); stretch: the box, whatever the picture's proportions. The focus (fx, fy: 0 to 1 across the
    picture from its left and from its top) is the point of the picture placed at the same point of the
    box, as CSS's object-position: 0 keeps the left (or top) edge, 1 the right (or bottom), 0.5 centres."""
    if fit == "stretch" or iw <= 0 or ih <= 0:
        return x, y, w, h
    scale = min(w / iw, h / ih) if fit == "contain" else max(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    return x + (w - dw) * fx, y + (h - dh) * (1.0 - fy), dw, dh


def dpi(pixels_w: int, pixels_h: int, drawn_w: float, drawn_h: float) -> float:
    """The effective resolution of a raster picture drawn drawn_w x drawn_h points: its pixels per inch
    along the axis where they are fewest."""
    return min(pixels_w / (drawn_w / 72.0), pixels_h / (drawn_h / 72.0))
