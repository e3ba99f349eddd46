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
Each file is one XObject a document, defined the first time a face shows it (xobject), however many show it
(a picture to convert is converted then, or taken from the cache); its stream's bytes are a token until the
document is written: render/splice.py keeps them (fill) and reads each file only then (rasterfile.py
checks it is still the picture it was, its pixel data as long as its dictionary says). A long-running process (pnp watch) holds what it read and converted in memory
(a Memory, given to render_pdf with the deck). The pixels printed are those reportlab's drawImage printed of the same file (tests/render/test_rasters.py
renders both).
Not here: placing the picture (pictures.py), checking the files (images.py), the conversions (convert.py).
"""
from __future__ import annotations

import os
from collections import OrderedDict
from functools import lru_cache

from ..errors import PnpError
from ..pictures.images import MAX_PIXELS, BadImage, known, seen, stamp
from ..pictures.rasterfile import CHANNELS, BadRaster, Raster, examine, png_data
from ..reportlab_adapter import define_picture, document
from . import convert, deflate, splice
from .drawn import Drawn, drawn
from .splice import fill, size, token
from ..pictures import picturecache, rasterfile
from concurrent.futures import ThreadPoolExecutor

HOLD = 128 << 20                    # bytes held at most: a deck of 270 pictures' files and conversions, ~33 MB


class Memory:
    """The pictures' bytes and conversions a long-running process (pnp watch) keeps between its builds, up to
    HOLD bytes (the least recently used given back first): it then reads no unchanged picture again."""

    def __init__(self):
        self.items: OrderedDict = OrderedDict()     # key -> (value, bytes), last used last
        self.size = 0

    def recall(self, key):
        hit = self.items.get(key) if key is not None else None
        if hit is None:
            return None
        self.items.move_to_end(key)
        return hit[0]

    def remember(self, key, value, size: int) -> None:
        if key is None or size > HOLD:
            return
        old = self.items.pop(key, None)
        self.size += size - (old[1] if old else 0)
        self.items[key] = (value, size)
        while self.size > HOLD:
            _, (_, gone) = self.items.popitem(last=False)
            self.size -= gone


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


def xobject(c, path: str, space: bytes | None = None) -> tuple[str, float, float]:
    """The name of the image XObject of the raster picture at `path` in c's document (defined the first time),
    and its width and height in pixels. `space`: for a palette or grey PNG whose pixels are copied, the Indexed
    colour space its palette entries or grey levels print in, in place of its own (a print shop's CMYK:
    export/inkstreams.py)."""
    doc = document(c)
    state = drawn(doc)
    names = state.pictures
    hit = names.get(path if space is None else (path, space))
    if hit is not None:
        return hit
    try:
        info = known(path)          # checked as the face was laid out, or taken from the layout store
    except (BadImage, OSError) as exc:
        raise PnpError(f"image '{path}' {exc}")
    r = info.stored
    name = f"PnpImage{len(names)}"
    source = _Source(path, r, info.digest, state)
    if space is not None and (source.kind != "copy" or r.colour not in (0, 3)):
        raise ValueError("a colour space of its own for a picture whose pixels are not indices")    # a bug
    if source.kind in ("jpeg", "copy", "mask"):
        entries, length = _entries(r), r.data       # the file's pixels: so many bytes (checked as they are read)
        if space is not None:
            entries = convert.image(r.width, r.height, space, r.bits, convert.flate(r.width, 1, r.bits))
        data = fill(doc, source.file_data, source.name("file"))
    else:
        entries = source.entries()[0]
        data = fill(doc, source.colour_data, source.name("colour"))
        length = size(data)                         # known once it is converted (or read back), as it is written
    smask = None
    if source.masked:
        mask = fill(doc, source.mask_data, source.name("mask"))
        smask = (source.entries()[1], token(mask), size(mask))
    define_picture(c, name, entries, token(data), length, smask)
    hit = names[path if space is None else (path, space)] = (name, r.width, r.height)
    return hit


@lru_cache(maxsize=4096)
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


@lru_cache(maxsize=1)
def _code() -> str:
    """The code that takes or converts a picture's bytes, by its files' sizes and times: a stream made by other
    code is another stream."""
    out = []
    for module in (convert, deflate, splice, rasterfile):
        st = os.stat(module.__file__)
        out.append(f"{st.st_size}:{st.st_mtime_ns}")
    st = os.stat(__file__)
    return " ".join(out + [f"{st.st_size}:{st.st_mtime_ns}"])


def convert_ahead(doc, paths) -> None:
    """Start converting, on every core, the raster pictures among `paths` (in the order they are drawn) that
    must be converted and whose conversion is neither held (Memory) nor in the cache, for the document `doc`: a cold build of a deck
    with many PNGs with alpha then converts them while it draws its pages, and each face takes its picture's
    conversion when it reaches it (the same bytes as converting it there)."""
    state = drawn(doc)
    jobs = []
    for path in dict.fromkeys(paths):
        try:
            info = known(path)
        except (BadImage, OSError):
            continue                    # drawing the face reports the file
        if info.kind != "raster":
            continue
        r = info.stored
        if how(r) in ("jpeg", "copy") or (path, info.digest) in state.ahead:
            continue
        if state.recall(("converted", info.digest)) is not None:
            continue
        if picturecache.has_converted(info.digest):
            continue
        jobs.append((path, r, info.digest))
    if len(jobs) < 2:
        return                          # one conversion is made where it is drawn
    pool = ThreadPoolExecutor(max_workers=min(len(jobs), os.cpu_count() or 1), thread_name_prefix="pnp-convert")
    for path, r, key in jobs:
        state.ahead[(path, key)] = pool.submit(_converted, path, r, how(r))
    pool.shutdown(wait=False)           # its threads end once the last conversion is made


def _converted(path: str, r: Raster, kind: str) -> tuple:
    """(the file's bytes, what it converts to: render/convert.py); zlib and Pillow let other threads run as
    they work, so convert_ahead's threads use the other cores."""
    data = _read(path, r)
    return data, getattr(convert, "decoded" if kind == "decode" else kind)(data, r)


def _read(path: str, r: Raster) -> bytes:
    """The file's bytes, checked to hold the picture examined (its size, colours and pixel data's length)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        now = examine(data, MAX_PIXELS)
    except (OSError, BadRaster) as exc:
        raise PnpError(f"image '{path}' cannot be read as it was when the build began ({exc}): build again")
    if now[:6] != r[:6] or now.palette != r.palette or now.data != r.data:
        raise PnpError(f"image '{path}' changed while the PDF was written: build again")
    return data


class _Source:
    """One picture's bytes for its streams: read from its file when the document is written, checked to be
    the picture it was; converted (or taken from the cache) once for its colour and its mask."""

    def __init__(self, path: str, r: Raster, digest: str, doc: Drawn):
        self.path, self.r, self.digest, self.doc = path, r, digest, doc
        self.kind = how(r)
        # a soft mask: an alpha channel, or a palette's transparency (a grey or RGB PNG's tRNS is not applied)
        self.masked = self.kind in ("mask", "split") or self.kind == "decode" and (
            r.colour in (4, 6) or r.colour == 3 and bool(r.transparency))
        self._value = None
        self._data = None               # the file's bytes, read to convert its mask, until its pixels are copied

    def read(self) -> bytes:
        """The file's bytes, checked to hold the picture examined (its size, colours and pixel data's length)."""
        return _read(self.path, self.r)

    def name(self, part: str) -> str:
        """What the bytes of a stream of this picture are (render/splice.py's fill): `part` ("file", "colour",
        "mask") of the file of this digest (or stat, where it has none), as this code takes or converts it."""
        of = self.digest or repr(stamp(os.stat(self.path)))
        return f"{part} {self.kind} {of} {self.path if part == 'file' else ''} {_code()}"

    def file_data(self) -> list:
        """The file's compressed pixels (a JPEG's whole file, a PNG's IDAT chunks' data); while a process holds
        pictures (Memory), kept in memory for as long as the file's stat is the one this build found."""
        key = None
        if self.doc.memory is not None:
            key = ("pixels", self.path, seen(self.path) or stamp(os.stat(self.path)))
            parts = self.doc.recall(key)
            if parts is not None:
                return parts
        if self.kind == "mask" and self._data is None and self._value is None:
            self.value()                # its mask is made from the same bytes (unless kept): read once for both
        data, self._data = self._data or self.read(), None
        parts = [data] if self.r.format == "JPEG" else png_data(data)
        self.doc.remember(key, parts, len(data))
        return parts

    def value(self) -> tuple:
        """(colour, mask) of the conversion (render/convert.py), made once (or kept in the cache)."""
        if self._value is None:
            key = ("converted", self.digest or (self.path, stamp(os.stat(self.path)))) \
                if self.doc.memory is not None else None
            kept = self.doc.recall(key)
            if kept is None:
                kept = picturecache.converted(self.digest)
            if self._shaped(kept):
                self._value = kept
                self.doc.remember(key, kept, sum(len(b) for part in kept if part for b in part))
            else:
                ahead = self.doc.ahead.pop((self.path, self.digest), None)
                try:
                    data, self._value = ahead.result() if ahead is not None else _converted(self.path, self.r,
                                                                                            self.kind)
                except PnpError:
                    raise
                except (ValueError, OSError, SyntaxError, EOFError) as exc:
                    raise PnpError(f"image '{self.path}' cannot be read as an image "
                                   f"({str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__})")
                if self.kind == "mask":
                    self._data = data           # its pixels are copied from these bytes when the PDF is written
                picturecache.keep_converted(self.digest, self._value)
                self.doc.remember(key, self._value, sum(len(b) for part in self._value if part for b in part))
        return self._value

    def entries(self) -> tuple:
        """The dictionary entries of the conversion's (colour, mask), each None where there is none: known from
        the picture's header for an alpha channel split off or a palette's mask, so that drawing a PDF reads no
        conversion (a PDF written already then reads none at all); a decoded picture's from its conversion."""
        if self.kind == "split":
            return convert.split_entries(self.r)
        if self.kind == "mask":
            return None, convert.mask_entries(self.r)
        return tuple(None if p is None else p[0] for p in self.value())

    def _shaped(self, value) -> bool:
        """Whether a conversion read back from the cache has the shape convert.py gives this picture:
        (colour, mask), each None or (entries, data) as bytes, the colour None where the file's is copied and
        the mask there where it has one."""
        def part(p, there):
            return p is None if not there else type(p) is tuple and len(p) == 2 and all(type(x) is bytes for x in p)
        return (type(value) is tuple and len(value) == 2 and part(value[0], self.kind != "mask")
                and part(value[1], self.masked))

    def colour_data(self) -> list:
        data = self.value()[0][1]
        if not self.masked:
            self._value = None          # nothing more is asked of it: its memory is given back
        return [data]

    def mask_data(self) -> list:
        data = self.value()[1][1]
        self._value = None              # the mask is written after the colour: nothing more is asked of it
        return [data]
