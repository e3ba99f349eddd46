"""Card sheets: the laid-out pieces, in print order, on sheets as the build's SheetSpec (spec.py) says: each
sheet's fronts page and then its backs page (duplex), one gutter-fold page (fronts on one half, their backs
on the other), or a fronts page alone (--duplex none, or a sheet none of whose pieces has a back: a backs
page of marks alone would misregister, and the leaf says to print that sheet single-sided).

A sheet starts at a new part or at a card marked new_sheet. A run's pieces go into blocks of one size each
(pack.py), each size's grid solved once for each area it is packed into (grid.py); on a gutter-fold build,
each stretch of pieces with backs is folded the way (across or down) that takes fewer sheets, and pieces
without backs print full-size on fronts pages. Every back goes where the spec says it lands behind its front
(SheetSpec.back_position, with the offset on a backs page). A gutter-fold half is filled with the pieces upright
or turned a quarter turn, whichever takes fewer sheets (poker cards on A4: four turned in each half, not three
upright); a turned front's back is turned with it; the marks (guides.py) and the label (labels.py)
are placed around the pieces.

A long-running process (pnp watch) hands in what it holds (`held`): when every piece is as it was in its last
build (each card, its copies, part and sheet break, its faces' sizes, bleed, shape and gutter, the spec, the title
and what the layout store's stamp covers: fonts and layouts), that build's sheets are used again with this build's
faces and cards in the same places, not packed and labelled again.

Not here: what the options mean (spec.py), the paper's layout file (sheets.py), the leaf, rule pages and
calibration sheet (document.py).
"""
from __future__ import annotations

from ..errors import PnpError
from ..units import mm
from .grid import BLEED, DoesNotFit, Spec, Stock, solve
from .guides import block_marks, mirror_marks
from .labels import label_ops, label_texts, mirror_label, sheet_label
from .pack import Area, Block, pack
from .page import Page, Placement
from .spec import FOLD, PAGE, Fold, SheetSpec


def card_sheets(laid_out: list, spec: SheetSpec, title: str = "", held: dict | None = None,
                stamp: str = "") -> list[Page]:
    """Card sheets in print order: for each, its fronts page and its backs page (or one gutter-fold page).
    `title` is the game's name as the labels print it. `held`, `stamp`: a long-running process's memory and the
    layout store's stamp (see the module's docstring)."""
    if held is None or not stamp:
        return _card_sheets(laid_out, spec, title)
    key = (stamp, spec, title, [(lo.card.id, lo.card.part, lo.card.new_sheet, lo.card.copies, _size(lo.front),
                                 _size(lo.back)) for lo in laid_out])
    last = held.get("sheets")
    pages = _refaced(last[2], last[1], laid_out) if last is not None and last[0] == key else None
    if pages is None:
        pages = _card_sheets(laid_out, spec, title)
    held["sheets"] = (key, laid_out, pages)
    return pages


def _size(face) -> tuple | None:
    return None if face is None else (face.width, face.height, face.bleed, face.shape, face.gutter)


def _refaced(pages: list[Page], before: list, laid_out: list) -> list[Page] | None:
    """`pages`, made from the laid-out cards `before`, with each placement's face and card those of `laid_out`
    (the same cards, in the same order, their pieces the same sizes); None where a placement's side cannot be
    told (a card whose front was its back, and is no longer)."""
    now = {id(b.card): (b, lo) for b, lo in zip(before, laid_out)}
    out = []
    for page in pages:
        placed = []
        for p in page.placements:
            old, new = now[id(p.card)]
            if old.front is old.back and new.front is not new.back:
                return None
            placed.append(p._replace(face=new.front if p.face is old.front else new.back, card=new.card))
        out.append(page._replace(placements=placed))
    return out


