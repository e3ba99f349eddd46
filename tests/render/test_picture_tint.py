"""A picture drawn in one colour (`tint` on the Image op: an icon in the colour of the text around it), through
the one drawing path (render/placing.py): an SVG's every fill and stroke, gradients included, recoloured;
a PNG's alpha, or where it has none its darkness, as the coverage of the colour. Drawn on a face and read
back as pixels; an SVG tinted in two colours is two forms, the same tint twice one."""
from __future__ import annotations

import io

from PIL import Image as Picture

from cli import ROOT
from generator.layout.display import Face, Image, Rect
from generator.render.png import face_pdf, rasterize

ART = ROOT / "tests" / "decks" / "art"
BACKGROUND, TINT = "#f0f0f0", "#c00000"


def _face(*ops) -> Face:
    return Face("tint test", "t", 100.0, 50.0, 0.0, ops=[Rect(0, 0, 100, 50, BACKGROUND), *ops])


def _close(a, b, tolerance: int = 10) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_a_tinted_svg_is_drawn_in_its_one_colour_gradients_and_strokes_too():
    coin = str(ART / "icons" / "coin.svg")
    face = _face(Image(0, 0, 50, 50, coin), Image(50, 0, 50, 50, coin, tint=TINT))
    image = rasterize(face, 400, 200, guide=False)
    plain = [image.getpixel((int(x), int(y))) for x, y in ((100, 100), (100, 40), (100, 12))]
    tinted = [image.getpixel((int(x) + 200, int(y))) for x, y in ((100, 100), (100, 40), (100, 12))]
    # untinted: the star, the gradient, the stroke in their colours; tinted: every one of them the tint
    assert not _close(plain[1], (0xc0, 0, 0)) and _close(plain[0], (0x8a, 0x64, 0x15), 16)
    assert all(_close(p, (0xc0, 0, 0)) for p in tinted), tinted
    assert _close(image.getpixel((200 + 6, 6)), (0xf0, 0xf0, 0xf0))              # outside the coin: nothing
    pdf = face_pdf(_face(Image(0, 0, 20, 20, coin, tint=TINT), Image(20, 0, 20, 20, coin, tint=TINT),
                         Image(40, 0, 20, 20, coin, tint="#0000c0"), Image(60, 0, 20, 20, coin)))
    assert pdf.count(b"/Subtype /Form") == 3                                     # one form a file and tint


def test_a_tinted_png_uses_its_alpha_or_else_its_darkness():
    half = io.BytesIO()
    im = Picture.new("RGB", (20, 10), (255, 255, 255))
    im.paste((0, 0, 0), (0, 0, 10, 10))                                         # black left half, white right
    im.save(half, "PNG")
    from tempfile import NamedTemporaryFile
    with NamedTemporaryFile(suffix=".png") as f:
        f.write(half.getvalue())
        f.flush()
        face = _face(Image(0, 0, 50, 50, str(ART / "art" / "alpha.png"), tint=TINT),
                     Image(50, 0, 50, 50, f.name, fit="stretch", tint=TINT))
        image = rasterize(face, 400, 200, guide=False)
    assert _close(image.getpixel((100, 100)), (0xc0, 0, 0))                    # the disc, in the tint
    assert _close(image.getpixel((12, 12)), (0xf0, 0xf0, 0xf0))               # its clear corner
    assert _close(image.getpixel((250, 100)), (0xc0, 0, 0))                    # black: the tint
    assert _close(image.getpixel((350, 100)), (0xf0, 0xf0, 0xf0))             # white: nothing
