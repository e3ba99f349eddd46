"""A template's regions: what each type of region may hold, and each region read and checked as written.

A region is one thing drawn on a face (a rect, an ellipse, a line, a line of text, a text box, an image,
a hexagon, a regular polygon, a star)
in a box [x, y, width, height] from the top-left corner of the trim box, in explicit units or % of the
card. Every value is checked as it is read, so a mistake is reported at its line in the template file,
not later while a card is drawn; colours written in a template are checked against the deck's palette.
Not here: finding, loading and extending templates (templates.py); sizes and lengths (sizes.py); drawing a
region onto a face (face.py).
"""
from __future__ import annotations

import math
import re
from pathlib import Path
from typing import NamedTuple

from ..errors import Collector, PnpError, found, known_list, suggest
from ..fields import names_in
from ..units import UnitError, length
from ..yamlfile import Map, Seq
from .sizes import MAX_EDGE, checked_length

REGION_TYPES = {
    "rect": ("fill", "stroke", "stroke_width", "dash", "opacity", "radius", "bleed"),
    "ellipse": ("fill", "stroke", "stroke_width", "dash", "opacity", "bleed"),
    "line": ("stroke", "stroke_width", "dash"),
    "text": ("text", "font", "style", "size", "min_size", "colour", "align", "valign", "rotate", "safe"),
    "textbox": ("text", "font", "size", "min_size", "leading", "colour", "align", "valign", "rotate", "safe"),
    "image": ("src", "fit", "focus", "bleed"),
    "polygon": ("fill", "stroke", "stroke_width", "dash", "opacity", "sides", "rotate"),
    "hexagon": ("fill", "stroke", "stroke_width", "dash", "opacity", "orientation", "bleed"),
    "star": ("fill", "stroke", "stroke_width", "dash", "opacity", "points", "inner", "rotate"),
}
SHAPE_REGIONS = ("polygon", "hexagon", "star")       # straight-edged shapes (shapes.py), drawn as a Polygon
SHAPE_KEYS = ("opacity", "sides", "points", "inner", "orientation")
MAX_CORNERS = 100            # sides of a polygon, points of a star
COMMON = ("id", "type", "box", "when")
COLOUR_KEYS = ("fill", "stroke", "colour")
BASIC_COLOURS = ("black", "white", "none", "transparent")
ALIGN = {"text": ("left", "center", "right"), "textbox": ("left", "center", "right", "justify")}
VALIGN = ("top", "middle", "bottom")
FITS = ("contain", "cover", "stretch")     # as images.FITS, without importing Pillow
STYLES = ("regular", "bold", "italic", "bolditalic")
MAX_FONT = 400.0             # points
MAX_TEXT = 5000
MIN_TEXT = 6.0               # points: smaller words are small print (smallprint.py; issue 20, 32)
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class Region(NamedTuple):
    id: str
    type: str
    box: tuple            # (x, y_from_top, w, h) in points
    props: dict           # key -> value as written (strings may hold {fields}); never changed once made
    when: str = ""
    source: str = ""      # "file:line" of the region
    places: tuple = ()    # ((key, line, column), ...): where each key was written

    def get(self, key, default=None):
        return self.props.get(key, default)

    def at(self, key=None) -> tuple[str, int | None, int | None]:
        """(file, line, column) where `key` of this region was written."""
        file, _, line = self.source.rpartition(":")
        for k, ln, col in self.places:
            if k == key:
                return file, ln, col
        return file, int(line) if line.isdigit() else None, None

    def error(self, key, message: str, hint: str | None = None) -> PnpError:
        file, line, col = self.at(key)
        return PnpError(message, file, line, col, f"region {self.id}" + (f".{key}" if key else ""), hint)


def field_of(region: Region) -> str | None:
    """The field a text region prints (the first {name} in its text), or None for the template's own text."""
    names = names_in(str(region.get("text", "")))
    return names[0] if names else None


def check_colours(regions, deck_file: str, palette: dict) -> None:
    """Colours written in a template's regions (not taken from a field) must be ones the deck's palette gives."""
    mistakes = Collector()
    for region in regions:
        for k in COLOUR_KEYS:
            v = region.get(k)
            if not isinstance(v, str) or names_in(v):
                continue
            v = v.strip()
            if v.startswith("#") or v in palette or v.lower() in BASIC_COLOURS:
                continue
            known = list(palette) + list(BASIC_COLOURS)
            with mistakes.each():
                raise region.error(k, f"unknown colour '{v}': not '#rrggbb', black, white, none or a name in "
                                      f"the palette of {deck_file}", hint=suggest(v, known) or known_list(palette))
    mistakes.done()


