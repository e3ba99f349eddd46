"""pnp proof GAME: the proofreading report, its checks and a contact sheet.
Not here: the proof's checks and documents (proof/)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from . import options
from ..errors import PnpError, PnpErrors


@click.command("proof")
@click.argument("game")
@click.option("--since", "since_ref", metavar="REF",
              help="Also list only the cards whose text changed since REF: a git revision (HEAD~1, a tag) "
                   "or an earlier proof (its proof.json or folder). Written to changes.html and changes.md.")
@click.option("-o", "--output", type=click.Path(file_okay=False), callback=options.parse_folder_path,
              help="Folder for the proof [default: output/GAME/proof].")
@options.quiet
@options.language
def command(game, since_ref, output, quiet, lang, strict):
    """Write GAME's proof: every card's text in print order (proof.html, proof.md, proof.json), every
    face at 200 dpi (faces/, front beside back in proof.html), the print leaf and rule pages (pages/),
    every inferred fact and correction, the words accepted through words.txt, and contact.png. Checks
    spelling (the language's dictionary and the deck's words.txt, or words.LANG.txt with --lang: one
    finding per word, naming every card and page printing it), repeated words, unbalanced ** and *, text that does not fit or has no glyph
    (errors), text shrunk to fit and text reaching into its safe zone (warnings), on the cards, the
    leaf and the rule pages. Exit status 1 when there are errors."""
    from .. import pipeline  # lazy: +116 ms to import (benchmarks/imports.py)
    from ..proof import proof_deck  # lazy: +189 ms to import (benchmarks/imports.py)
    try:
        deck = pipeline.load(game, lang=lang, strict=strict)
    except PnpErrors as exc:
        _spelled_despite(exc)
        raise
    out = Path(output) if output else Path("output") / deck.id / "proof"
    result = proof_deck(deck, out, since_ref)
    pipeline.save_books(deck, whole=False)          # what it shaped and typeset, for the next run
    for issue in result.issues:
        click.echo(issue.line(), err=True)          # findings, as a compiler's: on stderr; the summary on stdout
    if quiet:
        if not result.ok:
            sys.exit(1)
        return
    if result.since is not None:
        s = result.since
        c = s.counts()
        click.echo(f"since {s.label}: {c['changed']} changed, {c['added']} added, {c['removed']} removed")
        for ch in s.changes:
            what = f" ({'; '.join(ch.what)})" if ch.what else ""
            click.echo(f"  {ch.status:8} {ch.name}{what}")
    c = result.counts()
    f = result.faces
    click.echo(f"wrote {out}/: {', '.join(result.files)}: {len(deck.cards)} cards, {f['total']} faces "
               f"({f['distinct']} distinct{', ' + str(f['failed']) + ' not laid out' if f['failed'] else ''}); "
               f"{c['error']} error{'s' if c['error'] != 1 else ''}, "
               f"{c['warning']} warning{'s' if c['warning'] != 1 else ''}")
    if not result.ok:
        sys.exit(1)         # errors found: status 1 (a deck that does not load is a PnpError: status 2)


def _spelled_despite(exc) -> None:
    """A deck whose mistakes are all in single cards (bad cells, a region at fault): its mistakes, then the words
    its cards and rules print that the dictionary and the words file lack, as pnp build warns of them; exit 2,
    nothing written. A proof shows both, where it refused to run until the deck built."""
    deck = getattr(exc, "deck", None)
    if deck is None:
        return
    from ..proof.spelled import spelling_lines  # lazy: +5 ms to import (benchmarks/imports.py)
    try:
        spelled = spelling_lines(deck)
    except PnpError:
        return
    if not spelled:
        return
    for line in exc.lines():
        click.echo(f"pnp: error: {line}", err=True)
    for line in spelled:
        click.echo(f"pnp: warning: {line}", err=True)
    sys.exit(2)
