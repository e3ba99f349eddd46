"""The safe zone: how near a face's text comes to its cut line, following the face's shape.

Measured on the laid-out face, so it is the text actually drawn: each line by its width and the
font's ascent and descent at the size used, and each icon in it (:name:) by its picture's box, turned
with the text if it is rotated. A rectangular
face's cut is its trim box; a round face's cut is the circle (or ellipse) inside it, a hex piece's the
hexagon inside it, so a word in the corner of a round or hex chit's box is past its cut even though it is
inside the box. A region whose lines cannot be matched to it is measured by its box instead.

Every command that draws a face (build, proof, export) asks here, each with its own inset: the
template's `safe` (what the designer asked for) or, for The Game Crafter, the larger of that and
their 1/8 in.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

from ..records import Record
from . import shaping
from .display import Image, Text, and_more, by_face
from .shapes import inside_by, is_hex, piece_outline
from reportlab.pdfbase.pdfmetrics import getFont
from ..errors import PnpError
from .fonts import register
from .templatefiles import chain_stamp
from .templates import get_template

MM = 72 / 25.4


class Finding(Record):
    region: str
    field: str | None
    text: str
    gap: float            # points from the ink to the cut line, inwards; negative: past the cut


@lru_cache(maxsize=None)
def _vertical(font: str) -> tuple[float, float]:
    """(descent, ascent) of a font, per point of size."""
    face = getFont(font).face
    return face.descent / 1000, face.ascent / 1000


def _corners(op, xs=None) -> list[tuple[float, float]]:
    """The four corners of a Text op's ink box, turned with the text, in face coordinates (y up).
    With `xs` (the left and right of the op's region), a box known to hold the ink, found without
    measuring the text: layout fits every line inside its region's width."""
    if xs is None:
        w = shaping.width(op.text, op.font, op.size)
        x0 = op.x - (w / 2 if op.align == "center" else w if op.align == "right" else 0.0)
        x1 = x0 + w
    else:
        x0, x1 = xs
    down, up = _vertical(op.font)
    y0, y1 = op.y + down * op.size, op.y + up * op.size
    return _turned(op, [(x0, y0), (x1, y0), (x0, y1), (x1, y1)])


def _turned(op, pts) -> list[tuple[float, float]]:
    """`pts` turned about the op's centre by its rotation."""
    if not op.rotate % 360:
        return pts
    a = math.radians(op.rotate)
    cos, sin = math.cos(a), math.sin(a)
    return [(op.cx + (x - op.cx) * cos - (y - op.cy) * sin, op.cy + (x - op.cx) * sin + (y - op.cy) * cos)
            for x, y in pts]


def extent(op) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the ink of a Text op, in face coordinates (y up)."""
    pts = _corners(op)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _box_corners(box) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]


def _regions(face, template) -> list:
    """(texts entry, region box in face coordinates, or None for a box each card gives) for each text region
    drawn on `face`."""
    if template is None:
        return []
    regions = {r.id: r for r in template.regions}
    out = []
    for entry in face.texts:
        r = regions.get(entry[0])
        if r is None or type(r.box) is not tuple:      # a box each card gives (percard.Deferred): the text
            out.append((entry, None))                   # drawn is measured, and found by its words
            continue
        x, top, w, h = r.box
        out.append((entry, (x, face.height - top - h, x + w, face.height - top)))
    return out


def _gap(face, pts) -> float:
    """How far inside the cut the outermost of `pts` is (points; negative: outside it)."""
    w, h = face.width, face.height
    if is_hex(face.shape):
        return inside_by(piece_outline(face.shape, w, h), pts)
    if face.shape == "circle":
        a, b = w / 2, h / 2
        far = max(math.hypot((x - a) / a, (y - b) / b) for x, y in pts)
        return (1 - far) * min(a, b)        # exact for a circle; for an ellipse, along its short axis
    return min(min(x, y, w - x, h - y) for x, y in pts)


def _is_icon(op) -> bool:
    """An icon in a text region's text (layout/inline.py): a picture no image region placed."""
    return type(op) is Image and not op.region


def _op_gap(face, op, box, beyond: float) -> float:
    """The gap of one line of text (or an icon in it): first from a bound that needs no measuring;
    only a line whose bound comes nearer the cut than `beyond` is measured."""
    if type(op) is Image:                   # an icon: its picture's box, turned with its text
        return _gap(face, _turned(op, _box_corners((op.x, op.y, op.x + op.w, op.y + op.h))))
    if box is not None:
        if face.shape == "rect" and not op.rotate % 360:      # the common case, without corner lists
            down, up = _vertical(op.font)
            gap = min(box[0] - 0.01, op.y + down * op.size, face.width - box[2] - 0.01,
                      face.height - op.y - up * op.size)
        else:
            gap = _gap(face, _corners(op, (box[0] - 0.01, box[2] + 0.01)))
        if gap >= beyond:
            return gap
    return _gap(face, _corners(op))


def _attribute(face, regions, beyond: float) -> list:
    """The gap of each text region: its text ops (and its icons) found in drawing order by their turning centre,
    which layout sets to the centre of the region's box (one region may draw many lines), or, for a box each card
    gives, by the words it prints. A region none of whose ops is found is measured by its box, the one bound
    known; an icon no region is found for is passed over, never a reason to measure every region by its box (a
    corner's icon-only region was blamed for the text beside the cut)."""
    ops = [op for op in face.ops if type(op) is Text or _is_icon(op)]
    gaps: list = [None] * len(regions)
    j = 0
    for op in ops:
        k = _found(op, regions, j)
        if k is None:
            continue
        j = k
        gap = _op_gap(face, op, regions[k][1], beyond)
        if gaps[k] is None or gap < gaps[k]:
            gaps[k] = gap
    out = []
    for (entry, box), gap in zip(regions, gaps):
        if gap is None and box is not None:
            gap = _gap(face, _box_corners(box))
        if gap is not None:
            out.append((entry, gap))
    return out


def _found(op, regions, at: int) -> int | None:
    """The region (its place in `regions`) that drew `op`: the next one from `at` whose box is centred on the op's
    turning centre, else any such one, else a region whose box each card gives and whose text holds the op's."""
    def centred(k) -> bool:
        box = regions[k][1]
        return box is not None and abs(op.cx - (box[0] + box[2]) / 2) < 0.01 and \
            abs(op.cy - (box[1] + box[3]) / 2) < 0.01
    for k in list(range(at, len(regions))) + list(range(at)):
        if centred(k):
            return k
    if type(op) is Text:
        words = op.text.strip()
        for k, (entry, box) in enumerate(regions):
            if box is None and words and words in str(entry[2]):
                return k
    return None


def measure(face, template=None, beyond: float = math.inf) -> list[Finding]:
    """Every text region drawn on `face` with its nearest approach to the cut: measured on the
    text drawn, or where that cannot be matched to its regions, on the regions' boxes. A region
    whose text is known to stay `beyond` points inside the cut is not measured exactly: its gap is
    then a lower bound (at least `beyond`)."""
    if template is None:                # no template to find the regions in: each text in drawing order
        ops = [op for op in face.ops if type(op) is Text]
        if len(ops) != len(face.texts):
            return []
        return [Finding(*t, _op_gap(face, op, None, beyond)) for t, op in zip(face.texts, ops)]
    return [Finding(region, field, text, gap) for (region, field, text), gap in
            _attribute(face, _regions(face, template), beyond)]


def unsafe(face, template, inset: float) -> list[Finding]:
    """The text regions of `face` that reach into a safe zone `inset` points wide; a region that says `safe:
    false` (text meant to be in the margin: a version stamp) is not held to it."""
    meant = {r.id for r in template.regions if r.get("safe") is False} if template is not None else set()
    return [f for f in measure(face, template, inset) if f.gap < inset - 0.05 and f.region not in meant]


def silence(template, region: str) -> str:
    """How to say a region's text is meant to reach into the safe zone, naming where the region is written."""
    source = next((r.source for r in template.regions if r.id == region), "") if template is not None else ""
    return f" (if it is meant to, say safe: false on the region{', ' + source if source else ''})"


# compiled where first used (re's cache): a rebuild whose faces are all remembered reads no such line
_LINE = (r"^(?P<who>.*?)(?: \(and (?P<more>\d+) more cards?\))?: (?P<what>text in region '(?P<region>[^']*)'"
         r" .*? reaches (?P<gap>[\d.]+) mm (?P<dir>from|past) .*?)(?P<hint> \(if it is meant to, say safe: "
         r"false on the region.*\))$")


def grouped(lines: list[str]) -> list[str]:
    """Safe-zone warning lines (as warnings() and export/safezone.py make them), one for each region of a
    template: the card nearest the cut named, with how many more cards reach into the zone there. Other lines
    are kept as they are, in their place."""
    groups: dict = {}
    out: list = []
    for line in lines:
        m = re.match(_LINE, line)
        if m is None:
            out.append(line)
            continue
        key = (m["region"], m["hint"])
        gap = float(m["gap"]) * (-1 if m["dir"] == "past" else 1)
        cards = 1 + int(m["more"] or 0)
        if key not in groups:
            groups[key] = [m["who"], gap, m["what"], cards]
            out.append(key)
            continue
        g = groups[key]
        g[3] += cards
        if gap < g[1]:
            g[:3] = [m["who"], gap, m["what"]]
    return [item if isinstance(item, str) else
            f"{groups[item][0]}{and_more(groups[item][3] - 1)}: {groups[item][2]}{item[1]}" for item in out]


_WHO = (r"^(?P<note>note: )?(?P<who>card '.*?' \((?:face|back)\))(?: \(and (?P<more>\d+) more cards?\))?: "
        r"(?P<what>.*)$")


def folded(lines: list[str]) -> list[str]:
    """Warning lines that say the same of several cards ("card 'X' (face): picture 'art.png' in region 'art'
    prints at 38 dpi ...") as one, the first card named with how many more, in the first one's place; other lines
    as they are."""
    firsts: dict = {}
    out: list = []
    for line in lines:
        m = re.match(_WHO, line)
        if m is None:
            out.append(line)
            continue
        what = (m["note"] or "", m["what"])
        if what in firsts:
            firsts[what][1] += 1 + int(m["more"] or 0)
            continue
        firsts[what] = [m["who"], int(m["more"] or 0)]
        out.append(what)
    return [f"{x[0]}{firsts[x][0]}{and_more(firsts[x][1])}: {x[1]}" if isinstance(x, tuple) else x for x in out]


def _mm(points: float) -> str:
    return f"{points / MM:.1f}".rstrip("0").rstrip(".")


def template_zone(template) -> tuple[float, str]:
    """(inset, its name) of the safe zone a template asks for."""
    return template.safe, f"the template's {_mm(template.safe)} mm safe zone"


def describe(f: Finding, shape: str, zone: str) -> str:
    """'text in region 'label' ('REVERSED') reaches 1.4 mm from the cut circle, inside ...'."""
    quoted = f.text if len(f.text) <= 24 else f.text[:23] + "…"
    where = "past" if f.gap < 0 else "from"
    # rounded towards the cut, so a gap just short of the zone never reads as the zone's own width
    tenths = abs(f.gap) / MM * 10
    gap = (math.ceil(tenths - 1e-6) if f.gap < 0 else math.floor(tenths + 1e-6)) / 10
    cut = "the cut circle" if shape == "circle" else "the cut hexagon" if is_hex(shape) else "the cut"
    return (f"text in region '{f.region}' ({quoted!r}) reaches {gap:.1f} mm {where} {cut}, "
            f"inside {zone}")


def warnings(faces, deck, zone_of=template_zone, remember: bool = False) -> list[str]:
    """One line per text region of a template that reaches into its safe zone (grouped: the nearest card
    named, and how many more), from `faces` ((who, face) pairs in drawing order, e.g. "card 'Coin' (back)");
    `zone_of(template)`
    gives the (inset, name) of the zone to hold it to. With `remember` (and the templates' own zones: build
    and proof), what was found for the same faces is remembered between builds (layout/store.py)."""
    seen = by_face(faces)
    order = list(seen)

    failed: set = set()

    def compute(ks) -> dict:
        """The unsafe texts of each face of `ks`, described."""
        register({op.font for k in ks for op in seen[k][1].ops if type(op) is Text})
        found = {}
        for k in ks:
            face = seen[k][1]
            try:
                tpl = get_template(face.template, deck)
            except PnpError:
                found[k] = []       # drawing it reported the template's error (not remembered)
                failed.add(k)
                continue
            inset, zone = zone_of(tpl)
            found[k] = [describe(f, face.shape, zone) + silence(tpl, f.region) for f in unsafe(face, tpl, inset)]
        return found

    if remember and zone_of is template_zone:
        # each face's findings are remembered under its own key: after an edit only the changed faces
        # are measured, and no template is parsed for the others
        from .store import FaceStore  # lazy: +7 ms to import (benchmarks/imports.py)
        store = FaceStore.open(deck, f"{deck.id}-safe", what="lines")
    else:
        store = None
    if store is None:
        found = compute(order)
    else:
        keys = {k: FaceStore.key("safe", chain_stamp(seen[k][1].template, deck), FaceStore.key(seen[k][1].key))
                for k in order}
        found = {k: store.get(keys[k]) for k in order}
        missing = [k for k in order if found[k] is None]
        if missing:
            found.update(compute(missing))
            for k in missing:
                if k not in failed:
                    store.put(keys[k], found[k])
        store.save()
    lines = [(k, what) for k in order for what in found[k]]
    out = []
    for k, what in lines:
        who, face, names = seen[k]
        more = and_more(len(names) - 1)
        out.append(f"{who}{more}: {what}")
    return grouped(out)
