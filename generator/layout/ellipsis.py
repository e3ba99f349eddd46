"""Text that does not fit, ended with "…" (a region's `overflow: ellipsis`, as Pango ellipsizes Squib's text): set
at its own size, the lines that fit kept, the last of them cut, a character (or an icon) at a time from its end,
until it and "…" fit its width; one line of text cut the same way.

Not here: wrapping and shrinking (wrap.py), the regions that ask for it (regions/text.py, regions/textbox.py).
"""
from __future__ import annotations

from .words import ICON, Piece, stringWidth

ELLIPSIS = "\u2026"
END = (None, ELLIPSIS)                  # the token "…" stands for at a head's end


def head(tokens: list, fits) -> list:
    """The longest head of `tokens` ((anything, a character), or (anything, None) for an icon) that, ended with
    END (spaces before it dropped), `fits` (a function of such a list); [END] alone when none does."""
    lo, hi = 0, len(tokens)
    while lo < hi:                      # binary search: a longer head is never narrower
        mid = (lo + hi + 1) // 2
        if fits(ended(tokens[:mid])):
            lo = mid
        else:
            hi = mid - 1
    return ended(tokens[:lo])


def ended(tokens: list) -> list:
    out = list(tokens)
    while out and out[-1][1] is not None and out[-1][1].isspace():
        out.pop()
    return out + [END]


def cut(pieces: list, height: float, width: float, size: float, leading: float, align: str,
        icon_width) -> list | None:
    """The pieces of wrapped text (wrap.Wrapped.pieces, y the baseline down from the top) whose lines fit
    `height`, the last of them cut to end with "…" within `width`; `icon_width(piece)` an icon piece's width;
    None when not even its first line fits."""
    lead = size * leading
    below = lead - ((lead - size) / 2 + size * 0.8)         # a line's room under its baseline (wrap.wrap's)
    lines: dict = {}
    for p in pieces:
        lines.setdefault(round(p.y, 3), []).append(p)
    kept = [y for y in sorted(lines) if y + below <= height + 0.01]
    if not kept:
        return None
    last = sorted(lines[kept[-1]], key=lambda p: p.x)
    end = max(p.x + _width(p, icon_width) for p in last)
    tokens = [(i, None) if p.font == ICON else (i, ch) for i, p in enumerate(last)
              for ch in ([None] if p.font == ICON else p.text)]
    text_pieces = [p for p in last if p.font != ICON]
    if not text_pieces:
        return None

    def built(toks) -> list:
        out: list = []
        for i, ch in toks:
            if i is None:               # the "…": after the last text, in its font
                p = next((q for q in reversed(out) if q.font != ICON), text_pieces[-1])
                if out and out[-1].font == p.font:
                    out[-1] = out[-1]._replace(text=out[-1].text + ELLIPSIS)
                else:
                    x = max((q.x + _width(q, icon_width) for q in out), default=last[0].x)
                    out.append(p._replace(x=x, text=ELLIPSIS))
                continue
            p = last[i]
            if ch is None:
                out.append(p)
            elif out and out[-1].x == p.x and out[-1].font == p.font:
                out[-1] = out[-1]._replace(text=out[-1].text + ch)
            else:
                out.append(p._replace(text=ch))
        return out

    def fits(toks) -> bool:
        return max(q.x + _width(q, icon_width) for q in built(toks)) <= width + 0.01

    made = built(head(tokens, fits))
    new_end = max(q.x + _width(q, icon_width) for q in made)
    shift = {"center": (end - new_end) / 2, "right": end - new_end}.get(align, 0.0)
    if shift:
        made = [q._replace(x=q.x + shift) for q in made]
    return [p for y in kept[:-1] for p in lines[y]] + made


def _width(p: Piece, icon_width) -> float:
    return icon_width(p) if p.font == ICON else stringWidth(p.text, p.font, p.size)
