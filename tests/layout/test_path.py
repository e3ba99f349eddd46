"""The path region (layout/regions/path.py): SVG path data in its box (mm from its top-left, or a viewbox stretched
over it), every command of SVG's grammar, arrowheads at its open ends; drawn where d says (read back from the PDF's
path operators and from pdfium's pixels); every mistake in d or its keys one line naming the file, line and key."""
from __future__ import annotations

import textwrap

import pytest

from cli import pnp_in_process
from generator.layout.regions.path import PathError, parse
from generator.render.png import rasterize

MM = 72 / 25.4


def test_every_command_reads_as_absolute_moves_lines_and_cubics():
    got = parse("M10 10 h 5 v5 L 0 0 l1-1 Q 5 0 10 10 T 20 20 C 1 2 3 4 5 6 S 7 8 9 10 A 5 5 0 0 1 19 10 z")
    assert [s[0] for s in got][:6] == ["M", "L", "L", "L", "L", "C"]
    assert got[1] == ("L", 15, 10) and got[2] == ("L", 15, 15) and got[4] == ("L", 1, -1)
    arc = [s for s in got if s[0] == "C"][-1]
    assert arc[-2:] == (19, 10) and got[-1] == ("Z",)
    half = parse("M 0 10 A 10 10 0 0 1 20 10")          # a half circle: two quarter curves through (10, 0)
    assert len(half) == 3 and half[1][-2:] == pytest.approx((10, 0), abs=1e-9)


@pytest.mark.parametrize("d, said", [("L 1 1", "starts with M"), ("M 1", "takes 2 numbers"),
                                     ("M 1 1 X 2", "expected a command"), ("M 0 0 Z 4", "takes none")])
def test_mistakes_in_path_data_say_what_and_where(d, said):
    with pytest.raises(PathError, match=said):
        parse(d)


DECK = """\
    game: {title: Paths}
    palette: {ink: "#1d2230"}
    kinds: {card: {title: Card, template: card, back: none}}
    cards: [{kind: card, name: A}]
    """
TEMPLATE = """\
    size: poker
    regions:
      - {id: tri, type: path, box: [10mm, 10mm, 40mm, 20mm], d: "M 0 0 L 40 0 L 20 20 Z", fill: ink}
      - {id: zig, type: path, box: [10mm, 40mm, 40mm, 20mm], viewbox: [0, 0, 4, 2], d: "M0 2 L2 0 L4 2",
         stroke: "#ff0000", stroke_width: 2pt, arrows: end, cap: round}
    """


def _faces(tmp_path, template=TEMPLATE):
    from generator.pipeline import load
    from generator.proof.collect import collect
    folder = tmp_path / "d"
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(DECK))
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(template))
    return folder, collect(load(str(folder)))[0].sides[0].face


def test_a_path_is_drawn_where_its_d_says(tmp_path):
    _, face = _faces(tmp_path)
    tri, zig, head = face.ops
    top = face.height - 10 * MM
    assert tri.segments[:3] == (("M", pytest.approx(10 * MM), pytest.approx(top)),
                                ("L", pytest.approx(50 * MM), pytest.approx(top)),
                                ("L", pytest.approx(30 * MM), pytest.approx(top - 20 * MM)))
    # the viewbox's (4, 2) is the box's bottom-right; the line ends under its arrowhead, whose tip is there
    assert head.points[0] == pytest.approx((50 * MM, face.height - 60 * MM))
    assert zig.segments[-1][1] < 50 * MM and zig.cap == 1
    s = 4                                       # pixels a point
    image = rasterize(face, round(face.width * s), round(face.height * s), guide=False)
    def px(x_mm, y_mm):
        return image.getpixel((round(x_mm * MM * s), round(y_mm * MM * s)))
    assert px(30, 12) == (0x1d, 0x22, 0x30) and px(12, 25) == (255, 255, 255)      # inside, outside the triangle
    assert px(29, 41)[0] > 200 > px(29, 41)[1]                           # the zigzag, red, 1 mm left of its peak
    assert px(30, 55) == (255, 255, 255)                                             # under the peak: paper


def test_each_mistake_in_a_path_is_one_line_naming_its_key(tmp_path):
    bad = TEMPLATE.replace('"M 0 0 L 40 0 L 20 20 Z"', '"M 0 0 L 40"').replace("arrows: end", "arrows: ends")
    bad = bad.replace("viewbox: [0, 0, 4, 2]", "viewbox: [0, 0, 4]")
    folder = tmp_path / "bad"
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(DECK))
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(bad))
    proc = pnp_in_process("build", folder, "-o", tmp_path / "x.pdf", env={"PNP_CACHE": "off"})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    err = proc.stderr
    assert "card.yaml:3" in err and "region tri.d" in err and "L takes 2 numbers" in err, err
    assert "card.yaml:4" in err and "region zig.viewbox" in err, err
