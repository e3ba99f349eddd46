"""Every private name of reportlab that pnp relies on, in one place.

pnp draws through reportlab's public canvas, but six things go faster, come out reproducible or come
out right only through its internals: writing a card's text straight into the page (the font's subsets are
kept per document), deflating every stream with zlib-ng (reportlab's one FlateDecode filter), keeping parsed
TrueType faces between runs (layout/fontcache.py), drawing an SVG (svglib's Drawing) into a form
XObject that lists the transparency and shadings it uses (reportlab's forms list only fonts and XObjects),
and putting a PNG's or JPEG's compressed pixels into the document as they are (define_picture: an image
XObject of pnp's own, which reportlab's PDFImageXObject would decode and compress again; define_frame its
form, use_form draws either), and drawing a glyph HarfBuzz shaped (a ligature, an Arabic letter's joined
form) that no character maps to, through a private-use character added to the face, which its subsets' ToUnicode
maps read back as the letters it was made of (glyph_char, _add_objects; font_bytes: the file HarfBuzz shapes with).
pyproject.toml pins reportlab below its next major version;
tests/test_reportlab_adapter.py checks each name in INTERNALS and fails naming the one an upgrade removed,
so that this file is the only one to mend.
"""
from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from weakref import WeakKeyDictionary


class _Deferred(ModuleType):
    """A module that is imported when one of its names is first read, and then stands for it (its names copied).
    Its __spec__ is its own, so that `import name` finds it without loading it."""

    def __getattr__(self, attr):
        name = self.__spec__.name
        if sys.modules.get(name) is self:
            del sys.modules[name]
        real = import_module(name)
        self.__dict__.update(real.__dict__)
        return getattr(real, attr)


def _defer(name: str) -> None:
    """Make `import name` bind a _Deferred module until the module's names are read. reportlab's ttfonts imports
    uharfbuzz as it is imported (~17 ms, a twentieth of a rebuild), to shape text itself, which pnp's pen never asks
    it to (layout/shaping.py shapes, and only the words its cache does not hold): deferred, a rebuild whose words
    are all in the shaping cache never loads HarfBuzz. reportlab still finds the module there (`if uharfbuzz` is
    true of it), so it does as it did. A module already imported, or not installed, is left as it is."""
    if name in sys.modules:
        return
    spec = find_spec(name)
    if spec is None:
        return
    module = _Deferred(name)
    module.__spec__ = spec
    sys.modules[name] = module


_defer("uharfbuzz")     # before reportlab's ttfonts imports it: pnp takes TTFont from here (layout/fonts.py)
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts  # noqa: E402
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace  # noqa: E402
from reportlab.pdfbase.pdfmetrics import getFont  # noqa: E402
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName  # noqa: E402
from reportlab.lib.utils import ImageReader  # noqa: E402

