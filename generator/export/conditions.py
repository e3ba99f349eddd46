"""The printing conditions a CMYK print-shop PDF is separated for (`--condition fogra39|swop|gracol`), read from
layouts/colour/conditions.yaml: each its name in the ICC's characterization data registry (what a PDF/X file's
OutputIntent names it by), a description, pnp's profile of it and that profile's total ink limit.

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
