"""The pixels a picture prints are the ones they were: pictures now enter the PDF with their compressed
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
from rasterkinds import KINDS, H, W, art, png
from reportlab.pdfgen.canvas import Canvas

from generator.pictures.images import picture
from generator.layout.display import Image as ImageOp
from generator.render import rasters
from generator.render.pdf import pdf_bytes
from generator.render.placing import place

BOX = (20, 20, 160, 110)            # where it is drawn: the page 200 x 150 pt
PAGE = (200, 150)


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
    from generator.pictures.rasterfile import png_data
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
    data = png(art())
    (tmp_path / "art.png").write_bytes(data)
    svg = tmp_path / "art.svg"
    svg.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
                   f'<image x="0" y="0" width="{W}" height="{H}" '
                   f'href="data:image/png;base64,{base64.b64encode(data).decode()}"/></svg>', encoding="utf-8")
    for scale in (0.35, 3.0):
        a, b = _render(before(tmp_path / "art.png"), scale), _render(now(svg), scale)
        assert (a == b).all(), (scale, int((a != b).any(-1).sum()))
