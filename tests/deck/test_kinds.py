"""A kind's `name:` pattern (deck/sections/kinds.py, cards.py): a brace that cannot be read is an error at the
pattern's line (it named no file and no line); an expression that fails on the cards' values is said once, at the
pattern's line, naming the first card, not once a card."""
from __future__ import annotations

import pytest

from smalldeck import DECK, deck, refused


@pytest.mark.parametrize("pattern, said", [
    ("{title", "kinds.card.name: a brace is opened and not closed in '{title'"),
    ("{title +}", "kinds.card.name: {title +} is not an expression pnp can read"),
    ("{title} {value + title}", "kinds.card.name: {value + title}: 1 + 'One': a number and text cannot be added, "
                                "on cards[0] ("),
])
def test_a_name_pattern_that_fails_is_one_line_at_its_line(tmp_path, pattern, said):
    folder = deck(tmp_path / "d", DECK.replace('name: "{title}"', f'name: "{pattern}"'))
    lines = refused(folder)
    assert len(lines) == 1 and lines[0].startswith(f"{folder}/deck.yaml:8") and said in lines[0], lines
