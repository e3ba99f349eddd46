"""Makes the raster pictures of tests/decks/showcase/ (run from the repository: python tests/decks/showcase/make_art.py).

Lantern Harbour's pictures are drawn from flat shapes of a few colours, so that a PNG of one is small and a
test can say which colour lies at a known point of it (tests/games/test_showcase.py): the event cards' dusk scene
(PNG) and storm (JPEG), two ships' pictures (a PNG and a JPEG), the coin icon (a PNG with transparency), and
the planted 60 x 40 px sketch of the rowboat, which prints at about 30 dpi: the build warns of it. The SVG
pictures (the galleon, the lantern on the backs, the star and crate icons) are written by hand.
"""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
ART, ICONS = HERE / "art", HERE / "icons"

# the dusk scene (1200 x 800): bands of sky from the top, the sea below; the sun at the template's focus
DUSK_SKY = [(43, 45, 92), (75, 58, 115), (138, 79, 125), (212, 106, 90), (242, 166, 90)]     # 100 px each
DUSK_SEA = [(31, 78, 110), (26, 66, 96), (21, 54, 80)]                                       # 100 px each
SUN = (255, 213, 107)
SUN_AT, SUN_R = (840, 320), 70          # 70% across, 40% down: the event template's focus: [70%, 40%]
NIGHT = (29, 34, 48)                    # the ships' silhouettes
STORM_SKY, STORM_SEA, BOLT = (52, 62, 76), (24, 38, 52), (250, 224, 80)
TOWER, BAND, BEAM = (240, 236, 226), (163, 58, 44), (255, 240, 170)


def ship(d: ImageDraw.ImageDraw, x: float, y: float, s: float, hull, sail, masts: int = 1) -> None:
    """A ship of flat shapes, its waterline's left end at (x, y), s pixels a unit (it is 10 units long)."""
    d.polygon([(x, y - 1.2 * s), (x + 10 * s, y - 1.2 * s), (x + 8.6 * s, y + 0.6 * s), (x + 1.2 * s, y + 0.6 * s)],
              fill=hull)
    for m in range(masts):
        mx = x + (3.2 + 3.6 * m) * s if masts > 1 else x + 5 * s
        d.rectangle([mx - 0.12 * s, y - 7.5 * s, mx + 0.12 * s, y - 1.2 * s], fill=hull)
        d.polygon([(mx + 0.3 * s, y - 7.2 * s), (mx + 3.2 * s, y - 2 * s), (mx + 0.3 * s, y - 2 * s)], fill=sail)
        d.polygon([(mx - 0.3 * s, y - 6.4 * s), (mx - 2.4 * s, y - 2 * s), (mx - 0.3 * s, y - 2 * s)], fill=sail)


def dusk() -> Image.Image:
    im = Image.new("RGB", (1200, 800))
    d = ImageDraw.Draw(im)
    for i, c in enumerate(DUSK_SKY + DUSK_SEA):
        d.rectangle([0, 100 * i, 1199, 100 * i + 99], fill=c)
    (sx, sy), r = SUN_AT, SUN_R
    d.ellipse([sx - r, sy - r, sx + r, sy + r], fill=SUN)
    ship(d, 520, 500, 14, NIGHT, NIGHT, masts=2)
    return im


def storm() -> Image.Image:
    im = Image.new("RGB", (900, 600), STORM_SKY)
    d = ImageDraw.Draw(im)
    d.rectangle([0, 380, 899, 599], fill=STORM_SEA)
    for k in range(6):                                  # waves
        d.polygon([(150 * k, 400), (150 * k + 75, 370), (150 * k + 150, 400)], fill=(38, 58, 78))
    tx, ty = 630, 240                                   # the lighthouse's lamp at 70%, 40%: the focus
    d.polygon([(tx - 60, ty), (tx + 260, ty - 70), (tx + 260, ty + 70)], fill=BEAM)
    d.polygon([(tx - 26, 390), (tx + 26, 390), (tx + 16, ty + 20), (tx - 16, ty + 20)], fill=TOWER)
    for k in range(3):
        d.rectangle([tx - 22 + 2 * k, 360 - 50 * k, tx + 22 - 2 * k, 372 - 50 * k], fill=BAND)
    d.rectangle([tx - 18, ty - 14, tx + 18, ty + 20], fill=BEAM)
    d.polygon([(tx - 24, ty - 14), (tx, ty - 40), (tx + 24, ty - 14)], fill=BAND)
    d.polygon([(200, 0), (250, 0), (215, 120), (260, 120), (170, 300), (195, 150), (150, 150)], fill=BOLT)
    ship(d, 80, 430, 12, NIGHT, (200, 200, 190))
    return im


def harbour_day(size, sky, sea, hull, sail, masts) -> Image.Image:
    w, h = size
    im = Image.new("RGB", size, sky)
    d = ImageDraw.Draw(im)
    d.rectangle([0, int(h * 0.66), w - 1, h - 1], fill=sea)
    for k in range(8):
        y = int(h * 0.74) + 14 * (k % 3)
        d.line([(k * w // 8 + 10, y), (k * w // 8 + 50, y)], fill=(255, 255, 255), width=3)
    ship(d, w * 0.22, h * 0.70, w / 17, hull, sail, masts)
    return im


def coin() -> Image.Image:
    im = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse([2, 2, 93, 93], fill=(160, 112, 30, 255))
    d.ellipse([8, 8, 87, 87], fill=(217, 169, 60, 255))
    d.ellipse([24, 24, 71, 71], outline=(160, 112, 30, 255), width=6)
    return im


def main() -> None:
    ART.mkdir(exist_ok=True)
    ICONS.mkdir(exist_ok=True)
    dusk().quantize(32).save(ART / "dusk.png", optimize=True)
    storm().save(ART / "storm.jpg", quality=60, optimize=True)
    harbour_day((620, 410), (207, 227, 234), (44, 110, 143), (110, 68, 40), (251, 247, 236), 1).quantize(24).save(
        ART / "tender.png", optimize=True)
    harbour_day((620, 410), (233, 216, 180), (38, 96, 120), (90, 50, 30), (243, 233, 210), 2).save(
        ART / "merchantman.jpg", quality=60, optimize=True)
    # the designer's placeholder sketch: 60 x 40 px in a 51.5 x 34 mm frame prints at about 30 dpi
    harbour_day((60, 40), (207, 227, 234), (44, 110, 143), (110, 68, 40), (251, 247, 236), 1).save(
        ART / "rowboat.png", optimize=True)
    coin().save(ICONS / "coin.png", optimize=True)


if __name__ == "__main__":
    main()
