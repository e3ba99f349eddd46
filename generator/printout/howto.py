"""The print leaf's cutting section: the marks, the margin and bleed the build's SheetSpec gives, and for each
piece size what is printed of it ("66 coins", "1 field marker", never a sheet's capacity) and what the
layout chose (gutters or touching, marks at one end or none), read off the card sheets; for many round
pieces, a quicker way: cut them as squares, or play with coins or counters from another game.

Not here: the rest of the leaf (leaf.py), the choices themselves (grid.py; grid.describe words them).
"""
from __future__ import annotations

from ..language import words
from ..units import mm
from ..impose.grid import describe
from ..impose.page import Page
from ..impose.spec import SheetSpec
from .words import plural

MANY_ROUND = 24             # round pieces: from this many, the leaf offers a quicker way
STAND_IN = 10               # a kind of as many alike round pieces (coins, trackers) may be played with others


def how_to_cut(deck, cards: list[Page], spec: SheetSpec) -> list[str]:
    """The leaf's "Cutting" section for these card sheets."""
    _ = words(deck.language)
    steps = cut_steps(deck, cards, spec)
    lines = [_("## Cutting"), _("Use a craft knife and a steel ruler, or a paper trimmer; scissors will do.") + _.space
             + steps[0]]
    lines += steps[1:]
    lines += round_pieces(deck, cards)
    if any(pl.face.shape.startswith("hex") for p in cards for pl in p.placements):
        lines.append(_("Hex pieces: first cut the sheet apart along those lines, then cut each piece out along its "
                       "thin grey hexagon, six straight cuts from corner to corner (a ruler helps)."))
    return lines


def printed(deck, cards: list[Page]) -> dict:
    """stock -> {kind: pieces printed}, in print order: each piece once (a gutter-fold page holds its backs
    beside its fronts)."""
    out: dict = {}
    seen = set()
    for p in cards:
        if p.kind == "back":
            continue
        for pl in p.placements:
            if pl.card is None or (id(pl.card), pl.copy) in seen:
                continue
            seen.add((id(pl.card), pl.copy))
            stock = next((s for s in (*(g.stock for g in p.specs), *p.loose) if abs(s.w - pl.width) < 0.01
                          and abs(s.h - pl.height) < 0.01 and s.shape == pl.face.shape), None)
            if stock is not None:
                kinds = out.setdefault(stock, {})
                kinds[pl.card.kind] = kinds.get(pl.card.kind, 0) + 1
    return out


def placed(cards: list[Page]) -> tuple[dict, dict]:
    """What the sheets drew of each piece size set in a grid: ({stock: (columns, rows)}, the most of either that
    one sheet holds (each piece once: a gutter-fold page's backs are its fronts' mirror), and {stock: (left,
    bottom, right, top)}, the least bleed drawn beyond a piece's trim on each side (the sheet's shown bleed,
    as far as the face has any). The leaf's figures are these, never a full sheet's grid."""
    most: dict = {}
    shown: dict = {}
    for p in cards:
        if p.kind == "back":
            continue
        seen, at = set(), {}
        for pl in p.placements:
            if pl.card is not None and (id(pl.card), pl.copy) in seen:
                continue
            seen.add((id(pl.card), pl.copy))
            stock = next((g.stock for g in p.specs if abs(g.stock.w - pl.width) < 0.01
                          and abs(g.stock.h - pl.height) < 0.01 and g.stock.shape == pl.face.shape), None)
            if stock is None:
                continue
            xs, ys = at.setdefault(stock, (set(), set()))
            xs.add(round(pl.x, 2))
            ys.add(round(pl.y, 2))
            drawn = tuple(min(v, pl.face.bleed) for v in pl.page_shown())
            old = shown.get(stock, drawn)
            shown[stock] = tuple(min(a, b) for a, b in zip(old, drawn))
        for stock, (xs, ys) in at.items():
            cols, rows = most.get(stock, (0, 0))
            most[stock] = (max(cols, len(xs)), max(rows, len(ys)))
    return most, shown


def cut_steps(deck, cards: list[Page], spec: SheetSpec) -> list[str]:
    """How to cut: the marks, and for each piece size what is printed and what the layout chose."""
    grids: dict = {}                # stock -> grid.Spec: how that piece size sits on the sheet (None: loose,
    for p in cards:                 # one to a cell of another size's grid, pack.py)
        for grid in p.specs:
            grids[grid.stock] = grids.get(grid.stock) or grid
        for stock in p.loose:
            grids.setdefault(stock, None)
    counts = printed(deck, cards)
    most, shown = placed(cards)
    _ = words(deck.language)
    head = _("Cut along the lines that join the cut marks (the short lines beside the pieces).")
    if spec.margin:
        head += _.space + _("Nothing is printed within {mm} mm of the paper's edge, where printers leave a border.",
                        mm=_.num(mm(spec.margin), ".1f"))
    if spec.bleed:
        head += _.space + _("Each piece has {mm} mm of bleed: cut on the marks, not on the colour's edge.",
                        mm=_.num(mm(spec.bleed), ".1f"))
    else:
        head += _.space + _("Where pieces are apart, each one's own colour fills the gutter: a cut a little off the "
                        "line shows only that piece's colour.")
    out = [head]
    for stock, grid in grids.items():
        kinds = counts.get(stock, {})
        names = _(", ").join(plural(deck, k, n) for k, n in kinds.items()) or stock.name()
        size = (_("{mm} mm round", mm=_.num(mm(stock.w), ".4g")) if stock.shape == "circle"
                and abs(stock.w - stock.h) < 0.01 else
                _("{width} × {height} mm", width=_.num(mm(stock.w), ".4g"), height=_.num(mm(stock.h), ".4g")))
        if sum(kinds.values()) == 1 and stock.shape == "circle":     # one piece: no gutters to cut through
            how = _("cut it out along its grey circle")
        elif grid is None:                                          # loose round pieces, each in a cell
            how = _("cut each out along its grey circle")
        else:
            how = describe(grid, spec.title, _, most.get(stock, (1, 1)), shown.get(stock)) or \
                _("cut along its cut marks")
        out.append(_("- {pieces} ({size}): {how}.", pieces=names, size=size, how=how))
    return out


def round_pieces(deck, cards: list[Page]) -> list[str]:
    """For many round pieces: cut them as squares, and (for a kind of many alike) play with stand-ins."""
    kinds: dict = {}
    for stock, counted in printed(deck, cards).items():
        if stock.shape == "circle":
            for kind, n in counted.items():
                kinds[kind] = kinds.get(kind, 0) + n
    total = sum(kinds.values())
    if total < MANY_ROUND:
        return []
    alike = [k for k, n in kinds.items() if n >= STAND_IN and len({c.name for c in deck.cards if c.kind == k}) == 1]
    _ = words(deck.language)
    line = _("{n} round pieces take a while to cut out. Square ones play as well: cut along the straight lines "
             "only, and leave the circles.", n=total)
    if alike:
        named = _.join([plural(deck, k, kinds[k]) for k in alike])
        line += _.space + _("Or, instead of the {pieces}, use coins or counters from another game.", pieces=named)
    return [line]