def _card_sheets(laid_out: list, spec: SheetSpec, title: str) -> list[Page]:
    plans: list[tuple[list[Block], Area, Fold | None]] = []     # (blocks, area, the fold of a gutter-fold page)
    sources = {}                        # each piece size's template size line, for a size that fits no sheet
    for item in laid_out:
        sources.setdefault(_stock(item), getattr(item.front, "source", ""))
    if spec.duplex.backs == FOLD:
        simplex = _Grids(spec, spec.full, "", sources)
        halves = [(fold, _Grids(spec, fold.area, "half a ", sources)) for fold in spec.folds]
        for run in _runs(laid_out):
            stretches = _split_backless(run)
            for i, (has_back, part) in enumerate(stretches):
                if not has_back:
                    if part:
                        plans += [(s, spec.full, None) for s in pack(part, _stock, simplex, spec.full)]
                    continue
                options = []            # (sheets, order, fold, grids, how each piece's size is laid)
                for turned in (False, True):
                    stock_of = _turned if turned else _stock
                    if turned and not any(_turnable(_stock(item)) for item, _ in part):
                        continue
                    for fold, grids in halves:
                        try:
                            sheets = pack(part, stock_of, grids, fold.area)
                        except PnpError:
                            continue
                        held = -sum(len(b.entries) for b in sheets[0])
                        options.append((len(sheets), held, len(options), fold, sheets, grids, stock_of))
                if not options:
                    halves[0][1](_stock(part[0][0]))         # raises: the piece fits no half sheet
                # the fewest sheets; of those, the most on a sheet (as many as a half holds); upright on a tie
                *_, fold, sheets, grids, stock_of = min(options, key=lambda o: o[:3])
                if i + 1 < len(stretches):      # the pieces with no back after them: in the last sheet's room
                    sheets, stretches[i + 1] = _filled(part, sheets, stretches[i + 1][1], stock_of, grids, fold)
                plans += [(s, fold.area, fold) for s in sheets]
    else:
        grids = _Grids(spec, spec.area, "", sources)
        for run in _runs(laid_out):
            plans += [(s, spec.area, None) for s in pack(run, _stock, grids, spec.area)]
    pages: list[Page] = []
    total = len(plans)
    for n, (blocks, area, fold) in enumerate(plans, 1):
        fronts, backs, marks = [], [], []
        for block in blocks:
            x, y = block.spec.x, block.spec.y
            shown = (x.bleed, y.bleed, x.bleed, y.bleed)
            for i, (item, copy) in enumerate(block.entries):
                px, py = block.slot(i)
                turn = 90 if block.spec.stock != _stock(item) else 0     # laid turned on a gutter-fold half
                face_shown = (y.bleed, x.bleed, y.bleed, x.bleed) if turn else shown    # (its own left, bottom ...)
                fronts.append(Placement(item.front, round(px, 4), round(py, 4), item.card, copy, len(fronts),
                                        face_shown, turn))
                backs.append(item.back)
            marks += [] if block.cells else block_marks(block, area)      # loose pieces: cut along their circle
        grids_used = tuple(dict.fromkeys(b.spec for b in blocks if not b.cells))
        loose = tuple(dict.fromkeys(b.spec.stock for b in blocks if b.cells))
        pages += _sheet_pages(spec, fold, fronts, backs, marks, grids_used, n, total, title, loose)
    if pages and pages[-1].kind == "back" and not pages[-1].placements:
        pages.pop()         # the last sheet's pieces have no backs: no blank page (the printer leaves that side blank)
    return pages


