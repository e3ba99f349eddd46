"""What imposition makes: pages (Page), and each piece placed on a card sheet's page (Placement).

render/ draws them (the PDF, the PNG images), pnp watch shows them, the proof reads the text pages. Not
here: how the pages are made (cardsheets.py for card sheets, document.py for the whole printout).
"""
from __future__ import annotations

from ..records import Record


class Placement(Record):
    face: object          # layout.face.Face
    x: float              # trim box, bottom-left, page coordinates
    y: float
    card: object = None   # deck.model.Card
    copy: int = 1
    slot: int = 0         # position on its sheet, in print order
    shown: tuple = ()     # the bleed shown beyond each trim edge (left, bottom, right, top) of the face; () = all
    rotate: int = 0       # 90: the face turned a quarter turn anticlockwise on the page (a gutter-fold half that
                          # holds more pieces turned); (x, y) is then the bottom-left of its box as it lies

    @property
    def width(self) -> float:
        """The trim's width as it lies on the page."""
        return self.face.height if self.rotate else self.face.width

    @property
    def height(self) -> float:
        return self.face.width if self.rotate else self.face.height

    def page_shown(self) -> tuple:
        """The bleed shown beyond each edge of the trim as it lies on the page (left, bottom, right, top)."""
        sl, sb, sr, st = self.shown or (self.face.bleed,) * 4
        return (st, sl, sb, sr) if self.rotate else (sl, sb, sr, st)


class Page(Record):
    kind: str                       # front | back | fold | text
    width: float
    height: float
    placements: list = []           # (lists here are never changed once the page is made)
    marks: list = []                # (x1, y1, x2, y2)
    sheet: int = 0                  # card sheet number, from 1
    label: str = ""
    ops: list = []                  # layout ops in page coordinates: a text page's text; a sheet's label, fold line
    mark_width: float = 0.5
    mark_colour: str = "#000000"
    specs: tuple = ()               # the grid.Spec of each piece size on this sheet
    loose: tuple = ()               # the grid.Stock of round pieces set one to a free cell of another size's grid
