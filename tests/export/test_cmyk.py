"""Issue 46: a print shop's PDF in CMYK (`pnp export GAME --to pdf --cmyk`), PDF/X-1a for any deck, read back.

Lantern Harbour (tests/decks/showcase) has everything a colour conversion can miss: PNG and JPEG pictures
(a palette PNG, a 60 x 40 px sketch), SVGs drawn as vectors (one with see-through circles), tinted SVG
and PNG icons in text, a see-through dashed panel over full-bleed art, a 15% glow and a 70% frame on the
backs, hex tiles. The art deck (tests/decks/art) adds an SVG gradient and an alpha PNG. Each is exported
in RGB and in CMYK: the CMYK files pass tests/pdfxcheck.py (no RGB colour or picture in any content
stream, form, image or shading; nothing transparent; the OutputIntent and PDF/X keys), have the RGB
files' pages and boxes, and look as the RGB ones do (tests/colourdiff.py: Ghostscript's CMYK render
through pnp's profile against pdfium's RGB render, CIE ΔE 2000). The Ink itself (generator/export/cmyk.py):
grey text and thin lines in black ink alone, every colour and pixel within the ink limit.
"""
from __future__ import annotations

import csv
import shutil

import numpy as np
import pikepdf
import pypdf
import pytest
from PIL import Image

from cli import ROOT, pnp_in_process
from pdfxcheck import problems

SHOWCASE = ROOT / "tests" / "decks" / "showcase"
ART = ROOT / "tests" / "decks" / "art"
GS = shutil.which("gs")
NO_GS = "Ghostscript (gs) is not installed: .ci/run installs it (apt-get install ghostscript)"


@pytest.fixture(scope="module")
def lantern(artefacts):
    """Lantern Harbour's print-shop PDFs: folder/rgb and folder/cmyk."""
    def make(folder):
        pnp_in_process("export", SHOWCASE, "--to", "pdf", "-o", folder / "rgb", "--force", check=True)
        proc = pnp_in_process("export", SHOWCASE, "--to", "pdf", "--cmyk", "-o", folder / "cmyk", "--force", check=True)
        (folder / "stdout.txt").write_text(proc.stdout, encoding="utf-8")
    return artefacts.get("export showcase --to pdf and --to pdf --cmyk", make)


@pytest.fixture(scope="module")
def art(artefacts):
    def make(folder):
        pnp_in_process("export", ART, "--to", "pdf", "-o", folder / "rgb", "--force", check=True)
        pnp_in_process("export", ART, "--to", "pdf", "--cmyk", "--ink-limit", "220", "-o", folder / "cmyk",
                       "--force", check=True)
    return artefacts.get("export art --to pdf and --cmyk --ink-limit 220", make)


def test_every_cmyk_pdf_is_pdfx_1a_with_the_rgb_pages(lantern, art):
    for folder in (lantern, art):
        files = sorted(p.name for p in (folder / "cmyk").glob("*.pdf"))
        assert files and files == sorted(p.name for p in (folder / "rgb").glob("*.pdf"))
        for name in files:
            assert problems(folder / "cmyk" / name) == [], name
            rgb, cmyk = (pypdf.PdfReader(str(folder / side / name)).pages for side in ("rgb", "cmyk"))
            assert len(rgb) == len(cmyk)
            for a, b in zip(rgb, cmyk):
                for box in ("mediabox", "trimbox", "bleedbox"):
                    assert [float(v) for v in getattr(a, box)] == pytest.approx([float(v) for v in getattr(b, box)])
        rows = [(folder / side / "manifest.csv").read_text(encoding="utf-8") for side in ("rgb", "cmyk")]
        assert rows[0] == rows[1]
    assert "CMYK PDF/X-1a at most 240% ink" in (lantern / "stdout.txt").read_text(encoding="utf-8")


def test_the_rgb_pdf_had_what_the_cmyk_one_must_not(lantern):
    """The same deck in RGB has transparency and RGB pictures, so the clean CMYK file proves a conversion."""
    found = problems(lantern / "rgb" / "poker-deck.pdf")
    assert any("RGB colour" in p for p in found)
    assert any("soft mask" in p or "/ca" in p or "/CA" in p for p in found)
    assert any("image" in p and "DeviceRGB" in p for p in found)


def test_gradients_and_pictures_are_cmyk(art):
    """The SVG's gradient is a CMYK shading; every picture a CMYK image (the alpha PNG flattened)."""
    shadings, images = [], []
    with pikepdf.open(art / "cmyk" / "poker-deck.pdf") as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and "/ShadingType" in obj:
                shadings.append(str(obj.ColorSpace))
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                images.append(str(obj.get("/ColorSpace")))
    assert shadings and set(shadings) == {"/DeviceCMYK"}
    assert images and set(images) == {"/DeviceCMYK"}


