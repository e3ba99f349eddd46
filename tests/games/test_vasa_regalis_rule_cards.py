"""Vasa Regalis playable from its cards. What the rules leave open (how 2 players with two colors
each play and score, what the neutral color of 3 players does) is settled and printed on the rule card it
concerns, not only in the rule pages' This edition box; the examples of Rule Card 2 are on the Captain card;
the card and the rule pages print no doubled bullet; the deck's words keep the rules' American spelling.
(test_vasa_regalis.py reads the same PDF for pages, sizes, duplex and the seed's text on the cards.)
"""
from __future__ import annotations

import pytest

from pdfcheck import all_text, page_sizes, placements, squash, words_in
from printedrules import printed_rules

LEAF = 2


@pytest.fixture(scope="module")
def vasa(built):
    return built("vasa-regalis")


def faces(pdf) -> dict[str, str]:
    """Every rule card face's words, squashed, by its title."""
    out = {}
    for i, page in enumerate(placements(pdf)):
        for p in page:
            text = words_in(pdf, i, p)
            for title in ("Rule Card 1", "Rule Card 2", "Rule Card 3", "Round Summary"):
                if text.startswith(title):
                    out[title] = squash(text)
    return out


def test_the_two_and_three_player_rules_are_on_rule_card_1(vasa):
    card = faces(vasa)["Rule Card 1"]
    assert squash("You win if 1 of your colors wins. This edition: each color plays as a player would, yours "
                  "and theirs in turn.") in card
    assert squash("The 4th color is a neutral player. This edition: it takes no turns; each round's new pile is "
                  "one of its 4.") in card


def test_how_two_and_three_players_score_is_on_rule_card_2(vasa):
    card = faces(vasa)["Rule Card 2"]
    assert squash("This edition: every color is scored as a player. With 2 you win if 1 of your colors wins, "
                  "even if the other is blamed; with 3, no one loses or wins with the neutral color: lowest on the "
                  "highest pile, it leaves no winner.") in card


def test_the_examples_of_rule_card_2_are_on_the_captain_card(vasa):
    """Rule Card 2 keeps the original's captions and points to the example, which the Captain card (the back
    of Rule Card 1) gives in short: the two piles that decide and the two results (the four piles in full on the
    rule pages; issue 57 gave the card's room to this edition's rulings)."""
    found = faces(vasa)
    assert squash("Example (on the Captain card): RED AND BLACK LOSE") in found["Rule Card 2"]
    captain = found["Round Summary"]
    for phrase in ["Round Summary · Captain", "Example (green, red, black, white): A 2+1+1+2 = 6 is lowest: RED "
                   "AND BLACK LOSE. B 1+4+4+4 = 13 is highest: GREEN WINS.",
                   "Pass the Captain card to the left after the round."]:
        assert squash(phrase) in captain, phrase


def test_the_captain_card_lies_behind_rule_card_1(vasa):
    pl = placements(vasa)
    width = page_sizes(vasa)[LEAF][0]
    for i in range(LEAF, len(pl)):
        for p in pl[i]:
            if words_in(vasa, i, p).startswith("Rule Card 1"):
                behind = [q for q in pl[i + 1] if abs(q.x - (width - p.x - p.w)) < 0.5 and abs(q.y - p.y) < 0.5]
                assert len(behind) == 1 and words_in(vasa, i + 1, behind[0]).startswith("Round Summary · Captain")
                return
    raise AssertionError("no Rule Card 1")


def test_rule_card_3_says_it_was_written_for_this_edition_in_its_text(vasa):
    assert squash("Written for this edition: the original card's text is unpublished.") in faces(vasa)["Rule Card 3"]


def test_the_rule_pages_print_the_same_settlements_and_no_doubled_bullet(vasa):
    rules = printed_rules(vasa)
    assert "• ♣" not in rules and "•♣" not in squash(rules)
    text = squash(rules)
    for phrase in ["This edition: each of your colors takes its own turns, as a player would. Seat the four colors "
                   "so that yours and the other player's alternate",
                   "This edition: it takes no turns; each round's new pile is one of its 4.",
                   "This edition: every color is scored as a player."]:
        assert squash(phrase) in text, phrase


def test_one_spelling_in_the_decks_words(vasa):
    """American, as the rules (colors, favor), from the leaf's setup on: the cards, the rule pages and the
    This edition box. (The leaf's cutting notes before it are pnp's words, not the deck's.)"""
    text = all_text(vasa)
    deck_words = text[text.index("Setting up"):].lower()
    assert "colour" not in deck_words and "favour" not in deck_words
    assert "color" in deck_words
