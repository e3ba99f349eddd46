"""Where the Tabletop Simulator export puts each piece: deck sheets for cards, images for tiles.

Which piece becomes what (Tabletop Simulator's custom objects, kb.tabletopsimulator.com/custom-content;
the limits are data, layouts/shop-tabletop-simulator.yaml):
- a rectangular piece no larger than a Jumbo card (3.5 x 5.5 in, either way up) is a card. Cards of
  one size share deck sheets: a grid of at most 10 x 7 cells, at most 4096 px a side, each cell a
  card's face at its trim (no bleed). Every cell holds a card: the decks set BackIsHidden, so the
  game shows a hidden card's back, not a sheet's last cell. All the sheets of one size have cells of
  one size (the largest a full sheet holds), so a deck split over two sheets looks the same. A sheet
  whose cards share one back uses one back image (written once, however many sheets share it); a
  sheet whose backs differ has a back sheet of the same grid.
- a round piece is a circular custom tile, a hex piece a hex tile, a larger rectangular one (a board,
  a mat) a box tile; each has its face image on top and its back image (or a blank one) below. The
  game's hexagon is flat-topped: a pointy hex piece's images are turned a quarter turn clockwise.
Every image is an Output: its file-name stem, what it is drawn from (a hash) and, once drawn or
found, its file, named STEM-DIGEST.png for a digest of its bytes (tts.py), so that a changed image
gets a new URL: Tabletop Simulator caches an image by its URL for good.

Not here: drawing the images (tts_draw.py), the saved object (saved.py), writing files (tts.py).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from .plan import FACE, Plan, plan
from .products import pixels, target
from .shops import shop
from .tts_sizes import CARD_LARGEST
from .names import Claims, stem
from pathlib import Path

_DECK = shop("tts").data["deck"]
MAX_COLS, MAX_ROWS = int(_DECK["columns"]), int(_DECK["rows"])     # a deck sheet's grid at most
MAX_SIDE = int(_DECK["largest_image"])       # px: its largest sheet, and every image kept under it
DPI_MAX = int(_DECK["finest_dpi"])           # never drawn finer than the print
PER_SHEET = MAX_COLS * MAX_ROWS              # every cell a card (BackIsHidden)
BLANK = "blank"                              # the stem of the blank image: a single-sided piece's back


@dataclass
class Output:
    """One image the export writes: STEM-DIGEST.png."""
    stem: str
    hash: str                        # what it is drawn from
    width_px: int
    height_px: int
    image: object | None = None      # plan.Image of a tile or a shared back
    file: str = ""                   # set when drawn (or found drawn): stem, "-", a digest of its bytes, ".png"
    turn: bool = False               # drawn height x width, then turned a quarter turn clockwise (a pointy hex)


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
    faces: Output | None = None
    backs: Output | None = None      # a back sheet (unique_back), the one shared back image, or the blank
    unique_back: bool = False

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.cell_w, self.rows * self.cell_h

    @property
    def hash(self) -> str:
        return self.faces.hash

    @property
    def faces_file(self) -> str:
        return self.faces.file

    @property
    def backs_file(self) -> str:
        return self.backs.file


@dataclass
class Layout:
    plan: Plan
    sheets: list                     # [Sheet]
    outputs: list                    # [Output]: every image, each once, in the order drawn
    card_sheet: dict                 # card index -> (sheet, cell index) of a card piece
    tile_of: dict                    # card index -> (face Output, back Output) of a tile piece
    backs: list = field(default_factory=list)      # [Output]: the shared backs of sheets
    tiles: list = field(default_factory=list)      # [Output]: the tile images

    @property
    def files(self) -> list[str]:
        return list(dict.fromkeys(o.file for o in self.outputs))


def is_card(tpl) -> bool:
    w, h = tpl.width, tpl.height
    big, long = CARD_LARGEST
    fits = (w <= big + 0.5 and h <= long + 0.5) or (h <= big + 0.5 and w <= long + 0.5)
    return tpl.shape == "rect" and fits


def grid(n: int, width: float, height: float, cell: tuple[int, int] | None = None) -> tuple[int, int, int, int]:
    """(cols, rows, cell_w, cell_h) for n cards of a width x height pt card: the largest cells a
    sheet of at most 10 x 7 cells and 4096 px a side holds, no finer than 300 DPI; of equal cells,
    the grid with the fewest empty cells, then the fewest columns. With `cell` (px) given, the cells
    are that size and only the grid is chosen."""
    w300, h300 = width * DPI_MAX / 72, height * DPI_MAX / 72
    best = None
    for cols in range(1, MAX_COLS + 1):
        for rows in range(1, MAX_ROWS + 1):
            if cols * rows < n:
                continue
            if cell is None:
                scale = min(1.0, MAX_SIDE / (cols * w300), MAX_SIDE / (rows * h300))
                cw, ch = max(1, int(w300 * scale)), max(1, int(h300 * scale))
            else:
                cw, ch = cell
                if cols * cw > MAX_SIDE or rows * ch > MAX_SIDE:
                    continue
            key = (-cw * ch, cols * rows, cols)
            if best is None or key < best[0]:
                best = (key, (cols, rows, cw, ch))
    return best[1]


def tile_size(width: float, height: float) -> tuple[int, int]:
    """A tile image's pixels: 300 DPI, or less to keep both sides within 4096 px."""
    scale = min(1.0, MAX_SIDE / pixels(width), MAX_SIDE / pixels(height))
    return max(1, int(pixels(width) * scale)), max(1, int(pixels(height) * scale))


