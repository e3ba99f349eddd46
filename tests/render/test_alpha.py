"""See-through colours ('#rrggbbaa', rgba()) drawn as transparency through the pen (render/draw.py): a fill's alpha
the graphics state's /ca, a stroke's its /CA, a text's letters and outline each theirs; gradients of any number of
stops at their places; a blurred shadow fading out from its edge. Read back from the PDF's operators and resources
and from pdfium's pixels; a see-through colour is flattened for a CMYK PDF and composited by the proof's contrast
check."""
from __future__ import annotations

import textwrap

import pypdf
import pytest
from pypdf.generic import ContentStream

from cli import pnp_in_process
from generator.layout.display import Face, Rect, Text
from generator.layout.fonts import font_name
from generator.render.png import face_pdf, rasterize

LEAF = 2                    # the print leaf's pages, before the card sheet


def _graphics_states(pdf: bytes, page=0) -> list:
    """(/ca, /CA, the fill colour) in force at each fill colour the page's content sets (the graphics states
    set before it, reportlab setting a fill's and a stroke's alpha each in one of its own)."""
    import io
    r = pypdf.PdfReader(io.BytesIO(pdf))
    pg = r.pages[page]
    states = pg["/Resources"].get("/ExtGState", {})
    out, now, saved = [], [1.0, 1.0], []
    for args, op in ContentStream(pg.get_contents(), r).operations:
        if op == b"gs":
            s = states[args[0]]
            now = [float(s.get("/ca", now[0])), float(s.get("/CA", now[1]))]
        elif op == b"q":
            saved.append(list(now))
        elif op == b"Q":
            now = saved.pop()
        elif op == b"rg":
            out.append((now[0], now[1], tuple(round(float(a) * 255) for a in args)))
    return out


def test_a_pnp_new_games_1e1e1e80_fill_is_drawn_at_half_opacity(tmp_path):
    """The issue's own: a `pnp new` game given a #1e1e1e80 band prints it at 50% over the card, in the PDF (a
    graphics state of /ca 128/255 around a fill of 30 30 30) and in its pixels (half-way to what lies under it)."""
    pnp_in_process("new", tmp_path / "g", check=True)
    card = tmp_path / "g" / "templates" / "card.yaml"
    card.write_text(card.read_text() + "  - {id: band, type: rect, box: [0mm, 40mm, 100%, 10mm], "
                                       "fill: '#1e1e1e80'}\n")
    out = tmp_path / "g.pdf"
    pnp_in_process("build", tmp_path / "g", "-o", out, check=True, env={"PNP_CACHE": "off"})
    r = pypdf.PdfReader(out)
    pg = r.pages[LEAF]
    states = pg["/Resources"]["/ExtGState"]
    ops = ContentStream(pg.get_contents(), r).operations
    halves = [i for i, (args, op) in enumerate(ops) if op == b"gs" and
              abs(float(states[args[0]].get("/ca", 1)) - 128 / 255) < 1e-3]
    assert halves, "no graphics state at 50% opacity"
    after = ops[halves[0]:halves[0] + 4]
    assert any(op == b"rg" and [round(float(a) * 255) for a in args] == [30, 30, 30] for args, op in after), after
    # its pixels: the band's middle is half-way between #1e1e1e and the panel's paper under it
    import pypdfium2 as pdfium
    from generator.pipeline import load
    paper = load(str(tmp_path / "g")).palette["paper"]
    under = [int(paper[i:i + 2], 16) for i in (1, 3, 5)]
    page = pdfium.PdfDocument(str(out))[LEAF]
    image = page.render(scale=2).to_pil().convert("RGB")
    from pdfcheck import placements
    card0 = placements(str(out))[LEAF][0]
    x, top = card0.x + card0.w / 2, card0.y + card0.h - 45 * 72 / 25.4        # the band's middle, 45 mm down
    px = image.getpixel((round(x * 2), round((page.get_height() - top) * 2)))
    assert all(abs(p - (30 + u) / 2) <= 3 for p, u in zip(px, under)), (px, under)