# (where, name, what pnp uses it for); instance attributes are checked on a parsed font and a canvas
INTERNALS = (
    ("reportlab.pdfgen.canvas.Canvas", "_doc", "the document a canvas writes into (instance attribute)"),
    ("reportlab.pdfbase.ttfonts.TTFont", "splitString", "a text's characters by the font subset that holds them"),
    ("reportlab.pdfbase.ttfonts.TTFont", "getSubsetInternalName", "the resource name of a font subset"),
    ("reportlab.pdfbase.ttfonts.TTFont", "state", "per-document subset state (instance attribute)"),
    ("reportlab.pdfbase.ttfonts.TTFont", "face", "the parsed TrueType face (instance attribute)"),
    ("reportlab.pdfbase.ttfonts.TTFont", "encoding", "the font's encoding object (instance attribute)"),
    ("reportlab.pdfbase.ttfonts", "TTFontFace", "a parsed face, rebuilt from the font cache"),
    ("reportlab.pdfbase.ttfonts", "TTFNameBytes", "the byte strings a face's names are kept as"),
    ("reportlab.pdfbase.ttfonts", "TTEncoding", "a TrueType font's encoding object"),
    ("reportlab.pdfbase.ttfonts.TTFontFace", "_ttf_data", "the font file's bytes, for subsetting (instance attribute)"),
    ("reportlab.pdfbase.ttfonts.TTFontFace", "charWidths", "glyph widths by character; a private-use character's (glyph_char) "
                                                             "(instance attribute)"),
    ("reportlab.pdfbase.ttfonts.TTFontFace", "charToGlyph", "the character map, for the glyph check; a shaped "
                                                              "glyph's character (glyph_char) (instance attribute)"),
    ("reportlab.pdfbase.ttfonts.TTFontFace", "unitsPerEm", "font units per em (instance attribute)"),
    ("reportlab.pdfbase.ttfonts.TTFontFace", "_pdfScale", "font units -> 1/1000 em (instance attribute)"),
    ("reportlab.pdfbase.ttfonts.TTFontFace", "glyphToChar", "dropped from the cache: used only while parsing"),
    ("reportlab.pdfbase.pdfdoc.PDFZCompress", "encode", "the FlateDecode filter every stream goes through"),
    ("reportlab.pdfbase.ttfonts.TTFontFace", "name", "the face's PostScript name, made unique on a clash"),
    ("reportlab.pdfbase.pdfmetrics", "_fonts", "registered fonts by name: a deck's font saved anew replaces its old one"),
    ("reportlab.pdfbase.pdfmetrics", "_dynFaceNames", "registered TrueType fonts by face name (unregister_fonts)"),
    ("reportlab.graphics.renderPDF", "_PDFRenderer", "draws a Drawing onto a canvas (draw_drawing)"),
    ("reportlab.pdfgen.canvas.Canvas", "_shadingUsed", "the shadings a form draws (define_form; instance attribute)"),
    ("reportlab.pdfbase.pdfdoc.PDFDocument", "idToObject", "a document's objects by name: a form just made"),
    ("reportlab.pdfbase.pdfdoc", "xObjectName", "the name a form is kept under"),
    ("reportlab.pdfbase.pdfdoc.PDFFormXObject", "XObjects", "a form's XObjects, for its resources"),
    ("reportlab.pdfbase.pdfdoc.PDFFormXObject", "ExtGState", "a form's transparency states (set by endForm)"),
    ("reportlab.pdfbase.pdfdoc.PDFFormXObject", "_colorsUsed", "a form's colour spaces (set by endForm)"),
    ("reportlab.pdfbase.pdfdoc.PDFDocument", "Reference", "registers an object of pnp's own (define_picture, define_frame)"),
    ("reportlab.pdfbase.pdfdoc", "PDFObject", "the base of every object a document formats (define_picture)"),
    ("reportlab.pdfbase.pdfdoc", "PDFObjectReference", "an indirect reference, formatted as 'n 0 R'"),
    ("reportlab.pdfgen.canvas.Canvas", "_formsinuse", "the XObjects a page or form draws: its resources (use_form)"),
    ("reportlab.pdfgen.canvas.Canvas", "_code", "the page's operators written so far (define_form; instance attribute)"),
    ("reportlab.pdfgen.canvas.Canvas", "_formData", "the form being drawn, if any (define_form; instance attribute)"),
    ("reportlab.pdfgen.canvas.Canvas", "_pushAccumulators", "keeps a page's resources while a form is drawn (define_form)"),
    ("reportlab.pdfgen.canvas.Canvas", "_extgstate", "a page's graphics states (soft_mask; instance attribute)"),
    ("reportlab.pdfgen.canvas.ExtGState", "_c", "graphics states listed: (key, value) -> name (soft_mask)"),
    ("reportlab.pdfbase.pdfdoc.PDFFormXObject", "Contents", "a form's stream, given its /Group (soft_mask)"),
    ("reportlab.pdfbase.ttfonts.TTFontFace", "hmetrics", "each glyph's advance: a private-use character's (glyph_char; "
                                                          "instance attribute)"),
    ("reportlab.pdfbase.ttfonts", "makeToUnicodeCMap", "a subset's ToUnicode map, a shaped glyph read as its characters"),
    ("reportlab.pdfbase.ttfonts.TTFont", "addObjects", "writes a font's subsets, wrapped to spell shaped glyphs"),
)


def font_bytes(name: str) -> bytes:
    """The font file's bytes of the registered TrueType font `name` (HarfBuzz shapes with them: layout/shaping.py)."""
    return pdfmetrics.getFont(name).face._ttf_data


