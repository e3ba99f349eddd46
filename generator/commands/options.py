"""Options shared by several commands, parsed into explicit units.
Not here: what the choices mean (impose/spec.py reads --paper and --duplex)."""
from __future__ import annotations

import math

import click

from ..errors import IncompleteDeck, PnpError
from ..impose.paper import paper_name
from ..impose.spec import DUPLEX, PAGE
from ..units import from_mm
from urllib.parse import quote, urlsplit, urlunsplit
import re


def parse_offset(ctx, param, value):
    if value is None:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected X,Y in millimetres such as 0.5,-1; found {value!r}")
    if not (math.isfinite(x) and math.isfinite(y)):
        raise click.BadParameter(f"expected X,Y in millimetres such as 0.5,-1; found {value!r}, "
                                 "which is not a finite number")
    if abs(x) > 50 or abs(y) > 50:
        raise click.BadParameter("an offset over 50 mm is not a printer error; check the numbers")
    return (from_mm(x), from_mm(y))


def parse_bleed(ctx, param, value):
    if value is None:
        return 0.0
    if not math.isfinite(value) or not 0 <= value <= 10:       # nan compares false with everything
        raise click.BadParameter(f"expected millimetres from 0 to 10, found {value}")
    return from_mm(value)


# file endings that name another kind of file than the PDF build, watch and calibrate write (a name without
# an ending, or with one pnp does not know, is taken as given)
NOT_PDF = (".txt", ".md", ".html", ".htm", ".csv", ".xlsx", ".ods", ".json", ".yaml", ".yml", ".png", ".jpg",
           ".jpeg", ".svg", ".tif", ".tiff", ".gif", ".webp", ".zip", ".doc", ".docx", ".ps", ".eps")


def parse_pdf_path(ctx, param, value):
    """-o of a command that writes a PDF: refused when its ending names another kind of file (out.txt, out.png),
    before anything is written (issue 47)."""
    if value is not None and any(str(value).lower().endswith(e) for e in NOT_PDF):
        raise click.BadParameter(f"{value!r} ends in .{str(value).rsplit('.', 1)[-1]}, another kind of file's "
                                 "ending; this command writes a PDF: name it .pdf")
    return value


def parse_folder_path(ctx, param, value):
    """-o of a command that writes a folder (export, proof): refused when its ending names a file (out.pdf,
    hand.png), before anything is written: such a folder would hold the files under a file's name."""
    ending = str(value).lower().rsplit(".", 1)[-1] if value is not None and "." in str(value) else ""
    if f".{ending}" in (*NOT_PDF, ".pdf"):
        raise click.BadParameter(f"{value!r} ends in .{str(value).rsplit('.', 1)[-1]}, a file's ending; this "
                                 "command writes a folder of files: name the folder without it")
    return value


def pdf_output(help_text: str):
    """The -o/--output option of build, watch and calibrate: a PDF file's path."""
    return click.option("-o", "--output", type=click.Path(dir_okay=False), callback=parse_pdf_path, help=help_text)


def parse_paper(ctx, param, value):
    try:
        return paper_name(value)
    except PnpError as exc:
        raise click.BadParameter(f"{exc.message}" + (f" ({exc.hint})" if exc.hint else ""))


paper = click.option("--paper", metavar="PAPER", callback=parse_paper, default="a4", show_default=True,
                     help="Paper size: a4, letter, a3, a5, legal, tabloid (ledger), WIDTHxHEIGHT in mm, cm or in "
                          "(12x18in, 300x450mm), or a sheet layout file of your own (GAME/sheets/shop.yaml). Another "
                          "paper than A4 names the output for it (GAME.a3.pdf, GAME.shop.pdf).")
duplex = click.option("--duplex", type=click.Choice(list(DUPLEX), case_sensitive=False),
                      default="long", show_default=True,
                      help="How the backs are printed: duplex flipping on the long or short edge; fold: each front "
                           "beside its back about a fold line, for a single-sided printer; none: fronts only "
                           "(refused when backs carry text, unless --drop-backs).")
gutter = click.option("--gutter", type=click.Choice(["auto", "touching"], case_sensitive=False), default="auto",
                      show_default=True,
                      help="auto: a gutter between cards, filled with each card's own colour, wherever the paper "
                           "has room (a cut a little off the line shows only that card); touching: cards side by "
                           "side, one cut between neighbours.")
drop_backs = click.option("--drop-backs", is_flag=True,
                          help="With --duplex none: print the fronts even though some backs carry text.")
