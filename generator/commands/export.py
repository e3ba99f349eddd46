"""pnp export GAME: upload images for The Game Crafter (the default) or MakePlayingCards (--to mpc), a
print shop's PDF (--to pdf, in CMYK with --cmyk), DriveThruCards' PDF/X-1a (--to drivethrucards), every
face as a PNG at any resolution (--to png), a showcase picture of the cards (--to showcase), or Tabletop
Simulator deck sheets, tiles and a saved object (--to tts). The targets, what each writes and the options each
takes are one table, export/targets.py: a new shop is its data file and an entry there, nothing here.

Not here: the exports themselves (export/)."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from . import options
from ..units import from_mm
from ..errors import suggest
from ..export.targets import OPTIONS, TARGETS, takes

PROGRESS_MIN = 40     # a progress bar only for jobs this big, and only on a terminal
ORDERS = ("paired", "back-front", "fronts-first")
CONDITIONS = "fogra39, swop or gracol"      # layouts/colour/conditions.yaml, as --help names them (checked there)
ORDER_WORDS = {"paired": "each front followed by its back", "back-front": "each back followed by its front",
               "fronts-first": "every front, then every back"}
INK_MOST = 240          # percent: pnp's CMYK profile separates at most this much ink (layouts/colour/README.md)


class _Choice(click.Choice):
    """click's Choice, naming the nearest choice when the value is none of them ('mcp': did you mean 'mpc'?)."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            hint = suggest(str(value).lower(), self.choices)
            if hint:
                exc.message = f"{exc.message.rstrip('.')}; {hint}"
            raise


def _bleed(ctx, param, value):
    if value is None:
        return None
    if not math.isfinite(value) or not 0 <= value <= 10:
        raise click.BadParameter(f"expected millimetres from 0 to 10, found {value}")
    return from_mm(value)


def _ink_limit(ctx, param, value):
    if value is None:
        return None
    if not math.isfinite(value) or not 100 <= value <= INK_MOST:
        raise click.BadParameter(f"expected a percentage from 100 to {INK_MOST} (pnp's CMYK profile prints at "
                                 f"most {INK_MOST}% total ink), found {value:g}")
    return float(value)


def _condition(ctx, param, value):
    if value is None:
        return None
    from ..export.conditions import conditions  # lazy: +10 ms to import (benchmarks/imports.py)
    known = tuple(conditions())
    if value.lower() not in known:
        hint = suggest(value.lower(), known)
        raise click.BadParameter(f"{value!r} is not one of {', '.join(repr(k) for k in known)}"
                                 + (f"; {hint}" if hint else ""))
    return value.lower()


def _dpi(ctx, param, value):
    if value is not None and not 10 <= value <= 2400:
        raise click.BadParameter(f"expected dots per inch from 10 to 2400, found {value}")
    return value


@click.command("export")
@click.argument("game")
@click.option("--to", "to", type=_Choice(tuple(TARGETS), case_sensitive=False), default="gamecrafter",
              show_default=True, help=" ".join(f"{t.name}: {t.help}." for t in TARGETS.values()))
@click.option("--without", "without", multiple=True, metavar="PART",
              help="Leave out an optional part (e.g. five-six). Repeat for more.")
@click.option("-o", "--output", type=click.Path(file_okay=False), callback=options.parse_folder_path,
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
              help="With --to pdf: paired (each front followed by its back, the default), back-front (each "
                   "back followed by its front: DriveThruCards' order) or fronts-first (all fronts, then all "
                   "backs in the same order).")
@click.option("--bleed", type=float, metavar="MM", callback=_bleed,
              help="With --to pdf or png: the bleed a side, in millimetres [default: 3.175, 1/8 in, for pdf; "
                   "0 for png].")
@click.option("--cmyk", is_flag=True, help="With --to pdf: CMYK PDF/X-1a through pnp's FOGRA39 profile, "
                                           "at most --ink-limit total ink, nothing transparent.")
@click.option("--ink-limit", "ink_limit", type=float, metavar="PERCENT", callback=_ink_limit,
              help="With --to drivethrucards or --to pdf --cmyk: the most ink on any spot, percent "
                   f"[default: {INK_MOST}].")
@click.option("--condition", metavar="NAME", callback=_condition,
              help=f"With --to drivethrucards or --to pdf --cmyk: the printing condition the colours are separated "
                   f"for, {CONDITIONS} [default: the shop's: swop for DriveThruCards, fogra39 for --to pdf].")
@click.option("--dpi", type=int, metavar="N", callback=_dpi,
              help="With --to png or showcase: the resolution [default: 300 for png, 150 for showcase].")
