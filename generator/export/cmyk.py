"""Colours and pictures in CMYK, for a print shop's PDF/X-1a (`--to drivethrucards`, `--to pdf --cmyk`).

An Ink converts through a real CMYK output profile with LittleCMS (Pillow's ImageCms): pnp's own,
layouts/colour/pnp-FOGRA39-240.icc (FOGRA39, 240% total ink: layouts/colour/README.md). It is handed to
render/draw.py's draw_ops, which asks it for every colour operator it writes (paint) and, through
render/placing.py, for every picture (raster, drawing): so the CMYK PDF is drawn by the same code as the
RGB one, its colours converted where they are written rather than an RGB PDF edited afterwards.
- every colour (sRGB, pnp's '#rrggbb') and every picture goes through the profile, relative colorimetric
  (one transform for all, so a flattened patch meets the vectors around it without a seam): a colour the
  press can print is printed as it is, one it cannot is the nearest it can, and what is darker than the
  deepest it prints within the ink limit is that (no black point compensation: with it, every dark colour
  of the shipped games' palettes printed lighter, ΔE 2000 2.2 at the median against 0.6 without);
- a grey (#262626, #000000, any r = g = b) in text, in a line or in a stroke up to THIN wide is printed in
  black ink alone, as dark as the profile's four-colour grey would be (0 0 0 1 k for black text): no colour
  fringes around small type where the four plates do not meet exactly. Filled areas keep their four-colour
  grey, as deep as the limit allows;
- every value's total ink is held to the limit (`limit`, at most the profile's 240%): the profile already
  separates within it, and what its tables round over, or a lower limit asked for, takes ink off cyan,
  magenta and yellow, keeping black;
- a raster picture is converted pixel by pixel (its own ICC profile where it has one, else sRGB; a CMYK
  JPEG is taken as it is, ink-limited); one with transparency that reaches here is flattened onto white
  (flatten.py composites see-through pictures onto what is beneath them first);
- an SVG drawing's fills, strokes and gradient stops are converted as colours.
Not here: flattening transparency (flatten.py), the PDF/X keys and output intent (pdfx.py), where each
colour is drawn (render/draw.py).
"""
from __future__ import annotations

import hashlib
import io
import os
from functools import lru_cache

from .. import LAYOUTS
from PIL import Image, ImageCms, ImageOps
from reportlab.lib.rl_accel import fp_str
import copy

PROFILE = LAYOUTS / "colour" / "pnp-FOGRA39-240.icc"
PROFILE_LIMIT = 240.0           # the profile's own total ink limit, percent (layouts/colour/make_profile.py)
CONDITION = "FOGRA39"           # the printing condition the profile characterises, as the ICC registry names it
CONDITION_NAME = "Offset printing on coated paper (FOGRA39L, ISO 12647-2:2004/Amd 1), at most 240% total ink"
THIN = 2.0                      # points: a stroke up to this wide, if grey, is printed in black ink alone
_OPS = {"rg": "k", "RG": "K"}


