"""A small deck of its own for the export tests: a round token, a landscape card, a card with text at the
edge (tests/export/test_gamecrafter.py, tests/export/test_tts.py). make(folder) writes it."""
from __future__ import annotations

import textwrap
from pathlib import Path

# A small deck of its own: a round token, a landscape card, a card with text at the edge.
TEMPLATES = {
    "tk-token": """
        size: {width: 25mm, height: 25mm}
        shape: circle
        regions:
          - {id: disc, type: ellipse, box: [0mm, 0mm, 100%, 100%], fill: paper, bleed: true}
          - {id: label, type: text, box: [2mm, 8mm, 21mm, 9mm], text: "{label}", size: 14pt, align: center}
    """,
    "tk-wide": """
        size: {width: 3.5in, height: 2.5in}
        regions:
          - {id: background, type: rect, box: [0mm, 0mm, 100%, 100%], fill: paper, bleed: true}
          - {id: band, type: rect, box: [0mm, 0mm, 100%, 12mm], fill: band, bleed: true}
          - {id: label, type: text, box: [10mm, 25mm, 60mm, 12mm], text: "{label}", size: 20pt, align: center}
    """,
    "tk-edge": """
        size: poker
        regions:
          - {id: background, type: rect, box: [0mm, 0mm, 100%, 100%], fill: paper, bleed: true}
          - {id: corner, type: text, box: [1mm, 1mm, 30mm, 8mm], text: "{label}", size: 12pt, align: left}
          - {id: middle, type: text, box: [10mm, 40mm, 43.5mm, 10mm], text: "{label}", size: 12pt, align: center}
    """,
    "tk-back": """
        size: poker
        regions:
          - {id: background, type: rect, box: [0mm, 0mm, 100%, 100%], fill: band, bleed: true}
    """,
}
DECK = """
    game: {title: Token Test}
    palette: {paper: "#f0e0c0", band: "#aa3300"}
    parts: [{id: base, title: Base}]
    backs: {plain: {template: tk-back}}
    defaults: {back: plain}
    kinds:
      token: {title: Token, template: tk-token, back: none, fields: {label: text}}
      wide: {title: Wide card, template: tk-wide, back: none, fields: {label: text}}
      edge: {title: Edge card, template: tk-edge, fields: {label: text}}
    cards:
      - {kind: token, name: Coin, label: "1", copies: 12}
      - {kind: wide, name: Wide, label: Wide}
      - {kind: edge, name: Edgy, label: Edgy, copies: 3}
"""


def make(folder: Path) -> Path:
    """The token deck written into folder (made here); returns folder."""
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(textwrap.dedent(DECK), encoding="utf-8")
    for name, text in TEMPLATES.items():
        (folder / "templates" / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder
