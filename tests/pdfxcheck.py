"""Reading a PDF/X-1a file back with pikepdf, as a preflight would: what tests/test_cmyk.py and
tests/test_drivethrucards.py hold pnp's CMYK PDFs to.

problems(path) lists, one line each, everything that keeps the file from PDF/X-1a:2003: its version, the
OutputIntent (GTS_PDFX with an embedded CMYK profile and a condition), the information keys (GTS_PDFXVersion,
GTS_PDFXConformance, Trapped True or False, a title), the document ID, every page's TrimBox and BleedBox
(inside the MediaBox), every colour set in every content stream (pages, forms, nested forms, tiling
patterns) and every colour space a resource names (no RGB, no ICC-based, no Lab: DeviceCMYK, DeviceGray,
Separation, DeviceN, Indexed on them, Pattern), every image (its colour space, no soft mask), every
shading, every graphics state (no opacity under 1, no soft mask, no blend mode but Normal), transparency
groups, and every font (embedded). An empty list is a clean file.
"""
from __future__ import annotations

import pikepdf

ALLOWED = {"/DeviceCMYK", "/DeviceGray", "/Pattern"}
RGB_OPS = {"rg", "RG"}


def _space_problem(cs, where: str) -> str | None:
    """What is wrong with the colour space `cs` (a name or an array), or None."""
    if isinstance(cs, pikepdf.Name):
        return None if str(cs) in ALLOWED else f"{where}: colour space {cs}"
    if isinstance(cs, pikepdf.Array) and len(cs):
        kind = str(cs[0])
        if kind == "/Indexed":
            return _space_problem(cs[1], where)
        if kind in ("/Separation", "/DeviceN"):
            return _space_problem(cs[2], where)
        if kind == "/Pattern":
            return None if len(cs) == 1 else _space_problem(cs[1], where)
        return f"{where}: colour space {kind}"
    return f"{where}: colour space {cs!r}"


def _resources(res, where: str, out: list, seen: set) -> None:
    if res is None:
        return
    for name, cs in (res.get("/ColorSpace") or {}).items():
        p = _space_problem(cs, f"{where} {name}")
        if p:
            out.append(p)
    for name, sh in (res.get("/Shading") or {}).items():
        p = _space_problem(sh.get("/ColorSpace"), f"{where} shading {name}")
        if p:
            out.append(p)
    for name, gs in (res.get("/ExtGState") or {}).items():
        for key in ("/CA", "/ca"):
            if key in gs and float(gs[key]) < 1:
                out.append(f"{where} graphics state {name}: {key} {float(gs[key])}")
        if "/SMask" in gs and str(gs["/SMask"]) != "/None":
            out.append(f"{where} graphics state {name}: a soft mask")
        if "/BM" in gs and str(gs["/BM"]) not in ("/Normal", "/Compatible"):
            out.append(f"{where} graphics state {name}: blend mode {gs['/BM']}")
    for name, pat in (res.get("/Pattern") or {}).items():
        if "/Shading" in pat:
            p = _space_problem(pat["/Shading"].get("/ColorSpace"), f"{where} pattern {name}")
            if p:
                out.append(p)
        elif pat.objgen not in seen:
            seen.add(pat.objgen)
            _stream(pat, pat.get("/Resources"), f"{where} pattern {name}", out, seen)
    for name, x in (res.get("/XObject") or {}).items():
        if x.objgen in seen:
            continue
        seen.add(x.objgen)
        if x.get("/Subtype") == "/Image":
            if x.get("/ImageMask") is True:
                continue
            p = _space_problem(x.get("/ColorSpace"), f"{where} image {name}")
            if p:
                out.append(p)
            if "/SMask" in x:
                out.append(f"{where} image {name}: a soft mask (transparency)")
        else:
            if "/Group" in x and x["/Group"].get("/S") == "/Transparency":
                out.append(f"{where} form {name}: a transparency group")
            _stream(x, x.get("/Resources"), f"{where} form {name}", out, seen)
    for name, font in (res.get("/Font") or {}).items():
        if font.objgen in seen:
            continue
        seen.add(font.objgen)
        fonts = [font] + list(font.get("/DescendantFonts") or [])
        described = [f for f in fonts if "/FontDescriptor" in f]
        if font.get("/Subtype") != "/Type3" and not any(
                k in f["/FontDescriptor"] for f in described for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            out.append(f"{where} font {name} ({font.get('/BaseFont')}): not embedded")


def _stream(obj, res, where: str, out: list, seen: set) -> None:
    for operands, op in pikepdf.parse_content_stream(obj):
        o = str(op)
        if o in RGB_OPS:
            out.append(f"{where}: RGB colour ({o})")
        elif o in ("cs", "CS") and operands:
            space = operands[0]
            if str(space) not in ALLOWED:
                named = (res.get("/ColorSpace") or {}).get(str(space)) if res is not None else None
                if named is None:
                    out.append(f"{where}: colour space {space}")
        elif o == "INLINE IMAGE":
            out.append(f"{where}: an inline image")
    _resources(res, where, out, seen)


def problems(path) -> list[str]:
    out: list = []
    with pikepdf.open(path) as pdf:
        if pdf.pdf_version > "1.4":
            out.append(f"PDF {pdf.pdf_version}: PDF/X-1a:2003 is PDF 1.4 at most")
        info = pdf.docinfo
        if str(info.get("/GTS_PDFXVersion", "")) not in ("PDF/X-1:2003", "PDF/X-1:2001"):
            out.append(f"GTS_PDFXVersion {info.get('/GTS_PDFXVersion')!r}")
        if not str(info.get("/GTS_PDFXConformance", "")).startswith("PDF/X-1a"):
            out.append(f"GTS_PDFXConformance {info.get('/GTS_PDFXConformance')!r}")
        if str(info.get("/Trapped", "")) not in ("/True", "/False"):
            out.append(f"Trapped {info.get('/Trapped')!r}")
        for key in ("/Title", "/CreationDate", "/ModDate"):
            if not str(info.get(key, "")):
                out.append(f"no {key}")
        if "/ID" not in pdf.trailer:
            out.append("no document ID")
        intents = [i for i in pdf.Root.get("/OutputIntents") or [] if i.get("/S") == "/GTS_PDFX"]
        if len(intents) != 1:
            out.append(f"{len(intents)} GTS_PDFX OutputIntents")
        for i in intents:
            profile = i.get("/DestOutputProfile")
            if profile is None or int(profile.get("/N", 0)) != 4:
                out.append("the OutputIntent embeds no CMYK profile")
            elif profile.read_bytes()[16:20] != b"CMYK":
                out.append("the OutputIntent's profile is not CMYK")
            if not str(i.get("/OutputConditionIdentifier", "")):
                out.append("the OutputIntent names no OutputConditionIdentifier")
        seen: set = set()
        for n, page in enumerate(pdf.pages, 1):
            media = [float(v) for v in page.obj["/MediaBox"]]
            for box in ("/TrimBox", "/BleedBox"):
                if box not in page.obj:
                    out.append(f"page {n}: no {box}")
                    continue
                b = [float(v) for v in page.obj[box]]
                if b[0] < media[0] - 1e-3 or b[1] < media[1] - 1e-3 or b[2] > media[2] + 1e-3 or b[3] > media[3] + 1e-3:
                    out.append(f"page {n}: {box} outside the MediaBox")
            if "/Group" in page.obj:
                out.append(f"page {n}: a transparency group")
            if "/Annots" in page.obj:
                out.append(f"page {n}: annotations")
            _stream(page, page.obj.get("/Resources"), f"page {n}", out, seen)
    return out
