"""PNG and JPEG files read as what they are made of (a PNG's chunks, a JPEG's markers), never decoded.

What a picture is (its size, its colours, how its pixels are stored) is written in a few bytes at the start
of its file, and a PDF can carry a PNG's compressed pixels and a JPEG's as they are (render/rasters.py), so
no pixel is decoded to check a picture or to put it into a PDF. examine() reads a file's bytes as a
structure and refuses, with what is wrong, a file that
- is neither a PNG nor a JPEG (images.py then asks Pillow what it is, to name it);
- claims more than images.MAX_PIXELS pixels (a small file can claim a gigantic picture);
- is cut short, or whose PNG chunks do not match their checksums (CRC-32, every chunk's: damage is caught
  there, as the pixel data is not inflated), whose PNG header is not one the format allows, or that lacks
  the palette, the pixel data or the end a PNG must have; or a JPEG whose frame is not one a PDF can carry
  (baseline or progressive, 8 bits, 1, 3 or 4 components), or that ends before its last scan does.
Not here: the decisions made from this (images.py checks, render/rasters.py embeds), SVG (svgfile.py).
"""
from __future__ import annotations

import struct

from ..records import Record

try:
    from zlib_ng.zlib_ng import crc32
except ImportError:                     # pragma: no cover - a platform without a zlib-ng wheel
    from zlib import crc32

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_START = b"\xff\xd8"
# PNG colour types and the bit depths each may have (the PNG specification, table 11.1)
DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
_CHUNK = struct.Struct(">I4s")
_FRAMES = {0xC0: "baseline", 0xC1: "extended", 0xC2: "progressive"}       # what DCTDecode reads
_OTHER_FRAMES = {0xC3: "lossless", 0xC5: "differential", 0xC6: "differential", 0xC7: "differential",
                 0xC9: "arithmetic-coded", 0xCA: "arithmetic-coded", 0xCB: "arithmetic-coded",
                 0xCD: "arithmetic-coded", 0xCE: "arithmetic-coded", 0xCF: "arithmetic-coded"}
_STANDALONE = set(range(0xD0, 0xD8)) | {0x01, 0xD8}


class BadRaster(ValueError):
    """The message completes "image 'NAME' ...": what is wrong with the file."""


class Raster(Record):
    """What a PNG or JPEG file holds: plain values only, so that it is kept in the cache as data."""
    format: str             # "PNG" | "JPEG"
    width: int              # pixels
    height: int
    bits: int               # a PNG's bit depth; a JPEG's sample precision (8)
    colour: int             # a PNG's colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGB+alpha);
                            # a JPEG's number of components (1 grey, 3 colour, 4 CMYK)
    interlaced: bool        # a PNG's Adam7 interlacing (a JPEG's progressive scans are not this)
    palette: bytes          # a PNG's PLTE chunk (RGB triples), else b""
    transparency: bytes     # a PNG's tRNS chunk, else b""
    data: int               # bytes of compressed pixels: a PNG's IDAT chunks together; a JPEG's whole file


def is_png(data) -> bool:
    return bytes(data[:8]) == PNG_SIGNATURE


def is_jpeg(data) -> bool:
    return bytes(data[:2]) == JPEG_START


def examine(data, max_pixels: int) -> Raster:
    """What the PNG or JPEG file `data` (bytes) holds; BadRaster when it is refused (see the module)."""
    if is_png(data):
        return _png(memoryview(data), max_pixels)
    if is_jpeg(data):
        return _jpeg(data, max_pixels)
    raise BadRaster("is neither a PNG nor a JPEG file")


def _pixels(width: int, height: int, max_pixels: int) -> None:
    if width < 1 or height < 1:
        raise BadRaster(f"cannot be read as an image (it claims to be {width} x {height} pixels)")
    if width * height > max_pixels:
        raise BadRaster(f"claims more than {max_pixels // 1_000_000} million pixels ({width * height} pixels)")


def chunks(data: memoryview):
    """(type, start of its data, length) of each chunk of a PNG file up to its IEND, checked against its
    CRC-32; BadRaster when one is cut short or damaged."""
    at, end = 8, len(data)
    while True:
        if at + 12 > end:
            raise BadRaster("cannot be read as an image (the PNG file is cut short)")
        length, kind = _CHUNK.unpack_from(data, at)
        if length > 0x7FFFFFFF or at + 12 + length > end:
            raise BadRaster("cannot be read as an image (the PNG file is cut short)")
        body = at + 8
        if crc32(data[at + 4:body + length]) != int.from_bytes(data[body + length:body + length + 4], "big"):
            name = kind.decode("latin-1") if kind.isalpha() else repr(kind)
            raise BadRaster(f"cannot be read as an image (broken PNG file: chunk {name} does not match its "
                            f"checksum)")
        yield kind, body, length
        if kind == b"IEND":
            return
        at = body + length + 4


