"""Gradient fills (layout/regions/gradient.py), drawn through the pen (render/draw.py Pen.shade): every filled
shape takes `fill: {gradient: linear|radial, from, to, angle}`.

Read back from what pnp writes: each gradient is a PDF shading (`sh`, type 2 axial or 3 radial) painted inside
its shape's clipping path, its /Coords where its box and angle put it (turned with the shape), its function's
C0 and C1 the two colours; pdfium's pixels run from one colour to the other the way the angle says; a face with
one, placed twice, is drawn on the page both times (a shading is a page's resource); a DriveThruCards PDF
(CMYK, PDF/X-1a) flattens each into the ink's pixels, so no RGB shading is left; the ink path alone writes a
DeviceCMYK shading; every mistake in a gradient is one line naming the file, line and key, all in one run.
"""
from __future__ import annotations

import io
import textwrap

import pypdf
import pypdfium2 as pdfium
import pytest
from pypdf.generic import ContentStream

from cli import pnp_in_process
from pdfcheck import MM, placements, reader

LEAF = 2                    # the print leaf's pages, before the card sheet
POKER_H = 88.9 * MM
SCALE = 4                   # pdfium's pixels a point

DECK = """\
    game: {title: Shaded}
    palette: {ink: "#1d2230", leaf: "#008000"}
    kinds:
      card: {title: Card, template: card, back: none}
    cards:
      - {kind: card, name: A, copies: 2}
    """
TEMPLATE = """\
    size: poker
    regions:
      - {id: lin, type: rect, box: [4mm, 4mm, 30mm, 10mm], fill: {gradient: linear, from: '#ff0000', to: '#0000ff'}}
      - {id: down, type: rect, box: [36mm, 4mm, 20mm, 30mm], fill: {gradient: linear, from: '#ffffff', to: ink, angle: -90}}
      - {id: sun, type: ellipse, box: [4mm, 20mm, 24mm, 24mm], fill: {gradient: radial, from: '#ffff00', to: leaf}, stroke: ink}
      - {id: hex, type: hexagon, box: [4mm, 50mm, 20mm, 18mm], fill: {gradient: linear, from: '#000000', to: '#ffffff'}, rotate: 90}
      - {id: star, type: star, box: [30mm, 48mm, 20mm, 20mm], fill: {gradient: radial, from: '#ffffff', to: '#ff0000'}}
      - {id: poly, type: polygon, box: [30mm, 70mm, 14mm, 14mm], sides: 5, fill: {gradient: linear, from: '#00ff00', to: '#ff00ff'}}
      - {id: note, type: textbox, box: [4mm, 72mm, 22mm, 12mm], text: Boxed, fill: {gradient: linear, from: '#ffffff', to: '#808080'}}
    """


def write_deck(folder, template=TEMPLATE):
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(DECK), encoding="utf-8")
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(template), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def shaded(tmp_path_factory):
    folder = write_deck(tmp_path_factory.mktemp("shaded") / "shaded")
    out = folder.parent / "shaded.pdf"
    pnp_in_process("build", folder, "-o", out, check=True, env={"PNP_CACHE": "off"})
    return out


def shadings(path, page=LEAF) -> list:
    """The shadings the card page paints, in the order its `sh` operators paint them (the first card's)."""
    r = reader(path)
    pg = r.pages[page]
    res = pg["/Resources"]["/Shading"]
    ops = ContentStream(pg.get_contents(), r).operations
    start = next(i for i, (args, op) in enumerate(ops) if op == b"BDC" and args[0] == "/PnpCard")
    end = next(i for i, (_, op) in enumerate(ops) if i > start and op == b"EMC")
    out = []
    for i in range(start, end):
        args, op = ops[i]
        if op == b"sh":
            assert [o for _, o in ops[i - 2:i]] in ([b"W", b"n"], [b"Tj", b"ET"]), \
                "a gradient is painted inside its shape's clip, or its letters'"
            out.append(res[args[0]].get_object())
    return out


def _rgb(obj) -> tuple:
    return tuple(round(float(v), 3) for v in obj)


