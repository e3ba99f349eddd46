"""DriveThruCards' PDF (`pnp export GAME --to drivethrucards`): the print-shop PDF (printpdf.py) with the
shop's settings, layouts/shop-drivethrucards.yaml: one face a page at the trim plus 1/8 in of bleed
(TrimBox and BleedBox set), each card's back page and then its front page (the back of card 1 is page 1),
every card as many times as it is printed, CMYK PDF/X-1a:2003 at most 240% total ink (or less, asked for),
fonts embedded; and manifest.csv, a row a page with the card, its quantity and which copy it is.

Not here: the pages (printpdf.py), the colours (cmyk.py, flatten.py), the PDF/X keys (pdfx.py).
"""
from __future__ import annotations

from .shops import shop

SHOP = "drivethrucards"


def ink_limit() -> float:
    """The shop's total ink limit, percent."""
    return float(shop(SHOP).data.get("ink_limit", 240))


def export_drivethrucards(deck, out_dir, ink_limit_percent: float | None = None, clean: bool = False):
    """Write DriveThruCards' PDFs and manifest for `deck` into `out_dir` (printpdf.Report)."""
    from .cmyk import ink  # lazy: +26 ms to import (benchmarks/imports.py)
    from .printpdf import export_pdf  # lazy: +649 ms to import (benchmarks/imports.py)
    data = shop(SHOP).data
    limit = ink_limit() if ink_limit_percent is None else ink_limit_percent
    return export_pdf(deck, out_dir, order=str(data.get("order", "back-front")), clean=clean, ink=ink(limit),
                      shop_id=SHOP, copies=bool(data.get("copies", True)))
