"""The deck's icons as layout meets them: which names are icons (by deck folder, as deck/load.py notes them),
each one's shape for the text wrapper, its drawing operation, and the mistake of text that writes a name that
is no icon (with a did-you-mean, and how to print the name as written).

An icon is `scale` em high and as wide as its picture's shape makes it; its bottom sits on the baseline of
the text around it, raised by `shift` em; tinted, it takes the text's colour.
Not here: the `icons:` section (deck/sections/icons.py), :name: in the markup (markup.py), wrapping text with
icons in it (text.py), where a text's icons are placed on a face (face.py) or a rule page (pages.py).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import known_list, suggest
from ..markup import icons_in
from .display import Image
from .text import IconMetrics

_TABLES: dict = {}          # deck folder -> {name: deck.model.Icon}


def note_icons(folder: Path | None, icons: dict) -> None:
    """Remember a loaded deck's icons (deck/load.py), for laying out its faces and rule pages."""
    _TABLES[folder] = dict(icons)


def icons_of(folder: Path | None) -> dict:
    return _TABLES.get(folder, {})


def stamp(folder: Path | None) -> str:
    """Everything layout reads of the deck's icons, as text: for the layout store's stamp and keys."""
    table = icons_of(folder)
    if not table:
        return ""
    return repr(sorted((i.name, str(i.path), i.scale, i.shift, i.tint, i.pixels) for i in table.values()))


def metrics(folder: Path | None, text: str) -> tuple:
    """The IconMetrics of the deck's icons that `text` writes, in name order; () when it writes none."""
    names = {n for n, _ in icons_in(text)}
    if not names:
        return ()
    table = icons_of(folder)
    out = []
    for name in sorted(names):
        icon = table.get(name)
        if icon is not None:
            w, h = icon.pixels
            out.append(IconMetrics(name, icon.scale * w / h, icon.scale, icon.shift))
    return tuple(out)


def unknown(folder: Path | None, text: str) -> list[tuple[str, int]]:
    """(name, line) of each :name: that `text` writes and that is no icon of the deck."""
    table = icons_of(folder)
    return [(n, line) for n, line in icons_in(text) if n not in table]


def unknown_message(folder: Path | None, name: str) -> tuple[str, str]:
    """(message, hint) for text that writes :name: where the deck has no such icon."""
    known = sorted(icons_of(folder))
    close = suggest(name, known)
    listed = f"the deck's icons: {known_list(known).removeprefix('known: ')}" if known else \
        "the deck names no icons (icons: in deck.yaml)"
    return (f"unknown icon ':{name}:'",
            close or f"{listed}; write \\:{name}: to print ':{name}:' as written")


def op(folder: Path | None, name: str, x: float, baseline: float, size: float, colour: str, rotate: float = 0.0,
       cx: float = 0.0, cy: float = 0.0, opacity: float = 1.0) -> Image | None:
    """The drawing operation of icon `name` at `x` on a baseline of text `size` points high, turned and
    see-through with its text (None for an icon whose file could not be read: that mistake is reported
    already)."""
    icon = icons_of(folder).get(name)
    if icon is None or icon.path is None:
        return None
    w, h = icon.pixels
    height = icon.scale * size
    return Image(x, baseline + icon.shift * size, height * w / h, height, str(icon.path),
                 tint=colour if icon.tint else None, rotate=rotate, cx=cx, cy=cy, opacity=opacity)
