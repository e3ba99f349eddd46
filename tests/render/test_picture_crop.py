"""A picture's crop (the part of it shown: px of the picture or %), zoom (about its focus) and clip (circle,
hexagon, star, polygon, rect), and its stroke, placed by render/placing.py: read back as pdfium's pixels (a clipped
picture's corner shows the paper; a crop shows its part filling the box; a zoom its focus larger; the stroke
along the clip's shape); every mistake one line naming the file, line and key."""
from __future__ import annotations

import textwrap

from PIL import Image

from cli import pnp_in_process
from generator.render.png import rasterize

MM = 72 / 25.4
DECK = """\
    game: {title: Crops}
    kinds: {card: {title: Card, template: card, back: none}}
    cards: [{kind: card, name: A}]
    """
# four quadrants: red top-left, green top-right, blue bottom-left, yellow bottom-right, 200 x 100 px
TEMPLATE = """\
    size: poker
    regions:
      - {id: round, type: image, box: [5mm, 5mm, 20mm, 20mm], src: q.png, fit: stretch, clip: circle,
         stroke: "#000000", stroke_width: 2pt}
      - {id: part, type: image, box: [30mm, 5mm, 20mm, 20mm], src: q.png, fit: stretch, crop: [100px, 50px, 50%, 50%]}
      - {id: near, type: image, box: [5mm, 30mm, 20mm, 10mm], src: q.png, fit: stretch, zoom: 200%, focus: [0%, 0%]}
      - {id: hex, type: image, box: [30mm, 30mm, 20mm, 20mm], src: q.png, fit: cover, clip: {shape: hexagon, orientation: pointy}}
    """


def _deck(folder, template=TEMPLATE):
    (folder / "templates").mkdir(parents=True)
    im = Image.new("RGB", (200, 100), (255, 0, 0))
    for box, colour in (((100, 0, 200, 50), (0, 160, 0)), ((0, 50, 100, 100), (0, 0, 255)),
                        ((100, 50, 200, 100), (255, 255, 0))):
        im.paste(colour, box)
    im.save(folder / "q.png")
    (folder / "deck.yaml").write_text(textwrap.dedent(DECK))
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(template))
    return folder


def _near(a, b, tol=40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_crop_zoom_clip_and_stroke_show_where_they_say(tmp_path):
    from generator.pipeline import load
    from generator.proof.collect import collect
    face = collect(load(str(_deck(tmp_path / "d"))))[0].sides[0].face
    s = 6
    image = rasterize(face, round(face.width * s), round(face.height * s), guide=False)

    def px(x, y):                                       # mm from the card's top-left
        return image.getpixel((round(x * MM * s), round(y * MM * s)))
    white, red, green, blue, yellow = (255,) * 3, (255, 0, 0), (0, 160, 0), (0, 0, 255), (255, 255, 0)
    # circle: the box's corner is paper, its middle the picture, its edge the stroke
    assert px(5.6, 5.6) == white and _near(px(10, 12), red) and _near(px(20, 18), yellow)
    assert px(15, 5.1) == (0, 0, 0)
    # crop [100px, 50px, 50%, 50%]: the yellow quadrant alone fills the box
    assert all(_near(px(x, y), yellow) for x, y in ((31, 6), (49, 24), (40, 15)))
    # zoom 200% about the top-left: the red quadrant fills the box
    assert all(_near(px(x, y), red) for x, y in ((6, 31), (24, 39), (15, 35)))
    # a pointy hexagon: its box's top corners are paper, its middle the picture
    assert px(30.6, 30.6) == white and px(49.4, 30.6) == white and px(40, 40) != white


def test_each_mistake_in_crop_zoom_and_clip_names_its_key(tmp_path):
    bad = (TEMPLATE.replace("clip: circle", "clip: circel").replace("crop: [100px, 50px, 50%, 50%]",
                                                                     "crop: [100px, 50px, 150px, 50%]")
           .replace("zoom: 200%", "zoom: 0").replace("orientation: pointy", "sides: 6"))
    proc = pnp_in_process("build", _deck(tmp_path / "bad", bad), "-o", tmp_path / "x.pdf", env={"PNP_CACHE": "off"})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    err = proc.stderr
    assert "card.yaml:3" in err and "region round.clip" in err and "did you mean 'circle'" in err, err
    assert "card.yaml:6" in err and "region near.zoom" in err, err
    assert "card.yaml:7" in err and "region hex.clip.sides" in err and "unknown key 'sides'" in err, err