def _group_name(tpl) -> str:
    t = target(tpl.width, tpl.height, tpl.shape, tpl.size_name)
    if t.exact:
        return stem(t.name) + ("-landscape" if tpl.width > tpl.height else "")
    mm = lambda p: f"{p * 25.4 / 72:.1f}".rstrip("0").rstrip(".")     # noqa: E731
    return f"cards-{mm(tpl.width)}x{mm(tpl.height)}mm"


def digest(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:32]


def layout(deck, p: Plan | None = None) -> Layout:
    """Where every piece of `deck` goes: deck sheets for its cards, images for its tiles."""

    p = p or plan(deck)
    claim = Claims()                # every stem once: tiles keep the Game Crafter export's names
    claim(BLANK, "")
    blank = Output(BLANK, digest("blank"), 64, 64)
    face_of = {}
    for image in p.faces:
        for index, _card in image.cards:
            face_of[index] = image
    groups: dict = {}               # size -> [Cell] in print order, each distinct (face, back) once
    cell_at: dict = {}              # card index -> (size, cell position in its group)
    tiles: dict = {}                # plan.Image's file -> Output
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
                    turn = image.template.shape == "hex-pointy"     # Tabletop Simulator's hexagon is flat-topped
                    if turn:
                        w, h = h, w
                    tiles[image.file] = Output(claim(Path(image.file).stem, ""),
                                               digest("tile", image.hash, w, h, *(["turned"] if turn else [])),
                                               w, h, image, turn=turn)
            tile_of[index] = (tiles[face.file], tiles[back.file] if back is not None else blank)
    sheets, backs, card_sheet = [], {}, {}
    for size, cells in groups.items():
        tpl = cells[0].face.template
        name = _group_name(tpl)
        chunks = [cells[i:i + PER_SHEET] for i in range(0, len(cells), PER_SHEET)]
        cell = grid(len(chunks[0]), tpl.width, tpl.height)[2:]       # one cell size for every sheet of the size
        first = {}
        for k, chunk in enumerate(chunks, 1):
            cols, rows, cw, ch = grid(len(chunk), tpl.width, tpl.height, cell)
            sheet = Sheet(len(sheets) + 1, name, chunk, cols, rows, cw, ch, tpl.width, tpl.height)
            key = [(c.face.hash, c.back.hash if c.back else None) for c in chunk]
            sheet.faces = Output(claim(f"{name}-{k}" if len(chunks) > 1 else name, ""),
                                 digest("sheet", cols, rows, cw, ch, key), cols * cw, rows * ch)
            kinds = [c.back for c in chunk]
            shared = all(b is kinds[0] for b in kinds)
            if shared and kinds[0] is not None:
                back = kinds[0]
                if back.file not in backs:      # named for what it is, as in the Game Crafter export
                    backs[back.file] = Output(claim(Path(back.file).stem, ""), digest("back", back.hash, cw, ch),
                                              cw, ch, back)
                sheet.backs = backs[back.file]
            elif shared:
                sheet.backs = blank
            else:
                sheet.unique_back = True
                sheet.backs = Output(claim(f"{sheet.faces.stem}-backs", ""),
                                     digest("backs", cols, rows, cw, ch, [c.back.hash if c.back else None
                                                                          for c in chunk]), cols * cw, rows * ch)
            for i, c in enumerate(chunk):
                first[id(c)] = (sheet, i)
            sheets.append(sheet)
        for index, (sz, i) in cell_at.items():
            if sz == size:
                card_sheet[index] = first[id(cells[i])]
    outputs = []
    for s in sheets:
        outputs.append(s.faces)
        if s.unique_back:
            outputs.append(s.backs)
    # faces before backs: an image of the same bytes as another (a coin's back, its face again) is
    # written once, under the name of the first
    tile_list = sorted(tiles.values(), key=lambda o: (o.image.side != FACE, o.stem))
    outputs += list(backs.values()) + tile_list
    if any(s.backs is blank for s in sheets) or any(b is blank for _f, b in tile_of.values()):
        outputs.append(blank)
    return Layout(p, sheets, outputs, card_sheet, tile_of, list(backs.values()), tile_list)