@click.option("--hand", "hand", multiple=True, metavar="CARD",
              help="With --to showcase: a card to fan in the hand picture (a name or id, a number as pnp "
                   "proof shows it, or a range such as 5-12); repeat for more [default: the first card of "
                   "each kind, five at most].")
@options.quiet
@options.language
def command(game, to, without, output, jobs, force, redraw, clean, base_url, order, bleed, cmyk, ink_limit,
            condition, dpi, hand, quiet, lang, strict):
    """Export GAME for a print shop or an online table.

    gamecrafter (the default) and mpc: one PNG per distinct card face and back at The Game Crafter's or
    MakePlayingCards' exact pixel size for the product (300 DPI, their bleed), and manifest.csv with the
    quantities and the product each piece is ordered as (or the nearest, and what differs).

    pdf: a PDF for each size of piece, one face a page at its trim size plus bleed, with TrimBox and
    BleedBox set, fronts and backs paired (or --order back-front or fronts-first), and manifest.csv;
    with --cmyk, CMYK PDF/X-1a.

    drivethrucards: DriveThruCards' PDF/X-1a in CMYK (at most 240% ink), each card's back then its
    front, every card as often as it is printed, and manifest.csv.

    png: every distinct face and back as a PNG at --dpi (300) with --bleed (none), and manifest.csv.
    showcase: hand.png, a few cards fanned as in a hand (--hand), and showcase.png, every face in a grid.

    tts: deck sheets (at most 10 x 7 cards, 4096 px) for the cards of each size, tile images for
    round and large pieces, and GAME's saved object (TITLE.json) naming them, with every card by name
    and count: copy it into Tabletop Simulator's Saves/Saved Objects folder."""
    from .. import pipeline  # lazy: +28 ms to import (benchmarks/imports.py)
    to = to.lower()
    target = TARGETS[to]
    given = {"jobs": jobs, "base_url": base_url, "order": order, "bleed": bleed, "cmyk": cmyk or None,
             "ink_limit": ink_limit, "condition": condition, "dpi": dpi, "hand": hand or None}
    for name, value in given.items():
        if value is not None and name not in target.options:
            raise click.UsageError(f"{OPTIONS[name]} is for --to {' or '.join(takes(name))}")
    for name in ("ink_limit", "condition"):         # colour options, on a target whose colour --cmyk chooses
        if given[name] is not None and "cmyk" in target.options and not cmyk:
            where = [t if "cmyk" not in TARGETS[t].options else f"{t} --cmyk" for t in takes(name)]
            raise click.UsageError(f"{OPTIONS[name]} is for --to {' or --to '.join(sorted(where, key=lambda w: '--cmyk' in w))}")
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
        if target.kind == "tts":
            from ..export.tts import export_tts
            report = export_tts(deck, out, base_url, redraw=redraw, clean=clean, progress=progress)
        elif target.kind == "pdf":
            from ..export.printpdf import export_pdf
            report = export_pdf(deck, out, target.shop, bleed=bleed, order=order.lower() if order else None,
                                clean=clean, cmyk=cmyk or None, ink_limit=ink_limit, condition=condition)
        elif target.kind == "png":
            from ..export.pngs import export_png
            report = export_png(deck, out, dpi=dpi, bleed=bleed, clean=clean)
        elif target.kind == "showcase":
            from ..export.showcase import export_showcase
            report = export_showcase(deck, out, dpi=dpi, hand=hand, clean=clean)
        else:
            from ..export.uploads import export
            report = export(deck, out, jobs=jobs, redraw=redraw, clean=clean, progress=progress,
                            shop_id=target.shop)
    finally:
        for bar in bars:
            bar.__exit__(None, None, None)
    if to in ("png", "showcase", "tts"):        # what these do not measure themselves, measured as a build does
        report.warnings += drawn_warnings(deck, safe=to != "tts")
    pipeline.save_books(deck, whole=False)      # what it shaped and typeset, for the next run
    from ..layout.safezone import folded, grouped  # lazy: +454 ms to import (benchmarks/imports.py)
    for line in folded(grouped(report.warnings)):   # a picture under the shop's resolution is a note (export/worker.py)
        click.echo(f"pnp: {line}" if line.startswith("note: ") else f"pnp: warning: {line}", err=True)
    stray_warning(report)
    if quiet:
        return
    if target.kind == "tts":
        _tts_summary(deck, report)
    elif target.kind == "pdf":
        _pdf_summary(deck, report, _shop_name(target.shop))
    elif target.kind in ("png", "showcase"):
        click.echo(report.summary())
    else:
        _upload_summary(deck, report, _shop_name(target.shop))


def _shop_name(shop_id: str) -> str:
    from ..export.shops import shop  # lazy: +20 ms to import (benchmarks/imports.py)
    return shop(shop_id).name