def _colour(r: Map, key, field: str) -> str:
    v = r[key]
    if v is None:
        return v
    if not isinstance(v, str):
        raise r.error(key, f"expected a colour ('#rrggbb', a palette name or '{{field}}'), found {found(v)}",
                      field=field)
    if v.strip().startswith("#") and not names_in(v) and not _HEX.match(v.strip()):
        raise r.error(key, f"expected a colour '#rrggbb' (six hex digits), found {v!r}", field=field)
    return v


def _choice(r: Map, key, allowed, field: str) -> str:
    v = r[key]
    if isinstance(v, str) and names_in(v):
        return v                                  # decided by a card's field; checked when drawn
    if v not in allowed:
        raise r.error(key, f"expected {', '.join(allowed)}, found {found(v)}", field=field,
                      hint=suggest(v, allowed))
    return v


WHEN = re.compile(r"^\s*\{[A-Za-z_][A-Za-z0-9_\-]*\}\s*$")      # when: "{field}", and nothing else


def _when(r: Map, field: str) -> str:
    """A region's condition: one plain placeholder, "{footer}" (drawn when that field is not empty). Anything
    else ("{cost} == 0", "{a}{b}", "yes") would be text that is never empty, so the region would be drawn on
    every card: an error, not a silent true."""
    v = _scalar_text(r, "when", field)
    if not WHEN.match(v):
        names = names_in(v)
        hint = ("to draw it on some cards only, give those cards a field of their own (free: yes) and write "
                'when: "{free}"')
        raise r.error("when", f"{v!r} is not a plain placeholder such as \"{{{names[0] if names else 'field'}}}\" "
                      "(the region is drawn when that field is not empty); expressions are not read, so this would "
                      "be true on every card", field=field, hint=hint)
    return v


