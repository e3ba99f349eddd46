"""What makes a CMYK print-shop PDF a PDF/X-1a:2003 file, written by reportlab with the rest of the document.

reportlab draws the pages (render/draw.py with export/cmyk.py's Ink, export/flatten.py: CMYK only, nothing
transparent, every font an embedded TrueType subset, each page's TrimBox and BleedBox) and writes the dates, a
title and Trapped False; prepare() adds what it does not write for any call of its canvas (the classes below format
reportlab's own information and catalogue objects, adding it), and printpdf.py makes the canvas PDF 1.4:
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

from reportlab.pdfbase import pdfdoc

from ..reportlab_adapter import document
from ..render.deflate import deflate

VERSION = "PDF/X-1:2003"
CONFORMANCE = "PDF/X-1a:2003"
REGISTRY = "http://www.color.org"
_ID = re.compile(rb"/ID\s*\[<([0-9a-fA-F]{32})><([0-9a-fA-F]{32})>\]")
PDF_VERSION = (1, 4)            # PDF/X-1a:2003 is PDF 1.4 (the canvas is made so: printpdf.py)


class _Info(pdfdoc.PDFInfo):
    """reportlab's document information (title, author, dates, Trapped False ...) and PDF/X's keys after them."""
    pnp_keys: dict = {}

    def format(self, doc):
        return _added(super().format(doc), b"".join(b"/%s %s " % (k.encode("ascii"), pdfdoc.PDFString(v).format(doc))
                                                   for k, v in sorted(self.pnp_keys.items())))


class _Catalog(pdfdoc.PDFCatalog):
    """reportlab's catalogue, and the OutputIntents a PDF/X file has."""
    pnp_intents = None

    def format(self, doc):
        return _added(super().format(doc), b"/OutputIntents [%s] " % pdfdoc.format(self.pnp_intents, doc))


class _Profile(pdfdoc.PDFObject):
    """The output profile's stream: an ICC profile of four channels, its bytes deflated."""

    def __init__(self, data: bytes):
        self.data = data

    def format(self, doc):
        return b"<< /N 4 /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\n" % (len(self.data), self.data)


def _added(formatted: bytes, entries: bytes) -> bytes:
    """A dictionary reportlab formatted (`<< ... >>`) with `entries` before its end."""
    end = formatted.rstrip().rfind(b">>")
    return formatted[:end] + entries + formatted[end:]


def prepare(c, ink) -> None:
    """Make the document on canvas `c`, drawn with `ink`, a PDF/X-1a:2003 file as it is written: its information
    keys, and its catalogue's OutputIntent naming the ink's printing condition, the ink's profile embedded. reportlab
    writes no key of either for any call of its canvas (setCatalogEntry's keys are not written): its document's own
    information and catalogue objects are given classes of pnp's that add them as they are formatted."""
    condition = ink.condition
    doc = document(c)
    profile = doc.Reference(_Profile(deflate(ink.profile)), "PnpOutputProfile")
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(condition.identifier),
        "RegistryName": pdfdoc.PDFString(REGISTRY), "OutputCondition": pdfdoc.PDFString(condition.description),
        "Info": pdfdoc.PDFString(condition.description), "DestOutputProfile": profile})
    doc.info.__class__, doc.info.pnp_keys = _Info, {"GTS_PDFXVersion": VERSION, "GTS_PDFXConformance": CONFORMANCE}
    doc.Catalog.__class__, doc.Catalog.pnp_intents = _Catalog, doc.Reference(intent, "PnpOutputIntent")


def identified(pdf: bytes, key: str) -> bytes:
    """The document `pdf` (as reportlab wrote it, its trailer at its end) with the ID made from `key`, a digest of
    everything it is made of: the trailer's two 16-byte strings, of the same length as reportlab's."""
    at = pdf.rfind(b"trailer")
    found = _ID.search(pdf, at if at >= 0 else 0)
    if found is None:
        raise ValueError("a PDF with no document ID in its trailer")      # a bug: reportlab always writes one
    mine = hashlib.md5(key.encode("ascii"), usedforsecurity=False).hexdigest().encode("ascii")
    return pdf[:found.start(1)] + mine + pdf[found.end(1):found.start(2)] + mine + pdf[found.end(2):]
