"""Hyphenation and the breaks between words written without a space (layout/hyphens.py, wrap.break_lines): a
German compound hyphenated at its dictionary's point; soft hyphens drawn only where a line breaks at them; breaks
after a hard hyphen, a dash and a slash and at a zero-width space; hyphenation tried before the text shrinks;
`hyphenate: false` (a region's, the deck's) and the two- and three-letter limits."""
from __future__ import annotations

import pyphen
import pytest

from generator.layout import fonts, hyphens, shaping, wrap

COMPOUND = "Donaudampfschifffahrtsgesellschaft"


@pytest.fixture(scope="module")
def sans() -> str:
    fonts.ensure("sans", ("regular", "bold"))
    return "sans"


def lines_of(markup: str, width: float, size: float = 10.0, language: str = "") -> list[list[str]]:
    block = wrap.parse(markup)[0]
    ls = wrap.break_lines(block, "sans", width, size, hyphenate=language)
    return [[w for _, w, _, _ in line] for line in ls.lines]


def test_a_german_compound_is_hyphenated_at_a_dictionary_point(sans):
    width = shaping.width("Die Donaudampfschiff-", fonts.font_name("sans"), 10.0) + 0.5
    assert shaping.width("Donaudampfschiff\u00ad", fonts.font_name("sans"), 10.0) == pytest.approx(
        shaping.width("Donaudampfschiff-", fonts.font_name("sans"), 10.0))
    got = lines_of(f"Die {COMPOUND} fährt", width, language="de")
    first = got[0][-1]
    assert first.endswith(hyphens.SHY) and got[0][0] == "Die"     # a hyphen, drawn and read as a soft one
    head = first[:-1]
    words = [w for line in got for w in line]
    assert "".join(w.rstrip(hyphens.SHY) for w in words[1:-1]) == COMPOUND
    points = pyphen.Pyphen(lang="de").positions(COMPOUND)
    assert len(head) in points                   # where the German dictionary allows it
    assert head == "Donaudampfschiff"            # the longest head that fits the line
    # every line within the width, as drawn (the hyphen too)
    for line in wrap.wrap(f"Die {COMPOUND} fährt", "sans", width, 10.0, hyphenate="de").pieces:
        assert line.x + shaping.width(line.text, line.font, 10.0) <= width + 0.01


def test_hyphenation_comes_before_shrinking(sans):
    text = f"{COMPOUND} {COMPOUND}"
    width = shaping.width(COMPOUND, fonts.font_name("sans"), 11.0) * 0.6
    kept = wrap.fit(text, "sans", width, 500.0, 11.0, 5.0, hyphenate="de")
    shrunk = wrap.fit(text, "sans", width, 500.0, 11.0, 5.0)
    assert kept.size == 11.0
    assert shrunk.size < 7.0                     # without hyphenation, the long word sets the size
    assert any(p.text.endswith(hyphens.SHY) for p in kept.wrapped.pieces)


def test_soft_hyphens_are_invisible_unless_broken_at(sans):
    wide = wrap.wrap("Kar\u00adten\u00adstapel liegt", "sans", 500.0, 10.0).pieces
    assert [p.text for p in wide] == ["Kartenstapel liegt"]
    font = fonts.font_name("sans")
    narrow = shaping.width("Kartensta", font, 10.0)
    got = lines_of("Kar\u00adten\u00adstapel liegt", narrow)
    assert got[0] == ["Karten\u00ad"] and got[1][0] == "stapel"
    # a soft hyphen inside a line is never drawn: the shaped glyphs of a text that still holds one skip it; one
    # that ends a line is the hyphen's glyph
    assert len(shaping.glyphs("Kar\u00adten", font)) == 6
    hyphen = shaping.glyphs("-", font)[0]
    assert shaping.glyphs("Karten\u00ad", font)[-1].gid == hyphen.gid


def test_lines_break_after_hyphens_dashes_slashes_and_at_zero_width_spaces(sans):
    font = fonts.font_name("sans")
    for text, head, rest in (("north-west", "north-", "west"), ("yes\u2014no", "yes\u2014", "no"),
                             ("and/or", "and/", "or"), ("long\u200bword", "long", "word")):
        got = lines_of(f"{text}", shaping.width(head, font, 10.0) + 0.5)
        assert got[:2] == [[head], [rest]], text
        one = wrap.wrap(text, "sans", 500.0, 10.0).pieces
        assert [p.text for p in one] == [text.replace("\u200b", "")]       # on one line: as written
    # a unit or a number range is never parted
    assert hyphens.parts("g/m²") == ["g/m²"] and hyphens.parts("1-3") == ["1-3"]


def test_no_hyphen_after_fewer_than_two_letters_or_before_fewer_than_three():
    for word, language in (("incomprehensibilities", "en"), (COMPOUND, "de"), ("abandon", "en"),
                           ("Überraschung", "de"), ("a\u00adbout\u00adit", "en")):
        for head, rest in hyphens.splits(word, language):
            assert sum(c.isalpha() for c in head) >= 2 and sum(c.isalpha() for c in rest) >= 3, (head, rest)
    assert hyphens.splits("a\u00adbout\u00adit", "en") == ()
    assert hyphens.splits("incomprehensibilities", "") == ()            # no language: no dictionary


def test_hyphenate_false_in_a_region_and_in_the_deck(tmp_path):
    class Game:
        hyphenate, spelling, hyphenation = True, "", ()

    class Deck:
        game, language, source_language, folder = Game(), "de", "de", tmp_path

        def once(self, what, of, compute):
            return compute()
    assert hyphens.language(Deck()).language == "de"
    assert hyphens.language(Deck(), wanted=False) == ""
    Deck.game.hyphenate = False
    assert hyphens.language(Deck()) == ""
    assert hyphens.own_language(Deck()).language == "de"      # pnp's own words are hyphenated all the same


def test_a_label_held_to_its_number_is_never_hyphenated():
    """A no-break group ending in a number ("wersja 0.1", the Polish leaf's byline, hyphenated "wer-sja 0.1") is
    kept whole; a number before its noun still lets the noun hyphenate ("2 players": "play-ers")."""
    assert hyphens.splits("wersja\u00a00.1", "pl") == ()
    assert hyphens.splits("Kartenreihe\u00a03", "de") == ()
    assert hyphens.splits("wersja", "pl")                               # the word alone: its dictionary's points
    assert any(head.startswith("2\u00a0play") for head, _ in hyphens.splits("2\u00a0players", "en_GB"))
