"""Where a proof's finding points: the file:line of a card's field (its own line, or the line of its inline
back's field), of a word in a value written over several lines, of a template's own text, of the rules.

The deck's files are read once a proof run (file_lines; checks.run_all clears it). Not here: the checks
(checks.py, wordchecks.py), or where a build's mistakes point (the loader's Map and Seq know their lines).
"""
from __future__ import annotations

import re
import os
from functools import lru_cache
from pathlib import Path

from ..deck.model import Card, Deck
from ..errors import PnpError
from ..layout.templates import get_template
from .collect import Side
from ..text.fields import PLACEHOLDER
from .spelling import words

def file_lines(file: str) -> tuple:
    """The lines of a file of the deck as it is now (read once for each size and time it has)."""
    try:
        st = os.stat(file)
    except OSError:
        return ()
    return _lines(file, st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=16)
def _lines(file: str, size: int, mtime: int) -> tuple:
    try:
        return tuple(Path(file).read_text(encoding="utf-8").splitlines())
    except OSError:
        return ()


def find_line(lines, pattern, start: int, end: int) -> int:
    """The first line from `start` to `end` (1-based, inclusive) matching `pattern`, or 0."""
    for n in range(max(start, 1), min(len(lines), end) + 1):
        if pattern.search(lines[n - 1]):
            return n
    return 0


def _key(name: str):
    return re.compile(r"^\s*(?:-\s+)?['\"]?" + re.escape(name) + r"['\"]?\s*:")


def card_end(deck: Deck, card: Card) -> int:
    """The last line a card's YAML can span: the line before the next card (or the file's end)."""
    nxt = [c.source.line for c in deck.cards[card.index + 1:] if c.source.line > card.source.line]
    return (min(nxt) - 1) if nxt else len(file_lines(card.source.file))


def field_line(deck: Deck, card: Card, side: Side, fieldname: str | None) -> int:
    """The line a field's value was written on: the card's own line for it, the line of its
    inline back's field, or the card's first line."""
    lines = file_lines(card.source.file)
    if fieldname and side.side == "back" and card.back is not None and fieldname in card.back.field_map:
        if card.back.name == "":        # an inline back: find `back:` then the field inside the card
            end = card_end(deck, card)
            back = find_line(lines, _key("back"), card.source.line, end)
            found = find_line(lines, _key(fieldname), back, end) if back else 0
            return found or back or card.source.line
        return card.source.line         # a named back: the card that shows it
    if fieldname and card.field_lines.get(fieldname):
        return card.field_lines[fieldname]
    return card.source.line


def word_line(file: str, start: int, value: str, word: str) -> int:
    """The line of `word` in a field value written from line `start` (block scalars span lines)."""
    lines = file_lines(file)
    span = value.count("\n") + 2
    pattern = re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)")
    return find_line(lines, pattern, start, start + span) or start


class Where:
    """file:line for a card's field, a template's own text, or a word in either."""

    def __init__(self, deck: Deck):
        self.deck = deck

    def of(self, card: Card, side: Side, region: str | None, fieldname: str | None, word: str | None = None) -> str:
        if fieldname is None and region is not None:
            src = self.region_source(side.template, region)
            if src:
                return src
        file = card.source.file
        line = field_line(self.deck, card, side, fieldname)
        if word and fieldname:
            line = word_line(file, line, str(side.values.get(fieldname, "")), word)
        return f"{file}:{line}" if line else file

    def literal(self, template: str, region: str) -> set:
        """The words (lower-case) a template's region writes itself, around its placeholders ("{value} VP")."""
        try:
            tpl = get_template(template, self.deck)
        except PnpError:
            return set()
        for r in tpl.regions:
            if r.id == region:
                return {w.lower() for w, _ in words(PLACEHOLDER.sub(" ", str(r.get("text", ""))))}
        return set()

    def region_source(self, template: str, region: str) -> str:
        try:
            tpl = get_template(template, self.deck)
        except PnpError:
            return ""
        for r in tpl.regions:
            if r.id == region:
                return r.source
        return ""


def rules_source(deck: Deck) -> tuple[str, int]:
    """(file, first line) of the deck's rule text: its own file, or deck.yaml's rules.text."""
    r = deck.rules
    name = str(deck.extra.get("rules_file") or r.get("file", "")) if "text" not in r else ""   # rules.LANG.md
    if name:
        return str(Path(deck.file).parent / name), 1
    return deck.file, r.where("text")[0] + 1
