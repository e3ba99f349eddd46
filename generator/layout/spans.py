"""A text box's spans read for one card: each <span ...> tag's values checked and written back as the wrapper
reads them (text/markup.py's look="COLOUR LOOK SHARE LOOK FAMILY": a colour '#rrggbb', a size as a share of the
text's, a font family's key), and the
glyphs of the text each span sets in another family checked in that family.

A span (text/markup.py) writes
    color="red" (or colour, foreground, fgcolor): '#rrggbb', a palette name, black or white;
    size="12pt" (any length) or size="150%" (of the text's size): it shrinks with its text when the box's text
      is shrunk to fit; from 20% to 500% of the text's;
    font="serif" (or face): a font family of pnp's or the deck's own.
Every mistake (an unknown attribute, a value not in quotes, a bad colour, size or font, a span left open or a
</span> closing none) is one line naming the card and the field (or the template's line, when the template's
own text writes it). A span in a `text` region, which prints its words as written, is that error too (refuse_in_text).
Not here: parsing the tags (text/markup.py), wrapping (wrap.py).
"""
from __future__ import annotations

import re

from ..errors import PnpError, known_list, suggest
from ..text.markup import LOOK, SPAN_TAG, attributes, look_of, parse, spans, without_icons
from ..units import DPI, UnitError, length
from . import fonts
from .regions.region import field_of

COLOUR_ATTRS, SIZE_ATTRS, FONT_ATTRS = ("color", "colour", "foreground", "fgcolor"), ("size",), ("font", "face")
ATTRS = COLOUR_ATTRS + SIZE_ATTRS + FONT_ATTRS
LEAST, MOST = 0.2, 5.0          # a span's size: from 20% to 500% of its text's
# compiled where first used (re's cache): a rebuild whose faces are remembered reads no span
_PERCENT = r"^\s*(\d+(?:\.\d+)?)\s*%\s*$"


def read(content: str, region, ctx, size: float) -> tuple[str, str]:
    """(the text box's text with its span tags as wrap reads them, the text it sets in the box's own family:
    what its glyph check reads); `size` the box's text size in points. The text as it is when it has no
    span."""
    if "span" not in content or not SPAN_TAG.search(content):
        return content, content
    out, at, depth = [], 0, 0
    for m in SPAN_TAG.finditer(content):
        out.append(content[at:m.start()])
        at = m.end()
        tag = m.group()
        if tag == "</span>":
            depth -= 1
            if depth < 0:
                raise _error(region, ctx, tag, "a </span> closes no <span>")
            out.append(tag)
            continue
        depth += 1
        out.append(_tag(tag, region, ctx, size))
    if depth:
        raise _error(region, ctx, "<span", f"{depth} <span> left open: each ends with </span>")
    out.append(content[at:])
    text = "".join(out)
    return text, _own_text(text, region, ctx)


def _tag(tag: str, region, ctx, size: float) -> str:
    """One <span ...> tag as wrap reads it."""
    written = attributes(tag)
    bare = re.sub(r'([A-Za-z_-]+)\s*=\s*("[^"]*"|\'[^\']*\')', "", tag[len("<span"):-1]).strip()
    if bare:
        raise _error(region, ctx, tag, f"{tag}: write each value in quotes, as color=\"red\" size=\"12pt\"")
    if not written:
        raise _error(region, ctx, tag, f"{tag} says nothing: give it a color, a size or a font")
    colour, share, family = "", "", ""
    for k, v in written:
        if k in COLOUR_ATTRS:
            try:
                hexstr = ctx.colour(v, region)
            except PnpError as exc:
                raise _error(region, ctx, tag, f"{tag}: unknown colour '{v}'", hint=exc.hint)
            if hexstr is None:
                raise _error(region, ctx, tag, f"{tag}: a span's colour cannot be none")
            colour = hexstr
        elif k in SIZE_ATTRS:
            share = repr(_share(v, tag, region, ctx, size))
        elif k in FONT_ATTRS:
            family = _family(v, tag, region, ctx)
        else:
            raise _error(region, ctx, tag, f"{tag}: unknown attribute '{k}'",
                         hint=suggest(k, ATTRS) or known_list(ATTRS))
    return f'<span look="{LOOK.join((colour, share, family))}">'


def _share(v: str, tag: str, region, ctx, size: float) -> float:
    """A span's size as a share of its text's `size` points."""
    m = re.match(_PERCENT, v)
    try:
        share = float(m.group(1)) / 100 if m else length(v, dpi=_dpi(ctx)) / size
    except UnitError:
        share = None
    if share is None or not LEAST <= share <= MOST:
        raise _error(region, ctx, tag, f"{tag}: expected a size such as 12pt or 150% (from {LEAST:.0%} to "
                                       f"{MOST:.0%} of the text's {size:g}pt), found '{v}'")
    return round(share, 6)


def _dpi(ctx) -> float:
    """What a px is in a span's size: the deck's dpi (units.DPI without a deck)."""
    return ctx.deck.dpi if ctx.deck is not None else DPI


def _family(v: str, tag: str, region, ctx) -> str:
    """A span's font family: its key (the deck's own family of that name, if it has one)."""
    known = fonts.families(ctx.deck)
    if v not in known:
        raise _error(region, ctx, tag, f"{tag}: unknown font '{v}'", hint=suggest(v, known) or known_list(known))
    fam = fonts.resolve(v, ctx.deck)
    try:
        fonts.family(fam)
    except PnpError as exc:
        raise _error(region, ctx, tag, f"{tag}: {exc.message}", hint=exc.hint)
    return fam


def _own_text(text: str, region, ctx) -> str:
    """The text set in the box's own family; the glyphs of what each span sets in another family checked in
    that family and style (its fonts made ready for the wrapper)."""
    own, other = [], {}
    for b in parse(text):
        own.append(b.bullet)
        for t, st in spans(b.text):
            if LOOK not in st:
                own.append(t if st != "icon" else "")
                continue
            base, _, _, fam = look_of(st)
            if fam:
                other.setdefault((fam, base), []).append(t)
            else:
                own.append(t)
    for (fam, base), texts in other.items():
        fonts.ensure(fam, (base,))
        ctx.glyphs(without_icons("".join(texts)), fam, (base,), region)
    return " ".join(own)


def refuse_in_text(content: str, region, ctx) -> None:
    """A `text` region prints its words as written, so a <span> in it would print as a tag: one error, naming the
    region (at the template's line when its own text writes the tag, else at the card's field)."""
    found = SPAN_TAG.search(content) if "span" in content else None
    if found:
        raise _error(region, ctx, found.group(0), f"{found.group(0)} would print as written: a text region prints "
                     "its words as they are, and spans are markup, read in textbox regions",
                     hint="make it a textbox region: its text then wraps and shrinks to fit its box")


def _error(region, ctx, tag: str, message: str, hint: str | None = None) -> PnpError:
    """A span's mistake: at the template's line when its own text writes the tag, else at the card's field."""
    if tag in str(region.get("text", "")):
        return region.error("text", message, hint=hint)
    return ctx.error(f"{message} in region '{region.id}'", field=field_of(region), hint=hint)
