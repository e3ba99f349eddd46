"""PNG pictures that cannot go into a PDF as they are, converted: the pixels reportlab's drawImage printed.

A PDF image has no alpha channel (transparency is a second image, its soft mask), reads 16-bit samples its
own way and cannot read Adam7 interlacing. So, with the pixels exactly those reportlab made of the same file
(tests/render/test_rasters.py), which were Pillow's:
- split(): an 8-bit PNG with an alpha channel (RGBA, grey + alpha), not interlaced, is inflated but not
  unfiltered: each pixel row keeps its PNG filter byte and is split into a colour row and an alpha row, which
  the PNG predictors read back as they were (a filter works within a channel: the byte it predicts from is
  the same channel's, a pixel to the left or a row up); both are deflated again;
- mask(): a palette PNG with transparency keeps its pixels as they are, and gets a soft mask: each pixel's
  alpha (its palette entry's, from the tRNS chunk), decoded by Pillow;
- decoded(): any other (16 bits a sample, interlaced, ...) is decoded by Pillow and turned into grey or RGB
  (and alpha) as reportlab turned it (ImageReader.getRGBData), then written with the Sub filter.
Each returns (colour, mask): colour None (the file's pixels are copied) or (dictionary entries, data); mask None
or (entries, data): plain values, kept in the cache (picturecache.keep_converted) under the file's digest.
Not here: which picture needs which (render/rasters.py), reading files (rasterfile.py).
"""
from __future__ import annotations

import io

from ..pictures.rasterfile import CHANNELS, Raster, png_data
from .deflate import deflate
from PIL import Image
from zlib_ng import zlib_ng


def flate(width: int, colours: int, bits: int = 8) -> bytes:
    """The filter entries of a PNG-predicted FlateDecode stream of rows `width` pixels of `colours` samples."""
    return (b"/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors %d /BitsPerComponent %d /Columns %d >>"
            % (colours, bits, width))


def image(width: int, height: int, space: bytes, bits: int, extra: bytes = b"") -> bytes:
    return (b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent %d %s"
            % (width, height, space, bits, extra)).rstrip()


def mask_entries(r: Raster) -> bytes:
    return image(r.width, r.height, b"/DeviceGray", 8, flate(r.width, 1))


def _grey_or_rgb(channels: int) -> bytes:
    return b"/DeviceGray" if channels == 1 else b"/DeviceRGB"


def split_entries(r: Raster) -> tuple[bytes, bytes]:
    """The dictionary entries of split()'s colour and mask, known from the picture's header alone."""
    channels = CHANNELS[r.colour]
    return image(r.width, r.height, _grey_or_rgb(channels - 1), 8, flate(r.width, channels - 1)), mask_entries(r)


def split(data: bytes, r: Raster) -> tuple:
    """(colour, mask) of an 8-bit, non-interlaced PNG with an alpha channel (colour type 4 or 6)."""
    channels = CHANNELS[r.colour]
    mode = "LA" if channels == 2 else "RGBA"
    raw = zlib_ng.decompress(b"".join(png_data(data)))
    stride = 1 + channels * r.width
    if len(raw) < stride * r.height:
        raise ValueError("the PNG's pixel data is cut short")
    # Pillow reads the rows past their filter bytes (a row of `stride` bytes, from the second byte on) as they
    # are, unfiltered or not: this splits the channels, it decodes nothing
    rows = Image.frombytes(mode, (r.width, r.height), memoryview(raw)[1:], "raw", mode, stride)
    filters = raw[:stride * r.height:stride]
    out = []
    for part in (rows.convert(mode[:-1]), rows.getchannel("A")):
        width = len(part.getbands()) * r.width
        pixels = part.tobytes()
        # each row after its filter byte (joined here, not with numpy: importing it cost a first build 50 ms)
        out.append(deflate(b"".join(filters[y:y + 1] + pixels[y * width:(y + 1) * width] for y in range(r.height))))
    colour, mask = split_entries(r)
    return (colour, out[0]), (mask, out[1])


def mask(data: bytes, r: Raster) -> tuple:
    """(None, mask) of a palette PNG with transparency, not interlaced: its own pixels, and their alpha."""
    with _opened(data) as im:
        alpha = im.convert("RGBA").getchannel("A")
    return None, (mask_entries(r), deflate(_sub(alpha.tobytes(), r.width, r.height, 1)))


def decoded(data: bytes, r: Raster) -> tuple:
    """(colour, mask) of any PNG, decoded by Pillow, its colours and alpha as reportlab took them: an alpha
    channel (LA, RGBA) split off; a palette with transparency to RGB and alpha; L and RGB as they are;
    anything else to RGB."""
    with _opened(data) as im:
        alpha = None
        mode = im.mode
        if mode in ("LA", "RGBA"):
            alpha = im.getchannel("A")
            im = im.convert(mode[:-1])
        elif mode not in ("L", "RGB"):
            if mode == "P" and "transparency" in im.info:
                im = im.convert("RGBA")
                alpha = im.getchannel("A")
            im = im.convert("RGB")
        channels = 1 if im.mode == "L" else 3
        colour = deflate(_sub(im.tobytes(), r.width, r.height, channels))
    out = (image(r.width, r.height, _grey_or_rgb(channels), 8, flate(r.width, channels)), colour)
    if alpha is None:
        return out, None
    return out, (mask_entries(r), deflate(_sub(alpha.tobytes(), r.width, r.height, 1)))


def _opened(data: bytes):
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def _sub(raw: bytes, width: int, height: int, channels: int):
    """Rows of 8-bit samples as PNG scanlines with the Sub filter: each byte less the one a pixel to its left."""
    import numpy as np  # lazy: +136 ms to import (benchmarks/imports.py)
    stride = width * channels
    rows = np.frombuffer(raw, np.uint8).reshape(height, stride)
    out = np.empty((height, stride + 1), np.uint8)
    out[:, 0] = 1
    out[:, 1:1 + channels] = rows[:, :channels]
    np.subtract(rows[:, channels:], rows[:, :-channels], out=out[:, 1 + channels:])
    return out
