"""The pipeline in one place: load -> check -> lay out -> impose. Renderers take it from here."""
from __future__ import annotations

from typing import NamedTuple

from .deck import load_deck, shadowed
from .deck.model import Deck
from .errors import PnpError, known_list, warn


class BuildOptions(NamedTuple):
    paper: str = "a4"
    duplex: str = "long"
    offset: tuple = (0.0, 0.0)      # points
    bleed: float = 0.0              # points
    without: tuple = ()             # optional part ids to leave out
    leaf: bool = True               # the print-instructions leaf


def load(game: str, without=()) -> Deck:
    """GAME (a folder's path, or a shipped game's name) loaded, with the optional parts `without` left out."""
    note = shadowed(game)
    if note:
        warn(note)
    deck = load_deck(game)
    for part in without:
        if part not in deck.parts:
            raise PnpError(f"unknown part '{part}' for --without", deck.file, hint=known_list(deck.parts))
        if not deck.parts[part].optional:
            optional = [p for p, v in deck.parts.items() if v.optional]
            raise PnpError(f"part '{part}' is not optional", deck.file,
                           hint=("optional: " + ", ".join(optional)) if optional else "this deck has no optional parts")
    return deck.without(without) if without else deck


def pages(deck: Deck, opts: BuildOptions):
    return laid_and_pages(deck, opts)[1]


def laid_and_pages(deck: Deck, opts: BuildOptions):
    """(every card laid out, the imposed pages): for those who show the cards as well as the sheets (pnp watch)."""
    from .impose.document import document
    from .impose.sheets import get_sheet
    from .layout.deck import layout_deck
    laid = layout_deck(deck, opts.bleed)
    return laid, document(deck, laid, get_sheet(opts.paper), opts.duplex, opts.offset, opts.bleed, opts.leaf)


def write_pdf(deck: Deck, pages, out) -> None:
    """The imposed pages as the game's PDF at `out` (whole or not at all)."""
    from .render.pdf import render_pdf
    g = deck.game
    render_pdf(pages, out, g.title, g.designer, f"{g.title}: print and play cards")
