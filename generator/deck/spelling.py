"""A game's spelling, British or American: `game.spelling: american | british`, or, without it, the one its own
printed words use more (its rules, setup and card texts: colour or color, grey or gray, ...), British on a tie and
for a deck that writes none of them. pnp's own words follow it (printout/words.py), and so does the dictionary
the deck's English is hyphenated by (layout/hyphens.py: en_US or en_GB).

Not here: turning pnp's words into the game's spelling (printout/words.spelled).
"""
from __future__ import annotations

import re

from ..files.textfile import read_text
from .model import Deck

AMERICAN, BRITISH = "american", "british"
WORDS = {                   # British -> American, as pnp prints them and as a deck's own text is read
    "colour": "color", "colours": "colors", "coloured": "colored", "colourful": "colorful",
    "grey": "gray", "greyscale": "grayscale",
    "neighbour": "neighbor", "neighbours": "neighbors", "neighbouring": "neighboring",
    "centre": "center", "centres": "centers", "centred": "centered",
    "labelled": "labeled", "labelling": "labeling",
    "favour": "favor", "favourable": "favorable",
    "honour": "honor", "behaviour": "behavior", "millimetre": "millimeter",
    "millimetres": "millimeters",
}


def spelling(deck: Deck) -> str:
    """The game's spelling: game.spelling, or the one its own printed words use more (British on a tie).
    Read from the words once a deck: the leaf asks for each of its lines, and a deck of 5,500 cards took
    0.4 s to read again and again."""
    if deck.game.spelling:
        return deck.game.spelling
    return deck.once("spelling", deck, lambda: _decide(deck))


def _decide(deck: Deck) -> str:
    # each of the deck's words (a run of word characters, as the spelling's \b...\b finds them), counted
    # once: the words of WORDS among them then say which spelling it uses (a pattern of them all, tried
    # at every character, cost a 550-card deck's first build 20 ms)
    counts: dict = {}
    for word in re.findall(r"\w+", _deck_words(deck).lower()):
        counts[word] = counts.get(word, 0) + 1
    british = sum(counts.get(w, 0) for w in WORDS)
    american = sum(counts.get(w, 0) for w in set(WORDS.values()))
    return AMERICAN if american > british else BRITISH


def _rules(deck: Deck) -> str:
    """The rules' text as the build prints it, or "" (a rules section that cannot be read is reported where
    the rule pages are made)."""
    r = deck.rules
    if not isinstance(r, dict):
        return ""
    if "text" in r:
        return str(deck.extra.get("rules_text", r["text"]))
    name = str(deck.extra.get("rules_file") or r.get("file", ""))
    path = (deck.folder / name).resolve()
    if not name or deck.folder.resolve() not in path.parents or not path.is_file():
        return ""
    try:
        return read_text(path)
    except Exception:           # unreadable: the rule pages say why
        return ""


def _deck_words(deck: Deck) -> str:
    """The deck's own printed words: its rules, setup and instructions, and its cards' texts."""
    g = deck.game
    texts = [_rules(deck), g.setup, g.instructions, g.subtitle]
    for card in deck.cards:
        kind = deck.kinds.get(card.kind)
        for name, value in card.fields.items():
            spec = kind.fields.get(name) if kind else None
            if isinstance(value, str) and (spec is None or spec.type in ("text", "markup")):
                texts.append(value)
    return "\n".join(t for t in texts if t)
