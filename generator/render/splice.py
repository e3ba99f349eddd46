"""A PDF's picture streams filled in as its bytes are written.

reportlab formats the document with a short token in place of each picture's compressed pixels (render/rasters.py
defines them, with their length, and keeps here what gives each: fill). A document with no picture has none, and
writing it imports nothing of the pictures' modules. Filled is the file's bytes with every token replaced by what it stands for,
the pixels, read from their file only when the writer reaches them, and the cross-reference table's offsets
moved by what each replacement added. So the document is held
in memory without its pictures, and one picture at a time; the bytes are the same whichever way they are
taken (iterated into a file by output.write_atomic, or joined for pdfium).
Not here: what the pictures' bytes are (render/rasters.py), the document itself (reportlab, render/pdf.py).
"""
from __future__ import annotations

import re
from bisect import bisect_right

from .drawn import drawn
import hashlib

_TOKEN = re.compile(rb"\x00pnp-(fill|size) (\d{8})\x00")
_ENTRY = re.compile(rb"(\d{10}) (\d{5}) n")
_START = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
BATCH = 1 << 20


def fill(doc, produce, name: str) -> int:
    """The number of a new token in `doc` (a reportlab document), standing for the bytes produce() gives (a
    list of buffers) once the document is written (Filled); `name` says what those bytes are (a file's
    digest, and how they are taken from it), so that the same name always stands for the same bytes."""
    state = drawn(doc)
    n = len(state.fills)
    state.fills[n] = produce
    state.names[n] = name
    return n


def fills(doc) -> dict:
    """The tokens `doc` holds for its pictures' streams: number -> produce."""
    return drawn(doc).fills


def key(doc, pdf: bytes) -> str:
    """A digest of the file `pdf` (as reportlab wrote it) fills in to: its bytes and what each token stands
    for (written.py)."""
    h = hashlib.sha256(pdf)
    for n, name in sorted(drawn(doc).names.items()):
        h.update(b"\0%d %s" % (n, name.encode("utf-8", "surrogateescape")))
    return h.hexdigest()


def token(n: int) -> bytes:
    """The bytes standing in for fill number `n` until the document is written."""
    return b"\x00pnp-fill %08d\x00" % n


def size(n: int) -> bytes:
    """The bytes standing in for the length of fill number `n` (a stream's /Length), in decimal, until the
    document is written: a converted picture's length is not known until it is converted (or read back), which
    a PDF written already need not do (render/pdf.py)."""
    return b"\x00pnp-size %08d\x00" % n


class Filled:
    """The bytes of `pdf` (as reportlab wrote it) with its tokens replaced: `fills` maps a token's number to
    produce(), which gives the stream's bytes as a list of buffers."""

    def __init__(self, pdf: bytes, fills: dict):
        self.pdf, self.fills = pdf, fills
        self.found = [(m.start(), int(m.group(2)), m.group(1) == b"size") for m in _TOKEN.finditer(pdf)]
        if sorted(n for _, n, sized in self.found if not sized) != sorted(fills) or \
                any(n not in fills for _, n, sized in self.found if sized):
            raise ValueError("the PDF's tokens are not the fills its pictures left")      # a bug, not a user's mistake

    def __iter__(self):
        """The file's bytes, as lists of buffers of about BATCH bytes together (output.write_atomic writes a
        list with one call, not one a PNG chunk, and copies nothing to join them)."""
        batch, total = [], 0
        for piece in self._pieces():
            batch.append(piece)
            total += len(piece)
            if total >= BATCH or len(batch) >= 1000:
                yield batch
                batch, total = [], 0
        if batch:
            yield batch

    def _pieces(self):
        pdf, fills = self.pdf, self.fills
        view = memoryview(pdf)
        moved = []                  # (position in pdf, bytes added there so far)
        at, added = 0, 0
        sized: dict = {}            # a fill whose length was met first (its dictionary): its bytes, until its stream
        for pos, n, is_size in self.found:
            yield view[at:pos]
            if is_size:             # a stream's /Length: its bytes are made now, and kept for the stream after it
                sized[n] = fills[n]()
                parts = [b"%d" % sum(len(p) for p in sized[n])]
            else:
                parts = sized.pop(n, None) or fills[n]()
            yield from parts
            at = pos + len(token(n))        # (a size token is as long as a fill token)
            added += sum(len(p) for p in parts) - len(token(n))
            moved.append((at, added))
        match = _START.search(pdf, max(0, len(pdf) - 64))
        xref = int(match.group(1)) if match else len(pdf)
        if xref < at:
            raise ValueError("a token after the cross-reference table")                # a bug
        yield view[at:xref]
        yield self._xref(pdf[xref:match.start(1)] if match else b"", moved)
        yield b"%d" % (xref + added)
        yield pdf[match.end(1):] if match else b""

    @staticmethod
    def _xref(table: bytes, moved: list) -> bytes:
        """The cross-reference table with each object's offset moved by the bytes added before it."""
        points = [p for p, _ in moved]

        def shift(m):
            old = int(m.group(1))
            i = bisect_right(points, old)
            return b"%010d %s n" % (old + (moved[i - 1][1] if i else 0), m.group(2))
        entries, trailer, rest = table.partition(b"trailer")
        return _ENTRY.sub(shift, entries) + trailer + rest

    def tobytes(self) -> bytes:
        return b"".join(piece for batch in self for piece in batch)


def filled(pdf: bytes, fills: dict):
    """`pdf` itself when it holds no picture to fill in, else Filled(pdf, fills)."""
    return Filled(pdf, fills) if fills else pdf
