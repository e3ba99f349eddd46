"""The whole printable document, for one build's SheetSpec (spec.py): the print leaf's two pages, the card
sheets (cardsheets.py), the rule pages (rules.py) and, if asked for and the backs print on backs pages, a
calibration sheet (calibration.py).

Not here: the leaf's words and how they flow over its two pages (leaf.py), what the options mean (spec.py).
"""
from __future__ import annotations

from ..deck.model import Deck
from ..errors import PnpError
from ..impose.cardsheets import card_sheets
from .leaf import family as leaf_family, typeset_sections, written as leaf_words
from .leafpages import lay_out
from ..layout.fonts import deck_keys
from ..layout.hyphens import own_language
from ..impose.page import Page
from ..impose.paper import SheetLayout
from ..impose.spec import PAGE, SheetSpec
from ..language import words


def printout(deck: Deck, laid_out: list, spec: SheetSpec, leaf: bool = True,
             calibration: bool = False) -> list[Page]:
    """The leaf, the card sheets, the rule pages and, with `calibration`, a calibration sheet last."""
    paper = spec.paper
    held = (deck.memo or {}).get("held")        # pnp watch's: the last build's sheets, if every piece is as it was
    stamp = deck.memo_of("store").get("stamp", "") if held else ""
    cards = card_sheets(laid_out, spec, label_title(deck), held, stamp)
    rules = rule_pages(deck, paper)
    extra = calibration_sheet(spec) if calibration and spec.duplex.backs == PAGE else []
    pages: list[Page] = []
    if leaf:
        from ..layout.store import remembered  # lazy: +401 ms to import (benchmarks/imports.py)
        text = leaf_words(deck, cards, rules, spec, len(extra))
        family = leaf_family(deck)
        rtl = words(deck.language).rtl             # its sentences' direction: the build's language's
        args = {"text": text, "language": deck.language, "width": paper.width, "height": paper.height,
                "family": family, "hyphenate": own_language(deck), "rtl": rtl}
        if deck.icons:
            from ..layout.inline import stamp  # lazy: +331 ms to import (benchmarks/imports.py)
            args["icons"] = stamp(deck.icons)
        # laid out again only when its words, the paper, its font, the icons or pnp's files change (layout/store.py);
        # the words typeset only then
        laid = remembered(f"{deck.id}-leaf", deck, args,
                          lambda: _leaf_pages(deck, typeset_sections(deck, text), paper, family, rtl))
        for n, ops in enumerate(laid, 1):
            pages.append(Page("text", paper.width, paper.height, ops=ops, label=f"Print leaf, page {n}"))
    pages.extend(cards)
    pages.extend(rules)
    pages.extend(extra)
    return pages


def _leaf_pages(deck: Deck, parts: list[str], paper: SheetLayout, family: str, rtl: bool) -> list[list]:
    """The leaf's two pages, its sections flowed over them, the first full (leafpages.lay_out), pnp's words
    hyphenated in the build's language, set in its direction (`rtl`), an SVG icon's text in the deck's own font
    families."""
    return lay_out(parts, paper.width, paper.height, deck.file, family, deck.icons, own_language(deck), rtl,
                   deck_keys(deck)).pages


def label_title(deck: Deck) -> str:
    """The game's name as the sheet labels print it, in the sans family and its fallback chain; a character none
    of them has is an error naming game.title, as on a card."""
    from ..layout import fonts  # lazy: +187 ms to import (benchmarks/imports.py)
    title = deck.game.title
    missing = fonts.missing_glyphs(title, fonts.own("sans", deck))
    if missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise PnpError(f"the sheet labels' font '{fonts.own('sans', deck)}' and its fallbacks have no glyph for "
                       f"{chars} in the game's title", deck.file, field="game.title")
    return title


def calibration_sheet(spec: SheetSpec) -> list[Page]:
    """The duplex calibration sheet, worded for players holding the PDF (printout/calibration.py)."""
    from .calibration import calibration_pages  # lazy: +327 ms to import (benchmarks/imports.py)
    return calibration_pages(spec, players=True)


def rule_pages(deck: Deck, sheet: SheetLayout) -> list[Page]:
    """A deck's `rules:` section as flowing pages (see docs/deck-format.md and printout/rules.py)."""
    from .rules import rule_pages as pages_of  # lazy: +26 ms to import (benchmarks/imports.py)
    return pages_of(deck, sheet)
