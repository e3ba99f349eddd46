"""A hyphenation dictionary's patterns, each parsed when a word first needs it.

pyphen's HyphDict parses every pattern of its dictionary file as it is made (English: ~14,000 lines, ~300 M
instructions, a tenth of a first build's), though a deck hyphenates a few dozen words, which look up a few hundred
patterns. `Lines` holds each pattern's line under its letters (the line without its digits, found for the whole
file in one pass) and parses a line, as pyphen does, when its letters are looked up: HyphDict.positions reads
`patterns.get(letters)` and nothing else, so a HyphDict holding `Lines` hyphenates every word as pyphen's own.
A file with a line pyphen reads otherwise (a nonstandard hyphenation "/...=", a "^^hh" character) or the same
letters on two lines is left to pyphen (`lines` gives None).
Not here: which words are hyphenated where (hyphens.py, which keeps the lines in the cache folder).
"""
from __future__ import annotations

import re

_DIGITS = re.compile(r"\d")                  # pyphen's parse: (\d?)(\D?): the letters are what is not \d
_PARSE = re.compile(r"(\d?)(\D?)").findall   # pyphen's own
_IGNORED = ("%", "#", "LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN", "COMPOUNDRIGHTHYPHENMIN")


def lines(path) -> dict | None:
    """{letters: the pattern's line} of the hyph_*.dic file `path`, read as pyphen reads it; None where pyphen
    must parse the file itself."""
    with path.open("rb") as fd:
        encoding = fd.readline().decode()
    if encoding.lower() == "microsoft-cp1251":
        encoding = "cp1251"
    text = path.read_text(encoding)
    if "^^" in text:
        return None
    raw = [line.strip() for line in text.split("\n")[1:]]
    letters = _DIGITS.sub("", "\n".join(raw)).split("\n")
    out: dict = {}
    for key, line in zip(letters, raw):
        if not line or line.startswith(_IGNORED):
            continue
        if ("/" in line and "=" in line) or key in out:
            return None
        out[key] = line
    return out


class Lines:
    """HyphDict's `patterns` for `lines()`: get(letters) -> (start, values) as pyphen stores it, or None."""

    def __init__(self, held: dict):
        self.held = held
        self.parsed: dict = {}

    def get(self, key, default=None):
        got = self.parsed.get(key, self)
        if got is self:
            got = self.parsed[key] = _parse(self.held.get(key))
        return default if got is None else got


def _parse(line: str | None):
    """pyphen's HyphDict.__init__ for one line (no "^^", no "/"): (start, values) or None for all zeros."""
    if line is None:
        return None
    values = tuple(int(i or "0") for i, _ in _PARSE(line))
    if max(values) == 0:
        return None
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, values[start:end]


def hyph_dict(pyphen, held: dict):
    """A pyphen HyphDict whose patterns are `held`'s lines (lines()), parsed as they are looked up."""
    hd = pyphen.HyphDict.__new__(pyphen.HyphDict)
    hd.patterns, hd.cache, hd.maxlen = Lines(held), {}, max(map(len, held), default=0)
    return hd
