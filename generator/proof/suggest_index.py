"""The index spelling suggestions are looked up in: symspellpy's, made by pnp and kept in the cache folder.

SymSpell finds the words within two edits of a typo through its deletes: every string a dictionary word's first
five letters (its prefix) give with up to two letters deleted, each mapped to the words it comes from. symspellpy
builds that map word by word (~2 s for English's 160,000 words, ~1.5 s for French) and keeps it as a dict of
118,000 lists holding 2.4 million words (16 MB marshalled, ~0.45 s to read back). Words sharing a prefix share
their deletes, so pnp keeps each prefix's deletes once: the words grouped by prefix (English: 42,000 prefixes)
and each delete's prefixes, as flat arrays of numbers and the sorted list of deletes (4.4 MB, read back in
~0.06 s of CPU); a delete's words are listed when lookup() asks for them, in the dictionary's order, as
symspellpy's own lists hold them (the same words, the same order: the same suggestions). Made cold in ~0.9 s
(English).

The file (files/cachefile.py: a header, a format, a checksum, written atomically) is named for the dictionary
it indexes (the language, pyspellchecker's data file's size and version, as the dictionary's own cache file is),
and carries a checksum of the dictionary's words in their order: an index of other words is made again.
"""
from __future__ import annotations

import sys
from array import array
from bisect import bisect_left
from functools import lru_cache
from itertools import chain, combinations
from operator import itemgetter
from zlib import crc32

from ..files import cachefile
from ..files.cachefile import cache_dir
from .symspell_adapter import symspell

INDEX_FORMAT = 1            # bump when what is stored changes


@lru_cache(maxsize=64)
def _pickers(letters: int, distance: int) -> tuple:
    """For a word of so many letters, a function for each way of deleting 1 to `distance` of them, giving the
    letters it keeps (itemgetter: about twice as fast as slicing each delete out)."""
    out = []
    for k in range(1, min(distance, letters) + 1):
        for drop in combinations(range(letters), k):
            keep = [i for i in range(letters) if i not in drop]
            out.append(itemgetter(*keep) if keep else (lambda word: ""))
    return tuple(out)


def deletes_of(prefix: str, distance: int) -> set[str]:
    """`prefix` and every string it gives with 1 to `distance` letters deleted (symspellpy's _edits_prefix of a word
    whose first letters these are)."""
    out = {prefix}
    for pick in _pickers(len(prefix), distance):
        out.add("".join(pick(prefix)))
    return out


class Deletes:
    """symspellpy's delete -> words map, answered from the compact index: `in`, [] and len() as lookup() asks."""
    __slots__ = ("words", "keys", "prefixes", "starts", "order", "bounds")

    def __init__(self, words: list, keys: list, prefixes: array, starts: array, order: array, bounds: array):
        self.words = words          # the dictionary's words, in its order
        self.keys = keys            # every delete, sorted (its number: its place)
        self.prefixes = prefixes    # every delete's prefix numbers, one delete after another ...
        self.starts = starts        # ... delete k's at prefixes[starts[k]:starts[k + 1]]
        self.order = order          # word numbers grouped by prefix, each group in the dictionary's order ...
        self.bounds = bounds        # ... prefix p's at order[bounds[p]:bounds[p + 1]]

    def _number(self, key) -> int:
        """The delete's number, or -1."""
        keys = self.keys
        k = bisect_left(keys, key)
        return k if k < len(keys) and keys[k] == key else -1

    def __contains__(self, key) -> bool:
        return self._number(key) >= 0

    def __len__(self) -> int:
        return len(self.keys)

    def __getitem__(self, key) -> list[str]:
        k = self._number(key)
        if k < 0:
            raise KeyError(key)
        order, bounds, words = self.order, self.bounds, self.words
        ps = self.prefixes[self.starts[k]:self.starts[k + 1]]
        if len(ps) == 1:
            numbers = order[bounds[ps[0]]:bounds[ps[0] + 1]]
        else:
            numbers = sorted(chain.from_iterable(order[bounds[p]:bounds[p + 1]] for p in ps))
        return [words[n] for n in numbers]


def _digest(words: list) -> int:
    return crc32("\n".join(words).encode("utf-8"))


def build(words: list, distance: int, prefix: int) -> tuple:
    """The compact index of `words` (in the dictionary's order): the value its cache file holds."""
    number, groups = {}, []
    for n, word in enumerate(words):
        p = word[:prefix]
        g = number.get(p)
        if g is None:
            number[p] = len(groups)
            groups.append([n])
        else:
            groups[g].append(n)
    of: dict = {}
    for p, head in enumerate(number):
        for d in deletes_of(head, distance):
            got = of.get(d)
            if got is None:
                of[d] = [p]
            else:
                got.append(p)
    bounds, at = array("I", [0]), 0
    for g in groups:
        at += len(g)
        bounds.append(at)
    keys = sorted(of)
    starts, at = array("I", [0]), 0
    for key in keys:
        at += len(of[key])
        starts.append(at)
    return (_digest(words), max(map(len, words), default=0), keys,
            array("I", chain.from_iterable(of[key] for key in keys)).tobytes(), starts.tobytes(),
            array("I", chain.from_iterable(groups)).tobytes(), bounds.tobytes())


def _deletes(words: list, value) -> tuple[Deletes, int] | None:
    """The Deletes a cache file's value holds, and the longest word's length; None when it is not an index of
    `words` of this shape."""
    try:
        digest, longest, keys, prefixes, starts, order, bounds = value
        arrays = []
        for data in (prefixes, starts, order, bounds):
            a = array("I")
            a.frombytes(data)
            arrays.append(a)
    except (TypeError, ValueError):
        return None
    prefixes, starts, order, bounds = arrays
    if type(keys) is not list or set(map(type, keys)) != {str} or type(longest) is not int \
            or digest != _digest(words) or len(starts) != len(keys) + 1 or len(order) != len(words) \
            or not starts or starts[-1] != len(prefixes) or not bounds or bounds[-1] != len(order) \
            or (prefixes and max(prefixes) >= len(bounds) - 1):
        return None
    return Deletes(words, keys, prefixes, starts, order, bounds), longest


def index(name: str, tag: str, dictionary: dict, distance: int, prefix: int):
    """A SymSpell over `dictionary` (word -> frequency) for suggestions: read from the cache folder's
    spelling/NAME-TAG index, or made (and kept there)."""
    words = list(dictionary)
    folder = cache_dir()
    file = None if folder is None else \
        folder / "spelling" / f"{name}-{tag}-{distance}-{prefix}-{sys.byteorder}.index"
    value = None if file is None else cachefile.read(file, "suggest index", INDEX_FORMAT)
    got = None if value is None else _deletes(words, value)
    if got is None:
        value = build(words, distance, prefix)
        got = _deletes(words, value)
        if file is not None:
            cachefile.write(file, "suggest index", INDEX_FORMAT, value)    # a failure only costs time
    deletes, longest = got
    return symspell(dictionary, deletes, longest, distance, prefix)
