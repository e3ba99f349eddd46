"""What a colour may be written as, wherever one is written (the palette, a colour field, a template's colour keys,
a gradient's stops, a span's color), and the one form every later stage reads: '#rrggbb', or '#rrggbbaa' for one
that is see-through (its alpha under ff).

Written forms, as CSS writes them: '#rgb', '#rgba', '#rrggbb', '#rrggbbaa'; rgb(r, g, b) and rgba(r, g, b, a)
(or CSS's space form, rgb(r g b / a)): each channel 0 to 255 or 0% to 100%, alpha 0 to 1 or 0% to 100%; and the
CSS colour names (red, rebeccapurple, ...: CSS Color 4's 148, as Pillow's ImageColor lists them), in any case.
'transparent' and 'none' are no colour. A '#rrggbb' as written is kept as written (its case too), so a deck
that writes only those draws the same bytes it always did.
Not here: names a deck gives its colours (sections/palette.py), how alpha is drawn (render/draw.py's pen).
"""
from __future__ import annotations

import re

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_FUNC = re.compile(r"^(rgba?)\(\s*(.*?)\s*\)$", re.IGNORECASE)
NONE = ("none", "transparent")
FORMS = "'#rrggbb', '#rrggbbaa', rgb(r, g, b), rgba(r, g, b, a) or a CSS colour name"


class BadColour(ValueError):
    """A colour written wrongly: its message says what was expected."""


def css_names() -> dict:
    """The CSS colour names, lower case -> '#rrggbb'."""
    from PIL import ImageColor  # lazy: +50 ms to import (benchmarks/imports.py), only for a name no palette gives
    return ImageColor.colormap


def is_written_colour(text: str) -> bool:
    """Whether `text` is written as a colour itself (a '#...' or an rgb() form), not a name."""
    t = text.strip()
    return t.startswith("#") or bool(_FUNC.match(t))


def parse(text: str) -> str | None:
    """A colour written as one (not a palette name): '#rrggbb' (as written, when it was written so), or
    '#rrggbbaa' lower case where its alpha is under ff; None for none and transparent. BadColour says what
    is wrong; KeyError for a word that is no CSS name."""
    t = text.strip()
    if t.lower() in NONE:
        return None
    if t.startswith("#"):
        if not _HEX.match(t):
            raise BadColour(f"expected a colour '#rrggbb' or '#rrggbbaa' (hex digits), found {text!r}")
        if len(t) == 7:
            return t
        digits = t[1:] if len(t) > 5 else "".join(c * 2 for c in t[1:])
        return _normal(int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16),
                       int(digits[6:8], 16) if len(digits) == 8 else 255)
    m = _FUNC.match(t)
    if m:
        return _function(m.group(1).lower(), m.group(2), text)
    hexstr = css_names().get(t.lower())
    if hexstr is None:
        raise KeyError(t)
    return hexstr


def _normal(r: int, g: int, b: int, a: int) -> str:
    return f"#{r:02x}{g:02x}{b:02x}" + (f"{a:02x}" if a < 255 else "")


def _function(name: str, inside: str, text: str) -> str:
    if "/" in inside:
        rgb, _, alpha = inside.partition("/")
        parts = rgb.split() + [alpha.strip()]
    else:
        parts = [p.strip() for p in inside.split(",")] if "," in inside else inside.split()
    if len(parts) not in (3, 4) or (name == "rgba" and len(parts) != 4 and "/" not in inside):
        raise BadColour(f"expected {name}() of three channels and maybe an alpha, such as rgba(30, 30, 30, 0.5), "
                        f"found {text!r}")
    out = []
    for i, p in enumerate(parts):
        try:
            v = float(p[:-1]) / 100 if p.endswith("%") else float(p) / (255 if i < 3 else 1)
        except ValueError:
            raise BadColour(f"expected a number or a percentage in {text!r}, found {p!r}") from None
        if not 0 <= v <= 1:
            raise BadColour(f"{'a channel' if i < 3 else 'the alpha'} of {text!r} is out of range: 0 to "
                            f"{'255' if i < 3 else '1'}, or 0% to 100%")
        out.append(round(v * 255))
    return _normal(*out, *(() if len(out) == 4 else (255,)))


def alpha(colour: str | None) -> float:
    """A colour's alpha, 0 to 1 (1 for '#rrggbb' and for none)."""
    return int(colour[7:9], 16) / 255 if colour is not None and len(colour) == 9 else 1.0


def opaque(colour: str | None) -> str | None:
    """The colour without its alpha: '#rrggbb'."""
    return colour[:7] if colour is not None and len(colour) == 9 else colour


def over(colour: str, ground: str) -> str:
    """`colour` ('#rrggbbaa') composited over the opaque `ground` ('#rrggbb'), as sRGB values mix."""
    a = alpha(colour)
    if a >= 1.0:
        return colour
    mix = [round(int(colour[i:i + 2], 16) * a + int(ground[i:i + 2], 16) * (1 - a)) for i in (1, 3, 5)]
    return _normal(*mix, 255)
