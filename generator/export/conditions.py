"""The printing conditions a CMYK print-shop PDF is separated for (`--condition fogra39|swop|gracol`), read from
layouts/colour/conditions.yaml: each its name in the ICC's characterization data registry (what a PDF/X file's
OutputIntent names it by), a description, pnp's profile of it and that profile's total ink limit.

Each shipped profile's black table (the black ink alone each grey level prints with, cmyk.py) ships beside it in
layouts/colour/black.txt, under the digest of the profile's bytes (make_profile.py writes it): the first grey of an
export from an empty cache then builds no CMYK-to-Lab transform (70 ms) and imports no numpy; a profile with no line
there (one of a designer's own, or one made anew and not yet listed) has its table worked out as before.
What converting through a condition's profile found is kept in the cache folder (`ink/`, a file an ink: the profile's
bytes and the limit), so that an export that converts no new colour builds no LittleCMS transform and imports no
numpy: each sRGB colour written as CMYK, and the black ink alone each grey is printed with (cmyk.py).
Not here: the conversions (cmyk.py), the PDF/X keys (pdfx.py), how a profile is made (layouts/colour/make_profile.py).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .. import LAYOUTS
from ..errors import PnpError
from ..files import cachefile
from ..records import Record

FOLDER = LAYOUTS / "colour"
FILE = "layouts/colour/conditions.yaml"
BLACK = FOLDER / "black.txt"
KEPT = 1                        # the format of what the cache keeps of an ink


class Condition(Record):
    key: str                    # pnp's name for it: fogra39, swop, gracol (--condition)
    identifier: str             # its Reference Name in the ICC's registry: FOGRA39, CGATS TR 003 ...
    description: str            # the OutputIntent's OutputCondition and Info
    profile: Path               # pnp's ICC profile of it
    limit: float                # the profile's own total ink limit, percent


@lru_cache(maxsize=1)
def conditions() -> dict:
    """{key: Condition} in the file's order, read once a process."""
    from ..files.yamlfile import load  # lazy: +9 ms to import (benchmarks/imports.py)
    data = load(FOLDER / "conditions.yaml", FILE)
    out = {}
    try:
        limit = float(data["limit"])
        for key, c in data["conditions"].items():
            out[str(key)] = Condition(str(key), str(c["identifier"]), " ".join(str(c["description"]).split()),
                                      FOLDER / str(c["profile"]), limit)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PnpError(f"expected limit and conditions, each with identifier, description and profile ({exc})",
                       file=FILE)
    return out


def condition(key: str) -> Condition:
    """The condition `key` (one of conditions()), or a one-line mistake naming the others."""
    found = conditions().get(key)
    if found is None:
        raise PnpError(f"no printing condition '{key}': {', '.join(conditions())}", file=FILE)
    return found


def black(profile: bytes) -> list | None:
    """The black table layouts/colour/black.txt ships for the profile of these bytes (256 levels of black ink), or
    None."""
    import hashlib  # lazy: +0 ms to import (benchmarks/imports.py)
    return _black_tables().get(hashlib.sha256(profile).hexdigest()[:16])


@lru_cache(maxsize=1)
def _black_tables() -> dict:
    """{the first 16 hex digits of a profile's SHA-256: its black table}, each line of black.txt "DIGEST HEX" (a byte a
    grey level, 0 to 255; '#' starts a comment), read once a process; lines of another shape are passed over."""
    out = {}
    try:
        text = BLACK.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return out
    for line in text.splitlines():
        parts = line.split("#", 1)[0].split()          # a comment after '#'
        if len(parts) == 2 and len(parts[0]) == 16 and len(parts[1]) == 512:
            try:
                out[parts[0]] = list(bytes.fromhex(parts[1]))
            except ValueError:
                continue
    return out


def kept(ink_id: str):
    """What an earlier run kept of the ink `ink_id`: (black table, {hex: cmyk}), or None."""
    base = cachefile.cache_dir()
    if base is None:
        return None
    value = cachefile.read(base / "ink" / ink_id, "ink", KEPT)
    if not (type(value) is tuple and len(value) == 2 and type(value[0]) is list and len(value[0]) == 256
            and all(type(v) is int for v in value[0]) and type(value[1]) is dict):
        return None
    colours = {k: v for k, v in value[1].items() if type(k) is str and type(v) is tuple and len(v) == 4
               and all(type(x) is int for x in v)}
    return value[0], colours


def keep(ink_id: str, black: list, colours: dict) -> None:
    """Keep the ink's black table and the colours it converted, for the next run."""
    base = cachefile.cache_dir()
    if base is None:
        return
    try:
        cachefile.write(base / "ink" / ink_id, "ink", KEPT, (list(black), dict(colours)))
    except OSError:
        pass