@pytest.mark.skipif(GS is None, reason=NO_GS)
def test_cmyk_looks_as_the_rgb_does(lantern, tmp_path):
    """Page by page, the CMYK render through the profile against the RGB render: half of every page within
    ΔE 2000 of 3, and no flat area (a colour, not an anti-aliased edge) further apart than 6. Measured when
    written: medians 0.35 to 1.9, flat areas at most 2.2 (docs/export.md)."""
    from colourdiff import page_differences
    for name in ("poker-deck.pdf", "medium-hex-tile.pdf", "hex-shard.pdf"):
        folder = tmp_path / name
        folder.mkdir()
        for median, flat, _, rgb, cmyk in page_differences(lantern / "rgb" / name, lantern / "cmyk" / name, folder):
            assert median <= 3.0 and flat <= 6.0, (name, median, flat, rgb, cmyk)


@pytest.mark.skipif(GS is None, reason=NO_GS)
def test_ink_limit_asked_for_holds(art, tmp_path):
    from colourdiff import cmyk_pages
    inks = [ink for ink, _ in cmyk_pages(art / "cmyk" / "poker-deck.pdf", 100, tmp_path)]
    assert inks and max(inks) <= 220 + 5, inks


def test_back_front_order_for_any_print_shop(tmp_path):
    out = tmp_path / "out"
    proc = pnp_in_process("export", "vasa-regalis", "--to", "pdf", "--order", "back-front", "-o", out, check=True)
    assert "each back followed by its front" in proc.stdout
    rows = list(csv.DictReader((out / "manifest.csv").open(encoding="utf-8")))
    assert [r["side"] for r in rows[:4]] == ["back", "front", "back", "front"]
    pages = pypdf.PdfReader(str(out / "poker-deck.pdf")).pages
    assert "VASA" in pages[0].extract_text() and "Wood" in pages[1].extract_text()


# the Ink


@pytest.fixture(scope="module")
def ink():
    from generator.export.cmyk import ink
    return ink()


def test_black_and_grey_text_and_thin_lines_are_black_ink_alone(ink):
    assert ink.paint("#000000", "rg", 0.0) == "0 0 0 1 k"              # black text
    assert ink.paint("#000000", "RG", 0.5) == "0 0 0 1 K"              # a thin black line
    c, m, y, k = map(float, ink.paint("#000000", "rg").split()[:4])      # a black area: four colours, deep
    assert min(c, m, y) > 0.2 and k > 0.9 and c + m + y + k <= 2.4 + 1e-9
    grey = ink.paint("#808080", "rg", 0.0).split()
    assert grey[:3] == ["0", "0", "0"] and 0.4 < float(grey[3]) < 0.8
    assert ink.paint("#808080", "RG", 5.0).split()[:3] != ["0", "0", "0"]    # a thick stroke: four colours
    assert ink.paint("#ffffff", "rg", 0.0) == "0 0 0 0 k"


def test_a_colour_the_press_prints_is_printed_as_it_is(ink):
    from colourdiff import de2000, lab, proof
    for hexstr in ("#2f6b3b", "#a8261f", "#b5834f", "#1f63a8"):         # Vasa's and Aqua Regia's
        rgb = np.array([[[int(hexstr[i:i + 2], 16) for i in (1, 3, 5)]]], np.uint8)
        printed = proof(Image.new("CMYK", (1, 1), ink.cmyk(hexstr)))
        assert de2000(lab(rgb), lab(printed)).max() < 2.5, hexstr


@pytest.mark.parametrize("limit", [240, 200, 150])
def test_every_pixel_within_the_limit(limit):
    from generator.export.cmyk import ink
    cube = np.mgrid[0:256:15, 0:256:15, 0:256:15].reshape(3, -1).T.astype(np.uint8)
    out = np.asarray(ink(limit).pixels(Image.fromarray(cube.reshape(1, -1, 3), "RGB")), dtype=np.int32)
    assert out.sum(axis=2).max() <= limit * 255 / 100
    assert out[0, 0].tolist()[3] > 200                                   # black is still mostly black ink


@pytest.mark.parametrize("args, message", [
    (["--to", "pdf", "--ink-limit", "200"], "--ink-limit is for --to drivethrucards or --to pdf --cmyk"),
    (["--to", "tts", "--cmyk"], "--cmyk is for --to pdf"),
    (["--to", "pdf", "--cmyk", "--ink-limit", "50"], "expected a percentage from 100 to 240"),
])
def test_a_mistake_is_one_line_and_writes_nothing(args, message, tmp_path):
    out = tmp_path / "out"
    proc = pnp_in_process("export", "vasa-regalis", *args, "-o", out)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("pnp: error: ") and message in proc.stderr, \
        proc.stderr
    assert not out.exists()