class Ink:
    """sRGB to the output profile's CMYK, every value at most `limit` percent of total ink."""

    def __init__(self, limit: float = PROFILE_LIMIT, profile=PROFILE):
        if not 100 <= limit <= PROFILE_LIMIT:
            raise ValueError(f"ink limit {limit}")
        self.limit = float(limit)
        self.profile = bytes(profile.read_bytes())
        self.id = "K" + hashlib.sha256(self.profile + repr(self.limit).encode()).hexdigest()[:10]
        self._most = int(self.limit * 255 / 100 + 1e-9)     # total ink in 8-bit units
        self._out = ImageCms.ImageCmsProfile(io.BytesIO(self.profile))
        self._srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
        self._transforms: dict = {}
        self._colours: dict = {}
        self._paints: dict = {}
        self._black = self._black_table()

    # colours

    def transform(self, source: bytes | None = None):
        """The LittleCMS transform from RGB in `source` (an ICC profile's bytes; None: sRGB) to this CMYK."""
        key = None if source is None else hashlib.sha256(source).hexdigest()
        t = self._transforms.get(key)
        if t is None:
            src = self._srgb if source is None else ImageCms.ImageCmsProfile(io.BytesIO(source))
            t = self._transforms[key] = ImageCms.buildTransform(
                src, self._out, "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
        return t

    def cmyk(self, hexstr: str) -> tuple:
        """'#rrggbb' as (c, m, y, k), each 0 to 255 of ink, within the limit."""
        c = self._colours.get(hexstr)
        if c is None:
            rgb = tuple(int(hexstr[i:i + 2], 16) for i in (1, 3, 5))
            px = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), self.transform()).getpixel((0, 0))
            c = self._colours[hexstr] = self.within(tuple(px))
        return c

    def within(self, px: tuple) -> tuple:
        """One CMYK value (0 to 255 each) with its total ink held to the limit: cyan, magenta and yellow
        reduced in proportion, black kept."""
        c, m, y, k = px
        if c + m + y + k <= self._most:
            return (c, m, y, k)
        room = max(0, self._most - k)
        s = c + m + y
        return tuple(v * room // s for v in (c, m, y)) + (k,)

    def black_only(self, hexstr: str) -> int | None:
        """The black ink (0 to 255) a grey '#vvvvvv' prints with in black alone; None for a colour."""
        r, g, b = hexstr[1:3], hexstr[3:5], hexstr[5:7]
        if not (r == g == b) or len(hexstr) != 7:
            return None
        return self._black[int(r, 16)]

    def paint(self, hexstr: str, op: str, width: float | None = None) -> str:
        """The operator that sets '#rrggbb' as the fill (op 'rg') or stroke ('RG') colour, in CMYK ('k', 'K').
        `width`: 0 for text, a line's or stroke's width; None for a filled area."""
        thin = width is not None and width <= THIN
        key = (hexstr.lower(), op, thin)
        s = self._paints.get(key)
        if s is None:
            k = self.black_only(key[0]) if thin else None
            cmyk = (0, 0, 0, k) if k is not None else self.cmyk(key[0])
            s = self._paints[key] = f"{fp_str(*(round(v / 255, 4) for v in cmyk))} {_OPS[op]}"
        return s

    def colour(self, colour, text: bool = False):
        """A reportlab colour (an SVG's) as a CMYKColor, its alpha kept; `text`: a tinted icon, grey in black."""
        from reportlab.lib.colors import CMYKColor, Color  # lazy: +261 ms to import (benchmarks/imports.py)
        if colour is None or not isinstance(colour, Color) or isinstance(colour, CMYKColor):
            return colour
        hexstr = "#%02x%02x%02x" % tuple(max(0, min(255, round(v * 255))) for v in colour.rgb())
        k = self.black_only(hexstr) if text else None
        c, m, y, kk = (0, 0, 0, k) if k is not None else self.cmyk(hexstr)
        return CMYKColor(c / 255, m / 255, y / 255, kk / 255, alpha=getattr(colour, "alpha", 1))

    def _black_table(self) -> list:
        """For each grey level 0 to 255: the black ink alone that is as light as the profile's four-colour
        conversion of that grey (black, and greys darker than black ink alone prints, at 255)."""
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        lab = ImageCms.ImageCmsProfile(ImageCms.createProfile("LAB", 5000))
        to_lab = ImageCms.buildTransform(self._out, lab, "CMYK", "LAB",
                                         renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
        greys = np.repeat(np.arange(256, dtype=np.uint8)[None, :, None], 3, axis=2)
        rich = ImageCms.applyTransform(Image.fromarray(greys, "RGB"), self.transform())
        ramp = np.zeros((1, 256, 4), np.uint8)
        ramp[0, :, 3] = np.arange(256)
        grey_l = np.asarray(ImageCms.applyTransform(rich, to_lab))[0, :, 0].astype(int)
        ramp_l = np.asarray(ImageCms.applyTransform(Image.fromarray(ramp, "CMYK"), to_lab))[0, :, 0].astype(int)
        # ramp_l falls as black rises: the least black at least as dark as the grey
        return [int(min(255, np.searchsorted(-ramp_l, -lightness, side="left"))) for lightness in grey_l]

    # pictures

    def pixels(self, image, source: bytes | None = None):
        """A PIL image in RGB (or grey, a palette: converted first), as a CMYK image within the limit."""
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        if image.mode == "CMYK":
            out = image
        else:
            if image.mode != "RGB":
                image = image.convert("RGB")
            out = ImageCms.applyTransform(image, self.transform(source))
        a = np.asarray(out, dtype=np.int32)
        total = a.sum(axis=2)
        over = total > self._most
        if over.any():
            cmy = a[..., :3][over]
            room = np.maximum(0, self._most - a[..., 3][over])[:, None]
            a[..., :3][over] = cmy * room // np.maximum(1, cmy.sum(axis=1))[:, None]
            out = Image.fromarray(a.astype(np.uint8), "CMYK")
        return out

    def raster(self, path: str, tint: str | None = None):
        """The PNG or JPEG at `path` (tinted: in that one colour, by its alpha or darkness) as a CMYK image,
        any transparency flattened onto white (made once a process)."""
        st = os.stat(path)
        return _raster(self, path, st.st_size, st.st_mtime_ns, tint)

    def drawing(self, d, text: bool = False):
        """A copy of a reportlab Drawing (an SVG's) with every fill, stroke and gradient stop in CMYK."""

        from reportlab.lib.colors import CMYKColor  # lazy: +261 ms to import (benchmarks/imports.py)
        d = copy.deepcopy(d)
        # the renderer's first state (reportlab's black, RGB) in black ink; attributes a Drawing validates away
        d.__dict__["initialFillColor"] = d.__dict__["initialStrokeColor"] = CMYKColor(0, 0, 0, 1)
        stack = [d]
        while stack:
            node = stack.pop()
            for attr in ("fillColor", "strokeColor"):
                if getattr(node, attr, None) is not None:
                    setattr(node, attr, self.colour(getattr(node, attr), text))
            colours = getattr(node, "_rl_colors", None)        # svglib's gradient shapes
            if isinstance(colours, list):
                node._rl_colors = [self.colour(c, text) for c in colours]
            stack.extend(getattr(node, "contents", ()) or ())
        return d


@lru_cache(maxsize=32)
def _raster(ink: Ink, path: str, size: int, mtime: int, tint: str | None):
    with Image.open(path) as im:
        im.load()
        source = im.info.get("icc_profile") or None
        if tint is not None:
            if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
                alpha = im.convert("RGBA").getchannel("A")
            else:
                alpha = ImageOps.invert(im.convert("L"))
            rgb = tuple(int(tint[i:i + 2], 16) for i in (1, 3, 5))
            flat = Image.composite(Image.new("RGB", alpha.size, rgb), Image.new("RGB", alpha.size, "white"), alpha)
            return ink.pixels(flat)
        if im.mode == "CMYK":           # a CMYK JPEG: its ink as it is (Pillow undoes Adobe's inversion)
            return ink.pixels(im)
        if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
            rgba = im.convert("RGBA")
            flat = Image.new("RGB", rgba.size, "white")
            flat.paste(rgba, mask=rgba.getchannel("A"))
            return ink.pixels(flat, source)
        if im.mode in ("I;16", "I", "F"):
            im = im.convert("L")
        return ink.pixels(im, source if im.mode == "RGB" else None)


def ink(limit: float | None = None) -> Ink:
    """The Ink for `limit` percent total ink (None: the profile's), made once a process."""
    return _ink(float(PROFILE_LIMIT if limit is None else limit))


@lru_cache(maxsize=4)
def _ink(limit: float) -> Ink:
    return Ink(limit)
