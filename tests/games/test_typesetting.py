"""The shipped games' type read back from their PDFs (issue 55): in each game's rule pages at most 2% of the
inner lines (a paragraph's lines with another below them in the column) end more than 10 mm short of their column
(layout/paragraph.py breaks each paragraph as a whole); every line end a hyphenation made, on every page, falls at
a point the dictionary of the game's spelling allows (en_US for American, en_GB for British) or the deck's own
exceptions give; no small text of theirs is under 4.5:1 against its ground; and the leaf is set at the rule pages'
size."""
from __future__ import annotations

import re

import pyphen
import pytest

from printedrules import rule_pages
from rag import MM, holes, hyphenated, rule_lines

from generator.layout.contrast import low_contrast
from generator.layout.hyphens import language
from generator.pipeline import load
from generator.printout.edition import markup as box
from generator.printout.rules import rule_text

GAMES = ("vasa-regalis", "royal-lines", "aqua-regia", "christina-regina", "a-royal-will")


@pytest.fixture(scope="module")
def decks():
    return {game: load(game, quiet=True) for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_few_inner_lines_end_more_than_10mm_short(built, decks, game):
    """At most 2% of each game's inner rule-page lines end more than 10 mm short of their column (the This
    edition box's lines of its narrower measure), a line the rules break themselves not counted."""
    pdf = built(game)
    deck = decks[game]
    lines = rule_lines(pdf, rule_pages(pdf), rule_text(deck)[0] + "\n" + box(deck))
    inner = [ln for ln in lines if ln.inner]
    found = holes(lines)
    assert len(inner) > 100
    assert len(found) <= 0.02 * len(inner), [f"page {ln.page + 1}: {ln.short / MM:.1f} mm short: {ln.text}"
                                             for ln in found]


@pytest.mark.parametrize("game", GAMES)
def test_every_hyphen_falls_where_the_games_spelling_allows(built, decks, game):
    """Every word a line end hyphenated, anywhere in the PDF (cards, leaf, rule pages), cut at one of its points
    in the dictionary of the deck's spelling (pyphen's en_US or en_GB), or of its own exceptions."""
    hy = language(decks[game])
    assert hy.language == ("en_GB" if game == "royal-lines" else "en_US")
    dictionary = pyphen.Pyphen(lang=hy.language)
    own = dict(hy.exceptions)
    found = hyphenated(built(game))
    assert found, "no word is hyphenated at all"
    for word, cut, where in found:
        # the part of the word the cut is in: after a hard hyphen, a dash or a slash ("non-col-ored"), its quotes
        # and punctuation aside
        start = max(word.rfind(c, 0, cut) for c in "-–—/") + 1
        lead = start + len(word[start:]) - len(word[start:].lstrip("“‘(\"'„«"))
        core = re.split(r"[-–—/]", word[lead:])[0].rstrip(".,;:!?”’)\"'»")
        points = own.get(core.lower()) or dictionary.positions(core)
        assert core.isalpha() and not core.isupper() and cut - lead in points, \
            f"{where}: '{word[:cut]}-{word[cut:]}' is not cut where the {hy.language} dictionary allows"


@pytest.mark.parametrize("game", GAMES)
def test_no_small_text_under_4_5_to_1(built, decks, game):
    """pnp's own contrast check over every face of the game as its build lays them out (read back from the
    layout store the shared build filled): nothing under 9pt below 4.5:1 (the proof's contrast findings are
    these)."""
    from generator.impose.spec import sheet_spec
    from generator.pipeline import lay_out
    built(game)
    deck = decks[game]
    found = []
    for laid in lay_out(deck, sheet_spec("a4", "long", language=deck.language)):
        for face in (laid.front, laid.back):
            if face is not None:
                found += [(laid.card.name, op.text, round(r, 2)) for op, _, r in low_contrast(face)]
    assert not found
