"""A PDF page's characters, words, text lines, straight lines, rectangles and pictures as pdfplumber gives them (the
same dictionaries: x0, x1, top, bottom in points, top and bottom down from the page's top), read by pdfium (C: the
characters) and qpdf's content-stream parser (pikepdf: the paths and pictures) instead: pdfplumber (pdfminer, pure
Python) was the test suite's largest single cost, ~100 s of its CPU.

A character's box is pdfminer's: its advance (the font's /Widths) from its origin along the baseline, its font size
up from its font's descent. Words are grouped as pdfplumber's WordExtractor groups them (runs of upright characters
in drawing order, each run's lines clustered by top within 3 points, a line's characters left to right, a word
ending at a space or at a gap wider than its tolerance), text lines and text as its TextMap (not laid out) sets
them out. Where pdfium reads otherwise, it is read back as pdfplumber reads it: a ligature ("fi" drawn as one glyph)
is one character again, not two at one origin; a hyphen ending a line is the hyphen or the soft hyphen drawn (pdfium
reads both as U+0002); a font is named without its subset's tag (font_names gives the tags). Compared over all 178
pages of the five shipped games' A4 and Letter builds: the same text on every page, the same text lines of every
column, the same words (but for a turned sheet label, whose letters' float sizes split pdfplumber's styled words),
lines, rectangles and fill colours; the same characters and pictures in the icon deck's build.
"""
from __future__ import annotations

import ctypes
import hashlib
import math
import os
import pickle
import re
from functools import lru_cache

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

# pdfplumber expands a ligature; pdfium reads a soft hyphen at a line's end as U+0002 (or U+FFFE)
LETTERS = {"ﬀ": "ff", "ﬃ": "ffi", "ﬄ": "ffl", "ﬁ": "fi", "ﬂ": "fl", "ﬆ": "st", "ﬅ": "st", "\x02": "\xad",
           "\ufffe": "\xad"}


def _font_name(font) -> str:
    """The font's name, as the PDF names it (pdfplumber's fontname without the subset's tag: "PnpSerif-Bold")."""
    size = pdfium_c.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(size)
    pdfium_c.FPDFFont_GetBaseFontName(font, buffer, size)
    return buffer.value.decode("utf-8", "replace")


# the text object a character belongs to, as a plain address (a key: pypdfium2's typed pointer takes ~4 us to read)
_OBJECT_OF = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)(
    ctypes.cast(pdfium_c.FPDFText_GetTextObject, ctypes.c_void_p).value)


def _identity(path) -> tuple:
    """The file as it is now: a file replaced or rewritten since is another (pdfcheck's way)."""
    name = os.path.abspath(path)
    st = os.stat(name)
    return name, st.st_ino, st.st_size, st.st_mtime_ns


