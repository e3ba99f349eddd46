"""SVG files a deck names, checked with the standard library before anything else reads them.

An SVG is XML, and XML can reach out: entities (a "billion laughs" expands a small file beyond memory),
external entities and style sheets, and references (`href`, CSS `url(...)`, `@import`) to other files or
web addresses. svglib, which draws an SVG, would follow relative paths to files beside it. So each file is
read once here with expat, which fetches nothing, and refused, with what and on which line, when it
- is not well-formed XML, or its root is not <svg>;
- declares a DOCTYPE with an internal subset or any entity, or names a style sheet (<?xml-stylesheet?>);
- refers to anything but a part of itself (`#id`) or a PNG or JPEG picture written into it
  (`data:image/png;base64,...`): in an href, in `url(...)` in an attribute or a <style>, or by `@import`;
- is larger than MAX_BYTES, holds more than MAX_ELEMENTS elements, nests deeper than MAX_DEPTH, or declares
  a size over MAX_SIDE (the largest page a PDF may have) or none at all.
The pictures written into it are returned, for images.py to check as it checks a PNG or JPEG file. Its text
(<text>) is drawn in pnp's fonts, each glyph checked (render/svg.py).
Not here: reading raster pictures (images.py), drawing an SVG (render/svg.py).
"""
from __future__ import annotations

import base64
import binascii
import math
import re

from ..records import Record
from xml.parsers import expat

MAX_BYTES = 10_000_000
MAX_ELEMENTS = 50_000
MAX_DEPTH = 100
MAX_SIDE = 14_400.0                 # points (200 in): the largest page size a PDF reader must accept
RASTER_DATA = re.compile(r"^data:image/(png|jpe?g);base64,", re.ASCII)     # as svglib reads them
XLINK = "http://www.w3.org/1999/xlink"
PT_PER = {"": 0.75, "px": 0.75, "pt": 1.0, "pc": 12.0, "in": 72.0, "mm": 72 / 25.4, "cm": 720 / 25.4}
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_LENGTH = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z%]*)\s*$")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


class BadSvg(ValueError):
    """The message completes "image 'NAME' ...": what is wrong, and where in the file."""


class SvgInfo(Record):
    width: float            # points, as svglib sizes the drawing
    height: float
    rasters: tuple          # bytes of each PNG or JPEG written into the file (data: URIs)


def check_svg(data: bytes) -> SvgInfo:
    """The size of the SVG in `data` and the pictures it holds; BadSvg when it is refused (see above)."""
    if len(data) > MAX_BYTES:
        raise BadSvg(f"is {len(data):,} bytes; the limit for an SVG is {MAX_BYTES:,}")
    return _Reader(data).read()


def _local(name: str) -> tuple[str, str]:
    """(namespace, local name) of an expat name made with namespace_separator ' '."""
    ns, _, local = name.rpartition(" ")
    return ns, local


