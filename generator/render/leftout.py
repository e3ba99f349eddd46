"""What svglib leaves out of an SVG picture, told to the designer: one warning line for each feature of a
file that svglib says it cannot draw, naming the file and the line, what is left out and which card shows it.

svglib draws most of SVG, but not filters (blurs, shadows), masks, pattern fills, markers (arrowheads) or
foreign objects (HTML), and it draws what it cannot understand (a colour, a transform, a path command)
without it. It says so in its log (render/svg.py keeps what it says while it reads a file: svg.notes). Here
each thing said becomes one line, its place found in the file's own text (svglib's log names the element,
not its line): `art/storm.svg:9: the filter 'glow' (<filter>, line 3) is not drawn: ...`. A filter, mask,
pattern or marker nothing refers to (an unused definition) changes nothing drawn and is not named; nor are
the elements that draw nothing (<title>, <desc>, <metadata>, animation) or another program's own elements
(Inkscape's, in their own namespace), nor svglib's note that an old Inkscape's file may come out 6.7% too
large (pnp scales every SVG to its box). One thing svglib does not say: a gradient whose stops are
see-through (`stop-opacity` under 1, a glow fading out) is drawn with its colours opaque, as a PDF shading
is; a gradient in use that has one is named as well.
`pnp build` prints the lines as warnings, `pnp proof` lists them as findings (proof/checks.py), and the
preview of `pnp watch` shows them with the card.
Not here: reading the file (svg.py), checking what it may hold (svgfile.py).
"""
from __future__ import annotations

import re
from pathlib import Path

from ..records import Record

SVG_NS = ("", "http://www.w3.org/2000/svg")
DRAW_NOTHING = ("title", "desc", "metadata", "script", "animate", "animateMotion", "animateTransform",
                "animateColor", "set", "mpath", "view", "cursor", "discard")
# elements drawn only where something refers to them (url(#id)): what each is, and what pnp does without it
REFERRED = {
    "filter": ("filter", "pnp draws no SVG filters (blur, shadow, glow): what uses it prints without the effect"),
    "mask": ("mask", "pnp draws no SVG masks: what uses it prints unmasked (a clipPath is drawn)"),
    "pattern": ("pattern", "pnp draws no pattern fills: what it fills prints without one"),
    "marker": ("marker", "pnp draws no markers (arrowheads): the lines print without them (Inkscape: Path > "
                         "Object to Path makes them paths)"),
}
OTHERS = {
    "foreignObject": "pnp draws no HTML or other foreign content in an SVG",
}
# svglib's notes that concern only the drawing's overall size (an old Inkscape's 90 dpi: "may be ~6.7% too
# large"): pnp scales every SVG to its box (render/placing.py), so nothing drawn differs and nothing is said
SIZE_NOTES = ("This SVG was created with Inkscape",)
_URL = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)")
_STOP_OPACITY = re.compile(r"stop-opacity\s*:\s*([^;]+)")
GRADIENTS = ("linearGradient", "radialGradient")


class Left(Record):
    line: int | None            # where in the SVG file
    what: str                   # what is left out, and why


def left_out(path: str) -> list[Left]:
    """Each feature svglib said it could not draw in the SVG at `path`, once, in the order it said them; then
    each see-through gradient it draws opaque."""
    from . import svg  # lazy: +9 ms to import (benchmarks/imports.py)
    said = svg.notes(path)
    try:
        data = Path(path).read_bytes()
    except OSError:
        return []
    if not said and b"stop-opacity" not in data:
        return []
    parts = _Parts(data)
    out: list[Left] = []
    seen = set()
    for level, pattern, values in said:
        key = (pattern, values)
        if key in seen:
            continue
        seen.add(key)
        left = _told(level, pattern, values, parts)
        if left is not None:
            out.append(left)
    return out + _faded(parts)


def _faded(parts: "_Parts") -> list[Left]:
    """Each gradient in use whose stops are see-through: drawn opaque."""
    out = []
    for ident, (tag, line, stop) in parts.faded.items():
        uses = parts.refs.get(ident)
        if uses:
            out.append(Left(uses[0], f"the gradient '{ident}' (<{tag}>, line {line}) fades to transparent "
                                     f"(stop-opacity, line {stop}), which is not drawn: pnp draws a gradient's "
                                     "colours opaque, so what it fills prints solid; draw the fading part as "
                                     "shapes of fill-opacity instead"))
    return out


def _told(level: int, pattern: str, values: tuple, parts: "_Parts") -> Left | None:
    """What one of svglib's notes leaves out, in the designer's words (None: nothing drawn is missing)."""
    if pattern == "Ignoring node: %s" and values:
        return _element(values[0], parts)
    if pattern == "Ignoring transform: %s %s" and values:
        return Left(parts.line_of(values[0] + "("), f"the transform {values[0]}(...) is not applied: what it "
                    "turns, moves or scales is drawn as if it were not there")
    if pattern == "Suspicious path operator: %s" and values:
        return Left(None, f"a path's command '{values[0]}' is not drawn: the path is drawn without it")
    if pattern == "Can't handle color: %s" and values:
        return Left(parts.line_of(values[0]), f"the colour '{values[0]}' is not drawn: what it paints is left "
                    "unpainted; write it as #rrggbb")
    if pattern == "Unable to find a clipping path with id %s" and values:
        return Left(parts.line_of(f"#{values[0]}"), f"the clip path '{values[0]}' is not in the file: what it "
                    "would clip is drawn whole")
    if level < 30 or pattern.startswith(SIZE_NOTES):   # housekeeping, or a note on the drawing's size only
        return None
    try:
        message = pattern % values if values else pattern
    except (TypeError, ValueError):
        message = pattern
    return Left(None, f"svglib, which draws SVG pictures, could not draw part of it: {message}")


