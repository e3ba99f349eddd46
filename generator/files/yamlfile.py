"""Reading a YAML file: its bytes, within MAX_BYTES, parsed (yamlparse.py) or, when the same bytes were parsed
before, its tree taken from the cache, positions and all.

Mappings load as Map (a dict) and sequences as Seq (a list); both know the line and column of each key or
item, so a later stage can point a user at the exact place.

Here: load (a file), loads (text), where a file's parsed tree is cached.
Not here: parsing and its limits (yamlparse.py, imported only when a file must be parsed); Map and Seq
themselves and the tree as plain data (yamltree.py; Map and Seq are given here too).
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from .yamltree import Map, Seq, decode_tree, encode_tree  # noqa: F401  (Map and Seq: given here too)
from .textfile import decode, read_bytes
from .. import __version__
from .cachefile import cache_dir
import importlib.util
import os

MAX_BYTES = 2_000_000


def load(path, display: str | None = None):
    """Load one YAML file into Map/Seq/scalars, or raise PnpError pointing at the fault. A file read
    before with the same bytes comes from the cache (see CACHE_FORMAT): what was parsed, positions and all."""
    name = display or str(path)
    data = read_bytes(path, name, MAX_BYTES)
    cache = _cache_file(path)
    if cache is None:
        return loads(decode(data, name), name)
    from . import cachefile  # lazy: +7 ms to import (benchmarks/imports.py)
    digest = hashlib.blake2b(data + f"\0{__version__}\0{_parser()}".encode(), digest_size=16).digest()
    stored = cachefile.read(cache, "yaml tree", CACHE_FORMAT)
    if type(stored) is tuple and len(stored) == 2 and stored[0] == digest:
        try:
            return decode_tree(stored[1], name)
        except (ValueError, TypeError, IndexError, KeyError, RecursionError):
            pass                # not what encode_tree writes: parsed again, and written anew
    value = loads(decode(data, name), name)
    try:
        tree = encode_tree(value)
    except ValueError:              # a value marshal cannot hold (a date): parsed every time
        return value
    cachefile.write(cache, "yaml tree", CACHE_FORMAT, (digest, tree))
    return value


# What a YAML file was parsed to is kept in the cache folder (cachefile.cache_dir; PNP_CACHE=off turns it off),
# one file for each YAML file read, under the digest of its bytes (and pnp's version and PyYAML's install): plain
# data (marshal, never code), decoded to Map and Seq with their positions. A rebuild then parses no YAML file that
# has not changed: constructing the values in Python costs ~1 ms for each hundred lines.
CACHE_FORMAT = 1


def _cache_file(path):
    base = cache_dir()
    if base is None:
        return None
    try:
        where = str(Path(path).resolve())
    except (OSError, RuntimeError):
        return None
    return base / "yaml" / (hashlib.blake2b(where.encode(), digest_size=12).hexdigest() + ".tree")


def loads(text: str, name: str = "<text>"):
    """Load YAML text into Map/Seq/scalars, or raise PnpError pointing at the fault (yamlparse.loads)."""
    from .yamlparse import loads as parse  # lazy: +32 ms to import (benchmarks/imports.py)
    return parse(text, name)


@lru_cache(maxsize=1)
def _parser() -> str:
    """PyYAML's install, without importing it: where its package is and its file's size and time (once a
    process, as pnp's own code is read). A tree cached by one PyYAML is not read back by another (it might parse
    the file otherwise)."""
    spec = importlib.util.find_spec("yaml")
    origin = spec.origin if spec is not None and spec.origin else ""
    try:
        st = os.stat(origin)
        return f"{origin}:{st.st_size}:{st.st_mtime_ns}"
    except OSError:
        return origin
