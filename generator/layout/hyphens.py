"""Where a word may break at a line's end besides its spaces: after a hard hyphen, a dash or a slash between
words ("north-|west", "and/|or"), at a zero-width space (drawn as nothing), at a soft hyphen the text writes
(drawn only where the line breaks there, as a hyphen), and else at the points pyphen's dictionary of the text's
language gives ("Donau-dampf-schiff-fahrt"), never leaving fewer than two letters before the hyphen or three
after it. The hyphen a break adds ends its line's word as a soft hyphen (U+00AD), which shaping.py draws as a
hyphen and the PDF reads back as a soft hyphen (the PDF standard's way of marking a hyphen hyphenation added), so
copied or searched text finds the whole word.

Not here: breaking lines (wrap.break_lines, which tries these before it shrinks the text), the language a text
is in (the deck's, or the build's for pnp's own words: its caller says).
"""
from __future__ import annotations

from functools import lru_cache

from ..files import cachefile
from ..files.cachefile import cache_dir
from . import patterns, shapecache

SHY, ZWSP = "\u00ad", "\u200b"
AFTER = "-\u2010\u2013\u2014/"      # a line may break after these, between two words
HYPHEN = SHY             # the hyphen a break adds: drawn as a hyphen, read back as a soft hyphen (shaping.py)
LEFT, RIGHT = 2, 3                  # the least letters before a hyphen, and after it
FORMAT = 2                          # of the cached patterns (_patterns): their lines (patterns.py)


def language(deck, wanted: bool = True) -> str:
    """The language a deck's words are hyphenated in (its own: a British deck's English is British), or "" where
    `wanted` is false (a region's `hyphenate: false`) or the deck's `game.hyphenate` is."""
    if not wanted or deck is None or not deck.game.hyphenate:
        return ""
    return own_language(deck)


def own_language(deck) -> str:
    """The language pnp's own words in a build of `deck` are hyphenated in: the build's."""
    lang = deck.language or "en"
    return "en_GB" if lang == "en" and deck.game.spelling == "british" else lang


def parts(word: str) -> list[str]:
    """`word` cut where a line may break without a hyphen added: after a hard hyphen, a dash or a slash with at
    least two letters on either side ("and/or", not "g/m²" nor "1-3"), and at a zero-width space (dropped)."""
    if word.isalnum():
        return [word]
    out = []
    for piece in word.split(ZWSP):
        start = 0
        for i, c in enumerate(piece):
            if c in AFTER and _letters(piece[start:i]) >= LEFT and _letters(piece[i + 1:]) >= LEFT \
                    and piece[i - 1:i].isalpha() and piece[i + 1:i + 2].isalpha():
                out.append(piece[start:i + 1])
                start = i + 1
        if piece[start:]:
            out.append(piece[start:])
    return out or [word.replace(ZWSP, "")]


def _letters(text: str) -> int:
    return sum(c.isalpha() for c in text)


@lru_cache(maxsize=32)
def _dictionary(language: str):
    """pyphen's hyphenation patterns for a language ("de", "en", "pt-BR"), or None where pyphen has none."""
    import pyphen  # lazy: +13 ms to import (benchmarks/imports.py)
    found = pyphen.language_fallback(language.replace("-", "_")) if language else None
    return _patterns(pyphen, pyphen.LANGUAGES[found]) if found else None


def _patterns(pyphen, path):
    """pyphen's HyphDict for the dictionary file `path`, its patterns parsed as words look them up
    (patterns.py: a deck's words need a few hundred of English's 14,000; pyphen parses them all, ~300 M
    instructions, a tenth of a first build), else parsed by pyphen. Its lines are kept in the cache folder under
    the file's name and size and pyphen's version (read back in ~2 ms)."""
    folder = cache_dir()
    size = path.stat().st_size
    file = None if folder is None else folder / "hyphens" / f"{path.stem}-{size}-{pyphen.__version__}.marshal"
    got = None if file is None else cachefile.read(file, "hyphenation patterns", FORMAT)
    if type(got) is dict and got and all(type(k) is str and type(v) is str for k, v in got.items()):
        return patterns.hyph_dict(pyphen, got)
    got = patterns.lines(path)
    if got is None:
        return pyphen.HyphDict(path)
    if file is not None:
        cachefile.write(file, "hyphenation patterns", FORMAT, got)
    return patterns.hyph_dict(pyphen, got)


def _points(body: str, language: str) -> tuple:
    """Where the dictionary of `language` hyphenates `body` (letters only): kept in the cache folder, so that a
    build after an edit loads no dictionary for the words it met before."""
    known = shapecache.hyphen_points(language)
    got = known.get(body)
    if type(got) is tuple:
        return got
    d = _dictionary(language)
    got = () if d is None else tuple(int(p) for p in d.positions(body) if LEFT <= p <= len(body) - RIGHT)
    known[body] = got
    shapecache.mark(known)
    return got


@lru_cache(maxsize=16384)
def splits(word: str, language: str) -> tuple:
    """((head with its hyphen, rest), ...) where `word` may be hyphenated, the longest head first: at its soft
    hyphens where it writes any (the rest keeping those after the cut), else, with a `language` ("" for none), at
    its dictionary's points; each head holding at least LEFT letters and each rest RIGHT."""
    if SHY in word:
        pieces = word.split(SHY)
        cuts = [("".join(pieces[:k]), SHY.join(pieces[k:])) for k in range(len(pieces) - 1, 0, -1)]
    else:
        if not language or len(word) < LEFT + RIGHT:
            return ()
        lead = len(word) - len(word.lstrip("\"'(„“‘«"))
        body = word[lead:].rstrip(".,;:!?\"')”’»")
        if not body.isalpha():
            return ()
        points = _points(body, language)
        cuts = [(word[:lead + p], word[lead + p:]) for p in sorted(points, reverse=True)]
    return tuple((head + HYPHEN, rest) for head, rest in cuts
                 if _letters(head) >= LEFT and _letters(rest) >= RIGHT and head[-1:].isalpha())
