"""Shaped words kept between runs, so that a rebuild neither loads HarfBuzz nor shapes its words again (and
where the dictionaries hyphenate words, so that a build after an edit loads none: hyphens.py).

What HarfBuzz made of each word in a font (its glyph ids, clusters, advances and offsets, in font units) is kept
in the user's cache folder, one file a font, named for the font file's bytes and the HarfBuzz binding's version,
and read back with marshal (~1 ms). A rebuild finds every word there; a word not there is shaped (shaping.py)
and added, and the build writes the file again at its end (save). The cache only saves time: the PDF is
byte-identical with it warm, cold or off (PNP_CACHE=off).
Where: cachefile.cache_dir(). A cache file is data, never code (generator/files/cachefile.py).
Not here: shaping itself (shaping.py), parsed fonts (fontcache.py).
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

from ..files import cachefile
from ..files.cachefile import cache_dir
from ..reportlab_adapter import font_bytes
from reportlab.pdfbase.pdfmetrics import getRegisteredFontNames

FORMAT = 1          # bump when what is stored changes
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
def _kept(font: str) -> tuple:
    """(the cache file for a registered font, {word key: shaped}) read once a process; (None, {}) without a
    cache folder."""
    return _store(hashlib.blake2b(font_bytes(font) + b"\0" + _engine(), digest_size=10).hexdigest())


@lru_cache(maxsize=64)
def _store(name: str) -> tuple:
    """(the cache file `name`, what it holds) read once a process; (None, {}) without a cache folder."""
    folder = cache_dir()
    if folder is None:
        return None, {}
    file = folder / "shaping" / f"{name}.marshal"
    words = cachefile.read(file, "shaped words", FORMAT)
    return file, words if type(words) is dict else {}


def hyphen_points(language: str) -> dict:
    """{word: (points where it may be hyphenated, ...)} kept for a language (layout/hyphens.py), to add to;
    named for the language and pyphen's files."""
    return _store(_hyphens_name(language))[1]


@lru_cache(maxsize=16)
def _hyphens_name(language: str) -> str:
    spec = find_spec("pyphen")
    try:
        stamp = Path(spec.origin).stat().st_mtime_ns
    except (OSError, TypeError, AttributeError):
        stamp = 0
    return f"hyphens-{language}-{stamp}"


def get(font: str, key: str) -> tuple | None:
    """The shaped glyphs kept for `key` (a word, and its direction) in `font`: ((gid, cluster, x advance,
    x offset, y offset), ...) in font units; None when none is kept, or what is kept has another shape."""
    raw = _kept(font)[1].get(key)
    if type(raw) is tuple and all(type(g) is tuple and len(g) == 5 for g in raw):
        return raw
    return None


def get_line(font: str, key: str) -> tuple | None:
    """A line as the pen writes it, kept for `key` in `font` (shaping.drawing): (characters, moves, rises, private
    glyphs); None when none is kept, or what is kept has another shape."""
    got = _kept(font)[1].get(key)
    if type(got) is tuple and len(got) == 4 and type(got[0]) is str and all(type(x) is tuple for x in got[1:]):
        return got
    return None


def put(font: str, key: str, raw: tuple) -> None:
    """Keep what HarfBuzz made of `key` (or a line as drawn: get_line), to be written at the build's end (save)."""
    words = _kept(font)[1]
    words[key] = raw
    words[FRESH] = True


def mark(words: dict) -> None:
    """Note that `words` (hyphen_points') gained entries, to be written at the build's end."""
    words[FRESH] = True


def save(languages=()) -> None:
    """Write the file of every font, and of each of `languages`' hyphenation points, that gained entries since it
    was read or last written (a failure only costs time). The fonts are those reportlab has registered for pnp
    (its registry: every font text was set in)."""
    kept = [_kept(font) for font in getRegisteredFontNames() if font.startswith("pnp-")]
    kept += [_store(_hyphens_name(language)) for language in languages if language]
    for file, words in kept:
        if file is not None and words.pop(FRESH, False):
            cachefile.write(file, "shaped words", FORMAT, words)
