"""pnp build GAME: the printable PDF."""
from __future__ import annotations

from pathlib import Path

import click

from . import options


@click.command("build")
@click.argument("game")
@options.paper
@options.duplex
@options.offset
@options.bleed
@click.option("--without", "without", multiple=True, metavar="PART",
              help="Leave out an optional part (e.g. five-six). Repeat for more.")
@click.option("--no-instructions", is_flag=True, help="Leave out the print-instructions leaf.")
@options.force
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Where to write the PDF "
              "[default: output/GAME.pdf].")
def command(game, paper, duplex, offset, bleed, without, no_instructions, force, output):
    """Build GAME's printable PDF. GAME is a name under decks/ or a deck folder's path."""
    from .. import pipeline
    from ..render.pdf import render_pdf
    deck = pipeline.load(game, without)
    options.check_complete(deck, force, "build")
    opts = pipeline.BuildOptions(paper, duplex, offset, bleed, tuple(without), not no_instructions)
    pages = pipeline.pages(deck, opts)
    warnings = options.safe_zone_warnings(deck, _drawn(pages))
    out = Path(output) if output else Path("output") / f"{deck.id}.pdf"
    render_pdf(pages, out, deck.game.title, deck.game.designer, f"{deck.game.title}: print and play cards")
    for line in warnings:           # after the PDF is written: an error stays the only line
        click.echo(line, err=True)
    sheets = sum(1 for p in pages if p.kind == "front")
    click.echo(f"wrote {out}: {len(pages)} pages, {sheets} card sheets, {deck.card_count()} cards")


def _drawn(pages):
    """(who, face) for every card face placed on the pages, in print order."""
    return [(f"card '{pl.card.name}' ({'back' if p.kind == 'back' else 'face'})", pl.face)
            for p in pages if p.kind in ("front", "back") for pl in p.placements if pl.card is not None]