def _png(data: memoryview, max_pixels: int) -> Raster:
    found = chunks(data)
    kind, at, length = next(found)
    if kind != b"IHDR" or length != 13:
        raise BadRaster("cannot be read as an image (broken PNG file: it does not start with its header)")
    width, height, bits, colour, compression, filtering, interlace = struct.unpack_from(">IIBBBBB", data, at)
    if colour not in DEPTHS or bits not in DEPTHS[colour] or compression or filtering or interlace > 1:
        raise BadRaster(f"cannot be read as an image (broken PNG file: colour type {colour} at {bits} bits, "
                        f"compression {compression}, filter {filtering}, interlace {interlace})")
    _pixels(width, height, max_pixels)
    palette = transparency = b""
    idat, ended = 0, False
    last = b"IHDR"
    for kind, at, length in found:
        if kind == b"IDAT":
            if idat and last != b"IDAT":
                raise BadRaster("cannot be read as an image (broken PNG file: its pixel data is split by "
                                "other chunks)")
            idat += length
        elif kind == b"PLTE":
            if length % 3 or not 3 <= length <= 768:
                raise BadRaster("cannot be read as an image (broken PNG file: a palette of "
                                f"{length} bytes)")
            palette = bytes(data[at:at + length])
        elif kind == b"tRNS":
            transparency = bytes(data[at:at + length])
        elif kind == b"IEND":
            ended = True
        last = kind
    if not ended:
        raise BadRaster("cannot be read as an image (the PNG file is cut short)")
    if not idat:
        raise BadRaster("cannot be read as an image (broken PNG file: it holds no pixel data)")
    if colour == 3 and not palette:
        raise BadRaster("cannot be read as an image (broken PNG file: a palette picture without its palette)")
    return Raster("PNG", width, height, bits, colour, bool(interlace), palette, transparency, idat)


def png_data(data) -> list:
    """The compressed pixels of a PNG file (bytes): its IDAT chunks' data, as views into `data`, in order."""
    view = memoryview(data)
    return [view[at:at + length] for kind, at, length in chunks(view) if kind == b"IDAT"]


def _jpeg(data: bytes, max_pixels: int) -> Raster:
    at, end = 2, len(data)
    frame = None
    while True:
        while at < end and data[at] == 0xFF and at + 1 < end and data[at + 1] == 0xFF:
            at += 1                                 # fill bytes before a marker
        if at + 2 > end or data[at] != 0xFF:
            raise BadRaster("cannot be read as an image (broken JPEG file: "
                            + ("it is cut short)" if at + 2 > end else "a marker is missing)"))
        marker = data[at + 1]
        at += 2
        if marker in _STANDALONE:
            continue
        if marker == 0xD9:
            raise BadRaster("cannot be read as an image (broken JPEG file: it ends before its picture)")
        if at + 2 > end:
            raise BadRaster("cannot be read as an image (broken JPEG file: it is cut short)")
        length = int.from_bytes(data[at:at + 2], "big")
        if length < 2 or at + length > end:
            raise BadRaster("cannot be read as an image (broken JPEG file: it is cut short)")
        if marker in _OTHER_FRAMES:
            raise BadRaster(f"is a {_OTHER_FRAMES[marker]} JPEG, which a PDF cannot carry; save it as a "
                            "baseline or progressive JPEG, or as a PNG")
        if marker in _FRAMES:
            if length < 8:
                raise BadRaster("cannot be read as an image (broken JPEG file: a frame header of "
                                f"{length} bytes)")
            bits = data[at + 2]
            height, width = struct.unpack_from(">HH", data, at + 3)
            components = data[at + 7]
            if bits != 8 or components not in (1, 3, 4):
                raise BadRaster(f"is a JPEG of {bits}-bit samples and {components} components, which a PDF "
                                "cannot carry; save it as an 8-bit grey, RGB or CMYK JPEG, or as a PNG")
            _pixels(width, height, max_pixels)
            frame = (bits, width, height, components)
        if marker == 0xDA:                          # the first scan: the entropy-coded data follows
            if frame is None:
                raise BadRaster("cannot be read as an image (broken JPEG file: a scan before its frame)")
            if data.find(b"\xff\xd9", at + length) < 0:
                raise BadRaster("cannot be read as an image (broken JPEG file: it is cut short)")
            bits, width, height, components = frame
            return Raster("JPEG", width, height, bits, components, False, b"", b"", end)
        at += length
