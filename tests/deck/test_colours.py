"""Colours as CSS writes them (deck/colours.py), wherever a colour goes: '#rgb', '#rrggbbaa', rgb(), rgba() and the
CSS names in the palette, a colour field, a template's keys, a gradient's stops and a span; a mistake in any is one
line naming the file, line and field."""
from __future__ import annotations

import textwrap

import pytest

from cli import pnp_in_process
from generator.deck.colours import BadColour, alpha, over, parse


@pytest.mark.parametrize("written, read", [
    ("#1E1E1E", "#1E1E1E"), ("#1e1e1e80", "#1e1e1e80"), ("#1e1e1eff", "#1e1e1e"), ("#f00", "#ff0000"),
    ("#f008", "#ff000088"), ("rgb(255, 0, 0)", "#ff0000"), ("rgba(30, 30, 30, 0.5)", "#1e1e1e80"),
    ("rgb(100% 0% 0% / 25%)", "#ff000040"), ("RebeccaPurple", "#663399"), ("tomato", "#ff6347"),
    ("transparent", None), ("none", None)])
def test_each_form_reads_as_one_hex_colour(written, read):
    assert parse(written) == read


@pytest.mark.parametrize("written", ["#12345", "#ggg", "rgb(1, 2)", "rgba(1, 2, 3, 2)", "rgb(300, 0, 0)",
                                     "rgb(a, b, c)"])
def test_a_colour_written_wrongly_says_what_was_expected(written):
    with pytest.raises(BadColour):
        parse(written)


def test_alpha_and_compositing():
    assert alpha("#1e1e1e80") == pytest.approx(128 / 255) and alpha("#1e1e1e") == 1.0
    assert over("#00000080", "#ffffff") == "#7f7f7f"


DECK = """\
    game: {title: Colours}
    palette: {shade: "#1e1e1e80", sea: "rgb(43, 95, 138)", warm: tomato}
    kinds: {card: {title: Card, template: card, back: none, fields: {c: colour, t: markup}}}
    cards:
      - {kind: card, name: A, c: "rgba(0, 0, 255, 0.5)", t: 'a <span color="crimson">red</span> word'}
    """
TEMPLATE = """\
    size: poker
    regions:
      - {type: rect, box: [0mm, 0mm, 100%, 100%], fill: shade}
      - {type: rect, box: [5mm, 5mm, 10mm, 10mm], fill: "{c}", stroke: rebeccapurple}
      - {type: textbox, box: [5mm, 20mm, 40mm, 10mm], text: "{t}", colour: sea}
    """


def _write(folder, deck=DECK, template=TEMPLATE):
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(deck))
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent(template))
    return folder


def test_every_place_a_colour_goes_takes_the_new_forms(tmp_path):
    from generator.pipeline import load
    from generator.proof.collect import collect
    deck = load(str(_write(tmp_path / "ok")))
    assert deck.palette == {"shade": "#1e1e1e80", "sea": "#2b5f8a", "warm": "#ff6347"}
    ops = collect(deck)[0].sides[0].face.ops
    assert ops[0].fill == "#1e1e1e80" and ops[1].fill == "#0000ff80" and ops[1].stroke == "#663399"
    inks = {op.colour for op in ops[2:]}
    assert inks == {"#2b5f8a", "#dc143c"}, inks


def test_each_mistake_names_the_file_line_and_field(tmp_path):
    deck = DECK.replace('sea: "rgb(43, 95, 138)"', 'sea: "rgb(43, 95)"').replace('warm: tomato', 'warm: tomatoe')
    deck = deck.replace('c: "rgba(0, 0, 255, 0.5)"', 'c: "#0000ff8"')
    template = TEMPLATE.replace("stroke: rebeccapurple", "stroke: rebeccapurpel")
    proc = pnp_in_process("build", _write(tmp_path / "bad", deck, template), "-o", tmp_path / "x.pdf",
                          env={"PNP_CACHE": "off"})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    err = proc.stderr
    assert "deck.yaml:2" in err and "palette.sea" in err and "rgb() of three channels" in err, err
    assert "palette.warm" in err and "did you mean 'tomato'" in err, err
    assert "deck.yaml:5" in err and "'#rrggbb' or '#rrggbbaa'" in err, err
