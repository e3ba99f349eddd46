"""Pictures of a game's cards for its page or a post (`pnp export GAME --to showcase`), as Squib's `hand`
and `showcase` draw them:
- hand.png: a few cards fanned as in a hand, each turned about a point below them, the rightmost on top;
  the cards are those `--hand` chooses (deck/select.py's choices: names, ids, numbers, ranges), by default
  five of the deck's most common size and shape: the first card of each kind, then distinct faces of the
  most numerous kind spread evenly through the deck, in deck order;
- showcase.png: every distinct face, then every distinct back, in rows, each piece in a cell of its own size, boards
  and tiles in rows of their own, the width chosen so that the pieces cover as much of the picture as they can.
Each piece is cut to its shape (rounded corners as its template's radius, a circle, a hexagon) and casts a
soft shadow; the background is transparent. Drawn at `dpi` (150 by default) by the PDF's own drawing code
(pngs.draw), so they look as the cards print. Same deck, same bytes.
Not here: the faces' PNGs for printing (pngs.py).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from PIL import Image, ImageDraw, ImageFilter
import io
import numpy as np
from .pngs import draw, pixels
from .targets import RECORDS

DPI = 150
HAND, GRID = "hand.png", "showcase.png"
HAND_MOST = 5
SPREAD = 7.0          # degrees between neighbouring cards of the hand
GAP = 0.15            # inches between pieces of the grid, and the margin around them (twice this)


@dataclass
class Report:
    out: Path
    dpi: int
    hand: list = field(default_factory=list)         # the cards fanned (names)
    faces: int = 0                                    # pieces in the grid
    sizes: dict = field(default_factory=dict)         # file -> (width px, height px)
    written: list = field(default_factory=list)
    kept: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    stray: list = field(default_factory=list)
    cleaned: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        (hw, hh), (gw, gh) = self.sizes[HAND], self.sizes[GRID]
        return (f"wrote {self.out}: {HAND} ({len(self.hand)} cards fanned: {', '.join(self.hand)}; {hw} x {hh} px) "
                f"and {GRID} ({self.faces} faces in a grid; {gw} x {gh} px) at {self.dpi} dpi; "
                f"{len(self.written)} written, {len(self.kept)} unchanged")


def cut(rgb, template, dpi: int):
    """The face's RGB picture (its trim) as RGBA, transparent outside the piece's shape."""
    w, h = rgb.size
    scale = 4                                     # the mask drawn four times as fine, then reduced: smooth edges
    mask = Image.new("L", (w * scale, h * scale), 0)
    d = ImageDraw.Draw(mask)
    if template.shape == "circle":
        d.ellipse((0, 0, w * scale - 1, h * scale - 1), fill=255)
    elif template.shape.startswith("hex"):
        from ..layout.shapes import piece_outline  # lazy: +228 ms to import (benchmarks/imports.py)
        k = dpi / 72 * scale
        d.polygon([(x * k, (template.height - y) * k) for x, y in piece_outline(template.shape, template.width,
                                                                               template.height)], fill=255)
    else:
        r = template.radius * dpi / 72 * scale
        d.rounded_rectangle((0, 0, w * scale - 1, h * scale - 1), radius=r, fill=255)
    out = rgb.convert("RGBA")
    out.putalpha(mask.resize((w, h), Image.Resampling.LANCZOS))
    return out


def shadowed(pieces, canvas_size, places, dpi: int):
    """The RGBA pieces pasted at `places` (top-left corners) on a transparent canvas, each over a soft shadow."""
    shadow = Image.new("L", canvas_size, 0)
    off = max(1, round(dpi * 0.03))
    for piece, (x, y) in zip(pieces, places):
        shadow.paste(piece.getchannel("A").point(lambda v: v * 0.45), (x + off, y + 2 * off),
                     piece.getchannel("A"))
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(1, dpi * 0.04)))
    out = Image.new("RGBA", canvas_size, (0, 0, 0, 0))
    out.putalpha(shadow)
    for piece, (x, y) in zip(pieces, places):
        out.alpha_composite(piece, (x, y))
    return out


def grid(pieces, dpi: int, big=()):
    """Every piece in rows, each in a cell of its own size (a board is not a card's cell): the cards and chits side
    by side, the pieces `big` names (boards and tiles: their indexes) in rows of their own after them, each row
    centred, its pieces centred on its height. Of the widths that break the rows differently, the one whose picture
    the pieces cover most among those from three quarters as wide as tall to three times as wide (else the
    nearest to twice as wide)."""
    gap, margin = round(GAP * dpi), round(2 * GAP * dpi)
    small = [i for i in range(len(pieces)) if i not in set(big)]
    runs = [r for r in (small, [i for i in range(len(pieces)) if i in set(big)]) if r]
    area = sum(int((np.asarray(p.getchannel("A")) > 127).sum()) for p in pieces)
    sizes = [(p.width, p.height) for p in pieces]
    widest = max(w for w, _ in sizes)
    best = None
    for inner in sorted({widest} | {_row_width(sizes, run[a:b], gap) for run in runs for a in range(len(run))
                                    for b in range(a + 1, len(run) + 1)}):
        if inner < widest:
            continue
        rows = [row for run in runs for row in _rows(sizes, run, inner, gap)]
        w = 2 * margin + max(_row_width(sizes, row, gap) for row in rows)
        h = 2 * margin + sum(max(sizes[i][1] for i in row) for row in rows) + gap * (len(rows) - 1)
        covered = area / (w * h)
        fits = 0.75 <= w / h <= 3.0
        key = (fits, covered if fits else -abs(math.log(w / h / 2)))
        if best is None or key > best[0]:
            best = (key, rows, (w, h))
    _, rows, size = best
    places = [None] * len(pieces)
    y = margin
    for row in rows:
        height = max(sizes[i][1] for i in row)
        x = (size[0] - _row_width(sizes, row, gap)) // 2
        for i in row:
            places[i] = (x, y + (height - sizes[i][1]) // 2)
            x += sizes[i][0] + gap
        y += height + gap
    return shadowed(pieces, size, places, dpi)


def _row_width(sizes, row, gap: int) -> int:
    return sum(sizes[i][0] for i in row) + gap * (len(row) - 1)


def _rows(sizes, run, inner: int, gap: int) -> list:
    """The pieces of `run` in rows at most `inner` px wide, in order."""
    rows, row, used = [], [], 0
    for i in run:
        w = sizes[i][0]
        if row and used + gap + w > inner:
            rows.append(row)
            row, used = [], 0
        used += (gap if row else 0) + w
        row.append(i)
    return rows + ([row] if row else [])


def is_big(template) -> bool:
    """A board or a tile, which the grid sets in rows of its own: a hexagon, or a rectangle larger than a Jumbo card
    (3.5 x 5.5 in, tts_sheets.is_card: the largest a card is)."""
    from .tts_sheets import is_card  # lazy: +20 ms to import (benchmarks/imports.py)
    return template.shape.startswith("hex") or (template.shape == "rect" and not is_card(template))


def fan(pieces, dpi: int):
    """The pieces fanned as in a hand: each turned SPREAD degrees from its neighbour about a point 2.5
    heights below the middle card's centre, the first on the left, the last on top."""
    n = len(pieces)
    h = max(p.height for p in pieces)
    radius = 2.5 * h
    turned, centres = [], []
    for i, p in enumerate(pieces):
        angle = (i - (n - 1) / 2) * SPREAD                       # degrees, clockwise from upright
        turned.append(p.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True))
        a = math.radians(angle)
        centres.append((radius * math.sin(a), -radius * math.cos(a)))   # y down from the pivot is negative
    margin = round(2 * GAP * dpi)
    xs = [cx - t.width / 2 for (cx, _), t in zip(centres, turned)] + [cx + t.width / 2 for (cx, _), t in
                                                                      zip(centres, turned)]
    ys = [-cy - t.height / 2 for (_, cy), t in zip(centres, turned)] + [-cy + t.height / 2 for (_, cy), t in
                                                                        zip(centres, turned)]
    left, top = min(xs), min(ys)
    size = (math.ceil(max(xs) - left) + 2 * margin, math.ceil(max(ys) - top) + 2 * margin)
    places = [(round(cx - t.width / 2 - left) + margin, round(-cy - t.height / 2 - top) + margin)
              for (cx, cy), t in zip(centres, turned)]
    return shadowed(turned, size, places, dpi)


