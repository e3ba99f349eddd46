"""Sheet layouts: the paper as layouts/sheets/NAME.yaml describes it (its name as printed, size, the margins a home
printer cannot print, cut marks, gutters, the sheet's label, a gutter-fold sheet's fold gap), read and checked into
a SheetLayout; every mistake in the file is one line naming its line and field. A paper of one's own size
(`300x450mm`, `12x18in`: WIDTHxHEIGHT in mm, cm or in) takes every setting but its size from A4's layout; a layout
file of one's own (`--paper my-game/sheets/shop.yaml`, written as A4's is) is read as the shipped ones are.

Not here: what the paper and the options mean for a build's sheets (spec.py, whose sheet_spec is the one
reader of --paper), or the sheets themselves (cardsheets.py). `impose` is the card sheets for a layout and
the options given one by one, as proof/pages.py and the tests ask for them: it makes the spec and hands over.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..records import Record
from .. import LAYOUTS
from ..errors import PnpError, known_list, suggest
from ..units import UnitError, from_mm, length, mm
from ..files.yamlfile import Map, load
from ..deck.values import unknown_keys


class SheetLayout(Record):
    name: str
    width: float
    height: float
    left: float                 # margins: the band at each edge where nothing is drawn
    right: float
    top: float
    bottom: float
    mark_length: float
    mark_gap: float
    mark_width: float
    mark_colour: str
    mark_min_length: float = from_mm(1.5)
    mark_min_gap: float = from_mm(0.5)
    gutter_min: float = from_mm(2.0)
    gutter_max: float = from_mm(4.0)
    label_size: float = 6.0
    label_colour: str = "#4d4d4d"
    fold_gap: float = from_mm(3.0)      # gutter-fold: room kept free on each side of the fold line
    title: str = ""                     # as a sheet's label and the leaf name it: A3, 12 x 18 in


SIZE = re.compile(r"^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|cm|in)$")        # 300x450mm, 12x18in
ALIASES = {"ledger": "tabloid"}         # the same paper, turned (pieces are placed either way)
SMALLEST, LARGEST = from_mm(70), from_mm(1200)      # a paper of one's own size, each side


def is_file(text: str) -> bool:
    """A --paper value that names a sheet layout file of one's own (a game folder's `sheets/shop.yaml`)."""
    return str(text).lower().endswith((".yaml", ".yml"))


def paper_id(name: str) -> str:
    """The short name a paper gives an output's name (GAME.a3.pdf, GAME.shop.pdf for sheets/shop.yaml)."""
    return Path(name).name.rsplit(".", 1)[0].lower() if is_file(name) else name.lower()


def paper_name(text: str) -> str:
    """A --paper value as pnp names it (lower case, no spaces: `300 x 450 mm` -> `300x450mm`; a layout file's path
    as given), or PnpError naming what it takes. The name becomes part of the output's name (GAME.a3.pdf)."""
    if is_file(text):
        if not Path(text).is_file():
            raise PnpError(f"paper {str(text)!r}: no such sheet layout file")
        return str(text)
    name = "".join(str(text).split()).lower().replace("×", "x")
    name = ALIASES.get(name, name)
    if name in known_sheets():
        return name
    m = SIZE.match(name)
    if m:
        w, h = (length(m.group(i) + m.group(3)) for i in (1, 2))
        if not (SMALLEST <= w <= LARGEST and SMALLEST <= h <= LARGEST):
            raise PnpError(f"paper {text!r}: each side must be from 70mm to 1200mm")
        return name
    if re.match(r"^\d+(?:\.\d+)?x\d+(?:\.\d+)?$", name):
        raise PnpError(f"paper {text!r} needs a unit", hint=f"{name}mm or {name}in")
    raise PnpError(f"unknown paper {text!r}", hint=(suggest(name, known_sheets()) or known_list(known_sheets()))
                   + ", WIDTHxHEIGHT such as 300x450mm or 12x18in, or a sheet layout file (.yaml)")


# a sheet layout's keys, and each section's (layouts/sheets/a4.yaml writes them all)
KEYS = {"title": (), "paper": ("width", "height"), "margins": ("left", "right", "top", "bottom"),
        "gutter": ("min", "max"), "cut_marks": ("length", "min_length", "gap", "min_gap", "width", "colour"),
        "label": ("size", "colour"), "fold": ("gap",)}


