"""The Tabletop Simulator export: deck sheets, tile images and a saved object.

Which piece becomes what (Tabletop Simulator's custom objects, kb.tabletopsimulator.com/custom-content):
- a rectangular piece no larger than a Jumbo card (3.5 x 5.5 in, either way up) is a card. Cards of
  one size share deck sheets: a grid of at most 10 x 7 cells, at most 4096 px a side, each cell a
  card's face at its trim (no bleed); the grid's last cell is the "hidden" face Tabletop Simulator
  shows for a card it hides (the sheet's most common back). A sheet whose cards share one back
  uses one back image; a sheet whose backs differ has a back sheet of the same grid.
- a round piece is a circular custom tile, a larger rectangular one (a board, a mat) a box tile;
  each has its face image on top and its back image (or a blank one) below.
The saved object (saved.py) holds one deck object for each kind of card in each part of the game,
with every card by name as many times as it is printed, and a bag of tiles for each kind of tile.

The images are drawn by the same layout and drawing code as the PDF (render/png.py), at the cell's
or tile's pixel size; each is redrawn only when what it is drawn from, or the file itself, changed
(export/trust.py), as for The Game Crafter.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from .plan import FACE, Plan, plan
from .products import pixels

MAX_COLS, MAX_ROWS = 10, 7           # Tabletop Simulator's deck sheet grid at most
MAX_SIDE = 4096                      # px: its largest sheet, and every image kept under it
DPI_MAX = 300                        # never drawn finer than the print
CARD_MAX = (3.5 * 72, 5.5 * 72)      # points: a Jumbo card, the largest card; larger pieces are tiles
WHITE = "#ffffff"
BLANK = "blank.png"


@dataclass
class Cell:
    face: object                     # plan.Image of the face
    back: object | None              # plan.Image of the back, or None (a single-sided card)


@dataclass
class Sheet:
    number: int                      # 1, 2 ... across the save: Tabletop Simulator's CustomDeck key
    group: str                       # file-name stem of its card size, e.g. "poker-deck"
    cells: list                      # [Cell]
    cols: int
    rows: int
    cell_w: int                      # px
    cell_h: int
    width: float                     # card trim, points
    height: float
    faces_file: str = ""
    backs_file: str = ""             # a back sheet (UniqueBack), or the one shared back image
    unique_back: bool = False
    hidden: object | None = None     # plan.Image drawn in the hidden cell (None: blank)
    hash: str = ""

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.cell_w, self.rows * self.cell_h


@dataclass
class Tile:
    image: object                    # plan.Image
    width_px: int
    height_px: int
    file: str = ""
    hash: str = ""


@dataclass
class Layout:
    plan: Plan
    sheets: list                     # [Sheet]
    tiles: dict                      # file -> Tile (faces and backs of tile pieces, shared backs once)
    backs: dict                      # file -> Tile: one shared back image per sheet that has one
    card_sheet: dict                 # card index -> (sheet, cell index) of a card piece
    tile_of: dict                    # card index -> (face file, back file or "") of a tile piece

    @property
    def files(self) -> list[str]:
        out = []
        for s in self.sheets:
            out.append(s.faces_file)
            if s.unique_back:
                out.append(s.backs_file)
        out += sorted(self.backs) + sorted(self.tiles)
        return list(dict.fromkeys(out))


def is_card(tpl) -> bool:
    w, h = tpl.width, tpl.height
    fits = (w <= CARD_MAX[0] + 0.5 and h <= CARD_MAX[1] + 0.5) or (h <= CARD_MAX[0] + 0.5 and w <= CARD_MAX[1] + 0.5)
    return tpl.shape == "rect" and fits


def grid(n: int, width: float, height: float) -> tuple[int, int, int, int]:
    """(cols, rows, cell_w, cell_h) for n cells (the hidden one included) of a width x height pt
    card: the largest cells a sheet of at most 10 x 7 cells and 4096 px a side holds, no finer than
    300 DPI; of equal cells, the grid with the fewest empty cells, then the fewest columns."""
    w300, h300 = width * DPI_MAX / 72, height * DPI_MAX / 72
    best = None
    for cols in range(1, MAX_COLS + 1):
        for rows in range(1, MAX_ROWS + 1):
            if cols * rows < n:
                continue
            scale = min(1.0, MAX_SIDE / (cols * w300), MAX_SIDE / (rows * h300))
            cw, ch = max(1, int(w300 * scale)), max(1, int(h300 * scale))
            key = (-cw * ch, cols * rows, cols)
            if best is None or key < best[0]:
                best = (key, (cols, rows, cw, ch))
    return best[1]


def tile_size(width: float, height: float) -> tuple[int, int]:
    """A tile image's pixels: 300 DPI, or less to keep both sides within 4096 px."""
    scale = min(1.0, MAX_SIDE / pixels(width), MAX_SIDE / pixels(height))
    return max(1, int(pixels(width) * scale)), max(1, int(pixels(height) * scale))


