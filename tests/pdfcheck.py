"""Reading a built PDF back: pages, sizes, where each card face was placed, text with positions, fonts.

Every placed card is a marked-content sequence `/PnpCard <</Trim [0 0 w h] /Bleed b>> BDC q 1 0 0 1 x y cm
(a card turned on a gutter-fold half: `0 1 -1 0 x+h y cm`, read back as it lies, rotate 90)
... Q EMC` holding either `/Name Do` (a form XObject: a face placed more than once) or the face's own ops
(a face placed once): `placements(path)` lists them per page; `words(path)` gives text with positions
(pdfplumber's words, read by pdfread.py: pdfium's characters grouped as pdfplumber groups them);
`text_sizes` and `sheet_text` read characters with pdfium.
All coordinates are PDF points from the bottom-left corner of the page.

Each file is parsed once per test process: what is read from it (placements, words, sizes, operations) is
remembered under the file's identity (path, inode, size, modification time), so a file written again (pnp
replaces its outputs by renaming a new file over the old) is read afresh. Parsing is the slow part
(pypdf's content-stream parser: about a second for a card game's PDF), and many tests read the same
shared PDF (conftest.py's `built`). What these functions return is the caller's own (fresh lists), or
immutable, so no test can change what another reads.
"""
from __future__ import annotations

import ctypes
import hashlib
import math
import os
import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

import pikepdf
import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

import pdfread
from pdfread import shared     # (kept there: pdfread's own readings use it)
from generator.text.typography import plain_words

MM = 72 / 25.4


@dataclass(frozen=True)
class Placed:
    form: str       # the form XObject's name, or "inline-" and a digest of the ops: same drawing, same name
    x: float
    y: float
    w: float        # the trim size
    h: float
    bleed: float
    ops: tuple = field(default=(), compare=False, repr=False)   # the face's content operations
    shown: tuple = field(default=(), compare=False)             # bleed shown (left, bottom, right, top)
    rotate: int = field(default=0, compare=False)               # 90: turned a quarter turn anticlockwise; x, y,
                                                                # w, h and shown are then as it lies on the page

    @property
    def box(self) -> tuple[float, float, float, float]:
        """What the placement covers on the page, (x0, y0, x1, y1): its trim and the bleed the sheet shows."""
        left, bottom, right, top = self.shown or (self.bleed,) * 4
        return (self.x - left, self.y - bottom, self.x + self.w + right, self.y + self.h + top)


@dataclass(frozen=True)
class Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def cx(self):
        return (self.x0 + self.x1) / 2

    @property
    def cy(self):
        return (self.y0 + self.y1) / 2


def _identity(path) -> tuple:
    """The file as it is now: a file replaced or rewritten since gets another identity."""
    name = os.path.abspath(path)
    st = os.stat(name)
    return name, st.st_ino, st.st_size, st.st_mtime_ns


def per_file(read):
    """read(path, *args) remembered under the file's identity, as this module remembers its own readings: for a
    test module's own way of reading a PDF that several of its tests read (a shared build). What read returns
    must not change (tuples, not lists)."""
    remembered = lru_cache(maxsize=256)(lambda ident, *args: read(ident[0], *args))
    return lambda path, *args: remembered(_identity(path), *args)


def reader(path) -> pypdf.PdfReader:
    """A new reader of the file (the caller may use it as it likes)."""
    return pypdf.PdfReader(str(path))


@lru_cache(maxsize=16)
def _reader(ident: tuple) -> pypdf.PdfReader:
    return pypdf.PdfReader(ident[0])


@lru_cache(maxsize=16)
def _page_sizes(ident: tuple) -> tuple:
    return tuple((float(p.mediabox.width), float(p.mediabox.height)) for p in _reader(ident).pages)


def page_sizes(path) -> list[tuple[float, float]]:
    return list(_page_sizes(_identity(path)))


def _value(v):
    """A content stream operand as plain Python, as pypdf gives it: a number a float or an int, a name its "/Name"
    string, a string its bytes, an array a list, a dictionary a dict keyed by "/Name"."""
    kind = type(v)
    if kind is int or kind is float:
        return v
    if kind is Decimal:
        return float(v)
    code = v._type_code
    if code == _NAME:
        return str(v)
    if code == _STRING:
        return bytes(v)
    if code == _ARRAY:
        return [_value(x) for x in v]
    if code == _DICTIONARY:
        return {str(k): _value(x) for k, x in v.items()}
    return v


_NAME, _STRING, _ARRAY, _DICTIONARY = (pikepdf.ObjectType.name_, pikepdf.ObjectType.string, pikepdf.ObjectType.array,
                                       pikepdf.ObjectType.dictionary)


