"""Deflate (zlib format) for every compressed thing pnp writes: PNG image data and PDF streams.

zlib-ng (the zlib-ng package) deflates a poker card's PNG pixels in ~2.6 ms at level 2 against
stdlib zlib's ~8-11 ms at level 1, in 10% fewer bytes; PDF content and font streams at about zlib's
size in less time. Its output depends only on the input, the level and the strategy, so the same deck builds the
same bytes in any process. ISA-L (isal), used before, was faster still but not reproducible: its
matches moved with the process's address layout (not with ASLR off), so now and then a process gave the
same pixels or page other bytes (tests/render/test_deflate.py). Stdlib zlib serves where zlib-ng is missing.
A print shop's CMYK pictures (export/inkstreams.py: rows already through PNG's Up predictor) are deflated with
run-length matches alone (`rle`, zlib's Z_RLE): a third less time than level 2 for 5-10% more bytes, where level 1
(static Huffman codes) took half the time for 40% more (docs/performance.md).
Not here: what is deflated, and with which predictor (the callers).
"""
from __future__ import annotations

try:
    from zlib_ng.zlib_ng import compress as _compress, compressobj as _compressobj
except ImportError:                     # pragma: no cover - a platform without a zlib-ng wheel
    from zlib import compress as _compress, compressobj as _compressobj

LEVEL = 2       # zlib-ng's level 1 is static Huffman only: 15% larger PNGs for 0.7 ms less a card
RLE = 3         # zlib's Z_RLE strategy: matches of the byte before only (a run), each block's own Huffman codes


def deflate(data, level: int | None = None) -> bytes:
    """`data` (bytes or a buffer) deflated at zlib `level` (1 fastest .. 9 smallest; None: LEVEL), zlib-wrapped."""
    return _compress(data, LEVEL if level is None else level)


def rle(data) -> bytes:
    """`data` (bytes or a buffer) deflated with runs alone (Z_RLE), zlib-wrapped: for rows through a PNG predictor,
    whose flat and smooth areas are runs of zeros."""
    z = _compressobj(LEVEL, 8, 15, 9, RLE)         # memLevel 9: longer blocks, 8% less time, 0.2% more bytes
    return z.compress(data) + z.flush()
