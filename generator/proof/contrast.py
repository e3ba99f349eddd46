"""The proof's contrast check: each finding of layout/contrast.py (small text on a ground too close to its ink) as
a warning, once for each template, ink, ground and size, at the first card that prints it.
Not here: the check itself (layout/contrast.py), colours that tell cards apart (colours.py), the proof's other
checks (checks.py).
"""
from __future__ import annotations

from ..layout.contrast import findings, low_contrast, message, ratio  # noqa: F401 (the check's parts, given here too)
from .issues import WARNING, Issue


def contrast_issues(deck, cards) -> list[Issue]:
    """The check as proof issues: one warning for each template, ink, ground and size, at its first card."""
    names = {v.lower(): k for k, v in deck.palette.items()}

    def named(c: str) -> str:
        return f"{names[c.lower()]} ({c})" if c.lower() in names else c

    sides, where = [], {}
    for cp in cards:
        for side in cp.sides:
            sides.append((cp.card, side.face))
            where.setdefault((id(cp.card), id(side.face)), side)
    out = []
    for card, face, op, under, r, n in findings(sides):
        side = where[id(card), id(face)]
        out.append(Issue(WARNING, "contrast", message(op, under, r, named), card.name, card.id, side.side,
                         where=str(card.source), also=n - 1))
    return out
