"""Shaped words kept between runs, so that a rebuild neither loads HarfBuzz nor shapes its words again (and
where the dictionaries hyphenate words, so that a build after an edit loads none: hyphens.py).

What HarfBuzz made of each word in a font (its glyph ids, clusters, advances and offsets, in font units), and each
line as the pen writes it, is kept in the user's cache folder in two ways, read back with marshal:
- one file a font (all it ever shaped in it), named for the font file's bytes and the HarfBuzz binding's version;
- one file a deck folder (its book: `open_book`), holding what builds of that deck looked up, each entry under the
  font's name as above and kept as marshal bytes, decoded only when it is asked for. A rebuild reads its book
  alone (~1 ms; the fonts' files, holding every game's words, take tens of ms), and a font's file only for a word
  its book lacks; a word in neither is shaped (shaping.py) and added to both.
Every entry is named by what made it (the font's bytes, the engine, the word), so that any book or font file
answers any deck alike: one that holds a word of another deck costs only its bytes. The build writes the files
that gained entries at its end (save). The cache only saves time: the PDF is byte-identical with it warm, cold or
off (PNP_CACHE=off).
Where: cachefile.cache_dir(). A cache file is data, never code (generator/files/cachefile.py).
Not here: shaping itself (shaping.py), parsed fonts (fontcache.py).
"""
from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

from ..files import cachefile
from ..files.cachefile import cache_dir
from ..reportlab_adapter import font_digest
from reportlab.pdfbase.pdfmetrics import getRegisteredFontNames

FORMAT = 1          # bump when what is stored changes
BOOK = 1            # the books' format
GROWTH = 4          # a book holding this many times the entries a build looks up is written anew (_save_book)
FRESH = "\0fresh"   # the key marking a font's words as holding some not yet written (save)


@lru_cache(maxsize=1)
def _engine() -> bytes:
    """The HarfBuzz binding's version (its _version.py), found without loading the binding."""
    spec = find_spec("uharfbuzz")
    try:
        return (Path(spec.origin).parent / "_version.py").read_bytes()
    except (OSError, TypeError, AttributeError):
        return b"?"


@lru_cache(maxsize=64)
def _font_id(font: str) -> str:
    """The name a registered font's entries are kept under: its file's bytes (their digest) and the engine's
    version."""
    return hashlib.blake2b(font_digest(font) + b"\0" + _engine(), digest_size=10).hexdigest()


def _kept(font: str) -> tuple:
    """(the cache file for a registered font, {word key: shaped}) read once a process; (None, {}) without a
    cache folder."""
    return _store(_font_id(font))


def _store(name: str) -> tuple:
    """(the cache file `name`, what it holds) read once a process and cache folder; (None, {}) without one."""
    return _store_in(cache_dir(), name)


@lru_cache(maxsize=64)
def _store_in(folder: Path | None, name: str) -> tuple:
    if folder is None:
        return None, {}
    file = folder / "shaping" / f"{name}.marshal"
    words = cachefile.read(file, "shaped words", FORMAT)
    return file, words if type(words) is dict else {}


def hyphen_points(language: str) -> dict:
    """{word: (points where it may be hyphenated, ...)} kept for a language (layout/hyphens.py), to add to;
    named for the language and pyphen's files."""
    _books()[2].add("\0hyphens " + language)         # (its file written by save if it gains any)
    return _store(_hyphens_name(language))[1]


@lru_cache(maxsize=16)
def _hyphens_name(language: str) -> str:
    spec = find_spec("pyphen")
    try:
        stamp = Path(spec.origin).stat().st_mtime_ns
    except (OSError, TypeError, AttributeError):
        stamp = 0
    return f"hyphens-{language}-{stamp}"


@lru_cache(maxsize=1)
def _books() -> tuple:
    """({font id: {key: marshal bytes}} read from the books opened in this process, {font id: {key: value or its
    marshal bytes}} looked up in this process: what a book is written with, {the fonts that gained entries, and
    "\0hyphens LANGUAGE" for the languages whose hyphenation points were asked for}).
    The dicts only ever gain entries, each named by what made it, so a process that builds several decks answers
    each alike."""
    return {}, {}, set()


def _book(where: str) -> tuple:
    """(the book file of a deck folder, {font id: {key: marshal bytes}} it holds) read once a process and cache
    folder; (None, {}) without one."""
    return _book_in(cache_dir(), where)


