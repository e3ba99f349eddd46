"""Pictures of every kind a designer may bring, made here (tests/render/test_rasters.py, tests/pictures/test_picturecache.py):
PNG of grey, RGB and palettes at their bit depths, with and without transparency (tRNS, an alpha channel),
16-bit, Adam7-interlaced (written by hand: Pillow writes none), and JPEG of grey, RGB, CMYK and progressive.
KINDS: name -> (a function making the file's bytes, its suffix, how render/rasters.py puts it into a PDF).
"""
from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw

W, H = 61, 47                       # odd sizes: rows whose bytes do not fill a word, palettes of sub-byte pixels


def art(mode: str = "RGB", size=(W, H)):
    """A picture with gradients, hard edges and (for an alpha mode) see-through parts."""
    w, h = size
    y, x = np.mgrid[0:h, 0:w]
    rgb = np.stack([(x * 255 // max(1, w - 1)), (y * 255 // max(1, h - 1)), ((x + y) * 7) % 256], -1).astype(np.uint8)
    im = Image.fromarray(rgb, "RGB")
    d = ImageDraw.Draw(im)
    d.ellipse((w // 4, h // 4, 3 * w // 4, 3 * h // 4), fill=(200, 30, 30))
    d.line((0, h - 1, w - 1, 0), fill=(10, 10, 10), width=2)
    if mode in ("RGBA", "LA"):
        alpha = Image.fromarray(((x * 3 + y * 5) % 256).astype(np.uint8), "L")
        im = im.convert(mode[0] if mode == "LA" else "RGB")
        im.putalpha(alpha)
        return im
    return im.convert(mode) if mode != "RGB" else im


def png(im, **kw) -> bytes:
    out = io.BytesIO()
    im.save(out, "PNG", **kw)
    return out.getvalue()


def jpeg(im, **kw) -> bytes:
    out = io.BytesIO()
    im.save(out, "JPEG", quality=85, **kw)
    return out.getvalue()


def _sixteen(channels: int) -> bytes:
    """A 16-bit PNG (grey, grey+alpha, RGB or RGBA), written by hand: Pillow writes only some of them."""
    import struct
    import zlib
    colour = {1: 0, 2: 4, 3: 2, 4: 6}[channels]
    y, x = np.mgrid[0:H, 0:W]
    planes = [(x * 1111 + y * 37) % 65536, (y * 1400 + x) % 65536, (x * y * 13) % 65536, (x * 997) % 65536]
    data = np.stack(planes[:channels], -1).astype(">u2")
    rows = b"".join(b"\0" + data[r].tobytes() for r in range(H))
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 16, colour, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(rows)) + _chunk(b"IEND", b""))


def _chunk(kind: bytes, body: bytes) -> bytes:
    import struct
    import zlib
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _interlaced(im) -> bytes:
    """An Adam7-interlaced PNG of an 8-bit RGB, RGBA or palette picture (Pillow writes none), written by hand:
    each of the seven passes' rows unfiltered (filter 0), a palette's transparency as a tRNS chunk."""
    import struct
    import zlib
    colour = {"RGB": 2, "RGBA": 6, "P": 3}[im.mode]
    a = np.asarray(im)
    rows = []
    for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
                           (0, 1, 1, 2)):
        part = a[y0::dy, x0::dx]
        if part.size:
            rows += [b"\0" + row.tobytes() for row in part]
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", im.width, im.height, 8, colour, 0, 0, 1))
    extra = b""
    if colour == 3:
        extra = _chunk(b"PLTE", bytes(im.getpalette()[:3 * 16]))
        extra += _chunk(b"tRNS", bytes([255, 0, 128, 40]))
    return b"\x89PNG\r\n\x1a\n" + head + extra + _chunk(b"IDAT", zlib.compress(b"".join(rows))) + _chunk(b"IEND", b"")


def _palette(bits: int, transparent: bool) -> bytes:
    im = art().quantize(2 ** bits)
    if transparent:
        im.info["transparency"] = bytes(range(0, 256, max(1, 256 // 2 ** bits)))[:2 ** bits]
    return png(im, bits=bits, transparency=im.info.get("transparency")) if transparent else png(im, bits=bits)


KINDS = {   # name: (file bytes, suffix, how it goes in)
    "rgb": (lambda: png(art()), ".png", "copy"),
    "grey": (lambda: png(art("L")), ".png", "copy"),
    "grey-1-bit": (lambda: png(art("1")), ".png", "copy"),
    "grey-4-bit": (lambda: png(art("L"), bits=4), ".png", "copy"),
    "palette": (lambda: _palette(8, False), ".png", "copy"),
    "palette-4-bit": (lambda: _palette(4, False), ".png", "copy"),
    "palette-transparent": (lambda: _palette(8, True), ".png", "mask"),
    "palette-2-bit-transparent": (lambda: _palette(2, True), ".png", "mask"),
    "rgb-with-trns": (lambda: png(art(), transparency=(200, 30, 30)), ".png", "copy"),
    "grey-with-trns": (lambda: png(art("L"), transparency=0), ".png", "copy"),
    "rgba": (lambda: png(art("RGBA")), ".png", "split"),
    "grey-alpha": (lambda: png(art("LA")), ".png", "split"),
    "rgb-16-bit": (lambda: _sixteen(3), ".png", "decode"),
    "grey-16-bit": (lambda: _sixteen(1), ".png", "decode"),
    "rgba-16-bit": (lambda: _sixteen(4), ".png", "decode"),
    "grey-alpha-16-bit": (lambda: _sixteen(2), ".png", "decode"),
    "interlaced-rgb": (lambda: _interlaced(art()), ".png", "decode"),
    "interlaced-rgba": (lambda: _interlaced(art("RGBA")), ".png", "decode"),
    "interlaced-palette-transparent": (lambda: _interlaced(art().quantize(16)), ".png", "decode"),
    "jpeg-rgb": (lambda: jpeg(art()), ".jpg", "jpeg"),
    "jpeg-grey": (lambda: jpeg(art("L")), ".jpg", "jpeg"),
    "jpeg-cmyk": (lambda: jpeg(art("CMYK")), ".jpg", "jpeg"),
    "jpeg-progressive": (lambda: jpeg(art(), progressive=True), ".jpeg", "jpeg"),
}
