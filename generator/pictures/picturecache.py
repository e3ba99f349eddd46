"""What each picture file was found to be, kept in the cache folder between runs, under the digest of its bytes.

A picture is examined once (images.py): what was learnt (its kind, size, and for a PNG or JPEG how its pixels
are stored: rasterfile.Raster) is kept under a digest of the file's bytes (SHA-256, which this machine's
processor computes at gigabytes a second), so that a picture renamed or saved again unchanged is not examined
again; and each file's name is kept with its size, times and inode number and that digest, so that a rebuild
finds an unchanged picture by a stat, and neither opens nor reads it. One file for each folder of pictures,
`pictures/dir-HASH` (a deck's art/ folder: one read a build), written when something new was learnt (save(),
at the end of a build, an export or a proof) and holding only the folder's files that are still there.
A picture that must be converted to enter a PDF (a PNG with an alpha channel, 16 bits or interlacing:
render/rasters.py) keeps what it was converted to in `pictures/DIGEST.pdfimage`, read when a PDF is written.
All of them are cache files of data (cachefile.py: builtin values behind a checksum, never code), each checked
for the shape its reader expects; one that is damaged, foreign or stale is ignored, and the pictures examined
or converted again. PNP_CACHE=off: none is read or written.
Not here: examining a file (images.py, rasterfile.py, svgfile.py), converting one (render/rasters.py).
"""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from ..files import cachefile

FORMAT = 1
_FIELDS = (str, int, int, int, int, bool, bytes, bytes, int)       # rasterfile.Raster's, in order
# What this process knows of each folder of pictures: (cache folder or None, folder) -> [paths {name: (stamp,
# digest)} and pictures {digest: values} as the cache's index holds them, changed since read, and what this process
# found examining each file {name: (stamp, images.Picture or the message of its mistake)}]. Process-wide, as the
# cache on disk is: an entry is used only while its file's size, times and inode are the same.
_folders: dict = {}


def digest(data) -> str:
    """The digest a picture's bytes are kept under."""
    return hashlib.sha256(data).hexdigest()[:32]


def _base() -> Path | None:
    return _pictures(cachefile.cache_dir())


@lru_cache(maxsize=8)
def _pictures(base: Path | None) -> Path | None:
    """The pictures' folder in the cache folder `base`: one Path for each, as it is asked for on every look."""
    return None if base is None else base / "pictures"


def on() -> bool:
    return _base() is not None


def shaped(values) -> bool:
    """Whether `values` (read back from the cache) are a picture as images.Picture holds one: (kind, width,
    height, raster), the raster a rasterfile.Raster's values or () for an SVG."""
    if type(values) is not tuple or len(values) != 4 or values[0] not in ("raster", "svg"):
        return False
    kind, width, height, raster = values
    if type(width) not in (int, float) or type(height) not in (int, float) or type(raster) is not tuple:
        return False
    if kind == "svg":
        return raster == ()
    return len(raster) == len(_FIELDS) and all(type(v) is t for v, t in zip(raster, _FIELDS))


def _file(base: Path, folder: str) -> Path:
    name = hashlib.blake2b(folder.encode("utf-8", "surrogateescape"), digest_size=12).hexdigest()
    return base / f"dir-{name}"


def _read(base: Path, folder: str) -> tuple[dict, dict]:
    kept = cachefile.read(_file(base, folder), "pictures", FORMAT)
    if not (type(kept) is tuple and len(kept) == 3 and kept[0] == folder and type(kept[1]) is dict
            and type(kept[2]) is dict):
        return {}, {}
    pictures = {k: v for k, v in kept[2].items() if type(k) is str and shaped(v)}
    paths = {k: v for k, v in kept[1].items() if type(k) is str and type(v) is tuple and len(v) == 2
             and type(v[0]) is tuple and type(v[1]) is str and v[1] in pictures}
    return paths, pictures


def _entry(path: str, off_too: bool = False):
    """The folder's entry in _folders and the file's name in it; (None, "") with the cache off, unless `off_too`
    (what this process examined is kept then too, with no index read or written)."""
    base = _base()
    if base is None and not off_too:
        return None, ""
    folder, _, name = path.rpartition(os.sep)
    entry = _folders.get((base, folder))
    if entry is None:
        entry = _folders[base, folder] = [*(_read(base, folder) if base is not None else ({}, {})), False, {}]
    return entry, name


def examined(path: str) -> tuple | None:
    """(stat stamp, what images.picture found: a Picture or the message of its mistake) for the file at `path`
    (absolute) as this process last examined it, or None."""
    entry, name = _entry(path, off_too=True)
    return entry[3].get(name)


def note(path: str, found: tuple) -> None:
    """Remember what this process found examining the file at `path`: (stat stamp, Picture or message)."""
    entry, name = _entry(path, off_too=True)
    entry[3][name] = found


def by_path(path: str, stamp: tuple) -> tuple | None:
    """(digest, values) kept for the file at `path` (absolute) when it had the same size, times and inode
    (`stamp`)."""
    entry, name = _entry(path)
    if entry is None:
        return None
    hit = entry[0].get(name)
    if hit is None or hit[0] != stamp:
        return None
    return hit[1], entry[1][hit[1]]


def by_digest(path: str, key: str) -> tuple | None:
    """The values kept for a picture, beside `path`, whose bytes have the digest `key`."""
    entry, _ = _entry(path)
    return None if entry is None else entry[1].get(key)


def keep(path: str, stamp: tuple, key: str, values: tuple) -> None:
    """Remember what the file at `path` (its stat `stamp`, its bytes' digest `key`) is: `values`."""
    entry, name = _entry(path)
    if entry is not None and entry[0].get(name) != (stamp, key):
        entry[0][name] = (stamp, key)
        entry[1][key] = values
        entry[2] = True


def save() -> None:
    """Write what was learnt since the last save: each folder's file, with what another process kept there
    meanwhile, less the files that are gone."""
    base = _base()
    if base is None:
        return
    for (where, folder), entry in _folders.items():
        if not entry[2] or where != base or where is None:
            continue
        paths, pictures = _read(base, folder)
        paths.update(entry[0])
        pictures.update(entry[1])
        try:
            there = set(os.listdir(folder))
        except OSError:
            there = set()
        paths = {k: v for k, v in sorted(paths.items()) if k in there}
        used = {d for _, d in paths.values()}
        pictures = {k: v for k, v in sorted(pictures.items()) if k in used}
        cachefile.write(_file(base, folder), "pictures", FORMAT, (folder, paths, pictures))
        entry[0], entry[1], entry[2] = paths, pictures, False


def forget() -> None:
    """Read the folders' files again at the next look (tests; a process whose cache folder changed)."""
    _folders.clear()


def converted(key: str):
    """What the picture of digest `key` was converted to (render/rasters.py's value), or None."""
    base = _base()
    if base is None or not key:
        return None
    return cachefile.read(base / f"{key}.pdfimage", "picture pdf", FORMAT)


def has_converted(key: str) -> bool:
    """Whether a conversion of the picture of digest `key` is kept (converted() may still find it damaged)."""
    base = _base()
    return base is not None and bool(key) and (base / f"{key}.pdfimage").is_file()


def keep_converted(key: str, value) -> None:
    base = _base()
    if base is not None and key:
        cachefile.write(base / f"{key}.pdfimage", "picture pdf", FORMAT, value)