def _operations(stream) -> list[tuple[list, bytes]]:
    """A page's or a form's content stream as (operands, operator) pairs, as pypdf's ContentStream.operations
    gives them, parsed by qpdf (pikepdf: ~5x faster than pypdf's parser, which took most of placements' time)."""
    return [([a if type(a) is int else float(a) if type(a) is Decimal else _value(a) for a in operands],
             bytes(operator)) for operands, operator in pikepdf.parse_content_stream(stream)]


@lru_cache(maxsize=16)
@shared
def _pages(ident: tuple) -> tuple:
    """Each page's (placements, the page's own operations: those outside every placed card), read in one pass;
    kept for the run's other worker too (Royal Lines' Letter build: 0.26 s parsed, 0.02 s unpickled)."""
    with pikepdf.open(ident[0]) as pdf:
        return tuple(_page(page) for page in pdf.pages)


def _placements(ident: tuple) -> tuple:
    return tuple(placed for placed, _ in _pages(ident))


def _page(page) -> tuple[tuple, tuple]:
    resources = page.obj.get("/Resources", {})
    xobjects = resources.get("/XObject", {})
    found, current, own = [], None, []
    for args, op in _operations(page):
        if current is None and not (op == b"BDC" and args[0] == "/PnpCard"):
            own.append((tuple(args), op))
            continue
        if op == b"BDC" and args[0] == "/PnpCard":
            current = {"props": args[1], "cm": None, "ops": [], "form": None, "depth": 0}
        elif op == b"EMC":
            props, cm = current["props"], current["cm"]
            trim = [float(v) for v in props["/Trim"]]
            if current["form"] is not None:
                name = current["form"]
                ops = tuple(_operations(xobjects[name]))
            else:
                ops = tuple(current["ops"])
                name = "inline-" + hashlib.sha1(repr(ops).encode()).hexdigest()[:12]
            bleed = float(props["/Bleed"])
            shown = tuple(float(v) for v in props["/Shown"]) if "/Shown" in props else (bleed,) * 4
            w, h = trim[2] - trim[0], trim[3] - trim[1]
            if [round(v, 6) for v in cm[:4]] == [0, 1, -1, 0]:     # turned a quarter turn anticlockwise
                sl, sb, sr, st = shown
                found.append(Placed(name, cm[4] - h, cm[5], h, w, bleed, ops, (st, sl, sb, sr), 90))
            else:
                found.append(Placed(name, cm[4], cm[5], w, h, bleed, ops, shown))
            current = None
        elif op == b"cm" and current["cm"] is None:
            current["cm"] = [float(a) for a in args]
        elif op in (b"q", b"Q"):
            current["depth"] += 1 if op == b"q" else -1
        elif op == b"Do" and current["depth"] == 1 and current["form"] is None:
            current["form"] = str(args[0])      # the face's form (a picture's Do is in a q ... Q of its own)
        else:
            current["ops"].append((args, op))
    return tuple(found), tuple(own)


def placements(path) -> list[list[Placed]]:
    """Per page, each card face placed on it and where (the trim box's bottom-left corner)."""
    return [list(page) for page in _placements(_identity(path))]


# a gap of 0.15 em between letters is a space: pdfplumber's default, 3 points whatever the size, joins the words of
# small text set in a font whose space is narrow (Plex Condensed's is 0.21 em: 1.3 points at 6 pt)
SPACED = {"x_tolerance_ratio": 0.15}


@lru_cache(maxsize=512)
def _plumbed(ident: tuple, page_index: int) -> tuple:
    """What pdfplumber would read off one page (pdfread.py), read once: (height, words, words with font and size,
    text)."""
    height, plain, styled, text = _plumber_read(ident, page_index)
    return height, tuple(map(MappingProxyType, plain)), tuple(map(MappingProxyType, styled)), text


@shared
def _plumber_read(ident: tuple, page_index: int) -> tuple:
    (_, height), chars = pdfread.page_chars(ident[0], page_index)
    return (float(height), tuple(pdfread.words_of(chars, **SPACED)),
            tuple(pdfread.words_of(chars, **SPACED, extra_attrs=["fontname", "size"])),
            pdfread.text_of(chars, **SPACED))


def plumber_words(path, page_index: int, styled: bool = False) -> tuple[float, tuple]:
    """(page height, pdfplumber's words on the page, read-only; y from the top of the page). `styled`: with
    their "fontname" and "size", a change of font starting a new word."""
    height, plain, with_font = _plumbed(_identity(path), page_index)[:3]
    return height, (with_font if styled else plain)


