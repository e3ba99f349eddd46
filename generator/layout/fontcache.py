"""Parsed TrueType fonts kept between runs, so a rebuild does not parse its fonts again.

reportlab reads a font file's tables in pure Python: ~9 ms for each style a deck uses, paid on
every build. This keeps what it parsed (the face: widths, the character map, the file's bytes
for subsetting) in the user's cache folder, as marshal data (plain dicts, lists and numbers read
back about three times faster than pickle), and reads it back in ~1 ms. A cache file is named for
the font file, its size and reportlab's and Python's versions, and holds the font's bytes: a font
whose bytes differ, or another library version, is parsed afresh.

Where: $PNP_CACHE if set ("off" turns the cache off), else $XDG_CACHE_HOME/pnp or ~/.cache/pnp.
The cache only saves time: a file that cannot be read, written or trusted is parsed as before,
and the PDF is byte-identical either way (tests/test_fontcache.py).
"""
from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from weakref import WeakKeyDictionary

from reportlab import Version
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from ..errors import PnpError
from ..output import write_atomic

FORMAT = 3          # bump when what is stored changes


def cache_dir() -> Path | None:
    env = os.environ.get("PNP_CACHE")
    if env:
        return None if env == "off" else Path(env)
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "pnp"


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
    try:
        state = marshal.loads(file.read_bytes())
        face = TTFontFace.__new__(TTFontFace)
        face.__dict__.update(state["face"])
        for k in state["names"]:
            setattr(face, k, TTFNameBytes(getattr(face, k)))
        if face._ttf_data != data or not isinstance(face.charWidths, dict):
            return None
        face._pdfScale = _scale(face.unitsPerEm)
        font = TTFont.__new__(TTFont)
        font.__dict__.update(state["font"])
        font.fontName, font.face, font.encoding, font.state = name, face, TTEncoding(), WeakKeyDictionary()
        return font
    except Exception:           # a missing, partial, foreign or stale cache file: parse instead
        return None


def _write(file: Path, font: TTFont) -> None:
    # glyphToChar only serves reportlab while it parses (a list per glyph: half the reading time)
    face = {k: v for k, v in vars(font.face).items() if k not in ("_pdfScale", "glyphToChar")}
    names = [k for k, v in face.items() if isinstance(v, TTFNameBytes)]
    for k in names:
        face[k] = bytes(face[k])
    rest = {k: v for k, v in vars(font).items() if k not in ("face", "state", "encoding")}
    try:
        write_atomic(file, marshal.dumps({"face": face, "names": names, "font": rest}))
    except (PnpError, ValueError):      # a read-only home, a full disk, a value marshal cannot hold:
        pass                            # the cache is only a saving


def _scale(units_per_em: int):
    """reportlab's font-unit -> 1/1000 em scaling (ttfonts.TTFontFile.extractInfo), which cannot be pickled."""
    if units_per_em == 1000:
        return lambda x: x
    mult = 1000 / units_per_em
    return lambda x: x * mult
