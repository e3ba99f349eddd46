"""The date every PDF pnp makes carries, by the reproducible-builds convention: SOURCE_DATE_EPOCH when it is set,
else the game's own date (deck/sections/game.date_epoch: its `date`, else its `year`), else 2000-01-01, reportlab's
invariant date; never the time of the run, nor a file's time (which differs between two copies of one game), so the
same input builds the same bytes anywhere.
Not here: what a PDF holds (pdf.py, png.py).
"""
from __future__ import annotations

import os

from reportlab.pdfgen.canvas import Canvas

from ..errors import PnpError
from ..layout.fonts import font_name


def source_date() -> int | None:
    """SOURCE_DATE_EPOCH (seconds since 1970), or None when it is not set; one that is not a whole number is the
    user's mistake, said in one line before reportlab reads it (and fails)."""
    given = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not given:
        return None
    if not given.isdigit():
        raise PnpError(f"SOURCE_DATE_EPOCH must be a whole number of seconds since 1970 (such as 1700000000), "
                       f"found {given!r}")
    return int(given)


def dated_canvas(buf, size, compress: int, date: int | None = None, version: tuple | None = None) -> Canvas:
    """An invariant canvas (same input, same bytes) dated SOURCE_DATE_EPOCH when it is set, else `date` (seconds since
    1970, UTC), else 2000-01-01: reportlab reads SOURCE_DATE_EPOCH as it makes the canvas (its dates, and the
    document ID it makes from them), so a game's own date is given to it so, for that moment only. Its initial font
    is one of ours, so no unembedded standard font (Helvetica) enters the file; `compress`: reportlab's
    pageCompression; `version`: the PDF version its header states ((1, 4)), else reportlab's."""
    given = source_date()
    env = os.environ
    if given is None and date is not None:
        env["SOURCE_DATE_EPOCH"] = str(int(date))
    try:
        return Canvas(buf, pagesize=size, invariant=1, pageCompression=compress, initialFontName=font_name("sans"),
                      initialFontSize=10, **({"pdfVersion": tuple(version)} if version else {}))
    finally:
        if given is None and date is not None:
            del env["SOURCE_DATE_EPOCH"]
