"""pnp's own printed words, written for the game: a kind's name counted as the cards print it (plural), and one
spelling per game. pnp's words (the leaf's printing and cutting notes, the This edition box) follow the
game's, British or American. `game.spelling: american | british` says which; without it, the
deck's own printed words decide (its rules, setup and card texts: colour or color, grey or gray, ...), and
a deck that writes none of them keeps pnp's British.

pnp writes its sentences in British spelling; `spelled` turns the words of WORDS into American ones. Words
that both spellings share (-ize, which British print uses too) are left alone.
Not here: the sentences themselves (leaf.py, howto.py, grid.py, edition.py).
"""
from __future__ import annotations

import re
from functools import cache

from ..deck.model import Deck
from ..language import base, words

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


@cache
def _words(how: str) -> re.Pattern:
    """The words of WORDS in one spelling, as a pattern: made when first needed (1 ms at import)."""
    words = WORDS if how == BRITISH else set(WORDS.values())
    return re.compile(r"\b(" + "|".join(sorted(words, key=len, reverse=True)) + r")\b", re.IGNORECASE)


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


def spelled(text: str, how: str) -> str:
    """pnp's British words in `text` in the spelling `how` (a capital kept a capital)."""
    if how != AMERICAN:
        return text

    def one(m: re.Match) -> str:
        word = WORDS[m.group(0).lower()]
        if m.group(0).isupper():
            return word.upper()
        return word[0].upper() + word[1:] if m.group(0)[0].isupper() else word
    return _words(BRITISH).sub(one, text)


def _deck_words(deck: Deck) -> str:
    """The deck's own printed words: its rules, setup and instructions, and its cards' texts."""
    from .rules import rule_text  # lazy: +3 ms to import (benchmarks/imports.py)
    try:
        rules = rule_text(deck)[0]
    except Exception:           # a broken rules section is reported where the rule pages are made
        rules = ""
    g = deck.game
    texts = [rules, g.setup, g.instructions, g.subtitle]
    for card in deck.cards:
        kind = deck.kinds.get(card.kind)
        for name, value in card.fields.items():
            spec = kind.fields.get(name) if kind else None
            if isinstance(value, str) and (spec is None or spec.type in ("text", "markup")):
                texts.append(value)
    return "\n".join(t for t in texts if t)


def plural(deck: Deck, kind: str, n: int) -> str:
    """'1 check-up chart', '20 game trackers', '4 settlers (aces)', '2 Rule Cards': a kind's title, or its
    plural, as a common noun; a title that holds a name (a later word with a capital: "Rule Card", "Harbour
    Master marker", as the cards print it) keeps its capitals, so a name is printed one way throughout."""
    k = deck.kinds[kind]
    _ = words(deck.language)
    if _.english:
        # an s after a Latin letter only: an Arabic title, in a language pnp has no catalog for, takes none
        latin = k.title[-1:].isascii() and k.title[-1:].isalpha() and not k.title.endswith("s")
        name = k.title if n == 1 else (k.plural or (k.title + "s" if latin else k.title))
        return f"{n} {name if _proper(k.title) else name[:1].lower() + name[1:]}"
    # another language: its plural:LANG, or an s where the language makes plurals so (French, Spanish); a
    # common noun starts small where the language writes it so (not German's nouns)
    lang = base(deck.language)
    s_plural = lang in ("fr", "es", "pt", "it", "ca") and not k.title.endswith(("s", "x", "z"))
    name = k.title if n == 1 else (k.plural or (k.title + "s" if s_plural else k.title))
    small = lang not in ("de",) and not _proper(k.title)
    return _("{n} {things}", n=n, things=name[:1].lower() + name[1:] if small else name)


def _proper(title: str) -> bool:
    """A title that holds a name: a word after the first starting with a capital ("Rule Card", "Harbour Master
    marker"), kept as written, where lowering its first letter would write "harbour Master"; not "Rule card",
    "Joker" or "Settler (ace)", whose first letter is only the title's."""
    words = [w for w in re.findall(r"[^\W\d_][\w'-]*", title)]
    return len(words) >= 2 and any(w[0].isupper() for w in words[1:])
