"""The print-shop PDF (`pnp export GAME --to pdf`): one face a page at its trim size plus bleed, every
page's TrimBox (the cut) and BleedBox (the trim plus the bleed, here the whole page) set so that a
shop's prepress software knows where to cut, and a manifest of quantities.

A PDF for each size and shape of piece (a print shop prints one product at a time): poker cards in
one, coins in another. Its pages are the deck's distinct pieces, a front and a back each, in the
order the shop asks for: `paired`, each front followed by its back; `back-front`, each back followed
by its front (DriveThruCards' order); or `fronts-first`, every front, then every back in the same
order. A single-sided piece's back page is blank. With `copies`, every card is there as many times as
it is printed (DriveThruCards prints the file as it is). Fonts are embedded (reportlab's TrueType
subsets), pictures drawn from their files at their full resolution, and the same deck writes the same
bytes (reportlab's invariant mode, deflated by render/deflate.py). With an `ink` (cmyk.py), every colour
and picture is CMYK, nothing is transparent (flatten.py) and the file is PDF/X-1a (pdfx.py).

Not here: drawing a face (render/draw.py), which faces a deck has (plan.py), the bleed's default
(layouts/shop-printshop.yaml), DriveThruCards' settings (drivethru.py), the output folder's sweep
(folder.py).
"""
from __future__ import annotations

import csv
import io
import time
from dataclasses import dataclass, field
from pathlib import Path

from .plan import plan
from .shops import shop
from .targets import of_shop
from .names import Claims, stem
from .products import target
from ..layout.face import Text
from ..layout.fonts import register
from .pdfx import PDF_VERSION, identified, prepare
from ..reportlab_adapter import document
from ..render.splice import filled, fills, key
from .flatten import draw_face
from .inkstreams import Streams
from ..render.drawn import drawn as drawn_state
from ..layout.deck import layout_deck
from ..deck.sections.game import date_epoch
from ..layout.resolution import warnings as resolution
from ..layout.templates import get_template
from ..pictures import picturecache

ORDERS = ("paired", "back-front", "fronts-first")
SIDES = {"paired": ("front", "back"), "back-front": ("back", "front")}
MANIFEST = "manifest.csv"
COLUMNS = ("file", "page", "side", "card", "component", "part", "quantity", "trim_mm", "bleed_mm", "note")


@dataclass
class Piece:
    face: object                     # plan.Image of the front
    back: object | None              # plan.Image of the back, or None: a single-sided piece
    cards: list = field(default_factory=list)      # [(index in deck.cards, Card)]

    @property
    def quantity(self) -> int:
        return sum(card.copies for _, card in self.cards)


@dataclass
class Document:
    file: str
    width: float                     # trim, points
    height: float
    shape: str
    pieces: list = field(default_factory=list)     # [Piece] in print order
    pages: list = field(default_factory=list)      # [(Piece, "front" | "back", copy note)] in page order


@dataclass
class Report:
    out: Path
    bleed: float
    order: str
    ink: object = None               # cmyk.Ink of a CMYK PDF/X-1a export, else None (RGB)
    shop: str = "printshop"
    documents: list = field(default_factory=list)
    left: list = field(default_factory=list)       # documents of pieces the shop does not print (unprinted.py)
    written: list = field(default_factory=list)    # files whose bytes changed
    kept: list = field(default_factory=list)       # files already holding these bytes
    removed: list = field(default_factory=list)
    stray: list = field(default_factory=list)
    cleaned: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def manifest(self) -> Path:
        return self.out / MANIFEST


def _mm(points: float, places: int = 2) -> str:
    return f"{points * 25.4 / 72:.{places}f}".rstrip("0").rstrip(".")


def _group_name(width: float, height: float, shape: str) -> str:
    """A document's file stem: its product where the piece is one, else its size."""
    t = target(width, height, shape)
    if t.exact and shape.startswith("hex"):         # the products are flat-topped
        return stem(t.name) + ("-pointy" if shape == "hex-pointy" else "")
    if t.exact:
        return stem(t.name) + ("-landscape" if width > height + 0.5 else "")
    if shape == "circle":
        return f"round-{_mm(width)}mm"
    if shape.startswith("hex"):
        return f"hex-{_mm(width)}x{_mm(height)}mm"
    return f"pieces-{_mm(width)}x{_mm(height)}mm"


