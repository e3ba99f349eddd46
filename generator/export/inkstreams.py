"""The CMYK pictures of a print shop's PDF/X file (cmyk.py's Ink, flatten.py), each made once and kept.

Two kinds of picture are converted to CMYK as a PDF/X-1a file is drawn: a raster picture (a PNG, a JPEG) shown on a
face, and a patch, a see-through operation of a face flattened onto what is beneath it (flatten.py). Each is named
by a digest of everything its pixels are made of: a picture by its file's bytes, its tint and the ink (profile and
limit); a patch by the face's operations up to it (each picture by its bytes, each font by its file's), its box,
its resolution and the ink; both by pnp's drawing code. So:
- a picture or a patch is an image XObject of the document, defined once however many pages show it: a card
  printed three times, a back every card shares, a picture on several faces;
- drawing a page writes a token for its pixels (render/splice.py), so a PDF whose pieces did not change is known to
  be the same file from what it is made of (printpdf.py's record), and nothing is converted at all;
- what must be made is made before the file is written, on every core: a face's patches rendered together by
  pdfium in render/pool.py's workers (forked, each inheriting the faces and the ink), the raster pictures on threads of
  this process (sharing the ink's table of converted colours); each converted by the ink (cmyk.py), its rows deflated
  as runs (render/deflate.rle) and kept in the cache folder (`cmyk/`, one cache file a picture, by digest); a
  later export of the same picture or patch, for this deck or after an edit of another card, reads it back.
Not here: the conversion (cmyk.py), which operations see through and how a patch is rendered (flatten.py).
"""
from __future__ import annotations

import hashlib
import os
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

from ..files import cachefile
from ..pictures.images import BadImage, is_svg, known
from ..reportlab_adapter import define_picture, document, font_digest, has_object
from ..render import convert, deflate
from ..render.rasters import how, xobject
from ..render.pool import cores, map_chunks, share, shared
from ..render.splice import fill, size, token
from ..layout.face import Image, Text
from ..errors import PnpError

FORMAT = 1
WHAT = "cmyk"
_KEPT_MOST = 512 << 20          # bytes of pictures the cache folder keeps; the least recently used go first


@lru_cache(maxsize=1)
def code() -> str:
    """What a picture's pixels hang on besides its inputs: pnp's drawing code (export/plan.py's digest of it) and
    the libraries that render (pdfium: its build's version file, read without loading pdfium, which costs a process
    45 ms that converts no patch), convert (LittleCMS, in Pillow) and deflate (zlib-ng, at its level and strategy)."""
    import PIL  # lazy: +0 ms to import (benchmarks/imports.py)
    from importlib.util import find_spec  # lazy: +0 ms to import (benchmarks/imports.py)
    from .plan import code_digest  # lazy: +3 ms to import (benchmarks/imports.py)
    spec = find_spec("pypdfium2_raw")
    pdfium = b""
    for folder in (spec.submodule_search_locations or ()) if spec else ():
        try:
            pdfium = (Path(folder) / "version.json").read_bytes()
        except OSError:
            continue
        break
    return (f"{code_digest()} {PIL.__version__} {hashlib.sha256(pdfium).hexdigest()[:16]} {deflate.LEVEL} "
            f"{deflate.RLE} {FORMAT}")


def op_bytes(op) -> bytes:
    """What a drawing operation draws, as bytes: its kind and values, each picture by its file's bytes and each font
    by its file's (a face from the layout store names them by path and registered name)."""
    parts = [type(op).__name__]
    t = type(op)
    for name, value in zip(op._fields, op):
        if name == "path" and t is Image:
            try:
                value = known(value).digest or value
            except (BadImage, OSError) as exc:
                raise PnpError(f"image '{value}' {exc}")
        elif name == "font" and t is Text:
            value = font_digest(value).hex()
        parts.append(f"{name}={value!r}")
    return "\0".join(parts).encode("utf-8", "surrogateescape")


