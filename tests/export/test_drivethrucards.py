"""Issue 46: `pnp export GAME --to drivethrucards`, DriveThruCards' PDF as their specification asks
(layouts/shop-drivethrucards.yaml), read back: one face a page at the trim plus 1/8 in of bleed with its
TrimBox and BleedBox, page 1 the back of card 1 ("VASA REGALIS") and page 2 its front, every card as many
times as it is printed; PDF/X-1a:2003 (tests/pdfxcheck.py: the OutputIntent GTS_PDFX with pnp's CMYK
profile embedded, GTS_PDFXVersion, Trapped, a document ID, no RGB colour or picture anywhere, nothing
transparent, every font embedded); grey text in black ink alone; and Ghostscript's CMYK render of every
page never above 240% total ink (a few per cent over for anti-aliased edges), or the limit asked for.
"""
from __future__ import annotations

import csv
import shutil
import subprocess

import pikepdf
import pypdf
import pytest
from PIL import Image

from cli import ROOT, pnp_in_process
from pdfxcheck import problems

INCH = 72.0
GS = shutil.which("gs")
SLACK = 5.0                 # per cent of ink over the limit Ghostscript's anti-aliased edges may reach


@pytest.fixture(scope="module")
def dtc(artefacts):
    def make(folder):
        proc = pnp_in_process("export", "vasa-regalis", "--to", "drivethrucards", "-o", folder / "out", check=True)
        (folder / "stdout.txt").write_text(proc.stdout, encoding="utf-8")
    return artefacts.get("export vasa-regalis --to drivethrucards", make)


def _pages(pdf_path) -> list[str]:
    return [p.extract_text() or "" for p in pypdf.PdfReader(str(pdf_path)).pages]


def test_back_first_then_front_every_card_as_printed(dtc):
    pdf = dtc / "out" / "poker-deck.pdf"
    text = _pages(pdf)
    assert "VASA" in text[0] and "REGALIS" in text[0]            # page 1: the back of card 1
    assert "Wood" in text[1] and "VASA" not in text[1]            # page 2: its front
    rows = list(csv.DictReader((dtc / "out" / "manifest.csv").open(encoding="utf-8")))
    assert [r["side"] for r in rows] == ["back", "front"] * 33      # each card: its back page, then its front
    material = [(r, t) for r, t in zip(rows, text) if r["component"] == "Material card"]
    assert all(("VASA" in t) == (r["side"] == "back") for r, t in material) and len(material) == 60
    assert [r["side"] for r in rows[:4]] == ["back", "front", "back", "front"]
    assert [r["card"] for r in rows[:4]] == ["Wood 1", "Wood 1", "Wood 2", "Wood 2"]
    assert len(text) == len(rows) == 2 * 33                       # Vasa Regalis prints 33 cards, each once
    out = (dtc / "stdout.txt").read_text(encoding="utf-8")
    assert "for DriveThruCards" in out and "CMYK PDF/X-1a at most 240% ink" in out
    assert "each back followed by its front" in out


def test_pages_are_the_trim_and_an_eighth_inch_of_bleed(dtc):
    for page in pypdf.PdfReader(str(dtc / "out" / "poker-deck.pdf")).pages:
        b = INCH / 8
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 2.75 * INCH, 3.75 * INCH], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 2.75 * INCH, 3.75 * INCH], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([b, b, b + 2.5 * INCH, b + 3.5 * INCH], abs=0.01)


def test_pdfx_1a(dtc):
    path = dtc / "out" / "poker-deck.pdf"
    assert problems(path) == []
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.4"
        info = pdf.docinfo
        assert str(info["/GTS_PDFXVersion"]).startswith("PDF/X-1")
        assert str(info["/GTS_PDFXConformance"]) == "PDF/X-1a:2003"
        assert info["/Trapped"] == pikepdf.Name("/False")
        assert len(pdf.trailer.ID) == 2 and len(bytes(pdf.trailer.ID[0])) == 16
        (intent,) = pdf.Root.OutputIntents
        # DriveThruCards' condition, SWOP, named as the ICC's registry names the data its profile is made from
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "CGATS TR 003"
        assert str(intent.RegistryName) == "http://www.color.org"
        profile = intent.DestOutputProfile.read_bytes()
        assert profile == (ROOT / "layouts" / "colour" / "pnp-SWOP-TR003-240.icc").read_bytes()
        assert profile[16:20] == b"CMYK" and profile[12:16] == b"prtr" and profile[8] == 2    # an ICC v2 printer
        assert int(intent.DestOutputProfile.N) == 4


