"""What a translation lacks. A text it lacks prints in the source language, and is set with its punctuation
(layout/face.py, Context.language_of): English left in a French printout reads "Now!", not "Now !" (a narrow
no-break space before ! is French); the translation's own words are set as French is. A template region with no
words of its own (a sign beside a field, the x of "x{copies}") is not warned of as lacking French text."""
from __future__ import annotations

from cli import pnp_in_process
from generator import pipeline
from generator.layout.deck import layout_card


def test_english_left_untranslated_keeps_english_punctuation_in_a_french_build(tmp_path):
    pnp_in_process("new", "g", "--lang", "en,fr", cwd=tmp_path, check=True)
    csv = tmp_path / "g" / "cards.csv"
    text = csv.read_text(encoding="utf-8").replace(
        "crop,Wheat,1,Score **1** point at harvest.,Blé,Marquez **1** point à la récolte.,",
        "crop,Wheat,1,Now! Score **1** point.,Blé,,").replace(
        "Marquez **2** points à la récolte.", "Vite! Marquez **2** points.")
    csv.write_text(text, encoding="utf-8")
    deck = pipeline.load(str(tmp_path / "g"), lang="fr", quiet=True)
    drawn = [" ".join(op.text for op in layout_card(deck, card).front.ops if type(op).__name__ == "Text")
             for card in deck.cards[:2]]
    assert "Now! Score" in drawn[0] and "\u202f!" not in drawn[0], drawn       # the English, as English
    assert "Vite\u202f! Marquez" in drawn[1], drawn                            # the French, as French


def test_a_region_with_no_words_of_its_own_lacks_no_translation(tmp_path):
    pnp_in_process("new", "g", "--lang", "en,fr", cwd=tmp_path, check=True)
    template = tmp_path / "g" / "templates" / "card.yaml"
    template.write_text(template.read_text(encoding="utf-8").replace("  - {id: text,", (
        '  - {id: times, type: text, box: [5mm, 20mm, 10mm, 5mm], text: "x{copies}", size: 8pt}\n'
        '  - {id: costs, type: text, box: [15mm, 20mm, 10mm, 5mm], text: "{value} :card:", size: 8pt}\n'
        '  - {id: says, type: text, box: [25mm, 20mm, 20mm, 5mm], text: "Cost {value}", size: 8pt}\n'
        "  - {id: text,")), encoding="utf-8")
    proc = pnp_in_process("build", "g", "--lang", "fr", "-o", "out.pdf", cwd=tmp_path, check=True)
    warned = [ln for ln in proc.stderr.splitlines() if "has no French text" in ln]
    assert len(warned) == 1 and "region 'says'" in warned[0], proc.stderr        # words of its own: Cost
