"""Rounded corners on pictures: an image region's `radius` clips what shows of the picture (render/placing.py).

Read back from what pnp writes: the picture is drawn inside a clipping path of curves (a round rectangle, not
the plain `re` of a cover crop) around what shows of it (the box with `cover`, the picture itself with
`contain`); pdfium's pixels show the card, not the picture, in each rounded corner, and the picture just inside
it, and the same for a picture turned with `rotate`. A bad radius is one line naming the key.
"""
from __future__ import annotations

import math
import textwrap

import pypdfium2 as pdfium
import pytest
from pypdf.generic import ContentStream

from cli import pnp_in_process
from pdfcheck import MM, placements, reader

LEAF = 2
POKER_H = 88.9 * MM
SCALE = 4
BLUE = (30, 120, 200)

DECK = """\
    game: {title: Rounded}
    kinds:
      card: {title: Card, template: card, back: none}
    cards:
      - {kind: card, name: A}
    """
TEMPLATE = """\
    size: poker
    regions:
      - {id: cover, type: image, box: [5mm, 5mm, 30mm, 20mm], src: art.png, fit: cover, radius: 5mm}
      - {id: whole, type: image, box: [5mm, 30mm, 30mm, 30mm], src: art.png, fit: contain, radius: 4mm}
      - {id: turned, type: image, box: [38mm, 30mm, 20mm, 20mm], src: art.png, fit: stretch, radius: 5mm, rotate: 90}
    """


def write_deck(folder, template=TEMPLATE):
    from PIL import Image
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(DECK), encoding="utf-8")
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(template), encoding="utf-8")
    Image.new("RGB", (200, 100), BLUE).save(folder / "art.png")       # 2:1, one colour
    return folder


@pytest.fixture(scope="module")
def rounded(tmp_path_factory):
    folder = write_deck(tmp_path_factory.mktemp("rounded") / "rounded")
    out = folder.parent / "rounded.pdf"
    pnp_in_process("build", folder, "-o", out, check=True, env={"PNP_CACHE": "off"})
    return out


def test_each_picture_is_drawn_inside_a_rounded_clip(rounded):
    r = reader(rounded)
    ops = ContentStream(r.pages[LEAF].get_contents(), r).operations
    names = [i for i, (_, op) in enumerate(ops) if op == b"Do"]
    assert len(names) == 3
    for i in names:
        before = [op for _, op in ops[max(0, i - 16):i]]
        clip = len(before) - 1 - before[::-1].index(b"W")
        assert before[clip + 1] == b"n" and b"c" in before[:clip] and b"re" not in before[:clip], before


def test_the_card_shows_in_each_rounded_corner_and_the_picture_inside_it(rounded):
    card = placements(rounded)[LEAF][0]
    pdf = pdfium.PdfDocument(str(rounded))
    page_h = pdf[LEAF].get_height()
    img = pdf[LEAF].render(scale=SCALE).to_pil().convert("RGB")
    pdf.close()

    def px(x_mm, y_mm):
        x, y = card.x + x_mm * MM, card.y + POKER_H - y_mm * MM
        return img.getpixel((round(x * SCALE), round((page_h - y) * SCALE)))

    def blue(p):
        return abs(p[0] - BLUE[0]) < 12 and abs(p[1] - BLUE[1]) < 12 and abs(p[2] - BLUE[2]) < 12

    white = (255, 255, 255)
    inset = 5 * (1 - math.sqrt(0.5))           # a 5 mm corner's arc crosses the diagonal this far in
    # cover: the box's corners rounded by 5 mm
    for x, y in ((5, 5), (35, 5), (5, 25), (35, 25)):
        dx, dy = (0.6 if x == 5 else -0.6), (0.6 if y == 5 else -0.6)
        assert px(x + dx, y + dy) == white, (x, y)
        assert blue(px(x + (inset + 0.6) * (1 if x == 5 else -1), y + (inset + 0.6) * (1 if y == 5 else -1)))
    assert blue(px(20, 15)) and blue(px(20, 5.3)) and blue(px(5.3, 15))
    # contain: a 2:1 picture in a 30 mm square fills 30 x 15 mm across its middle: its own corners rounded
    assert px(5.5, 38) == white and blue(px(20, 38)) and blue(px(5.3, 45))
    assert px(35 - 0.5, 52.5 - 0.5) == white and blue(px(35 - 0.5, 45))
    # turned a quarter: its corners still rounded, the picture inside
    assert px(38.5, 30.5) == white and px(57.5, 49.5) == white and blue(px(48, 40))


def test_a_bad_radius_is_the_templates_error(tmp_path):
    folder = write_deck(tmp_path / "bad", TEMPLATE.replace("radius: 4mm", "radius: 4"))
    proc = pnp_in_process("build", folder, "-o", tmp_path / "bad.pdf", env={"PNP_CACHE": "off"})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "card.yaml:4" in proc.stderr and "radius" in proc.stderr, proc.stderr
