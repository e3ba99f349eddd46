"""Drawing the Tabletop Simulator export's images: deck sheets (every cell a face at the cell's
pixel size), tile images and the blank image, through the same layout and drawing code as the PDF
(render/png.py), on every core (draw_all: each sheet, and each few tiles, drawn and encoded by a worker
process that inherits the laid-out faces, render/pool.py).

Not here: which face goes in which cell (tts_sheets.py), writing files or deciding what to redraw
(tts.py).
"""
from __future__ import annotations

from .plan import FACE
from .tts_sheets import Sheet
from ..render.pool import map_chunks, share, shared


def laid_faces(laid, images) -> list:
    """The laid-out face (trim only, no bleed) of each plan.Image: `laid` is layout_deck's list."""
    return [laid[im.first[0]].front if im.side == FACE else laid[im.first[0]].back for im in images]


def _render(faces, sizes) -> list:
    """Each face rasterized at its (width, height) px, as numpy arrays (rows, cols, 3)."""
    from ..render.png import faces_pdf, numpy_or_none, render_pages  # lazy: +15 ms to import (benchmarks/imports.py)
    np = numpy_or_none()
    if not faces:
        return []
    pdf = faces_pdf(faces, guide=False)
    return [np.frombuffer(rgb, np.uint8).reshape(h, w, 3).copy()
            for rgb, (w, h) in zip(render_pages(pdf, sizes, raw=True), sizes)]


def _encode(pixels_, dpi: float) -> bytes:
    from ..render.png import encode_png  # lazy: +15 ms to import (benchmarks/imports.py)
    h, w = pixels_.shape[:2]
    return encode_png(pixels_, dpi, size=(w, h))


def draw_sheet(laid, sheet: Sheet, backs: bool) -> bytes:
    """A deck sheet of faces (or, with `backs`, of backs), a card in every cell, row by row; a cell
    no card fills (or a single-sided card's back) is white."""
    from ..render.png import numpy_or_none  # lazy: +15 ms to import (benchmarks/imports.py)
    np = numpy_or_none()
    W, H = sheet.size
    out = np.full((H, W, 3), 255, np.uint8)
    images = [(c.back if backs else c.face) for c in sheet.cells]
    drawn = [(slot, im) for slot, im in enumerate(images) if im is not None]
    faces = laid_faces(laid, [im for _, im in drawn])
    for (slot, _), px in zip(drawn, _render(faces, [(sheet.cell_w, sheet.cell_h)] * len(faces))):
        r, c = divmod(slot, sheet.cols)
        out[r * sheet.cell_h:(r + 1) * sheet.cell_h, c * sheet.cell_w:(c + 1) * sheet.cell_w] = px
    return _encode(out, sheet.cell_w / (sheet.width / 72))


def draw_tiles(laid, tiles: list) -> list[bytes]:
    """Each tts_sheets.Output of a tile (or a shared back) drawn at its pixel size (a turned one drawn
    upright, then turned a quarter turn clockwise)."""
    from ..render.png import numpy_or_none  # lazy: +15 ms to import (benchmarks/imports.py)
    np = numpy_or_none()
    faces = laid_faces(laid, [t.image for t in tiles])
    sizes = [(t.height_px, t.width_px) if t.turn else (t.width_px, t.height_px) for t in tiles]
    return [_encode(np.ascontiguousarray(np.rot90(px, -1)) if t.turn else px, w / (t.image.template.width / 72))
            for t, (w, _h), px in zip(tiles, sizes, _render(faces, sizes))]


def blank_png() -> bytes:
    from ..render.png import numpy_or_none  # lazy: +15 ms to import (benchmarks/imports.py)
    np = numpy_or_none()
    return _encode(np.full((64, 64, 3), 255, np.uint8), 72)


def draw_all(laid, lay, todo: list, progress=None) -> list[bytes]:
    """The PNG bytes of each tts_sheets.Output in `todo`, in order, drawn on every core."""
    sheet_of = {id(s.faces): (k, False) for k, s in enumerate(lay.sheets)}
    sheet_of.update({id(s.backs): (k, True) for k, s in enumerate(lay.sheets) if s.unique_back})
    items = [("sheet", *sheet_of[id(o)]) if id(o) in sheet_of else ("blank",) if o.image is None else ("tile", o)
             for o in todo]
    share(laid=laid, sheets=lay.sheets)
    sheets = [item for item in items if item[0] == "sheet"]
    others = [item for item in items if item[0] != "sheet"]
    # a sheet is a job of its own (up to 70 faces and an image 4096 px a side); tiles go a few to a job
    drawn = dict(zip(map(id, sheets), map_chunks(_drawn, sheets, most=1, fewest=2, progress=progress)))
    drawn.update(zip(map(id, others), map_chunks(_drawn, others, most=24, progress=progress)))
    return [drawn[id(item)] for item in items]


def _drawn(chunk: list) -> list[bytes]:
    """In a worker (or here): the PNG bytes of each ("sheet", index, backs?), ("tile", Output) or ("blank",)."""
    laid, sheets = shared("laid"), shared("sheets")
    tiles = [item[1] for item in chunk if item[0] == "tile"]
    drawn = iter(draw_tiles(laid, tiles) if tiles else [])
    return [draw_sheet(laid, sheets[item[1]], item[2]) if item[0] == "sheet" else blank_png() if item[0] == "blank"
            else next(drawn) for item in chunk]