def documents(deck, order: str = "paired", copies: bool = False) -> list[Document]:
    """The deck's distinct pieces (front and back) grouped into a document for each size and shape; with
    `copies`, each card's pages as many times as it is printed."""
    p = plan(deck)
    face_of = {}
    for image in p.faces:
        for index, _card in image.cards:
            face_of[index] = image
    groups: dict = {}
    for index, card in enumerate(deck.cards):
        face, back = face_of[index], p.back_of.get(index)
        tpl = face.template
        key = (round(tpl.width, 2), round(tpl.height, 2), tpl.shape)
        doc = groups.get(key)
        if doc is None:
            doc = groups[key] = Document("", tpl.width, tpl.height, tpl.shape)
        piece = next((pc for pc in doc.pieces if pc.face is face and pc.back is back), None)
        if piece is None:
            piece = Piece(face, back)
            doc.pieces.append(piece)
        piece.cards.append((index, card))
    claim = Claims()
    out = []
    for doc in groups.values():
        doc.file = claim(_group_name(doc.width, doc.height, doc.shape), ".pdf")
        runs = [(pc, "") for pc in doc.pieces]
        if copies:
            runs = [(pc, f"copy {n} of {card.copies} of '{card.name}'" if card.copies > 1 else "")
                    for pc in doc.pieces for _, card in pc.cards for n in range(1, card.copies + 1)]
        if order in SIDES:
            doc.pages = [(pc, side, note) for pc, note in runs for side in SIDES[order]]
        else:
            doc.pages = [(pc, "front", n) for pc, n in runs] + [(pc, "back", n) for pc, n in runs]
        out.append(doc)
    return out


def draw(deck, doc: Document, laid, bleed: float, ink=None) -> tuple:
    """The document drawn: (its canvas, its bytes as reportlab wrote them, each picture's pixels a token until it is
    written: render/splice.py). A page for each (piece, side), its face laid out with `bleed`; with an `ink`, in
    its CMYK, flattened, as PDF/X-1a (pdfx.py)."""
    from ..render.draw import draw_ops  # lazy: +3 ms to import (benchmarks/imports.py)
    from ..render.pdf import new_canvas  # lazy: +18 ms to import (benchmarks/imports.py)
    w, h, b = doc.width, doc.height, bleed
    faces = [_face(laid, pc, side) for pc, side, _ in doc.pages]
    register({op.font for face in faces if face is not None for op in face.ops if type(op) is Text})
    buf = io.BytesIO()
    c = new_canvas(buf, (w + 2 * b, h + 2 * b), title=f"{deck.game.title}: {Path(doc.file).stem}",
                   author=deck.game.designer, subject=f"{len(doc.pieces)} pieces, a front and a back each, "
                   f"trim {_mm(w)} x {_mm(h)} mm, bleed {_mm(b, 3)} mm", date=date_epoch(deck.game),
                   version=None if ink is None else PDF_VERSION)
    if ink is not None:
        prepare(c, ink)
    for face in faces:
        c.setPageSize((w + 2 * b, h + 2 * b))
        c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
        c.setTrimBox((b, b, b + w, b + h))
        if face is not None:
            c.saveState()
            c.translate(b, b)
            if ink is None:
                draw_ops(c, face.ops)
            else:
                draw_face(c, face, ink)
            c.restoreState()
        c.showPage()
    c.save()
    return c, buf.getvalue()


def render(deck, doc: Document, laid, bleed: float, ink=None) -> bytes:
    """The document's PDF bytes (draw()), its pictures filled in."""
    c, pdf = draw(deck, doc, laid, bleed, ink)
    if ink is not None:
        pdf = identified(pdf, key(document(c), pdf))
    data = filled(pdf, fills(document(c)))
    return data if isinstance(data, bytes) else data.tobytes()


def drawn_names(doc) -> list:
    """What each picture stream of the reportlab document `doc` is (render/splice.py's names)."""
    return list(drawn_state(doc).names.values())


def _face(laid, piece: Piece, side: str):
    if side == "front":
        return laid[piece.face.first[0]].front
    return None if piece.back is None else laid[piece.back.first[0]].back


def manifest_csv(deck, docs: list, bleed: float, left: list = (), shop_id: str = "printshop") -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, lineterminator="\n")
    w.writeheader()
    for doc in docs:
        round_note = ("round: cut along the circle inside the trim box" if doc.shape == "circle"
                      else "hex: cut along the hexagon inside the trim box" if doc.shape.startswith("hex") else "")
        for number, (pc, side, copy) in enumerate(doc.pages, 1):
            cards = [card for _, card in pc.cards]
            names = list(dict.fromkeys(c.name for c in cards))
            note = "blank: this piece has no back" if side == "back" and pc.back is None else round_note
            note = "; ".join(n for n in (copy, note) if n)
            w.writerow({"file": doc.file, "page": number, "side": side, "card": "; ".join(names),
                        "component": "; ".join(dict.fromkeys(deck.kinds[c.kind].title for c in cards)),
                        "part": "; ".join(dict.fromkeys(deck.parts[c.part].title for c in cards)),
                        "quantity": pc.quantity, "trim_mm": f"{_mm(doc.width)} x {_mm(doc.height)}",
                        "bleed_mm": _mm(bleed, 3), "note": note})
    if left:
        from .unprinted import note as left_note  # lazy: +1 ms to import (benchmarks/imports.py)
    for doc in left:                    # a row for each piece left out, its file and page empty
        for pc in doc.pieces:
            cards = [card for _, card in pc.cards]
            w.writerow({"file": "", "page": "", "side": "", "card": "; ".join(dict.fromkeys(c.name for c in cards)),
                        "component": "; ".join(dict.fromkeys(deck.kinds[c.kind].title for c in cards)),
                        "part": "; ".join(dict.fromkeys(deck.parts[c.part].title for c in cards)),
                        "quantity": pc.quantity, "trim_mm": f"{_mm(doc.width)} x {_mm(doc.height)}",
                        "bleed_mm": "", "note": left_note(doc, shop_id)})
    return buf.getvalue()


