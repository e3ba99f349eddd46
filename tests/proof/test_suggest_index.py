"""The spelling suggestions' index (generator/proof/suggest_index.py): pnp's own compact form of symspellpy's
index gives the same deletes, in the same order, and so the same suggestions, as symspellpy's own; it is kept in
the cache folder and read back by a later process; a damaged file, or one made for other words, is made again.
symspellpy's private names live behind one adapter (generator/proof/symspell_adapter.py): each is checked here."""
from __future__ import annotations

import importlib
import random

import pytest
from symspellpy import SymSpell, Verbosity

from generator.files.cachefile import cache_dir
from generator.proof import spelling, suggest_index
from generator.proof.suggest_index import deletes_of
from generator.proof.symspell_adapter import INTERNALS, library_deletes

DISTANCE, PREFIX = spelling.SUGGEST_DISTANCE, spelling.PREFIX


@pytest.mark.parametrize("where,name,why", INTERNALS, ids=[f"{w}.{n}" for w, n, _ in INTERNALS])
def test_each_internal_is_still_there(where, name, why):
    module, _, cls = where.rpartition(".")
    owner = getattr(importlib.import_module(module), cls)
    assert hasattr(owner, name) or hasattr(owner(), name), \
        f"symspellpy no longer has {where}.{name} ({why}): mend generator/proof/symspell_adapter.py"


@pytest.fixture(scope="module")
def words() -> dict:
    """1,500 English and 800 French dictionary words (accents, apostrophes, words of one and two letters)."""
    english, french = spelling._english(), spelling._dictionary("fr")
    rnd = random.Random(54)
    words = rnd.sample(sorted(english), 1500) + rnd.sample(sorted(french), 800) + ["a", "ab", "x", "aaaaaa"]
    return {w: english.get(w, french.get(w, 1)) for w in words}


def _library(words: dict) -> SymSpell:
    index = SymSpell(max_dictionary_edit_distance=DISTANCE, prefix_length=PREFIX)
    for word, count in words.items():
        index.create_dictionary_entry(word, count)
    return index


def _typos(words, n: int, seed: int = 1) -> list[str]:
    rnd = random.Random(seed)
    out = []
    for word in rnd.sample(sorted(words), n):
        for _ in range(rnd.choice((1, 1, 2, 3))):
            i, kind = rnd.randrange(len(word) + 1), rnd.choice("dirt")
            if kind == "d":
                word = word[:i] + word[i + 1:]
            elif kind == "i":
                word = word[:i] + rnd.choice("aeinrstéè'") + word[i:]
            elif kind == "r":
                word = word[:i] + rnd.choice("aeinrstéè") + word[i + 1:]
            elif i + 1 < len(word):
                word = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        out.append(word)
    return out


def test_the_deletes_are_symspellpys_own():
    for word in ["", "a", "ab", "abc", "aab", "aaaaaa", "chevalier", "l'eau", "naïve", "oxenstierna", "zz"]:
        assert deletes_of(word[:PREFIX], DISTANCE) == library_deletes(word, DISTANCE, PREFIX), word


def test_the_index_holds_symspellpys_lists_and_gives_its_suggestions(words, monkeypatch):
    monkeypatch.setenv("PNP_CACHE", "off")
    library = _library(words)
    ours = suggest_index.index("sample", "t", words, DISTANCE, PREFIX)
    assert sorted(ours.deletes.keys) == sorted(library.deletes)
    assert all(ours.deletes[k] == v for k, v in library.deletes.items())     # the same words, in the same order
    assert "qqqqq" not in ours.deletes and len(ours.deletes) == len(library.deletes)
    asked = _typos(words, 200) + ["", "q", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"]
    for verbosity, typos in ((Verbosity.CLOSEST, asked), (Verbosity.ALL, asked[::4])):
        for typo in typos:
            got = [(s.term, s.distance, s.count) for s in ours.lookup(typo, verbosity, DISTANCE)]
            assert got == [(s.term, s.distance, s.count) for s in library.lookup(typo, verbosity, DISTANCE)], typo


def _suggestions(index, typos) -> list:
    return [[(s.term, s.distance, s.count) for s in index.lookup(t, Verbosity.CLOSEST, DISTANCE)] for t in typos]


def _file(name: str):
    return next((cache_dir() / "spelling").glob(f"{name}-*.index"))


def test_the_index_is_kept_in_the_cache_folder_and_a_damaged_one_made_again(words, monkeypatch):
    first = suggest_index.index("kept", "t", words, DISTANCE, PREFIX)
    file = _file("kept")
    made = []
    build = suggest_index.build
    monkeypatch.setattr(suggest_index, "build", lambda *a: made.append(1) or build(*a))
    again = suggest_index.index("kept", "t", words, DISTANCE, PREFIX)
    assert made == []                               # read back, not made
    typos = _typos(words, 60, seed=2)
    expect = _suggestions(first, typos)
    assert _suggestions(again, typos) == expect and any(expect)
    data = bytearray(file.read_bytes())
    data[len(data) // 2] ^= 0x20
    file.write_bytes(bytes(data))
    damaged = suggest_index.index("kept", "t", words, DISTANCE, PREFIX)
    assert made == [1] and _suggestions(damaged, typos) == expect
    assert suggest_index.index("kept", "t", words, DISTANCE, PREFIX) and made == [1]     # written whole again
    other = {("zzyzx" if n == 0 else w): c for n, (w, c) in enumerate(words.items())}    # as many, one other
    found = suggest_index.index("kept", "t", other, DISTANCE, PREFIX).lookup("zzyqx", Verbosity.CLOSEST, DISTANCE)
    assert [s.term for s in found] == ["zzyzx"] and made == [1, 1]
