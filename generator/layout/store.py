"""Laid-out faces kept between builds: a rebuild lays out only the cards whose inputs changed.

A designer edits a card or two and builds again; the other cards' text is already wrapped and
fitted. Each face is stored under a digest of what layout reads for it: the template's name and the sizes and
times of the files it is read from (its own and those of the templates it extends: templatefiles.chain_stamp), the
card's values (its fields and the game, kind and part names it may show, each with its type) and the
bleed, so a saved template lays out again only the faces drawn from it. Laid-out pages (rule pages, the
print-instructions leaf) are kept the same way, under a
digest of their arguments (`remembered`). Everything else layout reads is what deck.yaml says besides its cards (its
palette, its dpi: what a px is, its own sizes and font families) and files: pnp's code, layouts/ (sizes, the names
of its templates), fonts/, and the deck folder's fonts and the names of its templates. The store records those and
the files' sizes and times, and is dropped whole when any of them differs, so a changed colour, size or dpi, or a
template added or removed, lays every card out afresh. Pictures are not among them: a face holds a picture's
name, never its pixels, so a picture saved again leaves every face as it was; a face taken from the
store has its pictures checked again (images.picture: a stat, and what the cache knows of the file),
and one whose picture is now missing or broken is laid out afresh, which reports it.

One file per deck folder and store name in the cache folder (see cachefile.cache_dir; PNP_CACHE=off
turns it off), holding only what the last build used: plain data, never code (generator/files/cachefile.py:
marshal of builtin types, with a format number and a checksum). A face is kept as a tuple of its
attributes, each drawing operation as (its kind's number, its values); what is read back is checked
for that shape, face by face, and a file or a face that is not as written is laid out afresh. A face
that could not be laid out is never stored, so its error is reported on every build. The PDF is the
same bytes warm or cold (tests/layout/test_store.py).

A long-running process (pnp watch) holds its stores (Held): each store then stays in memory between builds, as
the objects it decodes to, so a rebuild neither reads nor writes its file; Held.release() writes the changed
ones when the process ends. The held stores reach the store with the deck (Deck.memo["held"]), as everything a
build knows does; the files' stamp is taken once a deck is loaded (its memo), so a file saved between two
builds is seen by the next one.
"""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from .. import FONTS, LAYOUTS, ROOT, __version__
from ..files import cachefile
from .display import OPS, Face, Image
from ..files.cachefile import cache_dir

FORMAT = 13                     # 13: a face its regions' spans; 12: a face's key its template's files; 11: Image its families; 10: colours with
#                                 alpha, n-stop gradients, blur, Image crop/zoom/clip, Path; 9: Text its track; 8: Text
#                                 its outline, Image its radius, a fill a gradient (7: opacity, turns)
# OPS: a drawing operation is stored as (its index there, its values)
_CODE = {cls: i for i, cls in enumerate(OPS)}
_ARITY = tuple(len(cls._fields) for cls in OPS)
_FACE = ("name", "template", "width", "height", "bleed", "shape", "gutter", "ops", "texts", "shrunk", "key",
         "markup", "source", "spans")
_new = tuple.__new__
FONT_SUFFIXES = (".ttf", ".otf")                # as fonts.SUFFIXES, without importing reportlab


def face_data(face: Face) -> tuple:
    """A laid-out face as plain data (see decode_face)."""
    d = vars(face)
    ops = [(_CODE[type(op)], tuple(op)) for op in d["ops"]]
    return tuple(ops if k == "ops" else d[k] for k in _FACE)


def decode_face(data) -> Face | None:
    """The face face_data() made, or None when `data` does not have its shape."""
    if type(data) is not tuple or len(data) != len(_FACE):
        return None
    if not (type(data[0]) is str and type(data[1]) is str and type(data[5]) is str and type(data[10]) is tuple
            and type(data[7]) is list and all(type(data[i]) in (int, float) for i in (2, 3, 4, 6))
            and all(type(data[i]) is list for i in (8, 9, 11)) and type(data[13]) is tuple
            and all(type(s) is tuple and len(s) == 4 and all(type(n) is int for n in s) for s in data[13])):
        return None
    try:            # an operation is (its kind's index, its values): as many as the kind has fields
        ops = [_new(OPS[code], values) for code, values in data[7]
               if type(values) is tuple and len(values) == _ARITY[code]]
    except (TypeError, ValueError, IndexError):
        return None
    if len(ops) != len(data[7]):
        return None
    face = Face.__new__(Face)
    face.__dict__.update(zip(_FACE, data))
    face.ops = ops
    return face


def pages_data(value):
    """Laid-out pages (lists and tuples of drawing operations) as plain data (see decode_pages)."""
    if type(value) in _CODE:
        return ("op", _CODE[type(value)], tuple(value))
    if isinstance(value, (list, tuple)):
        return ("list" if isinstance(value, list) else "tuple", [pages_data(v) for v in value])
    raise ValueError(f"not a page: {type(value).__name__}")


