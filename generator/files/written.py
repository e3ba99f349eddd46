"""Outputs written already: a file that holds what would be written is left as it is.

pnp build writes its PDF through write_unless_same: with the cache on, each output it writes is recorded in the
cache folder (`written/`, one cache file an output: the key of what it holds, and the file's size, times and
inode just after the write); a later build that would write the same key to the same file, untouched since,
writes nothing and reads nothing more to write it (a PDF's pictures are read only as it is written:
render/splice.py). The key is the writer's: a digest of everything the bytes are made of.
Not here: writing a file safely (output.py), what a PDF's key is made of (render/splice.py).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from . import cachefile
from .output import sweep, write_atomic


def write_unless_same(path, data, key: str) -> bool:
    """write_atomic, unless the file at `path` is the one a run with this cache folder wrote under the same
    `key` (a digest of everything `data` is made of) and has not been touched since (its size, times and inode
    as they were then): a rebuild with nothing changed then neither reads its pictures again nor writes a PDF
    of the same bytes. PNP_CACHE=off: always written. True when it wrote."""
    record = _record(path)
    if record is not None:
        try:
            now = _stamp(os.stat(path))
        except OSError:
            now = None
        if now is not None and cachefile.read(record, "written", WRITTEN) == (key, now):
            sweep(Path(path))
            return False
    write_atomic(path, data)
    if record is not None:
        try:
            cachefile.write(record, "written", WRITTEN, (key, _stamp(os.stat(path))))
        except OSError:         # gone already: it is written again next time
            pass
    return True


WRITTEN = 1         # the format of the records write_unless_same keeps: (key, stamp), one file an output


def _record(path) -> Path | None:
    base = cachefile.cache_dir()
    if base is None:
        return None
    where = os.path.realpath(path)
    return base / "written" / hashlib.blake2b(where.encode("utf-8", "surrogateescape"), digest_size=12).hexdigest()


def _stamp(st) -> tuple:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
