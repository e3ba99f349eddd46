"""The textbox region: markup text (**bold**, *italic*, paragraphs, bullets, icons) wrapped to its box and
shrunk to fit it, turned about the box's centre and see-through as it says; its keys and its layout into Text
operations (text.py draws them) and icons.

Not here: wrapping and fitting (layout/wrap.py); the keys every text region takes (lettering.py) and every
region takes (common.py).
"""
from __future__ import annotations

from ...errors import known_list
from ...text.fields import fill
from .. import fonts, hyphens
from .. import wrap as wrap
from . import lettering
from .common import pdf_box
from .keys import Choice, Flag, Key, Number, RegionType
from .region import field_of
from .text import Text

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
)


def lay_out(face, region, ctx, bleed: float) -> None:
    v = region.values
    content = fill(str(v["text"]), ctx.values)
    if not content.strip():
        return
    x, y, w, h = pdf_box(face, region)
    fam = ctx.family(region)
    for p in wrap.problems(content):        # unbalanced ** and *: the build refuses them (layout.deck)
        face.markup.append((region.id, field_of(region), p.level, p.message, p.start))
    metrics = ctx.icons(content, region)
    ctx.glyphs(content.replace("**", "").replace("*", "") + "•", fam, wrap.styles_used(content), region)
    size, min_size, leading = v["size"], v["min_size"], v["leading"]
    align = str(v["align"])
    if align not in wrap.ALIGN:
        raise ctx.error(f"unknown align '{align}' in region '{region.id}'", hint=known_list(wrap.ALIGN))
    colour = ctx.colour(v["colour"], region) or "#000000"
    fonts.ensure(fam, wrap.styles_used(content))
    hy = hyphens.language(ctx.deck, v["hyphenate"])
    fitted = wrap.fit(content, fam, w, h, size, min_size, leading, align, metrics, hy)
    if fitted is None:
        need = wrap.needed_height(content, fam, w, min_size, leading, metrics, hy)
        raise ctx.error(f"text does not fit region '{region.id}' of template '{face.template}' even at "
                        f"{min_size:g}pt (needs {need / 72 * 25.4:.1f}mm of {h / 72 * 25.4:.1f}mm)",
                        field=field_of(region))
    if fitted.size < size:
        face.shrunk.append((region.id, field_of(region), size, fitted.size))
    valign = str(v["valign"])
    top = y + h
    if valign == "middle":
        top = y + h - (h - fitted.height) / 2
    elif valign == "bottom":
        top = y + fitted.height
    rotate, opacity, cx, cy = v["rotate"], v["opacity"], x + w / 2, y + h / 2
    for p in fitted.wrapped.pieces:
        if p.font != wrap.ICON:
            face.ops.append(Text(x + p.x, top - p.y, p.text, p.font, p.size, colour, "left", rotate, cx, cy,
                                 opacity))
            continue
        op = ctx.icon(p.text, x + p.x, top - p.y, p.size, colour, rotate, cx, cy, opacity)
        if op is not None:
            face.ops.append(op)
    face.texts.append((region.id, field_of(region), wrap.plain(content)))


TYPE = RegionType("textbox", KEYS, lay_out)
