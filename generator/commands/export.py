"""pnp export GAME: upload images for The Game Crafter (the default) or MakePlayingCards (--to mpc), a
print shop's PDF (--to pdf), or Tabletop Simulator deck sheets, tiles and a saved object (--to tts).

Not here: the exports themselves (export/)."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from . import options

PROGRESS_MIN = 40     # a progress bar only for jobs this big, and only on a terminal
TARGETS = ("gamecrafter", "mpc", "pdf", "tts")
SHOP_NAMES = {"gamecrafter": "The Game Crafter", "mpc": "MakePlayingCards", "pdf": "a print shop",
              "tts": "Tabletop Simulator"}
ORDERS = ("paired", "fronts-first")


class _Choice(click.Choice):
    """click's Choice, naming the nearest choice when the value is none of them ('mcp': did you mean 'mpc'?)."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            from ..errors import suggest
            hint = suggest(str(value).lower(), self.choices)
            if hint:
                exc.message = f"{exc.message.rstrip('.')}; {hint}"
            raise


def _bleed(ctx, param, value):
    if value is None:
        return None
    if not math.isfinite(value) or not 0 <= value <= 10:
        raise click.BadParameter(f"expected millimetres from 0 to 10, found {value}")
    from ..units import from_mm
    return from_mm(value)


@click.command("export")
@click.argument("game")
@click.option("--to", "to", type=_Choice(TARGETS, case_sensitive=False), default="gamecrafter", show_default=True,
              help="gamecrafter: upload images and manifest.csv for The Game Crafter. mpc: the same for "
                   "MakePlayingCards. pdf: a print shop's PDF, one face a page with its trim and bleed boxes. "
                   "tts: deck sheets, tiles and a saved object for Tabletop Simulator.")
@click.option("--without", "without", multiple=True, metavar="PART",
              help="Leave out an optional part (e.g. five-six). Repeat for more.")
@click.option("-o", "--output", type=click.Path(file_okay=False),
              help="The folder to write [default: output/GAME/TARGET, e.g. output/GAME/gamecrafter].")
@click.option("-j", "--jobs", type=click.IntRange(1, 512),
              help="With --to gamecrafter or mpc: processes to draw images with [default: all cores].")
@options.force
@click.option("--redraw", is_flag=True, help="Draw every image again, even those up to date.")
@click.option("--clean", is_flag=True, help="Remove files in the output folder that this export did not write "
                                            "(they are reported either way).")
@click.option("--base-url", metavar="URL", callback=options.parse_base_url, help="With --to tts: the web address the images will be hosted under, "
                                              "one folder for all of them [default: their local paths].")
@click.option("--order", type=_Choice(ORDERS, case_sensitive=False), default=None,
              help="With --to pdf: paired (each front followed by its back, the default) or fronts-first (all "
                   "fronts, then all backs in the same order).")
@click.option("--bleed", type=float, metavar="MM", callback=_bleed,
              help="With --to pdf: the bleed a side, in millimetres [default: 3.175, 1/8 in].")
@options.quiet
@options.language
def command(game, to, without, output, jobs, force, redraw, clean, base_url, order, bleed, quiet, lang, strict):
    """Export GAME for a print shop or an online table.

    gamecrafter (the default) and mpc: one PNG per distinct card face and back at The Game Crafter's or
    MakePlayingCards' exact pixel size for the product (300 DPI, their bleed), and manifest.csv with the
    quantities and the product each piece is ordered as (or the nearest, and what differs).

    pdf: a PDF for each size of piece, one face a page at its trim size plus bleed, with TrimBox and
    BleedBox set, fronts and backs paired (or --order fronts-first), and manifest.csv.

    tts: deck sheets (at most 10 x 7 cards, 4096 px) for the cards of each size, tile images for
    round and large pieces, and GAME's saved object (TITLE.json) naming them, with every card by name
    and count: copy it into Tabletop Simulator's Saves/Saved Objects folder."""
    from .. import pipeline
    to = to.lower()
    for value, name, targets in ((base_url, "--base-url", ("tts",)), (order, "--order", ("pdf",)),
                                 (bleed, "--bleed", ("pdf",)), (jobs, "--jobs", ("gamecrafter", "mpc"))):
        if value is not None and to not in targets:
            raise click.UsageError(f"{name} is for --to {' or '.join(targets)}")
    deck = pipeline.load(game, without, faces=True, lang=lang, strict=strict)   # every card laid out first
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
        elif to == "pdf":
            from ..export.printpdf import export_pdf
            report = export_pdf(deck, out, bleed=bleed, order=(order or "paired").lower(), clean=clean)
        else:
            from ..export.uploads import export
            report = export(deck, out, jobs=jobs, redraw=redraw, clean=clean, progress=progress, shop_id=to)
    finally:
        for bar in bars:
            bar.__exit__(None, None, None)
    from ..layout.safezone import grouped
    for line in grouped(report.warnings):   # a picture under the shop's resolution is a note (export/worker.py)
        click.echo(f"pnp: {line}" if line.startswith("note: ") else f"pnp: warning: {line}", err=True)
    stray_warning(report)
    if quiet:
        return
    if to == "tts":
        _tts_summary(deck, report)
    elif to == "pdf":
        _pdf_summary(deck, report)
    else:
        _upload_summary(deck, report, SHOP_NAMES[to])


