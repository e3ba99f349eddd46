"""The whole printable document: a print-instructions leaf, the card sheets, then any rule pages.

The leaf is two pages, so card fronts stay on odd pages and backs on even ones: printing the
whole file double-sided puts every back behind its front. Rule pages come last.
"""
from __future__ import annotations

from ..deck.model import Deck
from ..layout.face import Text
from ..units import length
from . import howto
from .sheets import Page, SheetLayout, impose

LEAF = 2


def _range(a: int, b: int) -> str:
    return f"{a}" if a == b else f"{a}–{b}"


def instructions(deck: Deck, cards: list[Page], duplex: str, offset, bleed: float, first: int,
                 rule_pages: int, sheet: SheetLayout | None = None) -> str:
    g = deck.game
    lines = [f"# {g.title}" + (f" — {g.subtitle}" if g.subtitle else ""),
             " · ".join(x for x in (f"by {g.designer}" if g.designer else "", g.publisher,
                                    f"{g.players[0]}–{g.players[1]} players" if g.players else "",
                                    f"version {g.version}" if g.version else "") if x),
             "", "## How to print"]
    last = first + len(cards) - 1
    cut = howto.cut_steps(deck, cards, bleed, sheet.title if sheet else "",
                          min(sheet.left, sheet.right, sheet.top, sheet.bottom) if sheet else 0.0)
    steps = howto.print_steps(cards, duplex, first) + cut[:1]
    if any(pl.face.shape == "circle" for p in cards for pl in p.placements):
        steps[-1] += (" Round pieces: first cut the sheet apart along those lines, then cut each piece out "
                      "along its thin grey circle.")
    if rule_pages:
        steps.append(f"The rules are on pages {_range(last + 1, last + rule_pages)}: print them single- or "
                     "double-sided.")
    lines += [f"{i}. {step}" for i, step in enumerate(steps, 1)]
    lines += cut[1:]
    if deck.game.instructions:
        lines += ["", deck.game.instructions.strip()]
    lines += ["", "## Sheets"] + howto.sheet_list(deck, cards, first, duplex)
    return "\n".join(lines)


def contents(deck: Deck) -> str:
    lines = ["## What you get"]
    for part in deck.parts.values():
        cards = [c for c in deck.cards if c.part == part.id]
        if not cards:
            continue
        counts: dict[str, int] = {}
        for c in cards:
            counts[c.kind] = counts.get(c.kind, 0) + c.copies
        total = sum(counts.values())
        lines.append(f"**{part.title}**: {total} items — " + ", ".join(
            f"{n} × {deck.kinds[k].title.lower()}" for k, n in counts.items()))
        lines.append("")
    if deck.inferred:
        lines += ["## Inferred", "Some facts are not stated in the published rules; this edition chose them. "
                  f"{len(deck.inferred)} such facts are marked in the deck file and listed by pnp proof.", ""]
    if deck.game.source:
        lines += ["## Source", deck.game.source]
    return "\n".join(lines)


def document(deck: Deck, laid_out: list, sheet: SheetLayout, duplex: str = "long", offset=(0.0, 0.0),
             bleed: float = 0.0, leaf: bool = True, spacing: str = "auto") -> list[Page]:
    cards = impose(laid_out, sheet, duplex, offset, bleed, spacing, label_title(deck))
    rules = rule_pages(deck, sheet)
    pages: list[Page] = []
    if leaf:
        from ..layout.store import remembered
        args = {"front": instructions(deck, cards, duplex, offset, bleed, LEAF + 1, len(rules), sheet),
                "back": contents(deck), "width": sheet.width, "height": sheet.height}
        front, back = remembered(f"{deck.id}-leaf", deck.folder, args, lambda: (
            text_pages(args["front"], sheet, file=deck.file), text_pages(args["back"], sheet, file=deck.file)))
        pages.append(Page("text", sheet.width, sheet.height, ops=front[0], label="Print instructions"))
        pages.append(Page("text", sheet.width, sheet.height, ops=back[0], label="Contents"))
    pages.extend(cards)
    pages.extend(rules)
    return pages


def label_title(deck: Deck) -> str:
    """The game's name as the sheet labels print it (in the sans face; the folder's name if it lacks a glyph)."""
    from ..layout import fonts
    title = deck.game.title
    return title if not fonts.missing_glyphs(title, "sans") else deck.id


def text_pages(markup: str, sheet: SheetLayout, family: str = "serif", size: float = 10.5,
               margin: float = length("18mm"), file: str = "") -> list[list]:
    """Short markup on one page, shrunk to fit it if need be (card text's wrapper: no platypus)."""
    from ..layout import fonts
    from ..layout.text import fit, styles_used
    fonts.ensure(family, styles_used(markup) + ("bold",))
    missing = fonts.missing_glyphs(markup.replace("*", ""), family, styles_used(markup) + ("bold",))
    if missing:
        from ..errors import PnpError
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise PnpError(f"the print-instructions page (font '{family}') has no glyph for {chars}; "
                       "it comes from the game's title, designer, parts or kinds", file)
    w, h = sheet.width - 2 * margin, sheet.height - 2 * margin
    fitted = fit(markup, family, w, h, size, 6.0)
    if fitted is None:
        raise ValueError("print instructions do not fit a page")
    top = sheet.height - margin
    return [[Text(margin + p.x, top - p.y, p.text, p.font, p.size, "#000000") for p in fitted.wrapped.pieces]]


def rule_pages(deck: Deck, sheet: SheetLayout) -> list[Page]:
    """A deck's `rules:` section as flowing pages (see docs/deck-format.md and impose/rules.py)."""
    from .rules import rule_pages as pages_of
    return pages_of(deck, sheet)