def font_digest(name: str) -> bytes:
    """A digest of the registered TrueType font `name`'s bytes (what the shaping cache names its words by: a font
    is the same font wherever its file lies). Kept on the face, and with it in the font cache (font_state), so that
    a rebuild hashes no font file (~2 M instructions for each style, 19 M for Vasa Regalis's, callgrind)."""
    face = pdfmetrics.getFont(name).face
    digest = getattr(face, "pnp_digest", None)
    if type(digest) is not bytes:
        digest = face.pnp_digest = _digest(face._ttf_data)
    return digest


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


@lru_cache(maxsize=64)
def _private(name: str) -> dict:
    """{glyph id: the private-use character glyph_char draws it as} in font `name`, filled as they are met."""
    return {}


@lru_cache(maxsize=64)
def _by_glyph(name: str) -> dict:
    """{glyph id: the lowest character the font `name` maps to it}."""
    out: dict = {}
    for code, gid in sorted(pdfmetrics.getFont(name).face.charToGlyph.items(), reverse=True):
        out[gid] = code
    return out


def glyph_maps(name: str) -> tuple[dict, dict, int]:
    """(character -> glyph, character -> advance in 1/1000 em, units per em) of the registered TrueType font
    `name`."""
    face = pdfmetrics.getFont(name).face
    return face.charToGlyph, face.charWidths, face.unitsPerEm


def glyph_char(name: str, gid: int, spelled: str) -> tuple[str, float]:
    """(the character glyph `gid` of font `name` is written as, that character's advance in 1/1000 em), for a
    glyph HarfBuzz made of the characters `spelled`: the character itself where the font maps it to that glyph,
    else a private-use one (U+E000 + gid, or the next free one) added to the face's character map with the glyph's
    own advance, as reportlab's own shaping does, so that its subsets carry the glyph (a ligature, an Arabic
    letter's joined form); the document's ToUnicode map then reads it back as `spelled` ("ffi"), so copied and
    searched text is the text written. The choice depends on the font alone: the same bytes every build."""
    face = pdfmetrics.getFont(name).face
    if len(spelled) == 1 and face.charToGlyph.get(ord(spelled)) == gid:
        return spelled, face.charWidths.get(ord(spelled), 0.0)
    code = _by_glyph(name).get(gid) if not spelled else None     # (a glyph of a cluster after its first)
    if code is None:
        private = _private(name)
        code = private.get(gid)
        if code is None:
            code = 0xE000 + gid
            while code in face.charToGlyph and face.charToGlyph[code] != gid:
                code += 1
            private[gid] = code
    if face.charToGlyph.get(code) != gid or code not in face.charWidths:   # (or a font registered anew)
        face.charToGlyph[code] = gid
        metrics = face.hmetrics
        face.charWidths[code] = (metrics[gid][0] if gid < len(metrics) else metrics[-1][0]) * 1000.0 / face.unitsPerEm
    if spelled and 0xE000 <= code:
        face.__dict__.setdefault("pnp_spelled", {}).setdefault(code, spelled)
    return chr(code), face.charWidths[code]


def private_glyphs(name: str, chars: str) -> tuple:
    """((code, glyph, spelled), ...) for each private-use character glyph_char gave font `name` among `chars`: what
    add_private_glyphs needs to draw them in another process."""
    face = pdfmetrics.getFont(name).face
    spelled = face.__dict__.get("pnp_spelled", {})
    mine = {code: gid for gid, code in _private(name).items()}
    return tuple((ord(c), mine[ord(c)], spelled.get(ord(c), "")) for c in dict.fromkeys(chars) if ord(c) in mine)


def add_private_glyphs(name: str, glyphs: tuple) -> bool:
    """Make the private-use characters private_glyphs() listed draw their glyphs in font `name`, as glyph_char
    made them; False where glyph_char gives one of them another character (a font that is not the same)."""
    return all(glyph_char(name, gid, spelled)[0] == chr(code) for code, gid, spelled in glyphs)


