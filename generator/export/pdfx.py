"""What makes a CMYK print-shop PDF a PDF/X-1a:2003 file, written with pikepdf into what reportlab drew.

reportlab draws the pages (render/draw.py with export/cmyk.py's Ink, export/flatten.py: CMYK only,
nothing transparent, every font an embedded TrueType subset, each page's TrimBox and BleedBox) and writes
a document ID and its dates; what it cannot write is added here:
- the OutputIntent (/S /GTS_PDFX): the printing condition the colours were separated for, FOGRA39 in the
  ICC's registry (http://www.color.org), and pnp's profile of it embedded as its DestOutputProfile;
- the document information keys GTS_PDFXVersion (PDF/X-1:2003), GTS_PDFXConformance (PDF/X-1a:2003) and
  Trapped (False: pnp traps nothing; a shop may trap it);
- a PDF 1.4 file with no object streams (PDF/X-1a:2003 is PDF 1.4), and a document ID made from its
  contents (pikepdf's deterministic ID), so the same deck writes the same bytes.
Not here: the colours and pictures (cmyk.py, flatten.py), the pages (printpdf.py).
"""
from __future__ import annotations

import io

VERSION = "PDF/X-1:2003"
CONFORMANCE = "PDF/X-1a:2003"
REGISTRY = "http://www.color.org"


def finish(data: bytes, ink) -> bytes:
    """The PDF `data` (reportlab's, drawn with `ink`) as a PDF/X-1a:2003 file's bytes."""
    import pikepdf  # lazy: +339 ms to import (benchmarks/imports.py)

    from .cmyk import CONDITION, CONDITION_NAME  # lazy: +22 ms to import (benchmarks/imports.py)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        info = pdf.docinfo
        info[pikepdf.Name.GTS_PDFXVersion] = pikepdf.String(VERSION)
        info[pikepdf.Name.GTS_PDFXConformance] = pikepdf.String(CONFORMANCE)
        info[pikepdf.Name.Trapped] = pikepdf.Name("/False")
        profile = pikepdf.Stream(pdf, ink.profile)
        profile[pikepdf.Name.N] = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(CONDITION), RegistryName=pikepdf.String(REGISTRY),
            OutputCondition=pikepdf.String(CONDITION_NAME), Info=pikepdf.String(CONDITION_NAME),
            DestOutputProfile=pdf.make_indirect(profile))
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        for page in pdf.pages:
            if "/TrimBox" not in page.obj or "/BleedBox" not in page.obj:
                raise ValueError("a PDF/X page needs its TrimBox and BleedBox")
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 force_version="1.4", compress_streams=True)
    return out.getvalue()
