"""Text too long for its box (issue 53, layout/ellipsis.py and a text region's `overflow`): `ellipsis` keeps it at
its size and ends its last line with "…", as Pango does; `error` refuses it at its size; `shrink` (the default)
shrinks it as before. Emphasis around an empty field drops with it, and a line of spaces is a full empty line.
Read back from a `pnp new` game's PDF and its faces."""
from __future__ import annotations

import pytest

from cli import pnp_in_process
from newgame import build, fronts, new_game

from generator.deck.load import load_deck
from generator.errors import PnpError
from generator.layout.templates import get_template
from generator.layout.deck import layout_card
from generator.layout.display import Text
from generator.proof.checks import shrunk
from generator.proof.collect import collect
from generator.proof.where import Where

LONG = " and then some more words that could never fit in a box this small"
CUT = f"""  - {{id: long, type: textbox, box: [7mm, 66mm, 49.5mm, 9mm], text: "{{text}}{LONG}", size: 9pt,
     overflow: ellipsis}}
  - {{id: line, type: text, box: [7mm, 80mm, 14mm, 4mm], text: "{{title}} of the long title", size: 8pt,
     overflow: ellipsis}}
"""


def test_overflow_ellipsis_ends_a_too_long_line_with_an_ellipsis_at_its_size(tmp_path):
    pdf, proc = build(new_game(tmp_path, CUT))
    text, _ = fronts(pdf)[0]
    assert "Score 1 point at harvest." in text and "Score 1 point at harvest. and then" in text
    cut = text[text.index("and then"):]
    assert "…" in cut and "this small" not in cut, text              # the last line kept ends with "…"
    assert text.endswith("Wheat of…") and "long title" not in text, text  # one line: cut to its box
    deck = load_deck(tmp_path / "game")
    said = [i.message for i in shrunk(collect(deck), Where(deck))]           # the proof's finding
    assert "text in region 'long' cut to end with '…' at 9pt (overflow: ellipsis)" in said, said


def test_overflow_error_refuses_text_that_does_not_fit_at_its_size(tmp_path):
    box, line = CUT.replace("ellipsis", "error").split("  - {id: line")
    err = pnp_in_process("build", new_game(tmp_path, box), "-o", tmp_path / "x.pdf").stderr
    assert "cards.csv:2: text: card 'Wheat': text does not fit region 'long' of template 'shown' at its size, 9pt " \
           "(overflow: error) (needs 11.4mm of 9.0mm)" in err, err
    err = pnp_in_process("build", new_game(tmp_path, "  - {id: line" + line, "line"), "-o", tmp_path / "x.pdf").stderr
    assert "cards.csv:2: title: card 'Wheat': text 'Wheat of the long title' does not fit region 'line' of template " \
           "'shown' (14.0mm wide) at its size, 8pt (overflow: error)" in err, err


def test_a_misspelt_overflow_is_named_at_its_line_with_a_suggestion(tmp_path):
    folder = new_game(tmp_path, "  - {id: text, overflow: elipsis}\n")
    with pytest.raises(PnpError) as exc:
        get_template("shown", load_deck(folder))
    assert "shown.yaml:3:" in str(exc.value) and "region text.overflow: expected shrink, ellipsis, error, found " \
           "'elipsis' (did you mean 'ellipsis'?)" in str(exc.value), exc.value


def test_emphasis_around_an_empty_field_drops_and_a_line_of_spaces_is_a_full_line(tmp_path):
    folder = new_game(tmp_path, """  - {id: snark, type: textbox, box: [7mm, 20mm, 49.5mm, 9mm], size: 9pt,
     text: "*{snark}*"}
  - {id: lines, type: textbox, box: [7mm, 60mm, 20mm, 20mm], size: 9pt, text: "{lines}"}
""", cards="kind,title,value,text,snark,lines\ncrop,Wheat,1,x,,\"a\n \nb\"\ncrop,Rye,2,x,Rats!,\"a\n\nb\"\n")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("      colour: {type: colour, default: harvest}\n",
                                             "      colour: {type: colour, default: harvest}\n      snark: markup\n"
                                             "      lines: markup\n", 1))
    d = load_deck(folder)
    faces = {c.name: layout_card(d, c).front for c in d.cards}
    texts = {name: [t for r, _, t in f.texts if r == "snark"] for name, f in faces.items()}
    assert texts == {"Wheat": [], "Rye": ["Rats!"]}, texts              # not "**" where the cell is empty

    def gap(name):
        ys = [op.y for op in faces[name].ops if isinstance(op, Text) and op.text in ("a", "b")]
        return ys[0] - ys[1]
    assert abs(gap("Wheat") - 2 * 9 * 1.2) < 0.01                       # a, an empty line, b: two leads
    assert gap("Rye") < 9 * 1.2 * 1.5                                    # a paragraph break: a lead and a gap
