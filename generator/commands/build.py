"""pnp build GAME: the printable PDF.
Not here: the pipeline's stages (pipeline.py and the stage packages), the options other commands share (options.py)."""
from __future__ import annotations

from pathlib import Path

import click

from . import options
from ..language import words


@click.command("build")
@click.argument("game")
@options.printout
@click.option("--calibration", is_flag=True, help="Add a duplex calibration sheet as the last two pages, worded "
              "for players who cannot rebuild the file (the print leaf points to it).")
@options.force
@click.option("--only", "only", multiple=True, metavar="CARD",
              help="Build only some cards, for a quick proof print: a card's name or id, its number as pnp proof "
                   "shows it (7), or a range of those numbers (5-12). Numbers count distinct cards (a deck's rows), "
                   "not copies: 5-12 is the 5th to the 12th card, each with all its copies. Repeat for more. Writes "
                   "output/GAME-partial.pdf, without rule pages, and skips the component check.")
@options.pdf_output("Where to write the PDF "
              "[default: output/GAME.pdf; on other paper or duplex modes output/GAME.letter.pdf, GAME.fold.pdf, "
              "GAME.letter.short.pdf ...].")
@options.language
def command(game, paper, duplex, offset, bleed, gutter, drop_backs, without, no_instructions, calibration, force,
            only, output, lang, strict):
    """Build GAME's printable PDF [default: output/GAME.pdf, or output/GAME.letter.pdf, GAME.fold.pdf ... on another
    paper or duplex mode, so one never replaces another]. GAME is a game folder or a shipped game's name."""
    from .. import pipeline  # lazy: +28 ms to import (benchmarks/imports.py)
    from ..pipeline import output_name  # lazy: +59 ms to import (benchmarks/imports.py)
    opts = options.build_options(paper, duplex, offset, bleed, gutter, drop_backs, without, no_instructions,
                                 calibration, lang, strict)
    deck = pipeline.load(game, without, lang=lang, strict=strict)
    whole = deck
    if only:
        deck = _partial(deck, only)
    else:
        options.check_complete(deck, force, "build")
    pages = pipeline.pages(deck, opts)
    drawn = _drawn(pages)
    warnings = options.safe_zone_warnings(deck, drawn) + options.resolution_warnings(deck, drawn) + \
        options.svg_warnings(deck, drawn) + options.contrast_warnings(deck, pages)
    out = Path(output) if output else \
        Path("output") / f"{output_name(deck.id + ('-partial' if only else ''), paper, duplex)}.pdf"
    wrote = f"wrote {out}" if pipeline.write_pdf(deck, pages, out) else f"{out} is up to date"
    for line in warnings:           # after the PDF is written: an error stays the only line
        click.echo(line, err=True)
    sheets = sum(1 for p in pages if p.kind in ("front", "fold"))
    if only:
        click.echo(f"{wrote}: partial build, {len(deck.cards)} of {len(whole.cards)} cards "
                   f"({deck.card_count()} with copies), {len(pages)} pages, {sheets} card sheets; "
                   "no rule pages; the component check was not run")
    else:
        click.echo(f"{wrote}: {len(pages)} pages, {sheets} card sheets, {deck.card_count()} cards")


def _partial(deck, only):
    """The chosen cards, marked so that the print leaf says at its top that this is not the whole game."""
    from ..deck.select import only as select  # lazy: +22 ms to import (benchmarks/imports.py)
    _ = words(deck.language)
    part = select(deck, only)
    names = ", ".join(f"#{c.index + 1} {c.name}" for c in part.cards[:12])
    more = _(" and {n} more", n=len(part.cards) - 12) if len(part.cards) > 12 else ""
    note = _("A proof print of {n} of the {total} distinct cards ({names}; {copies} with copies), chosen with "
             "--only by their numbers as pnp proof shows them; no rule pages. This is not the whole game: build "
             "without --only to print it.", n=len(part.cards), total=len(deck.cards), names=names + more,
             copies=part.card_count())
    return part._replace(extra={**part.extra, "partial": note})


def _drawn(pages):
    """(who, face) for every card face placed on the pages, in print order."""
    return [(f"card '{pl.card.name}' ({'back' if p.kind == 'back' else 'face'})", pl.face)
            for p in pages if p.kind in ("front", "back", "fold") for pl in p.placements if pl.card is not None]