def hand_cards(deck, choices) -> list:
    """The indexes (in deck.cards) of the cards to fan: those `choices` name, else the default (module)."""
    if choices:
        from ..deck.select import chosen  # lazy: +85 ms to import (benchmarks/imports.py)
        from ..errors import PnpError  # lazy: +7 ms to import (benchmarks/imports.py)
        try:
            picked = {id(c) for c in chosen(deck, choices)}
        except PnpError as exc:             # select.py words its mistakes for build's --only
            exc.message = exc.message.replace("--only", "--hand")
            raise
        return [i for i, c in enumerate(deck.cards) if id(c) in picked]
    from .plan import plan  # lazy: +271 ms to import (benchmarks/imports.py)
    faces = plan(deck).faces
    sizes = [(round(f.template.width, 1), round(f.template.height, 1), f.template.shape) for f in faces]
    common = max(set(sizes), key=lambda z: (sizes.count(z), -sizes.index(z)))      # the deck's main card size
    distinct = [f.first[0] for f, z in zip(faces, sizes) if z == common]     # a card of each such face, in order
    first: dict = {}
    for i in distinct:
        first.setdefault(deck.cards[i].kind, i)
    out = list(first.values())[:HAND_MOST]
    kinds = [deck.cards[i].kind for i in distinct]
    most = max(set(kinds), key=lambda k: (kinds.count(k), -kinds.index(k)))        # the deck's main kind
    rest = [i for i in distinct if i not in out and deck.cards[i].kind == most]
    room = min(HAND_MOST - len(out), len(rest))
    out += [rest[round(k * (len(rest) - 1) / max(1, room - 1))] for k in range(room)] if room > 1 else rest[:room]
    return sorted(set(out))


