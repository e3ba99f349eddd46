"""Laid-out faces kept between builds: a rebuild lays out only the cards whose inputs changed.

A designer edits a card or two and builds again; the other cards' text is already wrapped and
fitted. Each face is stored under a digest of what layout reads for it: the template's name, the card's
values (its fields and the game, kind and part names it may show, each with its type) and the
bleed. Laid-out pages (rule pages, the print-instructions leaf) are kept the same way, under a
digest of their arguments (`remembered`). Everything else layout reads is the deck's palette and files: pnp's code, layouts/
(templates, sizes), fonts/, and the deck folder's own templates and images. The store records the
palette and the files' sizes and times, and is dropped whole when any of them differs, so a changed
template or colour lays every card out afresh.

One file per deck folder and store name in the cache folder (see fontcache.cache_dir; PNP_CACHE=off
turns it off), pickled, holding only what the last build used. A face that could not be laid out is
never stored, so its error is reported on every build. The PDF is the same bytes warm or cold
(tests/test_layout_store.py).

A long-running process (pnp watch) calls hold(): each store then stays in memory between builds, so a
rebuild neither reads nor writes the pickle, and release() writes them all when the process ends.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from functools import lru_cache
from pathlib import Path

from .. import FONTS, LAYOUTS, ROOT, __version__
from ..errors import PnpError
from ..output import write_atomic
from .fontcache import cache_dir

FORMAT = 2
_held: dict | None = None       # file -> (stamp, faces), while a process holds its stores (hold())
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")      # as images.SUFFIXES, without importing Pillow
FONT_SUFFIXES = (".ttf", ".otf")                # as fonts.SUFFIXES, without importing reportlab


class FaceStore:
    def __init__(self, file: Path, stamp: str, faces: dict):
        self.file = file
        self.stamp = stamp
        self.old = faces            # key -> Face, from the last build
        self.new: dict = {}         # key -> Face, used by this build

    @classmethod
    def open(cls, deck_id: str, folder: Path | None, palette: dict | None = None) -> "FaceStore | None":
        base = cache_dir()
        if base is None:
            return None
        where = str(folder.resolve()) if folder is not None else deck_id
        name = hashlib.blake2b(where.encode(), digest_size=8).hexdigest()
        file = base / "layout" / f"{deck_id[:40]}-{name}.pickle"
        stamp = _stamp(folder) + repr(sorted((palette or {}).items()))
        faces: dict = {}
        if _held is not None and file in _held:
            if _held[file][0] == stamp:
                faces = _held[file][1]
            return cls(file, stamp, faces)
        try:
            stored = pickle.loads(file.read_bytes())
            if stored.get("stamp") == stamp:
                faces = stored["faces"]
        except Exception:           # none yet, or unreadable: lay everything out
            pass
        return cls(file, stamp, faces)

    @staticmethod
    def key(*parts) -> bytes:
        """A digest of what a face or page is laid out from, besides the files and the palette (in the
        stamp): for a face its template, bleed and sorted values. repr keeps types apart (1, 1.0 and True
        print differently); value names are unique, so sorting never compares two values."""
        return hashlib.blake2b("\0".join(map(repr, parts)).encode(), digest_size=16).digest()

    def get(self, key):
        face = self.old.get(key)
        if face is not None:
            self.new[key] = face
        return face

    def put(self, key, face) -> None:
        self.new[key] = face

    def save(self) -> None:
        """Write what this build used, if it differs from what was there (atomically; failures only cost time)."""
        if _held is not None:
            _held[self.file] = (self.stamp, self.new, self.new.keys() != self.old.keys()
                                or (self.file in _held and _held[self.file][2]))
            return
        if self.new.keys() == self.old.keys():
            return
        self._write()

    def _write(self) -> None:
        try:
            write_atomic(self.file, pickle.dumps({"stamp": self.stamp, "faces": self.new},
                                                 protocol=pickle.HIGHEST_PROTOCOL))
        except PnpError:                # a read-only home, a full disk: the store is only a saving
            pass


def hold() -> None:
    """Keep every store in memory from now on (a long-running process); release() writes them."""
    global _held
    if _held is None:
        _held = {}


def release() -> None:
    """Write the stores held in memory that changed, and stop holding them."""
    global _held
    held, _held = _held or {}, None
    for file, (stamp, faces, changed) in held.items():
        if changed:
            FaceStore(file, stamp, faces)._write()


def covers(rel: str) -> bool:
    """Whether a file of the deck's folder (its path inside it) is one the stamp covers (see _stamp)."""
    return _deck_file(rel)


def forget_files() -> None:
    """Files layout reads may have changed: look at their sizes and times again at the next build."""
    _stamp.cache_clear()


def remembered(name: str, folder: Path | None, args: dict, compute):
    """compute(), or what it returned in an earlier build from the same `args` (a dict of plain values)
    and the same files (see _stamp). For laid-out pages, such as a deck's rule pages: one store file
    for each `name`, holding only the latest result."""
    store = FaceStore.open(name, folder)
    if store is None:
        return compute()
    key = store.key(name, sorted(args.items()))
    value = store.get(key)
    if value is None:
        value = compute()
        store.put(key, value)
    store.save()
    return value


@lru_cache(maxsize=None)
def _stamp(folder: Path | None) -> str:
    """Sizes and times of every file layout may read besides the deck's values: pnp's code, layouts/,
    fonts/, and in the deck folder its templates/ and its images."""
    parts = [f"{FORMAT} {__version__}"]
    for top, wanted in ((ROOT / "generator", None), (LAYOUTS, None), (FONTS, None), (folder, _deck_file)):
        if top is None or not top.is_dir():
            continue
        parts.append(f"[{top}]")
        for dirpath, dirnames, filenames in os.walk(top):
            # generator/shipped holds the shipped decks, layouts and fonts in a wheel: layouts/ and fonts/ are
            # walked as such, and another deck's folder is not what this deck is laid out from
            dirnames[:] = sorted(d for d in dirnames if d not in ("__pycache__", "shipped") and not d.startswith("."))
            for f in sorted(filenames):
                path = os.path.join(dirpath, f)
                rel = path[len(str(top)) + 1:]
                if f.startswith(".") or f.endswith(".pyc") or (wanted is not None and not wanted(rel)):
                    continue
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                parts.append(f"{rel}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=16).hexdigest()


def _deck_file(rel: str) -> bool:
    """What layout reads from a deck folder: templates/, images (see face._image_path) and its own fonts."""
    return rel.startswith("templates" + os.sep) or rel.lower().endswith(IMAGE_SUFFIXES + FONT_SUFFIXES)