def decode_pages(data):
    """What pages_data() made; ValueError when `data` does not have its shape."""
    if type(data) is not tuple or not data or data[0] not in ("op", "list", "tuple"):
        raise ValueError("not pages")
    if data[0] == "op":
        _, code, values = data
        if type(code) is not int or not 0 <= code < len(OPS) or type(values) is not tuple \
                or len(values) != len(OPS[code]._fields):
            raise ValueError("not a drawing operation")
        return _new(OPS[code], values)
    items = [decode_pages(v) for v in data[1]]
    return items if data[0] == "list" else tuple(items)


def decode_lines(data) -> list:
    """A list of text (what="lines"); ValueError when `data` is not one."""
    if type(data) is not list or not all(type(x) is str for x in data):
        raise ValueError("not lines of text")
    return data


_CODECS = {"faces": (face_data, decode_face), "pages": (pages_data, decode_pages), "lines": (list, decode_lines)}


class FaceStore:
    """Faces (or, with what="pages", laid-out pages) kept under keys, read from and written to one file."""

    def __init__(self, file: Path, stamp: str, stored: dict, what: str = "faces", decoded: bool = False,
                 held: "Held | None" = None):
        self.file = file
        self.held = held            # the stores a long-running process holds in memory, if it does
        self.seen: set = set()      # the pictures this store's faces draw, found sound in this build
        self.stamp = stamp
        self.what = what
        self.old = stored           # key -> plain data from the last build, decoded when asked for
        self.decoded = decoded      # ... or, from a store held in memory, the objects themselves
        self.new: dict = {}         # key -> Face (or pages), used by this build
        self._decoded: dict = {}    # id of plain data -> what it decoded to: one face shared by many keys

    @classmethod
    def open(cls, deck, name: str | None = None, palette: dict | None = None, also: str = "",
             what: str = "faces") -> "FaceStore | None":
        """The store `name` (default: the deck's id) of a loaded deck, or None with the cache off."""
        base = cache_dir()
        if base is None:
            return None
        deck_id, folder = name or deck.id, deck.folder
        where = str(folder.resolve()) if folder is not None else deck_id
        digest = hashlib.blake2b(where.encode(), digest_size=8).hexdigest()
        file = base / "layout" / f"{deck_id[:40]}-{digest}.{what}"
        memo = deck.memo_of("store")
        if "stamp" not in memo:
            memo["stamp"] = _stamp(folder)
        stamp = memo["stamp"] + repr(sorted((palette or {}).items())) + also     # also: the deck's icons
        stamp += _written(deck)
        held = (deck.memo or {}).get("held")
        held = held.get("stores") if held else None
        if held is not None and file in held.stores:
            held_stamp, faces = held.stores[file][:2]
            return cls(file, stamp, faces if held_stamp == stamp else {}, what, decoded=True, held=held)
        stored = cachefile.read(file, f"layout {what}", FORMAT)
        if not (type(stored) is tuple and len(stored) == 2 and stored[0] == stamp and type(stored[1]) is dict):
            stored = (stamp, {})        # none yet, another one's, stale or damaged: lay everything out
        return cls(file, stamp, stored[1], what, held=held)

    @staticmethod
    def key(*parts) -> bytes:
        """A digest of what a face or page is laid out from, besides the files and the palette (in the
        stamp): for a face its template, bleed and sorted values. repr keeps types apart (1, 1.0 and True
        print differently); value names are unique, so sorting never compares two values."""
        return hashlib.blake2b("\0".join(map(repr, parts)).encode(), digest_size=16).digest()

    @staticmethod
    def key_of(template: str, stamp: str, bleed: float, values: str) -> bytes:
        """key(template, stamp, bleed, values) of a face, its sorted values given as their repr (made once)."""
        return hashlib.blake2b(f"{template!r}\0{stamp!r}\0{bleed!r}\0{values}".encode(), digest_size=16).digest()

    def get(self, key):
        """What was kept under `key`, or None (nothing, or something not of the shape written)."""
        if key in self.new:
            return self.new[key]
        value = self.peek(key)
        if value is not None:
            self.new[key] = value
        return value

    def peek(self, key):
        """What the last build kept under `key` (None: nothing, or not sound), not kept for the next by this: a
        face of a template as it was, whose unchanged regions a face of the template now takes (relaid.py)."""
        data = self.old.get(key)
        if data is None:
            return None
        if self.decoded:
            value = data
        else:
            value = self._decoded.get(id(data))
            if value is None:
                try:
                    value = _CODECS[self.what][1](data)
                except (ValueError, TypeError, RecursionError):
                    value = None
                self._decoded[id(data)] = value
        if value is not None and (self.what != "faces" or _pictures_sound(value, self.seen)):
            return value
        return None

    def put(self, key, face) -> None:
        self.new[key] = face

    def save(self) -> None:
        """Write what this build used, if it differs from what was there (atomically; failures only cost time).
        While stores are held (Held), it is kept in memory instead, and written by Held.release()."""
        if self.held is not None:
            before = self.held.stores.get(self.file)
            changed = self.new.keys() != self.old.keys() or bool(before and before[2])
            self.held.stores[self.file] = (self.stamp, self.new, changed, self.what)
            return
        if self.new.keys() == self.old.keys():
            return
        self._write()

    def _write(self) -> None:
        encode = _CODECS[self.what][0]
        shared: dict = {}           # a face shown by many cards (a common back) is written once
        try:
            data = {}
            for k, v in self.new.items():
                d = shared.get(id(v))
                data[k] = d if d is not None else shared.setdefault(id(v), encode(v))
        except (ValueError, KeyError):  # something that is not a face or pages: not kept
            return
        cachefile.write(self.file, f"layout {self.what}", FORMAT, (self.stamp, data))