class Streams:
    """One export's CMYK pictures: what each is (its job), and the bytes of those made this run."""

    def __init__(self, ink):
        self.ink = ink
        self.jobs: dict = {}        # key -> ("raster", path, tint, w, h, ground, veils) or ("patch", face, (index, box), w, h)
        self.made: dict = {}        # key -> deflated pixels made in this process (the cache off, or not yet kept)
        self.faces: dict = {}       # id(face) -> (face, [key of each patch])
        base = cachefile.cache_dir()
        self.base = None if base is None else base / WHAT

    # drawing

    def picture(self, c, path: str, tint: str | None, ground: str | None = None, veils: tuple = ()) -> str:
        """The image XObject in c's document of the raster picture at `path` (tinted; its transparency flattened
        onto `ground`, None: white; see-through panels `veils` composited onto it: flatten.veils) in the ink's
        CMYK."""
        try:
            info = known(path)
        except (BadImage, OSError) as exc:
            raise PnpError(f"image '{path}' {exc}")
        if is_svg(path):
            raise ValueError("an SVG is drawn as vectors, not converted as pixels")
        r = info.stored
        if tint is None and not veils and r.format == "PNG" and how(r) == "copy" and r.colour in (0, 3):
            return xobject(c, path, self._indexed(r))[0]        # its pixels as they are, its palette in CMYK
        key = self._key("raster", info.digest or _file_digest(path), tint or "", *([ground] if ground else []),
                        *([repr(veils)] if veils else []))
        self.jobs.setdefault(key, ("raster", path, tint, int(info.width), int(info.height), ground, veils))
        return self._define(c, key, int(info.width), int(info.height))

    def patches(self, c, face, marks: list, dpi: int) -> list[str]:
        """The image XObjects in c's document of the face's patches: `marks` [(index of a see-through operation, its
        box (x0, y0, x1, y1, width px, height px))], each rendered at `dpi` (flatten.py)."""
        held = self.faces.get(id(face))
        if held is None:
            h = hashlib.sha256(f"{self.ink.id} {dpi} {code()}".encode())
            keys, at = [], 0
            for index, b in marks:
                for op in face.ops[at:index + 1]:
                    h.update(op_bytes(op))
                    h.update(b"\1")
                at = index + 1
                mine = h.copy()
                mine.update(repr(tuple(round(v, 4) for v in b[:4]) + tuple(b[4:])).encode())
                keys.append(mine.hexdigest()[:40])
            held = self.faces[id(face)] = (face, keys)
            for (index, b), key in zip(marks, keys):
                self.jobs.setdefault(key, ("patch", face, (index, b), b[4], b[5]))
        return [self._define(c, key, b[4], b[5]) for (_, b), key in zip(marks, held[1])]

    def _indexed(self, r) -> bytes:
        """The Indexed colour space of a palette or grey PNG's entries (or levels) in the ink's CMYK: each converted
        as its pixels would be (cmyk.Ink.cmyks: all at once, and kept with the ink's colours in the cache)."""
        if r.colour == 3:
            rgb = r.palette
            colours = ["#" + rgb[i:i + 3].hex() for i in range(0, len(rgb) - len(rgb) % 3, 3)]
        else:
            top = (1 << r.bits) - 1
            colours = ["#%02x%02x%02x" % ((v * 255 // top,) * 3) for v in range(top + 1)]
        ink = b"".join(bytes(c) for c in self.ink.cmyks(colours))
        return b"[/Indexed /DeviceCMYK %d <%s>]" % (len(colours) - 1, ink.hex().encode())

    def _key(self, *parts) -> str:
        return hashlib.sha256(" ".join(str(p) for p in (*parts, self.ink.id, code())).encode()).hexdigest()[:40]

    def _define(self, c, key: str, w: int, h: int) -> str:
        """The image XObject `key` in c's document: defined the first time a page shows it, its stream a token
        filled in as the file is written (render/splice.py)."""
        name = f"PnpCmyk{key[:24]}"
        if not has_object(c, name):
            n = fill(document(c), lambda: [self.data(key)], f"{WHAT} {key}")
            entries = convert.image(w, h, b"/DeviceCMYK", 8, convert.flate(w, 4))
            define_picture(c, name, entries, token(n), size(n))
        return name

    # making

    def missing(self) -> list[str]:
        """The keys of the pictures neither made this run nor in the cache."""
        return [k for k in self.jobs if k not in self.made and not self._cached(k)]

    def make(self, keys=None, progress=None) -> None:
        """Make the pictures `keys` (default: every one missing) on every core: a face's patches together, in forked
        workers (pdfium and reportlab are not made for threads); the raster pictures on threads of this process
        (decoding, LittleCMS, numpy and deflate let go of the GIL), which share one table of the colours converted
        and start no process: forked workers, each converting the colours it met, cost the art deck's export 0.8 s
        more CPU than one process making them all."""
        keys = self.missing() if keys is None else list(keys)
        if not keys:
            return
        groups: dict = {}
        for key in keys:
            job = self.jobs[key]
            group = id(job[1]) if job[0] == "patch" else key
            groups.setdefault(group, []).append(key)
        patches = [g for g in groups.values() if self.jobs[g[0]][0] == "patch"]
        if patches:
            share(streams=self)
            try:
                results = map_chunks(_make, patches, most=4, fewest=2, progress=progress)
            finally:
                share()
            for group, done in zip(patches, results):
                for key, data in zip(group, done):
                    if data is not None:
                        self.made[key] = data
        self._rasters([g[0] for g in groups.values() if self.jobs[g[0]][0] != "patch"], progress)
        self._prune()

    def _rasters(self, keys: list, progress=None) -> None:
        """Make the raster pictures `keys` (each kept in the cache folder and in `made`) on a thread a core; the shapes
        composited onto them (flatten.veils) rendered first, here: pdfium is not made for threads."""
        from .veil import rendered_ahead  # lazy: +1 ms to import (benchmarks/imports.py)
        ready = {id(v) for v in rendered_ahead([self.jobs[k][6] for k in keys])}
        here = {k for k in keys if id(self.jobs[k][6]) not in ready}
        for key in (k for k in keys if k in here):
            self.made[key] = self._raster(key)
            if progress:
                progress(1)
        threaded = [k for k in keys if k not in here]
        with ThreadPoolExecutor(max(1, min(cores(), len(threaded)))) as pool:
            for key, data in zip(threaded, pool.map(self._raster, threaded)):
                self.made[key] = data
                if progress:
                    progress(1)

    def _raster(self, key: str) -> bytes:
        """Raster picture `key`'s deflated CMYK pixels, made now (on any thread) and kept in the cache folder."""
        (data,) = _pixels(self, [key])
        self.keep(key, data)
        return data

    def data(self, key: str) -> bytes:
        """The deflated CMYK pixels of picture `key`: made this run, or from the cache, or made now."""
        data = self.made.pop(key, None)
        if data is None:
            data = self._read(key)
        if data is None:
            data = _made(self, key)
        return data

    # the cache

    def _path(self, key: str):
        return self.base / key[:2] / key

    def _cached(self, key: str) -> bool:
        return self.base is not None and self._path(key).is_file()

    def _read(self, key: str) -> bytes | None:
        if self.base is None:
            return None
        path = self._path(key)
        data = cachefile.read(path, WHAT, FORMAT)
        if type(data) is not bytes:
            return None
        try:
            os.utime(path)                  # used now: the last to go when the folder is pruned
        except OSError:
            pass
        return data

    def keep(self, key: str, data: bytes) -> bool:
        """Keep picture `key` in the cache folder; False with the cache off (or the folder not writable)."""
        if self.base is None:
            return False
        try:
            return cachefile.write(self._path(key), WHAT, FORMAT, data)
        except OSError:
            return False

    def _prune(self) -> None:
        """Keep the cache folder's pictures under _KEPT_MOST bytes, the least recently used removed first."""
        if self.base is None or not self.base.is_dir():
            return
        files = []
        for sub in self.base.iterdir():
            if sub.is_dir():
                for f in sub.iterdir():
                    try:
                        st = f.stat()
                    except OSError:
                        continue
                    files.append((st.st_mtime_ns, st.st_size, f))
        total = sum(f[1] for f in files)
        for _, n, f in sorted(files):
            if total <= _KEPT_MOST:
                break
            try:
                f.unlink()
                total -= n
            except OSError:
                pass


def _file_digest(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:32]


def _make(items: list) -> list:
    """In a worker (or this process): for each group of keys (one picture, or one face's patches), the deflated
    pixels of each, None where it went into the cache folder (the parent reads it there)."""
    streams = shared("streams")
    out = []
    for keys in items:
        made = _pixels(streams, keys)
        out.append([None if streams.keep(k, d) else d for k, d in zip(keys, made)])
    return out


def _made(streams: Streams, key: str) -> bytes:
    """Picture `key` made now, in this process (a picture drawn outside an export's make()), and kept."""
    (data,) = _pixels(streams, [key])
    streams.keep(key, data)
    return data


def _pixels(streams: Streams, keys: list) -> list[bytes]:
    """The deflated CMYK pixels of each of `keys`: one raster picture, or patches of one face."""
    from .flatten import render_patches  # lazy: +5 ms to import (benchmarks/imports.py)
    ink = streams.ink
    jobs = [streams.jobs[k] for k in keys]
    if jobs[0][0] == "raster":
        _, path, tint, w, h, ground, veils = jobs[0]
        pixels = [ink.raster(path, tint, ground, veils)]
    else:
        face = jobs[0][1]
        pixels = [ink.convert(rgb) for rgb in render_patches(face, [j[2] for j in jobs])]
    out = []
    for job, px in zip(jobs, pixels):
        if px.shape[:2] != (job[4], job[3]):
            raise ValueError(f"a CMYK picture of {px.shape[1]} x {px.shape[0]} px where {job[3]} x {job[4]} was "
                             f"written")                # a bug, not a user's mistake
        out.append(deflate.rle(up_rows(px)))
    return out


def up_rows(px) -> bytes:
    """CMYK pixels (numpy, h x w x 4) as the rows a PNG predictor reads (FlateDecode's /Predictor 15): each row its
    filter, Up (2), and each byte less the one above it: flat and smooth areas deflate to a third less, faster."""
    import numpy as np  # lazy: +476 ms to import (benchmarks/imports.py)
    h, w = px.shape[:2]
    rows = np.empty((h, 1 + 4 * w), np.uint8)
    rows[:, 0] = 2
    flat = px.reshape(h, 4 * w)
    rows[0, 1:] = flat[0]
    np.subtract(flat[1:], flat[:-1], out=rows[1:, 1:])
    return rows.tobytes()
