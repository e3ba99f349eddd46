"""Faces as images, through the same drawing code as the PDF: draw the face alone on a page
exactly its size (trim + bleed), then rasterize that page with pdfium.

Many faces at once (the Game Crafter export) go through `faces_pdf` + `render_pages`: one PDF of
many pages, loaded into pdfium once. `encode_png` writes the pixels with the DPI recorded.
"""
from __future__ import annotations

import io
import struct
import zlib

from .dates import dated_canvas
from .deflate import deflate
from .draw import draw_cut_guide, draw_ops
from ..layout.fonts import register
from ..layout.face import Text
import ctypes
from PIL import Image, ImageChops


def _canvas(buf, size):
    """A canvas for PDF bytes that only pdfium reads, in this process: nothing is compressed."""
    return dated_canvas(buf, size, 0)


def _page(c, face, guide: bool) -> None:
    b = face.bleed
    c.setPageSize((face.width + 2 * b, face.height + 2 * b))
    c.translate(b, b)
    draw_ops(c, face.ops)
    if guide:
        draw_cut_guide(c, face, 0, 0)
    c.showPage()


def face_pdf(face, guide: bool = True) -> bytes:
    """A one-page PDF of one face: page = trim box grown by the face's bleed on every side."""
    return faces_pdf([face], guide)


def faces_pdf(faces, guide: bool = True) -> bytes:
    """One PDF, a page a face, each page the face's trim box grown by its bleed. Fonts are
    embedded once for all pages, which is most of the cost of a one-face PDF."""
    # faces may come from the layout store, laid out by an earlier process that met their fonts
    register({op.font for face in faces for op in face.ops if type(op) is Text})
    from .pdf import pdf_bytes  # lazy: +5 ms to import (benchmarks/imports.py)
    buf = io.BytesIO()
    c = _canvas(buf, (100, 100))
    for face in faces:
        _page(c, face, guide)
    return pdf_bytes(c, buf)


def render_rgb(page, width_px: int, height_px: int, alpha: bool = False):
    """A pdfium page as packed RGB rows (a ctypes buffer) of exactly width_px x height_px pixels:
    the whole page scaled to fill it, each axis on its own scale, so no pixel is lost or added by
    rounding (pdfium's own render() makes a 198 pt page 826 px wide at 300 DPI, not 825). `alpha`: RGBA rows, what
    the page draws over nothing (unpremultiplied), not over white paper."""

    import pypdfium2.raw as pdfium_c  # lazy: +19 ms to import (benchmarks/imports.py)
    w_pt, h_pt = page.get_size()
    stride = width_px * (4 if alpha else 3)
    buffer = (ctypes.c_ubyte * (stride * height_px))()
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width_px, height_px, pdfium_c.FPDFBitmap_BGRA if alpha else
                                          pdfium_c.FPDFBitmap_BGR, buffer, stride)
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width_px, height_px, 0 if alpha else 0xFFFFFFFF)
        matrix = pdfium_c.FS_MATRIX(width_px / w_pt, 0, 0, height_px / h_pt, 0, 0)
        clip = pdfium_c.FS_RECTF(0, 0, width_px, height_px)
        pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix, clip,
                                                 pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    return buffer


def render_page(page, width_px: int, height_px: int):
    """A pdfium page as a PIL RGB image of exactly width_px x height_px pixels."""
    return Image.frombuffer("RGB", (width_px, height_px), render_rgb(page, width_px, height_px),
                            "raw", "RGB", width_px * 3, 1)


