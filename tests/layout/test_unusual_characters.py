"""Characters that are no letter, through the whole text path (shaping, bidi, hyphenation, wrapping, the glyph
check, drawing): each builds or is refused in one line naming the cell and field, never an internal error (a lone
U+200B was a TypeError in layout/shaping.py). What builds is drawn as it stands for: a tab as a space, a line or
paragraph separator as a line break and a new paragraph in a text box (a space in a one-line text region, as a
line break is), a byte-order mark inside text as a word joiner; a character only a fallback font has is drawn
from it inside a span too; a private-use character no font of the chain has is refused, however many glyphs pnp
has given private-use codes of its own (tests/test_fuzz.py tries random texts in every field)."""
from __future__ import annotations

import csv
import io

import pytest

from cli import pnp_in_process
from generator import pipeline
from generator.layout.deck import layout_card

SEVENTEEN = {
    "a zero-width space alone": ("\u200b", "built"), "a zero-width space between words": ("Score\u200bpoints", "built"),
    "a zero-width joiner": ("a\u200db", "built"), "a zero-width non-joiner": ("a\u200cb", "built"),
    "a lone combining mark": ("\u0301", "built"), "stacked marks": ("a\u0301\u0302\u0303\u0304", "built"),
    "a soft hyphen": ("har\u00advest", "built"), "a byte-order mark": ("\ufeffWheat", "built"),
    "a right-to-left mark": ("a\u200fb", "built"), "an override and its pop": ("\u202eWheat\u202c", "built"),
    "a line separator": ("a\u2028b", "built"), "a paragraph separator": ("a\u2029b", "built"),
    "a tab": ("a\tb", "built"), "an emoji": ("Wheat \U0001F33E", "U+1F33E"),
    "a private-use character": ("\ue000", "U+E000 (a private-use character)"), "a word joiner": ("a\u2060b", "built"),
    "spaces only": ("   ", "missing required field"),
}


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    folder = tmp_path_factory.mktemp("unusual")
    pnp_in_process("new", "g", cwd=folder, check=True)
    return folder


def _with(starter, field: str, text: str) -> None:
    path = starter / "g" / "cards.csv"
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    rows[1][rows[0].index(field)] = text
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


@pytest.mark.parametrize("name", list(SEVENTEEN))
def test_an_unusual_text_in_a_cards_title_and_text_builds_or_is_refused_in_one_line(starter, name):
    """The text as a card's title (a one-line text region) and its text (a text box), both in one build."""
    text, expected = SEVENTEEN[name]
    original = (starter / "g" / "cards.csv").read_text(encoding="utf-8")
    try:
        _with(starter, "title", text)
        _with(starter, "text", text)
        proc = pnp_in_process("build", "g", "-o", "out.pdf", cwd=starter)
    finally:
        (starter / "g" / "cards.csv").write_text(original, encoding="utf-8")
    lines = proc.stderr.strip().splitlines()
    if name == "spaces only":                       # a required title left blank; spaces as a text are nothing
        assert proc.returncode == 2 and lines == ["pnp: error: g/cards.csv:2: missing required field 'title' for "
                                                  "kind 'crop'"], lines
    elif expected == "built":
        assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    else:                                           # one line each, at the card's row and field
        assert proc.returncode == 2 and [ln.split(": ")[2:4] for ln in lines] == [["g/cards.csv:2", "title"],
                                                                                  ["g/cards.csv:2", "text"]], lines
        assert all(expected in ln for ln in lines), lines


def _texts(folder, title: str, text: str) -> list[tuple[str, float]]:
    """The (text, baseline) of every line the starter's first card draws with this title and text."""
    _with(folder, "title", title)
    _with(folder, "text", text)
    deck = pipeline.load(str(folder / "g"))
    face = layout_card(deck, deck.cards[0]).front
    return [(op.text, round(op.y, 1)) for op in face.ops if type(op).__name__ == "Text"]


def test_separators_print_as_what_they_stand_for(tmp_path):
    pnp_in_process("new", "g", cwd=tmp_path, check=True)
    drawn = _texts(tmp_path, "Wh\teat\u2028Ear", "One\ttwo\u2029Three\u2028four \ufeffjoined")
    lines: dict = {}
    for text, y in drawn:
        lines.setdefault(y, []).append(text)
    said = [" ".join(t) for _, t in sorted(lines.items(), reverse=True)]
    assert "Wh eat Ear" in said                                    # one line: a tab and a line break a space
    body = said[said.index("One two"):said.index("One two") + 3]
    assert body == ["One two", "Three", "four \u2060 joined"], said      # a paragraph, then a line; a joiner
    assert not any("\ufeff" in t or "\t" in t for t, _ in drawn)


def test_a_character_of_a_fallback_font_inside_a_span_is_drawn_from_it_in_the_spans_colour(tmp_path):
    """The span's words were drawn in the span's font as written: ★, which only the fallback (DejaVu Sans) has,
    printed as .notdef, the span's colour lost, and neither the glyph check nor the proof said a word."""
    pnp_in_process("new", "g", cwd=tmp_path, check=True)
    _with(tmp_path, "text", 'Play <span color="#c0392b">one ★ card</span> now.')
    deck = pipeline.load(str(tmp_path / "g"))
    ops = [op for op in layout_card(deck, deck.cards[0]).front.ops if type(op).__name__ == "Text"]
    star = [op for op in ops if "★" in op.text]
    assert len(star) == 1 and star[0].text == "★" and "DejaVu" in star[0].font and star[0].colour == "#c0392b", ops
    assert [(op.text, op.colour) for op in ops if op.text in ("one", "card")] == [("one", "#c0392b"),
                                                                                    ("card", "#c0392b")]


def test_a_private_use_character_is_no_glyph_of_a_font_that_lacks_it_after_pnp_used_that_code(starter):
    """pnp draws a shaped glyph no character maps to (a ligature, .notdef) through a private-use code it adds to the
    font's character map (reportlab_adapter.glyph_char): a designer's U+E000 then drew that glyph, in silence."""
    from generator.layout import fonts
    from generator.reportlab_adapter import glyph_char
    deck = pipeline.load(str(starter / "g"))
    fonts.ensure("serif", ("regular",))
    name = fonts.font_name("serif", "regular")
    glyph_char(name, 0, "")                     # .notdef, as HarfBuzz gives it for a character the font lacks
    assert "\ue000" in fonts.missing_glyphs("a\ue000", "serif") and deck is not None