def _group_name(tpl) -> str:
    from .names import stem
    from .products import target
    t = target(tpl.width, tpl.height, tpl.shape, tpl.size_name)
    if t.exact:
        return stem(t.name) + ("-landscape" if tpl.width > tpl.height else "")
    mm = lambda p: f"{p * 25.4 / 72:.1f}".rstrip("0").rstrip(".")     # noqa: E731
    return f"cards-{mm(tpl.width)}x{mm(tpl.height)}mm"


def _digest(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:32]


def layout(deck, p: Plan | None = None) -> Layout:
    """Where every piece of `deck` goes: deck sheets for its cards, images for its tiles."""
    from .names import Claims
    p = p or plan(deck)
    claim = Claims()                # every file name once: tiles keep the Game Crafter export's names
    claim(Path(BLANK).stem)
    face_of = {}
    for image in p.faces:
        for index, _card in image.cards:
            face_of[index] = image
    groups: dict = {}               # size -> [Cell] in print order, each distinct (face, back) once
    cell_at: dict = {}              # card index -> (size, cell position in its group)
    tiles: dict = {}
    tile_of: dict = {}
    for index, card in enumerate(deck.cards):
        face = face_of[index]
        back = p.back_of.get(index)
        tpl = face.template
        if is_card(tpl):
            size = (round(tpl.width, 2), round(tpl.height, 2))
            cells = groups.setdefault(size, [])
            for i, c in enumerate(cells):
                if c.face is face and c.back is back:
                    break
            else:
                cells.append(Cell(face, back))
                i = len(cells) - 1
            cell_at[index] = (size, i)
        else:
            for image in (face, back):
                if image is not None and image.file not in tiles:
                    w, h = tile_size(image.template.width, image.template.height)
                    tiles[image.file] = Tile(image, w, h, claim(Path(image.file).stem),
                                             _digest("tile", image.hash, w, h))
            tile_of[index] = (tiles[face.file].file, tiles[back.file].file if back is not None else "")
    sheets, backs, card_sheet = [], {}, {}
    shared_as: dict = {}            # (back image, cell size) -> its file
    per_sheet = MAX_COLS * MAX_ROWS - 1
    for size, cells in groups.items():
        tpl = cells[0].face.template
        name = _group_name(tpl)
        chunks = [cells[i:i + per_sheet] for i in range(0, len(cells), per_sheet)]
        first = {}
        for k, chunk in enumerate(chunks, 1):
            cols, rows, cw, ch = grid(len(chunk) + 1, tpl.width, tpl.height)
            sheet = Sheet(len(sheets) + 1, name, chunk, cols, rows, cw, ch, tpl.width, tpl.height)
            sheet.faces_file = claim(f"{name}-{k}" if len(chunks) > 1 else name)
            kinds = [c.back for c in chunk]
            counts: dict = {}
            for b in kinds:
                counts[id(b)] = counts.get(id(b), 0) + 1
            sheet.hidden = max(kinds, key=lambda b: counts[id(b)])       # the most common back; first on ties
            shared = all(b is kinds[0] for b in kinds)
            if shared and kinds[0] is not None:
                back = kinds[0]
                file = shared_as.get((id(back), cw, ch))
                if file is None:            # named for what it is, as in the Game Crafter export
                    file = shared_as[(id(back), cw, ch)] = claim(Path(back.file).stem)
                    backs[file] = Tile(back, cw, ch, file, _digest("back", back.hash, cw, ch))
                sheet.backs_file = file
            elif shared:
                sheet.backs_file = BLANK
            else:
                sheet.unique_back = True
                sheet.backs_file = claim(f"{Path(sheet.faces_file).stem}-backs")
            sheet.hash = _digest("sheet", cols, rows, cw, ch, [(c.face.hash, c.back.hash if c.back else None)
                                                              for c in chunk],
                                 sheet.hidden.hash if sheet.hidden is not None else None)
            for i, c in enumerate(chunk):
                first[id(c)] = (sheet, i)
            sheets.append(sheet)
        for index, (sz, i) in cell_at.items():
            if sz == size:
                card_sheet[index] = first[id(cells[i])]
    tiles = {t.file: t for t in tiles.values()}        # by the file each is written to
    return Layout(p, sheets, tiles, backs, card_sheet, tile_of)


