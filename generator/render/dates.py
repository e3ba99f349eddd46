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
from ..reportlab_adapter import date_document


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


def dated_canvas(buf, size, compress: int, date: int | None = None) -> Canvas:
    """An invariant canvas (same input, same bytes) dated SOURCE_DATE_EPOCH when it is set (reportlab reads it as it
    makes the canvas), else `date` (seconds since 1970, UTC), else 2000-01-01. Its initial font is one of ours, so
    no unembedded standard font (Helvetica) enters the file; `compress`: reportlab's pageCompression."""
    given = source_date()
    c = Canvas(buf, pagesize=size, invariant=1, pageCompression=compress, initialFontName=font_name("sans"),
               initialFontSize=10)
    if given is None and date is not None:
        date_document(c, int(date))
    return c
