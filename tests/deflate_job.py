"""The work render/test_deflate.py hands to fresh processes, in a module of its own: a spawned process imports
only this (and generator.render.deflate), not pytest and the test module, and deflates the images' pixel rows
straight from one file the test wrote once (mapped, not read: no child inflates 56 MB of PNG data again, which
was two thirds of each child's time)."""
from __future__ import annotations

import hashlib
import mmap
import struct
from pathlib import Path

from generator.render.deflate import deflate


def idat(png: Path) -> bytes:
    """The (single) IDAT chunk's data of a PNG file: its pixel rows, deflated."""
    data = png.read_bytes()
    at = data.index(b"IDAT")
    return data[at + 4:at + 4 + struct.unpack(">I", data[at - 4:at])[0]]


def again(job: tuple[int, str, dict[str, tuple[int, int]]]) -> dict[str, str]:
    """Deflate the images' rows once more in this process, after `kb` kB of other allocations: {name: sha256 of
    the deflated rows}, the rows of each name at (offset, length) in the file `rows`."""
    kb, rows, spans = job
    clutter = [bytearray(kb * 1024 + i * 4096) for i in range(4)]
    with open(rows, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        view = memoryview(mapped)
        digests = {name: hashlib.sha256(deflate(view[at:at + n])).hexdigest() for name, (at, n) in spans.items()}
        view.release()
    del clutter
    return digests
