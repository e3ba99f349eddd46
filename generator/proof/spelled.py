"""What pnp build spells, and a proof of a deck that stops at its mistakes still spells: the cards' text and markup
fields as the deck gives them (no card laid out) and the rules, line by line, with the deck's dictionary and words
file (spelling.py); each unknown word a warning line at the first place it is written, naming the cards printing
it, at most MOST_SPELLED of them (the proof lists every one, with a spelling for each: wordchecks.py).

Not here: the dictionary and words.txt (spelling.py), the proof's own checks of the faces as laid out
(wordchecks.py).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import PnpError
from ..text.markup import plain
from .spelling import for_deck

MOST_SPELLED = 10           # words a build names one by one


# what prints as nothing inside a word (a soft hyphen, joining characters): spelled without them; a zero-width
# space is a place a line may break between two words, and parts them
_UNSEEN = dict.fromkeys(map(ord, "\u00ad\u200c\u200d\u2060\ufeff"))


def _unknown(by, text: str) -> list[str]:
    return by.unknown(text.translate(_UNSEEN))


def _values(deck, speller) -> list[tuple]:
    """(word, where it is written, field, card name, the speller that questions it) for each unknown word of the
    cards' text and markup fields, in print order."""
    out = []
    untranslated = deck.extra.get("untranslated", frozenset())
    for card in deck.cards:
        kind = deck.kinds.get(card.kind)
        for name, value in card.fields.items():
            spec = kind.fields.get(name) if kind is not None else None
            if spec is None or spec.type not in ("text", "markup") or not isinstance(value, str):
                continue
            by = speller.of((card.id, name) in untranslated)
            where = f"{card.source.file}:{card.field_lines.get(name) or card.source.line}"
            out += [(w, where, name, card.name, by) for w in _unknown(by, plain(value) if spec.type == "markup"
                                                                      else value)]
    return out


def _rules(deck, speller) -> list[tuple]:
    """The same of the rules, line by line (printed untranslated: spelled in the deck's source language)."""
    if not isinstance(deck.rules, dict):
        return []
    from ..printout.rules import rule_text  # lazy: +12 ms to import (benchmarks/imports.py)
    try:
        text = rule_text(deck)[0]
    except PnpError:
        return []                   # rules that cannot be read: said where they are read
    if not text:
        return []
    r = deck.rules
    name = str(deck.extra.get("rules_file") or r.get("file", "")) if "text" not in r else ""   # rules.LANG.md
    file, first = (str(Path(deck.file).parent / name), 1) if name else (deck.file, r.where("text")[0] + 1)
    translated = deck.language == deck.source_language or deck.extra.get("rules_file") or \
        deck.extra.get("rules_text")
    by = speller.of(not translated)
    return [(w, f"{file}:{first + n}", "rules", None, by)
            for n, line in enumerate(text.splitlines()) if line.strip() for w in _unknown(by, plain(line))]


def spelling_lines(deck) -> list[str]:
    """The warning lines (without 'pnp: warning: '): one for each word the dictionary and the words file lack, at
    the first place it is written, naming the cards that print it; at most MOST_SPELLED, then how many more."""
    speller = for_deck(deck)
    groups: dict = {}
    for word, where, field, card, by in _values(deck, speller) + _rules(deck, speller):
        groups.setdefault(word.lower(), []).append((word, where, field, card, by))
    out = []
    for items in groups.values():
        word, where, field, _, by = items[0]
        cards = list(dict.fromkeys(item[3] for item in items if item[3]))
        on = (f"on card '{cards[0]}'" + (f" and {len(cards) - 1} more" if len(cards) > 1 else "")) if cards else \
            "in the rules"
        out.append(f"{where}: {field}: '{word}' is in neither the dictionary nor {by.file} ({on}; a name or a "
                   f"word of the game's own goes in {by.file})")
    if len(out) > MOST_SPELLED:
        out = out[:MOST_SPELLED] + [f"{len(out) - MOST_SPELLED} more words neither the dictionary nor the words "
                                    "file holds (pnp proof lists them all, with a spelling for each)"]
    return out
