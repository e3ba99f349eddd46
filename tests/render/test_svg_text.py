"""An SVG's text (generator/render/svg.py): an icon holding a number is drawn with pnp's fonts (the family its
font-family names, when pnp or the deck has it, else sans), embedded, its glyphs in the PDF's text; a character
its font has no glyph for is one error naming the SVG and its line."""
from __future__ import annotations

import ctypes
import math
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from cli import pnp_in_process
from pdfcheck import all_text, fonts, placements

BADGE = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40">
  <circle cx="20" cy="20" r="19" fill="#ffffff" stroke="#000000"/>
  <text x="20" y="28" font-family="Arial" font-size="22" text-anchor="middle" fill="#000000">{number}</text>
  <text x="20" y="38" font-family="'My Serif', serif" font-weight="bold"
        font-size="8" text-anchor="middle">{word}</text>
</svg>
"""


def _game(tmp_path: Path, number: str = "47", word: str = "VP") -> Path:
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    (folder / "art").mkdir()
    (folder / "art" / "badge.svg").write_text(BADGE.format(number=number, word=word), encoding="utf-8")
    template = folder / "templates" / "card.yaml"
    text = template.read_text(encoding="utf-8")
    template.write_text(text.rstrip("\n") + "\n  - {id: badge, type: image, box: [24mm, 70mm, 15mm, 15mm], "
                        "src: art/badge.svg}\n", encoding="utf-8")
    return folder


def test_an_svg_icons_number_is_drawn_in_pnps_fonts_and_reads_back(tmp_path):
    folder = _game(tmp_path)
    out = tmp_path / "g.pdf"
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert "47" in all_text(out) and "VP" in all_text(out)
    used = fonts(out)
    assert all(used.values()), used                     # every font embedded: no Helvetica from the SVG
    names = " ".join(used)
    assert "PnpSans" in names and "PnpSerif-Bold" in names, used     # Arial -> sans; serif, bold
    # the number is where the badge is, on the first card, centred (text-anchor), at its size (22 of the SVG's 40
    # units in a 15 mm box: 23.4 pt) in pnp's sans, the word in its serif bold at 8.5 pt; black ink there
    page = next(i for i, p in enumerate(placements(out)) if p)
    card = placements(out)[page][0]
    doc = pdfium.PdfDocument(str(out))
    try:
        textpage = doc[page].get_textpage()
        chars = {}
        for k in range(textpage.count_chars()):
            ch = chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, k))
            x0, y0, x1, y1 = textpage.get_charbox(k)
            inside = card.x < x0 < x1 < card.x + card.w and card.y < y0 < y1 < card.y + card.h
            if ch in "47VP" and ch not in chars and inside:
                name = ctypes.create_string_buffer(200)
                pdfium_c.FPDFText_GetFontInfo(textpage.raw, k, name, 200, None)
                m = pdfium_c.FS_MATRIX()
                pdfium_c.FPDFText_GetMatrix(textpage.raw, k, m)
                size = pdfium_c.FPDFText_GetFontSize(textpage.raw, k) * math.hypot(m.c, m.d)
                chars[ch] = ((x0, y0, x1, y1), size, name.value.decode())
        mm = 72 / 25.4
        assert set(chars) == set("47VP"), chars
        for ch in "47":
            assert "PnpSans" in chars[ch][2] and abs(chars[ch][1] - 23.4) < 0.2, chars[ch]
        for ch in "VP":
            assert "PnpSerif-Bold" in chars[ch][2] and abs(chars[ch][1] - 8.5) < 0.1, chars[ch]
        left, right = chars["4"][0][0], chars["7"][0][2]
        assert abs((left + right) / 2 - (card.x + 31.5 * mm)) < 1 * mm, (left, right, card.x)
        bottom, top = chars["4"][0][1], chars["4"][0][3]
        assert card.y + card.h - 85 * mm <= bottom and top <= card.y + card.h - 70 * mm
        img = doc[page].render(scale=2).to_pil().convert("L")
        H = doc[page].get_height()
        box = (int(left * 2), int((H - top) * 2), int(right * 2) + 1, int((H - bottom) * 2) + 1)
        assert img.crop(box).getextrema()[0] < 80           # black ink where the number is
    finally:
        doc.close()


def test_a_glyph_the_font_lacks_is_one_error_naming_the_svg_and_its_line(tmp_path):
    folder = _game(tmp_path, number="4漢")
    out = tmp_path / "g.pdf"
    proc = pnp_in_process("build", folder, "-o", out)
    assert proc.returncode == 2 and not out.exists()
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "g/art/badge.svg:3" in lines[0], lines[0]
    assert "font 'sans' has no glyph for '漢' (U+6F22)" in lines[0], lines[0]
    assert "templates/card.yaml:" in lines[0] and "names it in region 'badge'" in lines[0], lines[0]
    # found as the cards are laid out: an export refuses it before it writes anything; the proof lists it with the
    # card, as it lists a card's own missing glyph (exit 1)
    proc = pnp_in_process("export", folder, "-o", tmp_path / "gc")
    assert proc.returncode == 2 and proc.stderr.splitlines() == lines, proc.stderr
    assert not (tmp_path / "gc").exists()
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "proof")
    assert proc.returncode == 1 and "g/art/badge.svg:3: error: card 'Wheat': font 'sans' has no glyph" in proc.stderr


def test_a_font_named_in_a_style_sheet_is_checked_as_svglib_sets_it(tmp_path):
    folder = _game(tmp_path)
    (folder / "art" / "badge.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">\n'
        '  <style>.n { font-family: kana; }</style>\n'
        '  <text class="n" x="2" y="30" font-size="20">4\u0416</text>\n</svg>\n', encoding="utf-8")
    # Zhe is in pnp's sans (Plex), not in its kana (Japanese kana and ASCII): the style sheet's
    # family is what lacks it
    proc = pnp_in_process("build", folder, "-o", tmp_path / "g.pdf")
    assert proc.returncode == 2 and not (tmp_path / "g.pdf").exists(), proc.stderr
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    assert "g/art/badge.svg:3: font 'kana' has no glyph for '\u0416' (U+0416) in the SVG's text" in proc.stderr
