"""Spelling: an English dictionary (pyspellchecker) plus the game's own word list (decks/GAME/words.txt); a deck
printed in one of its translations (deck/languages.py) is spelled with that language's dictionary (French,
German, Spanish, ...) and its words.LANG.txt (for_deck), and each text it prints untranslated (a card's field
the translation lacks, a template's own words, rules with no rules.LANG.md) with the source language's
dictionary and words.txt (Speller.source): an English word left in a French printout is not a French mistake.

Suggestions ("did you mean") come from a SymSpell index (symspellpy) of the language's dictionary, read from the
cache folder (or made, ~0.9 s, and kept there: proof/suggest_index.py) once a process, when the first unknown word
needs one: each lookup is then a fraction of a millisecond, where
pyspellchecker's own correction() tries every edit of the word against the whole dictionary (0.4 s a word in
French).

words.txt holds one accepted word a line (names like Oxenstierna, terms like PnP), matched without
regard to case; '#' starts a comment. A line of one word written twice ("had had") accepts that
repetition for the repeated-word check.

Words in other scripts (kana, Greek, Cyrillic) are not spelled, nor icons (:name:, markup.py). The dictionary is American English;
a British spelling is accepted when its American form is a word (colour/color, favour/favor,
centre/center, organise/organize, travelled/traveled), and an accented one when its letters
without accents are (naïve, café).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from ..language import base
import unicodedata
from ..text.markup import ICON
from ..files import cachefile
from ..files.cachefile import cache_dir
from ..files.textfile import read_text
from ..language.catalogs import own_words

WORDS_FILE = "words.txt"
MAX_BYTES = 1_000_000       # a word list larger than this is not a word list
# A word: letters, with apostrophes inside (King's, don't). Digits, hyphens and symbols split words.
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
ROMAN = re.compile(r"^(?=[MDCLXVI])M{0,3}(C[MD]|D?C{0,3})(X[CL]|L?X{0,3})(I[XV]|V?I{0,3})$")
BRITISH = ((r"our", "or"), (r"is(e|es|ed|ing|ation|ations|er|ers)$", r"iz\1"), (r"ys(e|es|ed|ing)$", r"yz\1"),
           (r"tre(s?)$", r"ter\1"), (r"ll(ed|ing|er|ers)$", r"l\1"), (r"ogue(s?)$", r"og\1"),
           (r"ence(s?)$", r"ense\1"), (r"grey", "gray"), (r"ae", "e"))


@lru_cache(maxsize=1)
def _english() -> dict:
    return _words("en")


@lru_cache(maxsize=8)
def _dictionary(lang: str) -> dict:
    """pyspellchecker's dictionary for a language (fr, de, es, pt, it, nl, ru, ...); English's for a language
    it has none for (Japanese: only its words in Latin letters are spelled, and names and terms are English)."""
    got = _words(lang)
    return _english() if got is None else got


DICTIONARY_FORMAT = 1       # bump when what is stored changes


def _tag(lang: str) -> str | None:
    """What names a language's dictionary in the cache folder: pyspellchecker's data file's size and version
    (None when it has no data file for the language)."""
    import spellchecker  # lazy: +4 ms to import (benchmarks/imports.py)
    data = Path(spellchecker.__file__).parent / "resources" / f"{lang.lower()}.json.gz"
    try:
        return f"{data.stat().st_size}-{spellchecker.__version__}"
    except OSError:
        return None                 # (not there: pyspellchecker says so)


def _words(lang: str) -> dict | None:
    """A language's dictionary as pyspellchecker loads it (lower-case word -> frequency), or None where it has
    none. pyspellchecker reads gzipped JSON (English: ~0.15-0.3 s of CPU); the dictionary is kept in the cache
    folder under the data file's size and pyspellchecker's version, as the fonts are (read back in ~30 ms)."""
    import spellchecker  # lazy: +4 ms to import (benchmarks/imports.py)
    tag = _tag(lang)
    folder = cache_dir()
    file = None if folder is None or tag is None else folder / "spelling" / f"{lang.lower()}-{tag}.marshal"
    got = None if file is None else cachefile.read(file, "dictionary", DICTIONARY_FORMAT)
    if type(got) is dict and all(type(k) is str and type(v) is int for k, v in got.items()):
        return got
    try:
        got = dict(spellchecker.SpellChecker(language=lang, distance=2).word_frequency.dictionary)
    except ValueError:              # no dictionary for the language
        return None
    if file is not None:
        cachefile.write(file, "dictionary", DICTIONARY_FORMAT, got)     # a failure only costs time
    return got


def unspelled(lang: str | None) -> bool:
    """A language pnp has no dictionary for that is written in Latin letters (Polish, Vietnamese, Czech ...): its
    words cannot be spelled, and are not spelled in English (every one would be 'unknown'). One in other letters
    (Japanese, Hebrew) keeps English for its words in Latin letters, which are names and terms."""
    if lang is None or base(lang) == "en" or _dictionary(base(lang)) is not _english():
        return False
    from babel.core import get_global  # lazy: +20 ms to import (benchmarks/imports.py)
    return "_Latn" in get_global("likely_subtags").get(base(lang), "_Latn")


SUGGEST_DISTANCE = 2        # edits a suggestion may be from the word (as pyspellchecker's distance=2)
PREFIX = 5                  # SymSpell's prefix length: 5 keeps the English index to 42,000 prefixes


@lru_cache(maxsize=4)
def _index(lang: str | None):
    """A SymSpell index of a language's dictionary (English's for None, or a language with none), with each
    word's frequency, for suggestions: once a process, when the first suggestion is asked for, read from the
    cache folder or made and kept there (proof/suggest_index.py)."""
    name = "en" if lang is None else lang.lower()
    d = _english() if lang is None else _dictionary(lang)
    from . import suggest_index  # lazy: +3 ms to import (benchmarks/imports.py); a build with no unknown word asks none
    return suggest_index.index(name, _tag(name) or "none", d, SUGGEST_DISTANCE, PREFIX)


def words_file(language: str | None, source: str = "en") -> str:
    """The words file of a language: words.txt for the deck's source language, words.LANG.txt for each
    translation."""
    return WORDS_FILE if not language or language == source else f"words.{language}.txt"


def for_deck(deck) -> "Speller":
    """The speller for a deck in the language it prints in: that language's dictionary and words file."""
    lang = getattr(deck, "language", None)
    name = words_file(lang, deck.source_language)
    if name == WORDS_FILE:
        return Speller(WordList.read(deck.folder, str(Path(deck.file).parent / name), name), None)
    src = deck.source_language
    source = Speller(WordList.read(deck.folder, str(Path(deck.file).parent / WORDS_FILE), WORDS_FILE),
                     None if base(src) == "en" else src)
    return Speller(WordList.read(deck.folder, str(Path(deck.file).parent / name), name), lang, source)


