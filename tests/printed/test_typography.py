"""Every shipped game prints with typographic punctuation (generator/text/typography.py), read back from its
PDF: no straight quote or apostrophe and no hyphen with a space on each side anywhere (cards, leaf, rule pages,
This edition box), no "..." or number range with a hyphen; and in pnp's own words (the print leaf) no
number left at a line's end with its unit or noun on the next line.
"""
from __future__ import annotations

import re

import pytest

from pdfcheck import all_text
from rag import rule_lines
from seedtext import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_no_straight_quotes_or_spaced_hyphens(built, game):
    text = all_text(built(game))
    for pattern, what in ((r"[\"']", "a straight quote or apostrophe"), (r"\S - \S", "a spaced hyphen"),
                          (r"\.\.\.", "three full stops for an ellipsis"),
                          (r"(?<![\w.-])\d+-\d+(?![\w-])", "a hyphen in a number range")):
        found = [text[max(0, m.start() - 30):m.end() + 30].replace("\n", " ") for m in re.finditer(pattern, text)]
        assert not found, f"{game}: {what}: {found[:5]}"
    assert "’" in text or "“" in text          # the game's text has quotes or apostrophes, now curly


@pytest.mark.parametrize("game", GAMES)
def test_no_number_parted_from_its_word_in_the_leaf(built, game):
    """A number and the word after it are held together (typography's no-break space); the paragraph breaker parts
    them only where nothing else fits or keeping them would leave a hole (paragraph.TIED), which no shipped leaf
    needs. Read column by column."""
    pdf = built(game)
    lines = rule_lines(pdf, [0, 1])                 # the print leaf's lines, column by column
    parted = [f"page {a.page + 1}: {a.text} / {b.text}" for a, b in zip(lines, lines[1:])
              if a.column == b.column and a.page == b.page and abs(b.top - a.top - b.size * 1.3) < 0.5
              and re.search(r"(?<![\w.,])\d+(?:[.,]\d+)?$", a.text) and re.match(r"[a-z%]", b.text)]
    assert not parted, f"{game}: a number ends a line, its word starts the next: {parted}"
