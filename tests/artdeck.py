"""The pictures test deck (tests/decks/art, its pictures made by tests/decks/make_art.py): where its templates put
each picture and which colours lie where in them, for the tests that read it back from the PDF, the exports,
the proof and the preview (tests/render/test_pictures.py, tests/export/test_pictures.py,
tests/proof/test_pictures.py, tests/watch/test_pictures.py)."""
from __future__ import annotations

from cli import TESTS
from pdfcheck import MM

ART = TESTS / "decks" / "art"
H = 88.9 * MM                   # a poker card's trim
W = 63.5 * MM
GRID = [(230, 25, 75), (60, 180, 75), (255, 225, 25), (0, 130, 200),      # tests/decks/make_art.py's blocks
        (245, 130, 48), (145, 30, 180), (70, 240, 240), (240, 50, 230),
        (210, 245, 60), (250, 190, 190), (0, 128, 128), (170, 110, 40)]
SEA, MOSS, PAPER, INK = (0x2c, 0x6e, 0x8f), (0x4a, 0x7a, 0x3a), (0xf4, 0xec, 0xd8), (0x1d, 0x22, 0x30)


def box(x_mm, top_mm, w_mm, h_mm):
    """A template's box [x, y from the top, w, h] in mm as (x0, y0, x1, y1) points from the trim's bottom-left."""
    return (x_mm * MM, H - (top_mm + h_mm) * MM, (x_mm + w_mm) * MM, H - top_mm * MM)


def contain(box, iw, ih):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    s = min(w / iw, h / ih)
    dw, dh = iw * s, ih * s
    return (x0 + (w - dw) / 2, y0 + (h - dh) / 2, x0 + (w + dw) / 2, y0 + (h + dh) / 2)


FRAMED = box(6.75, 14, 50, 50)


def close(a, b, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def emblem_drawn(image, scale: float, bleed: float) -> None:
    """The emblem SVG as the framed template places it, on a face image at `scale` pixels a point whose
    edge is `bleed` points outside the trim."""
    ex0, ey0, ex1, ey1 = contain(FRAMED, 100, 80)
    s = (ex1 - ex0) / 100

    def svg(u, v):
        return image.getpixel((int((bleed + ex0 + u * s) * scale), int((bleed + H - ey1 + v * s) * scale)))
    assert close(svg(75, 25), INK), svg(75, 25)
    assert close(svg(50, 75), SEA)
    assert close(svg(6, 20), (255, 215, 0), 20) and close(svg(44, 20), (255, 69, 0), 20)
    assert close(svg(30, 60), tuple((a + c) // 2 for a, c in zip((0x20, 0x60, 0xc0), SEA)), 8)
