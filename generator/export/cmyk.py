"""Colours and pictures in CMYK, for a print shop's PDF/X-1a (`--to drivethrucards`, `--to pdf --cmyk`).

An Ink converts through a real CMYK output profile with LittleCMS (Pillow's ImageCms): pnp's own profile of a
printing condition (conditions.py: FOGRA39, SWOP's CGATS TR 003 or GRACoL's CGATS TR 006), at 240% total ink
(layouts/colour/README.md). It is handed to
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
from functools import lru_cache

from . import conditions
from PIL import Image, ImageCms, ImageOps
from reportlab.lib.rl_accel import fp_str
import copy

THIN = 2.0                      # points: a stroke up to this wide, if grey, is printed in black ink alone
_OPS = {"rg": "k", "RG": "K"}
DEFAULT = "fogra39"             # the condition when a shop names none (layouts/shop-*.yaml: condition)
LUT_READ = 2_000_000            # sRGB pixels to convert that are worth reading the table of every colour for
LUT_MAKE = 24_000_000           # ... and worth making it for (Ink.lut)


class Ink:
    """sRGB to the CMYK of a printing condition's profile (conditions.py), every value at most `limit` percent of
    total ink (None: the profile's own)."""

    def __init__(self, limit: float | None = None, condition: str = DEFAULT):
        self.condition = conditions.condition(condition)
        limit = self.condition.limit if limit is None else limit
        if not 100 <= limit <= self.condition.limit:
            raise ValueError(f"ink limit {limit}")
        self.limit = float(limit)
        self.profile = bytes(self.condition.profile.read_bytes())
        self.id = "K" + hashlib.sha256(self.profile + repr(self.limit).encode()).hexdigest()[:10]
        self._most = int(self.limit * 255 / 100 + 1e-9)     # total ink in 8-bit units
        self._profiles: dict = {}       # made when a colour is first converted (LittleCMS)
        self._transforms: dict = {}
        self._paints: dict = {}
        found = conditions.kept(self.id)
        self._black, self._colours = found if found is not None else (None, {})
        self._kept = len(self._colours) if found is not None else -1
        self.streams = None             # the CMYK pictures of the export it draws (inkstreams.Streams), or None
        self._lut = None                # every sRGB colour's CMYK, once lut() reads or makes it

    def keep(self) -> None:
        """Keep what converting found (the black table, each colour) in the cache, for the next run."""
        if self._black is not None and len(self._colours) != self._kept:
            conditions.keep(self.id, self._black, self._colours)
            self._kept = len(self._colours)

    def _profile(self, which: str):
        p = self._profiles.get(which)
        if p is None:
            p = self._profiles[which] = (ImageCms.ImageCmsProfile(io.BytesIO(self.profile)) if which == "out"
                                         else ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")))
        return p

    # colours

    def transform(self, source: bytes | None = None):
        """The LittleCMS transform from RGB in `source` (an ICC profile's bytes; None: sRGB) to this CMYK."""
        key = None if source is None else hashlib.sha256(source).hexdigest()
        t = self._transforms.get(key)
        if t is None:
            src = self._profile("srgb") if source is None else ImageCms.ImageCmsProfile(io.BytesIO(source))
            t = self._transforms[key] = ImageCms.buildTransform(
                src, self._profile("out"), "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
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
        if self._black is None:
            self._black = self._black_table()
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
        to_lab = ImageCms.buildTransform(self._profile("out"), lab, "CMYK", "LAB",
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
        return Image.fromarray(self.convert(image, source), "CMYK")

    def convert(self, image, source: bytes | None = None):
        """A PIL image (RGB, grey or a palette: made RGB first; CMYK: its ink as it is) as CMYK pixels within the
        limit: a numpy array, height x width x 4 of 0 to 255 ink. The transform is LittleCMS's (Pillow's
        ImageCms), through `source` (an ICC profile's bytes) or sRGB; from sRGB, where the ink holds a table of
        every colour (lut()), each pixel is looked up in it: the same values, ten times as fast."""
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        if image.mode == "CMYK":
            return self.limited(np.array(image, dtype=np.uint8))
        if image.mode != "RGB":
            image = image.convert("RGB")
        if source is None and self._lut is not None:
            a = np.asarray(image)
            index = a[..., 0].astype(np.uint32) << 16
            index |= a[..., 1].astype(np.uint32) << 8
            index |= a[..., 2]
            return self._lut[index].view(np.uint8).reshape(a.shape[0], a.shape[1], 4)
        done = Image.new("CMYK", image.size)
        # the transform's core: ImageCmsTransform.apply() also copies the whole profile onto the image
        self.transform(source).transform.apply(image.getim(), done.getim())
        return self.limited(np.array(done, dtype=np.uint8))

    def limited(self, out):
        """CMYK pixels (numpy, h x w x 4, uint8) with every total held to the limit, in place: cyan, magenta and
        yellow reduced in proportion, black kept (within() of each pixel, vectorised)."""
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        flat = out.reshape(-1, 4)
        total = flat[:, 0].astype(np.uint16)
        for channel in (1, 2, 3):
            total += flat[:, channel]
        over = np.flatnonzero(total > self._most)
        if over.size:
            px = flat[over].astype(np.int32)
            cmy = px[:, :3]
            room = np.maximum(0, self._most - px[:, 3])[:, None]
            flat[over, :3] = (cmy * room // np.maximum(1, cmy.sum(axis=1))[:, None]).astype(np.uint8)
        return out

    def lut(self, pixels: int) -> None:
        """Before converting about `pixels` sRGB pixels: hold the table of every sRGB colour's CMYK within the limit
        (2**24 of them, 64 MB), read from the cache folder where a run made it, or made now when the pixels are many
        enough to pay for it (about 2 s of LittleCMS, as much as converting 30 million pixels one by one)."""
        if self._lut is not None or pixels < LUT_READ:
            return
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        kept = conditions.kept_table(self.id, 1 << 26)
        if kept is not None:
            self._lut = np.frombuffer(kept, dtype=np.uint32)
            return
        if pixels < LUT_MAKE:
            return
        every = np.arange(1 << 24, dtype=np.uint32)
        rgb = np.empty((1 << 24, 3), np.uint8)
        rgb[:, 0], rgb[:, 1], rgb[:, 2] = every >> 16, (every >> 8) & 255, every & 255
        done = Image.new("CMYK", (4096, 4096))
        self.transform().transform.apply(Image.fromarray(rgb.reshape(4096, 4096, 3), "RGB").getim(), done.getim())
        table = self.limited(np.array(done, dtype=np.uint8)).reshape(-1, 4)
        self._lut = np.ascontiguousarray(table).view(np.uint32).reshape(-1)
        conditions.keep_table(self.id, self._lut.tobytes())

    def raster(self, path: str, tint: str | None = None):
        """The PNG or JPEG at `path` (tinted: in that one colour, by its alpha or darkness) as CMYK pixels (numpy, h
        x w x 4), any transparency flattened onto white. Each picture is converted once an export, whatever shows
        it (inkstreams.py names it by its bytes, tint and ink), and kept in the cache."""
        with Image.open(path) as im:
            im.load()
            source = im.info.get("icc_profile") or None
            if tint is not None:
                if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
                    alpha = im.convert("RGBA").getchannel("A")
                else:
                    alpha = ImageOps.invert(im.convert("L"))
                rgb = tuple(int(tint[i:i + 2], 16) for i in (1, 3, 5))
                flat = Image.composite(Image.new("RGB", alpha.size, rgb), Image.new("RGB", alpha.size, "white"),
                                       alpha)
                return self.convert(flat)
            if im.mode == "CMYK":           # a CMYK JPEG: its ink as it is (Pillow undoes Adobe's inversion)
                return self.convert(im)
            if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
                rgba = im.convert("RGBA")
                flat = Image.new("RGB", rgba.size, "white")
                flat.paste(rgba, mask=rgba.getchannel("A"))
                return self.convert(flat, source)
            if im.mode in ("I;16", "I", "F"):
                im = im.convert("L")
            return self.convert(im, source if im.mode == "RGB" else None)

    def picture(self, c, path: str, tint: str | None = None) -> str:
        """The name of the image XObject in c's document that holds the raster picture at `path` (tinted) as this
        ink's CMYK pixels (render/placing.py draws it): made once for its bytes, tint and ink (inkstreams.py)."""
        from .inkstreams import Streams  # lazy: +3 ms to import (benchmarks/imports.py)
        if self.streams is None:
            self.streams = Streams(self)
        return self.streams.picture(c, path, tint)

    def patches(self, c, face, marked: list, dpi: int) -> list:
        """The image XObjects in c's document of the face's patches (flatten.py), made once (inkstreams.py)."""
        from .inkstreams import Streams  # lazy: +3 ms to import (benchmarks/imports.py)
        if self.streams is None:
            self.streams = Streams(self)
        return self.streams.patches(c, face, marked, dpi)

    def for_export(self, streams) -> "Ink":
        """This ink (its profile, transforms and tables) drawing one export's pictures into `streams`."""
        other = copy.copy(self)
        other.streams = streams
        return other

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


def ink(limit: float | None = None, condition: str | None = None) -> Ink:
    """The Ink for printing `condition` (None: fogra39) at `limit` percent total ink (None: its profile's), made
    once a process."""
    return _ink(None if limit is None else float(limit), condition or DEFAULT)


@lru_cache(maxsize=8)
def _ink(limit: float | None, condition: str) -> Ink:
    return Ink(limit, condition)
