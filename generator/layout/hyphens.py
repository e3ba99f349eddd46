"""Where a word may break at a line's end besides its spaces: after a hard hyphen, a dash or a slash between
words ("north-|west", "and/|or"), at a zero-width space (drawn as nothing), at a soft hyphen the text writes
(drawn only where the line breaks there, as a hyphen), and else at the points pyphen's dictionary of the text's
language gives ("Donau-dampf-schiff-fahrt"), never leaving fewer than two letters before the hyphen or three
after it. The hyphen a break adds ends its line's word as a soft hyphen (U+00AD), which shaping.py draws as a
hyphen and the PDF reads back as a soft hyphen (the PDF standard's way of marking a hyphen hyphenation added), so
copied or searched text finds the whole word.

Which dictionary: the language's, and for English the deck's spelling's (deck/spelling.py: en_US for American,
en_GB for British; pyphen's plain "en" is en_GB). A word is never hyphenated by the dictionary when it is written in
capitals ("GUARANTEED"), when the deck lists it as a name (words.txt, and words.LANG.txt in a translation: a
word written there with a capital, which a dictionary does not know), or when the seed misprints it (a correction's
seed words its printed words lack: the This edition box quotes them as written); the deck's own exceptions
(`game.hyphenation: {exceptions: [as-sas-sin-ation, Lehtinen]}`, as TeX's hyphenation exceptions) give a word's
points, or none for one written without a hyphen.

Not here: breaking lines (wrap.break_lines, which tries these before it shrinks the text), the language a text
is in (the deck's, or the build's for pnp's own words: its caller says).
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..deck.edition import corrections
from ..deck.spelling import BRITISH, spelling
from ..files import cachefile
from ..files.cachefile import cache_dir
from ..files.textfile import read_text
from ..records import Record
from . import patterns, shapecache

SHY, ZWSP = "\u00ad", "\u200b"
AFTER = "-\u2010\u2013\u2014/"      # a line may break after these, between two words
HYPHEN = SHY             # the hyphen a break adds: drawn as a hyphen, read back as a soft hyphen (shaping.py)
LEFT, RIGHT = 2, 3                  # the least letters before a hyphen, and after it
FORMAT = 2                          # of the cached patterns (_patterns): their lines (patterns.py)


class Hyphenation(Record):
    """How a text's words are hyphenated: its dictionary's language ("en_US", "de"), the words never hyphenated
    by it (lower case: the deck's words.txt, its exceptions written without a hyphen) and the deck's own
    exceptions ((lower-case word, (point, ...)), ...). Sorted tuples: a value the layout store keys by its repr."""
    language: str
    keep: tuple = ()
    exceptions: tuple = ()


def language(deck, wanted: bool = True):
    """How a deck's words are hyphenated (Hyphenation: its language's dictionary, an English deck's in its
    spelling), or "" where `wanted` is false (a region's `hyphenate: false`) or the deck's `game.hyphenate` is."""
    if not wanted or deck is None or not deck.game.hyphenate:
        return ""
    return own_language(deck)


def own_language(deck) -> Hyphenation:
    """How pnp's own words in a build of `deck` are hyphenated: in the build's language (English in the game's
    spelling), the deck's names and exceptions kept as the deck's own text keeps them. Worked out once a deck."""
    return deck.once("hyphenation", deck, lambda: _of(deck))


def dictionary(deck) -> str:
    """The dictionary a build of `deck` hyphenates by: the build's language, English in the game's spelling."""
    lang = deck.language or "en"
    if lang.replace("_", "-").lower() in ("en", "en-us", "en-gb"):
        return "en_GB" if spelling(deck) == BRITISH else "en_US"
    return lang


def _of(deck) -> Hyphenation:
    keep, exceptions = set(_listed(deck)) | _misprints(deck), {}
    for written in deck.game.hyphenation:
        word = written.replace("-", "").lower()
        if "-" in written:
            at, points = 0, []
            for piece in written.split("-")[:-1]:
                at += len(piece)
                points.append(at)
            exceptions[word] = tuple(points)
        else:
            keep.add(word)
    return Hyphenation(dictionary(deck), tuple(sorted(keep - set(exceptions))), tuple(sorted(exceptions.items())))


def _misprints(deck) -> set[str]:
    """The words the seed misprints, which the This edition box quotes as written (a correction's seed word its
    printed words lack, one of them spelt nearly as it is: "advantegeous", not a word dropped nor "player" made
    "players"), lower case."""
    try:
        found = corrections(deck)
    except Exception:           # a broken corrections list is reported where it is read
        return set()
    out = set()
    for c in found:
        printed = set(re.findall(r"[^\W\d_]+", c.printed.lower()))
        out |= {w for w in re.findall(r"[^\W\d_]+", c.seed.lower()) if w not in printed and any(
            _near(w, m) and not m.startswith(w) and not w.startswith(m) for m in printed)}
    return out


def _near(a: str, b: str) -> bool:
    """Whether two words of four letters or more are spelt within two edits of each other ("advantegeous",
    "advantageous")."""
    if min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 2:
        return False
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        last, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            last, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, last + (ca != cb))
    return row[-1] <= 2


def _listed(deck) -> list[str]:
    """The names the deck lists as its own (words.txt, and words.LANG.txt in a translation: its words written with
    a capital; a term in small letters is hyphenated as the dictionary says), lower case."""
    out = []
    names = ["words.txt"] + ([f"words.{deck.language}.txt"] if deck.language != deck.source_language else [])
    for name in names:
        path = deck.folder / name
        if path.is_file():
            try:
                text = read_text(path)
            except Exception:           # unreadable: the proof says why
                continue
            out += [w.lower() for line in text.splitlines() for w in line.split("#", 1)[0].split() if w[:1].isupper()]
    return out


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
def splits(word: str, hy) -> tuple:
    """((head with its hyphen, rest), ...) where `word` may be hyphenated, the longest head first: at its soft
    hyphens where it writes any (the rest keeping those after the cut), else, with a Hyphenation `hy` (or a
    language's code; "" for none), at its exception's points or its dictionary's, unless it is in capitals or the
    deck keeps it whole; each head holding at least LEFT letters and each rest RIGHT."""
    if SHY in word:
        pieces = word.split(SHY)
        cuts = [("".join(pieces[:k]), SHY.join(pieces[k:])) for k in range(len(pieces) - 1, 0, -1)]
    else:
        if not hy or len(word) < LEFT + RIGHT:
            return ()
        if type(hy) is str:                 # a language alone: its dictionary, no exceptions
            hy = Hyphenation(hy)
        cuts = [(word[:p], word[p:]) for p in sorted(_word_points(word, hy), reverse=True)]
    return tuple((head + HYPHEN, rest) for head, rest in cuts
                 if _letters(head) >= LEFT and _letters(rest) >= RIGHT and head[-1:].isalpha())


def _word_points(word: str, hy) -> list[int]:
    """Where a word may be hyphenated by the dictionary or the deck's exceptions, as offsets in it: in each of its
    parts held together by no-break spaces ("2\u00a0players": "play-ers"), its quotes and punctuation aside; none in
    a label held to the number that ends it ("wersja\u00a00.1", "Player\u00a03")."""
    out, at = [], 0
    parts = word.split("\u00a0")
    if len(parts) > 1 and parts[-1][:1].isdigit():
        return out                      # a label held to its number ("version\u00a00.1", "Player\u00a03"): whole
    for part in parts:
        lead = len(part) - len(part.lstrip("\"'(„“‘«"))
        body = part[lead:].rstrip(".,;:!?\"')”’»")
        if len(body) >= LEFT + RIGHT and body.isalpha() and not body.isupper():
            points = _own(body.lower(), hy)
            out += [at + lead + p for p in (_points(body, hy.language) if points is None else points)]
        at += len(part) + 1
    return out


def _own(word: str, hy) -> tuple | None:
    """The deck's own points for a lower-case word: its exception's, () for a word it keeps whole, else None."""
    if word in hy.keep:
        return ()
    for w, points in hy.exceptions:
        if w == word:
            return points
    return None
