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
    leaf: bool = True               # the print leaf for the players
    calibration: bool = False       # a calibration sheet as the last pages


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
    from .layout.deck import layout_deck
    laid = layout_deck(deck, opts.bleed)
    return document(deck, laid, get_sheet(opts.paper), opts.duplex, opts.offset, opts.bleed, opts.leaf,
                    opts.calibration)