def _upload_summary(deck, report, shop: str) -> None:
    p = report.plan
    faces, backs = p.faces, p.backs
    click.echo(f"wrote {report.out} for {shop}: {len(p.images)} images ({_n(len(faces), 'face')}, "
               f"{_n(len(backs), 'back')}) for {_n(deck.card_count(), 'card')}; {len(report.drawn)} drawn, "
               f"{len(report.kept)} unchanged" + (f", {len(report.removed)} removed" if report.removed else "")
               + f"; {report.manifest.name} lists quantities and products")
    nearest = [i for i in p.images if not i.target.is_product]
    if nearest:
        pairs = []
        for i in nearest:
            pair = f"{_component(deck, i)} -> {i.target.name}"
            if pair not in pairs:
                pairs.append(pair)
        from ..export.shops import shop as shop_data
        term = shop_data(report.shop).data.get("term", f"{shop} product")
        click.echo(f"no exact {term} for {_n(len(nearest), 'image')}; the nearest, and what differs, "
                   f"in the note column: {'; '.join(pairs)}")


def _pdf_summary(deck, report) -> None:
    docs = [f"{d.file} ({_n(len(d.pages), 'page')})" for d in report.documents]
    mm = f"{report.bleed * 25.4 / 72:.3f}".rstrip("0").rstrip(".")
    click.echo(f"wrote {report.out} for a print shop: {_n(len(docs), 'PDF')} ({'; '.join(docs)}) for "
               f"{_n(deck.card_count(), 'card')}, one face a page with {mm} mm bleed, trim and bleed boxes set, "
               f"fronts and backs {report.order}; "
               f"{len(report.written)} written, {len(report.kept)} unchanged"
               + (f", {len(report.removed)} removed" if report.removed else "")
               + f"; {report.manifest.name} lists quantities and pages")


def _tts_summary(deck, report) -> None:
    lay = report.layout
    sheets = len(lay.sheets) + sum(1 for s in lay.sheets if s.unique_back)
    backs = {o.file for o in lay.backs}
    tiles = {o.file for o in lay.tiles} - backs
    click.echo(f"wrote {report.out} for Tabletop Simulator: {_n(sheets, 'deck sheet')}, "
               f"{_n(len(backs), 'card back')}, {_n(len(tiles), 'tile image')} for "
               f"{_n(deck.card_count(), 'piece')}; {len(report.drawn)} drawn, {len(report.kept)} unchanged"
               + (f", {len(report.removed)} removed" if report.removed else ""))
    decks = [f"{name} x{count}" for kind, name, count in report.objects if kind in ("deck", "card")]
    tiles = [f"{name} x{count}" for kind, name, count in report.objects if kind in ("bag", "tile")]
    click.echo(f"{report.saved.name}: {_n(len(decks), 'deck')} ({'; '.join(decks) or 'none'})"
               + (f", {_n(len(tiles), 'set')} of tiles ({'; '.join(tiles)})" if tiles else ""))
    click.echo(f"to play: copy {report.saved.name} into Tabletop Simulator's Saved Objects folder "
               f"(Documents/My Games/Tabletop Simulator/Saves/Saved Objects) and load it from "
               f"Objects > Saved Objects; to play online, see docs/export.md (Modding > Cloud Manager)")


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
