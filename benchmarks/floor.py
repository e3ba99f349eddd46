"""The floor: a plain reportlab script doing the same job as `pnp build` for N poker cards.

Fronts nine to an A4 page with a value, a name and a line of text in one embedded TrueType font,
each fronts page followed by its backs page mirrored for long-edge duplex, cut marks in the
margins. No data model, no checks: what reportlab itself costs. Usage: floor.py N OUT.pdf
"""
import sys

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT = sys.argv[3] if len(sys.argv) > 3 else "fonts/DejaVuSans.ttf"


def main(n: int, out: str) -> None:
    pdfmetrics.registerFont(TTFont("F", FONT))
    c = Canvas(out, pagesize=A4, invariant=1)
    W, H = A4
    w, h = 63.5 * mm, 88.9 * mm
    x0, top = (W - 3 * w) / 2, H - (H - 3 * h) / 2

    def slot(i):
        r, col = divmod(i, 3)
        return x0 + col * w, top - (r + 1) * h

    def marks(boxes):
        c.setLineWidth(0.5)
        for x, y in boxes:
            for xx in (x, x + w):
                c.line(xx, top + 3, xx, top + 17)
                c.line(xx, top - 3 * h - 3, xx, top - 3 * h - 17)
            for yy in (y, y + h):
                c.line(x0 - 3, yy, x0 - 17, yy)
                c.line(x0 + 3 * w + 3, yy, x0 + 3 * w + 17, yy)

    for start in range(0, n, 9):
        idx = range(start, min(n, start + 9))
        boxes = []
        for k, i in enumerate(idx):
            x, y = slot(k)
            boxes.append((x, y))
            c.setFillColorRGB(0.2, 0.4, 0.25)
            c.rect(x, y, w, h, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("F", 28)
            c.drawCentredString(x + w / 2, y + h / 2, str(i % 10))
            c.setFont("F", 9)
            c.drawCentredString(x + w / 2, y + 20, f"Card {i} of the deck")
        marks(boxes)
        c.showPage()
        back = []
        for k, i in enumerate(idx):
            x, y = slot(k)
            bx = W - x - w
            back.append((bx, y))
            c.setFillColorRGB(0.1, 0.2, 0.3)
            c.rect(bx, y, w, h, stroke=0, fill=1)
            c.setFillColorRGB(0.9, 0.8, 0.4)
            c.setFont("F", 18)
            c.drawCentredString(bx + w / 2, y + h / 2, "BACK")
        marks(back)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
