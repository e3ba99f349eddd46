"""Every target `pnp export --to` writes for, in one table: a shop is its data file (layouts/shop-*.yaml: its name,
sizes, products, bleed, safe zone, page order, printing condition, each with its source) and one entry here.

An entry says which data file describes it (`shop`: the file's id), what kind of export writes it (`kind`: upload
images, a print-shop PDF, PNGs, the showcase, Tabletop Simulator: one module each), which of the command's options
it takes, the record of what it wrote (trust.py: each target its own, so an export into another's folder sees that
one's files as strays), and the sentence `pnp export --help` says of it. The command reads its choices, help, option
checks, dispatch and summary from here, shops.py its data files, safezone.py the zone's name from the data file.
Not here: the shops' numbers (layouts/shop-*.yaml), the exports themselves (uploads.py, printpdf.py, pngs.py,
showcase.py, tts.py). Nothing heavy is imported: `pnp export --help` reads this table.
"""
from __future__ import annotations

from ..records import Record

# option -> what it is, as the command's errors name it
OPTIONS = {"jobs": "--jobs", "base_url": "--base-url", "order": "--order", "bleed": "--bleed", "cmyk": "--cmyk",
           "ink_limit": "--ink-limit", "condition": "--condition", "dpi": "--dpi", "hand": "--hand"}


class Target(Record):
    name: str               # --to NAME
    kind: str               # uploads | pdf | png | showcase | tts: the export that writes it
    shop: str = ""          # the id of its data file, layouts/shop-*.yaml ("": none)
    data: str = ""          # that file's name
    options: tuple = ()     # the options of OPTIONS it takes
    record: str = ""        # the file that records what it wrote into its folder (trust.py)
    help: str = ""          # what `pnp export --help` says it writes


TARGETS = {t.name: t for t in (
    Target("gamecrafter", "uploads", "gamecrafter", "shop-gamecrafter.yaml", ("jobs",), ".export-cache.json",
           "upload images and manifest.csv for The Game Crafter"),
    Target("mpc", "uploads", "mpc", "shop-makeplayingcards.yaml", ("jobs",), ".mpc-export-cache.json",
           "the same for MakePlayingCards"),
    Target("pdf", "pdf", "printshop", "shop-printshop.yaml", ("order", "bleed", "cmyk", "ink_limit", "condition"),
           ".pdf-export-cache.json", "a print shop's PDF, one face a page with its trim and bleed boxes"),
    Target("drivethrucards", "pdf", "drivethrucards", "shop-drivethrucards.yaml", ("ink_limit", "condition"),
           ".drivethrucards-export-cache.json", "DriveThruCards' CMYK PDF/X-1a of the cards it prints, each "
           "card's back then its front"),
    Target("png", "png", "", "", ("bleed", "dpi"), ".png-export-cache.json", "every face as a PNG at --dpi"),
    Target("showcase", "showcase", "", "", ("dpi", "hand"), ".showcase-export-cache.json",
           "a hand of cards fanned and a grid of every face, for a game's page or a post"),
    Target("tts", "tts", "tts", "shop-tabletop-simulator.yaml", ("base_url",), ".tts-export-cache.json",
           "deck sheets, tiles and a saved object for Tabletop Simulator"),
)}
DATA = {t.shop: t.data for t in TARGETS.values() if t.shop}       # a data file's id -> its name
RECORDS = {t.name: t.record for t in TARGETS.values()}


def of_shop(shop_id: str) -> Target:
    """The target whose data file is `shop_id`."""
    return next(t for t in TARGETS.values() if t.shop == shop_id)


def takes(option: str) -> list[str]:
    """The targets that take `option` (a key of OPTIONS), in the table's order."""
    return [t.name for t in TARGETS.values() if option in t.options]
