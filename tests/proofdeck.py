"""A small deck of the proof tests' own (tests/proof/test_proof.py, tests/proof/test_pages.py), with its own
templates, so sizes and words are under the test's control: make_deck(folder, cards) writes it."""
from __future__ import annotations

import textwrap
from pathlib import Path

# A small deck of our own, with its own templates, so sizes and words are under the test's control.
TEMPLATES = {
    "p-card.yaml": """\
        size: poker
        regions:
          - {id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: paper, bleed: true}
          - {id: title, type: text, box: [5mm, 5mm, 53.5mm, 10mm], text: "{title}", font: serif, style: bold,
             size: 14pt, min_size: 6pt, align: center}
          - {id: body, type: textbox, box: [5mm, 20mm, 53.5mm, 40mm], text: "{text}", font: serif, size: 10pt,
             min_size: 6pt}
        """,
    "p-back.yaml": """\
        size: poker
        regions:
          - {id: bg, type: rect, box: [0mm, 0mm, 100%, 100%], fill: ink, bleed: true}
          - {id: label, type: text, box: [5mm, 40mm, 53.5mm, 10mm], text: "PROOF BACK", font: serif, size: 16pt,
             align: center, colour: paper}
        """,
}
HEAD = """\
game: {title: Proof Fixture, designer: Test}
palette: {ink: "#202020", paper: "#fbf8ef"}
backs:
  plain: {template: p-back}
defaults: {back: plain}
kinds:
  note:
    title: Note card
    template: p-card
    name: "{title}"
    fields:
      title: {type: text, required: true}
      text: {type: markup}
cards:
"""
CARDS = {
    "Apple": "An apple a day.",
    "Bread": "Bread is baked in an oven.",
    "Cheese": "Cheese is made from milk.",
    "Dates": "Dates grow on palm trees.",
}


def card_yaml(title: str, text: str, copies: int = 1) -> str:
    body = textwrap.indent(text, " " * 6)
    extra = f"    copies: {copies}\n" if copies != 1 else ""
    return f"  - title: {title}\n{extra}    text: |\n{body}\n"


def make_deck(folder: Path, cards: dict, copies: dict | None = None, words: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "templates").mkdir(exist_ok=True)
    for name, text in TEMPLATES.items():
        (folder / "templates" / name).write_text(textwrap.dedent(text))
    yaml = HEAD + "".join(card_yaml(t, x, (copies or {}).get(t, 1)) for t, x in cards.items())
    (folder / "deck.yaml").write_text(yaml)
    if words:
        (folder / "words.txt").write_text(words)
    return folder
