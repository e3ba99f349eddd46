"""Packing pieces of several sizes onto sheets: blocks of one size each, stacked down the sheet.

A run is the pieces from one start of a sheet to the next (a part, or a card marked new_sheet, starts a
sheet). Its pieces go in print order into blocks: a block is a grid of one piece size laid out as that
size's Spec says (grid.py), as many rows as the pieces and the room left need. When a size ends part-way
down a sheet, the next size starts below it, each block with room for its own cut marks, so a sheet of
poker cards with a row to spare takes the game's chits rather than leaving them a sheet of their own.
The first block of a sheet sits where a full sheet of its size would, so partly filled sheets cut like
full ones. A few round pieces after a block of larger ones, as many as its grid has free cells, go one to a
cell, centred (a single marker after the last cards: in the card grid, not in a corner of a grid of its own).

Not here: where runs start and which area they are packed into (cardsheets.py, spec.py), the grid of one
size (grid.py).
"""
from __future__ import annotations


from ..records import Record
from .grid import Spec


class Area(Record):
    """Where pieces and their marks may go, in page coordinates (points, from the bottom-left)."""
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


class Block(Record):
    spec: Spec
    entries: list          # [(item, copy)] in print order, row by row from the top-left
    cols: int
    rows: int
    x0: float              # left trim edge of the first column
    top: float             # top trim edge of the first row
    cells: tuple = ()      # loose round pieces: each one's bottom-left corner, centred in a free cell of the
                           # grid above it (no grid and no marks of their own: each is cut out along its circle)
    floor: float = 0.0     # loose pieces: the foot of the lowest cell they take

    def slot(self, i: int) -> tuple[float, float]:
        """The bottom-left corner of the i-th piece's trim box."""
        if self.cells:
            return self.cells[i]
        r, c = divmod(i, self.cols)
        x, y = self.spec.x, self.spec.y
        return self.x0 + c * (x.size + x.gutter), self.top - (r + 1) * y.size - r * y.gutter

    @property
    def bottom(self) -> float:
        return self.floor if self.cells else self.top - self.spec.y.span(self.rows)


def _top_surround(spec: Spec) -> float:
    y = spec.y
    return y.outer + (y.gap + y.mark if y.ends == 2 else 0.0)


def _bottom_surround(spec: Spec) -> float:
    y = spec.y
    return y.outer + (y.gap + y.mark if y.ends >= 1 else 0.0)


def _x0(spec: Spec, area: Area, cols: int) -> float:
    x = spec.x
    left = area.x0 + x.start
    if cols < x.n and x.ends != 1:          # a short block is centred where the full grid would be
        left += (x.span() - x.span(cols)) / 2
    return left


def pack(entries: list, stock_of, spec_of, area: Area) -> list[list[Block]]:
    """Sheets (each a list of blocks) holding `entries` [(item, copy)] in order.
    stock_of(item) -> Stock; spec_of(stock) -> Spec for this area."""
    groups: list[tuple] = []
    for entry in entries:
        stock = stock_of(entry[0])
        if groups and groups[-1][0] == stock:
            groups[-1][1].append(entry)
        else:
            groups.append((stock, [entry]))
    sheets: list[list[Block]] = []
    current: list[Block] | None = None
    floor = area.y1                  # the lowest point the blocks on the current sheet reach, with their marks
    for stock, items in groups:
        spec = spec_of(stock)
        y, cols_full = spec.y, spec.x.n
        cells = _loose(current[-1], stock, len(items), area) if current else None
        if cells:                        # a few round pieces: each in a free cell of the grid above
            block = Block(spec, list(items), len(items), 1, 0.0, 0.0, tuple(c for c, _ in cells),
                          min(foot for _, foot in cells))
            current.append(block)
            floor = block.bottom - _bottom_surround(current[-2].spec)
            continue
        i = 0
        while i < len(items):
            if current is None:
                current, floor = [], area.y1
            if current:
                top = floor - _top_surround(spec)
            else:
                top = area.y1 - y.start
            rows = 0
            while rows < y.n and top - y.span(rows + 1) - _bottom_surround(spec) >= area.y0 - 0.01:
                rows += 1
            if rows == 0:
                if not current:          # cannot happen: the spec says at least one row fits the area
                    raise ValueError(f"no row of {stock.name()} fits the sheet")
                sheets.append(current)
                current = None
                continue
            take = min(rows * cols_full, len(items) - i)
            rows = -(-take // cols_full)
            cols = min(cols_full, take)
            block = Block(spec, items[i:i + take], cols, rows, _x0(spec, area, cols), top)
            current.append(block)
            floor = block.bottom - _bottom_surround(spec)
            i += take
    if current:
        sheets.append(current)
    return sheets


def _loose(host: Block, stock, n: int, area: Area) -> list[tuple[tuple[float, float], float]] | None:
    """Where `n` round pieces go one to a free cell of `host`'s grid, centred in it: the rest of its last row,
    then rows below it (the pieces of a row centred in it) while the area holds them; each as (the piece's
    bottom-left corner, the cell's foot). None unless they are round, each fits a cell, and all find one: a
    single field marker sits in the card grid rather than a corner of a grid of its own."""
    x, y = host.spec.x, host.spec.y
    if stock.shape != "circle" or host.cells or host.cols < x.n or stock.w > x.size or stock.h > y.size:
        return None
    free = [host.slot(i) for i in range(len(host.entries), host.rows * host.cols)]
    rows = host.rows
    while len(free) < n and rows < y.n and \
            host.top - y.span(rows + 1) - _bottom_surround(host.spec) >= area.y0 - 0.01:
        k = min(x.n, n - len(free))
        start = (x.n - k) // 2
        top = host.top - rows * (y.size + y.gutter)
        free += [(host.x0 + c * (x.size + x.gutter), top - y.size) for c in range(start, start + k)]
        rows += 1
    if len(free) < n:
        return None
    dx, dy = (x.size - stock.w) / 2, (y.size - stock.h) / 2
    return [((cx + dx, cy + dy), cy) for cx, cy in free[:n]]
