"""Deflate (zlib format) for every compressed thing pnp writes: PNG image data and PDF streams.

zlib-ng (the zlib-ng package) deflates a poker card's PNG pixels in ~2.6 ms at level 2 against
stdlib zlib's ~8-11 ms at level 1, in 10% fewer bytes; PDF content and font streams at about zlib's
size in less time. Its output depends only on the input and the level, so the same deck builds the
same bytes in any process. ISA-L (isal), used before, was faster still but not reproducible: its
matches moved with the process's address layout (not with ASLR off), so now and then a process gave the
same pixels or page other bytes (tests/render/test_deflate.py). Stdlib zlib serves where zlib-ng is missing.
"""
from __future__ import annotations

try:
    from zlib_ng.zlib_ng import compress as _compress
except ImportError:                     # pragma: no cover - a platform without a zlib-ng wheel
    from zlib import compress as _compress

LEVEL = 2       # zlib-ng's level 1 is static Huffman only: 15% larger PNGs for 0.7 ms less a card


def deflate(data, level: int | None = None) -> bytes:
    """`data` (bytes or a buffer) deflated at zlib `level` (1 fastest .. 9 smallest; None: LEVEL), zlib-wrapped."""
    return _compress(data, LEVEL if level is None else level)
