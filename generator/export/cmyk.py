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
- a raster picture is converted pixel by pixel (its own ICC profile where it has one, else sRGB: each colour
  converted once a process, then looked up, a flat picture's once a run of it along a row; a CMYK JPEG is taken as
  it is, ink-limited); one with transparency
  that reaches here is flattened onto the one colour beneath it (flatten.grounds) or white (flatten.py
  composites other see-through pictures onto what is beneath them first);
- an SVG drawing's fills, strokes and gradient stops are converted as colours.
Not here: flattening transparency (flatten.py), the PDF/X keys and output intent (pdfx.py), where each
colour is drawn (render/draw.py).
"""
from __future__ import annotations

import hashlib
import io
import threading
from functools import lru_cache

from . import conditions
from PIL import Image, ImageCms, ImageOps
from reportlab.lib.rl_accel import fp_str
import copy

THIN = 2.0                      # points: a stroke up to this wide, if grey, is printed in black ink alone
_OPS = {"rg": "k", "RG": "K"}
RUNS_ROWS = 8                   # a picture's runs of one colour counted in every 8th row, to choose Ink._runs
RUNS_STARTS = 8                 # ... which it is when at most one pixel in 8 starts a run (flat art, not gradients)
DEFAULT = "fogra39"             # the condition when a shop names none (layouts/shop-*.yaml: condition)


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
        if self._black is None:         # the table shipped for this profile (black.txt), or None: worked out when asked
            self._black = conditions.black(self.profile)
        self._kept = len(self._colours) if found is not None else -1
        self.streams = None             # the CMYK pictures of the export it draws (inkstreams.Streams), or None
        # "table": the colours converted so far (looked_up), shared by its copies, as is the lock that lets one
        # thread at a time convert pictures (export/inkstreams.py makes them on a thread a core)
        self._memo: dict = {"lock": threading.Lock()}
        self.ground = None              # what a picture's transparency is flattened onto ('#rrggbb'; None: white)
        self.veils = ()                 # the see-through panels composited onto a picture (flatten.veils)

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
            px = _applied(self.transform(), Image.new("RGB", (1, 1), rgb), "CMYK").getpixel((0, 0))
            c = self._colours[hexstr] = self.within(tuple(px))
        return c

    def cmyks(self, hexstrs: list) -> list:
        """Many '#rrggbb' colours as cmyk() gives each: those not converted before (here or in a run whose colours
        the cache kept) converted together (looked_up()), the rest without LittleCMS or numpy."""
        missing = [h for h in dict.fromkeys(hexstrs) if h not in self._colours]
        if missing:
            import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
            rgb = np.frombuffer(bytes.fromhex("".join(h[1:] for h in missing)), np.uint8).reshape(-1, 3)
            rgb = rgb.astype(np.uint32)
            ink = self.looked_up(rgb[:, 0] | rgb[:, 1] << 8 | rgb[:, 2] << 16).view(np.uint8).reshape(-1, 4)
            for h, c in zip(missing, ink.tolist()):
                self._colours[h] = tuple(c)
        return [self._colours[h] for h in hexstrs]

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
        rich = _applied(self.transform(), Image.fromarray(greys, "RGB"), "CMYK")
        ramp = np.zeros((1, 256, 4), np.uint8)
        ramp[0, :, 3] = np.arange(256)
        grey_l = np.asarray(_applied(to_lab, rich, "LAB"))[0, :, 0].astype(int)
        ramp_l = np.asarray(_applied(to_lab, Image.fromarray(ramp, "CMYK"), "LAB"))[0, :, 0].astype(int)
        # ramp_l falls as black rises: the least black at least as dark as the grey
        return [int(min(255, np.searchsorted(-ramp_l, -lightness, side="left"))) for lightness in grey_l]

    # pictures

    def pixels(self, image, source: bytes | None = None):
        """A PIL image in RGB (or grey, a palette: converted first), as a CMYK image within the limit."""
        return Image.fromarray(self.convert(image, source), "CMYK")

    def convert(self, image, source: bytes | None = None):
        """A PIL image (RGB, grey or a palette: made RGB first; CMYK: its ink as it is) as CMYK pixels within the
        limit: a numpy array, height x width x 4 of 0 to 255 ink. The transform is LittleCMS's (Pillow's
        ImageCms), through `source` (an ICC profile's bytes) or sRGB; from sRGB, each colour is converted the first
        time a picture of this process shows it and looked up after that (looked_up()), in a flat picture once a run
        of one colour along its rows (_runs(): 2x faster where at most one pixel in 8 starts a run; gradients and
        photographs start one at nearly every other pixel or more): the same values."""
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        if image.mode == "CMYK":
            return self.limited(np.array(image, dtype=np.uint8))
        w, h = image.size
        if source is None and image.mode in ("P", "L"):      # 256 colours at most: each converted, then indexed
            colours = np.zeros((256, 3), np.uint32)
            if image.mode == "P":
                palette = np.array(image.getpalette("RGB") or (), np.uint32)[:768].reshape(-1, 3)
                colours[:len(palette)] = palette
            else:
                colours[:] = np.arange(256, dtype=np.uint32)[:, None]
            ink = self.looked_up(colours[:, 0] | colours[:, 1] << 8 | colours[:, 2] << 16)
            return ink[np.asarray(image)].view(np.uint8).reshape(h, w, 4)
        if image.mode != "RGB":
            image = image.convert("RGB")
        if source is None:
            packed = np.frombuffer(image.tobytes("raw", "RGBX"), np.uint32)
            if _flat(packed.reshape(h, w)[::RUNS_ROWS]):
                return self._runs(packed).view(np.uint8).reshape(h, w, 4)
            # r | g << 8 | b << 16, as numpy's own index type: a table look-up by uint32 converts it first (7% of it)
            index = np.bitwise_and(packed, 0xFFFFFF, dtype=np.intp)
            return self.looked_up(index).view(np.uint8).reshape(h, w, 4)
        with self._memo["lock"]:
            done = _applied(self.transform(source), image, "CMYK")
        return self.limited(np.array(done, dtype=np.uint8))

    def _runs(self, packed):
        """Pixels (r | g << 8 | b << 16 | x << 24, uint32) of a flat picture as looked_up() gives them: each run of one
        colour along the rows looked up once, at its start, and repeated (the same values)."""
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        index = np.bitwise_and(packed, 0xFFFFFF)
        starts = np.empty(len(index), bool)
        starts[0] = True
        np.not_equal(index[1:], index[:-1], out=starts[1:])
        starts = np.flatnonzero(starts)
        ink = self.looked_up(index[starts].astype(np.intp))
        return np.repeat(ink, np.diff(starts, append=len(index)))

    def looked_up(self, index):
        """sRGB colours (a numpy array of r | g << 8 | b << 16, uint32 or intp) as CMYK within the limit (uint32, each
        c, m, y, k in its bytes in turn): each colour from the process's table of the colours converted so far, those
        not in it converted now (LittleCMS, then limited) and added. A picture's colours are a small part of the 16.7
        million, and its pixels repeat them: an art deck's 28 million pixels hold 2.2 million colours."""
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        with self._memo["lock"]:
            table = self._memo.get("table")
            if table is None:   # each colour's CMYK inverted (never 0: no colour takes 400% of ink), 0 where not yet
                table = self._memo["table"] = np.zeros(1 << 24, np.uint32)      # 64 MB, untouched pages never made
            out = table[index]
            missing = np.flatnonzero(out == 0)
            if missing.size:
                out[missing] = self._converted(table, index[missing])
        return np.invert(out, out=out)

    def _converted(self, table, wanted):
        """The inverted CMYK of the colours `wanted` (r | g << 8 | b << 16, uint32 or intp; none in `table` yet), each
        converted once by LittleCMS and limited, and put in the table."""
        import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
        runs = np.empty(len(wanted), bool)          # a run of one colour (a flat area) asks once
        runs[0] = True
        np.not_equal(wanted[1:], wanted[:-1], out=runs[1:])
        asked = wanted[runs]
        marks = np.arange(1, len(asked) + 1, dtype=np.uint32)
        table[asked] = marks                # each colour's slot marked by the last run to ask for it: one a colour
        marked = table[asked]
        first = np.flatnonzero(marked == marks)     # the runs that convert their colour
        new = asked[first]
        rgb = np.empty((1, len(new), 3), np.uint8)
        rgb[0, :, 0], rgb[0, :, 1], rgb[0, :, 2] = new & 255, (new >> 8) & 255, new >> 16
        cmyk = self.limited(np.array(_applied(self.transform(), Image.fromarray(rgb, "RGB"), "CMYK"), dtype=np.uint8))
        ink = np.zeros(len(asked) + 1, np.uint32)  # by mark: each run's colour, from the run that converted it
        ink[first + 1] = ~np.ascontiguousarray(cmyk).reshape(-1, 4).view(np.uint32).reshape(-1)
        table[new] = ink[first + 1]
        return ink[marked][np.cumsum(runs) - 1]

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

    def raster(self, path: str, tint: str | None = None, ground: str | None = None, veils: tuple = ()):
        """The PNG or JPEG at `path` (tinted: in that one colour, by its alpha or darkness) as CMYK pixels (numpy, h
        x w x 4), any transparency flattened onto `ground` ('#rrggbb', the one colour beneath it: flatten.grounds;
        None: white), `veils` (see-through panels in its pixels: flatten.veils) composited onto it in sRGB. Each
        picture is converted once an export, whatever shows it (inkstreams.py names it by its bytes, tint, ground,
        veils and ink), and kept in the cache."""
        if veils:
            from .veil import veiled  # lazy: +1 ms to import (benchmarks/imports.py)
            return self.convert(veiled(path, ground, veils))
        under = "white" if ground is None else tuple(int(ground[i:i + 2], 16) for i in (1, 3, 5))
        with Image.open(path) as im:
            im.load()
            source = im.info.get("icc_profile") or None
            if tint is not None:
                if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
                    alpha = im.convert("RGBA").getchannel("A")
                else:
                    alpha = ImageOps.invert(im.convert("L"))
                rgb = tuple(int(tint[i:i + 2], 16) for i in (1, 3, 5))
                flat = Image.composite(Image.new("RGB", alpha.size, rgb), Image.new("RGB", alpha.size, under), alpha)
                return self.convert(flat)
            if im.mode == "CMYK":           # a CMYK JPEG: its ink as it is (Pillow undoes Adobe's inversion)
                return self.convert(im)
            if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
                rgba = im if im.mode == "RGBA" else im.convert("RGBA")
                flat = Image.new("RGB", rgba.size, under)
                flat.paste(rgba, mask=rgba)                     # an RGBA mask: its alpha, not copied out
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
        return self.streams.picture(c, path, tint, self.ground, self.veils)

    def patches(self, c, face, marked: list, dpi: int) -> list:
        """The image XObjects in c's document of the face's patches (flatten.py), made once (inkstreams.py)."""
        from .inkstreams import Streams  # lazy: +3 ms to import (benchmarks/imports.py)
        if self.streams is None:
            self.streams = Streams(self)
        return self.streams.patches(c, face, marked, dpi)

    def on(self, ground: str | None, veils: tuple = ()) -> "Ink":
        """This ink drawing a picture's transparency flattened onto `ground` ('#rrggbb': flatten.grounds; None:
        white) and the see-through panels `veils` composited onto it (flatten.veils), its own id for it
        (render/placing.py names a picture's form by the ink's)."""
        other = copy.copy(self)
        other.ground, other.veils = ground, veils
        other.id = f"{self.id}{(ground or '').lstrip('#')}"
        if veils:
            other.id += "v" + hashlib.sha256(repr(veils).encode()).hexdigest()[:10]
        return other

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


def _flat(rows) -> bool:
    """Whether pixels (rows of r | g << 8 | b << 16 | x << 24, uint32: a sample of a picture's) are flat enough for
    Ink._runs: at most one in RUNS_STARTS starts a run of one colour along its row."""
    import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
    if rows.size == 0:
        return False
    rgb = np.bitwise_and(rows, 0xFFFFFF)
    return (np.count_nonzero(rgb[:, 1:] != rgb[:, :-1]) + len(rgb)) * RUNS_STARTS <= rows.size


def _applied(transform, image, mode: str):
    """`image` through a LittleCMS `transform` (ImageCms's), as a new image in `mode`: the transform's core alone
    (ImageCms.applyTransform also copies the whole output profile onto the image: 13 ms a call with pnp's)."""
    done = Image.new(mode, image.size)
    transform.transform.apply(image.getim(), done.getim())
    return done


def ink(limit: float | None = None, condition: str | None = None) -> Ink:
    """The Ink for printing `condition` (None: fogra39) at `limit` percent total ink (None: its profile's), made
    once a process."""
    return _ink(None if limit is None else float(limit), condition or DEFAULT)


@lru_cache(maxsize=8)
def _ink(limit: float | None, condition: str) -> Ink:
    return Ink(limit, condition)