def _element(name: str, parts: "_Parts") -> Left | None:
    found = parts.elements.get(name)
    if not found or name in DRAW_NOTHING:
        return None                     # another program's own element (Inkscape's), or one that draws nothing
    if name in REFERRED:
        used = [(line, ident, parts.refs[ident]) for line, ident in found if ident in parts.refs]
        if not used:
            return None                 # defined, never used: nothing drawn is missing
        word, why = REFERRED[name]
        line, ident, uses = used[0]
        more = f" (and {len(used) - 1} more <{name}> element{'s' if len(used) > 2 else ''})" if len(used) > 1 else ""
        return Left(uses[0], f"the {word} '{ident}' (<{name}>, line {line}){more} is not drawn: {why}")
    line = found[0][0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    why = OTHERS.get(name, "svglib, which draws SVG pictures, cannot draw it")
    return Left(line, f"<{name}>{more} is not drawn: {why}")


class _Parts:
    """An SVG file's elements by name (line, id) and the lines that refer to each id (url(#id), href="#id")."""

    def __init__(self, data: bytes):
        self.text = data.decode("utf-8", "replace").splitlines()
        self.elements: dict = {}
        self.refs: dict = {}
        self.faded: dict = {}           # gradient id -> (its element, its line, the line of a see-through stop)
        self.open: list = []            # the gradients open at this point of the file: (element, id, line)
        from xml.parsers import expat  # lazy: +0.2 ms to import; a deck without SVGs loads no XML parser (tests/test_startup.py)
        p = expat.ParserCreate(namespace_separator=" ")
        self.p = p
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        try:
            p.Parse(data, True)
        except expat.ExpatError:
            pass                        # the file was checked before svglib read it; keep what was found

    def start(self, name, attrs):
        ns, _, local = name.rpartition(" ")
        line = self.p.CurrentLineNumber
        if ns in SVG_NS:
            self.elements.setdefault(local, []).append((line, attrs.get("id", "")))
            if local in GRADIENTS:
                self.open.append((local, attrs.get("id", ""), line))
            elif local == "stop" and self.open and _see_through(attrs):
                tag, ident, at = self.open[-1]
                self.faded.setdefault(ident, (tag, at, line))
        for key, value in attrs.items():
            if key.rpartition(" ")[2] == "href" and value.strip().startswith("#"):
                self.refs.setdefault(value.strip()[1:], []).append(line)
            for m in _URL.finditer(value):
                self.refs.setdefault(m.group(1), []).append(line)

    def end(self, name):
        if name.rpartition(" ")[2] in GRADIENTS and self.open:
            self.open.pop()

    def line_of(self, text: str) -> int | None:
        """The first line of the file holding `text`, if any."""
        return next((n for n, ln in enumerate(self.text, 1) if text in ln), None)


def _see_through(attrs: dict) -> bool:
    """Whether a <stop>'s opacity (its attribute, or its style's) is under 1."""
    found = [attrs.get("stop-opacity", "")] + _STOP_OPACITY.findall(attrs.get("style", ""))
    for value in found:
        value = value.strip()
        try:
            number = float(value[:-1]) / 100 if value.endswith("%") else float(value)
        except ValueError:
            continue
        if number < 1:
            return True
    return False


def warnings(faces, icons=()) -> list[str]:
    """'FILE:LINE: what is left out ...; shown on card 'X' (face) in region 'r' (and N more cards)': one line for each
    feature svglib leaves out of each SVG picture the faces draw ((who, face) pairs in print order, who as
    "card 'X' (face)") or an icon of the deck names ((name, path) pairs: for an icon only the rules write)."""
    from ..layout.display import Image  # lazy: +115 ms to import (benchmarks/imports.py)
    if not icons and not any(type(op) is Image for _, face in faces for op in face.ops):
        return []                       # no picture: nothing of the pictures' modules is imported
    from ..deck.values import display  # lazy: +30 ms to import (benchmarks/imports.py)
    from ..pictures.images import is_svg  # lazy: +14 ms to import (benchmarks/imports.py)
    from ..layout.display import and_more  # lazy: +115 ms to import (benchmarks/imports.py)
    shown: dict = {}                    # path -> (first who, its region, everyone showing it)
    for who, face in faces:
        for op in face.ops:
            if type(op) is Image and is_svg(op.path):
                shown.setdefault(op.path, (who, op.region, set()))[2].add(who)
    for name, path in icons:
        if path is not None and is_svg(path) and str(path) not in shown:
            shown[str(path)] = (f"icon ':{name}:'", "", set())
    out = []
    for path, (who, region, everyone) in shown.items():
        for left in left_out(path):
            where = display(Path(path)) + (f":{left.line}" if left.line else "")
            on = f"shown on {who}" + (f" in region '{region}'" if region else "")
            out.append(f"{where}: {left.what}; {on}{and_more(len(everyone - {who}))}")
    return out