@lru_cache(maxsize=16)
def _book_in(base: Path | None, where: str) -> tuple:
    if base is None:
        return None, {}
    digest = hashlib.blake2b(where.encode(), digest_size=8).hexdigest()
    file = base / "shaping" / f"book-{Path(where).name[:40]}-{digest}.marshal"
    held = cachefile.read(file, "shaping book", BOOK)
    if type(held) is not dict or not all(type(v) is dict for v in held.values()):
        held = {}
    return file, held


def _where(deck) -> str:
    """What names a deck's book: its folder, as the layout store's files are named (store.FaceStore.open)."""
    return str(deck.folder.resolve()) if deck.folder is not None else deck.id


def open_book(deck) -> None:
    """Read the book of a loaded deck's folder: the entries it holds answer before the fonts' files are read."""
    got = _books()[0]
    for fid, entries in _book(_where(deck))[1].items():
        got.setdefault(fid, {}).update(entries)


def _lookup(font: str, key: str):
    """What is kept for `key` in `font`: from a book opened, else its font's file (read then); None if neither."""
    fid = _font_id(font)
    book, used, _ = _books()
    data = book.get(fid, {}).get(key)
    if type(data) is bytes:
        try:
            got = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            got = None
        if got is not None:
            used.setdefault(fid, {})[key] = data
            return got
    got = _kept(font)[1].get(key)
    if got is not None:
        used.setdefault(fid, {})[key] = got
    return got


def get(font: str, key: str) -> tuple | None:
    """The shaped glyphs kept for `key` (a word, and its direction) in `font`: ((gid, cluster, x advance,
    x offset, y offset), ...) in font units; None when none is kept, or what is kept has another shape."""
    raw = _lookup(font, key)
    if type(raw) is tuple and all(type(g) is tuple and len(g) == 5 for g in raw):
        return raw
    return None


def get_line(font: str, key: str) -> tuple | None:
    """A line as the pen writes it, kept for `key` in `font` (shaping.drawing): (characters, moves, rises, private
    glyphs); None when none is kept, or what is kept has another shape."""
    got = _lookup(font, key)
    if type(got) is tuple and len(got) == 4 and type(got[0]) is str and all(type(x) is tuple for x in got[1:]):
        return got
    return None


def put(font: str, key: str, raw: tuple) -> None:
    """Keep what HarfBuzz made of `key` (or a line as drawn: get_line), to be written at the build's end (save)."""
    words = _kept(font)[1]
    words[key] = raw
    words[FRESH] = True
    _, used, fresh = _books()
    used.setdefault(_font_id(font), {})[key] = raw
    fresh.add(font)


def mark(words: dict) -> None:
    """Note that `words` (hyphen_points') gained entries, to be written at the build's end."""
    words[FRESH] = True


def save(languages=(), deck=None, merge: bool = False) -> None:
    """Write the file of every font, and of each of `languages`' hyphenation points, that gained entries since it
    was read or last written, and the book of `deck`'s folder where this process looked up entries it lacks (a
    failure only costs time). `merge`: a run that laid out part of what a build does (an export, the proof) adds
    to the book, never writes it anew with only what it looked up."""
    read = _books()[2]
    kept = [_kept(font) for font in sorted(read) if not font.startswith("\0")]
    kept += [_store(_hyphens_name(language)) for language in languages if "\0hyphens " + language in read]
    for file, words in kept:
        if file is not None and words.pop(FRESH, False):
            cachefile.write(file, "shaped words", FORMAT, words)
    if deck is not None:
        _save_book(_where(deck), merge)


def _save_book(where: str, merge: bool = False) -> None:
    """Write the book of a deck folder with what this process looked up, where it holds an entry the book lacks:
    added to what the book held (a word edited back finds its lines), unless the book holds over GROWTH times as
    many entries as were looked up (a deck edited for long), when it keeps only those."""
    file, held = _book(where)
    used = _books()[1]
    if file is None:
        return
    fresh = not all(key in held.get(fid, ()) for fid, entries in used.items() for key in entries)
    keep = merge or sum(map(len, held.values())) <= GROWTH * sum(map(len, used.values()))
    if not fresh and keep:
        return
    out = {fid: dict(entries) for fid, entries in held.items()} if keep else {}
    try:
        for fid, entries in used.items():
            mine = out.setdefault(fid, {})
            for key, value in entries.items():
                if key not in mine:
                    mine[key] = value if type(value) is bytes else marshal.dumps(value)
    except ValueError:          # (a value marshal cannot hold: none is, shaped glyphs being numbers)
        return
    if cachefile.write(file, "shaping book", BOOK, out):
        held.clear()
        held.update(out)
