"""How one piece size sits on a sheet: how many across and down, the gutters, the bleed that shows, the marks.

Each axis (across, down) is solved on its own, in this order of what matters:

1. as many pieces as fit (touching, with a cut mark at one end of each line at least);
2. a gutter of `gutter.min` or more between pieces, filled with each piece's own bleed, and cut marks at
   both ends of every line: a cut 1 mm off the line then shows only the piece's own colours;
3. without room for that, pieces touch (one cut between neighbours) with marks at both ends;
4. then marks at one end only; then none (the leaf says so).

What is left over goes, in turn, to a gutter of 2.5 mm (so that a cut 1 mm off the line stays well inside
the piece's own half), room for the sheet's label below the pieces (or beside them), longer marks (to
3 mm), a wider gap between mark and bleed, a wider gutter (to `gutter.max`), and longer marks (to
`cut_marks.length`); the rest is margin, shared equally.
Nothing is placed within the sheet's margins (the band a home printer cannot print: 4.2 mm).

Round and hex pieces (shape: circle, hex) are cut apart through the middle of their gutter and then cut out
along their own round or hexagonal guide, so their straight cut lines sit half a gutter outside the trim; their
bleed stops ROUND_APART short of a neighbour's (unless --bleed asks for more), so paper shows between them (a
3 mm gutter: 1.25 mm of bleed, more than the 1 mm a cut may stray).

Not here: the area a grid is solved in and the paper's settings it is solved with (spec.py), several sizes
sharing a sheet (pack.py), the marks drawn (guides.py).
"""
from __future__ import annotations


from ..records import Record
from ..units import from_mm, mm
from ..language import words

AUTO, TOUCHING = "auto", "touching"
BLEED = "bleed"                    # the mode of an explicit --bleed: the gutter holds it
MARK_FIRST = from_mm(3.0)          # marks grow to this before the gap and the gutter do
GUTTER_FIRST = from_mm(2.5)        # ... but first the gutter grows to this: 1.25 mm of each piece's own colour
ROUND_APART = from_mm(0.5)         # round and hex pieces: paper between two neighbours' bleeds, so each reads as
#                                    one piece and the cut through the gutter's middle runs on paper (A Royal
#                                    Will's navy trackers ran into one another)


class Stock(Record):
    """What the sheet needs to know of a piece."""
    w: float
    h: float
    shape: str = "rect"
    gutter: float = 0.0            # the template's own least gutter (round chits want some)

    def name(self) -> str:
        kind = "round pieces" if self.shape == "circle" else "hex pieces" if self.shape != "rect" else "pieces"
        return f"{mm(self.w):.4g} × {mm(self.h):.4g} mm {kind}"


class Marks(Record):
    """The sheet layout's cut-mark and gutter settings, in points."""
    length: float
    min_length: float
    gap: float
    min_gap: float
    gutter_min: float
    gutter_max: float
    label: float = 0.0     # room for the sheet's label below the pieces, kept before marks grow past 3 mm


class Axis(Record):
    n: int                 # pieces across this axis on a full sheet
    size: float            # a piece's trim length along it
    gutter: float          # between neighbouring trims
    bleed: float           # the bleed shown beyond each trim edge (in the gutter, and outside the outer pieces)
    pad: float             # the cut lines sit this far outside each trim (round pieces: half the gutter)
    gap: float             # from the outer edge of the bleed (or the cut line) to a mark
    mark: float            # a mark's length
    ends: int              # ends of each cut line with a mark: 2, 1 (the far end) or 0
    start: float           # from the area's start edge to the first trim edge
    label: float = 0.0     # room kept for the sheet's label at the far end

    @property
    def outer(self) -> float:
        """How far beyond the outer trim edges the pieces reach (their shown bleed, or their cut line)."""
        return max(self.bleed, self.pad)

    @property
    def surround(self) -> float:
        """From an outer trim edge to the far end of its mark."""
        return self.outer + self.gap + self.mark

    def span(self, n: int | None = None) -> float:
        n = self.n if n is None else n
        return n * self.size + (n - 1) * self.gutter

    @property
    def touching(self) -> bool:
        return self.gutter <= 0.01 and self.pad <= 0.01


class Spec(Record):
    """A piece size on a sheet (or on half of a gutter-fold sheet)."""
    stock: Stock
    x: Axis
    y: Axis

    @property
    def per_sheet(self) -> int:
        return self.x.n * self.y.n


class DoesNotFit(ValueError):
    pass


def _used(n: int, size: float, gutter: float, outer: float) -> float:
    return n * size + (n - 1) * gutter + 2 * outer


