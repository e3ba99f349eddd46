"""Shaping (layout/shaping.py) and the pen's writing of shaped glyphs (render/draw.py): what the pen writes is
HarfBuzz's own shaping, glyph for glyph and position for position, right-to-left text in visual order; kerning
narrows "AV"; every measure is the shaped width; a ligature reads back as its letters.

The test font is DejaVu Sans subset to Latin, Hebrew and Arabic (tests/fonts/PnpTestWorld.ttf)."""
from __future__ import annotations

import io
import re

import pytest
import uharfbuzz as hb
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

from cli import TESTS
from generator.layout import fonts, shaping, wrap
from generator.layout.fontcache import load_ttf
from generator.layout.regions.text import fitting_size
from generator.reportlab_adapter import register_font, registered, split_string
from generator.render.draw import Pen

FILE = TESTS / "fonts" / "PnpTestWorld.ttf"
NAME = "pnp-test-world"
ARABIC = "مرحبا بالعالم الجميل"        # "hello, beautiful world"


@pytest.fixture(scope="module")
def world() -> str:
    if not registered(NAME):
        register_font(load_ttf(NAME, FILE))
    return NAME


def harfbuzz(text: str) -> list[tuple[int, float]]:
    """HarfBuzz's own shaping of `text` as one buffer: [(glyph id, x of its origin in 1/1000 em)], left to right."""
    font = hb.Font(hb.Face(hb.Blob(FILE.read_bytes())))
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {})
    scale = 1000.0 / font.face.upem
    out, x = [], 0.0
    for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
        out.append((info.codepoint, x + pos.x_offset * scale))
        x += pos.x_advance * scale
    return out


def drawn(text: str, font: str, size: float = 10.0) -> list[tuple[int, float]]:
    """What the pen writes for `text`, read back from its operators: [(glyph id, x in 1/1000 em)] in the order
    drawn (each TJ string's codes through the font's subsets, each number moving the next glyph)."""
    c = Canvas(io.BytesIO())
    pen = Pen(c)
    pen.begin_text(1.0)
    pen.show("1 0 0 1 0 0 Tm", text, font, size, "#000000")
    doc, f = pen.doc, getFont(font)
    codes = {}                  # (subset, code) -> the character the pen wrote for it
    for g in shaping.glyphs(text, font):
        (sub, got), = split_string(f, g.char, doc)
        codes[(sub, got[0])] = g.char
    subset_of = {}
    for sub in {s for s, _ in codes}:
        subset_of[f"/{f.getSubsetInternalName(sub, doc).lstrip('/')}"] = sub
    out, x, sub = [], 0.0, None
    for line in pen.out:
        m = re.fullmatch(r"(\S+) \S+ Tf", line)
        if m:
            sub = subset_of[m.group(1)]
            continue
        if line.endswith("TJ"):
            for s, n in re.findall(r"\(((?:\\.|[^\\)])*)\)|(-?[\d.]+)", line[1:-4]):
                if n:
                    x -= float(n)
                    continue
                raw = re.sub(rb"\\([0-7]{3})", lambda mm: bytes([int(mm.group(1), 8)]),
                             s.encode("latin-1")).replace(b"\\(", b"(").replace(b"\\)", b")").replace(b"\\\\", b"\\")
                for code in raw:
                    ch = codes[(sub, code)]
                    out.append((f.face.charToGlyph[ord(ch)], x))
                    x += f.face.charWidths[ord(ch)]
    return out


def test_an_arabic_sentence_is_drawn_as_harfbuzz_shapes_it(world):
    got, want = drawn(ARABIC, world), harfbuzz(ARABIC)
    assert [g for g, _ in got] == [g for g, _ in want]
    assert [round(x, 1) for _, x in got] == pytest.approx([round(x, 1) for _, x in want], abs=0.05)
    # joined forms: a letter joined on both sides (ح in مرحبا, ع in العالم, م in الجميل) is not its own glyph
    alone = {getFont(world).face.charToGlyph[ord(c)] for c in "حعم"}
    assert not alone & {g for g, _ in got}