@dataclass
class WordList:
    """The game's accepted words, with the line each came from."""
    file: str = ""
    words: dict = field(default_factory=dict)       # lower-case word -> line
    repeats: set = field(default_factory=set)       # lower-case words whose repetition is accepted

    @classmethod
    def read(cls, folder: Path, display: str = "", name: str = WORDS_FILE) -> "WordList":
        path = Path(folder) / name
        wl = cls(display or str(path))
        if not path.is_file():
            return wl
        for n, raw in enumerate(read_text(path, wl.file, limit=MAX_BYTES).splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) == 2 and parts[0].lower() == parts[1].lower():
                wl.repeats.add(parts[0].lower())
                continue
            for word in parts:
                wl.words.setdefault(_norm(word), n)
        return wl


@lru_cache(maxsize=4096)
def latin(word: str) -> bool:
    """Only words in Latin script are spelled against the English dictionary (not kana, Greek, ...)."""
    return all(ch in "'’" or unicodedata.name(ch, "").startswith("LATIN") for ch in word)


def _unaccented(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))


def _norm(word: str) -> str:
    return word.replace("’", "'").lower()


def _no_icons(text: str) -> str:
    """`text` with each icon it writes (:name:) blanked out, every other character where it was: an icon is
    a picture, not a word to spell."""
    if ":" not in text:
        return text
    return ICON.sub(lambda m: " " * len(m.group()), text)


def words(text: str):
    """(word, start offset) for every word of a text; icons (:name:) are none."""
    for m in WORD.finditer(_no_icons(text)):
        yield m.group(0), m.start()


# Units and printing terms pnp's own wording uses on the print leaf (cutting widths, card stock): not in the
# English dictionary, and not the designer's to list in words.txt.
PRINTING_TERMS = frozenset({"mm", "cm", "pt", "px", "dpi", "lb", "gsm", "a4"})


ELIDED = re.compile(r"^(?:[ldjmnstc]|qu|jusqu|lorsqu|puisqu|quoiqu)['’](?=[^\W\d_])", re.I)  # French: l'eau