def export_pdf(deck, out_dir, shop_id: str = "printshop", bleed: float | None = None, order: str | None = None,
               clean: bool = False, cmyk: bool | None = None, ink_limit: float | None = None,
               condition: str | None = None) -> Report:
    """Write `deck`'s PDFs for the print shop `shop_id` (layouts/shop-*.yaml says its bleed, page order, copies,
    colour, ink limit and printing condition, and which pieces it prints) and their manifest into `out_dir`; each
    argument given overrides the shop's: `bleed` points a side, `order` one of ORDERS, `cmyk` CMYK PDF/X-1a,
    `ink_limit` percent of total ink, `condition` a printing condition (conditions.py)."""
    from . import trust  # lazy: +17 ms to import (benchmarks/imports.py)
    from . import unprinted  # lazy: +1 ms to import (benchmarks/imports.py)
    from .folder import prepare, put, sweep  # lazy: +11 ms to import (benchmarks/imports.py)
    from .safezone import check  # lazy: +8 ms to import (benchmarks/imports.py)
    start = time.perf_counter()
    data = shop(shop_id).data
    order = str(data.get("order", "paired")) if order is None else order
    if order not in ORDERS:
        raise ValueError(f"order {order!r}")
    bleed = shop(shop_id).bleed if bleed is None else bleed
    ink = None
    if cmyk or (cmyk is None and data.get("cmyk")):
        from .cmyk import ink as make_ink  # lazy: +26 ms to import (benchmarks/imports.py)
        ink = make_ink(data.get("ink_limit") if ink_limit is None else ink_limit, condition or data.get("condition"))
    every = documents(deck, order, bool(data.get("copies", False)))
    docs, left = unprinted.split(every, shop_id)
    if left and not docs:
        unprinted.refuse(deck, left, shop_id)       # nothing written: not even the folder
    out = prepare(out_dir)
    report = Report(out, bleed, order, ink, shop_id)
    outputs = trust.Outputs(out, of_shop(shop_id).record)
    report.documents, report.left = docs, left
    if left:
        report.warnings.append(unprinted.line(deck, left, shop_id))
    expected = {d.file for d in docs} | {MANIFEST}
    found = [n for n in trust.strays(out, expected) if n not in outputs.files]
    if clean:
        trust.check_clean(outputs, found)
    laid = layout_deck(deck, bleed)
    # faces from the layout store were laid out by an earlier process: their fonts are registered first
    register({op.font for lo in laid for face in (lo.front, lo.back) if face is not None for op in face.ops
              if type(op) is Text})
    for doc in docs:
        for pc in doc.pieces:
            for side in ("front", "back"):
                face = _face(laid, pc, side)
                if face is not None:
                    card = pc.cards[0][1]
                    who = f"card '{card.name}' ({'face' if side == 'front' else 'back'})"
                    report.warnings += check(face, who, get_template(face.template, deck), shop_id)
                    report.warnings += resolution([(who, face)], deck.folder)     # pictures under 150 dpi
    new = {}
    if ink is not None:
        ink = ink.for_export(Streams(ink))
    todo = []
    for d in docs:
        # drawn with a token for each picture: a file already holding what these pages are made of is kept as it
        # is, and nothing of it is converted, read or filled in
        c, pdf = draw(deck, d, laid, bleed, ink)
        made_of = key(document(c), pdf)
        if outputs.fresh(d.file, made_of):
            report.kept.append(d.file)
            new[d.file] = dict(outputs.get(d.file))
        else:
            todo.append((d, c, pdf, made_of))
    if ink is not None and todo:        # the CMYK pictures these files show and the cache lacks, on every core
        wanted = {n.split(" ", 1)[1] for _, c, _, _ in todo for n in drawn_names(document(c))
                  if n.startswith("cmyk ")}
        ink.streams.make([k for k in ink.streams.missing() if k in wanted])
    for d, c, pdf, made_of in todo:
        if ink is not None:
            pdf = identified(pdf, made_of)
        data = filled(pdf, fills(document(c)))
        new[d.file] = {**put(report, d.file, data if isinstance(data, bytes) else data.tobytes()), "hash": made_of}
    new[MANIFEST] = put(report, MANIFEST, manifest_csv(deck, docs, bleed, left, shop_id).encode("utf-8"))
    if ink is not None:
        ink.keep()                      # the colours it converted, for the next run
    sweep(report, outputs, expected, clean, found)
    outputs.save(new)
    picturecache.save()                 # what was learnt of the pictures, for the next run
    report.seconds = time.perf_counter() - start
    return report
