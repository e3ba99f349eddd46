"""Where the Tabletop Simulator export puts each piece: deck sheets for cards, images for tiles.

Which piece becomes what (Tabletop Simulator's custom objects, kb.tabletopsimulator.com/custom-content):
- a rectangular piece no larger than a Jumbo card (3.5 x 5.5 in, either way up) is a card. Cards of
  one size share deck sheets: a grid of at most 10 x 7 cells, at most 4096 px a side, each cell a
  card's face at its trim (no bleed); the grid's last cell is the "hidden" face Tabletop Simulator
  shows for a card it hides (the sheet's most common back). A sheet whose cards share one back
  uses one back image; a sheet whose backs differ has a back sheet of the same grid.
- a round piece is a circular custom tile, a larger rectangular one (a board, a mat) a box tile;
  each has its face image on top and its back image (or a blank one) below.

Not here: drawing the images (tts_draw.py), the saved object (saved.py), writing files (tts.py).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from .plan import Plan, plan
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


def digest(*parts) -> str:
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
                                             digest("tile", image.hash, w, h))
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
                    backs[file] = Tile(back, cw, ch, file, digest("back", back.hash, cw, ch))
                sheet.backs_file = file
            elif shared:
                sheet.backs_file = BLANK
            else:
                sheet.unique_back = True
                sheet.backs_file = claim(f"{Path(sheet.faces_file).stem}-backs")
            sheet.hash = digest("sheet", cols, rows, cw, ch, [(c.face.hash, c.back.hash if c.back else None)
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