def drawn_warnings(deck, safe: bool = True) -> list[str]:
    """The warnings pnp build gives of the faces the deck draws, worded as it words them (options.face_warnings):
    text in the template's safe zone (`safe`), pictures under 150 dpi, what an SVG picture leaves out."""
    from ..layout.deck import layout_deck  # lazy: +9 ms to import (benchmarks/imports.py)
    laid = layout_deck(deck)
    drawn = [(f"card '{lo.card.name}' (face)", lo.front) for lo in laid] + \
        [(f"card '{lo.card.name}' (back)", lo.back) for lo in laid if lo.back is not None]
    return [line.removeprefix("pnp: warning: ") for line in options.face_warnings(deck, drawn, safe)]


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
        from ..export.shops import shop as shop_data  # lazy: +20 ms to import (benchmarks/imports.py)
        term = shop_data(report.shop).data.get("term", f"{shop} product")
        click.echo(f"no exact {term} for {_n(len(nearest), 'image')}; the nearest, and what differs, "
                   f"in the note column: {'; '.join(pairs)}")


def _pdf_summary(deck, report, shop: str) -> None:
    docs = [f"{d.file} ({_n(len(d.pages), 'page')})" for d in report.documents]
    mm = f"{report.bleed * 25.4 / 72:.3f}".rstrip("0").rstrip(".")
    ink = report.ink
    colour = "" if ink is None else (f", CMYK PDF/X-1a at most {ink.limit:g}% ink for {ink.condition.key} "
                                     f"({ink.condition.identifier})")
    by_shape: dict = {}                 # what it prints, as the pieces are: cards, round chits, hex pieces
    for d in report.documents:
        what = "round chit" if d.shape == "circle" else "hex piece" if d.shape.startswith("hex") else "card"
        by_shape[what] = by_shape.get(what, 0) + sum(card.copies for pc in d.pieces for _, card in pc.cards)
    pieces = " and ".join(_n(n, what) for what, n in by_shape.items()) or _n(0, "card")
    left = sum(card.copies for d in report.left for pc in d.pieces for _, card in pc.cards)
    click.echo(f"wrote {report.out} for {shop}: {_n(len(docs), 'PDF')} ({'; '.join(docs)}) for "
               f"{pieces}" + (f" ({left} left out: {shop} does not print them)" if left else "")
               + f", one face a page with {mm} mm bleed, trim and bleed boxes set"
               f"{colour}, {ORDER_WORDS[report.order]}; "
               f"{len(report.written)} written, {len(report.kept)} unchanged"
               + (f", {len(report.removed)} removed" if report.removed else "")
               + f"; {report.manifest.name} lists quantities and pages")


def _tts_summary(deck, report) -> None:
    lay = report.layout
    written = set(lay.files)                # what it wrote, each image once: counted as what it is
    sheets = {s.faces.file for s in lay.sheets}
    back_sheets = {s.backs.file for s in lay.sheets if s.unique_back} - sheets
    tiles = {o.file for o in lay.tiles} - sheets - back_sheets
    backs = written - sheets - back_sheets - tiles      # the sheets' shared backs, and a blank one for no back
    said = _n(len(sheets), "deck sheet") + \
        (f" and {_n(len(back_sheets), 'sheet')} of their backs" if back_sheets else "")
    backless = _backless(deck)
    said += "".join(f", {_n(n, what)}" for n, what in ((len(backs), "card back"), (len(tiles), "tile image")) if n)
    click.echo(f"wrote {report.out} for Tabletop Simulator: {said} for {_n(deck.card_count(), 'piece')}"
               + (f", {backless} of them with no back (blank white on the table)" if backless else "")
               + f"; {len(report.drawn)} drawn, {len(report.kept)} unchanged"
               + (f", {len(report.removed)} removed" if report.removed else ""))
    decks = [f"{name} x{count}" for kind, name, count in report.objects if kind in ("deck", "card")]
    tiles = [f"{name} x{count}" for kind, name, count in report.objects if kind in ("bag", "tile")]
    click.echo(f"{report.saved.name}: {_n(len(decks), 'deck')} ({'; '.join(decks) or 'none'})"
               + (f", {_n(len(tiles), 'set')} of tiles ({'; '.join(tiles)})" if tiles else ""))
    click.echo(f"to play: copy {report.saved.name} into Tabletop Simulator's Saved Objects folder "
               f"(Documents/My Games/Tabletop Simulator/Saves/Saved Objects) and load it from "
               f"Objects > Saved Objects; to play online, see docs/export.md (Modding > Cloud Manager)")


def _backless(deck) -> int:
    """How many pieces (copies counted) have no back: Tabletop Simulator shows them a blank white one."""
    return sum(c.copies for c in deck.cards if c.back is None or not c.back.template)


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
