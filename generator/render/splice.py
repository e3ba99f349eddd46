"""A PDF's picture streams filled in as its bytes are written.

reportlab formats the document with a short token in place of each picture's compressed pixels and of each
such stream's length (render/rasters.py defines them: the length is an indirect object written after its
stream). Filled is the file's bytes with every token replaced by what it stands for: the pixels, read from
their file (or their cached conversion) only when the writer reaches them, and then the number of bytes that
made, and the cross-reference table's offsets moved by what each replacement added. So the document is held
in memory without its pictures, and one picture at a time; the bytes are the same whichever way they are
taken (iterated into a file by output.write_atomic, or joined for pdfium).
Not here: what the pictures' bytes are (render/rasters.py), the document itself (reportlab, render/pdf.py).
"""
from __future__ import annotations

import re
from bisect import bisect_right

_TOKEN = re.compile(rb"\x00pnp-fill (\d{8})\x00")
_ENTRY = re.compile(rb"(\d{10}) (\d{5}) n")
_START = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
BATCH = 1 << 20


def token(n: int) -> bytes:
    """The bytes standing in for fill number `n` until the document is written."""
    return b"\x00pnp-fill %08d\x00" % n


class Filled:
    """The bytes of `pdf` (as reportlab wrote it) with its tokens replaced: `fills` maps a token's number to
    ("data", produce), produce() giving the stream's bytes as a list of buffers, or to ("length", n), the
    number of bytes the data of fill n made (written after it)."""

    def __init__(self, pdf: bytes, fills: dict):
        self.pdf, self.fills = pdf, fills
        self.found = [(m.start(), int(m.group(1))) for m in _TOKEN.finditer(pdf)]
        if sorted(n for _, n in self.found) != sorted(fills):
            raise ValueError("the PDF's tokens are not the fills its pictures left")      # a bug, not a user's mistake

    def __iter__(self):
        """The file's bytes, in pieces of about BATCH bytes (a few writes, not one a PNG chunk)."""
        batch, size = [], 0
        for piece in self._pieces():
            batch.append(piece)
            size += len(piece)
            if size >= BATCH:
                yield b"".join(batch)
                batch, size = [], 0
        if batch:
            yield b"".join(batch)

    def _pieces(self):
        pdf, fills = self.pdf, self.fills
        view = memoryview(pdf)
        sizes: dict = {}
        moved = []                  # (position in pdf, bytes added there so far)
        at, added = 0, 0
        for pos, n in self.found:
            yield view[at:pos]
            kind, what = fills[n]
            if kind == "data":
                parts = what()
                size = sum(len(p) for p in parts)
                sizes[n] = size
                yield from parts
            else:
                if what not in sizes:
                    raise ValueError("a stream's length comes before the stream")       # a bug
                size = len(b"%d" % sizes[what])
                yield b"%d" % sizes[what]
            at = pos + len(token(n))
            added += size - len(token(n))
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
        return b"".join(self)


def filled(pdf: bytes, fills: dict):
    """`pdf` itself when it holds no picture to fill in, else Filled(pdf, fills)."""
    return Filled(pdf, fills) if fills else pdf
