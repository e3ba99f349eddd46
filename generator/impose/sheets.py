"""Stage 4: impose faces on sheets: a fronts page, then its backs page placed for duplex.

Sheet layouts are data (layouts/sheets/*.yaml): paper size, margins and cut marks. The grid
is computed from the card size. Backs are placed where the paper brings them behind their
fronts: mirrored left-right for long-edge flipping, top-bottom for short-edge flipping.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .. import LAYOUTS
from ..errors import PnpError, known_list, suggest
from ..units import UnitError, length, mm
from ..yamlfile import Map, load

DUPLEX = ("long", "short", "none")


class SheetLayout(NamedTuple):
    name: str
    width: float
    height: float
    left: float
    right: float
    top: float
    bottom: float
    mark_length: float
    mark_gap: float
    mark_width: float
    mark_colour: str


class Placement(NamedTuple):
    face: object          # layout.face.Face
    x: float              # trim box, bottom-left, page coordinates
    y: float
    card: object = None   # deck.model.Card
    copy: int = 1
    slot: int = 0         # position in the grid, row by row from the top-left of the fronts page


class Page(NamedTuple):
    kind: str                       # front | back | text
    width: float
    height: float
    placements: list = []           # (lists here are never changed once the page is made)
    marks: list = []                # (x1, y1, x2, y2)
    sheet: int = 0                  # card sheet number, from 1
    label: str = ""
    ops: list = []                  # for text pages: layout ops in page coordinates
    mark_width: float = 0.5
    mark_colour: str = "#000000"


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

    def size(sec: Map, key, default, field) -> float:
        try:
            value = length(sec[key]) if key in sec else length(default)
        except UnitError as exc:
            raise sec.error(key, str(exc), field=field)
        if not 0 <= value <= 5000:
            raise sec.error(key, f"expected a length from 0 to 1750mm, found {sec[key]!r}", field=field)
        return value

    paper, margins, marks = section("paper", True), section("margins"), section("cut_marks")
    for k in ("width", "height"):
        if k not in paper:
            raise m.error("paper", f"paper needs a {k}", field=f"paper.{k}")
    colour = str(marks.get("colour", "#000000"))
    if not re.match(r"^#[0-9a-fA-F]{6}$", colour):
        raise marks.error("colour", f"expected a colour '#rrggbb', found {colour!r}", field="cut_marks.colour")
    return SheetLayout(name, size(paper, "width", None, "paper.width"), size(paper, "height", None, "paper.height"),
                       *(size(margins, k, "5mm", f"margins.{k}") for k in ("left", "right", "top", "bottom")),
                       size(marks, "length", "5mm", "cut_marks.length"), size(marks, "gap", "1mm", "cut_marks.gap"),
                       size(marks, "width", "0.5pt", "cut_marks.width"), colour)


class Grid(NamedTuple):
    cols: int
    rows: int
    w: float
    h: float
    gutter: float
    x0: float          # left edge of the first column
    top: float         # top edge of the first row

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def slot(self, i: int) -> tuple[float, float]:
        r, c = divmod(i, self.cols)
        return self.x0 + c * (self.w + self.gutter), self.top - (r + 1) * self.h - r * self.gutter


def grid(sheet: SheetLayout, w: float, h: float, gutter: float, bleed: float, where: str = "") -> Grid:
    """As many cards as fit inside the margins, centred in them; bleed stays inside the margins too.
    `where`: "file:line" of the card's size, for the error when none fits."""
    avail_w = sheet.width - sheet.left - sheet.right - 2 * bleed
    avail_h = sheet.height - sheet.top - sheet.bottom - 2 * bleed
    cols = int((avail_w + gutter + 1e-6) // (w + gutter))
    rows = int((avail_h + gutter + 1e-6) // (h + gutter))
    if cols < 1 or rows < 1:
        file, _, line = where.rpartition(":")
        raise PnpError(f"a {mm(w):.1f} x {mm(h):.1f} mm card with {mm(bleed):.1f} mm bleed does not fit on "
                       f"{sheet.name} paper inside its margins ({mm(sheet.width - sheet.left - sheet.right):.1f} x "
                       f"{mm(sheet.height - sheet.top - sheet.bottom):.1f} mm)", file or None,
                       int(line) if line.isdigit() else None, field="size" if file else None)
    gw, gh = cols * w + (cols - 1) * gutter, rows * h + (rows - 1) * gutter
    x0 = sheet.left + bleed + (avail_w - gw) / 2
    top = sheet.height - sheet.top - bleed - (avail_h - gh) / 2
    return Grid(cols, rows, w, h, gutter, x0, top)


def back_position(sheet: SheetLayout, x: float, y: float, w: float, h: float, duplex: str,
                  offset: tuple[float, float]) -> tuple[float, float]:
    """Where a back goes so that it lands behind the front at (x, y) after the paper is turned."""
    ox, oy = offset
    if duplex == "long":
        return sheet.width - x - w + ox, y + oy
    if duplex == "short":
        return x + ox, sheet.height - y - h + oy
    raise ValueError(duplex)


def cut_marks(sheet: SheetLayout, boxes: list[tuple[float, float, float, float]], bleed: float,
              shift: tuple[float, float] = (0.0, 0.0), pad: float = 0.0) -> list[tuple[float, float, float, float]]:
    """Short lines in the margins, in line with every card edge, never over a card or its bleed.

    `pad` > 0 is for round items: they are cut out along their own round guides, so the straight
    cuts only separate them, through the middle of the gutter: the lines sit `pad` outside each box
    (half the gutter, so neighbours share one line instead of two lines a gutter apart).
    """
    if not boxes:
        return []
    if pad > 0:
        boxes = [(x - pad, y - pad, w + 2 * pad, h + 2 * pad) for x, y, w, h in boxes]
        bleed = max(0.0, bleed - pad)
    left = min(b[0] for b in boxes) - bleed
    right = max(b[0] + b[2] for b in boxes) + bleed
    bottom = min(b[1] for b in boxes) - bleed
    top = max(b[1] + b[3] for b in boxes) + bleed
    xs = _distinct(v for b in boxes for v in (b[0], b[0] + b[2]))
    ys = _distinct(v for b in boxes for v in (b[1], b[1] + b[3]))
    g, L = sheet.mark_gap, sheet.mark_length
    sx, sy = shift
    page_top, page_right = sheet.height + sy, sheet.width + sx
    marks = []

    def span(start, limit, direction):
        end = start + direction * L
        end = min(end, limit) if direction > 0 else max(end, limit)
        return end

    for x in xs:
        a = top + g
        marks.append((x, a, x, span(a, page_top, 1)))
        a = bottom - g
        marks.append((x, a, x, span(a, sy, -1)))
    for y in ys:
        a = left - g
        marks.append((a, y, span(a, sx, -1), y))
        a = right + g
        marks.append((a, y, span(a, page_right, 1), y))
    return [m for m in marks if abs(m[0] - m[2]) + abs(m[1] - m[3]) > 0.5]


def _distinct(values, tolerance: float = 0.01) -> list[float]:
    """Sorted values with near-equal ones (shared edges computed two ways) merged."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > tolerance:
            out.append(round(v, 4))
    return out


def _same_stock(a, b) -> bool:
    return (abs(a.width - b.width) < 0.01 and abs(a.height - b.height) < 0.01 and a.shape == b.shape)


def impose(laid_out: list, sheet: SheetLayout, duplex: str = "long", offset=(0.0, 0.0),
           bleed: float = 0.0) -> list[Page]:
    """Card sheets in print order. A part, a new_sheet card or a change of card size starts a new sheet."""
    if duplex not in DUPLEX:
        raise PnpError(f"unknown duplex mode '{duplex}'", hint=known_list(DUPLEX))
    groups: list[list] = []
    prev = None
    for item in laid_out:
        card = item.card
        new = (prev is None or card.part != prev.card.part or card.new_sheet
               or not _same_stock(item.front, prev.front))
        if new:
            groups.append([])
        groups[-1].extend((item, n + 1) for n in range(card.copies))
        prev = item
    pages: list[Page] = []
    sheet_no = 0
    for group in groups:
        face = group[0][0].front
        gutter = max(face.gutter, 2 * bleed)
        # round items are cut apart through the middle of the gutter, so half a gutter stays free around them
        pad = gutter / 2 if face.shape == "circle" else 0.0
        g = grid(sheet, face.width, face.height, gutter, max(bleed, pad), getattr(face, "source", ""))
        for start in range(0, len(group), g.per_sheet):
            sheet_no += 1
            chunk = group[start:start + g.per_sheet]
            fronts, backs, fboxes, bboxes = [], [], [], []
            for slot, (item, copy) in enumerate(chunk):
                x, y = g.slot(slot)
                fronts.append(Placement(item.front, x, y, item.card, copy, slot))
                fboxes.append((x, y, g.w, g.h))
                if duplex != "none":
                    bx, by = back_position(sheet, x, y, g.w, g.h, duplex, offset)
                    bboxes.append((bx, by, g.w, g.h))
                    if item.back is not None:
                        backs.append(Placement(item.back, bx, by, item.card, copy, slot))
            names = ", ".join(_summary(chunk))
            pages.append(Page("front", sheet.width, sheet.height, fronts, cut_marks(sheet, fboxes, bleed, pad=pad),
                              sheet_no, f"Sheet {sheet_no} fronts: {names}", [], sheet.mark_width, sheet.mark_colour))
            if duplex != "none":
                pages.append(Page("back", sheet.width, sheet.height, backs,
                                  cut_marks(sheet, bboxes, bleed, offset, pad), sheet_no, f"Sheet {sheet_no} backs",
                                  [], sheet.mark_width, sheet.mark_colour))
    return pages


def _summary(chunk) -> list[str]:
    """'3 Green', '2 Rule card' ... for the sheet label and the print instructions."""
    out: list[tuple[str, int]] = []
    for item, _ in chunk:
        kind = item.card.kind
        if out and out[-1][0] == kind:
            out[-1] = (kind, out[-1][1] + 1)
        else:
            out.append((kind, 1))
    return [f"{n} {k}" for k, n in out]