def test_each_gradient_is_a_shading_where_its_box_and_angle_put_it(shaded):
    sh = shadings(shaded)
    assert [int(s["/ShadingType"]) for s in sh] == [2, 2, 3, 2, 3, 2, 2]
    lin, down, sun, hexagon, star, poly, note = sh
    h = POKER_H
    # linear, angle 0: left edge to right edge across the box's middle
    assert [float(v) for v in lin["/Coords"]] == pytest.approx([4 * MM, h - 9 * MM, 34 * MM, h - 9 * MM], abs=1e-3)
    # angle -90: from the top down
    assert [float(v) for v in down["/Coords"]] == pytest.approx([46 * MM, h - 4 * MM, 46 * MM, h - 34 * MM], abs=1e-3)
    # radial: from the centre to its farthest side
    assert [float(v) for v in sun["/Coords"]] == pytest.approx([16 * MM, h - 32 * MM, 0, 16 * MM, h - 32 * MM,
                                                                12 * MM], abs=1e-3)
    # a hexagon turned 90: its left-to-right gradient runs bottom to top
    assert [float(v) for v in hexagon["/Coords"]] == pytest.approx([14 * MM, h - 69 * MM, 14 * MM, h - 49 * MM],
                                                                   abs=1e-3)
    colours = [(_rgb(s["/Function"]["/C0"]), _rgb(s["/Function"]["/C1"])) for s in sh]
    assert colours[0] == ((1, 0, 0), (0, 0, 1))
    assert colours[1] == ((1, 1, 1), (round(0x1d / 255, 3), round(0x22 / 255, 3), round(0x30 / 255, 3)))
    assert colours[2] == ((1, 1, 0), (0, round(128 / 255, 3), 0))       # a palette name
    assert all(str(s["/ColorSpace"]) == "/DeviceRGB" for s in sh)
    assert all(list(s["/Extend"]) == [True, True] for s in sh)


def page_pixels(path, page=LEAF):
    pdf = pdfium.PdfDocument(str(path))
    img = pdf[page].render(scale=SCALE).to_pil().convert("RGB")
    height = pdf[page].get_height()
    pdf.close()
    return img, height


def test_the_pixels_run_from_one_colour_to_the_other(shaded):
    img, page_h = page_pixels(shaded)
    card = placements(shaded)[LEAF][0]

    def px(x_mm, y_mm):         # a point of the card, mm from its top-left
        x, y = card.x + x_mm * MM, card.y + POKER_H - y_mm * MM
        return img.getpixel((round(x * SCALE), round((page_h - y) * SCALE)))

    left, mid, right = px(5, 9), px(19, 9), px(33, 9)
    assert left[0] > 220 and left[2] < 40 and right[2] > 220 and right[0] < 40, (left, right)
    assert 90 < mid[0] < 170 and 90 < mid[2] < 170, mid
    top, bottom = px(46, 5), px(46, 33)
    assert min(top) > 235 and max(bottom) < 70, (top, bottom)
    centre, rim = px(16, 32), px(16, 42)
    assert centre[0] > 230 and centre[1] > 230 and centre[2] < 30, centre          # yellow
    assert rim[0] < 60 and 90 < rim[1] < 160, rim                                  # towards green
    low, high = px(14, 66), px(14, 52)         # the turned hexagon: dark at its bottom, light at its top
    assert max(low) < 60 and min(high) > 190, (low, high)


def test_a_face_with_a_gradient_is_drawn_on_the_page_wherever_it_is_placed(shaded):
    cards = placements(shaded)[LEAF]
    assert len(cards) == 2 and all(p.form.startswith("inline-") for p in cards)
    assert len(reader(shaded).pages[LEAF]["/Resources"]["/Shading"]) == 14


def test_a_cmyk_pdf_flattens_gradients_into_the_inks_pixels(tmp_path):
    folder = write_deck(tmp_path / "shaded")
    proc = pnp_in_process("export", folder, "--to", "drivethrucards", cwd=tmp_path, env={"PNP_CACHE": "off"})
    assert proc.returncode == 0, proc.stderr
    pdf = next((tmp_path / "output").rglob("*.pdf"))
    r = pypdf.PdfReader(pdf)
    front = r.pages[1]
    assert "/Shading" not in front["/Resources"]
    images = [o.get_object() for o in front["/Resources"]["/XObject"].values()]
    assert images and all(str(i["/ColorSpace"]) == "/DeviceCMYK" for i in images if i["/Subtype"] == "/Image")


