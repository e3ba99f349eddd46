"""The text region: one line of text (with icons in it) shrunk to its box's width, placed in it as `align` and
`valign` say, turned about the box's centre and see-through as it says; its keys, its layout into Text
operations, and the Text operation itself and how one line is drawn (every line of text: text boxes, rule
pages, labels).

Not here: the keys every text region takes (lettering.py) and every region takes (common.py); the text object
lines are drawn in (the pen, render/draw.py); wrapped text (textbox.py).
"""
from __future__ import annotations

import math

from ...records import Record
from ...errors import known_list
from ...text.fields import fill
from .. import fonts, shaping
from ..shaping import width as stringWidth
from .. import wrap as wrap
from ..spans import refuse_in_text
from . import lettering
from .. import ellipsis
from .common import pdf_box
from .facts import text_see_through as see_through, turn_box
from .keys import Choice, Key, RegionType
from .region import field_of

STYLES = ("regular", "bold", "italic", "bolditalic")
ALIGN = ("left", "center", "right")


class Text(Record):
    """One line of text; x is the anchor for `align`, y the baseline. Rotated about (cx, cy); `opacity` 0
    to 1; `colour` '#rrggbb', or a gradient placed on its region's box (gradient.py); `outline` ('#rrggbb[aa]' or
    None) strokes the letters' edges `outline_width` points wide (text render mode 2: filled, then stroked); `track`: points added after each character (letter-spacing:
    the rule pages' capital headings)."""
    x: float
    y: float
    text: str
    font: str
    size: float
    colour: str | tuple
    align: str = "left"
    rotate: float = 0.0
    cx: float = 0.0
    cy: float = 0.0
    opacity: float = 1.0
    outline: str | None = None
    outline_width: float = 0.0
    track: float = 0.0
    blur: float = 0.0           # a blurred shadow: its edge fades out over this many points (draw.Pen.blur_text)

    def bounds(self):
        w = stringWidth(self.text, self.font, self.size) + self.track * max(0, len(self.text) - 1)
        x0 = self.x - {"left": 0.0, "center": w / 2, "right": w}.get(self.align, 0.0)
        g = self.outline_width / 2 + self.blur
        return turn_box(x0 - g, self.y - 0.3 * self.size - g, x0 + w + g, self.y + self.size + g, self.rotate,
                        self.cx, self.cy)

    def colours(self):
        ink = [("ink", c) for c, _ in self.colour[-1]] if type(self.colour) is tuple else [("ink", self.colour)]
        return tuple(ink) + ((("outline", self.outline),) if self.outline else ())

    def ground(self, x, y):
        return None             # text is not ground: what lies under other text is judged without it

    see_through = see_through


KEYS = (
    lettering.TEXT,
    lettering.FONT,
    Key("style", Choice(STYLES), "regular", "regular, bold, italic or bolditalic"),
    lettering.size(10.0),
    lettering.MIN_SIZE,
    lettering.COLOUR,
    Key("align", Choice(ALIGN), "left", "left, center or right"),
    lettering.valign("middle"),
    lettering.SAFE,
) + lettering.LOOK + (lettering.OVERFLOW,)


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    content = ctx.content(region, one_line=True)
    if not content.strip():
        return
    refuse_in_text(content, region, ctx)
    w = pdf_box(face, region)[2]
    fam = ctx.family(region)
    style = str(v["style"])
    if style not in fonts.STYLES:
        raise ctx.error(f"unknown style '{style}' in region '{region.id}' ({region.source})",
                        hint=known_list(fonts.STYLES))
    content = ctx.typeset(content, region, fam, (style,))
    metrics = ctx.icons(content, region)
    ctx.glyphs(content, fam, (style,), region)
    font = fonts.font_name(fam, style)
    size, min_size = v["size"], v["min_size"]
    runs, measure = None, None
    rtl = any(shaping.levels(content))          # right-to-left words in it: placed one by one, in visual order
    if rtl or metrics or fonts.runs(content, fam, style) != ((content, font),):   # icons, a fallback's glyph
        runs = _runs(content, fam, style, {m.name: m for m in metrics})
        measure = lambda s: sum(w1 * s for w1, _ in runs)    # noqa: E731 (width at size s: linear in it)
    used = fitting_size(content, font, size, w + 0.01, measure)
    overflow = lettering.overflow(region, ctx)
    if used < size and overflow == "ellipsis":          # at its size, cut to end with "…" (ellipsis.py)
        content = _ellipsized(content, fam, style, font, size, w, metrics, region, ctx)
        face.shrunk.append((region.id, field_of(region), size, 0.0))
        return lay_out_line(face, region, ctx, content, fam, style, size, size, metrics)
    least = min_size if overflow == "shrink" else size
    if used < least:
        said = f"even at {least:g}pt" if overflow == "shrink" else f"at its size, {size:g}pt (overflow: error)"
        raise ctx.error(f"text '{content}' does not fit region '{region.id}' of template '{face.template}' "
                        f"({w / 72 * 25.4:.1f}mm wide) {said}", field=field_of(region))
    return lay_out_line(face, region, ctx, content, fam, style, size, used, metrics, runs, measure, rtl)