def known_sheets() -> list[str]:
    return sorted(p.stem for p in (LAYOUTS / "sheets").glob("*.yaml"))


def get_sheet(name: str) -> SheetLayout:
    """The paper `name` as layouts/sheets/NAME.yaml lays it out, read afresh (its parsed tree from the YAML cache
    when unchanged): a build reads it once, as it makes its SheetSpec (spec.py)."""
    name = paper_name(name)
    own = SIZE.match(name)
    stem = "a4" if own else name
    path = LAYOUTS / "sheets" / f"{stem}.yaml"
    file = f"layouts/sheets/{stem}.yaml"
    if is_file(name):                   # a layout of one's own: every key as layouts/sheets/a4.yaml writes them
        path, file, name = Path(name), name, paper_id(name)
    m = load(path, file)

    def section(key, required=False) -> Map:
        v = m.get(key) if isinstance(m, Map) else None
        if v is None and not required:
            return Map()
        if not isinstance(v, Map):
            where = m if isinstance(m, Map) else Map()
            where.file = file
            raise where.error(key, f"expected a mapping for '{key}'", field=key)
        return v

    def size(sec: Map, key, default, field, low: float = 0.0) -> float:
        try:
            value = length(sec[key]) if key in sec else length(default)
        except UnitError as exc:
            raise sec.error(key, str(exc), field=field)
        if not low <= value <= 5000:
            raise sec.error(key, f"expected a length from {mm(low):g} to 1750mm, found {sec[key]!r}", field=field)
        return value

    def colour(sec: Map, key, default, field) -> str:
        c = str(sec.get(key, default))
        if not re.match(r"^#[0-9a-fA-F]{6}$", c):
            raise sec.error(key, f"expected a colour '#rrggbb', found {c!r}", field=field)
        return c

    if isinstance(m, Map):              # a key misspelt would be passed over: its default printed in silence
        unknown_keys(m, KEYS, "a sheet layout")
        for key, keys in KEYS.items():
            if isinstance(m.get(key), Map):
                unknown_keys(m[key], keys, f"a sheet layout's {key}", key)
    paper, margins, marks = section("paper", True), section("margins"), section("cut_marks")
    gutter, label, fold = section("gutter"), section("label"), section("fold")
    for k in ("width", "height"):
        if k not in paper:
            raise m.error("paper", f"paper needs a {k}", field=f"paper.{k}")
    label_size = size(label, "size", "6pt", "label.size")
    if label_size < 6.0 - 1e-9:
        raise label.error("size", f"a sheet's label may not be smaller than 6pt, found {label['size']!r}",
                          field="label.size")
    for sec, least, most, field in ((gutter, "min", "max", "gutter"), (marks, "min_length", "length", "cut_marks"),
                                    (marks, "min_gap", "gap", "cut_marks")):
        if least in sec and most in sec and size(sec, least, None, f"{field}.{least}") > size(sec, most, None,
                                                                                              f"{field}.{most}"):
            raise sec.error(least, f"{least} {sec[least]} is more than {most} {sec[most]}",
                            field=f"{field}.{least}")
    if own is not None:                 # WIDTHxHEIGHT: its own size, A4's margins, marks, gutters and label
        paper = Map({"width": own.group(1) + own.group(3), "height": own.group(2) + own.group(3)})
        title = f"{own.group(1)} x {own.group(2)} {own.group(3)}"
    else:
        title = str(m.get("title") or name.title())
    return SheetLayout(name, size(paper, "width", None, "paper.width"), size(paper, "height", None, "paper.height"),
                       *(size(margins, k, "4.2mm", f"margins.{k}") for k in ("left", "right", "top", "bottom")),
                       size(marks, "length", "4mm", "cut_marks.length"), size(marks, "gap", "1mm", "cut_marks.gap"),
                       size(marks, "width", "0.5pt", "cut_marks.width"),
                       colour(marks, "colour", "#000000", "cut_marks.colour"),
                       size(marks, "min_length", "1.5mm", "cut_marks.min_length"),
                       size(marks, "min_gap", "0.5mm", "cut_marks.min_gap"),
                       size(gutter, "min", "2mm", "gutter.min"), size(gutter, "max", "4mm", "gutter.max"),
                       label_size, colour(label, "colour", "#4d4d4d", "label.colour"),
                       size(fold, "gap", "3mm", "fold.gap"), title)

