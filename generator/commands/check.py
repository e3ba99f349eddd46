"""pnp check GAME: the deck against its game's component list, and (without --lang) every language the deck
names laid out in its own fonts.
Not here: the rules engine (check/)."""
from __future__ import annotations

import click

from . import options
from ..errors import Collector, IncompleteDeck


@click.command("check")
@click.argument("game")
@click.option("--players", type=click.IntRange(1, 100), metavar="N",
              help="Check for a game of N players (and that no part it needs is left out).")
@click.option("--without", "without", multiple=True, metavar="PART",
              help="Leave out an optional part, as `pnp build --without PART` would. Repeat for more.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False),
              default="text", show_default=True,
              help="The report as text, or as JSON for tools.")
@click.option("--verbose", is_flag=True,
              help="List every text a translation lacks, not one line a file with their count.")
@options.language
def command(game, players, without, fmt, lang, strict, verbose):
    """Check GAME's cards against its component list (components.yaml in the game folder).

    Exit status: 0 complete, 1 incomplete, 2 bad input.
    """
    from .. import pipeline  # lazy: +143 ms to import (benchmarks/imports.py)
    from ..check import check_deck, report_json, report_text  # lazy: +40 ms to import (benchmarks/imports.py)
    deck = pipeline.load(game, without, faces=True, lang=lang, strict=strict,   # refused as pnp build refuses it
                         every=verbose)
    if lang is None and len(deck.languages) > 1:
        _translations(game, without, deck, strict, verbose)
    result = check_deck(deck, players)
    click.echo(report_json(result) if fmt == "json" else report_text(result))
    if not result.ok:
        raise IncompleteDeck(f"pnp: {deck.id} is incomplete: {result.faults} "
                             f"fault{'s' if result.faults != 1 else ''}")


def _translations(game, without, deck, strict, verbose=False) -> None:
    """Without --lang, every translation the deck names laid out too, in its own fonts, as `pnp build --lang`
    would: a glyph its font lacks, text that overflows in German, a missing translation (a warning, an error
    with --strict), every language's mistakes reported at once."""
    from .. import pipeline  # lazy: +143 ms to import (benchmarks/imports.py)
    found = Collector()
    for code in list(deck.languages)[1:]:
        with found.each():
            pipeline.load(game, without, faces=True, lang=code, strict=strict, every=verbose)
    from ..deck.languages import in_language  # lazy: +64 ms to import (benchmarks/imports.py)
    in_language(deck, None)             # the deck's fonts back in its source language
    found.done()