def _spelling_cmap(spelled: dict):
    """reportlab's makeToUnicodeCMap, with each private-use character of `spelled` read as its characters."""
    def make(fontname, subset):
        text = _to_unicode(fontname, subset)
        for i, v in enumerate(subset):
            t = spelled.get(v)
            if t:
                text = text.replace("<%02X> <%04X>" % (i, v), "<%02X> <%s>" % (i, t.encode("utf-16-be").hex().upper()))
        return text
    return make


def _add_objects(self, doc):
    """TTFont.addObjects, its subsets' ToUnicode maps reading each shaped glyph as the characters it was made of
    (glyph_char)."""
    spelled = self.face.__dict__.get("pnp_spelled")
    if not spelled:
        return _add_font_objects(self, doc)
    ttfonts.makeToUnicodeCMap = _spelling_cmap(spelled)
    try:
        return _add_font_objects(self, doc)
    finally:
        ttfonts.makeToUnicodeCMap = _to_unicode


_to_unicode = ttfonts.makeToUnicodeCMap
_add_font_objects = TTFont.addObjects
TTFont.addObjects = _add_objects


def document(canvas):
    """The PDF document a canvas writes into."""
    return canvas._doc


def registered(name: str) -> bool:
    """Whether a font is registered under `name` (reportlab's registry, which is process-wide)."""
    return name in pdfmetrics._fonts


def face_owner(font) -> str | None:
    """The name of the font already registered under `font`'s face name (its file's PostScript name), or None."""
    taken = pdfmetrics._dynFaceNames.get(font.face.name)
    return None if taken is None or taken is font else getattr(taken, "fontName", None)


def unregister_fonts(names) -> None:
    """Forget the fonts registered under `names`. registerFont gives a new name whose face name (the font
    file's PostScript name) is already known the font first registered under it, so a font file saved anew
    in a long-running process (pnp watch) would be drawn as its old version unless the old one is forgotten."""
    names = set(names)
    gone = {id(pdfmetrics._fonts.pop(n)) for n in names if n in pdfmetrics._fonts}
    for face, font in list(pdfmetrics._dynFaceNames.items()):
        if id(font) in gone or getattr(font, "fontName", None) in names:
            del pdfmetrics._dynFaceNames[face]


def register_font(font) -> None:
    """registerFont, except that a font whose face name (its file's PostScript name) is already registered
    by another file is given a name of its own first: reportlab would otherwise hand the new name the font
    first registered under that face name (a deck's own copy of DejaVuSans would draw as the shipped one)."""
    taken = pdfmetrics._dynFaceNames.get(font.face.name)
    if taken is not None and taken is not font and taken.face._ttf_data != font.face._ttf_data:
        digest = hashlib.blake2b(font.face._ttf_data, digest_size=4).hexdigest()
        font.face.name = TTFNameBytes(bytes(font.face.name) + f"-{digest}".encode())
    pdfmetrics.registerFont(font)


def split_string(font, text: str, doc) -> list:
    """[(subset number, characters)] for `text` in `font`, subsets allotted in `doc`."""
    return font.splitString(text, doc)


def subset_name(font, subset: int, doc) -> str:
    """The page resource name ('/F1+0') of a font subset in `doc`."""
    return font.getSubsetInternalName(subset, doc)


def set_flate(encode) -> None:
    """Make `encode(data) -> bytes` reportlab's FlateDecode filter for every stream it writes."""
    pdfdoc.PDFZCompress.encode = encode


def font_state(font: TTFont) -> dict:
    """A parsed TrueType font as plain data (dicts, lists, numbers, bytes) for the font cache."""
    # glyphToChar only serves reportlab while it parses (a list per glyph: half the reading time)
    font.face.pnp_digest = getattr(font.face, "pnp_digest", None) or _digest(font.face._ttf_data)    # font_digest
    face = {k: v for k, v in vars(font.face).items() if k not in ("_pdfScale", "glyphToChar", "pnp_spelled")}
    names = [k for k, v in face.items() if isinstance(v, TTFNameBytes)]
    for k in names:
        face[k] = bytes(face[k])
    rest = {k: v for k, v in vars(font).items() if k not in ("face", "state", "encoding")}
    return {"face": face, "names": names, "font": rest}


