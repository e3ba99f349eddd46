"""What imposition makes: pages (Page), and each piece placed on a card sheet's page (Placement).

render/ draws them (the PDF, the PNG images), pnp watch shows them, the proof reads the text pages. Not
here: how the pages are made (cardsheets.py for card sheets, document.py for the whole printout).
"""
from __future__ import annotations

from typing import NamedTuple


class Placement(NamedTuple):
    face: object          # layout.face.Face
    x: float              # trim box, bottom-left, page coordinates
    y: float
    card: object = None   # deck.model.Card
    copy: int = 1
    slot: int = 0         # position on its sheet, in print order
    shown: tuple = ()     # the bleed shown beyond each trim edge (left, bottom, right, top); () = all of it


class Page(NamedTuple):
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
