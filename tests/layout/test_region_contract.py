"""Every region type declares what the later stages ask of its drawing operations (layout/regions/facts.py:
bounds, colours, ground, see-through), and this contract holds each registered type to it: an example of every
type (the test fails for a type registered without one) is laid out on a card, each of its operations drawn alone
and rasterized, and every pixel it inks lies inside its bounds; a change of each colour it declares is a change the
colour-blindness check sees (two faces differing only in a hexagon's, a star's or a polygon's fill were reported
the same before); what it covers at its centre is its fill (or UNKNOWN for a picture, a gradient); a see-through
colour makes it see-through, and such a face is drawn on the page (needs_page)."""
from __future__ import annotations

import textwrap

import pytest

from generator.layout.display import OPS, Face
from generator.layout.regions import TYPES
from generator.layout.regions.facts import UNKNOWN
from generator.render.draw import needs_page
from generator.render.png import rasterize

EXAMPLES = {        # one region of each type, filled with {c} where it has a fill or an ink
    "rect": "{type: rect, box: [10mm, 10mm, 30mm, 20mm], fill: '{c}', stroke: black, stroke_width: 2pt}",
    "ellipse": "{type: ellipse, box: [10mm, 10mm, 30mm, 20mm], fill: '{c}', shadow: black, shadow_blur: 1mm}",
    "line": "{type: line, box: [10mm, 10mm, 30mm, 20mm], stroke: '{c}', stroke_width: 3pt}",
    "text": "{type: text, box: [10mm, 10mm, 40mm, 10mm], text: Word, size: 20pt, colour: '{c}'}",
    "textbox": "{type: textbox, box: [10mm, 10mm, 40mm, 20mm], text: 'Two words', size: 14pt, fill: '{c}'}",
    "image": "{type: image, box: [10mm, 10mm, 30mm, 20mm], src: pic.png, fit: cover, clip: circle, stroke: '{c}'}",
    "polygon": "{type: polygon, box: [10mm, 10mm, 30mm, 30mm], sides: 5, fill: '{c}'}",
    "hexagon": "{type: hexagon, box: [10mm, 10mm, 30mm, 26mm], fill: '{c}', stroke: black}",
    "star": "{type: star, box: [10mm, 10mm, 30mm, 30mm], fill: '{c}', rotate: 20}",
    "path": "{type: path, box: [10mm, 10mm, 30mm, 20mm], d: 'M 0 0 L 30 10 L 0 20 Z', fill: '{c}', stroke: black,"
            " arrows: none}",
}
A, B = "#2a7f3e", "#c43b2b"


def _faces(tmp_path, kind: str, *colours: str) -> list:
    """The faces of a deck whose cards draw the type's example, each in one of `colours` (a colour field)."""
    from PIL import Image
    from generator.pipeline import load
    from generator.proof.collect import collect
    folder = tmp_path / kind
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 30), (40, 90, 200)).save(folder / "pic.png")
    cards = ", ".join(f"{{kind: card, name: C{i}, c: '{c}'}}" for i, c in enumerate(colours))
    (folder / "deck.yaml").write_text(textwrap.dedent("""\
        game: {title: Contract}
        kinds: {card: {title: Card, template: card, back: none, fields: {c: colour}}}
        """) + f"cards: [{cards}]\n")
    (folder / "templates" / "card.yaml").write_text("size: poker\nregions:\n  - " + EXAMPLES[kind] + "\n")
    return [cp.sides[0].face for cp in collect(load(str(folder)))]


def test_every_registered_type_has_an_example_and_every_operation_declares_the_contract():
    assert set(EXAMPLES) == set(TYPES), "a region type registered without an example in this contract"
    for op in OPS:
        for name in ("bounds", "colours", "ground", "see_through"):
            assert callable(getattr(op, name, None)), (op.__name__, name)


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_each_type_keeps_its_contract(tmp_path, kind):
    from generator.proof.colours import differing
    fa, fb, fc = _faces(tmp_path, kind, A, B, A + "80")
    assert fa.ops, kind
    # colours: the one colour changed is what tells the faces apart (a hexagon's fill too)
    assert (A, B) in differing(fa, fb), (kind, differing(fa, fb))
    scale = 4                                       # pixels a point
    for op in fa.ops:
        alone = Face("op", "t", fa.width, fa.height, 0.0, ops=[op])
        image = rasterize(alone, round(fa.width * scale), round(fa.height * scale), guide=False).convert("L")
        x0, y0, x1, y1 = op.bounds()
        # every inked pixel (under 250) inside the bounds: the box round all of them is (Pillow's getbbox of the
        # pixels inked, rather than each pixel looked at in Python: ~360,000 a poker card at this scale)
        inked = image.point(lambda v: 255 if v < 250 else 0).getbbox()
        assert inked, (kind, type(op).__name__)
        left, top, right, bottom = inked            # pixels; right and bottom one past the last inked
        corners = [(left / scale, fa.height - (bottom - 1) / scale), ((right - 1) / scale, fa.height - top / scale)]
        outside = [(x, y) for x, y in corners if not (x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1)]
        assert not outside, (kind, type(op).__name__, op.bounds(), outside)
        # ground at the middle of its bounds: its fill where it covers with one colour
        g = op.ground((x0 + x1) / 2, (y0 + y1) / 2)
        assert g in (None, UNKNOWN) or g.lower() == A, (kind, g)
    # see-through: the same face in a see-through colour is, and is drawn on the page
    assert needs_page(fc.ops) and not needs_page(fa.ops) or kind == "ellipse", kind     # (its blurred shadow)
    assert any(op.see_through() for op in fc.ops), kind


def test_two_faces_differing_only_in_a_hexagons_fill_are_told_apart_by_the_colour_check(tmp_path):
    from generator.proof.colours import confusable, differing
    fa, fb = _faces(tmp_path, "hexagon", "#d62728", "#2ca02c")
    assert differing(fa, fb) == [("#d62728", "#2ca02c")]

    class Side:
        def __init__(self, face):
            self.face, self.side = face, "face"

    class Card:
        def __init__(self, name, face):
            self.card, self.sides = name, [Side(face)]
    found = confusable([Card("red", fa), Card("green", fb)])
    assert {f["view"] for f in found} >= {"deuteranopia"}, found
