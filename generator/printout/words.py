"""pnp's own printed words, written for the game: a kind's name counted as the cards print it (plural), and one
spelling per game. pnp's words (the leaf's printing and cutting notes, the This edition box) follow the
game's, British or American (deck/spelling.py: `game.spelling`, or the deck's own printed words).

pnp writes its sentences in British spelling; `spelled` turns the words of WORDS into American ones. Words
that both spellings share (-ize, which British print uses too) are left alone.
Not here: the sentences themselves (leaf.py, howto.py, grid.py, edition.py).
"""
from __future__ import annotations

import re
from functools import cache

from ..deck.model import Deck
from ..deck.spelling import AMERICAN, BRITISH, WORDS, spelling  # noqa: F401 (the game's spelling, given here too)
from ..language import base, isolate, words


@cache
def _words(how: str) -> re.Pattern:
    """The words of WORDS in one spelling, as a pattern: made when first needed (1 ms at import)."""
    words = WORDS if how == BRITISH else set(WORDS.values())
    return re.compile(r"\b(" + "|".join(sorted(words, key=len, reverse=True)) + r")\b", re.IGNORECASE)


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
        name = name if _proper(k.title) else name[:1].lower() + name[1:]
        return f"{n} {isolate(name, False)}"      # an Arabic or Hebrew title: isolated in pnp's English
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
