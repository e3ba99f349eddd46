"""Cache files that hold data, never code.

A cache file (the layout store, the font cache) is a header, then a payload of Python's builtin values
(numbers, text, bytes, lists, tuples, dicts) written with marshal, which builds no objects of other
types and runs nothing as it reads. The header says what the file holds and in which format (pnp's
format number for it, Python's version and marshal's), and carries the payload's length and a
CRC-32 checksum (zlib-ng's, which the processor computes at ~10 GB/s: BLAKE2b, at 0.6 GB/s, cost reading a
deck's converted pictures back 15 ms, and its fonts' parsed faces 4 ms; a checksum guards against damage,
which a CRC finds as surely, not against a hand that writes the cache, which no checksum could). A file
that is damaged, cut short, written by something else, of another format or another Python is not read at
all: the caller gets None, and builds what the cache would have held.
Nothing read is trusted further than that: each cache also checks the shape of what it gets (see
layout/store.py and layout/fontcache.py).
"""
from __future__ import annotations

import marshal
import os
import struct
import sys
from functools import lru_cache
from pathlib import Path
from ..errors import PnpError

MAGIC = b"pnp cach2\n"                       # 2: the CRC-32 checksum (files of 1, BLAKE2b, are another kind)
_HEAD = struct.Struct(">16sHHHQ16s")         # what, format, python major*100+minor, marshal version, length, digest
MARSHAL = 4                                  # marshal's own format (Python 3.4+)


def cache_dir() -> Path | None:
    """Where caches go: $PNP_CACHE if set ("off": nowhere, no cache), else $XDG_CACHE_HOME/pnp or ~/.cache/pnp."""
    get = os.environ.get                # (asked on every look at a picture: each variable only when needed)
    env = get("PNP_CACHE")
    return _cache_dir(env, None, None) if env else _cache_dir(None, get("XDG_CACHE_HOME"), get("HOME"))


@lru_cache(maxsize=8)
def _cache_dir(env: str | None, base: str | None, home: str | None) -> Path | None:
    """cache_dir() for these variables: one Path for each, as it is asked for on every look at a picture."""
    if env:
        return None if env == "off" else Path(env)
    return (Path(base) if base else Path.home() / ".cache") / "pnp"


def _what(what: str) -> bytes:
    return what.encode("ascii")[:16].ljust(16, b"\0")


try:
    from zlib_ng.zlib_ng import crc32
except ImportError:                 # pragma: no cover - the same CRC-32, slower
    from zlib import crc32


def _digest(payload: bytes) -> bytes:
    return struct.pack(">I", crc32(payload)).ljust(16, b"\0")


def dumps(what: str, version: int, value) -> bytes:
    """`value` (builtin types only: marshal refuses others with ValueError) as a cache file's bytes."""
    payload = marshal.dumps(value, MARSHAL)
    python = sys.version_info[0] * 100 + sys.version_info[1]
    return MAGIC + _HEAD.pack(_what(what), version, python, MARSHAL, len(payload), _digest(payload)) + payload


def loads(what: str, version: int, data: bytes):
    """The value a cache file holds, or None when it is not a whole, intact file of this kind and format."""
    start = len(MAGIC) + _HEAD.size
    if len(data) < start or not data.startswith(MAGIC):
        return None
    kind, fmt, python, mversion, length, digest = _HEAD.unpack_from(data, len(MAGIC))
    if (kind, fmt, python, mversion) != (_what(what), version, sys.version_info[0] * 100 + sys.version_info[1],
                                         MARSHAL):
        return None                                 # another cache, format, Python: stale
    payload = data[start:]
    if len(payload) != length or _digest(payload) != digest:
        return None                                 # cut short, or damaged
    try:
        return marshal.loads(payload)
    except (EOFError, ValueError, TypeError):      # cannot happen to a file whose checksum matched; still
        return None


def read(path: Path, what: str, version: int):
    """The value of the cache file at `path`, or None (none there, unreadable, or not to be trusted)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    return loads(what, version, data)


def write(path: Path, what: str, version: int, value) -> bool:
    """Write a cache file whole (or leave the old one); False when it could not be written: a cache only
    saves time, so a read-only or full disk is not an error. Not waiting for the disk (fsync): a file a crash
    left cut short or empty fails its checksum and is made again."""
    from .output import write_atomic  # lazy: +32 ms to import (benchmarks/imports.py)
    try:
        write_atomic(path, dumps(what, version, value), durable=False)
    except (PnpError, ValueError):      # a disk that refuses it, or a value marshal cannot hold
        return False
    return True
