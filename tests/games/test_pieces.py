"""Every game's pieces against its seed's component list and its player range: the same numbers, or a
reason printed in the rules' This edition box; and enough for every seat of the largest game.

The seed counts below are read off the seeds (tests/seeds/), each with the words it comes from.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from cli import pnp
from printedrules import box_text, norm

from generator.deck import load_deck

SEED_COUNTS = {
    # "25X Character Cards, 6X Check-up Charts, 66X Coins, 12X Tokens, 18X Game Trackers"
    "a-royal-will": {"character": 25, "chart": 6, "coin": 66, "token": 12, "tracker": 18},
    # "16 types of metal cards, 4 each"
    "aqua-regia": {"metal": 64},
    # the print list: faction 15, court 27, action 5, dagger 5, rule cards 2
    "christina-regina": {"faction": 15, "court": 27, "action": 5, "dagger": 5, "rule": 2},
    # "A normal deck of 52 playing cards with 1 - 3 jokers": aces, face cards, 2-10s
    "royal-lines": {"settler": 4, "colonial": 12, "promise": 36, "joker": 3},
    # the print list: 16 + 14 material cards, Rule cards (2) and Rule card (1)
    "vasa-regalis": {"material": 30, "rule": 3},
}

# What every seat needs, from the seeds: (kind, field whose every value each player needs one of, or None)
SEATS = {
    "a-royal-will": [("chart", None), ("token", "token")],      # a chart; 1 Bust/Won and 1 +1 token each
    "aqua-regia": [("reference", None)],
    "christina-regina": [("action", None), ("faction", "group")],  # an action card; 3 faction cards each
    "royal-lines": [("reference", "title")],                     # Special Recruitments for every seat
    "vasa-regalis": [],
}
# Pieces of a SEATS group the players share, with how many seats one serves (issue 44: Royal Lines' Set-up &
# Players card, overleaf Recruiting, is what the table does together: one between two neighbours)
SHARED = {"royal-lines": {"Set-up & Players": 2}}


def _counts(deck):
    counts = Counter()
    for c in deck.cards:
        counts[c.kind] += c.copies
    return counts


@pytest.mark.parametrize("game", sorted(SEED_COUNTS))
def test_piece_counts_match_the_seed_or_say_why_in_print(built, game):
    deck = load_deck(game)
    counts = _counts(deck)
    box = box_text(built(game))
    pieces = box[box.find(norm("Pieces")):] if norm("Pieces") in box else ""
    for kind, n in counts.items():
        said = SEED_COUNTS[game].get(kind)
        if said == n:
            continue
        title = norm(deck.kinds[kind].title.split()[0])
        assert title in pieces, f"{game}: {n} {kind} printed, the seed says {said}: no reason in This edition's Pieces"
        assert norm(f"{n} printed") in pieces
    for kind, n in SEED_COUNTS[game].items():
        assert counts[kind] >= n, f"{game}: the seed has {n} {kind}, the deck {counts[kind]}"


@pytest.mark.parametrize("game", sorted(SEED_COUNTS))
def test_every_seat_of_the_largest_game_is_served(game):
    deck = load_deck(game)
    top = deck.game.players[1]
    for kind, each in SEATS[game]:
        cards = [c for c in deck.cards if c.kind == kind]
        groups = Counter()
        for c in cards:
            groups[c.fields.get(each) if each else None] += c.copies
        shared = SHARED.get(game, {})
        assert groups and all(n >= -(-top // shared.get(v, 1)) for v, n in groups.items()), \
            f"{game}: {kind} for {top} players: {dict(groups)}"
    proc = pnp("check", game, "--format", "json")
    data = json.loads(proc.stdout)
    assert proc.returncode == 0 and data["ok"] and data["warnings"] == 0, proc.stdout
    assert data["supported_players"] == list(range(deck.game.players[0], top + 1))
