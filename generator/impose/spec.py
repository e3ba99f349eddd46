"""The sheet spec: what the paper and the printout options (--paper, --duplex, --offset, --bleed, --gutter)
mean for every card sheet of a build, worked out once (`sheet_spec`) and read by every step after it.

--paper and --duplex are interpreted here and nowhere else. A paper's name is its layout (read by sheets.py
from layouts/sheets/NAME.yaml), its name as printed and the card stock the leaf asks for. A duplex mode
(DUPLEX) says where the backs go (a backs page after each fronts page, beside the fronts about a fold line,
or nowhere), which way a backs page mirrors its fronts page, the edge the paper is flipped on, and how the
sheet's label names it. From these the spec holds: the printable area (the same on both sides of the paper
where backs fall behind fronts), the paper inside its own margins (labels; a gutter-fold build's pieces
without backs), a gutter-fold sheet's two ways of folding (the fronts' half, the mirror, the fold line),
the cut-mark and gutter settings the grid is solved with, the gutter mode and bleed, the backs' offset,
and where each back lands (`back_position`).

Not here: reading the layout file (sheets.py); how each piece size sits in an area (grid.py, pack.py); the
pages (cardsheets.py); marks and labels (guides.py, labels.py); the leaf's words (leaf.py).
"""
from __future__ import annotations


from ..records import Record
from ..errors import PnpError, known_list
from .grid import AUTO, BLEED, TOUCHING, Marks, Stock, layout_bleed
from .pack import Area
from .paper import SheetLayout, get_sheet
from ..language import N_, words
from ..units import from_mm

CLEAR = from_mm(0.6)             # between a sheet's label and anything else


def room(size: float) -> float:
    """How deep a label of `size` points is, with the clearance either side of it."""
    return size * 1.25 + 2 * CLEAR


PAGE, FOLD, NONE = "page", "fold", "none"       # where a sheet's backs go


class Duplex(Record):
    """What one --duplex choice means for the card sheets."""
    name: str           # as the option takes it, and the short form on a sheet's label
    title: str          # as a sheet's label says it in full
    backs: str          # PAGE: a backs page after each fronts page; FOLD: beside the fronts, about a fold line;
                        # NONE: not printed
    mirror: str = ""    # a backs page's placements: "x", mirrored left-right; "y", top-bottom
    edge: str = ""      # the edge the paper is flipped on, as the leaf and the calibration sheet say it

    @property
    def fronts_only(self) -> bool:
        return self.backs == NONE


DUPLEX = {d.name: d for d in (
    Duplex("long", N_("duplex, flip on the long edge"), PAGE, "x", "long"),
    Duplex("short", N_("duplex, flip on the short edge"), PAGE, "y", "short"),
    Duplex("fold", N_("gutter-fold, single-sided"), FOLD),
    Duplex("none", N_("single-sided, fronts only"), NONE),
)}
FLIPPED = tuple(name for name, d in DUPLEX.items() if d.backs == PAGE)     # pnp calibrate's choices

# the papers the leaf names a stock for (others: "card stock"), as a sheet's label names them (the layout's own title)
PAPERS = {"a4": ("A4", N_("A4 card stock (160-250 g/m²)")),
          "letter": ("Letter", N_("US Letter card stock (65-110 lb cover)"))}
SPACING = (AUTO, TOUCHING)


class Fold(Record):
    """One way to fold a gutter-fold sheet."""
    way: str            # across: fronts above the fold line, backs below; down: fronts left, backs right
    area: Area          # the fronts' half
    mirror: str         # how the backs fall on the other half ("y": top-bottom; "x": left-right)
    line: tuple         # the fold line (x1, y1, x2, y2)


