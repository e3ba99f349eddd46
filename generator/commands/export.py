"""pnp export GAME: Game Crafter upload images and their manifest, or (--to tts) Tabletop Simulator deck
sheets, tiles and a saved object."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from . import options

PROGRESS_MIN = 40     # a progress bar only for jobs this big, and only on a terminal


@click.command("export")
@click.argument("game")
@click.option("--to", "to", type=click.Choice(["gamecrafter", "tts"]), default="gamecrafter", show_default=True,
              help="gamecrafter: upload images and manifest.csv for The Game Crafter. tts: deck sheets, tiles "
                   "and a saved object for Tabletop Simulator.")
@click.option("--without", "without", multiple=True, metavar="PART",
              help="Leave out an optional part (e.g. five-six). Repeat for more.")
@click.option("-o", "--output", type=click.Path(file_okay=False),
              help="The folder to write [default: output/GAME/gamecrafter or output/GAME/tts].")
@click.option("-j", "--jobs", type=click.IntRange(1, 512),
              help="Processes to draw Game Crafter images with [default: all cores].")
@options.force
@click.option("--redraw", is_flag=True, help="Draw every image again, even those up to date.")
@click.option("--clean", is_flag=True, help="Remove files in the output folder that this export did not write "
                                            "(they are reported either way).")
@click.option("--base-url", metavar="URL", help="With --to tts: the web address the images will be hosted under "
                                              "[default: their local file URLs].")
@options.quiet
def command(game, to, without, output, jobs, force, redraw, clean, base_url, quiet):
    """Export GAME for The Game Crafter (the default) or Tabletop Simulator (--to tts).

    gamecrafter: one PNG per distinct card face and back at the product's exact pixel size (300 DPI,
    1/8 in bleed), and manifest.csv with the quantities and the product each piece is ordered as
    (or the nearest, and what differs).

    tts: deck sheets (at most 10 x 7 cards, 4096 px) for the cards of each size, tile images for
    round and large pieces, and GAME's saved object (TITLE.json) naming them, with every card by name
    and count: copy it into Tabletop Simulator's Saves/Saved Objects folder."""
    from .. import pipeline
    if base_url is not None and to != "tts":
        raise click.UsageError("--base-url is for --to tts")
    if base_url is not None and not base_url.strip():
        raise click.BadParameter("expected a web address such as https://example.org/my-game",
                                 param_hint="'--base-url'")
    deck = pipeline.load(game, without)
    options.check_complete(deck, force, "export")
    out = Path(output) if output else Path("output") / deck.id / to
    bars = []

    def progress(total):
        if quiet or total <= PROGRESS_MIN or not sys.stderr.isatty():
            return None
        bars.append(click.progressbar(length=total, label="drawing", file=sys.stderr))
        return bars[0].__enter__().update

    try:
        if to == "tts":
            from ..export.tts import export_tts
            report = export_tts(deck, out, base_url, redraw=redraw, clean=clean, progress=progress)
        else:
            from ..export import export
            report = export(deck, out, jobs=jobs, redraw=redraw, clean=clean, progress=progress)
    finally:
        for bar in bars:
            bar.__exit__(None, None, None)
    for line in report.warnings:
        click.echo(f"pnp: warning: {line}", err=True)
    stray_warning(report)
    if quiet:
        return
    if to == "tts":
        _tts_summary(deck, report)
        return
    p = report.plan
    faces, backs = p.faces, p.backs
    click.echo(f"wrote {out}: {len(p.images)} images ({_n(len(faces), 'face')}, {_n(len(backs), 'back')}) for "
               f"{_n(deck.card_count(), 'card')}; {len(report.drawn)} drawn, {len(report.kept)} unchanged"
               + (f", {len(report.removed)} removed" if report.removed else "")
               + f"; {report.manifest.name} lists quantities and products")
    nearest = [i for i in p.images if not i.target.is_product]
    if nearest:
        pairs = []
        for i in nearest:
            pair = f"{_component(deck, i)} -> {i.target.name}"
            if pair not in pairs:
                pairs.append(pair)
        click.echo(f"no exact Game Crafter product for {_n(len(nearest), 'image')}; the nearest, and what differs, "
                   f"in the note column: {'; '.join(pairs)}")


def _tts_summary(deck, report) -> None:
    lay = report.layout
    sheets = len(lay.sheets) + sum(1 for s in lay.sheets if s.unique_back)
    click.echo(f"wrote {report.out}: {_n(sheets, 'deck sheet')}, {_n(len(lay.backs), 'card back')}, "
               f"{_n(len(lay.tiles), 'tile image')} for {_n(deck.card_count(), 'piece')}; "
               f"{len(report.drawn)} drawn, {len(report.kept)} unchanged"
               + (f", {len(report.removed)} removed" if report.removed else ""))
    decks = [f"{name} x{count}" for kind, name, count in report.objects if kind in ("deck", "card")]
    tiles = [f"{name} x{count}" for kind, name, count in report.objects if kind in ("bag", "tile")]
    click.echo(f"{report.saved.name}: {_n(len(decks), 'deck')} ({'; '.join(decks) or 'none'})"
               + (f", {_n(len(tiles), 'set')} of tiles ({'; '.join(tiles)})" if tiles else ""))
    click.echo(f"to play: copy {report.saved.name} into Tabletop Simulator's Saved Objects folder "
               f"(Documents/My Games/Tabletop Simulator/Saves/Saved Objects) and load it from "
               f"Objects > Saved Objects")


def _component(deck, image) -> str:
    return deck.kinds[image.first[1].kind].title


def stray_warning(report) -> None:
    if report.cleaned:
        click.echo(f"pnp: removed {_n(len(report.cleaned), 'stray file')} from {report.out} (--clean): "
                   f"{_list(report.cleaned)}", err=True)
    if report.stray:
        what = "--clean removes files, not folders" if report.cleaned else "--clean removes them"
        click.echo(f"pnp: warning: {_n(len(report.stray), 'stray file')} in {report.out} that this export "
                   f"did not write: {_list(report.stray)} ({what})", err=True)


def _list(names, most: int = 8) -> str:
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def _n(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
