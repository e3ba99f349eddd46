"""Issue 56: printing conditions (`--condition fogra39|swop|gracol`, generator/export/conditions.py,
layouts/colour/conditions.yaml), read back: each condition's PDF names it in its OutputIntent by the ICC registry's
name for the data its profile was made from, embeds that profile, passes tests/pdfxcheck.py, and Ghostscript's CMYK
render (tiff32nc) of every page has at most 240% ink; each profile is an ICC v2 output profile carrying the
registry's characterization target tag and naming its data; each shop's file names its default condition and the
source that says so (DriveThruCards: SWOP); each profile's black table shipped in layouts/colour/black.txt is the one
cmyk.py works out from it."""
from __future__ import annotations

import shutil
import struct
import subprocess

import numpy as np
import pikepdf
import pytest
from PIL import Image

from cli import ROOT, pnp_in_process
from pdfxcheck import problems

ART = ROOT / "tests" / "decks" / "art"
COLOUR = ROOT / "layouts" / "colour"
GS = shutil.which("gs")
SLACK = 5.0                 # per cent of ink over the limit Ghostscript's anti-aliased edges may reach
NAMES = {"fogra39": ("FOGRA39", "pnp-FOGRA39-240.icc"), "swop": ("CGATS TR 003", "pnp-SWOP-TR003-240.icc"),
         "gracol": ("CGATS TR 006", "pnp-GRACoL-TR006-240.icc")}


def _tag(icc: bytes, sig: bytes) -> bytes | None:
    count = struct.unpack(">I", icc[128:132])[0]
    for i in range(count):
        s, offset, size = struct.unpack(">4sII", icc[132 + 12 * i:144 + 12 * i])
        if s == sig:
            return icc[offset:offset + size]
    return None


@pytest.mark.parametrize("key", sorted(NAMES))
def test_each_profile_is_a_v2_output_profile_naming_its_data(key):
    identifier, file = NAMES[key]
    icc = (COLOUR / file).read_bytes()
    assert icc[16:20] == b"CMYK" and icc[12:16] == b"prtr" and icc[8] == 2 and struct.unpack(">I", icc[:4])[0] == \
        len(icc)
    assert _tag(icc, b"targ")[8:].rstrip(b"\0") == f"ICCHDAT {identifier}".encode()
    from PIL import ImageCms
    profile = ImageCms.getOpenProfile(str(COLOUR / file))
    if identifier.startswith("CGATS"):       # the Technical Report named as the data's source, as it asks
        assert identifier in ImageCms.getProfileDescription(profile)
        assert identifier in ImageCms.getProfileCopyright(profile)


def test_each_profiles_shipped_black_table_is_the_one_worked_out_from_it(monkeypatch):
    """An export from an empty cache reads each grey's black ink from black.txt (make_profile.py writes it): it must
    be what Ink._black_table works out with LittleCMS, or grey type would print another black than it did."""
    monkeypatch.setenv("PNP_CACHE", "off")
    from generator.export.cmyk import Ink
    from generator.export.conditions import black
    for key in NAMES:
        ink = Ink(condition=key)
        assert black(ink.profile) == ink._black_table(), f"{key}: python layouts/colour/make_profile.py --black-only"
        assert ink.black_only("#000000") == 255 and ink._black == ink._black_table()


@pytest.mark.parametrize("key", sorted(NAMES))
def test_each_condition_is_named_embedded_and_within_240_percent(key, tmp_path):
    identifier, file = NAMES[key]
    out = tmp_path / "out"
    proc = pnp_in_process("export", ART, "--to", "pdf", "--cmyk", "--condition", key, "--force", "-o", out,
                          check=True)
    assert f"for {key} ({identifier})" in proc.stdout
    pdf_path = out / "poker-deck.pdf"
    assert problems(pdf_path) == []
    with pikepdf.open(pdf_path) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == identifier and str(intent.RegistryName) == \
            "http://www.color.org"
        assert intent.DestOutputProfile.read_bytes() == (COLOUR / file).read_bytes()
    if GS is None:
        pytest.skip("Ghostscript (gs) is not installed: .ci/run installs it (apt-get install ghostscript)")
    render = tmp_path / "render"
    render.mkdir()
    subprocess.run([GS, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", "-r72",
                    f"-sOutputFile={render}/page%03d.tif", str(pdf_path)], check=True)
    inks = []
    for f in sorted(render.glob("page*.tif")):
        with Image.open(f) as im:
            inks.append(float(np.asarray(im, dtype=np.int32).sum(axis=2).max()) / 255 * 100)
    assert len(inks) == 12 and max(inks) <= 240 + SLACK, inks
    assert max(inks) > 180              # the deck's dark colours are as deep as the limit allows


def test_each_shop_names_its_condition_and_the_source_that_says_so():
    from generator.export.conditions import conditions
    from generator.export.shops import shop
    assert shop("drivethrucards").data["condition"] == "swop"
    assert "Common Card Prep Issues" in shop("drivethrucards").data["condition_source"]
    for shop_id in ("printshop", "drivethrucards"):
        data = shop(shop_id).data
        assert data["condition"] in conditions() and data["condition_source"].strip()
    assert {c.identifier for c in conditions().values()} == {v[0] for v in NAMES.values()}