class SheetSpec(Record):
    """Everything a card sheet of this build needs to know of the paper and the options (points)."""
    paper: SheetLayout      # the paper's layout: size, margins, marks, label, fold gap (sheets.py)
    title: str              # the paper's name as printed: A4, Letter
    stock: str              # what the leaf says to print the cards on
    duplex: Duplex
    unfolded: Duplex        # how a sheet other than a gutter-fold page is labelled: the build's own mode, but
                            # "fronts only" for a gutter-fold build's pieces without backs
    one_sided: Duplex       # how a sheet whose pieces have no backs is labelled: single-sided, fronts only
    offset: tuple           # (right, up): every backs page shifted by this, for the printer's duplex error
    mode: str               # how gutters are chosen: auto | touching | bleed (grid.py)
    bleed: float            # --bleed (0: as much as the gutter holds)
    marks: Marks            # the paper's cut-mark and gutter settings, and the label's room, for grid.solve
    area: Area              # where a card sheet's pieces and marks go: for backs behind fronts, the same
                            # on both sides of the paper
    full: Area              # the paper inside its margins, one side: labels; a gutter-fold build's
                            # pieces without backs
    folds: tuple = ()       # gutter-fold: the ways to fold a sheet, across first; () otherwise
    margin: float = 0.0     # the least margin, as the leaf says it
    language: str = "en"    # the language the labels, the leaf and the calibration sheet speak (language/)
    families: tuple = ()    # ((family, the family it is printed in), ...) in that language (layout/fonts.own)

    def font(self, family: str) -> str:
        """The family pnp's own words on the sheets print `family` in, in the build's language."""
        return dict(self.families).get(family, family)

    def back_position(self, x: float, y: float, w: float, h: float, mirror: str,
                      shift: tuple = (0.0, 0.0)) -> tuple[float, float]:
        """Where a box `w` x `h` at (x, y) on the fronts lands on the other side of the paper (or the
        other half of a gutter-fold sheet), mirrored as `mirror` says, then moved by `shift`."""
        ox, oy = shift
        if mirror == "x":
            return self.paper.width - x - w + ox, y + oy
        if mirror == "y":
            return x + ox, self.paper.height - y - h + oy
        raise ValueError(mirror)

    def label_areas(self, fold: Fold | None = None) -> list[Area]:
        """Where a sheet's label may go, in order: a gutter-fold page's fronts half first, then the paper."""
        return [fold.area, self.full] if fold is not None else [self.full]

    def layout_bleed(self, width: float, height: float, shape: str, gutter: float) -> float:
        """The bleed to lay a piece of this size out with (see grid.layout_bleed)."""
        return layout_bleed(Stock(width, height, shape, gutter), self.marks, self.mode, self.bleed)


def sheet_spec(paper: str | SheetLayout, duplex: str = "long", offset: tuple = (0.0, 0.0), bleed: float = 0.0,
               spacing: str = AUTO, language: str = "en", families: tuple = ()) -> SheetSpec:
    """The spec of a build's card sheets: `paper` is a paper's name (layouts/sheets/NAME.yaml) or its layout
    already read; `offset` and `bleed` in points; `spacing` is --gutter; the paper's and the duplex mode's
    words in `language`, printed in `families`."""
    layout = paper if isinstance(paper, SheetLayout) else get_sheet(paper)
    mode = _mode(spacing, bleed)
    if duplex not in DUPLEX:
        raise PnpError(f"unknown duplex mode '{duplex}'", hint=known_list(DUPLEX))
    _ = words(language)
    d = DUPLEX[duplex]
    d = d._replace(title=_(d.title))
    stock = PAPERS.get(layout.name, (None, N_("card stock")))[1]
    stock, title = _(stock), layout.title or layout.name
    fronts_only = DUPLEX["none"]
    fronts_only = fronts_only._replace(title=_(fronts_only.title))
    both = _printable(layout, True, True)
    folds = ()
    if d.backs == FOLD:
        W, H, g = layout.width, layout.height, layout.fold_gap
        folds = (Fold("across", Area(both.x0, H / 2 + g, both.x1, both.y1), "y", (both.x0, H / 2, both.x1, H / 2)),
                 Fold("down", Area(both.x0, both.y0, W / 2 - g, both.y1), "x", (W / 2, both.y0, W / 2, both.y1)))
    return SheetSpec(
        paper=layout, title=title, stock=stock, duplex=d,
        unfolded=fronts_only if d.backs == FOLD else d, one_sided=fronts_only,
        offset=tuple(offset), mode=mode, bleed=bleed, marks=_marks(layout),
        area=_printable(layout, d.backs == FOLD or d.mirror == "x", d.backs == FOLD or d.mirror == "y"),
        full=_printable(layout, False, False), folds=folds,
        margin=min(layout.left, layout.right, layout.top, layout.bottom), language=language,
        families=tuple(families))


def _mode(spacing: str, bleed: float) -> str:
    """--gutter and --bleed as grid.py takes them; --bleed with --gutter touching is refused."""
    if spacing not in SPACING:
        raise PnpError(f"unknown spacing '{spacing}'", hint=known_list(SPACING))
    if bleed > 0:
        if spacing == TOUCHING:
            raise PnpError("--bleed needs room between the cards; it cannot be used with --gutter touching")
        return BLEED
    return spacing


def _printable(paper: SheetLayout, same_x: bool, same_y: bool) -> Area:
    """The area inside the margins; with `same_x` (`same_y`), the wider of the left and right (top and bottom)
    margins on both sides, so that a back mirrored behind its front respects the margins of its own page."""
    left, right, top, bottom = paper.left, paper.right, paper.top, paper.bottom
    if same_x:
        left = right = max(left, right)
    if same_y:
        top = bottom = max(top, bottom)
    return Area(left, bottom, paper.width - right, paper.height - top)


def _marks(paper: SheetLayout) -> Marks:
    return Marks(paper.mark_length, min(paper.mark_min_length, paper.mark_length), paper.mark_gap,
                 min(paper.mark_min_gap, paper.mark_gap), paper.gutter_min, max(paper.gutter_max, paper.gutter_min),
                 room(paper.label_size))
