"""tests/seeds/ holds copies of the five seeds (../shared/seeds/): each still equals its original."""
from __future__ import annotations

import pytest

from seedtext import GAMES, SEEDS, shared_seeds


def test_every_game_has_its_seed_copy():
    assert sorted(p.stem for p in SEEDS.glob("*.txt")) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_copy_equals_the_shared_seed(game):
    shared = shared_seeds()
    if shared is None:
        pytest.skip("../shared/seeds is not beside this checkout (set PNP_SHARED_SEEDS to compare with a copy "
                    "kept elsewhere); the copies in tests/seeds/ are used as they are")
    assert (SEEDS / f"{game}.txt").read_bytes() == (shared / f"{game}.txt").read_bytes(), \
        f"tests/seeds/{game}.txt differs from {shared / (game + '.txt')}: copy the new seed in (and say so in tests/seeds/README.md)"
