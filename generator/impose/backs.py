"""Which backs carry information: printing fronts only (--duplex none) would lose them.

A deck's plain back is the text most of its backs show (the game's name and ornaments). A back that
shows other text (a rule summary, a court group, a marker's reverse side) carries information, and
`--duplex none` refuses to drop it unless asked to (--drop-backs); `--duplex fold` prints it instead.

Not here: whether a build prints its backs (spec.py: Duplex.fronts_only; pipeline.py asks before laying
anything else out).
"""
from __future__ import annotations

from collections import Counter

from ..errors import PnpError


def back_text(face) -> tuple:
    return tuple(t[2] for t in face.texts) if face is not None else ()


def informative_backs(laid: list) -> list[tuple]:
    """(card, back text) for each card whose back says something the deck's plain back does not."""
    texts = [back_text(item.back) for item in laid if item.back is not None]
    if not texts:
        return []
    plain = Counter(texts).most_common(1)[0][0]
    return [(item.card, " ".join(back_text(item.back))) for item in laid
            if item.back is not None and back_text(item.back) != plain and any(back_text(item.back))]


def refuse_lost_backs(deck, laid: list) -> None:
    found = informative_backs(laid)
    if not found:
        return
    groups: dict = {}                   # back text -> cards showing it, in print order
    for card, text in found:
        groups.setdefault(text, []).append(card)
    shown = [f"{cards[0].name}{f' (and {len(cards) - 1} more)' if len(cards) > 1 else ''}: '{_short(text)}'"
             for text, cards in list(groups.items())[:8]]
    more = f"; and {len(groups) - 8} more backs" if len(groups) > 8 else ""
    raise PnpError(f"--duplex none prints fronts only, but these cards' backs carry text: {'; '.join(shown)}{more}",
                   deck.file, hint="print them with --duplex fold (gutter-fold: a single-sided printer makes "
                                   "two-sided cards), or add --drop-backs to print the fronts alone")


def _short(text: str, limit: int = 30) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