def render_pages(pdf_bytes: bytes, sizes, raw: bool = False, alpha: bool = False):
    """Each page of a PDF at its (width_px, height_px), in order: PIL images, or with raw=True
    RGB buffers (for encode_png, which then needs no PIL copy); `alpha`: RGBA PIL images, over nothing."""
    import pypdfium2 as pdfium  # lazy: +51 ms to import (benchmarks/imports.py)
    pdf = pdfium.PdfDocument(pdf_bytes)
    render = render_rgb if raw else render_page
    if alpha:
        def render(page, w, h):
            return Image.frombuffer("RGBA", (w, h), render_rgb(page, w, h, True), "raw", "RGBA", w * 4, 1)
    try:
        for i, (w, h) in enumerate(sizes):
            page = pdf[i]
            try:
                yield render(page, w, h)
            finally:
                page.close()
    finally:
        pdf.close()


def rasterize(face, width_px: int, height_px: int, guide: bool = True):
    """The face (trim + bleed) as a PIL RGB image of exactly width_px x height_px pixels."""
    return list(render_pages(face_pdf(face, guide), [(width_px, height_px)]))[0]


def thumbnail(face, dpi: float):
    """The face at `dpi`, its size rounded to whole pixels (for contact sheets)."""
    b = face.bleed
    w = max(1, round((face.width + 2 * b) / 72 * dpi))
    h = max(1, round((face.height + 2 * b) / 72 * dpi))
    return rasterize(face, w, h)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


USE_NUMPY = True      # numpy, when installed, filters rows without copies; the PIL path is the fallback


def numpy_or_none():
    """The numpy module, or None where it is missing (or USE_NUMPY is off): callers then take the PIL path."""
    if not USE_NUMPY:
        return None
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def turn_rgb(rgb, width: int, height: int):
    """RGB rows turned a quarter turn clockwise: returns (rgb, new width, new height)."""
    np = numpy_or_none()
    if np is not None:
        a = np.frombuffer(rgb, np.uint8).reshape(height, width, 3)
        return np.ascontiguousarray(np.rot90(a, -1)), height, width
    image = Image.frombuffer("RGB", (width, height), rgb, "raw", "RGB", width * 3, 1)
    return image.transpose(Image.Transpose.ROTATE_270).tobytes(), height, width


def _sub_filtered(rgb, width: int, height: int) -> bytes:
    """PNG scanlines, each the Sub filter's byte (1) then every byte less the one 3 to its left."""
    stride = width * 3
    np = numpy_or_none()
    if np is not None:
        rows = np.frombuffer(rgb, np.uint8).reshape(height, stride)
        out = np.empty((height, stride + 1), np.uint8)
        out[:, 0] = 1
        out[:, 1:4] = rows[:, :3]
        np.subtract(rows[:, 3:], rows[:, :-3], out=out[:, 4:])
        return out
    image = Image.frombuffer("RGB", (width, height), rgb, "raw", "RGB", stride, 1)
    left = Image.new("RGB", (width, height))
    if width > 1:
        left.paste(image.crop((0, 0, width - 1, height)), (1, 0))
    diff = memoryview(ImageChops.subtract_modulo(image, left).tobytes())
    return b"\x01" + b"\x01".join(diff[i * stride:(i + 1) * stride] for i in range(height))


def encode_png(image, dpi: float = 300, level: int | None = None, size: tuple | None = None) -> bytes:
    """An RGB image as PNG bytes with its DPI in a pHYs chunk. `image` is a PIL image, or packed
    RGB rows (bytes, a buffer, a numpy array) with size=(width, height).

    Chosen for time: every row uses the Sub filter (the difference from the pixel to its left), then
    deflate at `level` (None: render/deflate.py's). Flat card backgrounds become runs of zeros, so the
    file is about as small as PIL's adaptive filtering makes it, written many times faster.
    """
    if size is None:
        if image.mode != "RGB":
            image = image.convert("RGB")
        size, image = image.size, image.tobytes()
    w, h = size
    ppm = int(dpi / 0.0254 + 0.5)
    return b"".join((b"\x89PNG\r\n\x1a\n",
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)),
                     _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)),
                     _chunk(b"IDAT", deflate(_sub_filtered(image, w, h), level)),
                     _chunk(b"IEND", b"")))
