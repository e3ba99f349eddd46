"""The pipeline in one place: load -> check -> lay out -> impose. Renderers take it from here."""
from __future__ import annotations

from typing import NamedTuple

from .deck import load_deck
from .deck.model import Deck
from .errors import PnpError, known_list


class BuildOptions(NamedTuple):
    paper: str = "a4"
    duplex: str = "long"
    offset: tuple = (0.0, 0.0)      # points
    bleed: float = 0.0              # points
    without: tuple = ()             # optional part ids to leave out
    leaf: bool = True               # the print-instructions leaf
    spacing: str = "auto"           # auto (gutters filled with each card's bleed where the paper allows) | touching
    drop_backs: bool = False        # --duplex none even though some backs carry text


def load(game: str, without=()) -> Deck:
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
    from .impose.document import document
    from .impose.sheets import get_sheet
    laid = lay_out(deck, opts)
    return document(deck, laid, get_sheet(opts.paper), opts.duplex, opts.offset, opts.bleed, opts.leaf, opts.spacing)


def lay_out(deck: Deck, opts: BuildOptions) -> list:
    """Every card laid out with the bleed its size shows on this paper (impose/grid.py); `--duplex none`
    refused here when backs carry text, before anything is written."""
    from .impose.backs import refuse_lost_backs
    from .impose.sheets import bleed_for, get_sheet, spacing_mode
    from .layout.deck import layout_deck
    from .layout.templates import get_template
    sheet = get_sheet(opts.paper)
    spacing_mode(opts.spacing, opts.bleed)          # --bleed with --gutter touching is refused before any work
    bleeds: dict = {}

    def bleed_of(card) -> float:
        if card.template not in bleeds:
            try:
                t = get_template(card.template, deck.folder)
            except PnpError:
                return opts.bleed               # laying the card out reports the template's error
            bleeds[card.template] = bleed_for(sheet, t.width, t.height, t.shape, t.gutter, opts.spacing, opts.bleed)
        return bleeds[card.template]

    laid = layout_deck(deck, opts.bleed, bleed_of)
    if opts.duplex == "none" and not opts.drop_backs:
        refuse_lost_backs(deck, laid)
    return laid
