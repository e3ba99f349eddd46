"""The pixels a picture prints are the ones they were (issue 36): pictures now enter the PDF with their compressed
pixels copied as they are (render/rasters.py), where reportlab's drawImage decoded every one and compressed it
again. For every kind of PNG and JPEG a designer may bring, the same picture is drawn on a coloured page both
ways, reportlab's drawImage (what pnp did before) and pnp's own (render/pictures.place), and both pages are
rendered by pdfium at two scales (the picture shrunk and enlarged: its pixels resampled) and compared pixel
for pixel: exactly equal, every kind. A picture written into an SVG (data:image/png) is drawn by svglib
through reportlab, as before: it prints as the same file drawn on its own by reportlab. Each kind also says
how it went in: copied (its data the file's own bytes), split, masked or decoded.
"""
from __future__ import annotations

import base64
import io

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw
from reportlab.pdfgen.canvas import Canvas

from generator.images import picture
from generator.layout.display import Image as ImageOp
from generator.render import rasters
from generator.render.pdf import pdf_bytes
from generator.render.pictures import place

W, H = 61, 47                       # odd sizes: rows whose bytes do not fill a word, palettes of sub-byte pixels
BOX = (20, 20, 160, 110)            # where it is drawn: the page 200 x 150 pt
PAGE = (200, 150)


def _art(mode: str = "RGB", size=(W, H)):
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


def _png(im, **kw) -> bytes:
    out = io.BytesIO()
    im.save(out, "PNG", **kw)
    return out.getvalue()


def _jpeg(im, **kw) -> bytes:
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
    im = _art().quantize(2 ** bits)
    if transparent:
        im.info["transparency"] = bytes(range(0, 256, max(1, 256 // 2 ** bits)))[:2 ** bits]
    return _png(im, bits=bits, transparency=im.info.get("transparency")) if transparent else _png(im, bits=bits)


KINDS = {   # name: (file bytes, suffix, how it goes in)
    "rgb": (lambda: _png(_art()), ".png", "copy"),
    "grey": (lambda: _png(_art("L")), ".png", "copy"),
    "grey-1-bit": (lambda: _png(_art("1")), ".png", "copy"),
    "grey-4-bit": (lambda: _png(_art("L"), bits=4), ".png", "copy"),
    "palette": (lambda: _palette(8, False), ".png", "copy"),
    "palette-4-bit": (lambda: _palette(4, False), ".png", "copy"),
    "palette-transparent": (lambda: _palette(8, True), ".png", "mask"),
    "palette-2-bit-transparent": (lambda: _palette(2, True), ".png", "mask"),
    "rgb-with-trns": (lambda: _png(_art(), transparency=(200, 30, 30)), ".png", "copy"),
    "grey-with-trns": (lambda: _png(_art("L"), transparency=0), ".png", "copy"),
    "rgba": (lambda: _png(_art("RGBA")), ".png", "split"),
    "grey-alpha": (lambda: _png(_art("LA")), ".png", "split"),
    "rgb-16-bit": (lambda: _sixteen(3), ".png", "decode"),
    "grey-16-bit": (lambda: _sixteen(1), ".png", "decode"),
    "rgba-16-bit": (lambda: _sixteen(4), ".png", "decode"),
    "grey-alpha-16-bit": (lambda: _sixteen(2), ".png", "decode"),
    "interlaced-rgb": (lambda: _interlaced(_art()), ".png", "decode"),
    "interlaced-rgba": (lambda: _interlaced(_art("RGBA")), ".png", "decode"),
    "interlaced-palette-transparent": (lambda: _interlaced(_art().quantize(16)), ".png", "decode"),
    "jpeg-rgb": (lambda: _jpeg(_art()), ".jpg", "jpeg"),
    "jpeg-grey": (lambda: _jpeg(_art("L")), ".jpg", "jpeg"),
    "jpeg-cmyk": (lambda: _jpeg(_art("CMYK")), ".jpg", "jpeg"),
    "jpeg-progressive": (lambda: _jpeg(_art(), progressive=True), ".jpeg", "jpeg"),
}


def _render(pdf: bytes, scale: float) -> np.ndarray:
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[0].render(scale=scale).to_numpy().copy()
    finally:
        doc.close()


def _canvas():
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=PAGE, invariant=1)
    c.setFillColorRGB(0.2, 0.5, 0.3)
    c.rect(0, 0, *PAGE, fill=1, stroke=0)
    return c, buf


def before(path) -> bytes:
    """The picture as pnp drew it before: reportlab's drawImage of the file, its alpha kept (mask='auto')."""
    c, buf = _canvas()
    c.drawImage(str(path), *BOX, mask="auto")
    c.save()
    return buf.getvalue()


def now(path) -> bytes:
    """The picture as pnp draws it: place(), stretched to the same box."""
    c, buf = _canvas()
    place(c, ImageOp(*BOX, str(path), "stretch"))
    return pdf_bytes(c, buf)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_of_picture_prints_the_pixels_it_printed(tmp_path, kind):
    make, suffix, how = KINDS[kind]
    path = tmp_path / f"{kind}{suffix}"
    path.write_bytes(make())
    assert rasters.how(picture(path).stored) == how
    old, new = before(path), now(path)
    for scale in (0.35, 3.0):            # the picture shrunk (61 px in 56 px) and enlarged (61 px in 480 px)
        a, b = _render(old, scale), _render(new, scale)
        assert a.shape == b.shape
        differ = np.argwhere((a != b).any(-1))
        assert not len(differ), (kind, scale, len(differ), differ[:3].tolist(),
                                 [(a[tuple(p)].tolist(), b[tuple(p)].tolist()) for p in differ[:3]])


@pytest.mark.parametrize("kind", ["rgb", "palette", "grey", "jpeg-rgb", "jpeg-cmyk"])
def test_a_copied_picture_is_the_files_own_bytes(tmp_path, kind):
    from generator.rasterfile import png_data
    make, suffix, _ = KINDS[kind]
    path = tmp_path / f"{kind}{suffix}"
    data = make()
    path.write_bytes(data)
    pdf = now(path)
    inside = data if suffix != ".png" else b"".join(bytes(p) for p in png_data(data))
    assert pdf.count(inside) == 1
    palette = picture(path).stored.palette
    assert len(pdf) < len(inside) + 2 * len(palette) + 3000       # the page, and a palette written in hex


def test_a_picture_written_into_an_svg_prints_as_its_file_does(tmp_path):
    png = _png(_art())
    (tmp_path / "art.png").write_bytes(png)
    svg = tmp_path / "art.svg"
    svg.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
                   f'<image x="0" y="0" width="{W}" height="{H}" '
                   f'href="data:image/png;base64,{base64.b64encode(png).decode()}"/></svg>', encoding="utf-8")
    for scale in (0.35, 3.0):
        a, b = _render(before(tmp_path / "art.png"), scale), _render(now(svg), scale)
        assert (a == b).all(), (scale, int((a != b).any(-1).sum()))
