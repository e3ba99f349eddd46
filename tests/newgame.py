"""A `pnp new` game for a test: its crops and events shown by a template of the test's own that extends the starter's
card template, and its PDF's card faces read back (the faces of one sheet, by their titles).

The starter's cards (cards.csv): Wheat (value 1, 4 copies), Barley (2, 3), Apples (3, 2), Storm, Market Day, Good
Rain (events, value "!", 1 each): six distinct cards, twelve printed.
"""
from __future__ import annotations

from pathlib import Path

from cli import pnp_in_process
from pdfcheck import placements, words_in

TITLES = ("Wheat", "Barley", "Apples", "Storm", "Market Day", "Good Rain")


def new_game(tmp_path: Path, regions: str, name: str = "game", cards: str | None = None, deck_extra: str = "",
             templates: dict | None = None) -> Path:
    """The starter game at tmp_path/name, both kinds showing templates/shown.yaml (`extends: card` and `regions`);
    `cards`: cards.csv's text instead of the starter's; `deck_extra`: lines added to deck.yaml; `templates`:
    more template files {name: text}."""
    folder = tmp_path / name
    pnp_in_process("new", folder, check=True)
    (folder / "templates" / "shown.yaml").write_text("extends: card\nregions:\n" + regions, encoding="utf-8")
    for file, text in (templates or {}).items():
        (folder / "templates" / f"{file}.yaml").write_text(text, encoding="utf-8")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("template: card", "template: shown") + deck_extra, encoding="utf-8")
    (folder / "components.yaml").unlink()           # it counts the starter's cards
    if cards is not None:
        (folder / "cards.csv").write_text(cards, encoding="utf-8")
    return folder


def build(folder: Path, *options) -> tuple[Path, object]:
    """The game built in this process: (its PDF, the run)."""
    pdf = folder / "out.pdf"
    proc = pnp_in_process("build", folder, "-o", pdf, *options)
    assert proc.returncode == 0, proc.stderr
    return pdf, proc


def fronts(pdf: Path) -> list:
    """(the words on it, the placement) of every card front on the fronts pages, in print order."""
    out = []
    for page, placed in enumerate(placements(pdf)):
        for p in placed:
            text = words_in(pdf, page, p)
            if any(t in text for t in TITLES):
                out.append((text, p))
    return out


def ellipses(p) -> int:
    """How many closed curves of four Béziers (an ellipse region's path) a placed face draws."""
    n, path = 0, []
    for _, op in p.ops:
        if op in (b"m", b"c", b"l", b"re", b"h"):
            path = [op] if op == b"m" else path + [op]
        elif op in (b"f", b"F", b"f*", b"B", b"b", b"S", b"s", b"n"):
            n += [o for o in path if o != b"h"] == [b"m", b"c", b"c", b"c", b"c"]
            path = []
    return n