def _number(r: Map, key, low: float, high: float, field: str) -> float:
    v = r[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not low <= v <= high:
        raise r.error(key, f"expected a number from {low:g} to {high:g}, found {found(v)}", field=field)
    return float(v)


def _scalar_text(r: Map, key, field: str, limit: int = MAX_TEXT) -> str:
    v = r[key]
    if isinstance(v, (Map, Seq)) or v is None:
        raise r.error(key, f"expected text, found {found(v)}", field=field)
    if isinstance(v, bool):
        raise r.error(key, f"expected text, found {found(v)}", field=field)
    v = str(v)
    if len(v) > limit:
        raise r.error(key, f"text is {len(v)} characters; the limit is {limit}", field=field)
    return v


def _fraction(r: Map, key, field: str, what: str, low: float, high: float) -> float:
    """A fraction written as a percentage ('40%') or a number (0.4), from `low` to `high`."""
    v = r[key]
    if isinstance(v, str) and v.strip().endswith("%"):
        try:
            f = float(v.strip()[:-1]) / 100
        except ValueError:
            f = None
    elif isinstance(v, (int, float)) and not isinstance(v, bool):
        f = float(v)
    else:
        f = None
    if f is None or not math.isfinite(f) or not low <= f <= high:
        raise r.error(key, f"expected {what} from {low * 100:g}% to {high * 100:g}% (or {low:g} to {high:g}), "
                      f"found {found(v)}", field=field)
    return f


def _shape_value(r: Map, key, field: str):
    """A key the shape regions have (rect and ellipse take opacity too): opacity, sides, points, inner,
    orientation."""
    from .shapes import ORIENTATIONS
    v = r[key]
    if key == "orientation":
        if v not in ORIENTATIONS:
            raise r.error(key, f"expected flat or pointy, found {found(v)}", field=field,
                          hint=suggest(v, ORIENTATIONS) if isinstance(v, str) else None)
        return v
    if key == "opacity":
        return _fraction(r, key, field, "an opacity", 0.0, 1.0)
    if key == "inner":
        return _fraction(r, key, field, "the inner corners' share of the outer radius", 0.01, 0.99)
    if isinstance(v, bool) or not isinstance(v, int) or not 3 <= v <= MAX_CORNERS:
        raise r.error(key, f"expected a whole number of {key} from 3 to {MAX_CORNERS}, found {found(v)}",
                      field=field)
    return v


def _focus(r: Map, key, field: str) -> tuple[float, float]:
    """focus: [x%, y%], the point of a picture that stays in view (0% 0% its top-left corner), as fractions."""
    v = r[key]
    if not isinstance(v, Seq) or len(v) != 2:
        raise r.error(key, "expected [x%, y%], the point of the picture to keep (from its left and its top), "
                      f"such as [50%, 30%], found {found(v) if not isinstance(v, Seq) else f'{len(v)} values'}",
                      field=field)
    out = []
    for axis, p in zip(("x", "y"), v):
        if isinstance(p, (int, float)) and not isinstance(p, bool) and p == 0:
            out.append(0.0)             # 0 needs no unit, as in CSS
            continue
        m = re.match(r"^\s*(-?\d+(?:\.\d+)?)\s*%\s*$", p) if isinstance(p, str) else None
        if m is None or not 0 <= float(m.group(1)) <= 100:
            raise r.error(key, f"expected the focus's {axis} as a percentage from 0% to 100%, found {found(p)}",
                          field=field)
        out.append(float(m.group(1)) / 100)
    return out[0], out[1]


def symbols_only(text) -> bool:
    """True for text written in the template (no {field}) with no letter or digit: a symbol set alone."""
    import unicodedata
    text = str(text)
    return bool(text.strip()) and not names_in(text) and \
        not any(unicodedata.category(ch)[0] in "LN" for ch in text)


def _mm(points: float) -> str:
    return f"{points / 72 * 25.4:.1f}".rstrip("0").rstrip(".")


def box_error(region: Region, width: float, height: float, bleed: float = 0.0) -> PnpError | None:
    """A region drawn wholly on its piece: its box (a line's two ends; a rotated text's box turned about its
    centre, as it is drawn) inside the piece's width x height points, or inside its bleed (`bleed` points past
    the cut) for a region that bleeds. One reaching further would be drawn over the pieces beside it: the error
    at the region's box, naming the region, the edge it crosses and by how much (None when it does not)."""
    x, y, w, h = region.box
    turn = float(region.get("rotate", 0) or 0) if region.type in ("text", "textbox") else 0.0
    if turn % 180:
        a, cx, cy = math.radians(turn), x + w / 2, y + h / 2
        w, h = abs(w * math.cos(a)) + abs(h * math.sin(a)), abs(w * math.sin(a)) + abs(h * math.cos(a))
        x, y = cx - w / 2, cy - h / 2
    room = bleed if region.type in ("rect", "ellipse") and region.get("bleed") is True else 0.0
    x0, x1, y0, y1 = min(x, x + w), max(x, x + w), min(y, y + h), max(y, y + h)
    past = {"left": -room - x0, "top": -room - y0, "right": x1 - width - room, "bottom": y1 - height - room}
    edge, by = max(past.items(), key=lambda kv: kv[1])
    if by <= 0.01:
        return None
    turned = f", turned {turn:g}° as it is drawn," if turn % 180 else ""
    limit = f"the piece's {_mm(room)} mm bleed" if room else "the piece"
    return region.error("box", f"the box{turned} reaches {_mm(by)} mm past the {edge} edge of the "
                        f"{_mm(width)} x {_mm(height)} mm piece: it would be drawn over the pieces beside it",
                        hint=f"keep every box inside {limit}" if room or region.type not in ("rect", "ellipse") else
                        "keep every box inside the piece; a background meant to run past the cut is written to the "
                        "cut, with bleed: true")


def read_region(r, seq: Seq, i: int, width: float, height: float, file: str,
                deck_folder: Path | None = None) -> Region:
    """regions[i] of a template (`r`, in `seq`) of a card width x height points, every value checked where
    it is written (whether its box stays on the piece is validate.py's check, box_error: a back of the wrong
    size is that mistake, not one of each of its regions)."""
    where = f"regions[{i}]"
    if not isinstance(r, Map):
        raise seq.error(i, f"expected a region (a mapping with type and box), found {found(r)}", field=where)
    rtype = r.get("type")
    if not isinstance(rtype, str) or rtype not in REGION_TYPES:
        raise r.error("type" if "type" in r else None,
                      f"unknown region type {rtype!r}" if "type" in r else "region has no type",
                      field=f"{where}.type", hint=suggest(rtype, REGION_TYPES) or known_list(REGION_TYPES))
    allowed = COMMON + REGION_TYPES[rtype]
    for key in r:
        if key not in allowed:
            raise r.error(key, f"unknown key '{key}' for a {rtype} region", field=f"{where}.{key}",
                          hint=suggest(key, allowed) or known_list(allowed))
    rid = r.get("id", f"{rtype}{i}")
    if isinstance(rid, (Map, Seq, bool)) or rid is None:
        raise r.error("id", f"expected a region name, found {found(rid)}", field=f"{where}.id")
    if "when" in r:
        _when(r, f"{where}.when")
    box = r.get("box", Seq(["0mm", "0mm", "100%", "100%"]))
    if not isinstance(box, Seq) or len(box) != 4:
        raise r.error("box", "expected [x, y, width, height] with units, e.g. [3mm, 3mm, 50%, 10mm], "
                      f"found {found(box) if not isinstance(box, Seq) else f'{len(box)} values'}",
                      field=f"{where}.box")
    try:
        x, y = length(box[0], width), length(box[1], height)
        w, h = length(box[2], width), length(box[3], height)
    except UnitError as exc:
        raise r.error("box", str(exc), field=f"{where}.box")
    if rtype != "line" and (w <= 0 or h <= 0):         # a line may run either way: its box may be negative
        raise r.error("box", f"width and height must be more than 0, found {box[2]!r} and {box[3]!r}",
                      field=f"{where}.box")
    x0, x1, y0, y1 = min(x, x + w), max(x, x + w), min(y, y + h), max(y, y + h)
    if any(not math.isfinite(v) or abs(v) > 2 * MAX_EDGE for v in (x, y, w, h)) \
            or x1 < -0.01 or y1 < -0.01 or x0 > width + 0.01 or y0 > height + 0.01:
        raise r.error("box", f"the box [{', '.join(map(str, box))}] lies outside the card "
                      f"({width / 72 * 25.4:.1f} x {height / 72 * 25.4:.1f} mm)", field=f"{where}.box")
    props = []
    for key in REGION_TYPES[rtype]:
        if key not in r:
            continue
        field = f"{where}.{key}"
        v = r[key]
        if key in ("stroke_width", "radius"):
            v = checked_length(r, key, field=field, high=72.0 if key == "stroke_width" else min(width, height))
        elif key in ("size", "min_size"):
            v = checked_length(r, key, field=field, low=1.0, high=MAX_FONT)
        elif key in COLOUR_KEYS:
            v = _colour(r, key, field)
        elif key == "text":
            v = _scalar_text(r, key, field)
        elif key == "src":
            v = _scalar_text(r, key, field, limit=500)
            if not names_in(v):
                from ..paths import Refused, check_name
                try:
                    check_name(v, "image")
                except Refused as exc:
                    raise r.error(key, str(exc), field=field)
        elif key == "font":
            v = _scalar_text(r, key, field, limit=100)
            if not names_in(v):
                from .fonts import families, resolve
                if v not in families(deck_folder):
                    raise r.error(key, f"unknown font '{v}'", field=field,
                                  hint=suggest(v, families(deck_folder)) or known_list(families(deck_folder)))
                v = resolve(v, deck_folder)          # the deck's own family of that name, if it has one
        elif key == "style":
            v = _choice(r, key, STYLES, field)
        elif key == "align":
            v = _choice(r, key, ALIGN[rtype], field)
        elif key == "valign":
            v = _choice(r, key, VALIGN, field)
        elif key == "fit":
            v = _choice(r, key, FITS, field)
        elif key == "rotate":
            v = _number(r, key, -360, 360, field)
        elif key == "leading":
            v = _number(r, key, 0.5, 4, field)
        elif key == "focus":
            v = _focus(r, key, field)
        elif key in ("bleed", "safe"):        # safe: false, text meant to be in the margin (no warning)
            if not isinstance(v, bool):
                raise r.error(key, f"expected true or false, found {found(v)}", field=field)
        elif key in SHAPE_KEYS:
            v = _shape_value(r, key, field)
        elif key == "dash":
            if not isinstance(v, Seq) or not 1 <= len(v) <= 2:      # drawn as setDash(*dash)
                raise r.error(key, f"expected [dash] or [dash, gap] lengths such as [2pt, 1pt], found "
                              f"{found(v) if not isinstance(v, Seq) else f'{len(v)} values'}", field=field)
            try:        # bare numbers are points, as in PDF's own dash arrays
                v = tuple(float(d) if isinstance(d, (int, float)) and not isinstance(d, bool) else length(d)
                          for d in v)
            except UnitError as exc:
                raise r.error(key, str(exc), field=field)
            if not all(math.isfinite(d) for d in v):
                raise r.error(key, "dash lengths must be finite", field=field)
            if any(d < 0 or d > 200 for d in v) or not any(v):
                raise r.error(key, "dash lengths must be from 0pt to 200pt and not all 0", field=field)
        props.append((key, v))
    sizes_ = dict(props)
    if "min_size" in sizes_ and sizes_["min_size"] > sizes_.get("size", 10.0 if rtype == "text" else 9.0):
        raise r.error("min_size", f"min_size {r['min_size']} is larger than the size "
                      f"{r.get('size', 'default')}", field=f"{where}.min_size")
    # text under MIN_TEXT is a warning, or the deck's error: layout/smallprint.py
    line = r.where()[0]
    places = tuple((str(k), *r.where(k)) for k in r)
    return Region(str(rid), rtype, (x, y, w, h), sizes_, str(r.get("when", "")),
                  f"{file}:{line}", places)
