"""The deck's icons as layout meets them (Deck.icons: {name: Icon}): each one's shape for the text wrapper and
its drawing operation; and the mistake of text that writes a name that is no icon (deck/sections/icons.py words
it, with a did-you-mean, and how to print the name as written).

An icon is `scale` em high and as wide as its picture's shape makes it; its bottom sits on the baseline of
the text around it, raised by `shift` em; tinted, it takes the text's colour.
Not here: the `icons:` section (deck/sections/icons.py), :name: in the markup (markup.py), wrapping text with
icons in it (text.py), where a text's icons are placed on a face (face.py) or a rule page (pages.py).
"""
from __future__ import annotations

from ..deck.sections.icons import unknown, unknown_message  # noqa: F401 (the mistake's words: given here too)
from ..text.markup import icons_in
from .display import Image
from .wrap import IconMetrics


def stamp(table: dict) -> str:
    """Everything layout reads of the deck's icons (`table`: Deck.icons), as text: for the layout store's stamp
    and keys."""
    if not table:
        return ""
    return repr(sorted((i.name, str(i.path), i.scale, i.shift, i.tint, i.pixels) for i in table.values()))


def metrics(table: dict, text: str) -> tuple:
    """The IconMetrics of the deck's icons (`table`: Deck.icons) that `text` writes, in name order; () when it
    writes none."""
    names = {n for n, _ in icons_in(text)}
    if not names:
        return ()
    out = []
    for name in sorted(names):
        icon = table.get(name)
        if icon is not None:
            w, h = icon.pixels
            out.append(IconMetrics(name, icon.scale * w / h, icon.scale, icon.shift))
    return tuple(out)


def op(table: dict, name: str, x: float, baseline: float, size: float, colour: str, rotate: float = 0.0,
       cx: float = 0.0, cy: float = 0.0, opacity: float = 1.0, families: tuple = ()) -> Image | None:
    """The drawing operation of icon `name` at `x` on a baseline of text `size` points high, turned and
    see-through with its text (None for an icon whose file could not be read: that mistake is reported
    already); an SVG icon's text may name the deck's own font `families` (fonts.deck_keys)."""
    icon = table.get(name)
    if icon is None or icon.path is None:
        return None
    w, h = icon.pixels
    height = icon.scale * size
    return Image(x, baseline + icon.shift * size, height * w / h, height, str(icon.path),
                 tint=colour if icon.tint else None, rotate=rotate, cx=cx, cy=cy, opacity=opacity,
                 families=families if str(icon.path).lower().endswith(".svg") else ())
