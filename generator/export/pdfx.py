"""What makes a CMYK print-shop PDF a PDF/X-1a:2003 file, written by reportlab with the rest of the document.

reportlab draws the pages (render/draw.py with export/cmyk.py's Ink, export/flatten.py: CMYK only, nothing
transparent, every font an embedded TrueType subset, each page's TrimBox and BleedBox) and writes the dates, a
title and Trapped False; prepare() adds what it does not write for any call of its canvas (reportlab_adapter
.pdfx_document), and printpdf.py makes the canvas PDF 1.4:
- the OutputIntent (/S /GTS_PDFX): the printing condition the colours were separated for, by its name in the ICC's
  registry (http://www.color.org: FOGRA39, CGATS TR 003 ...), and the ink's profile of it embedded as its
  DestOutputProfile;
- the document information keys GTS_PDFXVersion (PDF/X-1:2003) and GTS_PDFXConformance (PDF/X-1a:2003);
- PDF 1.4 in the header (PDF/X-1a:2003 is PDF 1.4; reportlab writes no object streams).
identified() gives the file a document ID made from its contents (the digest printpdf.py keeps), so the same deck
writes the same bytes and another deck another ID. The file is written once, as reportlab formats it, its pictures
filled in as it is written (render/splice.py): no second pass reads it back (pikepdf did, before: 5 s of a
100-card art deck's 19).
Not here: the colours and pictures (cmyk.py, flatten.py, inkstreams.py), the pages (printpdf.py).
"""
from __future__ import annotations

import hashlib
import re

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFString

from ..reportlab_adapter import define_picture, pdfx_document
from ..render.deflate import deflate

VERSION = "PDF/X-1:2003"
CONFORMANCE = "PDF/X-1a:2003"
REGISTRY = "http://www.color.org"
_ID = re.compile(rb"/ID\s*\[<([0-9a-fA-F]{32})><([0-9a-fA-F]{32})>\]")


PDF_VERSION = (1, 4)            # PDF/X-1a:2003 is PDF 1.4 (the canvas is made so: printpdf.py)


def prepare(c, ink) -> None:
    """Make the document on canvas `c`, drawn with `ink`, a PDF/X-1a:2003 file as it is written."""
    condition = ink.condition
    profile = deflate(ink.profile)
    stream = define_picture(c, "PnpOutputProfile", b"/N 4 /Filter /FlateDecode", profile, len(profile))
    intent = PDFDictionary({"Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
                            "OutputConditionIdentifier": PDFString(condition.identifier),
                            "RegistryName": PDFString(REGISTRY), "OutputCondition": PDFString(condition.description),
                            "Info": PDFString(condition.description), "DestOutputProfile": stream})
    pdfx_document(c, {"GTS_PDFXVersion": VERSION, "GTS_PDFXConformance": CONFORMANCE}, intent)


def identified(pdf: bytes, key: str) -> bytes:
    """The document `pdf` (as reportlab wrote it, its trailer at its end) with the ID made from `key`, a digest of
    everything it is made of: the trailer's two 16-byte strings, of the same length as reportlab's."""
    at = pdf.rfind(b"trailer")
    found = _ID.search(pdf, at if at >= 0 else 0)
    if found is None:
        raise ValueError("a PDF with no document ID in its trailer")      # a bug: reportlab always writes one
    mine = hashlib.md5(key.encode("ascii"), usedforsecurity=False).hexdigest().encode("ascii")
    return pdf[:found.start(1)] + mine + pdf[found.end(1):found.start(2)] + mine + pdf[found.end(2):]
