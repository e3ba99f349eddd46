"""The print leaf's sheet-geometry parts: how to print the card sheets, how to cut them, and the list of
sheets with their page numbers. impose/document.py puts them on the leaf.
"""
from __future__ import annotations

from ..units import mm
from .grid import describe
from .sheets import Page


def _range(a: int, b: int) -> str:
    return f"{a}" if a == b else f"{a}–{b}"


def pages_per_sheet(duplex: str) -> int:
    return 2 if duplex in ("long", "short") else 1


def print_steps(cards: list[Page], duplex: str, first: int) -> list[str]:
    """Numbered steps for printing the card sheets (pages first...)."""
    last = first + len(cards) - 1
    pages = f"page{'s' if last > first else ''} {_range(first, last)}"
    if duplex == "none":
        return [f"Print {pages} single-sided on card stock at 100% (actual size, no fit-to-page); "
                "this file holds card fronts only."]
    if duplex == "fold":
        return [f"Print {pages} single-sided on card stock at 100% (actual size, no fit-to-page). Each sheet "
                "holds the fronts on one half and their backs on the other, about a dashed fold line.",
                "Fold each sheet along its dashed line, printed side out, and glue the halves together "
                "(a glue stick, spread thin and even); let it dry under a book."]
    return [f"Print {pages} double-sided on card stock at 100% (actual size, no fit-to-page), flipping on the "
            f"**{duplex} edge**. Odd pages hold the card fronts, the even page after each holds its backs.",
            "No duplex printer? Print the odd pages, put the stack back in the tray as your printer needs, then "
            "print the even pages. Or build again with --duplex fold for sheets a single-sided printer makes "
            "into two-sided cards.",
            "Backs not quite behind their fronts? Print the calibration sheet (pnp calibrate), read the offset "
            "and build again with --offset X,Y."]


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


def sheet_list(deck, cards: list[Page], first: int, duplex: str) -> list[str]:
    """Each part's sheets with their page numbers and what is on them; sheets alike share a line."""
    step = pages_per_sheet(duplex)
    lines: list[str] = []
    by_part: dict[str, list[tuple[int, Page]]] = {}
    for i, p in enumerate(cards):
        if p.kind in ("front", "fold") and p.placements:
            part = p.placements[0].card.part
            by_part.setdefault(part, []).append((first + i, p))
    for part_id, pages in by_part.items():
        part = deck.parts[part_id]
        who = f" ({part.players[0]}–{part.players[1]} players)" if part.players else ""
        opt = " — optional: leave it out with --without " + part_id if part.optional else ""
        lines.append(f"**{part.title}**{who}{opt}")
        runs: list[list] = []          # consecutive sheets with the same contents share a line
        for n, p in pages:
            span = step if p.kind == "front" and step == 2 else 1
            what = sheet_contents(deck, p)
            if runs and runs[-1][2] == what and runs[-1][1] == p.sheet - 1:
                runs[-1][1], runs[-1][4] = p.sheet, n + span - 1
            else:
                runs.append([p.sheet, p.sheet, what, n, n + span - 1])
        for a, b, what, pa, pb in runs:
            label = f"Sheet {a}" if a == b else f"Sheets {a}–{b}"
            lines.append(f"- {label} (page{'s' if pb > pa else ''} {_range(pa, pb)}): {what}")
        lines.append("")
    return lines


def sheet_contents(deck, page: Page) -> str:
    """'9 × material card' ... for one sheet, in print order (a gutter-fold page: its fronts)."""
    out: list[list] = []
    seen = set()
    for pl in page.placements:
        if page.kind == "fold" and (id(pl.card), pl.copy) in seen:
            continue                    # the backs half of a gutter-fold page
        seen.add((id(pl.card), pl.copy))
        kind = pl.card.kind
        if out and out[-1][0] == kind:
            out[-1][1] += 1
        else:
            out.append([kind, 1])
    return ", ".join(f"{n} × {deck.kinds[k].title.lower()}" for k, n in out)
