"""pnp cards GAME -o FILE.csv|FILE.xlsx: a deck's cards as a table, to move them into a spreadsheet; with
--lang LANG, a translator's sheet for that language (deck/translations.py).
Not here: reading the deck (deck/), writing the table (deck/table.py)."""
from __future__ import annotations

import click
from pathlib import Path
from ..errors import PnpError


@click.command("cards")
@click.argument("game")
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the table to FILE.csv or FILE.xlsx [default: CSV on standard output].")
@click.option("--lang", "lang", metavar="LANG",
              help="Write a translator's sheet for LANG instead: each card's texts beside a column to translate "
                   "them into LANG (filled where the deck has it); named in deck.yaml (languages: {LANG: {file: "
                   "FILE}}), it is read back.")
def command(game, output, lang):
    """Write GAME's cards as a table: one row for each distinct card, a column for each field (and kind,
    copies, template, back ... where a card sets them). An empty cell is the field's default.

    Named in deck.yaml as the deck's cards (cards: {file: cards.xlsx}), the table builds the same PDF."""

    from .. import pipeline  # lazy: +147 ms to import (benchmarks/imports.py)
    from ..deck.table import csv_bytes, table, xlsx_bytes  # lazy: +123 ms to import (benchmarks/imports.py)
    from ..files.output import write_atomic  # lazy: +11 ms to import (benchmarks/imports.py)
    suffix = Path(output).suffix.lower() if output else ".csv"
    if suffix not in (".csv", ".xlsx"):
        raise PnpError(f"cannot write '{output}': pnp cards writes a .csv or .xlsx file",
                       hint="name the output cards.csv or cards.xlsx")
    deck, raw = pipeline.read(game, faces=True)      # a deck pnp build refuses is refused, in the same words
    if lang is not None:
        from ..deck.languages import named  # lazy: +175 ms to import (benchmarks/imports.py)
        from ..deck.translations import sheet  # lazy: +109 ms to import (benchmarks/imports.py)
        named(deck, lang)                       # a language the deck does not name is refused
        from ..layout.validate import template_words  # lazy: +287 ms to import (benchmarks/imports.py)
        headers, rows = sheet(deck, lang, template_words(deck))
    else:
        headers, rows = table(deck, raw)
    data = csv_bytes(headers, rows) if suffix == ".csv" else xlsx_bytes(headers, rows)
    if output is None:
        click.echo(data.decode("utf-8-sig"), nl=False)
        return
    write_atomic(Path(output), data)
    click.echo(f"wrote {output}: {len(rows)} rows ({deck.card_count()} cards), columns "
               f"{', '.join(headers)}")
