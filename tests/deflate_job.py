"""The work render/test_deflate.py hands to fresh processes, in a module of its own: a spawned process imports
only this (and generator.render.deflate), not pytest and the test module, so each of the test's many
fresh processes starts in a fraction of the time and still deflates every image once more."""
from __future__ import annotations

import hashlib
import struct
import zlib
from pathlib import Path

from generator.render.deflate import deflate


def idat(png: Path) -> bytes:
    """The (single) IDAT chunk's data of a PNG file: its pixel rows, deflated."""
    data = png.read_bytes()
    at = data.index(b"IDAT")
    return data[at + 4:at + 4 + struct.unpack(">I", data[at - 4:at])[0]]


def again(job: tuple[int, list[str]]) -> dict[str, str]:
    """Deflate exported images' rows once more in this process, after `kb` kB of other allocations."""
    kb, names = job
    clutter = [bytearray(kb * 1024 + i * 4096) for i in range(4)]
    digests = {name: hashlib.sha256(deflate(zlib.decompress(idat(Path(name))))).hexdigest() for name in names}
    del clutter
    return digests
