"""The proof's view of the printout: every face at a size whose smallest text can be read, and the pages
that are not cards (the print leaf, the rule pages with their This edition box), laid out as
`pnp build GAME` lays them out (A4, long-edge duplex), as images and as text to check.

Images come from render/png.py, the drawing code of the PDF: faces at FACE_DPI (a 5.5 pt letter is
15 px tall), pages at PAGE_DPI.
"""
from __future__ import annotations


from ..records import Record
from ..deck.model import Deck
from .collect import CardProof
from ..layout.deck import LaidOut
from ..layout.fonts import own_families, register
from ..layout.display import Face, Text

FACE_DPI = 200
PAGE_DPI = 150


class TextPage(Record):
    label: str          # "Print leaf, page 1", "Rules, page 2"
    number: int         # its page number in the PDF
    page: object        # impose.page.Page


class Document(Record):
    leaf: tuple         # the leaf's two pages as markup (front, back)
    pages: list         # [TextPage]: the leaf's and the rule pages
    complete: bool      # False: some card could not be laid out, so page numbers may be off


def document(deck: Deck, cards: list[CardProof]) -> Document:
    """The leaf and rule pages of the build, from the cards that could be laid out."""
    from ..printout.document import printout  # lazy: +20 ms to import (benchmarks/imports.py)
    from ..printout.leaf import LEAF, markup as leaf_markup  # lazy: +17 ms to import (benchmarks/imports.py)
    from ..impose.spec import sheet_spec  # lazy: +9 ms to import (benchmarks/imports.py)
    spec = sheet_spec("a4", language=deck.language, families=own_families(deck))
    laid = [LaidOut(cp.card, cp.front.face, cp.back.face if cp.back is not None else None)
            for cp in cards if cp.front.face is not None]
    complete = all(s.face is not None for cp in cards for s in cp.sides)
    if not laid:
        return Document((), [], False)
    pages = printout(deck, laid, spec)
    card_pages = [p for p in pages if p.kind != "text"]      # the sheets, made once with the rest
    rules = [p for p in pages[LEAF + len(card_pages):]]
    leaf = leaf_markup(deck, card_pages, rules, spec)
    out = [TextPage(f"Print leaf, page {i + 1}", i + 1, pages[i]) for i in range(LEAF)]
    first = LEAF + len(card_pages) + 1
    out += [TextPage(f"Rules, page {i + 1}", first + i, p) for i, p in enumerate(rules)]
    return Document(leaf, out, complete)


def px(points: float, dpi: float) -> int:
    return max(1, round(points / 72 * dpi))


def fonts(faces: list) -> None:
    """Register the fonts the ops name: faces and pages may come from the layout store."""
    register({op.font for f in faces for op in f.ops if type(op) is Text})


def face_images(faces: list, dpi: float = FACE_DPI) -> list:
    """Each face (trim and bleed) as a PIL image at `dpi`."""
    from ..render import png  # lazy: +6 ms to import (benchmarks/imports.py)
    if not faces:
        return []
    fonts(faces)
    sizes = [(px(f.width + 2 * f.bleed, dpi), px(f.height + 2 * f.bleed, dpi)) for f in faces]
    return list(png.render_pages(png.faces_pdf(faces), sizes))


def page_faces(pages: list[TextPage]) -> list:
    """Each text page as a face the size of the paper (drawn as faces are, without a cutting guide)."""
    return [Face(tp.label, "", tp.page.width, tp.page.height, ops=tp.page.ops) for tp in pages]


def page_images(pages: list[TextPage], dpi: float = PAGE_DPI) -> list:
    """Each text page as a PIL image at `dpi` (drawn as a face the size of the paper)."""
    from ..render import png  # lazy: +6 ms to import (benchmarks/imports.py)
    if not pages:
        return []
    faces = page_faces(pages)
    fonts(faces)
    sizes = [(px(f.width, dpi), px(f.height, dpi)) for f in faces]
    return list(png.render_pages(png.faces_pdf(faces, guide=False), sizes))
