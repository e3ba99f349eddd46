"""The whole printable document, for one build's SheetSpec (spec.py): the print leaf's two pages, the card
sheets (cardsheets.py), the rule pages (rules.py) and, if asked for and the backs print on backs pages, a
calibration sheet (calibration.py); and text_pages, which sets short markup (the leaf) on a page.

Not here: the leaf's words and where its two pages break (leaf.py), what the options mean (spec.py).
"""
from __future__ import annotations

from ..deck.model import Deck
from ..layout.face import Text
from ..units import length
from ..impose.cardsheets import card_sheets
from .leaf import SMALLEST, family as leaf_family, sections as leaf_sections, split
from ..impose.page import Page
from ..impose.paper import SheetLayout
from ..impose.spec import PAGE, SheetSpec

MIN_LEAF_SIZE = SMALLEST    # the leaf is read, not glanced at: never smaller


def printout(deck: Deck, laid_out: list, spec: SheetSpec, leaf: bool = True,
             calibration: bool = False) -> list[Page]:
    """The leaf, the card sheets, the rule pages and, with `calibration`, a calibration sheet last."""
    paper = spec.paper
    cards = card_sheets(laid_out, spec, label_title(deck))
    rules = rule_pages(deck, paper)
    extra = calibration_sheet(spec) if calibration and spec.duplex.backs == PAGE else []
    pages: list[Page] = []
    if leaf:
        from ..layout.store import remembered
        parts = leaf_sections(deck, cards, rules, spec, len(extra))
        family = leaf_family(deck)
        args = {"sections": parts, "width": paper.width, "height": paper.height, "family": family}
        if deck.icons:
            from ..layout.inline import stamp
            args["icons"] = stamp(deck.icons)
        # laid out again only when its words, the paper, its font, the icons or pnp's files change (layout/store.py)
        laid = remembered(f"{deck.id}-leaf", deck, args,
                          lambda: _leaf_pages(parts, paper, deck.file, family, deck.icons))
        for n, ops in enumerate(laid, 1):
            pages.append(Page("text", paper.width, paper.height, ops=ops, label=f"Print leaf, page {n}"))
    pages.extend(cards)
    pages.extend(rules)
    pages.extend(extra)
    return pages


def _leaf_pages(parts: list[str], paper: SheetLayout, file: str, family: str = "serif",
                icons_: dict | None = None) -> list[list]:
    """The leaf's two pages, broken between sections where neither is left half empty (leaf.split)."""
    k, size = split(parts, paper.width, paper.height, file, family, icons_)
    return [text_pages("\n\n".join(half), paper, family=family, size=size, file=file, icons_=icons_)[0]
            for half in (parts[:k], parts[k:])]


def label_title(deck: Deck) -> str:
    """The game's name as the sheet labels print it (in the sans face; the folder's name if it lacks a glyph)."""
    from ..layout import fonts
    title = deck.game.title
    return title if not fonts.missing_glyphs(title, fonts.own("sans", deck)) else deck.id


def calibration_sheet(spec: SheetSpec) -> list[Page]:
    """The duplex calibration sheet, worded for players holding the PDF (printout/calibration.py)."""
    from .calibration import calibration_pages
    return calibration_pages(spec, players=True)


def text_pages(markup: str, sheet: SheetLayout, family: str = "serif", size: float = 10.5,
               margin: float = length("18mm"), file: str = "", icons_: dict | None = None) -> list[list]:
    """Short markup on one page, shrunk to fit it if need be (card text's wrapper: no platypus). `icons_`: the
    deck's icons ({name: Icon}), which it may write as :name:, drawn on their lines' baselines as on cards."""
    from ..layout import fonts, inline
    from ..layout.wrap import ICON, fit, styles_used
    fonts.ensure(family, styles_used(markup) + ("bold",))
    missing = fonts.missing_glyphs(markup.replace("*", ""), family, styles_used(markup) + ("bold",))
    if missing:
        from ..errors import PnpError
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise PnpError(f"the print-instructions page (font '{family}') has no glyph for {chars}; "
                       "it comes from the game's title, designer, parts or kinds", file)
    w, h = sheet.width - 2 * margin, sheet.height - 2 * margin
    known = inline.metrics(icons_, markup) if icons_ else ()
    fitted = fit(markup, family, w, h, size, MIN_LEAF_SIZE, 1.2, "left", known)
    if fitted is None:
        from ..errors import PnpError
        raise PnpError(f"the print leaf does not fit its page at {MIN_LEAF_SIZE:g}pt: shorten game.setup or "
                       "game.instructions", file, field="game.setup")
    top = sheet.height - margin
    ops: list = []
    for p in fitted.wrapped.pieces:
        if p.font == ICON:
            op = inline.op(icons_, p.text, margin + p.x, top - p.y, p.size, "#000000")
            ops.extend([op] if op is not None else [])
        else:
            ops.append(Text(margin + p.x, top - p.y, p.text, p.font, p.size, "#000000"))
    return [ops]


def rule_pages(deck: Deck, sheet: SheetLayout) -> list[Page]:
    """A deck's `rules:` section as flowing pages (see docs/deck-format.md and printout/rules.py)."""
    from .rules import rule_pages as pages_of
    return pages_of(deck, sheet)
