"""The shapes test deck (tests/decks/shapes: a poker card of shape regions, flat hex tiles, pointy hex chits and
a hex marker) and its pieces told apart by size, for the tests that read it back at each stage
(tests/layout/test_shapes.py, tests/impose/test_hex_pieces.py, tests/export/test_hex_pieces.py)."""
from __future__ import annotations

from cli import TESTS
from pdfcheck import MM, placements

DECK = TESTS / "decks" / "shapes"
LEAF = 2                    # the print leaf's pages, before the card sheets
POKER = (63.5 * MM, 88.9 * MM)
TILE = (2 * 72, 1.732 * 72)
SHARD = (0.6495 * 72, 0.75 * 72)
MARKER = (30 * MM, 25.98 * MM)


def kind_of(p) -> str:
    """The piece a placement shows, by its size as it lies (a fold sheet may turn a card a quarter turn to fit
    more: its width and height then swap)."""
    size = (p.w, p.h)
    for name, (w, h) in (("card", POKER), ("tile", TILE), ("chit", SHARD), ("marker", MARKER)):
        if (abs(size[0] - w) < 0.01 and abs(size[1] - h) < 0.01) or (abs(size[0] - h) < 0.01 and abs(size[1] - w) < 0.01):
            return name
    raise AssertionError(f"a piece of {p.w:.2f} x {p.h:.2f} pt")


def card_pages(path):
    pl = placements(path)
    return [(i, pl[i]) for i in range(LEAF, len(pl)) if pl[i]]
