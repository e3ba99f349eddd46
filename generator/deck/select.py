"""Some of a deck's cards, for a quick proof print: `pnp build GAME --only "Wood 3" --only 5-12`.

Each choice is a card's name or id (any case), a card's number as the proof shows it (#7), or a range of
numbers (5-12), wholly inside the deck: a number or range reaching past its first or last card is refused
whole, naming the numbers it has. A name or id is tried first, so a card named "5-12" is still found by its name.
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
    numbers = {c.index + 1 for c in deck.cards}         # 1 to last, but for a part left out and parked cards
    last = max(numbers, default=0)
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
            where = f"{deck.file} numbers its cards 1 to {last} (as pnp proof shows them)"
            if b < 1 or a > last:
                raise PnpError(f"--only {text}: no card has that number; {where}")
            if a < 1 or b > last:           # a range partly past the deck: refused whole, as one wholly past it is
                past = (["0"] if a < 1 else []) + ([f"{last + 1}-{b}" if b > last + 1 else str(b)] if b > last else [])
                raise PnpError(f"--only {text}: no card has the number{'s' if len(past) > 1 or '-' in past[-1] else ''} "
                               f"{' or '.join(past)}; {where}")
            gone = [n for n in range(a, b + 1) if n not in numbers]      # (at most the deck's cards)
            parked = {c.index + 1: c.name for c in deck.extra.get("parked", ())}
            if gone and all(n in parked for n in gone) and a == b:     # copies: 0: in the deck, not printed
                raise PnpError(f"--only {text}: {', '.join(repr(parked[n]) for n in gone)} (number "
                               f"{_spans(gone)}) {'is' if len(gone) == 1 else 'are'} parked (copies: 0): not printed")
            gone = [n for n in gone if n not in parked]      # (a range over a parked card: the others)
            if gone:                        # cards of a part left out (--without): not in this build
                raise PnpError(f"--only {text}: no card has the number{'s' if len(gone) > 1 else ''} {_spans(gone)} "
                               f"in this build: {deck.file} numbers its cards 1 to {last}, and part "
                               f"{', '.join(repr(p) for p in deck.left_out)} is left out (--without)")
            picked.update(range(a - 1, b))
            continue
        names = [c.name for c in deck.cards]
        several = "," in text and all(_RANGE.match(t) or t.strip().casefold() in by_name for t in text.split(","))
        raise PnpError(f"--only {text!r}: no card of that name or id in {deck.file}",
                       hint="give each choice an --only of its own: " + " ".join(
                           f"--only {t.strip()}" for t in text.split(",")) if several else
                       suggest(text, names) or "a card's name or id, its number (7), or a range (5-12)")
    return [c for c in deck.cards if c.index in picked]


def _spans(numbers: list) -> str:
    """[7, 8, 9, 12] -> '7-9, 12'."""
    out, start = [], None
    for i, n in enumerate(numbers):
        start = n if start is None else start
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            out.append(str(n) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out)


def only(deck: Deck, choices) -> Deck:
    """The deck with only the chosen cards, and no rule pages (nor their This edition box): a proof print of a
    few cards."""
    return deck._replace(cards=chosen(deck, choices), rules=None, extra={**deck.extra, "partial": "a partial build"})