class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.p = expat.ParserCreate(namespace_separator=" ")
        self.elements = 0
        self.depth = 0
        self.root = None                # the root's attributes
        self.style: list | None = None  # text of the <style> element being read
        self.rasters: list = []
        p = self.p
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.CharacterDataHandler = self.chars
        p.StartDoctypeDeclHandler = self.doctype
        p.EntityDeclHandler = self.entity
        p.ExternalEntityRefHandler = self.external
        p.ProcessingInstructionHandler = self.instruction
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def where(self) -> str:
        return f"line {self.p.CurrentLineNumber}"

    def read(self) -> SvgInfo:
        try:
            self.p.Parse(self.data, True)
        except expat.ExpatError as exc:
            raise BadSvg(f"is not a well-formed SVG: {expat.errors.messages[exc.code]} "
                         f"(line {exc.lineno}, column {exc.offset + 1})")
        if self.root is None:
            raise BadSvg("is not a well-formed SVG: it holds no element")
        return SvgInfo(*self.size(), tuple(self.rasters))

    # -- expat's handlers: each refuses what it meets by raising BadSvg, which stops the parse

    def doctype(self, name, system_id, public_id, has_internal_subset):
        if has_internal_subset:
            raise BadSvg(f"declares a DOCTYPE with entities or other declarations ({self.where()}); pnp "
                         "reads no DTD: remove the part in [ ]")

    def entity(self, name, *rest):
        raise BadSvg(f"declares an entity '{name}' ({self.where()}); pnp reads no DTD")

    def external(self, context, base, system_id, public_id):
        raise BadSvg(f"refers to an external entity '{system_id}' ({self.where()})")

    def instruction(self, target, data):
        if target.lower() == "xml-stylesheet":
            raise BadSvg(f"names a style sheet outside the file (<?xml-stylesheet?>, {self.where()}); put "
                         "its rules in a <style> element")

    def start(self, name, attrs):
        ns, local = _local(name)
        self.elements += 1
        self.depth += 1
        if self.elements > MAX_ELEMENTS:
            raise BadSvg(f"holds more than {MAX_ELEMENTS:,} elements (the limit for an SVG); simplify it")
        if self.depth > MAX_DEPTH:
            raise BadSvg(f"nests elements more than {MAX_DEPTH} deep ({self.where()})")
        if self.root is None:
            if local != "svg":
                raise BadSvg(f"is not an SVG: its root element is <{local}>, not <svg>")
            self.root = {_local(k)[1]: v for k, v in attrs.items()}
        for key, value in attrs.items():
            kns, klocal = _local(key)
            if klocal == "href":
                self.href(value, key)
            elif "url(" in value.lower():
                self.urls(value, f"{klocal}=")
        if local == "style":
            self.style = []

    def end(self, name):
        self.depth -= 1
        if self.style is not None and _local(name)[1] == "style":
            css = "".join(self.style)
            self.style = None
            if "@import" in css.lower():
                named = re.search(r"""@import\s+(?:url\(\s*)?(?:"([^"]*)"|'([^']*)'|([^"')\s;]+))""", css, re.I)
                sheet = f"the style sheet '{next(g for g in named.groups() if g is not None)}'" if named \
                    else "a style sheet"
                raise BadSvg(f"imports {sheet} (@import in <style>, {self.where()}); an SVG may use only what it "
                             "holds: put the rules in the <style> element")
            self.urls(css, "<style>")

    def chars(self, text):
        if self.style is not None:
            self.style.append(text)

    # -- references

    def href(self, value: str, key: str) -> None:
        v = value.strip()
        if v.startswith("#"):
            return
        m = RASTER_DATA.match(v)
        if m:
            try:
                self.rasters.append(base64.b64decode(re.sub(r"\s+", "", v[m.end():]), validate=True))
            except (binascii.Error, ValueError):
                raise BadSvg(f"holds a picture whose base64 data is damaged ({self.where()})")
            return
        shown = v if len(v) <= 60 else v[:57] + "..."
        what = "a data: URI that is not a PNG or JPEG picture" if v.lower().startswith("data:") else f"'{shown}'"
        raise BadSvg(f"refers to {what} ({_local(key)[1]}, {self.where()}); an SVG may refer only to its own "
                     "parts (#id) and to PNG or JPEG pictures written into it (data:image/png;base64,...)")

    def urls(self, text: str, what: str) -> None:
        for m in _URL.finditer(text):
            target = m.group(2).strip()
            if not target.startswith("#"):
                shown = target if len(target) <= 60 else target[:57] + "..."
                raise BadSvg(f"refers to '{shown}' (url() in {what}, {self.where()}); an SVG may refer only "
                             "to its own parts, as url(#id)")

    # -- size

    def size(self) -> tuple[float, float]:
        """(width, height) in points as svglib sizes the drawing: width and height, else the viewBox's."""
        box = self.root.get("viewBox")
        vb = None
        if box is not None:
            nums = _NUMBER.findall(box)
            vals = [float(n) for n in nums]
            if len(vals) != 4 or not all(math.isfinite(v) for v in vals) or vals[2] <= 0 or vals[3] <= 0:
                raise BadSvg(f"has a viewBox '{box}' that is not four numbers with a width and height above 0")
            vb = vals[2:]
        out = []
        for i, key in enumerate(("width", "height")):
            pt = _length(self.root.get(key), key)
            if pt is None:
                if vb is None:
                    raise BadSvg("declares no size: give its <svg> a viewBox (or a width and a height)")
                pt = vb[i] * PT_PER["px"]
            if not 0 < pt <= MAX_SIDE:
                raise BadSvg(f"declares a {key} of {pt / 72:,.1f} in; an SVG may be from 0 to "
                             f"{MAX_SIDE / 72:.0f} in (the largest page a PDF may have)")
            out.append(pt)
        return out[0], out[1]


def _length(value: str | None, key: str) -> float | None:
    """A width or height attribute in points; None when absent or relative (%, em: svglib then takes the
    viewBox's)."""
    if value is None or not value.strip():
        return None
    m = _LENGTH.match(value.lower())
    if not m:
        raise BadSvg(f"declares a {key} '{value}' that is not a length")
    number, unit = float(m.group(1)), m.group(2)
    if unit in ("%", "em", "ex", "rem"):
        return None
    if unit not in PT_PER or not math.isfinite(number):
        raise BadSvg(f"declares a {key} '{value}' in a unit pnp does not know (px, pt, pc, mm, cm, in)")
    return number * PT_PER[unit]
