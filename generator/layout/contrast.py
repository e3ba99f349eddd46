"""Contrast: small text on colour must be read in poor light and by players with low vision.

Text under SMALL (9pt) whose ink and the ground under it have a contrast ratio under LEAST (4.5:1, the W3C's
WCAG 2.1 level AA for body text, its relative luminance and ratio as WCAG 2.1 defines them) is found, once for
each template, ink, ground and size, at the first card that prints it (and how many more do). The ground is what
the operations drawn before the text cover at the point it starts at (its baseline, a third of its size up: each
operation's ground(), layout/regions/facts.py), a see-through one composited over what lies under it, else the
white paper; text over a picture, a gradient or a shape turned is not judged (its ground is not one colour).
`pnp build` warns of each (a designer's deck is told, not refused); the proof lists each (proof/contrast.py).
Not here: colours that tell cards apart (proof/colours.py).
"""
from __future__ import annotations

from functools import lru_cache

from ..deck.colours import alpha, over
from .display import Text
from .regions.facts import UNKNOWN

SMALL = 9.0                 # points: text smaller than this is held to LEAST
LEAST = 4.5                 # contrast ratio (WCAG 2.1 AA, body text)
PAPER = "#ffffff"


def _channel(c: int) -> float:
    s = c / 255.0
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


@lru_cache(maxsize=4096)
def luminance(colour: str) -> float:
    """WCAG 2.1's relative luminance of a '#rrggbb' colour (0 black, 1 white)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


@lru_cache(maxsize=4096)
def ratio(ink: str, ground: str) -> float:
    """The WCAG 2.1 contrast ratio of two '#rrggbb' colours (1 to 21)."""
    a, b = luminance(ink), luminance(ground)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def ground(ops: list, at: int, x: float, y: float) -> str | None:
    """The colour under (x, y) before operation `at`: what each operation covers there (op.ground():
    layout/regions/facts.py), the last one on top, a see-through one composited over what lies under it, else
    the paper; None where that cannot be told (a picture, a gradient, a shape turned)."""
    for i in range(at - 1, -1, -1):
        under = ops[i].ground(x, y)
        if under is None:
            continue
        if under == UNKNOWN:
            return None
        if alpha(under) < 1.0:
            below = ground(ops, i, x, y)
            return None if below is None else over(under, below)
        return under
    return PAPER


def low_contrast(face) -> list[tuple[Text, str, float]]:
    """(text, its ground, the ratio) for each line under SMALL whose ratio is under LEAST (a see-through ink
    judged as it shows on its ground)."""
    out = []
    for i, op in enumerate(face.ops):
        if type(op) is not Text or op.size >= SMALL or not op.text.strip() or op.rotate or op.opacity < 1.0 \
                or type(op.colour) is not str or op.blur:
            continue
        x = op.x + (op.size * 0.3 if op.align == "left" else -op.size * 0.3 if op.align == "right" else 0.0)
        under = ground(face.ops, i, x, op.y + op.size / 3)
        if under is None:
            continue
        r = ratio(over(op.colour, under), under)
        if r < LEAST:
            out.append((op, under, r))
    return out


def findings(sides) -> list[tuple]:
    """Each template, ink, ground and size found in low contrast among `sides` ((card, face), ... in print
    order): (card, face, text, ground, ratio, how many cards print it), at its first card."""
    found: dict = {}
    judged: dict = {}
    for card, face in sides:
        if face is None:
            continue
        if id(face) not in judged:
            judged[id(face)] = low_contrast(face)
        for op, under, r in judged[id(face)]:
            key = (face.template, op.colour.lower(), under.lower(), round(op.size, 2))
            if key in found:
                found[key][1].add(card.id)
            else:
                found[key] = ((card, face, op, under, r), {card.id})
    return [(*first, len(who)) for first, who in found.values()]


def message(op: Text, under: str, r: float, named=str) -> str:
    """What a finding says: the text, its size, its ink and ground (`named`: a colour as the deck names it)."""
    words = op.text.strip()
    words = words if len(words) <= 30 else words[:27] + "..."
    return (f"text '{words}' at {op.size:g}pt in {named(op.colour)} on {named(under)}: contrast "
            f"{int(r * 100) / 100:.2f}:1, under {LEAST:g}:1 for text under {SMALL:g}pt; darken the ink or lighten "
            "the ground (or the reverse)")


def warnings(deck, sides) -> list[str]:
    """The build's warnings: one line for each finding among `sides` ((card, face), ... in print order), at the
    first card's file and line."""
    names = {v.lower(): k for k, v in deck.palette.items()}

    def named(c: str) -> str:
        return f"{names[c.lower()]} ({c})" if c.lower() in names else c

    out = []
    for card, face, op, under, r, n in findings(sides):
        more = f" (and {n - 1} more card{'s' if n > 2 else ''})" if n > 1 else ""
        out.append(f"{card.source}: card '{card.name}'{more}, template {face.template}: {message(op, under, r, named)}")
    return out