offset = click.option("--offset", metavar="X,Y", callback=parse_offset,
                      help="Shift the backs pages by X,Y mm (right, up as seen on the back) to correct a "
                           "printer's duplex error; measure it with `pnp calibrate`.")
bleed = click.option("--bleed", type=float, metavar="MM", callback=parse_bleed,
                     help="Extend card backgrounds MM millimetres past the cut line (the gutters widen to hold "
                          "it) [default: as much as the gutter holds].")

without = click.option("--without", "without", multiple=True, metavar="PART",
                       help="Leave out an optional part (e.g. five-six). Repeat for more.")
no_instructions = click.option("--no-instructions", is_flag=True,
                               help="Leave out the print leaf (the first two pages).")


def printout(command):
    """The options that shape the printout, the same on every command that builds it (build, watch):
    --paper, --duplex, --offset, --bleed, --gutter, --drop-backs, --without, --no-instructions."""
    for option in reversed((paper, duplex, offset, bleed, gutter, drop_backs, without, no_instructions)):
        command = option(command)
    return command


def build_options(paper, duplex, offset, bleed, gutter, drop_backs, without, no_instructions, calibration=False,
                  language=None, strict=False):
    """The printout options as the pipeline takes them (which makes them the sheets' spec: impose/spec.py);
    --drop-backs only with --duplex none."""
    from ..pipeline import BuildOptions  # lazy: +126 ms to import (benchmarks/imports.py)
    if drop_backs and not DUPLEX[duplex].fronts_only:
        raise click.UsageError("--drop-backs goes with --duplex none")
    if DUPLEX[duplex].backs != PAGE:       # fold and none print no backs page to shift or to measure (issue 47)
        if offset != (0.0, 0.0):
            raise click.UsageError(f"--offset shifts the backs pages of a duplex print: it goes with --duplex long "
                                   f"or short, not {duplex}, which prints no backs page")
        if calibration:
            raise click.UsageError(f"--calibration measures a duplex printer's offset: it goes with --duplex long "
                                   f"or short, not {duplex}, which prints no backs page")
    return BuildOptions(paper, duplex, offset, bleed, tuple(without), not no_instructions, gutter, drop_backs,
                        calibration, language, strict)


lang = click.option("--lang", "lang", metavar="LANG",
                    help="Print in the language LANG (fr, de, ja ...), one the deck names under languages: "
                         "[default: its source language]. Outputs are named GAME.LANG (output/GAME.fr.pdf).")
strict = click.option("--strict", is_flag=True,
                      help="With --lang: a text the language lacks is an error, not a warning.")


def language(command):
    """--lang and --strict, the same on every command that reads a deck in a language."""
    return lang(strict(command))


# One meaning on every command that draws a deck: go on although the component check finds it incomplete.
force = click.option("--force", is_flag=True,
                     help="Go on even if the component check finds the deck incomplete (its report is printed).")
quiet = click.option("-q", "--quiet", is_flag=True,
                     help="Print only warnings and errors: no progress bar, no listing, no summary.")


def check_complete(deck, force: bool, do: str = "build") -> None:
    """Refuse an incomplete deck unless --force: the component check `pnp check` runs, with its
    report on standard error. `do` names what is refused: "build" or "export"."""
    # the check always runs: should it fail to import or raise, that is a bug in pnp (exit 70), never a deck
    # that passes unchecked
    from ..check import check_deck, report_text  # lazy: +63 ms to import (benchmarks/imports.py)
    result = check_deck(deck)
    if result.ok:
        return
    done, doing = {"build": ("built", "building"), "export": ("exported", "exporting")}[do]
    if force:
        click.echo(report_text(result), err=True)
        click.echo(f"pnp: {doing} anyway (--force)", err=True)
    else:
        raise IncompleteDeck(report_text(result) + f"\npnp: the deck is incomplete; not {done} "
                             f"(use --force to {do} anyway)")


def _pictured(deck, faces) -> bool:
    """Whether any of the faces ((who, face) pairs) draws a picture (asked twice a build, looked at once)."""
    from ..layout.display import Image  # lazy: +643 ms to import (benchmarks/imports.py)
    return deck.once("pictured", faces, lambda: any(type(op) is Image for _, face in faces for op in face.ops))


def resolution_warnings(deck, faces) -> list[str]:
    """Warnings of raster pictures printed under 150 dpi: `faces` are (who, face) pairs."""
    if not _pictured(deck, faces):
        return []
    from ..layout.resolution import warnings  # lazy: here, as another function of this module imports a different warnings
    return [f"pnp: warning: {line}" for line in warnings(faces, deck.folder)]


