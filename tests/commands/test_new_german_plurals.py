"""`pnp new GAME --lang en,de` gives the German kinds their own plurals (plural:de, from
layouts/starter-languages.yaml), so the German leaf counts "9 Feldfrüchte" and "3 Ereignisse", not
"9 Feldfrucht" (read back from the PDF)."""
from __future__ import annotations

from cli import pnp_in_process
from pdfcheck import all_text


def test_the_german_starter_counts_its_cards_in_german_plurals(tmp_path):
    pnp_in_process("new", str(tmp_path / "g"), "--lang", "en,de", check=True)
    deck = (tmp_path / "g" / "deck.yaml").read_text(encoding="utf-8")
    assert "plural:de: Feldfrüchte" in deck and "plural:de: Ereignisse" in deck
    pnp_in_process("build", str(tmp_path / "g"), "--lang", "de", "-o", str(tmp_path / "g.pdf"), cwd=tmp_path,
                   check=True)
    text = all_text(tmp_path / "g.pdf").replace("\u00a0", " ")      # (a number and its noun held together)
    assert "9 Feldfrüchte" in text and "3 Ereignisse" in text and "9 Feldfrucht " not in text
