"""A calibration sheet for the duplex offset: crosses on the front, rulers behind them on the back.

Hold the printed sheet up to a light with the BACK facing you. Each front cross shows through
next to a ruler printed on the back; the ruler's numbers are read off where the cross's lines
meet them and are exactly the X,Y to pass to `pnp build --offset X,Y` (X to the right, Y up,
as seen on the back).

The rulers are where the spec puts a back (SheetSpec.back_position), for the paper and flip the spec holds.
Not here: which builds carry a calibration sheet (document.py), what --duplex means (spec.py).
"""
from __future__ import annotations

from ..layout.face import Line, Text
from ..language import words
from ..layout import oneline
from ..layout.fonts import font_name
from ..units import from_mm
from ..impose.page import Page
from ..impose.paper import SheetLayout
from ..impose.spec import SheetSpec

RANGE_MM = 10          # ruler reaches +-10 mm
INK = "#000000"


def _targets(sheet: SheetLayout):
    w, h = sheet.width, sheet.height
    m = from_mm(45)
    return [(w / 2, h / 2), (m, h - m), (w - m, h - m), (m, m), (w - m, m)]


def calibration_pages(spec: SheetSpec, players: bool = False) -> list[Page]:
    """The sheet's two pages, for a spec whose backs print on a backs page (--duplex long or short).
    `players`: worded for someone holding a game's PDF, who cannot rebuild it (the last page of
    `pnp build --calibration`), in the build's language; otherwise for the designer running pnp."""
    sheet = spec.paper
    _ = words(spec.language)
    regular = font_name(spec.font("sans"))
    front, back = [], []
    arm = from_mm(RANGE_MM + 4)
    for x, y in _targets(sheet):
        front += [Line(x - arm, y, x + arm, y, INK, 0.4), Line(x, y - arm, x, y + arm, INK, 0.4)]
        bx, by = spec.back_position(x, y, 0, 0, spec.duplex.mirror)
        back += _rulers(bx, by, regular)
    edge = _("long edge") if spec.duplex.edge == "long" else _("short edge")
    fam, rtl = spec.font("sans"), _.rtl
    front += _explain(sheet, fam, rtl, [
        _("Duplex calibration — front") if players else "pnp duplex calibration — front",
        _("Print this PDF double-sided at 100% on the paper you will use for cards,"),
        _("flipping on the {edge}. Then hold the sheet up to a light with the", edge=edge),
        _("OTHER side (the rulers) facing you, and read where the crosses fall."),
    ])
    act = ([
        _("Then shift your printer's back side by X mm right and Y mm up (seen from this side), if its"),
        _("duplex or layout settings allow; if not, give X,Y to whoever made the file (the middle target counts "
          "most)."),
    ] if players else ["Rebuild with: pnp build GAME --offset X,Y   (the middle target counts most)."])
    back += _explain(sheet, fam, rtl, [
        _("Duplex calibration — back (hold up to a light, this side facing you)") if players else
        "pnp duplex calibration — back (hold up to a light, this side facing you)",
        _("Where the vertical line of the cross from the front meets the horizontal ruler: X."),
        _("Where its horizontal line meets the vertical ruler: Y. The numbers are mm."),
        *act,
    ])
    return [Page("text", sheet.width, sheet.height, ops=front, label="Calibration front"),
            Page("text", sheet.width, sheet.height, ops=back, label="Calibration back")]


def _rulers(x, y, font):
    ops = []
    mm1 = from_mm(1)
    span = RANGE_MM * mm1
    ops.append(Line(x - span, y, x + span, y, INK, 0.3))
    ops.append(Line(x, y - span, x, y + span, INK, 0.3))
    for i in range(-RANGE_MM, RANGE_MM + 1):
        t = from_mm(2.5 if i % 5 == 0 else 1.2)
        ops.append(Line(x + i * mm1, y, x + i * mm1, y - t, INK, 0.25))      # X ruler ticks, below the line
        ops.append(Line(x, y + i * mm1, x + t, y + i * mm1, INK, 0.25))      # Y ruler ticks, right of the line
        if i % 5 == 0 and i:
            ops.append(Text(x + i * mm1, y - from_mm(5), f"{i:+d}", font, 6, INK, "center"))
            ops.append(Text(x + from_mm(3.2), y + i * mm1 - 2, f"{i:+d}", font, 6, INK, "left"))
    ops.append(Text(x - span - from_mm(1.5), y - 2, "X", font, 7, INK, "right"))
    ops.append(Text(x, y + span + from_mm(1.5), "Y", font, 7, INK, "center"))
    return ops


def _explain(sheet, fam: str, rtl: bool, lines):
    """The sheet's words, centred, each line in the family and its fallback chain, in the language's direction."""
    x = sheet.width / 2
    y = sheet.height / 2 + from_mm(60)
    ops = oneline.ops(x, y, lines[0], fam, "bold", 10, INK, "center", rtl=rtl)
    for i, line in enumerate(lines[1:]):
        ops += oneline.ops(x, y - 14 * (i + 1), line, fam, "regular", 8.5, INK, "center", rtl=rtl)
    return ops
