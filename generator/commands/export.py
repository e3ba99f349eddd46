"""pnp export GAME: Game Crafter upload images and their manifest."""
from __future__ import annotations

import sys
from pathlib import Path

import click

PROGRESS_MIN = 40     # a progress bar only for jobs this big, and only on a terminal


@click.command("export")
@click.argument("game")
@click.option("--without", "without", multiple=True, metavar="PART",
              help="Leave out an optional part (e.g. five-six). Repeat for more.")
@click.option("-o", "--output", type=click.Path(file_okay=False),
              help="The folder to write [default: output/GAME/gamecrafter].")
@click.option("-j", "--jobs", type=click.IntRange(1, 512), help="Processes to draw with [default: all cores].")
@click.option("--force", is_flag=True, help="Redraw every image, even those unchanged since the last export.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary; warnings still show.")
def command(game, without, output, jobs, force, quiet):
    """Write Game Crafter upload images for GAME: one PNG per distinct card face and back at the
    product's exact pixel size (300 DPI, 1/8 in bleed), and manifest.csv with the quantities."""
    from .. import pipeline
    from ..export import export
    deck = pipeline.load(game, without)
    out = Path(output) if output else Path("output") / deck.id / "gamecrafter"
    bars = []

    def progress(total):
        if quiet or total <= PROGRESS_MIN or not sys.stderr.isatty():
            return None
        bars.append(click.progressbar(length=total, label="drawing", file=sys.stderr))
        return bars[0].__enter__().update

    try:
        report = export(deck, out, jobs=jobs, force=force, progress=progress)
    finally:
        for bar in bars:
            bar.__exit__(None, None, None)
    for line in report.warnings:
        click.echo(f"pnp: warning: {line}", err=True)
    if quiet:
        return
    p = report.plan
    faces, backs = p.faces, p.backs
    click.echo(f"wrote {out}: {len(p.images)} images ({_n(len(faces), 'face')}, {_n(len(backs), 'back')}) for "
               f"{_n(deck.card_count(), 'card')}; {len(report.drawn)} drawn, {len(report.kept)} unchanged"
               + (f", {len(report.removed)} removed" if report.removed else "")
               + f"; {report.manifest.name} lists quantities")
    custom = [i for i in p.images if not i.target.is_product]
    if custom:
        names = ", ".join(i.file for i in custom[:5]) + (" ..." if len(custom) > 5 else "")
        click.echo(f"not a Game Crafter card, exported at its own size (see the note column): "
                   f"{_n(len(custom), 'image')}: {names}")


def _n(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