# -- drawing ---------------------------------------------------------------------------------------

def _faces(laid, images) -> list:
    """The laid-out face (trim only, no bleed) of each plan.Image: `laid` is layout_deck's list."""
    return [laid[im.first[0]].front if im.side == FACE else laid[im.first[0]].back for im in images]


def _render(faces, sizes) -> list:
    """Each face rasterized at its (width, height) px, as numpy arrays (rows, cols, 3)."""
    from ..render.png import _numpy, faces_pdf, render_pages
    np = _numpy()
    if not faces:
        return []
    pdf = faces_pdf(faces, guide=False)
    return [np.frombuffer(rgb, np.uint8).reshape(h, w, 3).copy()
            for rgb, (w, h) in zip(render_pages(pdf, sizes, raw=True), sizes)]


def _encode(pixels_, dpi: float) -> bytes:
    from ..render.png import encode_png
    h, w = pixels_.shape[:2]
    return encode_png(pixels_, dpi, size=(w, h))


def draw_sheet(laid, sheet: Sheet, backs: bool) -> bytes:
    """A deck sheet of faces (or, with `backs`, of backs), the hidden face in its last cell."""
    from ..render.png import _numpy
    np = _numpy()
    W, H = sheet.size
    out = np.full((H, W, 3), 255, np.uint8)
    images = [(c.back if backs else c.face) for c in sheet.cells]
    slots = list(range(len(images)))
    if sheet.hidden is not None:
        images.append(sheet.hidden)
        slots.append(sheet.cols * sheet.rows - 1)
    drawn = [(slot, im) for slot, im in zip(slots, images) if im is not None]
    faces = _faces(laid, [im for _, im in drawn])
    for (slot, _), px in zip(drawn, _render(faces, [(sheet.cell_w, sheet.cell_h)] * len(faces))):
        r, c = divmod(slot, sheet.cols)
        out[r * sheet.cell_h:(r + 1) * sheet.cell_h, c * sheet.cell_w:(c + 1) * sheet.cell_w] = px
    return _encode(out, sheet.cell_w / (sheet.width / 72))


def draw_tiles(laid, tiles: list) -> list[bytes]:
    faces = _faces(laid, [t.image for t in tiles])
    return [_encode(px, t.width_px / (t.image.template.width / 72))
            for t, px in zip(tiles, _render(faces, [(t.width_px, t.height_px) for t in tiles]))]


def blank_png() -> bytes:
    from ..render.png import _numpy
    np = _numpy()
    return _encode(np.full((64, 64, 3), 255, np.uint8), 72)


# -- the export ------------------------------------------------------------------------------------

@dataclass
class Report:
    layout: Layout
    out: Path
    saved: Path = None                              # the saved-object JSON
    drawn: list = field(default_factory=list)
    kept: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    stray: list = field(default_factory=list)
    cleaned: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    objects: list = field(default_factory=list)     # (kind, nickname, count) of each object in the save
    seconds: float = 0.0