def svg_warnings(deck, faces) -> list[str]:
    """Warnings of what svglib leaves out of the SVG pictures the faces ((who, face) pairs) and icons show."""
    if not deck.icons and not _pictured(deck, faces):
        return []
    from ..render.leftout import warnings  # lazy: here, as another function of this module imports a different warnings
    icons = [(icon.name, icon.path) for icon in deck.icons.values()]
    return [f"pnp: warning: {line}" for line in warnings(faces, icons)]


def face_warnings(deck, faces, safe: bool = True) -> list[str]:
    """What every command that draws faces warns of them, measured and worded alike (build, export, proof's
    stderr): text in the template's safe zone (`safe`), pictures under 150 dpi, what SVG pictures leave out;
    `faces` are (who, face) pairs."""
    from ..layout.safezone import folded  # lazy: +454 ms to import (benchmarks/imports.py)
    lines = (safe_zone_warnings(deck, faces) if safe else []) + resolution_warnings(deck, faces) + \
        svg_warnings(deck, faces)
    return ["pnp: warning: " + line for line in folded([ln.removeprefix("pnp: warning: ") for ln in lines])]


def contrast_warnings(deck, pages) -> list[str]:
    """Warnings of small text on a ground too close to its ink (layout/contrast.py), for the faces the pages place."""
    from ..layout.contrast import warnings  # lazy: here, as another function of this module imports a different warnings
    sides = [(pl.card, pl.face) for p in pages if p.kind in ("front", "back", "fold") for pl in p.placements
             if pl.card is not None]
    return [f"pnp: warning: {line}" for line in warnings(deck, sides)]


def safe_zone_warnings(deck, faces) -> list[str]:
    """Warnings of text reaching into a face's safe zone: `faces` are (who, face) pairs."""
    from ..layout.safezone import warnings  # lazy: here, as another function of this module imports a different warnings
    return [f"pnp: warning: {line}" for line in warnings(faces, deck, remember=True)]


UNSAFE_IN_URL = set(" \t\"'<>\\^`{|}")        # never part of an address: a saved object would hold them as given


def parse_base_url(ctx, param, value):
    """--base-url: an http or https address of a folder, with a host, written as the saved object must hold it:
    no spaces or quotes, no query or fragment, no user name or password; letters outside ASCII percent-encoded
    (UTF-8) and a host's in punycode; a trailing / taken away (the image's name follows one)."""
    if value is None:
        return None
    example = "such as https://example.org/my-game"
    text = value.strip()
    if not text:
        raise click.BadParameter(f"expected a web address {example}, found nothing")
    bad = sorted({ch for ch in text if ch in UNSAFE_IN_URL or ord(ch) < 32 or ord(ch) == 127})
    if bad:
        shown = ", ".join(repr(ch) for ch in bad)
        raise click.BadParameter(f"{value!r} holds {shown}, which no web address holds as written; write the "
                                 f"folder's address {example} (a space is %20)")
    try:
        parts = urlsplit(text)
        parts.port                                        # a port that is not a number raises here
    except ValueError as exc:
        raise click.BadParameter(f"{value!r} is not a web address ({exc}); expected one {example}")
    if parts.scheme.lower() not in ("http", "https"):
        raise click.BadParameter(f"{value!r} is not an http or https address; expected one {example}")
    if not parts.hostname:
        raise click.BadParameter(f"{value!r} names no host; expected an address {example}")
    if parts.username is not None or parts.password is not None:
        raise click.BadParameter(f"{value!r} holds a user name or password, which the saved object would give "
                                 "to every player; host the images where they can be read without one")
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise click.BadParameter(f"{value!r} has a query or fragment (? or #): the images' names follow the "
                                 f"folder's address, so it must end with its path, {example}")
    try:
        host = parts.hostname.encode("idna").decode("ascii")
    except UnicodeError:
        raise click.BadParameter(f"{value!r}: the host '{parts.hostname}' is not a host name")
    netloc = host + (f":{parts.port}" if parts.port is not None else "")
    if re.search(r"%(?![0-9A-Fa-f]{2})", parts.path):
        raise click.BadParameter(f"{value!r} has a % that is not a percent-encoded byte (%20, %C3%A9)")
    path = quote(parts.path, safe="/%!$&'()*+,;=:@-._~")
    return urlunsplit((parts.scheme.lower(), netloc, path.rstrip("/"), "", ""))
