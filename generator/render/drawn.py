"""What drawing one document has made so far, kept with the document: its pictures' XObjects and forms
(rasters.py, pictures.py), the conversions started ahead of the pages that draw them and the Memory of a warm
process (rasters.py), and the streams whose bytes are filled in as the file is written (splice.py).

The drawing functions are handed reportlab's canvas, which has no room of pnp's, so each document's state is kept
here, weakly by the document itself: it goes with the document, and two documents drawn in one process (a build
and the print-shop PDF, pnp watch's every rebuild) never share what they made.
Not here: what is drawn (draw.py, pictures.py), the streams' bytes (splice.py).
"""
from __future__ import annotations

from weakref import WeakKeyDictionary

# document -> Drawn. Process-wide because reportlab's canvas carries no state of pnp's (see above); weak, so an
# entry lives exactly as long as its document.
_documents: WeakKeyDictionary = WeakKeyDictionary()


class Drawn:
    """One document's pictures and streams, as drawing it made them."""

    def __init__(self, memory=None):
        self.pictures: dict = {}    # file -> (image XObject name, width, height)  (rasters.py)
        self.forms: dict = {}       # (path, tint) or form name -> (form, width, height)  (pictures.py)
        self.ahead: dict = {}       # (file, digest) -> the Future of its conversion (rasters.convert_ahead)
        self.memory = memory        # the pictures a long-running process keeps (rasters.Memory), or None
        self.fills: dict = {}       # a token's number -> what gives its bytes  (splice.py)
        self.names: dict = {}       # a token's number -> what its bytes are  (splice.py)

    def recall(self, key):
        return self.memory.recall(key) if self.memory is not None else None

    def remember(self, key, value, size: int) -> None:
        if self.memory is not None:
            self.memory.remember(key, value, size)


def begin(doc, memory=None) -> Drawn:
    """A document about to be drawn, with the Memory of the process that holds its pictures (or None)."""
    state = _documents[doc] = Drawn(memory)
    return state


def drawn(doc) -> Drawn:
    """What drawing `doc` has made so far (begun now if nothing was)."""
    state = _documents.get(doc)
    if state is None:
        state = _documents[doc] = Drawn()
    return state