def test_the_pen_writes_a_shading_in_the_inks_cmyk():
    """The ink path (export/cmyk.py): a gradient drawn with an ink is a DeviceCMYK shading, its ends the ink's
    conversions of the two colours."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.export.cmyk import ink
    from generator.layout.regions.rect import Rect
    from generator.render.draw import draw_ops
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100), invariant=1)
    the_ink = ink()
    draw_ops(c, [Rect(10, 10, 50, 50, ("linear", 10, 35, 60, 35, (("#ff0000", 0.0), ("#ffffff", 1.0))))], the_ink)
    c.showPage()
    c.save()
    page = pypdf.PdfReader(io.BytesIO(buf.getvalue())).pages[0]
    (sh,) = [s.get_object() for s in page["/Resources"]["/Shading"].values()]
    assert str(sh["/ColorSpace"]) == "/DeviceCMYK"
    want = [round(v / 255, 3) for v in the_ink.cmyk("#ff0000")]
    assert [round(float(v), 3) for v in sh["/Function"]["/C0"]] == pytest.approx(want, abs=0.005)


MISTAKES = """\
    size: poker
    regions:
      - {id: a, type: rect, box: [4mm, 4mm, 10mm, 10mm], fill: {gradient: linear, from: '#ffffff', to: ink, angel: 90}}
      - {id: b, type: ellipse, box: [4mm, 20mm, 10mm, 10mm], fill: {gradient: radial, from: '#ffffff', to: ink, angle: 90}}
      - {id: c, type: star, box: [4mm, 40mm, 10mm, 10mm], fill: {gradient: linear, from: '#ffffff'}}
      - {id: d, type: hexagon, box: [20mm, 4mm, 10mm, 10mm], fill: {gradient: linaer, from: '#ffffff', to: ink}}
      - {id: e, type: polygon, box: [20mm, 20mm, 10mm, 10mm], fill: {gradient: linear, from: none, to: ink}}
      - {id: f, type: textbox, box: [20mm, 40mm, 20mm, 10mm], text: x, fill: {gradient: radial, from: '#ff', to: ink}}
      - {id: g, type: rect, box: [40mm, 4mm, 10mm, 10mm], fill: {gradient: linear, from: '#ffffff', to: inc, angle: 400}}
    """


def test_every_mistake_in_a_gradient_is_one_line_naming_its_key(tmp_path):
    folder = write_deck(tmp_path / "bad", MISTAKES)
    proc = pnp_in_process("build", folder, "-o", tmp_path / "bad.pdf", env={"PNP_CACHE": "off"})
    assert proc.returncode == 2 and not (tmp_path / "bad.pdf").exists()
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("pnp: error:")]
    assert "Traceback" not in proc.stderr
    want = [("card.yaml:3:", "region a.fill.angel", "unknown key 'angel' in a gradient", "did you mean 'angle'"),
            ("card.yaml:4:", "region b.fill.angle", "a radial gradient has no angle", ""),
            ("card.yaml:5:", "region c.fill.to", "a gradient needs 'to'", ""),
            ("card.yaml:6:", "region d.fill.gradient", "expected gradient: linear or radial", "'linear'"),
            ("card.yaml:7:", "region e.fill.from", "a gradient's colours are colours, not 'none'", ""),
            ("card.yaml:8:", "region f.fill.from", "expected a colour '#rrggbb' or '#rrggbbaa' (hex digits)", ""),
            ("card.yaml:9:", "region g.fill.angle", "expected a number from -360 to 360, found the number 400", "")]
    for where, field, message, hint in want:
        assert any(where in ln and field in ln and message in ln and hint in ln for ln in lines), \
            (where, field, message, proc.stderr)


def test_an_unknown_palette_colour_in_a_gradient_is_the_templates_error(tmp_path):
    folder = write_deck(tmp_path / "bad", MISTAKES.split("      - {id: a")[0] +
                        "      - {id: a, type: rect, box: [4mm, 4mm, 10mm, 10mm], fill: {gradient: linear, "
                        "from: '#ffffff', to: inc}}\n")
    proc = pnp_in_process("build", folder, "-o", tmp_path / "bad.pdf", env={"PNP_CACHE": "off"})
    assert proc.returncode == 2
    assert "unknown colour 'inc'" in proc.stderr and "did you mean 'ink'" in proc.stderr and "card.yaml:3" in \
        proc.stderr, proc.stderr


def test_the_proof_reads_a_gradients_colours(tmp_path):
    """Cards told apart only by a gradient's colour (a card's field): the proof's colour check weighs the
    gradient's two colours, as it does a plain fill's, and names the look-alike pair."""
    deck = DECK.replace("card: {title: Card, template: card, back: none}",
                        "card: {title: Card, template: card, back: none, fields: {tone: {type: colour}}}")
    deck = deck.replace("      - {kind: card, name: A, copies: 2}",
                        "      - {kind: card, name: A, tone: '#d03030'}\n      - {kind: card, name: B, tone: '#d03a30'}")
    template = """\
        size: poker
        regions:
          - {id: band, type: rect, box: [4mm, 4mm, 30mm, 10mm], fill: {gradient: linear, from: '#ffffff', to: "{tone}"}}
        """
    folder = tmp_path / "proofed"
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(deck), encoding="utf-8")
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(template), encoding="utf-8")
    proc = pnp_in_process("proof", folder, cwd=tmp_path, env={"PNP_CACHE": "off"})
    assert "Traceback" not in proc.stderr and proc.returncode in (0, 1), proc.stderr
    report = next((tmp_path / "output").rglob("proof.md")).read_text(encoding="utf-8")
    assert "#d03030" in report and "#d03a30" in report, report[:2000]


def test_the_layout_store_keeps_a_gradient(shaded, tmp_path):
    """Built cold into a cache, then warm from it: the same bytes as built with no cache."""
    folder = write_deck(tmp_path / "shaded")
    cache = tmp_path / "cache"
    for name in ("cold.pdf", "warm.pdf"):
        pnp_in_process("build", folder, "-o", tmp_path / name, check=True, env={"PNP_CACHE": str(cache)})
    assert (tmp_path / "cold.pdf").read_bytes() == shaded.read_bytes()
    assert (tmp_path / "warm.pdf").read_bytes() == shaded.read_bytes()


TEXT = """\
    size: poker
    regions:
      - {id: word, type: text, box: [4mm, 10mm, 55mm, 20mm], text: "MMMMMM", size: 40pt, align: center, colour: {gradient: linear, from: '#ff0000', to: '#0000ff'}, outline: ink, outline_width: 0.5pt}
      - {id: note, type: textbox, box: [4mm, 40mm, 55mm, 20mm], text: "**MMMM**", size: 30pt, colour: {gradient: radial, from: '#ffff00', to: '#008000'}}
    """


def test_a_text_filled_with_a_gradient_clips_the_shading_to_its_letters(tmp_path):
    """A text's (and a text box's) colour may be a gradient: its letters are the clipping path (text render
    mode 7), the shading painted inside them, then its outline stroked over (mode 1); the letters' pixels run
    from one colour to the other, and the card around them is untouched."""
    folder = write_deck(tmp_path / "words", TEXT)
    out = tmp_path / "words.pdf"
    pnp_in_process("build", folder, "-o", out, check=True, env={"PNP_CACHE": "off"})
    r = reader(out)
    ops = [op if op != b"Tr" else b"Tr%d" % int(args[0])
           for args, op in ContentStream(r.pages[LEAF].get_contents(), r).operations]
    first = ops.index(b"Tr7")
    assert ops[first - 2:first] == [b"q", b"BT"]
    assert ops[ops.index(b"ET", first) + 1] == b"sh" and ops[ops.index(b"sh", first) + 1] == b"Q"
    assert b"Tr1" in ops[first:] and b"RG" in ops[ops.index(b"Tr1"):]       # the outline over it
    sh = shadings(out)
    assert [int(s["/ShadingType"]) for s in sh] == [2, 3]        # the word; the box's one line
    img, page_h = page_pixels(out)
    card = placements(out)[LEAF][0]

    def px(x_mm, y_mm):
        x, y = card.x + x_mm * MM, card.y + POKER_H - y_mm * MM
        return img.getpixel((round(x * SCALE), round((page_h - y) * SCALE)))

    row = [px(x / 4, 20) for x in range(16, 240)]
    inked = [p for p in row if p != (255, 255, 255) and max(p) - min(p) > 80]
    assert inked[0][0] > inked[0][2] and inked[-1][2] > inked[-1][0], (inked[0], inked[-1])
    assert px(2, 20) == (255, 255, 255)