def words(path, page_index: int) -> list[Word]:
    h, found = plumber_words(path, page_index)
    return [Word(w["text"], float(w["x0"]), h - float(w["bottom"]), float(w["x1"]), h - float(w["top"]))
            for w in found]


def page_text(path, page_index: int) -> str:
    return whole(_plumbed(_identity(path), page_index)[3])


def leaf_text(path, pages=(0, 1)) -> str:
    """The print leaf's pages read column by column: it is set in two columns, as the rule pages are."""
    return "\n".join(columns_text(path, i, 2, 0.0) for i in pages)


def all_text(path) -> str:
    """Every page's text in the order it is drawn (a card's text together, not a line across the sheet), as
    pdfium reads it: to find a phrase anywhere in the PDF."""
    return _all_text(_identity(path))


@lru_cache(maxsize=64)
def _all_text(ident: tuple) -> str:
    doc = pdfium.PdfDocument(ident[0])
    try:
        return whole("\n".join(page.get_textpage().get_text_range() for page in doc))
    finally:
        doc.close()


def sheet_ops(path, page_index: int) -> list:
    """The page's own content operations, without those inside a placed card: marks, guides, rule text."""
    return list(_pages(_identity(path))[page_index][1])


def lines(path, page_index: int) -> list[tuple[float, float, float, float]]:
    """Straight lines drawn on the page itself, not inside a card (the cut marks), as (x0, y0, x1, y1); a
    closed path (a hex piece's cut guide: `polygons`) is not a line."""
    out, start, current = [], None, []
    for args, op in sheet_ops(path, page_index):
        if op == b"m":
            out += current
            current = []
            start = (float(args[0]), float(args[1]))
        elif op == b"l" and start is not None:
            end = (float(args[0]), float(args[1]))
            current.append((*start, *end))
            start = end
        elif op == b"h":
            current, start = [], None
    return out + current


def closed_paths(ops, dx: float = 0.0, dy: float = 0.0) -> list[tuple[tuple[float, float], ...]]:
    """The closed paths of straight lines (m, l ..., h) among content operations, each as its corners
    moved by (dx, dy)."""
    out, pts = [], None
    for args, op in ops:
        if op == b"m":
            pts = [(float(args[0]) + dx, float(args[1]) + dy)]
        elif op == b"l" and pts is not None:
            pts.append((float(args[0]) + dx, float(args[1]) + dy))
        elif op == b"h" and pts is not None:
            out.append(tuple(pts))
            pts = None
        elif op in (b"c", b"v", b"y", b"re"):
            pts = None
    return out


def polygons(path, page_index: int) -> list[tuple[tuple[float, float], ...]]:
    """Closed straight-line paths drawn on the page itself, not inside a card (hex cut guides): their corners,
    each once (a cut guide is stroked twice, a white band under its grey line: render/draw.py HALO)."""
    return list(dict.fromkeys(closed_paths(sheet_ops(path, page_index))))


def face_polygons(p: Placed) -> list[tuple[tuple[float, float], ...]]:
    """The closed straight-line paths a placed face draws (hexagons, polygons, stars), in page coordinates."""
    return closed_paths(p.ops, p.x, p.y)


def cards_text(path) -> str:
    """The text of every placed card, card by card, then the text pages."""
    out = []
    for i, page in enumerate(placements(path)):
        if page:
            out.extend(words_in(path, i, p) for p in page)
        else:
            out.append(page_text(path, i))
    return "\n".join(out)