def test_numbers_and_latin_words_keep_their_order_inside_right_to_left_text(world):
    text = "العدد 123 في PnP Game هنا"
    order = "".join(g.char for g in shaping.glyphs(text, world))
    assert "123" in order and "PnP" in order and "Game" in order      # read left to right, as written
    assert order.index("PnP") < order.index("Game")
    # the sentence runs from the right: "PnP Game" (written after the number) left of it, "هنا" (the last word)
    # leftmost
    assert order.index("Game") < order.index("123")
    words = [(w, x) for x, w, *_ in _placed(text, world)]
    assert [w for w, _ in sorted(words, key=lambda t: t[1])][0] == "هنا"


def _placed(text: str, font: str):
    line = []
    x = 0.0
    for word in text.split(" "):
        w = shaping.width(word, font, 10.0)
        line.append((x, word, font, w))
        x += w + shaping.width(" ", font, 10.0)
    return [(x, w, f, ww) for x, w, f, ww, _ in shaping.in_visual_order(line, shaping.rtl(text), wrap.ICON)]


def test_a_hebrew_paragraph_starts_at_the_right_and_reads_from_it(world):
    block = wrap.parse("שלום עולם")[0]
    w1, w2, space = (shaping.width(t, world, 10.0) for t in ("שלום", "עולם", " "))
    ls = wrap.Lines([[(0.0, "שלום", world, w1), (w1 + space, "עולם", world, w2)]], [True], 10.0, 0.0, w1)
    (p,) = wrap.line_pieces(ls, 0, block, "sans", 200.0, 0.0, "start")
    assert p.text == "שלום עולם"                # one run, as written; drawn from the right
    assert p.x + shaping.width(p.text, world, 10.0) == pytest.approx(200.0)      # flush right
    chars = "".join(g.char for g in shaping.glyphs(p.text, world))
    assert chars == "םלוע םולש"                 # its first word rightmost, each word's first letter rightmost


def test_kerning_narrows_AV_and_every_measure_is_the_shaped_width():
    fonts.ensure("sans", ("regular",))
    font = fonts.font_name("sans")
    plain = getFont(font).stringWidth("AVOID", 10.0)
    assert shaping.width("AVOID", font, 10.0) < plain - 0.5
    assert wrap.stringWidth("AVOID", font, 10.0) == shaping.width("AVOID", font, 10.0)
    # the one-line text region fits on the shaped width: a box as wide as the kerned word holds it at 10pt
    assert fitting_size("AVOID", font, 10.0, shaping.width("AVOID", font, 10.0) + 0.01) == 10.0
    assert shaping.width("Hello world", font, 10.0) == pytest.approx(
        shaping.width("Hello", font, 10.0) + shaping.width(" ", font, 10.0) + shaping.width("world", font, 10.0))
    ops = drawn("AVOID", font)
    assert ops[1][1] == pytest.approx(shaping.glyphs("AVOID", font)[0].advance)   # V drawn where kerning puts it


def test_a_ligature_reads_back_as_its_letters(tmp_path):
    fonts.ensure("symbols", ("regular",))      # DejaVu Sans: an "ffi" ligature (Plex has "fi" alone)
    font = fonts.font_name("symbols")
    gs = shaping.glyphs("office", font)
    assert len(gs) == 4                 # o, ffi, c, e
    c = Canvas(str(tmp_path / "l.pdf"))
    pen = Pen(c)
    pen.begin_text(1.0)
    pen.show("1 0 0 1 72 700 Tm", "office staff", font, 12.0, "#000000")
    pen.flush()
    c.showPage()
    c.save()
    import pypdf
    assert "office staff" in pypdf.PdfReader(str(tmp_path / "l.pdf")).pages[0].extract_text()
