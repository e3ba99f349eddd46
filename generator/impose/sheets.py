"""Stage 4: impose faces on sheets: a fronts page, then its backs page placed for duplex.

Sheet layouts are data (layouts/sheets/*.yaml): paper size, the margins a home printer cannot print
(nothing is drawn in them, cut marks included), gutters, cut marks and the sheet label. How each piece
size sits on a sheet is computed (grid.py); pieces of several sizes share a sheet (pack.py); marks and
labels are placed around them (guides.py). Backs are placed where the paper brings them behind their
fronts: mirrored left-right for long-edge flipping, top-bottom for short-edge flipping, or beside them
about a fold line on a gutter-fold sheet (`fold`), which a single-sided printer can print.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from .. import LAYOUTS
from ..errors import PnpError, known_list, suggest
from ..units import UnitError, from_mm, length, mm
from ..yamlfile import Map, load
from .grid import AUTO, TOUCHING, DoesNotFit, Marks, Spec, Stock, layout_bleed, solve
from .pack import Area, Block, pack

DUPLEX = ("long", "short", "none", "fold")
SPACING = (AUTO, TOUCHING)
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
MODE_NAMES = {"long": "duplex, flip on the long edge", "short": "duplex, flip on the short edge",
              "none": "single-sided, fronts only", "fold": "gutter-fold, single-sided"}
SIDE_NAMES = {"front": "fronts", "back": "backs", "fold": "fronts and backs"}


class SheetLayout(NamedTuple):
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

    @property
    def marks(self) -> Marks:
        return Marks(self.mark_length, min(self.mark_min_length, self.mark_length), self.mark_gap,
                     min(self.mark_min_gap, self.mark_gap), self.gutter_min, max(self.gutter_max, self.gutter_min),
                     self.label_size * 1.25 + 2 * from_mm(0.6))

    @property
    def title(self) -> str:
        return PAPER_NAMES.get(self.name, self.name)


class Placement(NamedTuple):
    face: object          # layout.face.Face
    x: float              # trim box, bottom-left, page coordinates
    y: float
    card: object = None   # deck.model.Card
    copy: int = 1
    slot: int = 0         # position on its sheet, in print order
    shown: tuple = ()     # the bleed shown beyond each trim edge (left, bottom, right, top); () = all of it


class Page(NamedTuple):
    kind: str                       # front | back | fold | text
    width: float
    height: float
    placements: list = []           # (lists here are never changed once the page is made)
    marks: list = []                # (x1, y1, x2, y2)
    sheet: int = 0                  # card sheet number, from 1
    label: str = ""
    ops: list = []                  # layout ops in page coordinates: a text page's text; a sheet's label, fold line
    mark_width: float = 0.5
    mark_colour: str = "#000000"
    specs: tuple = ()               # the grid.Spec of each piece size on this sheet


def known_sheets() -> list[str]:
    return sorted(p.stem for p in (LAYOUTS / "sheets").glob("*.yaml"))


@lru_cache(maxsize=None)
def get_sheet(name: str) -> SheetLayout:
    path = LAYOUTS / "sheets" / f"{name}.yaml"
    if "/" in name or not path.is_file():
        raise PnpError(f"unknown paper '{name}'", hint=suggest(name, known_sheets()) or known_list(known_sheets()))
    file = f"layouts/sheets/{name}.yaml"
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

    paper, margins, marks = section("paper", True), section("margins"), section("cut_marks")
    gutter, label, fold = section("gutter"), section("label"), section("fold")
    for k in ("width", "height"):
        if k not in paper:
            raise m.error("paper", f"paper needs a {k}", field=f"paper.{k}")
    label_size = size(label, "size", "6pt", "label.size")
    if label_size < 6.0 - 1e-9:
        raise label.error("size", f"a sheet's label may not be smaller than 6pt, found {label['size']!r}",
                          field="label.size")
    return SheetLayout(name, size(paper, "width", None, "paper.width"), size(paper, "height", None, "paper.height"),
                       *(size(margins, k, "4.2mm", f"margins.{k}") for k in ("left", "right", "top", "bottom")),
                       size(marks, "length", "4mm", "cut_marks.length"), size(marks, "gap", "1mm", "cut_marks.gap"),
                       size(marks, "width", "0.5pt", "cut_marks.width"),
                       colour(marks, "colour", "#000000", "cut_marks.colour"),
                       size(marks, "min_length", "1.5mm", "cut_marks.min_length"),
                       size(marks, "min_gap", "0.5mm", "cut_marks.min_gap"),
                       size(gutter, "min", "2mm", "gutter.min"), size(gutter, "max", "4mm", "gutter.max"),
                       label_size, colour(label, "colour", "#4d4d4d", "label.colour"),
                       size(fold, "gap", "3mm", "fold.gap"))


def back_position(sheet: SheetLayout, x: float, y: float, w: float, h: float, duplex: str,
                  offset: tuple[float, float]) -> tuple[float, float]:
    """Where a back goes so that it lands behind the front at (x, y) after the paper is turned (or folded)."""
    ox, oy = offset
    if duplex == "long":
        return sheet.width - x - w + ox, y + oy
    if duplex == "short":
        return x + ox, sheet.height - y - h + oy
    raise ValueError(duplex)


def stock_of_face(face) -> Stock:
    return Stock(round(face.width, 4), round(face.height, 4), face.shape, round(face.gutter, 4))


def spacing_mode(spacing: str, bleed: float) -> str:
    if spacing not in SPACING:
        raise PnpError(f"unknown spacing '{spacing}'", hint=known_list(SPACING))
    if bleed > 0:
        if spacing == TOUCHING:
            raise PnpError("--bleed needs room between the cards; it cannot be used with --gutter touching")
        return "bleed"
    return spacing


def bleed_for(sheet: SheetLayout, width: float, height: float, shape: str, gutter: float,
              spacing: str = AUTO, bleed: float = 0.0) -> float:
    """The bleed to lay a piece out with for this sheet (see grid.layout_bleed)."""
    return layout_bleed(Stock(width, height, shape, gutter), sheet.marks, spacing_mode(spacing, bleed), bleed)


def printable(sheet: SheetLayout, duplex: str) -> Area:
    """The area inside the margins; for duplex, the same on both sides of the paper, so that a back
    mirrored behind its front respects the margins of its own page."""
    left, right, top, bottom = sheet.left, sheet.right, sheet.top, sheet.bottom
    if duplex in ("long", "fold"):
        left = right = max(left, right)
    if duplex in ("short", "fold"):
        top = bottom = max(top, bottom)
    return Area(left, bottom, sheet.width - right, sheet.height - top)


def _runs(laid_out: list) -> list[list]:
    """Print order cut where a sheet must start: a new part, or a card marked new_sheet."""
    runs: list[list] = []
    prev = None
    for item in laid_out:
        card = item.card
        if prev is None or card.part != prev.card.part or card.new_sheet:
            runs.append([])
        runs[-1].extend((item, n + 1) for n in range(card.copies))
        prev = item
    return runs


def _split_backless(run: list) -> list[tuple[bool, list]]:
    """A gutter-fold run in stretches of pieces with backs and without (these print full-size, fronts only)."""
    out: list[tuple[bool, list]] = []
    for entry in run:
        has = entry[0].back is not None
        if out and out[-1][0] == has:
            out[-1][1].append(entry)
        else:
            out.append((has, [entry]))
    return out


class _Specs:
    """grid.solve for each piece size in an area, once; a size that cannot fit is a one-line error."""

    def __init__(self, sheet: SheetLayout, area: Area, mode: str, bleed: float, where: str = "",
                 sources: dict | None = None):
        self.sheet, self.area, self.mode, self.bleed, self.where = sheet, area, mode, bleed, where
        self.sources = sources or {}        # stock -> "file:line" of its template's size, for the error
        self.done: dict = {}

    def __call__(self, stock: Stock) -> Spec:
        spec = self.done.get(stock)
        if spec is None:
            try:
                spec = solve(stock, self.area.width, self.area.height, self.sheet.marks, self.mode, self.bleed)
            except DoesNotFit:
                extra = f" with {mm(self.bleed):.1f} mm bleed" if self.mode == "bleed" else ""
                file, _, line = self.sources.get(stock, "").rpartition(":")
                raise PnpError(f"a {mm(stock.w):.1f} x {mm(stock.h):.1f} mm piece{extra} does not fit on "
                               f"{self.where}{self.sheet.name} paper inside its "
                               f"{mm(min(self.sheet.left, self.sheet.top)):.1f} mm printable margins", file or None,
                               int(line) if line.isdigit() else None, field="size" if file else None)
            self.done[stock] = spec
        return spec


def _stock(item) -> Stock:
    return stock_of_face(item.front)


def _fold_areas(sheet: SheetLayout) -> dict:
    """The fronts half of a gutter-fold sheet, for a fold across the sheet (`across`: fronts above the
    fold, backs below) and down it (`down`: fronts left, backs right)."""
    a = printable(sheet, "fold")
    g = sheet.fold_gap
    return {"across": Area(a.x0, sheet.height / 2 + g, a.x1, a.y1),
            "down": Area(a.x0, a.y0, sheet.width / 2 - g, a.y1)}


def impose(laid_out: list, sheet: SheetLayout, duplex: str = "long", offset=(0.0, 0.0),
           bleed: float = 0.0, spacing: str = AUTO, title: str = "") -> list[Page]:
    """Card sheets in print order: for each, its fronts page and its backs page (or one gutter-fold page)."""
    if duplex not in DUPLEX:
        raise PnpError(f"unknown duplex mode '{duplex}'", hint=known_list(DUPLEX))
    mode = spacing_mode(spacing, bleed)
    plans: list[tuple[str, list[Block], Area, str]] = []     # (page kind, blocks, area, fold direction)
    sources = {}                        # each piece size's template size line, for a size that fits no sheet
    for item in laid_out:
        sources.setdefault(_stock(item), getattr(item.front, "source", ""))
    if duplex == "fold":
        full = printable(sheet, "none")
        simplex = _Specs(sheet, full, mode, bleed, "", sources)
        halves = {k: (area, _Specs(sheet, area, mode, bleed, "half a ", sources))
                  for k, area in _fold_areas(sheet).items()}
        for run in _runs(laid_out):
            for has_back, part in _split_backless(run):
                if not has_back:
                    plans += [("front", s, full, "") for s in pack(part, _stock, simplex, full)]
                    continue
                options = []
                for k, (area, specs) in halves.items():
                    try:
                        options.append((len(pack(part, _stock, specs, area)), k))
                    except PnpError:
                        continue
                if not options:
                    halves["across"][1](_stock(part[0][0]))         # raises: the piece fits no half sheet
                k = min(options)[1]
                area, specs = halves[k]
                plans += [("fold", s, area, k) for s in pack(part, _stock, specs, area)]
    else:
        area = printable(sheet, duplex)
        specs = _Specs(sheet, area, mode, bleed, "", sources)
        for run in _runs(laid_out):
            plans += [("front", s, area, "") for s in pack(run, _stock, specs, area)]
    from .guides import block_marks
    pages: list[Page] = []
    total = len(plans)
    for n, (kind, blocks, area, fold) in enumerate(plans, 1):
        fronts, backs, marks = [], [], []
        for block in blocks:
            x, y = block.spec.x, block.spec.y
            shown = (x.bleed, y.bleed, x.bleed, y.bleed)
            for i, (item, copy) in enumerate(block.entries):
                px, py = block.slot(i)
                fronts.append(Placement(item.front, round(px, 4), round(py, 4), item.card, copy, len(fronts), shown))
                backs.append(item.back)
            marks += block_marks(block, area)
        specs_used = tuple(dict.fromkeys(b.spec for b in blocks))
        pages += _sheet_pages(sheet, kind, fronts, backs, marks, specs_used, n, total, duplex, offset, fold, title)
    return pages


def _sheet_pages(sheet: SheetLayout, kind: str, fronts: list, back_faces: list, marks: list, specs: tuple, n: int,
                 total: int, duplex: str, offset, fold: str, title: str) -> list[Page]:
    """A sheet's fronts page and backs page, or its gutter-fold page, with marks and labels."""
    from ..layout.face import Line
    from .guides import fold_line, mirror_label, mirror_marks
    W, H = sheet.width, sheet.height
    how = {"across": "short", "down": "long"}.get(fold, duplex)
    backs: list[Placement] = []
    if kind == "fold" or duplex in ("long", "short"):
        shift = (0.0, 0.0) if kind == "fold" else offset
        for p, back in zip(fronts, back_faces):
            if back is not None:
                bx, by = back_position(sheet, p.x, p.y, p.face.width, p.face.height, how, shift)
                backs.append(p._replace(face=back, x=round(bx, 4), y=round(by, 4)))
    ops: list = []
    page_marks = list(marks)
    placed = list(fronts)
    if kind == "fold":
        placed += backs
        page_marks += mirror_marks(marks, W, H, how)
        fl = fold_line(printable(sheet, "fold"), fold == "across", W, H)
        ops.append(Line(*fl, stroke="#808080", stroke_width=0.5, dash=(4.0, 3.0)))
    side_mode = "none" if kind == "front" and duplex == "fold" else duplex
    areas = [printable(sheet, "none")]
    if kind == "fold":
        areas.insert(0, _fold_areas(sheet)[fold])
    label = _label(sheet, title, n, total, "fold" if kind == "fold" else "front", side_mode, placed, page_marks,
                   ops, areas)
    out = [Page(kind, W, H, placed, page_marks, n, label.text if label else "", ops + _label_ops(sheet, label),
                sheet.mark_width, sheet.mark_colour, specs)]
    if kind == "front" and duplex in ("long", "short"):
        which = _label_texts(sheet, title, n, total, "front", duplex).index(label.text) if label else 0
        btext = _label_texts(sheet, title, n, total, "back", duplex)[which]
        blabel = mirror_label(label, W, H, how, btext, offset)
        out.append(Page("back", W, H, backs, mirror_marks(marks, W, H, how, offset), n,
                        blabel.text if blabel else "", _label_ops(sheet, blabel), sheet.mark_width,
                        sheet.mark_colour, specs))
    return out


