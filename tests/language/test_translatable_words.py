"""A template's own words and the This edition box's corrections are translated like every other text of the
deck: a region's `text:LANG` prints in that language ("Deliver" as "Livrer"), its `text` in the source
language; a correction's `about:LANG`, `printed:LANG` and `why:LANG` print in the box of a build in LANG."""
from __future__ import annotations

from cli import pnp_in_process
from pdfcheck import all_text


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def test_a_templates_words_and_corrections_are_translated(tmp_path):
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder, "--lang", "en,fr").returncode == 0
    card = folder / "templates" / "card.yaml"
    card.write_text(card.read_text(encoding="utf-8") +
                    '  - {id: deliver, type: text, box: [7mm, 70mm, 49.5mm, 5mm], text: "Deliver", "text:fr": "Livrer",'
                    " font: sans, size: 9pt, align: center, colour: ink}\n", encoding="utf-8")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") +
                    '\ncorrections:\n  - {about: Rules, seed: "Play wel.", printed: "Play well.", why: "a typo",'
                    ' "about:fr": Règles, "printed:fr": "Jouez bien.", "why:fr": "une coquille"}\n', encoding="utf-8")
    for lang, said, unsaid in ((None, ("Deliver", "a typo"), ("Livrer", "une coquille")),
                               ("fr", ("Livrer", "une coquille", "Jouez bien."), ("Deliver", "a typo"))):
        args = ("--lang", lang) if lang else ()
        proc = pnp_in_process("build", folder, *args, "-o", tmp_path / f"{lang}.pdf")
        assert proc.returncode == 0, proc.stderr
        text = _flat(all_text(tmp_path / f"{lang}.pdf"))
        for s in said:
            assert s in text, (lang, s)
        for s in unsaid:
            assert s not in text, (lang, s)


def test_a_translated_key_must_be_text(tmp_path):
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder, "--lang", "en,fr").returncode == 0
    card = folder / "templates" / "card.yaml"
    card.write_text(card.read_text(encoding="utf-8") +
                    '  - {id: deliver, type: text, box: [7mm, 70mm, 49.5mm, 5mm], text: Deliver, "text:fr": [a, b]}\n',
                    encoding="utf-8")
    proc = pnp_in_process("build", folder, "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2
    assert "card.yaml" in proc.stderr and "expected text for text:fr" in proc.stderr, proc.stderr


def test_a_templates_words_in_a_language_the_deck_does_not_name_are_refused_at_their_line(tmp_path):
    """`text:de` in a deck of English and French would never print (deck.yaml's title:de and a text:de column were
    refused; a template's own words passed in silence)."""
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder, "--lang", "en,fr").returncode == 0
    card = folder / "templates" / "card.yaml"
    card.write_text(card.read_text(encoding="utf-8") +
                    '  - {id: deliver, type: text, box: [7mm, 70mm, 49.5mm, 5mm], text: Deliver, "text:de": Liefern}\n',
                    encoding="utf-8")
    proc = pnp_in_process("build", folder, "-o", tmp_path / "x.pdf")
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert "g/templates/card.yaml:13:" in lines[0] and "region deliver.text:de: 'text:de': 'de' is not one of the " \
        "deck's languages (the deck's translations are fr)" in lines[0], lines
