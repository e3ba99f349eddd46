"""Parsed TrueType fonts kept between runs, so a rebuild does not parse its fonts again.

reportlab reads a font file's tables in pure Python: ~9 ms for each style a deck uses, paid on
every build. This keeps what it parsed (the face: widths, the character map, the file's bytes
for subsetting) in the user's cache folder, as marshal data (plain dicts, lists and numbers read
back about three times faster than pickle), and reads it back in ~1 ms. A cache file is named for
the font file, its size and reportlab's and Python's versions, and holds the font's bytes: a font
whose bytes differ, or another library version, is parsed afresh.

Where: $PNP_CACHE if set ("off" turns the cache off), else $XDG_CACHE_HOME/pnp or ~/.cache/pnp.
A cache file is data, never code (generator/files/cachefile.py: a format number and a checksum before the
marshal payload), and what it holds must have the shape font_state() gives. The cache only saves time:
a file that cannot be read, written or trusted is parsed as before, and the PDF is byte-identical
either way (tests/layout/test_fontcache.py).
"""
from __future__ import annotations

import sys
from pathlib import Path
from reportlab import Version

from ..files import cachefile
from ..files.cachefile import cache_dir
# TTFont through the adapter: reportlab's ttfonts is imported there first, after it defers HarfBuzz
from ..reportlab_adapter import TTFont, font_from_state, font_state, state_shaped

FORMAT = 5          # bump when what is stored changes (5: the font's digest)


def load_ttf(name: str, path: Path) -> TTFont:
    """reportlab's TTFont for `path`, registered under `name`: from the cache when it holds this file."""
    folder = cache_dir()
    if folder is None:
        return TTFont(name, str(path))
    data = path.read_bytes()
    # named for the file and the versions; the stored font bytes must equal the file's, or it is parsed again
    version = f"{FORMAT}-{Version}-py{sys.version_info[0]}{sys.version_info[1]}"
    file = folder / "fonts" / f"{path.stem}-{len(data)}-{version}.marshal"
    font = _read(file, name, data)
    if font is None:
        font = TTFont(name, str(path))
        _write(file, font)
    return font


def _read(file: Path, name: str, data: bytes) -> TTFont | None:
    """The cached font, or None: none there, a damaged, partial, foreign or stale file, or one whose
    contents are not what font_state() writes (then the font file is parsed instead)."""
    state = cachefile.read(file, "font", FORMAT)
    if not _shaped(state):
        return None
    try:
        return font_from_state(state, name, data)
    except (KeyError, TypeError, ValueError, AttributeError):      # intact, but not a font's state
        return None


def _shaped(state) -> bool:
    """Whether `state` has the shape font_state() gives (see reportlab_adapter.state_shaped)."""
    return state_shaped(state)


def _write(file: Path, font: TTFont) -> None:
    cachefile.write(file, "font", FORMAT, font_state(font))     # a failure only costs time
