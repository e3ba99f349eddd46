"""Picture files a deck names, checked before anything draws them, and how a picture fits its box.

A picture is a PNG or JPEG (a raster) or an SVG (a vector: svgfile.py reads it with the standard library and
refuses what reaches outside it; the PNG and JPEG pictures written into an SVG are checked here as files
are). A raster is read as a structure, never decoded (rasterfile.py): its size, colours and how its pixels
are stored, which is all render/rasters.py needs to put it into a PDF as it is; a file that claims more than
MAX_PIXELS pixels is refused before anything else reads it. A file that is neither is named by Pillow (with
its decompression-bomb guard on, its warning an error). Each file is examined once: what was learnt is kept in
this process for each path, size, times and inode, and in the cache under the digest of the file's bytes
(picturecache.py), so a rebuild opens no unchanged picture; a mistake is kept in this process too.
`fitted` is the one geometry of `fit` and `focus` (layout's resolution check and render/placing.py's
drawing both use it); `dpi` the effective resolution of a raster picture at its printed size.
Not here: drawing (render/placing.py, render/rasters.py, render/svg.py), the resolution findings
(layout/resolution.py).
"""
from __future__ import annotations

import io
import os
import warnings
from pathlib import Path

from ..records import Record
from . import picturecache, svgfile
from .rasterfile import BadRaster, Raster, examine, is_jpeg, is_png
from .svgfile import BadSvg, check_svg
from PIL import Image

MAX_PIXELS = 40_000_000          # e.g. 6000 x 6600: a tarot card at 1200 dpi
MAX_BYTES = 50_000_000
FORMATS = ("PNG", "JPEG")
RASTER = (".png", ".jpg", ".jpeg")
SVG = ".svg"
SUFFIXES = RASTER + (SVG,)
FITS = ("contain", "cover", "stretch")


class BadImage(ValueError):
    pass


class Picture(Record):
    kind: str               # "raster" | "svg"
    width: float            # a raster's pixels; an SVG's points
    height: float
    raster: tuple = ()      # a raster's rasterfile.Raster; () for an SVG
    digest: str = ""        # of the file's bytes (picturecache.digest)

    @property
    def stored(self) -> Raster:
        return self.raster if type(self.raster) is Raster else Raster(*self.raster)


def _made(values: tuple, digest: str) -> Picture:
    """A Picture of the plain values picturecache keeps (its raster a Raster again)."""
    kind, width, height, raster = values
    return Picture(kind, width, height, Raster(*raster) if raster else (), digest)


def is_svg(path) -> bool:
    return str(path).lower().endswith(SVG)


def check_image(path) -> tuple[int, int]:
    """(width, height) of a picture that reads whole (pixels of a PNG or JPEG, points of an SVG); BadImage
    otherwise."""
    p = picture(path)
    return p.width, p.height


def stamp(st) -> tuple:
    """What says a file is the one examined before: its size, its times and its inode."""
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _absolute(path) -> str:
    """The path as picturecache.examined keeps it: absolute (a face's pictures are, as find_inside gives them)."""
    p = os.fspath(path)
    return p if p.startswith(os.sep) else os.path.abspath(p)


def picture(path) -> Picture:
    """What `path` holds, checked (see the module's docstring); BadImage otherwise (OSError when it cannot be
    read at all)."""
    p = _absolute(path)
    st = os.stat(p)
    key = stamp(st)
    hit = picturecache.examined(p)
    if hit is None or hit[0] != key:
        try:
            found = _examine(p, key)
        except BadImage as exc:
            found = str(exc)
        hit = (key, found)
        picturecache.note(p, hit)
    if type(hit[1]) is str:
        raise BadImage(hit[1])
    return hit[1]


def known(path) -> Picture:
    """What `path` holds as this process last found it (picture()), without looking at the file again: for the
    steps after the one that checked it in the same build (the resolution check, drawing; render/splice.py
    checks the file is still that picture as it reads it); picture() when it was never examined."""
    hit = picturecache.examined(_absolute(path))
    if hit is not None and type(hit[1]) is not str:
        return hit[1]
    return picture(path)


def seen(path) -> tuple | None:
    """The stat stamp of `path` when picture() last looked at it in this process, or None."""
    hit = picturecache.examined(_absolute(path))
    return None if hit is None else hit[0]


def digest(path) -> str:
    """The digest of a picture file's bytes (picturecache.digest): kept with what it is, or read now."""
    p = picture(path)
    if p.digest:
        return p.digest
    with open(path, "rb") as f:
        return picturecache.digest(f.read())


def _examine(path: str, key: tuple) -> Picture:
    kept = picturecache.by_path(path, key)
    if kept is not None:
        return _made(kept[1], kept[0])
    size = key[0]
    limit = svgfile.MAX_BYTES if is_svg(path) else MAX_BYTES
    if size > limit:                    # refused before it is read
        raise BadImage(f"is {size:,} bytes; the limit for an SVG is {limit:,}" if is_svg(path)
                       else f"is {size} bytes; the limit is {limit}")
    with open(path, "rb") as f:
        data = f.read()
    cached = picturecache.on()
    name = picturecache.digest(data)    # always: a picture's form is named by it (render/placing.py)
    values = picturecache.by_digest(path, name) if cached else None
    if values is None:
        values = _values(path, data)
    if cached:
        picturecache.keep(path, key, name, values)
    return _made(values, name)


def _values(path: str, data: bytes) -> tuple:
    """(kind, width, height, raster) of a file's bytes; BadImage when they are refused."""
    if is_svg(path):
        try:
            info = _svg(data)
        except BadSvg as exc:
            raise BadImage(str(exc))
        return ("svg", info.width, info.height, ())
    raster = _raster(data)
    return ("raster", raster.width, raster.height, tuple(raster))


def svg_bytes(path) -> bytes:
    """The bytes of an SVG file, checked as picture() checks it: what svglib is given to draw, never the path."""
    data = Path(path).read_bytes()
    try:
        _svg(data)
    except BadSvg as exc:
        raise BadImage(str(exc))
    return data


def _svg(data: bytes):
    info = check_svg(data)
    for n, raster in enumerate(info.rasters, 1):
        try:
            _raster(raster)
        except BadImage as exc:
            raise BadSvg(f"holds a picture (the {_nth(n)} data:image URI) that {exc}")
    return info


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def _raster(data: bytes) -> Raster:
    """What a PNG or JPEG file's bytes hold (rasterfile.examine); BadImage for those it refuses, and for a file
    of any other kind, named by Pillow."""
    if is_png(data) or is_jpeg(data):
        try:
            return examine(data, MAX_PIXELS)
        except BadRaster as exc:
            raise BadImage(str(exc))
    _other(data)
    raise BadImage("is not an image Pillow can read; use PNG, JPEG or SVG (named .svg)")  # pragma: no cover


def _other(data: bytes) -> None:
    """BadImage naming what a file that is neither a PNG nor a JPEG is, as Pillow knows it."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as im:
                raise BadImage(f"is a {im.format} image; use PNG, JPEG or SVG")
        except BadImage:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise BadImage(f"claims more than {MAX_PIXELS // 1_000_000} million pixels "
                           f"({str(exc).split('pixels')[0].split('(')[-1].strip()} pixels)")
        except Image.UnidentifiedImageError:
            raise BadImage("is not an image Pillow can read; use PNG, JPEG or SVG (named .svg)")
        except (OSError, ValueError, SyntaxError, EOFError, MemoryError) as exc:
            raise BadImage(f"cannot be read as an image ({str(exc).splitlines()[0][:80] or type(exc).__name__})")


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
