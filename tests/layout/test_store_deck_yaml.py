"""The layout store (layout/store.py) and what deck.yaml says besides its cards: a deck's own card size changed in
deck.yaml lays its faces out again at the new size (before, a rebuild with the same cache placed the faces kept at
the old size). Read back from the sheets' placements."""
from __future__ import annotations

from cli import pnp_in_process
from pdfcheck import placements

MM = 72 / 25.4


def _sizes(pdf) -> set:
    return {(round(p.w / MM, 1), round(p.h / MM, 1)) for page in placements(pdf) for p in page}


def test_a_changed_size_of_the_decks_own_is_laid_out_again(tmp_path):
    folder = tmp_path / "g"
    assert pnp_in_process("new", folder).returncode == 0
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("palette:", "sizes:\n  mine: 63.5mm x 88.9mm\n\n"
                                                             "palette:", 1), encoding="utf-8")
    for name in ("card", "back"):
        t = folder / "templates" / f"{name}.yaml"
        t.write_text(t.read_text(encoding="utf-8").replace("size: poker", "size: mine", 1), encoding="utf-8")
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert pnp_in_process("build", folder, "-o", first).returncode == 0
    deck.write_text(deck.read_text(encoding="utf-8").replace("mine: 63.5mm x 88.9mm", "mine: 70mm x 95mm"),
                    encoding="utf-8")
    proc = pnp_in_process("build", folder, "-o", second)
    assert proc.returncode == 0, proc.stderr
    assert _sizes(first) == {(63.5, 88.9)}
    assert _sizes(second) == {(70.0, 95.0)}