@lru_cache(maxsize=256)
def _digest(ident: tuple) -> str:
    """The file's bytes' digest, taken once a file (a page's reading asks it again for every page)."""
    with open(ident[0], "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def shared(read):
    """read(ident, *args) whose result (plain data: numbers, strings, tuples, dicts) is also kept on disk for the
    test run's other processes, under the digest of the file's bytes and the arguments: each xdist worker read the
    same shared build's pages again (pdfplumber: ~0.1 s a card sheet). Where: $PNP_TEST_READINGS (conftest.py sets
    it to a folder of the run); unset: read here only."""
    def kept(ident: tuple, *args):
        folder = os.environ.get("PNP_TEST_READINGS")
        if not folder:
            return read(ident, *args)
        place = os.path.join(folder, hashlib.sha1(repr((read.__name__, _digest(ident), args)).encode()).hexdigest())
        try:
            with open(place, "rb") as f:
                return pickle.load(f)
        except (OSError, EOFError, pickle.UnpicklingError):
            pass
        value = read(ident, *args)
        os.makedirs(folder, exist_ok=True)
        temporary = f"{place}.{os.getpid()}"
        with open(temporary, "wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, place)
        return value
    kept.__name__ = read.__name__
    return kept


def page_chars(path, page_index: int) -> tuple[tuple[float, float], tuple[dict, ...]]:
    """What _page_chars reads, read once a file and page (the tests read the same pages of the run's shared builds
    again; what it returns is shared: read it, never change it)."""
    return _page_chars(_identity(path), page_index)


@lru_cache(maxsize=32)
@shared
def _page_chars(ident: tuple, page_index: int) -> tuple[tuple[float, float], tuple[dict, ...]]:
    """((page width, height), every character drawn on the page, in drawing order, as pdfplumber's chars: text,
    fontname (without its subset's tag), size, x0, x1, top, bottom (y0, y1 from the page's bottom), upright,
    matrix (pdfium's: the text's placement without its size), non_stroking_color (r, g, b from 0 to 1), origin (x, y
    from the bottom)). Spaces and line ends pdfium infers between words are left out; spaces drawn are kept. Kept
    for the run's other worker too (five rule pages: 0.33 s read, 0.06 s unpickled)."""
    path = ident[0]
    doc = pdfium.PdfDocument(path)
    try:
        if not 0 <= page_index < len(doc):
            raise IndexError(f"{path} has no page {page_index + 1}")     # as pdfplumber's pages[i]
        page = doc[page_index]
        width, height = page.get_size()
        text = page.get_textpage()
        raw = text.raw
        address = ctypes.cast(raw, ctypes.c_void_p)
        out = []
        x, y = ctypes.c_double(), ctypes.c_double()
        objects: dict = {}
        advances: dict = {}
        unicode, origin, generated = pdfium_c.FPDFText_GetUnicode, pdfium_c.FPDFText_GetCharOrigin, \
            pdfium_c.FPDFText_IsGenerated
        for k in range(pdfium_c.FPDFText_CountChars(raw)):
            code = unicode(raw, k)
            if code in (32, 13, 10) and generated(raw, k):
                continue
            key = _OBJECT_OF(address, k)
            drawn = objects.get(key)
            if drawn is None:
                drawn = objects[key] = _text_object(raw, k)
            name, font, fs, size, matrix, colour, upright, turned, low, high = drawn
            letter = chr(code)
            if (font, letter) not in advances:
                advances[font, letter] = _advance(font, letter)
            advance = advances[font, letter] * fs
            origin(raw, k, x, y)
            ox, oy = x.value, y.value
            if turned is None:                          # upright: the advance across, descent to size up
                x0, x1, y0, y1 = ox, ox + advance * matrix[0], oy + low, oy + high
            else:                                       # turned or mirrored: the same box, turned with it
                ux, uy, vx, vy = turned
                xs = [ox + t * ux * advance + s * vx for t in (0, 1) for s in (low, high)]
                ys = [oy + t * uy * advance + s * vy for t in (0, 1) for s in (low, high)]
                x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            out.append({"text": LETTERS.get(letter, letter), "fontname": name, "size": y1 - y0,
                        "x0": x0, "x1": x1, "top": height - y1, "bottom": height - y0, "y0": y0, "y1": y1,
                        "upright": upright,
                        "matrix": matrix, "non_stroking_color": colour, "origin": (ox, oy)})
        out = _ligatures(out)
        if any(c["text"] == "\xad" for c in out):
            _hyphens_as_drawn(path, page_index, out)
        return (width, height), tuple(out)
    finally:
        doc.close()


def _text_object(raw, k: int) -> tuple:
    """What the characters of one text object share: (font name, font, font size, size on the page, matrix,
    fill colour, upright, the directions of its baseline and its up (None: upright, unscaled across), its box's
    bottom and top above the baseline)."""
    m = pdfium_c.FS_MATRIX()
    pdfium_c.FPDFText_GetMatrix(raw, k, m)
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    pdfium_c.FPDFText_GetFillColor(raw, k, r, g, b, a)
    font = pdfium_c.FPDFTextObj_GetFont(pdfium_c.FPDFText_GetTextObject(raw, k))
    descent = ctypes.c_float()
    pdfium_c.FPDFFont_GetDescent(font, ctypes.c_float(1000.0), descent)
    fs = pdfium_c.FPDFText_GetFontSize(raw, k)
    across, up = math.hypot(m.a, m.b), math.hypot(m.c, m.d)
    size = fs * up
    low = descent.value / 1000 * size
    plain = abs(m.b) < 1e-9 and abs(m.c) < 1e-9 and m.a > 0 and m.d > 0
    turned = None if plain else (m.a, m.b, m.c / (up or 1.0), m.d / (up or 1.0))
    return (_font_name(font), ctypes.cast(font, ctypes.c_void_p).value, fs, size, (m.a, m.b, m.c, m.d, m.e, m.f),
            (r.value / 255, g.value / 255, b.value / 255), m.a * m.d > 0 and m.b * m.c <= 0, turned,
            low, low + size)


def _advance(font: int, letter: str) -> float:
    """The letter's width in the font (its /Widths, per point of size); a hyphen pdfium read as U+0002 its own."""
    glyph = ctypes.c_float()
    handle = ctypes.cast(font, pdfium_c.FPDF_FONT)
    for u in ((0x2D, 0xAD) if letter in "\x02\ufffe" else (ord(letter),)):
        pdfium_c.FPDFFont_GetGlyphWidth(handle, u, ctypes.c_float(1.0), glyph)
        if glyph.value > 0:
            return glyph.value
    return 0.0


def _ligatures(chars: list) -> list:
    """pdfium reads a ligature (one glyph, "ﬁ") as its letters at one origin: one character again, as pdfplumber
    reads it, its advance up to the next character's origin on its line (the glyph's own width unknown here)."""
    out: list = []
    joined = False
    for c in chars:
        if out and c["origin"] == out[-1]["origin"] and not c["text"].isspace() \
                and c["fontname"] == out[-1]["fontname"]:
            out[-1]["text"] += c["text"]
            joined = True
            continue
        if joined and c["upright"] and abs(c["origin"][1] - out[-1]["origin"][1]) < 0.01 and c["x0"] > out[-1]["x0"]:
            out[-1]["x1"] = max(out[-1]["x1"], c["x0"])
        joined = False
        out.append(c)
    return out


def _hyphens_as_drawn(path: str, page_index: int, chars: list) -> None:
    """pdfium reads a hyphen at a line's end as U+0002 whether it is a hyphen (a line broken at "single-sided")
    or a soft hyphen (a word hyphenated): each one as the content stream draws it (its font's ToUnicode), taken
    in order from the page's hyphens and soft hyphens, one for one with pdfium's."""
    drawn = _drawn_hyphens(path, page_index)
    mine = [c for c in chars if c["text"] in ("-", "\xad")]
    if len(drawn) == len(mine):
        for c, h in zip(mine, drawn):
            c["text"] = h


def _drawn_hyphens(path: str, page_index: int) -> list[str]:
    with pikepdf.open(str(path)) as pdf:
        out: list[str] = []
        page = pdf.pages[page_index]
        _text_hyphens(page, page.obj.get("/Resources"), out)
        return out


def _text_hyphens(stream, resources, out: list) -> None:
    fonts = resources.get("/Font", {}) if resources is not None else {}
    xobjects = resources.get("/XObject", {}) if resources is not None else {}
    maps: dict = {}
    codes: dict = {}
    for operands, operator in pikepdf.parse_content_stream(stream, "Tf Tj TJ ' \" Do"):
        op = bytes(operator)
        if op == b"Tf":
            name = str(operands[0])
            if name not in maps:
                maps[name] = _hyphen_codes(fonts.get(name))
            codes = maps[name]
        elif op in (b"Tj", b"'", b'"', b"TJ"):
            for part in (operands[-1] if op == b"TJ" else operands[-1:]):
                if isinstance(part, pikepdf.String):
                    out.extend(codes[b] for b in bytes(part) if b in codes)
        elif op == b"Do":
            form = xobjects.get(str(operands[0]))
            if form is not None and form.get("/Subtype") == "/Form":
                _text_hyphens(form, form.get("/Resources", resources), out)


def _hyphen_codes(font) -> dict:
    """The one-byte codes of a font's ToUnicode that stand for a hyphen or a soft hyphen: code -> the letter."""
    if font is None or "/ToUnicode" not in font:
        return {}
    cmap = font["/ToUnicode"].read_bytes().decode("latin-1")
    found = re.findall(r"<([0-9A-Fa-f]{2})>\s*<(002[Dd]|00[Aa][Dd])>", cmap)
    return {int(code, 16): chr(int(u, 16)) for code, u in found}


def crop(objects, bbox) -> list[dict]:
    """Those of the objects whose box overlaps bbox (x0, top, x1, bottom), their boxes cut to it: pdfplumber's
    page.crop(bbox, strict=False)."""
    left, top, right, bottom = bbox
    out = []
    for o in objects:
        if o["x0"] >= left and o["x1"] <= right and o["top"] >= top and o["bottom"] <= bottom:
            out.append(o)                       # inside: as it is (read, never changed)
            continue
        x0, x1, t, b = max(o["x0"], left), min(o["x1"], right), max(o["top"], top), min(o["bottom"], bottom)
        if x1 - x0 >= 0 and b - t >= 0 and (x1 - x0) + (b - t) > 0:
            out.append({**o, "x0": x0, "x1": x1, "top": t, "bottom": b})
    return out


def _clusters(values, tolerance: float) -> dict:
    """Each value's cluster number: sorted values within tolerance of the one before are one cluster."""
    out, n, last = {}, -1, None
    for v in sorted(set(values)):
        if last is None or v > last + tolerance:
            n += 1
        out[v] = n
        last = v
    return out


def words_of(chars, x_tolerance: float = 3, y_tolerance: float = 3, x_tolerance_ratio: float | None = None,
             extra_attrs=(), return_chars: bool = False) -> list[dict]:
    """The characters' words as pdfplumber's extract_words(chars, ...) groups them (left to right, top to bottom):
    text, x0, x1, top, bottom, upright and extra_attrs (the first character's; a change of one starts a word)."""
    out: list = []
    chars = list(chars)
    keys = [(c["upright"], *(c[a] for a in extra_attrs)) for c in chars] if extra_attrs else \
        [c["upright"] for c in chars]
    start = 0
    while start < len(chars):                   # runs of the same uprightness (and extra attrs), in drawing order
        key, end = keys[start], start + 1
        while end < len(chars) and keys[end] == key:
            end += 1
        run = chars[start:end]
        start = end
        upright = run[0]["upright"]
        along = "top" if upright else "x0"
        clusters = _clusters([c[along] for c in run], y_tolerance if upright else x_tolerance)
        lines: dict = {}
        for c in run:                           # each cluster's characters in drawing order (a stable sort)
            lines.setdefault(clusters[c[along]], []).append(c)
        for n in sorted(lines):
            line = lines[n]
            line.sort(key=(lambda c: c["x0"]) if upright else (lambda c: c["top"]))
            word: list = []
            for c in line:
                if c["text"].isspace():
                    if word:
                        out.append(_word(word, upright, extra_attrs, return_chars))
                    word = []
                    continue
                if word:
                    p = word[-1]
                    xt = x_tolerance if x_tolerance_ratio is None else x_tolerance_ratio * p["size"]
                    if upright:
                        new = c["x0"] < p["x0"] or c["x0"] > p["x1"] + xt or abs(c["top"] - p["top"]) > y_tolerance
                    else:                       # read down: the tolerances trade places, as pdfplumber's do
                        new = c["top"] < p["top"] or c["top"] > p["bottom"] + y_tolerance or abs(c["x0"] - p["x0"]) > xt
                    if new:
                        out.append(_word(word, upright, extra_attrs, return_chars))
                        word = []
                word.append(c)
            if word:
                out.append(_word(word, upright, extra_attrs, return_chars))
    return out


def _word(chars: list, upright: bool, extra_attrs, return_chars: bool) -> dict:
    first = chars[0]
    x0, x1, top, bottom = first["x0"], first["x1"], first["top"], first["bottom"]
    for c in chars[1:]:
        x0, x1 = min(x0, c["x0"]), max(x1, c["x1"])
        top, bottom = min(top, c["top"]), max(bottom, c["bottom"])
    word = {"text": "".join([c["text"] for c in chars]), "x0": x0, "x1": x1, "top": top, "bottom": bottom,
            "upright": upright}
    for a in extra_attrs:
        word[a] = first[a]
    if return_chars:
        word["chars"] = chars
    return word


def text_lines(chars, **word_options) -> list[dict]:
    """The characters' text lines as pdfplumber's extract_text_lines(strip=True) gives them: the words, in their
    order, a new line wherever a word's top leaves the line's cluster (3 points): text, x0, top, x1, bottom."""
    found = words_of(chars, return_chars=True, **word_options)
    clusters = _clusters((w["top"] for w in found), word_options.get("y_tolerance", 3))
    lines: list[list] = []
    for w in found:
        if lines and clusters[lines[-1][-1]["top"]] == clusters[w["top"]]:
            lines[-1].append(w)
        else:
            lines.append([w])
    out = []
    for line in lines:
        cs = [c for w in line for c in w["chars"]]
        out.append({"text": " ".join(w["text"] for w in line), "x0": min(c["x0"] for c in cs),
                    "top": min(c["top"] for c in cs), "x1": max(c["x1"] for c in cs),
                    "bottom": max(c["bottom"] for c in cs), "chars": cs})
    return out


def text_of(chars, **word_options) -> str:
    """The characters' text as pdfplumber's extract_text(...) gives it (not laid out): text_lines, one a line."""
    return "\n".join(line["text"] for line in text_lines(chars, **word_options))


# paths -----------------------------------------------------------------------------------------------------------

def _times(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


_FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}


def page_paths(path, page_index: int) -> tuple[tuple[float, float], tuple[dict, ...]]:
    """What _page_paths reads, once a file and page (shared: read it, never change it)."""
    return _page_paths(_identity(path), page_index)


@lru_cache(maxsize=64)
def _page_paths(ident: tuple, page_index: int) -> tuple[tuple[float, float], tuple[dict, ...]]:
    """((page width, height), every path painted on the page (inside its forms too) and every picture, as
    pdfplumber reads them: kind ("rect": a re, "line": one straight segment, "curve": any other, "image": a
    picture, with its srcsize in pixels), x0, x1, top, bottom (of its points, a curve's control points too; y0,
    y1 from the page's bottom), fill, stroke (whether it is filled, stroked), non_stroking_color and
    stroking_color (the fill's and the stroke's colour operands) and pts (x, top))."""
    with pikepdf.open(ident[0]) as pdf:
        page = pdf.pages[page_index]
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        height = y1 - y0
        out: list[dict] = []
        _walk(page, page.obj.get("/Resources", {}), (1, 0, 0, 1, 0, 0), height, out)
        return (x1 - x0, height), tuple(out)


_FILL_COLOURS = {b"g", b"rg", b"k", b"sc", b"scn"}
_STROKE_COLOURS = {b"G", b"RG", b"K", b"SC", b"SCN"}


def _walk(stream, resources, ctm, height: float, out: list) -> None:
    stack, subpaths, current, rects = [], [], None, []
    fill_colour, stroke_colour = (0.0,), (0.0,)         # black, as pdfplumber reads the default
    xobjects = resources.get("/XObject", {}) if resources is not None else {}

    def at(px, py):
        a, b, c, d, e, f = ctm
        return (a * px + c * py + e, b * px + d * py + f)

    for operands, operator in pikepdf.parse_content_stream(stream):
        op = bytes(operator)
        if op == b"q":
            stack.append((ctm, fill_colour, stroke_colour))
        elif op == b"Q":
            ctm, fill_colour, stroke_colour = stack.pop() if stack else (ctm, fill_colour, stroke_colour)
        elif op in _FILL_COLOURS:
            fill_colour = tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name))
        elif op in _STROKE_COLOURS:
            stroke_colour = tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name))
        elif op == b"cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)
        elif op == b"m":
            current = [("m", at(float(operands[0]), float(operands[1])))]
            subpaths.append(current)
        elif op == b"l" and current is not None:
            current.append(("l", at(float(operands[0]), float(operands[1]))))
        elif op in (b"c", b"v", b"y") and current is not None:
            pts = [float(v) for v in operands]
            current.append(("c", *(at(pts[i], pts[i + 1]) for i in range(0, len(pts), 2))))
        elif op == b"h" and current is not None:
            current.append(("h", current[0][1]))
        elif op == b"re":
            px, py, w, h = (float(v) for v in operands)
            corners = [at(px, py), at(px + w, py), at(px + w, py + h), at(px, py + h)]
            rects.append(corners)
            current = None
        elif op in _FILLS or op in _STROKES or op == b"n":
            if op != b"n":
                fill, stroke = op in _FILLS, op in _STROKES
                shapes = [_shape("rect", corners, height, fill, stroke) for corners in rects]
                for sub in subpaths:
                    pts = [p for seg in sub for p in seg[1:]]
                    straight = all(seg[0] in "mlh" for seg in sub)
                    if len(sub) == 2 and sub[1][0] == "l":
                        shapes.append(_shape("line", pts, height, fill, stroke))
                    elif len(pts) > 1:
                        shapes.append(_shape("curve" if not straight or not _boxlike(pts) else "rect", pts, height,
                                             fill, stroke))
                for shape in shapes:
                    shape["non_stroking_color"], shape["stroking_color"] = fill_colour, stroke_colour
                out += shapes
            subpaths, current, rects = [], None, []
        elif op == b"Do":
            form = xobjects.get(str(operands[0])) if xobjects else None
            if form is not None and form.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                _walk(form, form.get("/Resources", resources), _times(matrix, ctm), height, out)
            elif form is not None and form.get("/Subtype") == "/Image":     # its unit square, placed
                image = _shape("image", [at(0, 0), at(1, 0), at(1, 1), at(0, 1)], height, False, False)
                image["srcsize"] = (int(form.get("/Width")), int(form.get("/Height")))
                out.append(image)


