"""Hyphenation patterns parsed as words look them up (layout/patterns.py): the same patterns and the same points
as pyphen's own HyphDict, for a dictionary read from its file and from the cache folder; a file pyphen must read
itself (German's: the same letters on two lines) is left to pyphen."""
from __future__ import annotations

import pyphen
import pytest

from generator.layout import hyphens, patterns

WORDS = ("hyphenation", "extraordinary", "characteristically", "Donaudampfschifffahrtsgesellschaft", "rules",
         "incomprehensibilities", "Regalis", "shipwright", "administration", "a", "")


@pytest.mark.parametrize("language", ["en_US", "en_GB", "nl_NL", "sv"])
def test_every_pattern_parsed_as_pyphen_parses_it(language):
    path = pyphen.LANGUAGES[language]
    held = patterns.lines(path)
    assert held is not None and len(held) > 1000
    lazy = patterns.Lines(held)
    mine = {key: lazy.get(key) for key in held}
    assert {k: v for k, v in mine.items() if v is not None} == pyphen.HyphDict(path).patterns
    assert lazy.get("no such letters") is None


@pytest.mark.parametrize("language", ["en_US", "en_GB"])
def test_the_same_points_as_pyphen_from_the_file_and_from_the_cache(language, tmp_path, monkeypatch):
    path = pyphen.LANGUAGES[language]
    theirs = pyphen.HyphDict(path)
    monkeypatch.setenv("PNP_CACHE", str(tmp_path))
    first = hyphens._patterns(pyphen, path)                # parsed lines, written to the cache folder
    assert isinstance(first.patterns, patterns.Lines)
    assert list((tmp_path / "hyphens").iterdir())
    again = hyphens._patterns(pyphen, path)                # read back
    assert isinstance(again.patterns, patterns.Lines) and again.patterns.held == first.patterns.held
    for word in WORDS:
        assert first.positions(word) == theirs.positions(word) == again.positions(word), word
    assert theirs.positions("hyphenation")                 # (a word that has points)
    looked_up = [key for key in first.patterns.parsed if key in first.patterns.held]
    assert 0 < len(looked_up) < len(first.patterns.held) / 20      # parsed only the lines the words looked up


def test_a_file_pyphen_must_read_itself_is_left_to_pyphen(monkeypatch):
    monkeypatch.setenv("PNP_CACHE", "off")
    path = pyphen.LANGUAGES["de_DE"]
    assert patterns.lines(path) is None
    got = hyphens._patterns(pyphen, path)
    assert type(got.patterns) is dict
    # the points pyphen's own parse of the file gives (Do-nau-dampf-schiff-fahrt, and the 0 and 20 its
    # minimums at the word's ends leave out), not the file parsed by pyphen a second time here (0.85 s)
    assert got.positions("Donaudampfschifffahrt") == [0, 2, 5, 10, 16, 20]