def _ellipsized(content, fam, style, font, size, w, metrics, region, ctx) -> str:
    """One line's text cut, a character (or an icon) at a time from its end, until it and "…" fit `w` at `size`."""
    ctx.glyphs(ellipsis.ELLIPSIS, fam, (style,), region)
    known = {m.name: m for m in metrics}
    parts = wrap.one_line(content) if known else [(False, content)]
    tokens = [(i, None if icon else ch) for i, (icon, t) in enumerate(parts) for ch in ([t] if icon else t)]

    def text_of(toks) -> str:
        return "".join(ellipsis.ELLIPSIS if i is None else f":{parts[i][1]}:" if ch is None else ch for i, ch in toks)

    def fits(toks) -> bool:
        return sum(w1 * size for w1, _ in _runs(text_of(toks), fam, style, known)) <= w + 0.01
    return text_of(ellipsis.head(tokens, fits))


def lay_out_line(face, region, ctx, content, fam, style, size, used, metrics, runs=None, measure=None,
                 rtl=None) -> None:
    """One line of text laid out at `used` points (its region's `size` asked for)."""
    v = region.values
    x, y, w, h = pdf_box(face, region)
    font = fonts.font_name(fam, style)
    if rtl is None:
        rtl = any(shaping.levels(content))
        if rtl or metrics or fonts.runs(content, fam, style) != ((content, font),):
            runs = _runs(content, fam, style, {m.name: m for m in metrics})
            measure = lambda s: sum(w1 * s for w1, _ in runs)    # noqa: E731 (width at size s: linear in it)
    if used < size:
        face.shrunk.append((region.id, field_of(region), size, used))
    fc = fonts.face(font)
    align = str(v["align"])
    valign = str(v["valign"])
    cap = (getattr(fc, "capHeight", 700) or 700) * used / 1000.0
    if valign == "top":
        base = y + h - cap
    elif valign == "bottom":
        base = y - fc.descent * used / 1000.0
    else:
        base = y + (h - cap) / 2
    ax = {"left": x, "center": x + w / 2, "right": x + w}.get(align)
    if ax is None:
        raise ctx.error(f"unknown align '{align}' in region '{region.id}'", hint="left, center or right")
    rotate, opacity, cx, cy = v["rotate"], v["opacity"], x + w / 2, y + h / 2
    colour, tint = lettering.ink(region, ctx, (x, y, w, h))
    outline, outline_width, shadow, offset = lettering.look(region, ctx)
    ops = []
    if runs is None:
        ops.append(Text(ax, base, content, font, used, colour, align, rotate, cx, cy, opacity, outline,
                        outline_width))
    else:                   # text and icons side by side, the whole line placed as `align` says
        at = ax - {"left": 0.0, "center": 0.5, "right": 1.0}[align] * measure(used)
        for width, (icon, run, run_font) in _visual(runs, used, content) if rtl else runs:
            if icon:
                op = ctx.icon(run, at, base, used, tint, rotate, cx, cy, opacity)
                if op is not None:
                    ops.append(op)
            else:
                ops.append(Text(at, base, run, run_font, used, colour, "left", rotate, cx, cy, opacity, outline,
                                outline_width))
            at += width * used
    face.ops.extend(shadowed(ops, shadow, offset))
    face.texts.append((region.id, field_of(region), content))


def shadowed(ops: list, shadow: str | None, offset: tuple) -> list:
    """A text region's ops with, before them all, each line's shadow: the line in the `shadow` colour moved by
    `offset` (dx, dy points, y up; turned with the text), unoutlined. Icons cast none."""
    if shadow is None:
        return ops
    dx, dy, *blur = offset
    blur = blur[0] if blur else 0.0
    return [op._replace(x=op.x + dx, y=op.y + dy, colour=shadow, outline=None, outline_width=0.0, blur=blur)
            for op in ops if type(op) is Text] + ops