def _sheet_pages(spec: SheetSpec, fold: Fold | None, fronts: list, back_faces: list, marks: list, grids: tuple,
                 n: int, total: int, title: str, loose: tuple = ()) -> list[Page]:
    """A sheet's fronts page and backs page, or its gutter-fold page (`fold`), with marks and labels."""
    from ..layout.face import Line  # lazy: +458 ms to import (benchmarks/imports.py)
    paper = spec.paper
    W, H = paper.width, paper.height
    mirror, shift = (fold.mirror, (0.0, 0.0)) if fold is not None else (spec.duplex.mirror, spec.offset)
    backs: list[Placement] = []
    if mirror:                          # a gutter-fold page, or a duplex fronts page
        for p, back in zip(fronts, back_faces):
            if back is not None:            # (a turned front's back is turned as it is: behind it, the same way up)
                bx, by = spec.back_position(p.x, p.y, p.width, p.height, mirror, shift)
                backs.append(p._replace(face=back, x=round(bx, 4), y=round(by, 4)))
    ops: list = []
    page_marks = list(marks)
    placed = list(fronts)
    if fold is not None:                # fronts and backs on one page, either side of the fold line
        kind, mode = "fold", spec.duplex
        placed += backs
        page_marks += mirror_marks(spec, marks, mirror)
        ops.append(Line(*fold.line, stroke="#808080", stroke_width=0.5, dash=(4.0, 3.0)))
    else:
        # a sheet none of whose pieces has a back prints no backs page: its marks alone would misregister
        kind, mode = "front", spec.unfolded if backs or spec.duplex.backs != PAGE else spec.one_sided
    texts = label_texts(spec, title, n, total, kind, mode)
    label = sheet_label(spec, texts, placed, page_marks, ops, spec.label_areas(fold))
    out = [Page(kind, W, H, placed, page_marks, n, label.text if label else "", ops + label_ops(spec, label),
                paper.mark_width, paper.mark_colour, grids, loose)]
    if fold is None and spec.duplex.backs == PAGE and backs:
        which = texts.index(label.text) if label else 0
        btext = label_texts(spec, title, n, total, "back", mode)[which]
        blabel = mirror_label(spec, label, mirror, btext, shift)
        out.append(Page("back", W, H, backs, mirror_marks(spec, marks, mirror, shift), n,
                        blabel.text if blabel else "", label_ops(spec, blabel), paper.mark_width,
                        paper.mark_colour, grids, loose))
    return out


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


def _filled(part: list, sheets: list, backless: list, stock_of, grids, fold: Fold) -> tuple[list, tuple]:
    """(the gutter-fold sheets of `part`, the pieces with no back after it that are left) once as many of those
    pieces as the last sheet's fronts half has room for are laid there (nothing is glued behind them): a backless
    chit took a sheet of its own where the last sheet held it (11 sheets where 10 held everything)."""
    best, k = sheets, 0
    while k < len(backless):
        try:
            more = pack(part + backless[:k + 1], stock_of, grids, fold.area)
        except PnpError:
            break
        if len(more) > len(sheets):
            break
        best, k = more, k + 1
    return best, (False, backless[k:])


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


class _Grids:
    """grid.solve for each piece size in one area, once; a size that cannot fit is a one-line error."""

    def __init__(self, spec: SheetSpec, area: Area, where: str = "", sources: dict | None = None):
        self.spec, self.area, self.where = spec, area, where
        self.sources = sources or {}        # stock -> "file:line" of its template's size, for the error
        self.done: dict = {}

    def __call__(self, stock: Stock) -> Spec:
        grid = self.done.get(stock)
        if grid is None:
            spec, paper = self.spec, self.spec.paper
            try:
                grid = solve(stock, self.area.width, self.area.height, spec.marks, spec.mode, spec.bleed)
            except DoesNotFit:
                extra = f" with {mm(spec.bleed):.1f} mm bleed" if spec.mode == BLEED else ""
                file, _, line = self.sources.get(stock, "").rpartition(":")
                raise PnpError(f"a {mm(stock.w):.1f} x {mm(stock.h):.1f} mm piece{extra} does not fit on "
                               f"{self.where}{paper.name} paper inside its "
                               f"{mm(min(paper.left, paper.top)):.1f} mm printable margins", file or None,
                               int(line) if line.isdigit() else None, field="size" if file else None)
            self.done[stock] = grid
        return grid


def _turnable(stock: Stock) -> bool:
    """A piece that may lie turned a quarter turn on a gutter-fold half: a rectangle that is not square (a round
    or hex piece's cut guide is drawn on the sheet as it lies)."""
    return stock.shape == "rect" and abs(stock.w - stock.h) > 0.01


def _turned(item) -> Stock:
    """The piece's size as it lies turned a quarter turn, where it may be (see _turnable)."""
    stock = _stock(item)
    return stock._replace(w=stock.h, h=stock.w) if _turnable(stock) else stock


def _stock(item) -> Stock:
    face = item.front
    return Stock(round(face.width, 4), round(face.height, 4), face.shape, round(face.gutter, 4))
