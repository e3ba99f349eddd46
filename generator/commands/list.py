"""pnp list: the games that ship with pnp, and the game folders in the current directory.
Not here: where games are found (deck/games.py)."""
from __future__ import annotations

import click
from ..errors import PnpError


@click.command("list")
def command():
    """List the shipped games, and the game folders here, with their card counts.

    The first column is what to give other commands as GAME: a shipped game's name, or ./FOLDER."""
    from .. import DECKS, pipeline  # lazy: +135 ms to import (benchmarks/imports.py)
    from ..deck import known_games, local_games  # lazy: +29 ms to import (benchmarks/imports.py)
    rows = [(name, DECKS / name) for name in known_games()] + [(f"./{name}", name) for name in local_games()]
    for label, where in rows:
        try:                # read as pnp build reads it: a deck it refuses is named with its first mistake
            deck = pipeline.load(str(where), quiet=True)
        except PnpError as exc:
            click.echo(f"{label:20} (does not load: {exc})")
            continue
        parts = ", ".join(f"{p.title} {deck.card_count([p.id])}" for p in deck.parts.values()
                          if deck.card_count([p.id]))
        click.echo(f"{label:20} {deck.game.title:22} {deck.card_count():4} cards  ({parts})")