def _runs(content: str, fam: str, style: str, known: dict) -> list:
    """A text region's text as [(width per point of size, (is an icon, text or icon name, font))], each text in
    the family's font or, for a character it has no glyph for, its fallback's (fonts.runs)."""
    out = []
    for icon, t in (wrap.one_line(content) if known else [(False, content)]):
        if icon:
            out.append((known[t].width, (True, t, "")))
        else:
            out.extend((stringWidth(r, f, 1000.0) / 1000.0, (False, r, f)) for r, f in fonts.runs(t, fam, style))
    return out


def _visual(runs: list, size: float, content: str) -> list:
    """A line's runs (_runs) cut at its spaces into words, in visual order (shaping.in_visual_order: the bidi
    algorithm), each with the room before it added to its width's predecessor: [(width per point, (is an
    icon, text or icon name, font))] laid one after the other from the left as _runs' are."""
    items, x = [], 0.0
    for per, (icon, t, f) in runs:
        if icon:
            items.append((x, t, wrap.ICON, per * size))
            x += per * size
            continue
        for i, part in enumerate(t.split(" ")):
            x += stringWidth(" ", f, size) if i else 0.0
            if part:
                items.append((x, part, f, stringWidth(part, f, size)))
                x += items[-1][3]
    line = shaping.in_visual_order(items, shaping.rtl(content), wrap.ICON)
    out = []
    for k, (x, word, f, w, level) in enumerate(line):
        after = line[k + 1][0] - x - w if k + 1 < len(line) else 0.0     # the space before the next word
        icon = f == wrap.ICON
        out.append(((w + after) / size, (icon, word if icon else shaping.mirrored(word, level), "" if icon else f)))
    return out


def fitting_size(content: str, font: str, size: float, width: float, measure=None) -> float:
    """The largest of size, size - 0.25pt, size - 0.5pt ... at which one line of text is at most `width` wide
    (`measure(size)`: its width, icons and all; else the text's). Width grows linearly with size, so the step
    is computed, then checked against the real width."""
    if measure is None:
        def measure(s):
            return stringWidth(content, font, s)
    if measure(size) <= width:
        return size
    per_point = measure(1000.0) / 1000.0
    steps = max(1, math.ceil((size - width / per_point) / 0.25) - 1) if per_point > 0 else 1
    used = round(size - 0.25 * steps, 2)
    while used > 0 and measure(used) > width:
        used = round(used - 0.25, 2)
    while used < size and measure(round(used + 0.25, 2)) <= width:
        used = round(used + 0.25, 2)
    return used


def draw(pen, op: Text) -> None:
    """One line in the pen's text object (consecutive lines share one: BT ... ET): its matrix, then its
    colour, outline, font and text as the pen writes them; a line filled with a gradient through the pen's
    shade_text."""
    x = op.x
    if op.align != "left":
        w = stringWidth(op.text, op.font, op.size) + op.track * max(0, len(op.text) - 1)
        x -= w / 2 if op.align == "center" else w
    if op.rotate:
        a = math.radians(op.rotate)
        cos, sin = round(math.cos(a), 12), round(math.sin(a), 12)
        dx, dy = x - op.cx, op.y - op.cy
        matrix = f"{pen.num(cos, sin, -sin, cos, op.cx + cos * dx - sin * dy, op.cy + sin * dx + cos * dy)} Tm"
    else:
        matrix = f"1 0 0 1 {pen.num(x, op.y)} Tm"
    if op.track:                        # letter-spaced: the text state's character spacing, for this line only
        pen.out.append(f"{pen.num(op.track)} Tc")
    if op.blur:                             # a blurred shadow
        pen.blur_text(matrix, op.text, op.font, op.size, op.colour, op.opacity, op.blur)
    elif type(op.colour) is tuple:            # a gradient (gradient.py), painted inside the letters
        pen.shade_text(matrix, op.text, op.font, op.size, op.colour, op.opacity, op.outline, op.outline_width)
    else:
        pen.begin_text(op.opacity, op.outline is not None, op.colour, op.outline)
        pen.show(matrix, op.text, op.font, op.size, op.colour, op.outline, op.outline_width)
    if op.track:
        pen.out.append("0 Tc")


TYPE = RegionType("text", KEYS, lay_out, {Text: draw})
