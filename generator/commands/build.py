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
@options.gutter
@options.drop_backs
@click.option("--without", "without", multiple=True, metavar="PART",
              help="Leave out an optional part (e.g. five-six). Repeat for more.")
@click.option("--no-instructions", is_flag=True, help="Leave out the print-instructions leaf.")
@click.option("--force", is_flag=True, help="Build even if the component check finds the deck incomplete.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Where to write the PDF "
              "[default: output/GAME.pdf].")
def command(game, paper, duplex, offset, bleed, gutter, drop_backs, without, no_instructions, force, output):
    """Build GAME's printable PDF. GAME is a name under decks/ or a deck folder's path."""
    from .. import pipeline
    from ..render.pdf import render_pdf
    deck = pipeline.load(game, without)
    _check(deck, force)
    if drop_backs and duplex != "none":
        raise click.UsageError("--drop-backs goes with --duplex none")
    opts = pipeline.BuildOptions(paper, duplex, offset, bleed, tuple(without), not no_instructions, gutter,
                                 drop_backs)
    pages = pipeline.pages(deck, opts)
    out = Path(output) if output else Path("output") / f"{deck.id}.pdf"
    render_pdf(pages, out, deck.game.title, deck.game.designer, f"{deck.game.title}: print and play cards")
    sheets = sum(1 for p in pages if p.kind in ("front", "fold"))
    click.echo(f"wrote {out}: {len(pages)} pages, {sheets} card sheets, {deck.card_count()} cards")


def _check(deck, force):
    """Refuse an incomplete deck unless --force (the check stage, when present)."""
    try:
        from ..check import check_deck, report_text
    except ImportError:
        return
    result = check_deck(deck)
    if not result.ok:
        from ..errors import IncompleteDeck
        if force:
            click.echo(report_text(result), err=True)
            click.echo("pnp: building anyway (--force)", err=True)
        else:
            raise IncompleteDeck(report_text(result) + "\npnp: the deck is incomplete; not built (use --force to build anyway)")