def _label_texts(sheet: SheetLayout, title: str, n: int, total: int, side: str, duplex: str) -> list[str]:
    """The sheet's label, longest first: the game, sheet n of N, which side, paper, how it is printed."""
    side_name = SIDE_NAMES[side]
    full = f"{title} · sheet {n} of {total} · {side_name} · {sheet.title} · {MODE_NAMES[duplex]}"
    short = f"{title} · {n}/{total} · {side_name} · {sheet.title} · {duplex}"
    shortest = f"{n}/{total} {side_name} {sheet.title} {duplex}"
    return [t.lstrip(" ·") for t in (full, short, shortest)]


def _label(sheet: SheetLayout, title: str, n: int, total: int, side: str, duplex: str, placed: list, marks: list,
           ops: list, areas: list):
    from ..layout.face import Line
    from ..layout.fonts import font_name
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from .guides import place_label
    font = font_name("sans")
    obstacles = []
    for p in placed:
        sl, sb, sr, st = p.shown or (p.face.bleed,) * 4
        obstacles.append((p.x - sl, p.y - sb, p.x + p.face.width + sr, p.y + p.face.height + st))
    for x1, y1, x2, y2 in marks:
        obstacles.append((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)))
    for op in ops:
        if type(op) is Line:
            obstacles.append((min(op.x1, op.x2) - from_mm(1), min(op.y1, op.y2) - from_mm(1),
                              max(op.x1, op.x2) + from_mm(1), max(op.y1, op.y2) + from_mm(1)))
    texts = _label_texts(sheet, title, n, total, side, duplex)
    return place_label(texts, lambda t: stringWidth(t, font, sheet.label_size), sheet.label_size, areas, obstacles)


def _label_ops(sheet: SheetLayout, label) -> list:
    """The label as a line of text in its box (rotated to read upwards along a side edge)."""
    if label is None:
        return []
    from ..layout.face import Text
    from ..layout.fonts import font_name
    size = sheet.label_size
    cx, cy = label.x + label.w / 2, label.y + label.h / 2
    length_, depth = (label.w, label.h) if not label.rotate else (label.h, label.w)
    base = cy - depth / 2 + (depth - size) / 2 + 0.22 * size
    return [Text(round(cx - length_ / 2, 4), round(base, 4), label.text, font_name("sans"), size,
                 sheet.label_colour, "left", label.rotate, round(cx, 4), round(cy, 4))]
