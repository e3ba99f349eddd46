"""The print leaf's cutting steps: the marks, and what the layout chose for each piece size.
impose/document.py puts them on the leaf, with the printing steps and the list of sheets it writes itself.
"""
from __future__ import annotations

from ..units import mm
from .grid import describe
from .sheets import Page


def cut_steps(deck, cards: list[Page], bleed: float, paper: str = "", margin: float = 0.0) -> list[str]:
    """How to cut: the marks, and what the layout chose for each piece size (gutters or touching)."""
    kinds: dict = {}
    specs: dict = {}
    for p in cards:
        for spec in p.specs:
            specs.setdefault(spec.stock, spec)
        for pl in p.placements:
            if p.kind != "back" and pl.card is not None:
                stock = next((s.stock for s in p.specs if abs(s.stock.w - pl.face.width) < 0.01
                              and abs(s.stock.h - pl.face.height) < 0.01 and s.stock.shape == pl.face.shape), None)
                if stock is not None:
                    kinds.setdefault(stock, {}).setdefault(pl.card.kind, deck.kinds[pl.card.kind].title)
    head = "Cut along the lines that join the cut marks (the short lines beside the pieces)."
    if margin:
        head += f" Nothing is printed within {mm(margin):.1f} mm of the paper's edge, where printers leave a border."
    if bleed:
        head += f" Each piece has {mm(bleed):.1f} mm of bleed: cut on the marks, not on the colour's edge."
    else:
        head += (" Where pieces are apart, each one's own colour fills the gutter: a cut a little off the line "
                 "shows only that piece's colour.")
    out = [head]
    for stock, spec in specs.items():
        names = ", ".join(kinds.get(stock, {}).values()) or stock.name()
        out.append(f"- {names} ({mm(stock.w):.4g} × {mm(stock.h):.4g} mm): {describe(spec, paper)}.")
    return out
