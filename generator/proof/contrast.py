"""The contrast check: small text on colour must be read in poor light and by players with low vision.

Text under SMALL (9pt) whose ink and the ground under it have a contrast ratio under LEAST (4.5:1, the W3C's
WCAG 2.1 level AA for body text; its relative luminance and ratio from the coloraide library) is a warning, once
for each template, ink, ground and size, at the first card that prints it (and how many more do). The ground is
the last filled rectangle, ellipse or polygon drawn before the text that holds the point the text starts at
(its baseline, a third of its size up), else the white paper; text over a picture, or over a shape turned or
see-through, is not judged (its ground is not one colour).
Not here: colours that tell cards apart (colours.py), the proof's other checks (checks.py).
"""
from __future__ import annotations

from functools import lru_cache

from ..deck.colours import alpha, over
from ..layout.display import Text
from ..layout.regions.facts import UNKNOWN
from .issues import WARNING, Issue

SMALL = 9.0                 # points: text smaller than this is held to LEAST
LEAST = 4.5                 # contrast ratio (WCAG 2.1 AA, body text)
PAPER = "#ffffff"


@lru_cache(maxsize=4096)
def ratio(ink: str, ground: str) -> float:
    """The WCAG 2.1 contrast ratio of two '#rrggbb' colours (1 to 21)."""
    from coloraide import Color  # lazy: +245 ms to import (benchmarks/imports.py)
    return float(Color(ink).contrast(ground, method="wcag21"))


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
    """(text, its ground, the ratio) for each line under SMALL whose ratio is under LEAST."""
    out = []
    for i, op in enumerate(face.ops):
        if type(op) is not Text or op.size >= SMALL or not op.text.strip() or op.rotate or op.opacity < 1.0 \
                or type(op.colour) is tuple or op.blur:
            continue
        x = op.x + (op.size * 0.3 if op.align == "left" else -op.size * 0.3 if op.align == "right" else 0.0)
        under = ground(face.ops, i, x, op.y + op.size / 3)
        if under is None:
            continue
        r = ratio(over(op.colour, under), under)
        if r < LEAST:
            out.append((op, under, r))
    return out


def contrast_issues(deck, cards) -> list[Issue]:
    """The check as proof issues: one warning for each template, ink, ground and size, at its first card."""
    names = {v.lower(): k for k, v in deck.palette.items()}

    def named(c: str) -> str:
        return f"{names[c.lower()]} ({c})" if c.lower() in names else c

    found: dict = {}
    judged: dict = {}
    for cp in cards:
        for side in cp.sides:
            face = side.face
            if face is None:
                continue
            if id(face) not in judged:
                judged[id(face)] = low_contrast(face)
            for op, under, r in judged[id(face)]:
                key = (face.template, op.colour.lower(), under.lower(), round(op.size, 2))
                if key in found:
                    found[key][1].add(cp.card.id)
                else:
                    found[key] = ((cp, side, op, under, r), {cp.card.id})
    out = []
    for (cp, side, op, under, r), who in found.values():
        words = op.text.strip()
        words = words if len(words) <= 30 else words[:27] + "..."
        out.append(Issue(WARNING, "contrast",
                         f"text '{words}' at {op.size:g}pt in {named(op.colour)} on {named(under)}: contrast "
                         f"{int(r * 100) / 100:.2f}:1, under {LEAST:g}:1 for text under {SMALL:g}pt; darken the ink or lighten the "
                         "ground (or the reverse)", cp.card.name, cp.card.id, side.side,
                         where=str(cp.card.source), also=len(who) - 1))
    return out
