"""Faces as images, through the same drawing code as the PDF: draw the face alone on a page
exactly its size (trim + bleed), then rasterize that page with pdfium."""
from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from .draw import draw_cut_guide, draw_ops


def face_pdf(face) -> bytes:
    """A one-page PDF of one face: page = trim box grown by the face's bleed on every side."""
    from ..layout.fonts import font_name
    b = face.bleed
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(face.width + 2 * b, face.height + 2 * b), invariant=1,
               initialFontName=font_name("sans"), initialFontSize=10)
    c.translate(b, b)
    draw_ops(c, face.ops)
    draw_cut_guide(c, face, 0, 0)
    c.showPage()
    c.save()
    return buf.getvalue()


def rasterize(face, width_px: int, height_px: int):
    """The face as a PIL RGB image of exactly width_px x height_px pixels.

    pdfium renders at one scale for both axes; its size can round one pixel over (826 for 825),
    so the image is cropped or padded (with its edge colour) to the exact size asked for.
    """
    import pypdfium2 as pdfium
    from PIL import Image
    pdf = pdfium.PdfDocument(face_pdf(face))
    try:
        page = pdf[0]
        w_pt, _ = page.get_size()
        image = page.render(scale=width_px / w_pt).to_pil().convert("RGB")
    finally:
        pdf.close()
    if image.size != (width_px, height_px):
        canvas = Image.new("RGB", (width_px, height_px), image.getpixel((0, image.height - 1)))
        canvas.paste(image.crop((0, 0, min(width_px, image.width), min(height_px, image.height))), (0, 0))
        image = canvas
    return image


def thumbnail(face, dpi: float):
    """The face at `dpi`, its size rounded to whole pixels (for contact sheets)."""
    b = face.bleed
    w = max(1, round((face.width + 2 * b) / 72 * dpi))
    h = max(1, round((face.height + 2 * b) / 72 * dpi))
    return rasterize(face, w, h)