class Speller:
    def __init__(self, wordlist: WordList | None = None, language: str | None = None,
                 source: "Speller | None" = None):
        self.wordlist = wordlist or WordList()
        self.language = language    # None: English, the dictionary of old (British spellings accepted)
        self.source = source        # a translation's: the source language's speller, for texts printed untranslated
        self.english = _english() if language is None else _dictionary(base(language))
        self.unchecked = unspelled(language)    # a Latin-script language with no dictionary: nothing is spelled
        self.elides = language is not None and base(language) in ("fr", "it", "ca")
        self.plurals = language is not None and base(language) in ("es", "pt")     # their dictionaries lack them
        self.own = own_words(language) if language is not None else frozenset()     # pnp's own words
        self.used: set = set()       # words.txt entries that accepted something
        self.asked: dict = {}        # text -> its unknown words (unknown()): a text on many faces is spelled once

    @property
    def file(self) -> str:
        """The words file's name: words.txt, or a translation's words.LANG.txt."""
        return Path(self.wordlist.file).name if self.wordlist.file else WORDS_FILE

    def known(self, word: str) -> bool:
        w = _norm(word)
        if self.unchecked or len(w) <= 1 or (word.isupper() and ROMAN.match(word)) or not latin(word) \
                or w in PRINTING_TERMS:
            return True
        for candidate in (w, w[:-2] if w.endswith("'s") else None, w[:-1] if w.endswith("s'") else None):
            if not candidate:
                continue
            if candidate in self.wordlist.words:
                self.used.add(candidate)
                return True
            if self._english(candidate):
                return True
        return False

    def listed(self, word: str) -> str | None:
        """The words.txt entry that accepts `word`, when the dictionary alone would not; else None."""
        w = _norm(word)
        if len(w) <= 1 or not latin(word):
            return None
        for candidate in (w, w[:-2] if w.endswith("'s") else None, w[:-1] if w.endswith("s'") else None):
            if candidate and candidate in self.wordlist.words and not self._english(candidate):
                return candidate
        return None

    def _english(self, w: str) -> bool:
        d = self.english
        if w in d:
            return True
        if self.language is not None:       # another language: its own words, as written (accents count)
            if w in self.own:
                return True
            bare = ELIDED.sub("", w) if self.elides else w
            if bare != w and (bare in d or bare in self.wordlist.words):
                return True
            return self.plurals and ((w.endswith("s") and w[:-1] in d) or (w.endswith("es") and w[:-2] in d))
        bare = _unaccented(w)
        if bare != w and bare in d:        # naïve, café, rôle
            return True
        for pattern, repl in BRITISH:
            us = re.sub(pattern, repl, w)
            if us != w and us in d:
                return True
        return False

    def unknown(self, text: str) -> list[str]:
        """Unknown words of a text, in order, each once (a text asked again is answered from `asked`: its words
        were found in `used` the first time)."""
        hit = self.asked.get(text)
        if hit is None:
            hit = []
            for word, _ in words(text):
                if word not in hit and not self.known(word):
                    hit.append(word)
            self.asked[text] = hit = tuple(hit)
        return list(hit)

    def of(self, untranslated: bool) -> "Speller":
        """The speller for a text: the source language's for one printed untranslated, else this one."""
        return self.source if untranslated and self.source is not None else self

    def suggest(self, word: str) -> str | None:
        """The likeliest dictionary word within two edits of `word` (the most frequent of the nearest), or None."""
        w = _norm(word)
        if len(w) > 20:
            return None
        from symspellpy import Verbosity  # lazy: +9 ms to import (benchmarks/imports.py)
        lang = None if self.language is None else base(self.language)
        if lang is not None and self.english is _english():
            lang = None                 # (a language with no dictionary of its own is spelled in English)
        found = _index(lang).lookup(w, Verbosity.CLOSEST, max_edit_distance=SUGGEST_DISTANCE)
        best = max(found, key=lambda s: (-s.distance, s.count, s.term)).term if found else None
        if not best or best == w:
            return None
        if word.isupper():
            return best.upper()
        if word[:1].isupper():
            return best[:1].upper() + best[1:]
        return best


REPEAT = re.compile(r"\b([^\W\d_]+)[ \t\u00a0]+\1\b", re.I)


def repeated(text: str, accepted=frozenset()) -> list[tuple[str, int]]:
    """Words written twice in a row ("the the"): (the pair as written, offset)."""
    out = []
    for m in REPEAT.finditer(_no_icons(text)):
        if m.group(1).lower() in accepted:
            continue
        out.append((m.group(0), m.start()))
    return out