def fonts(path) -> dict[str, bool]:
    """Every font used on any page or form, and whether its outlines are embedded."""
    r = _reader(_identity(path))
    seen: dict[str, bool] = {}

    def visit(resources):
        if not resources:
            return
        resources = resources.get_object()
        for f in (resources.get("/Font") or {}).values():
            f = f.get_object()
            base = str(f.get("/BaseFont"))
            desc = f.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in f:
                desc = f["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            seen[base] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        for x in (resources.get("/XObject") or {}).values():
            x = x.get_object()
            if x.get("/Subtype") == "/Form":
                visit(x.get("/Resources"))

    for page in r.pages:
        visit(page.get("/Resources"))
    return seen


def inside(w: Word, p: Placed, margin: float = 0.0) -> bool:
    return p.x - margin <= w.cx <= p.x + p.w + margin and p.y - margin <= w.cy <= p.y + p.h + margin


def on_card(path, text: str) -> tuple[float, float]:
    """Where the word `text` is printed on the first card that prints it: its centre from the bottom-left corner of
    that card's trim, in points (a region moved in its template moves it)."""
    for n, page in enumerate(placements(path)):
        for p in page:
            for w in words(path, n):
                if w.text == text and inside(w, p):
                    return w.cx - p.x, w.cy - p.y
    raise AssertionError(f"{text!r} is not printed on any card of {path}")


def words_in(path, page_index: int, p: Placed) -> str:
    """The text drawn inside one placed card, top to bottom (a card turned on the page: as pdfium reads it,
    in its own reading order; pdfplumber reads turned letters backwards)."""
    if p.rotate:
        doc = pdfium.PdfDocument(str(path))
        try:
            page = doc[page_index]
            text = page.get_textpage().get_text_bounded(p.x, p.y, p.x + p.w, p.y + p.h)
        finally:
            doc.close()
        return whole(" ".join(text.split()))
    ws = [w for w in words(path, page_index) if inside(w, p)]
    ws.sort(key=lambda w: (-round(w.y1), w.x0))
    return whole(" ".join(w.text for w in ws))


def whole(text: str) -> str:
    """Text with each word hyphenated at a line's end read whole: the hyphen hyphenation adds is a soft hyphen
    (layout/hyphens.py), which pdfium reads as U+FFFE where it does not join the word itself; a no-break space
    (U+00A0, and French's narrow U+202F) read as the space it is (text/typography.py binds words with them)."""
    return re.sub("[\u00ad\ufffe]\\s*", "", text).replace("\u00a0", " ").replace("\u202f", " ")


def squash(text: str) -> str:
    """Text without any whitespace (pdf text extraction splits and joins words unreliably), nor the soft hyphens
    that mark a word hyphenated at a line's end (whole), and read back plain (curly quotes straight, dashes, minus
    and multiplication signs as hyphens and x, an ellipsis as "...": typography, not words; text/typography.py)."""
    return "".join(plain_words(whole(str(text))).split())


def same_bytes(a: bytes, b: bytes, what: str = "the two PDFs") -> None:
    """Assert two builds are byte-identical; if not, say where in a few lines instead of pytest's diff of
    two long byte strings: which objects differ, whether only in their compressed bytes (the same content
    deflated otherwise) or in content, and for the first few the differing lines, inflated."""
    if a == b:
        return
    import difflib
    import re
    import zlib

    def objects(data: bytes) -> dict:
        """number -> (raw body, body with its stream inflated and its /Length left out)"""
        out = {}
        for m in re.finditer(rb"(?m)^(\d+) 0 obj\n(.*?)\nendobj", data, re.S):
            raw = content = m.group(2)
            s = re.search(rb"/Length (\d+)(?s:.*?)stream\r?\n", raw)
            if s:
                try:
                    inflated = zlib.decompress(raw[s.end():s.end() + int(s.group(1))])
                    content = raw[:s.start()] + raw[s.end(1):s.end()] + b"(inflated)\n" + inflated
                except zlib.error:
                    pass
            out[int(m.group(1))] = (raw, content)
        return out

    oa, ob = objects(a), objects(b)
    numbers = sorted(set(oa) | set(ob))
    raw = [n for n in numbers if oa.get(n, (None,))[0] != ob.get(n, (None,))[0]]
    content = [n for n in numbers if oa.get(n, (None, None))[1] != ob.get(n, (None, None))[1]]
    report = [f"{what} differ: {len(a)} and {len(b)} bytes, {len(oa)} and {len(ob)} objects",
              f"objects whose bytes differ: {raw[:20]}; whose content differs: {content[:20] or 'none'}"
              + ("" if content else " (the same content deflated to other bytes)")]
    for n in content[:3]:
        x = oa.get(n, (b"", b""))[1].decode("latin-1").splitlines()
        y = ob.get(n, (b"", b""))[1].decode("latin-1").splitlines()
        report.append(f"object {n}: " + " | ".join(list(difflib.unified_diff(x, y, lineterm="", n=1))[2:14]))
    raise AssertionError("\n".join(report))


def text_pages(path) -> list[int]:
    """Pages that hold no card placements: the print leaf, the rule pages (and a calibration sheet)."""
    return [i for i, pl in enumerate(placements(path)) if not pl]


def columns_text(path, page_index: int, columns: int = 2, foot: float = 21 * MM) -> str:
    """A page's text read column by column (rule pages flow in columns side by side): each column's
    lines top to bottom, then the next column's. Left out: the bottom `foot` (the footer) and, on a
    page headed by a title over all the columns, everything above the rule drawn under it."""
    return _columns_text(_identity(path), page_index, columns, foot)


@lru_cache(maxsize=512)
@shared
def _columns_text(ident: tuple, page_index: int, columns: int, foot: float) -> str:
    (w, h), chars = pdfread.page_chars(ident[0], page_index)
    top = 0.0
    for line in pdfread.straight_lines(ident[0], page_index):
        if abs(line["top"] - line["bottom"]) < 0.5 and line["x1"] - line["x0"] > 0.6 * w and line["top"] < h / 3:
            top = max(top, float(line["bottom"]))
    out = []
    for c in range(columns):
        out.append(pdfread.text_of(pdfread.crop(chars, (c * w / columns, top, (c + 1) * w / columns, h - foot)),
                                   **SPACED))
    return whole("\n".join(out))


def sheet_text(path, page_index: int) -> list[tuple[str, float, tuple]]:
    """Text drawn on the page itself, outside every placed card (a sheet's label), as lines:
    (text, smallest font size, (x0, y0, x1, y1)); rotated text is read along its own direction."""
    return list(_sheet_text(_identity(path), page_index))


@lru_cache(maxsize=1024)
@shared
def _sheet_text(ident: tuple, page_index: int) -> tuple:
    """(Read once a page: the tests that find a PDF's sheets by their labels read every page's, ~10 times a file;
    kept for the run's other worker too: it then reads neither the page's characters nor the file's placements.)"""
    boxes = [p.box for p in _placements(ident)[page_index]]
    lines: dict = {}
    for c in _chars(ident, page_index):
        cx, cy = (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2
        if any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in boxes):
            continue
        key = (c.upright, round(c.oy if c.upright else c.ox, 1))    # a line: its baseline (or its x, rotated)
        lines.setdefault(key, []).append(c)
    out = []
    for (upright, _), cs in sorted(lines.items()):
        cs.sort(key=lambda c: c.ox if upright else c.oy)
        box = (min(c.x0 for c in cs), min(c.y0 for c in cs), max(c.x1 for c in cs), max(c.y1 for c in cs))
        out.append((whole("".join(c.text for c in cs)), min(c.size for c in cs), box))
    return tuple(out)


class Char(NamedTuple):
    text: str
    size: float                 # the font size it prints at, in points (its font's size times the drawing's scale)
    x0: float                   # the box its font gives it (ascent to descent), turned with it
    y0: float
    x1: float
    y1: float
    upright: bool
    ox: float                   # its origin: where the baseline starts
    oy: float


@lru_cache(maxsize=512)
@shared
def _chars(ident: tuple, page_index: int) -> tuple[Char, ...]:
    """Every character drawn on one page, as pdfium (Chrome's PDF engine: what prints) reads it; the spaces and
    line ends it infers between words are left out. Ten times faster than pdfplumber's characters; kept for the
    run's other worker too (a card sheet's: ~27 ms read, ~3 ms unpickled; every page's sheet label is read)."""
    doc = pdfium.PdfDocument(ident[0])
    try:
        text = doc[page_index].get_textpage()
        out = []
        m, x, y = pdfium_c.FS_MATRIX(), ctypes.c_double(), ctypes.c_double()
        for k in range(text.count_chars()):
            if pdfium_c.FPDFText_IsGenerated(text.raw, k):
                continue
            pdfium_c.FPDFText_GetMatrix(text.raw, k, m)
            pdfium_c.FPDFText_GetCharOrigin(text.raw, k, x, y)
            scale = math.hypot(m.c, m.d)            # the scale across the baseline (a quarter turn keeps it)
            out.append(Char(chr(pdfium_c.FPDFText_GetUnicode(text.raw, k)),
                            pdfium_c.FPDFText_GetFontSize(text.raw, k) * scale,
                            *text.get_charbox(k, loose=True), abs(m.b) < 1e-6, x.value, y.value))
        return tuple(out)
    finally:
        doc.close()


def text_sizes(path, page_index: int) -> list[tuple[str, float]]:
    """Every character drawn on the page (inside cards too) with its font size in points."""
    return [(c.text, c.size) for c in _chars(_identity(path), page_index)]


def fold_line(path, page):
    """The dashed fold line across (or down) the middle of a gutter-fold page."""
    W, H = page_sizes(path)[page]
    found = [m for m in lines(path, page)
             if (abs(m[1] - H / 2) < 0.01 and abs(m[3] - H / 2) < 0.01 and abs(m[2] - m[0]) > W / 2)
             or (abs(m[0] - W / 2) < 0.01 and abs(m[2] - W / 2) < 0.01 and abs(m[3] - m[1]) > H / 2)]
    assert len(found) == 1, f"page {page + 1}: {len(found)} fold lines"
    return found[0]
