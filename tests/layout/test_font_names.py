"""Font families named as SVGs and word processors name them (layout/fonts.py, layout/svgtext.py): a deck family
whose name has spaces; a template's font matched by the family name the font file gives itself; an SVG's
font-family matched by the deck's name or its file's, and its generic serif/sans-serif taken as the deck's own
serif/sans where it has them (its own deck's, not another's built in the same process); an SVG's family that nothing matches is a warning naming the SVG, its line, the family
and what was used."""
from __future__ import annotations

import shutil

import pytest
import textwrap

from cli import ROOT, pnp_in_process

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20">
<text x="2" y="8" font-family="'Pnp Serif'">Aa</text>
<text x="2" y="18" font-family="Comic Neue, cursive">Bb</text>
</svg>
"""


def _deck(folder):
    (folder / "templates").mkdir(parents=True)
    (folder / "fonts").mkdir()
    shutil.copy(ROOT / "fonts" / "PnpSerif-Regular.ttf", folder / "fonts" / "body.ttf")
    (folder / "sign.svg").write_text(SVG)
    (folder / "deck.yaml").write_text(textwrap.dedent("""\
        game: {title: Named}
        fonts: {Old Style: fonts/body.ttf}
        kinds: {card: {title: Card, template: card, back: none}}
        cards: [{kind: card, name: A}]
        """))
    (folder / "templates" / "card.yaml").write_text(textwrap.dedent("""\
        size: poker
        regions:
          - {type: text, box: [5mm, 5mm, 50mm, 10mm], text: Spaced, font: Old Style}
          - {type: text, box: [5mm, 15mm, 50mm, 10mm], text: Named, font: Pnp Serif}
          - {type: image, box: [5mm, 30mm, 40mm, 20mm], src: sign.svg}
        """))
    return folder


def test_families_are_matched_as_svgs_and_word_processors_name_them(tmp_path):
    from generator.layout import fonts, svgtext
    from generator.pipeline import load
    from generator.proof.collect import collect
    folder = _deck(tmp_path / "d")
    deck = load(str(folder))
    ops = collect(deck)[0].sides[0].face.ops
    own = fonts.deck_families(deck)
    assert ops[0].font == fonts.font_name(own["Old Style"]) and ops[1].font == fonts.font_name(own["Old Style"])
    mine = fonts.deck_keys(deck)
    assert svgtext.family("'Pnp Serif'", mine) == own["Old Style"]                         # by its file's name
    assert svgtext.family("sans-serif", mine) == "sans" and svgtext.family("Arial", mine) == "sans"
    proc = pnp_in_process("build", folder, "-o", tmp_path / "d.pdf", env={"PNP_CACHE": "off"})
    assert proc.returncode == 0, proc.stderr
    warned = [ln for ln in proc.stderr.splitlines() if "Comic Neue" in ln]
    assert len(warned) == 1 and "sign.svg:3" in warned[0] and "set in sans" in warned[0], proc.stderr


def test_a_family_installed_on_the_machine_is_taken_from_fontconfig_embedded_and_named_in_the_proof(tmp_path):
    """A template's font that neither the deck nor pnp ships, installed on the machine (fc-match names it exactly,
    TrueType): the card is set in it, the PDF embeds it, and the proof warns that it is the machine's."""
    import json
    from generator.layout import systemfonts
    if not systemfonts.files("Liberation Serif"):
        pytest.skip("this machine has no fontconfig or no Liberation Serif (fonts-liberation) to find")
    folder = _deck(tmp_path / "d")
    card = folder / "templates" / "card.yaml"
    card.write_text(card.read_text().replace("font: Old Style}", "font: Liberation Serif}"))
    out = tmp_path / "d.pdf"
    pnp_in_process("build", folder, "-o", out, check=True, env={"PNP_CACHE": "off"})
    from pdfcheck import reader
    fonts_used = {str(f.get_object()["/BaseFont"]) for page in reader(out).pages
                  for f in (page["/Resources"].get("/Font") or {}).values()}
    assert any("LiberationSerif" in f for f in fonts_used), fonts_used
    proc = pnp_in_process("proof", folder, "-o", tmp_path / "proof", "--quiet", env={"PNP_CACHE": "off"})
    found = [i for i in json.loads((tmp_path / "proof" / "proof.json").read_text())["issues"] if i["check"] == "font"]
    assert len(found) == 1 and "LiberationSerif-Regular.ttf" in found[0]["message"], (found, proc.stderr)


def _svg_fonts(pdf) -> set:
    """The BaseFont of each font the PDF's pictures' forms (an SVG's text) set text in (their Tf operators)."""
    import re
    from pdfcheck import reader
    out = set()
    for page in reader(pdf).pages:
        for name, x in (page["/Resources"].get("/XObject") or {}).items():
            form = x.get_object()
            if ".Pic" in name:
                known = (form.get("/Resources") or {}).get("/Font") or {}
                used = re.findall(rb"/(\S+) [\d.]+ Tf", form.get_data())
                out |= {str(known["/" + n.decode()].get_object()["/BaseFont"]) for n in used}
    return out


def test_each_decks_svg_sets_its_generic_serif_in_that_decks_own_serif(tmp_path):
    """Two decks built one after the other in one process (as pnp watch and the tests do): the first's own `serif`
    is DejaVu Sans, the second has none. Each one's SVG sets its font-family="serif" text in its own deck's serif
    (the first in DejaVu Sans, the second in pnp's serif), never in the family the other deck brought: an SVG's
    families are its deck's, carried on its Image op, not every family the process has met."""
    serif_svg = SVG.replace("font-family=\"'Pnp Serif'\"", "font-family=\"serif\"")
    own = _deck(tmp_path / "own")
    shutil.copy(ROOT / "fonts" / "DejaVuSans.ttf", own / "fonts" / "plain.ttf")
    deck = own / "deck.yaml"
    deck.write_text(deck.read_text().replace("fonts: {Old Style: fonts/body.ttf}",
                                             "fonts: {Old Style: fonts/body.ttf, serif: fonts/plain.ttf}"))
    shared = _deck(tmp_path / "shared")
    for folder in (own, shared):
        (folder / "sign.svg").write_text(serif_svg)
    for folder in (own, shared, own):
        pnp_in_process("build", folder, "-o", folder / "d.pdf", check=True, env={"PNP_CACHE": "off"})
    mine, theirs = _svg_fonts(own / "d.pdf"), _svg_fonts(shared / "d.pdf")
    assert any("DejaVuSans" in n for n in mine) and not any("PnpSerif" in n for n in mine), mine
    assert any("PnpSerif" in n for n in theirs) and not any("DejaVuSans" in n for n in theirs), theirs
