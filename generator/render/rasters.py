"""Raster pictures (PNG, JPEG) as image XObjects: their compressed pixels copied into the PDF as they are, or
converted once.

A PDF reads a JPEG's data as it is (DCTDecode) and a PNG's (FlateDecode with the PNG predictors), so:
- a JPEG is its file: grey, RGB or CMYK (whose Decode is inverted, as reportlab wrote it: Adobe's CMYK);
- a PNG of grey, RGB (8 bits) or a palette (1 to 8 bits), not interlaced, is its IDAT chunks' data, its
  palette an Indexed colour space; a tRNS chunk of a grey or RGB PNG is not applied (it was not before);
- a palette PNG with transparency keeps its pixels as they are, with a soft mask made for it; an 8-bit PNG
  with an alpha channel becomes a colour image and a soft mask, its rows split, not decoded; any other PNG
  (16 bits, interlaced) is decoded (render/convert.py). What a picture is converted to is kept in the cache
  under the digest of its bytes (picturecache.py), so a picture is converted once.
Each file is one XObject a document, defined the first time a face shows it (xobject), however many show it;
its stream's bytes (and its length, an indirect object) are tokens until the document is written: fills()
gives them to render/splice.py, which reads each file, or its conversion, only then (rasterfile.py checks it
is still the picture it was). The pixels printed are those reportlab's drawImage printed of the same file
(tests/test_raster_pixels.py renders both).
Not here: placing the picture (pictures.py), checking the files (images.py), the conversions (convert.py).
"""
from __future__ import annotations

from weakref import WeakKeyDictionary

from ..errors import PnpError
from ..images import MAX_PIXELS, BadImage, picture
from ..rasterfile import CHANNELS, BadRaster, Raster, examine, png_data
from ..reportlab_adapter import define_picture, document
from . import convert
from .splice import token

_docs: WeakKeyDictionary = WeakKeyDictionary()      # document -> _Pictures


class _Pictures:
    """A document's raster pictures: file -> (XObject name, width, height), and the fills their streams left."""

    def __init__(self):
        self.names: dict = {}
        self.fills: dict = {}

    def fill(self, what) -> int:
        n = len(self.fills)
        self.fills[n] = what
        return n


def fills(c) -> dict:
    """The tokens c's document holds for its pictures' streams and lengths (see render/splice.py)."""
    state = _docs.get(document(c))
    return state.fills if state is not None else {}


def how(r: Raster) -> str:
    """How a picture enters a PDF: "jpeg", "copy" (its pixels as they are), "mask" (its pixels as they are
    and a soft mask made), "split" (alpha split off, rows not decoded) or "decode" (decoded by Pillow)."""
    if r.format == "JPEG":
        return "jpeg"
    if r.interlaced:
        return "decode"
    if r.colour == 3:
        return "mask" if r.transparency else "copy"
    if r.colour == 0 and r.bits <= 8 or r.colour == 2 and r.bits == 8:
        return "copy"
    if r.colour in (4, 6) and r.bits == 8:
        return "split"
    return "decode"


def xobject(c, path: str) -> tuple[str, float, float]:
    """The name of the image XObject of the raster picture at `path` in c's document (defined the first time),
    and its width and height in pixels."""
    doc = document(c)
    state = _docs.get(doc)
    if state is None:
        state = _docs[doc] = _Pictures()
    hit = state.names.get(path)
    if hit is not None:
        return hit
    try:
        info = picture(path)        # checked as the face was laid out; from memory, or the cache, since
    except (BadImage, OSError) as exc:  # changed since (pnp watch), or a face from the layout store
        raise PnpError(f"image '{path}' {exc}")
    r = info.stored
    name = f"PnpImage{len(state.names)}"
    source = _Source(path, r, info.digest)
    if source.kind in ("jpeg", "copy", "mask"):
        entries = _entries(r)
        data = state.fill(("data", source.file_data))
    else:
        entries = token(state.fill(("data", source.colour_entries)))
        data = state.fill(("data", source.colour_data))
    length = state.fill(("length", data))
    smask = None
    if source.masked:
        mask = state.fill(("data", source.mask_data))
        smask = (convert.mask_entries(r), token(mask), token(state.fill(("length", mask))))
    define_picture(c, name, entries, token(data), token(length), smask)
    hit = state.names[path] = (name, r.width, r.height)
    return hit


