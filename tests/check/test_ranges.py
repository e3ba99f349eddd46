"""components.yaml's counts and ranges (check/model.py), bounded before anything is made of them."""
from __future__ import annotations

import pytest

from smalldeck import deck, refused


@pytest.mark.parametrize("components, message", [
    ("players: 2-600000000\ncomponents: [{name: Cards, count: 4}]\n", "is not a player count from 1 to 100"),
    ("components: [{name: Cards, count: 1-99999999999}]\n", "expected a number such as 3"),
    ("components: [{name: Cards, count: 1-20001}]\n", "is not a count from 0 to 20000"),
    ("components: [{name: Cards, count: 4, players: 1-999999999}]\n", "is not a player count from 1 to 100"),
    ("components: [{name: Cards, per_players: {2-600000000: 1}}]\n", "is not a player count from 1 to 100"),
    ("components: [{name: Cards, per_player: 100000000000000000000}]\n", "expected a whole number from 1 to 20000"),
    ("components: [{name: Cards, each: {value: 0-999999999}}]\n", "is not a range from low to high"),
    ("components: [{name: Cards, count: " + "9" * 5000 + "}]\n", "the number is too long"),
])


def test_a_range_in_components_yaml_is_bounded(tmp_path, components, message):
    lines = refused(deck(tmp_path / "d", **{"components.yaml": components}))
    assert len(lines) == 1 and "components.yaml:" in lines[0] and message in lines[0], lines