def test_grey_text_is_black_ink_alone(dtc):
    """Vasa Regalis's grey ink (#262626) and black text are black ink alone, never four-colour: every dark
    text colour has no cyan, magenta or yellow; the card's colours (gilt) keep theirs."""
    seen = set()
    with pikepdf.open(dtc / "out" / "poker-deck.pdf") as pdf:
        for page in pdf.pages:
            inside = False
            for operands, op in pikepdf.parse_content_stream(page):
                o = str(op)
                if o in ("BT", "ET"):
                    inside = o == "BT"
                elif o == "k" and inside:
                    seen.add(tuple(round(float(v), 3) for v in operands))
    dark = [c for c in seen if c[3] >= 0.5]
    assert dark and all(c[:3] == (0, 0, 0) for c in dark), seen
    assert (0.0, 0.0, 0.0, 1.0) in seen                       # black text: 0 0 0 1 k
    assert any(min(c[:3]) > 0 or max(c[:3]) > 0.1 for c in seen)    # a colour stays a colour (gilt)


def _ink(pdf_path, tmp_path) -> list[float]:
    """Ghostscript's CMYK render (tiff32nc, 100 dpi) of each page: its most ink on any pixel, per cent."""
    subprocess.run([GS, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", "-r100",
                    f"-sOutputFile={tmp_path}/page%03d.tif", str(pdf_path)], check=True)
    import numpy as np
    out = []
    for f in sorted(tmp_path.glob("page*.tif")):
        with Image.open(f) as im:
            assert im.mode == "CMYK"
            out.append(float(np.asarray(im, dtype=np.int32).sum(axis=2).max()) / 255 * 100)
    return out


@pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed: .ci/run installs it (apt-get install "
                                       "ghostscript)")
def test_no_page_above_240_percent_ink(dtc, tmp_path):
    inks = _ink(dtc / "out" / "poker-deck.pdf", tmp_path)
    assert len(inks) == 66
    assert max(inks) <= 240 + SLACK, inks
    assert max(inks) > 200            # the dark backs are as deep as the limit allows, not washed out


@pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed: .ci/run installs it (apt-get install "
                                       "ghostscript)")
def test_a_lower_ink_limit_holds(tmp_path):
    out = tmp_path / "out"
    proc = pnp_in_process("export", "vasa-regalis", "--to", "drivethrucards", "--ink-limit", "200", "-o", out,
                          check=True)
    assert "at most 200% ink" in proc.stdout
    assert problems(out / "poker-deck.pdf") == []
    render = tmp_path / "render"
    render.mkdir()
    assert max(_ink(out / "poker-deck.pdf", render)) <= 200 + SLACK


@pytest.mark.parametrize("args, message", [
    (["--ink-limit", "300"], "expected a percentage from 100 to 240 (pnp's CMYK profile prints at most 240% "
                             "total ink), found 300"),
    (["--order", "paired"], "--order is for --to pdf"),
    (["--dpi", "300"], "--dpi is for --to png or showcase"),
])
def test_a_mistake_is_one_line_and_writes_nothing(args, message, tmp_path):
    out = tmp_path / "out"
    proc = pnp_in_process("export", "vasa-regalis", "--to", "drivethrucards", *args, "-o", out)  # what it says
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("pnp: error: ") and message in proc.stderr, \
        proc.stderr
    assert not out.exists()


def test_same_deck_same_bytes(dtc, tmp_path):
    out = tmp_path / "again"
    # in this process, against the artefact a `pnp` process wrote: the same bytes from two processes
    pnp_in_process("export", "vasa-regalis", "--to", "drivethrucards", "-o", out, check=True)
    assert (out / "poker-deck.pdf").read_bytes() == (dtc / "out" / "poker-deck.pdf").read_bytes()
    again = pnp_in_process("export", "vasa-regalis", "--to", "drivethrucards", "-o", out, check=True)
    assert "0 written, 2 unchanged" in again.stdout