def _entries(r: Raster) -> bytes:
    """The dictionary entries of a JPEG, or of a PNG whose pixels are copied."""
    if r.format == "JPEG":
        space = {1: b"/DeviceGray", 3: b"/DeviceRGB", 4: b"/DeviceCMYK"}[r.colour]
        decode = b"/Decode [1 0 1 0 1 0 1 0] " if r.colour == 4 else b""
        return convert.image(r.width, r.height, space, 8, decode + b"/Filter /DCTDecode")
    if r.colour == 3:
        space = b"[/Indexed /DeviceRGB %d <%s>]" % (len(r.palette) // 3 - 1, r.palette.hex().encode())
    else:
        space = b"/DeviceGray" if r.colour == 0 else b"/DeviceRGB"
    return convert.image(r.width, r.height, space, r.bits, convert.flate(r.width, CHANNELS[r.colour], r.bits))


class _Source:
    """One picture's bytes for its streams: read from its file when the document is written, checked to be
    the picture it was; converted (or taken from the cache) once for its colour and its mask."""

    def __init__(self, path: str, r: Raster, digest: str):
        self.path, self.r, self.digest = path, r, digest
        self.kind = how(r)
        # a soft mask: an alpha channel, or a palette's transparency (a grey or RGB PNG's tRNS is not applied)
        self.masked = self.kind in ("mask", "split") or self.kind == "decode" and (
            r.colour in (4, 6) or r.colour == 3 and bool(r.transparency))
        self._value = None

    def read(self) -> bytes:
        try:
            with open(self.path, "rb") as f:
                data = f.read()
            now = examine(data, MAX_PIXELS)
        except (OSError, BadRaster) as exc:
            raise PnpError(f"image '{self.path}' cannot be read as it was when the build began ({exc}): "
                           f"build again")
        if now[:6] != self.r[:6] or now.palette != self.r.palette:
            raise PnpError(f"image '{self.path}' changed while the PDF was written: build again")
        return data

    def file_data(self) -> list:
        data = self.read()
        return [data] if self.r.format == "JPEG" else png_data(data)

    def value(self) -> tuple:
        """(colour, mask) of the conversion (render/convert.py), made once (or kept in the cache)."""
        if self._value is None:
            from .. import picturecache
            kept = picturecache.converted(self.digest)
            if self._shaped(kept):
                self._value = kept
            else:
                data = self.read()
                try:
                    self._value = getattr(convert, "decoded" if self.kind == "decode" else self.kind)(data, self.r)
                except (ValueError, OSError, SyntaxError, EOFError) as exc:
                    raise PnpError(f"image '{self.path}' cannot be read as an image "
                                   f"({str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__})")
                picturecache.keep_converted(self.digest, self._value)
        return self._value

    def _shaped(self, value) -> bool:
        """Whether a conversion read back from the cache has the shape convert.py gives this picture:
        (colour, mask), each None or (entries, data) as bytes, the colour None where the file's is copied and
        the mask there where it has one."""
        def part(p, there):
            return p is None if not there else type(p) is tuple and len(p) == 2 and all(type(x) is bytes for x in p)
        return (type(value) is tuple and len(value) == 2 and part(value[0], self.kind != "mask")
                and part(value[1], self.masked))

    def colour_entries(self) -> list:
        return [self.value()[0][0]]

    def colour_data(self) -> list:
        data = self.value()[0][1]
        if not self.masked:
            self._value = None          # nothing more is asked of it: its memory is given back
        return [data]

    def mask_data(self) -> list:
        data = self.value()[1][1]
        self._value = None              # the mask is written after the colour: nothing more is asked of it
        return [data]
