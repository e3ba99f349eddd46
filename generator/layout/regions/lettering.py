"""What the text regions share (text, one line; textbox, wrapped markup): the keys both take, declared once,
and the sizes text is held to.

Not here: each one's own keys, layout and drawing (text.py, textbox.py); the deck's fonts and icons, which
layout reaches through face.Context (family, glyphs, icons, icon).
"""
from __future__ import annotations

from . import gradient
from .keys import Choice, Colour, Flag, Font, Key, Length, Offset, Words

MIN_TEXT = 6.0               # points: smaller words are small print (smallprint.py; issue 20, 32)
MAX_FONT = 400.0             # points
MAX_TEXT = 5000              # characters
VALIGN = ("top", "middle", "bottom")
OVERFLOWS = ("shrink", "ellipsis", "error")

TEXT = Key("text", Words(MAX_TEXT), "", "what it prints: its own words and {fields}, and icons (:name:)")
FONT = Key("font", Font(), "sans", "a font family: pnp's (fonts/fonts.yaml) or the deck's own")
MIN_SIZE = Key("min_size", Length(1.0, MAX_FONT), lambda v: min(MIN_TEXT, v["size"]),
               "the least it may shrink to, to fit (default 6pt, or its size if smaller)", upto="size")
COLOUR = Key("colour", gradient.Fill(), "black", "its colour, or a gradient across its box (gradient.py)")
SAFE = Key("safe", Flag(), True, "false: its text is meant to reach into the safe zone (a version stamp in the "
                                 "margin): no warning")
OUTLINE = Key("outline", Colour(), None, "the letters outlined in this colour (none: no outline)")
OUTLINE_WIDTH = Key("outline_width", Length(high=20.0), 0.5, "the outline's width, centred on the letters' edges")
SHADOW = Key("shadow", Colour(), None, "a shadow in this colour, drawn under it (none: no shadow)")
SHADOW_OFFSET = Key("shadow_offset", Offset(), (1.0, 1.0), "[right, down]: where the shadow lies from what casts it")
SHADOW_BLUR = Key("shadow_blur", Length(high=36.0), 0.0, "how far the shadow's edge fades out (0: a sharp shadow)")
SHADOWS = (SHADOW, SHADOW_OFFSET, SHADOW_BLUR)              # what text, textbox and the filled shapes take
LOOK = (OUTLINE, OUTLINE_WIDTH) + SHADOWS                   # what text and textbox regions both take
OVERFLOW = Key("overflow", Choice(OVERFLOWS), "shrink", "text too long for its box at its size: shrink (down to "
                                                        "min_size), ellipsis (its last line ended with '…') or error")


def ink(region, ctx, box: tuple) -> tuple:
    """(colour, tint) of a text region on a card: its colour '#rrggbb' (black for none), or a gradient placed on
    `box` (x, y, w, h: where its text is set) and turned with the text; the tint of its icons ('#rrggbb': a
    gradient's first colour)."""
    v = region.values
    c = gradient.colours(v["colour"], region, ctx) or "#000000"
    if not gradient.is_gradient(c):
        return c, c
    return gradient.placed(c, *box, v["rotate"]), gradient.first(c)


def look(region, ctx) -> tuple:
    """(outline colour or None, its width, shadow colour or None, (dx, dy, blur) in the face's points, y up) of
    a text region on a card."""
    v = region.values
    outline = ctx.colour(v["outline"], region)
    shadow, offset = shadow_of(region, ctx)
    return outline, v["outline_width"] if outline else 0.0, shadow, offset


def shadow_of(region, ctx) -> tuple:
    """(shadow colour or None, (dx, dy, blur)) of a region that casts one, in the face's points, y up."""
    v = region.values
    dx, dy = v["shadow_offset"]
    return ctx.colour(v["shadow"], region), (dx, -dy, v["shadow_blur"])


def overflow(region, ctx) -> str:
    """A text region's `overflow` on a card (a brace may give it): shrink, ellipsis or error."""
    v = str(region.values["overflow"])
    if v not in OVERFLOWS:
        raise ctx.error(f"unknown overflow '{v}' in region '{region.id}'", hint=", ".join(OVERFLOWS))
    return v


def size(default: float) -> Key:
    """The size key of a text region whose text is `default` points high unless it says."""
    return Key("size", Length(1.0, MAX_FONT), default, f"its size ({default:g}pt)")


def valign(default: str) -> Key:
    return Key("valign", Choice(VALIGN), default, "where the text sits in its box: top, middle or bottom")
