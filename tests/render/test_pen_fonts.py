"""render/draw.py's Pen sets a font (Tf) where the line's font or size changes, and only there, whatever else this
process registered: a font file registered under a second name (two decks' copies of one font, laid out in one
process: pnp watch, or the tests' in-process builds) is reportlab's first font object, whose fontName is the first
name; the pen compared with that name and set the font again before every line, so such a build's PDF differed
from a fresh process's (caught by the suite's same-bytes tests in one random order)."""
from __future__ import annotations

import io

from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

from cli import ROOT
from generator.reportlab_adapter import TTFont, register_font, unregister_fonts
from generator.render.draw import Pen


def _lines_drawn(name: str) -> list[str]:
    c = Canvas(io.BytesIO())
    pen = Pen(c)
    pen.begin_text(1.0)
    for y in (700, 680, 660):
        pen.show(f"1 0 0 1 72 {y} Tm", "Three lines of one font", name, 9.0, "#1e1e1e")
    pen.end_text()
    return pen.out


def test_a_font_registered_under_a_second_name_is_set_once_for_lines_of_it():
    first, second = "pen-test-first", "pen-test-second"
    try:
        for name in (first, second):
            register_font(TTFont(name, str(ROOT / "fonts" / "DejaVuSans.ttf")))
        # the premise: one font object under both names, named for whichever registered the file first (this
        # test, or an earlier in-process build that registered DejaVu Sans)
        assert getFont(second) is getFont(first) and getFont(second).fontName != second
        for name in (first, second):
            ops = _lines_drawn(name)
            assert sum(op.endswith(" Tf") for op in ops) == 1, (name, ops)
            assert sum(op.endswith(" Tj") or op.endswith(" TJ") for op in ops) == 3
    finally:
        unregister_fonts([first, second])