def solve_axis(length: float, size: float, marks: Marks, mode: str = AUTO, bleed: float = 0.0,
               tpl_gutter: float = 0.0, round_piece: bool = False, reserve: float = 0.0) -> Axis:
    """The best arrangement of pieces `size` long in `length` (the printable length of the sheet's area)."""
    def geometry(g: float, shown: float):
        pad = g / 2 if round_piece else 0.0
        if round_piece and mode != BLEED:       # neighbours' bleeds stop short of each other (ROUND_APART)
            shown = min(shown, max(0.0, g / 2 - ROUND_APART / 2))
        return g, shown, pad, max(shown, pad)

    if mode == TOUCHING:
        plans = [geometry(tpl_gutter, 0.0)]
        fixed = True
    elif mode == AUTO:
        plans = None
        fixed = False
    else:                                   # an explicit bleed: the gutter holds it
        g = max(tpl_gutter, 2 * bleed)
        plans = [geometry(g, bleed)]
        fixed = True
    touch = geometry(tpl_gutter, tpl_gutter / 2 if round_piece else 0.0)
    base = plans[0] if fixed else touch
    least = marks.min_gap + marks.min_length

    def most(g, outer, ends):
        return max(0, int((length - 2 * outer + g - ends * least + 1e-6) // (size + g)))

    n = most(base[0], base[3], 1) or most(base[0], base[3], 0)
    if n < 1:
        raise DoesNotFit()
    gmin = max(marks.gutter_min, tpl_gutter)
    gmax = max(marks.gutter_max, gmin)
    choice = None
    candidates = []
    if not fixed:
        # a gutter of at least gmin, marks at both ends
        g_room = (length - n * size - 2 * least) / n      # with the shown bleed filling it: n gutters' worth
        if g_room >= gmin - 1e-6:
            candidates.append((geometry(gmin, gmin / 2), 2, gmax))
        candidates.append((touch, 2, None))
        if g_room + least / n >= gmin - 1e-6:
            candidates.append((geometry(gmin, gmin / 2), 1, gmax))
        candidates.append((touch, 1, None))
        candidates.append((touch, 0, None))
    else:
        candidates = [(base, 2, None), (base, 1, None), (base, 0, None)]
    for geo, ends, grow_to in candidates:
        g, shown, pad, outer = geo
        if _used(n, size, g, outer) + ends * least <= length + 1e-6:
            choice = (geo, ends, grow_to)
            break
    if choice is None:
        raise DoesNotFit()
    (g, shown, pad, outer), ends, grow_to = choice
    mark, gap = (marks.min_length, marks.min_gap) if ends else (0.0, 0.0)
    spare = length - _used(n, size, g, outer) - ends * (mark + gap)

    def grow(current, target, cost):
        nonlocal spare
        if cost <= 0 or target <= current or spare <= 0:
            return current
        step = min(target - current, spare / cost)
        spare -= step * cost
        return current + step

    if grow_to is not None:
        # first a margin over the least gutter: a cut 1 mm off the line must not reach the neighbour's half
        new_g = grow(g, min(grow_to, GUTTER_FIRST), n)
        g, shown, pad, outer = geometry(new_g, new_g / 2)
    kept = reserve if spare >= reserve - 1e-6 else 0.0     # the sheet label's room, at the far end
    spare -= kept
    if ends:
        mark = grow(mark, max(marks.min_length, min(MARK_FIRST, marks.length)), ends)
        gap = grow(gap, max(marks.gap, marks.min_gap), ends)
    if grow_to is not None:
        # a wider gutter: each of the n pieces takes half of it on either side (the outer ones as bleed)
        new_g = grow(g, grow_to, n)
        g, shown, pad, outer = geometry(new_g, new_g / 2)
    if ends:
        mark = grow(mark, max(marks.length, mark), ends)
    # what is left is margin: equal at both ends, or all of it at the marked end
    before = spare / 2 if ends != 1 else 0.0
    start = before + (mark + gap if ends == 2 else 0.0) + outer
    return Axis(n, size, round(g, 4), round(shown, 4), round(pad, 4), round(gap, 4), round(mark, 4), ends,
                round(start, 4), round(kept, 4))


def solve(stock: Stock, width: float, height: float, marks: Marks, mode: str = AUTO, bleed: float = 0.0) -> Spec:
    """Both axes of `stock` in an area `width` x `height` (the sheet inside its margins)."""
    round_piece = stock.shape != "rect"         # round and hex pieces alike: cut apart, then along their guide
    y = solve_axis(height, stock.h, marks, mode, bleed, stock.gutter, round_piece, marks.label)
    # the label goes below the pieces; without room there, at their right (read upwards)
    x_room = marks.label if y.label < marks.label - 1e-6 else 0.0
    x = solve_axis(width, stock.w, marks, mode, bleed, stock.gutter, round_piece, x_room)
    return Spec(stock, x, y)


def layout_bleed(stock: Stock, marks: Marks, mode: str = AUTO, bleed: float = 0.0) -> float:
    """The bleed a piece is laid out with: the most any sheet can show of it. The sheet shows less where it
    must (a touching side shows none) by clipping each placement."""
    if mode == TOUCHING:
        return 0.0
    if mode == AUTO and stock.shape != "rect":      # as much as the least gutter leaves it, ROUND_APART kept
        return max(0.0, max(marks.gutter_min, stock.gutter) / 2 - ROUND_APART / 2)    # clear: round, unclipped
    if mode == AUTO:
        return max(marks.gutter_max, marks.gutter_min, stock.gutter) / 2
    return bleed


def describe(spec: Spec, paper: str = "", _=None, placed: tuple | None = None, shown: tuple | None = None) -> str:
    """What the layout chose for a piece size, for the print instructions (how many are printed is the
    leaf's to say: printout/howto.py), in the words `_` gives (language.Words; English without). `placed`:
    the most columns and rows of it any sheet holds (a full sheet's grid when not given), so a block of one
    row says nothing of rows; `shown`: the bleed drawn beyond a lone piece's trim (left, bottom, right, top)."""
    if _ is None:
        _ = words()
    x, y = spec.x, spec.y
    cols, rows = placed if placed is not None else (x.n, y.n)
    parts = []
    if spec.stock.shape != "rect":
        # the gutters as drawn, across and down: a piece's neighbours are the gutter away from it on the axes
        # that hold two or more (the marks sit half a gutter outside each trim), to the tenth of a millimetre
        across, down = (_.num(mm(a.gutter), ".1f") if n > 1 else None for a, n in ((x, cols), (y, rows)))
        circle = spec.stock.shape == "circle"
        if across and down and across != down:
            parts.append(_("cut the sheet apart through the middle of the gutters ({across} mm between columns, "
                           "{down} mm between rows), then cut each piece out along its grey circle", across=across,
                           down=down) if circle else
                         _("cut the sheet apart through the middle of the gutters ({across} mm between columns, "
                           "{down} mm between rows), then cut each piece out along its grey hexagon", across=across,
                           down=down))
        else:
            gutter = across or down or _.num(mm(max(x.gutter, y.gutter)), ".1f")
            parts.append(_("cut the sheet apart through the middle of the {mm} mm gutters, then cut each piece out "
                           "along its grey circle", mm=gutter) if circle else
                         _("cut the sheet apart through the middle of the {mm} mm gutters, then cut each piece out "
                           "along its grey hexagon", mm=gutter))
    else:
        for name, a, n in (("columns", x, cols), ("rows", y, rows)):
            if n < 2:
                continue
            if a.touching:
                parts.append((_("columns touch (no room for a gutter on {paper}): one cut between neighbours",
                                paper=paper) if paper else
                               _("columns touch (no room for a gutter): one cut between neighbours"))
                              if name == "columns" else
                              (_("rows touch (no room for a gutter on {paper}): one cut between neighbours",
                                 paper=paper) if paper else
                               _("rows touch (no room for a gutter): one cut between neighbours")))
            else:
                gutter = _.num(mm(a.gutter), ".1f")
                filled = a.bleed >= from_mm(1.0) - 0.01
                if name == "columns":
                    parts.append(_("{mm} mm gutters between columns, filled with each piece's own colour: cut both "
                                   "lines of each gutter", mm=gutter) if filled else
                                 _("{mm} mm gutters between columns: cut both lines of each gutter", mm=gutter))
                else:
                    parts.append(_("{mm} mm gutters between rows, filled with each piece's own colour: cut both "
                                   "lines of each gutter", mm=gutter) if filled else
                                 _("{mm} mm gutters between rows: cut both lines of each gutter", mm=gutter))
        if cols < 2 and rows < 2:
            left, bottom, right, top = (round(mm(v), 1) for v in (shown or (x.bleed, y.bleed, x.bleed, y.bleed)))
            side, end = min(left, right), min(top, bottom)
            if side == end and side > 0:
                parts.append(_("its colour runs {mm} mm past the cut lines", mm=_.num(side, ".1f")))
            elif max(side, end) > 0:
                parts.append(_("its colour runs {side} mm past the side cut lines, {end} mm past the top and bottom "
                               "ones", side=_.num(side, ".1f"), end=_.num(end, ".1f")))
    if 1 in (x.ends, y.ends):
        parts.append(_("some cut lines have a mark at one end only (no room for two): cut them square to the "
                       "sheet's edge"))
    if 0 in (x.ends, y.ends):
        parts.append(_("some cut lines have no marks (no room): cut along the pieces' edges"))
    return _("; ").join(parts)