def export_tts(deck, out_dir, base_url: str | None = None, redraw: bool = False, clean: bool = False,
               progress=None) -> Report:
    """Export `deck` for Tabletop Simulator into `out_dir`: the sheets and tile images, and
    a saved object naming them by local file URL, or under `base_url` where they will be hosted."""
    from ..layout.deck import layout_deck
    from ..layout.safezone import warnings as safe_warnings
    from ..output import write_atomic, write_if_changed
    from . import prepare, saved, sweep, trust
    from .plan import code_digest
    start = time.perf_counter()
    out = prepare(out_dir)
    lay = layout(deck)
    report = Report(lay, out)
    outputs = trust.Outputs(out, trust.TTS_CACHE)
    name = saved.file_name(deck)
    expected = set(lay.files) | {name}
    if any(s.backs_file == BLANK for s in lay.sheets) or any(not b for _f, b in lay.tile_of.values()):
        expected.add(BLANK)
    found = [n for n in trust.strays(out, expected) if n not in outputs.files]
    if clean:
        trust.check_clean(outputs, found)

    jobs = []                       # (file, hash, draw() -> bytes)
    for s in lay.sheets:
        jobs.append((s.faces_file, s.hash, lambda s=s: draw_sheet(laid, s, False)))
        if s.unique_back:
            jobs.append((s.backs_file, s.hash + "-backs", lambda s=s: draw_sheet(laid, s, True)))
    singles = list(lay.backs.values()) + [lay.tiles[f] for f in sorted(lay.tiles)]
    if BLANK in expected:
        jobs.append((BLANK, _digest("blank", code_digest()), blank_png))
    todo = [j for j in jobs if redraw or not outputs.fresh(j[0], j[1])]
    todo_singles = [t for t in singles if redraw or not outputs.fresh(t.file, t.hash)]
    names = {j[0] for j in todo} | {t.file for t in todo_singles}
    if names:
        keep = {f: e for f, e in outputs.files.items() if f not in names}
        if keep != outputs.files:
            outputs.save(keep)
    laid = layout_deck(deck, 0.0)         # from the layout store where a build laid them out
    update = progress(len(names)) if progress and names else None
    new = {}
    for file, hash_, draw in todo:
        data = draw()
        write_atomic(out / file, data)
        new[file] = {"hash": hash_, **trust.stamp(out / file, data)}
        report.drawn.append(file)
        if update:
            update(1)
    for i in range(0, len(todo_singles), 24):
        chunk = todo_singles[i:i + 24]
        for t, data in zip(chunk, draw_tiles(laid, chunk)):
            write_atomic(out / t.file, data)
            new[t.file] = {"hash": t.hash, **trust.stamp(out / t.file, data)}
            report.drawn.append(t.file)
        if update:
            update(len(chunk))
    for file, hash_, _ in jobs:
        if file not in new:
            new[file] = dict(outputs.get(file))
            report.kept.append(file)
    for t in singles:
        if t.file not in new:
            new[t.file] = dict(outputs.get(t.file))
            report.kept.append(t.file)

    # every face drawn, checked against its template's safe zone as build and proof do
    drawn = [(f"card '{c.face.first[1].name}' (face)", c.face) for s in lay.sheets for c in s.cells]
    drawn += [(f"card '{c.back.first[1].name}' (back)", c.back) for s in lay.sheets for c in s.cells if c.back]
    drawn += [(f"card '{t.image.first[1].name}' ({t.image.side})", t.image) for t in singles]
    faces = [(who, _faces(laid, [image])[0]) for who, image in drawn]
    report.warnings = safe_warnings(faces, deck.folder)

    text, report.objects = saved.saved_object(deck, lay, saved.urls(out, base_url))
    write_if_changed(out / name, text.encode("utf-8"))
    report.saved = out / name
    new[name] = {"hash": _digest(text), **trust.stamp(out / name, text.encode("utf-8"))}
    sweep(report, outputs, expected, clean, found)
    outputs.save(new)
    report.seconds = time.perf_counter() - start
    return report