def state_shaped(state) -> bool:
    """Whether `state` (read back from the font cache) has the shape font_state() gives: dicts of names to
    plain values, with the font's bytes, its widths and its units per em."""
    return (type(state) is dict and set(state) == {"face", "names", "font"} and type(state["face"]) is dict
            and type(state["font"]) is dict and type(state["names"]) is list
            and all(type(k) is str for k in (*state["face"], *state["font"], *state["names"]))
            and type(state["face"].get("_ttf_data")) is bytes and type(state["face"].get("charWidths")) is dict
            and type(state["face"].get("unitsPerEm")) is int)


def font_from_state(state: dict, name: str, data: bytes) -> TTFont | None:
    """The font font_state() described, registered under `name`; None when it was not made from `data`."""
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(state["face"])
    for k in state["names"]:
        setattr(face, k, TTFNameBytes(getattr(face, k)))
    if face._ttf_data != data or not isinstance(face.charWidths, dict) or type(face.__dict__.get("pnp_digest")) \
            is not bytes:
        return None
    face._pdfScale = _scale(face.unitsPerEm)
    font = TTFont.__new__(TTFont)
    font.__dict__.update(state["font"])
    font.fontName, font.face, font.encoding, font.state = name, face, TTEncoding(), WeakKeyDictionary()
    return font


def _scale(units_per_em: int):
    """reportlab's font-unit -> 1/1000 em scaling (ttfonts.TTFontFile.extractInfo), which cannot be stored."""
    if units_per_em == 1000:
        return lambda x: x
    mult = 1000 / units_per_em
    return lambda x: x * mult


def draw_drawing(drawing, canvas) -> None:
    """A reportlab Drawing (svglib's) onto `canvas` at its origin, as renderPDF.draw draws it, less the font
    that renderPDF sets for text at the start (reportlab's Times-Roman, which would enter the PDF unembedded): an
    SVG's text is set only in the TrueType fonts render/svg.py gave it; and the pictures written into it drawn as
    image XObjects."""
    from reportlab.graphics.renderPDF import _PDFRenderer  # lazy: +48 ms to import (benchmarks/imports.py)
    from reportlab.graphics.renderbase import renderScaledDrawing  # lazy: +65 ms to import (benchmarks/imports.py)

    class ShapesOnly(_PDFRenderer):
        def applyStateChanges(self, delta, newState):
            if ("fontName" in delta or "fontSize" in delta) and not isinstance(
                    getFont(delta.get("fontName") or self._canvas._fontname), TTFont):
                delta = {k: v for k, v in delta.items() if k not in ("fontName", "fontSize")}
            super().applyStateChanges(delta, newState)

        def drawImage(self, image):
            # a picture written into the SVG (svglib gives it decoded, as a PIL image) is an image XObject with
            # its alpha as a soft mask, as drawImage makes one: renderPDF's inline image would drop the alpha,
            # and fails where streams are not ASCII85-encoded (rl_config.useA85 off, as pnp writes them)
            if hasattr(image.path, "mode"):
                self._canvas.drawImage(ImageReader(image.path), image.x, image.y, image.width, image.height,
                                       mask="auto")

    ShapesOnly().draw(renderScaledDrawing(drawing), canvas, 0, 0, showBoundary=False)


def define_form(canvas, name: str, box, draw) -> None:
    """A form XObject `name` with bounding box `box` (x0, y0, x1, y1), drawn by draw(), whose resources
    list the transparency states (ExtGState) and shadings it uses as a page's would: reportlab's forms list
    only fonts and XObjects, so a gradient would print black and a half-transparent shape opaque."""
    if not (canvas._code or canvas._formData):
        # beginForm keeps the page's accumulators only when the page has written operators; a page whose
        # operators are still with their caller (draw.py writes a run of them at once) may already use forms
        # (use_form), which endForm would otherwise forget: the page's resources would miss them
        canvas._pushAccumulators()
    canvas.beginForm(name, *box)
    draw()
    shading = dict(canvas._shadingUsed)         # the form's own: endForm restores the page's
    canvas.endForm()
    form = canvas._doc.idToObject[xObjectName(name)]
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    resources.setShading(shading)
    resources.setColorSpace(form._colorsUsed)
    form.Resources = resources