def export_showcase(deck, out_dir, dpi: int | None = None, hand=(), clean: bool = False) -> Report:
    """Write hand.png and showcase.png of `deck` into `out_dir`."""

    from ..layout.deck import layout_deck  # lazy: +257 ms to import (benchmarks/imports.py)
    from . import trust  # lazy: +25 ms to import (benchmarks/imports.py)
    from .folder import prepare, put, sweep  # lazy: +30 ms to import (benchmarks/imports.py)
    from .plan import plan  # lazy: +271 ms to import (benchmarks/imports.py)
    start = time.perf_counter()
    dpi = DPI if dpi is None else int(dpi)
    chosen_cards = hand_cards(deck, hand)       # a mistaken --hand is refused before anything is written
    out = prepare(out_dir)
    report = Report(out, dpi)
    outputs = trust.Outputs(out, RECORDS["showcase"])
    expected = {HAND, GRID}
    found = [n for n in trust.strays(out, expected) if n not in outputs.files]
    if clean:
        trust.check_clean(outputs, found)
    p = plan(deck)
    laid = layout_deck(deck, 0.0)
    face_of = {i: img for img in p.faces for i, _ in img.cards}
    shown = p.images + [face_of[i] for i in chosen_cards]
    faces = [laid[i.first[0]].front if i.side == "face" else laid[i.first[0]].back for i in shown]
    sizes = [(pixels(f.width, 0, dpi), pixels(f.height, 0, dpi)) for f in faces]
    pieces = [cut(Image.frombuffer("RGB", size, rgb, "raw", "RGB", size[0] * 3, 1), img.template, dpi)
              for img, size, rgb in zip(shown, sizes, draw(faces, sizes))]
    n = len(p.images)
    report.hand = [deck.cards[i].name for i in chosen_cards]
    report.faces = n
    new = {}
    big = [i for i, img in enumerate(shown[:n]) if is_big(img.template)]
    for name, picture in ((HAND, fan(pieces[n:], dpi)), (GRID, grid(pieces[:n], dpi, big))):
        buf = io.BytesIO()
        picture.save(buf, "PNG", dpi=(dpi, dpi), compress_level=6)
        data = buf.getvalue()
        report.sizes[name] = picture.size
        new[name] = put(report, name, data)
    sweep(report, outputs, expected, clean, found)
    outputs.save(new)
    report.seconds = time.perf_counter() - start
    return report
