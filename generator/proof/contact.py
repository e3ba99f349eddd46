"""The contact sheet: every distinct face and back, small and labelled, on one PNG.

Thumbnails come from render/png.py (the same drawing code as the PDF): made smaller from the face images the
proof draws (proof/images.py), or drawn at DPI when it writes none. Tiles run in print order; a back that many
cards share is one tile, labelled with how many cards show it.

Not here: laying out or drawing a face (layout/, render/png.py).
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from .. import FONTS
from .collect import CardProof
from collections import Counter
from PIL import Image, ImageDraw, ImageFont

DPI = 56            # a poker card is 140 x 196 px: its values readable, the whole game on one screen
MARGIN = 16
GAP = 12
LABEL = 30          # two lines of label under each tile
HEADER = 34
BACKGROUND = (226, 226, 222)
INK = (30, 30, 30)
MUTED = (95, 95, 95)
ERROR_FILL = (250, 225, 225)


@dataclass
class Tile:
    label: str          # card name
    side: str           # front | back
    note: str           # "x3", "back of 31 cards", "does not lay out"
    image: object       # PIL image, or None when the face could not be laid out
    cards: list         # names of the cards that show this face
    key: tuple = ()     # (side, face key): equal keys draw the same
    back_name: str = "" # the named back it is, if any
    scaled: bool = False  # drawn smaller than the other tiles' scale (a board)


def tiles(cards: list[CardProof], dpi: float = DPI, drawn: dict | None = None) -> list[Tile]:
    """One tile per distinct face (and per side that failed to lay out), in print order. `drawn`: thumbnails
    made already ((side, face key) -> PIL image of the face's thumb_size: proof/images.py makes them from the
    face images it draws); the others are drawn here."""
    out: list[Tile] = []
    index: dict = {}
    faces = []
    for cp in cards:
        for side in cp.sides:
            if side.face is None:
                out.append(Tile(cp.card.name, side.side, "not laid out: see errors", None, [cp.card.name]))
                continue
            k = (side.side, side.key)
            if k in index:
                index[k].cards.append(cp.card.name)
                continue
            t = Tile(cp.card.name, side.side, "", None, [cp.card.name], k,
                     cp.card.back.name if side.side == "back" and cp.card.back.name != "" else "")
            index[k] = t
            out.append(t)
            faces.append((t, side.face))
    cell = cell_size([f for _, f in faces], dpi)
    sizes = [thumb_size(f, dpi, cell) for _, f in faces]
    drawn = drawn or {}
    todo = [(f, size) for (t, f), size in zip(faces, sizes) if t.key not in drawn]
    made = iter(thumbnails([f for f, _ in todo], [size for _, size in todo]))
    for (t, f), size in zip(faces, sizes):
        t.image = drawn[t.key] if t.key in drawn else next(made)
        true = (_px(f.width + 2 * f.bleed, dpi), _px(f.height + 2 * f.bleed, dpi))
        t.scaled = size != true
    copies = {cp.card.name: cp.card.copies for cp in cards}
    for t in out:
        n = sum(copies.get(c, 1) for c in t.cards)
        if not t.key:
            continue
        if len(t.cards) > 1:                # the cards printed with this face: copies counted
            t.note = f"{t.side} of {n} cards"
            if t.side == "back" and t.back_name:
                t.label = f"back '{t.back_name}'"
        elif n > 1:
            t.note = f"{t.side}, {n} copies"
        else:
            t.note = t.side
        if t.scaled:
            t.note += " (reduced)"
    return out


def _px(points: float, dpi: float) -> int:
    return max(1, round(points / 72 * dpi))


def cell_size(faces: list, dpi: float = DPI) -> tuple[int, int]:
    """The tile size: the most common face size at `dpi` (a deck's cards), never below 60 px."""
    if not faces:
        return (_px(63.5 / 25.4 * 72, dpi), _px(88.9 / 25.4 * 72, dpi))
    sizes = Counter((_px(f.width + 2 * f.bleed, dpi), _px(f.height + 2 * f.bleed, dpi)) for f in faces)
    w, h = sizes.most_common(1)[0][0]
    return max(w, 60), max(h, 60)


def thumb_size(face, dpi: float, cell: tuple[int, int]) -> tuple[int, int]:
    """A face's thumbnail size: true scale at `dpi`, or scaled down to fit the cell (a board)."""
    w, h = face.width + 2 * face.bleed, face.height + 2 * face.bleed
    scale = min(1.0, cell[0] / (w / 72 * dpi), cell[1] / (h / 72 * dpi))
    return _px(w, dpi * scale), _px(h, dpi * scale)


def thumbnails(faces: list, sizes: list) -> list:
    """Each face as a PIL image of its size (render/png.py: the PDF's drawing code), all in one PDF."""
    from ..render import png  # lazy: +30 ms to import (benchmarks/imports.py)
    if not faces:
        return []
    if hasattr(png, "faces_pdf") and hasattr(png, "render_pages"):
        return list(png.render_pages(png.faces_pdf(faces), sizes))
    return [png.rasterize(f, w, h) for f, (w, h) in zip(faces, sizes)]


def _font(size: int, bold: bool = False):
    name = "PnpSansCondensed-Bold.ttf" if bold else "PnpSansCondensed-Regular.ttf"
    try:
        return ImageFont.truetype(str(FONTS / name), size)
    except OSError:
        return ImageFont.load_default()


def _fit(draw, text: str, font, width: int) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _runs(text: str, size: int, bold: bool) -> list:
    """A label's runs [(text, Pillow font)]: in the condensed family where it has the glyphs, else in the first
    font of its fallback chain that has them (layout/fonts.runs: an Arabic or Japanese name)."""
    from ..layout import fonts  # lazy: +180 ms to import (benchmarks/imports.py)
    return [(run, ImageFont.truetype(str(fonts.file_of(f)), size)) for run, f in
            fonts.runs(text, "condensed", "bold" if bold else "regular")]


def _label(d, xy: tuple, text: str, font, size: int, bold: bool, fill, width: int) -> None:
    """One line of a label at `xy`, cut to `width` pixels with "…": as one text where the condensed face has
    every glyph and nothing runs right to left, else run by run in their fonts (_runs), in visual order (the bidi
    algorithm: shaping.in_visual_order; Pillow shapes each run)."""
    if text.isascii():
        d.text(xy, _fit(d, text, font, width), fill=fill, font=font)
        return
    from ..layout import shaping  # lazy: +180 ms to import (benchmarks/imports.py)
    cut = text
    while True:
        runs = _runs(cut if cut == text else cut + "…", size, bold)
        if len(runs) == 1 and not shaping.has_rtl(text):
            d.text(xy, _fit(d, text, font, width), fill=fill, font=font)
            return
        sizes = [d.textlength(r, font=f) for r, f in runs]
        if sum(sizes) <= width or not cut:
            break
        cut = cut[:-1]
    items, x = [], 0.0
    for (run, f), w in zip(runs, sizes):
        items.append((x, run, f, w))
        x += w
    for at, run, f, _, _ in shaping.in_visual_order(items, shaping.rtl(text), None):
        d.text((xy[0] + round(at), xy[1]), run, fill=fill, font=f)


def layout(n: int, cell_w: int, cell_h: int) -> tuple[int, int]:
    """(columns, rows) for n tiles: roughly as wide as tall, at most 12 columns."""
    if n == 0:
        return 0, 0
    cols = max(1, min(n, 12, math.ceil(math.sqrt(n * cell_h / max(cell_w, 1)))))
    return cols, math.ceil(n / cols)


def sheet(title: str, tile_list: list[Tile], parked: tuple = ()):
    """The contact sheet image and its geometry (for proof.json); the names of the cards parked (copies: 0)
    said after its title."""
    sizes = [t.image.size for t in tile_list if t.image is not None] or [(140, 196)]
    img_w = max(w for w, _ in sizes)
    img_h = max(h for _, h in sizes)
    cell_w, cell_h = max(img_w, 120), img_h + LABEL
    cols, rows = layout(len(tile_list), cell_w, cell_h)
    width = MARGIN * 2 + cols * cell_w + max(cols - 1, 0) * GAP
    height = HEADER + MARGIN * 2 + rows * cell_h + max(rows - 1, 0) * GAP
    width = max(width, 320)
    im = Image.new("RGB", (width, height), BACKGROUND)
    d = ImageDraw.Draw(im)
    head, small, bold = _font(16, True), _font(11), _font(11, True)
    said = f"; parked (copies: 0): {', '.join(parked)}" if parked else ""
    _label(d, (MARGIN, MARGIN - 4), f"{title}: {len(tile_list)} faces{said}", head, 16, True, INK, width - 2 * MARGIN)
    boxes = []
    for i, t in enumerate(tile_list):
        r, c = divmod(i, cols)
        x = MARGIN + c * (cell_w + GAP)
        y = HEADER + MARGIN + r * (cell_h + GAP)
        if t.image is not None:
            w, h = t.image.size
            px, py = x + (cell_w - w) // 2, y + (img_h - h) // 2
            im.paste(t.image, (px, py))
            d.rectangle((px - 1, py - 1, px + w, py + h), outline=(150, 150, 150))
        else:
            w, h = sizes[0]
            px, py = x + (cell_w - w) // 2, y + (img_h - h) // 2
            d.rectangle((px, py, px + w - 1, py + h - 1), fill=ERROR_FILL, outline=(180, 40, 40))
            d.line((px, py, px + w - 1, py + h - 1), fill=(180, 40, 40))
            d.line((px, py + h - 1, px + w - 1, py), fill=(180, 40, 40))
        _label(d, (x, y + img_h + 3), t.label, bold, 11, True, INK, cell_w)
        _label(d, (x, y + img_h + 16), t.note, small, 11, False, MUTED, cell_w)
        boxes.append([x, y, cell_w, img_h])
    geometry = {"tiles": len(tile_list), "columns": cols, "rows": rows, "cell": [cell_w, cell_h],
                "image": [img_w, img_h], "margin": MARGIN, "gap": GAP, "header": HEADER, "size": [width, height],
                "boxes": boxes,
                "labels": [{"card": t.label, "side": t.side, "note": t.note, "cards": t.cards} for t in tile_list],
                **({"parked": list(parked)} if parked else {})}
    return im, geometry


def png_bytes(image) -> bytes:
    """A tile or the sheet as PNG bytes (render/png.encode_png: the Sub filter and zlib-ng, five times faster
    than Pillow's encoder at its default level)."""
    from ..render.png import encode_png  # lazy: +23 ms to import (benchmarks/imports.py)
    return encode_png(image, DPI)


class Thumbs(Mapping):
    """(side, face key) -> a tile's image as PNG bytes, encoded when first asked for: only changes.html shows
    them (proof.html shows the face files)."""

    def __init__(self, tile_list: list[Tile]):
        self.images = {t.key: t.image for t in tile_list if t.image is not None}
        self.encoded: dict = {}

    def __getitem__(self, key) -> bytes:
        png = self.encoded.get(key)
        if png is None:
            png = self.encoded[key] = png_bytes(self.images[key])
        return png

    def __iter__(self):
        return iter(self.images)

    def __len__(self) -> int:
        return len(self.images)
