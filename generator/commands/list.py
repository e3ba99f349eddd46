"""pnp list: the games under decks/, with their card counts."""
from __future__ import annotations

import click


@click.command("list")
def command():
    """List the games under decks/ with their card counts."""
    from ..deck import known_games, load_deck
    for name in known_games():
        deck = load_deck(name)
        parts = ", ".join(f"{p.title} {deck.card_count([p.id])}" for p in deck.parts.values()
                          if deck.card_count([p.id]))
        click.echo(f"{name:20} {deck.game.title:22} {deck.card_count():4} cards  ({parts})")
