"""pnp watch GAME: build, then build again on every save, with a live preview in the browser.
Not here: the watching, rebuilding and serving (watch/)."""
from __future__ import annotations

from pathlib import Path

import click

from . import options


@click.command("watch")
@click.argument("game")
@options.printout
@options.pdf_output("Where to write the PDF "
              "[default: output/GAME.pdf, named as pnp build names it: output/GAME.letter.pdf on Letter ...].")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Serve the preview on http://127.0.0.1:PORT/ (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the preview in your web browser.")
@click.option("--json", "as_json", is_flag=True, help="Report each build as one line of JSON (for tools).")
@click.option("--reference", type=click.Path(exists=True, file_okay=False), metavar="FOLDER",
              help="Pictures to lay over a card in the layout view, to line its boxes up with (a scan, a sketch, "
                   "another tool's render): PNG, JPEG or WebP files named for the cards (by name, id or number).")
@options.language
def command(game, paper, duplex, offset, bleed, gutter, drop_backs, without, no_instructions, output, port,
            open_browser, as_json, reference, lang, strict):
    """Build GAME, then build it again each time you save a file it uses (deck.yaml, spreadsheets,
    templates, images, fonts, rules, words.txt, shared layouts), and show the sheets and every card with its
    proof findings at http://127.0.0.1:PORT/, updated after each build. A save that breaks the deck shows the
    mistake and keeps the last good PDF. The component check never stops a build here; an incomplete deck is
    reported. The page's layout view shows any card's regions and where each is written; a region dragged there
    is written back into its template. Ctrl-C stops."""
    from ..watch.loop import run  # lazy: +790 ms to import (benchmarks/imports.py)
    opts = options.build_options(paper, duplex, offset, bleed, gutter, drop_backs, without, no_instructions,
                                 language=lang, strict=strict)
    return run(game, opts, Path(output) if output else None, port, open_browser, as_json,
               Path(reference) if reference else None)