def soft_mask(canvas, name: str, box, draw) -> str:
    """'/gRLsN gs': a graphics state whose luminosity soft mask is the form `name` (box, drawn by draw()) as a
    transparency group (Pen.shade: a gradient's see-through stops), listed as canvas.setFillAlpha lists its own."""
    states = canvas._extgstate._c               # (key, value) -> name, each listed as << /key value >>
    state = next((n for (k, v), n in states.items() if k == "SMask" and getattr(v, "pnp", None) == name), None)
    if state is None:
        if not has_object(canvas, name):
            define_form(canvas, name, box, draw)
            form = canvas._doc.idToObject[xObjectName(name)]
            form.Contents = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"Group": pdfdoc.PDFDictionary(
                {"S": pdfdoc.PDFName("Transparency"), "CS": pdfdoc.PDFName("DeviceRGB")})}), form.stream)
        mask = pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Mask"), "S": pdfdoc.PDFName("Luminosity"),
                                     "G": pdfdoc.PDFObjectReference(xObjectName(name))})
        mask.pnp = name
        state = states[("SMask", mask)] = f"gRLs{len(states)}"
    return f"/{state} gs"


class _Picture(pdfdoc.PDFObject):
    """An image XObject's stream as pnp writes it: `entries` of its dictionary (PDF syntax), its /Length and
    /SMask, and `data` (a token render/splice.py replaces)."""

    def __init__(self, entries: bytes, data: bytes, length, smask: str | None):
        self.entries, self.data, self.smask = entries, data, smask
        self.length = length if type(length) is bytes else b"%d" % length

    def format(self, document):
        mask = b" /SMask " + pdfdoc.PDFObjectReference(self.smask).format(document) if self.smask else b""
        return (b"<< %s /Length %s%s >>\nstream\n%s\nendstream\n" % (self.entries, self.length, mask, self.data))


def define_picture(canvas, name: str, entries: bytes, data: bytes, length, smask: tuple | None = None) -> None:
    """An image XObject that `canvas.doForm(name)` draws, in the canvas's document: its dictionary's
    `entries` (/Type /XObject /Subtype /Image ...), its stream `data`, `length` bytes long (a number, or the
    bytes that stand for it until the document is written: render/splice.py); `smask`, when given, (entries,
    data, length) of its soft mask. The stream's bytes are the caller's, as they are: no filter is
    applied to them."""
    doc = canvas._doc
    mask = None if smask is None else f"PnpMask.{name}"
    doc.Reference(_Picture(entries, data, length, mask), xObjectName(name))
    if smask is not None:
        doc.Reference(_Picture(*smask, None), mask)


class _Frame(pdfdoc.PDFObject):
    """A form XObject in a unit square that draws one other XObject filling it (define_frame)."""

    def __init__(self, inner: str):
        self.inner = inner

    def format(self, document):
        ref = pdfdoc.PDFObjectReference(self.inner).format(document)
        draw = b"/%s Do" % self.inner.encode("ascii")
        return (b"<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /%s %s >> >> "
                b"/Length %d >>\nstream\n%s\nendstream\n" % (self.inner.encode("ascii"), ref, len(draw), draw))


def define_frame(canvas, name: str, inner: str) -> None:
    """A form XObject `name` in a unit square that draws the XObject `inner` (define_picture's) filling it: what
    define_form makes of `use_form(canvas, inner)`, without reportlab's form machinery (its resources listing
    fonts and procedure sets, formatted again for every form: 270 pictures' forms cost a rebuild ~40 ms)."""
    canvas._doc.Reference(_Frame(xObjectName(inner)), xObjectName(name))


def use_form(canvas, name: str) -> str:
    """The operator that draws the XObject `name` (`/FormXob.name Do`), for the caller to write into the page
    or form itself; listed among the page's or form's resources, as canvas.doForm lists it."""
    canvas._formsinuse.append(name)
    return f"/{canvas._doc.getXObjectName(name)} Do"


def has_object(canvas, name: str) -> bool:
    """Whether the canvas's document holds an XObject `name` already."""
    return xObjectName(name) in canvas._doc.idToObject
