"""`game.typography: plain` prints a deck's texts as written, and `typography: plain` in a field's declaration
does so for the text regions that show that field; the rest of the deck is still typeset. Read back from the
cards of a `pnp new` game."""
from __future__ import annotations

import csv

from cli import pnp_in_process
from pdfcheck import all_text

TEXT = 'Don\'t "draw" 1-3 cards...'


def _game(tmp_path, deck_edit):
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    path = folder / "cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    head = rows[0]
    rows[1][head.index("text")] = TEXT            # a crop
    rows[-1][head.index("text")] = TEXT           # an event
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    deck = folder / "deck.yaml"
    deck.write_text(deck_edit(deck.read_text(encoding="utf-8")), encoding="utf-8")
    proc = pnp_in_process("build", folder, "-o", tmp_path / "g.pdf")
    assert proc.returncode == 0, proc.stderr
    return " ".join(all_text(tmp_path / "g.pdf").split())       # a card's lines (and no-break spaces) as spaces


def test_typeset_by_default(tmp_path):
    text = _game(tmp_path, lambda y: y)
    assert "Don’t “draw” 1–3 cards…" in text
    assert TEXT not in text


def test_a_deck_says_plain(tmp_path):
    text = _game(tmp_path, lambda y: y.replace("game:\n", "game:\n  typography: plain\n", 1))
    assert text.count(TEXT) >= 2 and "“draw”" not in text


def test_a_field_says_plain(tmp_path):
    # the crops' text field plain, the events' typeset
    text = _game(tmp_path, lambda y: y.replace("      text: {type: markup}\n",
                                               "      text: {type: markup, typography: plain}\n", 1))
    assert TEXT in text and "“draw”" in text


def test_a_wrong_choice_is_refused(tmp_path):
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("game:\n", "game:\n  typography: fancy\n", 1),
                    encoding="utf-8")
    proc = pnp_in_process("build", folder, "-o", tmp_path / "g.pdf")
    assert proc.returncode == 2
    assert "deck.yaml:" in proc.stderr and "expected typographic or plain, found 'fancy'" in proc.stderr
