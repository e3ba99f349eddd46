"""reportlab's private names live behind one adapter (generator/reportlab_adapter.py): each is checked here,
so a reportlab upgrade that removes one fails naming it, and no other module reaches past the adapter."""
from __future__ import annotations

import importlib
import io
import re

import pytest
from reportlab.pdfgen.canvas import Canvas

from cli import ROOT

from generator import FONTS
from generator.reportlab_adapter import INTERNALS, font_from_state, font_state

GENERATOR = ROOT / "generator"


def _owner(where: str):
    module, _, last = where.rpartition(".")
    try:
        return importlib.import_module(where)
    except ImportError:
        return getattr(importlib.import_module(module), last)


def _instances() -> dict:
    """A parsed font, a canvas, its document and a form made on it, for the names that are instance
    attributes."""
    from reportlab.pdfbase.pdfdoc import xObjectName
    from reportlab.pdfbase.ttfonts import TTFont
    font = TTFont("adapter-check", str(FONTS / "DejaVuSans.ttf"))
    canvas = Canvas(io.BytesIO())
    doc = canvas._doc
    canvas.beginForm("adapter-form", 0, 0, 10, 10)
    canvas.rect(0, 0, 5, 5)
    canvas.endForm()
    return {"reportlab.pdfgen.canvas.Canvas": canvas,
            "reportlab.pdfbase.pdfdoc.PDFDocument": doc,
            "reportlab.pdfgen.canvas.ExtGState": canvas._extgstate,
            "reportlab.pdfbase.pdfdoc.PDFFormXObject": doc.idToObject[xObjectName("adapter-form")],
            "reportlab.pdfbase.ttfonts.TTFont": font,
            "reportlab.pdfbase.ttfonts.TTFontFace": font.face}


@pytest.mark.parametrize("where,name,why", INTERNALS, ids=[f"{w}.{n}" for w, n, _ in INTERNALS])
def test_each_internal_is_still_there(where, name, why):
    owner = _owner(where)
    instance = _instances().get(where)
    present = hasattr(owner, name) or (instance is not None and hasattr(instance, name))
    assert present, f"reportlab no longer has {where}.{name} ({why}): mend generator/reportlab_adapter.py"


def test_a_font_survives_the_cache_state_round_trip():
    from reportlab.pdfbase.ttfonts import TTFont
    path = FONTS / "PnpSerif-Regular.ttf"
    font = TTFont("adapter-a", str(path))
    again = font_from_state(font_state(font), "adapter-b", path.read_bytes())
    assert again is not None and again.fontName == "adapter-b"
    assert again.face.charWidths == font.face.charWidths and again.face.charToGlyph == font.face.charToGlyph
    assert again.stringWidth("Vasa Regalis", 10) == font.stringWidth("Vasa Regalis", 10)
    assert font_from_state(font_state(font), "adapter-c", b"other bytes") is None


def test_no_other_module_reaches_past_the_adapter():
    private = re.compile(r"\._doc\b|splitString|getSubsetInternalName|PDFZCompress|TTFontFace|TTFNameBytes|"
                         r"TTEncoding|_ttf_data|_pdfScale|_PDFRenderer|_shadingUsed|idToObject|xObjectName|"
                         r"_colorsUsed|_formsinuse")
    offenders = []
    for path in sorted(GENERATOR.rglob("*.py")):
        if path.name == "reportlab_adapter.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if private.search(line) and not line.lstrip().startswith("#"):
                offenders.append(f"{path.relative_to(GENERATOR.parent)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
