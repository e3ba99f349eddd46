"""Some of a deck's cards, for a quick proof print: `pnp build GAME --only "Wood 3" --only 5-12`.

Each choice is a card's name or id (any case), a card's number as the proof shows it (#7), or a range of
numbers (5-12). A name or id is tried first, so a card named "5-12" is still found by its name.
Not here: building them (pipeline.py), leaving optional parts out (model.Deck.without).
"""
from __future__ import annotations

import re

from ..errors import PnpError, suggest
from .model import Deck

_RANGE = re.compile(r"^\s*#?(\d+)\s*(?:[-–]\s*#?(\d+))?\s*$")


def chosen(deck: Deck, choices) -> list:
    """The deck's cards that any of `choices` names, in print order; a choice that names none is an error."""
    by_name: dict = {}
    for c in deck.cards:
        by_name.setdefault(c.name.casefold(), []).append(c)
        by_name.setdefault(c.id.casefold(), []).append(c)
    numbers = {c.index + 1 for c in deck.cards}
    last = max((c.index + 1 for c in deck.cards), default=0)
    picked: set = set()
    for choice in choices:
        text = str(choice).strip()
        named = by_name.get(text.casefold())
        if named:
            picked.update(c.index for c in named)
            continue
        m = _RANGE.match(text)
        if m:
            a = int(m.group(1))
            b = int(m.group(2)) if m.group(2) else a
            if a > b:
                raise PnpError(f"--only {text}: the range runs backwards; write {b}-{a}")
            hit = [n for n in range(a, b + 1) if n in numbers]
            if not hit:
                raise PnpError(f"--only {text}: no card has that number; {deck.file} numbers its cards 1 to "
                               f"{last} (as pnp proof shows them)")
            picked.update(n - 1 for n in hit)
            continue
        names = [c.name for c in deck.cards]
        raise PnpError(f"--only {text!r}: no card of that name or id in {deck.file}",
                       hint=suggest(text, names) or "a card's name or id, its number (7), or a range (5-12)")
    return [c for c in deck.cards if c.index in picked]


def only(deck: Deck, choices) -> Deck:
    """The deck with only the chosen cards, and no rule pages (nor their This edition box): a proof print of a
    few cards."""
    return deck._replace(cards=chosen(deck, choices), rules=None, extra={**deck.extra, "partial": "a partial build"})
