"""The textbox region: markup text (**bold**, *italic*, paragraphs, bullets, icons) wrapped to its box and
shrunk to fit it, turned about the box's centre and see-through as it says; its keys and its layout into Text
operations (text.py draws them) and icons; spans (<span color=... size=... font=...>, read by layout/spans.py)
set words in their own colour, size and font. Its own style: its text's font, size, colour, outline and shadow,
and the box itself: filled (a colour or a gradient) and outlined as a rect is (fill, stroke, stroke_width,
dash, radius: a Rect drawn under its text), its text kept `padding` inside it.

Not here: wrapping and fitting (layout/wrap.py); the keys every text region takes (lettering.py) and every
region takes (common.py).
"""
from __future__ import annotations

from ...errors import known_list
from ...text.markup import full_lines
from .. import ellipsis, fonts, hyphens, spans
from .. import wrap as wrap
from . import gradient, lettering, paint
from .common import pdf_box
from .keys import SHORT_SIDE, Choice, Flag, Key, Length, Number, RegionType
from .rect import Rect
from .region import field_of
from .text import Text, shadowed

KEYS = (
    lettering.TEXT,
    lettering.FONT,
    lettering.size(9.0),
    lettering.MIN_SIZE,
    Key("leading", Number(0.5, 4), 1.2, "the distance of a line from the one before, in sizes of its text"),
    lettering.COLOUR,
    Key("align", Choice(wrap.ALIGN), "start", "start (the left, or the right for Arabic, Persian and Hebrew), "
                                              "left, center, right or justify"),
    lettering.valign("top"),
    lettering.SAFE,
    Key("hyphenate", Flag(), True, "false: its words are never hyphenated by the deck's language's dictionary "
                                   "(soft hyphens it writes still are)"),
) + lettering.LOOK + paint.KEYS + (
    Key("radius", Length(high=SHORT_SIDE), 0.0, "the box's corners rounded by this much (where it is filled or "
                                                 "outlined)"),
    Key("padding", Length(high=SHORT_SIDE), 0.0, "the room between the box's edges and its text"),
    lettering.OVERFLOW,
)


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    content = full_lines(ctx.content(region, one_line=False))
    if not content.strip():
        return
    x, y, w, h = pdf_box(face, region)
    rotate, opacity, cx, cy = v["rotate"], v["opacity"], x + w / 2, y + h / 2
    back, stroke, width = paint.colours(region, ctx)
    if back or stroke:          # the box drawn under its text
        face.ops.append(Rect(x, y, w, h, gradient.placed(back, x, y, w, h), stroke, width, v["radius"], v["dash"],
                             opacity, rotate, cx, cy))
    pad = v["padding"]
    if pad:
        if 2 * pad >= min(w, h):
            raise region.error("padding", f"padding {pad / 72 * 25.4:.1f}mm leaves no room for text in the "
                                          f"{w / 72 * 25.4:.1f} x {h / 72 * 25.4:.1f}mm box")
        x, y, w, h = x + pad, y + pad, w - 2 * pad, h - 2 * pad
    fam = ctx.family(region)
    content = ctx.typeset(content, region, fam, wrap.styles_used(content))
    for p in wrap.problems(content):        # unbalanced ** and *: the build refuses them (layout.deck)
        face.markup.append((region.id, field_of(region), p.level, p.message, p.start))
    metrics = ctx.icons(content, region)
    size, min_size, leading = v["size"], v["min_size"], v["leading"]
    content, own = spans.read(content, region, ctx, size)       # <span ...>: its values as wrap reads them
    ctx.glyphs(own.replace("**", "").replace("*", "") + "•", fam, wrap.styles_used(content), region)
    align = str(v["align"])
    if align not in wrap.ALIGN:
        raise ctx.error(f"unknown align '{align}' in region '{region.id}'", hint=known_list(wrap.ALIGN))
    colour, tint = lettering.ink(region, ctx, (x, y, w, h))
    fonts.ensure(fam, wrap.styles_used(content))
    hy = hyphens.language(ctx.deck, v["hyphenate"])
    overflow = lettering.overflow(region, ctx)
    least = min_size if overflow == "shrink" else size
    fitted = wrap.fit(content, fam, w, h, size, least, leading, align, metrics, hy)
    if fitted is None and overflow == "ellipsis":
        fitted = _ellipsized(content, fam, w, h, size, leading, align, metrics, hy, region, ctx)
        if fitted is not None:
            face.shrunk.append((region.id, field_of(region), size, 0.0))
    if fitted is None:
        need = wrap.needed_height(content, fam, w, least, leading, metrics, hy)
        said = f"even at {least:g}pt" if overflow == "shrink" else f"at its size, {size:g}pt (overflow: {overflow})"
        raise ctx.error(f"text does not fit region '{region.id}' of template '{face.template}' {said} (needs "
                        f"{need / 72 * 25.4:.1f}mm of {h / 72 * 25.4:.1f}mm)", field=field_of(region))
    if fitted.size < size:
        face.shrunk.append((region.id, field_of(region), size, fitted.size))
    valign = str(v["valign"])
    top = y + h
    if valign == "middle":
        top = y + h - (h - fitted.height) / 2
    elif valign == "bottom":
        top = y + fitted.height
    outline, outline_width, shadow, offset = lettering.look(region, ctx)
    ops = []
    for p in fitted.wrapped.pieces:
        if p.font != wrap.ICON:
            ops.append(Text(x + p.x, top - p.y, p.text, p.font, p.size, p.colour or colour, "left", rotate, cx, cy,
                            opacity, outline, outline_width))
            continue
        op = ctx.icon(p.text, x + p.x, top - p.y, p.size, tint, rotate, cx, cy, opacity)
        if op is not None:
            ops.append(op)
    face.ops.extend(shadowed(ops, shadow, offset))
    face.texts.append((region.id, field_of(region), wrap.plain(content)))


def _ellipsized(content, fam, w, h, size, leading, align, metrics, hy, region, ctx) -> wrap.Fitted | None:
    """The text at its size, its lines that fit the box kept and the last ended with "…" (ellipsis.py); None when
    not even its first line fits."""
    wrapped = wrap.wrap(content, fam, w, size, leading, align, metrics, hy)
    widths = {m.name: m.width for m in metrics}
    pieces = ellipsis.cut(wrapped.pieces, h, w, size, leading, align, lambda p: widths.get(p.text, 1.0) * p.size)
    if pieces is None:
        return None
    ctx.glyphs(ellipsis.ELLIPSIS, fam, wrap.styles_used(content), region)
    lead = size * leading
    height = max(p.y for p in pieces) + lead - ((lead - size) / 2 + size * 0.8)
    return wrap.Fitted(wrapped._replace(pieces=pieces, height=height), size, height)


TYPE = RegionType("textbox", KEYS, lay_out)
