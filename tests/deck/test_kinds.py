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


def test_a_name_pattern_failing_on_a_spreadsheet_card_names_the_cards_row_not_its_place_in_a_list(tmp_path):
    """A card read from a row has no cards[N] of its own to name (cards[0] was the source's entry in deck.yaml)."""
    text = DECK.replace('name: "{title}"', 'name: "{title} {12 // value}"').split("cards:\n")[0]
    folder = deck(tmp_path / "d", text + "cards: {file: cards.csv}\n", **{"cards.csv": "title,value\nOne,1\nNone,0\n"})
    lines = refused(folder)
    assert len(lines) == 1 and "kinds.card.name: {12 // value}: 12 // 0: division by zero, on the card of " \
        f"{folder}/cards.csv:3 and any other card" in lines[0], lines
