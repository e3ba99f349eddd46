"""The print leaf's cutting section: the marks, the margin and bleed the build's SheetSpec gives, and what the
layout chose for each piece size (gutters or touching, marks at one end or none), read off the card sheets.

Not here: the rest of the leaf (leaf.py), the choices themselves (grid.py; grid.describe words them).
"""
from __future__ import annotations

from ..units import mm
from .grid import describe
from .page import Page
from .spec import SheetSpec


def how_to_cut(deck, cards: list[Page], spec: SheetSpec) -> list[str]:
    """The leaf's "Cutting" section for these card sheets."""
    steps = cut_steps(deck, cards, spec)
    lines = ["## Cutting", "Use a craft knife and a steel ruler, or a paper trimmer; scissors will do. " + steps[0]]
    lines += steps[1:]
    if any(pl.face.shape == "circle" for p in cards for pl in p.placements):
        lines.append("Round pieces: first cut the sheet apart along those lines, then cut each piece out along "
                     "its thin grey circle.")
    if any(pl.face.shape.startswith("hex") for p in cards for pl in p.placements):
        lines.append("Hex pieces: first cut the sheet apart along those lines, then cut each piece out along its "
                     "thin grey hexagon, six straight cuts from corner to corner (a ruler helps).")
    return lines


def cut_steps(deck, cards: list[Page], spec: SheetSpec) -> list[str]:
    """How to cut: the marks, and what the layout chose for each piece size (gutters or touching)."""
    kinds: dict = {}
    grids: dict = {}                # stock -> grid.Spec: how that piece size sits on the sheet
    for p in cards:
        for grid in p.specs:
            grids.setdefault(grid.stock, grid)
        for pl in p.placements:
            if p.kind != "back" and pl.card is not None:
                stock = next((s.stock for s in p.specs if abs(s.stock.w - pl.face.width) < 0.01
                              and abs(s.stock.h - pl.face.height) < 0.01 and s.stock.shape == pl.face.shape), None)
                if stock is not None:
                    kinds.setdefault(stock, {}).setdefault(pl.card.kind, deck.kinds[pl.card.kind].title)
    head = "Cut along the lines that join the cut marks (the short lines beside the pieces)."
    if spec.margin:
        head += (f" Nothing is printed within {mm(spec.margin):.1f} mm of the paper's edge, where printers leave "
                 "a border.")
    if spec.bleed:
        head += f" Each piece has {mm(spec.bleed):.1f} mm of bleed: cut on the marks, not on the colour's edge."
    else:
        head += (" Where pieces are apart, each one's own colour fills the gutter: a cut a little off the line "
                 "shows only that piece's colour.")
    out = [head]
    for stock, grid in grids.items():
        names = ", ".join(kinds.get(stock, {}).values()) or stock.name()
        out.append(f"- {names} ({mm(stock.w):.4g} × {mm(stock.h):.4g} mm): {describe(grid, spec.title)}.")
    return out