def _boxlike(pts) -> bool:
    """Four corners (a fifth closing it) of an upright rectangle: pdfminer reads such a path as a rect."""
    corners = pts[:-1] if len(pts) == 5 and pts[0] == pts[-1] else pts
    if len(corners) != 4:
        return False
    edges = zip(corners, corners[1:] + corners[:1])
    return all(abs(a[0] - b[0]) < 1e-6 or abs(a[1] - b[1]) < 1e-6 for a, b in edges)


def _shape(kind: str, pts, height: float, fill: bool, stroke: bool) -> dict:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return {"kind": kind, "x0": min(xs), "x1": max(xs), "top": height - max(ys), "bottom": height - min(ys),
            "y0": min(ys), "y1": max(ys), "fill": fill, "stroke": stroke,
            "pts": tuple((px, height - py) for px, py in pts)}


def rects_and_curves(path: str, page_index: int) -> list[dict]:
    """pdfplumber's page.rects + page.curves: every painted path but a single straight segment."""
    return [p for p in page_paths(path, page_index)[1] if p["kind"] in ("rect", "curve")]


def images(path: str, page_index: int) -> list[dict]:
    """pdfplumber's page.images, but for inline ones (BI ... EI: pnp draws none): each picture's box and srcsize
    (its pixels: width, height)."""
    return [p for p in page_paths(path, page_index)[1] if p["kind"] == "image"]


def straight_lines(path: str, page_index: int) -> list[dict]:
    """pdfplumber's page.lines: every painted path of one straight segment."""
    return [p for p in page_paths(path, page_index)[1] if p["kind"] == "line"]



def font_names(path, page_index: int) -> dict[str, str]:
    """The fonts of the page (and of its forms) by the name pdfium gives (page_chars' fontname) -> their names in
    the PDF, with the subset's tag (pdfplumber's fontname: "AAAAAA+PnpSerif-Bold")."""
    out: dict = {}

    def visit(resources, seen):
        if resources is None or resources.objgen in seen and resources.objgen != (0, 0):
            return
        seen.add(resources.objgen)
        for font in resources.get("/Font", {}).values():
            name = str(font.get("/BaseFont", ""))[1:]
            out.setdefault(name.split("+", 1)[-1], name)
        for x in resources.get("/XObject", {}).values():
            if x.get("/Subtype") == "/Form":
                visit(x.get("/Resources"), seen)

    with pikepdf.open(str(path)) as pdf:
        visit(pdf.pages[page_index].obj.get("/Resources"), set())
    return out


def page_count(path) -> int:
    doc = pdfium.PdfDocument(str(path))
    try:
        return len(doc)
    finally:
        doc.close()