class Held:
    """The stores a long-running process (pnp watch) keeps in memory between its builds: given to each build
    with its deck (Deck.memo["held"]); release() writes the changed ones when the process ends."""

    def __init__(self):
        self.stores: dict = {}      # file -> (stamp, faces, changed, what)

    def release(self) -> None:
        """Write the stores held in memory that changed, and stop holding them."""
        held, self.stores = self.stores, {}
        for file, (stamp, faces, changed, what) in held.items():
            if changed:
                store = FaceStore(file, stamp, {}, what)
                store.new = faces
                store._write()


def remembered(name: str, deck, args: dict, compute, what: str = "pages"):
    """compute(), or what it returned in an earlier build from the same `args` (a dict of plain values)
    and the same files (see _stamp). For laid-out pages, such as a deck's rule pages (what="pages"), or
    lines of text (what="lines"): one store file for each `name`, holding only the latest result. When
    compute() raises, nothing is kept."""
    store = FaceStore.open(deck, name, what=what)
    if store is None:
        return compute()
    key = store.key(name, sorted(args.items()))
    value = store.get(key)
    if value is None:
        value = compute()
        store.put(key, value)
    store.save()
    return value


def _stamp(folder: Path | None) -> str:
    """Sizes and times of every file layout may read besides the deck's values, pictures and templates: pnp's
    code, layouts/, fonts/, and the deck folder's fonts; of the templates (the deck's templates/ and
    layouts/cards/), their names alone: which file a template's name finds. What each template's files hold is
    in its faces' keys (templatefiles.chain_stamp), so a saved template lays out again only its own faces."""
    parts = [f"{FORMAT} {__version__}", _code()]
    for top, wanted, named in ((LAYOUTS, None, "cards" + os.sep), (FONTS, None, None),
                               (folder, _deck_file, "templates" + os.sep)):
        parts.append(_files(top, wanted, named))
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=16).hexdigest()


@lru_cache(maxsize=1)
def _code() -> str:
    """pnp's code's part of the stamp: its files' sizes and times, once a process (as the process runs the code
    it imported: pnp watch then does not look at its 200 files on every save)."""
    return _files(ROOT / "generator")


def _files(top: Path | None, wanted=None, named: str | None = None) -> str:
    """Sizes and times of the files under `top` that `wanted(relative path)` accepts (all by default); of those
    under `named`, their names alone."""
    parts: list = []
    if top is not None and top.is_dir():
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
                if named and rel.startswith(named):
                    parts.append(rel)
                    continue
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                parts.append(f"{rel}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(parts)


def deck_stamp(deck) -> str | None:
    """What the layout store keeps a deck's faces under besides their templates' files and their values: the
    files' stamp this build took, the palette and what deck.yaml says of dpi, sizes and fonts; None before the
    stamp is taken (or with the cache off). pnp watch keeps its templates under it (templates.get_template)."""
    stamp = deck.memo_of("store").get("stamp")
    return None if stamp is None else stamp + repr(sorted(deck.palette.items())) + _written(deck)


def _written(deck) -> str:
    """What layout reads from deck.yaml besides the palette and icons: its dpi (what a px is), its own card sizes and
    its own font families' files; a change of any of them lays every face out again (not their lines: an edit
    above them in deck.yaml moves those and changes nothing drawn)."""
    fonts = sorted((name, sorted((style, str(f[0])) for style, f in styles.items()))
                   for name, styles in deck.fonts.items())
    return f" dpi {deck.dpi!r} sizes {sorted(deck.sizes.items())!r} fonts {fonts!r}"


def _deck_file(rel: str) -> bool:
    """What layout reads from a deck folder besides pictures: templates/ and its own fonts."""
    return rel.startswith("templates" + os.sep) or rel.lower().endswith(FONT_SUFFIXES)


def _pictures_sound(face, seen: set) -> bool:
    """Whether every picture a face from the store draws is still there and sound (images.picture: a stat, then
    what this process or the cache knows of the file, or the file examined), each looked at once a build
    (`seen`: those found sound already)."""
    pictures = [op.path for op in face.ops if type(op) is Image and op.path not in seen]
    if not pictures:
        return True
    from ..pictures.images import BadImage, picture  # lazy: +13 ms to import (benchmarks/imports.py)
    try:
        for path in pictures:
            picture(path)
            seen.add(path)
    except (BadImage, OSError):
        return False
    return True