def _face(*ops) -> Face:
    return Face("alpha", "t", 100.0, 60.0, 0.0, ops=[Rect(0, 0, 100, 60, "#ffffff"), *ops])


def test_stroke_text_and_outline_alphas_are_each_their_own():
    pdf = face_pdf(_face(Rect(10, 10, 30, 30, "#ff000080", "#0000ff40", 4.0),
                         Text(50, 20, "Ab", font_name("sans"), 20, "#00800066", outline="#000000cc",
                              outline_width=1.0)), guide=False)
    states = _graphics_states(pdf)
    assert (pytest.approx(128 / 255, abs=1e-4), pytest.approx(64 / 255, abs=1e-4), (255, 0, 0)) in states, states
    assert (pytest.approx(0x66 / 255, abs=1e-4), pytest.approx(0xcc / 255, abs=1e-4), (0, 128, 0)) in states, states


def test_a_three_stop_gradient_passes_through_its_middle_colour_at_its_place():
    from generator.layout.regions.gradient import placed
    fill = placed(("linear", (("#ff0000", 0.0), ("#ffd700", 0.3), ("#0000ff", 1.0)), 0.0), 0, 0, 100, 60)
    image = rasterize(Face("g", "t", 100.0, 60.0, 0.0, ops=[Rect(0, 0, 100, 60, fill)]), 400, 240, guide=False)
    assert all(abs(a - b) <= 6 for a, b in zip(image.getpixel((120, 120)), (0xff, 0xd7, 0))), image.getpixel((120, 120))
    assert image.getpixel((2, 120))[0] > 240 and image.getpixel((397, 120))[2] > 240


def test_stops_of_their_own_alphas_fade_through_a_soft_mask():
    """A gradient from opaque black to transparent black over white: a luminosity soft mask in the PDF, and
    pixels from black through grey to the paper."""
    from generator.layout.regions.gradient import placed
    fill = placed(("linear", (("#000000", 0.0), ("#00000000", 1.0)), 0.0), 0, 0, 100, 60)
    face = Face("g", "t", 100.0, 60.0, 0.0, ops=[Rect(0, 0, 100, 60, "#ffffff"), Rect(0, 0, 100, 60, fill)])
    pdf = face_pdf(face, guide=False)
    assert b"/SMask" in pdf and b"/Luminosity" in pdf and b"/Transparency" in pdf
    image = rasterize(face, 400, 240, guide=False).convert("L")
    row = [image.getpixel((x, 120)) for x in (4, 200, 396)]
    assert row[0] < 15 and 110 < row[1] < 145 and row[2] > 240, row


def test_a_blurred_shadow_fades_out_past_its_edge():
    from generator.layout.regions.paint import blur_layers
    layers = blur_layers(6.0, 1.0)
    reach = [r for _, r in layers]
    assert reach[0] == 6.0 and reach[-1] == 0.0 and reach == sorted(reach, reverse=True)
    assert 0 < layers[0][0] < 0.05 and layers[-1][0] == 1.0          # the outermost copy faint, the shape opaque
    sharp = Rect(20, 20, 40, 20, "#000000")
    image = rasterize(_face(sharp._replace(blur=6.0)), 400, 240, guide=False).convert("L")
    row = [image.getpixel((x, 120)) for x in range(240, 340)]         # from inside the right edge (x 60pt) out
    assert row[0] < 40 and row[-1] > 250                              # dark inside, paper 8pt out
    assert all(b >= a - 2 for a, b in zip(row, row[1:])), row           # lighter all the way out
    assert any(60 < v < 200 for v in row[0:30]), row                    # a soft edge, not a step


def test_see_through_colours_are_flattened_for_cmyk_and_composited_by_the_contrast_check():
    from generator.export.flatten import see_through
    from generator.layout.contrast import ground
    assert see_through(Rect(0, 0, 10, 10, "#00000080")) and not see_through(Rect(0, 0, 10, 10, "#000000"))
    ops = [Rect(0, 0, 100, 100, "#ffffff"), Rect(0, 0, 100, 100, "#00000080")]
    assert ground(ops, 2, 50, 50) == "#7f7f7f"
