"""pnp build GAME: the printable PDF.
Not here: the pipeline's stages (pipeline.py and the stage packages), the options other commands share (options.py)."""
from __future__ import annotations

from pathlib import Path

import click

from . import options
from ..errors import PnpError
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
    warnings = options.face_warnings(deck, drawn) + options.contrast_warnings(deck, pages) + \
        [f"pnp: warning: {line}" for line in _spelling(deck)]
    out = Path(output) if output else \
        Path("output") / f"{output_name(deck.id + ('-partial' if only else ''), paper, duplex)}.pdf"
    wrote = f"wrote {out}" if pipeline.write_pdf(deck, pages, out) else f"{out} is up to date"
    for line in warnings:           # after the PDF is written: an error stays the only line
        click.echo(line, err=True)
    sheets = _n(sum(1 for p in pages if p.kind in ("front", "fold")), "card sheet")
    if only:
        click.echo(f"{wrote}: partial build, {len(deck.cards)} of {_n(len(whole.cards), 'card')} "
                   f"({deck.card_count()} with copies), {_n(len(pages), 'page')}, {sheets}; "
                   "no rule pages; the component check was not run")
    else:
        click.echo(f"{wrote}: {_n(len(pages), 'page')}, {sheets}, {_n(deck.card_count(), 'card')}")


def _n(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


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


def _spelling(deck) -> list[str]:
    """The words of its cards and rules the deck's dictionary and words file lack (proof/spelled.py): remembered
    between builds from the same words (layout/store.py), so a rebuild loads no dictionary."""
    import hashlib  # lazy: +0.3 ms to import; only here
    from ..layout.store import remembered  # lazy: +7 ms to import (benchmarks/imports.py)

    def spelled() -> list[str]:
        from ..proof.spelled import spelling_lines  # lazy: +5 ms to import, and the dictionary: only when the words changed
        return spelling_lines(deck)
    said = hashlib.blake2b(digest_size=16)
    for card in deck.cards:
        said.update(repr((card.id, sorted((k, v) for k, v in card.fields.items() if isinstance(v, str)))).encode())
    said.update(repr((deck.language, sorted(deck.extra.get("untranslated", ())))).encode())
    if isinstance(deck.rules, dict):
        from ..printout.rules import rule_text  # lazy: +12 ms to import (benchmarks/imports.py)
        try:
            said.update(rule_text(deck)[0].encode())
        except PnpError:
            pass
    for name in ("words.txt", f"words.{deck.language}.txt"):
        path = deck.folder / name if deck.folder is not None else None
        if path is not None and path.is_file():
            said.update(name.encode() + path.read_bytes())
    return remembered(f"{deck.id}-spelling", deck, {"words": said.hexdigest()}, spelled, what="lines")


def _drawn(pages):
    """(who, face) for every card face placed on the pages, in print order."""
    return [(f"card '{pl.card.name}' ({'back' if p.kind == 'back' else 'face'})", pl.face)
            for p in pages if p.kind in ("front", "back", "fold") for pl in p.placements if pl.card is not None]
