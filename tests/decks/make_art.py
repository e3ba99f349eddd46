"""Makes the raster pictures of tests/decks/art/ (run from the repository: python tests/decks/make_art.py).

Each picture is flat blocks of colour, so that a test can say which colour lies at any point of it, and a
PNG of it is a few hundred bytes. The SVGs of the deck (art/emblem.svg, icons/coin.svg) are written by hand.
"""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ART = Path(__file__).resolve().parent / "art" / "art"

# 4 x 3 blocks, row by row from the top-left: every block a colour far from the others
GRID = [(230, 25, 75), (60, 180, 75), (255, 225, 25), (0, 130, 200),
        (245, 130, 48), (145, 30, 180), (70, 240, 240), (240, 50, 230),
        (210, 245, 60), (250, 190, 190), (0, 128, 128), (170, 110, 40)]


def blocks(width: int, height: int, columns: int, rows: int, colours, mode: str = "RGB") -> Image.Image:
    im = Image.new(mode, (width, height))
    d = ImageDraw.Draw(im)
    bw, bh = width // columns, height // rows
    for r in range(rows):
        for c in range(columns):
            d.rectangle([c * bw, r * bh, (c + 1) * bw - 1, (r + 1) * bh - 1], fill=colours[r * columns + c])
    return im


def main() -> None:
    ART.mkdir(parents=True, exist_ok=True)
    # the full-bleed cover picture: landscape, so a portrait card crops its sides (focus chooses which)
    blocks(960, 720, 4, 3, GRID).save(ART / "grid.png", optimize=True)
    # a JPEG photo stand-in, 4 x 3 blocks
    blocks(480, 360, 4, 3, GRID).save(ART / "photo.jpg", quality=92)
    # an RGB PNG for stretch: 2 x 2 blocks
    blocks(400, 300, 2, 2, GRID[:4]).save(ART / "rgb.png", optimize=True)
    # a transparent PNG: an opaque red disc on nothing
    alpha = Image.new("RGBA", (400, 400), (0, 0, 0, 0))
    ImageDraw.Draw(alpha).ellipse([50, 50, 349, 349], fill=(200, 30, 30, 255))
    alpha.save(ART / "alpha.png", optimize=True)
    # the planted low-resolution picture: 60 x 40 px in a 50 mm box is about 30 dpi
    blocks(60, 40, 2, 2, GRID[4:8]).save(ART / "low.png", optimize=True)


if __name__ == "__main__":
    main()
