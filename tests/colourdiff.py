"""Colour differences between pnp's RGB and CMYK outputs, as a person sees them: CIE ΔE 2000 between sRGB
renders (pdfium's of the RGB PDF; Ghostscript's CMYK render of the CMYK PDF, tiff32nc, its ink taken
through pnp's profile back to sRGB, relative colorimetric, as a soft proof shows it). Used by
tests/test_cmyk.py.
"""
from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache

import numpy as np
from PIL import Image, ImageCms

from cli import ROOT

GS = shutil.which("gs")
PROFILE = ROOT / "layouts" / "colour" / "pnp-FOGRA39-240.icc"


def lab(rgb) -> np.ndarray:
    """sRGB (0 to 255, ... x 3) as CIE L*a*b* (D50, Bradford-adapted as ICC profiles are)."""
    a = np.asarray(rgb, dtype=float) / 255
    lin = np.where(a <= 0.04045, a / 12.92, ((a + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4360747, 0.3850649, 0.1430804], [0.2225045, 0.7168786, 0.0606169],
                  [0.0139322, 0.0971045, 0.7141733]])
    xyz = lin @ m.T / np.array([0.96422, 1.0, 0.82521])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def de2000(lab1, lab2) -> np.ndarray:
    """CIE ΔE 2000 between two arrays of L*a*b* (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = np.moveaxis(np.asarray(lab1, float), -1, 0)
    l2, a2, b2 = np.moveaxis(np.asarray(lab2, float), -1, 0)
    cb = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(cb ** 7 / (cb ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p, h2p = np.degrees(np.arctan2(b1, a1p)) % 360, np.degrees(np.arctan2(b2, a2p)) % 360
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(c1p * c2p == 0, 0, dh)
    dl, dc, dhh = l2 - l1, c2p - c1p, 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    lb, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    hb = np.where(np.abs(h1p - h2p) > 180, (h1p + h2p + 360) / 2, (h1p + h2p) / 2)
    hb = np.where(c1p * c2p == 0, h1p + h2p, hb)
    t = (1 - 0.17 * np.cos(np.radians(hb - 30)) + 0.24 * np.cos(np.radians(2 * hb))
         + 0.32 * np.cos(np.radians(3 * hb + 6)) - 0.2 * np.cos(np.radians(4 * hb - 63)))
    rc = 2 * np.sqrt(cbp ** 7 / (cbp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lb - 50) ** 2 / np.sqrt(20 + (lb - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    rt = -np.sin(np.radians(60 * np.exp(-((hb - 275) / 25) ** 2))) * rc
    return np.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


@lru_cache(maxsize=1)
def _to_srgb():
    """pnp's profile's ink to sRGB, relative colorimetric: made once (~0.23 s of CPU each, 22 pages a run)."""
    return ImageCms.buildTransform(ImageCms.getOpenProfile(str(PROFILE)), ImageCms.createProfile("sRGB"), "CMYK",
                                   "RGB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def proof(cmyk_image) -> np.ndarray:
    """A CMYK PIL image (ink as pnp's profile prints it) as sRGB pixels."""
    return np.asarray(ImageCms.applyTransform(cmyk_image, _to_srgb()))


def rgb_pages(pdf_path, dpi: int) -> list:
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        return [np.asarray(p.render(scale=dpi / 72).to_pil().convert("RGB")) for p in doc]
    finally:
        doc.close()


def cmyk_pages(pdf_path, dpi: int, folder) -> list:
    """Ghostscript's CMYK render of each page: [(the CMYK PIL image's most ink, per cent; its sRGB proof)]."""
    subprocess.run([GS, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", f"-r{dpi}",
                    "-dGraphicsAlphaBits=4", "-dTextAlphaBits=4", f"-sOutputFile={folder}/g%03d.tif",
                    str(pdf_path)], check=True)
    out = []
    for f in sorted(folder.glob("g*.tif")):
        with Image.open(f) as im:
            out.append((float(np.asarray(im, dtype=np.int32).sum(axis=2).max()) / 255 * 100, proof(im)))
    return out


def page_differences(rgb_pdf, cmyk_pdf, folder, dpi: int = 100, block: int = 4) -> list:
    """For each page pair, ΔE 2000 of every `block` x `block` pixel average: (the median over the page, the
    largest over its flat areas, the largest anywhere, the two colours where the flat areas differ most).
    A flat area is a block whose pixels are one colour in both renders: at an edge, two renderers'
    anti-aliasing (pdfium's and Ghostscript's draw text a little thinner or thicker) differs, not the colour."""
    out = []
    for x, (_, y) in zip(rgb_pages(rgb_pdf, dpi), cmyk_pages(cmyk_pdf, dpi, folder)):
        h, w = (min(x.shape[0], y.shape[0]) // block) * block, (min(x.shape[1], y.shape[1]) // block) * block
        xb = x[:h, :w].reshape(h // block, block, w // block, block, 3).astype(float)
        yb = y[:h, :w].reshape(h // block, block, w // block, block, 3).astype(float)
        xs, ys = xb.mean((1, 3)), yb.mean((1, 3))
        flat = (np.ptp(xb, axis=(1, 3)).max(-1) <= 1) & (np.ptp(yb, axis=(1, 3)).max(-1) <= 3)
        d = de2000(lab(xs), lab(ys))
        df = np.where(flat, d, -1)
        j = np.unravel_index(df.argmax(), df.shape)
        out.append((float(np.median(d)), float(df.max()), float(d.max()), tuple(xs[j].round()), tuple(ys[j].round())))
    return out
