"""The leaf names a kind as its title is written (printout/words.py plural): a title holding a name keeps its
capitals ("1 Harbour Master marker", which read "1 harbour Master marker"); a title in sentence case is a common
noun there ("2 rule cards")."""
from __future__ import annotations

import pytest

from generator.deck.load import load_deck
from generator.printout.words import plural
from smalldeck import DECK, deck


@pytest.mark.parametrize("title, n, said", [
    ("Harbour Master marker", 1, "1 Harbour Master marker"), ("Harbour Master marker", 2, "2 Harbour Master markers"),
    ("Rule Card", 2, "2 Rule Cards"), ("Rule card", 2, "2 rule cards"), ("Joker", 1, "1 joker"),
    ("Settler (ace)", 1, "1 settler (ace)"),
])
def test_a_kind_is_named_as_its_title_is_written(tmp_path, title, n, said):
    loaded = load_deck(deck(tmp_path / "d", DECK.replace("  card:\n    template: front\n",
                                                         f"  card:\n    title: {title}\n    template: front\n")))
    assert plural(loaded, "card", n) == said
